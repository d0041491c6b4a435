"""`reviewer scan --format table`: the flags of every brief in context, as a table.

Brief text and ids are data: they become `rich.text.Text` objects with control
characters made visible, never markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from rich import box
from rich._wrap import divide_line
from rich.cells import get_character_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from reviewer.checks import registry
from reviewer.commands.console import cell as one_line
from reviewer.commands.console import counted, visible
from reviewer.grounding.types import Analysis, Detector, Flag
from reviewer.jsonlimits import finite
from reviewer.pipeline.reader import BriefRecord

KIND_STYLE = {"sign": "bold red", "value": "bold yellow"}
TABLE_CHUNK = 50  # briefs per printed table: the table format keeps memory flat too


CONTEXT = 36  # characters of prose shown on each side of a flagged token


def _scan_table(header: bool) -> Table:
    table = Table(box=box.SIMPLE, show_header=header, expand=True, pad_edge=False)
    table.add_column("brief", max_width=16, overflow="fold")
    table.add_column("flagged in context", ratio=1, min_width=30, overflow="fold")
    table.add_column("read as", no_wrap=True)
    table.add_column("nearest known", max_width=24, overflow="ellipsis", no_wrap=True)
    table.add_column("delta", justify="right", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    return table


def _analyze(detector: Detector, record: BriefRecord) -> Analysis:
    """The brief's analysis without the flags whose numbers are not all finite, which the
    JSON lines and the database leave out too (see `reviewer.pipeline.workers.storable`)."""
    try:
        analysis = registry.analyze(detector, record.text, record.pool)
    except registry.DetectorFault as fault:
        raise fault.on(record.id) from None
    flags = [f for f in analysis.flags if finite(f.value, f.nearest_value, f.delta)]
    return analysis if len(flags) == len(analysis.flags) else Analysis(flags, analysis.checkable)


def scan_to_table(
    records: Iterable[BriefRecord], detector: Detector, advance: Callable[[], None]
) -> None:
    """One row per flag, printed in chunks so memory stays flat; a summary line at the end."""
    console = Console(highlight=False)
    wide = console.options.max_width >= WIDE
    rows: list[_Row] = []
    header = True
    briefs = flags = 0
    rate_sum = 0.0
    for record in records:
        analysis = _analyze(detector, record)
        briefs += 1
        flags += len(analysis.flags)
        rate_sum += analysis.invention_rate
        if analysis.flags:
            shown_id = one_line(record.id)
            rows.extend(_row(shown_id, record.text, flag) for flag in analysis.flags)
        advance()
        if len(rows) >= TABLE_CHUNK:
            _print_chunk(console, rows, header, wide)
            rows, header = [], False
    if rows:
        _print_chunk(console, rows, header, wide)
    mean = rate_sum / briefs if briefs else 0.0
    summary = (
        f"{counted(briefs, 'brief')}, {counted(flags, 'flag')}, mean invention rate {mean:.3f}"
    )
    console.print(Text(summary, style="bold"))


def _print_chunk(console: Console, rows: list[_Row], header: bool, wide: bool) -> None:
    if wide:
        _print_rows(console, rows, header)
    else:
        console.print(_Stacked(rows), crop=False)


# ---------------------------------------------------------------- narrow terminals
#
# Below WIDE columns the six columns leave the sentence a strip a few words wide, wrapped
# over five lines or more. There each flag takes two lines instead: its figures, then
# its sentence cut to the terminal's width around the flagged number.

WIDE = 100
INDENT = 2


class _Stacked:
    """Each flag as two lines: brief, reading, nearest, delta and kind; then its context."""

    def __init__(self, rows: list[_Row]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for row in self.rows:
            yield Text.assemble(
                (row.brief, "bold"), f"  {row.read_as}  nearest {row.nearest}  delta ",
                row.delta, "  ", (row.kind, KIND_STYLE.get(row.kind, "bold")),
            )  # fmt: skip
            line = _context_within(row, width - INDENT)
            line.truncate(width - INDENT, overflow="ellipsis")
            yield Text.assemble(" " * INDENT, line, no_wrap=True, overflow="ellipsis")


def _context_within(row: _Row, width: int) -> Text:
    """The flag's context cut to about `width` characters, the flagged number kept whole
    and as near the middle as the text allows."""
    text = row.context
    token = next((span for span in row.context_spans if span[2] != "dim"), (0, 0, ""))
    start, end = token[0], token[1]
    cut_left, cut_right = 0, len(text)
    if len(text) > width:
        room = max(0, width - (end - start) - 2)  # two ellipses
        before = min(start, max(room // 2, room - (len(text) - end)))
        cut_left, cut_right = start - before, min(len(text), end + room - before)
    shown = Text(("…" if cut_left else "") + text[cut_left:cut_right])
    shift = (1 if cut_left else 0) - cut_left
    for span_start, span_end, style in row.context_spans:
        a, b = max(span_start, cut_left), min(span_end, cut_right)
        if a < b:
            shown.stylize(style, a + shift, b + shift)
    if cut_right < len(text):
        shown.append("…", "dim")
    if cut_left:
        shown.stylize("dim", 0, 1)
    return shown


# ---------------------------------------------------------------- the scan table, fast
#
# A rich Table measures and wraps every cell through its generic layout: some 0.8 ms a
# row. The scan table's layout is fixed, so in the common case (every character one cell
# wide, nothing squeezed) its lines are built here directly, the same characters the
# Table would print; anything else (wide or combining characters, a narrow terminal)
# goes through the Table, as before.

Spans = tuple[tuple[int, int, str], ...]  # (start, end, style) over a cell's text


class _Row(NamedTuple):
    """One flag's cells as plain text; styles as spans (brief text is never markup)."""

    brief: str
    context: str
    context_spans: Spans
    read_as: str
    nearest: str
    delta: str
    kind: str


