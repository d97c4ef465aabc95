"""The deal's end told on the felt, built once from the engine's result and the deal's points events.

Every word of a finished deal or game comes from here: who won (the adapter's verdict over the
engine's result), each seat's points by source (the record's points events), the result's other
lines, the hints used and, once the game is over, the deal code.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.ui.table.turns import Turn
from cardavia_nb.ui.table.render_context import RenderContext


def final_result(turn: Turn, words: RenderContext) -> dict[str, Any] | None:
    """The finished game's itemised result in the human's words and the deal code; None during play."""
    if not turn.over:
        return None
    result = words.adapter.result(turn.state, words.lang, reader=words.reader)
    if result is not None:
        result["replay"] = replay(words)
    return result


def replay(words: RenderContext) -> str:
    """'Replay this deal: …' in the page language ('' when the table started at a given position)."""
    return "" if words.code is None else words.text(Msg.of("ui.log.replay", code=words.code))


def deal_summary(turn: Turn, words: RenderContext, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The deal's end: who won (the title), a table of each seat's points by source (and the
    running score in a match), the result's remaining items, the hints used, the deal code once
    the game is over, and the one button to go on (the record's pause, 'Next deal', else a new game)."""
    adapter, lang = words.adapter, words.lang
    result = final_result(turn, words)
    sources: list[str] = []
    points: dict[tuple[int, str], float] = {}
    for event in turn.points:
        if event.source not in sources:
            sources.append(event.source)
        points[event.seat, event.source] = points.get((event.seat, event.source), 0) + event.amount
    rows = [{"name": s["name"],
             "cells": [signed(points[s["seat"], src], lang) if (s["seat"], src) in points else "" for src in sources],
             "total": signed(sum(points.get((s["seat"], src), 0) for src in sources), lang),
             "score": s["score"] if adapter.running_score else ""} for s in seats]
    names = {s["seat"]: s["name"] for s in seats}
    notes = [{"name": names.get(item["seat"], ""), "label": item["label"], "amount": item["amount"]}
             for item in (adapter.notes(result) if result else [])]
    go = turn.pause
    return {"title": adapter.verdict(turn.view, turn.result, turn.points, lang, words.reader),
            "sources": [source_name(src, words) for src in sources], "rows": rows, "notes": notes,
            "hints": words.hints_text(), "replay": result["replay"] if result else "",
            "go": {"id": go.id, "label": adapter.label(go, lang)} if go is not None else None}


def signed(amount: float, lang: str) -> str:
    """Points won or lost, with their sign (+3, -20), in the page language."""
    return i18n.number(i18n.Signed(amount), lang) if amount else "0"


def source_name(source: str, words: RenderContext) -> str:
    """A scoring source's name in the page language (the game's ``<game>.source.*`` words)."""
    key = f"{words.game.name}.source.{source}"
    return i18n.translate(key, words.lang) if i18n.has(key) else source


__all__ = ["deal_summary", "final_result", "replay"]
