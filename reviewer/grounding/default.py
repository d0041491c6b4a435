"""The `default` detector: the reference design with its eight known weaknesses fixed.

Same contradiction-only design, units, signed nearest and bands as the reference; the
numbers come from `DefaultScanner` (default_scanner.py), and a sign inversion hidden behind a nearer
same-sign value is still caught: when the opposite-sign candidate nearest in magnitude is
within `hidden_sign` of the value (and closer than the signed nearest), it is a sign flag.

One reading beyond the eight: a decrease written as a magnitude with a direction word
right next to it ("down 40.4%", "11.4 mi less than last week", "3 bpm below") cites a
negative known value faithfully, so its sign flag is dropped when the magnitudes agree.
"""

from __future__ import annotations

import re

from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default_scanner import SIGNS, SPACE, DefaultScanner, alias_pattern
from reviewer.grounding.pool import PoolDetector
from reviewer.grounding.types import Known

DOWN_BEFORE = re.compile(
    rf"(?i:\b(?:down|dropped|fell|lost|decreased|declined|dipped|sank|shed)"
    rf"(?:{SPACE}+by)?){SPACE}+$"
)
DOWN_AFTER = "less|fewer|lower|below|under|down|shorter|slower|lighter|smaller"


class DefaultDetector(PoolDetector):
    """The detector `reviewer` runs unless told otherwise."""

    name = "default"
    version = "1.0"
    hidden_sign = True

    def __init__(self, config: DetectorConfig | None = None) -> None:
        super().__init__(config)
        self.scanner = DefaultScanner(self.config)
        aliases = alias_pattern(list(self.config.alias_units()))
        self._down_after = re.compile(
            rf"(?:{SPACE}*(?i:{aliases}))?{SPACE}*(?i:{DOWN_AFTER})(?![A-Za-z])"
        )

    def _written_as_decrease(self, text: str, start: int, token: str, known: Known) -> bool:
        value = known.value
        if token[0] in SIGNS or not value < 0:
            return False
        magnitude = self.scanner.value(token)
        if abs(magnitude + value) / max(magnitude, -value, 1e-9) > self.config.faithful:
            return False
        end = start + len(token)
        return bool(
            DOWN_BEFORE.search(text, max(0, start - 40), start) or self._down_after.match(text, end)
        )
