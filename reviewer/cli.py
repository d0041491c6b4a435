"""The `reviewer` command line: typer declarations only, in the order `--help` lists them.

Each body imports its command module (reviewer.commands) when it runs, so `--help` loads
neither the UI nor the database layer.
"""

from __future__ import annotations

import math
import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from reviewer.commands.console import Guarded
from reviewer.vocabulary import EXPORTED, VERDICTS

HELP = {"help_option_names": ["-h", "--help"]}
app = typer.Typer(
    cls=Guarded,  # one error path for every command (reviewer.commands.console)
    name="reviewer",
    help="A control group and a human in the loop for numeric grounding checks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=HELP,
)

DEFAULT_DB = "reviewer.db"


def _print_version(asked: bool) -> None:
    if asked:
        from reviewer import __version__

        typer.echo(f"reviewer {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """The options before any command (its own help is the Typer's)."""


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
    typer.Option(
        "--detector", "-d", help="reference, default, a plugin as module:attr, or cmd:PROGRAM ARGS."
    ),
]
# a detector that may be left unsaid: the command then decides (the default, or none where
# a run from a flags file or fixtures name their own)
MaybeDetectorOption = Annotated[
    str | None,
    typer.Option(
        "--detector",
        "-d",
        help="reference, default (the default), module:attr, or cmd:PROGRAM ARGS.",
        show_default=False,
    ),
]
ConfigOption = Annotated[
    str | None,
    typer.Option("--config", help="TOML file with detector thresholds and unit vocabulary."),
]
PoolsOption = Annotated[
    str | None,
    typer.Option("--pools", help="JSON Lines pools file ({id, pool} per line) for pool_id."),
]
ModelOption = Annotated[
    str | None,
    typer.Option(
        "--model",
        help="A learned model (reviewer learn): a model file, or a name or #id stored in the "
        "database. The detector's readings, then its verdict on each candidate.",
        show_default=False,
    ),
]


def _reviewer_name(name: str | None) -> str | None:
    """A reviewer's name is one line of text: it is shown in tables and exported."""
    if name is not None and (not name.strip() or not name.isprintable()):
        raise typer.BadParameter("a reviewer's name is one line of text", param_hint="--reviewer")
    return name


ReviewerOption = Annotated[
    str | None,
    typer.Option(
        "--reviewer",
        help="Name recorded on every label (default: your login name).",
        callback=_reviewer_name,
    ),
]


class Order(StrEnum):
    random = "random"
    brief = "brief"


class ScanFormat(StrEnum):
    table = "table"
    jsonl = "jsonl"


class RulesFormat(StrEnum):
    table = "table"
    markdown = "markdown"
    json = "json"


OnlyVerdict = StrEnum(  # type: ignore[misc]
    "OnlyVerdict", {name: str(VERDICTS[name].option) for name in EXPORTED[::-1]}
)  # --only false-positive | true-positive


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
    from reviewer.commands import demo as command

    raise typer.Exit(command.demo(db, reviewer=reviewer, fresh=fresh))


ShareOption = Annotated[
    bool,
    typer.Option("--share", help="Take flags nobody else has labeled or holds (a team)."),
]
OverlapOption = Annotated[
    float | None,
    typer.Option(
        "--overlap",
        help="With --share: the share of flags a second reviewer labels too (stored with the "
        "run; default 0.1).",
        show_default=False,
    ),
]
AdjudicateOption = Annotated[
    bool,
    typer.Option("--adjudicate", help="Settle the claims reviewers disagree on: final verdicts."),
]
ShowOthersOption = Annotated[
    bool, typer.Option("--show-others", help="Show other reviewers' verdicts while labeling.")
]
RunDetectorOption = Annotated[
    str | None,
    typer.Option(
        "--detector",
        "-d",
        help="The plugin (module:attr) the run used, to load it for its checked numbers and "
        "arms; a plugin named only in the database is never loaded.",
        show_default=False,
    ),
]


class OnlyChange(StrEnum):
    new = "new"
    gone = "gone"
    same = "same"


RunOption = Annotated[
    str | None, typer.Option("--run", help="Run id or name (default: the latest run).")
]
OnlyOption = Annotated[
    OnlyChange | None,
    typer.Option(
        "--only",
        help="Walk only the flags new, gone or same since the run before "
        "(with --share: new or same).",
    ),
]


def _team_options(share: bool, overlap: float | None, adjudicate: bool) -> None:
    """The team options that go together: --overlap is a share's, --adjudicate walks the
    disputes alone."""
    if overlap is not None and not 0.0 <= overlap <= 1.0:
        raise typer.BadParameter("must be between 0 and 1", param_hint="--overlap")
    if overlap is not None and not share:
        raise typer.BadParameter(
            "the share of flags two teammates both label: it goes with --share",
            param_hint="--overlap",
        )
    if adjudicate and share:
        raise typer.BadParameter(
            "--adjudicate settles the claims in dispute; --share splits the run's queue: "
            "give one of them",
            param_hint="--adjudicate",
        )


@app.command(rich_help_panel="Label flags")
def review(
    db: DbOption = None,
    reviewer: ReviewerOption = None,
    run: RunOption = None,
    only: OnlyOption = None,
    share: ShareOption = False,
    overlap: OverlapOption = None,
    adjudicate: AdjudicateOption = False,
    show_others: ShowOthersOption = False,
    detector: RunDetectorOption = None,
    order: Annotated[
        Order,
        typer.Option(
            "--order",
            help="Next unlabeled flag: the run's seeded random queue (labels are then a random "
            "sample) or brief by brief.",
        ),
    ] = Order.random,
) -> None:
    """The review app: label each flag of a detector run (the latest) with one key."""
    from reviewer.commands import review as command

    _team_options(share, overlap, adjudicate)
    team = {"share": share, "overlap": overlap, "adjudicate": adjudicate,
            "show_others": show_others, "order": order.value, "detector": detector}  # fmt: skip
    code = command.review(
        db or default_db(), reviewer=reviewer, run=run, only=only.value if only else None, **team
    )
    raise typer.Exit(code)


@app.command(rich_help_panel="Label flags")
def serve(
    host: Annotated[
        str,
        typer.Option("--host", help="Address to listen on; 0.0.0.0 lets other machines in."),
    ] = "localhost",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    url: Annotated[
        str | None,
        typer.Option("--url", help="Address browsers use to reach it (behind a proxy)."),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            envvar="REVIEWER_SERVE_TOKEN",
            help="The secret every page and WebSocket must carry (default: a random one, "
            "printed in the address).",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    reviewer: ReviewerOption = None,
    run: RunOption = None,
    only: OnlyOption = None,
    share: ShareOption = False,
    overlap: OverlapOption = None,
    adjudicate: AdjudicateOption = False,
    show_others: ShowOthersOption = False,
    detector: RunDetectorOption = None,
) -> None:
    """The review app in a web browser, for reviewers without a terminal.

    It listens on localhost only, unless --host says otherwise; every page and WebSocket
    needs the token in the address it prints, and a page from another site is refused.
    """
    from reviewer.commands import serve as command

    _team_options(share, overlap, adjudicate)
    review_args = ["--reviewer", reviewer] if reviewer else []
    review_args += ["--share"] * share + ["--adjudicate"] * adjudicate
    review_args += ["--show-others"] * show_others
    if overlap is not None:
        review_args += ["--overlap", str(overlap)]
    if run is not None:
        review_args += ["--run", run]
    if only is not None:
        review_args += ["--only", only.value]
    if detector is not None:
        review_args += ["--detector", detector]
    walk = {"run": run, "only": only and only.value, "share": share, "adjudicate": adjudicate,
            "detector": detector}  # fmt: skip
    code = command.serve(
        db or default_db(), host=host, port=port, url=url, token=token, review_args=review_args,
        walk=walk,
    )  # fmt: skip
    raise typer.Exit(code)


@app.command(rich_help_panel="Label flags")
def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    run: Annotated[
        str | None, typer.Option("--run", help="Run id or name (default: the latest run).")
    ] = None,
    reviewer: Annotated[
        str | None,
        typer.Option(
            "--reviewer",
            help="One reviewer's labels (default: every reviewer, newest label per flag).",
        ),
    ] = None,
    by_reviewer: Annotated[
        bool,
        typer.Option(
            "--by-reviewer",
            help="Each reviewer's count, precision and agreement with the rest.",
        ),
    ] = False,
    by_rule: Annotated[
        bool,
        typer.Option(
            "--by-rule",
            help="Precision by the rule that made each flag, and the rules below the run.",
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Precision with a 95% Wilson interval, by kind, unit and run; coverage; labels needed."""
    from reviewer.commands import stats as command

    code = command.stats(
        db or default_db(), run=run, reviewer=reviewer, as_json=as_json,
        by_reviewer=by_reviewer, by_rule=by_rule,
    )  # fmt: skip
    raise typer.Exit(code)


@app.command(rich_help_panel="Label flags")
def agreement(
    run: Annotated[
        str | None, typer.Option("--run", help="Run id or name (default: the latest run).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    listing: Annotated[
        bool, typer.Option("--list", help="List the claims whose reviewers differ.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Do reviewers agree? Cohen's κ per pair and Krippendorff's α, with intervals, by kind."""
    from reviewer.commands import agreement as command

    code = command.agreement(db or default_db(), ref=run, as_json=as_json, listing=listing)
    raise typer.Exit(code)


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
    """Store briefs and pools, then run the detector; unchanged briefs keep its last flags."""
    from reviewer.commands import ingest as command
    from reviewer.commands.console import load_detector

    found = None if no_flag else load_detector(detector, config)
    options = {"pools": pools, "skip_invalid": skip_invalid, "replace": replace}
    raise typer.Exit(command.ingest(db or default_db(), files, detector=found, **options))


@app.command(rich_help_panel="Store and flag briefs")
def flag(
    detector: MaybeDetectorOption = None,
    config: ConfigOption = None,
    name: Annotated[
        str | None, typer.Option("--name", help="A name for the run, e.g. the release: v0.40.")
    ] = None,
    source: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="Flags made elsewhere, as `scan --format jsonl` writes them, for a run of "
            "their own (every flag checked against its stored brief).",
            show_default=False,
        ),
    ] = None,
    model: ModelOption = None,
    db: DbOption = None,
) -> None:
    """A new detector run over every stored brief, compared with the previous run."""
    from db.figures import run_ref
    from reviewer.commands import flag as command
    from reviewer.commands.console import load_detector

    if source is not None and (detector is not None or config is not None or model is not None):
        raise typer.BadParameter(
            "flags from a file were made by their own check: give no --detector, --config "
            "or --model",
            param_hint="--from",
        )

    if name is not None and not name.strip():
        raise typer.BadParameter("a run's name cannot be empty", param_hint="--name")
    if name is not None and (not name.isprintable() or len(name) > 200):
        raise typer.BadParameter(
            "a run's name is one line of text, at most 200 characters", param_hint="--name"
        )
    if name is not None and isinstance(run_ref(name), int):
        raise typer.BadParameter(
            f"{name!r} reads as a run id: give a name with a letter in it", param_hint="--name"
        )
    if source is not None:
        raise typer.Exit(command.flag_from(db or default_db(), source, name=name))
    found = load_detector(detector or "default", config)
    where = db or default_db()
    raise typer.Exit(command.flag(where, found, name=name, spec=detector, model=model))


RunArgument = Annotated[
    str | None, typer.Argument(help="A run id (3 or #3) or name.", show_default=False)
]
LabelsOf = Annotated[
    str | None, typer.Option("--reviewer", help="One reviewer's labels (default: anyone's).")
]


@app.command(rich_help_panel="Triage after a release")
def runs(
    as_json: Annotated[bool, typer.Option("--json", help="Print the runs as JSON.")] = False,
    reviewer: LabelsOf = None,
    db: DbOption = None,
) -> None:
    """The detector runs: name, detector, config, flags, labels, precision and arms."""
    from reviewer.commands import runs as command

    raise typer.Exit(command.runs(db or default_db(), reviewer=reviewer, as_json=as_json))


@app.command(rich_help_panel="Triage after a release")
def diff(
    a: RunArgument = None,
    b: RunArgument = None,
    only: Annotated[
        str | None,
        typer.Option("--only", help="Classes of claims to list: new,gone,same (default new,gone)."),
    ] = None,
    fail_on: Annotated[
        str | None,
        typer.Option(
            "--fail-on", help="Exit 1 on recall-regression and/or unreviewed (comma-separated)."
        ),
    ] = None,
    reviewer: LabelsOf = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the diff as JSON.")] = False,
    db: DbOption = None,
) -> None:
    """Claims new, gone or same between two runs, with labels, recall regressions and fixes.

    With no run, the two latest runs are compared; with one run, that run against its
    previous run.
    """
    from reviewer.commands import diff as command

    code = command.diff(
        db or default_db(), a=a, b=b, only=only, fail_on=fail_on, reviewer=reviewer,
        as_json=as_json,
    )  # fmt: skip
    raise typer.Exit(code)


@app.command(rich_help_panel="Measure a detector")
def scan(
    file: Annotated[str, typer.Argument(help="JSON Lines briefs file, or - for stdin.")],
    detector: DetectorOption = "default",
    config: ConfigOption = None,
    pools: PoolsOption = None,
    fmt: Annotated[ScanFormat, typer.Option("--format", help="Output format.")] = ScanFormat.jsonl,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=0,
            help="Processes besides this one for JSON lines, each reading its own parts of "
            "the file (default: one per core but one for a file over 1 MB; 0, or stdin: "
            "this one only).",
            show_default=False,
        ),
    ] = None,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Every number of each brief with what it was read as and the rule that "
            "said so, instead of the flags.",
        ),
    ] = False,
    model: ModelOption = None,
) -> None:
    """Stream flags for every brief of a file, no database (one JSON line per brief)."""
    from reviewer.commands import scan as command
    from reviewer.commands.console import load_detector
    from reviewer.commands.model_option import with_model

    found = with_model(load_detector(detector, config), model, default_db())
    code = command.scan(
        file, found, pools_path=pools, fmt=fmt.value, workers=workers, explain=explain
    )
    raise typer.Exit(code)


