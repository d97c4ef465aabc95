"""One tournament game between sandboxed bots; a bot that crashes, plays an illegal move or runs out
of time forfeits, and the game ends there with the reason recorded.

Each worker process (or thread) keeps a few idle sandboxes per entrant, so a bot's process starts
once per worker, not once per game; every game still starts the bot afresh (see ``sandbox.serve``).
"""

from __future__ import annotations

import atexit
import hashlib
import pickle
import threading
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Sequence

from cardavia_nb.arena.sandbox import BotFailure, Seat
from cardavia_nb.core.arena import Forfeit, PlayedGame
from cardavia_nb.core.game import Action, Game, IllegalAction, Result
from cardavia_nb.core.playing import play_out
from cardavia_nb.core.text import Msg
from cardavia_nb.core.record import Record
from cardavia_nb.games import get as get_game

IDLE_LIMIT = 8  # idle sandboxes kept per worker


@dataclass(frozen=True)
class Entrant:
    """A bot as the arena ships it to workers: its name, where it came from, and how to load it."""

    name: str
    origin: str
    kind: str  # "source" (a bot file's name and text) or "pickle" (a pickled object)
    payload: Any

    @cached_property
    def key(self) -> str:
        """Identifies the bot's code and data, to reuse its idle sandboxes."""
        return hashlib.sha256(pickle.dumps((self.kind, self.payload))).hexdigest()


@dataclass(frozen=True)
class Match:
    """One game to play: game and options, deal seed, entrant per seat, per-move time limit."""

    game: str
    options: dict
    seed: int
    lineup: tuple[int, ...]
    entrants: tuple[Entrant, ...]
    move_time: float


class _Idle(threading.local):
    """This thread's idle sandboxes, oldest first, as (entrant key, seat) pairs."""

    def __init__(self) -> None:
        self.seats: list[tuple[str, Seat]] = []


_IDLE = _Idle()


def _acquire(entrant: Entrant) -> Seat:
    """An idle sandbox of this entrant, or a new one."""
    for i in range(len(_IDLE.seats) - 1, -1, -1):
        key, seat = _IDLE.seats[i]
        if key == entrant.key:
            del _IDLE.seats[i]
            if seat.alive:
                return seat
    return Seat(entrant.kind, entrant.payload)


def _release(entrant: Entrant, seat: Seat) -> None:
    """Keep a live sandbox for the next game, closing the oldest beyond ``IDLE_LIMIT``."""
    if seat.alive:
        _IDLE.seats.append((entrant.key, seat))
    while len(_IDLE.seats) > IDLE_LIMIT:
        _IDLE.seats.pop(0)[1].close()


@atexit.register
def close_idle() -> None:
    """Stop this thread's idle sandboxes."""
    while _IDLE.seats:
        _IDLE.seats.pop()[1].close()


def forfeit_result(n_seats: int, seat: int) -> Result:
    """The forfeiting seat loses one game to each other seat: payoff -(n-1), the others +1 and share the win."""
    others = tuple(s for s in range(n_seats) if s != seat)
    return Result(tuple(-(n_seats - 1.0) if s == seat else 1.0 for s in range(n_seats)), others)


def _why_illegal(game: Game, state: Any, chosen: Any) -> Msg:
    """Why the move a bot returned cannot be played, in the rules' words."""
    try:
        why = game.explain_illegal(state, game.coerce(chosen))
    except IllegalAction as err:
        why = err.msg
    return Msg.of("bots.forfeit.illegal", move=repr(chosen)[:80], why=why)


class _Illegal(Exception):
    """A bot answered with something that is not one of the legal moves (the first argument)."""


class _Sandboxed:
    """A sandboxed bot as a player: the legal move whose id it answers, under the match's time limit."""

    def __init__(self, seat: Seat, move_time: float):
        self.seat, self.move_time = seat, move_time

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        """The legal move the bot names; anything else raises ``_Illegal``."""
        chosen = self.seat.choose(view, legal, self.move_time)
        action = next((a for a in legal if chosen == a.id), None)
        if action is None:
            raise _Illegal(chosen)
        return action


def play_match(match: Match) -> PlayedGame:
    """Play one game; each bot sees only its own view, in its own process."""
    game = get_game(match.game, **match.options)
    state = game.new(match.seed)
    seats: dict[int, tuple[Entrant, Seat]] = {}
    ids: list[str] = []
    forfeit, current = None, 0
    try:
        for current, index in enumerate(match.lineup):
            entrant = match.entrants[index]
            seats[current] = (entrant, _acquire(entrant))
            seats[current][1].start(match.game, match.options, match.seed, current)
        bots = [_Sandboxed(seats[s][1], match.move_time) for s in range(len(match.lineup))]
        for decision in play_out(game, state, bots):
            ids.append(decision.action.id)
            state = decision.after
    except BotFailure as failure:  # a bot that did not load (at seat ``current``), else the bot of the seat to act
        forfeit = Forfeit(current if len(seats) < len(match.lineup) else state.to_act, failure.kind, failure.reason)
    except _Illegal as illegal:
        forfeit = Forfeit(state.to_act, "illegal", _why_illegal(game, state, illegal.args[0]))
    finally:
        for entrant, seat in seats.values():
            _release(entrant, seat)
    record = Record(game.name, match.seed, tuple(ids), dict(game.options))
    result = forfeit_result(game.num_players, forfeit.seat) if forfeit else game.result(state)
    return PlayedGame(match.seed, match.lineup, result, record, forfeit)
