"""Pao De Kuai step 5 and the computer players: finished deals settled by the engine, and High's reasons."""

from __future__ import annotations

from cardavia_nb.games.pao_de_kuai import PaoDeKuaiState, shape_text
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from cardavia_nb.core.record import replay
from cardavia_nb.ui.lessons.kit import example
from cardavia_nb.ui.lessons.pao_de_kuai.common import GAME, PACK, say, seat_name, settlement_blocks
from cardavia_nb.ui.panel import Panel, buttons, cards, md, note, table
from cardavia_nb.ui.settings import Settings


ENDINGS = {
    "charges": example(GAME, hands=["5H 6D 9C 9D 2S", "3S 4S 4H 4D 4C 6C 7D 8S 9S 10H JD QC KH AS AD AC", ""],
                       has_played=[True, False, True]),
    "bombs": example(GAME, ("play:10H+10S", "play:JH+JS", "play:5C+5D+5H+5S", "play:QC+QD+QH+QS"),
                     hands=["10S 10H QC QD QH QS", "JS JH 7C", "3C 5D 5S 5H 5C"], has_played=[True, True, True]),
    "spring": example(GAME, ("play:3D+3H+4D+4H+5D+5H+6D+6H+7D+7H+8D+8H+9D+9H+10D+10H",),
                      hands=["3H 3D 4H 4D 5H 5D 6H 6D 7H 7D 8H 8D 9H 9D 10H 10D",
                             "JS JH JD JC QS QH QD QC AS AD AC 2S 3S 4S 5S 6S",
                             "KS KH KD KC 3C 4C 5C 6C 7S 7C 8S 8C 9S 9C 10S 10C"]),
}


class SettleDemo(Panel):
    """Finished deals and the engine's itemised settlement: cards left, doubling, 2♠, bombs, bonuses."""

    def __init__(self, settings: Settings | None = None):
        self.ending = "charges"
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Ending buttons, what each seat still holds, then the settlement table."""
        state = replay(GAME, ENDINGS[self.ending])
        out = [buttons([(f"end:{e}", say(f"settle.name.{e}", lang)) for e in ENDINGS], pressed=f"end:{self.ending}"),
               md(say(f"settle.story.{self.ending}", lang))]
        for seat, hand in enumerate(state.hands):
            if seat == state.winner:
                out.append(md(f"**{seat_name(seat, lang)}** · {say('settle.out', lang)}"))
                continue
            played = "" if state.has_played[seat] else " · " + say("settle.never", lang)
            out.append(md(f"**{seat_name(seat, lang)}** · {say('cards_left', lang, n=len(hand))}{played}"))
            out.append(cards(hand, PACK, lang, block=f"left-{seat}"))
        return out + settlement_blocks(state, lang)

    def handle(self, intent: str, content: dict) -> None:
        """``end:<name>`` shows another finished deal."""
        side, _, name = content.get("id", "").partition(":")
        if side == "end" and name in ENDINGS:
            self.ending = name


# --- the computer players -----------------------------------------------------------------------

# The deal of the explain view, written out (it was the lessons' demo deal 2): High has choices to weigh.
EXPLAIN_HANDS = ("3D 4H 4S 6D 7D 8D 10C 10H 10S JC QC KD KS AC AS 2S",
                 "3S 4D 5S 6S 7C 7H 7S 8H 9C 9H 9S 10D JD JS QS KH",
                 "3C 3H 4C 5C 5D 5H 6C 6H 8C 8S 9D JH QD QH KC AD")


def explain_position() -> PaoDeKuaiState:
    """The position of the explain view: the deal ``EXPLAIN_HANDS`` after its opening play by Low."""
    state = GAME.new(0, hands=list(EXPLAIN_HANDS))
    seat = state.to_act
    return GAME.apply(state, LowPlayer(seed=seat).choose(GAME, GAME.observe(state, seat), GAME.legal_actions(state)))


class ExplainDemo(Panel):
    """What the High player weighs in one seeded position, from its own view only, and what it plays."""

    def __init__(self, settings: Settings | None = None):
        self.position = explain_position()
        seat = self.position.to_act
        self.view = GAME.observe(self.position, seat)
        legal = GAME.legal_actions(self.position)
        high = HighPlayer(seed=seat)
        self.rows = high.explain(GAME, self.view, legal)
        self.chosen = high.choose(GAME, self.view, legal)
        self.low = LowPlayer(seed=seat).choose(GAME, self.view, legal)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The view (own hand, the play to beat, counts), the candidates table, and both choices."""
        view, top = self.view, self.view.top
        counts = ", ".join(f"{seat_name(s, lang)}: {n}" for s, n in enumerate(view.counts))
        head = [say("explain.col_move", lang), say("explain.col_value", lang), say("explain.col_reason", lang)]
        rows = [[GAME.label(r["id"], lang), f"{r['value']:+.1f}", r["message"].text(lang)] for r in self.rows]
        return [
            md(say("explain.position", lang, name=seat_name(view.seat, lang),
                   top=seat_name(top.seat, lang), shape=shape_text(top.combo, lang), counts=counts)),
            cards(top.cards, PACK, lang, block="explain-top"),
            md(say("explain.hand", lang, name=seat_name(view.seat, lang))),
            cards(view.hand, PACK, lang, block="explain-hand"),
            table(head, rows),
            note(say("explain.chosen", lang, move=GAME.label(self.chosen, lang)), "ok"),
            note(say("explain.low", lang, move=GAME.label(self.low, lang)), "info"),
        ]

