"""The review app through a PostgreSQL outage longer than a read on its UI thread waits:
a server of the module's own, stopped under the app for nine seconds. The app runs in a
process of its own (tests/support/pg_outage_scenario.py), as a reviewer's would."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from tests.support.pg_server import Cluster, new_database
from tests.support.pg_server import label_verdicts as verdicts
from tests.support.tui_seed import seed

ROOT = Path(__file__).resolve().parents[2]


def test_an_outage_longer_than_a_read_waits_keeps_the_app_and_every_key(
    pg_cluster: Cluster,
) -> None:
    """A key pressed while the server is away for 9 s (longer than a read on the UI thread
    waits): the label is retried until it is stored, the key after it kept, and the app
    runs on. It used to give up after 3 s, when its retry first read the queue."""
    url = new_database(pg_cluster)
    seed(url).dispose()  # type: ignore[arg-type]
    app = subprocess.Popen(
        [sys.executable, "-m", "tests.support.pg_outage_scenario", url],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert app.stdout is not None and app.stdin is not None
    try:
        assert app.stdout.readline().strip() == "ready"
        pg_cluster.pg_ctl("stop", "-m", "fast")
        back = threading.Timer(9.0, pg_cluster.pg_ctl, ["start"])
        back.start()
        app.stdin.write("stopped\n")
        app.stdin.flush()
        out, _ = app.communicate(timeout=300)
        back.join()
    finally:
        app.kill()
    result = json.loads(out.strip().splitlines()[-1])
    assert result["running"], result
    assert any("The database is back" in m for m in result["said"]), result
    stored = verdicts(url)
    assert [v for _, v in stored] == ["true_positive", "false_positive"]
    assert len({claim for claim, _ in stored}) == 2
