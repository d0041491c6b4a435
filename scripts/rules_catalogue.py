"""Write the docs' rule catalogue (docs/rules.md) from the default detector's rule tables.

    python scripts/rules_catalogue.py            # writes docs/rules.md
    python scripts/rules_catalogue.py OUT.md     # writes OUT.md
    python scripts/rules_catalogue.py --check    # exit 1 when docs/rules.md is out of date

The page is what `reviewer rules --format markdown` prints; a CI step with --check keeps
the docs from drifting from the tables.
"""

from __future__ import annotations

import sys
from pathlib import Path

from reviewer.commands.rules import as_markdown

DEFAULT = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"]
    target = Path(paths[0]) if paths else DEFAULT
    page = as_markdown()
    if check:
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != page:
            print(f"{target} is out of date: run python scripts/rules_catalogue.py")
            return 1
        print(f"{target} is up to date")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")
    print(f"wrote {target} ({page.count('### ')} rules)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
