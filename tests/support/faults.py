"""Hostile input generators and database snapshots for the fault-injection tests.

Every generator returns one JSON Lines line (str) that the reader must refuse with a clear
`FILE:LINE: problem`; `snapshot` reads every row of every table of an SQLite file, so a
test can say "unchanged" row by row rather than by counts.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "tsb", "value": -22.4, "unit": "none"},
]


def good(brief_id: str, text: str = "Resting HR 55 bpm and TSB +22.4 today.") -> str:
    return json.dumps({"id": brief_id, "text": text, "pool": POOL})


def _raw(fields: str) -> str:
    """A brief line with `fields` spliced in as raw JSON (what json.dumps would not write)."""
    return '{"id": "hostile", "text": "HR 55 bpm", ' + fields + "}"


_POOL_JSON = json.dumps(POOL)

HOSTILE: dict[str, Callable[[], str]] = {
    # numbers the JSON reader cannot turn into values
    "integer of 5,000 digits in a pool value": lambda: _raw(
        '"pool": [{"name": "rhr", "value": ' + "9" * 5000 + ', "unit": "bpm"}]'
    ),
    "integer of 10,000 digits in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"n": -{"1" * 10000}}}'
    ),
    "huge exponent in a pool value": lambda: _raw(
        '"pool": [{"name": "rhr", "value": 1e999999999, "unit": "bpm"}]'
    ),
    "huge exponent in meta": lambda: _raw(f'"pool": {_POOL_JSON}, "meta": {{"x": 1.5E+400}}'),
    "huge negative exponent in meta list": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"x": [1, -2e99999]}}'
    ),
    # nesting no recursive parser survives
    "100,000 nested lists in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"
    ),
    "100,000 nested lists as the line": lambda: "[" * 100_000 + "]" * 100_000,
    "100,000 nested objects in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000
    ),
    "65 nested lists in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"a": ' + "[" * 65 + "]" * 65 + "}"
    ),
    # text Python holds but cannot write
    "lone high surrogate in the text": lambda: (
        '{"id": "hostile", "text": "HR 55 bpm \\ud800", "pool": ' + _POOL_JSON + "}"
    ),
    "lone low surrogate in the id": lambda: (
        '{"id": "\\udfff", "text": "HR 55 bpm", "pool": ' + _POOL_JSON + "}"
    ),
    "reversed surrogate pair in a unit": lambda: _raw(
        '"pool": [{"name": "rhr", "value": 52, "unit": "\\udc00\\ud800"}]'
    ),
    "lone surrogate in a meta key": lambda: _raw(f'"pool": {_POOL_JSON}, "meta": {{"\\ud801": 1}}'),
    "lone surrogate deep in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"a": [{{"b": "x\\udbff"}}]}}'
    ),
    # a key given twice: which value was meant is not for the reader to guess
    "key given twice: the id": lambda: _raw(f'"pool": {_POOL_JSON}, "id": "other"'),
    "key given twice: the text": lambda: _raw(f'"pool": {_POOL_JSON}, "text": "HR 60 bpm"'),
    "key given twice: the pool": lambda: _raw(f'"pool": [], "pool": {_POOL_JSON}'),
    "key given twice: a known value's value": lambda: _raw(
        '"pool": [{"name": "rhr", "value": 52, "unit": "bpm", "value": 55}]'
    ),
    "key given twice: deep in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"a": [{{"b": 1, "b": 2}}]}}'
    ),
    "key given twice: a field the reader does not know": lambda: _raw(
        f'"pool": {_POOL_JSON}, "x": 1, "x": 2'
    ),
    "key given twice: spaced before its colon": lambda: (
        '{"id" : "hostile", "text": "HR 55 bpm", "pool": ' + _POOL_JSON + ', "id": "other"}'
    ),
    "key given twice: beside a colon escaped in meta": lambda: _raw(
        f'"pool": {_POOL_JSON}, "meta": {{"at": "06\\u003a45", "a": 1, "a": 2}}'
    ),
    # a field the reader does not know is still JSON it must be able to hold
    "integer of 5,000 digits in a field the reader does not know": lambda: _raw(
        f'"pool": {_POOL_JSON}, "x": ' + "9" * 5000
    ),
    "65 nested lists in a field the reader does not know": lambda: _raw(
        f'"pool": {_POOL_JSON}, "x": ' + "[" * 65 + "]" * 65
    ),
    "lone surrogate in a field the reader does not know": lambda: _raw(
        f'"pool": {_POOL_JSON}, "x": "\\ud800"'
    ),
}
"""What each line is, and the line. Each must be refused, and skipped by --skip-invalid."""

PROBLEM_WORDS = {
    "integer of": "digits",
    "exponent": "out of range",
    "nested": "nested more than",
    "surrogate": "lone surrogate",
    "twice": "is given twice in one object",
}


def problem_word(case: str) -> str:
    """The words the message for a case must contain."""
    return next(words for key, words in PROBLEM_WORDS.items() if key in case)


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def snapshot(db_path: Path | str) -> dict[str, list[tuple]]:
    """Every row of every table, sorted: equal snapshots mean an unchanged database (a
    SQLite file, or a database URL such as the PostgreSQL one of the `database` fixture)."""
    if "://" in str(db_path):
        return _snapshot_url(str(db_path))
    with closing(sqlite3.connect(db_path)) as conn:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            name: sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
            for name in sorted(names)
        }


def _snapshot_url(url: str) -> dict[str, list[tuple]]:
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return {
                name: sorted((tuple(r) for r in conn.execute(text(f'SELECT * FROM "{name}"'))),
                             key=repr)
                for name in sorted(inspect(conn).get_table_names())
            }  # fmt: skip
    finally:
        engine.dispose()


def one_message(stderr: str) -> None:
    """No traceback, and something said."""
    assert "Traceback" not in stderr, stderr
    assert stderr.strip(), "nothing was said"
