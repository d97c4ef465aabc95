"""Truco (Argentine, two players, no Flor, match to 30): engine in ``engine``, views and words in ``view``."""

from cardavia_nb.games.truco.engine import (  # noqa: F401
    PARDA, POWER, Truco, TrucoState, chain_accepted, chain_refused, deal_winner, envido_value,
    malas_buenas, trick_winner,
)
from cardavia_nb.games.truco.view import Call, Play, Trick, TrucoView  # noqa: F401

__all__ = ["Truco", "TrucoState", "TrucoView", "Play", "Trick", "Call", "POWER", "PARDA",
           "envido_value", "deal_winner", "trick_winner", "chain_accepted", "chain_refused",
           "malas_buenas"]
