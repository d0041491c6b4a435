"""The model's probability of each flag a run made with a learned model decided
(`flagrecord.probability`, between 0 and 1). Flags of the rules alone, and flags stored
before, stay NULL: no model judged them.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("flagrecord")}
    if "probability" not in columns:
        op.add_column("flagrecord", sa.Column("probability", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("flagrecord") as batch:
        batch.drop_column("probability")
