"""A person's table in a room: the room's session (``rooms.RoomPlay``) drawn at the seat the page's token holds.

The table is the one every game uses, sat at a person's seat of a shared session: it shows that seat's view only,
sends that person's moves (written to the room before they count), and draws the other people's and the
computers' moves as they are heard. In a kernel those are applied on the kernel's event loop, where the page's
intents are handled too, so the session and its table never change from two threads at once.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from cardavia_nb.rooms import RoomPlay
from cardavia_nb.ui.table import Table


def kernel_loop() -> Callable[[Callable[[], None]], Any] | None:
    """How to run work on the running event loop (a kernel's), from any thread; None where none runs."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_soon_threadsafe


def room_table(store: Any, code: str, token: str, *, post: Callable[[Callable[[], None]], Any] | None = None,
               **options: Any) -> Table:
    """The table of the seat ``token`` holds in the room ``code`` (its seat, or the next free one: a full room or
    an unknown code is refused in words); ``options`` go to the ``Table``. ``table.room`` is the room's play."""
    room = RoomPlay(store, code, token, post=post or kernel_loop())
    try:
        table = Table(room.game, session=room.session, seat=room.seat, **options)
    except Exception:
        room.close()
        raise
    table.room = room
    return table


__all__ = ["kernel_loop", "room_table"]
