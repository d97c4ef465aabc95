"""The browser edition's store: the same door as ``Store`` over rows held in Python's memory, mirrored to
the page, which keeps them in the browser's own storage and hands them back when a page opens.

Python runs in the browser there (Pyodide), with neither SQLAlchemy nor sqlite3, and the page's storage
is the only place that outlives a page. The rows a page hands back are the player's own data, but they
come from the browser, so each is checked like an intent: a malformed row is refused (and counted, for
the page to be told), a well-formed record that no longer replays is the keeper's to say. Like the
database, a row holds the token's hash, never the token.
"""

from __future__ import annotations

import functools
import math
import re
import time
import weakref
from dataclasses import asdict, replace
from datetime import datetime, timezone
from typing import Any, Callable, Iterator

from cardavia_nb.games import REGISTRY
from cardavia_nb.store.rows import LEFT, OUTCOMES, OVER, PLAYING, Saved, check_outcome
from cardavia_nb.store.tokens import token_key

MAX_ROWS = 5000  # rows a page may hand back; the browser's storage (about 5 MB) is full before
MAX_RECORD = 100_000  # characters of one record (a Truco match to 30 is about 3,000)
MAX_COUNT = 100_000  # moves or deals of one game
_KEY = re.compile(r"[0-9a-f]{64}")
_TEXT = re.compile(r"[a-z0-9_]{1,40}")
NONE = {"points": None, "outcome": None}  # the fields that may be None
FIELDS = ("id", "player", *(name for name in Saved.__dataclass_fields__ if name != "id"))

Mirror = Callable[[list[dict[str, Any]], list[int]], None]


def _now() -> datetime:
    """The current time in UTC."""
    return datetime.now(timezone.utc)


