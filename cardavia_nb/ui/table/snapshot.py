"""The table's snapshot for the page, built by pure functions: a turn record and the words in, plain JSON out.

``snapshot(turn, words)`` is the whole felt as the human seat may see it, from the record's View
and legal moves only; it reads no widget, so tests call it directly (``tests/test_table_frame.py``).
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.text import Msg
from cardavia_nb.ui.table.adapters import t
from cardavia_nb.ui.table.summary import deal_summary
from cardavia_nb.ui.table.turns import Turn
from cardavia_nb.ui.table.render_context import RenderContext


def snapshot(turn: Turn, words: RenderContext) -> dict[str, Any]:
    """The whole table as plain JSON from the human's View and the record's legal moves."""
    a, lang, game, view = words.adapter, words.lang, words.game, turn.view
    legal, ending, mine = turn.offered, turn.pause, turn.mine
    listed = a.listed(legal)
    clicks = {a.card_of(x): x.id for x in listed if a.card_of(x) is not None}
    counts, scores, tags = a.counts(view), a.scores(view, lang), a.tags(view, lang)
    playing = None if ending is not None else turn.to_act  # nobody plays between two deals
    seats = [{"seat": s, "name": words.name(s),
              "level": "" if s == words.human else t(f"level.{words.level}", lang),
              "count": counts[s], "score": scores[s] if scores else "", "tag": tags.get(s, ""),
              "turn": playing == s} for s in range(game.num_players)]
    why = why_not(turn, words, clicks) if mine else {}
    select = selecting(turn, words) if mine else None
    hand = [{**card, "action": clicks.get(card["id"]), "why": why.get(card["id"], "")}
            for card in a.cards(a.hand(view), lang)]
    return {
        "game": game.name, "pack": a.pack, "me": words.human, "seats": seats, "hand": hand,
        "center": [group(c, words) for c in a.center(view, lang)],
        "extras": [extra(e, words) for e in a.extras(view, lang)],
        "info": a.info(view, lang), "status": status(turn, words),
        "actions": [{"id": x.id, "label": a.label(x, lang)} for x in a.buttons(listed)],
        "select": select,
        "over": turn.over,
        "summary": deal_summary(turn, words, seats) if turn.over or ending is not None else None,
        "hints": words.hints_text(), "mine": mine,
        "help": (a.help(view, legal, lang) or ("" if select else next(iter(why.values()), ""))) if mine else "",
    }


def status(turn: Turn, words: RenderContext) -> str:
    """The status line: the game or the deal is over, the human's turn, or who is thinking."""
    if turn.over:
        return t("status.over", words.lang)
    if turn.pause is not None:
        return t("status.deal_over", words.lang)
    if turn.mine:
        return t("status.your_turn", words.lang)
    return t("status.waiting", words.lang, name=words.name(turn.to_act))


def group(middle: dict[str, Any], words: RenderContext) -> dict[str, Any]:
    """One group of the middle for the page: cards of a seat, or a trick column (``plays``) with names."""
    cards = words.adapter.cards
    out = {"seat": middle.get("seat"), "name": middle.get("title") or words.name(middle.get("seat")),
           "note": middle.get("note", ""), "cards": cards(middle.get("cards", ()), words.lang)}
    if "plays" in middle:
        out["column"] = True
        out["plays"] = [{"name": words.name(seat), "card": cards([card], words.lang)[0]}
                        for seat, card in middle["plays"]]
    return out


def extra(shown: dict[str, Any], words: RenderContext) -> dict[str, Any]:
    """One public card group beside the middle for the page; a finished round keeps its ``plays``
    (each seat's cards, or a note such as 'passes') so that the player can review it."""
    cards = words.adapter.cards
    out = {"label": shown["label"], "cards": cards(shown["cards"], words.lang), "small": shown.get("small", False)}
    if "plays" in shown:
        out["plays"] = [{"name": words.name(seat), "cards": cards(played, words.lang), "note": note}
                        for seat, played, note in shown["plays"]]
    return out


def why_not(turn: Turn, words: RenderContext, clicks: dict[str, str]) -> dict[str, str]:
    """Card id -> the engine's reason it cannot be chosen now, for the human's cards without a move.

    A card played by a click asks the engine why its play is illegal; a selection asks whether
    the card alone is refused for itself (a King in a Tarot discard), not for the count. A reason
    that names a card the human has not seen is left out, even as a word of the rule ("... or the
    Excuse"): the page's leak scans cannot tell a rule's word from a revealed card."""
    game, adapter, state = words.game, words.adapter, turn.state
    is_selecting = adapter.selecting(turn.view, turn.legal, words.lang) is not None
    reasons: dict[str, Msg] = {}
    for card in adapter.hand(turn.view):
        if card in clicks:
            continue
        if is_selecting:
            _, reason = game.check_selection(state, (card,))
            if reason is not None and dict(reason.params).get("card") == card:
                reasons[card] = reason
        elif adapter.click_plays:
            reason = game.explain_illegal(state, game.coerce(f"play:{card}"))
            if reason is not None:
                reasons[card] = reason
    return {card: words.text(msg) for card, msg in reasons.items() if turn.shows(msg)}


def selecting(turn: Turn, words: RenderContext) -> dict[str, Any] | None:
    """The selection panel's texts and the engine's ready-made selections, when selecting."""
    select = words.adapter.selecting(turn.view, turn.legal, words.lang)
    if select is None:
        return None
    presets = [{"label": p["label"], "cards": list(p["cards"])} for p in words.adapter.presets(turn.state, words.lang)]
    return {**select, "presets": presets}


__all__ = ["snapshot"]
