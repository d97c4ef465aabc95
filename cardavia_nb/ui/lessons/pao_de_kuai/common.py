"""What every Pao De Kuai lesson panel shares: the engine, its words, the introduction and settlement tables.

Demo seats are named as in the engine's log lines ("Seat 1"): every seat of a demo is shown open.
"""

from __future__ import annotations

from cardavia_nb import i18n
from cardavia_nb.core.game import Item
from cardavia_nb.games.pao_de_kuai import PaoDeKuai, PaoDeKuaiState
from cardavia_nb.ui.lessons import kit
from cardavia_nb.ui.lessons.kit import LessonTexts, seat_name
from cardavia_nb.ui.panel import Prose, note, table
from cardavia_nb.ui.settings import Settings

GAME = PaoDeKuai()
PACK = "french"
say = LessonTexts("pao_de_kuai.lesson.{}")


class Intro(kit.Intro):
    """What the game is, where its pack comes from, players, length, and a glossary."""

    def __init__(self, settings: Settings | None = None):
        super().__init__("pao_de_kuai", PACK, ("intro.text", "intro.glossary"), settings)


def step(n: int, settings: Settings | None = None) -> Prose:
    """The text of rule step ``n`` (1-5, the sections of the seed text)."""
    return say.prose(f"s{n}.text", settings=settings)


def item_words(item: Item, lang: str) -> str:
    """One settlement line in words: the engine's item text, with the doubling said aloud."""
    params = dict(item.params)
    words = i18n.translate(item.key, lang, reader=None, **params)
    if params.get("doubled"):
        words += " " + say("settle.doubled", lang)
    return words


def settlement_blocks(state: PaoDeKuaiState, lang: str) -> list[dict]:
    """The engine's itemised settlement as a table, then each seat's total."""
    scores, items = GAME.settle(state)
    head = [say("settle.col_seat", lang), say("settle.col_item", lang), say("settle.col_amount", lang)]
    rows = [[seat_name(i.seat, lang), item_words(i, lang), f"{i.amount:+d}"] for i in items]
    rows += [[seat_name(s, lang), say("settle.total", lang), f"{v:+d}"] for s, v in enumerate(scores)]
    return [table(head, rows), note(say("settle.sum", lang, total=sum(scores)), "info")]
