"""The reader on input read once (pipes), lines without end, NUL characters and pools naming
one known twice: the fast path and the plain reader agree on each."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from reviewer.pipeline import reader
from reviewer.pipeline.reader import (
    EndlessLine,
    InputError,
    _fast_brief,
    count_lines,
    is_stream,
    iter_briefs,
    iter_pool_records,
    sniff,
)

POOL = [{"name": "rhr", "value": 52, "unit": "bpm"}, {"name": "tsb", "value": -3, "unit": "none"}]


def brief(brief_id: str, text: str = "HR 55 bpm.", pool: list | None = None) -> str:
    return json.dumps({"id": brief_id, "text": text, "pool": POOL if pool is None else pool})


@pytest.fixture
def pipe() -> Iterator[tuple[str, threading.Thread | None]]:
    """A pipe's reading end as a path (/dev/fd/N, as bash's `<(...)` gives), fed by `feed`."""
    read_end, write_end = os.pipe()
    writers: list[threading.Thread] = []

    def feed(data: bytes) -> str:
        def write() -> None:
            with os.fdopen(write_end, "wb") as out:
                out.write(data)

        writers.append(threading.Thread(target=write, daemon=True))
        writers[0].start()
        return f"/dev/fd/{read_end}"

    yield feed  # type: ignore[misc]
    for writer in writers:
        writer.join()
    os.close(read_end)


def test_a_pipe_is_a_stream_and_a_regular_file_is_not(tmp_path: Path, pipe) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "b.jsonl"
    path.write_text(brief("a") + "\n", encoding="utf-8")
    assert not is_stream(str(path))
    assert is_stream(pipe(b""))
    assert is_stream("-") and is_stream("/dev/zero")
    assert not is_stream(str(tmp_path / "missing.jsonl"))  # opening it says so


def test_briefs_from_a_pipe_are_all_read_and_not_counted(pipe) -> None:  # type: ignore[no-untyped-def]
    path = pipe(("\n".join(brief(f"b{i}") for i in range(3000)) + "\n").encode())
    assert count_lines(path) is None  # counting would use the stream up
    assert [r.line for r in iter_briefs(path)] == list(range(1, 3001))


def test_sniffing_a_pipe_leaves_every_record_to_read(pipe) -> None:  # type: ignore[no-untyped-def]
    pools = [json.dumps({"id": f"p{i}", "pool": POOL}) for i in range(4)]
    path = pipe(("\n\n" + "\n".join(pools) + "\n").encode())
    kind, lines = sniff(path)
    assert kind == "pools"
    assert [(r.id, r.line) for r in iter_pool_records(path, lines=lines)] == [
        ("p0", 3), ("p1", 4), ("p2", 5), ("p3", 6),
    ]  # fmt: skip


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1024])
def test_count_lines_counts_non_blank_lines_across_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """Read a block at a time, a line split between blocks is counted once, and a line of
    blanks split between blocks not at all."""
    monkeypatch.setattr(reader, "READ_CHUNK", chunk)
    path = tmp_path / "c.jsonl"
    for data in [b"", b"\n", b"a", b"a\n", b"  \n\t\n", b"ab\n  \ncd", b"\n\nx \n   y\n \n", b"  "]:
        path.write_bytes(data)
        expected = sum(1 for line in data.split(b"\n") if line.strip())
        assert count_lines(str(path)) == expected, data


def test_a_line_over_the_limit_in_a_stream_ends_the_reading(
    monkeypatch: pytest.MonkeyPatch, pipe
) -> None:  # type: ignore[no-untyped-def]
    """A regular file skips such a line (tests/cli/test_faults_input.py); a stream might
    never reach its end, so reading stops even when bad lines are only reported."""
    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 200)
    path = pipe((brief("ok") + "\n" + "x" * 500 + "\n" + brief("after") + "\n").encode())
    errors: list[InputError] = []
    read = iter_briefs(path, on_error=errors.append)
    assert next(read).id == "ok"
    with pytest.raises(EndlessLine) as raised:
        next(read)
    assert str(raised.value).startswith(f"{path}:2: a line longer than the limit of ")
    assert not raised.value.skippable and not errors


NUL = "a\u0000b"
WITH_NUL = {
    "id": lambda: json.dumps({"id": NUL, "text": "HR 55 bpm.", "pool": POOL}),
    "text": lambda: json.dumps({"id": "x", "text": "HR " + NUL, "pool": POOL}),
    "name": lambda: brief("x", pool=[{"name": NUL, "value": 1, "unit": "bpm"}]),
    "unit": lambda: brief("x", pool=[{"name": "rhr", "value": 1, "unit": NUL}]),
}


@pytest.mark.parametrize("field", sorted(WITH_NUL))
def test_a_nul_character_in_a_stored_field_is_refused(tmp_path: Path, field: str) -> None:
    line = WITH_NUL[field]()
    assert _fast_brief(line.encode(), 1, None) is None  # left to the plain reader
    path = tmp_path / "nul.jsonl"
    path.write_text(brief("ok") + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        list(iter_briefs(str(path)))
    assert f"{path}:2: field " in str(raised.value)
    assert f"{field!r} holds a NUL character" in str(raised.value)


def test_a_nul_character_in_meta_is_kept(tmp_path: Path) -> None:
    """Meta is stored as JSON text, which spells a NUL as \\u0000: nothing is lost."""
    path = tmp_path / "meta.jsonl"
    obj = {"id": "m", "text": "HR 55 bpm.", "pool": POOL, "meta": {"note": NUL}}
    path.write_text(json.dumps(obj) + "\n", encoding="utf-8")
    assert [r.meta for r in iter_briefs(str(path))] == [{"note": NUL}]


def test_a_pools_file_with_a_nul_in_a_pool_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pools.jsonl"
    path.write_text(json.dumps({"id": NUL, "pool": POOL}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r":1: field 'id' holds a NUL character"):
        list(iter_pool_records(str(path)))


TWICE = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "tsb", "value": -3, "unit": "none"},
    {"name": "rhr", "value": 55, "unit": "bpm"},
]


def test_a_pool_naming_one_known_twice_is_refused_by_both_readers(tmp_path: Path) -> None:
    line = brief("twice", pool=TWICE)
    assert _fast_brief(line.encode(), 1, None) is None
    path = tmp_path / "twice.jsonl"
    path.write_text(brief("ok") + "\n" + line + "\n", encoding="utf-8")
    errors: list[InputError] = []
    assert [r.id for r in iter_briefs(str(path), on_error=errors.append)] == ["ok"]
    assert [str(e) for e in errors] == [f"{path}:2: pool[2] names 'rhr' again (as pool[0] does)"]
    pools = tmp_path / "pools.jsonl"
    pools.write_text(json.dumps({"id": "p", "pool": TWICE}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"pools.jsonl:1: pool\[2\] names 'rhr' again"):
        list(iter_pool_records(str(pools)))


def test_a_pool_naming_distinct_knowns_with_one_unit_is_read(tmp_path: Path) -> None:
    pool = [{"name": "rhr", "value": 52, "unit": "bpm"}, {"name": "hr", "value": 52, "unit": "bpm"}]
    line = brief("fine", pool=pool)
    assert _fast_brief(line.encode(), 1, None) is not None
