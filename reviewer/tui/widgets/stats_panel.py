"""Precision with its interval, coverage, labels still needed and the four arms, drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from reviewer.learn.advice import worth_learning
from reviewer.metrics import wilson_interval
from reviewer.tui.charts import arm_sparks, interval_cells, run_precision
from reviewer.tui.literal import one_line
from reviewer.tui.shapes import Figures, Slice
from reviewer.tui.widgets.strata_lines import strata_parts

BAR = 20

Part = str | tuple[str, str]


@dataclass(frozen=True)
class StatsReport:
    """Everything the panel shows, computed in a worker from one database session."""

    stats: Figures
    arms: Any | None = None  # reviewer.arms.ArmsReport
    arms_error: str | None = None
    pools: int = 0
    source: str = ""  # "stored": the run's own, kept when it was made; "scored now"
    agreement: Mapping[str, Any] | None = None  # reviewer.agreement.run_report
    runs: Sequence[Any] = ()  # every run's summary (db.runs.RunSummary), oldest first
    # a run made with a learned model: its figures as `reviewer stats` gives them
    # (db.model_figures): cross-validated when learned, and from labels made since
    model: Mapping[str, Any] | None = None
    switch_off: Sequence[SwitchOff] = ()  # the rules the labels say to switch off
    whose: str = ""  # the reviewer whose labels the figures are of ("" for everyone's)


@dataclass(frozen=True)
class SwitchOff:
    """A rule whose labels say to switch it off for the domain (`stats --by-rule`)."""

    rule: str  # as flags carry it: `band`, `name:resting hr`
    off: str | None  # the id `[rules] off` takes; None when no config can switch it
    true: int  # its true verdicts
    verdicts: int  # its true and false verdicts
    high: float  # the top of its 95% interval, its labels read as a sample


ROLE_STYLE = {"point": "$accent", "inside": "$accent 60%", "outside": "dim",
              "bounds": "$warning"}  # fmt: skip


def range_bar(point: float | None, low: float, high: float, width: int = BAR) -> list[Part]:
    """[0, 1] as blocks: ░ outside the interval, ▓ inside it, █ at the point estimate
    (▒ across the bounds when there is no point)."""
    return [(char, ROLE_STYLE[role]) for char, role in interval_cells(point, low, high, width)]


def mean_bar(value: float, width: int = BAR) -> str:
    """A horizontal bar for a rate in [0, 1], with eighth blocks for the remainder."""
    eighths = round(max(0.0, min(1.0, value)) * width * 8)
    full, rest = divmod(eighths, 8)
    return ("█" * full + (" ▏▎▍▌▋▊▉"[rest] if rest else "")).ljust(width)


def precision_line(name: str, tp: int, fp: int) -> list[Part]:
    """`name  0.67 [0.42, 0.85] n=12  ░░▓▓█▓░░`, or a dash before any true/false label."""
    n = tp + fp
    label: Part = (f"{one_line(name)[:9]:<9} ", "bold")
    if not n:
        return [label, ("   –   no true/false labels\n", "dim")]
    low, high = wilson_interval(tp, n)
    return [
        label,
        f"{tp / n:.2f} ",
        (f"[{low:.2f}, {high:.2f}] n={n:<4} ", "dim"),
        *range_bar(tp / n, low, high),
        "\n",
    ]


def slice_line(name: str, group: Slice) -> list[Part]:
    """A kind's or unit's line: its precision estimated over the run's strata where the
    figures carry it (db.figures), as `reviewer stats` prints it; else its labels'."""
    tp, fp = counts(group)
    estimate = getattr(group, "precision_ci", None)
    if estimate is None or not tp + fp:
        return precision_line(name, tp, fp)
    label: Part = (f"{one_line(name)[:9]:<9} ", "bold")
    low, high = estimate
    if getattr(group, "unmeasured", None):
        return [label, (f"{low:.2f}–{high:.2f} bounds: no queue label yet\n", "$warning")]
    point = getattr(group, "precision", None)
    if point is None:
        return precision_line(name, tp, fp)
    return [
        label,
        f"{point:.2f} ",
        (f"[{low:.2f}, {high:.2f}] n={tp + fp:<4} ", "dim"),
        *range_bar(point, low, high),
        "\n",
    ]


def overall_line(s: Mapping[str, Any]) -> list[Part]:
    """The run's stratified precision, or its bounds while a stratum is unmeasured."""
    label: Part = (f"{'overall':<9} ", "bold")
    low, high = s.get("precision_ci") or (0.0, 1.0)
    if s.get("unmeasured"):
        return [label, (f"{low:.2f}–{high:.2f} bounds: a stratum is unmeasured\n", "$warning")]
    if s.get("precision") is None:
        return [label, ("   –   no true/false labels\n", "dim")]
    point = float(s["precision"])
    return [
        label,
        f"{point:.2f} ",
        (f"[{low:.2f}, {high:.2f}] strata ", "dim"),
        *range_bar(point, low, high),
        "\n",
    ]


def honest_figures(s: Any) -> Mapping[str, Any]:
    """The run's strata figures (db.figures.PrecisionStats has them), else nothing."""
    if getattr(s, "strata", None) and hasattr(s, "to_dict"):
        return dict(s.to_dict())
    return {}


