"""Practice from a move of the review: the table plays on from there against the same computers, and the game in
play waits aside, unchanged, until the player comes back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia_nb.core.text import Msg
from cardavia_nb.players.session import Session


@dataclass(frozen=True)
class Aside:
    """The game in play set aside while the player practises from a move of the review, given back unchanged:
    its session, this seat's reading of it and log, the hints, the frame (a practice deal is told only to the
    parts that follow practice: it is never kept or counted)."""

    session: Session
    turn: Any
    log: list
    lines: list
    hints: int
    frame: dict


class Practice:
    """Setting the game in play aside and giving it back (mixed into ``Table``)."""

    def practise(self, state: Any, players: dict[int, Any], opening: Msg) -> Aside:
        """Play on from ``state`` against ``players`` (practice); returns the game in play, set aside."""
        self._alone()
        aside = Aside(self.session, self._turn, self._log, self._lines, self.hints, self.frame)
        self._players = players
        self._begin(state, None, opening)
        return aside

    def unpractise(self, aside: Aside) -> None:
        """Back from practice: the game set aside by ``practise`` is the game in play again, as it was."""
        self.session, self._turn, self._log, self._lines = aside.session, aside.turn, aside.log, aside.lines
        self.hints, self._players = aside.hints, dict(aside.session.players)
        with self.hold_sync():
            self._clear_notice()
            self._commit(**{**aside.frame, "steps": [], "seq": self.seq + 1})
