"""Each claim's verdict by the team's rule (`reviewer.agreement.team_verdict`): an
adjudicator's, else the one its reviewers agree on, else in dispute. Before 0005 a claim
kept its newest label's verdict, and 0005 added roles without recounting, so a claim two
reviewers differed on stayed settled the newer one's way: counted in precision, invisible
to `stats`, `review --adjudicate` and `export`. Only claims with more than one verdict can
differ; those that do are fixed, then the tallies of the runs that flag them recounted.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

from db import tally
from reviewer.agreement import team_verdict

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

SHARED = sa.text(
    "SELECT s.claim_id, s.role, s.verdict, s.label_id, c.verdict AS stored "
    "FROM labelstate s JOIN claim c ON c.id = s.claim_id "
    "WHERE s.verdict IS NOT NULL AND s.claim_id IN (SELECT claim_id FROM labelstate "
    "WHERE verdict IS NOT NULL GROUP BY claim_id HAVING count(*) > 1) "
    "ORDER BY s.claim_id"
)


def upgrade() -> None:
    bind = op.get_bind()
    groups: dict[int, list[sa.Row]] = {}
    for row in bind.execute(SHARED):
        groups.setdefault(row.claim_id, []).append(row)
    changed = []
    for claim_id, states in groups.items():
        verdict = team_verdict((s.role, s.verdict, s.label_id) for s in states)
        if verdict != states[0].stored:
            newest = max(s.label_id for s in states)
            bind.execute(
                sa.text("UPDATE claim SET verdict = :v, label_id = :l WHERE id = :id"),
                {"v": verdict, "l": newest, "id": claim_id},
            )
            changed.append(claim_id)
    runs: set[int] = set()
    for first in range(0, len(changed), 500):
        chunk = changed[first : first + 500]
        flags = sa.table("flagrecord", sa.column("run_id"), sa.column("claim_id"))
        found = bind.execute(
            sa.select(flags.c.run_id).distinct().where(flags.c.claim_id.in_(chunk))
        )
        runs.update(found.scalars())
    for run_id in sorted(runs):
        tally.rebuild_run(bind, run_id)


def downgrade() -> None:
    """Nothing to undo: the labels are unchanged, and every verdict is the rule's."""
