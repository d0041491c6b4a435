"""The `default` detector: the reference design with its eight known weaknesses fixed.

Same contradiction-only design, units, signed nearest and bands as the reference; the
numbers come from `DefaultScanner` (units.py), and a sign inversion hidden behind a nearer
same-sign value is still caught: when the opposite-sign candidate nearest in magnitude is
within `hidden_sign` of the value (and closer than the signed nearest), it is a sign flag.
"""

from __future__ import annotations

from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.reference import PoolDetector
from reviewer.grounding.units import DefaultScanner


class DefaultDetector(PoolDetector):
    """The detector `reviewer` runs unless told otherwise."""

    name = "default"
    version = "1.0"
    hidden_sign = True

    def __init__(self, config: DetectorConfig | None = None) -> None:
        super().__init__(config)
        self.scanner = DefaultScanner(self.config)
