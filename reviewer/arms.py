"""The four-arm control group: does a detector separate right answers from wrong ones?

Template arms build one sentence per known value (`It reads 52.00 bpm.`; of a pool's
first TEMPLATE_KNOWNS): faithful
(exact), corrupted (x drift), sign-flipped (negated) and unrelated (uniform(1, 200) from
one `random.Random(seed)` stream, records in order, values in pool order). Rewrite arms
take the real briefs and replace each faithful citation in place, so the same control
runs in the prose where false positives actually arise. Pure: callers bring pools and
briefs from a file or the database.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, NamedTuple, Protocol

from reviewer.checks import registry
from reviewer.grounding.types import Analysis, Detector, Known

ARMS = ("faithful", "corrupted", "sign-flip", "unrelated")
DEFAULT_SEED = 7
DEFAULT_DRIFT = 1.08
ARM_SAMPLE = 500  # from a database: the first pools and briefs stored, at most this many
# a pool's known values written into its template texts, at most: its first ones (a pool
# of 20,000 would write four texts of 20,000 sentences, each read against the whole pool)
TEMPLATE_KNOWNS = 1000
UNRELATED_RANGE = (1.0, 200.0)

FAITHFUL_MAX = 0.05
CORRUPTED_MIN = 0.50
SIGN_MIN = 0.50
UNRELATED_RATIO = 0.5

MESSAGES = {
    "faithful": "faithful arm flags its own true citations",
    "corrupted": "corrupted arm slips past the detector",
    "sign-flip": "sign inversions are invisible",
    "unrelated": (
        "unrelated numbers score near corrupted ones; "
        "the detector is matching density, not contradiction"
    ),
}
NO_RECORDS = "no pools to build the arms from"
EXPECTED = {
    "faithful": f"<= {FAITHFUL_MAX:.2f}",
    "corrupted": f">= {CORRUPTED_MIN:.2f}",
    "sign-flip": f">= {SIGN_MIN:.2f}",
    "unrelated": f"<= {UNRELATED_RATIO:g} x corrupted",
}

# How a template sentence writes each canonical unit after the value.
_UNIT_SUFFIX = {
    "bpm": " bpm",
    "mi": " mi",
    "min": " min",
    "steps": " steps",
    "pct": "%",
    "none": "",
}

Pair = tuple[str, Sequence[Known]]


class Citer(Protocol):
    """What the rewrite arms need: the faithful citations of a text (the default detector)."""

    def citations(self, text: str, pool: Sequence[Known]) -> Sequence[Any]: ...


def cites_as_it_reads(detector: Any, citer: Any) -> bool:
    """Whether `citer` is `detector` over again: the same built-in detector with the same
    config, whose citations come from the very pass that gives the detector's flags. One
    pass of a brief (`cited`) then gives the rewrite arms both, where two would read it
    twice. A run of the default detector is such a run."""
    if not callable(getattr(detector, "cited", None)):
        return False
    return citer is detector or (type(citer) is type(detector) and citer.config == detector.config)


# ---------------------------------------------------------------- template arms


def template_sentence(value: float, unit: str) -> str:
    """`It reads 52.00 bpm.`: two decimals, then the unit's canonical word."""
    suffix = _UNIT_SUFFIX.get(unit, f" {unit}")
    return f"It reads {value:.2f}{suffix}."


def template_text(pool: Sequence[Known], values: Iterable[float]) -> str:
    """One sentence per known value, in pool order, with `values` in place of the knowns."""
    return " ".join(
        template_sentence(value, known.unit) for known, value in zip(pool, values, strict=True)
    )


def template_arms(
    pools: Iterable[Sequence[Known]], *, seed: int = DEFAULT_SEED, drift: float = DEFAULT_DRIFT
) -> Iterator[dict[str, str]]:
    """The four template texts per pool; one random stream across all pools, in order."""
    rng = random.Random(seed)
    for pool in pools:
        yield template_texts(pool, rng, drift)


def template_texts(pool: Sequence[Known], rng: random.Random, drift: float) -> dict[str, str]:
    """The four texts of a pool's first TEMPLATE_KNOWNS known values; they are read
    against the whole pool."""
    low, high = UNRELATED_RANGE
    pool = pool[:TEMPLATE_KNOWNS]
    return {
        "faithful": template_text(pool, (k.value for k in pool)),
        "corrupted": template_text(pool, (k.value * drift for k in pool)),
        "sign-flip": template_text(pool, (-k.value for k in pool)),
        "unrelated": template_text(pool, [rng.uniform(low, high) for _ in pool]),
    }


