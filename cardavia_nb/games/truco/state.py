"""A Truco match as data: the ``TrucoState`` the engine moves on, the ``TrucoView`` a seat sees of it,
and ``observe`` that builds one from the other (only the seat's own cards and the public facts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cardavia_nb.core.game import Action, Event
from cardavia_nb.games.truco.rules import CHAIN_NAMES, PARDA, envido_value
from cardavia_nb.games.truco.scoring import falta_points

ENVIDO_STATES = ("not_called", "pending", "done")


class TrucoState(NamedTuple):
    """One moment of a match. ``legal`` and ``legal_ids`` derive from the other fields when the
    engine builds the state (immutable, so equal states have equal legal moves).

    ``played`` lists every (seat, card) of the deal in order (trick k = plays 2k-2 and 2k-1);
    ``results`` holds trick winners or PARDA; ``envido_state`` is 0 not called / 1 pending / 2 done;
    ``envido_return`` is the phase the envido opener returns to; ``awards`` are this match's points
    per seat and source (``scoring.SOURCES`` order); ``calls`` the deal's (seat, action id) of calls
    and answers; ``start_scores`` the scores when the deal was dealt; ``moves`` the action ids of
    the deal so far, in order; ``deals`` the deals given to be dealt next, each two hands, instead of the
    shuffle's (a record's).
    """

    seed: int
    deal_no: int
    scores: tuple[int, int]
    dealer: int
    phase: str
    to_act: int | None
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    original: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[tuple[int, str], ...]
    results: tuple[int, ...]
    trick_leader: int
    envido_state: int
    envido_chain: tuple[str, ...]
    envido_caller: int | None
    envido_opener: int | None
    envido_return: str | None
    envido_values: tuple[int, int] | None
    truco_level: int
    raise_holder: int | None
    pending_truco: tuple[int, int] | None
    calls: tuple[tuple[int, str], ...]
    awards: tuple[tuple[int, ...], tuple[int, ...]]
    start_scores: tuple[int, int]
    moves: tuple[str, ...]
    events: tuple[Event, ...]
    legal: tuple[Action, ...]
    legal_ids: frozenset[str]  # ids of the legal moves that are not card plays
    deals: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()

    @property
    def mano(self) -> int:
        """The non-dealer: leads trick 1, wins envido ties and the all-parda deal."""
        return 1 - self.dealer

    @property
    def trick_no(self) -> int:
        """The current trick, 1 to 3."""
        return min(len(self.results) + 1, 3)

    @property
    def trick_cards(self) -> tuple[tuple[int, str], ...]:
        """The (seat, card) plays of the unfinished trick."""
        return self.played[2 * len(self.results):]


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

    Fields: ``seat``; ``to_act`` (seat or None); ``phase`` (one of ``rules.PHASES``); ``hand`` (own
    unplayed cards); ``original_hand`` (own three dealt cards); ``envido_value`` (own envido value);
    ``scores``; ``dealer``; ``mano``; ``deal_no``; ``trick_no`` (1-3); ``trick_leader``;
    ``trick_cards`` (plays of the unfinished trick); ``tricks`` (finished tricks with results);
    ``calls`` (the deal's calls and answers in order); ``envido_state`` (not_called/pending/done);
    ``envido_chain`` (call names so far); ``envido_caller`` (last envido caller); ``envido_values``
    (both values by seat, only after an accepted envido, else None); ``truco_level`` (accepted stake
    1-4); ``raise_holder``; ``pending_truco`` ((caller, proposed level) or None); ``counts`` (cards
    held per seat); ``opponent_cards`` (cards the opponent still holds); ``falta`` (what a falta
    envido is worth now); ``start_scores`` (the scores when this deal was dealt); ``moves`` (the
    deal's action ids so far in order: its plays, calls and answers are all public).
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
    counts: tuple[int, int]
    opponent_cards: int
    falta: int
    start_scores: tuple[int, int]
    moves: tuple[str, ...]


def observe(s: TrucoState, seat: int) -> TrucoView:
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
        counts=counts, opponent_cards=counts[1 - seat], falta=falta_points(s.scores),
        start_scores=s.start_scores, moves=s.moves)


def seen_by_seat(view: TrucoView) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Cards played this deal by seat 0 and by seat 1 (finished tricks and the current one), in order."""
    out: tuple[list[str], list[str]] = ([], [])
    for trick in view.tricks:
        for play in trick.plays:
            out[play.seat].append(play.card)
    for play in view.trick_cards:
        out[play.seat].append(play.card)
    return tuple(out[0]), tuple(out[1])
