"""The panel's small charts on the command line, as rich Text: a precision interval per
run or per slice, and a run's arms as blocks (reviewer.tui.charts draws both)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from reviewer.commands.console import visible
from reviewer.tui.charts import arm_sparks, interval_cells, run_precision

ROLE_STYLE = {"point": "bold cyan", "inside": "cyan", "outside": "dim", "bounds": "yellow"}


def interval_bar(point: float | None, low: float, high: float, width: int = 20) -> Text:
    """`0 ░░▓▓█▓░░ 1`: the interval on [0, 1], its point marked (▒ bounds without one)."""
    bar = Text("0 ", style="dim")
    for char, role in interval_cells(point, low, high, width):
        bar.append(char, ROLE_STYLE[role])
    bar.append(" 1", style="dim")
    return bar


def figure(point: float | None, low: float, high: float) -> str:
    if point is None:
        return f"bounds {low:.2f}–{high:.2f}"
    return f"{point:.2f} [{low:.2f}, {high:.2f}]"


def runs_chart(summaries: Sequence[Any]) -> list[Text]:
    """Per finished run: its precision interval and its arms (template | rewrite), one
    line each, so a change across releases shows at a glance."""
    lines = [Text("precision per run (95% interval; ▒ bounds while a stratum is unmeasured) "
                  "· arms faithful corrupted sign-flip unrelated, template | rewrite",
                  style="dim")]  # fmt: skip
    for s in summaries:
        if s.run.status != "finished":
            continue
        point, low, high = run_precision(s)
        line = Text(visible(f"#{s.run.id:<4}"), style="bold")
        line.append_text(interval_bar(point, low, high))
        line.append(f"  {figure(point, low, high):<20} ")
        arms = s.arms
        if arms is None:
            line.append("arms not stored", style="dim")
        else:
            passed = not arms.get("failures")
            line.append("PASS " if passed else "FAIL ", style="green" if passed else "bold red")
            template, rewrite = arm_sparks(arms, "template"), arm_sparks(arms, "rewrite")
            line.append(f"{template or '····'} | {rewrite or '····'}")
        lines.append(line)
    return lines
