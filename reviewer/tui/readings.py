"""Why the run's detector passed over a number: its reading (outcome and rule), made by the
run's own built-in detector with the run's own config. A plugin named by a stored spec is
never imported to say so: opening a database runs no code it names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from reviewer.grounding.types import Known, Reading

BUILTIN = ("default", "reference")
EXPLAIN_LIMIT = 200_000  # characters of a brief past which the picker explains nothing


class StoredRun(Protocol):
    detector: str
    spec: str | None
    config: str | None


class Explainer(Protocol):
    def explain(self, text: str, pool: Sequence[Known]) -> list[Reading]: ...


def run_explainer(run: StoredRun | None) -> tuple[Explainer | None, str | None]:
    """The run's detector if it is a built-in one, loaded with the run's stored config;
    else None and why the readings cannot be told."""
    if run is None:
        return None, "no run"
    if run.detector not in BUILTIN or (run.spec or run.detector) != run.detector:
        return None, f"the run's detector {run.spec or run.detector!r} is not a built-in one"
    from reviewer.checks.registry import DetectorLoadError, load_detector
    from reviewer.grounding.config import ConfigError, stored_config

    try:
        detector: Any = load_detector(run.detector, stored_config(run.config))
    except (ConfigError, DetectorLoadError) as problem:
        return None, str(problem)
    return (detector, None) if callable(getattr(detector, "explain", None)) else (None, None)


def unexplained(explainer_note: str | None, text: str) -> str | None:
    """Why the picker cannot tell its numbers' readings, or None when it can."""
    if explainer_note is not None:
        return explainer_note
    if len(text) > EXPLAIN_LIMIT:
        return f"the brief is over {EXPLAIN_LIMIT:,} characters; `reviewer scan --explain` reads it"
    return None


def readings_by_start(
    explainer: Explainer | None, text: str, pool: Sequence[Known]
) -> dict[int, Reading]:
    """Each number's reading by where it starts; none for a brief too long to read at a key."""
    if explainer is None or len(text) > EXPLAIN_LIMIT:
        return {}
    return {reading.start: reading for reading in explainer.explain(text, pool)}


OUTCOME_WORDS = {
    "flag": "rules flag it",
    "cited": "cited",
    "no statement": "no statement",
    "unrelated": "unrelated",
    "no candidate": "no candidate",
    "skipped": "skipped",
}


def short_reason(reading: Reading | None) -> str:
    """`no statement · plan.bound`: a picker line's reading."""
    if reading is None:
        return ""
    return f"{OUTCOME_WORDS.get(reading.outcome, reading.outcome)} · {reading.rule}"


def passed_over(reading: Reading | None, note: str | None = None) -> str:
    """Why a number was not flagged, in a sentence, with the rule that decided it."""
    if reading is None:
        return f"Why it was not flagged is not known: {note}." if note else ""
    known = f"{reading.known} {reading.known_value:g}" if reading.known_value is not None else ""
    rule = reading.rule
    if reading.outcome == "cited":
        told = f"a faithful citation of {known or 'a known value'}"
    elif reading.outcome == "no statement":
        told = "read as no statement of a known value"
    elif reading.outcome == "unrelated":
        told = "unrelated: too far from every known value of its unit"
    elif reading.outcome == "no candidate":
        told = "no known value shares its unit"
    elif reading.outcome == "skipped":
        told = "skipped by the scanner"
    else:
        # stored flags and today's rules differ: a learned model or another version decided
        told = f"the rules flag it against {known or 'a known value'}, this run did not"
    return f"Passed over: {told} (rule {rule}){_summary(rule)}"


def _summary(rule_id: str) -> str:
    from reviewer.grounding.rules import by_id

    rule = by_id(rule_id)
    return f": {rule.summary}" if rule is not None else ""
