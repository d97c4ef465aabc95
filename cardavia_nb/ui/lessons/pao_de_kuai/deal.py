"""Pao De Kuai steps 1 and 2: a race to the end of a deal, and the deck with who opens a demo deal."""

from __future__ import annotations

from cardavia_nb.core.cards import deck
from cardavia_nb.core.record import replayed
from cardavia_nb.games.pao_de_kuai import PaoDeKuaiState, shape_text
from cardavia_nb.games.pao_de_kuai import RANK
from cardavia_nb.ui.lessons.kit import bullets, demo_deal, example
from cardavia_nb.ui.lessons.pao_de_kuai.common import GAME, PACK, say, seat_name
from cardavia_nb.ui.panel import Panel, buttons, cards, md, note
from cardavia_nb.ui.settings import Settings

RACE_HANDS = ("5S 5H 9D", "6C 6D 8S 8H 8D 8C KH 3D", "4S 4H JC 2S")
RACE_MOVES = ("play:5H+5S", "play:6C+6D", "pass", "pass", "play:8C+8D+8H+8S", "pass", "pass",
              "play:3D", "play:JC", "pass", "play:KH")
RACE = example(GAME, RACE_MOVES, hands=list(RACE_HANDS), has_played=[True, True, True])


class RaceDemo(Panel):
    """A short deal near its end, move by move: the first seat to empty its hand ends the deal."""

    def __init__(self, settings: Settings | None = None):
        self.states = self.replay()
        self.at = 0
        super().__init__(settings)

    @staticmethod
    def replay() -> list[PaoDeKuaiState]:
        """Every state of the race deal, from the start to the seat going out."""
        return list(replayed(GAME, RACE))

    @classmethod
    def final_state(cls) -> PaoDeKuaiState:
        """The race deal once it is over."""
        return cls.replay()[-1]

    def render(self, lang: str) -> list[dict]:
        """Each seat's cards (open, for the lesson), the play to beat, what just happened, buttons."""
        state = self.states[self.at]
        out = [md(say("race.title", lang, step=self.at, steps=len(RACE_MOVES)))]
        for seat, hand in enumerate(state.hands):
            turn = " " + say("race.to_act", lang) if state.to_act == seat else ""
            out.append(md(f"**{seat_name(seat, lang)}** · {say('cards_left', lang, n=len(hand))}{turn}"))
            out.append(cards(hand, PACK, lang, block=f"race-{seat}"))
        if state.top is not None:
            out.append(md(say("race.top", lang, name=seat_name(state.top.seat, lang),
                              shape=shape_text(state.top.combo, lang))))
        lines = [GAME.describe(e).text(lang, reader=None) for e in state.events if e.kind not in ("points", "deal")]
        if self.at and lines:
            out.append(bullets(lines))
        if state.winner is not None:
            out.append(note(say("race.over", lang, name=seat_name(state.winner, lang)), "ok"))
        items = [("restart", say("race.restart", lang))]
        if self.at < len(RACE_MOVES):
            items.insert(0, ("next", say("race.next", lang)))
        out.append(buttons(items))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """``next`` shows one more move, ``restart`` goes back to the start."""
        if content.get("id") == "next" and self.at < len(RACE_MOVES):
            self.at += 1
        elif content.get("id") == "restart":
            self.at = 0


# --- step 2: the deck and the 3 of hearts -----------------------------------------------------

DEMO_DEALS = (1, 2, 3)  # demo deals of the lessons' own key domain (kit.demo_deal)


def removed_cards() -> tuple[str, ...]:
    """The cards of the 54-card pack that the game's 48-card deck leaves out."""
    kept = {c.id for c in deck(GAME.pack)}
    return tuple(c.id for c in deck("french54") if c.id not in kept)


def rank_ladder() -> tuple[str, ...]:
    """One card of each rank, lowest first, in the engine's rank order (spades where they exist)."""
    best: dict[int, str] = {}
    for card in deck(GAME.pack):
        rank = RANK[card.id]
        if rank not in best or card.id.endswith("S"):
            best[rank] = card.id
    return tuple(best[r] for r in sorted(best))


class DeckDemo(Panel):
    """The 54-card pack with the six cards removed, the rank ladder, and who opens a demo deal."""

    def __init__(self, settings: Settings | None = None):
        self.deal = DEMO_DEALS[0]
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Pack with marks, ranks low to high, then the 3♥ holder of the chosen deal and its first plays."""
        gone = removed_cards()
        mark = say("deck.removed_mark", lang)
        state = demo_deal(GAME, self.deal)
        holder = state.to_act
        first = [GAME.label(a, lang) for a in GAME.legal_actions(state)]
        return [
            md(say("deck.pack", lang, kept=len(deck(GAME.pack)), total=len(deck("french54")))),
            cards([c.id for c in deck("french54")], PACK, lang, block="pack", marks=dict.fromkeys(gone, mark)),
            md(say("deck.removed", lang, cards=gone)),
            md(say("deck.ranks", lang)),
            cards(rank_ladder(), PACK, lang, block="ranks"),
            md(say("deck.deal", lang)),
            buttons([(f"deal:{n}", say("deck.seed", lang, n=n)) for n in DEMO_DEALS], pressed=f"deal:{self.deal}"),
            md(say("deck.holder", lang, name=seat_name(holder, lang), n=len(first))),
            cards(state.hands[holder], PACK, lang, block="holder", marks={"3H": say("deck.opens_mark", lang)}),
            bullets(first),
        ]

    def handle(self, intent: str, content: dict) -> None:
        """``deal:<n>`` shows another demo deal."""
        chosen = content.get("id", "")
        if chosen.startswith("deal:") and chosen[5:].isdigit() and int(chosen[5:]) in DEMO_DEALS:
            self.deal = int(chosen[5:])


