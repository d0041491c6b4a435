"""The JSON Lines reader: good records come through, every bad line names FILE:LINE."""

from __future__ import annotations

import io
import json
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer import Known
from reviewer.pipeline.reader import (
    BriefRecord,
    InputError,
    _brief,
    _fast_brief,
    _object,
    _Problem,
    iter_briefs,
    iter_pool_records,
    read_pools,
    sniff,
)

POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "tsb", "value": -22.4, "unit": "none"},
]


def write(tmp_path: Path, *lines: str, name: str = "briefs.jsonl") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def brief(**fields: object) -> str:
    return json.dumps({"id": "b1", "text": "RHR was 52 bpm.", "pool": POOL} | fields)


def test_reads_briefs_in_order_with_lines_and_meta(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        brief(),
        "",
        brief(id="b2", meta={"date": "2026-01-02"}),
    )
    records = list(iter_briefs(path))
    assert [r.id for r in records] == ["b1", "b2"]
    assert records[0] == BriefRecord(
        "b1", "RHR was 52 bpm.", (Known("rhr", 52.0, "bpm"), Known("tsb", -22.4, "none")), None, 1
    )
    assert records[1].line == 3
    assert records[1].meta == {"date": "2026-01-02"}


def test_pool_id_resolves_through_a_pools_file(tmp_path: Path) -> None:
    pools_path = write(tmp_path, json.dumps({"id": "p1", "pool": POOL}), name="pools.jsonl")
    pools = read_pools(pools_path)
    assert pools["p1"][0] == Known("rhr", 52.0, "bpm")
    path = write(tmp_path, json.dumps({"id": "b1", "text": "52 bpm", "pool_id": "p1"}))
    (record,) = iter_briefs(path, pools=pools)
    assert record.pool_id == "p1"
    assert record.pool == pools["p1"]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("{not json", "invalid JSON"),
        ("[1, 2]", "expected a JSON object"),
        (json.dumps({"text": "x", "pool": []}), "missing field 'id'"),
        (json.dumps({"id": 3, "text": "x", "pool": []}), "field 'id' must be a string"),
        (json.dumps({"id": "b", "pool": []}), "missing field 'text'"),
        (json.dumps({"id": "b", "text": "   ", "pool": []}), "field 'text' is empty"),
        (json.dumps({"id": "b", "text": 5, "pool": []}), "field 'text' must be a string"),
        (json.dumps({"id": "b", "text": "x"}), "missing field 'pool'"),
        (json.dumps({"id": "b", "text": "x", "pool": {}}), "field 'pool' must be a list"),
        (json.dumps({"id": "b", "text": "x", "pool": [5]}), "pool[0] must be an object"),
        (
            json.dumps(
                {"id": "b", "text": "x", "pool": [{"name": "r", "value": "52", "unit": "bpm"}]}
            ),
            "field pool[0].'value' must be a number",
        ),
        (
            json.dumps(
                {"id": "b", "text": "x", "pool": [{"name": "r", "value": True, "unit": "bpm"}]}
            ),
            "must be a number, got a boolean",
        ),
        (
            json.dumps({"id": "b", "text": "x", "pool": [{"value": 1, "unit": "bpm"}]}),
            "missing field pool[0].'name'",
        ),
        ('{"id": "b", "text": "x", "pool": [{"name": "r", "value": NaN, "unit": "bpm"}]}', "NaN"),
        (
            '{"id": "b", "text": "x", "pool": [{"name": "r", "value": -Infinity, "unit": "bpm"}]}',
            "-Infinity",
        ),
        (
            '{"id": "b", "text": "x", "pool": [{"name": "r", "value": 1e999, "unit": "bpm"}]}',
            "finite",
        ),
        (json.dumps({"id": "b", "text": "x", "pool": [], "meta": [1]}), "'meta' must be an object"),
        (json.dumps({"id": "b", "text": "x", "pool_id": "nope"}), "needs a pools file"),
    ],
)
def test_bad_line_names_file_line_and_problem(tmp_path: Path, line: str, problem: str) -> None:
    path = write(tmp_path, brief(), line)
    with pytest.raises(InputError) as info:
        list(iter_briefs(path))
    assert str(info.value).startswith(f"{path}:2: ")
    assert problem in str(info.value)
    assert info.value.line == 2


