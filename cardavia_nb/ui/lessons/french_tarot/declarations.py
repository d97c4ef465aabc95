"""French Tarot steps 3 and 4: the discard and the poignee, picked card by card and judged by the engine."""

from __future__ import annotations

from cardavia_nb import i18n
from cardavia_nb.games.french_tarot import FrenchTarotState
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.ui.lessons.french_tarot.common import GAME, PACK, auction, fixture, run, say
from cardavia_nb.ui.lessons.kit import toggle
from cardavia_nb.ui.panel import Panel, Quiz, buttons, cards, md, note, table
from cardavia_nb.ui.settings import Settings


# preset -> (the taker's fixed cards, the chien)
DISCARD_HANDS = {
    "a": (("T21", "T1", "EX", "T3", "3S", "1H", "5D", "5C", "3C", "2C"), ("6H", "QD", "9S", "T19", "T11", "KH")),
    "b": (("KS", "KH", "KD", "KC", *(f"T{n}" for n in range(1, 13)), "T21", "EX"),
          ("2S", "3S", "4H", "5D", "T13", "T14")),
}


def discard_position(preset: str) -> FrenchTarotState:
    """The taker (seat 0, at Garde) at the discard: ``a`` holds many suit cards, ``b`` is short of them."""
    mine, chien = DISCARD_HANDS[preset]
    hands, chien = fixture({0: mine}, chien=chien, key=f"discard-{preset}")
    return run(GAME.new(0, hands=hands, chien=chien, dealer=3), *auction(3, 0, "garde"))


class PresetPicker(Panel):
    """A demo over preset positions where the learner picks cards of one hand (discard, poignée)."""

    def __init__(self, positions: dict[str, FrenchTarotState], preset: str, settings: Settings | None = None):
        self.positions, self.preset = positions, preset
        self.chosen: list[str] = []
        super().__init__(settings)

    @property
    def state(self) -> FrenchTarotState:
        """The position of the chosen preset."""
        return self.positions[self.preset]

    def toggle(self, card: str, hand: tuple[str, ...], limit: int | None = None) -> None:
        """Take a card out of the selection, or add one of ``hand`` while fewer than ``limit``."""
        if card in hand:
            self.chosen = toggle(self.chosen, card, limit)

    def common_press(self, key: str) -> bool:
        """Go to preset ``key`` or clear the selection; False for any other button."""
        if key in self.positions:
            self.preset, self.chosen = key, []
        elif key == "clear":
            self.chosen = []
        else:
            return False
        return True


