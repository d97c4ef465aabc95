"""Rooms: one session with several people's seats, kept in the store, which every seat's kernel plays from.

A room holds its game, rules options, the computers' level for the seats no person holds, and the deal's seed,
drawn here and handed to a kernel only (``room_seed``; ``room_state`` never holds it, and what a page may see of
it is ``ui.disclosure``'s rule, as for any session). Seats are held by seat tokens, kept as their SHA-256 like
resume tokens. Moves are numbered from 1: the primary key (room, seq) lets exactly one writer have each number,
whoever comes second gets ``StaleMove``. On PostgreSQL a move or the start also notifies the room's channel in its
own transaction (delivered at commit); ``progress`` is the cheap question any kernel can ask (``room_watch``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from sqlalchemy import func, insert, select, text, update
from sqlalchemy.dialects import postgresql, sqlite

from cardavia_nb.core.text import Msg
from cardavia_nb.games import get
from cardavia_nb.store.errors import Refused
from cardavia_nb.store.seating import MIN_HUMANS, table_sizes
from cardavia_nb.store.tables import room_moves, room_seats, rooms
from cardavia_nb.store.tokens import check_token, new_token, token_key

LEVELS = ("low", "high")  # the levels a table offers


class RoomError(Refused):
    """A room request refused in words: an unknown code, a full room, a move that is not the next one."""


class StaleMove(RoomError):
    """Another kernel wrote this move number first: the kernel reads the newer moves and shows them."""


class TakenOver(RoomError):
    """Another page of the same seat token took the seat: this page's kernel stops playing it."""


def refused(key: str, error: type[RoomError] = RoomError, **params: Any) -> RoomError:
    """A room refusal with the catalog sentence ``store.room.<key>``."""
    return error(Msg.of(f"store.room.{key}", **params))


@dataclass(frozen=True)
class Seat:
    """A person's seat: taken or free, and when its page was last seen."""

    seat: int
    taken: bool
    seen: datetime | None


@dataclass(frozen=True)
class Move:
    """One move of the room's session, numbered from 1; ``helped`` when a computer made it for a person away."""

    seq: int
    seat: int
    action: str
    helped: bool = False


@dataclass(frozen=True)
class Room:
    """What any seat's kernel may read of a room (the seed is not in it)."""

    game: str
    options: dict[str, Any]
    level: str
    seats: tuple[Seat, ...]  # the people's seats, 0 .. humans-1; the others are the computers'
    started: datetime | None
    moves: tuple[Move, ...]


def _now() -> datetime:
    """The current time in UTC."""
    return datetime.now(timezone.utc)


def _utc(moment: datetime | None) -> datetime | None:
    """A time read back from the database, in UTC (SQLite returns naive times)."""
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def channel(room: int) -> str:
    """The PostgreSQL channel on which the room with id ``room`` announces its moves."""
    return f"cardavia_room_{room}"


def _key(code: str) -> str:
    """The stored key of a room code; a code of the wrong shape is an unknown room."""
    try:
        return token_key(code)
    except ValueError:
        raise refused("unknown") from None


def _room(connection: Any, key: str, lock: bool = False) -> Any:
    """The room row of ``key`` (locked for this transaction when ``lock``), or refused as unknown."""
    query = select(rooms).where(rooms.c.code == key)
    row = connection.execute(query.with_for_update() if lock else query).first()
    if row is None:
        raise refused("unknown")
    return row


def create_room(store: Any, game: str, options: dict[str, Any], humans: int, level: str) -> str:
    """A new room of ``game`` with ``humans`` people's seats and computers at ``level`` in the others: its code
    (256 random bits, URL-safe), which the invite link carries. The deal's seed is drawn here."""
    rules = get(game, **options)  # an unknown game or option raises its own ValueError
    sizes = table_sizes(game)
    if isinstance(humans, bool) or humans not in sizes:
        raise refused("humans", most=sizes[-1])
    if level not in LEVELS:
        raise refused("level")
    code = new_token()
    store.run("create the room", lambda c: c.execute(insert(rooms).values(
        code=token_key(code), game=game, options=json.dumps(rules.options, sort_keys=True), level=level,
        humans=humans, seed=secrets.randbits(63), created=_now())))
    return code


