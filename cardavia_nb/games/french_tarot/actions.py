"""Action ids of French Tarot and the lazy, exact list of whole-set actions (discards, poignées).

A discard or a poignée is one action naming a whole set of cards ("discard:9S+8S+…", "poignee:T12+…+T3").
There can be 134,596 valid discards or 53,142 valid poignées, so ``legal_actions`` returns an
``ActionList``: an exact, ordered, immutable sequence whose set-actions are generated on demand
(combinations in a fixed order, unranked by index) and whose membership test is a rule check.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb
from typing import Iterator, NamedTuple

from cardavia_nb.core.game import Action, IllegalAction
from cardavia_nb.core.text import Msg

from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.rules import CARDS, CONTRACTS, KEY, sort_cards

PLAY = {c: Action(f"play:{c}", "play", (c,)) for c in CARDS}
BID = {b: Action(f"bid:{b}", "bid", ()) for b in CONTRACTS}
CHELEM_YES = Action("chelem:yes", "chelem", ())
CHELEM_NO = Action("chelem:no", "chelem", ())
_FIXED = {a.id: a for a in (*PLAY.values(), *BID.values(), CHELEM_YES, CHELEM_NO)}
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


def poignee_families(state: R.TarotState, seat: int) -> tuple[Family, ...]:
    """Every valid poignée of ``seat`` as families of sets (§8.2)."""
    hand = state.hands[seat]
    trumps = R.hand_trumps(hand)
    ex = R.EX in hand
    out = []
    for n, _, _ in R.POIGNEE_LEVELS:
        if len(trumps) >= n:
            out.append(Family("poignee", (), trumps, n))
        if ex and len(trumps) == n - 1:
            out.append(Family("poignee", trumps + (R.EX,), (), 0))
    if R.four_kings_open(state, seat):
        shown = R.public_discard(state)
        need = 15 - len(shown)
        if len(trumps) >= need:
            out.append(Family("poignee", shown, trumps, need))
        if ex and len(trumps) == need - 1:
            out.append(Family("poignee", shown + trumps + (R.EX,), (), 0))
    return tuple(out)


def discard_family(hand: tuple[str, ...]) -> Family:
    """Every valid discard of the taker's 24 cards as one family (§6.1)."""
    ords = R.ordinary(hand)
    if len(ords) >= 6:
        return Family("discard", (), ords, 6)
    return Family("discard", ords, R.discard_trump_pool(hand), 6 - len(ords))
