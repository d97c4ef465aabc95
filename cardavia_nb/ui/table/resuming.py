"""A kept game back at its table: the same deal, moves and computer players, and the log as the page had it."""

from __future__ import annotations


from cardavia_nb.core.record import Record
from cardavia_nb.core.text import Msg
from cardavia_nb.players.session import Session
from cardavia_nb.ui.table.intents import LEVELS
from cardavia_nb.ui.table.turns import event_lines


class Resuming:
    """``resume(record)`` (mixed into ``Table``; the store's link calls it, ``ui/history/keeper.py``)."""

    def resume(self, record: Record, secret: bool = False) -> None:
        """Go on with ``record``'s game where it stopped: the same deal, moves and computer players,
        rebuilt and walked through the moves so that their memories are as they were (``secret``: a class
        set's deal, whose seeds never leave)."""
        seats = record.players
        if record.game != self.game.name or len(seats) != self.game.num_players or seats[self.human].kind != "human":
            raise ValueError(f"This record is not a {self.game.name} game with the player at seat {self.human}.")
        self.reviewing.reset()
        self._set_level(next((p.kind for p in seats if p.kind in LEVELS), self.level))
        session = Session.resumed(self.game, record, self._players, humans=frozenset({self.human}),
                                  secret=secret, pause=self.adapter.pause, watchers=[self])
        session.players.update(self._fixed)
        self._players, self.session = dict(session.players), session
        self._log, self._lines, self.hints = [], [], 0
        # the log as the page had it, read move by move from the human's seat; the last move's lines come with its step
        turn, said = None, [Msg.of("store.resumed_log")]
        for state in session.passed[:-1]:
            turn = self._read(state, turn)
            said += event_lines(turn, self.game)
        self._turn = turn
        self._keep(said)
        session.go_on()
