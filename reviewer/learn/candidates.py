"""Every number a check compares with a known value, as a model sees it: its candidate
known value, the rules' flag on it (if any) and the features a learned model weighs.

Features are plain strings ("basis=name", "left:forecast", "rel<6%"), so a model is a
table of weights anyone can read. The readings that fired come from `Flag.rule` and from
`detector.explain(text, pool)` (what each number was read as, and the rule that decided),
read with getattr, so a detector without them still works: the flag's kind and basis then
stand in for the rule.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reviewer.grounding import lexicon
from reviewer.grounding.bands import relative
from reviewer.grounding.checked import scanner_of
from reviewer.grounding.types import Flag, Known

WORD = re.compile(r"[^\W\d_]+|\d+|[%$€£+\-−]")
SENTENCE_END = re.compile(r"[.!?;](?=\s)|\n")
CONTEXT = 3  # words either side of the number
Span = tuple[int, int]
# a feature is named with its group: a number the rules flagged ("flagged:left:zebra") is
# weighed apart from one they passed over ("passed:left:zebra"), as two models in one table
GROUPS = {True: "flagged", False: "passed"}
REL_BINS = (0.0, 0.01, 0.03, 0.06, 0.12, 0.25, 0.5, 1.0)
SIGNED = "+-\u2212\u2013"  # a sign written with the number
# words beside a number that say it fell or rose ("down 7.7%", "9.3% below", "gained 3.9 lb")
LOWERING, RAISING = lexicon.words("said_lower"), lexicon.words("said_higher")
FAITHFUL = 0.03  # a number this near another known value cites it (the reference's band)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A checked number and the known value it would be compared with."""

    start: int
    end: int
    token: str
    value: float
    unit: str
    known: Known
    flag: Flag | None
    features: tuple[str, ...]

    @property
    def exact(self) -> bool:
        """The number is the known value itself: a citation, never a contradiction."""
        return self.value == self.known.value


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence holding text[start:end]."""
    begin = 0
    for mark in SENTENCE_END.finditer(text, 0, start):
        if mark.end() <= start:
            begin = mark.end()
    after = SENTENCE_END.search(text, end)
    return begin, after.start() if after else len(text)


@lru_cache(maxsize=4096)
def _name_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(rf"\b{re.escape(n)}\b" for n in names))


def _named(sentence: str, known: Known, config: Any) -> bool:
    """Whether the sentence (in lower case) names the known value: its name, or a name the
    config gives it."""
    given = getattr(config, "names", None) or {}
    names = (known.name.replace("_", " ").lower(), *(n.lower() for n in given.get(known.name, ())))
    return _name_pattern(names).search(sentence) is not None


def _rel_bin(rel: float) -> str:
    for edge in REL_BINS[1:]:
        if rel < edge:
            return f"rel<{edge:g}"
    return "rel>=1"


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def read(
    detector: Any, text: str, pool: Sequence[Known]
) -> tuple[int | None, list[Flag], list[Any]]:
    """The checkable count (None when the detector does not say it), the flags, and what the
    detector read each number as (its `explain`; none when it cannot say): one pass where
    the detector offers `explain_flags`, else each asked for in turn."""
    both = getattr(detector, "explain_flags", None)
    if callable(both):
        checkable, flags, readings = both(text, pool)
        return checkable, flags, readings
    flags = list(detector.flag(text, pool))
    explain = getattr(detector, "explain", None)
    try:
        readings = list(explain(text, pool)) if callable(explain) else []
    except Exception:  # an explanation is a feature, never a reason to fail the check
        readings = []
    return None, flags, readings


def _readings(readings: Iterable[Any]) -> dict[Span, tuple[str, str, str | None]]:
    """Span -> (what the detector read the number as, the rule that decided it, the known
    value it compared the number with)."""
    found: dict[Span, tuple[str, str, str | None]] = {}
    for item in readings:
        start, end = getattr(item, "start", None), getattr(item, "end", None)
        rule, outcome = getattr(item, "rule", None), getattr(item, "outcome", None)
        if isinstance(start, int) and isinstance(end, int) and rule:
            known = getattr(item, "known", None)
            found.setdefault((start, end), (str(outcome or ""), str(rule), known))
    return found


def _choose(value: float, unit: str, sentence: str, pool: Sequence[Known], config: Any) -> Known:
    """The known value the number would be compared with: one of its unit named in its
    sentence, else the nearest of its unit in size, whatever its sign ("gained 3.9 lb" is
    compared with a weight change of -3.9 lb, not with a weight of 214.3)."""
    same = [k for k in pool if k.unit == unit]
    named = [k for k in same if _named(sentence, k, config)]
    return min(named or same, key=lambda k: relative(abs(value), abs(k.value)))


def _cites_other(value: float, unit: str, known: Known, pool: Sequence[Known]) -> str:
    """Whether the number is, within the faithful band, another known value than the one
    it is compared with: "same-unit", "other-unit" or "none". A number a writer took from
    the pool is that value's citation, whatever name stands beside it."""
    found = "none"
    for other in pool:
        if other.name == known.name:
            continue
        if abs(value - other.value) <= FAITHFUL * max(abs(value), abs(other.value), 1e-9):
            if other.unit == unit:
                return "same-unit"
            found = "other-unit"
    return found


def _word_sign(token: str, left: Sequence[str], right: Sequence[str], known: Known) -> str:
    """How a sign said in words beside an unsigned number ("down 7.7%", "9.3% below",
    "lost 7.7 lb") sits with the known value's sign: "agree", "disagree", "written" (the
    number carries its own sign) or "none"."""
    if token[:1] in SIGNED:
        return "written"
    near = {*left[-2:], *right[:2]}
    lowered, raised = not near.isdisjoint(LOWERING), not near.isdisjoint(RAISING)
    if lowered == raised or known.value == 0:
        return "none"
    return "agree" if lowered == (known.value < 0) else "disagree"


