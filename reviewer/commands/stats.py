"""`reviewer stats`: precision with its 95% interval per stratum and combined, by kind, unit
and run; recall over the briefs read in full."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from db.figures import PrecisionStats, RunStats, SliceStats
from reviewer.commands.charts import figure, interval_bar
from reviewer.commands.console import (
    OK,
    USAGE,
    cell,
    counted,
    db_option,
    err,
    open_db,
    out,
    say,
    visible,
)


def stats(
    url_or_path: str,
    *,
    run: str | None,
    reviewer: str | None,
    as_json: bool,
    by_reviewer: bool = False,
    by_rule: bool = False,
) -> int:
    from db import direct

    try:  # the plain driver first: no SQLAlchemy to import (see db.direct)
        result = direct.precision_stats(url_or_path, run_id=run, reviewer=reviewer)
    except ValueError as problem:
        say(err(), str(problem))
        return USAGE
    if result is None:
        code, result = _through_sqlalchemy(url_or_path, run=run, reviewer=reviewer)
        if result is None:
            return code
    team: dict[str, Any] = {}
    learned: dict[str, Any] = {}
    rules = None
    if result.run_id is not None and by_rule:  # only when asked: plain stats keeps its speed
        from reviewer.commands import stats_by_rule

        rules = stats_by_rule.read_rules(url_or_path, run_id=result.run_id, reviewer=reviewer)
    if result.run_id is not None:
        from db.model_figures import run_model_figures

        team = _team(url_or_path, result.run_id, by_reviewer=by_reviewer)
        learned = run_model_figures(url_or_path, run_id=result.run_id) or {}
    if as_json:
        extra = {} if rules is None else stats_by_rule.as_json(result, rules)
        advice = None if learned else learning(result, url_or_path)
        extra |= {} if advice is None else {"learn": advice}
        sys.stdout.write(json.dumps(result.to_dict() | extra | team | learned, indent=2) + "\n")
    else:
        print_stats(result, out())
        if rules is not None:
            stats_by_rule.print_rules(result, rules, out())
        if learned:
            print_model(learned["model"], out())
        else:
            suggest_learning(result, url_or_path, out())
        if team:
            from reviewer.commands.agreement import print_team

            print_team(team, out())
    return OK


def _share(figures: dict[str, Any]) -> str:
    value, ci = figures.get("precision"), figures.get("precision_ci")
    if value is None or not ci:
        return "not measured yet"
    return f"{100 * value:.1f}% (95% CI {100 * ci[0]:.1f}–{100 * ci[1]:.1f})"


def model_lines(model: dict[str, Any]) -> list[str]:
    """A run made with a learned model: its precision as cross-validated when learned, and
    from labels made since, apart; its training labels are no sample of these flags."""
    after = model["after_training"]
    before = (
        "labeled before it came to this database (it was learned in another, perhaps from "
        "the same labels)"
        if model.get("elsewhere")
        else "labeled before it was learned, which it learned from,"
    )
    return [
        f"made with model {model['id']} ({model['name']!r}): "
        f"{counted(model['training_labels'], 'flag')} {before} are no sample of these flags",
        f"  cross-validated when learned: precision {_share(model['cross_validated'])}",
        f"  labeled since ({counted(after['labels'], 'flag')}): precision {_share(after)}",
    ]


def print_model(model: dict[str, Any], console: Console) -> None:
    for line in model_lines(model):
        console.print(Text(line))


def _team(url_or_path: str, run_id: int, *, by_reviewer: bool) -> dict[str, Any]:
    """Agreement (and each reviewer's figures, asked for), read by the plain driver where it
    can, so that stats stays fast."""
    from db import direct
    from reviewer.agreement import run_report

    if not by_reviewer:  # the plain driver reads the ratings: no SQLAlchemy to import
        ratings = direct.run_ratings(url_or_path, run_id=run_id)
        if ratings is not None:
            return {"agreement": run_report(run_id, *ratings)}
    from reviewer.commands.agreement import team_figures

    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return {}
    try:
        with engine.connect() as connection:
            return team_figures(session=connection, run_id=run_id, by_reviewer=by_reviewer)
    finally:
        engine.dispose()


def _through_sqlalchemy(
    url_or_path: str, *, run: str | None, reviewer: str | None
) -> tuple[int, PrecisionStats | None]:
    import db
    from db.runs import find_run

    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE, None
    try:
        with engine.connect() as connection:  # Core only: importing the ORM costs 0.3 s
            run_id = None if run is None else find_run(db=connection, ref=run).id
            return OK, db.precision_stats(session=connection, run_id=run_id, reviewer=reviewer)
    except ValueError as problem:  # e.g. no such run: a usage error (2), not a failed check
        say(err(), str(problem))
        return USAGE, None
    finally:
        engine.dispose()


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _interval(low: float, high: float) -> str:
    """`20.8–93.9`: the interval in percentage points, compact enough for 80 columns."""
    return f"{100 * low:.1f}–{100 * high:.1f}"


def _row(name: str, s: SliceStats) -> list[Text]:
    low, high = s.precision_ci
    if s.unmeasured:  # bounds, not an interval: a footnote says so
        interval = f"{_interval(*s.precision_bounds)}*"
    else:
        interval = _interval(low, high) if s.true_positives + s.false_positives else "—"
    return [
        Text(cell(name)),  # kinds, units, run names: data, never markup or control
        Text(f"{s.flags:,}"),
        Text(f"{s.labeled:,}"),
        Text(f"{s.true_positives:,}"),
        Text(f"{s.false_positives:,}"),
        Text(f"{s.skipped:,}"),
        Text(_pct(s.precision)),
        Text(interval),
        Text(_pct(s.coverage)),
    ]


def _table(title: str) -> Table:
    table = Table(
        title=Text(visible(title)),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
        collapse_padding=True,
    )
    # the figures never wrap: a narrow terminal wraps the row's name instead
    table.add_column("", justify="left", overflow="fold")
    for name in ("flags", "labeled", "TP", "FP", "skip", "precision", "95% CI", "coverage"):
        table.add_column(name, justify="right", no_wrap=True)
    return table


def _unmeasured(row: list[Text], part: RunStats) -> list[Text]:
    if part.unmeasured:
        row[6], row[7] = Text("—"), Text("unmeasured")
    return row


def print_stats(s: PrecisionStats, console: Console) -> None:
    if s.run_id is None:
        say(console, "no detector run yet (reviewer ingest FILE, or reviewer flag)")
        return
    who = s.reviewer or "all reviewers"
    table = _table(f"run {s.run_id} · {s.detector} {s.version} · {who}")
    table.add_row(*_unmeasured(_row("overall", s), s), style="bold")
    for kind, part in s.by_kind.items():
        table.add_row(*_row(f"kind {kind}", part))
    for unit, part in s.by_unit.items():
        table.add_row(*_row(f"unit {unit}", part))
    console.print(table)
    print_bars(s, console)
    if any(part.unmeasured for part in [*s.by_kind.values(), *s.by_unit.values()]):
        say(console, "* bounds, not an interval: some flags of that kind or unit have no true "
                     "or false verdict from the run's random queue yet (unlabeled, or in "
                     "dispute)")  # fmt: skip
    if s.strata:
        print_strata(s, console)
    if len(s.by_run) > 1:
        runs = _table("by run")
        for part in s.by_run:
            row = _row(f"run {part.run_id} {part.detector} {part.version}", part)
            runs.add_row(*_unmeasured(row, part))
        console.print(runs)
    if s.in_dispute:
        disputed = counted(s.in_dispute, "claim")
        say(console, f"{disputed} in dispute (reviewers differ): counted as flags whose "
                     "verdict is not known, which widens the interval, until an adjudicator "
                     "settles them (`reviewer review --adjudicate`)")  # fmt: skip
    elif s.reviewer is None and s.labeled:
        say(console, "0 claims in dispute")
    say_what_narrows(s, console)


def print_bars(s: PrecisionStats, console: Console) -> None:
    """The panel's bars: each row's interval on [0, 1] with its point (bounds while a
    stratum is unmeasured), so how wide the uncertainty is shows at a glance."""
    rows = [("overall", s), *((f"kind {k}", p) for k, p in s.by_kind.items()),
            *((f"unit {u}", p) for u, p in s.by_unit.items())]  # fmt: skip
    for name, part in rows:
        if not part.true_positives + part.false_positives:
            continue
        low, high = part.precision_ci
        point = None if part.unmeasured else part.precision
        line = Text(f"{cell(name)[:12]:<13}")
        line.append_text(interval_bar(point, low, high))
        line.append(f"  {figure(point, low, high)}")
        console.print(line, overflow="ellipsis", no_wrap=True)


def say_what_narrows(s: PrecisionStats, console: Console) -> None:
    """What would bring the run's interval to ±5 points: more labels, a verdict on the
    skipped flags, settling the claims in dispute, or nothing."""
    needed = s.labels_needed
    unknown = _unknown_verdicts(s)
    if needed:
        where = ", ".join(
            f"{_stratum_title(name, s.previous_run)}: {n:,}"
            for name, n in s.labels_needed_by_stratum.items()
            if n
        )
        if s.labels_reach:
            more = f"about {counted(needed, 'more label')} would bring the interval to ±5 points"
        else:
            more = (f"labeling the {counted(needed, 'flag')} left would not bring the interval "
                    f"to ±5 points without {_settling(s)}")  # fmt: skip
        say(console, f"{more} ({where})" if where else more)
    elif not s.true_positives + s.false_positives:
        what = "the run has no flags" if not s.flags else "no true or false positive verdict yet"
        say(console, f"{what}: there is no precision to measure")
    elif unknown and s.labeled == s.flags:
        tp, fp, open_ = s.true_positives, s.false_positives, s.in_dispute + s.skipped
        low, high = tp / (tp + fp + open_), (tp + open_) / (tp + fp + open_)
        if not s.skipped:
            say(console, f"every flag has a verdict but {unknown}: once settled, precision "
                         f"will lie between {_interval(low, high)}%")  # fmt: skip
        else:
            pronoun = "it" if open_ == 1 else "them"
            say(console, f"every flag is labeled but {unknown}: no verdict is known for "
                         f"{pronoun}, so precision is not exact; with {_settling(s)}, it "
                         f"will lie between {_interval(low, high)}%")  # fmt: skip
    elif not s.labels_reach:
        say(console, f"the interval stays wider than ±5 points until {_settling(s)}")
    elif s.precision_ci[0] == s.precision_ci[1]:
        say(console, "every flag is labeled: the precision is exact")
    else:
        say(console, "the interval is within ±5 points")


def learning(s: PrecisionStats, where: str) -> dict[str, Any] | None:
    """`stats --json`'s `learn`, of a run made by the rules alone: whether its labels are
    worth a model (`worth_learning`), and then the commands that learn one and use it;
    None without a run."""
    from reviewer.learn.advice import worth_learning

    tp, fp = s.true_positives, s.false_positives
    if s.run_id is None:
        return None
    advised = worth_learning(tp, fp)
    commands = []
    if advised:  # (a URL's password is masked by SQLAlchemy: imported only then)
        db = db_option(where)
        commands = [f"reviewer learn --name team {db}", f"reviewer flag --model team {db}"]
    return {"advised": advised, "verdicts": tp + fp, "false": fp, "commands": commands}


def suggest_learning(s: PrecisionStats, where: str, console: Console) -> None:
    """For a run made by the rules alone, once its labels hold enough of both verdicts and
    say many of its flags are false, the commands that learn a model of them and use it."""
    advice = learning(s, where)
    if advice is None or not advice["advised"]:
        return
    learn, flag = advice["commands"]
    say(console, f"{advice['false']:,} of these {advice['verdicts']:,} verdicts say the flag "
                 f"is false: a model of them can learn which flags are right ({learn}, "
                 f"then {flag}; it needs grounding-reviewer[learn])")  # fmt: skip


def _unknown_verdicts(s: PrecisionStats) -> str:
    """`2 skipped flags and 1 claim in dispute`: the flags labeled without a verdict."""
    parts = [counted(s.skipped, "skipped flag")] if s.skipped else []
    parts += [f"{counted(s.in_dispute, 'claim')} in dispute"] if s.in_dispute else []
    return " and ".join(parts)


def _settling(s: PrecisionStats) -> str:
    """What gives the unknown verdicts: labeling the skipped flags, settling disputes."""
    ways = [f"a true or false verdict on the {counted(s.skipped, 'skipped flag')}"] * bool(
        s.skipped
    )
    ways += [f"settling the {counted(s.in_dispute, 'claim')} in dispute"] * bool(
        s.in_dispute or not s.skipped
    )
    return " and ".join(ways)


STRATUM_WORDS = {"inherited": "inherited", "by_hand": "by hand", "new": "new", "same": "same"}


def _stratum_title(name: str, previous: int | None) -> str:
    if name == "new":
        return f"new since run {previous}" if previous else "new (first run)"
    if name == "same":
        return f"same as run {previous}"
    return STRATUM_WORDS.get(name, name)


def print_strata(s: PrecisionStats, console: Console) -> None:
    """The strata a run's precision is combined from, and what is still unknown."""
    previous = s.previous_run
    table = Table(
        title="strata", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False,
        collapse_padding=True,
    )  # fmt: skip
    for name in ("", "flags", "labeled", "TP", "FP", "precision", "95% CI", "weight"):
        table.add_column(name, justify="right" if name else "left", no_wrap=not name)
    for part in s.strata:
        if not part["flags"]:
            continue
        ci = part["precision_ci"]
        table.add_row(
            Text(_stratum_title(part["name"], previous)),
            Text(f"{part['flags']:,}"),
            Text(f"{part['labeled']:,}"),
            Text(f"{part['true_positives']:,}"),
            Text(f"{part['false_positives']:,}"),
            Text(_pct(part["precision"])),
            Text(_interval(*ci) if ci else "unmeasured"),
            Text(_pct(part["weight"])),
        )
    console.print(table)
    say(
        console,
        "inherited: labels made on other runs or imported; by hand: flags chosen, not the "
        "queue's. "
        "Both are known exactly but are no sample; the rest is estimated from the queue.",
    )
    low, high = s.precision_bounds
    unmeasured = [p for p in s.strata if p["name"] in s.unmeasured]
    if unmeasured:
        names = "; ".join(
            f"{_stratum_title(p['name'], previous)}: {counted(p['flags'], 'flag')}"
            for p in unmeasured
        )
        say(console, f"precision between {_interval(low, high)}%: unmeasured stratum ({names})")
        queue = any(p["flags"] - p["skipped"] - p["in_dispute"] for p in unmeasured)
        ways = [("label the flags the random queue brings (reviewer review)", queue),
                ("settle the claims in dispute (reviewer review --adjudicate)",
                 any(p["in_dispute"] for p in unmeasured))]  # fmt: skip
        say(console, " or ".join(way for way, useful in ways if useful) + " to measure it")
    elif s.precision is not None:
        say(console, f"precision {_pct(s.precision)} [{_interval(low, high)}] over the strata")
    say(
        console,
        f"labels from this run's random queue: {s.queue_labels:,}, by hand: {s.hand_labels:,}",
    )
    if s.against_previous:
        print_difference(s.against_previous, console)
    print_recall(s.recall, console)


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def print_difference(change: dict[str, Any], console: Console) -> None:
    """Precision minus the other run's: with its interval, or only the bounds."""
    low, high = change["bounds"] if change["difference"] is None else change["difference_ci"]
    run = change["run_id"]
    if change["difference"] is None:
        say(console, f"against run {run}: between {_points(low)} and {_points(high)} points")
    else:
        say(
            console,
            f"against run {run}: {_points(change['difference'])} points "
            f"[{_points(low)}, {_points(high)}]",
        )


def print_recall(recall: dict[str, Any], console: Console) -> None:
    if not recall["caught"] + recall["missed"]:
        read = recall.get("reviewed_briefs") or 0
        if read:  # read, and no contradiction in them: none caught, none missed
            hold = "holds" if read == 1 else "hold"
            say(console, f"recall: unmeasured: the {counted(read, 'brief')} read in full "
                         f"{hold} no contradiction (a true positive, or one `m` marked "
                         "missed)")  # fmt: skip
        else:
            say(console, "recall: unmeasured until a brief is read in full (`c` in the review "
                         "app; `m` marks a missed contradiction)")  # fmt: skip
        return
    low, high = recall["recall_ci"]
    say(
        console,
        f"recall over fully reviewed briefs: {_pct(recall['recall'])} [{_interval(low, high)}] "
        f"({recall['caught']:,} caught, {recall['missed']:,} missed)",
    )
