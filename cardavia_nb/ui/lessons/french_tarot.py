"""French Tarot lesson panels: oudlers and targets, the pack, the auction, the discard, poignées, legal
cards, the Excuse, counting a pile, the settlement and the High player's view.

Every rule a demo shows comes from the engine (``cardavia_nb.games.french_tarot``): legal actions,
``check_discard`` / ``check_poignee`` / ``poignee_offers``, the refusal reasons, trick winners, the
Excuse's fate, card points, targets and ``settle``. The panels only set up positions (real engine
states built from fixture deals), keep the learner's choices and put the engine's answers into words.
"""

from __future__ import annotations

from typing import Any, Callable

from cardavia_nb import i18n
from cardavia_nb.core.game import Event, IllegalAction
from cardavia_nb.core.rng import rng
from cardavia_nb.games.french_tarot import FrenchTarot, TarotState, card_points, settle, target
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from cardavia_nb.traditions import by_game
from cardavia_nb.ui.adapters import amount
from cardavia_nb.ui.panel import Panel, Prose, Quiz, buttons, cards, md, note, number, table
from cardavia_nb.ui.settings import Settings

GAME = FrenchTarot()
PACK = "tarot"


def say(key: str, lang: str, **params: Any) -> str:
    """A lesson text of French Tarot in ``lang``."""
    return i18n.translate(f"french_tarot.lesson.{key}", lang, **params)


def name_of(seat: int, lang: str) -> str:
    """A seat's name in the demos: "You" for seat 0, "Player n" for the others."""
    return say("you", lang) if seat == 0 else say("seat", lang, n=seat)


def contract_name(contract: str, lang: str) -> str:
    """A contract's name (Prise, Garde ...)."""
    return i18n.translate(f"french_tarot.contract.{contract}", lang)


def played_by(trick, leader: int, taker: int | None, lang: str) -> dict[str, str]:
    """Marks under the cards of a trick: who played each, and which of them is the taker."""
    marks = {}
    for i, card in enumerate(trick):
        seat = (leader + i) % 4
        marks[card] = name_of(seat, lang) + (f" · {say('taker', lang)}" if seat == taker else "")
    return marks


# --- real positions from fixture deals --------------------------------------------------------

def fixture(fixed: dict[int, tuple[str, ...]], chien: tuple[str, ...] = (),
            allow: dict[int, Callable[[str], bool]] | None = None, key: str = "") -> tuple:
    """Four hands and a chien holding the ``fixed`` cards, the rest dealt by a seeded shuffle.

    ``allow[seat](card)`` says which extra cards a seat may receive (to keep a void or a trump limit);
    the first shuffle that deals every card and leaves nobody with a Petit sec is used.
    """
    allow = allow or {}
    taken = {c for cs in fixed.values() for c in cs} | set(chien)
    rest = [c for c in R.CARDS if c not in taken]
    for attempt in range(200):
        order = list(rest)
        rng("french_tarot-lesson", key, attempt).shuffle(order)
        hands = {s: list(fixed.get(s, ())) for s in range(4)}
        pile = list(chien)
        for card in order:
            open_seats = [s for s in range(4) if len(hands[s]) < 18 and allow.get(s, lambda c: True)(card)]
            if open_seats:
                hands[max(open_seats, key=lambda s: (18 - len(hands[s]), -s))].append(card)
            elif len(pile) < 6:
                pile.append(card)
        if all(len(h) == 18 for h in hands.values()) and len(pile) == 6 \
                and not any(R.is_petit_sec(h) for h in hands.values()):
            return tuple(tuple(hands[s]) for s in range(4)), tuple(pile)
    raise ValueError(f"No fixture deal fits {key!r}.")


def run(state: TarotState, *action_ids: str) -> TarotState:
    """The state after the given actions, each applied by the engine."""
    for action_id in action_ids:
        state = GAME.apply(state, action_id)
    return state


