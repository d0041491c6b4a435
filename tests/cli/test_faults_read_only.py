"""A database its user can only read: a 0444 file in a folder they cannot write, and a file
on a read-only mount. Reading commands work (SQLite opened `mode=ro`, `immutable=1` where
no -shm file can be made); writing commands say it cannot be written, exit 2. Nothing is
written to the file or beside it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, one_message, write_lines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534

READERS = [
    ["stats"], ["stats", "--run", "1"], ["runs"], ["runs", "--json"], ["arms", "--run", "1"],
    ["diff"], ["agreement"], ["export", "--out", "{out}"], ["labels", "export"],
    ["db", "upgrade"],
]  # fmt: skip
WRITERS = [["ingest", "{briefs}"], ["flag", "-d", "reference"]]


def _store(folder: Path) -> Path:
    """Two finished runs (so diff has something to compare) over 12 briefs."""
    briefs = write_lines(
        folder / "a.jsonl", [good(f"a{i}", f"HR {50 + i} bpm, TSB +22.4") for i in range(12)]
    )
    dbp = folder / "r.db"
    assert runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)]).exit_code == 0
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    assert not dbp.with_name("r.db-wal").exists()  # closed cleanly: no changes in flight
    return dbp


class Place:
    """A stored database in a place its user cannot write, and how to run commands there."""

    def __init__(self, dbp: Path, prefix: list[str] | None, scratch: Path) -> None:
        self.dbp = dbp
        self.prefix = prefix  # None: in this process (the user cannot write it anyway)
        self.scratch = scratch  # a folder the user can write (export's output)

    def run(self, args: list[str]) -> tuple[int, str]:
        briefs = write_lines(self.scratch / "n.jsonl", [good("n1", "HR 40 bpm")])
        filled = [a.format(out=self.scratch / "out", briefs=briefs) for a in args]
        if self.prefix is None:
            result = runner.invoke(app, [*filled, "--db", str(self.dbp)])
            return result.exit_code, result.stderr
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [*self.prefix, sys.executable, "-m", "reviewer.cli", *filled, "--db", str(self.dbp)],
            capture_output=True, text=True, cwd="/", env=env, timeout=120,
        )  # fmt: skip
        return done.returncode, done.stderr


def _public_folder() -> Path:
    """A folder under the system's temporary folder (pytest's tmp_path is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="reviewer-ro-"))
    folder.chmod(0o755)
    return folder


@pytest.fixture
def unwritable_folder() -> Iterator[Place]:
    """A 0444 file in a 0555 folder: as root (whom modes do not stop) the commands run as
    `nobody` through setpriv; as anyone else, in this process."""
    folder = _public_folder()
    scratch = _public_folder()
    scratch.chmod(0o777)
    try:
        dbp = _store(folder)
        dbp.chmod(0o444)
        (folder / "a.jsonl").unlink()
        folder.chmod(0o555)
        if os.geteuid() != 0:
            yield Place(dbp, None, scratch)
        elif shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: no user who cannot write the folder")
        else:
            setpriv = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
            yield Place(dbp, setpriv, scratch)
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)


@pytest.fixture
def read_only_mount(tmp_path: Path) -> Iterator[Place]:
    """The database on a tmpfs remounted read-only (needs root: skipped elsewhere)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a file system needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.decode().strip()})")
    try:
        _store(disk)
        (disk / "a.jsonl").unlink()
        remount = ["mount", "-o", "remount,ro", str(disk)]
        assert subprocess.run(remount, capture_output=True).returncode == 0
        scratch = tmp_path / "scratch"
        scratch.mkdir()
        yield Place(disk / "r.db", None, scratch)
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.fixture(params=["unwritable_folder", "read_only_mount"])
def place(request: pytest.FixtureRequest) -> Place:
    return request.getfixturevalue(request.param)


@pytest.mark.parametrize("args", READERS, ids=" ".join)
def test_reading_commands_read_a_database_they_cannot_write(place, args):
    before = place.dbp.read_bytes()
    code, stderr = place.run(args)
    assert code == 0, stderr
    assert "Traceback" not in stderr
    assert sorted(p.name for p in place.dbp.parent.iterdir()) == ["r.db"]  # no -wal, -shm
    assert place.dbp.read_bytes() == before
    if args[0] == "export":
        assert (place.scratch / "out").is_dir()


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: a[0])
def test_writing_commands_say_the_database_cannot_be_written(place, args):
    before = place.dbp.read_bytes()
    code, stderr = place.run(args)
    assert code == 2, stderr
    one_message(stderr)
    assert f"{place.dbp}: the database cannot be written" in stderr
    assert sorted(p.name for p in place.dbp.parent.iterdir()) == ["r.db"]
    assert place.dbp.read_bytes() == before
