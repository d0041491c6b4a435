"""Input that can be read only once, and input without end, through the real commands.

Pipes into `/dev/stdin` and `-`, process substitution (`<(...)`) and FIFOs run in a real
shell or with a real writer; every brief must be stored (on SQLite and PostgreSQL), scanned
or counted in the arms. Lines or configs without end run under an address-space limit, so
reading one whole would fail the command instead of refusing it with its line.
"""

from __future__ import annotations

import json
import os
import pty
import resource
import shlex
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.support.faults import snapshot
from tests.support.store_files import POOL, TEXTS, brief_line, write_briefs

REVIEWER = [sys.executable, "-m", "reviewer.cli"]
SHELL_LIMIT = 120  # seconds: a guard against a hang, never a measure of speed
MEMORY = 400 * 1024 * 1024  # address space of a command reading input without end


def run(
    args: list[str], *, stdin: object = None, stderr: object = subprocess.PIPE, limit: int = 0
) -> subprocess.CompletedProcess[str]:
    """The installed command in a process of its own; `limit`: its address space in bytes."""

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return subprocess.run(
        [*REVIEWER, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        timeout=SHELL_LIMIT,
        preexec_fn=bounded if limit else None,
        env={**os.environ, "MALLOC_ARENA_MAX": "2"},  # no 64 MiB arena per thread
    )


def shell(command: str) -> subprocess.CompletedProcess[str]:
    """`command` in bash, `{r}` standing for the reviewer command."""
    line = command.format(r=shlex.join(REVIEWER))
    return subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=SHELL_LIMIT)


def stored_ids(database: str) -> set[str]:
    url = database if "://" in database else f"sqlite:///{database}"
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return {row[0] for row in connection.execute(text("SELECT brief_id FROM brief"))}
    finally:
        engine.dispose()


@pytest.fixture
def briefs(tmp_path: Path) -> Path:
    return write_briefs(tmp_path / "briefs.jsonl")


def _feed(fifo: Path, data: bytes) -> threading.Thread:
    """A writer for a FIFO: it opens (waiting for the reader) and writes everything."""

    def write() -> None:
        with fifo.open("wb") as out:
            out.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return writer


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "briefs.fifo"
    os.mkfifo(path)
    return path


STREAMS = {
    "pipe into /dev/stdin": "cat {f} | {r} ingest /dev/stdin --db {d}",
    "pipe into -": "cat {f} | {r} ingest - --db {d}",
    "process substitution": "{r} ingest <(cat {f}) --db {d}",
}


@pytest.mark.parametrize("form", sorted(STREAMS))
def test_ingest_from_a_stream_stores_every_brief(database, briefs, form):
    command = STREAMS[form].replace("{f}", shlex.quote(str(briefs)))
    result = shell(command.replace("{d}", shlex.quote(database)))
    assert result.returncode == 0, result.stderr
    assert "5 briefs added, 0 unchanged, 0 rejected" in result.stdout
    assert "run 1 (default" in result.stdout
    assert stored_ids(database) == set(TEXTS)


def test_ingest_from_a_fifo_with_a_writer_stores_every_brief(database, briefs, fifo):
    writer = _feed(fifo, briefs.read_bytes())
    result = run(["ingest", str(fifo), "--db", database])
    writer.join()
    assert result.returncode == 0, result.stderr
    assert "5 briefs added, 0 unchanged, 0 rejected" in result.stdout
    assert stored_ids(database) == set(TEXTS)


def test_a_bad_line_late_in_a_stream_leaves_the_database_as_it_was(database, tmp_path, briefs):
    """A stream is stored as it is read, in one transaction: a bad line after the first
    batches of 2,000 takes back every one of them."""
    assert run(["ingest", str(briefs), "--db", database]).returncode == 0
    before = snapshot(database)
    lines = [brief_line(f"n{i}", f"HR {50 + i % 9} bpm.") for i in range(4500)]
    lines.append('{"id": "bad", "text": "HR 50 bpm."}')
    late = write_briefs(tmp_path / "late.jsonl", lines)
    result = shell(f"{{r}} ingest <(cat {shlex.quote(str(late))}) --db {shlex.quote(database)}")
    assert result.returncode == 2, result.stderr
    assert ":4501: missing field 'pool' (or 'pool_id')" in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(database) == before


