"""A name the config gives to more than one known value.

Teams write configs where one word names two metrics: "baseline" for both the resting-HR
and the HRV baseline, "setpoint" for the heating and the cooling one. Such a name says one
of them without saying which; a number beside it is read as the one it is nearest (of its
unit, when it carries one of theirs), as the band chooses, not as the first in the pool.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector

NAMES = {
    "rhr": ["resting HR", "RHR"],
    "hrv": ["HRV"],
    "rhr_baseline": ["RHR baseline", "baseline", "usual"],
    "hrv_baseline": ["HRV baseline", "baseline", "usual"],
}
POOL = [
    Known("rhr", 52, "bpm"),
    Known("rhr_baseline", 50, "bpm"),
    Known("hrv", 60, "none"),
    Known("hrv_baseline", 70, "none"),
]


def flags(text: str, names=NAMES, pool=POOL) -> set[tuple[str, str, str, str]]:
    detector = DefaultDetector(config_from_dict({"names": names, "units": {"bpm": ["bpm"]}}))
    return {(f.token, f.nearest, f.kind, f.rule) for f in detector.flag(text, pool)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 70 is the HRV baseline, cited: the first baseline in the pool (50 bpm) is not meant
        ("HRV is 60, below your baseline of 70.", set()),
        ("Your usual sits at 70 these days.", set()),
        (
            "HRV is 60, below your baseline of 64.",
            {("64", "hrv_baseline", "value", "name:baseline")},
        ),
        # a unit of one of them says which: 57 bpm is the resting baseline's
        ("Your baseline is 57 bpm.", {("57", "rhr_baseline", "value", "name:baseline")}),
        ("Your baseline is 50 bpm.", set()),
        # a name of one value alone is read as before
        ("Your RHR baseline is 58.", {("58", "rhr_baseline", "value", "name:rhr baseline")}),
    ],
)
def test_a_shared_name_reads_the_value_it_is_nearest(text: str, expected) -> None:
    assert flags(text) == expected


def test_the_pool_order_no_longer_decides() -> None:
    """Either order of the pool reads the same value."""
    text = "HRV is 60, below your baseline of 64."
    assert flags(text, pool=POOL) == flags(text, pool=POOL[::-1])


def test_a_name_given_once_is_untouched() -> None:
    """Without the shared word, "baseline" of one value reads that value, however far."""
    names = {**NAMES, "hrv_baseline": ["HRV baseline"]}
    assert flags("HRV is 60, below your baseline of 64.", names=names) == {
        ("64", "rhr_baseline", "value", "name:baseline")
    }


def test_a_detector_made_after_another_reads_its_own_names() -> None:
    """A pool's index is cached and outlives the detector that read it; a detector made
    afterwards, often at the freed one's address, with other names, reads its own."""
    text = "HRV is 60, below your baseline of 64."
    only_rhr = {name: words for name, words in NAMES.items() if name != "hrv_baseline"}
    for _ in range(10):
        assert flags(text) == {("64", "hrv_baseline", "value", "name:baseline")}
        assert flags(text, names=only_rhr) == {("64", "rhr_baseline", "value", "name:baseline")}
