"""Mark a missed contradiction: pick a checked number the detector did not flag, then the
known value it contradicts (those of its unit first, nearest first). Each number says what
the run's detector read it as, and the one under the cursor why it was passed over."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import isfinite
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from reviewer.grounding.types import Known, Reading
from reviewer.tui.literal import one_line
from reviewer.tui.readings import passed_over, short_reason

CONTEXT = 24  # characters of prose shown either side of a number


@dataclass(frozen=True, slots=True)
class Number:
    """A number of the prose the check read: where, as written, its value and unit."""

    start: int
    end: int
    token: str
    value: float
    unit: str
    reading: Reading | None = None  # what the run's detector read it as, when known


@dataclass(frozen=True, slots=True)
class MissChoice:
    number: Number
    known: Known


def unflagged(numbers: Sequence[Number], taken: Sequence[tuple[int, int]]) -> list[Number]:
    """The numbers no flag (or earlier miss) covers: the ones that can be marked missed. A
    number too large for a float (hundreds of digits) contradicts nothing comparable, and
    its infinite value could be neither stored nor exported: it is not offered."""
    return [
        n
        for n in numbers
        if isfinite(n.value) and not any(s < n.end and n.start < e for s, e in taken)
    ]


def known_choices(number: Number, pool: Sequence[Known]) -> list[Known]:
    """The pool with the known values of the number's unit first, nearest first; the
    rest after, in pool order (a unit the scanner misread must not hide the right one)."""
    same = sorted(
        (k for k in pool if k.unit == number.unit), key=lambda k: abs(k.value - number.value)
    )
    return same + [k for k in pool if k.unit != number.unit]


def _value(value: float) -> str:
    return f"{value:g}"


HINT = "↑ ↓ choose · enter takes it · escape steps back (or cancels)"


class MissScreen(ModalScreen[MissChoice | None]):
    """Two lists in turn: the number, then the known value; escape steps back or cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(
        self,
        text: str,
        numbers: Sequence[Number],
        pool: Sequence[Known],
        note: str | None = None,
    ) -> None:
        super().__init__()
        self.text, self.numbers, self.pool = text, list(numbers), list(pool)
        self.number: Number | None = None
        self.note = note  # why the numbers' readings cannot be told, if they cannot

    def compose(self) -> ComposeResult:
        with Vertical(id="miss-box"):
            yield Static(Content("Missed contradiction: which number?"), id="miss-title")
            yield OptionList(*self._number_options(), id="miss-options")
            yield Static(Content(""), id="miss-why")
            yield Static(Content.styled(HINT, "dim"), id="miss-keys")

    def _number_options(self) -> list[Option]:
        options = []
        for i, n in enumerate(self.numbers):
            before = one_line(self.text[max(0, n.start - CONTEXT) : n.start])
            after = one_line(self.text[n.end : n.end + CONTEXT])
            prompt = Content.assemble(
                (f"{one_line(n.token)}", "bold"),
                (f"  {n.unit}  ", "dim"),
                f"…{before}",
                (one_line(n.token), "reverse"),
                f"{after}…",
                (f"  {short_reason(n.reading)}" if n.reading else "", "dim italic"),
            )
            options.append(Option(prompt, id=f"n{i}"))
        return options

    def _known_options(self, number: Number) -> list[Option]:
        options = []
        for i, k in enumerate(known_choices(number, self.pool)):
            delta = number.value - k.value
            prompt = Content.assemble(
                (one_line(k.name), "bold"),
                f" {_value(k.value)} {one_line(k.unit)}",
                (f"   Δ {delta:+g}" if k.unit == number.unit else "   other unit", "dim"),
            )
            options.append(Option(prompt, id=f"k{i}"))
        return options

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.show_why(0)

    def show_why(self, index: int | None) -> None:
        """Why the number under the cursor was passed over (nothing while picking a known
        value: the number is chosen by then)."""
        shown = ""
        if self.number is None and index is not None and 0 <= index < len(self.numbers):
            shown = passed_over(self.numbers[index].reading, self.note)
        self.query_one("#miss-why", Static).update(Content(one_line(shown)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_why(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        options = self.query_one(OptionList)
        if self.number is None:
            self.number = self.numbers[event.option_index]
            title = f"{one_line(self.number.token)} contradicts which known value?"
            self.query_one("#miss-title", Static).update(Content(title))
            options.clear_options()
            options.add_options(self._known_options(self.number))
            options.highlighted = 0
            self.show_why(None)
            return
        known = known_choices(self.number, self.pool)[event.option_index]
        self.dismiss(MissChoice(self.number, known))

    def action_back(self) -> None:
        if self.number is None:
            self.dismiss(None)
            return
        self.number = None
        self.query_one("#miss-title", Static).update(Content("Missed contradiction: which number?"))
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._number_options())
        options.highlighted = 0
        self.show_why(0)
