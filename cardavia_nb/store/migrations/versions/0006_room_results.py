"""Rooms: each seat's result once the room's game is over, so that *Your games* lists room games apart.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nullable columns: a game still being played, or over before this revision, has no result written."""
    with op.batch_alter_table("room_seats") as table:
        table.add_column(sa.Column("points", sa.Float(), nullable=True))
        table.add_column(sa.Column("outcome", sa.String(8), nullable=True))


def downgrade() -> None:
    """Drop the columns again."""
    with op.batch_alter_table("room_seats") as table:
        table.drop_column("outcome")
        table.drop_column("points")
