"""What a seat sees of a Truco match (the View), event sentences and reasons for illegal moves."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_nb.core.game import Action, Event
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import translate
from cardavia_nb.games.truco.engine import (
    AWAIT_ENVIDO, AWAIT_TRUCO, DEAL_OVER, PARDA, TARGET, TRUCO_CALLS, TrucoState,
    envido_value,
)

CHAIN_NAMES = {"E": "envido", "R": "real_envido", "F": "falta_envido"}
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


def describe_event(event: Event, lang: str = "en") -> str:
    """One onlooker's log line for an event."""
    kind, seat = event.kind, event.seat
    if kind == "play":
        return translate("truco.event.play", lang, seat=seat, card=event.cards[0])
    if kind == "call":
        return translate("truco.event.call", lang, seat=seat,
                         call=translate("truco.label." + event.get("call"), lang))
    if kind == "answer":
        key = "quiero" if event.get("quiero") else "no_quiero"
        return translate("truco.event.answer", lang, seat=seat, answer=translate("truco.label." + key, lang))
    if kind == "envido_values":
        values, (first, second) = event.get("values"), event.get("order")
        return translate("truco.event.envido_values", lang, seat_a=first, value_a=values[first],
                         seat_b=second, value_b=values[second])
    if kind == "points":
        return translate(f"truco.event.points.{event.source}", lang, seat=seat, amount=int(event.amount))
    if kind in ("trick_won", "parda"):
        return translate(f"truco.event.{kind}", lang, seat=seat, trick=event.get("trick"))
    if kind == "deal":
        return translate("truco.event.deal", lang, seat=seat, deal_no=event.get("deal_no"))
    if kind == "deal_over":
        return translate("truco.event.deal_over", lang, seat=event.get("next_dealer"))
    if kind == "match_over":
        a, b = event.get("scores")
        return translate("truco.event.match_over", lang, seat=seat, score_a=a, score_b=b)
    return translate(f"truco.event.{kind}", lang, seat=seat)


def illegal_reason(s: TrucoState, action: Action) -> Msg:
    """Why ``action`` (not legal in ``s``) breaks the rules, most specific reason first."""
    if s.to_act is None:
        return Msg.of("core.game_over")
    kind, name = action.kind, action.id.split(":")[-1]
    if s.phase == DEAL_OVER:
        return Msg.of("truco.illegal.deal_over")
    if kind == "next_deal":
        return Msg.of("truco.illegal.deal_not_over")
    pending = s.phase in (AWAIT_ENVIDO, AWAIT_TRUCO)
    if kind == "answer":
        return Msg.of("truco.illegal.nothing_to_answer")
    if kind == "play":
        if pending:
            return Msg.of("truco.illegal.answer_first")
        return Msg.of("truco.illegal.not_in_hand", card=action.cards[0])
    if kind == "fold":
        return Msg.of("truco.illegal.fold_pending")
    if name in CHAIN_NAMES.values():
        return _envido_reason(s, name)
    return _truco_reason(s, name)


def _envido_reason(s: TrucoState, name: str) -> Msg:
    """Why an envido-family call is not allowed now."""
    if s.phase == AWAIT_ENVIDO:
        if "F" in s.envido_chain:
            return Msg.of("truco.illegal.falta_final")
        if name == "envido" and "R" in s.envido_chain:
            return Msg.of("truco.illegal.envido_after_real")
        if name == "envido":
            return Msg.of("truco.illegal.envido_twice")
        return Msg.of("truco.illegal.real_once")
    if s.envido_state:
        return Msg.of("truco.illegal.envido_once")
    if s.truco_level > 1:
        return Msg.of("truco.illegal.envido_closed")
    if s.results:
        return Msg.of("truco.illegal.envido_first_trick")
    return Msg.of("truco.illegal.envido_after_card")


def _truco_reason(s: TrucoState, name: str) -> Msg:
    """Why a truco-family call is not allowed now."""
    if s.phase == AWAIT_ENVIDO:
        return Msg.of("truco.illegal.answer_envido_first")
    if s.phase == AWAIT_TRUCO:
        return Msg.of("truco.illegal.no_counter_raise")
    if s.truco_level >= 4:
        return Msg.of("truco.illegal.truco_max")
    if s.truco_level > 1 and s.raise_holder != s.to_act:
        return Msg.of("truco.illegal.not_raise_holder")
    return Msg.of("truco.illegal.wrong_call", call=translate("truco.label." + TRUCO_CALLS[s.truco_level - 1]))


__all__ = ["TrucoView", "Play", "Trick", "Call", "build_view", "describe_event", "illegal_reason"]
