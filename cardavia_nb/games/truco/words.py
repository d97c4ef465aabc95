"""Truco in words: button labels (``label``), log lines for events (``describe``) and scores as malas/buenas."""

from __future__ import annotations

from cardavia_nb.core.game import Action, Event
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import Seat, translate


def label(action: Action, lang: str = "en") -> str:
    """Short button text for a move ("Envido", "Play Ace of swords")."""
    if action.kind == "play":
        return translate("truco.label.play", lang, card=action.cards[0])
    return translate("truco.label." + action.id.split(":")[-1], lang)


def malas_buenas(score: int, lang: str = "en") -> str:
    """A score in words as malas (0-15) or buenas (16-30): "12 malas", "3 buenas"."""
    if score <= 15:
        return translate("truco.score.malas", lang, n=score)
    return translate("truco.score.buenas", lang, n=score - 15)


def describe(event: Event) -> Msg:
    """One log line for an event, its seats as data (the reader's page names them)."""
    kind, seat = event.kind, Seat(event.seat) if event.seat is not None else None
    if kind == "play":
        return Msg.of("truco.event.play", seat=seat, card=event.cards[0])
    if kind == "call":
        return Msg.of("truco.event.call", seat=seat, call=Msg.of("truco.label." + event.get("call")))
    if kind == "answer":
        key = "quiero" if event.get("quiero") else "no_quiero"
        return Msg.of("truco.event.answer", seat=seat, answer=Msg.of("truco.label." + key))
    if kind == "envido_values":
        values = event.get("values")
        first, second = (Msg.of("truco.event.envido_value", seat=Seat(s), value=values[s]) for s in event.get("order"))
        return Msg.of("truco.event.envido_values", first=first, second=second)
    if kind == "points":
        return Msg.of(f"truco.event.points.{event.source}", seat=seat, amount=int(event.amount))
    if kind in ("trick_won", "parda"):
        return Msg.of(f"truco.event.{kind}", seat=seat, trick=event.get("trick"))
    if kind == "deal":
        return Msg.of("truco.event.deal", seat=seat, deal_no=event.get("deal_no"))
    if kind == "deal_over":
        return Msg.of("truco.event.deal_over", seat=Seat(event.get("next_dealer")))
    if kind == "match_over":
        a, b = event.get("scores")
        return Msg.of("truco.event.match_over", seat=seat, score_a=a, score_b=b)
    return Msg.of(f"truco.event.{kind}", seat=seat)


__all__ = ["describe", "label", "malas_buenas"]
