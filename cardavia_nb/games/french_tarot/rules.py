"""French Tarot rules as plain functions: card tables, legal cards, trick winners, validity checks, settlement.

Everything here works on card ids (``"KS"``, ``"T21"``, ``"EX"``) and small tuples, so tests, the engine
and the computer players share one implementation of each rule of the spec.
"""

from __future__ import annotations

import math
from typing import Iterable, NamedTuple

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Event, Item
from cardavia_nb.core.text import Msg

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

CONTRACTS = ("pass", "prise", "garde", "garde_sans", "garde_contre")
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
TARGETS = (56, 51, 41, 36)
POIGNEE_LEVELS = ((10, "simple", 20), (13, "double", 30), (15, "triple", 40))
POIGNEE_BONUS = {n: bonus for n, _, bonus in POIGNEE_LEVELS}
POIGNEE_NAME = {n: name for n, name, _ in POIGNEE_LEVELS}


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


def illegal_card_reason(hand: tuple[str, ...], trick: tuple[str, ...], card: str) -> tuple[str, dict] | None:
    """Why ``card`` may not be played (a message key suffix and its parameters), or None if it may."""
    if card not in hand:
        return "not_in_hand", {"card": card}
    if card in legal(hand, trick):
        return None
    led = trick[0] if trick[0] != EX else trick[1]
    if SUIT[led] != "T" and any(SUIT[c] == SUIT[led] for c in hand):
        return "must_follow", {"card": card, "card_led": led}
    if SUIT[card] == "T":
        high = max((c for c in trick if SUIT[c] == "T"), key=RANK.__getitem__)
        return "must_overtrump", {"card": card, "card_high": high}
    return "must_trump", {"card": card}


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


def discard_problem(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, dict] | None:
    """Why ``cards`` is not a valid discard from the taker's 24 cards ``hand``, or None (§6.1)."""
    for c in cards:  # a card that may never be discarded is named first, whatever the count
        if c not in hand:
            return "not_in_hand", {"card": c}
    for c in cards:
        if c in KINGS or c in OUDLERS:
            return "discard_protected", {"card": c}
    ords = ordinary(hand)
    trumps = [c for c in cards if SUIT[c] == "T"]
    if len(ords) >= 6 and trumps:
        return "discard_no_trump", {"card": trumps[0], "n": len(ords)}
    if len(set(cards)) != len(cards) or len(cards) != 6:
        return "discard_six", {"n": len(set(cards))}
    if len(ords) >= 6:
        return None
    missing = [c for c in ords if c not in cards]
    if missing:
        return "discard_all_ordinary", {"card": missing[0]}
    return None


# --- poignée (§8.2) ----------------------------------------------------------------------------
def hand_trumps(hand: Iterable[str]) -> tuple[str, ...]:
    """The trumps of a hand (not the Excuse)."""
    return tuple(c for c in hand if SUIT[c] == "T")


def poignee_problem(hand: tuple[str, ...], shown: tuple[str, ...], public_discard: tuple[str, ...] = (),
                    four_kings: bool = False) -> tuple[str, dict] | None:
    """Why showing ``shown`` is not a valid poignée for ``hand``, or None (§8.2, D6, D7, D20, D21).

    ``public_discard`` are the taker's publicly discarded trumps and ``four_kings`` whether the
    four-Kings exception is open to this player (taker at Prise/Garde holding the four Kings).
    """
    if len(set(shown)) != len(shown):
        return "poignee_size", {"n": len(set(shown))}
    for c in shown:
        if SUIT[c] not in "TX":
            return "poignee_not_trump", {"card": c}
    n = len(shown)
    if n not in POIGNEE_BONUS:
        return "poignee_size", {"n": n}
    from_discard = [c for c in shown if c not in hand and c in public_discard]
    for c in shown:
        if c not in hand and c not in public_discard:
            return "not_in_hand", {"card": c}
    if from_discard:
        if not (four_kings and n == 15):
            return "poignee_discard_only_four_kings", {"card": from_discard[0]}
        if len(from_discard) != len(public_discard):
            return "poignee_all_discarded", {"card": next(c for c in public_discard if c not in shown)}
    if EX in shown:
        hidden = [c for c in hand_trumps(hand) if c not in shown]
        if hidden:
            return "poignee_excuse", {"card": hidden[0]}
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


# --- settlement (§9, §10) ----------------------------------------------------------------------
class Settlement(NamedTuple):
    """The settlement of a deal: per-defender amount ``d`` (taker gets 3d), made, diff and items."""

    made: bool
    diff: int
    base: int
    d: float
    items: tuple[Item, ...]