def _whole(value: Any, low: int, high: int) -> bool:
    """``value`` is an int (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _time(value: Any) -> datetime:
    """An ISO 8601 time with its offset, in UTC; a ValueError otherwise."""
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError("a time is an ISO 8601 text")
    when = datetime.fromisoformat(value)
    if when.tzinfo is None:
        raise ValueError("a time needs its offset")
    return when.astimezone(timezone.utc)


def _checked(data: Any) -> tuple[str, Saved]:
    """(player key, row) from a row the page kept, or a ValueError saying what is wrong with it.
    A field that may be None may be absent: Pyodide hands the page a None as no field at all. A row kept
    before ``practice`` was named ``class_deal`` (as the database's column, migration 0003) is read as one."""
    if isinstance(data, dict) and "practice" in data and "class_deal" not in data:
        data = {("class_deal" if name == "practice" else name): value for name, value in data.items()}
    if not isinstance(data, dict) or set({**NONE, **data}) != set(FIELDS):
        raise ValueError(f"a kept game has exactly the fields {', '.join(FIELDS)}")
    data = {**NONE, **data}
    points = data["points"]
    checks = {
        "id": _whole(data["id"], 1, 2**53 - 1),
        "player": isinstance(data["player"], str) and _KEY.fullmatch(data["player"]),
        "game": data["game"] in REGISTRY,
        "level": isinstance(data["level"], str) and _TEXT.fullmatch(data["level"]),
        "seat": _whole(data["seat"], 0, 9),
        "status": data["status"] in (PLAYING, OVER, LEFT),
        "class_deal": isinstance(data["class_deal"], bool),
        "record": isinstance(data["record"], str) and len(data["record"]) <= MAX_RECORD,
        "moves": _whole(data["moves"], 0, MAX_COUNT),
        "deals": _whole(data["deals"], 0, MAX_COUNT),
        "points": points is None or (isinstance(points, (int, float)) and not isinstance(points, bool)
                                     and math.isfinite(points)),
        "outcome": data["outcome"] is None or data["outcome"] in OUTCOMES,
    }
    wrong = [name for name, ok in checks.items() if not ok]
    if wrong:
        raise ValueError(f"a kept game has a bad {', '.join(wrong)}")
    values = {name: data[name] for name in FIELDS if name != "player"}
    values.update(started=_time(data["started"]), updated=_time(data["updated"]))
    return data["player"], Saved(**values)


def page_row(key: str, saved: Saved) -> dict[str, Any]:
    """A row as the page keeps it: plain JSON, times as ISO 8601 texts, the token's hash as ``player``."""
    values = asdict(saved)
    return {**values, "player": key, "started": saved.started.isoformat(), "updated": saved.updated.isoformat()}


class PageStore:
    """Games in progress and history held in memory for one page's Python and mirrored to the page."""

    def __init__(self) -> None:
        self._rows: dict[int, tuple[str, Saved]] = {}  # id -> (player key, row)
        self._mirrors: list[weakref.WeakMethod] = []

    # --- the page's side ----------------------------------------------------------------------
    def mirror(self, callback: Mirror) -> None:
        """Call ``callback(kept rows, ids gone)`` after every change; a method, held weakly."""
        if not any(ref() == callback for ref in self._mirrors):
            self._mirrors.append(weakref.WeakMethod(callback))

    def _tell(self, kept: list[int], gone: list[int]) -> None:
        """Hand the changed rows (by id) and the deleted ids to every mirror."""
        rows = [page_row(*self._rows[n]) for n in kept]
        for ref in list(self._mirrors):
            call = ref()
            if call is not None:
                call(rows, gone)

    def load(self, rows: Any) -> int:
        """Take the rows the page kept; returns how many were refused (malformed, or beyond MAX_ROWS).
        A row already held is replaced only by a newer one."""
        if not isinstance(rows, list):
            return 0 if rows is None else 1
        refused = max(0, len(rows) - MAX_ROWS)
        for data in rows[:MAX_ROWS]:
            try:
                key, saved = _checked(data)
            except (ValueError, TypeError):
                refused += 1
                continue
            held = self._rows.get(saved.id)
            if held is None or held[1].updated < saved.updated:
                self._rows[saved.id] = (key, saved)
        return refused

    # --- writing ----------------------------------------------------------------------------
    def save(self, token: str, game: str, record: str, *, level: str, seat: int, moves: int, deals: int,
             game_id: int | None = None, over: bool = False, points: float | None = None,
             outcome: str | None = None, class_deal: bool = False) -> int:
        """Keep a game's record after a move, as ``Store.save`` does; the page is handed the rows changed."""
        check_outcome(outcome)
        key, now = token_key(token), _now()
        values = dict(record=record, moves=moves, deals=deals, updated=now, status=OVER if over else PLAYING,
                      points=points if over else None, outcome=outcome if over else None)
        if game_id is not None:
            held = self._rows.get(game_id)
            if held is None or held[0] != key or held[1].status != PLAYING:
                raise LookupError("no such game in progress for this token")
            self._rows[game_id] = (key, replace(held[1], **values))
            self._tell([game_id], [])
            return game_id
        left = [n for n, (k, s) in self._rows.items()
                if k == key and s.game == game and s.status == PLAYING and s.class_deal == class_deal]
        for n in left:
            self._rows[n] = (key, replace(self._rows[n][1], status=LEFT, updated=now))
        # ids grow with the clock, so two pages of one browser saving at once do not take the same id
        new = max(max(self._rows, default=0) + 1, time.time_ns() // 1_000_000)
        self._rows[new] = (key, Saved(id=new, game=game, level=level, seat=seat, class_deal=class_deal, started=now,
                                      **values))
        self._tell([*left, new], [])
        return new

    def delete_all(self, token: str) -> int:
        """Delete every game of ``token``; returns how many went (the page forgets them too)."""
        key = token_key(token)
        gone = [n for n, (k, _) in self._rows.items() if k == key]
        for n in gone:
            del self._rows[n]
        self._tell([], gone)
        return len(gone)

    # --- reading ----------------------------------------------------------------------------
    def _mine(self, token: str, keep: Callable[[Saved], bool], newest_first: bool = True) -> list[Saved]:
        """The token's games for which ``keep`` is true, in the SQL store's order."""
        key = token_key(token)
        rows = [s for k, s in self._rows.values() if k == key and keep(s)]
        if newest_first:
            return sorted(rows, key=lambda s: (s.updated, s.id), reverse=True)
        return sorted(rows, key=lambda s: s.id)

    def in_progress(self, token: str, game: str) -> Saved | None:
        """The token's unfinished game of this name (the newest, not a class deal: ``last_class_deal``), or None."""
        found = self._mine(token, lambda s: s.game == game and s.status == PLAYING and not s.class_deal)
        return found[0] if found else None

    def last_class_deal(self, token: str, game: str) -> Saved | None:
        """The token's newest class deal of this name, in progress or finished (not left), or None."""
        found = self._mine(token, lambda s: s.game == game and s.status in (PLAYING, OVER) and s.class_deal)
        return found[0] if found else None

    def elsewhere(self, token: str, game: str) -> Saved | None:
        """The token's newest game in progress of another name than ``game`` (its own page resumes it), or None."""
        found = self._mine(token, lambda s: s.game != game and s.status == PLAYING and not s.class_deal)
        return found[0] if found else None

    def get(self, token: str, game_id: int) -> Saved | None:
        """One of the token's games by id; another token's game is simply not found."""
        found = self._mine(token, lambda s: s.id == game_id)
        return found[0] if found else None

    def recent(self, token: str, limit: int | None = 10) -> list[Saved]:
        """The token's last finished games (class deals excluded), newest first; every one with ``limit=None``."""
        return self._mine(token, lambda s: s.status == OVER and not s.class_deal)[:limit]

    def unfinished(self, token: str) -> list[Saved]:
        """The token's games that were not finished (in progress or left), newest first: never counted."""
        return self._mine(token, lambda s: s.status in (PLAYING, LEFT) and not s.class_deal)

    def tally(self, token: str) -> list[dict[str, Any]]:
        """Per game and level: finished games, won, lost, drawn, deals and points per deal."""
        groups: dict[tuple[str, str], list[Saved]] = {}
        for s in self._mine(token, lambda s: s.status == OVER and not s.class_deal):
            groups.setdefault((s.game, s.level), []).append(s)
        out = []
        for (game, level), rows in sorted(groups.items()):
            won = sum(s.outcome == "won" for s in rows)
            lost = sum(s.outcome == "lost" for s in rows)
            deals = sum(s.deals for s in rows)
            points = sum(s.points or 0.0 for s in rows)
            out.append({"game": game, "level": level, "played": len(rows), "won": won, "lost": lost,
                        "drawn": len(rows) - won - lost, "deals": deals,
                        "points_per_deal": points / deals if deals else 0.0})
        return out

    def records(self, token: str) -> Iterator[str]:
        """Every record of the token, oldest first, for the kernel only (what may leave for a page is
        ``ui.disclosure``'s to decide)."""
        for saved in self._mine(token, lambda s: True, newest_first=False):
            yield saved.record


def browser_edition() -> bool:
    """True where the database's libraries are absent: this Python runs in a browser (Pyodide) and keeps
    its games in the page."""
    try:
        import sqlalchemy  # noqa: F401
    except ImportError:
        return True
    return False


@functools.cache
def page_store() -> PageStore:
    """The one store of this page's Python, made on first use."""
    return PageStore()
