"""What the default's sentence tests share: a known value written short, and a sentence's
flags as (token, kind, nearest), with each flag's basis when asked."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.types import Known


def K(name: str, value: float, unit: str = "none") -> Known:
    return Known(name, value, unit)


def flag_reader(
    detector: DefaultDetector, *, basis: bool = False
) -> Callable[[str, Sequence[Known]], list[tuple]]:
    """`flags(text, pool)`: the detector's flags on one sentence, as (token, kind, nearest),
    and `basis` last when asked."""

    def flags(text: str, pool: Sequence[Known]) -> list[tuple[str, ...]]:
        found = detector.flag(text, pool)
        if basis:
            return [(f.token, f.kind, f.nearest, f.basis) for f in found]
        return [(f.token, f.kind, f.nearest) for f in found]

    return flags


def stated_in_domains(cases: Sequence[tuple]) -> tuple[int, int]:
    """For (domain, text, expected flags) cases: how many expect a flag, in how many domains
    (a rule is written with a dozen sentences or more, in several voices)."""
    stated = [case for case in cases if case[2]]
    return len(stated), len({case[0] for case in stated})
