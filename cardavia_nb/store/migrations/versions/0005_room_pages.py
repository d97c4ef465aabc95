"""Rooms: which page holds each seat, so that a second page of the same seat token takes the seat over.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A nullable column: seats taken before it have no page, and the next page to take them writes its own."""
    with op.batch_alter_table("room_seats") as table:
        table.add_column(sa.Column("page", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop the column again."""
    with op.batch_alter_table("room_seats") as table:
        table.drop_column("page")
