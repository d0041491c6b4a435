"""Plain read-only records the data-access functions return (no live ORM objects)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reviewer.grounding.types import Known


@dataclass(frozen=True, slots=True)
class BriefRow:
    """A line of the brief list: counts for one run and one reviewer (labeled includes skips)."""

    brief_pk: int
    brief_id: str
    flags: int
    labeled: int
    true_positives: int
    false_positives: int


@dataclass(frozen=True, slots=True)
class BriefView:
    """A brief as the app shows it: its text, pool and meta."""

    brief_pk: int
    brief_id: str
    text: str
    pool: tuple[Known, ...]
    meta: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class FlagView:
    """One flag of a run with the reviewer's current verdict and note on its claim."""

    flag_pk: int
    claim_id: int
    brief_pk: int
    start: int
    end: int
    token: str
    value: float
    unit: str
    nearest: str
    nearest_value: float
    delta: float
    rel: float
    kind: str
    verdict: str | None
    note: str | None
    change: str | None = None  # against the previous run: "new", "same" or "gone"
    basis: str | None = None  # "band" or "name"; None for a flag stored before it was kept
    rule: str | None = None  # the reading that made it; None for a flag stored before 0012
    probability: float | None = None  # a learned model's, when one decided the flag


def pool_to_json(pool: tuple[Known, ...] | list[Known]) -> str:
    """The stored form of a pool: a compact JSON list of [name, value, unit]."""
    return json.dumps([[k.name, k.value, k.unit] for k in pool], separators=(",", ":"))


# the pool read last, by its stored text: an ingest's arms read each sampled pool twice
# (its template arms, then its briefs' rewrites), and a pool of 20,000 values takes 27 ms
@lru_cache(maxsize=1)
def pool_from_json(text: str) -> tuple[Known, ...]:
    return tuple(Known(name, float(value), unit) for name, value, unit in json.loads(text))
