"""High on the same cards, in the deal's summary: what High scored in the player's seat on the same
cards against the same computer players (duplicate scoring, ``review.report.playing_same_cards``).

It is computed while the player reads the summary: started when a deal ends, in a thread, or between
the page's messages where Python has no threads (the static site; ``ui.background.in_steps``), and
until it arrives the summary says that High is playing these cards. A new game or the next deal
forgets it (a generation counter): the play-out stops at its next move and its result is never shown. Nothing of it exists before the deal is over. ``CARDAVIA_SAME_CARDS=0`` in
the server's environment turns it off (a small server with a whole class at once: docs/classroom.md).
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any, Callable

from cardavia_nb.core.record import Record
from cardavia_nb.core.text import Msg
from cardavia_nb.core.steps import Steps
from cardavia_nb.games import get
from cardavia_nb.review.report import SameCards, playing_same_cards
from cardavia_nb.ui.background import in_steps
from cardavia_nb.ui.table.summary import signed

log = logging.getLogger("cardavia_nb.ui")
ENV = "CARDAVIA_SAME_CARDS"


def wanted() -> bool:
    """Whether tables play each finished deal again with High (on unless ``CARDAVIA_SAME_CARDS`` is "0")."""
    return os.environ.get(ENV, "1") != "0"


class SameCardsLine:
    """The summary's line of High on the same cards for the deal just finished ("" when there is none)."""

    def __init__(self, changed: Callable[[], None]):
        self._changed = changed  # the page's copy is redrawn (the table's ``review`` trait)
        self._lock = threading.Lock()
        self._generation = 0
        self.thread: threading.Thread | None = None
        self.record: Record | None = None  # the deal being played again by High, None when there is none
        self.you: tuple[float, ...] = ()  # each seat's points in the deal as it was really played
        self.high: SameCards | None = None  # High's deal, once played

    def start(self, record: Record, seat: int, you: tuple[float, ...]) -> None:
        """The deal ``record`` is over (``you``: each seat's points in it): High plays it again in ``seat``."""
        with self._lock:
            self._generation += 1
            self.record, self.you, self.high = record, you, None
            generation = self._generation
        self.thread = in_steps(self._play(record, seat, generation), lambda: generation == self._generation)

    def forget(self) -> None:
        """A new game or deal: no line, and a play-out still running stops at its next move."""
        with self._lock:
            self._generation += 1
            self.record, self.you, self.high = None, (), None

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the running play-out to end (notebooks and tests)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def _play(self, record: Record, seat: int, generation: int) -> Steps[None]:
        """High plays the deal, as steps; its result is kept, and shown, only while this deal is the table's."""
        try:
            high = yield from playing_same_cards(record, seat)
        except Exception:  # the line is left out; the server log has why
            log.exception("High on the same cards of a %s deal failed", record.game)
            high = None
        with self._lock:
            if generation != self._generation:
                return
            self.high = high
            if high is None:
                self.record = None
        self._changed()

    def line(self, words: Any) -> str:
        """The line in the page language: High is playing (until it arrives), then both scores."""
        with self._lock:
            record, high, you = self.record, self.high, self.you
        if record is None:
            return ""
        if high is None:
            return words.text(Msg.of("review.same.playing"))
        lang, seat = words.lang, high.seat
        if get(record.game).match:  # a match: the deal's points for and against
            mine, theirs = high.points[seat], high.points[1 - seat]
            return words.text(Msg.of("review.same.truco", n=mine, high_them=theirs, you=you[seat], you_them=you[1 - seat]))
        return words.text(Msg.of("review.same.points", high=signed(high.points[seat], lang), you=signed(you[seat], lang)))


__all__ = ["SameCardsLine"]