def counts(group: Slice) -> tuple[int, int]:
    """(tp, fp) of one entry of by_kind / by_unit."""
    return group.true_positives, group.false_positives


def stats_content(report: StatsReport) -> Content:
    """The whole panel as one Content, from numbers and plain strings only."""
    s = report.stats
    tp, fp = s.true_positives, s.false_positives
    flags, labeled = s.flags, s.labeled
    whose = f" · {one_line(report.whose)[:24]}'s labels" if report.whose else ""
    parts: list[Part] = [("Precision", "bold underline"), (f"  95% Wilson{whose}\n", "dim")]
    honest = honest_figures(s)
    if honest:  # the run's estimate over its strata; the lines below are the labels'
        parts += overall_line(honest)
    else:
        parts += precision_line("overall", tp, fp)
    for title, groups in (("by kind", s.by_kind), ("by unit", s.by_unit)):
        if groups:
            parts.append((f"{title}\n", "italic dim"))
            for name, group in sorted(groups.items()):
                parts += slice_line(f" {name}", group)
    share = labeled / flags if flags else 0.0
    needed = s.labels_needed
    left = flags - labeled
    disputed = int(honest.get("in_dispute", 0))
    more = f"{needed:,} more true/false labels" if needed else ""
    parts += [
        ("\nCoverage    ", "bold"),
        f"{labeled:,} / {flags:,} ({share:.1%}) ",
        (mean_bar(share, 12), "$success"),
        ("\nTo ±5 pts   ", "bold"),
    ]
    if not honest.get("labels_reach", True):  # labels alone would not get there
        ways = [f"label the {s.skipped:,} skipped"] * bool(s.skipped)
        ways += [f"settle the {disputed:,} claims in dispute"] * bool(disputed)
        settle = " and ".join(ways) or "settle what is open"
        parts += [f"{more}, then " if more else "", (settle + "\n", "$warning")]
    else:
        parts.append(f"{more}\n" if more else "there: the interval is ±5 or less\n")
        if needed > left:  # labeling every flag left would not get there
            parts.append((f"            only {left:,} unlabeled flags left: ingest more\n",
                          "$warning"))  # fmt: skip
    parts += [(f"skipped     {s.skipped:,}\n", "dim")]
    parts += model_parts(report.model)
    if report.model is None:  # a run made by the rules alone
        parts += learn_parts(tp, fp)
    parts += switch_parts(report.switch_off)
    parts += strata_parts(honest)
    parts += agreement_parts(report.agreement)
    parts += arms_parts(report)
    parts += runs_parts(report.runs)
    return Content.assemble(*parts)


def learn_parts(tp: int, fp: int) -> list[Part]:
    """The commands that learn a model of the labels and flag with it, once they are
    worth learning from (`reviewer stats` gives them too); nothing before."""
    if not worth_learning(tp, fp):
        return []
    return [
        ("\nLearn       ", "bold"),
        (
            f"{fp:,} of {tp + fp:,} verdicts say the flag is false: a model can learn "
            "which are right\n",
            "dim",
        ),
        (" reviewer learn --name team", "$accent"),
        (", then ", "dim"),
        ("reviewer flag --model team", "$accent"),
        (" (with this database's --db)\n", "dim"),
    ]


def switch_parts(rules: Sequence[SwitchOff]) -> list[Part]:
    """The rules to switch off, each with its labels, then the `[rules] off` line a
    domain's detector config takes; nothing when the labels say none."""
    if not rules:
        return []
    parts: list[Part] = [
        ("\nSwitch off  ", "bold"),
        ("their labels say most flags are false\n", "dim"),
    ]
    for found in rules:
        told = f"{found.true}/{found.verdicts} true, under {found.high:.2f}\n"
        parts += [f" {one_line(found.rule)}  ", (told, "dim")]
    ids = [found.off for found in rules if found.off is not None]
    if ids:
        quoted = ", ".join(f'"{one_line(rule_id)}"' for rule_id in ids)
        parts += [(f" [rules] off = [{quoted}]", "$accent"),
                  (" in the domain's detector config\n", "dim")]  # fmt: skip
    return parts


def estimate_line(
    name: str, point: float | None, ci: Sequence[float] | None, n: str, missing: str
) -> list[Part]:
    """`name  0.92 [0.81, 0.97] n=12  ░░▓▓█▓░░`, or a dash and why there is no estimate."""
    label: Part = (f"{name:<9} ", "bold")
    if point is None or not ci:
        return [label, (f"   –   {missing}\n", "dim")]
    low, high = ci
    return [label, f"{point:.2f} ", (f"[{low:.2f}, {high:.2f}] {n:<6} ", "dim"),
            *range_bar(point, low, high), "\n"]  # fmt: skip


