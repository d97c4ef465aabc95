"""The unit each game is won in, read off a state once its deal is over: what the review measures.

Truco is won by the match, so a deal is worth the change in the chance of winning the match (High's
own match equity from the scores); Pao De Kuai and French Tarot are won by a deal's points.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.players.truco import equity

UNITS = {"truco": "match_chance", "pao_de_kuai": "points", "french_tarot": "points"}


def deal_value(game: Game, state: Any, seat: int) -> float:
    """What the finished deal is worth to ``seat`` in the game's unit."""
    if game.name == "truco":
        return equity(state.scores[seat], state.scores[1 - seat])
    return game.result(state).payoffs[seat]


def scaled(unit: str, value: float) -> float:
    """A value in ``unit`` as a learner reads it: match chance in a percent's points, else points (one decimal)."""
    return round(value * 100 if unit == "match_chance" else value, 1)


# A loss above this (and above twice its standard error) is a mistake worth showing a learner:
# two points of match chance in Truco, one point in Pao De Kuai, five in Tarot (a tenth of a small contract).
THRESHOLDS = {"truco": 0.02, "pao_de_kuai": 1.0, "french_tarot": 5.0}
