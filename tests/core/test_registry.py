"""Detectors by name or plugin spec, one analyze() for all, and a description for storage."""

from __future__ import annotations

import json

import pytest

from reviewer import Known
from reviewer.checks.registry import DetectorLoadError, analyze, describe, load_detector
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.reference import ReferenceDetector

POOL = (Known("rhr", 52, "bpm"), Known("tsb", -22.4, "none"))


def test_builtins_by_name_with_config() -> None:
    config = DetectorConfig(value=0.2)
    reference = load_detector("reference", config)
    assert isinstance(reference, ReferenceDetector)
    assert reference.config is config
    assert isinstance(load_detector("default"), DefaultDetector)


def test_plugin_object_without_checkable_gets_the_scanner_denominator() -> None:
    plugin = load_detector("tests.support.plugins:abs_mutant")
    result = analyze(plugin, "It reads -52.00 bpm. It reads 22.40.", POOL)
    assert result.flags == []  # the abs() bug: sign inversions pass
    assert result.checkable == 2


def test_plugin_class_is_instantiated() -> None:
    plugin = load_detector("tests.support.plugins:FlagsEveryNumber")
    assert len(plugin.flag("1 2 3", POOL)) == 3


def test_builtin_analyze_matches_flag_and_checkable() -> None:
    detector = load_detector("reference")
    text = "It reads -52.00 bpm. It reads 22.40. 7 days."
    result = analyze(detector, text, POOL)
    assert result.flags == detector.flag(text, POOL)
    assert result.checkable == detector.checkable(text, POOL) == 2


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("nonsense", "available: reference, default"),
        ("no_such_module_xyz:thing", "cannot import module 'no_such_module_xyz'"),
        ("tests.support.plugins:missing", "has no attribute 'missing'"),
        ("json:dumps", "failed"),
        ("json:JSONDecodeError", "failed"),
        ("tests.support.plugins:re", "has no flag(text, pool)"),
        (":x", "expected module:attr"),
    ],
)
def test_bad_specs_say_what_went_wrong(spec: str, needle: str) -> None:
    with pytest.raises(DetectorLoadError) as err:
        load_detector(spec)
    assert needle in str(err.value)


def test_describe() -> None:
    name, version, config = describe(load_detector("reference", DetectorConfig(value=0.2)))
    assert (name, version) == ("reference", "1.1")
    assert json.loads(config) == {"thresholds": {"faithful": 0.03, "sign": 0.5, "value": 0.2}}
    name, _, config = describe(load_detector("default"))
    assert name == "default"
    assert "units" in json.loads(config)
    assert describe(load_detector("tests.support.plugins:abs_mutant")) == (
        "abs-mutant",
        "0",
        "{}",
    )


def test_a_plugin_factory_that_takes_config_gets_it() -> None:
    config = DetectorConfig(value=0.2)
    detector = load_detector("reviewer.grounding.default:DefaultDetector", config)
    assert isinstance(detector, DefaultDetector)
    assert detector.config is config


def test_the_code_digest_moves_with_any_source_of_reviewer_or_its_storage(tmp_path) -> None:
    """What reads a brief and what stores its flags are both in the digest an ingest's run
    is carried by: a change to either package's sources moves it, other files do not."""
    import shutil

    from reviewer.checks.registry import _source_roots, _sources_digest, code_digest

    roots = []
    for root in _source_roots():
        copy = tmp_path / root.name
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns("__pycache__"))
        roots.append(copy)
    first = _sources_digest(roots)
    assert first is not None and first == _sources_digest(roots)
    (roots[0] / "NOTES.txt").write_text("not a source", encoding="utf-8")
    assert _sources_digest(roots) == first
    for edited in (roots[0] / "pipeline" / "workers.py", roots[1] / "writes.py"):
        kept = edited.read_bytes()
        edited.write_bytes(kept + b"\n# changed\n")
        assert _sources_digest(roots) != first, edited
        edited.write_bytes(kept)
    assert _sources_digest(roots) == first
    assert code_digest(load_detector("default")) is not None
    assert code_digest(load_detector("cmd:true")) is None  # a plugin's code is its own
