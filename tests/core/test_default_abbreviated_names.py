"""A pool name's abbreviated word is read spelled out: `skin_temp` is "skin temperature".

With no config a name is read as the pool spells it, and a name of two words or more
also with a word's synonym. "temp", "resp", "max", "rev" and "vol" had none, so "Skin
temperature: -0.9" or "Maximum HR on the hills was 205" named no value, and a
misstatement past the band went unflagged: every case in MISSED did ("CPU temperature
is 88" was even read as the CPU's use). Citations that agree are still no flag.

Each case: (pool as name:value pairs, unitless; text), read by the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

SLEEP = "skin_temp:-0.4 resp_rate:14.7 hrv:39"
HEART = "max_hr:181 avg_hr:157 rhr:50"

MISSED = [
    (SLEEP, "Skin temperature: -0.9 overnight.", "-0.9", "skin_temp"),
    (SLEEP, "Respiratory rate was 17.9 overnight.", "17.9", "resp_rate"),
    (SLEEP, "Respiration rate: 17.9.", "17.9", "resp_rate"),
    (HEART, "Maximum HR on the hills was 205.", "205", "max_hr"),
    ("max_power:410 avg_power:210", "Maximum power in the sprint: 520.", "520", "max_power"),
    ("body_temp:36.6 rhr:50", "Body temperature was 28.2 this morning.", "28.2", "body_temp"),
    ("rev_mtd:169757 cash:2466115", "MTD revenue is 201,000.", "201,000", "rev_mtd"),
    ("max_latency:1400 p95:728", "Maximum latency today: 1,650.", "1,650", "max_latency"),
    ("cpu_temp:71 cpu:48", "CPU temperature is 88 on the worst host.", "88", "cpu_temp"),
    ("vol_week:14200 sessions:9", "Week volume hit 18,800 this block.", "18,800", "vol_week"),
    (
        "max_queue_depth:9800 queue_depth:2479",
        "Maximum queue depth overnight: 12,400.",
        "12,400",
        "max_queue_depth",
    ),
    (
        "engine_temp:92 oil_pressure:40",
        "Engine temperature hit 118 on the climb.",
        "118",
        "engine_temp",
    ),
]

AGREE = [
    (SLEEP, "Skin temperature: -0.4 overnight."),
    (SLEEP, "Respiratory rate was 14.7 overnight."),
    (HEART, "Maximum HR on the hills was 181."),
    ("cpu_temp:71 cpu:48", "CPU temperature is 71 and CPU use is 48%."),
]


def pool(spec: str) -> list[Known]:
    return [
        Known(name, float(value), "none") for name, value in (p.split(":") for p in spec.split())
    ]


@pytest.mark.parametrize(("spec", "text", "token", "name"), MISSED)
def test_an_abbreviated_word_is_read_spelled_out(spec, text, token, name) -> None:
    assert READ(text, pool(spec)) == [(token, "value", name)]


@pytest.mark.parametrize(("spec", "text"), AGREE)
def test_a_citation_that_agrees_is_no_flag(spec, text) -> None:
    assert READ(text, pool(spec)) == []
