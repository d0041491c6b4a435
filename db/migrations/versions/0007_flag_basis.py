"""How each flag's known value was chosen: `flagrecord.basis`, "band" (the nearest of its
unit) or "name" (the metric's name beside the number). Flags stored before stay NULL: a
default 2.0 run may have read some by name, and nothing stored says which.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Str

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "basis" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("flagrecord")}:
        op.add_column("flagrecord", sa.Column("basis", Str(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("flagrecord") as batch:
        batch.drop_column("basis")