def test_ingest_takes_its_pools_from_a_stream(database, tmp_path):
    pools = tmp_path / "pools.jsonl"
    pools.write_text(json.dumps({"id": "p1", "pool": POOL}) + "\n", encoding="utf-8")
    lines = [json.dumps({"id": i, "text": t, "pool_id": "p1"}) for i, t in TEXTS.items()]
    briefs = write_briefs(tmp_path / "by_id.jsonl", lines)
    result = shell(
        f"cat {shlex.quote(str(briefs))} | {{r}} ingest - --pools <(cat {shlex.quote(str(pools))})"
        f" --db {shlex.quote(database)}"
    )
    assert result.returncode == 0, result.stderr
    assert stored_ids(database) == set(TEXTS)


# ---------------------------------------------------------------- scan and arms


def on_a_terminal(command: str) -> tuple[subprocess.CompletedProcess[str], str]:
    """`command` in bash with stderr on a terminal (so progress bars are drawn and their
    totals counted), and what the terminal showed."""
    master, terminal = pty.openpty()
    shown: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closed
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        result = subprocess.run(
            ["bash", "-c", command.format(r=shlex.join(REVIEWER))],
            stdout=subprocess.PIPE,
            stderr=terminal,
            text=True,
            timeout=SHELL_LIMIT,
            env={**os.environ, "TERM": "xterm-256color"},
        )
    finally:
        os.close(terminal)
        reader.join(timeout=SHELL_LIMIT)
        os.close(master)
    return result, b"".join(shown).decode("utf-8", "replace")


@pytest.mark.parametrize(
    "command",
    ["{r} scan <(cat {f})", "cat {f} | {r} scan -", "cat {f} | {r} scan /dev/stdin"],
)
def test_scan_of_a_stream_with_a_progress_bar_prints_every_brief(briefs, command):
    result, shown = on_a_terminal(command.replace("{f}", shlex.quote(str(briefs))))
    assert result.returncode == 0, shown
    ids = [json.loads(line)["id"] for line in result.stdout.splitlines()]
    assert ids == list(TEXTS)
    assert "scanning" in shown  # the bar was drawn: the total was asked for


def test_scan_as_a_table_of_a_stream_shows_every_brief(briefs):
    quoted = shlex.quote(str(briefs))
    result, shown = on_a_terminal(f"{{r}} scan --format table <(cat {quoted})")
    assert result.returncode == 0, shown
    assert "5 briefs, 6 flags" in result.stdout
    assert "scanning" in shown


def test_ingest_of_a_stream_with_a_progress_bar_stores_every_brief(tmp_path, briefs):
    database = str(tmp_path / "bar.db")
    result, shown = on_a_terminal(
        f"cat {shlex.quote(str(briefs))} | {{r}} ingest /dev/stdin --db {shlex.quote(database)}"
    )
    assert result.returncode == 0, shown
    assert "storing /dev/stdin" in shown
    assert stored_ids(database) == set(TEXTS)


def _arms_counts(stdout: str) -> dict[tuple[str, str], int]:
    return {(row["group"], row["arm"]): row["n"] for row in json.loads(stdout)["rows"]}


@pytest.mark.parametrize(
    "command", ["{r} arms --json --pools <(cat {f})", "cat {f} | {r} arms --json --pools -"]
)
def test_arms_read_a_briefs_stream_once(briefs, command):
    result = shell(command.replace("{f}", shlex.quote(str(briefs))))
    assert result.returncode == 0, result.stderr
    counts = _arms_counts(result.stdout)
    assert counts[("template", "faithful")] == 5  # every brief, the sniffed first included
    assert counts[("production", "production")] == 5


def test_arms_read_a_pools_fifo(tmp_path, fifo):
    pools = [json.dumps({"id": f"p{i}", "pool": POOL[: 1 + i % 4]}) for i in range(7)]
    writer = _feed(fifo, ("\n".join(pools) + "\n").encode())
    result = run(["arms", "--json", "--pools", str(fifo)])
    writer.join()
    assert result.returncode in (0, 1), result.stderr  # separating or not, all were read
    assert _arms_counts(result.stdout)[("template", "faithful")] == 7


# ---------------------------------------------------------------- input without end


@pytest.fixture
def stored(tmp_path: Path, briefs: Path) -> Path:
    database = tmp_path / "stored.db"
    assert run(["ingest", str(briefs), "--db", str(database)]).returncode == 0
    return database


