"""A tiny two-player trick game that exercises the protocol and the conformance suite.

Each seat gets 3 cards of the Spanish 40 pack; three tricks, any card may be played; the higher
face rank wins a trick (ties go to the leader, who leads again). Most tricks wins: payoff +1/-1.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action, Event, Game, IllegalAction, Result
from cardavia_nb.core.rng import check_seed, rng
from cardavia_nb.core.text import Msg

IDS = tuple(c.id for c in deck("spanish40"))
RANK = {c.id: c.rank for c in deck("spanish40")}


@dataclass(frozen=True)
class ToyState:
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    stock: tuple[str, ...]
    table: tuple[str, ...]
    won: tuple[tuple[str, ...], tuple[str, ...]]
    leader: int
    to_act: int | None
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class ToyView:
    seat: int
    hand: tuple[str, ...]
    table: tuple[str, ...]
    counts: tuple[int, int]
    tricks: tuple[int, int]
    leader: int
    to_act: int | None


class Toy(Game):
    name = "toy"
    num_players = 2
    pack = "spanish40"
    max_moves = 80  # every move plays one of the 40 cards, doubled

    def new(self, seed, hands=None):
        """A deal from ``seed``, or with the given ``hands`` (two hands of 3 different cards)."""
        order = list(IDS)
        rng("deal", check_seed(seed)).shuffle(order)
        hands = (tuple(order[:3]), tuple(order[3:6])) if hands is None else tuple(map(tuple, hands))
        dealt = {c for hand in hands for c in hand}
        if [len(h) for h in hands] != [3, 3] or len(dealt) != 6 or not dealt <= set(IDS):
            raise ValueError("A toy deal is two hands of 3 different cards of the Spanish 40 pack.")
        return ToyState(hands, tuple(c for c in order if c not in dealt), (), ((), ()), 0, 0)

    def legal_actions(self, state):
        if state.to_act is None:
            return ()
        return tuple(self.action(f"play:{c}") for c in state.hands[state.to_act])

    def action(self, action_id):
        if not isinstance(action_id, str) or not action_id.startswith("play:") or action_id[5:] not in RANK:
            raise IllegalAction(Msg.of("core.unknown_action", id=str(action_id)))
        return Action(action_id, "play", (action_id[5:],))

    def _apply(self, s, action):
        seat, card = s.to_act, action.cards[0]
        hands = list(s.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        table = s.table + (card,)
        events = (Event("play", seat, (card,)),)
        if len(table) == 1:
            return ToyState(tuple(hands), s.stock, table, s.won, s.leader, 1 - seat, events)
        lead, follow = table
        winner = s.leader if RANK[lead] >= RANK[follow] else 1 - s.leader
        won = list(s.won)
        won[winner] = won[winner] + table
        over = not hands[0]
        return ToyState(tuple(hands), s.stock, (), tuple(won), winner, None if over else winner,
                        events + (Event("trick", winner),))

    def observe(self, s, seat):
        return ToyView(seat, s.hands[seat], s.table, (len(s.hands[0]), len(s.hands[1])),
                       (len(s.won[0]) // 2, len(s.won[1]) // 2), s.leader, s.to_act)

    def result(self, s):
        if s.to_act is not None:
            return None
        winner = 0 if len(s.won[0]) > len(s.won[1]) else 1
        return Result((1, -1) if winner == 0 else (-1, 1), (winner,))

    def deal_setup(self, s):
        """The two hands as dealt; only before the first card."""
        if s.table or any(s.won) or len(s.hands[0]) != 3:
            raise ValueError("Only a deal before its first card can be written as a deal.")
        return {"hands": [list(h) for h in s.hands]}

    def card_places(self, s):
        return {"hand0": s.hands[0], "hand1": s.hands[1], "stock": s.stock, "table": s.table,
                "won0": s.won[0], "won1": s.won[1]}

    def shuffle_hidden(self, s, seat, rand: random.Random):
        other = 1 - seat
        pool = list(s.hands[other] + s.stock)
        rand.shuffle(pool)
        n = len(s.hands[other])
        hands = list(s.hands)
        hands[other] = tuple(pool[:n])
        return ToyState(tuple(hands), tuple(pool[n:]), s.table, s.won, s.leader, s.to_act, s.events)
