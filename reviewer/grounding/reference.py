"""The `reference` detector: the published grounding check, weaknesses included.

`PoolDetector` is the shared design (contradiction only, units, signed nearest, three
bands); a detector is a scanner plus a config. The reference uses the published token
rules and only the thresholds of its config.
"""

from __future__ import annotations

from collections.abc import Sequence

from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.nearest import pool_index
from reviewer.grounding.tokens import REFERENCE_SCANNER, Scanner
from reviewer.grounding.types import Analysis, Citation, Flag, Known


class PoolDetector:
    """Scan once, look up each claim's nearest known value, sort it into a band."""

    name = "pool"
    version = "0"
    scanner: Scanner = REFERENCE_SCANNER
    hidden_sign = False  # also sign-check the opposite-sign value nearest in magnitude

    def __init__(self, config: DetectorConfig | None = None) -> None:
        self.config = config or DetectorConfig()

    def config_dict(self) -> dict[str, object]:
        """The configuration this detector actually reads, for storing with a run."""
        return self.config.to_dict()

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        return self._walk(text, pool, None)[0]

    def checkable(self, text: str, pool: Sequence[Known]) -> int:
        return self._walk(text, pool, None)[1]

    def analyze(self, text: str, pool: Sequence[Known]) -> Analysis:
        flags, checkable = self._walk(text, pool, None)
        return Analysis(flags, checkable)

    def citations(self, text: str, pool: Sequence[Known]) -> list[Citation]:
        """The faithful citations (rel <= faithful band), in text order."""
        found: list[Citation] = []
        self._walk(text, pool, found)
        return found

    def _walk(
        self, text: str, pool: Sequence[Known], citations: list[Citation] | None
    ) -> tuple[list[Flag], int]:
        units = pool_index(pool).units
        config = self.config
        faithful, sign_band, value_band = config.faithful, config.sign, config.value
        hidden_band = config.hidden_sign if self.hidden_sign else None
        flags: list[Flag] = []
        checkable = 0
        for start, end, token, value, unit, skip in self.scanner.raw(text):
            if skip is not None:
                continue
            candidates = units.get(unit)
            if candidates is None:
                continue
            checkable += 1
            known = candidates.nearest(value)
            nearest = known.value
            scale = max(abs(nearest), abs(value), 1e-9)
            rel = abs(value - nearest) / scale
            if rel <= faithful:
                if citations is not None:
                    citations.append(Citation(start, end, token, value, known))
                continue
            if ((value > 0 > nearest) or (value < 0 < nearest)) and abs(
                abs(value) - abs(nearest)
            ) / scale <= sign_band:
                kind = "sign"
            else:
                kind = "value" if rel <= value_band else None
                if hidden_band is not None:
                    opposite = candidates.nearest_opposite(value)
                    if opposite is not None:
                        o = opposite.value
                        o_scale = max(abs(o), abs(value), 1e-9)
                        o_rel = abs(abs(value) - abs(o)) / o_scale
                        if o_rel <= hidden_band and o_rel < rel:
                            kind, known, nearest = "sign", opposite, o
                if kind is None:
                    continue
            flags.append(
                Flag(start, end, token, value, unit, known.name, nearest, value - nearest, kind)
            )
        return flags, checkable


class ReferenceDetector(PoolDetector):
    """Exactly the check PRODUCT.md publishes, so that published figures reproduce."""

    name = "reference"
    version = "1.0"

    def config_dict(self) -> dict[str, object]:
        """Only the bands: the reference's unit rules are the published ones, not config."""
        thresholds = dict(self.config.to_dict()["thresholds"])
        thresholds.pop("hidden_sign")
        return {"thresholds": thresholds}
