"""The reading that made each flag: `flagrecord.rule` ("band", "name:resting heart rate",
"sign.word" ...; `reviewer rules` lists them). Flags stored before stay NULL: nothing
stored says which reading made them.

Revision ID: 0012
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Str

revision = "0012"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "rule" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("flagrecord")}:
        op.add_column("flagrecord", sa.Column("rule", Str(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("flagrecord") as batch:
        batch.drop_column("rule")
