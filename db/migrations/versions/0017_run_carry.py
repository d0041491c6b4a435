"""What an ingest's run needs to carry an earlier run's flags over the briefs that have
not changed since: `detectorrun.code_digest`, a digest of the code a built-in detector's
run is made by, so a run of other code is never carried; `detectorrun.version_mark`, the
newest brief version when the run began, so a brief replaced since is read again. Runs
made before stay NULL and are never carried from.

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

COLUMNS = (("code_digest", sa.String()), ("version_mark", sa.Integer()))


def upgrade() -> None:
    present = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("detectorrun")}
    for name, kind in COLUMNS:
        if name not in present:
            op.add_column("detectorrun", sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("detectorrun") as batch:
        for name, _kind in COLUMNS:
            batch.drop_column(name)
