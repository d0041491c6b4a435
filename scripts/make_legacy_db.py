"""Write a database with an older reviewer's own code, for the migration tests.

Run it with an older checkout on the path, e.g. for schema version 1:
    git worktree add /tmp/v1 b3878d7^
    python scripts/make_legacy_db.py /tmp/v1 tests/db/legacy/schema_v1.db
It ingests the demo briefs with that code, labels some claims as two reviewers (one label
undone, one note), and leaves a file whose labels the tests expect to survive upgrading.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> None:
    code, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    out.unlink(missing_ok=True)
    briefs = code / "fixtures" / "demo" / "briefs.jsonl"
    script = f"""
import sys
sys.path.insert(0, {str(code)!r})
from typer.testing import CliRunner
from reviewer.cli import app
result = CliRunner().invoke(app, ["ingest", {str(briefs)!r}, "--db", {str(out)!r}])
assert result.exit_code == 0, result.output
from sqlmodel import Session, select
import db
engine = db.make_engine({str(out)!r})
with Session(engine) as session:
    claims = [c.id for c in session.exec(select(db.Claim).order_by(db.Claim.id))]
    verdicts = ["true_positive", "false_positive", "skip"]
    for n, claim_id in enumerate(claims[:12]):
        db.record_label(session=session, claim_id=claim_id, reviewer="ana",
                        verdict=verdicts[n % 3])
    db.undo_last_label(session=session, reviewer="ana")
    for claim_id in claims[:5]:
        db.record_label(session=session, claim_id=claim_id, reviewer="ben",
                        verdict="false_positive")
    db.set_note(session=session, claim_id=claims[0], reviewer="ben", note="a unit slip")
"""
    subprocess.run([sys.executable, "-c", script], check=True, cwd=code)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
