"""Truco steps 1-3: the introduction, the step texts, score words, the deck, dealing and the card ranking."""

from __future__ import annotations

from typing import Sequence

from cardavia_nb import i18n
from cardavia_nb.core.cards import deck
from cardavia_nb.games.truco import PARDA, POWER, SUIT, TARGET, malas_buenas, trick_winner
from cardavia_nb.ui.lessons import kit
from cardavia_nb.ui.lessons.kit import demo_deal, toggle
from cardavia_nb.ui.lessons.truco.common import DECK, GAME, PACK, hands_and_tricks, say, seat_name
from cardavia_nb.ui.panel import Panel, buttons, cards, md, note, number
from cardavia_nb.ui.settings import Settings

STEPS = 9


class Intro(kit.Intro):
    """What Truco is, its card tradition, players, length, and a glossary of the words used."""

    def __init__(self, settings: Settings | None = None):
        super().__init__("truco", PACK, ("intro.text", "intro.glossary"), settings, used=len(DECK))


class Step(Panel):
    """A numbered rule step: its title and a short explanation."""

    def __init__(self, n: int, settings: Settings | None = None):
        if not 1 <= n <= STEPS:
            raise ValueError(f"Truco has steps 1 to {STEPS}, not {n!r}.")
        self.n = n
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Heading and text of the step."""
        return [md(f"## {self.n}. {say(f'step{self.n}.title', lang)}"), md(say(f"step{self.n}.text", lang))]


def step(n: int, settings: Settings | None = None) -> Step:
    """The text of rule step ``n`` (1-9, the sections of the seed text)."""
    return Step(n, settings)


class Heading(Panel):
    """A section heading and text that is not a numbered step (e.g. the table at the end)."""

    def __init__(self, name: str, settings: Settings | None = None):
        self.name = name
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Heading and text."""
        return [md(f"## {say(f'{self.name}.title', lang)}"), md(say(f"{self.name}.text", lang))]


class ScoreWords(Panel):
    """Type a score and see how it is said: malas up to 15, buenas after (the engine's words)."""

    def __init__(self, score: int = 17, settings: Settings | None = None):
        self.score = score
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The number field and the score in words."""
        return [md(say("score.intro", lang)),
                number("score", say("score.label", lang), self.score, 0, TARGET),
                note(say("score.shown", lang, n=self.score, words=malas_buenas(self.score, lang)), "info")]

    def handle(self, intent: str, content: dict) -> None:
        """A new score from 0 to 30."""
        if intent == "number" and content["id"] == "score":
            self.score = self.bounded(content["value"], 0, TARGET)


class Deck(Panel):
    """The 40 cards, one row per suit, and the ten cards of the full pack that Truco leaves out."""

    def render(self, lang: str) -> list[dict]:
        """Four suit rows, then the removed cards."""
        removed = [c.id for c in deck("spanish50") if c.id not in SUIT]
        out = [md(say("deck.intro", lang, count=len(DECK)))]
        for suit in dict.fromkeys(SUIT.values()):
            out.append(md(f"**{say('deck.suit', lang, suit=i18n.translate(f'cards.spanish.suit.{suit}', lang))}**"))
            out.append(cards([c for c in DECK if SUIT[c] == suit], PACK, lang, block=f"suit-{suit}"))
        out.append(note(say("deck.removed", lang, count=len(removed), full=len(removed) + len(DECK)), "info"))
        out.append(cards(removed, PACK, lang, block="removed",
                         marks={c: say("deck.removed_mark", lang) for c in removed}))
        return out


class Dealing(Panel):
    """Deal after deal of a demo match: the dealer alternates and the other seat is mano.

    Matches are the lessons' own demo deals (``kit.demo_deal``), so Shuffle never reaches a table's deal.
    """

    def __init__(self, match: int = 7, settings: Settings | None = None):
        self.match = match
        self.state = demo_deal(GAME, match)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Who deals, who is mano, both hands, and the buttons."""
        s = self.state
        return [md(say("deal.intro", lang)),
                note(say("deal.now", lang, n=s.deal_no, dealer=seat_name(s.dealer, lang),
                         mano=seat_name(s.mano, lang)), "info"),
                *hands_and_tricks(s, lang, score=False),
                buttons([("next", say("deal.next", lang)), ("shuffle", say("deal.shuffle", lang))])]

    def handle(self, intent: str, content: dict) -> None:
        """Next deal (the current one is abandoned by going to the deck) or a new match."""
        if intent != "press":
            return
        if content["id"] == "shuffle":
            self.match += 1
            self.state = demo_deal(GAME, self.match)
        elif content["id"] == "next":
            after = GAME.apply(self.state, "fold")
            self.state = GAME.apply(after, "next_deal") if after.to_act is not None else demo_deal(GAME, self.match)


BY_POWER = tuple(sorted(DECK, key=lambda c: -POWER[c]))
TIERS = {p: i for i, p in enumerate(sorted(set(POWER.values()), reverse=True), 1)}


class Ranking(Panel):
    """All 40 cards from strongest to weakest; pick two and the engine says who wins the trick."""

    def __init__(self, picked: Sequence[str] = (), settings: Settings | None = None):
        self.picked = list(picked)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The ladder (each card marked with its place) and the verdict for two picked cards."""
        marks = {c: str(TIERS[POWER[c]]) for c in DECK}
        out = [md(say("rank.intro", lang)),
               cards(BY_POWER, PACK, lang, block="rank", pick=True, selected=self.picked, marks=marks)]
        if len(self.picked) < 2:
            out.append(note(say("rank.pick", lang, n=2 - len(self.picked)), "info"))
            return out
        a, b = self.picked
        winner = trick_winner((0, a), (1, b))
        if winner == PARDA:
            verdict = say("rank.parda", lang, card_a=a, card_b=b)
        else:
            verdict = say("rank.beats", lang, card_win=(a, b)[winner], card_lose=(a, b)[1 - winner])
        out += [cards(self.picked, PACK, lang, block="rank-pair",
                      marks={a: seat_name(0, lang), b: seat_name(1, lang)}),
                note(verdict, "ok")]
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Pick or unpick a card; a third pick starts a new pair."""
        card = content.get("card")
        if intent == "pick" and card in POWER:
            self.picked = toggle(self.picked, card, 2, "restart")
