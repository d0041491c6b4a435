"""The review screen's footer: every key it shows, or on a narrow screen the few a
reviewer needs first (help, `?`, lists them all), so no key is cut in half."""

from __future__ import annotations

from collections.abc import Iterable

from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW = 100  # columns below which the footer keeps only the first keys
FIRST_KEYS = frozenset({
    "label('true_positive')", "label('false_positive')", "label('skip')", "undo",
    "next_unlabeled", "toggle_stats", "help", "quit",
})  # fmt: skip


class ReviewFooter(Footer):
    """A compact footer that drops the secondary keys (and the palette's) when narrow."""

    def __init__(self) -> None:
        super().__init__(compact=True)

    @property
    def narrow(self) -> bool:
        return self.app.size.width < NARROW

    def compose(self) -> Iterable[Widget]:  # type: ignore[override]
        narrow = self.narrow
        for widget in super().compose():
            if narrow and isinstance(widget, FooterKey) and widget.action not in FIRST_KEYS:
                continue
            yield widget

    def on_resize(self) -> None:
        if self.narrow != getattr(self, "_drawn_narrow", None):
            self._drawn_narrow = self.narrow
            self.call_after_refresh(self.recompose)
