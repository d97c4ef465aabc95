"""One record per table state: what the engine says about it once, for the turn loop and the frame.

A ``Turn`` asks the engine for the legal moves of the seat to act once, and the adapter once
whether the state waits for the human's click although a computer acts ('Next deal'). It also
carries what the human has seen so far and the deal's points events, so that the log lines of its
transition and the deal's summary read the record only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action, Event, Game, jsonable
from cardavia_nb.core.text import Msg
from cardavia_nb.ui.table.adapters import Adapter
from cardavia_nb.ui.table.card_mentions import card_ids, msg_cards


@dataclass(frozen=True)
class Turn:
    """One engine state read for the human seat: its view, the legal moves, the pause, what is known."""

    state: Any
    human: int
    view: Any  # the human seat's View of ``state``
    legal: Sequence[Action]  # the engine's legal moves as it gives them (a Tarot ActionList stays lazy)
    pause: Action | None  # the one move left that waits for the human's click ('Next deal'), whoever acts
    known: frozenset[str]  # every card the human's views have shown up to this state
    points: tuple[Event, ...]  # the points events of the deal in play, oldest first
    result: Any  # the engine's result once the game is over, else None
    pack: str  # the game's deck name: the cards a message may name

    @property
    def to_act(self) -> int | None:
        """The seat to act, None once the game is over."""
        return self.state.to_act

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.state.to_act is None

    @property
    def mine(self) -> bool:
        """Whether the human must choose a move now (not a mere 'Next deal')."""
        return self.state.to_act == self.human and self.pause is None

    @property
    def computer_moves(self) -> bool:
        """Whether a computer seat chooses the next move without waiting for the human."""
        return self.state.to_act not in (None, self.human) and self.pause is None

    @property
    def offered(self) -> Sequence[Action]:
        """The moves the human may make: all legal moves on the human's turn, else the pause alone."""
        if self.state.to_act == self.human:
            return self.legal
        return (self.pause,) if self.pause is not None else ()

    def allows(self, action_id: str) -> bool:
        """Whether the human may send this move now (the engine still checks that it is legal)."""
        return self.state.to_act == self.human or (self.pause is not None and self.pause.id == action_id)

    def shows(self, msg: Msg) -> bool:
        """Whether every card ``msg`` names is one the human has seen."""
        return msg_cards(msg, self.pack) <= self.known


def read(game: Game, adapter: Adapter, state: Any, human: int, before: Turn | None = None,
         asked: tuple[Sequence[Action], Action | None] | None = None) -> Turn:
    """The record of ``state``, following ``before`` (the record of the state it came from, if any); ``asked``
    its legal moves and pause when the session has asked them already (each is asked once per state)."""
    view = game.observe(state, human)
    pack_ids = _pack_ids(game.pack)
    known = (before.known if before is not None else frozenset()) | card_ids(jsonable(view), pack_ids)
    points = before.points if before is not None else ()
    for event in state.events:
        if event.kind == "deal":
            points = ()
        elif event.kind == "points":
            points = (*points, event)
    if asked is None:
        legal = game.legal_actions(state) if state.to_act is not None else ()
        asked = legal, adapter.pause(legal) if legal else None
    legal, pause = asked
    result = game.result(state) if state.to_act is None else None
    return Turn(state, human, view, legal, pause, frozenset(known), points, result, game.pack)


def event_lines(turn: Turn, game: Game) -> list[Msg]:
    """The log messages of the transition into ``turn``: each event the human may read in full."""
    return [msg for event in turn.state.events if set(event.cards) <= turn.known
            and turn.shows(msg := game.describe(event))]


@lru_cache(maxsize=None)
def _pack_ids(pack: str) -> frozenset[str]:
    """The card ids of a deck, read once per deck name."""
    return frozenset(c.id for c in deck(pack))


__all__ = ["Turn", "event_lines", "read"]
