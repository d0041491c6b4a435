"""An index on the run a label was made in and whether the run's queue brought its flag
(`label.run_id`, `label.queue`): the strata of each kind and unit read a run's queue labels
through it, at a cost that follows them rather than every label.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {index["name"] for index in sa.inspect(op.get_bind()).get_indexes("label")}
    if "ix_label_run_queue" not in have:
        op.create_index("ix_label_run_queue", "label", ["run_id", "queue"])


def downgrade() -> None:
    op.drop_index("ix_label_run_queue", table_name="label")
