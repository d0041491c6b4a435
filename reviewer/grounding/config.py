"""Detector thresholds and the unit vocabulary: built-in values, overridable from TOML.

A config file may set any subset of the built-in values::

    [thresholds]
    faithful = 0.03      # rel <= faithful: a faithful citation
    sign = 0.50          # opposite signs and magnitude rel <= sign: a sign flag
    value = 0.12         # rel <= value: a value flag; beyond: unrelated, ignored
    hidden_sign = 0.12   # default only: sign-check an opposite-sign value past the nearest
    name = 1.0           # default only: rel <= name flags a number its metric's name points at

    [units]              # canonical unit (as in pools) = aliases that name it in prose
    min = ["min", "mins", "minute", "minutes"]
    usd = ["$", "USD", "dollars"]   # a symbol or code may stand before the number too

    [names]              # default only: pool name = other names prose gives the metric
    rhr = ["resting heart rate", "RHR"]

    [rules]              # default only: readings turned off (or on) by id (`reviewer rules`)
    off = ["plan.bound", "past.words", "name:baseline"]   # name:WORDS: those words only

    [lexicon]            # default only: words added to a word class of the readings
    plan_words = ["north star", "envisaged"]   # read by plan.word, in the clause before
    plan_nouns_after = ["envelope"]            # read by plan.noun-after: "a $90k envelope"
    negative_words = ["moderated"]             # read by sign.word: "churn moderated 0.4 pts"
    approximate_words = ["give or take"]       # read by approximate.around, in the clause

Only the classes in `lexicon.EXTENDABLE` take words (see added_words.py); naming any other
class is refused. The reference detector reads only [thresholds]: its units are the
published ones, and a file giving it [units], [names], [rules] or [lexicon] is refused
rather than silently half-read.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reviewer.grounding.bands import FAITHFUL, HIDDEN_SIGN, NAME, SIGN, VALUE

DEFAULT_UNITS: dict[str, tuple[str, ...]] = {
    "bpm": ("bpm", "beats per minute", "beats/min", "beats a minute", "b/min"),
    "mi": ("mi", "mile", "miles"),
    "min": ("min", "mins", "minute", "minutes"),
    "steps": ("steps", "step"),
    "pct": ("%", "percent", "per cent", "pct"),
}

THRESHOLD_KEYS = ("faithful", "sign", "value", "hidden_sign", "name")
TABLES = ("thresholds", "units", "names", "rules", "lexicon")  # what a config file may hold


class ConfigError(ValueError):
    """A config file that cannot be read; the message names the file and the problem."""


@dataclass(frozen=True)
class DetectorConfig:
    """The bands every detector compares with, and the words that name each unit."""

    faithful: float = FAITHFUL
    sign: float = SIGN
    value: float = VALUE
    hidden_sign: float = HIDDEN_SIGN
    name: float = NAME
    units: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_UNITS))
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # the default's readings turned off by id; `on` turns one back on (a rule off by default)
    rules_off: frozenset[str] = frozenset()
    rules_on: frozenset[str] = frozenset()
    # words added to the lexicon's extendable classes, by class (the default's own readings)
    lexicon: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # where the config came from and which tables it gave (what a detector may refuse)
    source: str = field(default="<config>", compare=False)
    given: frozenset[str] = field(default=frozenset(), compare=False)

    def __post_init__(self) -> None:
        for key in THRESHOLD_KEYS:
            band = getattr(self, key)
            if isinstance(band, bool) or not isinstance(band, int | float):
                shown = str(band).lower() if isinstance(band, bool) else repr(band)  # as TOML
                raise ValueError(f"threshold {key} must be a number, got {shown}")
            if not math.isfinite(band) or band < 0:
                raise ValueError(f"threshold {key} must be a finite number >= 0, got {band!r}")
        if self.faithful > self.value:
            raise ValueError(
                f"threshold faithful ({self.faithful}) must not exceed value ({self.value})"
            )

    def __hash__(self) -> int:  # the units dict is never mutated: hash what it holds
        return hash(self.to_json())

    def to_dict(self) -> dict[str, Any]:
        """Plain data, stable key order: what a detector run stores."""
        data: dict[str, Any] = {
            "thresholds": {key: getattr(self, key) for key in THRESHOLD_KEYS},
            "units": {unit: list(aliases) for unit, aliases in sorted(self.units.items())},
        }
        if self.names:
            data["names"] = {name: list(aliases) for name, aliases in sorted(self.names.items())}
        if self.rules_off or self.rules_on:
            data["rules"] = {"off": sorted(self.rules_off), "on": sorted(self.rules_on)}
        if self.lexicon:
            data["lexicon"] = {name: list(words) for name, words in sorted(self.lexicon.items())}
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def unread_units(self, units: Mapping[str, int]) -> list[tuple[str, int, str | None]]:
        """The pool units (with their counts) this vocabulary never reads in prose, each
        with the vocabulary's unit it likely means ("%" -> "pct", "BPM" -> "bpm") or None.
        `none`, the unit of a unitless value, is read."""
        aliases = self.alias_units()
        return [
            (unit, count, aliases.get(unit.strip().lower()))
            for unit, count in sorted(units.items())
            if unit != "none" and unit not in self.units
        ]

    def unread_warnings(self, detector: str, units: Mapping[str, int], where: str) -> list[str]:
        """One warning per unit of `units` this vocabulary never reads in prose, said of the
        values `where` ("in the stored pools"); a count of 0 leaves the count unsaid."""
        warnings = []
        for unit, count, meant in self.unread_units(units):
            if meant:
                fix = f"write it as {meant!r} in the pools"
            elif detector == "reference":
                fix = "the reference reads only its published units (bpm, mi, min, pct, steps)"
            else:
                fix = "add it under [units] in a config"
            if count:
                values = f"{count:,} known value{'' if count == 1 else 's'} {where}"
                verb, them = ("has", "it") if count == 1 else ("have", "them")
            else:
                values, verb, them = f"known values {where}", "have", "them"
            warnings.append(
                f"warning: {values} {verb} the unit {unit!r}, which {detector} never reads in "
                f"prose, so no number is compared with {them} by unit: {fix}"
            )
        return warnings

    def alias_units(self) -> dict[str, str]:
        """Lower-cased alias -> canonical unit; the canonical name is an alias of itself."""
        out: dict[str, str] = {}
        for unit, aliases in self.units.items():
            for alias in (unit, *aliases):
                out.setdefault(alias.lower(), unit)
        return out


MAX_CONFIG_BYTES = 1024 * 1024  # a config is thresholds and unit words: a few KiB


def _bounded_text(path: Path, data: bytes) -> str:
    """The text of a config file read up to one byte past its limit (so /dev/zero or an
    endless pipe is refused after 1 MiB, never read whole); the line it passes it on."""
    if len(data) > MAX_CONFIG_BYTES:
        line = data.count(b"\n") + 1
        raise ConfigError(
            f"{path}:{line}: the config goes on past {MAX_CONFIG_BYTES // 1024} KiB, the most "
            "a config file may hold (is it the right file?)"
        )
    return data.decode("utf-8-sig")  # (a byte-order mark opening it is no TOML)


def load_config(path: str | Path) -> DetectorConfig:
    """Built-in values overridden by the TOML file at `path`; errors name the file."""
    import tomllib  # only a command given a config file reads TOML

    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.loads(_bounded_text(path, handle.read(MAX_CONFIG_BYTES + 1)))
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, not a config file") from None
    except OSError as err:
        raise ConfigError(f"{path}: cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid UTF-8 (TOML is UTF-8 text)") from None
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: invalid TOML: {err}") from None
    return config_from_dict(data, source=str(path))


def _one_unit_a_word(units: dict[str, tuple[str, ...]], given: dict[str, Any], source: str) -> None:
    """A word of the config's `[units]` names one unit: given to two, the first would take
    it and the other would silently never read it."""
    owner: dict[str, str] = {}
    for unit, aliases in units.items():
        for alias in aliases:
            first = owner.setdefault(alias.lower(), unit)
            if first != unit and (unit in given or first in given):
                said = unit if unit in given else first
                other = first if said == unit else unit
                raise ConfigError(
                    f"{source}: units.{said}: {alias!r} is a word of unit {other!r} too "
                    "(a word names one unit)"
                )


def config_from_dict(data: dict[str, Any], source: str = "<config>") -> DetectorConfig:
    """Validate parsed TOML data against the known keys and build a config."""
    unknown = sorted(set(data) - set(TABLES))
    if unknown:
        raise ConfigError(
            f"{source}: unknown key {unknown[0]!r} "
            "(expected [thresholds], [units], [names], [rules], [lexicon])"
        )
    kwargs: dict[str, Any] = {}
    thresholds = data.get("thresholds", {})
    if not isinstance(thresholds, dict):
        raise ConfigError(f"{source}: [thresholds] must be a table")
    for key, band in thresholds.items():
        if key not in THRESHOLD_KEYS:
            raise ConfigError(
                f"{source}: unknown threshold {key!r} (expected one of {', '.join(THRESHOLD_KEYS)})"
            )
        kwargs[key] = band
    units = dict(DEFAULT_UNITS)
    given = data.get("units", {})
    if not isinstance(given, dict):
        raise ConfigError(f"{source}: [units] must be a table of unit = [aliases]")
    for unit, aliases in given.items():
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
            raise ConfigError(
                f"{source}: units.{unit} must be a list of non-empty strings, got {aliases!r}"
            )
        units[unit] = tuple(aliases)
    _one_unit_a_word(units, given, source)
    names = data.get("names", {})
    if not isinstance(names, dict):
        raise ConfigError(f"{source}: [names] must be a table of name = [aliases]")
    for name, aliases in names.items():
        if not isinstance(aliases, list) or not all(
            isinstance(a, str) and a.strip() for a in aliases
        ):
            raise ConfigError(
                f"{source}: names.{name} must be a list of non-empty strings, got {aliases!r}"
            )
    off, on = _rules(data.get("rules", {}), source)
    added = _lexicon(data.get("lexicon", {}), source)
    try:
        return replace(
            DetectorConfig(),
            units=units,
            names={name: tuple(aliases) for name, aliases in names.items()},
            rules_off=off,
            rules_on=on,
            lexicon=added,
            source=source,
            given=frozenset(data),
            **kwargs,
        )
    except ValueError as err:
        raise ConfigError(f"{source}: {err}") from None


def _rules(table: object, source: str) -> tuple[frozenset[str], frozenset[str]]:
    """The rule ids `[rules]` turns off and on; an id that names no rule is refused."""
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: [rules] must be a table with off = [...] and on = [...]")
    extra = sorted(set(table) - {"off", "on"})
    if extra:
        raise ConfigError(f"{source}: unknown key rules.{extra[0]} (expected off, on)")
    from reviewer.grounding.rules import name_form_id, unknown_ids  # read only for [rules]

    found = []
    for key in ("off", "on"):
        ids = table.get(key, [])
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ConfigError(f"{source}: rules.{key} must be a list of rule ids, got {ids!r}")
        unknown = unknown_ids(ids)
        if unknown:
            raise ConfigError(
                f"{source}: rules.{key}: unknown rule {unknown[0]!r} "
                "(`reviewer rules` lists every rule id)"
            )
        named = [i for i in ids if i.startswith("name:")]
        if key == "on" and named:
            raise ConfigError(
                f"{source}: rules.on: {named[0]!r}: a name's reading is on unless `off` "
                "turns it off"
            )
        found.append(frozenset(map(name_form_id, ids)))
    both = sorted(found[0] & found[1])
    if both:
        raise ConfigError(f"{source}: rule {both[0]!r} is both off and on")
    return found[0], found[1]


def _lexicon(table: object, source: str) -> dict[str, tuple[str, ...]]:
    """The words `[lexicon]` adds to each word class; a class that is not there, or that
    cannot take words from a config, is refused by name."""
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: [lexicon] must be a table of class = [words]")
    if not table:
        return {}
    from reviewer.grounding.lexicon import EXTENDABLE, WORDS  # only a config with [lexicon]

    open_to = ", ".join(EXTENDABLE)
    added = {}
    for name, words in table.items():
        if name not in WORDS:
            raise ConfigError(
                f"{source}: lexicon.{name}: unknown word class {name!r} "
                f"(the classes that take words: {open_to})"
            )
        if name not in EXTENDABLE:
            raise ConfigError(
                f"{source}: lexicon.{name}: the word class {name!r} cannot take words from a "
                f"config: its readings are shared by every detector (the classes that take "
                f"words: {open_to})"
            )
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise ConfigError(
                f"{source}: lexicon.{name} must be a list of non-empty strings, got {words!r}"
            )
        added[name] = tuple(words)
    return added


def canonical_config(config_json: str) -> str:
    """A stored config as canonical JSON (sorted keys, no spaces): equal configs, equal text."""
    try:
        data = json.loads(config_json)
    except (TypeError, ValueError):
        return config_json
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def config_digest(config_json: str) -> str:
    """The first 12 hex digits of the sha256 of the canonical config: a run's config by name."""
    import hashlib  # runs are named by digest; a scan never needs one

    text = canonical_config(config_json).encode("utf-8", "surrogatepass")
    return hashlib.sha256(text).hexdigest()[:12]


