"""Pao De Kuai states and views: immutable values; a view holds only what one seat may see."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardavia_nb.core.game import Event
from cardavia_nb.games.pao_de_kuai.combos import Combo


@dataclass(frozen=True, slots=True)
class Play:
    """One entry of the history: a seat's play (cards with their combination) or a pass (no cards).

    ``response`` says whether a play answered another seat's play (False for a lead).
    """

    seat: int
    cards: tuple[str, ...]
    shape: str
    size: int
    key: int
    response: bool = False

    @property
    def combo(self) -> Combo:
        """The combination of this play (meaningless for a pass)."""
        return Combo(self.shape, self.size, self.key)

    @property
    def is_pass(self) -> bool:
        """Whether this entry is a pass."""
        return self.shape == "pass"


@dataclass(frozen=True, slots=True)
class PdkState:
    """The whole deal. ``top`` is the play to beat (None when a round starts); ``passes`` counts
    consecutive passes since it; ``round_passed`` marks seats that passed in this round;
    ``out_of_play`` holds cards a fixture declared gone before the deal's recorded history.
    ``_legal`` caches the legal actions (not part of equality)."""

    hands: tuple[tuple[str, ...], ...]
    has_played: tuple[bool, ...]
    opening: bool
    top: Play | None
    passes: int
    round_passed: tuple[bool, ...]
    leader: int
    to_act: int | None
    history: tuple[Play, ...]
    bonuses: tuple[int, ...]
    winner: int | None
    out_of_play: tuple[str, ...]
    events: tuple[Event, ...] = ()
    _legal: Any = field(default=None, init=False, compare=False, repr=False)


@dataclass(frozen=True)
class PdkView:
    """What one seat sees.

    Fields: ``seat``; ``to_act`` (None when the deal is over); ``hand`` (own cards, canonical order);
    ``counts`` (cards held per seat); ``top`` (the play to beat with its seat, shape and whether it
    was a response, or None when a round starts); ``passed`` (seats that passed in this round);
    ``history`` (every play and pass so far in order, passes have shape "pass" and no cards);
    ``has_played`` (per seat); ``leader`` (seat that leads the current round); ``opening`` (the first
    play is still to come, it must contain 3♥); ``out_of_play`` (cards a fixture removed, public);
    ``bonuses`` (seats awarded a bomb bonus, in order); ``winner`` (the seat that went out, or None).
    """

    seat: int
    to_act: int | None
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    top: Play | None
    passed: tuple[bool, ...]
    history: tuple[Play, ...]
    has_played: tuple[bool, ...]
    leader: int
    opening: bool
    out_of_play: tuple[str, ...]
    bonuses: tuple[int, ...]
    winner: int | None