def settle(contract: str, n_oudlers: int, points: float, pab: str | None = None,
           poignees: Iterable[int] = (), chelem_announced: bool = False,
           taker_all: bool = False, defence_all: bool = False) -> Settlement:
    """Settle a deal from its facts (§10): ``pab`` is "taker", "defence" or None, ``poignees`` the
    bonuses (20/30/40) declared by anyone. Amounts are per defender from the taker's side."""
    m = MULTIPLIER[contract]
    goal = target(n_oudlers)
    made = points >= goal
    diff = math.ceil(abs(points - goal))
    base = (25 + diff) * m
    sign = 1 if made else -1
    items = [Item("french_tarot.item.card_points", None, points, (("points", points),)),
             Item("french_tarot.item.target", None, goal, (("oudlers", n_oudlers),)),
             Item("french_tarot.item.oudlers", None, n_oudlers, ()),
             Item("french_tarot.item.multiplier", None, m, (("contract", Msg.of(f"french_tarot.contract.{contract}")),)),
             Item("french_tarot.item.base", None, sign * base, (("diff", diff), ("made", made)))]
    d = sign * base
    if pab is not None:
        amount = 10 * m * (1 if pab == "taker" else -1)
        d += amount
        items.append(Item(f"french_tarot.item.pab_{pab}", None, amount, ()))
    for bonus in poignees:
        d += sign * bonus
        items.append(Item("french_tarot.item.poignee", None, sign * bonus, (("bonus", bonus),)))
    chelem = 0
    if chelem_announced:
        chelem = 400 if taker_all else -200
    elif taker_all:
        chelem = 200
    if defence_all:
        chelem -= 200
    if chelem_announced or taker_all or defence_all:
        d += chelem
        items.append(Item("french_tarot.item.chelem", None, chelem,
                          (("announced", chelem_announced), ("taker_all", taker_all), ("defence_all", defence_all))))
    items.append(Item("french_tarot.item.total", None, d, ()))
    return Settlement(made, diff, base, d, tuple(items))


class Tally(NamedTuple):
    """The counted piles of a finished deal: taker's points P and oudlers O, slams and Petit au bout."""

    points: float
    n_oudlers: int
    taker_pile: tuple[str, ...]
    taker_all: bool
    defence_all: bool
    pab: str | None


def excuse_fate(trick: tuple[str, ...], leader: int, winner: int, taker: int, trick_no: int,
                slam_lead: bool) -> tuple[bool, float]:
    """Where the Excuse of a trick goes: (True if it ends in the taker's pile, points moved to the taker).

    Tricks 1-17: it stays with its owner's side, and 0.5 moves to the winner's side if that is the
    other side. Trick 18: it changes side, without compensation, except in the slam lead (§8.5)."""
    owner = (leader + trick.index(EX)) % 4
    owner_taker = owner == taker
    winner_taker = winner == taker
    if trick_no < 18:
        if owner_taker == winner_taker:
            return owner_taker, 0.0
        return owner_taker, 0.5 if winner_taker else -0.5
    if slam_lead:
        return owner_taker, 0.0
    return not owner_taker, 0.0


def tally(history: tuple[tuple[int, tuple[str, ...], int], ...], taker: int, contract: str,
          discard: tuple[str, ...], chien: tuple[str, ...]) -> Tally:
    """Count a finished deal from its 18 tricks (leader, cards, winner) (§8.5, §9, §10 PAB)."""
    pile: list[str] = list(discard)
    if contract == "garde_sans":
        pile += chien
    moved = 0.0
    winners = tuple(w for _, _, w in history)
    last = len(history)
    slam_lead = False
    for no, (leader, trick, winner) in enumerate(history, start=1):
        slam_lead = excuse_slam_lead(trick, no, leader, taker, winners[:no - 1])
        rest = trick
        if EX in trick:
            to_taker, delta = excuse_fate(trick, leader, winner, taker, no, slam_lead)
            moved += delta
            if to_taker:
                pile.append(EX)
            rest = tuple(c for c in trick if c != EX)
        if winner == taker:
            pile.extend(rest)
    taker_all = all(w == taker for w in winners)
    defence_all = not any(w == taker for w in winners)
    pab_trick = history[last - 2] if slam_lead else history[last - 1]
    pab = None
    if PETIT in pab_trick[1]:
        pab = "taker" if pab_trick[2] == taker else "defence"
    return Tally(card_points(pile) + moved, oudlers(pile), tuple(pile), taker_all, defence_all, pab)


# --- the state of a deal and the rules that read it ----------------------------------------------
class TarotState(NamedTuple):
    """One moment of a deal (immutable). ``history`` holds finished tricks as (leader, cards, winner)."""

    seed: int
    deal_no: int
    dealer: int
    phase: str
    to_act: int | None
    hands: tuple[tuple[str, ...], ...]
    chien: tuple[str, ...]
    discard: tuple[str, ...]
    bids: tuple[tuple[int, str], ...]
    contract: str | None
    taker: int | None
    chelem: bool
    poignees: tuple[tuple[int, tuple[str, ...]], ...]
    leader: int
    trick: tuple[str, ...]
    history: tuple[tuple[int, tuple[str, ...], int], ...]
    events: tuple[Event, ...]


def four_kings_open(state: TarotState, seat: int) -> bool:
    """Whether the four-Kings exception (D7) is open to ``seat``: taker at Prise/Garde with the four
    Kings in hand who discarded trumps."""
    return (seat == state.taker and state.contract in ("prise", "garde")
            and KINGS.issubset(state.hands[seat]) and any(SUIT[c] == "T" for c in state.discard))


def public_discard(state: TarotState) -> tuple[str, ...]:
    """The discarded trumps, which are public (§6.1)."""
    return tuple(c for c in state.discard if SUIT[c] == "T")


def may_declare(state: TarotState, seat: int) -> bool:
    """Whether ``seat`` may still show a poignée: in play, before its first card, not yet declared."""
    return (state.phase == "play" and len(state.hands[seat]) == 18
            and all(s != seat for s, _ in state.poignees))
