"""The rule catalogue, read from `catalogue.toml` beside this file (data, not code)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from reviewer.grounding.rules.table import Example, Rule
from reviewer.grounding.types import Known

_FILE = Path(__file__).with_name("catalogue.toml")


def _example(raw: dict, domains: dict[str, dict], where: str) -> Example:
    domain = domains[raw["domain"]] if "domain" in raw else {}
    pool = tuple(Known(k["name"], float(k["value"]), k.get("unit", "none"))
                 for k in raw.get("pool", domain.get("pool", ())))  # fmt: skip
    units = raw.get("units", domain.get("units", {}))
    names = raw.get("names", domain.get("names", {}))
    if raw["number"] not in raw["text"]:
        raise ValueError(f"{where}: {raw['number']!r} is not in {raw['text']!r}")
    return Example(
        raw["text"],
        raw["number"],
        pool,
        tuple((k, tuple(v)) for k, v in sorted(units.items())),
        tuple((k, tuple(v)) for k, v in sorted(names.items())),
        raw.get("domain", ""),
        tuple((k, tuple(v)) for k, v in sorted(raw.get("lexicon", {}).items())),
    )


def load(path: Path = _FILE) -> tuple[Rule, ...]:
    """Every rule of the catalogue file, in its order."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    domains = data.get("domain", {})
    rules = []
    for raw in data["rule"]:
        where = f"{path.name}: rule {raw['id']}"
        rules.append(
            Rule(
                raw["id"],
                raw["summary"],
                tuple(_example(e, domains, where) for e in raw.get("examples", ())),
                tuple(_example(e, domains, where) for e in raw.get("counter", ())),
            )
        )
    return tuple(rules)


def __getattr__(name: str) -> object:
    if name == "CATALOGUE":  # every rule of the catalogue file, read when first asked for
        from reviewer.grounding.rules import RULES

        return RULES
    raise AttributeError(name)
