"""The Pao De Kuai deal as one immutable value (``PaoDeKuaiState``), what one seat sees of it
(``PaoDeKuaiView``), and ``observe``, the only way from the one to the other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cardavia_nb.core.game import Event
from cardavia_nb.games.pao_de_kuai.rules import Play


class PaoDeKuaiState(NamedTuple):
    """The whole deal. ``phase`` is ``rules.LEAD``, ``RESPOND`` or ``OVER``; ``top`` is the play to
    beat (None when a round starts); ``passes`` counts consecutive passes since it; ``round_passed``
    marks seats that passed in this round; ``leader`` leads the current round; ``out_of_play`` holds
    cards a fixture declared gone before the deal's recorded history; ``events`` what the last move did."""

    phase: str
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


@dataclass(frozen=True)
class PaoDeKuaiView:
    """What one seat sees.

    Fields: ``seat``; ``phase`` (as the state's); ``to_act`` (None when the deal is over); ``hand``
    (own cards, canonical order); ``counts`` (cards held per seat); ``top`` (the play to beat with its
    seat, shape and whether it was a response, or None when a round starts); ``passed`` (seats that
    passed in this round); ``history`` (every play and pass so far in order, passes have shape "pass"
    and no cards); ``has_played`` (per seat); ``leader`` (seat that leads the current round);
    ``opening`` (the first play is still to come, it must contain 3♥); ``out_of_play`` (cards a
    fixture removed, public); ``bonuses`` (seats awarded a bomb bonus, in order); ``winner`` (the
    seat that went out, or None).
    """

    seat: int
    phase: str
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


def observe(state: PaoDeKuaiState, seat: int) -> PaoDeKuaiView:
    """Seat's own hand plus every public fact of the deal (the other hands only as counts)."""
    return PaoDeKuaiView(seat, state.phase, state.to_act, state.hands[seat], tuple(len(h) for h in state.hands),
                         state.top, state.round_passed, state.history, state.has_played, state.leader,
                         state.opening, state.out_of_play, state.bonuses, state.winner)
