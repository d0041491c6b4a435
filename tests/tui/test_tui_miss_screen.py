"""The miss picker: numbers the check read but did not flag, then the known value."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import OptionList

from reviewer.grounding.types import Known
from reviewer.tui.screens.miss import MissChoice, MissScreen, Number, known_choices, unflagged

TEXT = "HRV [bold]61[/bold] today, TSB +9.8 and 52 bpm."
POOL = (Known("rhr", 52, "bpm"), Known("hrv", 64, "none"), Known("tsb", -9.8, "none"))
NUMBERS = [
    Number(10, 12, "61", 61.0, "none"),
    Number(31, 35, "+9.8", 9.8, "none"),
    Number(40, 42, "52", 52.0, "bpm"),
]


def test_known_values_of_the_unit_come_first_nearest_first() -> None:
    assert [k.name for k in known_choices(NUMBERS[1], POOL)] == ["tsb", "hrv", "rhr"]
    assert [k.name for k in known_choices(NUMBERS[0], POOL)] == ["hrv", "tsb", "rhr"]


def test_flagged_numbers_and_earlier_misses_are_not_offered() -> None:
    assert unflagged(NUMBERS, [(40, 42), (10, 11)]) == [NUMBERS[1]]


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[MissChoice | None] = []

    def on_mount(self) -> None:
        self.push_screen(MissScreen(TEXT, NUMBERS, POOL), self.chosen.append)


@pytest.mark.asyncio
async def test_picking_a_number_then_its_known_value() -> None:
    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # +9.8
        await pilot.pause()
        await pilot.press("enter")  # nearest of its unit: tsb -9.8
        await pilot.pause()
    assert app.chosen == [MissChoice(NUMBERS[1], POOL[2])]


@pytest.mark.asyncio
async def test_escape_steps_back_then_cancels_and_markup_stays_text() -> None:
    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = app.screen.query_one(OptionList).get_option_at_index(0).prompt
        assert "[bold]61[/bold]" in str(first)  # brief text shown as written, not markup
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MissScreen) and app.screen.number is None
        await pilot.press("escape")
        await pilot.pause()
    assert app.chosen == [None]


def test_a_number_too_large_for_a_float_is_not_offered() -> None:
    """Its value is infinite: a miss of it could be neither stored nor exported as JSON."""
    huge = Number(4, 404, "9" * 400, float("inf"), "none")
    assert unflagged([huge, *NUMBERS], []) == NUMBERS
