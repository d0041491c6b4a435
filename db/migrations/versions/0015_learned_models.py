"""Learned models (`reviewer learn`): a table of them, and the model a run was made with.

Revision ID: 0015
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Moment, Str

revision = "0015"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if "model_id" not in {c["name"] for c in sa.inspect(bind).get_columns("detectorrun")}:
        op.add_column("detectorrun", sa.Column("model_id", sa.Integer(), nullable=True))
    if "learnedmodel" in sa.inspect(bind).get_table_names():
        return
    op.create_table(
        "learnedmodel",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", Str(), nullable=False),
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("detectorrun.id"), nullable=True),
        sa.Column("detector", Str(), nullable=False),
        sa.Column("version", Str(), nullable=False),
        sa.Column("config_digest", Str(), nullable=True),
        sa.Column("examples", sa.Integer(), nullable=False),
        sa.Column("positives", sa.Integer(), nullable=False),
        sa.Column("briefs", sa.Integer(), nullable=False),
        sa.Column("last_label", sa.Integer(), nullable=True),
        sa.Column("last_miss", sa.Integer(), nullable=True),
        sa.Column("body", Str(), nullable=False),
        sa.Column("created_at", Moment(), nullable=False),
    )
    op.create_index("ix_learnedmodel_name", "learnedmodel", ["name"])


def downgrade() -> None:
    op.drop_index("ix_learnedmodel_name", table_name="learnedmodel")
    op.drop_table("learnedmodel")
    op.drop_column("detectorrun", "model_id")
