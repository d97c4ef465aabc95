"""The teacher's page: class sets (the same deals for a whole class) and their live board.

Without the teacher key the page shows nothing but the request for it. The key comes from the page's front end
(widgets/classroom/teacher_page.js: the teacher link's ``#key=`` fragment, ``{"type": "key", "value"}``) or from the
key field; the kernel checks it against ``$CARDAVIA_TEACHER_HASH`` (``classroom.teacher_ok``) and keeps it server
side only: no trait or message ever holds it. With it: create a set (game, 1–12 deals, level, on this server or with
no shared server), choose one of the teacher's sets, and see its board (see ``ui/classroom/teacher_view.py``), close
the set, export the board as CSV, upload the students' results files, open a student's deal in the replay at a
mistake (a ``Table`` below the board, in review mode), and seat a server set's students at tables of two to four
(*Tables in class*, ``classroom.rooms``), whose results the board lists apart.

Live: while a set is shown the kernel asks the store for the set's change marker (``Classes.stamp``) once a
second, on the kernel's own asyncio loop (a timer, not a thread: nothing waits), and draws the board
again only when it changed; the timer stops when the widget closes.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Mapping

import ipywidgets

from cardavia_nb import i18n
from cardavia_nb.core.record import replay
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get as get_game
from cardavia_nb.classroom import HASH_ENV, MAX_DEALS, ClassError, board_csv, teacher_ok
from cardavia_nb.store.errors import StoreError
from cardavia_nb.store.location import ROOM_ENV
from cardavia_nb.ui.assets import module
from cardavia_nb.ui.background import Ticker, in_background
from cardavia_nb.ui.classroom.high_scores import start_high
from cardavia_nb.ui.addresses import take_origin
from cardavia_nb.ui.classroom.tables_view import tables_blocks
from cardavia_nb.ui.classroom.teacher_view import UPLOAD, board_blocks
from cardavia_nb.ui.disclosure import class_record
from cardavia_nb.ui.home import PAGES
from cardavia_nb.ui.history.keeper import shared_store
from cardavia_nb.ui.markdown import literal
from cardavia_nb.ui.panel import Panel, buttons, field, md, note, number
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.table import LEVELS, Table

POLL = 1.0  # seconds between two looks at the shown set's change marker
MAX_KEY = 400  # characters of a key the kernel reads at most
KINDS = ("server", "open")
CHOICES = {"game": tuple(PAGES), "level": LEVELS, "kind": KINDS}


class Board(Panel):
    """``Board()`` on the teacher's page; ``Board(classes=Classes(store), environ={...})`` in tests.

    ``replays`` is the box under the board where a student's deal opens in the replay (display it too).
    """

    _esm = module("classroom/teacher_page.js")

    def __init__(self, *, classes: Any = None, environ: Mapping[str, str] | None = None, **kwargs: Any):
        self._classes = classes
        self._environ = os.environ if environ is None else environ
        self._key: str | None = None  # the teacher key: server side only, never a trait, never logged
        self._wrong = False
        self.form = {"game": "truco", "level": "low", "kind": "server", "deals": 4}
        self.chosen: int | None = None  # the id of the set shown
        self.data: dict | None = None  # its board, as last read
        self._marker: tuple | None = None
        self._said: tuple[Msg, str] | None = None  # the last action's outcome and its tone
        self._origin: str | None = None  # this page's address: the students' link is built beside it
        self._ticker = Ticker(POLL, self.poll, lambda: self.comm is not None and self.chosen is not None and self.teacher)
        self._highs: set[int] = set()  # sets whose High scores this board has set going
        self.high_thread: threading.Thread | None = None  # the last of them (tests wait for it)
        self.upload_thread: threading.Thread | None = None  # the last results file being checked
        self.replays = ipywidgets.VBox()
        super().__init__(**kwargs)

    # --- the store ----------------------------------------------------------------------------
    @property
    def classes(self) -> Any:
        """The class sets' store (``Classes``), None when games are not kept on this server (no database, or
        the browser edition, which has no SQLAlchemy: ``Classes`` is imported only here)."""
        if self._classes is None:
            store = shared_store()
            if store is not None:
                from cardavia_nb.classroom import Classes

                self._classes = Classes(store)
        return self._classes

    @property
    def teacher(self) -> bool:
        """Whether the page has shown the right teacher key."""
        return self._key is not None

    # --- intents ------------------------------------------------------------------------------
    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """The key and the page's address, then the panel's intents (checked by ``Panel``)."""
        kind = content.get("type") if isinstance(content, dict) else None
        value = content.get("value") if isinstance(content, dict) else None
        if kind == "key":
            self.notice = ""
            self._take_key(value)
            self.refresh()
        elif kind == "origin":
            self._take_origin(value)
        else:
            super()._on_msg(widget, content, buffers)

    def _take_key(self, value: Any) -> None:
        """Open the page when ``value`` is the teacher key; say so when it is not."""
        if not isinstance(value, str) or len(value) > MAX_KEY:
            self.notice = i18n.translate("ui.panel.bad_message", self.lang)
            return
        if teacher_ok(value.strip(), self._environ):
            self._key, self._wrong = value.strip(), False
        else:
            self._key, self._wrong = None, True
            self._stop()

    def _take_origin(self, value: Any) -> None:
        """The page's own address (scheme, host, path), from which the students' link is built (on the room's
        address that class mode gave the kernels, when the teacher's page is on this machine's loopback)."""
        origin = take_origin(value, self._environ.get(ROOM_ENV))
        if origin is not None:
            self._origin = origin
            self.refresh()
        else:
            self.notice = i18n.translate("ui.panel.bad_message", self.lang)

    def handle(self, intent: str, content: dict) -> None:
        """Every panel intent; a refused one says why in the notice and changes nothing."""
        try:
            if intent == "text" and content["id"] == "key":
                self._take_key(content["value"])
            elif not self.teacher:
                raise Refusal(Msg.of("board.ask_key"))
            elif self.classes is None:
                raise Refusal(Msg.of("board.no_store"))
            elif intent == "press":
                self._press(content["id"])
            elif intent == "number" and content["id"] == "deals":
                self.form["deals"] = self.bounded(content["value"], 1, MAX_DEALS)
            elif intent == "file" and content["id"] == UPLOAD:
                self._upload(content["name"], content["text"])
            else:
                raise Refusal(Msg.of("ui.panel.bad_message"))
        except (Refusal, ClassError) as refused:
            self.notice = refused.msg.text(self.lang)
        except StoreError:
            self.notice = i18n.translate("board.store_failed", self.lang)

    def _press(self, press: str) -> None:
        """The form's choices, *Create the set*, a set chosen, *Close*, *Export*, *Replay* and the tables' sizes."""
        kind, _, value = press.partition(":")
        if kind in CHOICES and value in CHOICES[kind]:
            self.form[kind] = value
        elif press == "create":
            self._create()
        elif kind == "set":
            self._choose(value)
        elif press == "close":
            self._close()
        elif press == "export":
            self._export()
        elif kind == "replay":
            self._replay(value)
        elif kind == "tables" and value.isdigit() and len(value) == 1:
            self._tables(int(value))
        else:
            raise Refusal(Msg.of("ui.panel.bad_message"))

    def _create(self) -> None:
        """A new set from the form; High starts playing its deals in the background."""
        form = self.form
        made = self.classes.create(self._key, form["game"], form["level"], form["deals"], kind=form["kind"])
        self._said = (Msg.of("board.created"), "ok")
        self._show(made.id)

    def _choose(self, value: str) -> None:
        """Show one of the teacher's own sets (another's id is refused)."""
        mine = {str(s.id): s.id for s in self.classes.sets(self._key)}
        if value not in mine:
            raise Refusal(Msg.of("board.not_yours"))
        self._said = None
        self._show(mine[value])

    def _set(self) -> Any:
        """The set shown (refused when none is)."""
        if self.chosen is None:
            raise Refusal(Msg.of("board.no_set"))
        return next(s for s in self.classes.sets(self._key) if s.id == self.chosen)

    def _close(self) -> None:
        """Close the shown set: students then see every result."""
        if self._set().closed:
            raise Refusal(Msg.of("board.already_closed"))
        self.classes.close(self._key, self.chosen)
        self._read()
        self._said = (Msg.of("board.closed"), "ok")

    def _tables(self, size: int) -> None:
        """Seat the shown set's students at tables of ``size`` (``Classes.open_rooms``): each student's class
        panel shows the link to their table; the board lists the tables apart from the set's deals."""
        cls = self._set()
        count, alone = self.classes.open_rooms(self._key, cls.id, size)
        self._read()
        said = Msg.of("board.tables.made", count=count)
        if alone:  # the names are student text: shown as typed
            said = Msg.of("board.tables.made_alone", count=count, names=literal(", ".join(alone)))
        self._said = (said, "ok")

    def _export(self) -> None:
        """Send the page the board as a CSV file to save."""
        cls = self._set()
        name = f"cardavia-class-{cls.game}-{cls.id}.csv"
        self.send({"type": "download", "name": name, "mime": "text/csv",
                   "text": board_csv(self.classes.board(self._key, cls.id), self.lang)})
        self._said = (Msg.of("board.exported", name=name), "ok")

    def _upload(self, name: str, text: str) -> None:
        """A student's results file, checked in the background: the store replays every record (a Tarot file
        played against High takes many seconds), so the board says so now and tells the outcome when done."""
        cls = self._set()
        self._said = (Msg.of("board.checking", name=literal(name)), "info")
        self.upload_thread = in_background(self._add_file, cls.id, name, text, failed=lambda: self._refused(name))

    def _refused(self, name: str, reason: Msg | None = None) -> None:
        """Say that the results file ``name`` was refused, and why (by default: unreadable); draw the panel again.
        Also what the board says when the check itself broke (the server's log has it)."""
        reason = reason or Msg.of("board.unreadable")
        self._said = (Msg.of("board.refused", name=literal(name), reason=literal(reason.text(self.lang))), "bad")
        self.refresh()

    def _add_file(self, set_id: int, name: str, text: str) -> None:
        """Add the file to set ``set_id``'s board, or say why not; then draw the panel again. The file's name
        and the names a refusal quotes are student text: shown as typed (``markdown.literal``)."""
        try:
            added = self.classes.upload(self._key, set_id, text)
        except StoreError:
            self._said = (Msg.of("board.store_failed"), "bad")
        except ValueError as err:
            self._refused(name, err.msg if isinstance(getattr(err, "msg", None), Msg) else None)
            return
        else:
            if self.chosen == set_id:
                self._read()
            self._said = (Msg.of("board.uploaded", name=literal(name), count=added), "ok")
        self.refresh()

    def _replay(self, value: str) -> None:
        """Open a student's deal in the replay, at the mistake the button names (from the board as read)."""
        deal, _, k = value.partition(":")
        deals = self.data["deals"] if self.data else []
        if not (deal.isdigit() and k.isdigit() and int(deal) < len(deals) and int(k) < len(deals[int(deal)]["mistakes"])):
            raise Refusal(Msg.of("board.no_such"))
        mistake = deals[int(deal)]["mistakes"][int(k)]
        record = class_record(self._set(), self.classes.record(self._key, mistake["result"]))  # seeds: ui.disclosure
        table = Table(record.game, state=replay(get_game(record.game), record), settings=self.settings, delay=0)
        table.send_intent({"type": "open_record", "text": record.to_json()})
        table.send_intent({"type": "replay", "step": mistake["step"]})
        for old in self.replays.children:
            old.close()
        self.replays.children = (table,)
        self._said = (Msg.of("board.replaying", deal=int(deal) + 1, step=mistake["step"] + 1), "info")

    # --- the set shown, and watching it ---------------------------------------------------------
    def _show(self, set_id: int) -> None:
        """Show a set's board and watch it; High plays the deals it has no score for yet."""
        self.chosen, self._marker = set_id, None
        for old in self.replays.children:
            old.close()
        self.replays.children = ()
        self._read()
        if set_id not in self._highs and any(d["high"] is None for d in self.data["deals"]):
            self._highs.add(set_id)
            self.high_thread = start_high(self.classes, self._key, self._set(),
                                          [d["index"] for d in self.data["deals"] if d["high"] is None])
        self._watch()

    def _read(self) -> None:
        """Read the shown set's board and its change marker (which also changes when a student goes idle)."""
        self._marker = self.classes.stamp(self.chosen)
        self.data = self.classes.board(self._key, self.chosen)

    def poll(self) -> bool:
        """Draw the board again if the shown set changed since it was read; True when it did."""
        if not self.teacher or self.chosen is None or self.classes is None:
            return False
        try:
            if self.classes.stamp(self.chosen) == self._marker:
                return False
            self._read()
        except StoreError:
            return False
        self.refresh()
        return True

    def _watch(self) -> None:
        """Poll once a second on the kernel's running asyncio loop (none outside a kernel: ``poll()`` by hand)."""
        self._ticker.start()

    def _stop(self) -> None:
        """No more polling."""
        self._ticker.stop()

    def close(self) -> None:
        """Stop watching the store, then close the widget."""
        self._stop()
        super().close()

    # --- drawing --------------------------------------------------------------------------------
    def render(self, lang: str) -> list[dict]:
        """The request for the key, or the form, the teacher's sets and the board of the one shown."""
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
        if not self._environ.get(HASH_ENV):
            return [note(t("board.no_class_mode"), "bad")]
        if not self.teacher:
            out = [md(t("board.ask_key")), field("key", t("board.key_label"), t("board.key_button"), max_length=MAX_KEY)]
            return out + ([note(t("board.wrong_key"), "bad")] if self._wrong else [])
        if self.classes is None:
            return [note(t("board.no_store"), "bad")]
        out = [note(self._said[0].text(lang), self._said[1])] if self._said else []
        try:
            out += [*self._form(lang), *self._sets(lang)]
            if self.data is not None:
                out += [*board_blocks(self.data, self._origin, lang),
                        *tables_blocks(self.data["rooms"], self.data["set"], lang)]
        except StoreError:
            out.append(note(t("board.store_failed"), "bad"))
        return out

    def _form(self, lang: str) -> list[dict]:
        """The new set's choices and *Create the set*."""
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
        form = self.form
        return [md(f"## {t('board.new_set')}"),
                md(t("board.game")), buttons([(f"game:{g}", t(f"games.{g}.title")) for g in PAGES], f"game:{form['game']}"),
                number("deals", t("board.deals"), form["deals"], 1, MAX_DEALS),
                md(t("board.level")), buttons([(f"level:{v}", t(f"ui.level.{v}")) for v in LEVELS], f"level:{form['level']}"),
                md(t("board.where")), buttons([(f"kind:{v}", t(f"board.kind.{v}")) for v in KINDS], f"kind:{form['kind']}"),
                buttons([("create", t("board.create"))])]

    def _sets(self, lang: str) -> list[dict]:
        """The teacher's sets, newest first: choosing one shows its board."""
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
        sets = self.classes.sets(self._key)
        if not sets:
            return [md(f"## {t('board.sets')}"), md(t("board.no_sets"))]

        def label(s: Any) -> str:
            when = i18n.moment(s.created, lang) if s.created else ""
            line = t("board.set_line", game=t(f"games.{s.game}.title"), count=s.deals, level=t(f"ui.level.{s.level}"), when=when)
            return f"{line} ({t('board.closed_mark')})" if s.closed else line
        return [md(f"## {t('board.sets')}"), buttons([(f"set:{s.id}", label(s)) for s in sets], f"set:{self.chosen}")]

