"""Game records: everything that lasts of a game, as JSON that replays to the identical state.

A record holds the game and its options, the seed, the explicit deal (``setup``: every seat's hand,
the chien, dealer, scores ... as ``Game.new`` takes them: a shuffle that changes never changes a
recorded deal; from version 3 on, every deal the game dealt, such as a Tarot deal dealt again after four
passes or each deal of a Truco match), the engine version that played it, who sat at each seat (human, a
computer level or a bot, with its seed), every move, and the result. Version 1 records (no players, engine
or result) and version 2 records (their later deals come from the seed) are still read. A bad record is
refused with a ``RecordError`` whose sentence exists in every language of the package.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from cardavia_nb import __version__
from cardavia_nb.core.game import Game, IllegalAction, jsonable
from cardavia_nb.core.rng import check_seed
from cardavia_nb.core.text import Msg

FORMAT = "cardavia-record/3"
READS = ("cardavia-record/1", "cardavia-record/2", FORMAT)
MAX_BYTES = 100_000  # twice the longest real record: a Truco match of its most moves, each of the longest id
_VERSION = re.compile(r"cardavia-record/(\d+)")


class RecordError(ValueError):
    """A record that is malformed, of another game or version, or holds a move that is not legal."""

    def __init__(self, msg: Msg):
        """The reason as a message; ``str()`` is its English sentence."""
        self.msg = msg
        super().__init__(msg.text("en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return self.msg.text(lang)


def _error(key: str, **params: Any) -> RecordError:
    """A RecordError with the catalog sentence ``record.<key>``."""
    return RecordError(Msg.of(f"record.{key}", **params))


@dataclass(frozen=True)
class SeatPlayer:
    """Who played one seat: ``kind`` is "human", a computer level ("low", "high", "random") or
    "bot"; a computer's ``seed`` makes its every decision reproducible; ``name`` labels it."""

    kind: str
    seed: int | None = None
    name: str = ""


@dataclass(frozen=True)
class Record:
    """Everything needed to reproduce a game exactly; the unit of saving, reviewing and sharing a deal."""

    game: str
    seed: int
    actions: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] | None = None
    players: tuple[SeatPlayer, ...] = ()
    engine: str = __version__
    result: dict[str, Any] | None = None

    def to_json(self) -> str:
        """The record as a JSON text (stable key order), in the newest format."""
        data = {
            "format": FORMAT, "game": self.game, "engine": self.engine, "options": self.options,
            "seed": self.seed, "setup": self.setup, "players": [jsonable(p) for p in self.players],
            "actions": list(self.actions), "result": self.result,
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Record":
        """Parse a record, saying in words what is wrong with one that is not right."""
        if len(text) > MAX_BYTES:
            raise _error("too_big", size=len(text))
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise _error("not_json") from None
        if not isinstance(data, dict) or data.get("format") not in READS:
            found = _VERSION.fullmatch(str(data.get("format"))) if isinstance(data, dict) else None
            if found and int(found.group(1)) > int(FORMAT.rsplit("/", 1)[1]):
                raise _error("newer")
            raise _error("not_record")
        return cls._checked(data)

    @classmethod
    def _checked(cls, data: dict[str, Any]) -> "Record":
        """A Record from parsed JSON whose every field has the right type."""
        game, actions = data.get("game"), data.get("actions")
        options, setup, result = data.get("options", {}), data.get("setup"), data.get("result")
        if not isinstance(game, str):
            raise _error("no_game")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise _error("bad_actions")
        if not isinstance(options, dict) or not all(v is None or isinstance(v, dict) for v in (setup, result)):
            raise _error("bad_objects")
        try:
            seed = check_seed(data.get("seed"))
        except ValueError:
            raise _error("bad_seed") from None
        players = tuple(_seat_player(p) for p in _list(data.get("players", [])))
        engine = data.get("engine", "")
        if not isinstance(engine, str):
            raise _error("bad_objects")
        return cls(game, seed, tuple(actions), options, setup, players, engine, result)


def _check_bounds(game: Game, record: Record) -> None:
    """Refuse ``record`` when it holds more moves or cancelled deals than any real game of ``game`` (each game
    states its own worst case): before a single move is replayed, so a forged record never takes a kernel."""
    title = Msg.of(f"games.{game.name}.title")
    if len(record.actions) > game.max_moves:
        raise _error("too_long", moves=len(record.actions), game=title, most=game.max_moves)
    cancelled = game.redeals(record.actions)
    if cancelled > game.max_redeals:
        raise _error("too_many_redeals", deals=cancelled, game=title, most=game.max_redeals)


def _list(value: Any) -> list:
    """``value`` if it is a list, else the players' error."""
    if not isinstance(value, list):
        raise _error("bad_players")
    return value


def _seat_player(value: Any) -> SeatPlayer:
    """One seat's player from JSON: a kind, an optional seed and an optional short name."""
    if not isinstance(value, dict) or set(value) - {"kind", "seed", "name"}:
        raise _error("bad_players")
    kind, seed, name = value.get("kind"), value.get("seed"), value.get("name", "")
    if not isinstance(kind, str) or not isinstance(name, str) or not 0 < len(kind) <= 40 or len(name) > 80:
        raise _error("bad_players")
    try:
        return SeatPlayer(kind, None if seed is None else check_seed(seed), name)
    except ValueError:
        raise _error("bad_players") from None


def result_data(game: Game, state: Any) -> dict[str, Any] | None:
    """What a record keeps of the end: payoffs and winners (None while the game goes on)."""
    result = game.result(state)
    if result is None:
        return None
    return {"payoffs": list(result.payoffs), "winners": list(result.winners)}


def seat_outcome(result: dict[str, Any] | None, seat: int, seats: int) -> tuple[float | None, str | None]:
    """The seat's payoff and "won", "lost" or "drawn" in a record's ``result`` (``result_data``) among ``seats``
    players; (None, None) before the end."""
    if result is None:
        return None, None
    winners = set(result.get("winners", ()))
    points = float(result["payoffs"][seat])
    if seat not in winners:
        return points, "lost"
    return points, "drawn" if len(winners) == seats else "won"


def replayed(game: Game, record: Record, upto: int | None = None) -> Iterator[Any]:
    """The record's deal under ``game``, then the state after each of its first ``upto`` actions (all by
    default): the one replay of recorded moves, each refused in words (a RecordError) when it is not legal."""
    if record.game != game.name:
        raise _error("other_game", game=record.game, expected=game.name)
    if record.options != game.options:
        raise _error("other_options")
    _check_bounds(game, record)
    try:
        state = game.new(record.seed, **(record.setup or {}))
    except (TypeError, ValueError):
        raise _error("bad_deal") from None
    yield state
    for step, action_id in enumerate(record.actions[:upto], start=1):
        try:
            state = game.apply(state, action_id)
        except IllegalAction as err:
            raise _error("illegal_move", step=step, move=action_id, reason=err.msg) from None
        yield state


def replay(game: Game, record: Record, upto: int | None = None) -> Any:
    """The state after the record's first ``upto`` actions (all by default) under ``game``; a whole
    replay must also give the result the record states, if it states one."""
    for state in replayed(game, record, upto):
        pass
    if upto is None and record.result is not None and record.result != result_data(game, state):
        raise _error("result_differs")
    return state
