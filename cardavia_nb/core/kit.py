"""A game's kit: where the house finds what a game is beyond its rules, and the review's unit and threshold.

A game's package states its kit (``games/<name>/kit.py``); nothing outside it branches on the game's name. The
parts that live in upper layers (computer players, sampler, table adapter) are named by module path and imported
by the layer that asks for them, so that a game's package imports nothing above the games layer.
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
    threshold: float = 1.0  # a loss above this (and above twice its error) is a mistake worth showing
    value: str = ""  # a finished deal's worth to a seat in ``unit``, (game, state, seat) -> float ("": its payoff)

    def part(self, path: str) -> Any:
        """The module or ``module:name`` object a path names, imported on first use."""
        module, _, name = path.partition(":")
        found = import_module(module)
        return getattr(found, name) if name else found
