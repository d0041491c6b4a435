"""`reviewer scan`: stream a briefs file through a detector, no database; JSON lines
(scan_lines.py) or a table of flags in context (scan_table.py, which alone loads rich).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, nullcontext

from reviewer.checks import registry
from reviewer.commands.scan_lines import brief_line, flag_line
from reviewer.grounding.types import Detector
from reviewer.pipeline.parallel import OrderedMap, fewer_collections
from reviewer.pipeline.reader import (
    BriefRecord,
    InputError,
    Pool,
    Span,
    count_lines,
    iter_briefs,
    line_spans,
    read_pools,
)

__all__ = ["flag_line", "scan", "scan_workers"]  # flag_line: one brief's JSON line


OK = 0  # reviewer.commands.console.OK: console (and typer with it) loads only when needed
PARALLEL_BYTES = 1_000_000  # a file this large is scanned on every core
SPAN_BYTES = 256 * 1024  # bytes of a file each worker reads and scans at a time
SERIAL_LINES = 64  # JSON lines written at a time by a scan in one process


def scan_workers(path: str) -> int:
    """Worker processes besides this one: one per core but one (at most 3) for a file of
    at least PARALLEL_BYTES, none for a small file or stdin."""
    try:
        size = os.stat(path).st_size if path != "-" else 0
    except OSError:
        size = 0
    return max(0, min(3, (os.cpu_count() or 1) - 1)) if size >= PARALLEL_BYTES else 0


def _regular_file(path: str) -> bool:
    try:
        return path != "-" and stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def scan(
    path: str,
    detector: Detector,
    *,
    pools_path: str | None = None,
    fmt: str = "jsonl",
    workers: int | None = None,
    explain: bool = False,
) -> int:
    """Stream a briefs file through a detector; returns the exit code (2 on bad input).
    JSON lines of a regular file are made on `workers` more processes (default:
    `scan_workers`), each reading its own parts of the file; stdin is read here alone.
    With `explain`, every number of each brief with its reading instead of the flags."""
    units: set[str] = set()  # of the pools met, for the units the detector never reads
    try:
        pools = read_pools(pools_path) if pools_path else None
        if explain:
            return _explain(path, detector, pools, fmt)
        if fmt == "table":
            # no database, so a repeated id is harmless: forgetting ids keeps memory flat
            records = iter_briefs(path, pools=pools, check_duplicates=False)
            from reviewer.commands.scan_table import scan_to_table

            with progress_bar("scanning", count_lines(path)) as advance:
                scan_to_table(noting_units(records, units), detector, advance)
            return _warn_unread(detector, units)
        count = scan_workers(path) if workers is None else workers
        if count <= 0 or not _regular_file(path):
            records = iter_briefs(path, pools=pools, check_duplicates=False)
            with fewer_collections(), progress_bar("scanning", _total(path)) as advance:
                _scan_serially(noting_units(records, units), detector, advance)
            return _warn_unread(detector, units)
        # the workers are forked before the progress bar's thread starts, and after the
        # pools are read (they reach the workers by fork, as does the collector's setting)
        with (
            fewer_collections(),
            OrderedMap(_jsonl_span, (detector, path, pools), count) as parts,
            progress_bar("scanning", _total(path)) as advance,
        ):
            _scan_to_jsonl(line_spans(path, SPAN_BYTES), parts, advance, units)
    except InputError as err:
        from reviewer.commands.console import input_error

        return input_error(err)
    return _warn_unread(detector, units)


def _explain(path: str, detector: Detector, pools: Mapping[str, Pool] | None, fmt: str) -> int:
    """`scan --explain`: the readings of every number, as a table or one JSON line a brief."""
    from reviewer.commands import scan_explain

    if not scan_explain.explains(detector):
        from reviewer.commands.console import USAGE, visible

        name = visible(registry.describe(detector)[0])
        sys.stderr.write(
            f"--explain: detector {name!r} says nothing of the numbers it passes over; "
            "use a built-in detector (reference, default)\n"
        )
        return USAGE
    records = iter_briefs(path, pools=pools, check_duplicates=False)
    write = scan_explain.explain_to_table if fmt == "table" else scan_explain.explain_to_jsonl
    with progress_bar("explaining", count_lines(path)) as advance:
        write(records, detector, advance)
    return OK


def noting_units(records: Iterable[BriefRecord], units: set[str]) -> Iterator[BriefRecord]:
    """The records, each pool's units added to `units` on the way (a pool shared by the
    briefs that follow it, as `pool_id` shares one, is looked at once)."""
    last: object = None
    for record in records:
        if record.pool is not last:
            last = record.pool
            units.update([known.unit for known in last])
        yield record


def _warn_unread(detector: Detector, units: set[str]) -> int:
    """Warn on stderr of the pools' units the detector never reads in prose (a plugin's
    vocabulary is its own affair); the scan itself went well."""
    from reviewer.grounding.config import DetectorConfig

    config = getattr(detector, "config", None)
    if isinstance(config, DetectorConfig) and units:
        name = registry.describe(detector)[0]
        for warning in config.unread_warnings(name, dict.fromkeys(units, 0), "in the pools"):
            sys.stderr.write(warning + "\n")
    return OK


def progress_bar(label: str, total: int | None) -> AbstractContextManager[Callable[[], None]]:
    """`console.streaming_progress`, loaded only when stderr may be a terminal: a scan
    whose stderr is a file or a pipe draws no bar, and starts without typer or rich."""
    if not _maybe_a_terminal():
        return nullcontext(_no_progress)
    from reviewer.commands.console import streaming_progress

    return streaming_progress(label, total)


def _maybe_a_terminal() -> bool:
    """False only where console's own test would find stderr surely no terminal."""
    if os.environ.get("TTY_COMPATIBLE") == "1" or os.environ.get("FORCE_COLOR") is not None:
        return True
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        return isatty is not None and bool(isatty())
    except ValueError:  # a closed stream: console decides
        return True


