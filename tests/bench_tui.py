"""Benchmark of the review app on 100,000 briefs and a million flags (a script, not a test).

    python tests/bench_tui.py [--db PATH] [--briefs 100000] [--flags-per-brief 10] [--labels 60]

Builds the database once (kept at --db for reruns, in a child process so its memory does
not count), then opens the app with run_test and prints: time to the first brief on screen,
peak memory (RSS) of the process, and keypress-to-next-flag times for label keys.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import subprocess
import sys
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
        t0 = time.perf_counter()
        await pilot.press("slash", *"bench-0049", "enter")
        search_ms = (time.perf_counter() - t0) * 1000
        rows = screen.brief_list.rows
        t0 = time.perf_counter()
        await pilot.press("end")
        end_ms = (time.perf_counter() - t0) * 1000
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
        f"search over id and text: {search_ms:.0f} ms; end of list: {end_ms:.0f} ms; "
        f"stats panel (worker): {stats_ms:.0f} ms"
    )
    print(f"peak RSS: {rss_open:.0f} MB after opening, {rss:.0f} MB at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=Path("/tmp/reviewer-bench-tui.db"))
    parser.add_argument("--briefs", type=int, default=100_000)
    parser.add_argument("--flags-per-brief", type=int, default=10)
    parser.add_argument("--labels", type=int, default=60)
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
    asyncio.run(measure(args.db, args.labels))


if __name__ == "__main__":
    main()
