"""The help screen: every key of the review screen, and what it does."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

KEY_NAMES = {
    "right_square_bracket": "]",
    "left_square_bracket": "[",
    "question_mark": "?",
    "full_stop": ".",
    "slash": "/",
    "space": "space",
}

INTRO = (
    "Each label is committed to the database the moment its key is handled, then the "
    "next unlabeled flag of the run's random review queue becomes current, whichever "
    "brief it is in (with `review --order brief`: the rest of this brief, then the next "
    "briefs). A search or filter chooses what you look at, not where a label moves you: "
    "the queue keeps the labels a random sample. Undo is unlimited and survives a "
    "restart. Ctrl+P opens the command palette.\n\n"
)


def key_text(keys: str) -> str:
    return " / ".join(KEY_NAMES.get(key, key) for key in keys.split(","))


class HelpScreen(ModalScreen[None]):
    """A modal list of keys; any of escape, ? or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        parts: list[str | tuple[str, str]] = [("Review keys\n\n", "bold"), (INTRO, "dim")]
        for keys, description in self.keys:
            parts += [(f"{key_text(keys):>22}  ", "bold $accent"), f"{description}\n"]
        with VerticalScroll(id="help-box"):
            yield Static(Content.assemble(*parts), markup=False)
