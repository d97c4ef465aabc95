"""The store's tables as SQLAlchemy Core metadata: players (by token hash) and their games.

The first migration creates exactly these; a later schema change is a new migration plus an edit here.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text,
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
    Column("practice", Boolean, nullable=False, default=False),
    Column("record", Text, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("points", Float),  # the player's payoff once over
    Column("outcome", String(8)),  # "won", "lost" or "drawn" once over
    Column("started", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Index("games_by_player", "player", "game", "status"),
)
