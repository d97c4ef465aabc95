"""The lesson kit: what every game's lessons share (texts, bullets, examples, quizzes, picking, seat names, deals).

Each game's lessons are panels built from these pieces, so a lesson never rewrites a helper another
lesson already has. Demo deals come from the lessons' own key domain (``demo_seed``): a seed the table
deals from is never a demo's seed, so no demo shows the cards of a table deal.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence

from cardavia_nb import i18n
from cardavia_nb.core.game import Game
from cardavia_nb.core.record import Record, SeatPlayer, replay, result_data
from cardavia_nb.core.rng import derive, rng
from cardavia_nb.players.seats import HUMAN
from cardavia_nb.traditions import by_game
from cardavia_nb.ui.panel import Panel, Prose, Quiz, cards, md
from cardavia_nb.ui.settings import Settings

DEMO_DOMAIN = "cardavia-lesson-demo-deal"


# --- words -------------------------------------------------------------------------------------

class LessonTexts:
    """The lesson texts of one game: with ``say = LessonTexts("truco.lesson.{}")``, ``say("step1.text", lang)``
    reads ``truco.lesson.step1.text``."""

    def __init__(self, template: str):
        self.template = template

    def key(self, name: str) -> str:
        """The full catalog key of a lesson text."""
        return self.template.format(name)

    def __call__(self, name: str, lang: str, /, **params: Any) -> str:
        """The lesson text ``name`` in ``lang``."""
        return i18n.translate(self.key(name), lang, **params)

    def prose(self, *names: str, settings: Settings | None = None) -> Prose:
        """A panel of lesson texts, one Markdown block each, in the page's language."""
        return Prose(*(self.key(n) for n in names), settings=settings)

    def quiz(self, name: str, choices: Sequence[str | tuple[str, str]], answer: str,
             settings: Settings | None = None, /, extra: Callable[[str], list[dict]] | None = None,
             **params: Any) -> Quiz:
        """A quiz whose question, explanation and choice labels live under ``<game>.lesson.<name>``.

        A choice is an id (its label is ``<name>.<id>`` when that key exists, else the id itself, e.g. a
        number) or an (id, label key or literal) pair.
        """
        base = self.key(name)
        pairs = [c if isinstance(c, tuple) else (c, f"{base}.{c}" if i18n.has(f"{base}.{c}") else c)
                 for c in choices]
        return Quiz(f"{base}.question", pairs, answer, f"{base}.explain", settings=settings, extra=extra, **params)


def bullets(lines: Iterable[str]) -> dict:
    """A Markdown bullet list block."""
    return md("\n".join(f"- {line}" for line in lines))


def seat_name(seat: int, lang: str, reader: int | None = None) -> str:
    """A demo seat's name as plain text, the table's scheme (``cardavia_nb.i18n.seat_name``): "You" and
    "Computer n" where the learner has a seat (``reader``); "Player A", "Player B" … in rule examples nobody plays."""
    return str(i18n.seat_name(seat, lang, reader))


class Intro(Panel):
    """What a game is: its card tradition with a few of its cards, players, length, then a glossary."""

    def __init__(self, game: str, pack: str, texts: Sequence[str], settings: Settings | None = None,
                 **params: Any):
        self.game, self.pack, self.texts, self.params = game, pack, tuple(texts), params
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The texts (the tradition's facts filled in), the tradition's sample cards before the last."""
        tradition = by_game(self.game)
        facts = dict(tradition=tradition.name(lang), place=tradition.place(lang), count=tradition.card_count,
                     **self.params)
        say = LessonTexts(self.game + ".lesson.{}")
        blocks = [md(say(name, lang, **facts)) for name in self.texts]
        return [*blocks[:-1], cards(tradition.sample, self.pack, lang, block="tradition"), blocks[-1]]


# --- worked examples and picking ---------------------------------------------------------------

def example(game: Game, action_ids: Sequence[str] = (), seed: int = 0, **setup: Any) -> Record:
    """A worked example as a version 2 game record: a fixture setup, its moves, a person in every seat
    (the rules' players A, B ...) and the result where the moves end the game."""
    players = tuple(SeatPlayer(HUMAN) for _ in range(game.num_players))
    record = Record(game.name, seed, tuple(action_ids), dict(game.options), setup, players)
    return replace(record, result=result_data(game, replay(game, record)))


def toggle(chosen: Sequence[str], card: str, limit: int | None = None, when_full: str = "keep") -> list[str]:
    """The selection after a click on ``card``: a chosen card leaves it, another joins it.

    With ``limit`` cards already chosen a new card is refused (``"keep"``), starts a new selection
    (``"restart"``) or pushes out the oldest card (``"shift"``).
    """
    if card in chosen:
        return [c for c in chosen if c != card]
    if limit is None or len(chosen) < limit:
        return [*chosen, card]
    return {"keep": list(chosen), "restart": [card], "shift": [*chosen[1:], card]}[when_full]


# --- demo deals ----------------------------------------------------------------------------------

def demo_seed(game: str, n: int) -> int:
    """The seed of demo deal ``n`` of ``game``, from the lessons' own key domain (never a table's seed)."""
    return derive(DEMO_DOMAIN, game, n)


def demo_deal(game: Game, n: int, **setup: Any) -> Any:
    """Demo deal ``n``: the engine's deal from the lessons' own seed ``demo_seed(game.name, n)``."""
    return game.new(demo_seed(game.name, n), **setup)


def demo_rng(*keys: object) -> random.Random:
    """A random source for building demo positions, in the lessons' own key domain."""
    return rng(DEMO_DOMAIN, *keys)
