"""A modal input for a note on the current flag; the note is stored as plain text."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from reviewer.tui.literal import one_line

HINT = "enter saves (an empty note clears it) · escape cancels"


class NoteScreen(ModalScreen[str | None]):
    """Enter saves (an empty note clears it), escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, token: str, note: str = "") -> None:
        super().__init__()
        self.token, self.note = token, note

    def compose(self) -> ComposeResult:
        with Vertical(id="note-box"):
            yield Static(Content(f"Note on {one_line(self.token)}"), markup=False)
            yield Input(value=self.note, placeholder="why this verdict?", id="note-input")
            yield Static(Content.styled(HINT, "dim"), markup=False, id="note-keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