# ---------------------------------------------------------------- rewrite arms


@dataclass(frozen=True, slots=True)
class Rewrite:
    """A brief with some spans replaced, and where the planted numbers now sit."""

    text: str
    spans: tuple[tuple[int, int], ...]


_DECIMALS = re.compile(r"\.(\d+)")


def format_like(token: str, value: float) -> str:
    """Write `value` the way `token` was written: its decimals, thousands commas, a `k`
    suffix, the minus sign it used.

    Adds decimals when rounding would swallow the change (5 x 1.08 -> "5.4", not "5").
    """
    body = token.strip()
    suffix, scale = ("", 1.0)
    if body[-1:] in ("k", "K"):
        suffix, scale = body[-1], 1000.0
    magnitude = abs(value) / scale
    match = _DECIMALS.search(body)
    decimals = len(match.group(1)) if match else 0
    for extra in range(5):
        text = f"{magnitude:,.{decimals + extra}f}"
        if abs(float(text.replace(",", "")) - magnitude) <= 0.005 * max(magnitude, 1e-9):
            break
    if "," not in body:
        text = text.replace(",", "")
    text += suffix
    if value < 0:
        minus = body[0] if body[:1] and not (body[0].isdigit() or body[0] == "+") else "-"
        return minus + text
    return ("+" + text) if body.startswith("+") else text


def rewrite(text: str, replacements: Sequence[tuple[int, int, str]]) -> Rewrite:
    """Replace non-overlapping (start, end, new) spans, tracking the new spans."""
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    cursor = 0
    length = 0
    for start, end, new in sorted(replacements, key=lambda r: (r[0], r[1])):
        if start < cursor:
            continue  # overlapping citation: keep the first
        parts.append(text[cursor:start])
        length += start - cursor
        parts.append(new)
        spans.append((length, length + len(new)))
        length += len(new)
        cursor = end
    parts.append(text[cursor:])
    return Rewrite("".join(parts), tuple(spans))


def rewrite_arms(
    text: str,
    citations: Sequence[Any],
    *,
    rng: random.Random,
    drift: float = DEFAULT_DRIFT,
) -> dict[str, Rewrite]:
    """The brief itself (faithful) and three copies with every faithful citation replaced.

    `citations` have `start`, `end`, `token`, `value` (the default detector's). The
    random arm takes one uniform(1, 200) draw per citation, in text order. Durations are
    left as written.
    """
    from reviewer.grounding.default_scanner import is_duration

    # a duration ("6h 12m") is read but not rewritten: prose gives it no sign to flip
    ordered = sorted((c for c in citations if not is_duration(c.token)), key=lambda c: c.start)
    low, high = UNRELATED_RANGE

    def planted(new_value: Callable[[Any], float]) -> Rewrite:
        return rewrite(
            text, [(c.start, c.end, format_like(c.token, new_value(c))) for c in ordered]
        )

    draws = {id(c): rng.uniform(low, high) for c in ordered}
    return {
        "faithful": Rewrite(text, tuple((c.start, c.end) for c in ordered)),
        "corrupted": planted(lambda c: c.value * drift),
        "sign-flip": planted(lambda c: -c.value),
        "unrelated": planted(lambda c: draws[id(c)]),
    }


FlagSpan = tuple[int, int, str]
"""Where a flag sits and how it chose its known value: (start, end, basis)."""


def flag_spans(flags: Iterable[Any]) -> list[FlagSpan]:
    """(start, end, basis) of each flag; a plugin's flag without a basis reads by band."""
    return [(f.start, f.end, getattr(f, "basis", None) or "band") for f in flags]


def counts_in(arm: str, basis: str) -> bool:
    """Whether a flag on a planted number counts for `arm`.

    The unrelated rewrite arm plants a random number where a faithful citation stood, so
    the metric's name often still stands beside it ("resting heart rate 137 bpm" when rhr
    is 52). A detector that reads the name rightly calls that a misstatement: such a flag
    is a contradiction found, not number density matched. What the negative control asks
    is whether a number that states no known value is flagged because it lies near one,
    and that is a band flag. So in that arm only band flags count; in the others, all.
    """
    return arm != "unrelated" or basis == "band"


def planted_rate(
    flags: Iterable[FlagSpan], spans: Sequence[tuple[int, int]], *, arm: str = "corrupted"
) -> float:
    """Share of planted spans that carry a flag counted for `arm` (overlap counts)."""
    if not spans:
        return 0.0
    counted = [(start, end) for start, end, basis in flags if counts_in(arm, basis)]
    hit = sum(any(s < end and start < e for s, e in counted) for start, end in spans)
    return hit / len(spans)


