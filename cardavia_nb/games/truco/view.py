"""What a seat sees of a Truco match: the ``TrucoView`` and the cards each seat has shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia_nb.games.truco.rules import CHAIN_NAMES, PARDA, TARGET, TrucoState, envido_value

ENVIDO_STATES = ("not_called", "pending", "done")


@dataclass(frozen=True, slots=True)
class Play:
    """One card on the table and the seat that played it."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its two plays (leader first), the winner seat, or ``parda`` True."""

    plays: tuple[Play, ...]
    winner: int | None
    parda: bool


@dataclass(frozen=True, slots=True)
class Call:
    """One call or answer of the deal: seat and action id ("call:truco", "answer:quiero")."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class TrucoView:
    """A seat's observation: its own cards and every public fact, nothing else.

    Fields: ``seat``; ``to_act`` (seat or None); ``phase`` (AWAIT_PLAY, AWAIT_ENVIDO_RESPONSE,
    AWAIT_TRUCO_RESPONSE, DEAL_OVER, MATCH_OVER); ``hand`` (own unplayed cards);
    ``original_hand`` (own three dealt cards); ``envido_value`` (own envido value); ``scores``;
    ``dealer``; ``mano``; ``deal_no``; ``trick_no`` (1-3); ``trick_leader``; ``trick_cards`` (plays
    of the unfinished trick); ``tricks`` (finished tricks with results); ``calls`` (the deal's calls
    and answers in order); ``envido_state`` (not_called/pending/done); ``envido_chain`` (call names
    so far); ``envido_caller`` (last envido caller); ``envido_values`` (both values by seat, only
    after an accepted envido, else None); ``truco_level`` (accepted stake 1-4); ``raise_holder``;
    ``pending_truco`` ((caller, proposed level) or None); ``hand_counts`` (cards held per seat);
    ``opponent_cards`` (cards the opponent still holds); ``falta`` (what a falta envido is worth now).
    """

    seat: int
    to_act: int | None
    phase: str
    hand: tuple[str, ...]
    original_hand: tuple[str, ...]
    envido_value: int
    scores: tuple[int, int]
    dealer: int
    mano: int
    deal_no: int
    trick_no: int
    trick_leader: int
    trick_cards: tuple[Play, ...]
    tricks: tuple[Trick, ...]
    calls: tuple[Call, ...]
    envido_state: str
    envido_chain: tuple[str, ...]
    envido_caller: int | None
    envido_values: tuple[int, int] | None
    truco_level: int
    raise_holder: int | None
    pending_truco: tuple[int, int] | None
    hand_counts: tuple[int, int]
    opponent_cards: int
    falta: int

    @property
    def counts(self) -> tuple[int, int]:
        """Cards held per seat (the name every game's view shares)."""
        return self.hand_counts


def build_view(s: TrucoState, seat: int) -> TrucoView:
    """The observation of ``seat`` in state ``s``."""
    n_done = len(s.results)
    tricks = tuple(
        Trick(tuple(Play(p, c) for p, c in s.played[2 * i:2 * i + 2]),
              None if r == PARDA else r, r == PARDA)
        for i, r in enumerate(s.results))
    counts = (len(s.hands[0]), len(s.hands[1]))
    return TrucoView(
        seat=seat, to_act=s.to_act, phase=s.phase, hand=s.hands[seat],
        original_hand=s.original[seat], envido_value=envido_value(s.original[seat]),
        scores=s.scores, dealer=s.dealer, mano=s.mano, deal_no=s.deal_no, trick_no=s.trick_no,
        trick_leader=s.trick_leader,
        trick_cards=tuple(Play(p, c) for p, c in s.played[2 * n_done:]),
        tricks=tricks, calls=tuple(Call(p, a) for p, a in s.calls),
        envido_state=ENVIDO_STATES[s.envido_state],
        envido_chain=tuple(CHAIN_NAMES[c] for c in s.envido_chain),
        envido_caller=s.envido_caller, envido_values=s.envido_values,
        truco_level=s.truco_level, raise_holder=s.raise_holder, pending_truco=s.pending_truco,
        hand_counts=counts, opponent_cards=counts[1 - seat], falta=TARGET - max(s.scores))


def seen_by_seat(view: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Cards played this deal by seat 0 and by seat 1 (finished tricks and the current one), in order."""
    out: tuple[list[str], list[str]] = ([], [])
    for trick in view.tricks:
        for play in trick.plays:
            out[play.seat].append(play.card)
    for play in view.trick_cards:
        out[play.seat].append(play.card)
    return tuple(out[0]), tuple(out[1])


__all__ = ["Call", "Play", "Trick", "TrucoView", "build_view", "seen_by_seat"]
