"""Worlds consistent with a French Tarot view: who may hold each unseen card, random deals of them, and
``sample_worlds``, the samplers' common contract (each world a deal for ``Game.new`` and its moves).

Facts used: cards seen (own hand and discard, played cards, revealed chien, public discarded trumps,
shown poignées), voids and trump limits shown by failures to follow or to overtrump, the taker holding
no ordinary card after a discard containing trumps, the Excuse shown in a poignée (then every trump
was shown), the hidden discard holding only non-King suit cards, and no hand having been petit sec.
Beyond those facts, a model: the other seats are read as playing ``low_play``, and random swaps repair
each world towards agreeing with every card they played.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.core.game import World
from cardavia_nb.games.french_tarot.state import FrenchTarotView
from cardavia_nb.players.french_tarot_policy import low_follow, low_play

SUIT, RANK = R.SUIT, R.RANK


class Guess(NamedTuple):
    """A full guess of the hidden cards as they lie now: four hands, the hidden chien and the whole
    discard (the fast form the High player plays out on; ``to_world`` makes it a deal and its moves)."""

    hands: tuple[tuple[str, ...], ...]
    chien: tuple[str, ...]
    discard: tuple[str, ...]


def played_cards(view: FrenchTarotView) -> list[tuple[int, str]]:
    """Every card played so far as (seat, card), finished tricks then the current one."""
    out = [((t.leader + i) % 4, c) for t in view.history for i, c in enumerate(t.cards)]
    return out + list(view.trick)


def tricks_so_far(view: FrenchTarotView) -> list[tuple[int, tuple[str, ...]]]:
    """Every trick as (leader, cards): the finished ones, then the current one if started."""
    tricks = [(t.leader, t.cards) for t in view.history]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    return tricks


def inferences(view: FrenchTarotView) -> tuple[list[set[str]], list[int]]:
    """Per seat: suits it is known to lack ("T" = no trump at all) and the highest trump it may hold."""
    voids: list[set[str]] = [set() for _ in range(4)]
    cap = [21] * 4
    for leader, cards in tricks_so_far(view):
        for i in range(1, len(cards)):
            prior, card, seat = cards[:i], cards[i], (leader + i) % 4
            if prior == (R.EX,) or card == R.EX:
                continue
            led = prior[0] if prior[0] != R.EX else prior[1]
            if SUIT[led] != "T" and SUIT[card] != SUIT[led]:
                voids[seat].add(SUIT[led])
            if SUIT[card] != "T" and (SUIT[led] == "T" or SUIT[card] != SUIT[led]):
                voids[seat].add("T")
            if SUIT[card] == "T":
                high = max((RANK[c] for c in prior if SUIT[c] == "T"), default=0)
                if RANK[card] < high:
                    cap[seat] = min(cap[seat], high)
    return voids, cap


class Constraints(NamedTuple):
    """What a world must satisfy: fixed cards per place, capacities, and who may hold each unseen card."""

    fixed: dict[str, tuple[str, ...]]
    capacity: dict[str, int]
    allowed: dict[str, tuple[str, ...]]


def constraints(view: FrenchTarotView) -> Constraints:
    """The places of unseen cards (``hand<s>``, ``chien``, ``discard``) and the rules each card obeys."""
    me, taker = view.seat, view.taker
    played = {c for _, c in played_cards(view)}
    voids, cap = inferences(view)
    taken = R.chien_shown(view.contract)
    after_discard = taken and view.phase not in (R.BID, R.DISCARD)
    shown = {s: [c for c in cs if c not in played] for s, cs in view.poignees}
    fixed: dict[str, tuple[str, ...]] = {}
    capacity: dict[str, int] = {}
    for s in range(4):
        if s == me:
            continue
        keep = tuple(c for c in shown.get(s, ()) if not (after_discard and s == taker and c in view.discard_trumps))
        fixed[f"hand{s}"] = keep
        capacity[f"hand{s}"] = view.counts[s] - len(keep)
    if view.contract in ("garde_sans", "garde_contre") and view.phase != R.OVER:
        capacity["chien"] = 6
    elif view.contract is None and view.phase == R.BID:
        capacity["chien"] = 6
    if after_discard and me != taker:
        capacity["discard"] = 6 - len(view.discard_trumps)
    seen = set(view.hand) | played | set(view.discard) | {c for cs in fixed.values() for c in cs}
    no_ordinary = after_discard and bool(view.discard_trumps)
    ex_shown = {s for s, cs in view.poignees if R.EX in cs}
    allowed: dict[str, tuple[str, ...]] = {}
    for c in R.CARDS:
        if c in seen:
            continue
        places = []
        for place in capacity:
            if place == "discard":
                ok = SUIT[c] in R.SUITS and c not in R.KINGS
            elif place == "chien":
                ok = True
            else:
                s = int(place[4:])
                suit = SUIT[c]
                ok = suit not in voids[s] and not (suit == "T" and (RANK[c] > cap[s] or "T" in voids[s]))
                ok = ok and not (suit == "T" and s in ex_shown)
                ok = ok and not (s == taker and no_ordinary and suit in R.SUITS and c not in R.KINGS)
                if taken and c in view.chien and s != taker:
                    ok = False
            if ok:
                places.append(place)
        allowed[c] = tuple(places)
    return Constraints(fixed, capacity, allowed)


def _assign(cons: Constraints, rand: random.Random) -> dict[str, list[str]] | None:
    """A random assignment of the unseen cards to places respecting capacities (augmenting paths)."""
    members: dict[str, list[str]] = {p: [] for p in cons.capacity}
    cards = list(cons.allowed)
    rand.shuffle(cards)
    cards.sort(key=lambda c: len(cons.allowed[c]))
    where: dict[str, str] = {}

    def place(card: str, visited: set[str]) -> bool:
        options = [p for p in cons.allowed[card] if p not in visited]
        rand.shuffle(options)
        free = [p for p in options if len(members[p]) < cons.capacity[p]]
        if free:
            weights = [cons.capacity[p] - len(members[p]) for p in free]
            p = rand.choices(free, weights)[0]
            members[p].append(card)
            where[card] = p
            return True
        for p in options:
            if p in visited:
                continue
            visited.add(p)
            for other in list(members[p]):
                members[p].remove(other)
                if place(other, visited):
                    members[p].append(card)
                    where[card] = p
                    return True
                members[p].append(other)
        return False

    for card in cards:
        if not place(card, set()):
            return None
    return members


def _world(view: FrenchTarotView, cons: Constraints, members: dict[str, list[str]]) -> Guess:
    """The world built from an assignment plus the cards the view fixes."""
    hands = []
    for s in range(4):
        if s == view.seat:
            hands.append(view.hand)
        else:
            hands.append(R.sort_cards(list(cons.fixed[f"hand{s}"]) + members[f"hand{s}"]))
    chien = R.sort_cards(members["chien"]) if "chien" in members else view.chien
    if "discard" in members:
        discard = R.sort_cards(list(view.discard_trumps) + members["discard"])
    else:
        discard = view.discard
    return Guess(tuple(hands), chien, discard)


def initial_hands(view: FrenchTarotView, world: Guess) -> list[tuple[str, ...]]:
    """Each seat's 18 dealt cards in ``world`` (hand + cards played; the taker's chien swapped back)."""
    dealt = [list(h) for h in world.hands]
    for seat, card in played_cards(view):
        dealt[seat].append(card)
    if R.chien_shown(view.contract):
        t = view.taker
        dealt[t] = [c for c in dealt[t] + list(world.discard) if c not in view.chien]
    return [tuple(h) for h in dealt]


class SeenPlay(NamedTuple):
    """One card another seat played: the trick before it, its leader, what the seat played from then on,
    and the suits a follow's legal cards come from (none for a lead, which looks at the whole hand)."""

    seat: int
    trick: tuple[str, ...]
    leader: int
    card: str
    later: tuple[str, ...]
    looks: frozenset[str]


