"""The player protocol, the base every computer player builds on (seed, name, per-decision RNG,
reasons as catalog messages), and the random player."""

from __future__ import annotations

import functools
import random
from typing import Any, Callable, ClassVar, Protocol, Sequence

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


def reason(game: str, key: str, **params: Any) -> Msg:
    """A player's explanation as the catalog message ``<game>.ai.<key>`` (any page language)."""
    return Msg.of(f"{game}.ai.{key}", **params)


def remembered(evaluate: Callable[[Any, Any, Sequence[Action]], list]) -> Callable[[Any, Any, Sequence[Action]], list]:
    """A stateless player's evaluation of one decision, kept for the next call on the same view and moves:
    ``explain`` right after ``choose`` (a review's reason for a mistake) does not search again. The answer
    is a function of the seed and the view (``decision_rng``), so the kept one is the one it would find."""
    slot = f"_last_{evaluate.__name__}"

    @functools.wraps(evaluate)
    def once(self: Any, view: Any, legal: Sequence[Action]) -> list:
        key = (repr(view), tuple(a.id for a in legal))
        kept = self.__dict__.get(slot)
        if kept is None or kept[0] != key:
            kept = self.__dict__[slot] = (key, evaluate(self, view, legal))
        return list(kept[1])
    return once


class BasePlayer:
    """What every computer player shares: its own seed (decisions are fixed by seed and view), a
    name for tables, a repr that rebuilds it, and one RNG per decision.

    Subclasses set ``level``, ``default_name`` and ``repr_fields`` (constructor arguments shown)."""

    level: ClassVar[str] = ""
    default_name: ClassVar[str] = ""
    repr_fields: ClassVar[tuple[str, ...]] = ("seed",)

    def __init__(self, seed: int = 0, name: str | None = None):
        """A player with its seed and name (``default_name`` when none is given)."""
        self.seed = check_seed(seed)
        self.name = name or self.default_name

    def __repr__(self) -> str:
        """The constructor call that rebuilds this player."""
        args = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.repr_fields)
        return f"{type(self).__name__}({args})"

    def decision_rng(self, view: Any) -> random.Random:
        """The RNG of one decision: same seed and view, same choice."""
        return decision_rng(self.seed, view)


class RandomPlayer(BasePlayer):
    """Plays a uniformly random legal action: the baseline of every strength benchmark."""

    level = "random"
    default_name = "Random"

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        """A random legal action, reproducible from (seed, view)."""
        return self.decision_rng(view).choice(list(legal))
