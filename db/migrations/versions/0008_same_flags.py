"""How many of a run's flags its previous run flagged too (`detectorrun.same_flags`, and
`same_as`, the previous run it was counted against), so that a run's strata are read from
its labeled claims alone, not from a pass over every flag. Finished runs are counted here.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

PREVIOUS = (
    "UPDATE detectorrun SET same_as = (SELECT max(p.id) FROM detectorrun p "
    "WHERE p.id < detectorrun.id AND p.status = 'finished') WHERE status = 'finished'"
)
SAME = (
    "UPDATE detectorrun SET same_flags = (SELECT count(*) FROM flagrecord f "
    "WHERE f.run_id = detectorrun.id AND EXISTS (SELECT 1 FROM flagrecord e "
    "WHERE e.run_id = detectorrun.same_as AND e.claim_id = f.claim_id)) "
    "WHERE status = 'finished'"
)


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("detectorrun")}
    for name in ("same_as", "same_flags"):
        if name not in have:
            op.add_column("detectorrun", sa.Column(name, sa.Integer(), nullable=True))
    op.execute(PREVIOUS)
    op.execute(SAME)


def downgrade() -> None:
    with op.batch_alter_table("detectorrun") as batch:
        batch.drop_column("same_flags")
        batch.drop_column("same_as")