@app.command(rich_help_panel="Measure a detector")
def rules(
    fmt: Annotated[
        RulesFormat, typer.Option("--format", help="Output format.")
    ] = RulesFormat.table,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Add each rule's labeled precision in a run of this database."),
    ] = None,
    run: Annotated[
        str | None, typer.Option("--run", help="Run id or name (default: the latest run).")
    ] = None,
    lexicon: Annotated[
        bool,
        typer.Option(
            "--lexicon",
            help="The word classes a config's \\[lexicon] adds words to, with the rule that "
            "reads them and their built-in words, instead of the rules.",
        ),
    ] = False,
) -> None:
    """Every reading of the default detector: id, what it reads, examples (from its tables)."""
    from reviewer.commands import rules as command

    if db is None and run is not None:  # a run is a database's: the one every command reads
        db = default_db()
    raise typer.Exit(command.rules(fmt.value, db=db, run=run, lexicon=lexicon))


def _drift(value: float) -> float:
    """The corrupted arm's factor: a finite number above 0 other than 1 (which corrupts
    nothing)."""
    if not math.isfinite(value) or value <= 0 or value == 1:
        raise typer.BadParameter("a finite factor above 0, other than 1", param_hint="--drift")
    return value


@app.command(rich_help_panel="Measure a detector")
def arms(
    pools: Annotated[
        str | None,
        typer.Option("--pools", help="Pools or briefs file instead of the stored pools."),
    ] = None,
    detector: DetectorOption = "default",
    config: ConfigOption = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the unrelated arm.")] = 7,
    drift: Annotated[
        float, typer.Option("--drift", help="Corrupted arm factor.", callback=_drift)
    ] = 1.08,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    run: Annotated[
        str | None,
        typer.Option("--run", help="Show a run's arms, stored when it was made (id or name)."),
    ] = None,
    model: ModelOption = None,
    db: DbOption = None,
) -> None:
    """The four arms of --detector on the stored pools, or a run's own; exit 1 if they fail."""
    from reviewer.commands import arms as command
    from reviewer.commands.console import load_detector

    if run is not None:
        from reviewer.commands import runs

        raise typer.Exit(runs.stored_run_arms(db or default_db(), run, as_json=as_json))
    from reviewer.commands.model_option import with_model

    found = with_model(load_detector(detector, config), model, db or default_db())
    citer = load_detector("default", config)
    source = command.file_source(pools) if pools else command.stored_source(db or default_db())
    code = command.arms(source, found, seed=seed, drift=drift, citer=citer, as_json=as_json)
    if pools is None and not as_json:
        from reviewer.checks.registry import describe
        from reviewer.commands.runs import other_detectors_arms

        other_detectors_arms(db or default_db(), describe(found)[0])
    raise typer.Exit(code)


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
        typer.Option(
            "--prune", help="Remove the fixtures no label backs any more (said as stale)."
        ),
    ] = False,
) -> None:
    """Write each labeled flag as a self-contained regression fixture (one JSON file)."""
    from reviewer.commands import export as command

    options = {"only": only and only.name, "reviewer": reviewer, "force": force, "prune": prune}
    raise typer.Exit(command.export(db or default_db(), out, **options))


