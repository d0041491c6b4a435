"""Baseline: the schema as it stood at version 3, the last one kept without migrations.

On an empty database it creates that schema. On a file written before migrations
(meta.schema_version 1, 2 or 3) it adds what the older versions lacked, in their order,
and leaves every brief, run and label as it was.

Revision ID: 0003
Revises: (none)
"""

import sqlalchemy as sa
from alembic import op

from db.tables import Moment, Str

revision = "0003"
down_revision = None
branch_labels = None
depends_on = None


def _int(name: str, **kw: object) -> sa.Column:
    return sa.Column(name, sa.Integer(), nullable=bool(kw.pop("nullable", False)), **kw)


def _str(name: str, *, nullable: bool = False) -> sa.Column:
    return sa.Column(name, Str(), nullable=nullable)


def _real(name: str) -> sa.Column:
    return sa.Column(name, sa.Float(), nullable=False)


def _moment(name: str, *, nullable: bool = False) -> sa.Column:
    return sa.Column(name, Moment(), nullable=nullable)


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "meta" not in tables:
        _create_version_1()
        _version_2()
        _version_3()
        op.execute(sa.text("INSERT INTO meta (key, value) VALUES ('schema_version', '4')"))
        return
    found = op.get_bind().scalar(sa.text("SELECT value FROM meta WHERE key = 'schema_version'"))
    if found not in {"1", "2", "3"}:
        raise RuntimeError(f"not a reviewer database of a known version (schema_version {found!r})")
    if found == "1":
        _version_2()
    if found in {"1", "2"}:
        _version_3()
    # reviewers from before migrations refuse version 4 instead of misreading it
    op.execute(sa.text("UPDATE meta SET value = '4' WHERE key = 'schema_version'"))


def downgrade() -> None:
    raise NotImplementedError("the baseline is not undone; restore a backup instead")


def _create_version_1() -> None:
    op.create_table("meta", _str("key"), _str("value"), sa.PrimaryKeyConstraint("key"))
    op.create_table(
        "pool", _int("pk"), _str("digest"), _str("knowns"),
        sa.PrimaryKeyConstraint("pk"), sa.UniqueConstraint("digest"),
    )  # fmt: skip
    op.create_table(
        "brief", _int("pk"), _str("brief_id"), _str("text"), _int("pool_pk"),
        _str("pool_id", nullable=True), _str("meta", nullable=True), _str("digest"),
        _str("source", nullable=True), _moment("created_at"),
        sa.ForeignKeyConstraint(["pool_pk"], ["pool.pk"]),
        sa.PrimaryKeyConstraint("pk"), sa.UniqueConstraint("brief_id"),
    )  # fmt: skip
    op.create_table(
        "detectorrun", _int("id"), _str("detector"), _str("version"), _str("config"),
        _moment("created_at"), _moment("finished_at", nullable=True),
        _int("briefs"), _int("flags"), _int("checkable"),
        sa.PrimaryKeyConstraint("id"),
    )  # fmt: skip
    op.create_table(
        "briefscan", _int("run_id"), _int("brief_pk"), _int("checkable"), _int("flags"),
        sa.ForeignKeyConstraint(["brief_pk"], ["brief.pk"]),
        sa.ForeignKeyConstraint(["run_id"], ["detectorrun.id"]),
        sa.PrimaryKeyConstraint("run_id", "brief_pk"),
    )  # fmt: skip
    op.create_index("ix_briefscan_brief_pk", "briefscan", ["brief_pk"])
    op.create_table(
        "claim", _int("id"), _int("brief_pk"), _int("start"), _int("end"), _str("token"),
        _str("verdict", nullable=True), _int("label_id", nullable=True),
        sa.ForeignKeyConstraint(["brief_pk"], ["brief.pk"]),
        sa.PrimaryKeyConstraint("id"), sa.UniqueConstraint("brief_pk", "start", "end", "token"),
    )  # fmt: skip
    op.create_index("ix_claim_verdict", "claim", ["verdict"])
    op.create_table(
        "flagrecord", _int("pk"), _int("run_id"), _int("claim_id"), _int("brief_pk"),
        _int("start"), _int("end"), _str("token"), _real("value"), _str("unit"),
        _str("nearest"), _real("nearest_value"), _real("delta"), _real("rel"), _str("kind"),
        sa.ForeignKeyConstraint(["brief_pk"], ["brief.pk"]),
        sa.ForeignKeyConstraint(["claim_id"], ["claim.id"]),
        sa.ForeignKeyConstraint(["run_id"], ["detectorrun.id"]),
        sa.PrimaryKeyConstraint("pk"),
    )  # fmt: skip
    op.create_index("ix_flag_claim_run", "flagrecord", ["claim_id", "run_id"])
    op.create_index("ix_flag_run_brief_start", "flagrecord", ["run_id", "brief_pk", "start"])
    op.create_table(
        "label", _int("id"), _int("claim_id"), _str("reviewer"), _str("verdict"),
        _str("note", nullable=True), _moment("created_at"), _moment("undone_at", nullable=True),
        sa.ForeignKeyConstraint(["claim_id"], ["claim.id"]),
        sa.PrimaryKeyConstraint("id"),
    )  # fmt: skip
    op.create_index("ix_label_claim_reviewer", "label", ["claim_id", "reviewer", "id"])
    op.create_index("ix_label_reviewer_id", "label", ["reviewer", "id"])
    op.create_table(
        "labelstate", _int("claim_id"), _str("reviewer"), _int("label_id", nullable=True),
        _str("verdict", nullable=True), _str("note", nullable=True),
        sa.ForeignKeyConstraint(["claim_id"], ["claim.id"]),
        sa.PrimaryKeyConstraint("claim_id", "reviewer"),
    )  # fmt: skip
    op.create_index("ix_labelstate_reviewer_verdict", "labelstate", ["reviewer", "verdict"])
    op.create_table(
        "runtally", _int("run_id"), _str("reviewer"), _str("kind"), _str("unit"),
        _str("verdict"), _int("n"),
        sa.ForeignKeyConstraint(["run_id"], ["detectorrun.id"]),
        sa.PrimaryKeyConstraint("run_id", "reviewer", "kind", "unit", "verdict"),
    )  # fmt: skip


def _version_2() -> None:
    """Review progress: finished stretches of briefs per run and reviewer (they fill in on
    each reviewer's first review of a run)."""
    op.create_table(
        "reviewprogress", _int("run_id"), _str("reviewer"), _int("done"),
        sa.PrimaryKeyConstraint("run_id", "reviewer"),
    )  # fmt: skip
    op.create_table(
        "donespan", _int("run_id"), _str("reviewer"), _int("lo"), _int("hi"), _int("briefs"),
        sa.PrimaryKeyConstraint("run_id", "reviewer", "lo"),
    )  # fmt: skip
    op.create_index(
        "ix_briefscan_flagged", "briefscan", ["run_id", "brief_pk", "flags"],
        sqlite_where=sa.text("flags > 0"),
    )  # fmt: skip


def _version_3() -> None:
    """The earlier texts of briefs that `ingest --replace` overwrote."""
    op.create_table(
        "briefversion", _int("id"), _int("brief_pk"), _str("text"), _int("pool_pk"),
        _str("meta", nullable=True), _str("digest"), _moment("replaced_at"),
        sa.ForeignKeyConstraint(["brief_pk"], ["brief.pk"]),
        sa.ForeignKeyConstraint(["pool_pk"], ["pool.pk"]),
        sa.PrimaryKeyConstraint("id"),
    )  # fmt: skip
    op.create_index("ix_briefversion_brief_pk", "briefversion", ["brief_pk"])
