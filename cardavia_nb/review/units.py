"""The unit each game is won in, read off a state once its deal is over: what the review measures.

Truco is won by the match, so a deal is worth the change in the chance of winning the match (High's
own match equity from the scores); Pao De Kuai and French Tarot are won by a deal's points.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.games.truco import DEAL_OVER, MATCH_OVER
from cardavia_nb.players.truco import equity

UNITS = {"truco": "match_chance", "pao_de_kuai": "points", "french_tarot": "points"}


def deal_over(game: Game, state: Any) -> bool:
    """Whether the deal the state is in has ended (a Truco match goes on with the next deal)."""
    if game.name == "truco":
        return state.phase in (DEAL_OVER, MATCH_OVER)
    return state.to_act is None


def deal_value(game: Game, state: Any, seat: int) -> float:
    """What the finished deal is worth to ``seat`` in the game's unit."""
    if game.name == "truco":
        return equity(state.scores[seat], state.scores[1 - seat])
    return game.result(state).payoffs[seat]


def deal_points(game: Game, state: Any) -> tuple[float, ...]:
    """Each seat's points in the finished deal: in Truco those made in this deal (not the match's
    score), elsewhere the deal's payoffs."""
    if game.name == "truco":
        return tuple(now - then for now, then in zip(state.scores, state.start_scores))
    return tuple(game.result(state).payoffs)


# A loss above this (and above twice its standard error) is a mistake worth showing a learner:
# two points of match chance in Truco, one point in Pao De Kuai, five in Tarot (a tenth of a small contract).
THRESHOLDS = {"truco": 0.02, "pao_de_kuai": 1.0, "french_tarot": 5.0}
