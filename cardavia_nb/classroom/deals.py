"""A class set's deals without a database: its codes, its cards, its computer players, and the check that
a finished deal's record is really that deal played by those players (the score is computed here, never read).

A server set's cards come from a seed kept in the store; an open set's code alone determines them, so a
class without a shared server (Binder, the static site) deals the same cards everywhere.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cardavia_nb.core.game import Game, IllegalAction
from cardavia_nb.core.record import Record, RecordError, SeatPlayer, replayed, result_data
from cardavia_nb.core.rng import derive
from cardavia_nb.core.text import Msg
from cardavia_nb.games import REGISTRY, get
from cardavia_nb.players.seats import HUMAN, computer, walk
from cardavia_nb.store.errors import Refused

MAX_DEALS = 12
SET_LEVELS = ("low", "high")  # the levels a table offers
KINDS = ("server", "open")
MAX_NAME = 40
MAX_KEY = 160  # a name written out in full (NFKC: U+FDFA alone is 18 characters), and its key (classroom.names)
FIRST_DECISIONS = 3
_NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # controls, format marks (bidi overrides), unassigned
_JOINERS = "\u200c\u200d"  # zero-width (non-)joiners: part of how Persian, Indic scripts and emoji are written
_SECRET = re.compile(r"[A-Za-z0-9_-]{22}")


class ClassError(Refused):
    """A class request refused: a wrong code, a taken name, a record that is not the set's deal ..."""


def refused(key: str, **params: Any) -> ClassError:
    """A ClassError with the catalog sentence ``classes.<key>``."""
    return ClassError(Msg.of(f"classes.{key}", **params))


@dataclass(frozen=True)
class ClassSet:
    """One set of deals (kernel side only: ``seed`` deals its cards and must never reach a page)."""

    id: int | None  # None for an open set this store does not hold
    code: str
    game: str
    level: str
    deals: int
    kind: str  # "server" or "open"
    seed: int = field(repr=False)
    closed: bool = False
    created: datetime | None = None


def check_set(game: str, level: str, deals: int, kind: str = "server") -> None:
    """Refuse in words a set of an unknown game or level, of 0 or more than MAX_DEALS deals, of an unknown kind."""
    if game not in REGISTRY:
        raise refused("bad_game")
    if level not in SET_LEVELS:
        raise refused("bad_level")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise refused("bad_deals", most=MAX_DEALS)
    if kind not in KINDS:
        raise refused("bad_kind")


def open_code(game: str, level: str, deals: int) -> str:
    """A new open code, ``game.level.deals.secret``: whoever holds it deals the same set."""
    check_set(game, level, deals, "open")
    return f"{game}.{level}.{deals}.{secrets.token_urlsafe(16)}"


def parse_open(code: Any) -> ClassSet | None:
    """The set an open code stands for (id None), or None when ``code`` is not an open code."""
    parts = code.split(".") if isinstance(code, str) and len(code) <= 120 else []
    if len(parts) != 4 or not _SECRET.fullmatch(parts[3]) or not parts[2].isdigit() or parts[2] != str(int(parts[2])):
        return None
    game, level, deals = parts[0], parts[1], int(parts[2])
    try:
        check_set(game, level, deals, "open")
    except ClassError:
        return None
    return ClassSet(None, code, game, level, deals, "open", derive("class-open", code))


def deal_seed(cls: ClassSet, index: int) -> int:
    """The seed of deal ``index`` (0-based) of the set."""
    return derive("class-deal", cls.seed, index)


def set_deal(game: Game, cls: ClassSet, index: int) -> Any:
    """The engine state at the start of deal ``index`` (a Truco deal from 0-0: the class plays deals)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < cls.deals:
        raise refused("bad_deal", deals=cls.deals)
    return game.new(deal_seed(cls, index))


def set_players(cls: ClassSet, index: int) -> list[Any]:
    """The players of deal ``index``: None at seat 0 (the student), the set's level at the other seats,
    each seeded from the set and the deal so that every student meets the very same opponents."""
    return [None] + [computer(cls.game, cls.level, derive("class-seat", cls.seed, index, seat))
                     for seat in range(1, get(cls.game).num_players)]


def check_name(name: Any) -> str:
    """A display name as kept: stripped, 1–40 characters of any script, no control characters, and at most
    MAX_KEY once written out in full (the store's key of a name is that long at most)."""
    if not isinstance(name, str):
        raise refused("bad_name", most=MAX_NAME)
    kept = unicodedata.normalize("NFC", name).strip()
    categories = [unicodedata.category(c) for c in kept if c not in _JOINERS]
    visible = any(category[0] in "LNPS" for category in categories)
    if not 1 <= len(kept) <= MAX_NAME or not visible or any(category in _NOT_IN_NAMES for category in categories):
        raise refused("bad_name", most=MAX_NAME)
    if len(unicodedata.normalize("NFKC", kept)) > MAX_KEY:
        raise refused("name_too_long")
    return kept


def finite(value: Any) -> bool:
    """Whether ``value`` is a real, finite number (not a bool, a text, NaN or an infinity)."""
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


@dataclass(frozen=True)
class Played:
    """A finished set deal as the store replayed it: the record it keeps, the score and the student's decisions."""

    record: Record
    score: float
    first: tuple[str, ...]  # the move ids of the student's first decisions
    steps: tuple[int, ...]  # the record indexes of every decision of the student


def _same(a: Any, b: Any) -> bool:
    """Whether two JSON-like values are equal as JSON (tuples and lists alike)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def played(cls: ClassSet, index: int, record: Record) -> Played:
    """Replay ``record`` as deal ``index`` of the set: the set's cards, the student at seat 0, the set's
    computer players asked again at every one of their decisions; the deal must end with its last move.
    Anything else is a ClassError in words."""
    game = get(cls.game)
    start = set_deal(game, cls, index)
    setup = game.deal_setup(start)
    if record.game != cls.game or record.options != game.options:
        raise refused("other_game")
    if record.seed != deal_seed(cls, index) or (record.setup is not None
                                                and not _same(game.first_deal(record.setup), setup)):
        raise refused("other_deal", deal=index + 1)
    players = set_players(cls, index)
    seats = (SeatPlayer(HUMAN),) + tuple(SeatPlayer(cls.level, p.seed, p.name) for p in players[1:])
    if [(p.kind, p.seed) for p in record.players] != [(p.kind, p.seed) for p in seats]:
        raise refused("other_players")
    canonical = Record(cls.game, record.seed, record.actions, dict(game.options), setup, seats)
    try:
        final = walk(game, canonical, players)
    except (RecordError, IllegalAction) as err:  # a computer's move it would not play, or an illegal move
        raise refused("bad_moves", deal=index + 1, reason=err.msg) from None
    if not game.deal_over(final) or (game.match and final.deal_no != start.deal_no):
        raise refused("not_over")
    result = result_data(game, final)
    if record.result is not None and record.result != result:
        raise refused("result_differs")
    steps = [step for step, state in enumerate(replayed(game, canonical))
             if step < len(record.actions) and state.to_act == 0]
    dealt = game.played_setup(start, final)  # every deal it dealt: Tarot's after four passes too
    return Played(Record(cls.game, record.seed, record.actions, dict(game.options), dealt, seats, result=result),
                  game.deal_score(final, 0), tuple(record.actions[s] for s in steps[:FIRST_DECISIONS]),
                  tuple(steps))
