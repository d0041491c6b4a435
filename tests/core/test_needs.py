"""The words and text a pattern cannot match without, read off the pattern (rules.needs).

A gate worked out wrong is a reading that silently never runs, so the analysis is held to
its promise on generated patterns and text: wherever a pattern matches, the text holds one
of the strings `needed_text` gives and one of the words `needed_words` gives. The gates of
the default's readings are then the patterns' own: a word added to a pattern is in its gate.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reviewer.grounding import default, names, prose
from reviewer.grounding.rules.gates import GatedTable, gated_on
from reviewer.grounding.rules.needs import case_free, needed_text, needed_words

WORDS = ["at", "of", "from", "to", "track", "tracking", "we", "you", "per", "in", "had", "q",
         "fy", "s", "ing", "year", "ıt", "ſo", "K", "ARR", "We"]  # fmt: skip


@st.composite
def regex_and_sample(draw, depth: int = 0) -> tuple[str, str]:
    """A pattern and a string it may match (a `\\b` or a lookaround may refuse it)."""
    kinds = ["word", "class", "space", "digits", "letters", "boundary", "ahead"]
    if depth < 3:
        kinds += ["sequence", "sequence", "either", "optional", "repeat", "case-free"]
    kind = draw(st.sampled_from(kinds))
    if kind == "word":
        word = draw(st.sampled_from(WORDS))
        return re.escape(word), word
    if kind == "class":
        return "[$€(/:-]", draw(st.sampled_from("$€(/:-"))
    if kind == "space":
        return r"\s+", draw(st.sampled_from([" ", "\u00a0", "  ", "\t"]))
    if kind == "digits":
        return "[0-9]+", draw(st.from_regex("[0-9]{1,3}", fullmatch=True))
    if kind == "letters":
        return "[A-Za-z]+", draw(st.from_regex("[A-Za-z]{1,4}", fullmatch=True))
    if kind == "boundary":
        return r"\b", ""
    if kind == "ahead":
        return draw(st.sampled_from([r"(?!\s+ago)", r"(?<![0-9])", r"(?=\s)"])), ""
    if kind == "sequence":
        parts = draw(st.lists(regex_and_sample(depth + 1), min_size=1, max_size=4))
        return "".join(p for p, _ in parts), "".join(s for _, s in parts)
    if kind == "either":
        parts = draw(st.lists(regex_and_sample(depth + 1), min_size=2, max_size=3))
        chosen = draw(st.sampled_from(parts))
        return "(?:" + "|".join(p for p, _ in parts) + ")", chosen[1]
    inner, sample = draw(regex_and_sample(depth + 1))
    if kind == "optional":
        return f"(?:{inner})?", draw(st.sampled_from([sample, ""]))
    if kind == "repeat":
        times = draw(st.integers(1, 3))
        return f"(?:{inner}){{1,3}}", sample * times
    cased = "".join(c.upper() if draw(st.booleans()) else c for c in sample)
    return f"(?i:{inner})", cased  # case-free


AROUND = st.text(alphabet="abz AZ.,9\u00a0ıſ\u212a-", max_size=6)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(regex_and_sample(), AROUND, AROUND, st.booleans())
def test_a_match_holds_one_of_the_needed_strings_and_words(made, before, after, end) -> None:
    written, sample = made
    pattern = re.compile(written + ("$" if end else ""))
    text = before + sample + ("" if end else after)
    found = pattern.search(text)
    assume(found is not None)
    strings = needed_text(pattern)
    if strings is not None and found.group().isascii():
        assert any(s in found.group().lower() for s in strings), (written, text, strings)
    exact = needed_text(pattern, exact=True)  # (a pattern read with its case: any text)
    if exact is not None and not case_free(pattern):
        assert any(s in found.group() for s in exact), (written, text, exact)
    words = needed_words(pattern)
    if words is not None:
        assert not words.isdisjoint(prose.words_present(text)), (written, text, words)
    if pattern.match(text) is not None:
        anchored = needed_words(pattern, anchored=True)
        if anchored is not None:
            assert not anchored.isdisjoint(prose.words_present(text)), (written, text, anchored)


def test_a_text_gate_keeps_the_fewest_strings() -> None:
    # a string that holds another says nothing more
    assert needed_text(re.compile(r"(?:peaks?|highs?)\s")) == {"peak", "high"}
    assert needed_text(re.compile(r"\brun[- ]rate\b")) == {"run rate", "run-rate"}


def test_literal_parts_are_read_whole_and_expanded() -> None:
    assert needed_words(re.compile(r"\b(?:we|you)(?:['’]ll)?\s+go\s+to\s+$")) in (
        {"we", "you"}, {"go"}, {"to"})  # fmt: skip
    assert needed_words(re.compile(r"(?i:\btrack(?:ing)?)\s+to\b")) == {"track", "tracking"}
    assert needed_text(re.compile(r"[0-9]+\s*(?:ARR|/yr)\b")) == {"arr", "/yr"}
    # the rarest part is kept: "(" and whole words rather than a lone letter
    assert needed_text(re.compile(r"[a-z]+s\s*(?:\(|worth\s)")) == {"(", "worth"}


def test_no_gate_where_a_match_needs_no_literal_or_its_word_is_not_whole() -> None:
    assert needed_words(re.compile(r"(?:at)?\s*[0-9]+")) is None
    assert needed_text(re.compile(r"[A-Za-z]+\s+[0-9]+")) is None
    assert needed_words(re.compile(r"per[a-z]*\s")) is None  # "percent" holds "per" unwhole
    # matched at the clause's start, a word with only optional words before it is whole
    opener = re.compile(r"\s*(?:(?i:and|but)\s+)?(?i:had)\s+")
    assert needed_words(opener) is None
    assert needed_words(opener, anchored=True) == {"had"}


def test_a_word_added_to_a_pattern_is_in_its_reading_s_gate() -> None:
    before = gated_on(lambda seen: seen, searched=[re.compile(r"\b(?:alpha|beta)\s+$")])
    after = gated_on(lambda seen: seen, searched=[re.compile(r"\b(?:alpha|beta|gamma)\s+$")])
    assert before.needs == {"alpha", "beta"} and after.needs == {"alpha", "beta", "gamma"}
    table = GatedTable([after])
    assert table.candidates({"gamma", "the"}) == (after.read,)
    assert table.candidates({"the"}) == ()


def test_the_default_s_gates_are_read_off_its_patterns() -> None:
    gated = {r.read: r.needs for r in prose.STATEMENT_READINGS if r.needs is not None}
    assert len(gated) >= 18
    assert gated[prose._from_before] == {"from"}
    assert gated[prose._counterfactual] == {"had"}  # matched at the clause's start
    assert {"tracking", "pace"} <= set().union(*gated.values())  # "_searched" patterns too
    # (a string that holds another is left out: "peaks" holds "peak")
    assert needed_text(default._EXTREME_NOUN) == {"peak", "high", "low", "max", "spike", "trough"}
    assert needed_text(default._BASELINE_BEFORE) >= {"baseline", "usual", "norm"}
    assert needed_text(default._AMOUNT_OF_THINGS) >= {"(", "worth", "came", "for"}
    assert needed_text(names._CHANGE_IN) is not None
