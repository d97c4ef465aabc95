"""Truco lesson panels: one demo or quiz per rule step, every rule answered by the engine.

The panels only choose positions (the spec's worked examples), keep the learner's clicks and put
the engine's answers into words of the page language: trick winners, envido values, the points of
an envido chain or a truco call, who may raise, the end of a match, and the High player's reasons.
"""

from cardavia_nb.ui.lessons.truco.basics import Deck, Dealing, Heading, Intro, Ranking, ScoreWords, Step, step
from cardavia_nb.ui.lessons.truco.common import GAME, card_name
from cardavia_nb.ui.lessons.truco.envido import EnvidoCalc, EnvidoChain, EnvidoQuiz
from cardavia_nb.ui.lessons.truco.quizzes import (
    quiz_ai, quiz_chain_accepted, quiz_chain_refused, quiz_end, quiz_raise, quiz_rank, quiz_refuse, quiz_score,
    quiz_tricks,
)
from cardavia_nb.ui.lessons.truco.replays import Replay, deal_replay, trick_replay, worked_example
from cardavia_nb.ui.lessons.truco.stakes import PLAYERS, POSITIONS, ExplainView, TrucoStakes

__all__ = [
    "GAME", "Intro", "Step", "step", "Heading", "ScoreWords", "Deck", "Dealing", "Ranking", "Replay",
    "trick_replay", "deal_replay", "worked_example", "EnvidoCalc", "EnvidoQuiz", "EnvidoChain", "TrucoStakes",
    "ExplainView", "POSITIONS", "PLAYERS", "card_name", "quiz_score", "quiz_rank", "quiz_tricks",
    "quiz_chain_refused", "quiz_chain_accepted", "quiz_raise", "quiz_refuse", "quiz_end", "quiz_ai",
]
