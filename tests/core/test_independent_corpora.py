"""The corpora written independently of the rules (fixtures/independent) are well-formed:
every brief is valid input, every number carries exactly one truth whose span holds it,
and every truth names a value its pool holds, so the figures scored on them count what
they say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from reviewer.grounding.config import load_config

ROOT = Path(__file__).resolve().parents[2] / "fixtures" / "independent"
CORPORA = sorted(p for p in ROOT.iterdir() if p.is_dir())
FILES = sorted(path for corpus in CORPORA for path in corpus.glob("*.jsonl"))
TOKEN = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")  # PRODUCT.md's token
LABELS = ("citation", "contradicts", "not_citation")
MISSTATEMENTS = {"value", "beyond band", "sign"}


def test_five_corpora_of_three_domains_and_120_briefs() -> None:
    assert [corpus.name for corpus in CORPORA] == ["a", "b", "c", "d", "e"]
    for corpus in CORPORA:
        files = sorted(corpus.glob("*.jsonl"))
        assert len(files) == 3, corpus
        assert sum(len(f.read_text("utf-8").splitlines()) for f in files) == 120, corpus


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_number_has_one_truth_naming_a_known_value(path: Path) -> None:
    config = load_config(path.parent / "configs" / f"{path.stem}.toml")
    assert config.names, f"{path}: the domain's config names its metrics"
    ids = set()
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        where = f"{path.parent.name}/{path.name}:{number}"
        brief = json.loads(line)
        text, truth = brief["text"], brief["truth"]
        assert brief["id"] not in ids, where
        ids.add(brief["id"])
        assert brief["meta"]["domain"] == path.stem, where
        names = {known["name"] for known in brief["pool"]}
        ends = -1
        for entry in truth:
            assert text[entry["start"] : entry["end"]] == entry["token"], (where, entry)
            assert entry["start"] >= ends, (where, "in text order, not overlapping", entry)
            ends = entry["end"]
            (label,) = [key for key in LABELS if key in entry]
            if label != "not_citation":
                assert entry[label] in names, (where, entry)
            if label == "contradicts":
                assert entry["misstatement"] in MISSTATEMENTS, (where, entry)
        for m in TOKEN.finditer(text):
            held = [e for e in truth if e["start"] <= m.start() < e["end"]]
            assert len(held) == 1, (where, m.group(), m.start())
