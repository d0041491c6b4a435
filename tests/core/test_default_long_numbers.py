"""A number is read whole wherever it stands: the window a name looks through for its
number ends 70 characters after the name, and a number that window cuts is read again in
full, not as the digits inside the window (a 100-digit number was read as its first 65
digits, its unit lost, and flagged as a value it does not state)."""

from __future__ import annotations

from tests.core.test_default_name_voices import DETECTORS, POOLS

TRAINING = DETECTORS["training"]


def flags(text: str) -> list[tuple[str, float, str, str, str]]:
    return [(f.token, f.value, f.unit, f.kind, f.nearest)
            for f in TRAINING.flag(text, POOLS["training"])]  # fmt: skip


def test_a_long_number_after_a_name_is_read_whole_with_its_unit() -> None:
    digits = "1" + "0" * 99
    assert flags(f"RHR was {digits} bpm today.") == [(digits, 1e99, "bpm", "value", "rhr")]


def test_a_number_past_any_float_states_nothing() -> None:
    assert flags("Resting HR: " + "9" * 400 + " bpm.") == []
    assert flags("Resting HR: " + "9" * 400 + ".") == []
