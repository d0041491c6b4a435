"""`reviewer agreement`: do the reviewers agree? κ per pair, α over all, by kind, and the
claims they differ on. Names and tokens come from input files: printed as Text, never markup.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

import db
from reviewer import agreement as figures
from reviewer.commands.console import USAGE, cell, counted, err, open_db, out, say

if TYPE_CHECKING:  # `stats` prints the team's figures through here: no SQLAlchemy to import
    from sqlalchemy import Connection

    from db.agreement import Disagreement

VERDICT_WORDS = {"true_positive": "true positive", "false_positive": "false positive"}


def agreement_figures(
    *, session: Connection, run_id: int, resamples: int = figures.RESAMPLES
) -> dict[str, Any]:
    """Everything `agreement --json` prints (and `stats --json` carries) for one run."""
    from db.agreement import run_ratings

    ratings = run_ratings(session=session, run_id=run_id)
    return figures.run_report(run_id, ratings.verdicts, ratings.kinds, resamples=resamples)


def team_figures(*, session: Connection, run_id: int, by_reviewer: bool = False) -> dict[str, Any]:
    """What `stats --json` adds for a team: agreement over the doubly labeled claims and,
    asked for, each reviewer's count, precision on their labels and agreement with the rest."""
    from db.agreement import run_ratings, run_reviewers, run_roles

    reviewers = run_reviewers(session=session, run_id=run_id)
    if len(reviewers) < 2:  # nobody to agree with: no need to read a single label
        result: dict[str, Any] = {"agreement": figures.measure({}).to_dict()}
        ratings: dict[int, dict[str, str]] = {}
    else:
        result = {"agreement": agreement_figures(session=session, run_id=run_id)}
        ratings = run_ratings(session=session, run_id=run_id).verdicts
    if by_reviewer:
        result["by_reviewer"] = {}
        roles = run_roles(session=session, run_id=run_id)
        for name in reviewers:
            mine = db.precision_stats(session=session, run_id=run_id, reviewer=name)
            shown = {key: mine[key] for key in REVIEWER_KEYS}
            shown["roles"] = roles.get(name, ["reviewer"])
            shown["with_the_rest"] = figures.with_the_rest(ratings, name).to_dict()
            result["by_reviewer"][name] = shown
    return result


REVIEWER_KEYS = (
    "labeled", "true_positives", "false_positives", "skipped", "precision", "precision_ci",
)  # fmt: skip


def print_team(result: dict[str, Any], console: Console) -> None:
    """The agreement line under the stats table, and the per-reviewer table when asked."""
    part = result["agreement"]
    if part["claims"]:
        line = (
            f"agreement: α {_words(part['alpha'])} over {counted(part['claims'], 'claim')} "
            f"labeled by two or more reviewers, {part['disagreements']:,} differ "
            "(reviewer agreement: κ per pair)"
        )
        say(console, line)
    if "by_reviewer" not in result:
        return
    table = Table(
        title=Text("by reviewer · agreement with the rest on the claims they share"),
        box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False, collapse_padding=True,
    )  # fmt: skip
    for name in ("", "labeled", "precision (95% CI)", "shared", "agree", "κ (95% CI)"):
        table.add_column(name, justify="right" if name else "left", no_wrap=bool(name))
    for name, row in result["by_reviewer"].items():
        low, high = row["precision_ci"]
        precision = "—"
        if row["precision"] is not None:
            precision = f"{100 * row['precision']:.1f}% ({100 * low:.0f}–{100 * high:.0f})"
        rest = row["with_the_rest"]
        agree = rest["agreement"]["value"]
        table.add_row(
            Text(cell(name)), Text(f"{row['labeled']:,}"), Text(precision),
            Text(f"{rest['claims']:,}"),
            Text("—" if agree is None else f"{agree:.2f}"),
            Text(_words(rest["kappa"], compact=True)),
        )  # fmt: skip
    console.print(table)
    only = [cell(n) for n, row in result["by_reviewer"].items() if row["roles"] == ["adjudicator"]]
    also = [cell(n) for n, row in result["by_reviewer"].items() if len(row["roles"]) > 1]
    said = [f"{', '.join(only)}: adjudicator only"] if only else []
    said += [f"{', '.join(also)}: also adjudicator"] if also else []
    if said:
        say(console, f"{'; '.join(said)} (an adjudicator's verdicts settle disputes: they "
                     "count in precision, not in agreement)")  # fmt: skip


def agreement(url_or_path: str, *, ref: str | None, as_json: bool, listing: bool) -> int:
    """`ref`: the run by id (`3`, `#3`) or name (`v0.40`), as `review --run` takes it."""
    from db.agreement import count_disputed, disagreements
    from db.runs import find_run, run_title

    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE
    try:
        with engine.connect() as session:
            try:
                run = (
                    find_run(db=session, ref=ref, finished=True)
                    if ref is not None
                    else db.latest_run(session=session)
                )
            except ValueError as problem:  # no such id or name, or a name given twice
                say(err(), str(problem))
                return USAGE
            if run is None:
                say(err(), "no detector run yet")
                return USAGE
            result = agreement_figures(session=session, run_id=run.id)
            result["in_dispute"] = count_disputed(session=session, run_id=run.id)
            split = disagreements(session=session, run_id=run.id) if listing else []
    finally:
        engine.dispose()
    if as_json:
        if listing:
            result["disagreement_list"] = [_disagreement_dict(d) for d in split]
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return 0
    console = out()
    print_agreement(result, console, title=f"run {run_title(run)}")
    if listing:
        print_disagreements(split, console)
    return 0