class DiscardDemo(PresetPicker):
    """Click six of the taker's 24 cards; the engine's ``check_discard`` accepts them or says why not."""

    def __init__(self, settings: Settings | None = None):
        super().__init__({k: discard_position(k) for k in DISCARD_HANDS}, "a", settings)

    def render(self, lang: str) -> list[dict]:
        """Presets, the chien, the 24 cards to pick from, and the verdict."""
        s = self.state
        out = [buttons([("a", say("step3.preset_a", lang)), ("b", say("step3.preset_b", lang))], pressed=self.preset),
               md(say("step3.chien", lang)),
               cards(s.chien, PACK, lang, block="chien"),
               md(say("step3.hand", lang)),
               cards(s.hands[s.taker], PACK, lang, block="hand", pick=True, selected=self.chosen),
               buttons([("offer", say("step3.offer", lang)), ("clear", say("clear", lang))])]
        if len(self.chosen) < 6:
            out.append(note(say("selected", lang, n=len(self.chosen), of=6) + " "
                            + say("step3.pick", lang, n=6 - len(self.chosen)), "info"))
            return out
        action, why = GAME.check_discard(s, self.chosen)
        if action is None:
            out.append(note(why.text(lang), "bad"))
        else:
            shown = [c for c in action.cards if R.SUIT[c] == "T"]
            out.append(note(say("step3.ok_trumps", lang, cards=tuple(shown)) if shown else say("step3.ok", lang), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Toggle a card (up to six), switch preset, take the engine's suggestion, or clear."""
        if intent == "pick":
            self.toggle(content["card"], self.state.hands[self.state.taker], 6)
        elif intent == "press" and not self.common_press(content["id"]) and content["id"] == "offer":
            self.chosen = list(GAME.discard_offer(self.state).cards)


def discard_quiz(settings: Settings | None = None) -> Quiz:
    """May a lone King be discarded?"""
    return say.quiz("step3.quiz", ["yes", "no"], "no", settings)


# --- step 4: poignée ------------------------------------------------------------------------------

POIGNEE_HANDS = {
    "p10": ("T20", "T18", "T16", "T14", "T12", "T10", "T8", "T6", "T4", "T2"),
    "p9x": ("T19", "T17", "T15", "T13", "T11", "T9", "T7", "T5", "T3", "EX"),
    "p13x": (*(f"T{n}" for n in range(2, 15)), "EX"),
    "p8x": ("T21", "T18", "T15", "T12", "T9", "T6", "T3", "T1", "EX"),
}


def poignee_position(key: str) -> FrenchTarotState:
    """Seat 0 at its first card with a preset of trumps (the rest dealt without further trumps);
    Player 1 took at Garde sans, so no chien or discard is involved."""
    mine = POIGNEE_HANDS[key]
    hands, chien = fixture({0: mine}, allow={0: lambda c: R.SUIT[c] in R.SUITS}, key=key)
    state = GAME.new(0, hands=hands, chien=chien, dealer=3)
    return run(state, *auction(3, 1, "garde_sans"), "chelem:no")


class PoigneeDemo(PresetPicker):
    """A preset hand: the engine's poignée offers per level, and ``check_poignee`` on your own choice."""

    def __init__(self, settings: Settings | None = None):
        super().__init__({k: poignee_position(k) for k in POIGNEE_HANDS}, "p9x", settings)

    def render(self, lang: str) -> list[dict]:
        """Presets, the hand, the table of levels, the offers and the verdict on the selection."""
        s = self.state
        offers = dict(GAME.poignee_offers(s))
        level_name = lambda n: i18n.translate(f"french_tarot.level.{n}", lang)  # noqa: E731
        rows = [[level_name(lv), size, bonus, say("step4.offered" if lv in offers else "step4.not_offered", lang)]
                for size, lv, bonus in R.POIGNEE_LEVELS]
        out = [buttons([(k, say(f"step4.preset_{k[1:]}", lang)) for k in POIGNEE_HANDS], pressed=self.preset),
               md(say("step4.hand", lang)),
               cards(s.hands[0], PACK, lang, block="hand", pick=True, selected=self.chosen),
               table([say("step4.head_level", lang), say("step4.head_size", lang), say("step4.head_bonus", lang),
                      say("step4.head_offer", lang)], rows)]
        for level, action in offers.items():
            out += [md(say("step4.offer_cards", lang, level=level_name(level))),
                    cards(action.cards, PACK, lang, block=f"offer-{level}")]
        if not offers:
            out.append(note(say("step4.no_offer", lang), "info"))
        out.append(buttons([(f"use-{lv}", say("step4.use", lang, level=level_name(lv))) for lv in offers]
                           + [("clear", say("clear", lang))]))
        if self.chosen:
            action, why = GAME.check_poignee(s, self.chosen)
            if action is None:
                out.append(note(say("step4.count", lang, n=len(self.chosen)) + " " + why.text(lang), "bad"))
            else:
                n = len(action.cards)
                out.append(note(say("step4.ok", lang, level=level_name(R.POIGNEE_NAME[n]),
                                    bonus=R.POIGNEE_BONUS[n]), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Toggle a card, switch preset, take an offer, or clear."""
        if intent == "pick":
            self.toggle(content["card"], self.state.hands[0])
        elif intent == "press" and not self.common_press(content["id"]):
            offers = dict(GAME.poignee_offers(self.state))
            key = content["id"]
            if key.startswith("use-") and key[4:] in offers:
                self.chosen = list(offers[key[4:]].cards)


def poignee_quiz(settings: Settings | None = None) -> Quiz:
    """May the Excuse replace a trump that is held but hidden?"""
    return say.quiz("step4.quiz", ["yes", "no"], "no", settings)


