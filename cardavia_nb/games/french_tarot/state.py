"""The state of a French Tarot deal, what one seat sees of it, and ``observe`` between the two."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cardavia_nb.core.game import Event
from cardavia_nb.games.french_tarot.rules import OVER, PLAY, chien_shown, public_discard
from cardavia_nb.games.french_tarot.scoring import seat_scores, settlement


class FrenchTarotState(NamedTuple):
    """One moment of a deal (immutable). ``history`` holds finished tricks as (leader, cards, winner);
    ``redeals`` the deals given to be dealt next, each (hands, chien), instead of the shuffle's (a record's)."""

    seed: int
    deal_no: int
    dealer: int
    phase: str
    to_act: int | None
    hands: tuple[tuple[str, ...], ...]
    chien: tuple[str, ...]
    discard: tuple[str, ...]
    bids: tuple[tuple[int, str], ...]
    contract: str | None
    taker: int | None
    chelem: bool
    poignees: tuple[tuple[int, tuple[str, ...]], ...]
    leader: int
    trick: tuple[str, ...]
    history: tuple[tuple[int, tuple[str, ...], int], ...]
    events: tuple[Event, ...]
    redeals: tuple[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class TrickView:
    """A finished trick: who led it, its four cards in play order, and the seat that won it."""

    leader: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class FrenchTarotView:
    """One seat's observation.

    Fields: ``seat``; ``to_act`` (None when over); ``phase`` (one of ``rules.PHASES``); ``dealer``;
    ``deal_no`` (0 unless earlier deals were cancelled); ``hand`` (own cards, display order); ``bids``
    ((seat, bid) in order); ``contract`` and ``taker`` (None until the auction ends); ``chien`` (the six
    chien cards once public: at Prise/Garde after the auction, always at the end); ``discard`` (the taker
    sees its whole discard, others only its public trumps, to the end: §12.2); ``discard_trumps``
    (publicly discarded trumps); ``chelem`` (announced or not; None before the decision); ``poignees``
    ((seat, shown cards) per declaration, in order); ``leader`` of the current trick; ``trick`` ((seat,
    card) so far); ``history`` (finished tricks, i.e. every card played so far); ``tricks_won`` and
    ``counts`` (tricks won and cards in hand per seat); ``scores`` (when over).
    """

    seat: int
    to_act: int | None
    phase: str
    dealer: int
    deal_no: int
    hand: tuple[str, ...]
    bids: tuple[tuple[int, str], ...]
    contract: str | None
    taker: int | None
    chien: tuple[str, ...]
    discard: tuple[str, ...]
    discard_trumps: tuple[str, ...]
    chelem: bool | None
    poignees: tuple[tuple[int, tuple[str, ...]], ...]
    leader: int
    trick: tuple[tuple[int, str], ...]
    history: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]
    counts: tuple[int, ...]
    scores: tuple[float, ...] | None


def observe(state: FrenchTarotState, seat: int) -> FrenchTarotView:
    """What ``seat`` may see now (see ``FrenchTarotView``)."""
    over = state.phase == OVER
    chien = state.chien if over or chien_shown(state.contract) else ()
    trumps = public_discard(state)
    won = [0, 0, 0, 0]
    for _, _, w in state.history:
        won[w] += 1
    return FrenchTarotView(
        seat=seat, to_act=state.to_act, phase=state.phase, dealer=state.dealer, deal_no=state.deal_no,
        hand=state.hands[seat], bids=state.bids, contract=state.contract, taker=state.taker,
        chien=chien, discard=state.discard if seat == state.taker else trumps, discard_trumps=trumps,
        chelem=state.chelem if state.phase in (PLAY, OVER) else None,
        poignees=state.poignees, leader=state.leader,
        trick=tuple(((state.leader + i) % 4, c) for i, c in enumerate(state.trick)),
        history=tuple(TrickView(lead, cards, w) for lead, cards, w in state.history), tricks_won=tuple(won),
        counts=tuple(len(h) for h in state.hands),
        scores=seat_scores(settlement(state).d, state.taker) if over else None)


__all__ = ["FrenchTarotState", "FrenchTarotView", "TrickView", "observe"]
