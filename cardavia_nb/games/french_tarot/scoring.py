"""French Tarot scoring (§9, §10): counting the piles, the settlement with its amounts named once, and
``settle`` (the scores and the itemised settlement of a finished deal).

The counting and the settlement also work from bare facts (``count_deal``, ``settle_facts``), which the
computer players' fast playouts and the lessons use without a state.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, NamedTuple

from cardavia_nb.core.game import Item
from cardavia_nb.core.text import Msg
from cardavia_nb.games.french_tarot.rules import (EX, MULTIPLIER, PETIT, POIGNEE_BONUS, card_points,
                                                  excuse_slam_lead, oudlers, target)

FrenchTarotState = Any  # state.FrenchTarotState (that module builds on this one, so it is not imported)

BASE = 25  # the contract's base, to which the difference is added before the multiplier
PETIT_AU_BOUT = 10  # times the multiplier, to the side that wins the Petit in the last trick
CHELEM_ANNOUNCED_MADE = 400
CHELEM_ANNOUNCED_FAILED = -200
CHELEM_UNANNOUNCED = 200
DEFENCE_CHELEM = -200  # from the taker's side: the defenders won every trick
TAKER_SHARE = 3  # the taker is paid (or pays) by each of the three defenders
EXCUSE_COMPENSATION = 0.5  # moved to the side that won a trick the other side's Excuse was played to


class Settlement(NamedTuple):
    """The settlement of a deal: per-defender amount ``d`` (taker gets 3d), made, diff and items."""

    made: bool
    diff: int
    base: int
    d: float
    items: tuple[Item, ...]


def settle_facts(contract: str, n_oudlers: int, points: float, pab: str | None = None,
                 poignees: Iterable[int] = (), chelem_announced: bool = False,
                 taker_all: bool = False, defence_all: bool = False) -> Settlement:
    """Settle a deal from its facts (§10): ``pab`` is "taker", "defence" or None, ``poignees`` the
    bonuses (20/30/40) declared by anyone. Amounts are per defender from the taker's side."""
    m = MULTIPLIER[contract]
    goal = target(n_oudlers)
    made = points >= goal
    diff = math.ceil(abs(points - goal))
    base = (BASE + diff) * m
    sign = 1 if made else -1
    items = [Item("french_tarot.item.card_points", None, points, (("points", points),)),
             Item("french_tarot.item.target", None, goal, (("oudlers", n_oudlers),)),
             Item("french_tarot.item.oudlers", None, n_oudlers, ()),
             Item("french_tarot.item.multiplier", None, m, (("contract", Msg.of(f"french_tarot.contract.{contract}")),)),
             Item("french_tarot.item.base", None, sign * base, (("diff", diff), ("made", made)))]
    d = sign * base
    if pab is not None:
        amount = PETIT_AU_BOUT * m * (1 if pab == "taker" else -1)
        d += amount
        items.append(Item(f"french_tarot.item.pab_{pab}", None, amount, ()))
    for bonus in poignees:
        d += sign * bonus
        items.append(Item("french_tarot.item.poignee", None, sign * bonus, (("bonus", bonus),)))
    chelem = 0
    if chelem_announced:
        chelem = CHELEM_ANNOUNCED_MADE if taker_all else CHELEM_ANNOUNCED_FAILED
    elif taker_all:
        chelem = CHELEM_UNANNOUNCED
    if defence_all:
        chelem += DEFENCE_CHELEM
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
        return owner_taker, EXCUSE_COMPENSATION if winner_taker else -EXCUSE_COMPENSATION
    if slam_lead:
        return owner_taker, 0.0
    return not owner_taker, 0.0


def count_deal(history: tuple[tuple[int, tuple[str, ...], int], ...], taker: int, contract: str,
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


def settlement(state: FrenchTarotState) -> Settlement:
    """The per-defender settlement of a finished deal (what ``settle`` spreads over the seats)."""
    t = count_deal(state.history, state.taker, state.contract, state.discard, state.chien)
    return settle_facts(state.contract, t.n_oudlers, t.points, t.pab,
                        tuple(POIGNEE_BONUS[len(c)] for _, c in state.poignees), state.chelem,
                        t.taker_all, t.defence_all)


def seat_scores(d: float, taker: int) -> tuple[float, ...]:
    """Each seat's score for a per-defender amount ``d``: the taker 3d, each defender -d."""
    return tuple(TAKER_SHARE * d if s == taker else -d for s in range(4))


def spread(st: Settlement, taker: int) -> tuple[tuple[float, ...], tuple[Item, ...]]:
    """A settlement spread over the seats: each seat's score, and the items followed by those scores."""
    scores = seat_scores(st.d, taker)
    return scores, st.items + tuple(Item("french_tarot.item.score", s, scores[s], ()) for s in range(4))


def settle(state: FrenchTarotState) -> tuple[tuple[float, ...], tuple[Item, ...]]:
    """The scores per seat of a finished deal and the itemised settlement (the count, the contract, each
    bonus, the per-defender total, then each seat's score)."""
    return spread(settlement(state), state.taker)
