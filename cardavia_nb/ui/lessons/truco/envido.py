"""Truco steps 5 and 6: the envido of a hand (a calculator and a quiz) and an envido chain at chosen scores."""

from __future__ import annotations

from typing import Sequence

from cardavia_nb import i18n
from cardavia_nb.games.truco import ENVIDO_CALLS, SUIT, TARGET, TrucoState, envido_value
from cardavia_nb.ui.lessons.kit import bullets, toggle
from cardavia_nb.ui.lessons.truco.common import (
    DECK, GAME, PACK, fixture_states, points_event, say, seat_name, seat_title,
)
from cardavia_nb.ui.panel import Panel, buttons, cards, md, note, number
from cardavia_nb.ui.settings import Settings

TOP_SCORE = TARGET - 1  # the highest score a deal can start with


def envido_reason(hand: Sequence[str], lang: str) -> str:
    """Why the hand has its value: which suit is shared, or that all three suits differ."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[SUIT[card]] = counts.get(SUIT[card], 0) + 1
    shared = [s for s, n in counts.items() if n > 1]
    if not shared:
        return say("envido.why_single", lang)
    suit = i18n.translate(f"cards.spanish.suit.{shared[0]}", lang)
    return say("envido.why_suit", lang, suit=suit)


def card_points(hand: Sequence[str]) -> dict[str, str]:
    """Each card's own envido points (the engine's value of a one-card hand), as marks."""
    return {c: str(envido_value((c,))) for c in hand}


class EnvidoCalc(Panel):
    """Pick three cards and read their envido value from the engine, with the reason in words."""

    def __init__(self, picked: Sequence[str] = ("7E", "6E", "1B"), settings: Settings | None = None):
        self.picked = list(picked)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The 40 cards to pick from, the chosen hand with each card's points, and its value."""
        out = [md(say("envido.intro", lang)),
               cards(DECK, PACK, lang, block="envido-deck", pick=True, selected=self.picked),
               md(f"**{say('envido.hand', lang)}**"),
               cards(self.picked, PACK, lang, block="envido-hand", marks=card_points(self.picked))]
        if len(self.picked) < 3:
            out.append(note(say("envido.pick", lang, n=3 - len(self.picked)), "info"))
        else:
            hand = tuple(self.picked)
            out.append(note(f"{say('envido.value', lang, n=envido_value(hand))} {envido_reason(hand, lang)}", "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Pick or unpick a card; a fourth pick replaces the oldest."""
        card = content.get("card")
        if intent != "pick" or card not in SUIT:
            return
        self.picked = toggle(self.picked, card, 3, "shift")


QUIZ_HANDS = ("3O 2O 7E", "10C 11C 7O", "4C 5B 6O", "7C 5C 3C", "7E 7O 7B", "1E 12E 11E", "7B 1B 12O",
              "12E 11B 10O")


def envido_choices(hand: tuple[str, ...]) -> list[int]:
    """The right value and three tempting wrong ones (forgetting the 20, adding all three cards ...)."""
    right = envido_value(hand)
    points = [envido_value((c,)) for c in hand]
    tempting = [sum(points), 20 + sum(points), max(points), right + 1, right - 1, right + 2, right + 3]
    wrong = [v for v in dict.fromkeys(tempting) if v != right and v >= 0][:3]
    return sorted([right, *wrong])


class EnvidoQuiz(Panel):
    """"What is the envido of this hand?" over the spec's example hands, with the reason after an answer."""

    def __init__(self, settings: Settings | None = None):
        self.at, self.given = 0, None
        super().__init__(settings)

    @property
    def hand(self) -> tuple[str, ...]:
        """The hand asked about now."""
        return tuple(QUIZ_HANDS[self.at].split())

    def render(self, lang: str) -> list[dict]:
        """Question, the three cards, the answer buttons, feedback, and Another hand."""
        right = envido_value(self.hand)
        choices = [(f"value:{v}", str(v)) for v in envido_choices(self.hand)]
        out = [md(say("envido_quiz.question", lang)), cards(self.hand, PACK, lang, block="envido-quiz"),
               buttons(choices, pressed=None if self.given is None else f"value:{self.given}")]
        if self.given is not None:
            ok = self.given == right
            verdict = i18n.translate("ui.quiz.right" if ok else "ui.quiz.wrong", lang)
            out.append(note(f"{verdict} {say('envido_quiz.explain', lang, n=right)} {envido_reason(self.hand, lang)}",
                            "ok" if ok else "bad"))
        out.append(buttons([("another", say("envido_quiz.another", lang))]))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """An answer, or the next hand."""
        key = content.get("id", "")
        if intent != "press":
            return
        if key == "another":
            self.at, self.given = (self.at + 1) % len(QUIZ_HANDS), None
        elif key.startswith("value:") and key[6:].isdigit():
            self.given = int(key[6:])


# --- step 6: an envido chain at a chosen score -----------------------------------------------------------

CHAIN_HANDS = ("7O 5O 1E", "7B 6B 2C")
ENVIDO_IDS = tuple(f"call:{name}" for name in ENVIDO_CALLS)


class EnvidoChain(Panel):
    """Set the two scores, build a chain of envido calls, and see what Quiero and No quiero would pay."""

    def __init__(self, scores: tuple[int, int] = (10, 18), settings: Settings | None = None):
        self.scores, self.calls = list(scores), []
        super().__init__(settings)

    def state(self) -> TrucoState:
        """The deal after the calls so far, at the chosen scores."""
        return fixture_states(CHAIN_HANDS, self.calls, tuple(self.scores))[-1]

    def render(self, lang: str) -> list[dict]:
        """Score fields, both hands and values, the chain, the outcomes, and the call buttons."""
        s = self.state()
        out = [md(say("chain.intro", lang)),
               number("score_a", say("chain.score", lang, name=seat_name(0, lang)), self.scores[0], 0, TOP_SCORE),
               number("score_b", say("chain.score", lang, name=seat_name(1, lang)), self.scores[1], 0, TOP_SCORE)]
        for seat in (0, 1):
            value = say("chain.value", lang, n=envido_value(s.original[seat]))
            out += [md(f"{seat_title(s, seat, lang)} · {value}"),
                    cards(s.hands[seat], PACK, lang, block=f"chain-{seat}")]
        out.append(md(say("chain.falta", lang, n=GAME.observe(s, 0).falta)))
        if self.calls:
            said = [f"{seat_name(i % 2, lang)}: {GAME.label(c, lang)}" for i, c in enumerate(self.calls)]
            out += [md(say("chain.so_far", lang, chain=" → ".join(said))), self._outcomes(s, lang)]
        raises = [a.id for a in GAME.legal_actions(s) if a.id in ENVIDO_IDS]
        who = seat_name(s.to_act, lang)
        items = [(a, say("chain.call", lang, name=who, call=GAME.label(a, lang))) for a in raises]
        if not raises:
            out.append(note(say("chain.no_raise", lang), "info"))
        out.append(buttons(items + [("restart", say("chain.restart", lang))]))
        return out

    def _outcomes(self, s: TrucoState, lang: str) -> dict:
        """What each answer would pay, from the engine's points events."""
        lines = []
        for answer in ("answer:quiero", "answer:no_quiero"):
            after = GAME.apply(s, answer)
            points = points_event(after)
            line = say("chain.outcome", lang, answer=GAME.label(answer, lang), n=points.get("value"),
                       name=seat_name(points.seat, lang))
            if points.amount != points.get("value"):
                line += " " + say("chain.capped", lang, n=int(points.amount))
            if after.to_act is None:
                line += " " + say("chain.match_ends", lang)
            lines.append(line)
        return bullets(lines)

    def handle(self, intent: str, content: dict) -> None:
        """A new score (the chain is kept), a call, or a fresh start."""
        if intent == "number" and content["id"] in ("score_a", "score_b"):
            self.scores["ab".index(content["id"][-1])] = self.bounded(content["value"], 0, TOP_SCORE)
        elif intent == "press":
            key = content["id"]
            if key == "restart":
                self.calls = []
            elif key in {a.id for a in GAME.legal_actions(self.state())} and key in ENVIDO_IDS:
                self.calls.append(key)


