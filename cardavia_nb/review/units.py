"""The unit each game is won in, read off a state once its deal is over: what the review measures.

Each game's kit says its unit, its mistake threshold and, where a deal is not simply worth its payoff, how a
finished deal is valued: Truco is won by the match, so a deal is worth the chance of winning the match from the
scores it leaves (High's own match equity); Pao De Kuai and French Tarot are won by a deal's points.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.games import REGISTRY, kit

UNITS = {name: kit(name).unit for name in REGISTRY}
# A loss clear of this (its 95 % interval wholly above) is a mistake worth showing a learner; a game's kit may
# set it decision by decision (``threshold_at``), and this is then its value before anything is known.
THRESHOLDS = {name: kit(name).threshold for name in REGISTRY}


def threshold_at(game: Game, view: Any) -> float:
    """The smallest loss worth showing at the decision seen in ``view`` (a game of the caller's own: one point)."""
    found = kit(game.name) if game.name in REGISTRY else None
    if found is None:
        return 1.0
    return found.part(found.threshold_at)(game, view) if found.threshold_at else found.threshold


def deal_value(game: Game, state: Any, seat: int) -> float:
    """What the finished deal is worth to ``seat`` in the game's unit (its payoff unless its kit says otherwise)."""
    found = kit(game.name) if game.name in REGISTRY else None
    if found is not None and found.value:
        return found.part(found.value)(game, state, seat)
    return game.result(state).payoffs[seat]


def scaled(unit: str, value: float) -> float:
    """A value in ``unit`` as a learner reads it: match chance in a percent's points, else points (one decimal)."""
    return round(value * 100 if unit == "match_chance" else value, 1)
