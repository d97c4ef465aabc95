"""Truco in words: button labels, log lines for events, and scores as malas/buenas."""

from __future__ import annotations

from cardavia_nb.core.game import Action, Event
from cardavia_nb.i18n import translate


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


__all__ = ["describe_event", "label", "malas_buenas"]
