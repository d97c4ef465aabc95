"""Every word a player reads, in English, Portuguese, French, Dutch and Spanish.

Catalogs are TOML files, one folder per language and one file per domain (``core.toml``,
``truco.toml`` ...). Nested tables flatten into dotted keys, except a table of *forms*: keys among
Babel's plural categories (``zero one two few many other``) and ``you``, with ``other`` required.
Its form is chosen when the text is rendered: ``you`` when the ``seat`` parameter is the reader,
else ``zero`` when the count (``n``, ``count`` or ``points``) is 0 and the table has it, else the
plural category of the count in that language (Babel's CLDR rules), else ``other``.

Placeholders are ``{name}``. Numbers are written the language's way (13,5 in French); a ``Seat``
is named for the reader ("You", "Computer 1"; ``{seat:obj}`` for the form inside a sentence); in a
game's keys a placeholder whose name starts with ``card`` holds card ids, rendered as card names of
the pack its English domain file states (``[catalog]`` ``pack = "spanish"``: a fact, not words, so
no key to translate); lists of names are joined the language's way (Babel's list patterns).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Union

from babel import Locale
from babel.dates import format_datetime
from babel.lists import format_list
from babel.numbers import format_decimal

LANGS = ("en", "pt", "fr", "nl", "es")
DEFAULT = "en"
FORMS = frozenset({"zero", "one", "two", "few", "many", "other", "you"})
COUNTS = ("n", "count", "points")  # the parameter whose number picks a plural form, in this order
_HERE = Path(__file__).parent
ABOUT = "catalog"  # a domain file's table of facts about its keys (``pack``), not words to translate

Entry = str | dict[str, str]


def _is_forms(table: dict) -> bool:
    return "other" in table and set(table) <= FORMS and all(isinstance(v, str) for v in table.values())


def _flatten(table: dict, prefix: str, out: dict[str, Entry]) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict) and not _is_forms(value):
            _flatten(value, key + ".", out)
        else:
            out[key] = value


def _files(lang: str) -> list[dict]:
    """The domain files of one language, read, in name order."""
    tables = []
    for path in sorted((_HERE / lang).glob("*.toml")):
        with path.open("rb") as fh:
            tables.append(tomllib.load(fh))
    return tables


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, Entry]:
    """All keys of one language, merged from its domain files (a value is a text or a table of forms)."""
    if lang not in LANGS:
        raise ValueError(f"Unknown language {lang!r}; choose one of {', '.join(LANGS)}.")
    out: dict[str, Entry] = {}
    for table in _files(lang):
        _flatten({name: value for name, value in table.items() if name != ABOUT}, "", out)
    return out


@lru_cache(maxsize=None)
def _packs() -> dict[str, str]:
    """The pack of each game's keys, by their first part, as the game's English catalog file states it."""
    packs: dict[str, str] = {}
    for table in _files(DEFAULT):
        pack = table.get(ABOUT, {}).get("pack")
        if pack is not None:
            packs.update(dict.fromkeys((name for name in table if name != ABOUT), pack))
    return packs


def pack_of(key: str) -> str | None:
    """The pack whose card names fill ``key``'s ``card*`` placeholders; None for a key of no game."""
    return _packs().get(key.split(".", 1)[0])


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


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural(n: float, lang: str = DEFAULT) -> str:
    """Babel's plural category of ``n`` in ``lang`` (``one``, ``many``, ``other`` …)."""
    return _locale(lang).plural_form(n)


class Signed(float):
    """A number always written with its sign (+46, −12,5), for gains and losses."""


@lru_cache(maxsize=4096, typed=True)  # a table writes the same scores and counts at every frame
def number(value: float, lang: str = DEFAULT) -> str:
    """A number written the language's way: 13.5 in English, 13,5 in French; 1,000 / 1.000 grouping;
    a ``Signed`` number with its sign."""
    pattern = "+#,##0.##;-#,##0.##" if isinstance(value, Signed) else None
    return format_decimal(value, format=pattern, locale=lang)


def moment(when: datetime, lang: str = DEFAULT) -> str:
    """A date and time, short, the language's way, in UTC given as an object: Python in the browser has no time
    zone database, so a zone named by text ("UTC") is unknown there."""
    return format_datetime(when, "short", tzinfo=timezone.utc, locale=lang)


