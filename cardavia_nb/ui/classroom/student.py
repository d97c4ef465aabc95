"""A student's side of a class (issue 29): the panel above a game page's table when its address has ``?class=CODE``.

The front end reads the code from the address and sends it (``{"type": "class", "code"}``: a preheated
kernel has no query string); the page's token comes from the settings bar. The panel asks for a display
name, then deals the set's deals in order at the table (``Table.deal``: the set's cards and computer
players, no deal code shown), hides the table's level switch and *New game* while in class (the table's
gates refuse them too, and hints: the board compares players, not High's advice), and at each deal's end
writes the kernel's own record to the class (``Classes.finish``, which replays it), reviews it in a
background thread (``Classes.reviewed``), and shows the class's results of that deal. A reload resumes:
the table's keeper brings the game back, and the panel knows it as the set's deal.

A deal counts as done once the class holds its result: one the store could not take (whatever it raised)
waits and is written at the next move, the next deal, or the next page open (from the row the keeper
kept), and is never dealt again meanwhile. The panel is bound to the token it was given first: a page
that sends another one has a new player, so the class stops there, and nothing of this seat is dealt or
counted under the new token.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
from typing import Any, Sequence

from cardavia_nb import i18n
from cardavia_nb.core.record import Record
from cardavia_nb.core.text import Msg
from cardavia_nb.core.steps import Steps
from cardavia_nb.review.report import reviewing
from cardavia_nb.store.browser import browser_edition
from cardavia_nb.classroom.deals import ClassError, deal_seed, played, set_deal, set_players
from cardavia_nb.classroom.results_files import results_file
from cardavia_nb.ui.background import Ticker, in_steps
from cardavia_nb.ui.assets import module
from cardavia_nb.ui.classroom.student_local import LocalClasses
from cardavia_nb.ui.classroom.student_view import blocks
from cardavia_nb.ui.disclosure import class_record
from cardavia_nb.ui.history.keeper import panel_store
from cardavia_nb.ui.panel import Panel
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.review.reviewing import WORLDS, deal_record
from cardavia_nb.ui.table.companion import Companion

log = logging.getLogger("cardavia_nb.ui.classroom.student")
MAX_CODE = 200
TABLES_POLL = 3.0  # seconds between two looks for a table the teacher seated this student at
FILE_NAME = "cardavia-class-results.json"


def class_door(store: Any) -> Any:
    """The class tables of ``store`` (``Classes``), or this page's memory when there is no database (no store,
    or the static site's, which keeps only the player's own games in the page)."""
    if store is None or browser_edition():
        return LocalClasses(store)
    from cardavia_nb.classroom import Classes  # needs SQLAlchemy, which a store has
    return Classes(store)


class ClassPlay(Panel, Companion):
    """``ClassPlay(table, keeper=keeper)`` under a game page's table; empty unless the page gives a class code."""

    _esm = module("classroom/student.js")
    worlds = WORLDS  # sampled worlds per judged decision in the deal's review

    def __init__(self, table: Any, *, keeper: Any = None, store: Any = None, free_play: Sequence[Any] = (),
                 **kwargs: Any):
        """Follow ``table`` (its keeper's store, else ``store``, else the kernel's shared store); ``free_play``:
        widgets about playing on one's own (the lesson's Play text: levels, deal codes), hidden like the bar."""
        self.table, self._keeper, self._store = table, keeper, store
        self.free_play = tuple(free_play)
        self.classes: Any = None  # the class door, opened with the first code
        self._code: str | None = None  # the code the page gave
        self.cls: Any = None  # the ClassSet (kernel side: its seed never reaches the page)
        self.problem: str | None = None  # "wrong", "other_game", "store" when the code leads nowhere
        self.token: str | None = None
        self.name: str | None = None
        self.deal: int | None = None  # the set's deal at the table
        self.over = False  # that deal has ended (its result is written, being written, or waiting)
        self.done: set[int] = set()  # the set's deals whose result the class holds
        self.waiting: set[int] = set()  # finished here, not written yet (the store failed): written at the next chance
        self.results: dict[int, list[dict]] = {}
        self.reviews: dict[int, Any] = {}  # deal -> the Review, or "failed"
        self.records: dict[int, Record] = {}  # the finished deals' records of this kernel (the results file)
        self._lock = threading.RLock()
        self.thread: threading.Thread | None = None
        self.room: str | None = None  # the code of the table the teacher seated this student at, once there is one
        self._tables = Ticker(TABLES_POLL, self._look_for_table, lambda: self.comm is not None and self.joined)
        super().__init__(settings=table.settings, **kwargs)
        table.attach(self)
        self.settings.on_token(self._on_token)

    @property
    def store(self) -> Any:
        """The store the class is kept in, None when there is none (the browser edition)."""
        return panel_store(self._keeper, self._store)

    @property
    def joined(self) -> bool:
        """Whether this page plays the class's deals now (a name given to a set that is open, and still followed)."""
        return self.cls is not None and self.name is not None and not self.cls.closed and self.problem is None

    def remaining(self) -> list[int]:
        """The set's deals this student has not finished, in order (a deal waiting to be written is finished)."""
        if self.cls is None:
            return []
        return [i for i in range(self.cls.deals) if i not in self.done and i not in self.records]

    def render(self, lang: str) -> list[dict]:
        """The panel in ``lang`` (see ``student_view``)."""
        with self._lock:
            return blocks(self, lang)

    def refresh(self) -> None:
        """Draw the panel; while the set's deals are at the table its bar (level, deal code, New game) is hidden,
        since this panel deals the next one (the gates still refuse those intents if a page sends them), and so
        are the words about playing on one's own (on a phone they would push the table off the first screen). A
        room's table (several people) has neither either: the friends' panel shows the same."""
        with self._lock:
            apart = (self.joined and self.deal is not None) or len(self.table.session.humans) > 1
            self.table.bar = not apart
            for widget in self.free_play:
                widget.layout.display = "none" if apart else None
        super().refresh()

    # --- intents ------------------------------------------------------------------------------
    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """The class code from the page's address, else the panel's own intents (``text``, ``press``)."""
        if not (isinstance(content, dict) and content.get("type") == "class"):
            super()._on_msg(widget, content, buffers)
            return
        code = content.get("code")
        self.notice = ""
        try:
            if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
                raise Refusal(Msg.of("classplay.bad_code"))
            self._on_code(code)
        except Refusal as refusal:
            self.tell(refusal.msg)
        self.refresh()

    def handle(self, intent: str, content: dict) -> None:
        """Join with a name, go to the next deal, download the results file; anything else changes nothing."""
        press = content.get("id") if intent == "press" else None
        try:
            if intent == "text" and content.get("id") == "name":
                self._join(content["value"])
            elif press == "next":
                if not self.joined:
                    raise Refusal(Msg.of("classplay.no_class"))
                self._next()
            elif press == "download":
                self._download()
            else:
                raise Refusal(Msg.of("ui.panel.bad_message"))
        except Refusal as refusal:
            self.tell(refusal.msg)
        except ClassError as err:
            self.tell(err.msg)

    def gate(self, kind: str, content: dict) -> bool:
        """The table's intents in class: no level switch, no new game, no hint; no review of a finished deal
        before its result is written (it shows every hand, and an unwritten deal could come back); a
        finished class deal's *New game* (and Truco's *Next deal*) deals the set's next deal. Practice
        from the review is left alone."""
        if not self.joined or self.deal is None:
            return False
        if kind == "level":
            raise Refusal(Msg.of("classplay.no_level"))
        practising = self.table.reviewing.practising
        if kind == "hint" and not practising:
            raise Refusal(Msg.of("classplay.no_hint"))
        if self.over and self.deal not in self.done and kind in self.table.reviewing.intents():
            raise Refusal(Msg.of("classplay.review_waits"))
        pause = self.table.turn.pause
        goes_on = (kind == "new" and content.get("seed") in (None, "")) or (
            kind == "act" and pause is not None and content.get("id") == pause.id)
        if self.over and goes_on and not practising:
            self._next()
            self.refresh()
            return True
        if kind == "new":
            raise Refusal(Msg.of("classplay.no_new"))
        return False

    # --- joining --------------------------------------------------------------------------------
    def _on_code(self, code: str) -> None:
        """Look the code up once: a wrong one, another game's set, a closed set, or the set to play."""
        if self.cls is not None or self.problem is not None:
            if self._code != code:
                raise Refusal(Msg.of("classplay.other_code"))
            return
        self._code = code
        try:
            self.classes = class_door(self.store)
            found = self.classes.find(code)
        except Exception:  # a store that fails, whatever it raises: the page plays on (the log has why)
            log.warning("class: the code could not be looked up", exc_info=True)
            self.problem = "store"
            return
        if found is None:
            self.problem = "wrong"
            return
        self.cls = found
        if found.game != self.table.game.name:
            self.problem = "other_game"
            return
        self._begin()

    def _on_token(self, token: str, _reason: str | None) -> None:
        """The page's token (the keeper has already brought its game back): go on in the class. Another
        token once the panel follows a class is another player: see ``_stop``."""
        if self.problem == "new_token" or token == self.token:
            return  # stopped: the page is bound to its first token for good
        if self.token is not None and self.cls is not None and self.problem is None:
            self._stop(token)
        else:
            self.token = token
            self._begin()
        self.refresh()

    def _stop(self, token: str) -> None:
        """The page sent a new token mid-class: a new page's player, not this seat. The result waiting is
        written under the token the panel joined with, the panel says that the class stops here, and the
        class deal leaves the table, with the copy of it the keeper just kept under the new token."""
        self._write_waiting()
        with self._lock:
            self.problem = "new_token"
        table, keeper = self.table, self._keeper
        if self._set_deal_of(table.record()) is None:
            return
        if keeper is not None and keeper.token == token and keeper.game_id is not None:
            try:
                self.classes.forget(token, keeper.game_id)
            except Exception:  # the page plays on; the copy is left, marked left by the next game
                log.warning("class: the copied class deal could not be forgotten", exc_info=True)
        table.send_intent({"type": "new"})

    def _set_deal_of(self, record: Record) -> int | None:
        """Which of the set's deals ``record`` is (by the cards of its first deal), else None."""
        game = self.table.game
        first = game.first_deal(record.setup or {})
        return next((i for i in range(self.cls.deals)
                     if record.game == game.name and first == game.deal_setup(set_deal(game, self.cls, i))), None)

    def _begin(self) -> None:
        """With the set and the token known: a closed set's results, else the name asked or the deals resumed."""
        if self.cls is None or self.token is None or self.problem is not None:
            return
        try:
            if self.cls.closed:
                self.results = {d: rows for d in range(self.cls.deals)
                                if (rows := self.classes.results(self.cls, self.token, d)) is not None}
                return
            place = self.classes.student(self.cls, self.token)
        except Exception:  # a store that fails, whatever it raises
            log.warning("class: the student's place could not be read", exc_info=True)
            self.problem = "store"
            return
        if place is not None:
            self.name, self.done = place["name"], set(place["done"])
            self._carry_on()

    def _join(self, name: str) -> None:
        """Join the set under ``name`` (refused in words when taken or malformed), then deal."""
        if self.cls is None or self.problem is not None or self.cls.closed or self.token is None:
            raise Refusal(Msg.of("classplay.no_class"))
        if self.name is not None:
            raise Refusal(Msg.of("classplay.already", name=self.name))
        try:
            self.name = self.classes.join(self.cls, self.token, name)
        except ClassError:
            raise
        except Exception:  # a store that fails, whatever it raises
            log.warning("class: joining failed", exc_info=True)
            raise Refusal(Msg.of("classplay.no_store")) from None
        self._carry_on()

    # --- the deals ------------------------------------------------------------------------------
    def _look_for_table(self) -> None:
        """Whether the teacher has seated this student at a table (``Classes.my_room``; a class without a shared
        server has none): the panel then shows its link. A store that fails leaves it for the next look."""
        mine = getattr(self.classes, "my_room", None)
        if mine is None or self.cls is None or self.token is None:
            return
        try:
            found = mine(self.cls, self.token)
        except Exception:  # a store that fails, whatever it raises: the class plays on (the log has why)
            log.warning("class: the student's table could not be looked up", exc_info=True)
            return
        if found != self.room:
            self.room = found
            self.refresh()

    def _carry_on(self) -> None:
        """Go on with the set: first the finished deals kept under the token that the class does not hold,
        then the game the keeper brought back if it is one of the set's deals, else the next deal. From now on
        the panel looks every few seconds for a table the teacher seats this student at."""
        self._look_for_table()
        self._tables.start()
        table = self.table
        if self._keeper is not None:
            self._keeper.keep_apart()  # the class deal in progress comes back; the page's own game waits
        self._write_kept()
        index = None if table.reviewing.practising else self._set_deal_of(table.record())
        finished = index is not None and (index in self.done or index in self.records)
        if index is None or (finished and not table.game.deal_over(table.state)):
            if self.remaining():  # a finished deal is never dealt again, nor played on
                self._next()
            return
        self.deal, self.over = index, finished
        table.seed = None  # the set's deal code never reaches the page
        self.moved(table)
        if table.game.deal_over(table.state):
            self.deal_ended(table)  # a deal that ended before the page went away is written now
        if index in self.done:
            self._read_results(index)

    def _next(self) -> None:
        """Deal the set's next unfinished deal at the table (the set's cards, level and players)."""
        if self.deal is not None and not self.over:
            raise Refusal(Msg.of("classplay.not_over"))
        remaining = self.remaining()
        if not remaining:
            raise Refusal(Msg.of("classplay.all_played"))
        index = remaining[0]
        with self._lock:
            self.deal, self.over = index, False
        players = set_players(self.cls, index)
        self.table.deal(set_deal(self.table.game, self.cls, index),
                        {seat: p for seat, p in enumerate(players) if p is not None}, self.cls.level)
        try:
            self.classes.started(self.cls, self.token, index)
        except Exception:  # shown on the board only: the deal is played all the same
            log.warning("class: deal %s could not be marked begun", index, exc_info=True)

    def moved(self, table: Any) -> None:
        """After each move at the table: the results still waiting are written."""
        if self.joined and self.deal is not None:
            self._write_waiting()

    def deal_ended(self, table: Any) -> None:
        """The set's deal ended at the table: it is written and reviewed in the background (once)."""
        if not self.joined or self.deal is None or self.over:
            return
        index = self.deal
        record = replace(table.record(), seed=deal_seed(self.cls, index))  # the deal's seed, never shown
        judged = deal_record(table)  # Truco: the deal alone; the record the summary's line plays again
        again = table.reviewing.played_again(judged)
        with self._lock:
            self.over = True
            self.records[index] = record
        self.thread = in_steps(self._write(index, judged, again))  # no threads (the browser): between clicks
        self.refresh()

    def _finish(self, index: int) -> None:
        """Write finished deal ``index`` to the class: done once written; one the store could not take,
        whatever it raised, waits for the next chance; one the class refuses (a closed set) is said."""
        try:
            self.classes.finish(self.cls, self.token, index, self.records[index])
        except ClassError as err:
            log.warning("class: deal %s was refused: %s", index, err)
            with self._lock:
                self.waiting.discard(index)
            self.tell(err.msg)
            return
        except Exception:  # the store, whatever it raised: the page plays on and tries again later
            log.warning("class: deal %s could not be written", index, exc_info=True)
            with self._lock:
                self.waiting.add(index)
            self.tell(Msg.of("classplay.not_written"))
            return
        with self._lock:
            self.waiting.discard(index)
            self.done.add(index)
        self._read_results(index)

    def _write_waiting(self) -> None:
        """Write the finished deals whose result the store could not take before (it may answer now)."""
        for index in sorted(self.waiting):
            self._finish(index)

    def _write_kept(self) -> None:
        """The finished set deals the store kept under the token (their page went away before the class
        took them): written now, and known as finished so that none is dealt again."""
        for index, record in self._kept_records().items():
            if index not in self.done and index not in self.records:
                with self._lock:
                    self.records[index] = record
                self._finish(index)

    def _write(self, index: int, judged: Record, again: Any) -> Steps[None]:
        """Write the finished deal to the class, show its results, then review it and write the summary.
        The review takes High's deal on the same cards from the summary's line (``again``) and looks at no
        mistake in hindsight (neither the panel nor the board shows that): half the work of a table's
        review, which thirty kernels may run at once in a class."""
        self._finish(index)
        try:
            found = yield from reviewing(judged, worlds=self.worlds, hindsight=0, played_again=again)
        except Exception:  # the page hears that the review failed, the server log has why
            log.exception("class: the review of deal %s failed", index)
            found = "failed"
        with self._lock:
            self.reviews[index] = found
        if found != "failed":
            mistakes = [{"step": m.step, "played": m.played, "best": m.best, "loss": m.loss} for m in found.mistakes]
            try:
                self.classes.reviewed(self.cls, self.token, index, mistakes)
            except Exception:  # the result is in; its review's summary is only missing from the board
                log.warning("class: the review of deal %s could not be written", index, exc_info=True)
        self.refresh()

    def _read_results(self, index: int) -> None:
        """The class's results of a finished deal (None from the class before it is written)."""
        try:
            rows = self.classes.results(self.cls, self.token, index)
        except Exception:  # read again at the next chance
            log.warning("class: the results of deal %s could not be read", index, exc_info=True)
            rows = None
        with self._lock:
            if rows is not None:
                self.results[index] = rows
        self.refresh()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the last deal's writing and review (notebooks and tests)."""
        if self.thread is not None:
            self.thread.join(timeout)

    # --- the results file (a set without a shared server) ---------------------------------------
    def _download(self) -> None:
        """Send the page this student's results file: every finished deal's record, replayed once more."""
        if not self.joined or self.cls.kind != "open":
            raise Refusal(Msg.of("classplay.no_download"))
        records = {**self._kept_records(), **self.records}
        if not records:
            raise Refusal(Msg.of("classplay.nothing_yet"))
        text = results_file(self.cls, self.name, [class_record(self.cls, records[d]) for d in sorted(records)])
        self.send({"type": "download", "name": FILE_NAME, "text": text, "mime": "application/json"})
        self.notice = i18n.translate("classplay.downloaded", self.lang, count=len(records))

    def _kept_records(self) -> dict[int, Record]:
        """The finished set deals kept under this token (before a reload), each checked by replaying it."""
        found: dict[int, Record] = {}
        try:
            texts = self.classes.kept(self.token, self.table.game.name)
        except Exception:  # the store, whatever it raised: nothing kept is known now
            log.warning("class: the kept class deals could not be read", exc_info=True)
            return found
        for text in texts:
            try:
                record = Record.from_json(text)
                index = self._set_deal_of(record)
                if index is not None and index not in found:
                    record = replace(record, seed=deal_seed(self.cls, index))
                    played(self.cls, index, record)
                    found[index] = record
            except Exception:  # another version's record, or not the set's deal played out: not the class's
                continue
        return found


__all__ = ["ClassPlay", "class_door"]
