"""One person's kernel at a room's table: the room's session, replayed from the store and kept in step with it.

Every person's page has a kernel of its own, and every such kernel holds the same ``Session``: the room's deal
(its seed, which only kernels read) and the numbered moves in the store. A move is written before it is applied:
the store gives each number to one writer (``rooms.append_move``), so a move another kernel beat is refused as
stale, and this kernel reads the newer moves instead. A computer decides from its seed and its view alone
(``players.base``), so any kernel that computes a computer's move computes the same one: the kernel whose write
hands the turn to a computer plays it at once; if that kernel is gone, the next to notice takes over after
``GRACE``. A person whose page gave no sign of life for ``GONE`` seconds is away; on their own turn, ``AWAY``
seconds after it began or after they went (the others see the countdown), a computer at the room's level plays
for them until the page is back; those moves are marked helped. Kernels hear of each move at
once (``room_watch``); what a page may see of the session is the table's business, as for any game. Computers
sit only where a game has more seats than people: Pao De Kuai's and Tarot's players keep no memory between
decisions, so a kernel that never asked a computer before computes the very move a replay would.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Iterator, Sequence

from cardavia_nb.core.record import result_data, seat_outcome
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Moment, Session
from cardavia_nb.store.room_watch import listen
from cardavia_nb.store.rooms import (
    Move, Room, StaleMove, TakenOver, again, append_move, finish_room, followed, moves_since, next_code, refused,
    room_seed, room_state, seen, start_room, take_seat,
)

log = logging.getLogger("cardavia_nb.store")
GRACE = 2.0  # seconds the other kernels wait for a computer's move from the kernel that should make it
AWAY = 30.0  # seconds of an away person's turn before a computer plays for them
GONE = 15.0  # seconds without a sign of a person's page before they count as away (three beats missed)
BEAT = 5.0  # seconds between this kernel's signs of life (its page is there while it runs)
TICK = 0.25  # seconds between the watch's looks at the clock


class RoomSession(Session):
    """The room's session as a table holds it: a person's move goes through the room (``RoomPlay.play``:
    written first, then applied, then the computers' moves after it)."""

    room: "RoomPlay"

    def play(self, seat: int, action_id: str) -> list[Moment]:
        """The move of the person at ``seat``, who must be this kernel's; the table draws it as a watcher."""
        if seat != self.room.seat:
            raise refused("not_your_turn")
        self.room.play(action_id)
        return []


class EndWatch:
    """The room session's first watcher (before the table's): at the game's end the room's result is written
    (``RoomPlay._finish``) before the table and its panels (*Your games*) hear of the end."""

    def __init__(self, play: "RoomPlay"):
        self.play = play

    def began(self, session: Session) -> None:
        """A new game needs nothing (the same table again is a new room)."""

    def moved(self, session: Session, moments: Sequence[Moment]) -> None:
        """Write the result once the game is over."""
        if session.to_act is None and not self.play.finished:
            self.play._finish()


class RoomPlay:
    """The seat ``seat`` of the room ``code``, held by ``token``: its session (``session``), the room as last read
    (``room``: who is there, whether it started), and for each move whether a computer made it for a person away
    (``helped``). ``moved(moments)`` is called after moves are applied, and with no moments when only the room
    changed (who is there, the start, the countdown: ``presence``), from whichever thread applied them (never
    under this object's lock). ``post(work)`` runs ``work`` where the session may change: in a kernel, on its
    event loop (``loop.call_soon_threadsafe``), so that the page's intents and the moves heard from other
    kernels never change the session and its tables at once; by default at once, in the calling thread.
    ``alive()`` says whether the person's page is still there (its own signs of life reach the kernel): while it
    is not, the seat is not marked seen, and on its turn the others play for it after ``away``."""

    def __init__(self, store: Any, code: str, token: str, moved: Callable[[list[Moment]], None] | None = None,
                 grace: float = GRACE, away: float = AWAY, beat: float = BEAT, gone: float = GONE,
                 post: Callable[[Callable[[], None]], Any] | None = None, alive: Callable[[], bool] | None = None):
        """Take a seat (the one ``token`` holds, else the next free one: a full room is refused in words), replay
        the room's moves, and start hearing of new ones."""
        self.store, self.code, self.token, self.moved = store, code, token, moved
        self.post = post or (lambda work: work())
        self.alive = alive or (lambda: True)
        self.grace, self.away, self.beat, self.gone = grace, away, beat, gone
        self.page = secrets.token_hex(8)  # this page's kernel: a later page of the same token takes the seat over
        self.taken_over = False
        self.next: str | None = None  # the code of the room after this one at the same table, once it is made
        self.finished = False  # the game's result is written in the store (``_finish``)
        self.seat = take_seat(store, code, token, self.page)
        self.room = room = room_state(store, code)
        self.game, self.level = get(room.game, **room.options), room.level
        self.helpers: dict[int, Any] = {}  # who plays for a person away, by seat
        self._shown: tuple = ()  # the room as ``moved([])`` last told it (``presence``)
        self._told = False  # the room changed since: ``moved([])`` is due
        self.session = RoomSession(self.game, self.game.new(room_seed(store, code)), {}, secret=True)
        self.session.room = self
        self.session.watchers.append(EndWatch(self))
        self._last_move = time.monotonic()  # when this kernel last saw the session move
        self._moved_at = datetime.now(timezone.utc)  # the same moment on the clock the seats' signs of life use
        self._seat_people(room)
        self.helped: list[bool] = []
        self._lock = threading.RLock()
        self._pending: list[list[Moment]] = []
        with self._changing():
            self._apply(room.moves)
        self._stop = threading.Event()
        self._listening = listen(store, code, lambda version: self.post(self.catch_up))
        self._watch = threading.Thread(target=self._watching, daemon=True, name=f"cardavia-room-seat-{self.seat}")
        self._watch.start()

    def _seat_people(self, room: Room) -> None:
        """Under the lock (or before the watch starts): ``room`` as read. The people sit at its people's seats
        and computers at the others: before the start every seat a person may take, from the start the seats
        taken (``start_room``)."""
        self.room = room
        people = frozenset(range(len(room.seats)))
        if people != self.session.humans or not self.helpers:
            self.session.humans = people
            self.session.players = {s: computer(room.game, room.level, s)
                                    for s in range(self.game.num_players) if s not in people}
            self.helpers = {s: computer(room.game, room.level, s) for s in people}
        self._told = self._told or self.presence() != self._shown

    @property
    def view(self) -> Any:
        """What this seat sees now: its own cards and what the rules make public."""
        return self.game.observe(self.session.state, self.seat)

    def start(self) -> None:
        """Begin the game (the room's creator pressed Start; again changes nothing): the computers play up to the
        first person's turn."""
        start_room(self.store, self.code)
        with self._changing():
            self._seat_people(room_state(self.store, self.code))
            self._catch_up()
            self._computers()

    def play(self, action_id: str) -> None:
        """This person's move, written and applied, then the computers' moves after it. Refused in words, with
        nothing written, before the game starts, when it is not this seat's turn (a pause, such as dealing on
        after a deal's summary, is any person's) or when the move is illegal;
        StaleMove when another kernel wrote first (the session has the newer moves then)."""
        with self._changing():
            if self.taken_over:
                raise refused("taken_over")
            if self.room.started is None:
                self._seat_people(room_state(self.store, self.code))
            if self.room.started is None:
                raise refused("not_started")
            self._catch_up()
            state = self.session.state
            pause = self.session.pause(self.game.legal_actions(state)) if state.to_act is not None else None
            if state.to_act != self.seat and (pause is None or pause.id != action_id):
                raise refused("not_your_turn")  # a pause (the next deal, once the summary is read) is anyone's
            self.game.apply(state, action_id)  # IllegalAction, in words, before anything is written
            self._write(self.seat, action_id, helped=False)
            self._computers()

    def again(self) -> str:
        """The same table again, once the game is over: the room after this one (the same people in the same
        seats, a new deal), made now or by whoever asked first; its code."""
        with self._changing():
            self.next = again(self.store, self.code)
            self._told = True
        return self.next

    def catch_up(self) -> None:
        """Apply the moves other kernels wrote since this one last looked."""
        with self._changing():
            self._catch_up()

    def close(self) -> None:
        """Stop hearing of moves and giving signs of life (the page is gone)."""
        self._stop.set()
        self._listening.stop()
        self._watch.join()

    def _catch_up(self) -> None:
        """Under the lock: read and apply the moves after the ones applied (and the room, until it started)."""
        if self.room.started is None:
            self._seat_people(room_state(self.store, self.code))
        self._apply(moves_since(self.store, self.code, len(self.session.moves)))

    def _apply(self, moves: Sequence[Move]) -> None:
        """Under the lock: apply ``moves`` (read from the store, in order) to the session."""
        if moves:
            self._pending.append(self.session.follow([m.action for m in moves]))
            self.helped.extend(m.helped for m in moves)
            self._last_move, self._moved_at = time.monotonic(), datetime.now(timezone.utc)

    def _finish(self) -> None:
        """Under the lock (``EndWatch``): write every person's payoff and outcome (public once the game is over),
        which *Your games* lists; every kernel at the table tries when it sees the end, so one whose store failed
        (logged) leaves it to the others."""
        result = result_data(self.game, self.session.state)
        seats = self.game.num_players
        try:
            finish_room(self.store, self.code, {s: seat_outcome(result, s, seats) for s in self.session.humans})
        except Exception as err:  # noqa: BLE001 - a failing store never stops the table
            log.warning("rooms: the result could not be kept: %r", err)
        else:
            self.finished = True

    def _write(self, seat: int, action_id: str, helped: bool) -> None:
        """Under the lock: write ``action_id`` as the session's next move, then apply it; when another kernel
        wrote that number first, apply what it wrote and raise StaleMove."""
        seq = len(self.session.moves) + 1
        try:
            append_move(self.store, self.code, seq, seat, action_id, helped)
        except StaleMove:
            self._catch_up()
            raise
        self._apply([Move(seq, seat, action_id, helped)])

    def _decide(self, player: Any) -> str:
        """Under the lock: the move ``player`` makes for the seat to act, from that seat's view."""
        state = self.session.state
        return player.choose(self.game, self.game.observe(state, state.to_act), self.game.legal_actions(state)).id

    def _computers(self) -> None:
        """Under the lock: while a computer's seat is to act, its move, computed here and written (another kernel
        that wrote it first wrote the same move: it is applied instead)."""
        while (seat := self.session.to_act) is not None and seat not in self.session.humans:
            try:
                self._write(seat, self._decide(self.session.players[seat]), helped=False)
            except StaleMove:
                pass

    def _help(self, seat: int) -> None:
        """Under the lock: the move of the person at ``seat``, whose page is away, made by a computer."""
        try:
            self._write(seat, self._decide(self.helpers[seat]), helped=True)
        except StaleMove:
            return
        self._computers()

    def presence(self) -> tuple:
        """What a page shows of the room, for each person's seat "free", "here" or "away"; whether it started; the
        seconds, by beats, before a computer plays for the person away whose turn it is (``helped_in``)."""
        due = self.helped_in()
        return (tuple("free" if not s.taken else "away" if self.is_away(s.seat) else "here" for s in self.room.seats),
                self.room.started is not None, None if due is None else int(due // self.beat))

    def helped_in(self) -> float | None:
        """Seconds before a computer plays for the person to act, when that is another person and away (the
        countdown the others see): ``away`` from the later of their turn's start and their going; else None."""
        seat = self.session.to_act
        if self.room.started is None or seat is None or seat == self.seat or seat not in self.session.humans \
                or not self.is_away(seat):
            return None
        last = self.room.seats[seat].seen
        went = self._moved_at if last is None else max(self._moved_at, last + timedelta(seconds=self.gone))
        return max(0.0, (went + timedelta(seconds=self.away) - datetime.now(timezone.utc)).total_seconds())

    def is_away(self, seat: int) -> bool:
        """Whether the page of the person at ``seat`` gave no sign of life for ``gone`` seconds (as last read)."""
        last = self.room.seats[seat].seen
        return last is None or datetime.now(timezone.utc) - last > timedelta(seconds=self.gone)

    def _due(self) -> None:
        """Under the lock: a computer's move that no kernel made within ``grace`` seconds, or the move of a person
        away whose countdown ran out (``helped_in``), made here."""
        seat, idle = self.session.to_act, time.monotonic() - self._last_move
        if seat is None or seat == self.seat or self.room.started is None or self.taken_over:
            return
        if seat not in self.session.humans and idle >= self.grace:
            self._catch_up()
            self._computers()
        elif (due := self.helped_in()) is not None and due <= 0:
            self._catch_up()
            if self.session.to_act == seat:
                self._help(seat)

    def _watching(self) -> None:
        """Every ``beat`` seconds a sign of this page's life (while ``alive()``) and the room read again (who is
        there, whether it started, once the game is over whether the same table plays again); every tick, the
        moves due (``_due``)."""
        look = time.monotonic()  # take_seat marked the seat seen just now
        while not self._stop.wait(TICK):
            try:
                if time.monotonic() - look >= self.beat:
                    if self.alive():
                        seen(self.store, self.code, self.token, self.page)
                    room = room_state(self.store, self.code)
                    ended = self.session.to_act is None and self.next is None
                    following = next_code(self.code) if ended and followed(self.store, self.code) else None
                    look = time.monotonic()
                    with self._lock:
                        self._seat_people(room)
                        if following is not None:  # another person asked for the same table again
                            self.next, self._told = following, True
                self.post(self._due_now)  # the moves due, and the room's change told (``_changing``)
            except TakenOver:  # another page of this seat's token plays it now: this one stops, and says so
                with self._lock:
                    self.taken_over, self._told = True, True
                self._listening.stop()
                self.post(self._due_now)
                return
            except Exception as err:  # noqa: BLE001 - a failing store must not end the watch: it tries again
                log.warning("room: the watch of seat %s failed: %r", self.seat, err)

    def _due_now(self) -> None:
        """The moves due (``_due``), where the session may change; a failing store is logged, and tried again at
        the next tick."""
        try:
            with self._changing():
                self._due()
        except Exception as err:  # noqa: BLE001 - as in the watch: the next tick tries again
            log.warning("room: seat %s could not make a move due: %r", self.seat, err)

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """The block under the lock; then, out of it and whatever the block raised, ``moved`` told of the moves
        the block applied."""
        try:
            with self._lock:
                yield
        finally:
            with self._lock:
                pending, self._pending = self._pending, []
                if self._told and not pending:  # the room changed, no move did: told as no moments
                    pending = [[]]
                if pending:
                    self._told, self._shown = False, self.presence()
            for moments in pending if self.moved is not None else ():
                self.moved(moments)


__all__ = ["AWAY", "GONE", "GRACE", "RoomPlay", "RoomSession"]
