"""A number after "priority", "severity", "cluster" or "region" says which, not how many.

"Severity 2 incidents this week were all database related", "Cluster 3 CPU sat well under
the limit": the number labels a class or a place, as "block 3" or "ticket 4471" do.
Before the rule a label's number right before a name was read as that name's value, and
each case in LABELS was flagged. The count after such a label is still read ("Incidents:
5, all severity 2"), and so is a count said plainly.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

LABELS = [
    ("ops", "Severity 2 incidents this week were all database related."),
    ("ops", "Sev 1 alerts fired twice overnight."),
    ("ops", "Priority 1 incidents get a page within 5 minutes."),
    ("ops", "Cluster 4 queue depth is back to normal."),
    ("ops", "Severity 3 alerts are routed to the team channel."),
    ("ops", "Cluster 3 CPU sat well under the limit all week."),
    ("ops", "Region 2 p95 latency recovered by noon."),
    ("ops", "Sev 2 incidents are reviewed on Mondays."),
    ("finance", "Priority 1 overdue invoices go to the collections agency."),
    ("finance", "Region 2 revenue is tracking ahead of plan."),
    ("finance", "Severity 1 overdue invoices are escalated to the CFO."),
    ("product", "Priority 2 signups come through the partner portal."),
    ("product", "Cluster 2 DAU dipped overnight, the rest held."),
    ("product", "Cluster 4 signups are mostly from the EU."),
    ("sleep", "Severity 2 awakenings are the ones that wake you fully."),
    ("training", "Region 2 steps data is delayed today."),
]

STILL_READ = [
    ("ops", "Incidents: 5, all severity 2.", []),
    ("ops", "We had 4 incidents this week.", [("4", "value", "incidents")]),
    ("ops", "Incidents this week: 7, two of them severity 1.", [("7", "value", "incidents")]),
    ("finance", "Overdue invoices: 9.", [("9", "value", "overdue_invoices")]),
    ("product", "Signups hit 2,900 in region 2.", [("2,900", "value", "signups")]),
]


@pytest.mark.parametrize(("domain", "text"), LABELS)
def test_a_label_number_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_counts_beside_labels_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
