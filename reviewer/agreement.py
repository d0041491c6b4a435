"""Agreement between reviewers: raw agreement, Cohen's κ per pair, Krippendorff's α over all.

Pure arithmetic over verdicts keyed by claim and reviewer. Raw agreement, a share of
claims, comes with its Wilson 95% interval; κ and α with a bootstrap 95% interval (claims
resampled with replacement), or none, and why, when every resample gives the figure again
(no claim differs, or one reviewer gave one verdict throughout). A figure that cannot be
computed says why instead of giving a number. The statistics depend only on how many
claims show each pattern of verdicts, so a resample draws pattern counts (a multinomial
draw, one binomial per pattern), never rebuilds claims.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from reviewer.wilson import wilson_interval

ONE_CATEGORY = "one category only"
TOO_FEW = "fewer than two ratings"
SAME_IN_EVERY_RESAMPLE = (
    "every resample of the claims gives it again (no claim differs, or a reviewer gave one "
    "verdict throughout), so resampling cannot show how uncertain it is"
)
INTERVALS = (
    "raw agreement: Wilson 95% score interval; κ and α: bootstrap 95% percentile, "
    "{resamples:,} resamples of claims, seed {seed}, none where every resample gives the "
    "figure again"
)

RESAMPLES = 1000
SEED = 0

# claim -> reviewer -> verdict (any hashable category)
Ratings = Mapping[Hashable, Mapping[str, Hashable]]
# a claim's verdicts as sorted (category, how many reviewers gave it) pairs
Pattern = tuple[tuple[Hashable, int], ...]
Cell = tuple[Hashable, Hashable]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure, its bootstrap 95% interval, or the reason it is undefined."""

    value: float | None
    ci: tuple[float, float] | None = None
    undefined: str | None = None
    no_interval: str | None = None  # why a defined figure has no interval

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "ci": list(self.ci) if self.ci else None,
            "undefined": self.undefined,
            "no_interval": self.no_interval,
        }

    def words(self, digits: int = 2) -> str:
        """`0.74 [0.52, 0.90]`, `1.00 (no interval: …)`, or `undefined (one category only)`."""
        if self.value is None:
            return f"undefined ({self.undefined})"
        text = f"{self.value:.{digits}f}"
        if self.ci:
            text += f" [{self.ci[0]:.{digits}f}, {self.ci[1]:.{digits}f}]"
        elif self.no_interval:
            text += f" (no interval: {self.no_interval})"
        return text


