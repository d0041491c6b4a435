"""A brief with a pool of thousands of known values: ingest stores what scan reads.

Such a pool takes the paths built for it: its names found in one scan of the text
(`form_starts`), its template arms written from its first TEMPLATE_KNOWNS values, and
its pool decoded once for every text the arms send with it.
"""

from __future__ import annotations

import json
import random
import sqlite3

from typer.testing import CliRunner

from reviewer import Known
from reviewer.arms import TEMPLATE_KNOWNS
from reviewer.cli import app
from reviewer.pipeline.parallel import decode_pool, encode_pool

runner = CliRunner()
UNITS = ("bpm", "mi", "min", "steps", "pct", "none")
SUFFIX = {"bpm": " bpm", "mi": " mi", "min": " min", "steps": " steps", "pct": "%", "none": ""}


def big_pool_brief(entries: int) -> dict:
    rng = random.Random(40)
    pool = [
        {"name": f"m{j}", "value": round(rng.uniform(-40, 180), 1), "unit": UNITS[j % 6]}
        for j in range(entries)
    ]
    sentences = []
    for _ in range(40):
        known = rng.choice(pool)
        value = known["value"] * rng.choice((1.0, 1.0, 1.06, -1.0))
        sentences.append(
            f"The easy block put {known['name']} at {value:.1f}{SUFFIX[known['unit']]} "
            "over the stretch."
        )
    return {"id": "big-pool", "text": " ".join(sentences), "pool": pool}


def test_ingest_of_a_large_pool_stores_the_flags_scan_reads(tmp_path):
    path = tmp_path / "big.jsonl"
    path.write_text(json.dumps(big_pool_brief(TEMPLATE_KNOWNS + 2000)) + "\n", encoding="utf-8")
    scanned = runner.invoke(app, ["scan", str(path)])
    assert scanned.exit_code == 0, scanned.output
    read = json.loads(scanned.stdout)["flags"]
    assert len(read) >= 5  # off and flipped values, said by name
    result = runner.invoke(app, ["ingest", str(path), "--db", str(tmp_path / "r.db")])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(tmp_path / "r.db") as conn:
        stored = conn.execute(
            "SELECT start, end, token, nearest, kind FROM flagrecord ORDER BY start"
        ).fetchall()
        (arms,) = conn.execute("SELECT arms FROM detectorrun").fetchone()
    assert stored == [(f["start"], f["end"], f["token"], f["nearest"], f["kind"]) for f in read]
    assert json.loads(arms)["pools"] == 1


def test_a_pool_sent_again_is_decoded_to_the_same_tuple():
    first = tuple(Known(f"m{j}", float(j), "bpm") for j in range(3000))
    other = (Known("rhr", 52.0, "bpm"),)
    once = decode_pool(encode_pool(first))
    assert once == first
    assert decode_pool(encode_pool(first)) is once  # the detector's index found by identity
    assert decode_pool(encode_pool(other)) == other
    again = decode_pool(encode_pool(first))
    assert again == first
