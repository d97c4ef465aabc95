"""French Tarot rules (spec french_tarot.md) as plain functions: the cards, the phases, legal cards,
trick winners, the discard and poignée checks, the action ids with the lazy list of whole-set actions,
and legality written once (``illegal_reason``; ``legal_actions`` generates the same moves faster, and a
property test checks that the two agree).

Everything works on card ids (``"KS"``, ``"T21"``, ``"EX"``) and small tuples, so tests, the engine and
the computer players share one implementation of each rule of the spec.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb
from typing import Any, Iterable, Iterator, NamedTuple

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action, IllegalAction
from cardavia_nb.core.text import Msg

FrenchTarotState = Any  # state.FrenchTarotState (that module builds on this one, so it is not imported)

CARDS = tuple(c.id for c in deck("tarot78"))
SUIT = {c.id: c.suit for c in deck("tarot78")}  # "S" "H" "D" "C", "T" for trumps, "X" for the Excuse
RANK = {c.id: c.rank for c in deck("tarot78")}
EX, PETIT, MONDE = "EX", "T1", "T21"
OUDLERS = frozenset((PETIT, MONDE, EX))
KINGS = frozenset(("KS", "KH", "KD", "KC"))
SUITS = ("S", "H", "D", "C")
TRUMPS = tuple(f"T{n}" for n in range(1, 22))
_FACE_POINTS = {14: 4.5, 13: 3.5, 12: 2.5, 11: 1.5}
POINTS = {c: (4.5 if c in OUDLERS else _FACE_POINTS.get(RANK[c], 0.5) if SUIT[c] in SUITS else 0.5)
          for c in CARDS}
# Display and id order: suits S, H, D, C from King down, then trumps from 21 down, the Excuse last.
KEY = {c: (SUITS.index(SUIT[c]) * 100 + 20 - RANK[c]) if SUIT[c] in SUITS
       else (500 + 21 - RANK[c]) if SUIT[c] == "T" else 600 for c in CARDS}

BID, DISCARD, CHELEM, PLAY, OVER = "bid", "discard", "chelem", "play", "over"
PHASES = (BID, DISCARD, CHELEM, PLAY, OVER)
DEAL_DOMAIN = "french_tarot-deal"  # the key domain of the shuffle (core.rng)
DEALER_DOMAIN = "french_tarot-dealer"  # the key domain of the first dealer's draw

CONTRACTS = ("pass", "prise", "garde", "garde_sans", "garde_contre")
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
TARGETS = (56, 51, 41, 36)
POIGNEE_LEVELS = ((10, "simple", 20), (13, "double", 30), (15, "triple", 40))
POIGNEE_BONUS = {n: bonus for n, _, bonus in POIGNEE_LEVELS}
POIGNEE_NAME = {n: name for n, name, _ in POIGNEE_LEVELS}


def _illegal(key: str, **params) -> Msg:
    """A rule problem as its message ``french_tarot.illegal.<key>``."""
    return Msg.of(f"french_tarot.illegal.{key}", **params)


def chien_shown(contract: str | None) -> bool:
    """Whether the chien is shown and taken by the taker (Prise and Garde, §5, §6)."""
    return contract in ("prise", "garde")


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in display order (suits from the King down, trumps from 21 down, the Excuse last)."""
    return tuple(sorted(cards, key=KEY.__getitem__))


def card_points(cards: Iterable[str]) -> float:
    """The card points of a pile (§2.2)."""
    return sum(POINTS[c] for c in cards)


def oudlers(cards: Iterable[str]) -> int:
    """How many oudlers (T1, T21, EX) a pile holds."""
    return sum(1 for c in cards if c in OUDLERS)


def target(n_oudlers: int) -> int:
    """The points the taker needs with this many oudlers (§2.3)."""
    return TARGETS[n_oudlers]


def is_petit_sec(hand: Iterable[str]) -> bool:
    """Whether a dealt hand holds the Petit as its only trump and no Excuse (§4.2)."""
    trumps = [c for c in hand if SUIT[c] in "TX"]
    return trumps == [PETIT]


