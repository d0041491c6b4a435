"""`reviewer demo` and `reviewer review`: the real commands, with the app's run stubbed."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app
from reviewer.commands import demo
from reviewer.tui.app import ReviewApp
from tests.support.tui_seed import seed

runner = CliRunner()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Each app the commands would open: (reviewer, run id); the terminal UI never starts."""
    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self: calls.append((self.reviewer, self.run_id)))
    return calls


def counts(path: Path) -> tuple[int, int]:
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        run = db.latest_run(session=session)
        assert run is not None
        stats = db.precision_stats(session=session, run_id=run.id)
        briefs = db.count_briefs(session=session, run_id=run.id, reviewer=None)
    engine.dispose()
    return briefs, stats["flags"]


def test_bundled_briefs_found_in_a_checkout() -> None:
    with demo.bundled_briefs() as path:
        assert path.name == "briefs.jsonl" and path.stat().st_size > 0


def test_bundled_briefs_prefers_the_installed_package_copy(monkeypatch, tmp_path: Path) -> None:
    package = tmp_path / "reviewer"
    (package / "_demo").mkdir(parents=True)
    (package / "_demo" / "briefs.jsonl").write_text("{}\n")
    monkeypatch.setattr(demo.resources, "files", lambda name: package)
    with demo.bundled_briefs() as path:
        assert path == package / "_demo" / "briefs.jsonl"


def test_default_demo_db_is_in_the_user_data_dir(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(demo.platformdirs, "user_data_path", lambda *a, **k: tmp_path / "data")
    assert demo.default_demo_db() == tmp_path / "data" / "demo.db"


def test_demo_builds_then_reuses_then_rebuilds(tmp_path: Path, opened) -> None:
    path = tmp_path / "demo.db"
    result = runner.invoke(app, ["demo", "--db", str(path), "--reviewer", "maya"])
    assert result.exit_code == 0, result.output
    assert f"Built the demo database at {path}" in result.output
    briefs, flags = counts(path)
    assert briefs == 68 and flags > 50
    assert opened == [("maya", 1)]
    again = runner.invoke(app, ["demo", "--db", str(path)])
    assert "Reusing the demo database" in again.output and counts(path) == (briefs, flags)
    fresh = runner.invoke(app, ["demo", "--db", str(path), "--fresh"])
    assert "Built the demo database" in fresh.output and counts(path) == (briefs, flags)
    assert [run for _, run in opened] == [1, 1, 1]


def test_demo_default_location_is_printed(monkeypatch, tmp_path: Path, opened) -> None:
    monkeypatch.setattr(demo.platformdirs, "user_data_path", lambda *a, **k: tmp_path / "data")
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    assert str(tmp_path / "data" / "demo.db") in result.output


def test_demo_on_a_file_that_is_not_a_database(tmp_path: Path, opened) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not sqlite")
    result = runner.invoke(app, ["demo", "--db", str(path)])
    assert result.exit_code == 2 and "--fresh" in result.output and opened == []


def test_review_opens_the_latest_run_with_the_reviewer(tmp_path: Path, opened) -> None:
    seed(tmp_path / "r.db").dispose()
    result = runner.invoke(app, ["review", "--db", str(tmp_path / "r.db"), "--reviewer", "ann"])
    assert result.exit_code == 0, result.output
    assert opened == [("ann", 1)]


def test_review_defaults_to_the_login_name(monkeypatch, tmp_path: Path, opened) -> None:
    seed(tmp_path / "r.db").dispose()
    monkeypatch.setattr("getpass.getuser", lambda: "login-name")
    assert runner.invoke(app, ["review", "--db", str(tmp_path / "r.db")]).exit_code == 0
    assert opened == [("login-name", 1)]


def test_review_without_a_database_says_so(tmp_path: Path, opened) -> None:
    missing = tmp_path / "missing.db"
    result = runner.invoke(app, ["review", "--db", str(missing)])
    assert result.exit_code == 2 and "no such database" in result.output
    assert not missing.exists() and opened == []


def test_review_of_a_database_without_runs_says_so(tmp_path: Path, opened) -> None:
    db.make_engine(str(tmp_path / "empty.db")).dispose()
    result = runner.invoke(app, ["review", "--db", str(tmp_path / "empty.db")])
    assert result.exit_code == 2 and "no briefs with a detector run" in result.output
    assert opened == []


def test_demo_builds_in_the_database_a_url_names(database, tmp_path, monkeypatch, opened) -> None:
    monkeypatch.chdir(tmp_path)
    target = database if "://" in database else f"sqlite:///{database}"
    result = runner.invoke(app, ["demo", "--db", target, "--reviewer", "maya"])
    assert result.exit_code == 0, result.output
    assert "Built the demo database at" in result.output
    briefs, flags = counts(target)
    assert briefs == 68 and flags > 50 and opened == [("maya", 1)]
    assert not any(":" in p.name for p in tmp_path.rglob("*"))  # no file named after the URL
    again = runner.invoke(app, ["demo", "--db", target, "--fresh"])
    if target.startswith("sqlite"):
        assert again.exit_code == 0
    else:
        assert again.exit_code == 2 and "--fresh removes only a demo file" in again.stderr


def test_review_share_stores_the_overlap_and_opens_a_team_queue(tmp_path: Path, monkeypatch):
    from reviewer.tui.queue import SharedQueue

    seed(tmp_path / "r.db").dispose()
    queues: list[object] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self: queues.append(self.queue))
    args = ["review", "--db", str(tmp_path / "r.db"), "--reviewer", "ann", "--share"]
    result = runner.invoke(app, [*args, "--overlap", "0.3"])
    assert result.exit_code == 0, result.output
    (queue,) = queues
    assert isinstance(queue, SharedQueue) and queue.overlap == pytest.approx(0.3)
    engine = db.make_engine(str(tmp_path / "r.db"))
    with engine.connect() as connection:
        from db import share

        assert share.run_overlap(session=connection, run_id=1) == pytest.approx(0.3)
    engine.dispose()


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--share", "--overlap", "1.5"], "must be between 0 and 1"),
        (["--share", "--only", "gone"], "--share --only takes new or same"),
        (["--share", "--only", "new"], "has no finished run before it"),
        (["--adjudicate", "--only", "new"], "--adjudicate walks the claims in dispute"),
    ],
)
def test_review_team_options_that_cannot_work_say_so(tmp_path: Path, opened, extra, said) -> None:
    seed(tmp_path / "r.db").dispose()
    result = runner.invoke(app, ["review", "--db", str(tmp_path / "r.db"), *extra])
    assert result.exit_code == 2 and said in result.output
    assert opened == []


