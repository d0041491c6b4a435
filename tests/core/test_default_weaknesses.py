"""Each known weakness of the reference (PRODUCT.md) as a class of natural sentences.

For every sentence the reference reads the number wrongly (a false flag, a missed
contradiction, or a misread unit) and the default reads it right.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.reference import ReferenceDetector

REFERENCE = ReferenceDetector()
DEFAULT = DefaultDetector()


def kinds(detector, text: str, pool) -> list[tuple[str, str, str]]:
    return [(f.token, f.kind, f.nearest) for f in detector.flag(text, pool)]


def cited(detector, text: str, pool) -> list[tuple[str, str]]:
    return [(c.token, c.known.name) for c in detector.citations(text, pool)]


# 1. A Unicode minus or a minus-like dash read as a positive number.
FORM = (Known("tsb", -22.4, "none"),)
FRESH = (Known("tsb", 8.1, "none"),)


@pytest.mark.parametrize(
    "text",
    [
        "Your form sits at \u221222.4 today, so keep it easy.",
        "Training stress balance: \u201322.4 after the block.",
        "TSB landed at \u201222.4 this morning.",
        "Form is \uff0d22.4 (fullwidth minus), still deep in the hole.",
        "Balance \u201422.4 means the week bit hard.",
    ],
)
def test_unicode_minus_is_a_sign(text: str) -> None:
    assert [kind for _, kind, _ in kinds(REFERENCE, text, FORM)] == ["sign"]
    assert kinds(DEFAULT, text, FORM) == []
    assert [name for _, name in cited(DEFAULT, text, FORM)] == ["tsb"]


@pytest.mark.parametrize(
    "text",
    ["Form dipped to \u22128.1 overnight.", "TSB reads \u20138.1 after the long run."],
)
def test_unicode_minus_sign_inversion_is_caught(text: str) -> None:
    assert kinds(REFERENCE, text, FRESH) == []  # read as +8.1: a faithful citation
    assert [kind for _, kind, _ in kinds(DEFAULT, text, FRESH)] == ["sign"]


# 2. Hyphenated ranges: the second number read as negative.
RUN = (Known("distance", 5.0, "mi"), Known("rhr", 52, "bpm"))


@pytest.mark.parametrize(
    "text",
    [
        "Plan an easy 4-5 mi shakeout tomorrow.",
        "A 3-5 mi recovery jog is plenty.",
        "Keep resting heart rate in the 50-55 bpm band.",
        "Somewhere in the 48-52 bpm range is normal for you.",
    ],
)
def test_ranges_are_not_negative_numbers(text: str) -> None:
    assert "sign" in [kind for _, kind, _ in kinds(REFERENCE, text, RUN)]
    assert kinds(DEFAULT, text, RUN) == []
    assert {t.skip for t in DEFAULT.scanner.scan(text)} == {"range"}


# 3. Clock times, paces, dates, scores and versions split into numbers.
@pytest.mark.parametrize(
    ("text", "pool"),
    [
        ("You woke at 6:45 and felt fine.", (Known("hrv", 47, "none"),)),
        ("Ease into it around 8:30/mi.", (Known("tsb", -8.4, "none"),)),
        ("Race day is 2026-12-02, plan backwards from it.", (Known("tsb", -12.4, "none"),)),
        ("Ran 2026-12-02 in the rain.", (Known("tsb", -12.4, "none"),)),
        ("Your club won 3-1 on Sunday.", (Known("tsb", 1.0, "none"),)),
        ("Synced with watch firmware v0.39.0.", (Known("ratio", 0.42, "none"),)),
        ("The app moved to 4.12.1 overnight.", (Known("load", 4.4, "none"),)),
        ("Lights out at 10:15 pm again.", (Known("sleep_score", 15.5, "none"),)),
    ],
)
def test_clocks_paces_dates_scores_versions_are_skipped(text: str, pool) -> None:
    assert kinds(REFERENCE, text, pool) != []
    assert kinds(DEFAULT, text, pool) == []
    assert DEFAULT.checkable(text, pool) == 0


# 4. Unit words matched by prefix; units need whole words, longest first, aliases.
DISTANCE = (Known("distance", 5.0, "mi"),)


@pytest.mark.parametrize(
    "text",
    [
        "Spend 5.4 minutes on drills first.",
        "Jog 5.3 mins to warm up.",
        "Hold 5.4 min at threshold.",
        "Your 5.4 mid-week check-in looked steady.",
        "A 5.3 minor dip in readiness is nothing.",
        "Sunday's 5.4 miler is still to come.",
    ],
)
def test_minutes_and_mid_are_not_miles(text: str) -> None:
    assert [kind for _, kind, _ in kinds(REFERENCE, text, DISTANCE)] == ["value"]
    assert kinds(DEFAULT, text, DISTANCE) == []


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("Resting at 52 beats per minute.", "bpm"),
        ("You covered 5 miles.", "mi"),
        ("A 30 minute spin.", "min"),
        ("Readiness is at 80 percent.", "pct"),
        ("Heart rate 52 BPM overnight.", "bpm"),
    ],
)
def test_unit_aliases(text: str, unit: str) -> None:
    (token,) = [t for t in DEFAULT.scanner.scan(text) if t.skip is None]
    assert token.unit == unit


def test_aliases_found_by_the_default_are_missed_by_the_reference() -> None:
    pool = (Known("rhr", 52, "bpm"), Known("sleep", 30, "min"))
    text = "Resting at 55.5 beats per minute after a 31.5 minute nap."
    assert kinds(REFERENCE, text, pool) == []
    assert kinds(DEFAULT, text, pool) == [("55.5", "value", "rhr"), ("31.5", "value", "sleep")]


# 5. Suffixes and spacing.
@pytest.mark.parametrize(
    ("text", "pool", "reference", "default"),
    [
        (
            "You logged 10.6k steps yesterday.",
            (Known("steps", 10600, "steps"), Known("tsb", 11.2, "none")),
            [("10.6", "value", "tsb")],
            [],
        ),
        (
            "Only 9.8k steps today, short of the usual.",
            (Known("steps", 10600, "steps"),),
            [],
            [("9.8k", "value", "steps")],
        ),
    ],
)
def test_suffixes_and_spacing(text: str, pool, reference, default) -> None:
    assert kinds(REFERENCE, text, pool) == reference
    assert kinds(DEFAULT, text, pool) == default


@pytest.mark.parametrize(
    ("text", "pool", "expected"),
    [
        ("Readiness came in at 12.8 % this morning.", (Known("readiness", 12, "pct"),),
         [("12.8", "value", "readiness")]),
        ("You ran 5.4\u00a0mi on Sunday.", (Known("distance", 5.0, "mi"),),
         [("5.4", "value", "distance")]),
        ("Resting heart rate 55.5\u202fbpm.", (Known("rhr", 52, "bpm"),),
         [("55.5", "value", "rhr")]),
    ],
)  # fmt: skip
def test_spacing_before_a_unit_is_read_by_both(text: str, pool, expected) -> None:
    """The published rules strip any whitespace before the unit, so the reference reads
    "12 %" and a no-break space as the default does."""
    assert kinds(REFERENCE, text, pool) == expected
    assert kinds(DEFAULT, text, pool) == expected


def test_k_suffix_cites_faithfully() -> None:
    pool = (Known("steps", 10600, "steps"),)
    assert cited(DEFAULT, "A solid 10.6k steps.", pool) == [("10.6k", "steps")]
    (token,) = DEFAULT.scanner.scan("A solid 10.6k steps.")
    assert (token.value, token.unit) == (10600.0, "steps")


# 6. A sign inversion hidden by a nearer same-sign value.
LOAD = (Known("tsb", -22.4, "none"), Known("ctl", 41.3, "none"))


@pytest.mark.parametrize(
    ("text", "pool", "target"),
    [
        ("TSB is +22.4, you are fresh.", LOAD, "tsb"),
        ("Form sits at 21.9 now.", LOAD, "tsb"),
        ("Your balance is 23 after the rest day.", LOAD, "tsb"),
        ("Form is 8.1.", (Known("form", -8.1, "none"), Known("fatigue", 12.0, "none")), "form"),
        ("Form is -12.5.", (Known("form", 12.2, "none"), Known("dip", -30.0, "none")), "form"),
    ],
)
def test_hidden_sign_inversion_is_caught(text: str, pool, target: str) -> None:
    assert kinds(REFERENCE, text, pool) == []
    ((_, kind, nearest),) = kinds(DEFAULT, text, pool)
    assert (kind, nearest) == ("sign", target)


def test_hidden_sign_check_leaves_faithful_and_plain_values_alone() -> None:
    pool = (Known("tsb", -22.4, "none"), Known("ctl", 41.3, "none"), Known("atl", 22.4, "none"))
    assert kinds(DEFAULT, "ATL 22.4, CTL 41.3, TSB -22.4.", pool) == []
    assert kinds(DEFAULT, "CTL 43.5.", LOAD) == [("43.5", "value", "ctl")]


# 7. Counts of things compared with unitless metrics.
@pytest.mark.parametrize(
    "text",
    [
        "Finish with 23 strides.",
        "You climbed 21 hill repeats on Tuesday.",
        "That was 24 intervals in total.",
        "Add 20 easy pickups at the end.",
        "Cover 22 km on the bike.",
        "Then 3 sets of 21 slow eccentric reps.",
        "You passed 23 people in the last mile.",
        "Finish with 22 push-ups and the core routine.",
    ],
)
def test_counts_of_things_are_not_metrics(text: str) -> None:
    assert kinds(REFERENCE, text, FORM) != []
    assert kinds(DEFAULT, text, FORM) == []
    assert DEFAULT.checkable(text, FORM) == 0


def test_a_bare_number_is_still_checked_against_unitless_metrics() -> None:
    assert [kind for _, kind, _ in kinds(DEFAULT, "TSB is 22.4 today.", FORM)] == ["sign"]
    assert [kind for _, kind, _ in kinds(DEFAULT, "TSB is 21 and falling.", FORM)] == ["sign"]
    hrv = (Known("hrv", 61, "none"), Known("hrv_baseline", 58, "none"))
    for text in ("HRV is 61 against a baseline of 58.", "HRV 61 today looks steady."):
        assert [name for _, name in cited(DEFAULT, text, hrv)][:1] == ["hrv"]


# 8. Non-ASCII digits matched by \d.
@pytest.mark.parametrize(
    "text",
    [
        "Resting heart rate \u0665\u0668 bpm.",  # Arabic-Indic 58
        "Resting heart rate \u096b\u096e bpm.",  # Devanagari 58
        "Resting heart rate \u09eb\u09ee bpm.",  # Bengali 58
        "Resting heart rate \u0e55\u0e58 bpm.",  # Thai 58
        "Resting heart rate \uff15\uff18 bpm.",  # fullwidth 58
    ],
)
def test_non_ascii_digits_are_read_as_the_number_they_are(text: str) -> None:
    pool = (Known("rhr", 52, "bpm"), Known("rhr_baseline", 55, "bpm"))
    assert [kind for _, kind, _ in kinds(REFERENCE, text, pool)] == ["value"]
    (token,) = DEFAULT.scanner.scan(text)
    assert (token.value, token.unit, token.skip) == (58.0, "bpm", None)
    assert token.text == text[token.start : token.end]  # the digits as written
    assert kinds(DEFAULT, text, pool) == [(token.text, "value", "rhr_baseline")]


def test_non_ascii_digits_before_a_word_of_another_script_are_not_unitless() -> None:
    """ "٤٨ دقيقة" is 48 minutes in a quoted note: a unit the vocabulary cannot read."""
    pool = (Known("ctl", 44.0, "none"),)
    assert kinds(DEFAULT, "Your note said «ركضت ٤٨ دقيقة في الحديقة».", pool) == []
    assert kinds(DEFAULT, "CTL is ٤٨ today.", pool) == [("٤٨", "value", "ctl")]


def test_template_arms_still_read_every_unit() -> None:
    pool = (
        Known("rhr", 52, "bpm"),
        Known("tsb", -22.4, "none"),
        Known("distance", 5.0, "mi"),
        Known("sleep", 45, "min"),
        Known("steps", 10600, "steps"),
        Known("readiness", 81, "pct"),
    )
    faithful = (
        "It reads 52.00 bpm. It reads -22.40. It reads 5.00 mi. It reads 45.00 min. "
        "It reads 10600.00 steps. It reads 81.00%."
    )
    assert DEFAULT.analyze(faithful, pool).flags == []
    assert [name for _, name in cited(DEFAULT, faithful, pool)] == [k.name for k in pool]
    flipped = faithful.replace("52.00", "-52.00").replace("-22.40", "22.40")
    assert [f.kind for f in DEFAULT.flag(flipped, pool)] == ["sign", "sign"]


# Beyond the eight: a decrease written as a magnitude with a direction word beside it.
@pytest.mark.parametrize(
    ("text", "pool"),
    [
        ("HRV is 31, down 40.4% from your baseline.", (Known("hrv_change", -40.4, "pct"),)),
        ("That's 11.4 mi less than last week.", (Known("mileage_change", -11.4, "mi"),)),
        ("Resting heart rate sits 3 bpm below baseline.", (Known("rhr_delta", -3, "bpm"),)),
        ("Weekly mileage dropped by 11.4 mi.", (Known("mileage_change", -11.4, "mi"),)),
    ],
)
def test_a_decrease_written_with_a_direction_word_is_not_a_sign_flip(text: str, pool) -> None:
    assert [kind for _, kind, _ in kinds(REFERENCE, text, pool)] == ["sign"]
    assert kinds(DEFAULT, text, pool) == []


@pytest.mark.parametrize(
    "text",
    [
        "TSB is 8.1, down from yesterday.",  # the direction word is not beside the number
        "TSB is +8.1 lower than it should be.",  # an explicit sign means what it says
        "Form dropped to 8.1.",  # "to": a level, not a decrease by
    ],
)
def test_direction_words_do_not_hide_real_inversions(text: str) -> None:
    pool = (Known("tsb", -8.1, "none"),)
    assert [kind for _, kind, _ in kinds(DEFAULT, text, pool)] == ["sign"]