def test_unknown_pool_id_and_duplicate_id(tmp_path: Path) -> None:
    path = write(tmp_path, json.dumps({"id": "b", "text": "x", "pool_id": "p9"}))
    with pytest.raises(InputError, match=r":1: unknown pool_id 'p9'"):
        list(iter_briefs(path, pools={"p1": ()}))
    path = write(tmp_path, brief(), brief(id="b2"), brief())
    with pytest.raises(InputError, match=r":3: duplicate id 'b1'"):
        list(iter_briefs(path))


def test_invalid_utf8_is_reported_per_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(brief().encode() + b"\n\xff\xfe\n")
    with pytest.raises(InputError, match=r":2: not valid UTF-8"):
        list(iter_briefs(str(path)))


def test_a_byte_order_mark_at_the_start_is_accepted_on_the_fast_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windows editors save UTF-8 with a BOM; only the first line can carry it.
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + brief().encode() + b"\n" + brief(id="b2").encode() + b"\n")
    expected = [r.id for r in iter_briefs(str(path))]
    assert expected == ["b1", "b2"]

    def no_slow_path(*args: object) -> None:
        raise AssertionError("a good line with a BOM left the msgspec fast path")

    monkeypatch.setattr("reviewer.pipeline.reader._object", no_slow_path)
    assert [r.id for r in iter_briefs(str(path))] == ["b1", "b2"]


def test_a_byte_order_mark_is_accepted_in_pools_files_stdin_and_sniffing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pools = tmp_path / "pools.jsonl"
    pools.write_bytes(b"\xef\xbb\xbf" + json.dumps({"id": "p1", "pool": POOL}).encode() + b"\n")
    assert read_pools(str(pools)) == {
        "p1": (Known("rhr", 52.0, "bpm"), Known("tsb", -22.4, "none"))
    }
    assert sniff(str(pools))[0] == "pools"
    data = b"\xef\xbb\xbf" + brief().encode() + b"\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert [r.id for r in iter_briefs("-")] == ["b1"]


def test_a_byte_order_mark_after_the_first_line_is_still_an_error(tmp_path: Path) -> None:
    path = tmp_path / "joined.jsonl"
    path.write_bytes(brief().encode() + b"\n\xef\xbb\xbf" + brief(id="b2").encode() + b"\n")
    with pytest.raises(InputError, match=r":2: invalid JSON"):
        list(iter_briefs(str(path)))


def test_invalid_utf8_in_a_field_the_fast_path_skips_is_still_rejected(tmp_path: Path) -> None:
    # msgspec skips unknown fields without checking their bytes; the plain reader does not.
    line = brief(other="\ud800").replace("\\ud800", "\ud800").encode("utf-8", "surrogatepass")
    assert _fast_brief(line, 1, None) is None
    path = tmp_path / "bad.jsonl"
    path.write_bytes(line + b"\n")
    with pytest.raises(InputError, match=r":1: not valid UTF-8"):
        list(iter_briefs(str(path)))


def test_on_error_collects_and_skips(tmp_path: Path) -> None:
    path = write(
        tmp_path, brief(), "{oops", brief(id="b2", text=""), brief(id="b3"), brief(id="b3")
    )
    errors: list[InputError] = []
    ids = [r.id for r in iter_briefs(path, on_error=errors.append)]
    assert ids == ["b1", "b3"]
    assert [e.line for e in errors] == [2, 3, 5]


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.jsonl")
    with pytest.raises(InputError) as info:
        list(iter_briefs(missing))
    assert str(info.value).startswith(f"{missing}: cannot open")