def check_deal(hands, chien) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """An explicit deal in display order once it is checked to be a real one: four hands of 18 and a
    chien of 6 holding the 78 cards of the pack once each (§4.1); else a ValueError saying what is wrong."""
    if chien is None:
        raise ValueError("An explicit deal needs the chien as well as the hands.")
    hands, chien = [list(h) for h in hands], list(chien)
    if len(hands) != 4:
        raise ValueError(f"A French Tarot deal has four hands, not {len(hands)}.")
    for seat, hand in enumerate(hands):
        if len(hand) != 18:
            raise ValueError(f"Each hand holds 18 cards, but seat {seat}'s holds {len(hand)}.")
    if len(chien) != 6:
        raise ValueError(f"The chien holds 6 cards, not {len(chien)}.")
    seen: set[str] = set()
    for card in [c for h in hands for c in h] + chien:
        if card not in KEY:
            raise ValueError(f"{card!r} is not a card of the Tarot pack.")
        if card in seen:
            raise ValueError(f"{card} is dealt twice.")
        seen.add(card)
    return tuple(sort_cards(h) for h in hands), sort_cards(chien)


def legal(hand: tuple[str, ...], trick: tuple[str, ...]) -> tuple[str, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (§8.3), in hand order."""
    if not trick or trick == (EX,):
        return hand
    led = trick[0] if trick[0] != EX else trick[1]
    led_suit = SUIT[led]
    if led_suit != "T" and any(SUIT[c] == led_suit for c in hand):
        return tuple(c for c in hand if SUIT[c] == led_suit or c == EX)
    trumps = tuple(c for c in hand if SUIT[c] == "T")
    if trumps:
        high = max((RANK[c] for c in trick if SUIT[c] == "T"), default=0)
        over = tuple(c for c in trumps if RANK[c] > high)
        return (over or trumps) + ((EX,) if EX in hand else ())
    return hand


def illegal_card_reason(hand: tuple[str, ...], trick: tuple[str, ...], card: str) -> Msg | None:
    """Why ``card`` may not be played, or None if it may."""
    if card not in hand:
        return _illegal("not_in_hand", card=card)
    if card in legal(hand, trick):
        return None
    led = trick[0] if trick[0] != EX else trick[1]
    if SUIT[led] != "T" and any(SUIT[c] == SUIT[led] for c in hand):
        return _illegal("must_follow", card=card, card_led=led)
    if SUIT[card] == "T":
        high = max((c for c in trick if SUIT[c] == "T"), key=RANK.__getitem__)
        return _illegal("must_overtrump", card=card, card_high=high)
    return _illegal("must_trump", card=card)


def best_card(trick: tuple[str, ...]) -> int:
    """The index of the card that wins ``trick`` by rank alone (highest trump, else highest of the led suit)."""
    best, best_key = -1, -1
    led_suit = None
    for i, c in enumerate(trick):
        s = SUIT[c]
        if s == "X":
            continue
        if led_suit is None:
            led_suit = s
        key = 100 + RANK[c] if s == "T" else RANK[c] if s == led_suit else -1
        if key > best_key:
            best, best_key = i, key
    return best


def trick_winner(trick: tuple[str, ...], leader: int, slam_lead: bool = False) -> int:
    """The seat winning a complete trick led by ``leader`` (§8.4).

    ``slam_lead`` is the §8.5 exception: the Excuse led to trick 18 by a team that won the 17 previous
    tricks wins it (``excuse_slam_lead`` says when that holds).
    """
    if slam_lead:
        return leader
    return (leader + best_card(trick)) % 4


def excuse_slam_lead(trick: tuple[str, ...], trick_no: int, leader: int, taker: int,
                     winners: tuple[int, ...]) -> bool:
    """Whether trick ``trick_no`` (1-based) is the slam exception: ``EX`` led to trick 18 by a team that
    won all 17 earlier tricks (``winners`` = the seats that won them)."""
    if trick_no != 18 or not trick or trick[0] != EX:
        return False
    side = leader == taker
    return all((w == taker) == side for w in winners)


# --- discard (§6.1) ----------------------------------------------------------------------------
def ordinary(hand: Iterable[str]) -> tuple[str, ...]:
    """The suit cards of ``hand`` that are not Kings (the only cards a discard takes first)."""
    return tuple(c for c in hand if SUIT[c] in SUITS and c not in KINGS)


def discard_trump_pool(hand: Iterable[str]) -> tuple[str, ...]:
    """The trumps of ``hand`` that may be discarded when ordinary cards run short (T2-T20)."""
    return tuple(c for c in hand if SUIT[c] == "T" and c not in OUDLERS)


def discard_problem(hand: tuple[str, ...], cards: tuple[str, ...]) -> Msg | None:
    """Why ``cards`` is not a valid discard from the taker's 24 cards ``hand``, or None (§6.1)."""
    for c in cards:  # a card that may never be discarded is named first, whatever the count
        if c not in hand:
            return _illegal("not_in_hand", card=c)
    for c in cards:
        if c in KINGS or c in OUDLERS:
            return _illegal("discard_protected", card=c)
    ords = ordinary(hand)
    trumps = [c for c in cards if SUIT[c] == "T"]
    if len(ords) >= 6 and trumps:
        return _illegal("discard_no_trump", card=trumps[0], n=len(ords))
    if len(set(cards)) != len(cards) or len(cards) != 6:
        return _illegal("discard_six", n=len(set(cards)))
    if len(ords) >= 6:
        return None
    missing = [c for c in ords if c not in cards]
    if missing:
        return _illegal("discard_all_ordinary", card=missing[0])
    return None


# --- poignée (§8.2) ----------------------------------------------------------------------------
def hand_trumps(hand: Iterable[str]) -> tuple[str, ...]:
    """The trumps of a hand (not the Excuse)."""
    return tuple(c for c in hand if SUIT[c] == "T")


def poignee_problem(hand: tuple[str, ...], shown: tuple[str, ...], public_discard: tuple[str, ...] = (),
                    four_kings: bool = False) -> Msg | None:
    """Why showing ``shown`` is not a valid poignée for ``hand``, or None (§8.2, D6, D7, D20, D21).

    ``public_discard`` are the taker's publicly discarded trumps and ``four_kings`` whether the
    four-Kings exception is open to this player (taker at Prise/Garde holding the four Kings).
    """
    if len(set(shown)) != len(shown):
        return _illegal("poignee_size", n=len(set(shown)))
    for c in shown:
        if SUIT[c] not in "TX":
            return _illegal("poignee_not_trump", card=c)
    n = len(shown)
    if n not in POIGNEE_BONUS:
        return _illegal("poignee_size", n=n)
    from_discard = [c for c in shown if c not in hand and c in public_discard]
    for c in shown:
        if c not in hand and c not in public_discard:
            return _illegal("not_in_hand", card=c)
    if from_discard:
        if not (four_kings and n == 15):
            return _illegal("poignee_discard_only_four_kings", card=from_discard[0])
        if len(from_discard) != len(public_discard):
            return _illegal("poignee_all_discarded", card=next(c for c in public_discard if c not in shown))
    if EX in shown:
        hidden = [c for c in hand_trumps(hand) if c not in shown]
        if hidden:
            return _illegal("poignee_excuse", card=hidden[0])
    return None


def poignee_offers(hand: tuple[str, ...], public_discard: tuple[str, ...] = (),
                   four_kings: bool = False) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The ready-made poignée per level the hand qualifies for: (size, cards high → low, EX last) (D22)."""
    trumps = sort_cards(hand_trumps(hand))  # high -> low
    has_ex = EX in hand
    out = []
    for n, _, _ in POIGNEE_LEVELS:
        if len(trumps) >= n:
            out.append((n, trumps[len(trumps) - n:]))
        elif len(trumps) == n - 1 and has_ex:
            out.append((n, trumps + (EX,)))
        elif n == 15 and four_kings and public_discard:
            pool = sort_cards(trumps + tuple(public_discard))
            need = 15 - len(public_discard)
            if len(trumps) >= need:
                out.append((15, sort_cards(tuple(public_discard) + trumps[len(trumps) - need:])))
            elif len(trumps) == need - 1 and has_ex:
                out.append((15, pool + (EX,)))
    return tuple(out)


# --- actions: ids, whole sets and their lazy lists ----------------------------------------------
PLAYS = {c: Action(f"play:{c}", "play", (c,)) for c in CARDS}
BIDS = {b: Action(f"bid:{b}", "bid", ()) for b in CONTRACTS}
CHELEM_YES = Action("chelem:yes", "chelem", ())
CHELEM_NO = Action("chelem:no", "chelem", ())
_FIXED = {a.id: a for a in (*PLAYS.values(), *BIDS.values(), CHELEM_YES, CHELEM_NO)}
SET_KINDS = ("discard", "poignee")


def set_action(kind: str, cards: tuple[str, ...]) -> Action:
    """The whole-set action of ``kind`` with ``cards`` (its id lists them in display order)."""
    ordered = sort_cards(cards)
    return Action(f"{kind}:{'+'.join(ordered)}", kind, ordered)


def parse_action(action_id: object) -> Action:
    """The action with this id; an unknown id raises IllegalAction naming it."""
    if isinstance(action_id, str):
        found = _FIXED.get(action_id)
        if found is not None:
            return found
        kind, _, rest = action_id.partition(":")
        if kind in SET_KINDS and rest:
            cards = tuple(rest.split("+"))
            if all(c in KEY for c in cards) and len(set(cards)) == len(cards) <= 24:
                return set_action(kind, cards)
    raise IllegalAction(Msg.of("core.unknown_action", id=str(action_id)))


class Family(NamedTuple):
    """A family of set-actions: ``fixed`` cards plus every ``k``-subset of ``pool``."""

    kind: str
    fixed: tuple[str, ...]
    pool: tuple[str, ...]
    k: int

    def size(self) -> int:
        """How many actions the family holds."""
        return comb(len(self.pool), self.k)

    def nth(self, index: int) -> Action:
        """The ``index``-th action (combinations in lexicographic order of ``pool``)."""
        chosen, start, n = [], 0, len(self.pool)
        for r in range(self.k, 0, -1):
            for j in range(start, n):
                count = comb(n - j - 1, r - 1)
                if index < count:
                    chosen.append(self.pool[j])
                    start = j + 1
                    break
                index -= count
        return set_action(self.kind, self.fixed + tuple(chosen))

    def __iter__(self) -> Iterator[Action]:  # type: ignore[override]
        """Every action of the family, in index order."""
        for combo in itertools.combinations(self.pool, self.k):
            yield set_action(self.kind, self.fixed + combo)

    def holds(self, action: Action) -> bool:
        """Whether ``action`` is one of the family's sets."""
        if action.kind != self.kind or len(action.cards) != len(self.fixed) + self.k:
            return False
        cards = set(action.cards)
        return cards.issuperset(self.fixed) and cards.difference(self.fixed).issubset(self.pool)


class ActionList(Sequence):
    """An exact, ordered, immutable list of legal actions: ``head`` actions, then each family's sets."""

    __slots__ = ("head", "families", "_len")

    def __init__(self, head: tuple[Action, ...], families: tuple[Family, ...]):
        self.head = head
        self.families = families
        self._len = len(head) + sum(f.size() for f in families)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):  # type: ignore[override]
        """The action at ``index`` (negative indexes count from the end; slices give tuples)."""
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._len)))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("action index out of range")
        if index < len(self.head):
            return self.head[index]
        index -= len(self.head)
        for family in self.families:
            size = family.size()
            if index < size:
                return family.nth(index)
            index -= size
        raise IndexError("action index out of range")

    def __iter__(self) -> Iterator[Action]:
        yield from self.head
        for family in self.families:
            yield from family

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        return action in self.head or any(f.holds(action) for f in self.families)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionList):
            return self.head == other.head and self.families == other.families
        if isinstance(other, tuple):
            return self._len == len(other) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.head, self.families))

    def __repr__(self) -> str:
        return f"ActionList({len(self)} actions: {len(self.head)} listed + {self.families!r})"