def _disagreement_dict(d: Disagreement) -> dict[str, Any]:
    return {
        "claim_id": d.claim_id, "brief_id": d.brief_id, "start": d.start, "end": d.end,
        "token": d.token, "kind": d.kind, "verdicts": d.verdicts, "settled": d.settled,
        "adjudicators": d.adjudicators,
    }  # fmt: skip


def _words(estimate: dict[str, Any], *, compact: bool = False) -> str:
    value, ci = estimate["value"], estimate["ci"]
    if value is None:
        return "undefined" if compact else f"undefined: {estimate['undefined']}"
    if ci:
        low, high = ci
        return (
            f"{value:.2f} ({low:.2f}–{high:.2f})"
            if compact
            else f"{value:.2f} [{low:.2f}, {high:.2f}]"
        )
    if estimate.get("no_interval"):  # a point "interval" would claim what was never seen
        return f"{value:.2f} (no interval)"
    return f"{value:.2f}"


def _rows(table: Table, name: str, part: dict[str, Any]) -> None:
    table.add_row(
        Text(cell(name)), Text(f"{part['claims']:,}"), Text(f"{part['disagreements']:,}"),
        Text(_words(part["agreement"])), Text("α " + _words(part["alpha"])),
    )  # fmt: skip
    for pair in part["pairs"]:
        first, second = pair["reviewers"]
        table.add_row(
            Text(f"  {cell(first)} × {cell(second)}"), Text(f"{pair['claims']:,}"), Text(""),
            Text(_words(pair["agreement"])), Text("κ " + _words(pair["kappa"])),
        )  # fmt: skip


def _pointless(result: dict[str, Any]) -> bool:
    """Whether any κ or α printed has no interval: the same in every resample."""
    parts = [result, *result["by_kind"].values()]
    estimates = [e for p in parts for e in (p["alpha"], *(q["kappa"] for q in p["pairs"]))]
    return any(e.get("no_interval") for e in estimates)


def print_agreement(result: dict[str, Any], console: Console, *, title: str) -> None:
    if not result["claims"]:
        say(console, f"{title}: no claim has verdicts from two reviewers yet, so agreement is "
                     "undefined (fewer than two ratings)")  # fmt: skip
        return
    table = Table(
        title=Text(f"{title} · agreement, 95% intervals (Wilson; κ and α bootstrap)"),
        box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False, collapse_padding=True,
    )  # fmt: skip
    for name in ("", "claims", "differ", "raw agreement", "κ / α"):
        table.add_column(name, justify="right" if name in ("claims", "differ") else "left")
    _rows(table, "all", result)
    for kind, part in result["by_kind"].items():
        _rows(table, f"kind {kind}", part)
    console.print(table)
    if _pointless(result):
        say(console, "no interval: every resample of those claims gives the same figure (no "
                     "claim differs, or a reviewer gave one verdict throughout), so resampling "
                     "cannot show its uncertainty; raw agreement's interval still can")  # fmt: skip
    differ = result["disagreements"]
    line = (f"{counted(result['claims'], 'claim')} labeled by two or more reviewers; "
            f"{differ:,} with differing verdicts")  # fmt: skip
    open_ = result.get("in_dispute", differ)
    settled = max(differ - open_, 0)
    if not differ:
        say(console, line)
    elif not open_:
        say(console, f"{line}, every one settled by an adjudicator (agreement --list shows how)")
    elif settled:
        rest = f"{settled:,} settled by an adjudicator, {open_:,} still in dispute"
        say(console, f"{line}: {rest} (agreement --list shows them, review --adjudicate "
                     "settles the rest)")  # fmt: skip
    else:
        say(console, f"{line} (agreement --list shows them, review --adjudicate settles them)")


def print_disagreements(split: list[Disagreement], console: Console) -> None:
    if not split:
        say(console, "no disagreements")
        return
    for d in split:
        verdicts = " · ".join(f"{cell(r)} {VERDICT_WORDS.get(v, v)}" for r, v in d.verdicts.items())
        if d.settled is None:
            outcome = "in dispute"
        else:
            by = ", ".join(map(cell, d.adjudicators))
            outcome = f"settled {VERDICT_WORDS.get(d.settled, d.settled)}" + (
                f" by {by}" if by else ""
            )
        where = f"{cell(d.brief_id)}  {cell(d.token)} ({d.kind}) at {d.start}-{d.end}"
        say(console, f"{where}: {verdicts} → {outcome}")
