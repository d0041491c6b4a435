"""Every flag and every reading of the default detector over the corpora a change to its
readings must leave alone, written to one file, to compare before and after the change.

    python scripts/same_flags.py --out before.txt            # on the code before
    python scripts/same_flags.py --out after.txt --against before.txt

The corpora: fixtures/eval (both splits, each domain with its config), the five
fixtures/independent corpora (flags and `scan --explain`), the demo briefs (flags,
explanations, and the reference detector's flags), and the two benchmark corpora as
scripts/bench_scan_ratio.py and scripts/bench_ingest_ratio.py make them (600 long briefs,
3,000 ingest briefs, from their seeds). Each is read by the real command, `reviewer scan`,
in one process. With --against, the first lines that differ in each corpus are printed,
and the exit status is 1 when any does.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ingest_ratio import briefs_file
from bench_scan_ratio import long_briefs

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def scans(work: Path) -> Iterator[tuple[str, list[str]]]:
    """(corpus name, the arguments of `reviewer scan` after the file) for each corpus."""
    eval_configs = FIXTURES / "eval" / "configs"
    for split in ("dev", "held-out"):
        for briefs in sorted((FIXTURES / "eval" / split).glob("*.jsonl")):
            config = eval_configs / f"{briefs.stem}.toml"
            yield f"eval/{split}/{briefs.stem}", [str(briefs), "--config", str(config)]
    for briefs in sorted((FIXTURES / "independent").glob("*/*.jsonl")):
        config = briefs.parent / "configs" / f"{briefs.stem}.toml"
        name = f"independent/{briefs.parent.name}/{briefs.stem}"
        yield name, [str(briefs), "--config", str(config)]
        yield f"{name} --explain", [str(briefs), "--config", str(config), "--explain"]
    demo = FIXTURES / "demo" / "briefs.jsonl"
    yield "demo", [str(demo)]
    yield "demo --explain", [str(demo), "--explain"]
    yield "demo -d reference", [str(demo), "-d", "reference"]
    long, ingest = work / "long.jsonl", work / "ingest.jsonl"
    long_briefs(long, 600)
    briefs_file(ingest, 3000)
    yield "benchmark long briefs", [str(long)]
    yield "benchmark ingest briefs", [str(ingest)]


def read_all(out: Path) -> dict[str, list[str]]:
    reviewer = str(Path(sys.executable).with_name("reviewer"))
    found: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp, out.open("w", encoding="utf-8") as file:
        for name, args in scans(Path(tmp)):
            done = subprocess.run(
                [reviewer, "scan", *args, "--workers", "0"],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            lines = done.stdout.splitlines()
            found[name] = lines
            file.write(f"== {name}\n")
            file.writelines(line + "\n" for line in lines)
            digest = hashlib.sha256(done.stdout.encode()).hexdigest()[:12]
            print(f"{name:44s} {len(lines):6,} lines  {digest}")
    return found


def read_back(path: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    name = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            name = line[3:]
            found[name] = []
        elif name is not None:
            found[name].append(line)
    return found


def compare(before: dict[str, list[str]], after: dict[str, list[str]], shown: int) -> int:
    """How many corpora differ; the first `shown` differing lines of each are printed."""
    differ = 0
    for name in sorted(before.keys() | after.keys()):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        differ += 1
        if old is None or new is None:
            print(f"{name}: only {'after' if old is None else 'before'}")
            continue
        print(f"{name}: {len(old):,} lines before, {len(new):,} after")
        pairs = [(a, b) for a, b in zip(old, new, strict=False) if a != b][:shown]
        for a, b in pairs:  # around the first character that differs
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                      min(len(a), len(b)))  # fmt: skip
            window = slice(max(0, at - 100), at + 150)
            print(f"  - ...{a[window]}\n  + ...{b[window]}")
    print("same flags and readings" if not differ else f"{differ} corpora differ")
    return differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="file to write")
    parser.add_argument("--against", type=Path, help="a file this script wrote before")
    parser.add_argument("--shown", type=int, default=3, help="differing lines per corpus")
    args = parser.parse_args()
    after = read_all(args.out)
    if args.against is None:
        return 0
    return 1 if compare(read_back(args.against), after, args.shown) else 0


if __name__ == "__main__":
    raise SystemExit(main())