def test_demo_on_quit_gives_the_command_that_shows_the_labels(tmp_path: Path, opened) -> None:
    path = tmp_path / "a folder" / "demo.db"  # a space, as in a user data folder on macOS
    result = runner.invoke(app, ["demo", "--db", str(path)])
    assert result.exit_code == 0, result.output
    last = result.output.splitlines()[-1]
    assert last.startswith(f"Your labels are in {path}. Next: ")
    command = last.split("Next: ", 1)[1]
    assert command == f"reviewer stats --db {shlex.quote(str(path))}"
    shown = runner.invoke(app, shlex.split(command)[1:])
    assert shown.exit_code == 0, shown.output
    assert "no such database" not in shown.output and "flags" in shown.output


# the demo as a plain install runs it: the wheel's own copy of the briefs, no checkout near
FROM_THE_WHEEL = """
import sys
from reviewer.tui.app import ReviewApp
import reviewer
assert reviewer.__file__.startswith(sys.argv[1]), reviewer.__file__
ReviewApp.run = lambda self: print("app opened on run", self.run_id)
sys.argv = ["reviewer", "demo", "--db", sys.argv[2]]
from reviewer.cli import main
main()
"""


@pytest.mark.slow
def test_demo_runs_from_a_plain_install_of_the_wheel(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(root)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name.startswith("grounding_reviewer-")
    with zipfile.ZipFile(wheel) as archive:
        assert "reviewer/_demo/briefs.jsonl" in archive.namelist()
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)  # what pip puts in site-packages (no scripts needed here)
    env = {**os.environ, "PYTHONPATH": str(site)}
    ran = subprocess.run(
        [sys.executable, "-c", FROM_THE_WHEEL, str(site), str(tmp_path / "demo.db")],
        capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert "Built the demo database" in ran.stdout and "app opened on run 1" in ran.stdout
    assert "Next: reviewer stats --db" in ran.stdout


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--overlap", "0.5"], "it goes with --share"),
        (["--adjudicate", "--share"], "give one of them"),
    ],
)
@pytest.mark.parametrize("command", ["review", "serve"])
def test_team_options_that_do_not_go_together_are_refused(
    tmp_path, monkeypatch, command, options, said
):
    from reviewer.commands import serve

    def opened(*args, **kwargs):
        raise AssertionError("the app was opened")

    monkeypatch.setattr(ReviewApp, "run", opened)
    monkeypatch.setattr(serve, "serve", opened)
    seed(tmp_path / "r.db").dispose()
    result = runner.invoke(app, [command, "--db", str(tmp_path / "r.db"), *options])
    assert result.exit_code == 2
    assert said in " ".join(result.output.replace("│", " ").split())
