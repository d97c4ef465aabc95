"""Tables in class (issue 44): the rooms a teacher opens for a set's students, in pairs or fours, and what the board
shows of them, apart from the set's deals.

The students who joined the set sit in the order they joined, ``size`` to a table, computers at the set's level in
the seats left; a student left alone joins the last table when it has a seat, else plays the set's deals on their
own. Each room starts at once, its seats held by the students' own tokens (as their keys): the game page opened
with the room's code (``?room=``) takes the seat its token holds. A room's code derives from the set's seed and
its number in the set (``rooms.derived_code``): only kernels read the seed, the store keeps the code hashed, and
each student's kernel finds the code of its own room. A room's game is the room's: never a result of the set.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import func, insert, select

from cardavia_nb.classroom.deals import ClassSet, refused
from cardavia_nb.games import get
from cardavia_nb.store.rooms import derived_code, seated_room
from cardavia_nb.store.seating import table_sizes, tables_of
from cardavia_nb.store.tables import class_rooms, class_students, room_moves, room_seats, rooms
from cardavia_nb.store.tokens import token_key


def room_code(cls: ClassSet, number: int) -> str:
    """The code of the set's room ``number``: derived from the set's seed, which only kernels read."""
    return derived_code(str(cls.seed).encode(), f"class {cls.code} room {number}")


class ClassRooms:
    """The tables of a class set, a part of ``Classes`` (its ``_owned``, ``_run`` and ``_set_id``)."""

    def open_rooms(self, teacher_key: str, set_id: int, size: Any) -> tuple[int, list[str]]:
        """Seat the set's students at new tables of ``size``: how many tables, and the names of any student left
        to play alone. Refused in words for a set without a shared server, a size the game cannot seat, or
        fewer than two students."""
        def work(connection: Any) -> tuple[int, list[str]]:
            cls = self._owned(connection, teacher_key, set_id)
            if cls.kind != "server":
                raise refused("rooms_server_set")
            sizes = table_sizes(cls.game)
            if isinstance(size, bool) or size not in sizes:
                raise refused("room_size", most=sizes[-1])
            students = connection.execute(
                select(class_students.c.player, class_students.c.name)
                .where(class_students.c.set_id == set_id, class_students.c.player.is_not(None))
                .order_by(class_students.c.joined, class_students.c.id)).all()
            tables, alone = tables_of(students, size, sizes[-1])
            if not tables:
                raise refused("rooms_too_few")
            last = connection.execute(select(func.coalesce(func.max(class_rooms.c.number), 0))
                                      .where(class_rooms.c.set_id == set_id)).scalar_one()
            options, now = json.dumps(get(cls.game).options, sort_keys=True), datetime.now(timezone.utc)
            for number, people in enumerate(tables, start=last + 1):
                made = seated_room(connection, room_code(cls, number), cls.game, options, cls.level,
                                   [p.player for p in people], now)
                connection.execute(insert(class_rooms).values(set_id=set_id, number=number, room=made))
            return len(tables), [p.name for p in alone]

        return self._run("open the tables", work)

    def my_room(self, cls: ClassSet, token: str) -> str | None:
        """The code of the newest of the set's rooms where ``token`` holds a seat, else None."""
        def work(connection: Any) -> int | None:
            set_id = self._set_id(connection, cls, create=False)
            return connection.execute(
                select(func.max(class_rooms.c.number)).select_from(class_rooms.join(
                    room_seats, room_seats.c.room == class_rooms.c.room))
                .where(class_rooms.c.set_id == set_id, room_seats.c.player == token_key(token))).scalar()

        number = self._run("read the class's tables", work, reads=True)
        return None if number is None else room_code(cls, number)

    def _rooms_of(self, connection: Any, set_id: int) -> list[dict[str, Any]]:
        """The set's rooms as the board shows them, in order: each seat's student (or a computer), whether a
        computer played for them, their result once the game is over, and how many moves were made."""
        names = dict(connection.execute(select(class_students.c.player, class_students.c.name)
                                        .where(class_students.c.set_id == set_id)).all())
        helped = {(room, seat) for room, seat in connection.execute(
            select(room_moves.c.room, room_moves.c.seat).where(room_moves.c.helped, room_moves.c.room.in_(
                select(class_rooms.c.room).where(class_rooms.c.set_id == set_id))).distinct())}
        moves = dict(connection.execute(
            select(room_moves.c.room, func.count()).where(room_moves.c.room.in_(
                select(class_rooms.c.room).where(class_rooms.c.set_id == set_id))).group_by(room_moves.c.room)).all())
        seats = connection.execute(
            select(class_rooms.c.number, rooms.c.id, rooms.c.game, rooms.c.level, room_seats.c.seat,
                   room_seats.c.player, room_seats.c.outcome, room_seats.c.points)
            .select_from(class_rooms.join(rooms, rooms.c.id == class_rooms.c.room)
                         .join(room_seats, room_seats.c.room == rooms.c.id))
            .where(class_rooms.c.set_id == set_id).order_by(class_rooms.c.number, room_seats.c.seat)).all()
        out: dict[int, dict[str, Any]] = {}
        for row in seats:
            room = out.setdefault(row.number, {"number": row.number, "game": row.game, "level": row.level,
                                               "moves": moves.get(row.id, 0), "people": []})
            room["people"].append({"name": names.get(row.player, ""), "outcome": row.outcome, "points": row.points,
                                   "helped": (row.id, row.seat) in helped})
        return list(out.values())


def stamp_parts(set_id: int) -> list[tuple[Any, Any]]:
    """The (value, where) pairs that ``Classes.stamp`` adds for the set's rooms: it changes when a room is opened,
    a move is made in one, or a game's result is written."""
    in_set = select(class_rooms.c.room).where(class_rooms.c.set_id == set_id)
    return [(func.count(class_rooms.c.number), class_rooms.c.set_id == set_id),
            (func.count(room_moves.c.seq), room_moves.c.room.in_(in_set)),
            (func.count(room_seats.c.outcome), room_seats.c.room.in_(in_set))]


__all__ = ["ClassRooms", "room_code", "stamp_parts"]
