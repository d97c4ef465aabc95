"""A fixed, finite action space for every game: one action per card of the pack, one per move that
uses no card, and ``done``.

Moves made of several cards (a Pao De Kuai combination, a Tarot discard or poignée) are built one card
per step: the mask allows a card only when some legal move contains the cards picked so far plus that
card, and ``done`` only when the picked cards are exactly a legal move. A pick that leaves exactly one
legal move, made of exactly those cards, plays it at once (so a single-card play is one step).
"""

from __future__ import annotations

from typing import Sequence

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action, Game

DONE = "done"


class MoveSpace:
    """Action numbers of one game: ``cards`` first, then the cardless moves, then ``done``."""

    def __init__(self, game: Game):
        self.cards = tuple(c.id for c in deck(game.pack))
        self.names = self.cards + game.cardless + (DONE,)
        self.index = {name: i for i, name in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.names)

    def mask(self, legal: Sequence[Action], picked: frozenset[str]) -> list[int]:
        """1 for every action number allowed now, given the cards picked so far."""
        allowed = [0] * len(self.names)
        for action in legal:
            cards = frozenset(action.cards)
            if not cards:
                if not picked:
                    allowed[self.index[action.id]] = 1
            elif picked < cards:
                for card in cards - picked:
                    allowed[self.index[card]] = 1
            elif picked == cards:
                allowed[self.index[DONE]] = 1
        return allowed

    def resolve(self, legal: Sequence[Action], picked: frozenset[str], number: int) -> tuple[Action | None, frozenset[str]]:
        """The move an action number completes (or None while cards are still being picked) and the
        cards picked after it; a number the mask forbids raises ValueError."""
        if not 0 <= number < len(self.names) or not self.mask(legal, picked)[number]:
            raise ValueError(f"Action {number} is not allowed now; use the action mask.")
        name = self.names[number]
        if name == DONE:
            return next(a for a in legal if frozenset(a.cards) == picked), frozenset()
        if name not in self.cards:
            return next(a for a in legal if a.id == name), frozenset()
        picked = picked | {name}
        wider = [a for a in legal if picked <= frozenset(a.cards)]
        if len(wider) == 1 and frozenset(wider[0].cards) == picked:
            return wider[0], frozenset()
        return None, picked
