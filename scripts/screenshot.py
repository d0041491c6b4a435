"""Writes the picture of the review screen in the README and the manual (a script, not a test).

    python scripts/screenshot.py [docs/screenshots/review.svg]

Builds the demo database in a temporary folder, labels a few flags, saves an SVG.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def shoot(out: Path) -> None:
    import db
    from reviewer.commands.demo import prepare_demo
    from reviewer.tui.app import ReviewApp

    with tempfile.TemporaryDirectory() as folder:
        path, _ = prepare_demo(Path(folder) / "demo.db")
        engine = db.make_engine(str(path))
        app = ReviewApp(engine, reviewer="maya")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("t", "f", "t", "j", "f")
            await app.workers.wait_for_complete()
            await pilot.pause()
            out.parent.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(filename=out.name, path=str(out.parent))
        engine.dispose()
    print(f"wrote {out}")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/review.svg"
    asyncio.run(shoot(target))
