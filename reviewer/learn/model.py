"""A learned model of a team's labels, as data: the weights of a logistic regression over
the features of reviewer.learn.candidates, and the threshold its verdict uses.

The file format (JSON, one object; loading it runs no code):

    {"format": "reviewer-model", "version": 1,
     "estimator": "logistic-regression",
     "vocabulary": ["basis=name", "left:forecast", ...],   # feature names
     "coefficients": [0.83, -1.42, ...],                    # one weight per feature
     "intercept": -1.7,
     "keep_threshold": 0.2,    # a rule's flag stays when p >= keep_threshold (0: always)
     "threshold": 0.46,        # an unflagged number is flagged when p >= threshold (null:
                               # never); a number equal to its known value never is
     "trained_on": {...}}      # what it learned from: labels, briefs, run, detector, config

p = 1 / (1 + exp(-(intercept + sum of the weights of the features present))).
`ModelDetector` wraps a detector: the detector's readings, then the model's verdict on
every candidate, so it drops a flag the model calls a false alarm and adds, as
`basis: model`, a contradiction the rules passed over.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reviewer.grounding.types import Flag, Known, Reading
from reviewer.learn.candidates import Candidate, candidates, read

FORMAT = "reviewer-model"
VERSION = 1


class ModelError(ValueError):
    """A model file or stored model this reviewer cannot use; the message says why."""


@dataclass(frozen=True, slots=True)
class ModelFlag(Flag):
    """A flag with the model's probability that it contradicts its known value."""

    probability: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {**Flag.to_dict(self), "probability": round(self.probability, 4)}


@dataclass(frozen=True, slots=True)
class ModelReading(Reading):
    """A reading with the model's probability that the number contradicts its known value
    (None for a number the model does not judge)."""

    probability: float | None = None

    def to_dict(self) -> dict[str, object]:
        shown = None if self.probability is None else round(self.probability, 4)
        return {**Reading.to_dict(self), "probability": shown}


@dataclass(frozen=True)
class Model:
    """Feature weights, intercept and threshold; `trained_on` says what it learned from."""

    weights: dict[str, float]
    intercept: float
    threshold: float | None
    trained_on: dict[str, Any] = field(default_factory=dict)
    estimator: str = "logistic-regression"
    keep_threshold: float = 0.0

    def decides(self, probability: float, flagged: bool, exact: bool) -> bool:
        """Whether a number contradicts its known value, by the model's verdict."""
        if flagged:
            return probability >= self.keep_threshold
        return not exact and self.threshold is not None and probability >= self.threshold

    def probability(self, features: Sequence[str]) -> float:
        z = self.intercept + sum(self.weights.get(f, 0.0) for f in features)
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def to_dict(self) -> dict[str, Any]:
        names = sorted(self.weights)
        return {
            "format": FORMAT,
            "version": VERSION,
            "estimator": self.estimator,
            "vocabulary": names,
            "coefficients": [self.weights[n] for n in names],
            "intercept": self.intercept,
            "threshold": self.threshold,
            "keep_threshold": self.keep_threshold,
            "trained_on": self.trained_on,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, sort_keys=True)


