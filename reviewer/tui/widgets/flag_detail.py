"""The current flag in full: what was read, what it was compared with, and why it fired."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import DataTable, Static

from reviewer.grounding.bands import DEFAULT_BANDS, Bands, band_text
from reviewer.grounding.types import Known
from reviewer.tui.literal import one_line
from reviewer.tui.widgets.prose import KIND_STYLE, FlagLike, number
from reviewer.vocabulary import FALSE_POSITIVE, SKIP, TRUE_POSITIVE, UNLABELED, VERDICTS


class FlagFacts(FlagLike, Protocol):
    """What the detail shows of a flag (db.FlagView has it)."""

    token: str
    value: float
    unit: str
    delta: float
    rel: float


VERDICT_STYLE = {
    None: "dim",
    TRUE_POSITIVE: "bold $success",
    FALSE_POSITIVE: "bold $error",
    SKIP: "italic",
}


def verdict_text(verdict: str | None) -> tuple[str, str]:
    """How the detail shows a flag's verdict: its words and style."""
    if verdict is None:
        return UNLABELED, VERDICT_STYLE[None]
    found = VERDICTS.get(verdict)
    return (found.shown, VERDICT_STYLE.get(verdict, "")) if found else (str(verdict), "")


CHANGE_TEXT = {
    "new": (" · new: not in the previous run", "bold $accent"),
    "gone": (" · gone: previous run only", "italic"),
    "same": (" · same as the previous run", "dim"),
}


def rule_text(rule: str | None, probability: float | None = None) -> Content:
    """`sign.word · its sign is read from the words around it`: the reading that made the
    flag and what its group reads; a flag stored before rules were kept says so. A flag a
    learned model decided starts with the model's probability, `model p=0.87 · band · ...`,
    so that a narrow screen cuts the rule's words (the line ends in "…"), never the figure:
    a name rule's words are the known value's, as long as a brief makes them."""
    if not rule:
        return Content.styled("not stored (flagged before rules were kept)", "dim italic")
    from reviewer.grounding.rules import by_id

    said = (f"model p={probability:.2f} · ", "bold") if probability is not None else ""
    if rule == "model" and said:  # a number the rules passed over, flagged by the model
        return Content.assemble(said, ("a contradiction the rules passed over", "dim"))
    found = by_id(str(rule))
    reads = f" · {found.reads}" if found is not None else ""
    return Content.assemble(said, one_line(str(rule)), (reads, "dim"))  # a plugin's, as given


def detail_content(flag: FlagFacts | None, bands: Bands = DEFAULT_BANDS) -> Content:
    """The detail lines, built from plain strings (brief text is data, never markup)."""
    if flag is None:
        return Content.styled("No flag in this brief.", "dim italic")
    change = CHANGE_TEXT.get(getattr(flag, "change", None) or "", "")
    verdict, verdict_style = verdict_text(flag.verdict)
    rows: list[tuple[str, str | tuple[str, str] | Content]] = [
        ("token", (one_line(flag.token), f"bold {KIND_STYLE.get(flag.kind, '')}")),
        ("value", f"{number(flag.value)} {one_line(flag.unit)}"),
        ("nearest", f"{one_line(flag.nearest)} = {number(flag.nearest_value)}"),
        ("delta", f"{flag.delta:+.4g}"),
        ("relative", f"{flag.rel:.3f}"),
        ("kind", Content.assemble((flag.kind, f"bold {KIND_STYLE.get(flag.kind, '')}"), change)),
        ("band", band_text(flag, bands)),
        ("rule", rule_text(getattr(flag, "rule", None), getattr(flag, "probability", None))),
        ("verdict", (verdict, verdict_style)),
    ]
    if flag.note:
        rows.append(("note", one_line(flag.note)))
    parts: list[str | tuple[str, str]] = []
    for name, shown in rows:
        parts.append((f"{name:>9} ", "dim"))
        parts.append(shown)
        parts.append("\n")
    return Content.assemble(*parts[:-1], strip_control_codes=False)


class FlagDetail(Horizontal):
    """Detail of the current flag beside the brief's pool, nearest entry marked."""

    def compose(self) -> ComposeResult:
        yield Static("", markup=False, id="flag-facts")
        table: DataTable[Text] = DataTable(id="pool", cursor_type="none", zebra_stripes=True)
        table.can_focus = False
        yield table

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._pool: Sequence[Known] | None = None
        self._styles: list[str] = []

    def on_mount(self) -> None:
        table = self.query_one("#pool", DataTable)
        for key, label in (("mark", " "), ("known", "known"), ("value", "value"), ("unit", "unit")):
            table.add_column(label, key=key)

    def show(
        self,
        flag: FlagFacts | None,
        pool: Sequence[Known],
        bands: Bands = DEFAULT_BANDS,
    ) -> None:
        """Show one flag (or none) and the pool it was checked against."""
        facts = detail_content(flag, bands)
        self.query_one("#flag-facts", Static).update(facts, layout=False)
        table = self.query_one("#pool", DataTable)
        styles = [row_style(flag, known) for known in pool]
        if pool is not self._pool:
            table.clear()
            for index, (known, style) in enumerate(zip(pool, styles, strict=True)):
                table.add_row(*pool_cells(known, style), key=str(index))
        else:  # same brief: restyle only the rows whose marking changed
            for index, (known, style) in enumerate(zip(pool, styles, strict=True)):
                if style != self._styles[index]:
                    for column, cell in zip(COLUMNS, pool_cells(known, style), strict=True):
                        table.update_cell(str(index), column, cell)
        self._pool, self._styles = pool, styles
        marked = [i for i, style in enumerate(styles) if style == MARKED]
        if marked:  # the nearest entry in view, however long the pool
            self.call_after_refresh(table.scroll_to, y=max(0, marked[0] - 2), animate=False)
        self.call_after_refresh(self.make_room)

    def on_resize(self) -> None:
        self.make_room()

    def make_room(self) -> None:
        """Leave the pool out (-cramped) where it would squeeze the facts under FACTS_ROOM
        columns (long known-value names beside a narrow prose): the facts name the nearest
        known value, and their lines start with what matters, the model's probability too."""
        table = self.query_one("#pool", DataTable)
        pool = table.virtual_size.width + table.styles.margin.width
        self.set_class(self.content_size.width - pool < FACTS_ROOM, "-cramped")


COLUMNS = ("mark", "known", "value", "unit")
FACTS_ROOM = 32  # columns: a fact's name, and a model's probability on the rule line


MARKED = "bold reverse"


def row_style(flag: FlagFacts | None, known: Known) -> str:
    """The nearest entry reversed; entries of other units dimmed (they were not candidates)."""
    if flag is not None and pool_match(flag, known):
        return MARKED
    return "" if flag is None or known.unit == flag.unit else "dim"


def pool_cells(known: Known, style: str) -> tuple[Text, Text, Text, Text]:
    """One pool row as Text cells (plain strings: names are data, not markup)."""
    return (
        Text("▶" if style == MARKED else " ", style=style),
        Text(clip(one_line(known.name), 24), style=style),
        Text(number(known.value), style=style, justify="right"),
        Text(one_line(known.unit), style=style),
    )


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def pool_match(flag: FlagFacts, known: Known) -> bool:
    """Is this pool entry the one the flag was compared with?"""
    return (
        known.name == flag.nearest and known.value == flag.nearest_value and known.unit == flag.unit
    )
