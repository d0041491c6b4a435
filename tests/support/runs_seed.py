"""Briefs two detectors read differently, so two runs over them have new, gone and same
claims; and those claims computed directly from the detectors."""

from __future__ import annotations

from reviewer import Known
from tests.support.store_files import POOL, TEXTS

RAMP = [*POOL, {"name": "ramp", "value": 41.3, "unit": "none"}]
# beside store_files' briefs, two the detectors read differently: a sign flip hidden by a
# nearer value (only default sees it) and a Unicode minus (only the reference flags it)
MORE = {
    "h1": "TSB is +22.4 today, ramp 41.3 and rhr 50 bpm.",
    "h2": "Form \u221222.4 holds; rhr 50 bpm.",
}
BRIEFS = {**{i: (t, POOL) for i, t in TEXTS.items()}, **{i: (t, RAMP) for i, t in MORE.items()}}


def known(pool: list[dict]) -> tuple[Known, ...]:
    return tuple(Known(k["name"], float(k["value"]), k["unit"]) for k in pool)


def flagged(detector) -> set[tuple[str, int, int, str]]:  # type: ignore[no-untyped-def]
    return {
        (i, f.start, f.end, f.token)
        for i, (text, pool) in BRIEFS.items()
        for f in detector.flag(text, known(pool))
    }
