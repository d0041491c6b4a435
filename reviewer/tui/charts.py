"""Small charts drawn in text, the same in the app's panel and on the command line: an
interval on [0, 1] as a bar of cells, and a row of rates as one block each. Pure: cells
come with a role (point, inside, outside, bounds) that each renderer styles its own way."""

from __future__ import annotations

from collections.abc import Sequence

BAR = 20
SPARKS = "▁▂▃▄▅▆▇█"


def interval_cells(
    point: float | None, low: float, high: float, width: int = BAR
) -> list[tuple[str, str]]:
    """[0, 1] as (character, role) cells: ░ outside the interval, ▓ inside, █ at the point
    estimate; with no point (a stratum unmeasured) ▒ across the bounds."""
    cells = []
    at = None if point is None else min(width - 1, int(point * width))
    for i in range(width):
        middle = (i + 0.5) / width
        if i == at:
            cells.append(("█", "point"))
        elif low <= middle <= high:
            cells.append(("▓" if at is not None else "▒", "inside" if at is not None else "bounds"))
        else:
            cells.append(("░", "outside"))
    return cells


def sparks(values: Sequence[float]) -> str:
    """One block per rate in [0, 1], its height the rate: `▁██▂` for the four arms."""
    top = len(SPARKS) - 1
    return "".join(SPARKS[round(max(0.0, min(1.0, v)) * top)] for v in values)


ARM_ORDER = ("faithful", "corrupted", "sign-flip", "unrelated")


def arm_sparks(arms: dict | None, group: str) -> str:  # type: ignore[type-arg]
    """A run's stored arms of one group (template or rewrite) as four blocks, faithful to
    unrelated; "" when the run did not store that group."""
    means = {r["arm"]: float(r["mean"]) for r in (arms or {}).get("rows", [])
             if r.get("group") == group}  # fmt: skip
    if not all(arm in means for arm in ARM_ORDER):
        return ""
    return sparks([means[arm] for arm in ARM_ORDER])


def run_precision(summary: object) -> tuple[float | None, float, float]:
    """(point, low, high) of a run as `runs` gives it: no point while it has only bounds."""
    low, high = summary.precision_ci  # type: ignore[attr-defined]
    point = None if summary.unmeasured else summary.precision  # type: ignore[attr-defined]
    return point, low, high
