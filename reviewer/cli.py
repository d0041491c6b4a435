"""The `reviewer` command line: thin commands that parse options and call the package."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from collections.abc import Callable

    from reviewer.grounding.types import Detector
    from reviewer.report import ArmsInput

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
        help="Database path or SQLAlchemy URL (default: $REVIEWER_DB, else ./reviewer.db).",
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


@app.command(rich_help_panel="Regression fixtures")
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
    prune: Annotated[
        bool,
        typer.Option("--prune", help="Remove fixtures the labels no longer back (see stale)."),
    ] = False,
) -> None:
    """Write each labeled flag as a self-contained regression fixture (one JSON file)."""
    from sqlmodel import Session

    from db.engine import SchemaError, make_engine
    from db.export import export_fixtures

    target = db or default_db()
    try:
        if "://" not in target and not Path(target).is_file():
            raise SchemaError(f"{target}: no such database")
        with Session(make_engine(target)) as session:
            report = export_fixtures(
                session=session,
                out_dir=out,
                only=only and only.name,
                reviewer=reviewer,
                force=force,
                prune=prune,
            )
    except (SchemaError, OSError) as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(code=2) from None
    for path in report.conflicts:
        typer.echo(f"refused: {path} exists with different content (--force overwrites)", err=True)
    for claim in report.disagreements:
        typer.echo(f"left out, reviewers disagree: {claim}", err=True)
    for path, reason in report.stale:
        typer.echo(f"stale: {path}: {reason}; --prune removes it", err=True)
    for path in report.removed:
        typer.echo(f"removed stale: {path}", err=True)
    typer.echo(report.summary())
    # the folder no longer says what the labels say: regress would replay a wrong verdict
    raise typer.Exit(code=1 if report.conflicts or report.stale else 0)


@app.command(rich_help_panel="Regression fixtures")
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
    for line in regression.summarize(outcomes, found):
        typer.echo(line)
    raise typer.Exit(code=0 if all(o.passed for o in outcomes) else 1)


PoolsOption = Annotated[
    str | None,
    typer.Option("--pools", help="JSON Lines pools file ({id, pool} per line) for pool_id."),
]


class ScanFormat(StrEnum):
    table = "table"
    jsonl = "jsonl"


@app.command(rich_help_panel="Measure a detector")
def scan(
    file: Annotated[str, typer.Argument(help="JSON Lines briefs file, or - for stdin.")],
    detector: DetectorOption = "default",
    config: ConfigOption = None,
    pools: PoolsOption = None,
    fmt: Annotated[ScanFormat, typer.Option("--format", help="Output format.")] = ScanFormat.jsonl,
) -> None:
    """Stream flags for every brief of a file, no database (one JSON line per brief)."""
    from reviewer import report

    found = _load_detector(detector, config)
    raise typer.Exit(code=report.scan(file, found, pools_path=pools, fmt=fmt.value))


@app.command(rich_help_panel="Measure a detector")
def arms(
    pools: Annotated[
        str | None,
        typer.Option("--pools", help="Pools or briefs file instead of the stored pools."),
    ] = None,
    detector: DetectorOption = "default",
    config: ConfigOption = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the unrelated arm.")] = 7,
    drift: Annotated[float, typer.Option("--drift", help="Corrupted arm factor.")] = 1.08,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    db: DbOption = None,
) -> None:
    """The four-arm control table; exit 1 when the arms fail to separate."""
    from reviewer import report

    found = _load_detector(detector, config)
    citer = _load_detector("default", config)
    source = (lambda: report.arms_input_from_file(pools)) if pools else _stored_arms_input(db)
    code = report.arms(source, found, seed=seed, drift=drift, citer=citer, as_json=as_json)
    raise typer.Exit(code=code)


def _stored_arms_input(db: str | None) -> Callable[[], ArmsInput]:
    """Pools, briefs and the latest run's production rate from the database."""
    from reviewer import store, store_report

    engine = store_report.open_db(db or default_db(), must_exist=True)
    if engine is None:
        raise typer.Exit(code=2)
    return lambda: store.stored_arms_input(engine)


@app.command(rich_help_panel="Store and flag briefs")
def ingest(
    files: Annotated[list[str], typer.Argument(help="JSON Lines files of briefs ('-': stdin).")],
    pools: PoolsOption = None,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Store the good lines, report the bad ones.")
    ] = False,
    replace: Annotated[
        bool, typer.Option("--replace", help="Overwrite stored briefs whose content changed.")
    ] = False,
    no_flag: Annotated[
        bool, typer.Option("--no-flag", help="Do not run the detector afterwards.")
    ] = False,
    detector: DetectorOption = "default",
    config: ConfigOption = None,
    db: DbOption = None,
) -> None:
    """Store briefs and pools, then run the detector over every stored brief."""
    from reviewer import store_report

    found = None if no_flag else _load_detector(detector, config)
    options = {"pools": pools, "skip_invalid": skip_invalid, "replace": replace}
    raise typer.Exit(store_report.ingest(db or default_db(), files, detector=found, **options))


@app.command(rich_help_panel="Store and flag briefs")
def flag(
    detector: DetectorOption = "default", config: ConfigOption = None, db: DbOption = None
) -> None:
    """A new detector run over every stored brief, compared with the previous run."""
    from reviewer import store_report

    raise typer.Exit(store_report.flag(db or default_db(), _load_detector(detector, config)))


@app.command(rich_help_panel="Label flags")
def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    run: Annotated[
        int | None, typer.Option("--run", help="Run id (default: the latest run).")
    ] = None,
    reviewer: Annotated[
        str | None,
        typer.Option(
            "--reviewer",
            help="One reviewer's labels (default: every reviewer, newest label per flag).",
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Precision with a 95% Wilson interval, by kind, unit and run; coverage; labels needed."""
    from reviewer import store_report

    code = store_report.stats(db or default_db(), run_id=run, reviewer=reviewer, as_json=as_json)
    raise typer.Exit(code)


ReviewerOption = Annotated[
    str | None,
    typer.Option("--reviewer", help="Name recorded on every label (default: your login name)."),
]


@app.command(rich_help_panel="Label flags")
def review(db: DbOption = None, reviewer: ReviewerOption = None) -> None:
    """The review app: label each flag of the latest detector run with one key."""
    from reviewer.tui.app import ReviewUnavailable, run_review

    try:
        run_review(db or default_db(), reviewer)
    except ReviewUnavailable as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(code=2) from None


@app.command(rich_help_panel="Label flags")
def demo(
    db: Annotated[
        str | None,
        typer.Option("--db", help="Where to build it (default: demo.db in your user data folder)."),
    ] = None,
    reviewer: ReviewerOption = None,
    fresh: Annotated[bool, typer.Option("--fresh", help="Rebuild it from scratch.")] = False,
) -> None:
    """Build (or reuse) a database of the bundled demo briefs and open the review app."""
    from reviewer.demo import DemoError, prepare_demo
    from reviewer.tui.app import ReviewUnavailable, run_review

    try:
        path, built = prepare_demo(db, fresh=fresh)
        typer.echo(f"{'Built' if built else 'Reusing'} the demo database at {path}")
        run_review(path, reviewer)
    except (DemoError, ReviewUnavailable) as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(code=2) from None


# --help lists commands in the order a new user meets them, whatever the order above
HELP_ORDER = ("demo", "review", "stats", "ingest", "flag", "scan", "arms", "export", "regress")
app.registered_commands.sort(
    key=lambda command: HELP_ORDER.index(command.callback.__name__)  # type: ignore[union-attr]
)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