def _row(shown_id: str, text: str, flag: Flag) -> _Row:
    left = max(0, flag.start - CONTEXT)
    right = min(len(text), flag.end + CONTEXT)

    def flat(part: str) -> str:
        return visible(part).replace("\n", " ").replace("\t", " ")

    before = ("…" if left else "") + flat(text[left : flag.start])
    token = flat(text[flag.start : flag.end])
    context = before + token + flat(text[flag.end : right]) + ("…" if right < len(text) else "")
    spans: list[tuple[int, int, str]] = [(0, 1, "dim")] if left else []
    spans.append((len(before), len(before) + len(token), KIND_STYLE.get(flag.kind, "bold")))
    if right < len(text):
        spans.append((len(context) - 1, len(context), "dim"))
    unit = "" if flag.unit == "none" else f" {one_line(flag.unit)}"
    return _Row(
        shown_id, context, tuple(spans), f"{flag.value:g}{unit}",
        f"{one_line(flag.nearest)} {flag.nearest_value:g}", f"{flag.delta:+.4g}", flag.kind,
    )  # fmt: skip


HEADERS = ("brief", "flagged in context", "read as", "nearest known", "delta", "kind")
PADS = ((0, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 0))  # (left, right) per column


_SURELY_NARROW = re.compile("[^\x20-\x7e\u2026\u2400-\u2421\ufffd]")


def _narrow(value: str) -> bool:
    """Whether every character is printable and one cell wide (what the fast path assumes)."""
    if _SURELY_NARROW.search(value) is None:  # printable ASCII, "…" and control pictures
        return True
    return value.isprintable() and all(get_character_cell_size(ch) == 1 for ch in value)


def _as_rich(row: _Row) -> tuple[Text, ...]:
    context = Text(row.context)
    for start, end, style in row.context_spans:
        context.stylize(style, start, end)
    return (
        Text(row.brief), context, Text(row.read_as), Text(row.nearest), Text(row.delta),
        Text(row.kind, KIND_STYLE.get(row.kind, "bold")),
    )  # fmt: skip


def _print_rows(console: Console, rows: list[_Row], header: bool) -> None:
    """Print a chunk of rows as the scan table: built directly when it can be, else by rich."""
    widths = _widths(console, rows, header)
    if widths is None:
        table = _scan_table(header)
        for row in rows:
            table.add_row(*_as_rich(row))
        console.print(table)
        return
    console.print(_TableLines(rows, widths, header), crop=False)


def _widths(console: Console, rows: list[_Row], header: bool) -> list[int] | None:
    """Column widths with padding, as rich's Table computes them for this layout (expand,
    the context column taking what is left); None when the fast path does not apply."""
    longest = [0] * 6
    for row in rows:
        for index, value in enumerate((row.brief, row.context, row.read_as, row.nearest,
                                       row.delta, row.kind)):  # fmt: skip
            if not value or not _narrow(value):
                return None
            longest[index] = max(longest[index], len(value))
    if header:
        longest = [max(n, len(h)) for n, h in zip(longest, HEADERS, strict=True)]
    widths = [n + left + right for n, (left, right) in zip(longest, PADS, strict=True)]
    widths[0] = min(widths[0], 16 + 1)
    widths[3] = min(widths[3], 24 + 2)
    available = console.options.max_width - 2 - (len(HEADERS) - 1)  # edges and dividers
    widths[1] = available - sum(widths) + widths[1]
    if widths[1] < 3 or any(w > available for w in widths):
        return None
    if header and widths[1] - 2 < len(HEADERS[1]):  # rich would wrap the header: leave it to rich
        return None
    return widths


