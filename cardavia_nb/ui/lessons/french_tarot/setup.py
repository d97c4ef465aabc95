"""French Tarot steps 1 and 2: oudlers and targets, the pack, and the auction."""

from __future__ import annotations

from cardavia_nb.core.game import IllegalAction
from cardavia_nb.games.french_tarot import card_points, target
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.ui.lessons.french_tarot.common import (
    GAME, PACK, YOU, contract_name, group_title, pack_groups, say,
)
from cardavia_nb.ui.lessons.kit import bullets, demo_deal, seat_name
from cardavia_nb.ui.panel import Panel, Quiz, buttons, cards, md, note, table
from cardavia_nb.ui.settings import Settings


class TargetDemo(Panel):
    """Choose how many oudlers the taker ends with; the engine gives the target."""

    def __init__(self, settings: Settings | None = None):
        self.n = 2
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The oudlers, a button per count, the target and the whole table."""
        marks = {c: say("step2.mark_oudler", lang) for c in R.OUDLERS}
        rows = [[n, target(n)] for n in range(4)]
        return [md(say("step1.oudlers", lang)),
                cards((R.PETIT, R.MONDE, R.EX), PACK, lang, block="oudlers", marks=marks),
                md(say("step1.ask", lang)),
                buttons([(f"n{n}", say("step1.button", lang, n=n)) for n in range(4)], pressed=f"n{self.n}"),
                note(say("step1.answer", lang, n=self.n, target=target(self.n)), "info"),
                table([say("step1.head_oudlers", lang), say("step1.head_target", lang)], rows)]

    def handle(self, intent: str, content: dict) -> None:
        """A press on "n oudlers"."""
        if intent == "press" and content["id"] in ("n0", "n1", "n2", "n3"):
            self.n = int(content["id"][1])


def target_quiz(settings: Settings | None = None) -> Quiz:
    """How many points with the 21 and the Excuse (the Petit lost)?"""
    return say.quiz("step1.quiz", [str(t) for t in (56, 51, 41, 36)], str(target(2)), settings)


class PackDemo(Panel):
    """The 78-card pack by groups, oudlers marked; a click says what a card is and is worth."""

    def __init__(self, settings: Settings | None = None):
        self.card: str | None = None
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Each group with its cards, then the clicked card's kind and points and the pack's total."""
        marks = {c: say("step2.mark_oudler", lang) for c in R.OUDLERS}
        out = []
        for group, ids in pack_groups():
            out += [md(group_title(group, lang)),
                    cards(ids, PACK, lang, block=group, pick=True, marks=marks,
                          selected=(self.card,) if self.card else ())]
        if self.card:
            kind = "oudler" if self.card in R.OUDLERS else "trump" if R.SUIT[self.card] == "T" else "suit"
            out.append(note(say(f"step2.kind_{kind}", lang, card=self.card,
                                points=card_points((self.card,))), "info"))
        out.append(note(say("step2.total", lang, n=len(R.CARDS), points=card_points(R.CARDS)), "info"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A click on a card of the pack."""
        if intent == "pick" and content["card"] in R.KEY:
            self.card = content["card"]


AUCTION_DEALER = 0


class AuctionDemo(Panel):
    """Play the four bids of an auction; the engine's legal actions say what each player may say."""

    def __init__(self, settings: Settings | None = None):
        self.start = demo_deal(GAME, 1, dealer=AUCTION_DEALER)
        self.state = self.start
        self.said: list[tuple[int, str]] = []
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The ladder of contracts, the order of speaking, the bids so far and the choices now."""
        ladder = [[contract_name(c, lang), f"×{R.MULTIPLIER[c]}",
                   say("step2.chien_" + {"prise": "taken", "garde": "taken", "garde_sans": "sans",
                                          "garde_contre": "contre"}[c], lang)] for c in R.CONTRACTS[1:]]
        order = [seat_name((AUCTION_DEALER + 1 + i) % 4, lang, YOU) for i in range(4)]
        out = [md(say("step2.auction_text", lang)),
               table([say("step2.ladder_contract", lang), say("step2.ladder_multiplier", lang),
                      say("step2.ladder_chien", lang)], ladder),
               note(say("step2.order", lang, dealer=seat_name(AUCTION_DEALER, lang, YOU), order=", ".join(order)),
                    "info")]
        s = self.state
        said = [say("step2.said", lang, name=seat_name(seat, lang, YOU),
                    bid=say("step2.pass", lang) if bid == "pass" else contract_name(bid, lang))
                for seat, bid in self.said]
        if said:
            out.append(bullets(said))
        if s.phase == R.BID and s.deal_no == self.start.deal_no:
            legal = GAME.legal_actions(s)
            allowed = ", ".join(GAME.label(a, lang) for a in legal)
            out += [note(say("step2.speaks", lang, name=seat_name(s.to_act, lang, YOU), allowed=allowed), "info"),
                    buttons([(a.id, GAME.label(a, lang)) for a in legal])]
        elif s.taker is not None:
            out.append(note(say("step2.taker_is", lang, name=seat_name(s.taker, lang, YOU),
                                contract=contract_name(s.contract, lang), m=R.MULTIPLIER[s.contract]), "ok"))
        else:
            out.append(note(say("step2.all_pass", lang), "bad"))
        out.append(buttons([("restart", say("step2.restart", lang))]))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A bid for the player to speak, or starting again."""
        if intent != "press":
            return
        if content["id"] == "restart":
            self.state, self.said = self.start, []
        elif self.state.phase == R.BID and self.state.deal_no == self.start.deal_no:
            seat = self.state.to_act
            try:
                self.state = GAME.apply(self.state, content["id"])
            except IllegalAction as err:
                self.notice = err.text(self.lang)
            else:
                self.said.append((seat, content["id"][4:]))


def auction_quiz(settings: Settings | None = None) -> Quiz:
    """Which bids remain after a Garde."""
    return say.quiz("step2.quiz", ["a", "b", "c"], "b", settings)


