"""Benchmark of the review app on 100,000 briefs and a million flags (a script, not a test).

    python scripts/bench_tui.py [--db PATH] [--briefs 100000] [--flags-per-brief 10] [--labels 60]
                              [--command-runs 3] [--in-process-only | --command-only]

Builds the database once (kept at --db for reruns, in a child process so its memory does
not count). Then starts the real `reviewer review` command under a pseudo-terminal and
times the first brief on screen from the moment the process was started (imports
included), with the command's peak memory; then opens the app in-process with run_test for
keypress-to-next-flag times of label keys, search, end of list and the stats panel.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import itertools
import os
import pty
import re
import resource
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BATCH = 2000
UNITS = (("rhr", 52.0, "bpm"), ("tsb", -22.4, "none"), ("distance", 5.0, "mi"))


def build(path: Path, briefs: int, per_brief: int) -> None:
    """Briefs of ~per_brief numbers each, every number flagged, via the storage writes."""
    from sqlmodel import Session

    import db
    from db.views import pool_to_json
    from db.writes import Scan, digest, finish_run, insert_briefs, pool_pks, start_run, store_scans
    from reviewer import Flag, Known

    engine = db.make_engine(str(path))
    pool = tuple(Known(*known) for known in UNITS)
    words = ("rhr {} bpm", "tsb {}", "ran {} mi")
    started = time.perf_counter()
    with Session(engine) as session:
        knowns = pool_to_json(pool)
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        run_id = start_run(session, detector="default", version="bench", config="{}")
        for first in range(0, briefs, BATCH):
            rows, flag_lists = [], []
            for i in range(first, min(first + BATCH, briefs)):
                parts, flags, at = [f"Brief {i}: "], [], len(f"Brief {i}: ")
                for j in range(per_brief):
                    known = pool[j % len(pool)]
                    value = round(known.value * (1.05 if j % 2 else -1.0), 2)
                    phrase = words[j % len(words)].format(value) + ", "
                    start = at + phrase.index(str(value))
                    token = str(value)
                    kind = "value" if j % 2 else "sign"
                    flags.append(
                        Flag(
                            start,
                            start + len(token),
                            token,
                            value,
                            known.unit,
                            known.name,
                            known.value,
                            value - known.value,
                            kind,
                        )
                    )  # type: ignore[arg-type]
                    parts.append(phrase)
                    at += len(phrase)
                text = "".join(parts) + "and that is all."
                rows.append({"brief_id": f"bench-{i:06d}", "text": text, "pool_pk": pool_pk,
                             "digest": digest(str(i))})  # fmt: skip
                flag_lists.append(flags)
            pks = insert_briefs(session, rows)
            scans = [Scan(pk, len(f), f) for pk, f in zip(pks, flag_lists, strict=True)]
            store_scans(session, run_id, scans)
            session.commit()
        finish_run(session, run_id)
        session.commit()
    engine.dispose()
    print(f"built {briefs:,} briefs, {briefs * per_brief:,} flags in "
          f"{time.perf_counter() - started:.0f} s -> {path}")  # fmt: skip


FIRST_BRIEF = re.compile(rb"bench-\d{6} \xc2\xb7 flag")
COUNTED = re.compile(rb"labeled (?:\x1b\[[0-9;]*m)*[\d,]+ / [\d,]+")


def peak_rss_mb(pid: int) -> float:
    """VmHWM of a live process (its peak resident memory so far)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a live process: a figure that a loaded machine's waiting
    for a core does not inflate."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_command(path: Path, timeout: float = 30.0) -> tuple[float, float, float, float, float]:
    """Start `reviewer review` on a 120x40 pseudo-terminal; return seconds from the spawn to
    the first brief id drawn, to the header's label counts, peak RSS (MB) at both, and the
    CPU seconds the process had used when the first brief was drawn."""
    script = Path(sys.executable).with_name("reviewer")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="120", LINES="40")
    started = time.perf_counter()
    child = subprocess.Popen(
        [str(script), "review", "--db", str(path), "--reviewer", "bench"],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    seen, first, counted, rss_first, cpu = b"", 0.0, 0.0, 0.0, 0.0
    try:
        while time.perf_counter() - started < timeout and not counted:
            ready, _, _ = select.select([master], [], [], 0.005)
            if not ready:
                continue
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
            now = time.perf_counter() - started
            if not first and FIRST_BRIEF.search(seen):
                first, rss_first, cpu = now, peak_rss_mb(child.pid), cpu_seconds(child.pid)
            if first and COUNTED.search(seen):
                counted = now
        rss = peak_rss_mb(child.pid)
        os.write(master, b"q")
        deadline = time.perf_counter() + 5
        while child.poll() is None and time.perf_counter() < deadline:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(master)
    if not first:
        raise RuntimeError(f"no brief on screen within {timeout:.0f} s")
    return first, counted, rss_first, rss, cpu


def measure_command(path: Path, runs: int) -> None:
    """The command as a person starts it: process start to the first brief on screen."""
    results = [run_command(path) for _ in range(runs)]
    firsts = sorted(r[0] * 1000 for r in results)
    counts = sorted(r[1] * 1000 for r in results)
    cpus = sorted(r[4] * 1000 for r in results)
    print(
        f"`reviewer review` (spawn to first brief on screen), {runs} runs: best "
        f"{firsts[0]:.0f} ms, median {statistics.median(firsts):.0f} ms, worst "
        f"{firsts[-1]:.0f} ms; header label counts at median {statistics.median(counts):.0f} ms"
    )
    print(
        f"  CPU time used by then (load-independent): best {cpus[0]:.0f} ms, "
        f"median {statistics.median(cpus):.0f} ms"
    )
    print(
        f"  command peak RSS: {max(r[2] for r in results):.0f} MB at the first brief, "
        f"{max(r[3] for r in results):.0f} MB once counted"
    )


ALMOST = "almost-done"


def timed_ms(call, repeat: int = 5) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Best and median wall time of a call, in ms."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1000)
    return min(times), statistics.median(times)


def measure_storage(path: Path) -> None:
    """The worst case for the queries behind the app: a reviewer who has labeled every flag
    but one in the middle (and one in a thousand as false positive), timed before and
    after that reviewer's progress spans exist."""
    from sqlalchemy import delete, func, select, text
    from sqlmodel import Session

    import db
    from db import progress, tally
    from db.models import DoneSpan, ReviewProgress

    engine = db.make_engine(str(path))
    with Session(engine) as session:
        run_id = db.latest_run(session=session).id
        if not session.scalar(select(func.count()).where(db.LabelState.reviewer == ALMOST)):
            t0 = time.perf_counter()
            middle = session.scalar(
                select(func.min(db.BriefScan.brief_pk) + 50_000).where(
                    db.BriefScan.run_id == run_id
                )
            )
            session.execute(
                text(
                    "INSERT INTO labelstate (claim_id, reviewer, verdict) "
                    "SELECT claim_id, :who, CASE WHEN pk % 1000 = 0 THEN 'false_positive' "
                    "ELSE 'skip' END FROM flagrecord WHERE run_id = :run AND NOT "
                    "(brief_pk = :middle AND start = (SELECT max(start) FROM flagrecord "
                    "WHERE run_id = :run AND brief_pk = :middle))"
                ),
                {"who": ALMOST, "run": run_id, "middle": middle},
            )
            tally.rebuild_run(session, run_id)
            session.commit()
            print(f"(bulk-labeled all flags but one for {ALMOST}: "
                  f"{time.perf_counter() - t0:.0f} s)")  # fmt: skip
        for table in (DoneSpan, ReviewProgress):
            session.execute(delete(table).where(table.reviewer == ALMOST))
        session.commit()
        first = session.scalar(select(func.min(db.BriefScan.brief_pk)))
        last = session.scalar(select(func.max(db.BriefScan.brief_pk)))
        kw = {"session": session, "run_id": run_id, "reviewer": ALMOST}

        def figures() -> list[str]:
            rows = []
            for name, call in (
                ("next_unlabeled from the first brief", lambda: db.next_unlabeled(
                    **kw, after=(first, 0))),
                ("next_unlabeled from the last brief (wraps)", lambda: db.next_unlabeled(
                    **kw, after=(last, 10**6))),
                ("count unlabeled briefs", lambda: db.count_briefs(**kw, filter="unlabeled")),
                ("first page of unlabeled briefs", lambda: db.list_briefs(
                    **kw, filter="unlabeled")),
                ("count false-positive briefs", lambda: db.count_briefs(
                    **kw, filter="false_positive")),
                ("first page of false-positive briefs", lambda: db.list_briefs(
                    **kw, filter="false_positive")),
                ("page 50 of false-positive briefs", lambda: db.list_briefs(
                    **kw, filter="false_positive", offset=50)),
            ):  # fmt: skip
                best, median = timed_ms(call, 3)
                rows.append(f"  {name:<44} best {best:7.1f} ms, median {median:7.1f} ms")
            return rows

        print(f"storage, {ALMOST} (all labeled but one flag), without progress spans:")
        print("\n".join(figures()))
        t0 = time.perf_counter()
        progress.ensure_progress(session=session, run_id=run_id, reviewer=ALMOST)
        built = time.perf_counter() - t0
        spans = session.scalar(select(func.count()).where(DoneSpan.reviewer == ALMOST))
        print(f"building the spans once: {built * 1000:.0f} ms ({spans} spans); with them:")
        print("\n".join(figures()))
    engine.dispose()


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(share * len(values)))]