def take_seat(store: Any, code: str, token: str, page: str | None = None) -> int:
    """The seat ``token`` holds in the room (seen now), else the next free person's seat, now its; a full room
    or an unknown code is refused in words. The room's row is locked meanwhile: two newcomers get two seats.
    ``page`` (a random id of the page's kernel) holds the seat from now on: a page that held it before is taken
    over (``seen`` refuses it)."""
    key, player, now = _key(code), token_key(token), _now()

    def work(connection: Any) -> int:
        room = _room(connection, key, lock=True)
        held = dict(connection.execute(select(room_seats.c.player, room_seats.c.seat)
                                       .where(room_seats.c.room == room.id)).all())
        if player in held:
            connection.execute(update(room_seats).where(room_seats.c.room == room.id, room_seats.c.player == player)
                               .values(seen=now, page=page))
            return held[player]
        free = next((s for s in range(room.humans) if s not in held.values()), None)
        if free is None:
            raise refused("full", seats=room.humans)
        connection.execute(insert(room_seats).values(room=room.id, seat=free, player=player, joined=now, seen=now,
                                                     page=page))
        return free

    return store.run("take a seat in the room", work)


def seen(store: Any, code: str, token: str, page: str | None = None) -> None:
    """The seat ``token`` holds was seen now (its page is there); a token without a seat here is refused, and so
    is ``page`` once another page took the seat (``take_seat``): that page was taken over, in words."""
    key, player, now = _key(code), token_key(token), _now()

    def work(connection: Any) -> None:
        room = _room(connection, key).id
        mine = (room_seats.c.room == room) & (room_seats.c.player == player)
        held = mine if page is None else mine & (room_seats.c.page.is_(None) | (room_seats.c.page == page))
        if connection.execute(update(room_seats).where(held).values(seen=now)).rowcount:
            return  # the usual case, every few seconds: one statement
        if connection.execute(select(room_seats.c.seat).where(mine)).first() is not None:
            raise refused("taken_over", TakenOver)
        raise refused("no_seat")

    store.run("mark the seat seen", work)


def start_room(store: Any, code: str) -> None:
    """The room's game begins (its creator pressed Start): the people's seats become the ones taken, and the
    computers sit in the rest. Fewer than two people is refused in words; starting again changes nothing."""
    key, now = _key(code), _now()

    def work(connection: Any) -> None:
        room = _room(connection, key, lock=True)
        if room.started is not None:
            return
        taken = connection.execute(select(func.count()).select_from(room_seats)
                                   .where(room_seats.c.room == room.id)).scalar_one()
        if taken < MIN_HUMANS:
            raise refused("alone")
        connection.execute(update(rooms).where(rooms.c.id == room.id).values(started=now, humans=taken))
        _notify(store, connection, room.id, 0)

    store.run("start the room", work)