class Cited(NamedTuple):
    """A faithful citation as it crosses from a worker process: all `rewrite_arms` reads."""

    start: int
    end: int
    token: str
    value: float


def rewrites_of(
    cited: Iterable[tuple[Any, str, Sequence[Known], Sequence[Any]]],
    *,
    seed: int = DEFAULT_SEED,
    drift: float = DEFAULT_DRIFT,
    rng: random.Random | None = None,
) -> Iterator[tuple[tuple[Any, str], Rewrite, Sequence[Known]]]:
    """((key, arm), rewrite, pool) of the four rewrite arms of every brief with a faithful
    citation (key, text, pool, citations), in order, one random stream across all: the
    texts the rewrite arms score, wherever the citations were found (here, or by
    detector workers). `rng`: the stream to go on with, when the briefs come a batch at
    a time (else one seeded afresh)."""
    rng = rng or random.Random(seed)
    for key, text, pool, citations in cited:
        arms = rewrite_arms(text, citations, rng=rng, drift=drift)
        if arms["faithful"].spans:
            for arm in ARMS:
                yield (key, arm), arms[arm], pool


# ---------------------------------------------------------------- verdict and report


@dataclass(slots=True)
class Mean:
    total: float = 0.0
    n: int = 0

    def add(self, value: float) -> None:
        self.total += value
        self.n += 1

    @property
    def value(self) -> float:
        return self.total / self.n if self.n else 0.0


@dataclass(frozen=True, slots=True)
class ArmRow:
    """One line of the arms table. group: template, rewrite or production."""

    group: str
    arm: str
    mean: float
    n: int
    expected: str
    passed: bool | None


def check_arms(means: dict[str, float]) -> dict[str, bool]:
    """The four tests, arm -> passed."""
    return {
        "faithful": means["faithful"] <= FAITHFUL_MAX,
        "corrupted": means["corrupted"] >= CORRUPTED_MIN,
        "sign-flip": means["sign-flip"] >= SIGN_MIN,
        "unrelated": means["unrelated"] <= UNRELATED_RATIO * means["corrupted"],
    }


def verdict(means: dict[str, float]) -> list[str]:
    """Failure messages for the arms that do not separate; empty when all four pass."""
    return [MESSAGES[arm] for arm, ok in check_arms(means).items() if not ok]


