"""The demo: bundled briefs, flagged by the default detector, in the user's data directory."""

from __future__ import annotations

from contextlib import AbstractContextManager
from importlib import resources
from pathlib import Path

import platformdirs

from reviewer.commands.console import USAGE, echo

DEMO_FILE = "briefs.jsonl"


class DemoError(Exception):
    """The demo cannot be built (no bundled briefs, or they failed to ingest)."""


def bundled_briefs() -> AbstractContextManager[Path]:
    """The demo briefs as a real file: inside the installed package (a wheel ships
    fixtures/demo as reviewer/_demo), else in a source checkout's fixtures/demo."""
    packaged = resources.files("reviewer") / "_demo" / DEMO_FILE
    if packaged.is_file():
        return resources.as_file(packaged)
    checkout = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / DEMO_FILE
    if checkout.is_file():
        return resources.as_file(checkout)
    raise DemoError(f"demo briefs not found (looked for reviewer/_demo/{DEMO_FILE} and {checkout})")


def default_demo_db() -> Path:
    """Where the demo database lives when --db is not given: the user's data directory."""
    return platformdirs.user_data_path("reviewer", appauthor=False) / "demo.db"


def _remove(path: Path) -> None:
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
        (path.parent / name).unlink(missing_ok=True)


def prepare_demo(
    database: str | Path | None = None, *, fresh: bool = False
) -> tuple[str | Path, bool]:
    """Create (or reuse) the demo database, a file or a server's database given by URL;
    returns (where it is, whether it was built now)."""
    import db

    if database is not None and str(database).startswith("sqlite:///"):
        database = str(database).removeprefix("sqlite:///")  # a file after all
    if database is not None and "://" in str(database):
        if fresh:
            raise DemoError(
                f"{db.display(str(database))}: --fresh removes only a demo file; to rebuild "
                "the demo on a server, give it an empty database"
            )
        path: str | Path = str(database)
    else:
        path = Path(database) if database is not None else default_demo_db()
        if fresh:
            _remove(path)
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = db.make_engine(str(path))
    except db.SchemaError as err:
        raise DemoError(f"{err} (--fresh rebuilds the demo database)") from None
    try:
        with engine.connect() as connection:
            if db.latest_run(session=connection) is not None:
                return path, False  # reused: as quick to open as `reviewer review`
        from reviewer.checks.registry import load_detector
        from reviewer.pipeline.writer import ingest_files

        with bundled_briefs() as briefs:
            report = ingest_files(engine, [str(briefs)], detector=load_detector("default"))
        if report.failed is not None:
            raise DemoError(f"demo briefs failed to ingest: {report.failed}")
        return path, True
    finally:
        engine.dispose()


def demo(database: str | None, *, reviewer: str | None, fresh: bool) -> int:
    """Build (or reuse) the demo database and open the review app on it."""
    from reviewer.tui.app import ReviewUnavailable, run_review

    try:
        path, built = prepare_demo(database, fresh=fresh)
        import db

        echo(f"{'Built' if built else 'Reusing'} the demo database at {db.display(str(path))}")
        code = run_review(path, reviewer)
    except (DemoError, ReviewUnavailable) as problem:
        echo(str(problem), error=True)
        return USAGE
    echo(next_step(str(path)))
    return code


def next_step(where: str) -> str:
    """Said on quit: where the labels are, and the command that shows them."""
    import shlex

    import db

    shown = db.display(where)  # a password in a URL stays hidden
    return f"Your labels are in {shown}. Next: reviewer stats --db {shlex.quote(shown)}"
