"""The key under which two display names in a class set are one name: case folded, then Unicode's confusable
skeleton (UTS #39), so that "Ana", "ANA", "Ａｎａ" and "Аna" (a Cyrillic А) cannot sit side by side on a board.

The skeleton's table is Unicode's confusables.txt as the confusable-homoglyphs package ships it. That
package keeps each line of the file both ways (the source character's entry names its prototype, the
prototype's entry lists its sources) in the file's order, and writes right-to-left characters between
LEFT-TO-RIGHT MARKs. Only the store computes keys: the browser edition has no class of its own to share.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from cardavia_nb.classroom.deals import MAX_KEY, refused


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype. A line of confusables.txt enters its source before its
    prototype, so an entry of one character met before anyone named it a prototype is a source."""
    from confusable_homoglyphs.confusables import confusables_data

    def bare(text: str) -> str:
        return text.replace("\u200e", "").replace("\u200f", "")

    table: dict[str, str] = {}
    named: set[str] = set()
    for key, entries in confusables_data.items():
        char = bare(key)
        if len(char) == 1 and len(entries) == 1 and char not in named:
            table[char] = bare(entries[0]["c"])
            named.add(table[char])
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, each character replaced by its prototype, decomposed again."""
    table = prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_key(name: str) -> str:
    """The form under which two names are one name: compatibility-normalised, case folded, then reduced to
    its skeleton. A key longer than the name_key column (MAX_KEY) is refused in words."""
    key = skeleton(unicodedata.normalize("NFKC", name).casefold())
    if len(key) > MAX_KEY:
        raise refused("name_too_long")
    return key


__all__ = ["name_key", "prototypes", "skeleton"]