def derived_code(secret: bytes, label: str) -> str:
    """A room code derived from a secret only kernels hold (a room's code, a class set's seed) and what the room is
    to it: each kernel that holds the secret finds the same room, and the store, which keeps codes hashed, cannot."""
    digest = hmac.new(secret, f"cardavia: {label}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def next_code(code: str) -> str:
    """The code of the room that follows ``code``'s at the same table (*Same table again*)."""
    return derived_code(check_token(code).encode(), "the same table again")


def seated_room(connection: Any, code: str, game: str, options: str, level: str, players: Sequence[str],
                now: datetime) -> int:
    """In ``connection``'s transaction: a room of ``code`` started now, its people's seats held by ``players`` (the
    seat tokens' keys, seat by seat; computers in the others) and a new deal; its id."""
    made = connection.execute(insert(rooms).values(
        code=token_key(code), game=game, options=options, level=level, humans=len(players),
        seed=secrets.randbits(63), created=now, started=now).returning(rooms.c.id)).scalar_one()
    connection.execute(insert(room_seats), [dict(room=made, seat=seat, player=player, joined=now, seen=now)
                                            for seat, player in enumerate(players)])
    return made


def again(store: Any, code: str) -> str:
    """The room after ``code``'s, whose game is over: the same game, options, level and people in the same seats,
    a new deal, started at once. Made by the first person to ask; the others get the same room. Its code."""
    key, following, now = _key(code), next_code(code), _now()

    def work(connection: Any) -> None:
        room = _room(connection, key, lock=True)
        if room.started is None:
            raise refused("not_started")
        if connection.execute(select(rooms.c.id).where(rooms.c.code == token_key(following))).first() is not None:
            return  # another person asked first
        players = connection.execute(select(room_seats.c.player).where(room_seats.c.room == room.id)
                                     .order_by(room_seats.c.seat)).scalars().all()
        seated_room(connection, following, room.game, room.options, room.level, players, now)

    store.run("deal the same table again", work)
    return following


def followed(store: Any, code: str) -> bool:
    """Whether the room after ``code``'s (``again``) was made."""
    key = token_key(next_code(code))
    return store.run("read the room", lambda c: c.execute(select(rooms.c.id).where(rooms.c.code == key)).first()
                     is not None, reads=True)


def append_move(store: Any, code: str, seq: int, seat: int, action_id: str, helped: bool = False) -> None:
    """Write ``action_id`` from ``seat`` as move number ``seq`` of the room, the one after the last (``helped``: a
    computer's for a person away). When another kernel has written ``seq`` already, StaleMove: the insert does
    nothing on the primary key's conflict, so of two kernels racing exactly one writes it, whatever either read
    before."""
    key, now = _key(code), _now()
    dialect = postgresql if store.engine.dialect.name == "postgresql" else sqlite

    def work(connection: Any) -> None:
        room = _room(connection, key).id
        last = connection.execute(select(func.coalesce(func.max(room_moves.c.seq), 0))
                                  .where(room_moves.c.room == room)).scalar_one()
        if seq <= last:
            raise refused("stale", StaleMove)
        if seq != last + 1:
            raise refused("out_of_order")
        written = connection.execute(dialect.insert(room_moves).values(
            room=room, seq=seq, seat=seat, action=action_id, helped=helped, written=now).on_conflict_do_nothing()
            .returning(room_moves.c.seq)).first()
        if written is None:
            raise refused("stale", StaleMove)
        _notify(store, connection, room, seq)

    store.run("write the move", work)


def finish_room(store: Any, code: str, results: dict[int, tuple[float, str]]) -> None:
    """Write each person's seat's payoff and outcome (``results`` by seat) once the room's game is over: the
    kernels that see the end all write the same public result, and the first one's stays."""
    key = _key(code)

    def work(connection: Any) -> None:
        room = _room(connection, key).id
        for seat, (points, outcome) in results.items():
            connection.execute(update(room_seats).where(room_seats.c.room == room, room_seats.c.seat == seat,
                                                        room_seats.c.outcome.is_(None))
                               .values(points=points, outcome=outcome))

    store.run("keep the room's result", work)


@dataclass(frozen=True)
class RoomGame:
    """A room game as *Your games* lists it for one person: never counted with the games against the computer."""

    game: str
    people: int
    level: str
    when: datetime
    started: bool
    points: float | None  # the person's payoff, once over
    outcome: str | None  # "won", "lost" or "drawn", once over
    helped: bool  # a computer played some of the person's moves while they were away


def room_games(store: Any, token: str, game: str | None = None, limit: int = 8) -> list[RoomGame]:
    """The rooms the seat token sat in (of ``game`` only, when given), newest first (at most ``limit``): the game,
    how many people, and this person's result once it is written (``finish_room``)."""
    player = token_key(token)
    helped = (select(room_moves.c.room).where(room_moves.c.room == room_seats.c.room,
                                              room_moves.c.seat == room_seats.c.seat, room_moves.c.helped)
              .exists())
    query = (select(rooms.c.game, rooms.c.humans, rooms.c.level, rooms.c.created, rooms.c.started,
                    room_seats.c.points, room_seats.c.outcome, helped.label("helped"))
             .select_from(room_seats.join(rooms, rooms.c.id == room_seats.c.room))
             .where(room_seats.c.player == player).order_by(rooms.c.created.desc(), rooms.c.id.desc()).limit(limit))
    if game is not None:
        query = query.where(rooms.c.game == game)

    def read(connection: Any) -> list[RoomGame]:
        return [RoomGame(row.game, row.humans, row.level, _utc(row.started or row.created), row.started is not None,
                         row.points, row.outcome, bool(row.helped)) for row in connection.execute(query)]

    return store.run("read the room games", read, reads=True)


def forget_seats(store: Any, token: str) -> int:
    """*Delete my history* for rooms: the token's seats in games that are over stop being its (each gets a key
    no token has), so they leave its list; the other people's rooms keep their seats and moves. How many."""
    player = token_key(token)

    def work(connection: Any) -> int:
        over = connection.execute(select(room_seats.c.room, room_seats.c.seat).where(
            room_seats.c.player == player, room_seats.c.outcome.is_not(None))).all()
        for room, seat in over:
            connection.execute(update(room_seats).where(room_seats.c.room == room, room_seats.c.seat == seat)
                               .values(player=token_key(new_token())))
        return len(over)

    return store.run("forget the room seats", work)


def _notify(store: Any, connection: Any, room: int, seq: int) -> None:
    """On PostgreSQL, tell the room's kernels that it changed (``seq``: the move's number, 0 for the start), once
    this transaction commits; SQLite's kernels see any commit in ``PRAGMA data_version`` (``room_watch``)."""
    if store.engine.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_notify(:channel, :seq)"), {"channel": channel(room), "seq": str(seq)})


def _moves(connection: Any, room: int, after: int) -> tuple[Move, ...]:
    """The room's moves numbered above ``after``, in order."""
    query = (select(room_moves.c.seq, room_moves.c.seat, room_moves.c.action, room_moves.c.helped)
             .where(room_moves.c.room == room, room_moves.c.seq > after).order_by(room_moves.c.seq))
    return tuple(Move(*row) for row in connection.execute(query))


def moves_since(store: Any, code: str, seq: int) -> tuple[Move, ...]:
    """The room's moves after number ``seq``, in order (``0`` for every move)."""
    key = _key(code)
    return store.run("read the moves", lambda c: _moves(c, _room(c, key).id, seq), reads=True)


def progress(store: Any, code: str) -> tuple[int, bool]:
    """The number of the room's last move (0 before the first) and whether it started: one query on the two
    keys' indexes, for a kernel to ask cheaply whether another kernel wrote or started it."""
    key = _key(code)
    query = (select(rooms.c.started, func.coalesce(func.max(room_moves.c.seq), 0))
             .select_from(rooms.outerjoin(room_moves, room_moves.c.room == rooms.c.id))
             .where(rooms.c.code == key).group_by(rooms.c.id, rooms.c.started))

    def read(connection: Any) -> tuple[int, bool]:
        row = connection.execute(query).first()
        if row is None:
            raise refused("unknown")
        return row[1], row[0] is not None

    return store.run("read the room", read, reads=True)


def room_id(store: Any, code: str) -> int:
    """The room's id in the database (its PostgreSQL channel is ``channel(id)``)."""
    key = _key(code)
    return store.run("read the room", lambda c: _room(c, key).id, reads=True)


def room_state(store: Any, code: str) -> Room:
    """The room as every seat's kernel may read it: options, people's seats, level, start, moves; no seed."""
    key = _key(code)

    def read(connection: Any) -> Room:
        room = _room(connection, key)
        held = {row.seat: _utc(row.seen) for row in connection.execute(
            select(room_seats.c.seat, room_seats.c.seen).where(room_seats.c.room == room.id))}
        seats = tuple(Seat(s, s in held, held.get(s)) for s in range(room.humans))
        return Room(room.game, json.loads(room.options), room.level, seats, _utc(room.started),
                    _moves(connection, room.id, 0))

    return store.run("read the room", read, reads=True)


def room_seed(store: Any, code: str) -> int:
    """The seed that deals the room's session, for the kernel's ``Session`` only: it is never in ``room_state``,
    and a page is told it only as the session's rules allow (``ui.disclosure``, once the game is over)."""
    key = _key(code)
    return store.run("read the room", lambda c: _room(c, key).seed, reads=True)


__all__ = [
    "Move", "Room", "RoomError", "RoomGame", "Seat", "StaleMove", "TakenOver", "again", "append_move", "channel",
    "create_room", "derived_code", "finish_room", "followed", "forget_seats", "moves_since", "next_code", "progress",
    "room_games", "room_id", "room_seed", "room_state", "seated_room", "seen", "start_room", "take_seat"
]
