"""What one seat sees of a French Tarot deal: its hand and the public facts, as plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TrickView:
    """A finished trick: who led it, its four cards in play order, and the seat that won it."""

    leader: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class TarotView:
    """One seat's observation.

    Fields: ``seat``; ``to_act`` (None when over); ``phase`` ("bid", "discard", "chelem", "play",
    "over"); ``dealer``; ``deal_no`` (0 unless earlier deals were cancelled); ``hand`` (own cards, display
    order); ``bids`` ((seat, bid) in order); ``contract`` and ``taker`` (None until the auction ends);
    ``chien`` (the six chien cards once public: at Prise/Garde after the auction, always at the end);
    ``discard`` (the taker sees its whole discard, others only its public trumps, to the end: §12.2);
    ``discard_trumps`` (publicly discarded trumps); ``chelem`` (announced or not; None before the
    decision); ``poignees`` ((seat, shown cards) per declaration); ``leader`` of the current trick;
    ``trick`` ((seat, card) so far); ``history`` (finished tricks, i.e. every card played so far);
    ``tricks_won`` and ``counts`` (tricks won and cards in hand per seat); ``scores`` (when over).
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
