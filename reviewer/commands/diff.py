"""`reviewer diff [A] [B]`: which claims two runs flag differently, with their labels.

Per brief, each claim new (B only), gone (A only) or same; the counts per class with
precision per stratum; recall regressions (gone true positives) and fixes (gone false
positives) called out; each run's precision over its strata and the difference with its
interval; each run's recall over the briefs read in full; each arm's stored mean in A and B.
Lines are written as they are read (plain text or one streamed JSON document): memory stays
flat on any number of briefs.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from typing import IO, Any

from db.runs import (
    CHANGES,
    Change,
    ClaimChange,
    Reading,
    VerdictCounts,
    arm_means,
    change_counts,
    claim_changes,
    run_pair,
    run_title,
    stored_arms,
)
from db.strata import run_recall, run_strata
from reviewer.agreement import DISPUTED
from reviewer.arms import ARMS
from reviewer.commands.console import (
    FAILED,
    OK,
    USAGE,
    cell,
    err,
    open_db,
    say,
    streaming_progress,
    visible,
)
from reviewer.jsonlimits import finite
from reviewer.metrics import precision_difference, wilson_interval

FAIL_ON = ("recall-regression", "unreviewed")
MARK = {"new": "+", "gone": "-", "same": "="}
WORDS = {"true_positive": "true positive", "false_positive": "false positive", "skip": "skip"}


class DiffUsageError(ValueError):
    """An option the diff cannot use; the message says which and what it accepts."""


def parse_list(value: str | None, allowed: Sequence[str], option: str) -> list[str]:
    """A comma-separated option value, each item checked against `allowed`."""
    if not value:
        return []
    items = [item.strip() for item in value.split(",") if item.strip()]
    for item in items:
        if item not in allowed:
            raise DiffUsageError(
                f"{option}: unknown value {item!r} (expected {', '.join(allowed)}, comma-separated)"
            )
    return items


def _number(value: float) -> str:
    return f"{value:g}"


def _labels(change: ClaimChange) -> str:
    if not change.labels:
        return "unlabeled"
    return ", ".join(
        f"{WORDS.get(v, v)} ({cell(who)}{', adjudicator' if role == 'adjudicator' else ''})"
        for who, v, role in change.labels
    )


def _reading(reading: Reading) -> str:
    return f"{cell(reading.nearest)} {_number(reading.nearest_value)} · {reading.kind}"


def claim_line(change: ClaimChange) -> str:
    """`  - gone  "22.4"  tsb -22.4 · sign  true positive (ana)  RECALL REGRESSION`"""
    reading = _reading(change.reading)
    a, b = change.a, change.b
    if a is not None and b is not None and (a.nearest, a.kind) != (b.nearest, b.kind):
        reading = f"{_reading(a)} → {reading}"
    token = json.dumps(cell(change.token), ensure_ascii=False)  # "５５" as written
    line = (
        f"  {MARK[change.change]} {change.change:<4}  {token}"
        f" at {change.start}  {reading}  {_labels(change)}"
    )
    if change.recall_regression:
        line += "  RECALL REGRESSION"
    elif change.fix:
        line += "  fix"
    elif change.unreviewed:
        line += "  unreviewed"
    return line


def _rounded(probability: float | None) -> float | None:
    return None if probability is None else round(probability, 4)


def claim_dict(change: ClaimChange) -> dict[str, Any]:
    def side(reading: Reading | None) -> dict[str, Any] | None:
        if reading is None:
            return None
        return {
            "value": reading.value if finite(reading.value) else None,  # JSON has no inf
            "unit": reading.unit,
            "nearest": reading.nearest,
            "nearest_value": reading.nearest_value if finite(reading.nearest_value) else None,
            "kind": reading.kind,
            "rule": reading.rule,
            "probability": _rounded(reading.probability),  # a learned model's, as scan gives it
        }

    return {
        "brief": change.brief_id,
        "change": change.change,
        "claim_id": change.claim_id,
        "start": change.start,
        "end": change.end,
        "token": change.token,
        "a": side(change.a),
        "b": side(change.b),
        "verdict": change.verdict,
        "labels": [{"reviewer": who, "verdict": v, "role": role} for who, v, role in change.labels],
        "recall_regression": change.recall_regression,
        "fix": change.fix,
    }


def stratum(counter: Counter[str | None]) -> dict[str, Any]:
    """Counts of one class of claims, and precision with its 95% Wilson interval; exact
    (an interval of one point) when every claim of the class has a true or false verdict,
    as the run's own figure is."""
    tp, fp, skip = counter["true_positive"], counter["false_positive"], counter["skip"]
    n = tp + fp
    census = n == sum(counter.values()) and n > 0
    return {
        "claims": sum(counter.values()),
        "true_positives": tp,
        "false_positives": fp,
        "skipped": skip,
        "in_dispute": counter[DISPUTED],
        "unlabeled": counter[None],
        "precision": tp / n if n else None,
        "precision_ci": [tp / n] * 2 if census else list(wilson_interval(tp, n)),
    }


