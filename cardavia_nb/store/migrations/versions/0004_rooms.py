"""Rooms: a session with several people's seats (seat tokens by hash) and its numbered moves.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three room tables; the primary key (room, seq) lets one writer only have each move number."""
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(64), nullable=False, unique=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("humans", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True)),
    )
    op.create_table(
        "room_seats",
        sa.Column("room", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("room", "player", name="room_seats_one_seat_per_token"),
    )
    op.create_table(
        "room_moves",
        sa.Column("room", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("helped", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("written", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the room tables, the moves and seats first."""
    op.drop_table("room_moves")
    op.drop_table("room_seats")
    op.drop_table("rooms")
