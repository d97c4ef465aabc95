"""Who sits at each seat of a record, and bringing the computer players back exactly as they played.

A computer player's decisions are a function of its seed, its views and the moves so far: a record
names each seat's kind and seed, so the same players can be rebuilt and walked through the recorded
moves (each computer decision is asked again and must be the recorded move). That is what lets a
player take a deal over from any move, or resume a game, against the very same opponents.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterator, Sequence

from cardavia_nb.core.game import Game
from cardavia_nb.core.record import Record, RecordError, SeatPlayer, replayed
from cardavia_nb.core.text import Msg
from cardavia_nb.games import kit
from cardavia_nb.players.base import RandomPlayer

HUMAN = "human"
LEVELS = ("random", "low", "high")


def computer(game: str, kind: str, seed: int) -> Any:
    """A fresh computer player of ``game`` at level ``kind`` ("random", "low", "high") with ``seed``."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind not in LEVELS:
        raise ValueError(f"There is no computer level {kind!r}; the levels are {', '.join(LEVELS)}.")
    found = kit(game)
    module = found.part(found.players)
    return {"low": module.LowPlayer, "high": module.HighPlayer}[kind](seed=seed)


def seat_of(game: str, player: Any) -> SeatPlayer:
    """How a record names ``player`` of ``game``: "human" for None (a person's seat); its level and seed
    when it is exactly the player that level and seed rebuild (same class, same settings); else "bot"
    and its name (a student's bot, or one of ours with another budget: the moves replay, the player not)."""
    if player is None:
        return SeatPlayer(HUMAN)
    level, seed = getattr(player, "level", ""), getattr(player, "seed", None)
    if level in LEVELS and isinstance(seed, int) and repr(player) == repr(computer(game, level, seed)):
        return SeatPlayer(level, seed, player.name)
    return SeatPlayer("bot", None, str(getattr(player, "name", type(player).__name__))[:80])


def rebuilt(record: Record) -> list[Any]:
    """The record's computer players made anew (None for a human's or a bot's seat)."""
    return [computer(record.game, p.kind, p.seed) if p.kind in LEVELS and p.seed is not None else None
            for p in record.players]


def walked(game: Game, record: Record, players: Sequence[Any], upto: int | None = None) -> Iterator[Any]:
    """The record's deal, then the state after each of its first ``upto`` moves, asking every computer seat
    its decision on the way: each must be the recorded move, so the players' memories are as they were then."""
    states = replayed(game, record, upto)
    state = next(states)
    yield state
    for step, (action_id, after) in enumerate(zip(record.actions, states), start=1):
        seat = state.to_act
        player = players[seat] if seat is not None and seat < len(players) else None
        if player is not None and player.choose(game, game.observe(state, seat), game.legal_actions(state)).id != action_id:
            raise RecordError(Msg.of("record.not_reproduced", step=step, move=action_id))
        yield after
        state = after


def walk(game: Game, record: Record, players: Sequence[Any], upto: int | None = None) -> Any:
    """The state after the record's first ``upto`` moves, its computers asked on the way (``walked``)."""
    return deque(walked(game, record, players, upto), maxlen=1)[0]