def poignee_families(state: FrenchTarotState, seat: int) -> tuple[Family, ...]:
    """Every valid poignée of ``seat`` as families of sets (§8.2)."""
    hand = state.hands[seat]
    trumps = hand_trumps(hand)
    ex = EX in hand
    out = []
    for n, _, _ in POIGNEE_LEVELS:
        if len(trumps) >= n:
            out.append(Family("poignee", (), trumps, n))
        if ex and len(trumps) == n - 1:
            out.append(Family("poignee", trumps + (EX,), (), 0))
    if four_kings_open(state, seat):
        shown = public_discard(state)
        need = 15 - len(shown)
        if len(trumps) >= need:
            out.append(Family("poignee", shown, trumps, need))
        if ex and len(trumps) == need - 1:
            out.append(Family("poignee", shown + trumps + (EX,), (), 0))
    return tuple(out)


def discard_family(hand: tuple[str, ...]) -> Family:
    """Every valid discard of the taker's 24 cards as one family (§6.1)."""
    ords = ordinary(hand)
    if len(ords) >= 6:
        return Family("discard", (), ords, 6)
    return Family("discard", ords, discard_trump_pool(hand), 6 - len(ords))


def four_kings_exception(seat: int, taker: int | None, contract: str | None, hand: Iterable[str],
                         discarded_trumps: tuple[str, ...]) -> bool:
    """Whether the four-Kings exception (D7) is open to ``seat``: the taker at Prise/Garde, holding the
    four Kings, who had to discard trumps."""
    return seat == taker and chien_shown(contract) and KINGS.issubset(hand) and bool(discarded_trumps)


