"""Truco's quizzes: every answer the engine can decide is asked of the engine."""

from __future__ import annotations

from functools import partial
from typing import Any

from cardavia_nb.games.truco import PARDA, chain_accepted, chain_refused, deal_winner, malas_buenas, trick_winner
from cardavia_nb.ui.lessons.truco.common import PACK, SEATS, fixture_states, points_event, say, seat_name
from cardavia_nb.ui.lessons.truco.stakes import STAKE_HANDS
from cardavia_nb.ui.panel import Quiz, cards
from cardavia_nb.ui.settings import Settings


def seat_choice(seat: int) -> str:
    """The choice id naming a seat's answer."""
    return f"seat:{SEATS[seat]}"


SEAT_CHOICES = [(seat_choice(seat), partial(seat_name, seat)) for seat in range(len(SEATS))]


def quiz(name: str, choices: list, answer: str, settings: Settings | None = None, **params: Any) -> Quiz:
    """A quiz whose texts live under ``truco.lesson.quiz.<name>``."""
    return say.quiz(f"quiz.{name}", choices, answer, settings, **params)


def quiz_score(settings: Settings | None = None) -> Quiz:
    """How is a score of 21 said? (the engine's malas/buenas words decide the answer)."""
    options = {"malas": "21 malas", "six": "6 buenas", "five": "5 buenas"}
    answer = next(k for k, v in options.items() if v == malas_buenas(21, "en"))
    return quiz("score", list(options), answer, settings)


def quiz_rank(card_a: str, card_b: str, name: str, settings: Settings | None = None) -> Quiz:
    """Who wins a trick of two given cards? (the engine's trick comparison decides)."""
    winner = trick_winner((0, card_a), (1, card_b))
    answer = "parda" if winner == PARDA else seat_choice(winner)
    return quiz(name, [*SEAT_CHOICES, ("parda", "truco.lesson.parda")], answer, settings,
                extra=lambda lang: [cards((card_a, card_b), PACK, lang, block=f"quiz-{name}",
                                          marks={card_a: seat_name(0, lang), card_b: seat_name(1, lang)})],
                card_a=card_a, card_b=card_b)


def quiz_tricks(settings: Settings | None = None) -> Quiz:
    """A parda, then Player B wins trick 2: who wins the deal? (the engine's deal rule decides)."""
    winner = deal_winner((PARDA, 1), 0)
    answer = "third" if winner is None else seat_choice(winner)
    return quiz("tricks", [*SEAT_CHOICES, "third"], answer, settings)


def quiz_chain_refused(settings: Settings | None = None) -> Quiz:
    """Envido, Real envido, Falta envido refused at 10-18: how much for the last caller?"""
    right = chain_refused(("E", "R", "F"), (10, 18))
    return quiz("chain_refused", [str(v) for v in (2, 5, 7, 12)], str(right), settings)


def quiz_chain_accepted(settings: Settings | None = None) -> Quiz:
    """The same chain accepted at 10-18: how much for the envido winner?"""
    right = chain_accepted(("E", "R", "F"), (10, 18))
    return quiz("chain_accepted", [str(v) for v in (5, 12, 20, 30)], str(right), settings)


def quiz_raise(settings: Settings | None = None) -> Quiz:
    """Player A called Truco and Player B accepted: who may call Retruco? (the engine's raise holder)."""
    state = fixture_states(STAKE_HANDS, ("call:truco", "answer:quiero"))[-1]
    return quiz("raise", [*SEAT_CHOICES, "either"],
                seat_choice(state.raise_holder), settings)


def quiz_refuse(settings: Settings | None = None) -> Quiz:
    """Truco accepted, then Retruco refused: how many points for the caller? (the engine scores it)."""
    ids = ("call:truco", "answer:quiero", "play:5C", "call:retruco", "answer:no_quiero")
    points = points_event(fixture_states(STAKE_HANDS, ids)[-1])
    return quiz("refuse", [str(v) for v in (1, 2, 3)], str(int(points.amount)), settings)


def quiz_end(settings: Settings | None = None) -> Quiz:
    """At 28-20 Player A wins an accepted envido while Truco waits: what happens? (the engine decides)."""
    state = fixture_states(("7O 6O 1E", "5B 4B 3C"), ("call:truco", "call:envido", "answer:quiero"), (28, 20))[-1]
    answer = "ends" if state.to_act is None else "truco"
    return quiz("end", ["ends", "truco", "deal"], answer, settings)


def quiz_ai(settings: Settings | None = None) -> Quiz:
    """What does the High player never see?"""
    return quiz("ai", ["played", "announced", "hidden"], "hidden", settings)

