"""Honest numbers: the seed of a run's random review order (`detectorrun.order_seed`) and
each flag's place in it (`flagrecord.queue_rank`), the run a label was made in and whether
the queue brought its flag (`label.run_id`, `label.queue`), missed contradictions (`miss`)
and briefs read in full (`reviewedbrief`). Older runs have no seed: the app gives them one
(and their flags ranks) the first time they are reviewed in random order. Older labels
have no run and no queue, so they count as inherited, never as a sample.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Moment, Str

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _columns(inspector: sa.Inspector, table: str) -> set[str]:
    return {c["name"] for c in inspector.get_columns(table)}


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "order_seed" not in _columns(inspector, "detectorrun"):
        op.add_column("detectorrun", sa.Column("order_seed", sa.Integer(), nullable=True))
    if "queue_rank" not in _columns(inspector, "flagrecord"):
        op.add_column("flagrecord", sa.Column("queue_rank", sa.Integer(), nullable=True))
        op.create_index("ix_flag_run_rank", "flagrecord", ["run_id", "queue_rank"])
    have = _columns(inspector, "label")
    if "run_id" not in have:
        op.add_column("label", sa.Column("run_id", sa.Integer(), nullable=True))
    if "queue" not in have:
        op.add_column(
            "label", sa.Column("queue", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    tables = set(inspector.get_table_names())
    if "miss" not in tables:
        op.create_table(
            "miss",
            sa.Column("id", sa.Integer(), primary_key=True),
            sa.Column("brief_pk", sa.Integer(), sa.ForeignKey("brief.pk"), nullable=False),
            sa.Column("run_id", sa.Integer(), nullable=True),
            sa.Column("reviewer", Str(), nullable=False),
            sa.Column("start", sa.Integer(), nullable=False),
            sa.Column("end", sa.Integer(), nullable=False),
            sa.Column("token", Str(), nullable=False),
            sa.Column("value", sa.Float(), nullable=False),
            sa.Column("unit", Str(), nullable=False),
            sa.Column("known", Str(), nullable=False),
            sa.Column("known_value", sa.Float(), nullable=False),
            sa.Column("note", Str(), nullable=True),
            sa.Column("created_at", Moment(), nullable=False),
            sa.Column("undone_at", Moment(), nullable=True),
        )
        op.create_index("ix_miss_brief_pk", "miss", ["brief_pk"])
    if "reviewedbrief" not in tables:
        op.create_table(
            "reviewedbrief",
            sa.Column("brief_pk", sa.Integer(), sa.ForeignKey("brief.pk"), nullable=False),
            sa.Column("reviewer", Str(), nullable=False),
            sa.Column("run_id", sa.Integer(), nullable=True),
            sa.Column("created_at", Moment(), nullable=False),
            sa.PrimaryKeyConstraint("brief_pk", "reviewer"),
        )


def downgrade() -> None:
    op.drop_table("reviewedbrief")
    op.drop_index("ix_miss_brief_pk", table_name="miss")
    op.drop_table("miss")
    with op.batch_alter_table("label") as batch:
        batch.drop_column("queue")
        batch.drop_column("run_id")
    op.drop_index("ix_flag_run_rank", table_name="flagrecord")
    with op.batch_alter_table("flagrecord") as batch:
        batch.drop_column("queue_rank")
    with op.batch_alter_table("detectorrun") as batch:
        batch.drop_column("order_seed")
