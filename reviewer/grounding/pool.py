"""`PoolDetector`: the design every built-in detector shares.

Contradiction only, units, signed nearest, three bands; a detector is a scanner plus a
config. Subclasses choose the scanner and whether a hidden sign inversion is checked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.explain import explained
from reviewer.grounding.nearest import PoolIndex, UnitIndex, pool_index, remembered
from reviewer.grounding.tokens import (
    NOT_CHECKABLE,
    REFERENCE_SCANNER,
    Hits,
    Judge,
    Judgement,
    Scanner,
)
from reviewer.grounding.types import Analysis, Citation, Flag, Known, Reading

UNRELATED: Judgement = ("unrelated",)  # checkable, never reported: no details kept
_FLAGS = frozenset({"value", "sign"})
_FLAGS_AND_CITATIONS = frozenset({"value", "sign", "faithful"})


def written_step(token: str) -> float:
    """Half the last written digit's place: how far a value may be from what was written
    ("9.8" -> 0.05, "1,250" -> 0.5, "12.5k" -> 50)."""
    from reviewer.grounding.default_scanner import split_multiplier  # the reference never asks

    digits, exponent = split_multiplier(token)
    point = digits.rfind(".")
    step = 0.5 * 10.0 ** -(len(digits) - point - 1) if point >= 0 else 0.5
    return step * float("1" + exponent) if exponent else step


def _masked_sign(candidates: UnitIndex, token: str, value: float, nearest: float) -> Known | None:
    """A sign flip that a coincidental same-sign value hides (class 15): the opposite-sign
    value whose magnitude is the one written, when the near same-sign value is not."""
    opposite = candidates.nearest_opposite(value)
    if opposite is None:
        return None
    step = written_step(token)
    if abs(abs(opposite.value) - abs(value)) <= step < abs(nearest - value):
        return opposite
    return None


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
        return list(self._walk(text, pool, None)[1])

    def checkable(self, text: str, pool: Sequence[Known]) -> int:
        return self._walk(text, pool, None)[0]

    def analyze(self, text: str, pool: Sequence[Known]) -> Analysis:
        checkable, flags = self._walk(text, pool, None)
        return Analysis(list(flags), checkable)

    def stream(self, text: str, pool: Sequence[Known]) -> tuple[int, Iterator[Flag]]:
        """The checkable count, and the flags in text order, each made only when it is
        taken: a text with a million flags never holds them all."""
        return self._walk(text, pool, None)

    def explain(self, text: str, pool: Sequence[Known]) -> list[Reading]:
        """Every number of `text` with what it was read as (`reviewer scan --explain`)."""
        flagged = {flag.start: flag for flag in self.flag(text, pool)}
        return explained(self, text, pool, flagged, {}, self.citations(text, pool))

    def citations(self, text: str, pool: Sequence[Known]) -> list[Citation]:
        """The faithful citations (rel <= faithful band), in text order."""
        found: list[Citation] = []
        for _ in self._walk(text, pool, found)[1]:
            pass
        return found

    def cited(self, text: str, pool: Sequence[Known]) -> tuple[int, list[Flag], list[Citation]]:
        """The checkable count, the flags and the faithful citations, of one pass: what
        `analyze` and `citations` give apart (the rewrite arms need both of a brief)."""
        found: list[Citation] = []
        checkable, flags = self._walk(text, pool, found)
        return checkable, list(flags), found

    def flag_judgements(self, text: str, pool: Sequence[Known]) -> tuple[int, Hits] | None:
        """The checkable count and (start, judgement) of each flag `stream` gives, in text
        order, no Flag made: what `reviewer scan` writes out directly. None for a detector
        whose flags are more than its judgements (one with its own `_walk`)."""
        if type(self)._walk is not PoolDetector._walk:
            return None
        checkable, hits = self._tally(text, pool, _FLAGS)
        written_as_decrease = self._written_as_decrease
        return checkable, (
            (start, judgement)
            for start, judgement in hits
            if judgement[0] != "sign"
            or not written_as_decrease(text, start, judgement[1], judgement[4])
        )

    def _tally(self, text: str, pool: Sequence[Known], keep: frozenset[str]) -> tuple[int, Hits]:
        index = pool_index(pool)
        config = self.config
        reading = (type(self), self.scanner, config.faithful, config.sign, config.value,
                   config.hidden_sign if self.hidden_sign else None)  # fmt: skip
        memo = index.judgements(reading)
        size = len(memo)
        checkable, hits = self.scanner.tally(text, memo, self._judge_for(index), keep)
        if index.cached:
            remembered(len(memo) - size)
        return checkable, hits

    def _walk(
        self, text: str, pool: Sequence[Known], citations: list[Citation] | None
    ) -> tuple[int, Iterator[Flag]]:
        """The checkable count, and the flags as they are made (citations, when a list is
        given, gather as the flags are taken)."""
        keep = _FLAGS_AND_CITATIONS if citations is not None else _FLAGS
        checkable, hits = self._tally(text, pool, keep)

        def flags() -> Iterator[Flag]:
            for start, (kind, token, unit, value, known, delta) in hits:
                if kind == "faithful":
                    citations.append(Citation(start, start + len(token), token, value, known))  # type: ignore[union-attr]
                elif kind == "sign" and self._written_as_decrease(text, start, token, known):
                    continue
                else:
                    yield Flag(start, start + len(token), token, value, unit, known.name,
                               known.value, delta, kind)  # fmt: skip

        return checkable, flags()

    def _written_as_decrease(self, text: str, start: int, token: str, known: Known) -> bool:
        """Whether a sign flag is really a magnitude with a direction word ("down 4%")."""
        return False

    def _judge_for(self, index: PoolIndex) -> Judge:
        """The judgement of one claim against `index`: (kind, token, unit, value, known,
        delta), or (None,) when no pool entry has its unit. Everything it reads is bound
        once per text, since a cold text judges almost every claim it holds."""
        faithful, sign_band, value_band = self.config.faithful, self.config.sign, self.config.value
        hidden_band = self.config.hidden_sign if self.hidden_sign else None
        parse = self.scanner.value
        built, build = index.units, index.unit

        def judge(token: str, unit: str) -> Judgement:
            candidates = built.get(unit, build)
            if candidates is build:
                candidates = build(unit)
            if candidates is None:
                return NOT_CHECKABLE
            try:
                value = float(token)  # most tokens; else the scanner's own reading
            except ValueError:
                try:
                    value = parse(token)
                except ValueError:  # a number the scanner cannot read is not a claim
                    return NOT_CHECKABLE
            if candidates.finite:
                known = candidates.exact.get(value)
                if known is not None:  # rel = 0: a faithful citation (faithful >= 0)
                    return ("faithful", token, unit, value, known, value - known.value)
            known = candidates.nearest(value)
            nearest = known.value
            scale = max(abs(nearest), abs(value), 1e-9)
            rel = abs(value - nearest) / scale
            if rel <= faithful:
                if hidden_band is not None and value != nearest:
                    masked = _masked_sign(candidates, token, value, nearest)
                    if masked is not None:
                        return ("sign", token, unit, value, masked, value - masked.value)
                return ("faithful", token, unit, value, known, value - nearest)
            if ((value > 0 > nearest) or (value < 0 < nearest)) and abs(
                abs(value) - abs(nearest)
            ) / scale <= sign_band:
                return ("sign", token, unit, value, known, value - nearest)
            if hidden_band is not None:
                opposite = candidates.nearest_opposite(value)
                if opposite is not None:
                    o = opposite.value
                    o_rel = abs(abs(value) - abs(o)) / max(abs(o), abs(value), 1e-9)
                    if o_rel <= hidden_band and o_rel < rel:
                        return ("sign", token, unit, value, opposite, value - o)
            if rel <= value_band:
                return ("value", token, unit, value, known, value - nearest)
            return UNRELATED

        return judge
