"""A game's kit: where the house finds what a game is beyond its rules, and the review's unit and threshold.

Each game's kit sits in ``games/kits.py``; nothing outside a game's own modules branches on its name. Every part
is named by module path and imported by the layer that asks for it, so that the games layer imports nothing above
it and reading the kits loads no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Kit:
    """One game's parts by path (``"module:name"``) and the facts its review and pages need."""

    engine: str  # the Game class
    players: str  # the module with LowPlayer and HighPlayer
    sampler: str  # sample_worlds(view, rand, n): the worlds High and the review draw
    adapter: str = ""  # the module with the table's Adapter ("": the base one)
    page: str = ""  # the notebook that teaches the game and ends at its table
    unit: str = "points"  # what the review measures a deal in: "points" or "match_chance"
    threshold: float = 1.0  # a loss clear of this (its whole 95 % interval above it) is a mistake worth showing
    value: str = ""  # a finished deal's worth to a seat in ``unit``, (game, state, seat) -> float ("": its payoff)
    threshold_at: str = ""  # the threshold at one decision, (game, view) -> float ("": ``threshold`` throughout)
    reader: str = ""  # worlds that read the calls, (game, view, rand, n, opponents) -> worlds ("": ``sampler``)
    playout: str = ""  # who plays on in the review's worlds, (seed) -> player in every seat ("": Low)

    def part(self, path: str) -> Any:
        """The module or ``module:name`` object a path names, imported on first use."""
        module, _, name = path.partition(":")
        found = import_module(module)
        return getattr(found, name) if name else found
