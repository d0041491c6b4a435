"""The `reviewer` command line: thin commands that parse options and call the package."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from reviewer.grounding.types import Detector

app = typer.Typer(
    name="reviewer",
    help="A control group and a human in the loop for numeric grounding checks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

DEFAULT_DB = "reviewer.db"


def default_db() -> str:
    """`$REVIEWER_DB`, else `./reviewer.db`."""
    return os.environ.get("REVIEWER_DB") or DEFAULT_DB


DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database path or SQLAlchemy URL [default: $REVIEWER_DB, else ./reviewer.db].",
        show_default=False,
    ),
]
DetectorOption = Annotated[
    str,
    typer.Option("--detector", "-d", help="reference, default, or a plugin as module:attr."),
]
ConfigOption = Annotated[
    str | None,
    typer.Option("--config", help="TOML file with detector thresholds and unit vocabulary."),
]


def _load_detector(spec: str, config: str | None) -> Detector:
    """The detector a command asked for; a bad spec or config file exits 2 with its message."""
    from reviewer.grounding.config import load_config
    from reviewer.grounding.registry import DetectorLoadError, load_detector

    try:
        return load_detector(spec, load_config(config) if config else None)
    except (DetectorLoadError, OSError, ValueError) as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(code=2) from None


class OnlyVerdict(StrEnum):
    false_positive = "false-positive"
    true_positive = "true-positive"


@app.command()
def export(
    out: Annotated[Path, typer.Option("--out", help="Folder for the fixture files.")],
    db: DbOption = None,
    only: Annotated[
        OnlyVerdict | None, typer.Option("--only", help="Export one verdict only.")
    ] = None,
    reviewer: Annotated[
        str | None, typer.Option("--reviewer", help="Only this reviewer's labels.")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite fixtures whose content differs.")
    ] = False,
) -> None:
    """Write each labeled flag as a self-contained regression fixture (one JSON file)."""
    from sqlmodel import Session

    from db.engine import SchemaError, make_engine
    from db.export import export_fixtures

    try:
        engine = make_engine(db or default_db())
    except SchemaError as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(code=2) from None
    verdict = None if only is None else only.name
    with Session(engine) as session:
        report = export_fixtures(
            session=session, out_dir=out, only=verdict, reviewer=reviewer, force=force
        )
    for path in report.conflicts:
        typer.echo(f"refused: {path} exists with different content (--force overwrites)", err=True)
    for claim in report.disagreements:
        typer.echo(f"left out, reviewers disagree: {claim}", err=True)
    typer.echo(report.summary())
    raise typer.Exit(code=1 if report.conflicts else 0)


@app.command()
def regress(
    fixtures: Annotated[Path, typer.Argument(help="Folder of fixtures (or one fixture file).")],
    detector: DetectorOption = "default",
    config: ConfigOption = None,
) -> None:
    """Replay regression fixtures; exit 1 when any expectation fails, 2 on a bad fixture."""
    from reviewer import regression

    try:
        loaded, errors = regression.read_fixtures(fixtures)
    except regression.FixtureError as err:
        loaded, errors = [], [err]
    for err in errors:
        typer.echo(str(err), err=True)
    if not errors and not loaded:
        typer.echo(f"{fixtures}: no fixture files (*.json) found", err=True)
    if errors or not loaded:
        raise typer.Exit(code=2)
    found = _load_detector(detector, config)
    outcomes = regression.replay_all(loaded, found)
    for outcome in outcomes:
        typer.echo(outcome.line())
    for line in regression.summarize(outcomes, detector):
        typer.echo(line)
    raise typer.Exit(code=0 if all(o.passed for o in outcomes) else 1)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