def auction(dealer: int, taker: int, contract: str) -> tuple[str, ...]:
    """The bids of an auction in which only ``taker`` bids (``contract``)."""
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    return tuple(f"bid:{contract}" if s == taker else "bid:pass" for s in order)


def words(*keys: str, settings: Settings | None = None) -> Prose:
    """Lesson text (keys under ``french_tarot.lesson.``) in the page's language."""
    return Prose(*(f"french_tarot.lesson.{k}" for k in keys), settings=settings)


# --- introduction --------------------------------------------------------------------------------

class Intro(Panel):
    """Title, what the game is, its card tradition, players and length, and a glossary."""

    def render(self, lang: str) -> list[dict]:
        """The introduction and glossary."""
        tradition = by_game("french_tarot")
        return [md(say("title", lang)),
                md(say("intro", lang, tradition=tradition.name(lang), place=tradition.place(lang),
                       count=tradition.card_count)),
                cards(tradition.sample, PACK, lang, block="tradition"),
                md(say("glossary", lang))]


def step(n: int, settings: Settings | None = None) -> Prose:
    """The explanation of seed section ``n`` (1-8)."""
    return words(f"step{n}.text", settings=settings)


# --- step 1: oudlers and targets -------------------------------------------------------------------

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
    return Quiz("french_tarot.lesson.step1.quiz.question",
                [(str(t), str(t)) for t in (56, 51, 41, 36)], str(target(2)),
                "french_tarot.lesson.step1.quiz.explain", settings)


# --- step 2: the pack and the auction -----------------------------------------------------------

def pack_groups() -> list[tuple[str, tuple[str, ...]]]:
    """The 78 cards of the engine's pack by group: the four suits, the trumps, the Excuse."""
    groups = [(s, tuple(c for c in R.CARDS if R.SUIT[c] == s)) for s in R.SUITS]
    groups.append(("T", tuple(c for c in R.CARDS if R.SUIT[c] == "T")))
    groups.append(("X", (R.EX,)))
    return [(g, R.sort_cards(ids)) for g, ids in groups]