async def measure(path: Path, labels: int) -> None:
    import db
    from reviewer.tui.app import ReviewApp
    from reviewer.tui.screens.review import ReviewScreen

    started = time.perf_counter()
    engine = db.make_engine(str(path))
    app = ReviewApp(engine, reviewer="bench")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        while screen.brief is None:
            await pilot.pause()
        first_brief = time.perf_counter() - started
        await app.workers.wait_for_complete()
        counted = time.perf_counter() - started
        rss_open = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        idle = []
        for _ in range(10):  # a key bound to nothing: the pilot's own cost per press
            t0 = time.perf_counter()
            await pilot.press("z")
            idle.append((time.perf_counter() - t0) * 1000)
        handler: list[float] = []
        handled: list[float] = []
        original = screen.action_label

        def timed_label(verdict: str) -> None:
            t0 = time.perf_counter()
            original(verdict)
            handled.append(time.perf_counter())
            handler.append((handled[-1] - t0) * 1000)

        screen.action_label = timed_label  # type: ignore[method-assign]
        paints: list[float] = []
        paint = screen._compositor_refresh

        def timed_paint() -> None:
            paint()
            paints.append(time.perf_counter())

        screen._compositor_refresh = timed_paint  # type: ignore[method-assign]
        times, on_screen = [], []
        for _ in range(labels):
            before = screen.current
            t0 = time.perf_counter()
            await pilot.press("t")
            times.append((time.perf_counter() - t0) * 1000)
            assert screen.current is not before
            # key to the first finished paint after the handler: what the person waits for
            on_screen.append((min(t for t in paints if t > handled[-1]) - t0) * 1000)
            paints.clear()
        crossing = [t for i, t in enumerate(on_screen) if (i + 1) % 10 == 0]
        await pilot.press("u")
        await pilot.press("slash", *"bench-0049")
        ticks: list[float] = []  # a 5 ms timer on the UI thread: its gaps are the stalls
        timer = app.set_interval(0.005, lambda: ticks.append(time.perf_counter()))
        t0 = time.perf_counter()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        search_ms = (time.perf_counter() - t0) * 1000
        rows = screen.brief_list.rows
        t0 = time.perf_counter()
        await pilot.press("end")
        await app.workers.wait_for_complete()
        end_ms = (time.perf_counter() - t0) * 1000
        timer.stop()
        stall_ms = max((b - a for a, b in itertools.pairwise(ticks)), default=0.0) * 1000
        t0 = time.perf_counter()
        await pilot.press("p")
        await app.workers.wait_for_complete()
        stats_ms = (time.perf_counter() - t0) * 1000
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    engine.dispose()
    print(
        f"briefs listed: {rows.total:,} after search; first brief on screen: "
        f"{first_brief * 1000:.0f} ms (header counts ready at {counted * 1000:.0f} ms)"
    )
    print(
        f"label key -> next flag painted, {labels} presses: median "
        f"{statistics.median(on_screen):.1f} ms, p90 {percentile(on_screen, 0.9):.1f} ms, "
        f"max {max(on_screen):.1f} ms; when it moves into the next brief: "
        f"median {statistics.median(crossing):.1f} ms"
    )
    print(
        f"  pilot.press round trip (includes the pilot's own waiting): median "
        f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms"
    )
    print(
        f"  of which the label handler (commit + next flag + redraw): median "
        f"{statistics.median(handler):.1f} ms, max {max(handler):.1f} ms; pilot's own cost "
        f"per press (unbound key): median {statistics.median(idle):.1f} ms"
    )
    print(
        f"search over id and text, enter to rows listed (workers): {search_ms:.0f} ms; "
        f"end of the searched list: {end_ms:.0f} ms; longest UI-thread stall meanwhile: "
        f"{stall_ms:.0f} ms; stats panel (worker): {stats_ms:.0f} ms"
    )
    print(f"peak RSS: {rss_open:.0f} MB after opening, {rss:.0f} MB at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--db", type=Path, default=Path(tempfile.gettempdir()) / "reviewer-bench-tui.db"
    )
    parser.add_argument("--briefs", type=int, default=100_000)
    parser.add_argument("--flags-per-brief", type=int, default=10)
    parser.add_argument("--labels", type=int, default=60)
    parser.add_argument("--command-runs", type=int, default=3)
    parser.add_argument("--command-only", action="store_true")
    parser.add_argument("--storage-only", action="store_true")
    parser.add_argument("--in-process-only", action="store_true")
    parser.add_argument("--build-only", action="store_true")
    args = parser.parse_args()
    if args.build_only:
        build(args.db, args.briefs, args.flags_per_brief)
        return
    if not args.db.exists():
        subprocess.run(
            [sys.executable, __file__, "--build-only", "--db", str(args.db),
             "--briefs", str(args.briefs), "--flags-per-brief", str(args.flags_per_brief)],
            check=True,
        )  # fmt: skip
    if args.storage_only:
        measure_storage(args.db)
        return
    if not args.in_process_only:
        measure_command(args.db, args.command_runs)
    if not args.command_only:
        asyncio.run(measure(args.db, args.labels))


if __name__ == "__main__":
    main()