def other_plays(view: FrenchTarotView) -> dict[int, list[SeenPlay]]:
    """Per other seat, every card it played so far, in order."""
    out: dict[int, list[SeenPlay]] = {s: [] for s in range(4) if s != view.seat}
    for leader, cards in tricks_so_far(view):
        for i, card in enumerate(cards):
            seat, before = (leader + i) % 4, cards[:i]
            led = next((c for c in before if c != R.EX), None)
            if seat != view.seat:
                looks = frozenset((SUIT[led], "T", SUIT[R.EX])) if led else frozenset()
                out[seat].append(SeenPlay(seat, before, leader, card, (), looks))
    return {s: [p._replace(later=tuple(q.card for q in ps[i:])) for i, p in enumerate(ps)] for s, ps in out.items()}


Model = tuple[str, bool]  # the card low_play picks at one play, and whether it looked beyond the legal follows


def _models(hand: tuple[str, ...], plays: list[SeenPlay], taker: int, old: list[Model] | None = None,
            moved: frozenset[str] = frozenset()) -> list[Model]:
    """For a seat now holding ``hand``, what ``low_play`` picks at each of its plays; given the ``old``
    answers before cards of the suits ``moved`` left or joined the hand, only the plays they touch are redone."""
    out = []
    for k, p in enumerate(plays):
        if old is not None and not old[k][1] and not moved & p.looks:
            out.append(old[k])
            continue
        then = hand + p.later
        legal = R.legal(then, p.trick) if p.looks and len(then) > 2 else then
        if len(legal) == 1:
            out.append((legal[0], False))
        elif len(legal) < len(then):
            out.append((_follow(p.trick, p.leader, p.seat, taker, R.sort_cards(legal)), False))
        else:
            out.append((low_play(R.sort_cards(then), p.trick, p.leader, p.seat, taker), True))
    return out


