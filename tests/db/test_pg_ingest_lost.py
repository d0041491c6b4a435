"""An ingest losing its PostgreSQL server partway cannot take back what it committed; the
next ingest, once the server is back, does: none of its briefs stays, and none is flagged
into the next run (they were, as if ingested)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.db.test_pg_restart import COMMAND, DEMO, ingest, scalar, wait_for
from tests.support.pg_server import Cluster, new_database


def test_an_ingest_that_loses_its_server_is_taken_back_by_the_next(
    pg_cluster: Cluster, tmp_path: Path
):
    url = new_database(pg_cluster)
    ingest(url)  # the demo's 68 briefs, run 1
    many = tmp_path / "many.jsonl"
    with many.open("w") as out:  # four batches: seconds of work after the first is written
        for copy in range(100):
            for line in DEMO.read_text().splitlines():
                brief = json.loads(line)
                brief["id"] = f"{brief['id']}-{copy}"
                out.write(json.dumps(brief) + "\n")
    lost = subprocess.Popen([*COMMAND, "ingest", str(many), "--db", url],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    wait_for(url, "SELECT count(*) FROM brief", 69)  # a batch of its own is committed
    pg_cluster.pg_ctl("stop", "-m", "fast")
    try:
        _, err = lost.communicate(timeout=300)
    finally:
        pg_cluster.pg_ctl("start")
    assert lost.returncode == 2, err
    assert "Traceback" not in err
    assert "the next reviewer ingest or flag takes it back" in err, err
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "o1", "text": "HR 50 bpm", "pool": []}) + "\n")
    again = subprocess.run(
        [*COMMAND, "ingest", str(other), "--db", url], capture_output=True, text=True
    )
    assert again.returncode == 0, again.stderr
    assert scalar(url, "SELECT count(*) FROM brief") == 69
    assert scalar(url, "SELECT count(*) FROM brief WHERE brief_id LIKE 'brief-___-%'") == 0
    assert scalar(url, "SELECT count(*) FROM meta WHERE key = 'ingest'") == 0
    assert scalar(url, "SELECT count(*) FROM detectorrun WHERE status = 'running'") == 0
    latest = "(SELECT max(id) FROM detectorrun WHERE status = 'finished')"
    assert scalar(url, f"SELECT count(*) FROM briefscan WHERE run_id = {latest}") == 69