@dataclass(frozen=True, slots=True)
class PairAgreement:
    """Two reviewers over the claims both of them labeled."""

    first: str
    second: str
    claims: int
    agreement: Estimate
    kappa: Estimate

    def to_dict(self) -> dict[str, Any]:
        return {
            "reviewers": [self.first, self.second],
            "claims": self.claims,
            "agreement": self.agreement.to_dict(),
            "kappa": self.kappa.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Agreement:
    """Agreement over the claims two or more reviewers labeled."""

    claims: int
    disagreements: int
    reviewers: tuple[str, ...]
    agreement: Estimate
    alpha: Estimate
    pairs: tuple[PairAgreement, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "claims": self.claims,
            "disagreements": self.disagreements,
            "reviewers": list(self.reviewers),
            "agreement": self.agreement.to_dict(),
            "alpha": self.alpha.to_dict(),
            "pairs": [pair.to_dict() for pair in self.pairs],
        }


def kappa_from_table(table: Mapping[Cell, int]) -> tuple[float | None, str | None]:
    """Cohen's κ from counts of (first's verdict, second's verdict); None and why when
    undefined (nothing compared, or chance agreement is certain: one category only)."""
    n = sum(table.values())
    if n == 0:
        return None, TOO_FEW
    first: Counter[Hashable] = Counter()
    second: Counter[Hashable] = Counter()
    agreed = 0
    for (a, b), count in table.items():
        first[a] += count
        second[b] += count
        agreed += count if a == b else 0
    expected = sum(first[c] * second[c] for c in first) / (n * n)
    if expected >= 1.0:
        return None, ONE_CATEGORY
    return (agreed / n - expected) / (1 - expected), None


def alpha_from_patterns(patterns: Mapping[Pattern, int]) -> tuple[float | None, str | None]:
    """Krippendorff's α (nominal) from counts of claims per verdict pattern; claims with a
    single rating are not pairable and must be left out by the caller."""
    coincidence: Counter[Cell] = Counter()
    for pattern, weight in patterns.items():
        m = sum(count for _, count in pattern)
        for c, n_c in pattern:
            for k, n_k in pattern:
                pairs = n_c * (n_c - 1) if c == k else n_c * n_k
                coincidence[c, k] += weight * pairs / (m - 1)
    totals: Counter[Hashable] = Counter()
    for (c, _), value in coincidence.items():
        totals[c] += value
    n = sum(totals.values())
    if n < 2:
        return None, TOO_FEW
    observed = sum(value for (c, k), value in coincidence.items() if c != k)
    expected = sum(totals[c] * totals[k] for c in totals for k in totals if c != k)
    if expected == 0:
        return None, ONE_CATEGORY
    return 1.0 - (n - 1) * observed / expected, None


def krippendorff_alpha(ratings: Ratings) -> float | None:
    """α (nominal) over every claim with two or more ratings; None when undefined."""
    return alpha_from_patterns(_patterns(ratings))[0]


def _pattern(verdicts: Iterable[Hashable]) -> Pattern:
    return tuple(sorted(Counter(verdicts).items(), key=lambda item: repr(item[0])))


def _patterns(ratings: Ratings) -> Counter[Pattern]:
    return Counter(_pattern(v.values()) for v in ratings.values() if len(v) >= 2)


def _share_equal(table: Mapping[Cell, int]) -> tuple[float | None, str | None]:
    n = sum(table.values())
    if n == 0:
        return None, TOO_FEW
    return sum(w for (a, b), w in table.items() if a == b) / n, None


Statistic = Callable[[Mapping[Any, int]], tuple[float | None, str | None]]


def _estimate(
    counts: Mapping[Any, int], statistic: Statistic, resamples: int, rng: random.Random
) -> Estimate:
    """The statistic on the counts, with a percentile interval from resampled claims
    (resamples where it is undefined are dropped; none defined, no interval)."""
    value, reason = statistic(counts)
    if value is None:
        return Estimate(None, None, reason)
    if resamples <= 0:
        return Estimate(value)
    keys = list(counts)
    weights = [counts[k] for k in keys]
    n = sum(weights)
    draws: list[float] = []
    for _ in range(resamples):
        drawn = multinomial(n, weights, rng)
        replicate, _ = statistic({k: w for k, w in zip(keys, drawn, strict=True) if w})
        if replicate is not None:
            draws.append(replicate)
    if draws and min(draws) == max(draws):
        # every resample gives the figure again (no claim differs, or a reviewer is
        # constant): a point "interval" would claim a certainty the claims cannot give
        return Estimate(value, None, None, SAME_IN_EVERY_RESAMPLE)
    return Estimate(value, _percentile_interval(draws))


def _share(agreed: int, n: int) -> Estimate:
    """A share of claims (or pairs) that agree, with its Wilson interval: each claim
    agrees or not, so the share is a binomial proportion, and Wilson's interval stays
    honest at a handful of claims and at none differing, where resampling cannot."""
    if n == 0:
        return Estimate(None, None, TOO_FEW)
    return Estimate(agreed / n, wilson_interval(agreed, n))


def multinomial(n: int, weights: Sequence[int], rng: random.Random) -> list[int]:
    """How many of `n` draws with replacement land on each item, the items weighted by
    `weights` (a claim resample told by its pattern counts): one binomial draw per item,
    so a resample of a million claims costs as little as one of ten."""
    left, rest = n, sum(weights)
    drawn = []
    for weight in weights[:-1]:
        got = binomial(left, weight / rest, rng) if left and rest > 0 else 0
        drawn.append(got)
        left -= got
        rest -= weight
    drawn.append(left)
    return drawn


def binomial(n: int, p: float, rng: random.Random) -> int:
    """A draw from Binomial(n, p), exact: counting geometric gaps when n·p is small, else
    Hörmann's transformed rejection with squeeze (BTRS, 1993), whose cost does not grow
    with n."""
    if p <= 0.0:
        return 0
    if p >= 1.0:
        return n
    if p > 0.5:
        return n - binomial(n, 1.0 - p, rng)
    if n * p < 10.0:
        # successes are the trials ended by gaps drawn from the geometric law
        log_q = math.log1p(-p)
        successes = trial = 0
        while True:
            trial += math.floor(math.log(1.0 - rng.random()) / log_q) + 1
            if trial > n:
                return successes
            successes += 1
    spread = math.sqrt(n * p * (1.0 - p))
    b = 1.15 + 2.53 * spread
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n * p + 0.5
    v_r = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spread
    log_odds = math.log(p / (1.0 - p))
    mode = math.floor((n + 1) * p)
    h = math.lgamma(mode + 1) + math.lgamma(n - mode + 1)
    while True:
        u = rng.random() - 0.5
        v = rng.random()
        us = 0.5 - abs(u)
        k = math.floor((2.0 * a / us + b) * u + c)
        if k < 0 or k > n:
            continue
        if us >= 0.07 and v <= v_r:
            return k  # inside the squeeze: accepted without the density
        log_v = math.log(v * alpha / (a / (us * us) + b))
        if log_v <= h - math.lgamma(k + 1) - math.lgamma(n - k + 1) + (k - mode) * log_odds:
            return k


def _percentile_interval(draws: Sequence[float]) -> tuple[float, float] | None:
    if not draws:
        return None
    if len(draws) == 1:
        return (draws[0], draws[0])
    cuts = statistics.quantiles(draws, n=40, method="inclusive")  # 2.5% steps
    return (cuts[0], cuts[-1])


def pair_table(ratings: Ratings, first: str, second: str) -> Counter[Cell]:
    """Counts of (first's verdict, second's verdict) over the claims both labeled."""
    return Counter((v[first], v[second]) for v in ratings.values() if first in v and second in v)


def measure(ratings: Ratings, *, resamples: int = RESAMPLES, seed: int = SEED) -> Agreement:
    """Raw agreement (share of claims whose reviewers all agree), κ for each pair of
    reviewers and α over all, over the claims with two or more ratings. Deterministic for
    a given seed; `resamples=0` gives κ and α without intervals."""
    rng = random.Random(seed)
    patterns = _patterns(ratings)
    doubly = sum(patterns.values())
    reviewers = sorted({r for v in ratings.values() if len(v) >= 2 for r in v})
    pairs = []
    for first, second in combinations(reviewers, 2):
        table = pair_table(ratings, first, second)
        if not table:
            continue
        pairs.append(
            PairAgreement(
                first,
                second,
                sum(table.values()),
                _share(sum(w for (a, b), w in table.items() if a == b), sum(table.values())),
                _estimate(table, kappa_from_table, resamples, rng),
            )
        )
    return Agreement(
        claims=doubly,
        disagreements=sum(w for p, w in patterns.items() if len(p) > 1),
        reviewers=tuple(reviewers),
        agreement=_share(sum(w for p, w in patterns.items() if len(p) == 1), doubly),
        alpha=_estimate(patterns, alpha_from_patterns, resamples, rng),
        pairs=tuple(pairs),
    )


def measure_by(
    ratings: Ratings,
    group: Callable[[Hashable], str],
    *,
    resamples: int = RESAMPLES,
    seed: int = SEED,
) -> dict[str, Agreement]:
    """`measure` for each group of claims (e.g. by kind), in group order."""
    groups: dict[str, dict[Hashable, Mapping[str, Hashable]]] = {}
    for claim, verdicts in ratings.items():
        groups.setdefault(group(claim), {})[claim] = verdicts
    return {
        name: measure(part, resamples=resamples, seed=seed) for name, part in sorted(groups.items())
    }


@dataclass(frozen=True, slots=True)
class WithTheRest:
    """One reviewer against everyone else, over the claims they share with anyone."""

    reviewer: str
    claims: int
    agreement: Estimate
    kappa: Estimate

    def to_dict(self) -> dict[str, Any]:
        return {
            "claims": self.claims,
            "agreement": self.agreement.to_dict(),
            "kappa": self.kappa.to_dict(),
        }


def with_the_rest(
    ratings: Ratings, reviewer: str, *, resamples: int = RESAMPLES, seed: int = SEED
) -> WithTheRest:
    """The reviewer's verdict paired with each other reviewer's on the same claim: the share
    of those pairs that agree and κ over the pooled pairs, so a reviewer who drifts shows.
    Where each claim gives one pair (two reviewers on every claim shared) the share is a
    binomial proportion with Wilson's interval, as a pair's raw agreement is; else its
    pairs within a claim are not independent, and claims are resampled instead."""
    units: Counter[tuple[Cell, ...]] = Counter()
    for verdicts in ratings.values():
        if reviewer not in verdicts or len(verdicts) < 2:
            continue
        mine = verdicts[reviewer]
        cells = ((mine, theirs) for other, theirs in verdicts.items() if other != reviewer)
        units[tuple(sorted(cells, key=repr))] += 1

    def pooled(statistic: Statistic) -> Statistic:
        def on_claims(counts: Mapping[tuple[Cell, ...], int]) -> tuple[float | None, str | None]:
            table: Counter[Cell] = Counter()
            for cells, weight in counts.items():
                for cell in cells:
                    table[cell] += weight
            return statistic(table)

        return on_claims

    rng = random.Random(seed)
    claims = sum(units.values())
    if all(len(cells) == 1 for cells in units):
        agreed = sum(n for ((mine, theirs),), n in units.items() if mine == theirs)
        agreement = _share(agreed, claims)
    else:
        agreement = _estimate(units, pooled(_share_equal), resamples, rng)
    return WithTheRest(
        reviewer, claims, agreement, _estimate(units, pooled(kappa_from_table), resamples, rng)
    )


DISPUTED = "disputed"
FINAL_RULE = (
    "a claim's verdict is the newest adjudicator's verdict where there is one; else the "
    "verdict its reviewers agree on (skips aside); reviewers who differ leave it in dispute, "
    "a flag of unknown verdict in precision's population (its interval allows either) until "
    "an adjudicator settles it"
)


def team_verdict(states: Iterable[tuple[str, str | None, int]]) -> str | None:
    """The verdict precision counts for a claim, from each person's current (role, verdict,
    label id): the final verdict, else the agreed one, else DISPUTED; "skip" when every one
    skipped; None when nobody labeled it."""
    final: tuple[int, str] | None = None
    rated: set[str] = set()
    skipped = False
    for role, verdict, label_id in states:
        if verdict is None:
            continue
        if verdict == "skip":
            skipped = True
        elif role == "adjudicator":
            final = max(final, (label_id, verdict)) if final else (label_id, verdict)
        else:
            rated.add(verdict)
    if final is not None:
        return final[1]
    if len(rated) == 1:
        return rated.pop()
    if rated:
        return DISPUTED
    return "skip" if skipped else None


RATINGS_RULE = (
    "ratings are each reviewer's current true-positive or false-positive verdict; skips are "
    "not ratings, nor are adjudicators' verdicts; claims with two or more ratings count"
)


def run_report(
    run_id: int,
    verdicts: Ratings,
    kinds: Mapping[Hashable, str],
    *,
    resamples: int = RESAMPLES,
) -> dict[str, Any]:
    """Agreement over a run's doubly rated claims, overall and by kind, as `agreement --json`
    prints it and `stats --json` carries it."""
    overall = measure(verdicts, resamples=resamples)
    by_kind = measure_by(verdicts, kinds.__getitem__, resamples=resamples)
    return {
        "run_id": run_id,
        **overall.to_dict(),
        "by_kind": {kind: part.to_dict() for kind, part in by_kind.items()},
        "interval": INTERVALS.format(resamples=resamples, seed=SEED),
        "ratings": RATINGS_RULE,
    }
