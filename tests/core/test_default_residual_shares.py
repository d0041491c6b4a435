"""The part of a whole that its other parts leave is no value: "and web the remaining 7%".

"iOS accounts for 58% of DAU, Android 35%, and web the remaining 7%", "the other 11% was
queueing": a percentage after "the remaining" or "the other" is what is left of a whole
once its other parts are told. Most such sentences were already read (their percentage
was near nothing the pool holds, or a list or a share said so), but the band read four of
RESIDUALS against a change value of the other sign (7% as a sign flip of DAU's -7.5%
change). A value its name says is still read, and "the other" elsewhere in the sentence
changes nothing.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

RESIDUALS = [
    ("product", "iOS accounts for 58% of DAU, Android 35%, and web the remaining 7%."),
    ("product", "Returning users were 60% of DAU and new users the other 7%."),
    ("product", "Most signups came from ads; the remaining 31% were organic."),
    ("product", "Paid plans are 97% of revenue and add-ons the other 3%."),
    ("ops", "Database time was 70% of p95 latency, network 19%, and the other 11% was queueing."),
    ("ops", "Most of the errors were timeouts and the remaining 2% were 500s."),
    ("ops", "Batch jobs took a third of the CPU and the web tier the other 67%."),
    ("ops", "The remaining 48% of disk is free."),
    ("finance", "Subscriptions brought 40% of revenue and services the remaining 60%."),
    ("finance", "Hardware is 95% of cost of goods and support the other 5%."),
    ("sleep", "Deep sleep was a fifth of the night and light sleep the remaining 80%."),
    ("sleep", "The other 66% of the night was light sleep."),
    ("training", "Long runs were half the week; the remaining 50% was easy running."),
    ("training", "The other 52% of your miles were easy."),
    ("product", "The remaining users, 30%, came back on day 7."),
    ("product", "Web brought the remaining 8% of signups."),
    ("product", "Desktop makes up the other 7% of sessions."),
    ("product", "The remaining 8% of users are on tablets."),
    ("product", "Organic was 92% of installs, paid the other 8%."),
    ("ops", "The other 10% of latency is DNS."),
    ("ops", "Queueing accounts for the remaining 11% of p95 latency."),
    ("ops", "Network was 89% of the time, the remaining 11% disk."),
    ("finance", "Services were the remaining 5% of revenue."),
    ("finance", "The other 5% of bookings came from partners."),
    ("finance", "Interest income is the remaining 4.5%."),
]

STILL_READ = [
    ("product", "DAU fell 7% this week.", [("7", "value", "dau_change", "name")]),
    (
        "product",
        "The other metric, DAU, fell 8% this week.",
        [("8", "value", "dau_change", "name")],
    ),
    (
        "ops",
        "The error rate was 3% for the remaining hour of the incident.",
        [("3", "value", "error_rate", "name")],
    ),
    ("ops", "On the other hand, usage sat at 58%.", [("58", "value", "memory", "name")]),
    ("sleep", "On the other nights you scored 60%.", [("60", "value", "sleep_score", "band")]),
]


@pytest.mark.parametrize(("domain", "text"), RESIDUALS)
def test_what_the_other_parts_leave_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_values_beside_other_words_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(RESIDUALS) >= 12
    assert len({domain for domain, _ in RESIDUALS}) >= 4
