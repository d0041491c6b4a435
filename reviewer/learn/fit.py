"""Fitting a model of a team's labels, and measuring it honestly: cross-validation grouped
by brief (no brief's numbers on both sides), the threshold chosen inside the training
folds alone, and a learning curve. scikit-learn is imported here, when a model is fit.

The estimator is an L2-regularised logistic regression over binary features: its weights
are a readable table that a file can hold and plain Python can apply (no pickle, no
scikit-learn needed to use a model), its probabilities are calibrated well enough to
threshold, and it fits a few thousand numbers of a few dozen briefs in well under a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from reviewer.learn.candidates import GROUPS
from reviewer.learn.model import Model
from reviewer.wilson import wilson_interval

FOLDS = 5
INNER_FOLDS = 3
C = 1.0  # inverse regularisation strength (scikit-learn's default)
CERTAIN = 8.0  # the log-odds of a group whose labels all say one thing


@dataclass(frozen=True, slots=True)
class Example:
    """One checked number of a labeled brief: its features and whether it contradicts."""

    brief: str
    features: tuple[str, ...]
    truth: bool
    flagged: bool  # the rules flagged it
    exact: bool  # it equals its known value: never a contradiction the model may flag


@dataclass
class Score:
    """Flags and contradictions over a set of examples: precision and recall."""

    flags: int = 0
    true_positives: int = 0
    contradictions: int = 0
    found: int = 0

    def add(self, decisions: Iterable[bool], examples: Iterable[Example]) -> Score:
        for decided, example in zip(decisions, examples, strict=True):
            self.flags += decided
            self.true_positives += decided and example.truth
            self.contradictions += example.truth
            self.found += decided and example.truth
        return self

    @property
    def precision(self) -> float | None:
        return self.true_positives / self.flags if self.flags else None

    @property
    def recall(self) -> float | None:
        return self.found / self.contradictions if self.contradictions else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "flags": self.flags,
            "true_positives": self.true_positives,
            "precision": self.precision,
            "precision_ci": list(wilson_interval(self.true_positives, self.flags)),
            "contradictions": self.contradictions,
            "found": self.found,
            "recall": self.recall,
            "recall_ci": list(wilson_interval(self.found, self.contradictions)),
        }


def _fit_group(examples: Sequence[Example], group: str) -> dict[str, float]:
    """One logistic regression on one group's examples; its intercept joins the weights as
    the group's bias feature (present in every example of it)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    bias = f"{group}:bias"
    truths = [e.truth for e in examples]
    if len(set(truths)) < 2:  # one verdict only, or none: say it with the bias alone
        return {bias: CERTAIN if truths and truths[0] else -CERTAIN}
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([dict.fromkeys(e.features, 1) for e in examples])
    fitted = LogisticRegression(C=C, max_iter=2000).fit(x, truths)
    names = vectorizer.get_feature_names_out()
    weights = {str(n): float(w) for n, w in zip(names, fitted.coef_[0], strict=True) if w}
    weights[bias] = weights.get(bias, 0.0) + float(fitted.intercept_[0])
    return weights


def _train(examples: Sequence[Example]) -> tuple[dict[str, float], float]:
    """Weights per feature (and an intercept of 0): a logistic regression for the numbers
    the rules flagged, and another for those they passed over. Apart, a context the
    training never saw falls back to its group's rate (how often the rules' flags were
    right), never to the rate of contradictions among every number."""
    weights: dict[str, float] = {}
    for flagged, group in GROUPS.items():
        weights |= _fit_group([e for e in examples if e.flagged == flagged], group)
    return weights, 0.0


def decide(model: Model, examples: Sequence[Example]) -> list[bool]:
    return [model.decides(model.probability(e.features), e.flagged, e.exact) for e in examples]


def folds(examples: Sequence[Example], n: int) -> list[tuple[list[int], list[int]]]:
    """(train, test) indices, grouped by brief: briefs dealt round-robin in sorted order."""
    briefs = sorted({e.brief for e in examples})
    n = min(n, len(briefs))
    fold_of = {b: i % n for i, b in enumerate(briefs)}
    return [
        (
            [i for i, e in enumerate(examples) if fold_of[e.brief] != k],
            [i for i, e in enumerate(examples) if fold_of[e.brief] == k],
        )
        for k in range(n)
    ]


