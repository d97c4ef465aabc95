"""Which cards a message or a JSON-like value names: what the table checks before it says anything.

The table decides what it may say from data: the cards a ``Msg`` names are its typed parameters
(``i18n.Cards``, a game key's ``card*`` ids, messages inside it) and the cards its catalog sentence
names in its own fixed words ("... or the Excuse"). The tests read rendered text instead (tests/scanners.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from cardavia_nb import i18n
from cardavia_nb.core.cards import deck, family
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import card_name

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def msg_cards(msg: Msg, pack: str) -> set[str]:
    """Every card of ``pack`` that ``msg`` names: its typed card parameters, its inner messages'
    cards and the cards its catalog sentence names in fixed words."""
    found = set(_fixed_cards(msg.key, pack))
    game_key = i18n.pack_of(msg.key) is not None
    for name, value in msg.params:
        if isinstance(value, i18n.Cards):
            found.update(value.ids)
        elif isinstance(value, Msg):
            found |= msg_cards(value, pack)
        elif game_key and name.startswith("card"):
            found.update((value,) if isinstance(value, str) else value)
    return found


@lru_cache(maxsize=None)
def _fixed_cards(key: str, pack: str) -> frozenset[str]:
    """The cards a catalog sentence names in its own words (its placeholders left out), read once
    per key in the English catalog: a rule's sentence may name a card the reader has not seen."""
    entry = i18n.catalog(i18n.DEFAULT).get(key, "")
    text = " ".join(map(str, entry.values())) if isinstance(entry, dict) else str(entry)
    pattern, names = name_pattern(pack, family(pack), i18n.DEFAULT)
    return frozenset(names[m.group(1)] for m in pattern.finditer(_PLACEHOLDER.sub(" ", text)))


@lru_cache(maxsize=None)
def name_pattern(pack: str, cards_family: str, lang: str) -> tuple[re.Pattern, dict[str, str]]:
    """A regex matching the name of any card of ``pack`` in ``lang``, and name -> id."""
    names = {card_name(c.id, cards_family, lang): c.id for c in deck(pack)}
    alternatives = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, alternatives)) + r")(?!\w)"), names


def card_ids(value: Any, pack_ids: frozenset[str]) -> set[str]:
    """Every string inside a JSON-like value that is a card id of the pack."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in pack_ids:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


__all__ = ["card_ids", "msg_cards", "name_pattern"]