def changed_thresholds(config_json: str) -> dict[str, float]:
    """The thresholds of a stored config that differ from the built-in ones, in key order."""
    try:
        data = json.loads(config_json)
    except (TypeError, ValueError):
        return {}
    thresholds = data.get("thresholds") if isinstance(data, dict) else None
    if not isinstance(thresholds, dict):
        return {}
    built_in = DetectorConfig()
    changed = {}
    for key in THRESHOLD_KEYS:
        band = thresholds.get(key)
        if isinstance(band, int | float) and band != getattr(built_in, key):
            changed[key] = band
    return changed


def changed_units(config_json: str) -> list[str]:
    """The units of a stored config whose aliases differ from the built-in vocabulary."""
    try:
        data = json.loads(config_json)
    except (TypeError, ValueError):
        return []
    units = data.get("units") if isinstance(data, dict) else None
    if not isinstance(units, dict):
        return []
    return sorted(
        unit for unit, aliases in units.items() if tuple(aliases or ()) != DEFAULT_UNITS.get(unit)
    )


def stored_config(config_json: str | None) -> DetectorConfig | None:
    """The DetectorConfig a run stored (thresholds, units, names), to load its detector again;
    None when the run stored no config of that form (a plugin's own, or none)."""
    try:
        data = json.loads(config_json or "")
    except (TypeError, ValueError):
        return None
    if not isinstance(data, dict) or not data or set(data) - set(TABLES):
        return None
    return config_from_dict(data, source="stored run config")
