"""A count of a noun and a unit of time measures time: "120 agent hours".

"Saving roughly 120 agent hours", "The sleep study took 21 nurse hours": the number counts
hours, and the noun before them says whose. Where a config names a count by that noun
("agents" of `agents_online`), before the rule the sentence's words read the number as
that count, and the cases in COMPOUNDS marked so were flagged. A count of the noun
itself ("We had 12 agents on tickets") is still read.

Each case: (pool as name, value pairs of counts; the config's [names]; text).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

AGENTS = ({"tickets": 1284, "agents_online": 14}, {"agents_online": ("agents", "agents online")})

COMPOUNDS = [
    (*AGENTS, "The new bot deflected 1 in 5 conversations, saving roughly 120 agent hours."),
    (*AGENTS, "We spent 300 agent hours on tickets this week."),
    (*AGENTS, "Macros saved about 45 agent-hours."),
    (
        {"alerts": 19, "oncall": 6},
        {"oncall": ("on-call engineers",)},
        "Alert triage took 12 on-call hours.",
    ),
    (
        {"patients": 40, "nurses": 3},
        {"nurses": ("nurses",)},
        "The sleep study took 21 nurse hours.",
    ),
    ({"volunteers": 25}, {"volunteers": ("volunteers",)}, "The cleanup took 60 volunteer hours."),
    (
        {"incidents": 5, "engineers": 12},
        {"engineers": ("engineers",)},
        "The incident cleanup took 40 engineer hours across the team.",
    ),
    (
        {"deploys": 14, "engineers": 12},
        {"engineers": ("engineers",)},
        "Each deploy costs about 3 engineer-hours of babysitting.",
    ),
    (
        {"open_positions": 9, "recruiters": 3},
        {"recruiters": ("recruiters",)},
        "Filling the open positions took 160 recruiter hours so far.",
    ),
    (
        {"signups": 2268, "designers": 4},
        {"designers": ("designers",)},
        "The signup flow redesign took 30 designer days.",
    ),
    (
        {"experiments": 12, "analysts": 5},
        {"analysts": ("analysts",)},
        "Each experiment readout costs 2 analyst days.",
    ),
    ({"runs": 5, "coaches": 2}, {"coaches": ("coaches",)}, "Your plan took 6 coach hours."),
]

STILL_READ = [
    (*AGENTS, "We had 12 agents on tickets this week.", [("12", "value", "agents_online")]),
    (*AGENTS, "Agents online peaked at 14 on Tuesday.", []),
    (
        {"volunteers": 25},
        {"volunteers": ("volunteers",)},
        "We had 40 volunteers out on Saturday.",
        [("40", "value", "volunteers")],
    ),
]


def read(values: dict[str, float], names: dict[str, tuple[str, ...]], text: str) -> list:
    pool = [Known(name, value, "none") for name, value in values.items()]
    return flag_reader(DefaultDetector(DetectorConfig(names=names)))(text, pool)


@pytest.mark.parametrize(("values", "names", "text"), COMPOUNDS)
def test_a_noun_before_a_unit_of_time_is_no_count(values, names, text) -> None:
    assert read(values, names, text) == []


@pytest.mark.parametrize(("values", "names", "text", "expected"), STILL_READ)
def test_a_count_of_the_noun_is_still_read(values, names, text, expected) -> None:
    assert read(values, names, text) == expected