def may_show_poignee(phase: str, held: int, seat: int, poignees: tuple[tuple[int, tuple[str, ...]], ...]) -> bool:
    """Whether ``seat``, holding ``held`` cards, may still show a poignée: in play, before its first card,
    not yet declared (§8.2)."""
    return phase == PLAY and held == 18 and all(s != seat for s, _ in poignees)


def four_kings_open(state: FrenchTarotState, seat: int) -> bool:
    """``four_kings_exception`` for ``seat`` in ``state``."""
    return four_kings_exception(seat, state.taker, state.contract, state.hands[seat], public_discard(state))


def public_discard(state: FrenchTarotState) -> tuple[str, ...]:
    """The discarded trumps, which are public (§6.1)."""
    return tuple(c for c in state.discard if SUIT[c] == "T")


def may_declare(state: FrenchTarotState, seat: int) -> bool:
    """``may_show_poignee`` for ``seat`` in ``state``."""
    return may_show_poignee(state.phase, len(state.hands[seat]), seat, state.poignees)


def highest_bid(bids: Iterable[tuple[int, str]]) -> str:
    """The highest bid so far ("pass" if none)."""
    return max((b for _, b in bids), key=CONTRACTS.index, default="pass")


# --- legality ----------------------------------------------------------------------------------
_BID_CHOICES = tuple((BIDS["pass"],) + tuple(BIDS[c] for c in CONTRACTS[h + 1:]) for h in range(5))


