"""The store's tables as SQLAlchemy Core metadata: players (by token hash), their games, classes and rooms.

Each migration creates its part of exactly these; a later schema change is a new migration plus an edit here.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger, Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text,
    UniqueConstraint, false,
)

metadata = MetaData()

players = Table(
    "players", metadata,
    Column("key", String(64), primary_key=True),  # SHA-256 of the player's token, never the token
    Column("created", DateTime(timezone=True), nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player", String(64), ForeignKey("players.key", ondelete="CASCADE"), nullable=False),
    Column("game", String(32), nullable=False),
    Column("level", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # "playing", "over" or "left" (a new game replaced it)
    Column("class_deal", Boolean, nullable=False, default=False),  # a class's deal, apart from the own games
    Column("record", Text, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("points", Float),  # the player's payoff once over
    Column("outcome", String(8)),  # "won", "lost" or "drawn" once over
    Column("started", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Index("games_by_player", "player", "game", "status"),
)

# --- a class (issue 29): sets of deals a teacher hands out, the students who joined, their results ------

class_sets = Table(
    "class_sets", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(120), nullable=False, unique=True),  # what students type; server codes are random
    Column("teacher", String(64)),  # SHA-256 of the teacher key; NULL for an open set a student's store copied
    Column("game", String(32), nullable=False),
    Column("level", String(16), nullable=False),
    Column("deals", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # "server" or "open"
    Column("seed", BigInteger, nullable=False),  # deals the set's cards: never leaves the kernel
    Column("closed", Boolean, nullable=False, default=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Index("class_sets_by_teacher", "teacher"),
)
# a set as the students' kernels may read it: every column but its teacher (the key's hash). Their store role is
# granted these columns only (store.roles), and a student's kernel selects these only (classroom.door)
class_sets_for_students = tuple(column for column in class_sets.c if column.name != "teacher")

class_students = Table(
    "class_students", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("set_id", Integer, ForeignKey("class_sets.id", ondelete="CASCADE"), nullable=False),
    Column("player", String(64)),  # SHA-256 of the student's token; NULL for a name from an uploaded file
    Column("name", String(40), nullable=False),
    Column("name_key", String(160), nullable=False),  # the name folded, so "Ana" and "ANA" are one name
    Column("playing", Integer),  # the deal begun and not finished, if any
    Column("joined", DateTime(timezone=True), nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),  # last sign of life (a deal begun or finished)
    UniqueConstraint("set_id", "player", name="class_students_one_name_per_token"),
    UniqueConstraint("set_id", "name_key", name="class_students_one_token_per_name"),
)

class_results = Table(
    "class_results", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("set_id", Integer, ForeignKey("class_sets.id", ondelete="CASCADE"), nullable=False),
    Column("student", Integer, ForeignKey("class_students.id", ondelete="CASCADE"), nullable=False),
    Column("deal", Integer, nullable=False),
    Column("record", Text, nullable=False),  # the replayed record, as the store's replay wrote it
    Column("score", Float, nullable=False),  # computed by the store's replay, never taken from a caller
    Column("first", Text, nullable=False),  # JSON: the student's first decisions' move ids
    Column("steps", Text, nullable=False),  # JSON: the record steps at which the student decided
    Column("mistakes", Text),  # JSON: the review's summary, once it is in
    Column("cost", Float),  # the mistakes' total loss, once reviewed
    Column("finished", DateTime(timezone=True), nullable=False),
    UniqueConstraint("student", "deal", name="class_results_one_per_deal"),
    Index("class_results_by_set", "set_id", "deal"),
)

class_highs = Table(
    "class_highs", metadata,
    Column("set_id", Integer, ForeignKey("class_sets.id", ondelete="CASCADE"), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("value", Float, nullable=False),  # High's score on the deal, computed by the teacher's board
)

# --- rooms (issue 44): one session, several people's seats, each person's kernel playing it ----------

rooms = Table(
    "rooms", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(64), nullable=False, unique=True),  # SHA-256 of the room code the invite link holds
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),  # JSON: the rules options
    Column("level", String(16), nullable=False),  # the computers' level in the seats no person holds
    Column("humans", Integer, nullable=False),  # seats 0 .. humans-1 are people's
    Column("seed", BigInteger, nullable=False),  # deals the session's cards: never leaves the kernel
    Column("created", DateTime(timezone=True), nullable=False),
    Column("started", DateTime(timezone=True)),
)

room_seats = Table(
    "room_seats", metadata,
    Column("room", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(64), nullable=False),  # SHA-256 of the seat token, never the token
    Column("joined", DateTime(timezone=True), nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),  # last sign of life of the seat's page
    Column("page", String(32)),  # the page that took the seat last (a random id): an earlier page is taken over
    Column("points", Float),  # the seat's payoff once the room's game is over
    Column("outcome", String(8)),  # "won", "lost" or "drawn" once over
    UniqueConstraint("room", "player", name="room_seats_one_seat_per_token"),
)

room_moves = Table(
    "room_moves", metadata,
    Column("room", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # the move's number in the session, from 1: one writer wins each
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the move's action id
    Column("helped", Boolean, nullable=False, server_default=false()),  # a computer's move for a person away
    Column("written", DateTime(timezone=True), nullable=False),
)

class_rooms = Table(
    "class_rooms", metadata,
    Column("set_id", Integer, ForeignKey("class_sets.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),  # the room's number in the set: its code derives from it
    Column("room", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False, unique=True),
)
