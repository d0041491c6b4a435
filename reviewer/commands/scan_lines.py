"""`reviewer scan`'s JSON lines: one per brief, written by hand, byte for byte what
`json.dumps(..., ensure_ascii=False)` writes for the same dict.

`json.dumps` walks a dict of every flag; writing the line from the values directly is
several times faster. A detector whose flags are its judgements (the reference) gives
them without making a `Flag` each (`PoolDetector.flag_judgements`), and the part of a
flag after its span is written once per judgement, however often the number recurs.

JSON has no NaN or Infinity: a flag whose numbers are not all finite is left out, as the
database leaves it out (`reviewer.pipeline.workers.storable`), and the brief's invention
rate counts the flags written.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any

from reviewer.checks import registry
from reviewer.grounding.pool import PoolDetector
from reviewer.grounding.tokens import Judgement
from reviewer.grounding.types import Analysis, Detector, Flag, Known
from reviewer.jsonlimits import finite

_TAILS: dict[int, tuple[Judgement, str | None]] = {}  # by id of a judgement, kept alive
_TAILS_SIZE = 100_000


def flag_line(record_id: str, analysis: Analysis) -> str:
    """One JSON line per brief: id, invention rate and its flags."""
    parts = [part for part in map(_flag, analysis.flags) if part is not None]
    checkable = analysis.checkable
    rate = len(parts) / checkable if checkable else 0.0
    return (
        f'{{"id": {_string(record_id)}, "invention_rate": {_number(rate)}, '
        f'"flags": [{", ".join(parts)}]}}'
    )


def brief_line(detector: Detector, record_id: str, text: str, pool: tuple[Known, ...]) -> str:
    """The JSON line of one brief (DetectorFault names the brief when a plugin fails)."""
    judged = detector.flag_judgements(text, pool) if _by_judgement(detector) else None  # type: ignore[attr-defined]
    if judged is None:
        try:
            return flag_line(record_id, registry.analyze(detector, text, pool))
        except registry.DetectorFault as fault:
            raise fault.on(record_id) from None
    checkable, hits = judged
    tails = _TAILS
    parts = []
    for start, judgement in hits:
        found = tails.get(id(judgement))
        if found is None or found[0] is not judgement:
            if len(tails) >= _TAILS_SIZE:
                tails.clear()
            found = tails[id(judgement)] = (judgement, _tail(judgement))
        if found[1] is None:
            continue
        parts.append(f'{{"start": {start}, "end": {start + len(judgement[1])}, {found[1]}')
    rate = len(parts) / checkable if checkable else 0.0
    return (
        f'{{"id": {_string(record_id)}, "invention_rate": {_number(rate)}, '
        f'"flags": [{", ".join(parts)}]}}'
    )


def _by_judgement(detector: Detector) -> bool:
    """Whether `registry.analyze` would make this detector's flags from its judgements
    alone: a built-in walk, no `stream` of its own."""
    return isinstance(detector, PoolDetector) and type(detector).stream is PoolDetector.stream


def _tail(judgement: Judgement) -> str | None:
    """A flag's fields after its span, as its judgement says (see `PoolDetector._walk`);
    None when its numbers are not all finite."""
    kind, token, unit, value, known, delta = judgement
    if not finite(value, known.value, delta):
        return None
    return (
        f'"token": {_string(token)}, "value": {_number(value)}, "unit": {_string(unit)}, '
        f'"nearest": {_string(known.name)}, "nearest_value": {_number(known.value)}, '
        f'"delta": {_number(delta)}, "kind": {_string(kind)}, "basis": "band", "rule": "band"}}'
    )


def _flag(flag: Flag) -> str | None:
    """A flag's JSON object; None when its numbers are not all finite (a plugin's flags
    never are: the registry refuses them)."""
    if type(flag) is not Flag:  # a plugin's subclass: its own to_dict decides
        return json.dumps(flag.to_dict(), ensure_ascii=False)
    start, end, value, known, delta = (
        flag.start, flag.end, flag.value, flag.nearest_value, flag.delta
    )  # fmt: skip
    exact = type(start) is int and type(end) is int  # every built-in flag: ints, floats
    if exact and type(value) is float and type(known) is float and type(delta) is float:
        shown = float.__repr__(value), float.__repr__(known), float.__repr__(delta)
        if not (shown[0][-1] <= "9" and shown[1][-1] <= "9" and shown[2][-1] <= "9"):
            return None  # "inf" and "nan" end in letters
        try:
            return (
                f'{{"start": {start}, "end": {end}, "token": '
                f"{encode_basestring(flag.token)}, "
                f'"value": {shown[0]}, "unit": {encode_basestring(flag.unit)}, '
                f'"nearest": {encode_basestring(flag.nearest)}, '
                f'"nearest_value": {shown[1]}, "delta": {shown[2]}, '
                f'"kind": {encode_basestring(flag.kind)}, '
                f'"basis": {encode_basestring(flag.basis)}, '
                f'"rule": {encode_basestring(flag.rule)}}}'
            )
        except TypeError:  # a field that is not a string: json.dumps says what
            pass
    elif not finite(value, known, delta):
        return None
    return (
        f'{{"start": {_number(flag.start)}, "end": {_number(flag.end)}, '
        f'"token": {_string(flag.token)}, "value": {_number(flag.value)}, '
        f'"unit": {_string(flag.unit)}, "nearest": {_string(flag.nearest)}, '
        f'"nearest_value": {_number(flag.nearest_value)}, "delta": {_number(flag.delta)}, '
        f'"kind": {_string(flag.kind)}, "basis": {_string(flag.basis)}, '
        f'"rule": {_string(flag.rule)}}}'
    )


def _string(value: Any) -> str:
    if isinstance(value, str):
        return encode_basestring(value)  # json's own C writer of a string (no ASCII escapes)
    return json.dumps(value, ensure_ascii=False)


def _number(value: Any) -> str:
    """A number as json.dumps writes it: repr for floats, NaN and ±Infinity spelled out."""
    kind = type(value)
    if kind is float:
        shown = float.__repr__(value)
        if shown[-1] <= "9":  # a digit: finite ("inf" and "nan" end in letters)
            return shown
    elif kind is int:
        return int.__repr__(value)
    return json.dumps(value)