def same_flags(difference: dict[str, Any]) -> None:
    """Two runs that flag the same claims have the same precision, their labels shared:
    the change is 0, exactly, whatever each run's own estimate or bounds say."""
    difference.update(difference=0.0, difference_ci=[0.0, 0.0], bounds=[0.0, 0.0])


def summary(counts: VerdictCounts) -> dict[str, Any]:
    classes = {change: stratum(counts[change]) for change in CHANGES}
    return {
        "counts": classes,
        "recall_regressions": classes["gone"]["true_positives"],
        "fixes": classes["gone"]["false_positives"],
        "unreviewed": classes["new"]["unlabeled"],
    }


def run_figures(connection: Any, run_a: Any, run_b: Any, reviewer: str | None) -> dict[str, Any]:
    """Each run's precision over its strata (or its bounds, a stratum unmeasured), B minus
    A with its interval, and each run's recall over the briefs read in full."""
    a = run_strata(session=connection, run_id=run_a.id, reviewer=reviewer).precision
    b = run_strata(session=connection, run_id=run_b.id, reviewer=reviewer).precision

    def precision(sp: Any) -> dict[str, Any]:
        return {
            "precision": sp.value,
            "precision_ci": list(sp.ci) if sp.ci is not None else None,
            "bounds": list(sp.bounds),
            "unmeasured": list(sp.unmeasured),
        }

    def recall(run: Any) -> dict[str, Any]:
        return run_recall(session=connection, run_id=run.id, reviewer=reviewer).to_dict()

    return {
        "precision": {
            "a": precision(a),
            "b": precision(b),
            "difference": precision_difference(a, b).to_dict(),
        },
        "recall": {"a": recall(run_a), "b": recall(run_b)},
    }


def arms_movement(run_a: Any, run_b: Any) -> dict[str, dict[str, float | None]]:
    """Each arm's stored mean in A and B (None for a run made before arms were stored)."""
    a, b = arm_means(stored_arms(run_a)), arm_means(stored_arms(run_b))
    moved = {arm: {"a": a.get(arm), "b": b.get(arm)} for arm in (*ARMS, "production")}
    a, b = arm_means(stored_arms(run_a), "rewrite"), arm_means(stored_arms(run_b), "rewrite")
    if any(arm in a or arm in b for arm in ARMS):  # runs made before rewrite arms were stored
        moved |= {f"rewrite {arm}": {"a": a.get(arm), "b": b.get(arm)} for arm in ARMS}
    return moved


def failures(result: dict[str, Any], fail_on: Sequence[str]) -> list[str]:
    """What --fail-on found, one sentence each; empty when the diff passes."""
    found = []
    if "recall-regression" in fail_on and result["recall_regressions"]:
        n = result["recall_regressions"]
        found.append(f"{n:,} recall regression{'s' * (n != 1)}: true positives no longer flagged")
    if "unreviewed" in fail_on and result["unreviewed"]:
        n = result["unreviewed"]
        found.append(f"{n:,} new flag{'s' * (n != 1)} not reviewed yet")
    return found


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _span(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}"


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def figure_lines(run_a: Any, run_b: Any, result: dict[str, Any]) -> list[str]:
    """Precision of each run over its strata, the change with its interval, and recall."""
    lines = []
    for side, run in (("a", run_a), ("b", run_b)):
        p = result["precision"][side]
        if p["precision"] is None:
            unmeasured = ", ".join(p["unmeasured"])
            said = f"between {_span(*p['bounds'])}% (unmeasured: {unmeasured})"
        else:
            said = f"{_pct(p['precision'])} [{_span(*p['precision_ci'])}]"
        lines.append(f"precision #{run.id}: {said}")
    d = result["precision"]["difference"]
    if d["difference"] is None:
        low, high = d["bounds"]
        lines.append(f"change #{run_a.id} → #{run_b.id}: between {_points(low)} and "
                     f"{_points(high)} points (a stratum is unmeasured)")  # fmt: skip
    else:
        low, high = d["difference_ci"]
        lines.append(f"change #{run_a.id} → #{run_b.id}: {_points(d['difference'])} points "
                     f"[{_points(low)}, {_points(high)}]")  # fmt: skip
    for side, run in (("a", run_a), ("b", run_b)):
        r = result["recall"][side]
        if r["recall"] is None:
            lines.append(f"recall #{run.id}: — (no contradiction known in briefs read in full)")
            continue
        lines.append(
            f"recall #{run.id}: {_pct(r['recall'])} [{_span(*r['recall_ci'])}] over the briefs "
            f"read in full ({r['caught']:,} caught, {r['missed']:,} missed)"
        )
    return lines


