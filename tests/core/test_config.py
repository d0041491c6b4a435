"""Detector configuration from TOML: built-in defaults, overrides, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reviewer import Known
from reviewer.grounding.config import DEFAULT_UNITS, ConfigError, DetectorConfig, load_config
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.reference import ReferenceDetector


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "detector.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_built_in_values() -> None:
    config = DetectorConfig()
    assert (config.faithful, config.sign, config.value, config.hidden_sign) == (
        0.03,
        0.50,
        0.12,
        0.12,
    )
    assert config.units == DEFAULT_UNITS
    assert json.loads(config.to_json())["thresholds"]["value"] == 0.12


def test_empty_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "")) == DetectorConfig()


def test_overrides_merge_with_the_defaults(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[thresholds]\nvalue = 0.2\n\n[units]\nkm = ["km", "kilometres"]\nmin = ["min"]\n',
    )
    config = load_config(path)
    assert (config.faithful, config.value) == (0.03, 0.2)
    assert config.units["km"] == ("km", "kilometres")
    assert config.units["min"] == ("min",)
    assert config.units["bpm"] == DEFAULT_UNITS["bpm"]


def test_thresholds_change_what_both_detectors_flag(tmp_path: Path) -> None:
    pool = (Known("rhr", 52, "bpm"),)
    text = "Resting at 60 bpm."
    assert ReferenceDetector().flag(text, pool) == []
    loose = load_config(write(tmp_path, "[thresholds]\nvalue = 0.2\n"))
    assert [f.kind for f in ReferenceDetector(loose).flag(text, pool)] == ["value"]
    assert [f.kind for f in DefaultDetector(loose).flag(text, pool)] == ["value"]


def test_unit_vocabulary_reaches_the_default_detector(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, '[units]\nkm = ["km", "kilometres"]\n'))
    pool = (Known("distance", 8.0, "km"),)
    assert [f.kind for f in DefaultDetector(config).flag("We did 8.5 kilometres.", pool)] == [
        "value"
    ]
    assert DefaultDetector().flag("We did 8.5 kilometres.", pool) == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("[thresholds\nvalue = 0.2", "invalid TOML"),
        ("thresold = 1", "unknown key 'thresold'"),
        ("[thresholds]\nvalu = 0.2\n", "unknown threshold 'valu'"),
        ('[thresholds]\nvalue = "high"\n', "must be a number"),
        ("[thresholds]\nsign = -0.5\n", ">= 0"),
        ("[thresholds]\nfaithful = 0.5\n", "must not exceed value"),
        ("[thresholds]\nvalue = nan\n", "finite"),
        ('[units]\nkm = "km"\n', "units.km must be a list"),
        ("[units]\nkm = [1]\n", "units.km must be a list"),
        ("units = 3\n", "[units] must be a table"),
        # a word another unit reads: the first unit took it, the new one never read it
        ('[units]\nkm = ["km", "mi"]\n', "units.km: 'mi' is a word of unit 'mi' too"),
        ('[units]\nkm = ["km"]\nkmh = ["KM", "kph"]\n', "units.kmh: 'KM' is a word of unit 'km'"),
    ],
)
def test_bad_files_name_the_file_and_the_problem(tmp_path: Path, body: str, needle: str) -> None:
    path = write(tmp_path, body)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(path) in str(err.value)
    assert needle in str(err.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.toml")


def test_config_errors_are_value_errors(tmp_path: Path) -> None:
    """The CLI catches ValueError to print the message and exit 2."""
    assert issubclass(ConfigError, ValueError)


def test_configs_are_hashable_by_content() -> None:
    assert hash(DetectorConfig()) == hash(DetectorConfig())
    assert len({DetectorConfig(), DetectorConfig(), DetectorConfig(value=0.2)}) == 2


def test_a_file_that_opens_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf[thresholds]\nvalue = 0.2\n")
    assert load_config(path).value == 0.2
