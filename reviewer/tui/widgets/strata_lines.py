"""The honest part of the stats: a run's strata, what is unmeasured, recall; as Content
parts from numbers and plain strings (stratum names are ours, never brief text)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Part = str | tuple[str, str]

STRATUM_NAMES = {"inherited": "inherited", "by_hand": "by hand", "new": "new", "same": "same"}


def stratum_name(name: str, previous: int | None) -> str:
    if name == "new" and previous:
        return f"new since #{previous}"
    if name == "same" and previous:
        return f"same as #{previous}"
    return STRATUM_NAMES.get(name, name)


def unmeasured_words(stats: Mapping[str, Any]) -> str:
    """`new since #1 (140 flags)`: the strata still without a label, for a header."""
    previous = stats.get("previous_run")
    flags = {s["name"]: s["flags"] for s in stats.get("strata", [])}
    return ", ".join(
        f"{stratum_name(name, previous)} ({flags.get(name, 0):,} flags)"
        for name in stats.get("unmeasured", [])
    )


def header_parts(
    stats: Mapping[str, Any], *, queue: bool = True, compact: bool = False
) -> list[Part]:
    """`precision 0.41 [0.35, 0.48] queue 40`, or the bounds and which stratum is
    unmeasured; `queue=False` leaves the queue's count out; `compact` names the
    unmeasured strata only (`unmeasured: new, same`)."""
    low, high = stats.get("precision_ci") or (0.0, 1.0)
    if stats.get("unmeasured"):
        which = ", ".join(stats["unmeasured"]) if compact else unmeasured_words(stats)
        return [
            (" precision " if compact else "   precision ", "dim"),
            (f"{low:.2f}–{high:.2f}", "bold $warning"),
            (f" unmeasured: {which}", "$warning"),
        ]
    if stats.get("precision") is None:
        return [("   precision – (no true/false labels yet)", "dim")]
    parts: list[Part] = [
        ("   precision ", "dim"),
        (f"{stats['precision']:.2f}", "bold $accent"),
        f" [{low:.2f}, {high:.2f}]",
    ]
    if queue:
        parts.append((f" queue {int(stats.get('queue_labels', 0))}", "dim"))
    return parts


def sample_parts(stats: Mapping[str, Any], only: str, *, short: bool = False) -> list[Part]:
    """` · 9 of 12 labels a sample`: of the true and false labels on one class of flags
    (new or same), how many its random queue brought; the rest were chosen off the queue
    and count by hand, no sample of the class. Nothing before the strata are counted."""
    stratum = next((s for s in stats.get("strata", []) if s["name"] == only), None)
    if stratum is None:
        return []
    sample = int(stratum["true_positives"]) + int(stratum["false_positives"])
    labels = sample + int((stats.get("off_queue") or {}).get(only, 0))
    said = f" · {sample:,}/{labels:,} sampled" if short else (
        f" · {sample:,} of {labels:,} labels a sample"
    )  # fmt: skip
    return [(said, "$warning" if sample < labels else "dim")]


def strata_parts(stats: Mapping[str, Any]) -> list[Part]:
    """Per stratum: precision and interval (or unmeasured), labels of its flags, weight;
    then the combination, where the labels came from, labels needed, recall."""
    strata = [s for s in stats.get("strata", []) if s["flags"]]
    if not strata:
        return []
    previous = stats.get("previous_run")
    parts: list[Part] = [("\nStrata", "bold underline"), ("  weight = share of flags\n", "dim")]
    for s in strata:
        name: Part = (f"{stratum_name(s['name'], previous)[:14]:<14} ", "bold")
        weight = f" w {100 * s['weight']:.0f}%\n"
        if s["precision_ci"] is None:
            parts += [
                name,
                ("unmeasured ", "$warning"),
                (f"0 of {s['flags']:,}", "dim"),
                (weight, "dim"),
            ]
            continue
        low, high = s["precision_ci"]
        parts += [
            name,
            f"{s['precision']:.2f} ",
            (f"[{low:.2f}, {high:.2f}] {s['labeled']:,} of {s['flags']:,}", "dim"),
            (weight, "dim"),
        ]
    low, high = stats.get("precision_bounds") or (0.0, 1.0)
    if stats.get("unmeasured"):
        parts += [
            ("Combined       ", "bold"),
            (f"between {low:.2f} and {high:.2f}: ", "$warning"),
            (f"{unmeasured_words(stats)} unmeasured\n", "$warning"),
        ]
    elif stats.get("precision") is not None:
        parts += [
            ("Combined       ", "bold"),
            f"{stats['precision']:.2f} [{low:.2f}, {high:.2f}]\n",
        ]
    parts += [
        ("Labels         ", "bold"),
        f"{int(stats.get('queue_labels', 0)):,} from the random queue, "
        f"{int(stats.get('hand_labels', 0)):,} by hand\n",
    ]
    needed = stats.get("labels_needed_by_stratum") or {}
    if any(needed.values()):
        where = ", ".join(
            f"{stratum_name(name, previous)}: {n:,}" for name, n in needed.items() if n
        )
        parts += [("To ±5 pts in   ", "bold"), f"{where}\n"]
    parts += difference_parts(stats.get("against_previous"))
    parts += recall_parts(stats.get("recall") or {})
    return parts


def difference_parts(change: Mapping[str, Any] | None) -> list[Part]:
    """This run's precision minus the previous run's, with its interval (or its bounds)."""
    if not change:
        return []
    title: Part = (f"{'Against #' + str(change['run_id']):<15}", "bold")
    if change["difference"] is None:
        low, high = change["bounds"]
        return [title, (f"between {100 * low:+.1f} and {100 * high:+.1f} pts\n", "$warning")]
    low, high = change["difference_ci"]
    return [
        title,
        f"{100 * change['difference']:+.1f} pts ",
        (f"[{100 * low:+.1f}, {100 * high:+.1f}]\n", "dim"),
    ]


def recall_parts(recall: Mapping[str, Any]) -> list[Part]:
    n = int(recall.get("caught", 0)) + int(recall.get("missed", 0))
    if not n:
        read = int(recall.get("reviewed_briefs") or 0)
        said = (
            f"– no contradiction in the {read} brief{'s' * (read != 1)} read in full\n"
            if read
            else "– mark briefs fully reviewed to measure it\n"
        )
        return [("Recall         ", "bold"), (said, "dim")]
    low, high = recall["recall_ci"]
    return [
        ("Recall         ", "bold"),
        f"{recall['recall']:.2f} ",
        (f"[{low:.2f}, {high:.2f}] {recall['caught']} caught, {recall['missed']} missed\n", "dim"),
    ]
