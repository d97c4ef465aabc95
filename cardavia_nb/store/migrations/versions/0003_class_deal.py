"""Games: ``practice`` renamed ``class_deal``, what it marks (a class's deal, kept apart from the player's own games).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Rename the column in place (SQLite's and PostgreSQL's RENAME COLUMN): every row keeps its value."""
    op.alter_column("games", "practice", new_column_name="class_deal", existing_type=sa.Boolean,
                    existing_nullable=False)


def downgrade() -> None:
    """Give the column its old name back."""
    op.alter_column("games", "class_deal", new_column_name="practice", existing_type=sa.Boolean,
                    existing_nullable=False)
