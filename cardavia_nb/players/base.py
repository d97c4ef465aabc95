"""The player protocol, the random player, and per-decision RNGs derived from what a player sees."""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from cardavia_nb.core.game import Action, Game
from cardavia_nb.core.rng import check_seed, rng
from cardavia_nb.core.text import Msg


class Player(Protocol):
    """Anything that picks a legal action from an observation; ``name`` labels it in tables."""

    name: str

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        """One of ``legal``, decided from ``view`` (never from the state)."""


def explanation(action: Action, value: float, reason: Msg) -> dict[str, Any]:
    """One row of a player's ``explain``: move id, value, the reason in English and as a message
    (so a page can show it in its own language)."""
    return {"id": action.id, "value": value, "reason": str(reason), "message": reason}


def decision_rng(seed: int, view: Any) -> random.Random:
    """An RNG for one decision, fixed by the player's seed and the view: same view, same choice."""
    return rng("decision", seed, repr(view))


class RandomPlayer:
    """Plays a uniformly random legal action: the baseline of every strength benchmark."""

    level = "random"

    def __init__(self, seed: int = 0, name: str = "Random"):
        self.seed = check_seed(seed)
        self.name = name

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        """A random legal action, reproducible from (seed, view)."""
        return decision_rng(self.seed, view).choice(list(legal))

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"
