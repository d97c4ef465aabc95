"""The tests' proof, from outside, that no hidden card reaches the browser: every card a table's synced state or
any JSON-like value names, by id or by name in the page's language (the table's own check is by data:
``ui.table.card_mentions``)."""

from __future__ import annotations

import re
from typing import Any

from cardavia_nb.ui.table.card_mentions import name_pattern

STATIC_TRAITS = frozenset({"texts", "_esm", "_css", "_hub"})
_TOKEN = re.compile(r"[A-Za-z0-9]+")
_SUIT_SIGNS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})  # "9♥" is written for 9H


def exposed_cards(table: Any) -> set[str]:
    """Every card a ``Table``'s synced state shows, by id or by name (fixed texts excepted)."""
    return cards_shown({k: v for k, v in table.get_state().items() if k not in STATIC_TRAITS}, table)


def cards_shown(value: Any, table: Any) -> set[str]:
    """Every card of the table's pack a JSON-like value names, by id or by name in the table's language."""
    found: set[str] = set()
    pattern, names = name_pattern(table.game.pack, table.adapter.pack, table.lang)
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            plain = item.translate(_SUIT_SIGNS)
            found.update(token for token in _TOKEN.findall(plain) if token in table._pack_ids)
            found.update(names[m.group(1)] for m in pattern.finditer(item))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found