@dataclass(frozen=True)
class ArmsReport:
    """The arms table for one detector: rows, failures, warnings; `passed` gates CI."""

    detector: str
    detector_version: str
    seed: int
    drift: float
    rows: list[ArmRow]
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures

    def means(self, group: str = "template") -> dict[str, float]:
        return {row.arm: row.mean for row in self.rows if row.group == group}

    def to_dict(self) -> dict[str, Any]:
        return {
            "detector": self.detector,
            "detector_version": self.detector_version,
            "seed": self.seed,
            "drift": self.drift,
            "passed": self.passed,
            "rows": [asdict(row) for row in self.rows],
            "failures": self.failures,
            "warnings": self.warnings,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArmsReport:
        """A report as `to_dict` wrote it (a run's stored arms)."""
        return cls(
            str(data["detector"]),
            str(data["detector_version"]),
            int(data["seed"]),
            float(data["drift"]),
            [ArmRow(**row) for row in data["rows"]],
            list(data.get("failures", [])),
            list(data.get("warnings", [])),
        )


def _group_rows(group: str, means: dict[str, Mean], failures: list[str]) -> list[ArmRow]:
    values = {arm: means[arm].value for arm in ARMS}
    n = means["faithful"].n
    checks = check_arms(values) if n else dict.fromkeys(ARMS)
    prefix = "" if group == "template" else f"{group} arms: "
    failures.extend(prefix + MESSAGES[arm] for arm in ARMS if checks[arm] is False)
    ceiling = UNRELATED_RATIO * values["corrupted"]
    expected = EXPECTED | {"unrelated": f"<= {ceiling:.2f} ({UNRELATED_RATIO:g} x corrupted)"}
    return [
        ArmRow(group, arm, values[arm], means[arm].n, expected[arm], checks[arm]) for arm in ARMS
    ]


def run_arms(
    detector: Detector,
    *,
    pools: Iterable[Sequence[Known]] | None = None,
    briefs: Iterable[Pair] | None = None,
    production_rate: float | None = None,
    seed: int = DEFAULT_SEED,
    drift: float = DEFAULT_DRIFT,
    citer: Citer | None = None,
    on_record: Callable[[], None] | None = None,
) -> ArmsReport:
    """Score the template arms over `pools` and, with `briefs` ((text, pool) pairs), the
    rewrite arms and the production row.

    Without `pools` the briefs' own pools feed the template arms (one pass). A given
    `production_rate` (e.g. from a stored run) replaces the one computed from `briefs`.
    `on_record` is called once per pool or brief processed (progress bars).
    """
    if pools is None and briefs is None:
        raise ValueError("run_arms needs pools, briefs, or both")
    template = {arm: Mean() for arm in ARMS}
    rewritten = {arm: Mean() for arm in ARMS}
    production = Mean()
    template_rng = random.Random(seed)

    def score_template(pool: Sequence[Known]) -> None:
        for arm, text in template_texts(pool, template_rng, drift).items():
            template[arm].add(registry.analyze(detector, text, pool).invention_rate)

    if pools is not None:
        for pool in pools:
            score_template(pool)
            if on_record:
                on_record()
    if briefs is not None:
        if citer is None:
            citer = registry.load_detector("default")
        originals: dict[int, Analysis] = {}
        once = cites_as_it_reads(detector, citer)

        def scored(briefs: Iterable[Pair]) -> Iterator[tuple[int, str, Sequence[Known], Any]]:
            for number, (text, pool) in enumerate(briefs):
                if pools is None:
                    score_template(pool)
                originals.clear()  # only the brief being rewritten is kept
                if once:
                    checkable, flags, citations = detector.cited(text, pool)  # type: ignore[attr-defined]
                    originals[number] = Analysis(flags, checkable)
                else:
                    originals[number] = registry.analyze(detector, text, pool)
                    citations = citer.citations(text, pool)  # type: ignore[union-attr]
                production.add(originals[number].invention_rate)
                if on_record:
                    on_record()
                yield number, text, pool, citations

        for (number, arm), planted, pool in rewrites_of(scored(briefs), seed=seed, drift=drift):
            analysis = (
                originals[number] if arm == "faithful"
                else registry.analyze(detector, planted.text, pool)
            )  # fmt: skip
            rewritten[arm].add(planted_rate(flag_spans(analysis.flags), planted.spans, arm=arm))

    if production_rate is None and production.n:
        production_rate = production.value
    name, version, _config = registry.describe(detector)
    return assemble_report(
        name, version, seed=seed, drift=drift, template=template,
        rewritten=rewritten if briefs is not None else None,
        production_rate=production_rate, production_n=production.n,
    )  # fmt: skip


def assemble_report(
    detector: str,
    version: str,
    *,
    seed: int,
    drift: float,
    template: dict[str, Mean],
    rewritten: dict[str, Mean] | None = None,
    production_rate: float | None = None,
    production_n: int = 0,
) -> ArmsReport:
    """The arms table, the four tests and the production warning, from the arms' means."""
    failures: list[str] = []
    if not template["faithful"].n:
        failures.append(NO_RECORDS)
    rows = _group_rows("template", template, failures)
    if rewritten is not None:
        rows += _group_rows("rewrite", rewritten, failures)
    report = ArmsReport(detector, version, seed, drift, rows, failures, [])
    if production_rate is None:
        return report
    return with_production(report, production_rate, production_n)


def with_production(report: ArmsReport, rate: float, briefs: int) -> ArmsReport:
    """`report`'s template and rewrite arms as they are, with the production row of `rate`
    over `briefs` (in place of any it had), and its warning when real briefs score above
    the unrelated arm: a run's own, or another run's of the same detector and sample."""
    rows = [row for row in report.rows if row.group != "production"]
    rows.append(ArmRow("production", "production", rate, briefs, "", None))
    unrelated = next(r.mean for r in rows if r.group == "template" and r.arm == "unrelated")
    warnings = []
    if rate > unrelated:
        warnings.append(
            f"real briefs score above the unrelated arm ({rate:.2f} > {unrelated:.2f}): the "
            "detector fires on real prose more than on random numbers"
        )
    return replace(report, rows=rows, warnings=warnings)


def template_items(
    pools: Iterable[tuple[Any, Sequence[Known]]],
    *,
    seed: int = DEFAULT_SEED,
    drift: float = DEFAULT_DRIFT,
) -> Iterator[tuple[tuple[Any, str], str, Sequence[Known]]]:
    """((key, arm), text, pool) for every (key, pool) in order, one random stream across
    all: the same texts run_arms scores, to be scored elsewhere (detector workers)."""
    rng = random.Random(seed)
    for key, pool in pools:
        for arm, text in template_texts(pool, rng, drift).items():
            yield (key, arm), text, pool
