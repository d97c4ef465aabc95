"""Players (by token hash) and their games: the store's first schema.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the players and games tables and the index a player's queries use."""
    op.create_table(
        "players",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(64), sa.ForeignKey("players.key", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("practice", sa.Boolean, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("points", sa.Float),
        sa.Column("outcome", sa.String(8)),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("games_by_player", "games", ["player", "game", "status"])


def downgrade() -> None:
    """Drop both tables."""
    op.drop_index("games_by_player", "games")
    op.drop_table("games")
    op.drop_table("players")
