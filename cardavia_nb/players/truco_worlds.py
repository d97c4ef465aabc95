"""What a Truco player can work out from its view: the worlds still possible (the opponent's unseen
cards sampled from the cards not seen, agreeing with an announced envido value, each a ``World`` the
engine deals and replays to the same view) and the exact open-card outcome of the rest of a deal
(``solve``), read from the deciding seat's side (``Position``)."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Any, Sequence

from cardavia_nb.core.game import World
from cardavia_nb.games.truco import (
    CARDS, HAND_SIZE, PARDA, POWER, TrucoView, deal_winner, envido_value, next_leader, seen_by_seat,
    trick_result,
)

WORLDS = 200  # opponent hands sampled per decision


# --- what the view tells ------------------------------------------------------------------------
def unseen_cards(view: TrucoView) -> tuple[str, ...]:
    """Cards the seat has not seen: the pack but its own dealt cards and the opponent's played cards."""
    seen = set(view.original_hand) | set(seen_by_seat(view)[1 - view.seat])
    return tuple(c for c in CARDS if c not in seen)


@lru_cache(maxsize=256)
def _candidates(unseen: tuple[str, ...], played: tuple[str, ...], k: int,
                announced: int | None) -> tuple[tuple[str, ...], ...]:
    """Every opponent holding of k unseen cards agreeing with an announced envido value."""
    combos = combinations(unseen, k)
    if announced is None:
        return tuple(combos)
    return tuple(h for h in combos if envido_value(played + h) == announced)


def hand_pool(view: TrucoView) -> tuple[tuple[str, ...], ...] | None:
    """Every holding of the opponent's unplayed cards that agrees with the view, or None when any
    hand of unseen cards does (nothing played, no envido shown: they are drawn without being listed)."""
    opp = 1 - view.seat
    k = view.counts[opp]
    announced = None if view.envido_values is None else view.envido_values[opp]
    if announced is None and k == HAND_SIZE:
        return None
    return _candidates(unseen_cards(view), seen_by_seat(view)[opp], k, announced)


def opponent_hands(view: TrucoView, rand: random.Random, n: int) -> list[tuple[str, ...]]:
    """Up to ``n`` holdings of the opponent's unplayed cards consistent with the view, at random."""
    pool = hand_pool(view)
    if pool is None:
        unseen = unseen_cards(view)
        return [tuple(rand.sample(unseen, HAND_SIZE)) for _ in range(n)]
    if len(pool) <= n:
        return list(pool)
    return [pool[i] for i in rand.sample(range(len(pool)), n)]


def worlds_of(view: TrucoView, holdings: Sequence[tuple[str, ...]]) -> list[World]:
    """The worlds in which the opponent still holds each of ``holdings``: the deal dealt at the view's
    deal number, dealer and starting scores, the opponent's cards being its plays then the holding,
    and the deal's public moves since (one tuple shared by every world)."""
    first = view.seat == 0
    played = seen_by_seat(view)[1 - view.seat]
    mine, dealer, scores, deal_no = view.original_hand, view.dealer, view.start_scores, view.deal_no
    moves = view.moves
    return [World({"hands": (mine, played + held) if first else (played + held, mine), "dealer": dealer,
                   "scores": scores, "deal_no": deal_no}, moves) for held in holdings]


def sample_worlds(view: TrucoView, rand: random.Random, n: int = WORLDS) -> list[World]:
    """Up to ``n`` worlds consistent with the view, drawn at random (the one sampler signature)."""
    return worlds_of(view, opponent_hands(view, rand, n))


