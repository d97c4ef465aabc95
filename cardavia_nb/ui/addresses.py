"""The addresses one page hands to people on other devices: a class's student link, a room's invite link.

A page tells its kernel its own address (its front end reads ``location``; a preheated kernel has no other way to
know it). The links are built beside it, moved from this machine's loopback to the room's network address in class
mode, and on JupyterHub from the sender's server to each reader's own.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from cardavia_nb.ui.home import PAGES

LOOPBACK = ("127.", "localhost", "::1")
ORIGIN = re.compile(r"https?://[^\s/?#]+(/[^\s?#]*)?")  # a page's address as its front end tells it
HUB_USER = re.compile(r"/user/[^/]+/(?=voila/)")  # a JupyterHub user's server in a page address
MAX_ORIGIN = 500  # characters of a page's address the kernel reads at most


def page_beside(origin: str | None, game: str, query: str) -> str:
    """The game's page beside this one (``origin`` is this page's address, without query or fragment), at its
    table with ``query`` (a class's or a room's code); relative when the address is unknown. On JupyterHub the
    sender's own server (``/user/<name>/``) becomes each reader's (``/hub/user-redirect/``)."""
    tail = f"{PAGES[game]}?tab=table&{query}"
    if not origin:
        return tail
    return f"{HUB_USER.sub('/hub/user-redirect/', origin, count=1).rsplit('/', 1)[0]}/{tail}"


def student_link(origin: str | None, game: str, code: str) -> str:
    """The student link of a class set of ``game`` (``page_beside``)."""
    return page_beside(origin, game, f"class={code}")


def take_origin(value: object, room: str | None) -> str | None:
    """A page's own address as it told it (scheme, host, path), as others reach it (``for_students``); None when
    it is not one."""
    if isinstance(value, str) and len(value) <= MAX_ORIGIN and ORIGIN.fullmatch(value):
        return for_students(value, room)
    return None


def for_students(origin: str, room: str | None) -> str:
    """The page's address as the students' devices reach it: a loopback address (the teacher's page on the
    class machine itself) moved to ``room``, the server's address on the room's network, when it is known."""
    if not room or not loopback(origin):
        return origin
    return room.rstrip("/") + urlsplit(origin).path


def loopback(origin: str | None) -> bool:
    """Whether the page was opened at an address only this machine reaches."""
    host = (urlsplit(origin).hostname or "") if origin else ""
    return host.startswith(LOOPBACK)


__all__ = ["for_students", "loopback", "page_beside", "student_link", "take_origin"]
