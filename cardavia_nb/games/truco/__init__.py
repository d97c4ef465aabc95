"""Truco (Argentine, two players, no Flor, match to 30): ``rules`` (cards, vocabularies, state,
legality), ``view`` (what a seat sees), ``words`` (labels and log lines), ``engine`` (the ``Game``)."""

from cardavia_nb.games.truco.engine import Truco
from cardavia_nb.games.truco.rules import (
    AWAIT_ENVIDO, AWAIT_PLAY, AWAIT_TRUCO, CARDS, CHAIN_NAMES, CODE, DEAL_OVER, ENVIDO_CALLS,
    MATCH_OVER, PARDA, POWER, TARGET, TRUCO_CALLS, TrucoState, chain_accepted, chain_refused,
    deal_winner, envido_value, illegal_reason, trick_winner,
)
from cardavia_nb.games.truco.view import Call, Play, Trick, TrucoView, seen_by_seat
from cardavia_nb.games.truco.words import malas_buenas

__all__ = [
    "AWAIT_ENVIDO", "AWAIT_PLAY", "AWAIT_TRUCO", "CARDS", "CHAIN_NAMES", "CODE", "Call", "DEAL_OVER",
    "ENVIDO_CALLS", "MATCH_OVER", "PARDA", "POWER", "Play", "TARGET", "TRUCO_CALLS", "Trick", "Truco",
    "TrucoState", "TrucoView", "chain_accepted", "chain_refused", "deal_winner", "envido_value",
    "illegal_reason", "malas_buenas", "seen_by_seat", "trick_winner",
]
