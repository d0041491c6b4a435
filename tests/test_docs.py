"""The manual builds with `mkdocs build --strict` (a broken link, a missing page or a
snippet that is not there fails it), its generated pages carry the code's commands and
rules, and the README keeps its promises: short, the CI's own test command, and install
lines that name the distribution."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTALLS = re.compile(r"pip install\s+(?:-\S+\s+)*['\"]?([^\s'\"]+)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
         "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        capture_output=True, text=True, timeout=600, cwd=ROOT, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    return out


def test_the_command_reference_is_every_command_and_option(site: Path) -> None:
    import typer.main

    from reviewer.cli import app

    page = (site / "reference" / "index.html").read_text()
    assert "<!-- generated" not in page
    root = typer.main.get_command(app)
    for name, command in root.commands.items():
        assert f"reviewer {name}" in page
        for param in command.params:
            for option in param.opts:
                if option.startswith("--"):
                    assert option in page, (name, option)


def test_the_rule_catalogue_page_carries_every_rule(site: Path) -> None:
    page = (site / "rules" / "index.html").read_text()
    assert "<!-- generated" not in page
    try:
        from reviewer.grounding.rules.catalogue import CATALOGUE
    except ImportError:
        pytest.skip("no rule table in this version")
    for rule in CATALOGUE:
        assert rule.id in page, rule.id
    from reviewer.grounding import lexicon

    assert "Word classes a config extends" in page
    for name in lexicon.EXTENDABLE:  # with the words the class holds
        assert name in page and lexicon.WORDS[name][-1] in page, name


def test_the_changelog_is_in_the_site(site: Path) -> None:
    page = (site / "changelog" / "index.html").read_text()
    assert "Changelog" in page and "--8&lt;--" not in page


def test_the_readme_is_short_and_runs_the_ci_command() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 200
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci.startswith("python3 -m venv .venv") and f"\n{ci}\n" in readme
    assert "\n.venv/bin/pip install . && .venv/bin/reviewer demo\n" not in readme  # one line
    assert "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/reviewer demo" in readme


def test_every_install_line_names_the_distribution() -> None:
    texts = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "reviewer").rglob("*.py")]
    for path in texts:
        for target in INSTALLS.findall(path.read_text()):
            # `reviewer` on the index is another project: ours is grounding-reviewer
            assert not re.match(r"reviewer(\[|$)", target), (path.name, target)
