"""`reviewer export`: labeled flags as self-contained regression fixtures, one JSON file each."""

from __future__ import annotations

from pathlib import Path

from reviewer.commands.console import FAILED, OK, USAGE, echo, fail, open_db


def export(
    url_or_path: str,
    out_dir: Path,
    *,
    only: str | None,
    reviewer: str | None,
    force: bool,
    prune: bool,
) -> int:
    """Write the fixtures; exit 1 when the folder no longer says what the labels say (a
    conflicting, stale or unreadable fixture left in place), 2 when the database cannot be
    read."""
    from sqlmodel import Session

    from db.export import export_fixtures

    blocking = _file_in_the_way(out_dir)
    if blocking is not None:
        which = "a file" if blocking == out_dir else f"{blocking} is a file"
        echo(f"{out_dir}: {which}, not a folder: --out takes a folder for the fixtures "
             "(one JSON file each; made if missing)", error=True)  # fmt: skip
        return USAGE
    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            report = export_fixtures(
                session=session,
                out_dir=out_dir,
                only=only,
                reviewer=reviewer,
                force=force,
                prune=prune,
            )
    except OSError as problem:
        problem.add_note("fixtures written before it are complete files; run export again")
        return fail(problem)
    finally:
        engine.dispose()
    for path in report.conflicts:
        echo(f"refused: {path} exists with different content (--force overwrites)", error=True)
    for claim in report.disagreements:
        echo(f"left out, reviewers disagree: {claim}", error=True)
    for claim in report.unwritable:
        echo(f"left out, {claim}", error=True)
    if report.unwritable:  # only an older database holds such numbers
        echo(
            "these were stored before such numbers were refused at input: fix the pools and "
            "`reviewer ingest --replace` the briefs, or `reviewer flag` again",
            error=True,
        )
    for path, reason in report.stale:
        echo(f"stale: {path}: {reason}; --prune removes it", error=True)
    for path in report.removed:
        echo(f"removed stale: {path}", error=True)
    for problem in report.unreadable:  # regress will refuse the folder until it is fixed
        echo(f"unreadable: {problem}; regress will report it too", error=True)
    echo(report.summary())
    # the folder no longer says what the labels say: regress would replay a wrong verdict
    return FAILED if report.conflicts or report.stale or report.unreadable else OK


def _file_in_the_way(out_dir: Path) -> Path | None:
    """The file standing where the fixture folder, or a folder above it, would be."""
    for path in (out_dir, *out_dir.parents):
        if path.exists():
            return None if path.is_dir() else path
    return None
