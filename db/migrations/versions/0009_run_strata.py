"""A run's labeled flags counted by stratum (`runstratum`), kept current by each label
like `runtally`, so that `stats` reads a few rows per run instead of looking up every
labeled claim. Finished runs are counted here.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Str

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

_STRATUM = (
    "CASE WHEN l.run_id = r.id THEN 1 ELSE 0 END, CASE WHEN l.queue THEN 1 ELSE 0 END, "
    "CASE WHEN EXISTS (SELECT 1 FROM flagrecord e WHERE e.run_id = r.same_as "
    "AND e.claim_id = f.claim_id) THEN 1 ELSE 0 END, count(*)"
)
COUNT = (
    "INSERT INTO runstratum (run_id, reviewer, verdict, here, queue, earlier, n) "
    f"SELECT r.id, '', c.verdict, {_STRATUM} "
    "FROM detectorrun r JOIN flagrecord f ON f.run_id = r.id JOIN claim c ON c.id = f.claim_id "
    "LEFT JOIN label l ON l.id = c.label_id "
    "WHERE r.status = 'finished' AND c.verdict IS NOT NULL "
    "GROUP BY r.id, c.verdict, 4, 5, 6",
    "INSERT INTO runstratum (run_id, reviewer, verdict, here, queue, earlier, n) "
    f"SELECT r.id, s.reviewer, s.verdict, {_STRATUM} "
    "FROM detectorrun r JOIN flagrecord f ON f.run_id = r.id "
    "JOIN labelstate s ON s.claim_id = f.claim_id LEFT JOIN label l ON l.id = s.label_id "
    "WHERE r.status = 'finished' AND s.verdict IS NOT NULL "
    "GROUP BY r.id, s.reviewer, s.verdict, 4, 5, 6",
)


def upgrade() -> None:
    if "runstratum" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "runstratum",
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("detectorrun.id"), nullable=False),
        sa.Column("reviewer", Str(), nullable=False),
        sa.Column("verdict", Str(), nullable=False),
        sa.Column("here", sa.Integer(), nullable=False),
        sa.Column("queue", sa.Integer(), nullable=False),
        sa.Column("earlier", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("run_id", "reviewer", "verdict", "here", "queue", "earlier"),
    )
    for sql in COUNT:
        op.execute(sql)


def downgrade() -> None:
    op.drop_table("runstratum")