# --- exact play of the rest of a deal -------------------------------------------------------------
# Seats are read from my side: 1 = me, 0 = the opponent, so trick results, leaders and the deal
# winner of the rules' own functions (``trick_result``, ``next_leader``, ``deal_winner``) apply as is.
@lru_cache(maxsize=200_000)
def solve(mine: tuple[int, ...], theirs: tuple[int, ...], results: tuple[int, ...],
          me_to_move: bool, table: int | None, mano_me: bool) -> int:
    """1 if I win the deal with both sides playing perfectly with open cards, else 0.

    Hands are sorted tuples of trick powers; results use 1 = me, 0 = opponent, -1 = parda;
    ``table`` is the power of the led card when the mover follows.
    """
    hand = mine if me_to_move else theirs
    outcomes = []
    for i, power in enumerate(hand):
        if i and hand[i - 1] == power:
            continue
        rest = hand[:i] + hand[i + 1:]
        my_rest, their_rest = (rest, theirs) if me_to_move else (mine, rest)
        outcomes.append(_after_play(my_rest, their_rest, results, me_to_move, table, mano_me, power))
    return max(outcomes) if me_to_move else min(outcomes)


def _after_play(mine: tuple[int, ...], theirs: tuple[int, ...], results: tuple[int, ...],
                me_to_move: bool, table: int | None, mano_me: bool, power: int) -> int:
    """The deal's open-card outcome (1 = I win) once the mover has played a card of ``power``
    (``mine`` and ``theirs`` are the hands left after it)."""
    if table is None:
        return solve(mine, theirs, results, not me_to_move, power, mano_me)
    leader = int(not me_to_move)  # the mover follows the card on the table
    won = trick_result(table, power)
    if won != PARDA:
        won = leader if won == 0 else 1 - leader
    results = results + (won,)
    decided = deal_winner(results, int(mano_me))
    if decided is not None:
        return decided
    return solve(mine, theirs, results, next_leader(leader, won) == 1, None, mano_me)


def powers(cards: Sequence[str]) -> tuple[int, ...]:
    """Sorted trick powers of cards (all that matters for who wins tricks)."""
    return tuple(sorted(POWER[c] for c in cards))


class Position:
    """The card-play position of a view, from the deciding seat's side."""

    def __init__(self, view: Any):
        """Read my cards, the trick results and whose card is on the table from the view."""
        me = view.seat
        self.mine = powers(view.hand)
        self.results = tuple(PARDA if t.parda else int(t.winner == me) for t in view.tricks)
        self.mano_me = view.mano == me
        led = view.trick_cards[0] if view.trick_cards else None
        self.table = None if led is None else POWER[led.card]
        self.table_mine = led is not None and led.seat == me
        self.i_play_next = (view.trick_leader == me) == (led is None)

    def value(self, theirs: tuple[int, ...]) -> int:
        """Deal outcome (1 = I win) from here with open cards."""
        if self.table_mine:
            return solve(self.mine, theirs, self.results, False, self.table, self.mano_me)
        return solve(self.mine, theirs, self.results, self.i_play_next, self.table, self.mano_me)

    def after_card(self, card: str, theirs: tuple[int, ...]) -> int:
        """Deal outcome if I play ``card`` now (it is my turn to play)."""
        return self.outcomes_after(card, (theirs,))[0]

    def values(self, hands: Sequence[tuple[int, ...]]) -> list[int]:
        """``value`` for each of the opponent's hands (worlds share hands: each is solved once)."""
        return _each(self.value, hands)

    def outcomes_after(self, card: str, hands: Sequence[tuple[int, ...]]) -> list[int]:
        """``after_card`` for each of the opponent's hands, each distinct hand solved once."""
        power = POWER[card]
        rest = list(self.mine)
        rest.remove(power)
        mine, results, table, mano_me = tuple(rest), self.results, self.table, self.mano_me
        return _each(lambda theirs: _after_play(mine, theirs, results, True, table, mano_me, power), hands)


def _each(outcome: Any, hands: Sequence[tuple[int, ...]]) -> list[int]:
    """``outcome(hand)`` for every hand, computed once per distinct hand."""
    known: dict[tuple[int, ...], int] = {}
    out = []
    for hand in hands:
        value = known.get(hand)
        if value is None:
            value = known[hand] = outcome(hand)
        out.append(value)
    return out


__all__ = ["Position", "hand_pool", "opponent_hands", "powers", "sample_worlds", "solve",
           "unseen_cards", "worlds_of"]
