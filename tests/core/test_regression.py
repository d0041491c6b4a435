"""Regression fixtures without a database: format, file names, writing, reading, replay."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer import Flag, Known
from reviewer.grounding.bands import KNOWN_LIMIT
from reviewer.regression import (
    FORMAT,
    Fixture,
    FixtureError,
    LabeledClaim,
    fixture_filename,
    merge_labels,
    read_fixture,
    read_fixtures,
    replay,
    unwritable,
    write_fixtures,
)

POOL = (Known("distance", 45.2, "mi"), Known("tsb", -22.4, "none"))
TEXT = "Ran 45 min at easy pace; form sits at +22.4 today."


def fixture(**changes: object) -> Fixture:
    base = {
        "brief_id": "b-1",
        "text": TEXT,
        "pool": POOL,
        "start": 4,
        "end": 6,
        "token": "45",
        "verdict": "false_positive",
        "reviewer": "ana",
        "note": "minutes read as miles",
        "detector": "reference",
        "version": "1",
        "flag": {
            "kind": "value",
            "value": 45.0,
            "unit": "mi",
            "nearest": "distance",
            "nearest_value": 45.2,
            "delta": -0.2,
        },
    }
    base.update(changes)
    return Fixture(**base)  # type: ignore[arg-type]


class FlagsTokens:
    """A stand-in detector: flags every listed (start, end) as a value flag."""

    def __init__(self, spans: Sequence[tuple[int, int]], unit: str = "mi") -> None:
        self.spans = spans
        self.unit = unit

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        out = []
        for start, end in self.spans:
            token = text[start:end]
            value = float(token.replace("\u2212", "-"))
            out.append(
                Flag(start, end, token, value, self.unit, "distance", 45.2, value - 45.2, "value")
            )
        return out


# --- format -----------------------------------------------------------------------------


def test_fixture_json_holds_everything_a_replay_needs() -> None:
    data = json.loads(fixture().to_json())
    assert data["format"] == FORMAT
    assert data["span"] == {"start": 4, "end": 6}
    assert data["token"] == "45" and data["text"][4:6] == "45"
    assert data["verdict"] == "false_positive" and data["expect"] == "not_flagged"
    assert data["detector"] == {"name": "reference", "version": "1"}
    assert data["reviewer"] == "ana" and data["note"] == "minutes read as miles"
    assert data["pool"][1] == {"name": "tsb", "value": -22.4, "unit": "none"}
    assert json.loads(fixture(verdict="true_positive").to_json())["expect"] == "flagged"
    assert "exported" not in json.dumps(data)  # no export timestamp inside


def test_json_is_stable_and_escapes_invisible_characters() -> None:
    text = "Form \u2212 at\u00a0\u221222.4"
    fx = fixture(text=text, start=10, end=15, token=text[10:15])
    assert fx.to_json() == fx.to_json()
    assert "\\u2212" in fx.to_json() and "\\u00a0" in fx.to_json()
    assert json.loads(fx.to_json()) == fx.to_dict()
    assert list(json.loads(fx.to_json()))[:3] == ["format", "brief_id", "span"]
    assert json.loads(fixture(pool=()).to_json())["pool"] == []


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    text = "Brief with [bold]markup[/] and \x1b[31m 45"
    at = text.index("45")
    fx = fixture(text=text, start=at, end=at + 2, token="45")
    path = tmp_path / fx.filename
    path.write_text(fx.to_json(), encoding="utf-8")
    assert read_fixture(path) == fx


# --- file names -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "brief_id",
    [
        "../../x",
        "/etc/passwd",
        "a b c",
        "sp\u00e9cial \u2212 \u6f22\u5b57",
        "..",
        "",
        "con",
        "a/../../b",
    ],
)
def test_filename_is_a_plain_name_inside_the_folder(tmp_path: Path, brief_id: str) -> None:
    name = fixture_filename(brief_id, 4, 6, "45")
    assert re.fullmatch(r"[a-z0-9_][a-z0-9_-]*-\d+-[0-9a-f]{12}\.json", name)
    assert (tmp_path / name).resolve().parent == tmp_path.resolve()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.integers(0, 10_000), st.text(min_size=1, max_size=8))
def test_any_brief_id_gives_a_safe_name(brief_id: str, start: int, token: str) -> None:
    name = fixture_filename(brief_id, start, start + len(token), token)
    assert "/" not in name and "\\" not in name and not name.startswith(".")
    assert re.fullmatch(r"[A-Za-z0-9_.-]+", name)


def test_distinct_claims_get_distinct_names() -> None:
    names = {
        fixture_filename("a b", 4, 6, "45"),
        fixture_filename("a-b", 4, 6, "45"),  # same slug, different id
        fixture_filename("a b", 4, 7, "45 "),
        fixture_filename("a b", 5, 6, "5"),
    }
    assert len(names) == 4


# --- writing ----------------------------------------------------------------------------


def test_write_then_rewrite_is_idempotent(tmp_path: Path) -> None:
    fx = [fixture(), fixture(start=38, end=43, token="+22.4", verdict="true_positive")]
    first = write_fixtures(fx, tmp_path)
    assert len(first.written) == 2 and not first.unchanged and not first.conflicts
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    second = write_fixtures(fx, tmp_path)
    assert not second.written and len(second.unchanged) == 2 and not second.conflicts
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert second.summary() == "0 written, 2 unchanged, 0 conflicts"


def test_different_content_at_the_same_name_is_refused_unless_forced(tmp_path: Path) -> None:
    write_fixtures([fixture()], tmp_path)
    path = tmp_path / fixture().filename
    old = path.read_bytes()
    changed = fixture(note="a different note")
    report = write_fixtures([changed], tmp_path)
    assert report.conflicts == [path] and not report.written
    assert path.read_bytes() == old
    forced = write_fixtures([changed], tmp_path, force=True)
    assert forced.overwritten == [path]
    assert read_fixture(path).note == "a different note"


def test_no_temp_files_left_behind(tmp_path: Path) -> None:
    write_fixtures([fixture()], tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [fixture().filename]


# --- merging labels ---------------------------------------------------------------------


def test_agreeing_reviewers_share_one_fixture_and_disagreeing_ones_are_left_out() -> None:
    claims = [
        LabeledClaim(1, fixture(reviewer="ben", note=None)),
        LabeledClaim(1, fixture(reviewer="ana", note="minutes")),
        LabeledClaim(2, fixture(start=38, end=43, token="+22.4", reviewer="ana")),
        LabeledClaim(
            2, fixture(start=38, end=43, token="+22.4", reviewer="ben", verdict="true_positive")
        ),
    ]
    merged = merge_labels(claims)
    assert [(f.start, f.reviewer, f.note) for f in merged.fixtures] == [
        (4, "ana, ben", "ana: minutes")
    ]
    assert len(merged.disagreements) == 1 and "+22.4" in merged.disagreements[0]
    assert merge_labels(claims, only="true_positive").fixtures == []


# --- reading ----------------------------------------------------------------------------


def write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"format": "other/9"}, "unknown fixture format"),
        ({"token": "46"}, "is not the text at 4-6"),
        ({"span": {"start": 4, "end": 999}}, "outside the text"),
        ({"span": {"start": "4", "end": 6}}, "'span.start' has the wrong type (got a string)"),
        ({"verdict": "skip"}, "verdict 'skip' is not one of"),
        ({"expect": "flagged"}, "contradicts verdict"),
        ({"expect": "maybe"}, "expect 'maybe' is not one of flagged, not_flagged"),
        ({"pool": [{"name": "x", "value": True, "unit": "mi"}]}, "'pool[0].value'"),
        ({"pool": [{"name": "x", "unit": "mi"}]}, "missing field 'pool[0].value'"),
        ({"text": None}, "'text' has the wrong type (got null)"),
        ({"format": None}, "no 'format' field"),
    ],
)
def test_bad_fixture_names_file_and_problem(tmp_path: Path, change: dict, problem: str) -> None:
    data = fixture().to_dict() | change
    path = write(tmp_path, "bad.json", data)
    with pytest.raises(FixtureError) as err:
        read_fixture(path)
    assert str(err.value).startswith(f"{path}: ")
    assert problem in str(err.value)


def test_invalid_json_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.json", '{\n  "format": "reviewer-regression/1",\n  oops\n}')
    with pytest.raises(FixtureError, match=re.escape(f"{path}:3: invalid JSON")):
        read_fixture(path)
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FixtureError, match="not UTF-8"):
        read_fixture(binary)


def test_read_fixtures_reports_every_bad_file_and_ignores_other_files(tmp_path: Path) -> None:
    write_fixtures([fixture()], tmp_path)
    write(tmp_path, "README.md", "# not a fixture")
    write(tmp_path, "a.json", "[]")
    write(tmp_path, "z.json", "{")
    (tmp_path / "old.json").mkdir()  # a folder named like a fixture is named, not passed over
    good, bad = read_fixtures(tmp_path)
    assert [f for _, f in good] == [fixture()]
    assert [e.path.name for e in bad] == ["a.json", "old.json", "z.json"]
    assert "a folder, not a fixture file" in str(bad[1])
    with pytest.raises(FixtureError, match="no such file"):
        read_fixtures(tmp_path / "missing")


# --- replay -----------------------------------------------------------------------------


def test_false_positive_passes_when_not_flagged_and_fails_with_reason_when_flagged() -> None:
    fx = fixture()
    ok = replay(Path("fp.json"), fx, FlagsTokens([(38, 43)]))
    assert ok.passed and ok.reason.startswith("false positive not flagged")
    bad = replay(Path("fp.json"), fx, FlagsTokens([(4, 6)]))
    assert not bad.passed
    assert (
        bad.reason
        == "false positive flagged again: '45' read as 45 mi, nearest distance 45.2 (value)"
    )
    assert bad.line().startswith("FAIL  fp.json  false positive flagged again")


def test_true_positive_fails_when_missed() -> None:
    fx = fixture(start=38, end=43, token="+22.4", verdict="true_positive")
    assert replay(Path("tp.json"), fx, FlagsTokens([(38, 43)])).passed
    missed = replay(Path("tp.json"), fx, FlagsTokens([(4, 6)]))
    assert (
        not missed.passed and missed.reason == "true positive missed: '+22.4' at 38-43 not flagged"
    )


def test_a_shifted_but_overlapping_span_matches() -> None:
    text = "Form sits at \u221222.4 today."
    fx = fixture(text=text, start=14, end=18, token="22.4", verdict="true_positive")
    assert replay(Path("t.json"), fx, FlagsTokens([(13, 18)])).passed  # token took the minus
    assert not replay(Path("t.json"), fx, FlagsTokens([(12, 13)])).passed  # adjacent, no overlap


def test_a_crashing_detector_fails_the_fixture_with_its_error() -> None:
    class Crashes:
        def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
            raise RuntimeError("boom")

    outcome = replay(Path("x.json"), fixture(), Crashes())
    assert not outcome.passed and outcome.reason == "detector raised RuntimeError: boom"


@st.composite
def any_fixture(draw: st.DrawFn) -> Fixture:
    text = draw(st.text(min_size=1, max_size=80))
    start = draw(st.integers(0, len(text) - 1))
    end = draw(st.integers(start + 1, len(text)))
    # any value an input file may hold: within the known values' limit
    value = st.floats(-KNOWN_LIMIT, KNOWN_LIMIT, exclude_min=True, exclude_max=True)
    pool = draw(st.lists(st.builds(Known, st.text(max_size=10), value, st.text(max_size=5))))
    return Fixture(
        brief_id=draw(st.text(max_size=40)),
        text=text,
        pool=tuple(pool),
        start=start,
        end=end,
        token=text[start:end],
        verdict=draw(st.sampled_from(["true_positive", "false_positive"])),
        reviewer=draw(st.text(max_size=10)),
        note=draw(st.none() | st.text(max_size=20)),
    )


@settings(max_examples=200, deadline=None)
@given(any_fixture())
def test_any_fixture_survives_write_and_read(
    tmp_path_factory: pytest.TempPathFactory, fx: Fixture
) -> None:
    folder = tmp_path_factory.mktemp("fx")
    report = write_fixtures([fx], folder)
    (path,) = report.written
    assert path.parent == folder and path.read_text(encoding="ascii")  # escapes keep it ASCII
    assert read_fixtures(folder) == ([(path, fx)], [])
    assert write_fixtures([fx], folder).unchanged == [path]


def test_reasons_never_carry_terminal_escapes() -> None:
    class Hostile:
        def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
            return [Flag(4, 6, "45", 45.0, "mi", "dist\x1b[31m", 45.2, -0.2, "value")]

    outcome = replay(Path("fp.json"), fixture(), Hostile())
    assert "\x1b" not in outcome.reason and "'dist\\x1b[31m'" in outcome.reason


def test_a_fixture_with_numbers_out_of_range_is_unwritable() -> None:
    """What an older database may hold: a flag number JSON cannot write, or a known value
    beyond the limit regress refuses. Anything else is writable."""
    assert unwritable(fixture()) is None
    inf = fixture(flag={**fixture().flag, "delta": float("inf")})  # type: ignore[dict-item]
    assert unwritable(inf) == "its stored flag has a number JSON cannot hold"
    huge = fixture(pool=(*POOL, Known("far", 1e301, "none")))
    assert "known value out of range" in (unwritable(huge) or "")
    assert unwritable(fixture(flag=None)) is None  # a miss: no flag