def _no_progress() -> None:
    pass


def _total(path: str) -> int | None:
    """The progress bar's total: counted only when a bar is drawn (stderr a terminal)."""
    return count_lines(path) if sys.stderr.isatty() else None


def _scan_serially(
    records: Iterable[BriefRecord], detector: Detector, advance: Callable[[], None]
) -> None:
    out = sys.stdout
    lines: list[str] = []
    try:
        for record in records:
            lines.append(brief_line(detector, record.id, record.text, record.pool) + "\n")
            advance()
            if len(lines) >= SERIAL_LINES:
                out.write("".join(lines))
                lines.clear()
    finally:  # the lines before a bad one are printed
        out.write("".join(lines))
        out.flush()


Job = tuple[Detector, str, "Mapping[str, Pool] | None"]  # what every worker holds


def _jsonl_span(job: Job, span: Span) -> tuple[str, int, Exception | None, set[str]]:
    """The JSON lines of one part of the file, how many, the bad line or fault that
    stopped it (the lines before it are still printed, as a serial scan prints them), and
    the units of its pools."""
    detector, path, pools = job
    lines = []
    units: set[str] = set()
    records = iter_briefs(path, pools=pools, check_duplicates=False, span=span)
    try:
        for record in noting_units(records, units):
            lines.append(brief_line(detector, record.id, record.text, record.pool) + "\n")
    except (InputError, registry.DetectorFault) as err:
        return "".join(lines), len(lines), err, units
    return "".join(lines), len(lines), None, units


def _scan_to_jsonl(
    spans: Iterable[Span], parts: OrderedMap, advance: Callable[[], None], units: set[str]
) -> None:
    out = sys.stdout
    for text, count, fault, met in parts.map(spans):
        out.write(text)
        out.flush()
        units |= met
        for _ in range(count):
            advance()
        if fault is not None:
            raise fault
