"""Classes: the sets of deals a teacher hands out, the students who joined one, their results, High's scores.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four class tables with the unique constraints that make a doubled write impossible."""
    op.create_table(
        "class_sets",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(120), nullable=False, unique=True),
        sa.Column("teacher", sa.String(64)),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("class_sets_by_teacher", "class_sets", ["teacher"])
    op.create_table(
        "class_students",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("set_id", sa.Integer, sa.ForeignKey("class_sets.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player", sa.String(64)),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False),
        sa.Column("playing", sa.Integer),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("set_id", "player", name="class_students_one_name_per_token"),
        sa.UniqueConstraint("set_id", "name_key", name="class_students_one_token_per_name"),
    )
    op.create_table(
        "class_results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("set_id", sa.Integer, sa.ForeignKey("class_sets.id", ondelete="CASCADE"), nullable=False),
        sa.Column("student", sa.Integer, sa.ForeignKey("class_students.id", ondelete="CASCADE"), nullable=False),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("first", sa.Text, nullable=False),
        sa.Column("steps", sa.Text, nullable=False),
        sa.Column("mistakes", sa.Text),
        sa.Column("cost", sa.Float),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("student", "deal", name="class_results_one_per_deal"),
    )
    op.create_index("class_results_by_set", "class_results", ["set_id", "deal"])
    op.create_table(
        "class_highs",
        sa.Column("set_id", sa.Integer, sa.ForeignKey("class_sets.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("value", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the class tables, the results first."""
    op.drop_table("class_highs")
    op.drop_index("class_results_by_set", "class_results")
    op.drop_table("class_results")
    op.drop_table("class_students")
    op.drop_index("class_sets_by_teacher", "class_sets")
    op.drop_table("class_sets")
