"""Runs named, described and with a status: name, the spec that loads their detector, a
config digest, their own four-arm report, status (running, finished, failed) and owner (the
process running it). Runs made before have no name, spec, digest or arms; their status
follows from their finish time (an unfinished one was interrupted: failed).

Databases opened by the reviewer of the days between these columns and migrations may
have some already (it added them on open): only the missing ones are added.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Str

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

COLUMNS = ("name", "spec", "config_digest", "arms", "status", "owner")


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("detectorrun")}
    for name in COLUMNS:
        if name not in have:
            op.add_column("detectorrun", sa.Column(name, Str(), nullable=True))
    if "status" not in have:
        op.execute(
            "UPDATE detectorrun SET status = CASE WHEN finished_at IS NULL "
            "THEN 'failed' ELSE 'finished' END"
        )


def downgrade() -> None:
    with op.batch_alter_table("detectorrun") as batch:
        for name in reversed(COLUMNS):
            batch.drop_column(name)