def _cuts(probabilities: Any, chosen: Any, truth: Any) -> tuple[Any, Any, Any]:
    """For the chosen examples, in falling probability: the thresholds that take the first
    k of them (k = 0.. all; each midway between two probabilities, so a new number a
    little off either one is judged as they were), how many that takes and how many
    contradictions."""
    import numpy as np

    p = probabilities[chosen]
    order = np.argsort(-p, kind="stable")
    p, hits = p[order], truth[chosen][order]
    below = np.concatenate([p[1:], [0.0]])
    cuts = np.concatenate([[1.01], (p + below) / 2])
    return cuts, np.arange(len(cuts)), np.concatenate([[0], np.cumsum(hits)])


def _thresholds(examples: Sequence[Example]) -> tuple[float, float | None]:
    """(keep, add: None to add nothing), chosen on out-of-fold probabilities of the
    training examples: the pair with the best F1; among pairs as good, the one keeping
    the most rule flags and adding the fewest, so the model departs from the rules only
    where that paid off there."""
    import numpy as np

    probabilities = np.zeros(len(examples))
    for train, test in folds(examples, INNER_FOLDS):
        weights, intercept = _train([examples[i] for i in train])
        inner = Model(weights, intercept, 0.5)
        for i in test:
            probabilities[i] = inner.probability(examples[i].features)
    truth = np.array([e.truth for e in examples])
    flagged = np.array([e.flagged for e in examples])
    addable = ~flagged & ~np.array([e.exact for e in examples])
    keep_cuts, kept, kept_hits = _cuts(probabilities, flagged, truth)
    add_cuts, added, added_hits = _cuts(probabilities, addable, truth)
    flags = kept[:, None] + added[None, :]
    hits = kept_hits[:, None] + added_hits[None, :]
    contradictions = max(int(truth.sum()), 1)
    f1 = 2 * hits / (flags + contradictions)
    best = f1.max()
    # most kept (last row among the best), then fewest added (first column)
    rows, columns = np.nonzero(f1 >= best - 1e-12)
    row = rows.max()
    column = columns[rows == row].min()
    keep = 0.0 if row == len(kept) - 1 else min(float(keep_cuts[row]), 1.0)
    return keep, float(add_cuts[column]) if column else None


def fit(examples: Sequence[Example], trained_on: dict[str, Any] | None = None) -> Model:
    """A model of all the examples, its threshold chosen on them by inner grouped folds."""
    weights, intercept = _train(examples)
    keep, add = _thresholds(examples)
    return Model(weights, intercept, add, dict(trained_on or {}), keep_threshold=keep)


@dataclass(frozen=True)
class CrossValidation:
    """Grouped k-fold figures: the rules alone and with the model, on the same numbers."""

    folds: int
    briefs: int
    rules: Score
    model: Score

    def to_dict(self) -> dict[str, Any]:
        return {
            "folds": self.folds,
            "briefs": self.briefs,
            "rules": self.rules.to_dict(),
            "model": self.model.to_dict(),
        }


def cross_validate(examples: Sequence[Example], n: int = FOLDS) -> CrossValidation:
    rules, learned = Score(), Score()
    parts = folds(examples, n)
    for train, test in parts:
        model = fit([examples[i] for i in train])
        held = [examples[i] for i in test]
        rules.add([e.flagged for e in held], held)
        learned.add(decide(model, held), held)
    briefs = len({e.brief for e in examples})
    return CrossValidation(len(parts), briefs, rules, learned)


def learning_curve(
    examples: Sequence[Example], sizes: Sequence[int] | None = None, n: int = FOLDS
) -> list[tuple[int, Score]]:
    """(labeled briefs learned from, the model's score on the held-out folds), per size:
    in each fold the first `size` training briefs in a fixed shuffled order."""
    import random

    parts = folds(examples, n)
    most = min(len({examples[i].brief for i in train}) for train, _ in parts) if parts else 0
    sizes = sizes or [s for s in (5, 10, 20, 40, 80, 160) if s < most] + [most]
    curve = []
    for size in sizes:
        score = Score()
        for train, test in parts:
            briefs = sorted({examples[i].brief for i in train})
            random.Random(size).shuffle(briefs)
            kept = set(briefs[:size])
            model = fit([examples[i] for i in train if examples[i].brief in kept])
            held = [examples[i] for i in test]
            score.add(decide(model, held), held)
        curve.append((size, score))
    return curve