def model_parts(model: Mapping[str, Any] | None) -> list[Part]:
    """A run made with a learned model: its precision cross-validated when the model was
    learned and, apart, from the labels made on its flags since; the labels it learned
    from are no sample of these flags, so they are counted, not estimated from."""
    if not model:
        return []
    cross, after = model["cross_validated"], model["after_training"]
    trained = int(model["training_labels"])
    flags = f"{trained:,} flag{'s' * (trained != 1)}"
    since = f"n={after['labels']}"
    came, learned = (  # a model learned in another database (db.learned.store_model)
        ("came", "learned elsewhere")
        if model.get("elsewhere")
        else ("was learned", "it learned from them")
    )
    return [
        ("\nLearned model", "bold underline"),
        (f"  #{model['id']} {one_line(str(model['name']))[:30]} · precision\n", "dim"),
        *estimate_line(
            "cross-val",
            cross.get("precision"),
            cross.get("precision_ci"),
            "",
            "no flag in its cross-validation",
        ),
        *estimate_line(
            "since",
            after["precision"],
            after["precision_ci"],
            since,
            "no true/false label since it was learned",
        ),
        (f"            {flags} labeled before it {came}:\n", "dim"),
        (f"            {learned}, no sample\n", "dim"),
    ]


def runs_parts(runs: Sequence[Any]) -> list[Part]:
    """Precision per run with its interval, and its arms as blocks (template | rewrite):
    how the check moved across releases."""
    shown = [s for s in runs if getattr(s.run, "status", "finished") == "finished"]
    if len(shown) < 2:  # one run: the panel above says it all
        return []
    parts: list[Part] = [("\nAcross runs", "bold underline"),
                         ("  precision 95% · arms t | rw\n", "dim")]  # fmt: skip
    for summary in shown:
        point, low, high = run_precision(summary)
        arms = summary.arms
        template, rewrite = arm_sparks(arms, "template"), arm_sparks(arms, "rewrite")
        verdict = ("", "") if arms is None else (
            (" PASS", "$success") if not arms.get("failures") else (" FAIL", "$error")
        )  # fmt: skip
        parts += [
            (f"#{summary.run.id:<3}", "bold"),
            *range_bar(point, low, high, 14),
            f" {'  –' if point is None else f'{point:.2f}'}",
            verdict,
            f" {template or '····'}|{rewrite or '····'}\n",
        ]
    return parts


def agreement_parts(agreement: Mapping[str, Any] | None) -> list[Part]:
    """Krippendorff's α over the doubly labeled claims, and how many the reviewers differ on."""
    if not agreement or not agreement["claims"]:  # one reviewer: nothing to agree on
        return []
    parts: list[Part] = [("\nAgreement   ", "bold")]
    alpha = agreement["alpha"]
    if alpha["value"] is None:
        parts.append((f"α undefined ({alpha['undefined']})", "dim"))
    else:
        parts.append(f"α {alpha['value']:.2f}")
        if alpha["ci"]:
            low, high = alpha["ci"]
            parts.append((f" [{low:.2f}, {high:.2f}]", "dim"))
        elif alpha.get("no_interval"):
            parts.append((" (no interval: the same in every resample)", "dim"))
    parts += [
        (f"\n            {agreement['claims']:,} claims labeled by two or more\n", "dim"),
        (f"            reviewers differ on {agreement['disagreements']:,}\n", "dim"),
    ]
    return parts


def arms_parts(report: StatsReport) -> list[Part]:
    """The four-arm table with the production row, a bar per mean, and pass/fail."""
    if report.arms is None:
        reason = one_line(report.arms_error or "not available")
        return [("\nFour arms\n", "bold underline"), (f"cannot run: {reason}\n", "dim")]
    arms = report.arms
    verdict = ("PASS", "bold $success") if arms.passed else ("FAIL", "bold $error")
    parts: list[Part] = [
        ("\nFour arms", "bold underline"),
        (f"  {one_line(arms.detector)} · seed {arms.seed} · {report.pools:,} pools  ", "dim"),
        verdict,
        "\n",
    ]
    if report.source:
        said = {
            "stored": "this run's own, stored when it was made",
            "scored now": "not stored with this run: scored now with its own detector",
        }.get(report.source)
        parts.append((f"{said or report.source}\n", "dim italic"))
    shown = ""
    for row in arms.rows:
        if row.group != shown and row.group != "production":
            heading = {"template": "template sentences", "rewrite": "rewritten briefs"}
            parts.append((f"{heading.get(row.group, row.group)}\n", "italic dim"))
        shown = row.group
        mark = {True: ("✓", "$success"), False: ("✗", "bold $error"), None: (" ", "")}[row.passed]
        bar_style = "$warning" if row.group == "production" else "$primary"
        parts += [
            (f"{row.arm:<11} ", "bold" if row.group == "production" else ""),
            f"{row.mean:.2f} ",
            (mean_bar(row.mean), bar_style),
            " ",
            mark,
            "\n",
        ]
    for message in [*arms.failures, *arms.warnings]:
        parts.append((f"• {one_line(message)}\n", "$error"))
    return parts


class StatsPanel(VerticalScroll, can_focus=False):
    """Toggled beside the prose; filled from a worker's StatsReport."""

    def compose(self):
        yield Static("", markup=False, id="stats-text")

    def show(self, report: StatsReport) -> None:
        self.loading = False
        self.query_one("#stats-text", Static).update(stats_content(report))
