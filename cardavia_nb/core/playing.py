"""Playing a game on: the one loop that asks the player of the seat to act for its move, from that seat's view only.

Every place that plays on (a whole game in the arena, a deal finished in a review, the computers answering a person)
walks ``play_out``: it stops at the game's end, at a seat that has no player (a person's turn), or where the caller's
``until`` says, and it refuses to go beyond the most moves a real game of the game has (``Game.max_moves``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from cardavia_nb.core.game import Action, Game


@dataclass(slots=True)  # not frozen: a frozen dataclass's slower __init__ costs a review's playouts 2 %
class Decision:
    """One move of a game played on: the state it was made in, the seat, what that seat saw and could play,
    the action its player chose, the state after it, and the seconds the player took to choose."""

    state: Any
    seat: int
    view: Any
    legal: Sequence[Action]
    action: Action
    after: Any
    seconds: float


def play_out(game: Game, state: Any, players: Sequence[Any], until: Callable[[Any], bool] | None = None,
             limit: int | None = None, legal_of: Callable[[Any], Sequence[Action]] | None = None) -> Iterator[Decision]:
    """The decisions from ``state`` on, each seat's player (``players[seat]``: ``choose(game, view, legal)``)
    seeing only ``game.observe(state, seat)``; it stops when the game is over, when the seat to act has no
    player (None: a person acts there) or when ``until(state)`` holds. More than ``limit`` moves (by default
    the game's own ``max_moves``) raise RuntimeError: a game that never ends is a bug, not a long game.
    ``legal_of(state)`` gives the legal moves where the caller asked the engine already (once per state)."""
    limit = game.max_moves if limit is None else limit
    legal_of = game.legal_actions if legal_of is None else legal_of
    for count in range(limit + 1):
        seat = state.to_act
        if seat is None or players[seat] is None or (until is not None and until(state)):
            return
        if count == limit:
            break
        view, legal = game.observe(state, seat), legal_of(state)
        began = time.perf_counter()
        action = players[seat].choose(game, view, legal)
        seconds = time.perf_counter() - began
        after = game.apply(state, action)
        yield Decision(state, seat, view, legal, action, after, seconds)
        state = after
    raise RuntimeError(f"{game.name} did not end within {limit} moves.")


__all__ = ["Decision", "play_out"]
