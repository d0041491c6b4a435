"""The brief's prose, every flag highlighted in place and annotated with what it hit."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from reviewer.tui.literal import literal
from reviewer.vocabulary import FALSE_POSITIVE, SKIP, TRUE_POSITIVE, VERDICTS

KIND_STYLE = {"sign": "$error", "value": "$warning"}
VERDICT_STYLE = {
    None: "bold underline",
    TRUE_POSITIVE: "bold on $success-muted",
    FALSE_POSITIVE: "strike dim",
    SKIP: "italic dim",
}
CURRENT_STYLE = "bold reverse"
GONE_STYLE = "dim italic"  # a previous run's flag this run no longer raises: faint
CHANGE_TAG = {"new": ("new ", "bold $accent"), "gone": ("gone ", "italic $text-muted")}
CHECKED_STYLE = "underline dim"
NOTE_MARK = " ✎"
GLUED = "%‰°′″"  # unit marks written against the number


class FlagLike(Protocol):
    """What the prose needs of a flag (db.FlagView has it)."""

    start: int
    end: int
    kind: str
    nearest: str
    nearest_value: float
    verdict: str | None
    note: str | None


def number(value: float) -> str:
    """A known value as a person writes it: 52, -22.4, 10600."""
    return f"{value:g}" if abs(value) < 1e6 else f"{value:,.0f}"


def annotation(flag: FlagLike) -> str:
    """The dim aside written right after a flagged token: `‹rhr 52 · value›`."""
    verdict = VERDICTS.get(flag.verdict or "")
    tag = f" · {verdict.tag}" if verdict else ""
    note = NOTE_MARK if flag.note else ""
    return f"‹{literal(flag.nearest)} {number(flag.nearest_value)} · {flag.kind}{tag}{note}›"


def change_of(flag: FlagLike) -> str | None:
    """new / gone / same against the previous run, when the screen compares runs."""
    return getattr(flag, "change", None)


def prose_content(
    text: str,
    flags: Sequence[FlagLike],
    current: int | None = None,
    *,
    annotations: bool = True,
    checked: Iterable[tuple[int, int]] = (),
) -> Content:
    """Build the prose as Content from plain strings: styles are spans, never markup.

    `flags` are ordered by start; `checked` are other numbers the detector looked at.
    """
    shown = literal(text)
    marks: list[tuple[int, int, int | None]] = [(f.start, f.end, i) for i, f in enumerate(flags)]
    flagged = [(f.start, f.end) for f in flags]
    for start, end in checked:
        if not any(start < f_end and f_start < end for f_start, f_end in flagged):
            marks.append((start, end, None))
    marks.sort(key=lambda mark: (mark[0], mark[1]))
    parts: list[str | tuple[str, str]] = []
    position = 0
    for number_, (start, end, index) in enumerate(marks):
        start, end = max(start, position), min(end, len(shown))
        if start >= end:
            continue
        parts.append(shown[position:start])
        if index is None:
            parts.append((shown[start:end], CHECKED_STYLE))
        else:
            flag = flags[index]
            is_current = index == current
            change = change_of(flag)
            style = f"{KIND_STYLE.get(flag.kind, '$warning')} {VERDICT_STYLE.get(flag.verdict, '')}"
            if change == "gone":  # never mistaken for a flag of this run
                style = f"{GONE_STYLE} {'strike' if flag.verdict == 'false_positive' else ''}"
            parts.append((shown[start:end], f"{style} {CURRENT_STYLE}" if is_current else style))
            if annotations:
                # after a glued unit ("79%", "52bpm"), so the aside never splits a word
                limit = marks[number_ + 1][0] if number_ + 1 < len(marks) else len(shown)
                glued = end
                while glued < limit and (shown[glued].isalpha() or shown[glued] in GLUED):
                    glued += 1
                parts.append(shown[end:glued])
                end = glued
                aside = "bold $accent" if is_current else "dim italic"
                if change in CHANGE_TAG:
                    parts.append(("‹", aside))
                    parts.append(CHANGE_TAG[change])
                    parts.append((annotation(flag)[1:], aside))
                else:
                    parts.append((annotation(flag), aside))
        position = end
    parts.append(shown[position:])
    return Content.assemble(*parts, strip_control_codes=False)


class Prose(VerticalScroll, can_focus=False):
    """A scrolling view of one brief's text with its flags marked."""

    annotations: reactive[bool] = reactive(True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = ""
        self._flags: Sequence[FlagLike] = ()
        self._current: int | None = None
        self._checked: tuple[tuple[int, int], ...] = ()

    def compose(self):
        yield Static("", markup=False, id="prose-text")

    def show(
        self,
        text: str,
        flags: Sequence[FlagLike],
        current: int | None,
        checked: Iterable[tuple[int, int]] = (),
    ) -> None:
        """Display a brief (or the same brief with a new current flag or verdicts)."""
        self._text, self._flags, self._current = text, flags, current
        self._checked = tuple(checked)
        self._draw()

    @property
    def content(self) -> Content:
        """What is on screen, for tests and screenshots."""
        return prose_content(
            self._text,
            self._flags,
            self._current,
            annotations=self.annotations,
            checked=self._checked,
        )

    def on_mount(self) -> None:
        self._draw()

    def watch_annotations(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        text = self.query_one("#prose-text", Static)
        content = self.content
        width = text.content_region.width
        height = content.get_height(text.styles, width) if width else -1
        # a new layout only when the wrapped height changes: a label redraws just this widget
        text.update(content, layout=height != text.content_region.height or height < 0)
        self.call_after_refresh(self._scroll_to_current)

    def on_resize(self) -> None:
        """A terminal resized rewraps the text: the current flag is kept in view."""
        self.call_after_refresh(self._scroll_to_current)

    def _scroll_to_current(self) -> None:
        """Keep the current flag in view; the line is estimated from its offset."""
        if self._current is None or not self._text or self._current >= len(self._flags):
            return
        share = self._flags[self._current].start / len(self._text)
        target = share * self.virtual_size.height - self.size.height / 2
        self.scroll_to(y=max(0, target), animate=False)
