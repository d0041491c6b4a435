"""A team on one database: the share of a run's flags given to a second reviewer
(`detectorrun.overlap`), who gave a label (`role`: reviewer or adjudicator, every older label
a reviewer's), and the holds of `review --share` (`workclaim`). Only what is missing is
added (a database may have been made with some of them).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Moment, Str

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "overlap" not in {c["name"] for c in inspector.get_columns("detectorrun")}:
        op.add_column("detectorrun", sa.Column("overlap", sa.Float(), nullable=True))
    for table in ("label", "labelstate"):
        if "role" not in {c["name"] for c in inspector.get_columns(table)}:
            op.add_column(
                table, sa.Column("role", Str(), nullable=False, server_default="reviewer")
            )
    if "workclaim" in inspector.get_table_names():
        return
    op.create_table(
        "workclaim",
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("detectorrun.id"), nullable=False),
        sa.Column("claim_id", sa.Integer(), sa.ForeignKey("claim.id"), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("reviewer", Str(), nullable=False),
        sa.Column("claimed_at", Moment(), nullable=False),
        sa.PrimaryKeyConstraint("run_id", "claim_id", "slot"),
    )
    op.create_index("ix_workclaim_run_reviewer", "workclaim", ["run_id", "reviewer"])


def downgrade() -> None:
    op.drop_index("ix_workclaim_run_reviewer", table_name="workclaim")
    op.drop_table("workclaim")
    for table in ("labelstate", "label"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("role")
    with op.batch_alter_table("detectorrun") as batch:
        batch.drop_column("overlap")
