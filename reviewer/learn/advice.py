"""When a team's labels are worth learning from: the test `reviewer stats` and the app's
stats panel share before they give the commands that learn a model and flag with it.

The thresholds follow the learning curve on prose no rule was tuned on
(fixtures/independent/e, `scripts/learn_eval.py`): 10 labeled briefs (about 11 flags)
taught a model nothing, 20 took precision from 41% to 81%, 40 to 91%."""

from __future__ import annotations

LEARN_FROM = 20  # true and false verdicts, at least
LEARN_EACH = 5  # of each
LEARN_BELOW = 0.9  # the labels' precision under which a model is worth its keep


def worth_learning(true: int, false: int) -> bool:
    """Whether `true` and `false` verdicts on a run made by the rules alone are enough to
    learn from, and say enough of its flags are false for a model to help."""
    if true + false < LEARN_FROM or min(true, false) < LEARN_EACH:
        return False
    return true / (true + false) < LEARN_BELOW
