"""A sign word after a number is read on the number's own line only.

"Conversion 2.0 %" at the end of a bullet, then a line that opens with "More", is a
faithful citation: the next line's word says nothing about this number's sign.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.prose import word_sign

NEXT_LINE = [
    ("- Conversion rate: 2.0 %\n\nMore sessions came from search.", "2.0"),
    ("Cash on hand: $1,200\nSurplus items were sold at cost.", "1,200"),
    ("Resting HR 52 bpm\nLower back felt tight after the run.", "52"),
    ("p95 latency 180 ms\r\nhigher traffic expected tomorrow", "180"),
    ("Deep sleep 1.4 h\u2028Less caffeine helped.", "1.4"),
]

SAME_LINE = [
    ("Conversion rate: 2.0 % lower than last week.", "2.0", -1),
    ("Cash on hand: $1,200 surplus this month.", "1,200", 1),
    ("Resting HR 4 bpm higher than usual.", "4", 1),
]


@pytest.mark.parametrize(("text", "token"), NEXT_LINE)
def test_a_word_on_the_next_line_gives_no_sign(text: str, token: str) -> None:
    start = text.index(token)
    assert word_sign(text, start, start + len(token)) == (0, False)


@pytest.mark.parametrize(("text", "token", "sign"), SAME_LINE)
def test_a_word_on_the_same_line_still_signs_the_number(text: str, token: str, sign: int) -> None:
    start = text.index(token)
    assert word_sign(text, start, start + len(token))[0] == sign
