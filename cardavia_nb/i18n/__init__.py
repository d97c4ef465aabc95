"""Every word a player reads, in English, Portuguese, French, Dutch and Spanish.

Catalogs are TOML files, one folder per language and one file per domain (``core.toml``,
``truco.toml`` ...). Nested tables flatten into dotted keys. Placeholders are ``{name}``; in a
game's keys a placeholder whose name starts with ``card`` holds card ids, rendered as card names.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

LANGS = ("en", "pt", "fr", "nl", "es")
DEFAULT = "en"
_HERE = Path(__file__).parent


def _flatten(table: dict, prefix: str, out: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            _flatten(value, key + ".", out)
        else:
            out[key] = value


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """All keys of one language, merged from its domain files."""
    if lang not in LANGS:
        raise ValueError(f"Unknown language {lang!r}; choose one of {', '.join(LANGS)}.")
    out: dict[str, str] = {}
    for path in sorted((_HERE / lang).glob("*.toml")):
        with path.open("rb") as fh:
            _flatten(tomllib.load(fh), "", out)
    return out


_SPECIAL_CARDS = frozenset({"JO1", "JO2", "BJ", "RJ", "EX"})


def card_name(card_id: str, pack: str, lang: str = DEFAULT) -> str:
    """The name of a card of ``pack`` ("spanish", "french" or "tarot") in words ("Ace of swords",
    "Ás de Espadas"), for screen readers, logs and messages. It lives beside ``translate``, which
    renders card placeholders with it."""
    if card_id in _SPECIAL_CARDS:
        return translate(f"cards.{pack}.{card_id}", lang)
    if pack == "tarot" and card_id.startswith("T"):
        return translate("cards.tarot.trump", lang, n=card_id[1:])
    rank, suit = card_id[:-1], card_id[-1]
    return translate(f"cards.{pack}.name", lang, rank=translate(f"cards.{pack}.rank.{rank}", lang),
                     suit=translate(f"cards.{pack}.suit.{suit}", lang))


def normalise(lang: object) -> str:
    """A supported language code for ``lang`` (``"pt-BR"`` → ``"pt"``), English when unknown."""
    code = str(lang or "").strip().lower()[:2]
    return code if code in LANGS else DEFAULT


def has(key: str, lang: str = DEFAULT) -> bool:
    """Whether ``lang``'s catalog defines ``key`` itself (no fallback)."""
    return key in catalog(lang)


# The pack whose card names fill ``card*`` placeholders, by the first part of a key.
PACK_OF_DOMAIN = {"truco": "spanish", "pao_de_kuai": "french", "french_tarot": "tarot"}


def _render(key: str, name: str, value: object, lang: str) -> object:
    if hasattr(value, "text"):  # a message inside a message (a core.text.Msg): its words in lang
        return value.text(lang)  # type: ignore[union-attr]
    pack = PACK_OF_DOMAIN.get(key.split(".", 1)[0])
    if pack is None or not name.startswith("card"):
        return value
    if isinstance(value, str):
        return card_name(value, pack, lang)
    return join([card_name(c, pack, lang) for c in value], lang)  # type: ignore[union-attr]


def translate(key: str, lang: str = DEFAULT, **params: object) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in; English if the language lacks it.

    A key missing in English too is returned as it is, so the gap is visible and tests catch it.
    """
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(DEFAULT).get(key, key)
    if not params:
        return text
    return text.format_map({n: _render(key, n, v, lang) for n, v in params.items()})


t = translate


def join(words: list[str], lang: str = DEFAULT) -> str:
    """Words joined as a list in prose: "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " " + translate("core.and", lang) + " " + words[-1]
