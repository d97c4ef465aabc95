"""French Tarot steps 5 and 6: the legal cards of a trick, and where the Excuse ends."""

from __future__ import annotations

from typing import Callable

from cardavia_nb.core.game import Event, IllegalAction
from cardavia_nb.games.french_tarot import FrenchTarotState, legal, trick_winner
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.scoring import excuse_fate
from cardavia_nb.ui.lessons.french_tarot.common import GAME, PACK, YOU, auction, fixture, played_by, run, say
from cardavia_nb.ui.lessons.kit import seat_name
from cardavia_nb.ui.panel import Panel, Quiz, buttons, cards, md, note
from cardavia_nb.ui.settings import Settings


def trumps_below(n: int) -> Callable[[str], bool]:
    """Extra cards allowed: anything but trumps from ``n`` up."""
    return lambda c: R.SUIT[c] != "T" or R.RANK[c] < n


def not_suit(*suits: str) -> Callable[[str], bool]:
    """Extra cards allowed: none of ``suits`` ("T" for trumps, "X" for the Excuse)."""
    return lambda c: R.SUIT[c] not in suits


# case -> (taker, trick played by Players 1, 2, 3, your key cards, rules for the other cards dealt)
TRICKS: dict[str, tuple[int, tuple[str, str, str], tuple[str, ...], dict[int, Callable[[str], bool]]]] = {
    "follow": (2, ("5S", "NS", "2S"), ("KS", "10S", "3S", "EX", "10C"), {0: not_suit("S", "X")}),
    "trump": (1, ("7H", "QH", "9H"), ("T3", "T16", "EX"), {0: not_suit("H", "X")}),
    "over": (3, ("7H", "T10", "2H"), ("T4", "T12", "T15", "EX"), {0: not_suit("H", "X"), 2: not_suit("H")}),
    "under": (3, ("7H", "T15", "3H"), ("T4", "T12"),
              {0: lambda c: R.SUIT[c] not in "HX" and trumps_below(15)(c), 2: not_suit("H")}),
    "partner": (1, ("T8", "T14", "T3"), ("T16", "T5", "KS"),
                {0: lambda c: c != R.EX and trumps_below(14)(c), 3: trumps_below(14)}),
    "excuse": (2, ("EX", "9C", "2C"), ("KC", "4C", "T7"), {0: not_suit("X")}),
    "free": (3, ("8D", "2D", "T5"), ("KH", "QC", "3S"), {0: not_suit("D", "T", "X"), 3: not_suit("D")}),
}
TRICK_DEALER = 0  # Player 1 leads, you play fourth


def trick_position(case: str) -> FrenchTarotState:
    """You (seat 0) to play the fourth card of trick 1 of a Garde sans deal, as in ``TRICKS[case]``."""
    taker, trick, mine, allow = TRICKS[case]
    fixed = {0: mine, 1: (trick[0],), 2: (trick[1],), 3: (trick[2],)}
    hands, chien = fixture(fixed, allow=allow, key=f"trick-{case}")
    state = GAME.new(0, hands=hands, chien=chien, dealer=TRICK_DEALER)
    return run(state, *auction(TRICK_DEALER, taker, "garde_sans"), "chelem:no", *(f"play:{c}" for c in trick))


def trick_words(event: Event, lang: str) -> str:
    """The end of a trick in words from the engine's events: its winner, and the Excuse kept."""
    if event.kind == "trick":
        return say("step5.won", lang, name=seat_name(event.seat, lang, YOU), points=event.amount)
    if event.kind == "excuse":
        return say("step5.excuse_half" if event.amount else "step5.excuse_kept", lang)
    return ""