def _wrapped(value: str, width: int) -> list[tuple[str, int]]:
    """(line, offset in value) of a cell's text word-wrapped to `width`, long words folded,
    as rich's Text.wrap cuts it (not yet padded)."""
    offsets = divide_line(value, width, fold=True)
    lines = []
    for start, end in zip([0, *offsets], [*offsets, len(value)], strict=True):
        line = value[start:end]
        if len(line) > width:  # whitespace past the edge goes, then the rest is cut
            trailing = len(line) - len(line.rstrip())
            line = line[: len(line) - min(len(line) - width, trailing)][:width]
        lines.append((line, start))
    return lines


def _cell_lines(value: str, width: int, column: int) -> list[tuple[str, int]]:
    """(line, offset in value) for one cell's content; lines not padded yet."""
    if column < 2:  # the wrapping columns: brief and context
        return _wrapped(value, width)
    if len(value) > width:
        return [(value[: width - 1] + "…", 0)]
    return [(value, 0)]


def _padded(line: str, width: int, column: int) -> str:
    return line.rjust(width) if column == 4 else line.ljust(width)


class _TableLines:
    """The scan table as segments, line by line: what rich's Table prints for these rows."""

    def __init__(self, rows: list[_Row], widths: list[int], header: bool) -> None:
        self.rows = rows
        self.widths = widths
        self.header = header

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        shape = box.SIMPLE.substitute(options, safe=console.safe_box)
        if not self.header:
            shape = shape.get_plain_headed_box()
        widths = self.widths
        new_line = Segment.line()
        yield Segment(shape.get_top(widths))
        yield new_line
        total = len(self.rows) + self.header
        if self.header:
            style = console.get_style("table.header")
            cells = [
                [[(" " * left, style), (_padded(h, w - left - right, i), style),
                  (" " * right, style)]]
                for i, (h, w, (left, right)) in enumerate(zip(HEADERS, widths, PADS, strict=True))
            ]  # fmt: skip
            yield from self._lines(shape, 0, total, cells)
            yield Segment(shape.get_row(widths, "head", edge=True))
            yield new_line
        styles = {name: console.get_style(name) for name in ("dim", "bold", *KIND_STYLE.values())}
        for index, row in enumerate(self.rows, start=int(self.header)):
            kind = styles[KIND_STYLE.get(row.kind, "bold")]
            cells = [
                self._cell(row.brief, 0, (), styles),
                self._cell(row.context, 1, row.context_spans, styles),
                self._cell(row.read_as, 2, (), styles),
                self._cell(row.nearest, 3, (), styles),
                self._cell(row.delta, 4, (), styles),
                self._cell(row.kind, 5, ((0, widths[5], ""),), {"": kind}),
            ]
            yield from self._lines(shape, index, total, cells)
        yield Segment(shape.get_bottom(widths))
        yield new_line

    def _cell(
        self, value: str, column: int, spans: Spans, styles: dict[str, Style]
    ) -> list[list[tuple[str, Style | None]]]:
        """A cell's lines as segments, padded to its width; spans styled."""
        left, right = PADS[column]
        width = self.widths[column] - left - right
        out = []
        for line, offset in _cell_lines(value, width, column):
            styled = width if column == 5 else len(line)  # kind: the whole cell is styled
            line = _padded(line, width, column)
            parts: list[tuple[str, Style | None]] = [(" " * left, None)] if left else []
            at = 0
            for start, end, style in spans:
                start = min(max(start - offset, at), styled)
                end = min(max(end - offset, start), styled)
                if start > at:
                    parts.append((line[at:start], None))
                if end > start:
                    parts.append((line[start:end], styles[style]))
                at = end
            parts.append((line[at:] + " " * right, None))
            out.append(parts)
        return out

    def _lines(
        self,
        shape: box.Box,
        index: int,
        total: int,
        cells: list[list[list[tuple[str, Style | None]]]],
    ) -> Iterator[Segment]:
        """One table row: its cells side by side, shorter ones filled with blank lines."""
        if index == 0:
            left, right, divider = shape.head_left, shape.head_right, shape.head_vertical
        elif index == total - 1:
            left, right, divider = shape.foot_left, shape.foot_right, shape.foot_vertical
        else:
            left, right, divider = shape.mid_left, shape.mid_right, shape.mid_vertical
        height = max(map(len, cells))
        for line in range(height):
            plain = [left]  # unstyled text goes out as one segment: the same output
            for column, cell in enumerate(cells):
                if column:
                    plain.append(divider)
                if line >= len(cell):
                    plain.append(" " * self.widths[column])
                    continue
                for text, style in cell[line]:
                    if style is None:
                        plain.append(text)
                    elif text:
                        yield Segment("".join(plain))
                        yield Segment(text, style)
                        plain = []
            plain.append(right)
            plain.append("\n")
            yield Segment("".join(plain))
