"""What a learned model sees of each checked number (reviewer.learn.candidates): the
features that carry most of what a team's labels teach on prose the rules were not
written from. Each is checked on a sentence where it must fire and one where it must not."""

from __future__ import annotations

from reviewer.checks import load_detector
from reviewer.grounding import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.learn.candidates import Candidate, candidates

DEFAULT = load_detector("default")


def candidate(text: str, pool: list[Known], token: str) -> Candidate:
    found = [c for c in candidates(DEFAULT, text, pool) if c.token.strip(",") == token]
    assert len(found) == 1, [c.token for c in candidates(DEFAULT, text, pool)]
    return found[0]


def feature(c: Candidate, name: str) -> str:
    """The value of feature `name` (without its group), e.g. "word_sign" -> "disagree"."""
    values = [f.split(":", 1)[1].split("=", 1)[1] for f in c.features
              if f.split(":", 1)[1].startswith(f"{name}=")]  # fmt: skip
    assert len(values) == 1, c.features
    return values[0]


def test_a_word_that_says_the_opposite_sign_gives_the_number_that_sign() -> None:
    pool = [Known("sales_vs_lw", 7.7, "pct"), Known("net_sales", 50210, "usd")]
    c = candidate("Net sales were flat, though that's down 7.7% from last week.", pool, "7.7")
    assert feature(c, "word_sign") == "disagree"
    assert c.value == -7.7 and c.known.name == "sales_vs_lw"
    assert not c.exact  # so a model may flag it: its words contradict the known value


def test_a_word_that_agrees_with_the_sign_leaves_the_number_as_written() -> None:
    pool = [Known("sales_vs_lw", -7.7, "pct"), Known("net_sales", 50210, "usd")]
    c = candidate("Net sales were flat, though that's down 7.7% from last week.", pool, "7.7")
    assert feature(c, "word_sign") == "agree"
    assert c.value == 7.7


def test_a_number_with_its_own_sign_is_not_read_by_its_words() -> None:
    pool = [Known("sales_vs_lw", 7.7, "pct")]
    c = candidate("Sales came in down, at +7.7% on last week.", pool, "+7.7")
    assert feature(c, "word_sign") == "written"
    assert c.value == 7.7


def test_an_unsigned_number_is_compared_with_the_known_value_nearest_in_size() -> None:
    pool = [Known("weight", 214.3, "lb"), Known("weight_change", -3.9, "lb")]
    detector = load_detector("default", _config({"lb": ("lb",)}))
    found = {c.token: c for c in candidates(detector, "You've gained 3.9 lb since May.", pool)}
    assert found["3.9"].known.name == "weight_change"


def test_a_number_that_is_another_known_value_says_so() -> None:
    pool = [Known("temp_now", 59, "degf"), Known("normal_high", 70, "degf")]
    names = {"normal_high": ("normal",)}
    detector = load_detector("default", _config({"degf": ("°F",)}, names))
    (cited,) = candidates(detector, "Temperatures look normal enough: 59°F now.", pool)
    assert cited.flag is not None and cited.known.name == "normal_high"  # the rules' reading
    assert feature(cited, "cites_other") == "same-unit"  # but 59 is the temperature now
    (off,) = candidates(detector, "The normal high is 65°F.", pool)
    assert feature(off, "cites_other") == "none"


def test_whether_the_known_value_is_cited_elsewhere_in_the_brief() -> None:
    pool = [Known("high_forecast", 86, "degf")]
    detector = load_detector("default", _config({"degf": ("°F",)}))
    text = "Today's high is 86°F. Sunday looks like 83°F."
    found = {c.token: c for c in candidates(detector, text, pool)}
    assert feature(found["83"], "known_cited_elsewhere") == "True"
    alone = {c.token: c for c in candidates(detector, "Sunday looks like 83°F.", pool)}
    assert feature(alone["83"], "known_cited_elsewhere") == "False"
    # the citation itself does not count as its own "elsewhere"
    assert feature(found["86"], "known_cited_elsewhere") == "False"


def _config(
    units: dict[str, tuple[str, ...]], names: dict[str, tuple[str, ...]] | None = None
) -> DetectorConfig:
    return DetectorConfig(units=units, names=names or {})
