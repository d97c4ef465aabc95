"""The table's link to the store: its game kept after every move under the page's token, the game
in progress brought back when the page opens again (a reload, a culled kernel, a restarted server),
and a finished game of the token's opened in the table's review (*Your games*, ``?review=<id>``).

The page's token comes from the settings bar (``Settings.on_token``). A store that fails, whatever it
raises, never stops play: the table plays on and says once that games are not being kept, every move
tries again with the whole game so far, and the table says when games are kept again; the details go
to the server log only (never the token, a path or a URL to the page).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from cardavia_nb.core.record import Record, seat_outcome
from cardavia_nb.core.text import Msg
from cardavia_nb.store.errors import StoreError
from cardavia_nb.ui.disclosure import listed
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.table.companion import Companion

log = logging.getLogger("cardavia_nb.ui.history.keeper")
_OPEN: dict[str | None, Any] = {}  # the kernel's stores by URL, opened once


def shared_store(url: str | None = None) -> Any:
    """The kernel's one ``Store`` for ``url`` (see ``store.store_url``); where SQLAlchemy is absent (the
    browser edition) the page's ``PageStore``, kept in the browser's storage; None when the database
    cannot be opened (logged by the store)."""
    from cardavia_nb.store.browser import browser_edition, page_store

    if url not in _OPEN:
        if browser_edition():
            return page_store()
        from cardavia_nb.store import Store
        try:
            _OPEN[url] = Store(url)
        except StoreError:
            return None
    return _OPEN[url]


def panel_store(keeper: Any, given: Any) -> Any:
    """The store a panel beside a table reads: its keeper's (None once it failed), else ``given``, else
    the kernel's shared store."""
    if keeper is not None:
        return keeper.store
    return given if given is not None else shared_store()


