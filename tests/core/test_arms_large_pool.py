"""The template arms of a very large pool write its first TEMPLATE_KNOWNS values only.

A pool of 20,000 known values would otherwise write four texts of 20,000 sentences each:
four detector passes larger than any brief, in every run that stores the pool. The texts
are still read against the whole pool, and pools up to the limit are written as before.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from reviewer import Known
from reviewer.arms import TEMPLATE_KNOWNS, run_arms, template_arms, template_sentence
from reviewer.grounding.types import Flag

UNITS = ("bpm", "mi", "none", "pct", "steps")


def pool_of(size: int, seed: int) -> tuple[Known, ...]:
    rng = random.Random(seed)
    return tuple(Known(f"k{i}", round(rng.uniform(-40, 180), 1), UNITS[i % 5]) for i in range(size))


def sentences(text: str) -> list[str]:
    return re.findall(r"It reads [^.]*\.\d+[^.]*\.", text)


def test_a_large_pool_writes_its_first_values() -> None:
    big = pool_of(TEMPLATE_KNOWNS + 500, seed=1)
    arms = next(template_arms([big]))
    for text in arms.values():
        assert len(sentences(text)) == TEMPLATE_KNOWNS
    first = big[:TEMPLATE_KNOWNS]
    assert arms["faithful"] == " ".join(template_sentence(k.value, k.unit) for k in first)
    assert arms == next(template_arms([first]))


def test_the_random_stream_goes_on_as_after_the_values_written() -> None:
    big, after = pool_of(TEMPLATE_KNOWNS + 300, seed=2), pool_of(12, seed=3)
    capped = list(template_arms([big, after]))
    written = list(template_arms([big[:TEMPLATE_KNOWNS], after]))
    assert capped[1]["unrelated"] == written[1]["unrelated"]


def test_pools_up_to_the_limit_write_every_value() -> None:
    pool = pool_of(TEMPLATE_KNOWNS, seed=4)
    assert len(sentences(next(template_arms([pool]))["faithful"])) == TEMPLATE_KNOWNS


class PoolSizes:
    """Flags nothing; notes the size of each pool a text is read against."""

    name = "pool-sizes"

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        self.sizes.append(len(pool))
        return []


def test_the_texts_are_read_against_the_whole_pool() -> None:
    big = pool_of(TEMPLATE_KNOWNS + 500, seed=5)
    detector = PoolSizes()
    report = run_arms(detector, pools=[big])
    assert detector.sizes == [len(big)] * 4
    assert report.means("template")["faithful"] == 0.0
