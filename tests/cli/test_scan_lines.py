"""`reviewer scan`'s hand-written JSON lines are byte for byte what json.dumps writes."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer.checks import registry
from reviewer.commands.scan_lines import brief_line, flag_line
from reviewer.grounding.types import Analysis, Flag, Known


def dumped(record_id: str, analysis: Analysis) -> str:
    """The line json.dumps writes; JSON has no NaN or Infinity, so a flag whose numbers are
    not all finite is left out, and the rate counts the flags written."""
    kept = [
        flag
        for flag in analysis.flags
        if all(math.isfinite(x) for x in (flag.value, flag.nearest_value, flag.delta))
    ]
    checkable = analysis.checkable
    return json.dumps(
        {
            "id": record_id,
            "invention_rate": len(kept) / checkable if checkable else 0.0,
            "flags": [flag.to_dict() for flag in kept],
        },
        ensure_ascii=False,
        allow_nan=False,
    )


text = st.text(st.characters(codec="utf-8"), max_size=12)
number = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**20), 10**20),
    st.sampled_from([0.0, -0.0, 1e16, 1e-7, 52, True]),
)


@st.composite
def flags(draw: st.DrawFn) -> Flag:
    start = draw(st.integers(0, 10**6))
    return Flag(
        start, start + draw(st.integers(1, 9)), draw(text), draw(number), draw(text),
        draw(text), draw(number), draw(number), draw(st.sampled_from(["value", "sign"])),
        draw(st.sampled_from(["band", "name"])),
    )  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(text, st.lists(flags(), max_size=5), st.integers(0, 9))
def test_a_line_is_what_json_dumps_writes(record_id: str, found: list[Flag], extra: int) -> None:
    analysis = Analysis(found, len(found) + extra)
    assert flag_line(record_id, analysis) == dumped(record_id, analysis)


@dataclass(frozen=True, slots=True)
class Renamed(Flag):
    def to_dict(self) -> dict[str, object]:
        return {"at": self.start}


def test_a_plugin_flag_subclass_is_written_by_its_own_to_dict() -> None:
    flag = Renamed(0, 2, "52", 52.0, "bpm", "rhr", 52.0, 0.0, "value")
    analysis = Analysis([flag], 1)
    assert flag_line("b", analysis) == dumped("b", analysis)
    assert '"flags": [{"at": 0}]' in flag_line("b", analysis)


def test_the_reference_line_from_its_judgements_is_the_analysis_line() -> None:
    """The reference writes from its memoised judgements: the same line as from its flags,
    for numbers recurring across briefs and pools met again."""
    rng = random.Random(15)
    detector = registry.load_detector("reference")
    pools = [
        (Known("rhr", 52.0, "bpm"), Known("tsb", -12.6, "none"), Known("sleep", 83.0, "pct")),
        (Known("hrv", 61, "none"), Known("steps", 10400.0, "steps"), Known("x", math.inf, "mi")),
    ]
    words = ["52 bpm", "-12.6", "12.6", "83%", "81 %", "61", "58", "10,400 steps", "7 days",
             "7h 30m", "4.9 mi", "1" * 400, "0", "-0.0", "and", "\u00e9\u00a0", "\t",
             "\n"]  # fmt: skip
    for i in range(300):
        body = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        pool = pools[i % 2]
        analysis = registry.analyze(detector, body, pool)
        assert brief_line(detector, f"b{i}\u2028", body, pool) == dumped(f"b{i}\u2028", analysis)