def group_title(group: str, lang: str) -> str:
    """The heading of a group of the pack."""
    if group in R.SUITS:
        suit = i18n.translate(f"cards.tarot.suit.{group}", lang)
        return say("step2.pack_suit", lang, suit=suit[:1].upper() + suit[1:])
    return say("step2.pack_trumps" if group == "T" else "step2.pack_excuse", lang)


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
                                points=amount(card_points((self.card,)))), "info"))
        out.append(note(say("step2.total", lang, n=len(R.CARDS), points=amount(card_points(R.CARDS))), "info"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A click on a card of the pack."""
        if intent == "pick" and content["card"] in R.KEY:
            self.card = content["card"]


AUCTION_DEALER = 0


class AuctionDemo(Panel):
    """Play the four bids of an auction; the engine's legal actions say what each player may say."""

    def __init__(self, settings: Settings | None = None):
        self.start = GAME.new(1, dealer=AUCTION_DEALER)
        self.state = self.start
        self.said: list[tuple[int, str]] = []
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The ladder of contracts, the order of speaking, the bids so far and the choices now."""
        ladder = [[contract_name(c, lang), f"×{R.MULTIPLIER[c]}",
                   say("step2.chien_" + {"prise": "taken", "garde": "taken", "garde_sans": "sans",
                                          "garde_contre": "contre"}[c], lang)] for c in R.CONTRACTS[1:]]
        order = [name_of((AUCTION_DEALER + 1 + i) % 4, lang) for i in range(4)]
        out = [md(say("step2.auction_text", lang)),
               table([say("step2.ladder_contract", lang), say("step2.ladder_multiplier", lang),
                      say("step2.ladder_chien", lang)], ladder),
               note(say("step2.order", lang, dealer=name_of(AUCTION_DEALER, lang), order=", ".join(order)), "info")]
        s = self.state
        said = [say("step2.said", lang, name=name_of(seat, lang),
                    bid=say("step2.pass", lang) if bid == "pass" else contract_name(bid, lang))
                for seat, bid in self.said]
        if said:
            out.append(md("\n".join(f"- {line}" for line in said)))
        if s.phase == "bid" and s.deal_no == self.start.deal_no:
            legal = GAME.legal_actions(s)
            allowed = ", ".join(GAME.label(a, lang) for a in legal)
            out += [note(say("step2.speaks", lang, name=name_of(s.to_act, lang), allowed=allowed), "info"),
                    buttons([(a.id, GAME.label(a, lang)) for a in legal])]
        elif s.taker is not None:
            out.append(note(say("step2.taker_is", lang, name=name_of(s.taker, lang),
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
        elif self.state.phase == "bid" and self.state.deal_no == self.start.deal_no:
            seat = self.state.to_act
            try:
                self.state = GAME.apply(self.state, content["id"])
            except IllegalAction as err:
                self.notice = err.text(self.lang)
            else:
                self.said.append((seat, content["id"][4:]))


def auction_quiz(settings: Settings | None = None) -> Quiz:
    """Which bids remain after a Garde."""
    base = "french_tarot.lesson.step2.quiz"
    return Quiz(f"{base}.question", [("a", f"{base}.a"), ("b", f"{base}.b"), ("c", f"{base}.c")], "b",
                f"{base}.explain", settings)


# --- step 3: the discard --------------------------------------------------------------------------

def discard_positions() -> dict[str, TarotState]:
    """Two taker positions at the discard: seed 8's real deal at Garde, and a hand short of suit cards."""
    real = GAME.new(8)
    real = run(real, *auction(real.dealer, 0, "garde"))
    hand = ("KS", "KH", "KD", "KC", *(f"T{n}" for n in range(1, 13)), "T21", "EX")
    hands, chien = fixture({0: hand}, chien=("2S", "3S", "4H", "5D", "T13", "T14"), key="discard")
    short = GAME.new(0, hands=hands, chien=chien, dealer=3)
    short = run(short, *auction(3, 0, "garde"))
    return {"a": real, "b": short}


class PresetPicker(Panel):
    """A demo over preset positions where the learner picks cards of one hand (discard, poignée)."""

    def __init__(self, positions: dict[str, TarotState], preset: str, settings: Settings | None = None):
        self.positions, self.preset = positions, preset
        self.chosen: list[str] = []
        super().__init__(settings)

    @property
    def state(self) -> TarotState:
        """The position of the chosen preset."""
        return self.positions[self.preset]

    def toggle(self, card: str, hand: tuple[str, ...], limit: int = 78) -> None:
        """Take a card out of the selection, or add one of ``hand`` while fewer than ``limit``."""
        if card in self.chosen:
            self.chosen.remove(card)
        elif card in hand and len(self.chosen) < limit:
            self.chosen.append(card)

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
        super().__init__(discard_positions(), "a", settings)

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
    base = "french_tarot.lesson.step3.quiz"
    return Quiz(f"{base}.question", [("yes", f"{base}.yes"), ("no", f"{base}.no")], "no", f"{base}.explain", settings)


# --- step 4: poignée ------------------------------------------------------------------------------

POIGNEE_HANDS = {
    "p10": ("T20", "T18", "T16", "T14", "T12", "T10", "T8", "T6", "T4", "T2"),
    "p9x": ("T19", "T17", "T15", "T13", "T11", "T9", "T7", "T5", "T3", "EX"),
    "p13x": (*(f"T{n}" for n in range(2, 15)), "EX"),
    "p8x": ("T21", "T18", "T15", "T12", "T9", "T6", "T3", "T1", "EX"),
}


def poignee_position(key: str) -> TarotState:
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
    base = "french_tarot.lesson.step4.quiz"
    return Quiz(f"{base}.question", [("yes", f"{base}.yes"), ("no", f"{base}.no")], "no", f"{base}.explain", settings)


# --- step 5: legal cards in a trick ------------------------------------------------------------

def trumps_below(n: int) -> Callable[[str], bool]:
    """Extra cards allowed: anything but trumps from ``n`` up."""
    return lambda c: R.SUIT[c] != "T" or R.RANK[c] < n


def not_suit(*suits: str) -> Callable[[str], bool]:
    """Extra cards allowed: none of ``suits`` ("T" for trumps, "X" for the Excuse)."""
    return lambda c: R.SUIT[c] not in suits


# case -> (taker, trick played by Players 1, 2, 3, your key cards, rules for the other cards dealt)
TRICKS: dict[str, tuple[int, tuple[str, str, str], tuple[str, ...], dict[int, Callable[[str], bool]]]] = {
    "follow": (2, ("5S", "NS", "2S"), ("KS", "10S", "3S", "EX"), {0: not_suit("S", "X")}),
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


def trick_position(case: str) -> TarotState:
    """You (seat 0) to play the fourth card of trick 1 of a Garde sans deal, as in ``TRICKS[case]``."""
    taker, trick, mine, allow = TRICKS[case]
    fixed = {0: mine, 1: (trick[0],), 2: (trick[1],), 3: (trick[2],)}
    hands, chien = fixture(fixed, allow=allow, key=f"trick-{case}")
    state = GAME.new(0, hands=hands, chien=chien, dealer=TRICK_DEALER)
    return run(state, *auction(TRICK_DEALER, taker, "garde_sans"), "chelem:no", *(f"play:{c}" for c in trick))


def trick_words(event: Event, lang: str) -> str:
    """The end of a trick in words from the engine's events: its winner, and the Excuse kept."""
    if event.kind == "trick":
        return say("step5.won", lang, name=name_of(event.seat, lang), points=amount(event.amount))
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
    def state(self) -> TarotState:
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
               note(say("step5.roles", lang, taker=name_of(s.taker, lang)), "info"),
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
    base = "french_tarot.lesson.step5.quiz"
    allowed = R.legal(("T1", "5S"), ("KD", "T2"))
    answer = "petit" if allowed == ("T1",) else "spade" if allowed == ("5S",) else "either"
    return Quiz(f"{base}.question", [("petit", f"{base}.petit"), ("spade", f"{base}.spade"),
                                     ("either", f"{base}.either")], answer, f"{base}.explain", settings)


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
        winner = R.trick_winner(trick, leader, slam)
        to_taker, moved = R.excuse_fate(trick, leader, winner, taker, no, slam)
        marks = played_by(trick, leader, taker, lang)
        half = "no_half" if moved == 0 else "half_to_taker" if moved > 0 else "half_to_defence"
        out = [buttons([(k, say(f"step6.case_{k}", lang)) for k in EXCUSE_CASES], pressed=self.case),
               md(say("step6.trick", lang, n=no, taker=name_of(taker, lang))),
               cards(trick, PACK, lang, block="trick", marks=marks)]
        if slam:
            out.append(note(say("step6.slam_note", lang), "info"))
        out.append(note(" ".join((say("step6.winner", lang, name=name_of(winner, lang)),
                                  say("step6.to_taker" if to_taker else "step6.to_defence", lang),
                                  say(f"step6.{half}", lang))), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Another case chosen."""
        if intent == "press" and content["id"] in EXCUSE_CASES:
            self.case = content["id"]


def excuse_quiz(settings: Settings | None = None) -> Quiz:
    """A defender's Excuse in trick 7 won by the taker."""
    base = "french_tarot.lesson.step6.quiz"
    return Quiz(f"{base}.question", [("a", f"{base}.a"), ("b", f"{base}.b"), ("c", f"{base}.c")], "b",
                f"{base}.explain", settings)


# --- step 7: counting a pile -----------------------------------------------------------------------

EXAMPLE_PILE = ("T21", "T1", "EX", "KS", "KH", "QD", "NC", "JS", "7H", "T5")


class PileDemo(Panel):
    """Click cards into a pile; the engine counts its card points and oudlers and sets its target."""

    def __init__(self, settings: Settings | None = None):
        self.pile: list[str] = []
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The pack to pick from, the pile, its count and target."""
        out = []
        for group, ids in pack_groups():
            out += [md(group_title(group, lang)),
                    cards(ids, PACK, lang, block=group, pick=True, selected=self.pile)]
        out += [buttons([("example", say("step7.example", lang)), ("clear", say("clear", lang))]),
                md(say("step7.pile", lang))]
        if not self.pile:
            return out + [note(say("step7.empty", lang), "info")]
        points, n = card_points(self.pile), R.oudlers(self.pile)
        goal = target(n)
        verdict = (say("step7.made", lang, diff=amount(points - goal)) if points >= goal
                   else say("step7.short", lang, diff=amount(goal - points)))
        return out + [cards(R.sort_cards(self.pile), PACK, lang, block="pile"),
                      note(say("step7.count", lang, n=len(self.pile), points=amount(points), oudlers=n,
                               target=goal) + " " + verdict, "ok" if points >= goal else "info")]

    def handle(self, intent: str, content: dict) -> None:
        """Add or remove a card, load the example pile, or clear."""
        if intent == "pick" and content["card"] in R.KEY:
            card = content["card"]
            if card in self.pile:
                self.pile.remove(card)
            else:
                self.pile.append(card)
        elif intent == "press" and content["id"] == "example":
            self.pile = list(EXAMPLE_PILE)
        elif intent == "press" and content["id"] == "clear":
            self.pile = []


def pile_quiz(settings: Settings | None = None) -> Quiz:
    """Count four cards; the right answer is the engine's count."""
    right = amount(card_points(("KS", "QH", "T21", "7D")))
    choices = sorted({right, "12", "13.5", "4"}, key=float)
    return Quiz("french_tarot.lesson.step7.quiz.question", [(c, c) for c in choices], right,
                "french_tarot.lesson.step7.quiz.explain", settings,
                extra=lambda lang: [cards(("KS", "QH", "T21", "7D"), PACK, lang, block="quiz")])


def bonuses(settings: Settings | None = None) -> Prose:
    """The text on Petit au bout, poignée and chelem bonuses."""
    return words("step7.bonuses", settings=settings)


# --- step 8: settlement ---------------------------------------------------------------------------

CHELEM = {"none": (False, False, False), "made": (True, True, False), "failed": (True, False, False),
          "silent": (False, True, False), "defence": (False, False, True)}
PRESETS = {
    "seed": dict(contract="garde", oudlers=2, points=45, half=False, pab="none", poignee=0, chelem="none"),
    "pab": dict(contract="garde", oudlers=2, points=50, half=False, pab="taker", poignee=0, chelem="none"),
    "chelem": dict(contract="garde", oudlers=3, points=91, half=False, pab="none", poignee=0, chelem="made"),
}


class SettleDemo(Panel):
    """The settlement of a deal from its facts, computed and itemised by the engine's ``settle``."""

    def __init__(self, settings: Settings | None = None):
        self.facts = dict(PRESETS["seed"])
        super().__init__(settings)

    def result(self):
        """The engine's settlement of the current facts."""
        f = self.facts
        announced, taker_all, defence_all = CHELEM[f["chelem"]]
        return settle(f["contract"], f["oudlers"], f["points"] + (0.5 if f["half"] else 0),
                      None if f["pab"] == "none" else f["pab"], (f["poignee"],) if f["poignee"] else (),
                      announced, taker_all, defence_all)

    def item_line(self, item, lang: str) -> list[str]:
        """One settlement line in words with its amount."""
        return [i18n.translate(item.key, lang, **dict(item.params)), amount(item.amount)]

    def render(self, lang: str) -> list[dict]:
        """Presets, the facts as buttons and numbers, the itemised settlement and the four scores."""
        f = self.facts
        st = self.result()
        choice = lambda label, items, pressed: [md(say(label, lang)), buttons(items, pressed=pressed)]  # noqa: E731
        out = [buttons([("preset-seed", say("step8.seed_example", lang)),
                        ("preset-pab", say("step8.pab_example", lang)),
                        ("preset-chelem", say("step8.chelem_example", lang))]),
               *choice("step8.contract", [(f"contract-{c}", contract_name(c, lang)) for c in R.CONTRACTS[1:]],
                       f"contract-{f['contract']}"),
               number("oudlers", say("step8.oudlers", lang), f["oudlers"], 0, 3),
               number("points", say("step8.points", lang), f["points"], 0, 91),
               buttons([("half", say("step8.half_on" if f["half"] else "step8.half", lang))],
                       pressed="half" if f["half"] else None),
               *choice("step8.pab", [(f"pab-{p}", say(f"step8.pab_{p}", lang)) for p in ("none", "taker", "defence")],
                       f"pab-{f['pab']}"),
               *choice("step8.poignee", [("poignee-0", say("none", lang))]
                       + [(f"poignee-{b}", f"{i18n.translate(f'french_tarot.level.{n}', lang)} ({b})")
                          for _, n, b in R.POIGNEE_LEVELS], f"poignee-{f['poignee']}"),
               *choice("step8.chelem", [(f"chelem-{c}", say(f"step8.chelem_{c}", lang)) for c in CHELEM],
                       f"chelem-{f['chelem']}"),
               note(say("step8.made" if st.made else "step8.failed", lang), "ok" if st.made else "bad"),
               table([say("step8.head_line", lang), say("step8.head_amount", lang)],
                     [self.item_line(i, lang) for i in st.items]),
               table([say("step8.head_player", lang), say("step8.head_score", lang)],
                     [[say("step8.taker_row", lang), f"{3 * st.d:+g}"],
                      [say("step8.defender_row", lang), f"{-st.d:+g}"]])]
        return out

    def handle(self, intent: str, content: dict) -> None:
        """A preset, a fact button, or a number field."""
        if intent == "number":
            field = content["id"]
            limits = {"oudlers": (0, 3), "points": (0, 91)}
            if field in limits:
                low, high = limits[field]
                self.facts[field] = min(high, max(low, content["value"]))
            return
        if intent != "press":
            return
        kind, _, value = content["id"].partition("-")
        f = self.facts
        if kind == "preset" and value in PRESETS:
            self.facts = dict(PRESETS[value])
        elif kind == "contract" and value in R.MULTIPLIER:
            f["contract"] = value
        elif kind == "half":
            f["half"] = not f["half"]
        elif kind == "pab" and value in ("none", "taker", "defence"):
            f["pab"] = value
        elif kind == "poignee" and value in ("0", "20", "30", "40"):
            f["poignee"] = int(value)
        elif kind == "chelem" and value in CHELEM:
            f["chelem"] = value


# --- the computer players ----------------------------------------------------------------------

EXPLAIN_SEED = 8
EXPLAIN_SEAT = 1


def explain_positions(seed: int = EXPLAIN_SEED, seat: int = EXPLAIN_SEAT) -> list[TarotState]:
    """Every card decision of ``seat`` with more than one legal card in a deal played by Low players."""
    players = [LowPlayer(seed=s) for s in range(4)]
    state, out = GAME.new(seed), []
    while state.to_act is not None:
        legal = GAME.legal_actions(state)
        if state.to_act == seat and state.phase == "play" and len(state.hands[seat]) < 18 and len(legal) > 1:
            out.append(state)
        state = GAME.apply(state, players[state.to_act].choose(GAME, GAME.observe(state, state.to_act), legal))
    return out


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
        seat_name = lambda seat: say("ai.seat", lang, n=seat)  # noqa: E731  (no "You": computers play every seat)
        n, who = len(state.history) + 1, seat_name(EXPLAIN_SEAT)
        marks = {c: seat_name((state.leader + i) % 4) for i, c in enumerate(state.trick)}
        out = [note(say("ai.deal", lang, seed=EXPLAIN_SEED, name=seat_name(state.taker),
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
