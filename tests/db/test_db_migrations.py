"""Migrations: one head, the same schema as db.tables, old files upgraded with their labels,
`reviewer db upgrade` under a lock, and no other command creating or changing a schema."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text
from typer.testing import CliRunner

import db
from db.engine import engine_for, to_url
from db.migrations import HEAD
from db.schema import LOCK_KEY, upgrade
from db.tables import metadata
from reviewer.cli import app

LEGACY = Path(__file__).parent / "legacy"
DEMO = Path(__file__).parents[2] / "fixtures" / "demo" / "briefs.jsonl"
runner = CliRunner()


def cli(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def schema_differences(where: str) -> list[object]:
    """What Alembic sees differ between the database and db.tables (nothing, if in step)."""
    engine = create_engine(to_url(where))
    try:
        with engine.connect() as connection:
            return compare_metadata(MigrationContext.configure(connection), metadata)
    finally:
        engine.dispose()


def stored(where: str, sql: str) -> list[tuple[object, ...]]:
    engine = create_engine(to_url(where))
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]
    finally:
        engine.dispose()


LABELS = "SELECT id, claim_id, reviewer, verdict, note, undone_at FROM label ORDER BY id"
STATES = "SELECT claim_id, reviewer, label_id, verdict, note FROM labelstate ORDER BY 1, 2"


def test_the_migrations_have_one_head_and_it_is_the_one_the_open_path_compares():
    scripts = ScriptDirectory(str(Path(db.__file__).parent / "migrations"))
    assert scripts.get_heads() == [HEAD]


def test_migrating_an_empty_database_builds_the_tables_the_code_declares(database):
    engine = engine_for(database)
    assert upgrade(engine) == (None, HEAD)
    engine.dispose()
    assert schema_differences(database) == []
    db.open_existing(database).dispose()  # and it opens


def test_a_database_created_on_first_use_is_the_migrated_schema_at_head(database):
    db.make_engine(database).dispose()
    assert schema_differences(database) == []
    result = cli("db", "upgrade", "--db", database)
    assert result.exit_code == 0, result.output
    assert f"already at revision {HEAD}" in result.stdout


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("version", ["1", "2", "3"])
def test_files_from_before_migrations_upgrade_with_every_label_intact(tmp_path, version):
    path = tmp_path / f"v{version}.db"
    shutil.copy(LEGACY / f"schema_v{version}.db", path)
    labels, states = stored(str(path), LABELS), stored(str(path), STATES)
    verdicts = stored(str(path), "SELECT id, verdict, label_id FROM claim ORDER BY id")
    assert len(labels) == 17 and any(row[5] is not None for row in labels)  # one undone
    before = file_digest(path)

    refused = cli("stats", "--db", str(path))
    assert refused.exit_code == 2
    assert f"schema version {version}, from before migrations" in refused.stderr
    assert "reviewer db upgrade" in refused.stderr
    assert file_digest(path) == before  # a read-only command changed nothing

    result = cli("db", "upgrade", "--db", str(path))
    assert result.exit_code == 0, result.output
    assert f"upgraded from schema version {version}" in result.stdout
    assert stored(str(path), LABELS) == labels
    assert stored(str(path), STATES) == states
    # each claim's verdict is now the team's: ana and ben differ on two claims (in dispute)
    by_claim: dict[int, set[str]] = {}
    for claim_id, _, _, verdict, _ in states:
        if verdict is not None:
            by_claim.setdefault(claim_id, set()).add(verdict)
    rated = {c: v - {"skip"} for c, v in by_claim.items()}  # a skip is no rating
    team = {c: (r.pop() if len(r) == 1 else "disputed") if r else "skip" for c, r in rated.items()}
    after = stored(str(path), "SELECT id, verdict, label_id FROM claim ORDER BY id")
    assert {c: v for c, v, _ in after if v is not None} == team
    assert list(team.values()).count("disputed") == 2
    assert [(c, n) for c, _, n in after] == [(c, n) for c, _, n in verdicts]
    assert [v for _, v, _ in after] != [v for _, v, _ in verdicts]  # newest-wins no more
    assert schema_differences(str(path)) == []

    stats = cli("stats", "--db", str(path), "--reviewer", "ben", "--json")
    assert stats.exit_code == 0, stats.output
    assert '"labeled": 5' in stats.stdout and '"false_positives": 5' in stats.stdout
    team_stats = json.loads(cli("stats", "--db", str(path), "--json").stdout)
    assert team_stats["in_dispute"] == 2 and team_stats["false_positives"] == 5


def make_old_in_place(where: str) -> None:
    """A current database turned into what version 1 was: the later tables gone, no
    Alembic revision, meta saying 1 (the same steps then bring it back)."""
    engine = create_engine(to_url(where))
    with engine.begin() as connection:
        for table in ("alembic_version", "donespan", "reviewprogress", "briefversion"):
            connection.exec_driver_sql(f"DROP TABLE {table}")
        connection.exec_driver_sql("DROP INDEX ix_briefscan_flagged")
        connection.exec_driver_sql("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    engine.dispose()


def labeled_demo(where: str) -> None:
    assert cli("ingest", str(DEMO), "--db", where).exit_code == 0
    engine = db.make_engine(where)
    with engine.connect() as connection:
        claims = list(connection.scalars(text("SELECT id FROM claim ORDER BY id LIMIT 6")))
        for n, claim_id in enumerate(claims):
            verdict = ("true_positive", "false_positive")[n % 2]
            db.record_label(session=connection, claim_id=claim_id, reviewer="ana", verdict=verdict)
    engine.dispose()


def test_a_version_1_schema_on_either_backend_upgrades_and_keeps_its_labels(database):
    labeled_demo(database)
    make_old_in_place(database)
    labels = stored(database, LABELS)
    for command in (["stats"], ["flag"], ["ingest", str(DEMO)], ["review"], ["arms"]):
        refused = cli(*command, "--db", database)
        assert refused.exit_code == 2, (command, refused.output)
        assert "run `reviewer db upgrade" in refused.stderr, command
    assert "reviewprogress" not in inspect_tables(database)  # nothing was added meanwhile

    assert cli("db", "upgrade", "--db", database).exit_code == 0
    assert stored(database, LABELS) == labels
    assert schema_differences(database) == []
    stats = cli("stats", "--db", database, "--json")
    assert stats.exit_code == 0 and '"labeled": 6' in stats.stdout


def inspect_tables(where: str) -> set[str]:
    engine = create_engine(to_url(where))
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_read_only_commands_never_create_a_schema(database, tmp_path):
    if "://" not in database:
        Path(database).touch()  # an empty file, as an empty server database
    for command in (["stats"], ["stats", "--json"], ["review"], ["arms"], ["flag"]):
        result = cli(*command, "--db", database)
        assert result.exit_code == 2, (command, result.output)
        assert "no reviewer database here yet" in result.stderr, command
    assert inspect_tables(database) == set()
    missing = tmp_path / "nowhere.db"
    assert cli("stats", "--db", str(missing)).exit_code == 2
    assert not missing.exists()


def hold_schema_lock(where: str):  # type: ignore[no-untyped-def]
    """A connection holding the lock `db upgrade` takes (the test releases it)."""
    engine = engine_for(where)
    connection = engine.connect()
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": LOCK_KEY})
    return engine, connection


def test_two_upgrades_at_once_one_waits_and_neither_fails(database, tmp_path):
    if "://" not in database:
        shutil.copy(LEGACY / "schema_v2.db", database)
    else:
        labeled_demo(database)
        make_old_in_place(database)
    engine, holder = hold_schema_lock(database)
    command = [sys.executable, "-c", "from reviewer.cli import main; main()"]
    runs = [
        subprocess.Popen(
            [*command, "db", "upgrade", "--db", database],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    time.sleep(2.0)
    assert [run.poll() for run in runs] == [None, None]  # both wait for the lock
    holder.rollback()
    if holder.dialect.name == "postgresql":
        holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK_KEY})
    holder.close()
    engine.dispose()
    outputs = [run.communicate(timeout=60) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    said = sorted(out for out, _ in outputs)
    assert "already at revision" in said[0] and "upgraded from schema version" in said[1]
    assert schema_differences(database) == []


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://ana:s3cret-pw@127.0.0.1:9/reviewer",
        "postgresql+psycopg://ana@127.0.0.1:9/reviewer?password=s3cret-pw",  # libpq's form
        "postgresql+psycopg://ana@127.0.0.1:9/reviewer?sslmode=disable&sslpassword=s3cret-pw",
    ],
)
def test_passwords_never_appear_in_messages(tmp_path, url):
    commands = (["stats"], ["db", "upgrade"], ["ingest", str(DEMO)], ["review"],
                ["export", "--out", str(tmp_path / "out")], ["runs"])  # fmt: skip
    for command in commands:
        result = cli(*command, "--db", url)
        assert result.exit_code != 0, command
        assert "s3cret-pw" not in result.output, (command, result.output)
        assert "127.0.0.1" in result.stderr, command  # still says which server


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("UPDATE alembic_version SET version_num = '0042'",
         "at revision 0042, which this reviewer does not know"),
        ("DROP TABLE alembic_version; UPDATE meta SET value = '7' WHERE key = 'schema_version'",
         "database schema version 7 is not supported"),
    ],
)  # fmt: skip
def test_upgrade_refuses_a_database_it_does_not_know_and_changes_nothing(tmp_path, change, said):
    path = tmp_path / "r.db"
    assert cli("ingest", str(DEMO), "--db", str(path)).exit_code == 0
    with sqlite3.connect(path) as connection:
        connection.executescript(change)
    connection.close()
    before = file_digest(path)
    result = cli("db", "upgrade", "--db", str(path))
    assert result.exit_code == 2, result.output
    assert said in result.stderr and "Traceback" not in result.output
    assert file_digest(path) == before


def test_upgrade_of_what_is_no_reviewer_database_exits_2(tmp_path):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()
    refused = cli("db", "upgrade", "--db", str(other))
    assert refused.exit_code == 2 and "not a reviewer database (it has other tables)" in (
        refused.stderr
    )
    assert inspect_tables(str(other)) == {"t"}
    junk = tmp_path / "junk.db"
    junk.write_text("not a database\n" * 100)
    failed = cli("db", "upgrade", "--db", str(junk))
    assert failed.exit_code == 2 and "upgrade failed, nothing changed" in failed.stderr
    assert junk.read_text() == "not a database\n" * 100


def test_a_legacy_file_keeps_opening_with_sqlite3_after_upgrade(tmp_path):
    """Old reviewers read meta.schema_version: after the upgrade it says 4, which they refuse
    with their own message rather than misread the newer schema."""
    path = tmp_path / "v3.db"
    shutil.copy(LEGACY / "schema_v3.db", path)
    assert cli("db", "upgrade", "--db", str(path)).exit_code == 0
    with sqlite3.connect(path) as connection:
        found = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'")
        assert found.fetchone() == ("4",)
