"""The check's three bands: their default thresholds, the arithmetic that puts a number in
one, and the line that says which band a flag fell in (the app shows it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

FAITHFUL = 0.03  # rel <= faithful: a faithful citation
SIGN = 0.50  # opposite signs and magnitude gap <= sign: a sign flag
VALUE = 0.12  # rel <= value: a value flag; beyond: unrelated, ignored
HIDDEN_SIGN = 0.12  # default only: sign-check an opposite-sign value past the nearest
NAME = 1.0  # default only: rel <= name flags a number its metric's name points at
SCALE_FLOOR = 1e-9  # keeps a comparison with zero finite
# A known value's magnitude stays below this, or input holding it is refused: far from the
# float maximum (1.8e308), so its distance to any number a band below 1 can place near it
# is a finite float (a sign flip of -1.7e308 read as +1e308 is a distance of 2.7e308: inf).
KNOWN_LIMIT = 1e300
KNOWN_RANGE = f"a known value must lie between -{KNOWN_LIMIT:g} and {KNOWN_LIMIT:g}"


def scale(value: float, nearest: float) -> float:
    """What a distance is measured against: the larger magnitude of the two."""
    return max(abs(nearest), abs(value), SCALE_FLOOR)


def relative(value: float, nearest: float) -> float:
    """Relative distance of a value to the known value it was compared with."""
    return abs(value - nearest) / scale(value, nearest)


def magnitude_gap(value: float, nearest: float) -> float:
    """Relative distance of the magnitudes: how close a sign flip is to the known value."""
    return abs(abs(value) - abs(nearest)) / scale(value, nearest)


@dataclass(frozen=True, slots=True)
class Bands:
    """The thresholds a flag was sorted with, to say which band it fell in."""

    faithful: float = FAITHFUL
    sign: float = SIGN
    value: float = VALUE
    name: float = NAME

    @classmethod
    def from_config(cls, config: str | None) -> Bands:
        """The bands of a run, from its stored config JSON (defaults where it has none)."""
        try:
            data = json.loads(config)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return cls()
        found: dict[str, float] = {}

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                for key, value in node.items():
                    if key in ("faithful", "sign", "value", "name") and isinstance(
                        value, int | float
                    ):
                        found.setdefault(key, float(value))
                    else:
                        walk(value)

        walk(data)
        return cls(**found)


DEFAULT_BANDS = Bands()


class Measured(Protocol):
    """What the band line needs of a flag (a `Flag`, or a stored one)."""

    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> float: ...
    @property
    def nearest_value(self) -> float: ...
    @property
    def rel(self) -> float: ...


def band_text(flag: Measured, bands: Bands) -> str:
    """Which band of the check a flag fell in, with the figure that put it there. A flag
    found by its metric's name (`basis` "name") says so: past the value band, its name
    band let it through."""
    by_name = getattr(flag, "basis", None) == "name"
    if flag.kind == "sign":
        gap = magnitude_gap(flag.value, flag.nearest_value)
        said = f"sign: opposite, size gap {gap:.3f} <= {bands.sign:.2f}"
        return f"{said}; named" if by_name else said
    if by_name:
        return f"name: {bands.faithful:.2f} < rel {flag.rel:.3f} <= {bands.name:.2f}"
    return f"value: {bands.faithful:.2f} < rel {flag.rel:.3f} <= {bands.value:.2f}"
