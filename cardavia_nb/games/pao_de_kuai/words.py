"""Pao De Kuai in words: shape names, button labels (``label``) and log lines (``describe``)."""

from __future__ import annotations

from cardavia_nb.core.game import Action, Event
from cardavia_nb.core.text import Msg
from cardavia_nb.games.pao_de_kuai.rules import RANK, Combo, classify_ranks, shape_params
from cardavia_nb.i18n import Seat, translate

SUIT_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def shape_msg(combo: Combo) -> Msg:
    """A combination as a message: "pair of 9s", "straight 5 to 9 (5 cards)", "bomb of four 7s"."""
    return Msg.of(f"pao_de_kuai.shape.{combo.shape}", **shape_params(combo))


def shape_text(combo: Combo, lang: str = "en") -> str:
    """A combination in words, in ``lang``."""
    return shape_msg(combo).text(lang)


def short_cards(cards: tuple[str, ...]) -> str:
    """Cards written compactly with suit signs: "9♥ 9♠"."""
    return " ".join(c[:-1] + SUIT_SIGN[c[-1]] for c in cards)


def label(action: Action, lang: str = "en") -> str:
    """Button text: "Pass", or "Pair of 9s: 9♥ 9♠"."""
    if action.kind == "pass":
        return translate("pao_de_kuai.label.pass", lang)
    opening = "3H" in action.cards  # 3♥ leaves its hand on the first play: four 3s with it are heavenly
    combo = classify_ranks(sorted(RANK[c] for c in action.cards), opening)
    return translate("pao_de_kuai.label.play", lang, shape=shape_text(combo, lang), ids=short_cards(action.cards))


def describe(event: Event) -> Msg:
    """One log line for an event, seen by an onlooker, its seat as data."""
    key, seat = f"pao_de_kuai.event.{event.kind}", Seat(event.seat)
    if event.kind == "play":
        combo = Combo(event.get("shape"), event.get("size"), event.get("key"))
        key += ".response" if event.get("response") else ".lead"
        return Msg.of(key, seat=seat, shape=shape_msg(combo), ids=short_cards(event.cards))
    if event.kind == "points":
        key += ".gain" if event.amount >= 0 else ".loss"
        return Msg.of(key, seat=seat, amount=abs(event.amount), source=Msg.of(f"pao_de_kuai.source.{event.source}"))
    return Msg.of(key, seat=seat, amount=event.amount, ids=short_cards(event.cards))