def legal_actions(state: FrenchTarotState):
    """Exactly the moves ``illegal_reason`` allows, generated directly: an ``ActionList`` where whole
    sets are possible (a discard, a first card with a poignée to show), else a tuple."""
    phase = state.phase
    if phase == PLAY:
        seat = state.to_act
        hand = state.hands[seat]
        plays = tuple(PLAYS[c] for c in legal(hand, state.trick))
        if len(hand) == 18 and may_declare(state, seat):
            families = poignee_families(state, seat)
            if families:
                return ActionList(plays, families)
        return plays
    if phase == BID:
        return _BID_CHOICES[CONTRACTS.index(highest_bid(state.bids))]
    if phase == DISCARD:
        return ActionList((), (discard_family(state.hands[state.taker]),))
    if phase == CHELEM:
        return (CHELEM_NO, CHELEM_YES)
    return ()


def illegal_reason(state: FrenchTarotState, action: Action) -> Msg | None:
    """Why ``action`` breaks the rules in ``state``, in the rules' words, or None if it is legal."""
    if state.to_act is None:
        return Msg.of("core.game_over")
    kind, phase, seat = action.kind, state.phase, state.to_act
    if kind == "play" and phase == PLAY:
        return illegal_card_reason(state.hands[seat], state.trick, action.cards[0])
    if kind == "bid" and phase == BID:
        bid = action.id[4:]
        if bid == "pass" or CONTRACTS.index(bid) > CONTRACTS.index(highest_bid(state.bids)):
            return None
        return _illegal("bid_too_low", bid=bid)
    if kind == "discard" and phase == DISCARD:
        return discard_problem(state.hands[state.taker], action.cards)
    if kind == "chelem" and phase == CHELEM:
        return None
    if kind == "poignee" and phase == PLAY:
        if not may_declare(state, seat):
            return _illegal("poignee_late")
        return poignee_problem(state.hands[seat], action.cards, public_discard(state), four_kings_open(state, seat))
    return _illegal(f"phase_{phase}")