def _misses(models: list[Model], plays: list[SeenPlay]) -> list[str]:
    """The cards the model picks where they differ from the cards played."""
    return [m for (m, _), p in zip(models, plays) if m != p.card]


def model_misses(hand: tuple[str, ...], plays: list[SeenPlay], taker: int) -> list[str]:
    """For a seat now holding ``hand``, the card ``low_play`` would have played instead, at each of its
    plays where that differs from the card it did play."""
    return _misses(_models(hand, plays, taker), plays)


@lru_cache(maxsize=1 << 14)
def _follow(trick: tuple[str, ...], leader: int, seat: int, taker: int, legal: tuple[str, ...]) -> str:
    """``low_follow``, remembered: while worlds are repaired the same legal cards come back often."""
    return low_follow(legal, trick, leader, seat, taker)


def _read_plays(view: FrenchTarotView, cons: Constraints, members: dict[str, list[str]],
                rand: random.Random, steps: int) -> None:
    """Swap unseen cards between places (each card staying where it may be) for up to ``steps`` steps,
    keeping a swap when the other seats' plays disagree with ``low_play`` no more often than before.
    A swap moves a card the model would have played instead out of that seat's hand when it can."""
    plays = other_plays(view)
    fixed = {int(p[4:]): cons.fixed[p] for p in cons.fixed}

    def hand(seat: int) -> tuple[str, ...]:
        return fixed[seat] + tuple(members[f"hand{seat}"])

    found = {s: _models(hand(s), plays[s], view.taker) for s in plays if plays[s]}
    for _ in range(steps):
        bad = [(s, card) for s, models in found.items() for card in _misses(models, plays[s])]
        if not bad:
            return
        seat, card = rand.choice(bad)
        here = f"hand{seat}"
        if card not in members[here]:
            card = rand.choice(members[here]) if members[here] else None
        others = [p for p in cons.allowed.get(card, ()) if p != here and members[p]] if card else []
        if not others:
            continue
        there = rand.choice(others)
        back = [c for c in members[there] if here in cons.allowed[c]]
        if not back:
            continue
        swap = rand.choice(back)
        i, j = members[here].index(card), members[there].index(swap)
        members[here][i], members[there][j] = swap, card
        moved = frozenset((SUIT[card], SUIT[swap]))
        touched = [s for s in (seat, int(there[4:]) if there.startswith("hand") else None) if s in found]
        now = {s: _models(hand(s), plays[s], view.taker, found[s], moved) for s in touched}
        if sum(len(_misses(now[s], plays[s])) for s in touched) <= sum(len(_misses(found[s], plays[s])) for s in touched):
            found.update(now)
        else:
            members[here][i], members[there][j] = card, swap


