"""French Tarot in words: button labels and log lines."""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Action, Event
from cardavia_nb.core.text import Msg
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.i18n import Seat, Signed


def label(action: Action, lang: str = "en") -> str:
    """Short button text for an action."""
    key = f"french_tarot.label.{action.kind}"
    if action.kind == "bid":
        return Msg.of(f"{key}_{action.id[4:]}").text(lang)
    if action.kind == "chelem":
        return Msg.of(f"{key}_{action.id[7:]}").text(lang)
    if action.kind == "poignee":
        level = R.POIGNEE_NAME.get(len(action.cards), "simple")
        return Msg.of(f"{key}_{level}", cards=action.cards, n=len(action.cards)).text(lang)
    if action.kind == "play":
        return Msg.of(key, card=action.cards[0]).text(lang)
    return Msg.of(key, cards=action.cards).text(lang)


def describe(event: Event) -> Msg:
    """One log line for an event, its seat as data."""
    key = f"french_tarot.event.{event.kind}"
    p: dict[str, Any] = {"seat": Seat(event.seat)} if event.seat is not None else {}
    if event.kind == "bid" or event.kind == "contract":
        key += f"_{event.source}"
    elif event.kind == "cancel":
        key += f"_{event.source}"
    elif event.kind == "chelem":
        key += "_yes" if event.get("announced") else "_no"
    elif event.kind == "discard":
        key += "_trumps" if event.cards else ""
        p["cards"] = event.cards
    elif event.kind == "excuse":
        key += "_kept" if event.amount == 0 and event.get("trick_no") < 18 else (
            "_last" if event.get("trick_no") == 18 else "_paid")
    elif event.kind == "points":
        p.update(amount=Signed(event.amount), source=Msg.of(f"french_tarot.source.{event.source}"))
    elif event.kind == "deal":
        p["n"] = event.get("deal_no", 0) + 1
    elif event.kind == "poignee":
        p.update(cards=event.cards, level=Msg.of(f"french_tarot.level.{event.source}"))
    if event.kind in ("chien", "play", "trick"):
        p["cards"] = event.cards
        if event.kind == "play":
            p["card"] = event.cards[0]
        if event.kind == "trick":
            p["points"] = Msg.of("french_tarot.count.card_points", points=event.amount)
    return Msg.of(key, **p)
