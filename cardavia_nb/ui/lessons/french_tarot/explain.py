"""French Tarot's computer players: what the High player weighed at each of its decisions in a demo deal."""

from __future__ import annotations

from cardavia_nb.core.playing import play_out
from cardavia_nb.games.french_tarot import FrenchTarotState
from cardavia_nb.games.french_tarot.rules import PLAY
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from cardavia_nb.ui.lessons.french_tarot.common import GAME, PACK, contract_name, say, words
from cardavia_nb.ui.lessons.kit import demo_deal, seat_name
from cardavia_nb.ui.panel import Panel, Prose, buttons, cards, md, note, table
from cardavia_nb.ui.settings import Settings


EXPLAIN_DEAL = 8  # a demo deal of the lessons' own key domain (kit.demo_deal), with the cards below
EXPLAIN_SEAT = 1
# The cards of the deal the High player is watched in, fixed so that the demo shows the same decisions
# whatever the engine's shuffle: seat 1 is dealt the 21 and holds the Kings of hearts and diamonds.
EXPLAIN_CARDS = {
    "hands": [h.split() for h in ("QS 7S 5S 3S NH 10H QD 9D 6D 3D 2D 7C T15 T14 T13 T9 T4 T1",
                                  "NS 9S 8S 1S KH JH 1H KD 10D 4D NC 6C 2C T21 T19 T16 T10 T3",
                                  "KS 10S QH 9H 6H 5H 4H 8D KC JC 9C 4C 3C 1C T18 T12 T2 EX",
                                  "JS 6S 4S 8H 7H 3H ND 7D 5D QC 10C 8C 5C T17 T11 T8 T7 T6")],
    "chien": "2S 2H JD 1D T20 T5".split(), "dealer": 2}


def explain_positions(deal: int = EXPLAIN_DEAL, seat: int = EXPLAIN_SEAT) -> list[FrenchTarotState]:
    """Every card decision of ``seat`` with more than one legal card in a deal played by Low players."""
    players = [LowPlayer(seed=s) for s in range(4)]
    return [d.state for d in play_out(GAME, demo_deal(GAME, deal, **EXPLAIN_CARDS), players)
            if d.seat == seat and d.state.phase == PLAY and len(d.state.hands[seat]) < 18 and len(d.legal) > 1]


class ExplainDemo(Panel):
    """One seeded position: what the High player considered (its ``explain``) and what it chose."""

    def __init__(self, settings: Settings | None = None, start: int = 4):
        self.positions = explain_positions()
        self.at = min(start, len(self.positions) - 1)
        self.player = HighPlayer(seed=EXPLAIN_SEAT)
        self._cache: dict[int, tuple[list[dict], str]] = {}
        super().__init__(settings)

    def considered(self) -> tuple[list[dict], str]:
        """The High player's explanation and choice at the current position (computed once)."""
        if self.at not in self._cache:
            state = self.positions[self.at]
            view, legal = GAME.observe(state, EXPLAIN_SEAT), GAME.legal_actions(state)
            self._cache[self.at] = (self.player.explain(GAME, view, legal), self.player.choose(GAME, view, legal).id)
        return self._cache[self.at]

    def render(self, lang: str) -> list[dict]:
        """The position, the candidate moves with their values, and the move chosen."""
        state = self.positions[self.at]
        rows, chosen = self.considered()
        n, who = len(state.history) + 1, seat_name(EXPLAIN_SEAT, lang)  # no "You": computers play every seat
        marks = {c: seat_name((state.leader + i) % 4, lang) for i, c in enumerate(state.trick)}
        out = [note(say("ai.deal", lang, name=seat_name(state.taker, lang),
                        contract=contract_name(state.contract, lang)), "info"),
               md(say("ai.position" if state.trick else "ai.lead", lang, n=n, name=who))]
        if state.trick:
            out.append(cards(state.trick, PACK, lang, block="trick", marks=marks))
        out += [md(say("ai.its_hand", lang)),
                cards(state.hands[EXPLAIN_SEAT], PACK, lang, block="hand"),
                table([say("ai.head_move", lang), say("ai.head_value", lang), say("ai.head_reason", lang)],
                      [[GAME.label(r["id"], lang), f"{r['value']:+.2f}", r["message"].text(lang)]
                       for r in rows]),
                note(say("ai.chosen", lang, move=GAME.label(chosen, lang)), "ok"),
                buttons([("next", say("ai.next", lang))])]
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Move to the next decision of the High player (back to the first after the last)."""
        if intent == "press" and content["id"] == "next":
            self.at = (self.at + 1) % len(self.positions)


def play_text(settings: Settings | None = None) -> Prose:
    """The words above the playable table."""
    return words("play.text", settings=settings)
