"""What one seat of a Pao De Kuai deal sees: the ``PdkView``, an immutable value."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_nb.games.pao_de_kuai.rules import Play


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