class Keeper(Companion):
    """Keeps one table's games in the store; ``Table(..., keeper=Keeper())`` on a game page."""

    def __init__(self, store: Any = None, url: str | None = None):
        """``store`` a ``Store`` (tests), else the kernel's shared store of ``url`` opened on first use."""
        self._store, self._url = store, url
        self.table: Any = None
        self.token: str | None = None
        self.game_id: int | None = None  # the store's row of the game in play
        self._new_row = True  # the next save is a game of its own: a new row (a new game, or a new token)
        self._moves = 0
        self._over = False  # that game was saved finished
        self._fresh = 0  # how many moves the row had when this page dealt it: more means a game in progress
        self.parked = False  # a game in progress waits in the store while a finished game is reviewed
        self.failing = False  # the store failed and the table said that games are not being kept
        self._owed: tuple[Record, dict[str, Any], str] | None = None  # a save that failed: record, values, game
        self.apart = False  # the table plays a class's deals: kept apart from the player's own games
        self.finished: list[Callable[[], None]] = []  # called when a game is kept finished (the history panel)

    def attached(self, table: Any) -> None:
        """Follow ``table``: keep its game once the page has told its token. The store is opened now, as the
        notebook runs (a pooled kernel preheating), not when the page's token arrives: importing SQLAlchemy and
        Alembic was most of a class's wait when thirty tokens came at once. A store that cannot be opened is
        said when the token comes (and tried again then)."""
        self.table = table
        if self._store is None:
            shared_store(self._url)
        table.settings.on_token(self._on_token)

    @property
    def store(self) -> Any:
        """The store; None while it cannot be opened (the table has been told, and the next use tries again)."""
        if self._store is None:
            self._store = self._safely(shared_store, self._url)
            if self._store is None:
                self._fail()
        return self._store

    def _safely(self, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``work(...)``'s value, or None when it failed, whatever it raised: logged on the server, said once on
        the page; play goes on."""
        try:
            return work(*args, **kwargs)
        except StoreError:
            pass  # the store has logged it in full
        except Exception:
            log.exception("store: keeping the game failed")
        self._fail()
        return None

    def _fail(self) -> None:
        """Say once that games are not being kept (until they are again); the server log has what went wrong."""
        if not self.failing:
            self.failing = True
            self.table.tell(Msg.of("store.not_kept"), "info")

    def _on_token(self, token: str, reason: str | None) -> None:
        """The page's token: resume its game in progress here, else keep the game in play from now."""
        self.token, self.game_id, self._new_row, self.parked = token, None, True, False
        self._owed = None  # a save the last token owes is not this token's to write
        saved = None if self.store is None else self._safely(self._kept_game, token, reason)
        if saved is not None:
            self._resume(saved)

    def _kept_game(self, token: str, reason: str | None) -> Any:
        """The token's game in progress here, else None once the game in play is kept from now (and the
        page told of the token's game elsewhere, or of a token the store does not know)."""
        store, table = self.store, self.table
        saved = store.in_progress(token, table.game.name)
        if saved is not None:
            return saved
        other = store.elsewhere(token, table.game.name) if reason is None else None
        known = reason is None and (other or store.recent(token, 1) or store.unfinished(token))
        self.moved(table)
        if other is not None:  # one token per browser: that game waits on its own page
            table.tell(Msg.of("store.other_kept", other=Msg.of(f"games.{other.game}.title"),
                              game=Msg.of(f"games.{table.game.name}.title")), "info")
        elif reason == "malformed" or (reason is None and not known):
            table.tell(Msg.of("store.bad_token" if reason else "store.unknown_token"), "info")
        return None

    def _resume(self, saved: Any) -> None:
        """Bring ``saved`` back on the table (a finished class deal too: its end, with its results), or say that it
        no longer replays and keep a new game."""
        table = self.table
        try:
            record = Record.from_json(saved.record)
            self.game_id, self._new_row, self._moves, self._over = saved.id, False, len(record.actions), saved.over
            self._fresh = -1  # a game brought back is a game in progress, even before its next move
            table.resume(record, secret=self.apart)  # its computer moves, if any, are saved in this row
        except Exception:  # a record of another version may fail anywhere in replaying: never the page's problem
            log.warning("store: kept game %s no longer replays", saved.id, exc_info=True)
            self.game_id, self._new_row = None, True
            self.moved(table)
            table.tell(Msg.of("store.unreplayable"), "info")
            return
        scores = table.game.match_scores(table.state)
        if scores is None:
            table.tell(Msg.of("store.resumed_deal", moves=len(record.actions)), "info")
        else:
            score = "–".join(str(scores[s]) for s in (table.human, *[s for s in range(len(scores)) if s != table.human]))
            table.tell(Msg.of("store.resumed_match", score=score, deal=table.state.deal_no), "info")

    # --- a finished game of the token's, in the table's review ----------------------------------
    def review(self, game_id: int) -> None:
        """Open the token's finished game ``game_id`` in the table's review, as if it had just been played
        here: the table shows it at its end and reviews its deal (a Truco match: its last deal, as the
        table's own Review does after a match). The game in progress stays kept, untouched, and
        ``back`` brings it back. Anything else (another token's game, another game's, an unfinished one,
        a class deal) is refused in words and changes nothing."""
        table, store = self.table, self.store
        if store is None or self.token is None:
            raise Refusal(Msg.of("store.not_kept"))
        if table.reviewing.practising:
            raise Refusal(Msg.of("ui.review.in_practice"))
        try:
            saved = store.get(self.token, game_id)
        except StoreError:
            self._fail()
            return
        if saved is None or not listed(saved):  # a class deal is the class's (ui.disclosure)
            raise Refusal(Msg.of("store.review.missing"))
        if saved.game != table.game.name:
            raise Refusal(Msg.of("store.review.elsewhere", game=Msg.of(f"games.{saved.game}.title")))
        if not saved.over:
            raise Refusal(Msg.of("store.review.unfinished"))
        playing = self.game_id is not None and not self._over and self._moves > self._fresh
        before = (self.game_id, self._new_row, self._moves, self._over)
        try:
            record = Record.from_json(saved.record)
            # the row is kept as it is: ``moved`` sees this game saved and over, and writes nothing
            self.game_id, self._new_row, self._moves, self._over = saved.id, False, len(record.actions), True
            table.resume(record)
        except Exception:  # a record of another version may fail anywhere in replaying: refused, nothing changed
            log.warning("store: kept game %s no longer replays for its review", saved.id, exc_info=True)
            self.game_id, self._new_row, self._moves, self._over = before
            raise Refusal(Msg.of("store.review.unreplayable")) from None
        self.parked = self.parked or playing
        table.send_intent({"type": "review"})
        if self.parked:
            table.tell(Msg.of("store.review.kept"), "info")

    def back(self) -> None:
        """After a review from *Your games*: the game in progress kept aside is on the table again."""
        store = self.store
        if not self.parked or store is None:
            raise Refusal(Msg.of("store.review.nothing_kept"))
        self.parked = False
        try:
            saved = store.in_progress(self.token, self.table.game.name)
        except StoreError:
            self._fail()
            return
        if saved is None:  # the history was deleted meanwhile
            raise Refusal(Msg.of("store.review.nothing_kept"))
        self.table.reviewing.reset()
        self._resume(saved)

    def keep_apart(self) -> None:
        """From now on the table deals a class's deals (``ui/classroom/student.py``): their rows are kept apart, so the
        game page never resumes one (its end would show the deal's code) and *Your games* never counts one;
        the class deal the student was at, if any, comes back on the table: in progress, or finished (a deal that
        ended its game: every Pao De Kuai and Tarot deal), whose end and results the page showed."""
        if self.apart:
            return
        self.apart, self.game_id, self._new_row, self._owed = True, None, True, None
        store = self.store
        if store is None or self.token is None:
            return
        saved = self._safely(store.last_class_deal, self.token, self.table.game.name)
        if saved is not None:
            self._resume(saved)

    def began(self, table: Any) -> None:
        """A new game at the table: its first save makes a new row."""
        self._new_row = True

    def moved(self, table: Any) -> None:
        """Save the table's game after a committed move (a new row for a new game). A save that fails is owed:
        the next move saves the whole game so far, and a game that ended unsaved is saved before the next one."""
        if len(table.session.humans) > 1:  # a room's game is the room's, kept in its own tables: never a row of
            self._room_moved(table)  # one person's games
            return
        if self.token is None or self.store is None:
            return
        record = table.record()
        if self._new_row:
            if self._owed is not None:
                self._save(*self._owed)  # the last game ended while the store failed
            self.game_id, self._over, self._fresh, self._new_row = None, False, len(record.actions), False
            self.parked = False  # the new row leaves the game kept aside (store.save): New game was said to
        elif self._over and self._owed is None:
            return
        self._moves = len(record.actions)
        points, result = seat_outcome(record.result, table.human, len(record.players))
        self._over = result is not None
        scores = table.game.match_scores(table.state)
        values = dict(level=table.level, seat=table.human, moves=len(record.actions),
                      deals=table.state.deal_no if scores else 1, over=result is not None, points=points, outcome=result)
        self._save(record, values, table.game.name)

    def _room_moved(self, table: Any) -> None:
        """A room's game that just ended is listed apart in *Your games* (its result written by the room): the
        panel is drawn again (a room's table hears nothing after its game's last move)."""
        if table.session.to_act is None:
            for call in self.finished:
                call()

    def _save(self, record: Record, values: dict[str, Any], game: str) -> None:
        """Keep ``record`` in the game's row (a new row when it went); said when games are kept again after a
        failure, owed when the store fails."""
        self._owed = (record, values, game)
        game_id = self._safely(self._write, record, values, game)
        if game_id is None:
            return
        self.game_id, self._owed = game_id, None
        if self.failing:
            self.failing = False
            self.table.tell(Msg.of("store.kept_again"), "info")
        for call in self.finished if values["over"] else ():
            call()

    def _write(self, record: Record, values: dict[str, Any], game: str) -> int:
        """The store's save of ``record``: the id of its row."""
        args = (self.token, game, record.to_json())
        try:
            return self.store.save(*args, game_id=self.game_id, class_deal=self.apart, **values)
        except LookupError:  # the row went (history deleted, or finished): the game goes on in a new one
            return self.store.save(*args, class_deal=self.apart, **values)
