"""Class rooms: the tables a teacher opens for pairs or fours of a class set's students, numbered in the set.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """One row per room the teacher opened: its set, its number there (its code derives from both), the room."""
    op.create_table(
        "class_rooms",
        sa.Column("set_id", sa.Integer, sa.ForeignKey("class_sets.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("room", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False, unique=True),
    )


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("class_rooms")
