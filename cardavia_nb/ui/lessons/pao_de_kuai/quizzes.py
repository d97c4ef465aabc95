"""Pao De Kuai's quizzes: answers the engine can decide are asked of the engine."""

from __future__ import annotations

from typing import Any

from cardavia_nb.games.pao_de_kuai import beats, classify
from cardavia_nb.ui.lessons.pao_de_kuai.common import GAME, PACK, say
from cardavia_nb.ui.lessons.pao_de_kuai.deal import RaceDemo
from cardavia_nb.ui.lessons.pao_de_kuai.plays import OTHERS
from cardavia_nb.ui.panel import Quiz, cards
from cardavia_nb.ui.settings import Settings


def _settle_answer() -> str:
    """What the seat left with 4♠ 4♥ 2♠ pays at the end of the race deal, by the engine."""
    return str(-GAME.settle(RaceDemo.final_state())[0][2])


def _pass_answer() -> str:
    """Whether a hand of three 7s may pass on a pair of 6s, by the engine's legal actions."""
    state = GAME.new(0, hands=["7S 7H 7D 8C KS", *OTHERS], top="6C 6D", top_owner=2)
    shapes = {classify(a.cards).shape if a.cards else "pass" for a in GAME.legal_actions(state)}
    return {"pass": "yes", "pair": "pair", "triple": "triple"}[shapes.pop()] if len(shapes) == 1 else "?"


# name -> (choices, right answer or the engine call deciding it, rows of cards shown with the question)
QUIZZES: dict[str, tuple[tuple[str, ...], Any, tuple[tuple[str, ...], ...]]] = {
    "end": (("all", "first", "rounds"), "first", ()),
    "two": (("spades", "hearts", "none"), "spades", ()),
    "pass": (("yes", "pair", "triple"), _pass_answer, (("6C", "6D"), ("7S", "7H", "7D", "8C", "KS"))),
    "shape": (("legal", "illegal", "bomb"), lambda: "illegal" if classify("5S 5H 5D 7C") is None else "legal",
              (("5S", "5H", "5D", "7C"),)),
    "bomb": (("aces", "kings", "nobody"), lambda: "aces" if beats("AC AD AS", "KC KD KH KS") else "kings",
             (("KC", "KD", "KH", "KS"), ("AC", "AD", "AS"))),
    "settle": (("3", "13", "23", "26"), _settle_answer, (("4S", "4H", "2S"),)),
    "bonus": (("gain", "nothing", "ten"), "gain", ()),
}


def quiz(name: str, settings: Settings | None = None) -> Quiz:
    """One of the lesson's quizzes (answers that the engine can decide are asked of the engine)."""
    choices, answer, shown = QUIZZES[name]

    def extra(lang: str) -> list[dict]:
        """The rows of cards the question is about."""
        return [cards(row, PACK, lang, block=f"quiz-{name}-{i}") for i, row in enumerate(shown)]

    return say.quiz(f"quiz.{name}", choices, answer() if callable(answer) else answer, settings,
                    extra=extra if shown else None)