@app.command(rich_help_panel="Regression fixtures")
def regress(
    fixtures: Annotated[Path, typer.Argument(help="Folder of fixtures (or one fixture file).")],
    detector: MaybeDetectorOption = None,
    config: ConfigOption = None,
    model: ModelOption = None,
) -> None:
    """Replay regression fixtures; exit 1 when any expectation fails, 2 on a bad fixture."""
    from reviewer.commands import regress as command
    from reviewer.commands.console import USAGE, load_detector
    from reviewer.commands.model_option import with_model

    loaded = command.read(fixtures)
    if loaded is None:
        raise typer.Exit(USAGE)
    if detector is None:
        command.say_from_file(loaded)
    found = with_model(load_detector(detector or "default", config), model, default_db())
    raise typer.Exit(command.regress(loaded, found))


@app.command(rich_help_panel="Label flags")
def learn(
    run: Annotated[
        str | None,
        typer.Option("--run", help="Run whose detector reads the briefs (default: the latest)."),
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="Name to use it by: scan --model NAME.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Also write the model to this JSON file (no database needed)."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Learn from the labels which numbers contradict: a model any run can use (--model)."""
    from reviewer.commands import learn as command

    if name is not None and (not name.strip() or not name.isprintable()):
        raise typer.BadParameter("a model's name is one line of text", param_hint="--name")

    raise typer.Exit(command.learn(db or default_db(), run=run, name=name, out_file=out))


labels_app = typer.Typer(
    name="labels",
    help="A team's labels as JSON Lines: out of one database, into another.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(labels_app, name="labels", rich_help_panel="Label flags")


@labels_app.command("export")
def labels_export(
    run: Annotated[
        str | None,
        typer.Option("--run", help="Only the labels on this run's flags (id or name)."),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="File to write (default: standard output).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Every reviewer's current verdicts, misses and briefs read in full, one JSON line each."""
    from reviewer.commands import labels as command

    raise typer.Exit(command.export(db or default_db(), run=run, out=out))


@labels_app.command("import")
def labels_import(
    file: Annotated[str, typer.Argument(help="JSON Lines labels file (as labels export writes).")],
    reviewer: Annotated[
        str | None,
        typer.Option("--reviewer", help="Name for lines that give none (default: your login)."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Add labels from a file: all or nothing, and importing it twice changes nothing."""
    from reviewer.commands import labels as command

    raise typer.Exit(command.import_(db or default_db(), file, reviewer=reviewer))


db_app = typer.Typer(
    name="db",
    help="The database itself: schema migrations.",
    no_args_is_help=True,
    context_settings=HELP,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(db_app, name="db", rich_help_panel="Database")


@db_app.command("upgrade")
def db_upgrade(db: DbOption = None) -> None:
    """Bring the database schema to this reviewer's version, keeping every label.

    Safe to run twice at once: the second waits for the first, then finds nothing to do.
    """
    from reviewer.commands.upgrade import upgrade

    raise typer.Exit(upgrade(db or default_db()))


def main() -> None:
    import signal

    try:
        app()
    finally:  # said and done: a Ctrl-C while the process winds down (its threads joined)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # prints no traceback over that


if __name__ == "__main__":
    main()
