"""The game in play as a value the kernel owns: its deal, who sits at every seat, the moves and the state now.

A session seats people (``humans``) and computer players; a move comes from one person's seat and the computers
then play until a person must act, or until a state waits for a person's click although a computer acts (the
adapter's pause: Truco's 'Next deal'). Tables are views of one seat each: several tables, one per person, may
share one session. A session knows nothing of pages, languages or stores: those watch it through ``Watcher``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from cardavia_nb.core.game import Action, Game
from cardavia_nb.core.playing import play_out
from cardavia_nb.core.record import Record, SeatPlayer, result_data
from cardavia_nb.players.seats import rebuilt, seat_of, walked


@dataclass(frozen=True)
class Moment:
    """A state the game passed through, with its legal moves and its pause, each asked once."""

    state: Any
    legal: Sequence[Action]  # as the engine gives them (a Tarot ActionList stays lazy); () once the game is over
    pause: Action | None  # the one move that waits for a person's click although a computer acts


class Watcher(Protocol):
    """What follows a session: told when a game begins and after every committed move (``moments``: each state
    the move and the computers' answers passed through, oldest first)."""

    def began(self, session: "Session") -> None: ...

    def moved(self, session: "Session", moments: Sequence[Moment]) -> None: ...


@dataclass
class Session:
    """One game in play: ``first`` the state it began at, ``moves`` every move since (``passed``: each state
    it went through), ``players`` the computer player of each computer seat, ``humans`` the seats people hold.
    ``seed`` is the deal code (None when it is never told, as in a class deal); ``secret`` when no seed of it
    may leave, not even in a record (a class set's deal: ``ui.disclosure``); ``relevelled`` once the computers
    changed level mid-game (their moves replay, they do not). ``pause(legal)`` names the one move that waits for a person although a computer acts."""

    game: Game
    first: Any
    players: dict[int, Any]
    humans: frozenset[int] = frozenset({0})
    seed: int | None = None
    secret: bool = False
    pause: Callable[[Sequence[Action]], Action | None] = lambda legal: None
    moves: list[str] = field(default_factory=list)
    relevelled: bool = False
    watchers: list[Watcher] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.passed: list[Any] = [self.first]  # every state of the game so far, the first one first
        self.thinking = 0.0  # seconds the computers spent choosing in the last call
        self._named: dict[int, tuple[Any, SeatPlayer]] = {}  # seat -> (its player, how a record names it)

    @property
    def state(self) -> Any:
        """The state in play: the last one the game passed through."""
        return self.passed[-1]

    @property
    def to_act(self) -> int | None:
        """The seat to act now, None once the game is over."""
        return self.state.to_act

    def start(self) -> list[Moment]:
        """Begin: the computers play up to the first person's decision; watchers are told."""
        for watcher in list(self.watchers):
            watcher.began(self)
        return self.go_on()

    def go_on(self) -> list[Moment]:
        """From the state now (a game begun or resumed), the computers play until a person must act."""
        return self._answer()

    def now(self) -> Moment:
        """The state in play with its legal moves and pause (what a seat joining the game reads first)."""
        return self._moment(self.state)

    def play(self, seat: int, action_id: str) -> list[Moment]:
        """The move ``action_id`` from a person's ``seat`` (the engine raises IllegalAction for an illegal one),
        then the computers' moves: the moments passed through, oldest first. The caller checks that ``seat``
        may send it (its turn, or the pause)."""
        state = self.game.apply(self.state, action_id)
        self.moves.append(action_id)
        self.passed.append(state)
        return self._answer()

    def follow(self, action_ids: Sequence[str]) -> list[Moment]:
        """Moves made elsewhere (a room's other kernels, computers' included), applied as they were made: no
        computer answers them here. Watchers are told of them as of one move; the moments after each, oldest first
        (the state before them is one the watchers were shown already)."""
        moments = []
        for action_id in action_ids:
            self.passed.append(self.game.apply(self.state, action_id))
            self.moves.append(action_id)
            moments.append(self._moment(self.state))
        for watcher in list(self.watchers) if moments else ():
            watcher.moved(self, moments)
        return moments

    def _moment(self, state: Any) -> Moment:
        """``state`` with its legal moves and its pause, asked once."""
        legal = self.game.legal_actions(state) if state.to_act is not None else ()
        return Moment(state, legal, self.pause(legal) if legal else None)

    def _answer(self) -> list[Moment]:
        """The computers play until a person must act or a pause waits; watchers are told of the whole move."""
        self.thinking = 0.0
        moments = [self._moment(self.state)]
        seated = [None if s in self.humans else self.players[s] for s in range(self.game.num_players)]
        for decision in play_out(self.game, self.state, seated, until=lambda state: moments[-1].pause is not None,
                                 legal_of=lambda state: moments[-1].legal):  # each state's moves asked once
            self.thinking += decision.seconds
            self.moves.append(decision.action.id)
            self.passed.append(decision.after)
            moments.append(self._moment(decision.after))
        for watcher in list(self.watchers):
            watcher.moved(self, moments)
        return moments

    def seat_players(self, players: dict[int, Any]) -> None:
        """New computer players from the next move on (a level switch); a switch mid-game is remembered."""
        self.players = dict(players)
        self.relevelled = self.relevelled or bool(self.moves)

    def record(self) -> Record:
        """The game as a record: every deal it dealt written out, who sits where (a level and seed for computers
        that played the whole game at one level, else "bot"), every move, the result."""
        seats = [self._seat(s) for s in range(self.game.num_players)]
        if self.relevelled:  # the computers changed level during the game: their moves replay, they do not
            seats = [p if p.kind == "human" else SeatPlayer("bot", None, p.name) for p in seats]
        seed = getattr(self.first, "seed", self.seed or 0)  # the seed later shuffles (Truco, redeals) come from
        return Record(self.game.name, seed, tuple(self.moves), dict(self.game.options),
                      self.game.played_setup(self.first, self.state), tuple(seats),
                      result=result_data(self.game, self.state))

    def _seat(self, seat: int) -> SeatPlayer:
        """How the record names ``seat``'s player, worked out once per player (``seat_of`` builds a player to
        compare with: not at every move)."""
        player = None if seat in self.humans else self.players[seat]
        named = self._named.get(seat)
        if named is None or named[0] is not player:
            named = self._named[seat] = (player, seat_of(self.game.name, player))
        return named[1]

    @classmethod
    def resumed(cls, game: Game, record: Record, players: dict[int, Any], **kwargs: Any) -> "Session":
        """``record``'s game where it stopped: the same deal and moves, its computer players rebuilt and
        walked through the moves so that their memories are as they were (``players`` fill the seats the
        record cannot rebuild: a student's bot, a level switched mid-game)."""
        again = rebuilt(record)
        passed = list(walked(game, record, again))  # each computer re-asked its recorded moves: its memory as it was
        seated = {s: again[s] if again[s] is not None else player for s, player in players.items()}
        session = cls(game, passed[0], seated, seed=record.seed,
                      relevelled=any(p.kind == "bot" for p in record.players), **kwargs)
        session.moves, session.passed = list(record.actions), passed
        return session


__all__ = ["Moment", "Session", "Watcher"]
