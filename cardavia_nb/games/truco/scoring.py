"""Truco's points, in one place (spec §8.4, §9, §10): what envido chains, deals, refusals and folds
are worth, how an award is credited (capped at 30), and ``settle``, the match's itemised result.

``state`` imports this module (a view shows what a falta is worth), so the state type is named, not imported.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Item
from cardavia_nb.games.truco.rules import TARGET

DEAL_SOURCES = ("truco", "refusal", "fold")  # the points that end a deal, for the side that won it
SOURCES = ("envido",) + DEAL_SOURCES  # every point source, the order of a state's ``awards``
CHAIN_POINTS = {"E": 2, "R": 3}  # an accepted envido / real envido call adds this much to its chain
REFUSED_OPENING = 1  # a refused chain of one call
NO_AWARDS = ((0,) * len(SOURCES), (0,) * len(SOURCES))


def falta_points(scores: tuple[int, int]) -> int:
    """What an accepted falta envido is worth at these scores (§8.3): what the match leader still needs."""
    return TARGET - max(scores)


def chain_accepted(chain: tuple[str, ...], scores: tuple[int, int]) -> int:
    """Points of an accepted envido chain (§8.4): the sum of E=2/R=3, or falta if F is in it."""
    if "F" in chain:
        return falta_points(scores)
    return sum(CHAIN_POINTS[c] for c in chain)


def chain_refused(chain: tuple[str, ...], scores: tuple[int, int]) -> int:
    """Points of a refused envido chain: 1 for one call, else the chain without its last call."""
    return REFUSED_OPENING if len(chain) == 1 else chain_accepted(chain[:-1], scores)


def stake(level: int) -> int:
    """What a deal is worth at this accepted truco level (§9): 1 without a call, then 2, 3, 4; the
    points of a deal won on tricks and of the opponent's fold."""
    return level


def refused_stake(proposed: int) -> int:
    """What the caller scores when its call for level ``proposed`` is refused: the stake accepted before."""
    return stake(proposed - 1)


def credit(scores: tuple[int, int], awards: tuple, winner: int, amount: int,
           source: str) -> tuple[tuple[int, int], tuple, int]:
    """``amount`` for ``winner`` from ``source``, capped at 30 (§10.2): the new scores, the new awards
    per seat and source, and the points credited."""
    credited = min(amount, TARGET - scores[winner])
    row = list(awards[winner])
    row[SOURCES.index(source)] += credited
    if winner == 0:
        return (scores[0] + credited, scores[1]), (tuple(row), awards[1]), credited
    return (scores[0], scores[1] + credited), (awards[0], tuple(row)), credited


def match_winner(scores: tuple[int, int]) -> int | None:
    """The seat that has reached 30, or None while the match goes on."""
    if scores[0] >= TARGET:
        return 0
    return 1 if scores[1] >= TARGET else None


def settle(s: Any) -> tuple[tuple[int, int], tuple[Item, ...]]:
    """The scores of TrucoState ``s`` and its points as items, per seat and source (``truco.item.<source>``)."""
    items = tuple(Item(f"truco.item.{src}", seat, s.awards[seat][i])
                  for seat in (0, 1) for i, src in enumerate(SOURCES) if s.awards[seat][i])
    return s.scores, items