class TrickDemo(Panel):
    """Preset tricks: the engine's legal cards are marked; a click plays a card or shows the refusal."""

    def __init__(self, settings: Settings | None = None):
        self.positions = {k: trick_position(k) for k in TRICKS}
        self.case = "follow"
        self.played: str | None = None
        super().__init__(settings)

    @property
    def state(self) -> FrenchTarotState:
        """The position of the chosen trick."""
        return self.positions[self.case]

    def legal_cards(self) -> tuple[str, ...]:
        """The cards the engine lets you play."""
        return tuple(a.cards[0] for a in GAME.legal_actions(self.state) if a.kind == "play")

    def render(self, lang: str) -> list[dict]:
        """Cases, roles, the trick, your hand with legal cards marked, and the outcome of a click."""
        s = self.state
        legal = self.legal_cards()
        trick_marks = played_by(s.trick, s.leader, s.taker, lang)
        out = [buttons([(k, say(f"step5.case_{k}", lang)) for k in TRICKS], pressed=self.case),
               note(say("step5.roles", lang, taker=seat_name(s.taker, lang, YOU)), "info"),
               md(say("step5.trick", lang)),
               cards(s.trick, PACK, lang, block="trick", marks=trick_marks),
               md(say("step5.hand", lang)),
               cards(s.hands[0], PACK, lang, block="hand", pick=True, selected=(self.played,) if self.played else (),
                     marks={c: say("step5.legal_mark", lang) for c in legal}),
               note(say("step5.legal", lang, cards=legal), "info")]
        if self.played:
            try:
                after = GAME.apply(s, f"play:{self.played}")
            except IllegalAction as err:
                out.append(note(err.text(lang), "bad"))
            else:
                out.append(note(" ".join([say("step5.played", lang, card=self.played),
                                          *filter(None, (trick_words(e, lang) for e in after.events))]), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A card clicked in your hand, or another trick chosen."""
        if intent == "pick" and content["card"] in self.state.hands[0]:
            self.played = content["card"]
        elif intent == "press" and content["id"] in TRICKS:
            self.case, self.played = content["id"], None


def trick_quiz(settings: Settings | None = None) -> Quiz:
    """Must the Petit be played on a trumped diamond lead? (the engine's ``legal`` decides the answer)"""
    allowed = legal(("T1", "5S"), ("KD", "T2"))
    answer = "petit" if allowed == ("T1",) else "spade" if allowed == ("5S",) else "either"
    return say.quiz("step5.quiz", ["petit", "spade", "either"], answer, settings)


# --- step 6: the Excuse ------------------------------------------------------------------------

# case -> (trick number, taker, leader, the four cards from the leader on)
EXCUSE_CASES: dict[str, tuple[int, int, int, tuple[str, str, str, str]]] = {
    "e1": (4, 1, 2, ("9H", "QH", "KH", "EX")),
    "e2": (7, 1, 1, ("4C", "EX", "2C", "3C")),
    "e3": (9, 1, 1, ("5D", "EX", "KD", "2D")),
    "e4": (18, 1, 2, ("7S", "8S", "9S", "EX")),
    "e5": (18, 1, 2, ("7S", "EX", "9S", "KS")),
    "slam": (18, 1, 1, ("EX", "KH", "5H", "T2")),
}


class ExcuseDemo(Panel):
    """Where the Excuse ends, by the engine's trick winner and Excuse rules, in six cases."""

    def __init__(self, settings: Settings | None = None):
        self.case = "e1"
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Cases, the trick with who played what, the winner and the Excuse's fate."""
        no, taker, leader, trick = EXCUSE_CASES[self.case]
        earlier = (taker,) * (no - 1) if self.case == "slam" else ()
        slam = R.excuse_slam_lead(trick, no, leader, taker, earlier)
        winner = trick_winner(trick, leader, slam)
        to_taker, moved = excuse_fate(trick, leader, winner, taker, no, slam)
        marks = played_by(trick, leader, taker, lang)
        half = "no_half" if moved == 0 else "half_to_taker" if moved > 0 else "half_to_defence"
        out = [buttons([(k, say(f"step6.case_{k}", lang)) for k in EXCUSE_CASES], pressed=self.case),
               md(say("step6.trick", lang, n=no, taker=seat_name(taker, lang, YOU))),
               cards(trick, PACK, lang, block="trick", marks=marks)]
        if slam:
            out.append(note(say("step6.slam_note", lang), "info"))
        out.append(note(" ".join((say("step6.winner", lang, name=seat_name(winner, lang, YOU)),
                                  say("step6.to_taker" if to_taker else "step6.to_defence", lang),
                                  say(f"step6.{half}", lang))), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Another case chosen."""
        if intent == "press" and content["id"] in EXCUSE_CASES:
            self.case = content["id"]


def excuse_quiz(settings: Settings | None = None) -> Quiz:
    """A defender's Excuse in trick 7 won by the taker."""
    return say.quiz("step6.quiz", ["a", "b", "c"], "b", settings)