def write_text(
    stream: IO[str], run_a: Any, run_b: Any, changes: Any, result: dict[str, Any]
) -> None:
    write = stream.write
    write(visible(f"diff {run_title(run_a)} → {run_title(run_b)}") + "\n")
    brief = None
    for change in changes:
        if change.brief_pk != brief:
            brief = change.brief_pk
            write(f"\nbrief {cell(change.brief_id)}\n")
        write(claim_line(change) + "\n")
    write("\nclass   claims      TP      FP    skip  dispute  unlabeled  precision  95% CI\n")
    for change in CHANGES:
        s = result["counts"][change]
        low, high = s["precision_ci"]
        interval = f"{100 * low:.1f}–{100 * high:.1f}" if s["precision"] is not None else "—"
        write(
            f"{change:<6} {s['claims']:>7,} {s['true_positives']:>7,} {s['false_positives']:>7,}"
            f" {s['skipped']:>7,} {s['in_dispute']:>8,} {s['unlabeled']:>10,}"
            f"  {_pct(s['precision']):>9}  {interval}\n"
        )
    write(
        f"\nrecall regressions (gone true positives): {result['recall_regressions']:,}\n"
        f"fixes (gone false positives): {result['fixes']:,}\n"
        f"unreviewed (new flags without a label): {result['unreviewed']:,}\n"
    )
    write("\n" + "\n".join(figure_lines(run_a, run_b, result)) + "\n")
    for run, model in result.get("models", {}).items():
        from reviewer.commands.stats import model_lines

        write(visible("\n".join([f"\nrun {run}", *model_lines(model)])) + "\n")
    write(f"\n{'arm':<17} #{run_a.id:<7} #{run_b.id:<7} change\n")
    for arm, means in result["arms"].items():
        a, b = means["a"], means["b"]
        moved = f"{b - a:+.2f}" if a is not None and b is not None else ""
        a_text = "—" if a is None else f"{a:.2f}"
        b_text = "—" if b is None else f"{b:.2f}"
        write(f"{arm:<17} {a_text:<8} {b_text:<8} {moved}\n")


def write_json(
    stream: IO[str], run_a: Any, run_b: Any, changes: Any, result: dict[str, Any]
) -> None:
    """One JSON document, its claims written as they stream in."""
    from db.runs import RunSummary

    def head(run: Any) -> dict[str, Any]:
        counts = ("labeled", "true_positives", "false_positives", "skipped", "in_dispute",
                  "precision", "precision_ci", "unmeasured")  # fmt: skip
        summary = RunSummary(run, 0, 0, 0, 0).to_dict()
        return {key: value for key, value in summary.items() if key not in counts}

    write = stream.write
    write('{"run_a": ' + json.dumps(head(run_a)) + ', "run_b": ' + json.dumps(head(run_b)))
    write(', "claims": [')
    for index, change in enumerate(changes):
        write(("\n" if index == 0 else ",\n") + json.dumps(claim_dict(change), ensure_ascii=False))
    write("]")
    for key, value in result.items():
        write(f", {json.dumps(key)}: {json.dumps(value)}")
    write("}\n")


def _models(url_or_path: str, *runs: int) -> dict[str, Any]:
    """The honest figures of each run made with a learned model (db.model_figures)."""
    from db.model_figures import run_model_figures

    found = {str(run): run_model_figures(url_or_path, run_id=run) for run in runs}
    return {run: figures["model"] for run, figures in found.items() if figures}


def diff(
    url_or_path: str,
    *,
    a: str | None,
    b: str | None,
    only: str | None,
    fail_on: str | None,
    reviewer: str | None,
    as_json: bool,
) -> int:
    """Exit 0; 1 when a --fail-on check finds something; 2 on a usage error."""
    try:
        shown: list[Change] = parse_list(only or "new,gone", CHANGES, "--only")  # type: ignore[assignment]
        checks = parse_list(fail_on, FAIL_ON, "--fail-on")
    except DiffUsageError as problem:
        say(err(), str(problem))
        return USAGE
    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE
    try:
        with engine.connect() as connection:
            try:
                run_a, run_b = run_pair(db=connection, a=a, b=b)
            except ValueError as problem:
                say(err(), str(problem))
                return USAGE
            if run_a.id == run_b.id:
                say(err(), f"run {run_a.id} is compared with itself: give two runs")
                return USAGE
            # on a terminal, a bar of the three steps: counting, estimating, listing
            with streaming_progress("diff", 3) as advance:
                counts = change_counts(
                    db=connection, run_a=run_a.id, run_b=run_b.id, reviewer=reviewer
                )
                advance()
                result = summary(counts) | run_figures(connection, run_a, run_b, reviewer)
                if not result["counts"]["new"]["claims"] + result["counts"]["gone"]["claims"]:
                    same_flags(result["precision"]["difference"])
                result["arms"] = arms_movement(run_a, run_b)
                result["models"] = _models(url_or_path, run_a.id, run_b.id)
                advance()
                changes = claim_changes(
                    db=connection, run_a=run_a.id, run_b=run_b.id, reviewer=reviewer, only=shown
                )
                (write_json if as_json else write_text)(sys.stdout, run_a, run_b, changes, result)
                advance()
    finally:
        engine.dispose()
    found = failures(result, checks)
    for line in found:
        say(err(), f"diff fails: {line}")
    return FAILED if found else OK
