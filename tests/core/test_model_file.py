"""A model file is data: read back exactly, and refused with a reason when it is not one."""

from __future__ import annotations

import json

import pytest

from reviewer.learn.model import Model, ModelError, model_from_json

MODEL = Model(
    {"basis=name": 1.5, "left:zebra": -3.25}, -0.5, 0.6, {"briefs": 3}, keep_threshold=0.2
)


def test_a_model_reads_back_as_it_was_written():
    assert model_from_json(MODEL.to_json()) == MODEL
    never = Model({"bias": 0.1}, 0.0, None)
    assert model_from_json(never.to_json()).threshold is None


def test_probability_is_the_logistic_of_the_weights_present():
    p = MODEL.probability(["basis=name", "unknown feature"])
    assert p == pytest.approx(1 / (1 + 2.718281828459045 ** -(1.5 - 0.5)))
    assert MODEL.decides(0.3, flagged=True, exact=False)
    assert not MODEL.decides(0.3, flagged=False, exact=False)
    assert not MODEL.decides(0.9, flagged=False, exact=True)  # an exact citation never


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"format": "pickle"}, "not a reviewer model"),
        ({"version": 9}, "model format version 9"),
        ({"coefficients": [1.0]}, "one per vocabulary entry"),
        ({"coefficients": ["__import__('os')", 1.0]}, "coefficient must be a finite number"),
        ({"intercept": float("nan")}, "intercept must be a finite number"),
        ({"threshold": 2}, "between 0 and 1"),
        ({"vocabulary": "abc"}, "vocabulary must be a list"),
    ],
)
def test_a_bad_model_file_is_refused_with_its_reason(change, said):
    data = MODEL.to_dict() | change
    with pytest.raises(ModelError, match=said):
        model_from_json(json.dumps(data))


def test_text_that_is_no_json_is_refused():
    with pytest.raises(ModelError, match="not JSON"):
        model_from_json("\x80\x04 pickle")
