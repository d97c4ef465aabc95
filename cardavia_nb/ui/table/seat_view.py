"""A table as a view of one seat of a session: it reads each state the session passes through from its own seat,
turns the moves into animation steps and log lines in the page's language, and tells the parts that follow it."""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.record import Record
from cardavia_nb.core.text import Msg
from cardavia_nb.players.session import Moment, Session
from cardavia_nb.ui.background import guarded
from cardavia_nb.ui.table.snapshot import snapshot
from cardavia_nb.ui.table.turns import Turn, event_lines, read

LOG_LINES = 80


class SeatView:
    """The session's watcher at one seat (mixed into ``Table``: ``session``, ``human``, the frame and the log)."""

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves played at this table since its game began (server side only)."""
        return tuple(self.session.moves)

    @property
    def seed(self) -> int | None:
        """The deal code of the game in play: server side, told to the page only at the end (None: never)."""
        return self.session.seed

    @seed.setter
    def seed(self, code: int | None) -> None:
        self.session.seed = code

    @property
    def thinking(self) -> float:
        """Seconds the computer players spent choosing during the last intent."""
        return self.session.thinking

    @property
    def state(self) -> Any:
        """The engine state (server side only: it is never synced)."""
        return self._turn.state

    @property
    def turn(self) -> Turn:
        """The record of the state in play (server side only)."""
        return self._turn

    def record(self) -> Record:
        """The game in play as a record (``Session.record``)."""
        return self.session.record()

    def _read(self, state: Any, before: Turn | None) -> Turn:
        """The record of ``state`` for the human seat, following the record ``before``."""
        return read(self.game, self.adapter, state, self.human, before)

    def _join(self, session: Session) -> None:
        """Sit at a person's seat of a game others share (one table per person, each a view of its own seat)."""
        if session.game.name != self.game.name or self.human not in session.humans:
            raise ValueError(f"This table's seat {self.human} is not a person's seat of that {session.game.name} game.")
        session.pause = self.adapter.pause  # a deal's end waits for the person whose button deals on, as alone
        self.session, self._players, self.bar = session, dict(session.players), False
        self._turn, self._log, self._lines = None, [], []
        self._keep([Msg.of("ui.log.new_game")])
        session.watchers.append(self)
        self.moved(session, [session.now()])

    def began(self, session: Session) -> None:
        """A game begins: this seat reads it from its first state on (nothing seen yet); the parts that follow
        the table are told."""
        self._turn = None
        for part in self._following():
            guarded(part.began)(self)

    def moved(self, session: Session, moments: Sequence[Moment]) -> None:
        """The session moved through ``moments``: this seat reads each, the page animates them as steps."""
        turn, steps = self._turn, []
        for moment in moments:
            turn = read(self.game, self.adapter, moment.state, self.human, turn, (moment.legal, moment.pause))
            steps.append(self._step(turn))
        self._turn = turn
        self.reviewing.reset()  # play goes on (Truco's next deal): a review of the last deal is gone
        with self.hold_sync():
            self._clear_notice()
            self._commit(view=steps[-1]["view"], log=self._lines[-LOG_LINES:], steps=steps if len(steps) > 1 else [],
                         selection={}, hint=[], seq=self.seq + 1)
        following = self._following()  # a part that fails is logged on the server; play and the others go on
        for part in following:
            guarded(part.moved)(self)
        if self.game.deal_over(turn.state):
            for part in following:  # the review first: High plays the deal again for the summary
                guarded(part.deal_ended)(self)

    def _step(self, turn: Turn) -> dict[str, Any]:
        """One animation step: the human's snapshot after a transition and its log lines (the deal
        code last, once the game is over), each line rendered once, here."""
        msgs = event_lines(turn, self.game)
        if turn.over and self.seed is not None:
            msgs.append(Msg.of("ui.log.replay", code=str(self.seed)))
        return {"view": snapshot(turn, self._words()), "lines": self._keep(msgs)}

    def _keep(self, msgs: list[Msg]) -> list[str]:
        """Add lines to the game's log; their words in the page language."""
        words = self._words()
        lines = [words.text(msg) for msg in msgs]
        self._log += msgs
        self._lines += lines
        return lines