def join(words: list[str], lang: str = DEFAULT) -> str:
    """Words joined as a list in prose, the language's way: "a, b and c", "a, b e c"."""
    return format_list(list(words), locale=lang) if words else ""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as a message parameter: an index that the reader's view turns into a name."""

    index: int


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards as a message parameter: their ids and pack family, named in the reader's language."""

    ids: tuple[str, ...]
    pack: str


@dataclass(frozen=True, slots=True)
class SeatName:
    """A seat named for one reader in one language: ``{seat}`` is the subject, ``{seat:obj}`` follows a preposition."""

    subject: str
    object: str
    is_you: bool

    def __format__(self, spec: str) -> str:
        if spec not in ("", "obj"):
            raise ValueError(f"Unknown seat form {spec!r}: use {{seat}} or {{seat:obj}}.")
        return self.object if spec == "obj" else self.subject

    def __str__(self) -> str:
        return self.subject


@dataclass(frozen=True, slots=True)
class Reader:
    """A reader at a table other people share (a room): their own ``seat``, and the seats ``people`` hold, which
    are named "Player A", "Player B" … as in the rules, never "Computer n"."""

    seat: int
    people: frozenset[int]


Readers = Union[int, Reader, None]


def _seat_of(reader: Readers) -> int | None:
    """The reader's own seat (None: nobody's)."""
    return reader.seat if isinstance(reader, Reader) else reader


@lru_cache(maxsize=512)  # every log line and status names seats
def seat_name(index: int, lang: str = DEFAULT, reader: Readers = 0) -> SeatName:
    """The one naming scheme of every page: the reader's seat is "You", the others "Computer n"
    (numbered in seat order); with no reader (a rule example) the seats are "Player A", "Player B" …, and so are
    the other people's at a shared table (``Reader``)."""
    me = _seat_of(reader)
    if me is None or (index != me and isinstance(reader, Reader) and index in reader.people):
        name = translate("ui.player", lang, letter="ABCD"[index])
        return SeatName(name, name, False)
    if index == me:
        return SeatName(translate("ui.you", lang), translate("ui.you_lower", lang), True)
    name = translate("ui.computer", lang, n=index + 1 if index < me else index)
    return SeatName(name, name, False)


def _render(key: str, name: str, value: object, lang: str, reader: Readers) -> object:
    if isinstance(value, Seat):
        return seat_name(value.index, lang, reader)
    if isinstance(value, Cards):
        return join([card_name(c, value.pack, lang) for c in value.ids], lang)
    if hasattr(value, "text"):  # a message inside a message (a core.text.Msg): its words in lang
        return value.text(lang, reader=reader)  # type: ignore[union-attr]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value, lang)
    pack = pack_of(key)
    if pack is None or not name.startswith("card"):
        return value
    if isinstance(value, str):
        return card_name(value, pack, lang)
    return join([card_name(c, pack, lang) for c in value], lang)  # type: ignore[union-attr]


def _form(entry: Entry, lang: str, params: dict[str, object], reader: Readers) -> str:
    if isinstance(entry, str):
        return entry
    seat = params.get("seat")
    if "you" in entry and isinstance(seat, Seat) and seat.index == _seat_of(reader):
        return entry["you"]
    n = next((params[k] for k in COUNTS if k in params), None)
    if isinstance(n, (int, float)) and not isinstance(n, bool):
        if n == 0 and "zero" in entry:
            return entry["zero"]
        return entry.get(plural(abs(n), lang), entry["other"])
    return entry["other"]


def translate(key: str, lang: str = DEFAULT, *, reader: Readers = 0, **params: object) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in; English if the language lacks it.

    ``reader`` is the seat named "You" (None: nobody, every seat is a player; a ``Reader``: a shared table's). A
    key missing in English too is returned as it is, so the gap is visible and tests catch it.
    """
    entry = catalog(lang).get(key)
    if entry is None:
        entry = catalog(DEFAULT).get(key, key)
    text = _form(entry, lang, params, reader)
    if not params:
        return text
    return text.format_map({n: _render(key, n, v, lang, reader) for n, v in params.items()})


t = translate
