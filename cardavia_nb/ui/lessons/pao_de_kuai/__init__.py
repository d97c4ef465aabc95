"""Pao De Kuai lesson panels: the deck, shapes, must-beat, bombs, settlement and the High player's view.

Every rule a demo shows comes from the engine (``cardavia_nb.games.pao_de_kuai``): classification,
comparison, legal actions, the reasons for refusals and the settlement. The panels only pick
positions, keep the learner's choices and put the engine's answers into words of the page language.
"""

from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from cardavia_nb.ui.lessons.pao_de_kuai.common import GAME, Intro, settlement_blocks, step
from cardavia_nb.ui.lessons.pao_de_kuai.deal import RACE_MOVES, DeckDemo, RaceDemo, removed_cards
from cardavia_nb.ui.lessons.pao_de_kuai.plays import BombDemo, MustBeatDemo, ShapeDemo
from cardavia_nb.ui.lessons.pao_de_kuai.quizzes import QUIZZES, quiz
from cardavia_nb.ui.lessons.pao_de_kuai.scoring import ExplainDemo, SettleDemo, explain_position

__all__ = [
    "GAME", "BombDemo", "DeckDemo", "ExplainDemo", "Intro", "MustBeatDemo", "RaceDemo", "SettleDemo", "ShapeDemo",
    "QUIZZES", "RACE_MOVES", "HighPlayer", "LowPlayer", "explain_position", "quiz", "removed_cards",
    "settlement_blocks", "step",
]
