"""A pool's "avg" is "average" and "mean" in prose, and the other way round.

With no config, a name is read as the pool spells it, and a name of two words or more
also with a word's synonym ("sleep rating" for `sleep_score`). "avg" had none, so
"Average HR was 171" named no value of a pool's `avg_hr`, and a misstatement told
without a unit, or past the band, went unflagged: 8 of the 12 cases in MISSED did. Citations
that agree are still no flag.

Each case: (pool as name, value, unit; text), read by the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

MISSED = [
    (("avg_hr", 157, "bpm"), "Average HR on the run was 171.", "171"),
    (("avg_hr", 157, "bpm"), "Mean HR for the session: 171.", "171"),
    (("avg_latency", 240, "ms"), "Average latency was 310.", "310"),
    (("avg_latency", 240, "ms"), "Mean latency today: 310.", "310"),
    (("avg_order_value", 80.63, "none"), "Average order value is 95.10 this week.", "95.10"),
    (("average_resolution_time", 9.6, "none"), "Avg resolution time: 12.4.", "12.4"),
    (("avg_power", 210, "none"), "Mean power for the ride: 245.", "245"),
    (("avg_basket", 24, "none"), "Average basket today: 31.", "31"),
    (("avg_session_length", 13.7, "none"), "Average session length was 18.2.", "18.2"),
    (("mean_response_time", 42, "none"), "Average response time was 55 this week.", "55"),
    (("average_order_value", 80.63, "none"), "Mean order value came in at 95.10.", "95.10"),
    (("avg_cadence", 172, "none"), "Average cadence was 160.", "160"),
]

AGREE = [
    (("avg_hr", 157, "bpm"), "Average HR was 157."),
    (("avg_latency", 240, "ms"), "Mean latency today: 240."),
    (("average_order_value", 80.63, "none"), "Avg order value is 80.63 this week."),
    (("avg_power", 210, "none"), "Average power for the ride: 212."),
]


@pytest.mark.parametrize(("known", "text", "token"), MISSED)
def test_avg_average_and_mean_name_one_value(known, text, token) -> None:
    name, value, unit = known
    assert READ(text, [Known(name, value, unit)]) == [(token, "value", name)]


@pytest.mark.parametrize(("known", "text"), AGREE)
def test_a_citation_that_agrees_is_no_flag(known, text) -> None:
    assert READ(text, [Known(*known)]) == []


def test_the_average_hr_of_a_whole_pool_is_read_without_a_unit() -> None:
    assert READ("Average HR was 171.", POOLS["training"]) == [("171", "value", "avg_hr")]
    assert READ("Average HR was 157.", POOLS["training"]) == []
