"""The scan table's fast lines against the rich Table they replace: the same characters
and the same styles, for any text, id, name and terminal width (else rich prints it)."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from reviewer.commands import scan_table as report
from reviewer.grounding.types import Flag

PROSE = st.text(alphabet=st.sampled_from("abc de  fgh-ij.,;:[]/\\ xyz01234…é[bold]"), min_size=1)
HOSTILE = st.text(min_size=1, max_size=60)  # any character: controls, wide, combining


def _console(width: int, terminal: bool) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    color = "truecolor" if terminal else None
    console = Console(
        file=out, width=width, highlight=False, force_terminal=terminal, color_system=color
    )
    return console, out


def _by_rich(rows: list[report._Row], header: bool, width: int, terminal: bool) -> str:
    console, out = _console(width, terminal)
    table = report._scan_table(header)
    for row in rows:
        table.add_row(*report._as_rich(row))
    console.print(table)
    return out.getvalue()


def _printed(rows: list[report._Row], header: bool, width: int, terminal: bool) -> str:
    console, out = _console(width, terminal)
    report._print_rows(console, rows, header)
    return out.getvalue()


@st.composite
def rows(draw: st.DrawFn, text: st.SearchStrategy[str]) -> list[report._Row]:
    made = []
    for _ in range(draw(st.integers(1, 6))):
        prose = draw(text)
        start = draw(st.integers(0, len(prose) - 1))
        end = draw(st.integers(start + 1, len(prose)))
        number = st.floats(-1e7, 1e7, allow_nan=False)
        flag = Flag(
            start, end, prose[start:end], draw(number), draw(st.sampled_from(["none", "bpm"])),
            draw(text), draw(number), draw(number), draw(st.sampled_from(["sign", "value"])),
        )  # fmt: skip
        made.append(report._row(report.visible(draw(text)), prose, flag))
    return made


@settings(max_examples=250, deadline=None)
@given(
    rows(PROSE | HOSTILE),
    st.booleans(),
    st.sampled_from([20, 45, 80, 120, 200]),
    st.booleans(),
)
def test_same_output_as_the_rich_table(
    found: list[report._Row], header: bool, width: int, terminal: bool
) -> None:
    assert _printed(found, header, width, terminal) == _by_rich(found, header, width, terminal)


def test_the_common_case_takes_the_fast_path() -> None:
    text = "Morning. Resting heart rate 57 bpm against a 55 bpm baseline; form at 22.4."
    flag = Flag(28, 30, "57", 57.0, "bpm", "rhr_baseline", 55.0, 2.0, "value")
    found = [report._row("b1", text, flag)]
    console, _ = _console(120, terminal=False)
    assert report._widths(console, found, header=True) is not None
    for terminal in (False, True):
        assert _printed(found, True, 120, terminal) == _by_rich(found, True, 120, terminal)
