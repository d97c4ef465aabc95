"""Truco (Argentine, two players, no Flor, match to 30): ``rules`` (cards, vocabularies, legality),
``state`` (the state, what a seat sees), ``scoring`` (points and the result), ``words`` (labels and
log lines), ``engine`` (the ``Game``)."""

from cardavia_nb.games.truco.engine import Truco
from cardavia_nb.games.truco.rules import (
    AWAIT_ENVIDO, AWAIT_PLAY, AWAIT_TRUCO, CARDS, CHAIN_NAMES, CODE, DEAL_DOMAIN, DEAL_OVER,
    ENVIDO_CALLS, HAND_SIZE, MATCH_OVER, PARDA, PHASES, POWER, SUIT, TARGET, TRUCO_CALLS,
    deal_winner, envido_value, envido_winner, illegal_reason, legal_actions, next_leader,
    trick_result, trick_winner,
)
from cardavia_nb.games.truco.scoring import (
    DEAL_SOURCES, chain_accepted, chain_refused, falta_points, match_winner, refused_stake, settle,
    stake,
)
from cardavia_nb.games.truco.state import Call, Play, Trick, TrucoState, TrucoView, observe, seen_by_seat
from cardavia_nb.games.truco.words import describe, label, malas_buenas

__all__ = [
    "AWAIT_ENVIDO", "AWAIT_PLAY", "AWAIT_TRUCO", "CARDS", "CHAIN_NAMES", "CODE", "Call", "DEAL_DOMAIN",
    "DEAL_OVER", "DEAL_SOURCES", "ENVIDO_CALLS", "HAND_SIZE", "MATCH_OVER", "PARDA", "PHASES", "POWER",
    "Play", "SUIT", "TARGET", "TRUCO_CALLS", "Trick", "Truco", "TrucoState", "TrucoView",
    "chain_accepted", "chain_refused", "deal_winner", "describe", "envido_value", "envido_winner",
    "falta_points", "illegal_reason", "label", "legal_actions", "malas_buenas", "match_winner",
    "next_leader", "observe", "refused_stake", "seen_by_seat", "settle", "stake", "trick_result",
    "trick_winner",
]