def test_dash_reads_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    data = (brief() + "\n" + brief(id="b2") + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert [r.id for r in iter_briefs("-")] == ["b1", "b2"]


def test_reader_streams_lazily(tmp_path: Path) -> None:
    # The first record comes out before a later bad line is ever read.
    path = write(tmp_path, brief(), "{broken")
    stream = iter_briefs(path)
    assert next(stream).id == "b1"
    with pytest.raises(InputError):
        next(stream)


def test_pools_file_checks(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        json.dumps({"id": "p1", "pool": POOL}),
        json.dumps({"id": "p1", "pool": POOL}),
        name="pools.jsonl",
    )
    with pytest.raises(InputError, match=r"pools.jsonl:2: duplicate id 'p1'"):
        read_pools(path)
    bad = write(tmp_path, json.dumps({"id": "p1"}), name="p2.jsonl")
    with pytest.raises(InputError, match=r":1: missing field 'pool'"):
        list(iter_pool_records(bad))


def test_sniff_tells_briefs_from_pools(tmp_path: Path) -> None:
    assert sniff(write(tmp_path, "", brief()))[0] == "briefs"
    pools = write(tmp_path, json.dumps({"id": "p", "pool": POOL}), name="p.jsonl")
    assert sniff(pools)[0] == "pools"
    assert sniff(write(tmp_path, "", name="e.jsonl"))[0] == "empty"


def test_scan_can_forget_ids(tmp_path: Path) -> None:
    path = write(tmp_path, brief(), brief(id="b2"), brief())
    assert [r.id for r in iter_briefs(path, check_duplicates=False)] == ["b1", "b2", "b1"]


def test_good_lines_take_the_fast_path() -> None:
    # The typed decoder must accept ordinary lines, or every brief pays for the slow path.
    line = brief(meta={"date": "2026-01-02", "n": [1, 2.5]}).encode()
    record = _fast_brief(line, 7, None)
    assert record == BriefRecord(
        "b1",
        "RHR was 52 bpm.",
        (Known("rhr", 52.0, "bpm"), Known("tsb", -22.4, "none")),
        {"date": "2026-01-02", "n": [1, 2.5]},
        7,
    )
    pools = {"p1": (Known("rhr", 52.0, "bpm"),)}
    by_id = json.dumps({"id": "b", "text": "52 bpm", "pool_id": "p1"}).encode()
    assert _fast_brief(by_id, 1, pools) == BriefRecord("b", "52 bpm", pools["p1"], None, 1, "p1")


ODD_STRINGS = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["", " ", "\t\n", "\u00a0", "\u2028", "\ud800", "a\udfff", "ok"]),
)
ODD_NUMBERS = st.one_of(
    st.floats(),  # NaN and infinities become NaN / Infinity literals
    st.integers(min_value=-(10**400), max_value=10**400),
    st.booleans(),
    st.none(),
    ODD_STRINGS,
)
ODD_VALUES = st.one_of(ODD_STRINGS, ODD_NUMBERS, st.lists(st.integers(), max_size=2))
ENTRY = st.one_of(
    st.dictionaries(
        st.sampled_from(["name", "value", "unit", "extra"]),
        st.one_of(ODD_STRINGS, ODD_NUMBERS),
        max_size=4,
    ),
    st.fixed_dictionaries(
        {"name": ODD_STRINGS, "value": ODD_NUMBERS, "unit": st.sampled_from(["bpm", "none"])}
    ),
    ODD_VALUES,
)
ODD_LINES = st.dictionaries(
    st.sampled_from(["id", "text", "pool", "pool_id", "meta", "other"]),
    st.one_of(
        ODD_VALUES,
        st.lists(ENTRY, max_size=3),
        st.dictionaries(st.text(max_size=3), ODD_NUMBERS, max_size=3),
    ),
    max_size=6,
).map(lambda obj: {"id": "b", "text": "t", "pool": []} | obj)
GOOD_NUMBERS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False), st.integers(-(2**70), 2**70)
)
GOOD_LINES = st.fixed_dictionaries(
    {
        "id": st.text(min_size=1, max_size=5),
        "text": st.text(min_size=1, max_size=30),
        "pool": st.lists(
            st.fixed_dictionaries(
                {
                    "name": st.text(min_size=1, max_size=4),
                    "value": GOOD_NUMBERS,
                    "unit": ODD_STRINGS,
                }
            ),
            max_size=4,
        ),
    },
    optional={
        "meta": st.one_of(
            st.none(),
            st.dictionaries(st.text(max_size=3), st.one_of(GOOD_NUMBERS, st.text(max_size=3))),
        )
    },
)
LINES = st.one_of(ODD_LINES, GOOD_LINES)


