"""The results file of a class without a shared server: what a student downloads at the end of an open set
and the teacher uploads into the board. It is untrusted input: size-limited, parsed field by field, and
every record in it is replayed by the store before anything of it is believed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from cardavia_nb.core.record import Record, RecordError, replay
from cardavia_nb.games import get
from cardavia_nb.classroom.deals import (
    ClassError, ClassSet, Played, check_name, deal_seed, finite, played, refused,
)

FORMAT = "cardavia-class-results/1"
MAX_FILE = 1_000_000  # characters: twelve deals of Tarot take some 40 000
MAX_DEPTH = 12  # lists and objects inside one another: a file as written nests 7 deep
MAX_NUMBER = 24  # characters of one number: a seed has 19 digits, a score a few
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class _Unreadable(ValueError):
    """A number in a results file that no results file holds (too long, not finite)."""


@dataclass(frozen=True)
class Entry:
    """One deal of a results file as the file states it."""

    deal: int
    score: float
    record: Record


@dataclass(frozen=True)
class ResultsFile:
    """A parsed results file: the set's code, the student's name, one entry per deal."""

    code: str
    name: str
    entries: tuple[Entry, ...]


def _deal_of(cls: ClassSet, record: Record) -> int:
    """Which deal of the set a record is (by its seed); a record of no deal of the set is refused."""
    for index in range(cls.deals):
        if deal_seed(cls, index) == record.seed:
            return index
    raise refused("file_other_set")


def results_file(cls: ClassSet, name: str, records: list[Record]) -> str:
    """The JSON text a student downloads: the set's code, the name, each deal's record and its score."""
    game = get(cls.game)
    results = []
    for record in records:
        score = game.deal_score(replay(game, record), 0)
        results.append({"deal": _deal_of(cls, record), "score": score, "record": json.loads(record.to_json())})
    data = {"format": FORMAT, "code": cls.code, "game": cls.game, "level": cls.level, "deals": cls.deals,
            "name": check_name(name), "results": sorted(results, key=lambda r: r["deal"])}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _entry(value: Any) -> Entry:
    """One entry of the file's list, every field of the right type, else the file is refused."""
    if not isinstance(value, dict) or set(value) != {"deal", "score", "record"}:
        raise refused("file_bad")
    deal, score, record = value["deal"], value["score"], value["record"]
    if isinstance(deal, bool) or not isinstance(deal, int) or not isinstance(record, dict):
        raise refused("file_bad")
    if not finite(score):
        raise refused("file_bad")
    try:
        return Entry(deal, float(score), Record.from_json(json.dumps(record)))
    except RecordError as err:
        raise ClassError(err.msg) from None


def _nesting(text: str) -> int:
    """How deep lists and objects nest in the JSON ``text`` (its strings left out)."""
    signs = _BRACKETS.findall(_STRINGS.sub("", text))
    return max(accumulate(1 if sign in "[{" else -1 for sign in signs), default=0)


def _number(text: str) -> float | int:
    """A JSON number of the file, refused when longer than any a results file holds or not finite."""
    if len(text) > MAX_NUMBER:
        raise _Unreadable(text[:MAX_NUMBER])
    value = float(text) if any(c in text for c in ".eE") else int(text)
    if not finite(value):
        raise _Unreadable(text)
    return value


def _constant(text: str) -> Any:
    """NaN and the infinities, which JSON does not have and no results file holds."""
    raise _Unreadable(text)


def parse_file(text: Any) -> ResultsFile:
    """Read a results file, refusing in words one too large, too deep, with numbers no results file holds,
    not JSON, or not written the way it is written."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if not isinstance(text, str):
        raise refused("file_bad")
    if len(text) > MAX_FILE:
        raise refused("file_too_big", most=MAX_FILE // 1000)
    if _nesting(text) > MAX_DEPTH:
        raise refused("file_bad")
    try:
        data = json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except _Unreadable:
        raise refused("file_bad") from None
    except ValueError:
        raise refused("file_not_json") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise refused("file_not_results")
    code, results = data.get("code"), data.get("results")
    if not isinstance(code, str) or not isinstance(results, list) or not results:
        raise refused("file_bad")
    entries = tuple(_entry(value) for value in results)
    if len({e.deal for e in entries}) != len(entries):
        raise refused("file_repeats")
    return ResultsFile(code, check_name(data.get("name")), entries)


def checked_file(cls: ClassSet, text: Any) -> tuple[str, list[tuple[int, Played]]]:
    """A results file for ``cls`` read and believed only after every deal in it is replayed here and gives
    the score it states: the student's name and each deal's replay. Anything else is refused in words."""
    sent = parse_file(text)
    if sent.code != cls.code:
        raise refused("file_other_set")
    checked = []
    for entry in sent.entries:
        if not 0 <= entry.deal < cls.deals:
            raise refused("file_bad")
        replayed = played(cls, entry.deal, entry.record)
        if abs(replayed.score - entry.score) > 1e-9:
            raise refused("file_forged", deal=entry.deal + 1)
        checked.append((entry.deal, replayed))
    return sent.name, checked