def _refused(result: subprocess.CompletedProcess[str], where: str, problem: str) -> None:
    assert result.returncode == 2, result.stderr
    assert f"{where}: {problem}" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert "out of memory" not in result.stderr  # refused, not run out of memory


ENDLESS = "a line longer than the limit of 16 MiB; reading stopped there"


def test_ingest_of_dev_zero_is_refused_in_bounded_memory(stored):
    before = snapshot(str(stored))
    for skip in ([], ["--skip-invalid"]):  # no line to skip to: refused either way
        result = run(["ingest", "/dev/zero", *skip, "--db", str(stored)], limit=MEMORY)
        _refused(result, "/dev/zero:1", ENDLESS)
        assert "--skip-invalid stores" not in result.stderr
    assert snapshot(str(stored)) == before


def test_ingest_of_endless_stdin_is_refused_in_bounded_memory(stored):
    before = snapshot(str(stored))
    with open("/dev/zero", "rb") as zeros:
        result = run(["ingest", "-", "--db", str(stored)], stdin=zeros, limit=MEMORY)
    _refused(result, "-:1", ENDLESS)
    assert snapshot(str(stored)) == before


@pytest.fixture
def one_long_line(tmp_path: Path) -> Path:
    """200 MB of zeros with no newline: a sparse file, so the disk holds none of it."""
    path = tmp_path / "no_newline.jsonl"
    with path.open("wb") as out:
        out.truncate(200 * 1024 * 1024)
    return path


def test_a_200_mb_line_is_refused_in_bounded_memory(stored, one_long_line):
    before = snapshot(str(stored))
    result = run(["ingest", str(one_long_line), "--db", str(stored)], limit=MEMORY)
    _refused(result, f"{one_long_line}:1", "line of 200.0 MiB is longer than the limit of 16 MiB")
    skipped = run(
        ["ingest", str(one_long_line), "--skip-invalid", "--db", str(stored)], limit=MEMORY
    )
    assert skipped.returncode == 2, skipped.stderr
    assert f"rejected {one_long_line}:1: line of 200.0 MiB" in skipped.stderr
    assert "every line was rejected" in skipped.stderr
    scanned = run(["scan", str(one_long_line)], limit=MEMORY)
    _refused(scanned, f"{one_long_line}:1", "line of 200.0 MiB is longer")
    assert snapshot(str(stored)) == before


@pytest.mark.parametrize("command", ["scan", "ingest"])
def test_a_config_without_end_is_refused_in_bounded_memory(stored, briefs, command):
    before = snapshot(str(stored))
    args = [command, str(briefs), "--config", "/dev/zero"]
    result = run([*args, "--db", str(stored)] if command == "ingest" else args, limit=MEMORY)
    _refused(result, "/dev/zero:1", "the config goes on past 1024 KiB")
    assert snapshot(str(stored)) == before


def test_a_pools_file_without_end_is_refused_in_bounded_memory(stored, briefs):
    result = run(["ingest", str(briefs), "--pools", "/dev/zero", "--db", str(stored)], limit=MEMORY)
    _refused(result, "/dev/zero:1", ENDLESS)


def test_a_brief_of_a_few_megabytes_is_read_within_the_same_bound(tmp_path):
    """The limit leaves room for legitimate long briefs: 3 MB of prose is stored."""
    prose = "Steady week, all easy, \u00e9t\u00e9 included. " * 70_000 + "HR 55 bpm."
    path = write_briefs(tmp_path / "long.jsonl", [brief_line("long", prose)])
    assert path.stat().st_size > 3_000_000
    database = str(tmp_path / "long.db")
    with path.open("rb") as source:
        result = run(["ingest", "-", "--db", database], stdin=source, limit=MEMORY)
    assert result.returncode == 0, result.stderr
    assert stored_ids(database) == {"long"}


def test_a_flags_file_without_end_is_refused_in_bounded_memory(stored):
    before = snapshot(str(stored))
    result = run(["flag", "--from", "/dev/zero", "--db", str(stored)], limit=MEMORY)
    _refused(result, "/dev/zero:1", ENDLESS)
    assert snapshot(str(stored)) == before


def test_a_labels_file_without_end_is_refused_in_bounded_memory(stored):
    before = snapshot(str(stored))
    result = run(["labels", "import", "/dev/zero", "--db", str(stored)], limit=MEMORY)
    _refused(result, "/dev/zero:1", ENDLESS)
    assert snapshot(str(stored)) == before