def _plain_reading(raw: bytes, pools: dict) -> BriefRecord | str:
    try:
        obj = _object("f", 1, raw, None)
        return "blank" if obj is None else _brief(obj, 1, pools)
    except (InputError, _Problem) as err:
        return f"error: {err}"


@settings(max_examples=300, deadline=None)
@given(LINES, st.booleans())
def test_fast_path_agrees_with_the_plain_checks(obj: dict, ascii_only: bool) -> None:
    # The fast path may decline a line (the plain reader then decides), but a record it
    # returns must be exactly the plain reader's, floats and all.
    text = json.dumps(obj, ensure_ascii=ascii_only)
    raw = text.encode("utf-8", "surrogatepass")
    pools = {"ok": (Known("rhr", 52.0, "bpm"),)}
    fast = _fast_brief(raw, 1, pools)
    if fast is not None:
        assert repr(fast) == repr(_plain_reading(raw, pools))


def test_line_spans_cover_the_file_and_read_back_every_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spans end where lines end, number their lines as the whole file does, and read
    back the same records and errors: a byte-order mark, blank lines, a bad line, a line
    longer than a span, and one over the line limit (made small here)."""
    from reviewer.pipeline import reader

    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 400)
    monkeypatch.setattr(reader, "READ_CHUNK", 64)
    lines = [brief(id=f"b{i}", text="x" * (i * 7 % 90)) for i in range(1, 60)]
    lines[10] = ""
    lines[20] = '{"id": "bad"'
    lines[30] = brief(id="long", text="y" * 300)
    lines[40] = brief(id="too long", text="z" * 500)
    path = tmp_path / "briefs.jsonl"
    path.write_bytes(reader.BOM + ("\n".join(lines) + "\n").encode())
    size = path.stat().st_size

    def read(span: tuple[int, int, int] | None) -> list[object]:
        errors: list[InputError] = []
        records = iter_briefs(str(path), on_error=errors.append, span=span)
        return [(r.id, r.line) for r in records] + [str(e) for e in errors]

    whole = read(None)
    assert any("line of" in str(e) for e in whole) and any(":21:" in str(e) for e in whole)
    for part in (1, 50, 128, 10_000):
        spans = list(reader.line_spans(str(path), part))
        assert spans[0][:1] == (0,) and spans[-1][1] == size
        assert all(a[1] == b[0] for a, b in pairwise(spans))
        data = path.read_bytes()
        assert all(data[end - 1 : end] == b"\n" for _, end, _ in spans)
        pieces: list[object] = []
        for span in spans:
            pieces += read(span)
        records = sorted(p for p in pieces if isinstance(p, tuple))
        errors = sorted(p for p in pieces if isinstance(p, str))
        assert records == sorted(p for p in whole if isinstance(p, tuple))
        assert errors == sorted(p for p in whole if isinstance(p, str))


def test_an_input_error_survives_pickling() -> None:
    import pickle

    err = pickle.loads(pickle.dumps(InputError("a.jsonl", 3, "missing field 'id'")))
    assert (err.path, err.line, err.problem) == ("a.jsonl", 3, "missing field 'id'")
    assert str(err) == "a.jsonl:3: missing field 'id'"


def test_a_recurring_pool_is_one_tuple_but_minus_zero_stays_minus_zero(tmp_path: Path) -> None:
    import math

    same = [{"name": "tsb", "value": -12.6, "unit": "none"}]
    path = write(
        tmp_path,
        brief(id="a", pool=same),
        brief(id="b", pool=same),
        brief(id="c", pool=[{"name": "z", "value": 0.0, "unit": "none"}]),
        brief(id="d", pool=[{"name": "z", "value": -0.0, "unit": "none"}]),
        brief(id="e", pool=[{"name": "z", "value": 0.0, "unit": "none"}]),
    )
    a, b, c, d, e = iter_briefs(path)
    assert a.pool is b.pool and a.pool == (Known("tsb", -12.6, "none"),)
    assert [math.copysign(1, r.pool[0].value) for r in (c, d, e)] == [1, -1, 1]


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('{"id": "a", "text": "HR 50 bpm", "pool": [], "id": "b"}', "id"),
        (
            '{"id": "a", "text": "x", "pool": '
            '[{"name": "r", "value": 1, "unit": "u", "name": "s"}]}',
            "name",
        ),
        ('{"id": "a", "text": "x", "pool": [], "meta": {"run": {"at": 1, "at": 2}}}', "at"),
        ('{"id": "a", "text": "x", "pool": [], "extra": 1, "extra": 1}', "extra"),
    ],
)
def test_a_key_given_twice_names_file_line_and_key(tmp_path: Path, line: str, key: str) -> None:
    path = write(tmp_path, brief(), line)
    with pytest.raises(InputError) as info:
        list(iter_briefs(path))
    assert str(info.value) == f"{path}:2: key {key!r} is given twice in one object"
    errors: list[InputError] = []
    assert [r.id for r in iter_briefs(path, on_error=errors.append)] == ["b1"]
    assert [e.line for e in errors] == [2]


def test_a_key_given_twice_in_a_pools_file_is_refused(tmp_path: Path) -> None:
    line = '{"id": "p1", "pool": [{"name": "rhr", "value": 52, "value": 57, "unit": "bpm"}]}'
    path = write(tmp_path, line, name="pools.jsonl")
    with pytest.raises(InputError, match=r"pools.jsonl:1: key 'value' is given twice"):
        read_pools(path)


def test_good_lines_with_colons_and_escapes_take_the_fast_path() -> None:
    # Colons in the text, id and meta, escapes, spaces around colons: the check for keys
    # given twice must not send ordinary lines to the slow path.
    obj = {
        "id": "2026-12-02T06:00/maya",
        "text": 'Pace 8:30/mi at 06:45; "tempo": \u2212 12.6\nNote: easy.',
        "pool": POOL,
        "meta": {"at": "06:45", "runs": [{"k": "a:b"}, {}], "\u00e9": [1, {"x": None}]},
    }
    for text in (
        json.dumps(obj),
        json.dumps(obj, ensure_ascii=False),
        json.dumps(obj, indent=None, separators=(",", ":")),
    ):
        record = _fast_brief(text.encode(), 1, None)
        assert record is not None and record.meta == obj["meta"] and record.id == obj["id"]
    spaced = json.dumps(obj).replace('": ', '" : ')
    assert _fast_brief(spaced.encode(), 1, None) is not None


def _written(node: object, rng_bits: list[int]) -> str:
    """JSON text of `node`, whose objects are lists of (key, value) pairs (so a key may come
    twice); `rng_bits` chooses spacing and escapes as the text is written."""
    bit = rng_bits.pop() if rng_bits else 0
    if isinstance(node, list) and node and isinstance(node[0], tuple):
        colon = [": ", ":", " : ", "\t:"][bit % 4]
        return "{" + ", ".join(_key(k, bit) + colon + _written(v, rng_bits) for k, v in node) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(_written(v, rng_bits) for v in node) + "]"
    if isinstance(node, str):
        return _key(node, bit)
    return json.dumps(node)


def _key(value: str, bit: int) -> str:
    text = json.dumps(value)
    return text.replace(":", "\\u003a") if bit % 3 == 0 else text


PAIR_KEYS = st.sampled_from(["id", "text", "pool", "meta", "name", "value", "unit", "x", "a:b"])
PAIR_SCALARS = st.one_of(
    st.sampled_from(["b", "HR 52 bpm", "8:30", 'a"b:c', " ", "rhr", "bpm"]),
    st.integers(-3, 60),
    st.none(),
)
PAIRS = st.recursive(
    PAIR_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(st.tuples(PAIR_KEYS, inner), min_size=1, max_size=4),
    ),
    max_leaves=12,
)
ENTRY_KEYS = st.lists(st.sampled_from(["name", "value", "unit", "extra"]), min_size=3, max_size=5)
ENTRY_VALUES = {"name": "rhr", "value": 52, "unit": "bpm", "extra": "a:b"}


def _gives_a_key_twice(node: object) -> bool:
    if isinstance(node, list) and node and isinstance(node[0], tuple):
        keys = [k for k, _ in node]
        return len(set(keys)) < len(keys) or any(_gives_a_key_twice(v) for _, v in node)
    if isinstance(node, list):
        return any(_gives_a_key_twice(v) for v in node)
    return False


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(PAIR_KEYS, PAIRS), max_size=3),
    st.lists(ENTRY_KEYS, max_size=2),
    st.lists(st.integers(0, 11), max_size=30),
)
def test_a_key_given_twice_never_passes_the_fast_path(extra, entries, bits) -> None:
    """Lines written by hand, keys given twice anywhere, spaced or escaped colons: the fast
    path declines every line that gives a key twice, and agrees with the plain reader on
    every line it takes."""
    pool = [[(key, ENTRY_VALUES[key]) for key in keys] for keys in entries]
    line = [("id", "b"), ("text", "HR 52 bpm: 8:30"), ("pool", pool), *extra]
    raw = _written(line, list(bits)).encode()
    fast = _fast_brief(raw, 1, None)
    plain = _plain_reading(raw, {})
    if _gives_a_key_twice(line):
        assert fast is None
        assert isinstance(plain, str) and "is given twice in one object" in plain
    elif fast is not None:
        assert repr(fast) == repr(plain)


@pytest.mark.parametrize("value", [1e300, -1e300, -1.7e308, 1.7976931348623157e308])
def test_a_known_value_too_large_to_compare_is_refused(tmp_path: Path, value: float) -> None:
    pool = [POOL[0], {"name": "tsb", "value": value, "unit": "none"}]
    line = brief(pool=pool).encode()
    assert _fast_brief(line, 1, None) is None  # the plain reader words it
    path = write(tmp_path, brief(), line.decode())
    with pytest.raises(InputError) as info:
        list(iter_briefs(path))
    assert str(info.value) == (
        f"{path}:2: pool[1] 'tsb': value {value:g} is too large to compare "
        "(a known value must lie between -1e+300 and 1e+300)"
    )


def test_a_known_value_just_inside_the_limit_takes_the_fast_path() -> None:
    pool = [{"name": "tsb", "value": -9.999999999999999e299, "unit": "none"}]
    record = _fast_brief(brief(pool=pool).encode(), 1, None)
    assert record is not None and record.pool == (Known("tsb", -9.999999999999999e299, "none"),)


def _headroom(frames: int) -> int:
    return 0 if frames == 0 else 1 + _headroom(frames - 1)


def test_a_line_nested_too_deep_starts_no_collection_at_the_bottom_of_the_stack(
    tmp_path: Path,
) -> None:
    """A parser finds a line nested too deep by running out of stack. A garbage collection
    started down there would run other objects' finalizers with no stack left, each
    failing with a RecursionError printed as "Exception ignored" beside the line's message.
    With a collection due at every allocation, none may start while either parser (the
    fast one for the line, the plain one after it) has less than 50 frames left."""
    import gc

    deep = '{"id": "b", "text": "x", "pool": [], "meta": {"m": ' + "[" * 100_000
    path = write(tmp_path, brief(), deep + "]" * 100_000 + "}}")
    starved: list[int] = []

    def probe(phase: str, info: dict) -> None:
        if phase == "start":
            try:
                _headroom(50)
            except RecursionError:
                starved.append(info["generation"])

    threshold = gc.get_threshold()
    gc.callbacks.append(probe)
    gc.set_threshold(1)
    try:
        with pytest.raises(InputError, match="nested more than 64 levels deep"):
            list(iter_briefs(path))
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(probe)
    assert not starved
