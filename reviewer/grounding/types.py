"""The values every detector speaks: known values in, flags out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from reviewer.grounding.bands import relative

FlagKind = Literal["value", "sign"]
FlagBasis = Literal["band", "name", "model"]


@dataclass(frozen=True, slots=True)
class Known:
    """A value the model was given: `Known("rhr", 52.0, "bpm")`."""

    name: str
    value: float
    unit: str = "none"


@dataclass(frozen=True, slots=True)
class Flag:
    """A number in the text that looks like a known value but contradicts it."""

    start: int
    end: int
    token: str
    value: float
    unit: str
    nearest: str
    nearest_value: float
    delta: float
    kind: FlagKind
    # how the known value was chosen: the nearest of its unit ("band"), or the metric's
    # name written beside the number ("name"), or a learned model's verdict ("model")
    basis: FlagBasis = "band"
    # the reading that made the flag: "band", "name:resting heart rate", "sign.word" ...
    # (`reviewer rules` lists them); a detector that says no more is read by the band
    rule: str = "band"

    @property
    def rel(self) -> float:
        """Relative distance to the nearest known value, as the detector measured it."""
        return relative(self.value, self.nearest_value)

    def to_dict(self) -> dict[str, object]:
        # by hand: dataclasses.asdict deep-copies every field, 30x slower on a hot path
        return {
            "start": self.start, "end": self.end, "token": self.token, "value": self.value,
            "unit": self.unit, "nearest": self.nearest, "nearest_value": self.nearest_value,
            "delta": self.delta, "kind": self.kind, "basis": self.basis, "rule": self.rule,
        }  # fmt: skip


ReadingOutcome = Literal["flag", "cited", "no statement", "unrelated", "no candidate", "skipped"]


@dataclass(frozen=True, slots=True)
class Reading:
    """What a detector made of one number of a text, and the rule that decided it: a flag,
    a faithful citation, no statement of a value (a plan, a range ...), an unrelated
    quantity, a number no known value shares a unit with, or a number skipped (a window,
    a duration)."""

    start: int
    end: int
    token: str
    value: float | None
    unit: str
    outcome: ReadingOutcome
    rule: str
    known: str | None = None  # the known value it was compared with, if any
    known_value: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "start": self.start, "end": self.end, "token": self.token, "value": self.value,
            "unit": self.unit, "outcome": self.outcome, "rule": self.rule,
            "known": self.known, "known_value": self.known_value,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Analysis:
    """One detector pass over one text: its flags and how many tokens it could check."""

    flags: list[Flag]
    checkable: int

    @property
    def invention_rate(self) -> float:
        return len(self.flags) / self.checkable if self.checkable else 0.0


@runtime_checkable
class Detector(Protocol):
    """Anything with `flag(text, pool)`, returning a list of flags or any iterable of them
    (a generator lets a text with millions of flags stream); `checkable` is optional."""

    def flag(self, text: str, pool: Sequence[Known]) -> Iterable[Flag]: ...


@dataclass(frozen=True, slots=True)
class Citation:
    """A number in the text that matches a known value within the faithful band."""

    start: int
    end: int
    token: str
    value: float
    known: Known