def candidates(
    detector: Any, text: str, pool: Sequence[Known], seen: Any = None
) -> list[Candidate]:
    """The checked numbers of `text` (those with a known value of their unit), each with
    the rules' flag and its features, in text order. `seen(checkable)` is told the
    detector's checkable count when the pass gave it."""
    checkable, flagged, readings_made = read(detector, text, pool)
    if seen is not None and checkable is not None:
        seen(checkable)
    flags = {(f.start, f.end): f for f in flagged}
    config = getattr(detector, "config", None)
    units = {k.unit for k in pool}
    numbers = [
        (t.start, t.end, t.text, t.value, t.unit)
        for t in scanner_of(detector).scan(text)
        if t.skip is None and t.unit in units
    ]
    seen = {(n[0], n[1]) for n in numbers}
    numbers += [
        (f.start, f.end, f.token, f.value, f.unit)
        for f in flags.values()
        if (f.start, f.end) not in seen
    ]
    numbers.sort()
    readings = _readings(readings_made)
    values = sorted(n[3] for n in numbers)
    found = []
    for place, (start, end, token, value, unit) in enumerate(numbers):
        flag = flags.get((start, end))
        begin, stop = _sentence(text, start, end)
        sentence = text[begin:stop].lower()
        if flag is not None:
            known = next((k for k in pool if k.name == flag.nearest), None)
            known = known or Known(flag.nearest, flag.nearest_value, flag.unit)
        outcome, rule, compared = readings.get((start, end), ("", "", None))
        if flag is None:
            same = [k for k in pool if k.name == compared and k.unit == unit]
            known = same[0] if same else _choose(value, unit, sentence, pool, config)
        rule = getattr(flag, "rule", None) or rule
        in_sentence = [n for n in numbers if begin <= n[0] < stop]
        order = next(i for i, n in enumerate(in_sentence) if n[0] == start)
        context = (text[max(begin, start - 60) : start], text[end : min(stop, end + 60)])
        words = (_words(context[0])[-CONTEXT:], _words(context[1])[:CONTEXT])
        said = _word_sign(token, *words, known)
        if flag is None and said == "disagree":
            value = -value  # "down 7.7%": the value the words give it
        elsewhere = _written(values, known.value) - _near(value, known.value)
        features = _features(
            elsewhere > 0,
            said,
            flag,
            (outcome, rule),
            known,
            value,
            unit,
            sentence,
            pool,
            config,
            words,
            order,
            len(in_sentence),
            place,
        )
        found.append(Candidate(start, end, token, value, unit, known, flag, features))
    return found


def _group(rule: str | None) -> str:
    """The group of a rule id ("plan" of "plan.bound"), and for a name rule how many words
    named the known value ("name:1" of "name:now", "name:2+" of "name:resting heart rate")."""
    if not rule:
        return "none"
    if rule.startswith("name:"):
        return "name:1" if len(rule[5:].split()) == 1 else "name:2+"
    return rule.split(".")[0]


def _near(value: float, target: float) -> int:
    return int(abs(value - target) <= FAITHFUL * max(abs(value), abs(target), 1e-9))


def _written(values: Sequence[float], target: float) -> int:
    """How many of the brief's numbers (sorted) are, within the faithful band, `target`."""
    reach = FAITHFUL * abs(target) / (1 - FAITHFUL) + 1e-9
    low, high = bisect_left(values, target - reach), bisect_right(values, target + reach)
    return sum(_near(v, target) for v in values[low:high])


def _features(
    elsewhere: bool,
    said: str,
    flag: Flag | None,
    reading: tuple[str, str],
    known: Known,
    value: float,
    unit: str,
    sentence: str,
    pool: Sequence[Known],
    config: Any,
    words: tuple[list[str], list[str]],
    order: int,
    in_sentence: int,
    place: int,
) -> tuple[str, ...]:
    outcome, rule = reading
    rel = relative(value, known.value)
    named = _named(sentence, known, config)
    others = any(_named(sentence, k, config) for k in pool if k is not known and k.unit == unit)
    found = [
        "bias",
        f"flagged={flag is not None}",
        f"basis={flag.basis if flag else 'none'}",
        f"kind={flag.kind if flag else 'none'}",
        f"rule={rule or (f'{flag.kind}.{flag.basis}' if flag else 'none')}",
        f"rule_group={_group(rule)}",
        f"outcome={outcome or 'unknown'}",
        f"unit={unit}",
        _rel_bin(rel),
        f"sign_flip={value * known.value < 0}",
        f"size_rel<{FAITHFUL:g}={relative(abs(value), abs(known.value)) <= FAITHFUL}",
        f"cites_other={_cites_other(value, unit, known, pool)}",
        f"known_cited_elsewhere={elsewhere}",
        f"exact={value == known.value}",
        f"name={'here' if named else 'other' if others else 'none'}",
        f"order={min(order, 2)}",
        f"numbers_in_sentence={min(in_sentence, 4)}",
        f"first_in_brief={place == 0}",
    ]
    left, right = words
    found.append(f"word_sign={said}")
    found += [f"left:{w}" for w in left] + [f"right:{w}" for w in right]
    if left:
        found.append(f"left1:{left[-1]}")
    if right:
        found.append(f"right1:{right[0]}")
    group = GROUPS[flag is not None]
    return tuple(dict.fromkeys(f"{group}:{f}" for f in found))


def spans(found: Iterable[Candidate]) -> dict[tuple[int, int], Candidate]:
    return {(c.start, c.end): c for c in found}
