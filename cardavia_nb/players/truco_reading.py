"""Truco worlds that read the opponent's calls, answers and plays of the deal: the sampler's worlds drawn again by
how likely each makes those moves, so a review judges on the hands they point to (Low's falta envido means 33)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Sequence

from cardavia_nb.core.game import Game, World
from cardavia_nb.games.truco import TrucoView, seen_by_seat
from cardavia_nb.players.truco import LowPlayer
from cardavia_nb.players.truco_model import OpponentModel
from cardavia_nb.players.truco_worlds import sample_worlds

EPS = 1e-3  # weight per move Low would not have made: Low is deterministic, so such a world is all but ruled out
DRAW = 4  # candidate worlds drawn at a time, per world asked for
MOST = 64  # candidates drawn at most, per world asked for, while too few agree with a Low opponent's moves


def read_worlds(game: Game, view: TrucoView, rand: random.Random, n: int, opponents: Sequence[Any]) -> list[World]:
    """Up to n worlds consistent with the view, drawn so that each is as likely as the opponent's moves of this
    deal make it."""
    opp = 1 - view.seat
    if not seen_by_seat(view)[opp] and all(call.seat != opp for call in view.calls):
        return sample_worlds(view, rand, n)
    player = opponents[opp]
    if isinstance(player, LowPlayer):
        candidates, weights = _low_candidates(game, view, rand, n, player)
    else:
        model = OpponentModel()
        candidates = sample_worlds(view, rand, DRAW * n)
        weights = [model.call_weight(view, world.setup["hands"][opp]) for world in candidates]
    return rand.choices(candidates, weights=weights if any(weights) else None, k=min(n, len(candidates)))


def _low_candidates(game: Game, view: TrucoView, rand: random.Random, n: int,
                    player: LowPlayer) -> tuple[list[World], list[float]]:
    """Candidate worlds and their weights, drawn until about n agree with Low's every move (or MOST * n are in)."""
    candidates: list[World] = []
    weights: list[float] = []
    while sum(weights) < n and len(candidates) < MOST * n:
        drawn = sample_worlds(view, rand, DRAW * n)
        candidates += drawn
        weights += [_low_weight(game, player, 1 - view.seat, world.moves, **world.setup) for world in drawn]
        if len(drawn) < DRAW * n:  # fewer than asked: the sampler gave every holding there is
            break
    return candidates, weights


@lru_cache(maxsize=1 << 16)  # a review asks about the same holdings batch after batch
def _low_weight(game: Game, player: LowPlayer, opp: int, moves: tuple[str, ...], **setup: Any) -> float:
    """A world's weight: its deal replayed, per choice of seat ``opp`` 1 where Low makes the move made, else EPS."""
    state, weight = game.new(0, **setup), 1.0
    for move in moves:
        legal = game.legal_actions(state)
        if state.to_act == opp and len(legal) > 1:
            weight *= 1.0 if player.choose(game, game.observe(state, opp), legal).id == move else EPS
        state = game.apply(state, move)
    return weight