def sample_world(view: FrenchTarotView, rand: random.Random, cons: Constraints | None = None,
                 tries: int = 30, read_steps: int = 0) -> Guess | None:
    """A random world consistent with ``view`` (None only if no consistent deal was found), repaired for
    ``read_steps`` steps towards the other seats' plays read as ``low_play``'s."""
    cons = cons or constraints(view)
    for _ in range(tries):
        members = _assign(cons, rand)
        if members is None:
            return None
        if read_steps:
            _read_plays(view, cons, members, rand, read_steps)
        world = _world(view, cons, members)
        if not any(R.is_petit_sec(h) for h in initial_hands(view, world)):
            return world
    return None


READ_STEPS = 40  # the High player's repair of each world towards the others' plays (see HighPlayer)


def public_moves(view: FrenchTarotView, discard: tuple[str, ...]) -> tuple[str, ...]:
    """The action ids of the deal so far, in order, with ``discard`` as the taker's discard: the bids,
    the discard, the chelem decision, then the cards played, each poignée just before its declarer's
    first card (or last, when its declarer is still to play that card)."""
    moves = [f"bid:{b}" for _, b in view.bids]
    if R.chien_shown(view.contract) and view.phase != R.DISCARD:
        moves.append(R.set_action("discard", discard).id)
    if view.chelem is not None:
        moves.append(R.CHELEM_YES.id if view.chelem else R.CHELEM_NO.id)
    shown = dict(view.poignees)
    for seat, card in played_cards(view):
        if seat in shown:
            moves.append(R.set_action("poignee", shown.pop(seat)).id)
        moves.append(R.PLAYS[card].id)
    return tuple(moves) + tuple(R.set_action("poignee", cards).id for cards in shown.values())


def to_world(view: FrenchTarotView, guess: Guess) -> World:
    """A guess as the deal it was dealt from (hands, chien, dealer, deal number) and the moves since."""
    setup = {"hands": initial_hands(view, guess), "chien": guess.chien, "dealer": view.dealer,
             "deal_no": view.deal_no}
    return World(setup, public_moves(view, guess.discard))


def sample_worlds(view: FrenchTarotView, rand: random.Random, n: int, read_steps: int = READ_STEPS) -> list[World]:
    """Up to ``n`` worlds consistent with ``view`` (fewer only if the sampler fails), each repaired for
    ``read_steps`` steps towards the other seats' plays read as ``low_play``'s."""
    cons = constraints(view)
    guesses = (sample_world(view, rand, cons, read_steps=read_steps) for _ in range(n))
    return [to_world(view, g) for g in guesses if g is not None]


def consistent(view: FrenchTarotView, world: Guess) -> bool:
    """Whether ``world`` agrees with every fact of ``view`` as the constraints read them: the test that
    the real deal always does keeps them from ruling out the truth."""
    cons = constraints(view)
    if world.hands[view.seat] != view.hand:
        return False
    for s in range(4):
        if s == view.seat:
            continue
        hand = world.hands[s]
        if len(hand) != view.counts[s] or not set(cons.fixed[f"hand{s}"]) <= set(hand):
            return False
        if any(c not in cons.fixed[f"hand{s}"] and f"hand{s}" not in cons.allowed.get(c, ()) for c in hand):
            return False
    if "chien" in cons.capacity and len(world.chien) != 6:
        return False
    if "discard" in cons.capacity:
        hidden = [c for c in world.discard if c not in view.discard_trumps]
        if len(hidden) != cons.capacity["discard"] or any("discard" not in cons.allowed.get(c, ()) for c in hidden):
            return False
    every = [c for h in world.hands for c in h] + [c for _, c in played_cards(view)]
    every += list(world.discard) + (list(world.chien) if "chien" in cons.capacity else [])
    if sorted(every) != sorted(R.CARDS):
        return False
    return not any(R.is_petit_sec(h) for h in initial_hands(view, world))
