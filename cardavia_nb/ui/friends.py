"""Play with friends: the panel under a game page's table that makes a room and seats the table in it.

*Play with friends* makes a room of the table's game, its computers at the table's level, and sits this page at
its first seat; the panel then shows the invite link (this page's address with ``room=CODE``) and its QR code,
every person's seat (here, away, free) and, for the room's creator, *Start*. A page whose address has
``?room=CODE`` tells the code (the front end reads it: a preheated kernel has no query string) and, with the
page's player token as its seat token, takes its seat: a reload, or a second page of the same browser, comes back
to the same seat. From then on the table is that seat's view of the room's session (``Table.sit``): the room
writes and hears the moves (``rooms.RoomPlay``), and the table draws them. On a person's turn while their page is
away, the others see how long before a computer plays for them. A store that fails or is missing leaves the table
as it was and the panel says rooms cannot be opened; the static site, with no shared server, shows no panel.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any, Callable, Mapping, Sequence

import traitlets

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.store.browser import browser_edition
from cardavia_nb.store.errors import Refused
from cardavia_nb.store.location import ROOM_ENV
from cardavia_nb.store.seating import table_sizes
from cardavia_nb.ui.assets import module
from cardavia_nb.ui.background import kernel_loop
from cardavia_nb.ui.classroom.qr import qr_svg
from cardavia_nb.ui.addresses import page_beside, take_origin
from cardavia_nb.ui.history.keeper import panel_store
from cardavia_nb.ui.panel import Panel, buttons, image, link, md, note, table
from cardavia_nb.ui.table.companion import Companion

log = logging.getLogger("cardavia_nb.ui.friends")
MAX_CODE = 200  # characters of a room code the kernel reads at most
GONE = 12.0  # seconds without the page's sign of life (one every 4 s: friends.js) before it counts as gone


class Friends(Panel, Companion):
    """``Friends(table, keeper=keeper)`` under a game page's table: a room made or joined here, and its seats."""

    _esm = module("friends.js")
    seated = traitlets.Bool(False).tag(sync=True)  # this page holds a room's seat: it gives signs of life

    def __init__(self, table: Any, *, keeper: Any = None, store: Any = None,
                 environ: Mapping[str, str] | None = None, post: Callable[[Callable[[], None]], Any] | None = None,
                 free_play: Sequence[Any] = (), **kwargs: Any):
        """Follow ``table`` (its keeper's store, else ``store``, else the kernel's shared store); ``environ`` gives
        the room's address in class mode (``ROOM_ENV``), as for the class board's link; ``post(work)`` runs the
        room's moves heard from other kernels where the page's intents run (default: the kernel's event loop);
        ``free_play``: widgets about playing on one's own against the computer, hidden while in a room."""
        self.table, self._keeper, self._store = table, keeper, store
        self.free_play = tuple(free_play)
        self._post = post or kernel_loop()
        self._environ = os.environ if environ is None else environ
        self.origin: str | None = None  # this page's address, as the invite link is built beside it
        self.token: str | None = None
        self.asked: str | None = None  # a room code the page gave before its token came
        self.play: Any = None  # the room's RoomPlay once this page holds a seat
        self.code: str | None = None
        self.problem: Msg | None = None  # why the room cannot be made or joined
        self.beat = time.monotonic()  # the page's last sign of life (it sends one every few seconds)
        super().__init__(settings=table.settings, **kwargs)
        table.attach(self)
        self.settings.on_token(self._on_token)

    @property
    def store(self) -> Any:
        """The store rooms are kept in; None where there is none (the browser edition keeps no room)."""
        found = panel_store(self._keeper, self._store)
        return None if found is None or browser_edition() else found

    # --- what the page sends -----------------------------------------------------------------------
    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """The page's room code, address and signs of life, then the panel's own intents (checked by ``Panel``)."""
        kind = content.get("type") if isinstance(content, dict) else None
        value = content.get("value") if isinstance(content, dict) else None
        if kind == "room":
            self.notice = ""
            if isinstance(value, str) and 0 < len(value) <= MAX_CODE:
                self.asked = value
                self._join_asked()
            else:
                self.problem = Msg.of("store.room.unknown")
            self.refresh()
        elif kind == "beat":
            self.beat = time.monotonic()
        elif kind == "origin":
            origin = take_origin(value, self._environ.get(ROOM_ENV))
            if origin is None:
                self.notice = i18n.translate("ui.panel.bad_message", self.lang)
            else:
                self.origin = origin
                self.refresh()
        else:
            super()._on_msg(widget, content, buffers)

    def handle(self, intent: str, content: dict) -> None:
        """``room-create``, ``room-start`` and ``room-again``; anything else changes nothing. A refusal is said in
        the notice."""
        press = content.get("id") if intent == "press" else None
        if press in ("room-create", "room-start", "room-again"):
            self.problem = None  # what the last attempt met is not this one's
        try:
            if press == "room-create":
                self._create()
            elif press == "room-start":
                self._start()
            elif press == "room-again":
                self._again()
        except Refused as refusal:
            self.notice = refusal.msg.text(self.lang)

    def _on_token(self, token: str, reason: str | None) -> None:
        """The page's player token, which is its seat token too; a page that told a room code joins it now."""
        if self.play is not None and token != self.token:
            return  # the seat stays with the token it was taken with: a new token is a new player, not this seat
        self.token = token
        self._join_asked()
        self.refresh()

    # --- the room -------------------------------------------------------------------------------
    def _create(self) -> None:
        """Make a room of the table's game, every seat a person's until the start, and sit here at its first."""
        if self.play is not None:
            raise Refused(Msg.of("rooms.already"))
        if self.store is None or self.token is None:
            self.problem = Msg.of("rooms.no_store")
            return
        from cardavia_nb.store.rooms import create_room  # needs SQLAlchemy, which a store has

        game = self.table.game
        people = table_sizes(game.name)[-1]
        code = self._safely(create_room, self.store, game.name, dict(game.options), people, self.table.level)
        if code is not None:
            self._join(code)

    def _join_asked(self) -> None:
        """Take the seat of the room the page's address names, once both its code and its token are here."""
        if self.asked is not None and self.token is not None and self.play is None:
            code, self.asked = self.asked, None
            if self.store is None:
                self.problem = Msg.of("rooms.no_store")
            else:
                self._join(code)

    def _join(self, code: str) -> None:
        """Sit this page at its seat of the room ``code`` (refused in words: an unknown code, a full room)."""
        from cardavia_nb.rooms import RoomPlay  # needs SQLAlchemy, which a store has

        self.beat = time.monotonic()
        play = self._safely(RoomPlay, self.store, code, self.token, moved=self._heard, post=self._post,
                            alive=self.here)
        if play is None:
            return
        self.play, self.code, self.problem, self.seated = play, code, None, True
        self.table.sit(play.session, play.seat)

    def _again(self) -> None:
        """The same table again once the game is over: the next room, with the same people in the same seats
        (the room tells this panel of it, which follows it there: ``_heard``)."""
        if self.play is not None and self.play.session.to_act is None:
            self._safely(self.play.again)

    def _follow(self) -> None:
        """Leave the room whose game is over for the one after it at the same table (``RoomPlay.next``)."""
        old, code = self.play, self.play.next
        old.close()
        self.play = None
        self._join(code)
        if self.play is None:  # the next room could not be joined: the ended game stays on the table
            self.play = old

    def here(self) -> bool:
        """Whether the page gave a sign of life lately (a closed page gives none, though its kernel runs on)."""
        return time.monotonic() - self.beat <= GONE

    def _start(self) -> None:
        """The creator starts the game: the seats nobody took get computers, which play up to a person's turn."""
        if self.play is None:
            return
        if self.play.seat != 0:
            raise Refused(Msg.of("rooms.creator_starts"))
        self._safely(self.play.start)

    def _safely(self, work: Any, *args: Any, **kwargs: Any) -> Any:
        """``work(...)``; a room's refusal is the panel's problem in words, and a store that fails, whatever it
        raises, says rooms cannot be reached now (logged), leaving the table as it was. None then."""
        try:
            return work(*args, **kwargs)
        except Refused as refusal:
            self.problem = refusal.msg
        except Exception as err:  # noqa: BLE001 - a failing store must never stop the page
            log.warning("rooms: %s failed: %r", getattr(work, "__name__", "a room call"), err)
            self.problem = Msg.of("rooms.no_store")
        return None

    def _heard(self, moments: list) -> None:
        """The room moved or changed (who is there, the start, a countdown, the seat taken over by another page:
        then this page gives no more signs of life): draw the panel again."""
        if self.play is not None and self.play.taken_over:
            self.seated = False
        elif self.play is not None and self.play.next is not None and self.play.next != self.code:
            self._follow()  # another person asked for the same table again: this page follows
        self.refresh()

    # --- what the page shows ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the panel; while this page holds a room's seat, the words about playing on one's own are hidden
        (the class panel hides them by the same rule: a table several people share)."""
        for widget in self.free_play:
            widget.layout.display = "none" if self.seated else None
        super().refresh()

    def render(self, lang: str) -> list[dict]:
        """The panel in ``lang``: nothing without a store; else *Play with friends*, or the room's link and seats."""
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
        if self.store is None and self.play is None:
            return []
        out = [md(f"## {t('rooms.title')}")]
        if self.problem is not None:
            out.append(note(self.problem.text(lang), "bad"))
        play = self.play
        if play is None:
            level = t(f"ui.level.{self.table.level}")
            return [*out, md(t("rooms.intro", level=level)), buttons([("room-create", t("rooms.create"))], named=True)]
        if play.taken_over:
            return [*out, note(i18n.translate("store.room.taken_over", lang), "bad")]
        room = play.room
        if room.started is None:
            href = page_beside(self.origin, play.game.name, f"room={self.code}")
            out += [link(href, t("rooms.link"), "room-link")]
            if self.origin:
                out.append(image(qr_svg(href), t("rooms.qr_alt")))
        out.append(seats_table(play, lang))
        if room.started is None:
            if play.seat == 0:
                return [*out, md(t("rooms.start_text", level=t(f"ui.level.{room.level}"))),
                        buttons([("room-start", t("rooms.start"))], named=True)]
            return [*out, note(t("rooms.waiting"))]
        if play.session.to_act is None:
            return [*out, buttons([("room-again", t("rooms.again"))], named=True)]
        due = play.helped_in()
        if due is not None:
            name = str(i18n.seat_name(play.session.to_act, lang, reader=reader(play)))
            out.append(note(t("rooms.helped_in", name=name, n=int(due)), "info"))
        return out


def reader(play: Any) -> i18n.Reader:
    """This person at the room's table, among the others (``i18n.seat_name`` names them as the table does)."""
    return i18n.Reader(play.seat, play.session.humans)


def seats_table(play: Any, lang: str) -> dict:
    """Every seat of the room: who sits there (you, a person, a computer at the room's level) and whether a
    person's page is here, away, or the seat is still free."""
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    states = play.presence()[0]
    rows = []
    for seat in range(play.game.num_players):
        if seat < len(states):
            rows.append([str(i18n.seat_name(seat, lang, reader=reader(play))), t(f"rooms.{states[seat]}")])
        else:
            rows.append([t("rooms.computer", level=t(f"ui.level.{play.room.level}")), ""])
    return table([t("rooms.who"), t("rooms.where")], rows)


__all__ = ["Friends", "seats_table"]