def _number(data: dict[str, Any], key: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ModelError(f"{key} must be a finite number")
    return float(value)


def model_from_dict(data: Any) -> Model:
    """A Model from its JSON object, every field checked (ModelError says what is wrong)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ModelError(f'not a reviewer model (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise ModelError(f"model format version {data.get('version')!r}; this reads {VERSION}")
    names, weights = data.get("vocabulary"), data.get("coefficients")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ModelError("vocabulary must be a list of feature names")
    if not isinstance(weights, list) or len(weights) != len(names):
        raise ModelError("coefficients must be a list of numbers, one per vocabulary entry")
    for weight in weights:
        _number({"coefficient": weight}, "coefficient")
    threshold = None if data.get("threshold") is None else _number(data, "threshold")
    keep = _number(data, "keep_threshold") if "keep_threshold" in data else 0.0
    if any(t is not None and not 0.0 <= t <= 1.0 for t in (threshold, keep)):
        raise ModelError("threshold and keep_threshold must be between 0 and 1")
    trained_on = data.get("trained_on", {})
    return Model(
        weights={n: float(w) for n, w in zip(names, weights, strict=True)},
        intercept=_number(data, "intercept"),
        threshold=threshold,
        trained_on=trained_on if isinstance(trained_on, dict) else {},
        estimator=str(data.get("estimator", "logistic-regression")),
        keep_threshold=keep,
    )


def model_from_json(text: str) -> Model:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as problem:
        raise ModelError(f"not JSON: {problem.msg} (line {problem.lineno})") from None
    return model_from_dict(data)


def verdict_flag(candidate: Candidate, probability: float) -> ModelFlag:
    """The flag the model makes of a candidate: the rules' flag with its probability, or a
    new one against the candidate's known value (`basis: model`)."""
    if candidate.flag is not None:
        kept = candidate.flag
        return ModelFlag(**{s: getattr(kept, s) for s in Flag.__slots__}, probability=probability)  # type: ignore[arg-type]
    known = candidate.known
    kind = "sign" if candidate.value * known.value < 0 else "value"
    return ModelFlag(
        candidate.start,
        candidate.end,
        candidate.token,
        candidate.value,
        candidate.unit,
        known.name,
        known.value,
        candidate.value - known.value,
        kind,
        "model",  # type: ignore[arg-type]
        rule="model",
        probability=probability,
    )


class ModelDetector:
    """A detector's readings, then a learned model's verdict on each candidate."""

    def __init__(self, detector: Any, model: Model) -> None:
        self.detector, self.model = detector, model
        self.config = getattr(detector, "config", None)
        self.scanner = getattr(detector, "scanner", None)
        self.name = f"{getattr(detector, 'name', type(detector).__name__)}+model"
        self.version = getattr(detector, "version", "unversioned")
        self.reads_prose = bool(getattr(detector, "reads_prose", False))  # (and more)
        self._counted: tuple[str, int] | None = None  # the last text flagged, its count

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        found: list[Flag] = []
        self._counted = None

        def count(checkable: int) -> None:
            self._counted = (text, checkable)

        for candidate in candidates(self.detector, text, pool, count):
            probability = self.model.probability(candidate.features)
            if self.model.decides(probability, candidate.flag is not None, candidate.exact):
                found.append(verdict_flag(candidate, probability))
        return found

    def explain(self, text: str, pool: Sequence[Known]) -> list[Reading]:
        """The detector's readings, each number the model judges with its probability: a
        rule's flag it drops reads "dropped by model", a number it flags reads as a flag
        by rule "model"."""
        _, _, readings = read(self.detector, text, pool)
        judged = {(c.start, c.end): c for c in candidates(self.detector, text, pool)}
        found: list[Reading] = []
        for reading in readings:
            c = judged.get((reading.start, reading.end))
            fields = {s: getattr(reading, s) for s in Reading.__slots__}
            if c is None:
                found.append(ModelReading(**fields))
                continue
            p = self.model.probability(c.features)
            if not self.model.decides(p, c.flag is not None, c.exact):
                if c.flag is not None:
                    fields["outcome"] = "dropped by model"
            elif c.flag is None:
                fields |= {"outcome": "flag", "rule": "model", "known": c.known.name,
                           "known_value": c.known.value}  # fmt: skip
            found.append(ModelReading(**fields, probability=p))
        return found

    def checkable(self, text: str, pool: Sequence[Known]) -> int:
        """The detector's count: from the pass `flag` just made where it gave one."""
        if self._counted is not None and self._counted[0] is text:
            counted, self._counted = self._counted[1], None
            return counted
        count = getattr(self.detector, "checkable", None)
        return count(text, pool) if callable(count) else 0
