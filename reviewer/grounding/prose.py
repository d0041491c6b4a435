"""What the words around a number make of it (PRODUCT.md classes 9-14).

A number in prose is not always a statement of the present value: it may be a plan or a
target ("hold it below 160 bpm"), one end of a range ("30 to 35 minutes"), a count ("4
of the 5 sessions"), a past value ("from 31"), a version or an ordinal ("build 12.2",
"block 3 of 4"), or a change whose sign is a word ("down 2.1"). These functions read the
clause around a number; each answers from a few dozen characters of text, so a detector
can ask them about the numbers it would flag without slowing the scan of the rest.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

from reviewer.grounding import lexicon
from reviewer.grounding.default_scanner import SIGNS, SPACE, parse_value
from reviewer.grounding.rules.gates import GatedTable, Reading, gated_on
from reviewer.grounding.rules.needs import text_gate
from reviewer.grounding.rules.table import Why

_S = r"\s"  # any space: \s holds the no-break, narrow and thin spaces (str.isspace)
_PREFIX = r"(?:[$€£¥]|US\$|USD|EUR|GBP)?" + _S + "?"
_NUMBER = rf"[{re.escape(SIGNS)}]?{_PREFIX}[0-9][0-9,]*(?:\.[0-9]+)?[kK]?"
# a number of its own (not glued to a label's letters or other digits), and not ending
# in a list's comma ("54.6, and 24,310 steps" is no range)
_OWN_NUMBER = (
    rf"(?<![A-Za-z0-9.,])[{re.escape(SIGNS)}]?{_PREFIX}[0-9](?:[0-9,]*[0-9])?(?:\.[0-9]+)?[kK]?"
)
# a duration's hours, before its minutes ("1h 02m")
_HOURS = rf"(?i:{lexicon.alternation('hour_words')})"
_REACH = 90  # characters of the clause read before a number
_AHEAD = 60  # and after it

# a clause ends at sentence punctuation followed by a space, a semicolon, a line break, a
# dash or a middle dot or bullet between spaces ("Score 72 · REM 1h 23m")
# a point after an abbreviation ("Est.", "approx.", "vs.") ends no clause. The abbreviation
# is looked for behind the mark once the mark is read (`.` stands for it): each branch of
# the pattern then starts with a character, which the regex engine finds at C speed,
# where a pattern that starts with lookbehinds is tried at every position (4x slower)
_ABBREVIATED = (
    r"(?<!\b[Ee]st.)(?<!\b[Aa]pprox.)(?<!\b[Aa]vg.)(?<!\bvs.)(?<!\b[Cc]a.)(?<!\bapx.)"
    r"(?<!\be\.g.)(?<!\b[Pp]rev.)"
)
# (written as one class of the marks' first characters, each branch then checking which it
# read: a pattern that opens with a class is scanned for it at C speed, where one that opens
# with a branch of classes runs the whole pattern at every position; the same matches)
_CLAUSE_END = re.compile(
    rf"[.!?;\n\s](?:(?<=[.!?]){_ABBREVIATED}(?=[\s\"')\]]|$)|(?<=[;\n])"
    r"|(?<=\s)[\u2013\u2014\u00b7\u2022]\s|(?<=\s)-\s)"
)
_CLAUSE_END_OR_COMMA = re.compile(  # (one class first, as `_CLAUSE_END`)
    r"[.!?;,\n\s](?:(?<=[.!?])(?=[\s\"')\]]|$)|(?<=[;,\n])"
    r"|(?<=\s)[\u2013\u2014\u00b7\u2022]\s|(?<=\s)-\s)"
)

PLAN_WORDS = lexicon.words("plan_words")
# a plan's verb at the start of the clause, a few words before its number ("Do 20 minutes")
IMPERATIVES = lexicon.words("imperatives")
PLAN_NOUNS = lexicon.words("plan_nouns")
# what a scenario or a forecast says is its output, not a measurement: "The simulation
# shows 780 ms", "The scenario puts burn at $100,000"
PROJECTORS = lexicon.words("projectors")
# a model's or an estimate's words are a projection only when quoted ('The model says
# "$170,000 a month"'): a device's model gives a measurement ("the model puts you at 68%")
_QUOTED_PROJECTORS = lexicon.words("quoted_projectors")
_SAYS = lexicon.words("saying_verbs")
# a time word that is a plan's unless a statement reports it: "Aim for 90 min tonight", but
# "You got 41 min of deep sleep tonight" is the night reported
_REPORTED_TIMES = lexicon.words("reported_times")
# "keep" in idioms of watching or remembering, which plan no value
_WATCHING = frozenset(tuple(idiom.split()) for idiom in lexicon.WORDS["watching_idioms"])
# verbs that make a clause a statement, not an order ("Spend came to $1,240")
FINITE = lexicon.words("finite")
# a bound written right before the number: not a statement of its value
_BOUND = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('bound_prepositions')}|at\s+most|at\s+least|no\s+more\s+than"
    rf"|no\s+less\s+than|less\s+than|more\s+than|fewer\s+than|up\s+to|as\s+(?:low|high|much|"
    rf"many)\s+as|{lexicon.alternation('bound_approximations')}|close\s+to|north\s+of|"
    rf"south\s+of|something\s+like|between|anywhere\s+from|capped\s+at|limited\s+to|at\s+or\s+(?:below|above|under|over)|past|beyond"
    rf"|nearer|closer\s+to|short\s+of|shy\s+of|{lexicon.alternation('bound_verbs')}"
    rf"|approx\.?|ballpark|in\s+the\s+neighbou?rhood\s+of"
    rf"|in\s+the\s+region\s+of)){_S}+(?:(?i:minus|negative){_S}+)?"
    rf"{_PREFIX}$"
)
# a word between a number and what it says of that number: not another number, nor the
# word that opens a comparison's other side ("87 vs 54 last week": "last week" is 54's)
_OWN_WORD = rf"(?![0-9])(?!(?i:{lexicon.alternation('comparison_openers')})\b)"
# the bounds that only round a value: said of what happened, they state it roughly
_APPROXIMATE = re.compile(
    rf"(?i:{lexicon.alternation('bound_approximations')}|close{_S}+to|something{_S}+like"
    rf"|{lexicon.alternation('approximate_words')}|in{_S}+the{_S}+(?:neighbou?rhood|region){_S}+of)\b"
)
# a word that makes a bound a near miss ("just under 9 hours", "a shade over 62"): said of
# what happened, the value given roughly
_SOFTENED = re.compile(
    rf"(?i:\b(?:just|only{_S}+just|a{_S}+(?:{lexicon.alternation('small_amounts')})|{lexicon.alternation('slight_words')}"
    rf")){_S}+$"
)
# a label before a colon that names what is measured ("Total sleep: about 9 hours"), not
# what is planned ("Goal: about 9 hours", "Tomorrow: around 5 mi")
_LABEL = re.compile(rf"(?:^|[.;!?\n]){_S}*([^.;:!?\n]*?):{_S}*$")
_NOT_LABELS = lexicon.words("not_labels")
# a time to come, as the owner of what follows: "Tomorrow's run: 5 miles easy"
_PLANNED_POSSESSIVES = lexicon.words("planned_possessives")

# the readings that make a number no statement, each by its rule (rules/catalogue.py)
_WHY_APPROXIMATE_AROUND = Why("approximate", "approximate.around")
_WHY_APPROXIMATE_TILDE = Why("approximate", "approximate.tilde")
_WHY_COUNT_OF = Why("count", "count.of")
_WHY_COUNT_SCALE_TOP = Why("count", "count.scale-top")
_WHY_ORDINAL_PRODUCT = Why("ordinal", "ordinal.product")
_WHY_ORDINAL_WHICH_ONES = Why("ordinal", "ordinal.which-ones")
_WHY_ORDINAL_WORD = Why("ordinal", "ordinal.word")
_WHY_ORDINAL_YEAR = Why("ordinal", "ordinal.year")
_WHY_PART_PERIOD = Why("part", "part.period")
_WHY_PAST_AFTER_ANOTHER = Why("past value", "past.after-another")
_WHY_PAST_ARROW = Why("past value", "past.arrow")
_WHY_PAST_FROM = Why("past value", "past.from")
_WHY_PAST_LAST = Why("past value", "past.last")
_WHY_PAST_OTHER_PERIOD = Why("past value", "past.other-period")
_WHY_PAST_WAS = Why("past value", "past.was")
_WHY_PAST_WORDS = Why("past value", "past.words")
_WHY_PAST_YESTERDAY = Why("past value", "past.yesterday")
_WHY_PAST_YESTERDAY_TODAY = Why("past value", "past.yesterday-today")
_WHY_PLAN_AFTER = Why("plan", "plan.after")
_WHY_PLAN_ASKED_FOR = Why("plan", "plan.asked-for")
_WHY_PLAN_BOUND = Why("plan", "plan.bound")
_WHY_PLAN_CONDITION = Why("plan", "plan.condition")
_WHY_PLAN_CONDITION_AFTER = Why("plan", "plan.condition-after")
_WHY_PLAN_COUNTERFACTUAL = Why("plan", "plan.counterfactual")
_WHY_PLAN_GAP_AFTER = Why("plan", "plan.gap-after")
_WHY_PLAN_GAP_TO_PLAN = Why("plan", "plan.gap-to-plan")
_WHY_PLAN_GO_TO = Why("plan", "plan.go-to")
_WHY_PLAN_IMPERATIVE = Why("plan", "plan.imperative")
_WHY_PLAN_LABEL = Why("plan", "plan.label")
_WHY_PLAN_LABEL_NOUN = Why("plan", "plan.label-noun")
_WHY_PLAN_NOUN_AFTER = Why("plan", "plan.noun-after")
_WHY_PLAN_OPENING_BOUND = Why("plan", "plan.opening-bound")
_WHY_PLAN_PROJECTION = Why("plan", "plan.projection")
_WHY_PLAN_REMAINDER = Why("plan", "plan.remainder")
_WHY_PLAN_RULE_THRESHOLD = Why("plan", "plan.rule-threshold")
_WHY_PLAN_STEP = Why("plan", "plan.step")
_WHY_PLAN_SUBJECT = Why("plan", "plan.subject")
_WHY_PLAN_SUPPOSITION = Why("plan", "plan.supposition")
_WHY_PLAN_THRESHOLD = Why("plan", "plan.threshold")
_WHY_PLAN_TILDE = Why("plan", "plan.tilde")
_WHY_PLAN_TIME_LABEL = Why("plan", "plan.time-label")
_WHY_PLAN_TIME_TO_COME = Why("plan", "plan.time-to-come")
_WHY_PLAN_TO_A_GOAL = Why("plan", "plan.to-a-goal")
_WHY_PLAN_TRACKING_TO = Why("plan", "plan.tracking-to")
_WHY_PLAN_WORD = Why("plan", "plan.word")
_WHY_RANGE_FROM_TO = Why("range", "range.from-to")
_WHY_RANGE_WORDS = Why("range", "range.words")
_WHY_SCALE_OUT_OF = Why("scale", "scale.out-of")


def _labels(head: str) -> bool:
    """Whether `head` ends with a label of what was measured and its colon."""
    label = _LABEL.search(head)
    if label is None:
        return False
    words = [re.split("['’]", word)[0] for word in _WORDS.findall(label.group(1).lower())]
    return (
        bool(words)
        and PLAN_WORDS.isdisjoint(words)
        and _NOT_LABELS.isdisjoint(words)
        # an order, or a workout named by its verb ("Long run: about 12 mi"): prescribed
        and words[0] not in IMPERATIVES
        and words[-1] not in IMPERATIVES
    )


_DAYS = lexicon.alternation("weekdays")
MONTHS = lexicon.WORDS["months"]
_MONTHS = "|".join(MONTHS)
# the months as written, in full or short ("Q4 2026", "Dec 2026")
MONTH_NAMES = "|".join([*MONTHS, *lexicon.WORDS["month_abbreviations"]])
_SEASONS = lexicon.alternation("seasons")
_PLAN_AFTER_WORDS = (
    rf"^(?:{_S}*[%\w°/.-]+)?{_S}*(?:{_OWN_WORD}[\w'-]+{_S}+){{0,5}}?(?i:planned|scheduled|tomorrow"
    rf"|(?:is|are)\s+(?:now\s+)?(?:{lexicon.alternation('owed_words')})"
    rf"|next\s+(?:{lexicon.alternation('next_periods')})|by\s+(?:launch|{_DAYS}|{_MONTHS}"
    rf"|{_SEASONS}|the\s+end|end|next|q[1-4]|year(?:-end)?|release|then)|is\s+the"
    rf"\s+(?:{lexicon.alternation('is_the_plan_nouns')})|give\s+or\s+take|or\s+thereabouts"
    rf"|or\s+(?:{lexicon.alternation('or_so_words')}"
    rf")|at\s+most|max(?:imum)?\b|is\s+(?:{lexicon.alternation('plan_judgements')}"
    rf"|the\s+norm|ideal|enough|plenty|all\s+you\s+need)|target|goal|"
    rf"(?:{lexicon.alternation('modals')})\s+be\s+(?:{lexicon.alternation('would_be_judgements')})|"
    rf"on\s+the\s+(?:{lexicon.alternation('on_the_plan_nouns')})|(?:we|you|they)\s+(?:can|could)\s+"
    rf"(?:{lexicon.alternation('capacity_verbs')}|live\s+with))\b"
)
# a plan's noun right after the number and its unit: "a $100k budget", "a 160 bpm limit"
_PLAN_NOUNS_AFTER = lexicon.WORDS["plan_nouns_after"]
_PLAN_NOUN_AFTER = re.compile(
    rf"^(?:{_S}*[%°/\w-]+)?{_S}*(?:(?i:{lexicon.alternation('plan_cadences')}){_S}+)?"
    rf"(?i:{'|'.join(_PLAN_NOUNS_AFTER)})s?\b"
)
# the gap to a plan's figure, told after the number: "1,279 over your 10k goal", "228 ms
# over the 500 ms SLO", "2.7 mi under your plan", "4 min over the planned 90"
_GAP_TO_PLAN_AFTER = re.compile(
    rf"^(?:{_S}*[%°/\w-]+)?{_S}+(?i:(?P<over>over|above|past|beyond|ahead{_S}+of)|under|below|"
    rf"behind){_S}+(?:(?i:{lexicon.alternation('gap_determiners')}|this{_S}+week['’]s|today['’]s){_S}+)?"
    rf"(?:(?i:{lexicon.alternation('planned_words')}){_S}+{_PREFIX}(?P<planned>[0-9][0-9,.]*[kKM]?)|"
    rf"(?:{_PREFIX}(?P<figure>[0-9][0-9,.]*[kKM]?)(?:{_S}*[%°]|{_S}*[A-Za-z/]+)?{_S}+)?"
    rf"(?:(?i:{lexicon.alternation('plan_cadences')}){_S}+)?"
    rf"(?i:{'|'.join(_PLAN_NOUNS_AFTER)})s?\b)"
)


def _gap_to_plan(number: str, gap: re.Match[str]) -> bool:
    """Whether the number before `gap` ("over the 500 ms SLO") is the gap, not a value the
    words place beside the plan's figure: 228 "over the 500 ms SLO" is, but 57% "under the
    65% target" is the value itself, below its target."""
    figure = gap.group("planned") or gap.group("figure")
    if figure is None:
        return True
    try:
        value = _plain_value(number)
        planned = _plain_value(figure)
    except ValueError:
        return True
    return value < planned if gap.group("over") else value > planned


def _plain_value(written: str) -> float:
    """The size of a number as written, its sign, currency and unit aside ("$12k": 12000)."""
    found = _PLAIN_NUMBER.search(written)
    if found is None:
        raise ValueError(written)
    return parse_value(found.group())


_PLAIN_NUMBER = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?[kKM]?")


_PLAN_AFTER = re.compile(_PLAN_AFTER_WORDS.replace("|tomorrow", "|tomorrow|tonight", 1))
# the same, "tonight" aside: what else makes a reported night's number a plan ("41 min
# tonight would be ideal")
_PLAN_AFTER_BUT_TONIGHT = re.compile(_PLAN_AFTER_WORDS)
_RANGE_AFTER = re.compile(
    rf"^(?:{_S}*(?:[%°]|[A-Za-z/]+))?{_S}*(?:to|or|through|[\u2013\u2014-]){_S}*{_NUMBER}"
)
# the first end of a range is a number of its own: the digits of a label ("p95 came to
# 900 ms", "Q3 came to $131,400") are not, nor a list's item ("61, and 24,310")
# (a verb where a unit word would stand says the first number is no bound: "DAU in week 48
# came to 102,000")
_NOT_A_UNIT = rf"(?!(?i:{lexicon.alternation('moving_verbs_not_units')})\b)"
_RANGE_BEFORE = re.compile(
    rf"(?:{_OWN_NUMBER}(?:{_S}*(?:[%°]|{_NOT_A_UNIT}[A-Za-z/]+))?{_S}+(?:to|or|through){_S}+|"
    rf"{_OWN_NUMBER}{_S}?[\u2013\u2014-]{_S}?(?=[$€£¥]|US\$)|"
    rf"(?i:\bbetween){_S}+{_NUMBER}(?:{_S}*(?:[%°]|[A-Za-z/]+))?{_S}+and{_S}+){_PREFIX}$"
)
# a verb whose particle "up" is no movement: "wake up 3 to 5 times", "showed up 15 to 20
# times" (a range, where "is up 3 to 45" moved)
_PHRASAL_UP = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('phrasal_up_verbs')}"
    r")[ \t\u00a0]+)$"
)


def _moved_to(before: str) -> bool:
    """Whether the clause ends in a movement by an amount, then "to" ("fell 15 to")."""
    moved = MOVED_TO.search(before)
    return moved is not None and not (
        before[moved.start() : moved.start() + 2].lower() == "up"
        and _PHRASAL_UP.search(before, 0, moved.start()) is not None
    )


# words of a movement by an amount: "fell 15", "is up 11", "rose by $500k"
MOVE_WORDS = lexicon.alternation("move_words")
# a movement by an amount, then "to" the level: "HRV fell 15 to", "rose by $500k to"
MOVED_TO = re.compile(
    rf"(?i:\b(?:{MOVE_WORDS})){_S}+(?:(?i:by){_S}+)?{_NUMBER}(?:{_S}*(?:[%°]|[A-Za-z/]+))?"
    rf"{_S}+(?i:to){_S}+{_PREFIX}$"
)
_RISEN_TO = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('risen_up_links')}|[a-z]+ed|{lexicon.alternation('risen_up_verbs')})\s+up$)"
)  # "back up to 65"
# ...and after a level, "fell to 70,000 from last week's 88,000": the time is the other's
_FROM_WHOSE_AFTER = re.compile(
    rf"^(?:{_S}*[%°\w/]+)??{_S}+(?i:from){_S}+[A-Za-z]+(?:{_S}+[A-Za-z]+)?['’]s\b"
)
# "from 52", "from last week's 76", "from Monday's 61": the value it moved from
_FROM_BEFORE = re.compile(
    rf"(?i:\bfrom){_S}+(?:[A-Za-z]+(?:{_S}+[A-Za-z]+)?['’]s{_S}+)?(?:(?i:minus|negative){_S}+)?"
    rf"{_PREFIX}$"
)
_FROM_TO_BEFORE = re.compile(
    rf"(?i:\bfrom){_S}+{_NUMBER}(?:{_S}*{_HOURS}{_S}*(?:and{_S}+)?[0-9]+)?(?:{_S}*(?:[%°]|[A-Za-z/]+))?(?:{_S}+[A-Za-z]+){{0,3}}{_S}+"
    rf"(?:to|and){_S}+{_PREFIX}$"
)
CHANGE_VERBS = lexicon.alternation("change_verbs")
# a move and the level it reached, each in its own unit: "improved 167 bps to 59.5%"
_MOVE_TO_LEVEL = re.compile(
    rf"^{_S}*(?P<moved>%|[A-Za-z]+){_S}*to{_S}*{_NUMBER}{_S}*(?P<level>%|[A-Za-z]+)?"
)
# a verb that moved the number right after it: a change's, a move's, or a verdict's
_MOVED_BEFORE = re.compile(
    rf"(?i:\b(?:{CHANGE_VERBS}|{MOVE_WORDS}|{lexicon.alternation('worsening_verbs')})(?:{_S}+by)?)"
    rf"{_S}+{_PREFIX}$"
)


def _move_then_level(before: str, after: str) -> bool:
    """Whether a number is the move a change verb right before it made, followed by "to"
    and the level it reached in another unit ("rose 7.5% to 81,475", "improved 167 bps to
    59.5%"): the move, not the first end of a range ("rose 10 to 15 bpm", "5% to 8%")."""
    pair = _MOVE_TO_LEVEL.match(after)
    if pair is None or _MOVED_BEFORE.search(before) is None:
        return False
    return pair.group("moved").lower() != (pair.group("level") or "").lower()


_SINCE_TO = re.compile(
    rf"(?i:\b(?:since|from|vs\.?|versus){_S}+(?:last{_S}+[A-Za-z]+|yesterday)),?{_S}+(?i:to)"
    rf"{_S}+{_PREFIX}$"
)
_CHANGE_CLAUSE = re.compile(rf"(?i:\b(?:{CHANGE_VERBS})\b)")
_UP_DOWN_FROM = re.compile(rf"(?i:\b(?:up|down){_S}+from\b)")  # "HRV is down from 87 to 52"
# "of the last", "out of your": what may stand between "of" and the number it counts
_OF_TAIL = (
    rf"of{_S}+(?:(?:{lexicon.alternation('of_determiners')}){_S}+)?"
    rf"(?:last{_S}+|past{_S}+|next{_S}+)?"
)
_OF_AFTER = re.compile(rf"^(?:{_S}*[A-Za-z]+)?{_S}+(?:out{_S}+)?{_OF_TAIL}{_PREFIX}[0-9]")
_OF_THEM = re.compile(rf"^{_S}+(?i:of){_S}+(?i:{lexicon.alternation('of_them_words')})\b")
_OF_BEFORE = re.compile(
    rf"(?:[0-9](?:{_S}*(?:%|[A-Za-z]{{1,7}}))?{_S}+|(?i:\bout){_S}+)(?:out{_S}+)?{_OF_TAIL}"
    rf"{_PREFIX}$"
)  # ("4 of 5", "9 h of 9.5 h in bed", "$2.1M of the $2.3M": the whole a part is of)
_CLOSED_ASIDE = re.compile(r"\([^()]*\)")
# a value and a slash before the number: the whole or the target it is measured against
# ("Week: 27.3/30 mi", "$169.8k/$180k", "6h07/6h40"); but not when slashes join names too,
# each name's number in its place ("Light/deep: 202/62 min")
_SLASH_WHOLE = re.compile(rf"[0-9](?:%|[kKmMbB])?{_S}?/{_S}?{_PREFIX}$")
_SLASHED_NAMES = re.compile(rf"[A-Za-z0-9]{_S}?/{_S}?[A-Za-z]")  # ("p50/p95: 203/900 ms")
# a part's number after the words that say it is a part, said roughly or not
_PART_ENDS = rf"(?:(?i:{lexicon.alternation('part_softeners')}){_S}+)?{_PREFIX}$"
# a part of the whole told before: "Signups 2,268, of which 2,100 came through onboarding",
# "of whom 75,000", "of these, 2,100" (its words, as `casefold` gives them: `(?i:...)` reads
# "whıch" too, which `ODD_LETTERS` finds)
_OF_WHICH_WORDS = lexicon.words("of_which_words")
_OF_WHICH = re.compile(
    rf"(?i:\bof{_S}+(?:{lexicon.alternation('of_which_words')})){_S}*[,:]?{_S}*{_PART_ENDS}"
)
# or the whole told in the sentence's opener: "Of the 2,268 signups, 2,150 verified their
# email", "Of the $92.4k burn, $85k was payroll"
_OF_THE_WHOLE = re.compile(
    rf"[\s*#>•-]*(?i:of){_S}+(?:(?i:{lexicon.alternation('whole_determiners')}){_S}+)?{_PREFIX}"
    rf"[0-9][0-9,.]*[^,;:.!?\n]{{0,60}},{_S}*{_PART_ENDS}"
)
# a statistic's words after its number: "95% confidence", "94% statistical significance",
# "80% power", "an 80% chance"; an interval's level: "95% CI", "95% C.I.", "90% credible"
_STATISTIC_AFTER = re.compile(
    rf"^{_S}*(?:%|percent\b|per{_S}?cent\b){_S}*(?i:(?:statistical|stat\.?){_S}+)?"
    rf"(?:(?i:{lexicon.alternation('statistic_nouns_after')}"
    rf")\b|CI\b|C\.I\b)"
)
# a ratio's first number before the second: "1 in 4 orders", "one in five nights"
_ONE_IN = re.compile(rf"(?:\b[0-9][0-9,.]*|(?i:\bone)){_S}+(?i:in){_S}+$")
# a rate told as one thing for so many others: "1 per 68 DAU", "one signup per 36
# visitors", "One alert for every 4 deploys"; and the one itself, before them
_PER = rf"(?:{_S}+[A-Za-z][A-Za-z-]*){{0,2}}{_S}+(?i:per|(?:for|in){_S}+every|every){_S}+{_PREFIX}"
_ONE_PER = re.compile(rf"(?:\b1|(?i:\b(?:one|a|an|once))){_PER}$")
_PER_AFTER = re.compile(rf"{_PER}[0-9]")
# a score's scale after it: "82 out of 100", "4.5 out of 5" (but "4 out of 5 sessions")
_OUT_OF_SCALE = re.compile(
    rf"(?P<scale>{_S}+(?i:out){_S}+(?i:of){_S}+(?P<top>5|10|100)(?![0-9]|[.,][0-9]))"
    rf"(?:{_S}+(?P<next>[A-Za-z]+))?"
)
_SCALE_NOT_PLURALS = lexicon.words("scale_not_plurals")


def _scale(text: str, at: int = 0) -> re.Match[str] | None:
    """ "out of 5", "out of 10" or "out of 100" at `at` when it is the scale a number is a
    score on: a plural noun after it ("4 out of 5 sessions") makes it a count."""
    scale = _OUT_OF_SCALE.match(text, at)
    if scale is None:
        return None
    word = (scale.group("next") or "").lower()
    plural = len(word) > 3 and word.endswith("s") and not word.endswith("ss")
    return None if plural and word not in _SCALE_NOT_PLURALS else scale


def on_a_scale(after: str) -> int:
    """The length of a score's scale at the start of `after` (see `_scale`), else 0."""
    scale = _scale(after)
    return scale.end("scale") if scale is not None else 0


def scale_at(text: str, end: int) -> int:
    """The top of the scale a number ending at `end` is a score on (5, 10, 100), else 0."""
    scale = _scale(text, end)
    return int(scale.group("top")) if scale is not None else 0


_TIMES = re.compile(rf"^{_S}*[×x]{_S}*[0-9]")  # "10 × 800 m": repetitions
ORDINAL_WORDS = lexicon.words("ordinal_words")
PAST_WORDS = re.compile(
    r"(?i:\b(?:previously|previous|prior|earlier(?!\s+(?:today|this\s+morning|tonight))|"
    rf"formerly|former|used\s+to|(?:{lexicon.alternation('starting_verbs')})(?!\s+(?:the\s+day|today|this\s+morning|"
    r"the\s+morning))|"
    rf"before\s+the|last\s+(?:{lexicon.alternation('past_last_periods')}"
    r")(?!['’]s)|"
    rf"(?:{lexicon.alternation('ago_counts')}|a\s+few|few|some)\s+(?:days?|weeks?|months?|"
    r"quarters?|years?|nights?|hours?|minutes?)\s+ago|[0-9]+\s?(?:h|hrs?|hours?|m|mins?|minutes?|"
    r"d|days?|wks?|weeks?|mo|months?|y|yrs?|years?|nights?)\s+ago|back\s+in|originally|"
    r"at\s+the\s+start)\b)"
)
_PAST_AFTER = re.compile(
    rf"^(?:{_S}*[%°\w/]+)?(?:{_S}+{_OWN_WORD}[\w'-]+){{0,3}}?{_S}+(?i:ago|last{_S}+(?:{lexicon.alternation('past_after_periods')}"
    rf")|last(?={_S}*(?:[.;!?)]|$))|a{_S}+(?:week|month|year){_S}+ago|previously|"
    rf"before|"
    rf"earlier(?!{_S}+(?:today|this{_S}+morning|tonight))|at{_S}+"
    rf"(?:the{_S}+start|midnight|launch)|on{_S}+(?:{lexicon.alternation('weekdays')}"
    rf"){_S}+to|in{_S}+the{_S}+(?:{lexicon.alternation('seasons')})|"
    rf"on{_S}+the{_S}+[0-9]{{1,2}}(?:st|nd|rd|th))\b"
)
# a stretch inside the period after the number, its noun between: "4,100 signups in one
# day", "8 alerts in a single hour", "2 incidents in one afternoon" (not "in a day": a rate
# may be said so, nor a night, which a sleep figure is of)
_PART_OF_PERIOD = re.compile(
    rf"^(?:{_S}*[%°\w/]+)?(?:{_S}+[A-Za-z][\w'-]*){{0,2}}?{_S}+(?i:in|on|within|during){_S}+"
    rf"(?:(?i:one|a{_S}+single|just{_S}+one){_S}+(?i:{lexicon.alternation('parts_of_a_period')}"
    rf")|(?i:an?|just{_S}+an?){_S}+(?i:{lexicon.alternation('parts_of_a_day')}))\b"
)
# a comparison's other side, a few words before the number: "vs a 53 bpm baseline",
# "compares poorly with 86%", "as opposed to 42"
_VERSUS = re.compile(
    rf"(?i:\b(?:versus|vs\.?|compar(?:ed|es|ing)(?:\s+[a-z]+ly)?\s+(?:with|to)|opposed\s+to|"
    rf"against))(?:{_S}+[A-Za-z'’]+){{0,3}}{_S}+{_PREFIX}$"
)
# a clause whose subject is last week's (month's, Friday's...) value: "Last week's DAU was"
_LAST_PERIODS = rf"(?:{lexicon.alternation('last_periods')})"
_SUBJECT_WAS_LAST = re.compile(rf"^[\s\"'(*|-]*(?i:last){_S}+(?i:{_LAST_PERIODS})['’]s\b")
# an old value with an arrow to the new one: "p95 486 → 436 ms", "DAU: 16,146 -> 17,100"
_ARROW_AFTER = re.compile(rf"^(?:{_S}*(?:[%°]|[A-Za-z/]+))?{_S}*(?:→|->|⟶|➔|=>){_S}*{_PREFIX}[0-9]")
# a clause that opens with a bound: "A maximum of 6.1 miles." (a measured "max of" is no bound)
_OPENS_WITH_BOUND = re.compile(
    rf"^[\s\"'(*|-]*(?i:(?:a{_S}+)?(?:{lexicon.alternation('bound_nouns')})(?:{_S}+of)?|at{_S}+(?:most|least)|"
    rf"up{_S}+to|no{_S}+(?:more|less|fewer){_S}+than){_S}+{_PREFIX}$"
)
# an old value in parentheses after the new one: "3,806 req/s (was 4,132 req/s)"
_WAS_IN_PARENS = re.compile(
    rf"\((?i:was|were|prev\.?|previous|previously|prior|before|last\s+\w+:?|from){_S}+{_PREFIX}$"
)
# another period, named where its value is given in parentheses: after a comparison ("the
# best month since March (5.2%)", "ahead of Q2 (2.4%)") or as the label of an aside after
# the value ("4.9% (March: 5.2%)")
_OTHER_PERIOD = rf"(?i:(?:{MONTH_NAMES}|{_DAYS}|yesterday|q[1-4]|h[12]|(?:19|20)[0-9]{{2}})\b)"
_PERIOD_IN_PARENS = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('period_comparers')}|ahead{_S}+of|behind|over|from|on|"
    rf"vs\.?|versus|compared{_S}+(?:with|to)|against))(?:{_S}+(?i:in|on|during|for))?{_S}+"
    rf"{_OTHER_PERIOD}(?:['’]s?)?(?:{_S}+{_OTHER_PERIOD})?{_S}*\({_S}*{_PREFIX}$"
)
_PERIOD_ASIDE = re.compile(
    rf"[0-9][^()]*\({_S}*{_OTHER_PERIOD}(?:{_S}+{_OTHER_PERIOD})?(?:{_S}*:|{_S}+"
    rf"(?i:{lexicon.alternation('aside_statistics')})\b:?){_S}*{_PREFIX}$"
)
# the other side of a comparison told after the value: "came in at 37 after 33 in October"
_AFTER_ANOTHER = re.compile(
    rf"[0-9][^0-9]*?{_S}(?i:after|following|from|versus|vs\.?|against|than){_S}+(?:(?i:minus|negative){_S}+)?{_PREFIX}$"
)
# ...or with an article, "67 today, after a 74 yesterday", "48%, after a 52% peak": a
# value before the one now, when no noun of an event follows it ("after a 10 mi long run")
_AFTER_A = re.compile(
    rf"[0-9][^0-9]*?{_S}(?i:after|following){_S}+(?i:an?|the)(?:{_S}+[A-Za-z]+)?{_S}+{_PREFIX}$"
)
_AFTER_A_TAIL = re.compile(
    rf"(?:{_S}*[%°\w/]+)??(?:{_S}*(?:[,.;:!?)]|$)|{_S}+(?i:{lexicon.alternation('after_a_value_words')}"
    rf")\b)"
)
# a judgement after a number that makes it a norm ("Anything under 60 is fine")...
_JUDGED = re.compile(
    rf"(?i:\bis{_S}+(?:{lexicon.alternation('plan_judgements')}|the{_S}+norm|ideal|enough|plenty))"
)
# ...unless the number is someone's value, named before it: "your resting HR of 55 bpm"
_POSSESSED_OF = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('person_determiners')}|today['’]s|this{_S}+morning['’]s)"
    rf"(?:{_S}+[A-Za-z][\w'’-]*){{1,4}}{_S}+of){_S}*{_PREFIX}$"
)
_YESTERDAY = re.compile(r"(?i:\byesterday\b)")
_YESTERDAY_AFTER = re.compile(
    rf"^(?:{_S}*(?:[%°]|[A-Za-z/]+))?{_S}+(?i:yesterday|over{_S}+the{_S}+weekend|"
    rf"on{_S}+(?:{lexicon.alternation('weekdays')}))\b"
)
# after yesterday's value, in the same sentence, a number and the word for today
_IN_SENTENCE = r"(?:[^.!?\n]|\.(?=[0-9]))"  # (a decimal point ends no sentence)
_THEN_TODAY = re.compile(
    rf"{_IN_SENTENCE}{{0,40}}?(?:{_PREFIX}[0-9]{_IN_SENTENCE}{{0,40}}?"
    rf"(?i:\b(?:today|now|this{_S}+morning)\b)|"
    rf"(?i:\b(?:today|now|this{_S}+morning)\b)[^.!?\n0-9]{{0,25}}{_PREFIX}[0-9])"
)
_TODAY = re.compile(r"(?i:\b(?:today|now|this\s+morning)\b)")
# before yesterday's value, in the same sentence, a number and the word for today: "81%
# today, 84% yesterday", "HRV 67 now, 72 yesterday"
_TODAY_BEFORE = re.compile(
    rf"[0-9]{_IN_SENTENCE}{{0,16}}?(?i:\b(?:today|now|this{_S}+morning)\b)[^.!?\n0-9]{{0,25}}$"
)
# (one class first, then which it read: see `_CLAUSE_END`)
_WORDS = re.compile(r"[A-Za-z#](?:(?<=#)|[A-Za-z'’-]*)")  # a word, or "#"

# a sign written as a word right before the number; "to" makes it a level ("fell to 49")
NEGATIVE_WORDS = lexicon.alternation("negative_words")
POSITIVE_WORDS = lexicon.alternation("positive_words")
# phrases of decrease, every one ending in a word that is no sign alone: "DAU gave back
# 7.5%", "margin gave up 167 bps", "sales were off 12%"
NEGATIVE_PHRASES = (
    rf"(?:{lexicon.alternation('give_forms')}){_S}+(?:back|up)|"
    rf"(?:{lexicon.alternation('be_forms')}|[’']s|came{_S}+in|comes{_S}+in){_S}+off"
)
_PHRASE_ENDS = lexicon.words("phrase_ends")  # "up" ends one too, and is a sign word already
_PURE_SIGNS = lexicon.words("pure_signs")
# what may stand between a sign word and its number: one more word ("fell the most 4%"),
# then a link ("by", "to", "at", "about" ...)
_SIGN_WORD_GAP = (
    rf"(?:{_S}+(?:{lexicon.alternation('determiners_with_articles')})?{_S}*[A-Za-z]*)??"
)
_SIGN_WORD_LINK = (
    rf"(?:{_S}+(?P<link>by|{lexicon.alternation('sign_word_gaps')}|a\s+further))?){_S}+{_PREFIX}$"
)
_WORD_SIGN = re.compile(
    rf"(?i:\b(?:(?P<phrase>{NEGATIVE_PHRASES})|(?P<word>{NEGATIVE_WORDS}|{POSITIVE_WORDS})"
    rf"{_SIGN_WORD_GAP}){_SIGN_WORD_LINK}"
)
_NEGATIVE = frozenset(NEGATIVE_WORDS.split("|"))
# verbs that lower what they are said of, their object after them ("The fix cut p95
# latency by 10.6%"); with "by" and the number after an object of a few words, the number
# is the fall: "We cut p95 by 10.6%", "Seasonality cut daily actives by 7.5%"
LOWERING_VERBS = lexicon.words("lowering_verbs")
_LOWERED_BY = re.compile(
    rf"(?i:\b(?:{'|'.join(sorted(LOWERING_VERBS))})(?:{_S}+(?:{lexicon.alternation('definite_determiners')}))?"
    rf"(?:{_S}+[A-Za-z][\w-]*){{1,3}}?{_S}+by){_S}+{_PREFIX}$"
)
# words that judge a change rather than say its direction: their sign is the direction
# that is good or bad for the quantity, and for these quantities lower is better
_VERDICTS = lexicon.words("verdicts")
_LOWER_IS_BETTER = re.compile(
    r"(?i:\b(?:latency|latencies|p\d\d|errors?|error\s+rate|5xx|churn|burn|costs?|spend|"
    rf"expenses?|{lexicon.alternation('lower_is_better_names')}|incidents?|alerts?|pages|crash(?:es)?\b(?!-free)|"
    r"resting\s+(?:hr|heart\s+rate)|rhr|awakenings|load\s+time|cold\s+starts?))"
)
_ZERO = re.compile(rf"(?i:\b(below|under|above|over){_S}+zero\b)(?=[^.;:\d]*$)")
# the words `_WORD_SIGN` starts with; it matches only where one of them is a whole run
# of letters (a word boundary before it, a space after it) once case is folded
_SIGN_WORD_SET = _NEGATIVE | frozenset(POSITIVE_WORDS.split("|")) | _PHRASE_ENDS
_LETTERS = re.compile("[a-z][a-z]*")  # (a class first: see `_CLAUSE_END`)
# a sign word after the number stays on its line: "2.0 %\n\nMore sessions…" is a new line's
_SAME_LINE = r"[^\S\n\r\x0b\x0c\x85\u2028\u2029]"
_SIGN_AFTER_WORDS = (
    lexicon.alternation("comparatives_after")
    # "took a 7.5% hit" (a hit rate is no hit)
    + f"|hit(?!{_SAME_LINE}+(?:rate|ratio))"
    # nouns of a change: "a 7.5% decline", "a 12% jump" (not a "drop-off" rate)
    + "|decline|drop(?!-)|"
    + lexicon.alternation("change_nouns")
    # and phrases: "$19,239 in the red"
    + f"|in{_SAME_LINE}+the{_SAME_LINE}+red|in{_SAME_LINE}+the{_SAME_LINE}+hole|underwater"
    + f"|under{_SAME_LINE}+water|"
    + lexicon.alternation("shortfall_words")
    + f"|on{_SAME_LINE}+the{_SAME_LINE}+(?:negative|positive){_SAME_LINE}+side"
    # "10.9 in the negative", "0.4 in positive territory"
    + f"|in{_SAME_LINE}+(?:the{_SAME_LINE}+)?(?:negative|positive)(?:{_SAME_LINE}+territory)?"
)


# the characters `(?i:x)` matches for an ASCII letter x besides x and X
CASE_ODD = {"i": "\u0130\u0131", "s": "\u017f", "k": "\u212a"}
# those letters (İ ı ſ and the Kelvin sign), and the ASCII letters a case-blind pattern
# reads them as
ODD_LETTERS = re.compile(f"[{''.join(CASE_ODD.values())}]")
_AS_ASCII = str.maketrans({odd: letter for letter, odds in CASE_ODD.items() for odd in odds})


def initials(words: str) -> str:
    """A lookahead for the first letters of `words` (an alternation of ASCII words) as
    `(?i:...)` reads them: both cases, and İ ı ſ or the Kelvin sign for i, s, k. Before
    the alternation, it fails at once where no word can start, at C speed."""
    firsts = sorted({word[0].lower() for word in words.split("|")})
    return f"(?=[{''.join(c + c.upper() + CASE_ODD.get(c, '') for c in firsts)}])"


# a verb after the number is no unit word: "HRV of 87 is above normal" compares a level
_LINKING = rf"(?!(?i:{lexicon.alternation('linking_verbs')})\b)"
_SIGN_AFTER = re.compile(
    rf"(?:{_SAME_LINE}*{_LINKING}[%°\w/]+(?:{_SAME_LINE}+(?i:per){_SAME_LINE}+[A-Za-z]+)?)?"
    rf"{_SAME_LINE}*{initials(_SIGN_AFTER_WORDS)}"
    rf"(?P<word>(?i:{_SIGN_AFTER_WORDS}))\b"
)
# the phrases among them give a sign and no change: "$19,239 in the red"
_PHRASES = lexicon.WORDS["sign_phrase_openers"]


def _pure_after(word: str) -> bool:
    """Whether a sign word after a number gives only its sign ("deficit", "in the red"),
    not a change ("lower")."""
    return word in _AFTER_PURE or _phrase(word)


def _after_sign(word: str) -> int:
    """The sign a word or phrase after a number gives it."""
    if _phrase(word):
        return 1 if "positive" in word.lower() else -1
    return -1 if word in _AFTER_NEGATIVE else 1


def _phrase(word: str) -> bool:
    """Whether a sign word after a number is one of the phrases ("in the red", "underwater",
    "on the negative side"), not a word that only begins as one does ("increase")."""
    return word.startswith(_PHRASES) and word.lower() != "increase"


_AFTER_PURE = lexicon.words("after_pure")
_AFTER_NEGATIVE = lexicon.words("after_negative")
# words after a number that judge its change as better or worse ("10.6% faster"): for a
# quantity that is better lower (latency), better and faster are down
_AFTER_VERDICTS = lexicon.words("after_verdicts")


def search_before(
    pattern: re.Pattern[str], text: str, start: int, reach: int
) -> re.Match[str] | None:
    """`pattern` searched in the `reach` characters before `start`, where `may_hold` lets
    it (most numbers have none of the text it needs there)."""
    lo = max(0, start - reach)
    return pattern.search(text, lo, start) if may_hold(pattern, text[lo:start]) else None


def may_hold(pattern: re.Pattern[str], window: str) -> bool:
    """Whether a match of `pattern` may lie in `window`: False where the window holds none
    of the text the pattern cannot match without (`needed_text`, read off the pattern once);
    past ASCII, `(?i:...)` reads letters that `lower` does not give, and the pattern decides."""
    gate = _NEEDED.get(id(pattern))
    if gate is None:
        _ASKED.append(pattern)  # (kept: its id is never another pattern's)
        gate = _NEEDED[id(pattern)] = text_gate(pattern)
    keys, exact = gate
    if not keys:
        return True
    if exact:
        low = window
    elif window.isascii():
        low = window.lower()
    else:
        return True
    for key in keys:  # noqa: SIM110 (a loop: no generator per number, on a hot path)
        if key in low:
            return True
    return False


# the text each pattern `may_hold` is asked of needs, by the pattern's id (a pattern's own
# hash reads its whole program), and the patterns asked of
_NEEDED: dict[int, tuple[tuple[str, ...], bool]] = {}
_ASKED: list[re.Pattern[str]] = []


def clause_before(text: str, start: int) -> str:
    """The clause that ends at `start`, at most `_REACH` characters of it: what follows the
    last clause end of `text[start - _REACH : start]`, read as a string of its own."""
    global _CLAUSES_OF, _CLAUSES
    if _CLAUSES_OF is not text:
        _CLAUSES_OF, _CLAUSES = text, {}
    found = _CLAUSES.get(start)
    if found is not None:
        return found  # a number's clause is read by more than one rule
    lo = max(0, start - _REACH)
    chunk = text[lo:start]
    ends = list(_CLAUSE_END.finditer(chunk))
    found = chunk[ends[-1].end() :] if ends else chunk
    _CLAUSES[start] = found
    return found


# the clauses read in the last text, by where they end: the clause depends on the text and
# that place only, and the text is held, so no other text can be taken for it
_CLAUSES_OF: str = ""
_CLAUSES: dict[int, str] = {}


def clause_after(text: str, end: int) -> str:
    """What follows the number up to the end of its clause (a comma ends it too)."""
    chunk = text[end : end + _AHEAD]
    found = _CLAUSE_END_OR_COMMA.search(chunk)
    return chunk[: found.start()] if found else chunk


def accounting_negative(text: str, start: int, end: int) -> bool:
    """Whether the amount at text[start:end] is written in parentheses where a value
    stands, as accountants write an amount below zero: after a colon, a cell's bar or a
    verb of statement ("Net income: ($33,653)", "Net income was (33.7k)", "DAU change:
    (7.5%)"), or after a name's word with its currency inside ("Net loss ($33.7k)")."""
    if text[end : end + 1] != ")" and text[end : end + 2] != "%)":
        return False
    return _ACCOUNTING.search(text, max(0, start - 40), start) is not None


# a dashboard's arrows before a change: its direction
_ARROWS = {"\u2193": -1, "\u25bc": -1, "\u2b07": -1, "\u2198": -1, "\U0001f53b": -1,
           "\u2191": 1, "\u25b2": 1, "\u2b06": 1, "\u2197": 1, "\U0001f53a": 1}  # fmt: skip


def word_sign(
    text: str, start: int, end: int, since: int = 0, *, below_zero: bool = True
) -> tuple[int, bool]:
    """(sign, is a change) written as a word: -1 for "minus 7.5", "down 2.1", "loss of
    $120,000", "3 bpm lower"; +1 for "up 9%"; 0 when none. A change verb makes the
    number a change, unless "to" or "at" make it a level ("fell to 49", "up at 10.9").
    A sign written on the number itself means what it says: no word changes it. Words
    before `since` are not read (the name the number is read by: "Sleep deficit is 3 h"
    says no deficit of the 3). `below_zero` says whether the value the number is read
    against may be below zero: if not, "HRV is down at 58" says where it moved, not a
    sign ("TSB is down at 10.9" of a balance below zero does)."""
    if text[start] in SIGNS:
        return 0, False
    mark = text[start - 1 : start]
    if mark in (" ", "\u00a0") and start > 1:
        mark = text[start - 2 : start - 1]
    if mark in _ARROWS:
        return _ARROWS[mark], True  # "DAU 81,475 (↓7.5% w/w)": a dashboard's change
    if accounting_negative(text, start, end):
        return -1, False  # "Net income: ($33,653)": an amount in parentheses is below zero
    lo = max(0, start - 40, since)
    letters = _LETTERS.findall(text[lo:start].casefold())
    zero = _ZERO.search(text, lo, start) if "zero" in letters else None
    if zero is not None:  # "fell below zero to 33": the side of zero is the sign
        return (-1 if zero.group(1).lower() in ("below", "under") else 1), False
    if not _LOSS_WORDS.isdisjoint(letters) and _LOSS_BEFORE.search(text, lo, start):
        return -1, False  # "a net loss of $33,653", "the deficit was $12,000": a level below 0
    # most numbers have no sign word before them: a set lookup of the few words there
    # says so before the pattern is searched at every position of the window
    maybe = not _SIGN_WORD_SET.isdisjoint(letters)
    before = _WORD_SIGN.search(text, lo, start) if maybe else None
    if before is not None and AGAINST_REFERENCE.match(text, before.start(), start):
        before = None  # "behind forecast at $120k": the side of a reference, not a sign
    if before is not None:
        word = (before.group("word") or before.group("phrase")).lower()
        link = (before.group("link") or "").lower()
        if link == "to":  # a level, its sign maybe after it: "fell to a $19,239 loss"
            after = _SIGN_AFTER.match(text, end, end + 30)
            if after is not None and _pure_after(after.group("word").lower()):
                return _after_sign(after.group("word").lower()), False
            return 0, False
        if word == "up" and _UNSIGNED_UP.search(text, max(0, before.start() - 12), before.end()):
            return 0, False  # "made up 45 minutes", "took up 80": a share, no direction
        if link == "at" and not below_zero:
            return 0, False
        sign = -1 if word in _NEGATIVE or not word.isalpha() else 1  # a phrase: decrease
        if word in _VERDICTS and _LOWER_IS_BETTER.search(text, max(0, before.start() - 50), start):
            sign = -sign  # "p95 improved by 13.5%": latency that improves goes down
        return sign, word not in _PURE_SIGNS and link != "at"
    if not _CHANGE_WORDS.isdisjoint(letters[-2:]) and _CHANGED_BY.search(text, lo, start):
        return 0, True  # "swung by 13.9": a change of unknown sign
    if (
        "by" in letters[-1:]
        and not LOWERING_VERBS.isdisjoint(letters)
        and _LOWERED_BY.search(text, lo, start)
    ):
        return -1, True  # "We cut p95 by 10.6%", "lowered query latency by 10.6%"
    after = _SIGN_AFTER.match(text, end, end + 30)
    if after is not None:
        word = after.group("word").lower()
        sign = _after_sign(word)
        if word in _AFTER_VERDICTS and _LOWER_IS_BETTER.search(text, max(0, start - 50), start):
            sign = -sign  # "p95 latency came in 10.6% faster": latency went down
        return sign, not _pure_after(word)
    return 0, False


def sign_words_pattern(negative: str, positive: str) -> re.Pattern[str]:
    """How `word_sign` reads its sign words before a number, for other words: `negative`
    and `positive` are regex alternations (either may be empty), read right before the
    number past one more word and a link ("eased a further 0.4 pts", "climbed by 6")."""
    never = "(?!)"
    return re.compile(
        rf"(?i:\b(?:(?P<negative>{negative or never})|(?P<positive>{positive or never}))"
        rf"{_SIGN_WORD_GAP}{_SIGN_WORD_LINK}"
    )


def words_sign(
    pattern: re.Pattern[str], text: str, start: int, since: int = 0, *, below_zero: bool = True
) -> tuple[int, bool]:
    """(sign, is a change) by a word of `pattern` (`sign_words_pattern`) before the number
    at `start`, read as `word_sign` reads its change verbs: in the same window, "to" makes
    the number a level ("softened to 49"), so does "at" unless the value read may be below
    zero, and a sign written on the number itself means what it says."""
    if text[start] in SIGNS:
        return 0, False
    found = pattern.search(text, max(0, start - 40, since), start)
    if found is None or AGAINST_REFERENCE.match(text, found.start(), start):
        return 0, False
    link = (found.group("link") or "").lower()
    if link == "to" or (link == "at" and not below_zero):
        return 0, False
    return (-1 if found.group("negative") is not None else 1), link != "at"


# a comparison with a reference, said of the named value before its number ("sits well
# above baseline at 61 bpm", "landed below target at 70k", "breached the SLO at 900 ms"):
# the reference is no qualifier of the name, nor a plan
AGAINST_REFERENCE = re.compile(
    rf"(?i:\b(?:(?:{lexicon.alternation('degree_words')}|a{_S}+bit|a{_S}+little|still|comfortably)"
    rf"{_S}+)?(?:above|below|over|under|ahead{_S}+of|behind|short{_S}+of|beyond|"
    rf"(?:{lexicon.alternation('reference_comparatives')}){_S}+than|{lexicon.alternation('reference_verbs')}"
    rf"){_S}+(?:(?:{lexicon.alternation('definite_determiners')}){_S}+)?"
    rf"(?:(?:{lexicon.alternation('reference_cadences')}){_S}+)?(?:{lexicon.alternation('reference_nouns')}"
    rf"|"
    rf"expectations?|guidance)\b)"
)
# an amount of money in parentheses where a value stands (after a colon, a table's bar, a
# linking verb, or at a line's start): the accountant's negative, "Net income: ($33,653)"
# (but "Cash ($2.47M) covers..." is an aside on a name)
_ACCOUNTING = re.compile(
    rf"(?:(?:^|[:|=]|(?i:\b(?:{lexicon.alternation('accounting_links')}))){_SAME_LINE}*"
    rf"(?:\({_SAME_LINE}?(?:[$€£¥]|US\$)?|(?:[$€£¥]|US\$){_SAME_LINE}?\()"
    rf"|[A-Za-z]{_SAME_LINE}+(?:\({_SAME_LINE}?(?:[$€£¥]|US\$)|(?:[$€£¥]|US\$){_SAME_LINE}?\()"
    rf")$",
    re.MULTILINE,
)
# an amount of money a loss is said to be: the loss its subject, plain words between
_LOSS_WORDS = lexicon.words("loss_words")
_LOSS_BEFORE = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('loss_words')})(?:{_S}+(?:{lexicon.alternation('loss_gap_words')}"
    rf"))*){_S}*[:\u2013\u2014]?{_S}*(?:[$€£¥]|US\$|USD|EUR|GBP){_S}?$"
)
_GO_TO = re.compile(
    rf"(?i:\b(?:we|you)(?:['’]ll)?{_S}+(?:{lexicon.alternation('go_to_verbs')})"
    rf"(?:{_S}+(?:up|back|on))?{_S}+to){_S}+{_PREFIX}$"
)
# a projection of where a value is heading: "tracking to $2.1M", "pacing to $185k", "on
# track for 31 miles" (not "tracking at $169.8k", the value now; nor "At this pace, runway
# is 11.4", which a runway always is)
_PROJECTED = re.compile(
    rf"(?i:\b(?:(?:{lexicon.alternation('projecting_verbs')})(?:{_S}+(?:to|toward|towards|for))|"
    rf"on{_S}+(?:{lexicon.alternation('projection_nouns')}){_S}+(?:for|to)(?:{_S}+(?:{lexicon.alternation('projected_verbs')}))?))"
    rf"(?:{_S}+(?:{lexicon.alternation('projected_gaps')}))?{_S}+{_PREFIX}$"
)
# a clause that opens with "had", its subject and a participle: a counterfactual ("Had
# burn been $80k", "Had you slept 8 hours"), not a diary's "Had a solid night: 7 h"
_COUNTERFACTUAL = re.compile(
    rf"{_S}*(?:(?i:and|but|so){_S}+)?(?i:had){_S}+(?:[A-Za-z'’-]+{_S}+){{1,4}}?"
    rf"(?i:{lexicon.alternation('counterfactual_participles')}"
    rf")\b"
)
_UNSIGNED_UP = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('unsigned_up_verbs')}"
    rf"){_S}+up\b)"
)
# a change verb right before the number, "by" or not ("swung by 3.2", "cooled 0.8 °C"):
# the number is the change, its sign unsaid
_CHANGED_BY = re.compile(rf"(?i:\b(?:{CHANGE_VERBS})(?:{_S}+by)?){_S}+{_PREFIX}$")
_CHANGE_WORDS = frozenset(CHANGE_VERBS.split("|"))


class _Clause:
    """The words around a number that the readings of `not_a_statement` look at: most
    numbers state their value and so meet every reading, and each view of the words is
    worked out once, here."""

    __slots__ = ("after", "after0", "after_words", "before", "colon", "digit_after", "end",
                 "last_run", "plain", "present", "runs", "scaled", "start", "text", "told",
                 "words", "words0")  # fmt: skip

    def __init__(self, text: str, start: int, end: int, plain: bool) -> None:
        self.text, self.start, self.end, self.plain = text, start, end, plain
        self.before = before = clause_before(text, start)
        self.after0 = after = clause_after(text, end)
        # each pattern searched in `before` needs one of its words there: the words present
        # rule most of them out without a search at every position of the clause
        self.runs = runs = _LETTERS.findall(before.casefold())
        # (`(?i:...)` reads four more letters than ASCII: "wıthin" is "within" to a pattern,
        # and to the words a reading needs)
        odd = ODD_LETTERS.search(before) is not None
        self.present = words_present(before) if odd else set(runs)
        # a pattern that ends the clause ends it with one of a few words: the last run of
        # letters tells (but a clause with odd letters is searched as it is)
        self.last_run = "" if plain or odd else runs[-1] if runs else "-"
        # the clause after the number, past a scale it is a score on ("82 out of 100"); the
        # patterns read after the number end at a digit, or begin with one of a few words
        digit_after = plain or _DIGIT.search(after) is not None
        self.scaled = False
        if digit_after and _OF_AFTER.match(after):
            scale = on_a_scale(after)
            if scale:
                after, self.scaled = after[scale:], True
                digit_after = plain or _DIGIT.search(after) is not None
        self.after, self.digit_after = after, digit_after
        self.after_words = plain or _after_words_allow(after)
        # the words before the number, lowered; those after a label's colon
        if before.isascii():
            self.words0 = words = _WORDS.findall(before.lower())  # lowered at once
        else:
            self.words0 = words = [w.lower() for w in _WORDS.findall(before)]
        self.colon = colon = before.rfind(": ")
        self.told = told = [w.lower() for w in _WORDS.findall(before, colon)] if colon >= 0 else []
        # the statement's words: after a label's colon when two or more follow it ("as
        # planned: ..."), and past an aside closed before the number ("availability 99.99%
        # (target 99.95%), p95 828 ms" states the p95)
        if len(told) >= 2:
            words = told
        if ")" in before and "(" in before:
            region = before[colon:] if words is told else before
            open_words = _WORDS.findall(_CLOSED_ASIDE.sub(" ", region).lower())
            if len(open_words) < len(words):
                words = open_words
        self.words = words


_ReadClause = Callable[[_Clause], Why | None]  # a reading of `not_a_statement`


def words_present(before: str) -> set[str]:
    """The words of the clause `before` a number as a reading's gate reads them: its runs
    of letters, lowered, the letters a case-blind pattern reads as ASCII ones ("ı", "ſ")
    read so."""
    if ODD_LETTERS.search(before) is not None:
        before = before.translate(_AS_ASCII)
    return set(_LETTERS.findall(before.casefold()))


_STATED = Why("", "stated")  # a reading that settles the number states its value


def _from_before(c: _Clause) -> Why | None:
    if _FROM_TO_BEFORE.search(c.before):
        # "climbed from 31 to 36.4": the second is the value now; without a change verb
        # ("from 120 to 130 bpm") the two are a range
        changed = _CHANGE_CLAUSE.search(c.before) or _UP_DOWN_FROM.search(c.before)
        return _STATED if changed else _WHY_RANGE_FROM_TO
    return _WHY_PAST_FROM if _FROM_BEFORE.search(c.before) else None


def _tilde(c: _Clause) -> Why | None:
    before = c.before
    if not before.endswith(("~", "≈", "~$", "≈$")):
        return None
    head = before[: before.rfind("~" if "~" in before[-2:] else "≈")]
    if _reports(_WORDS.findall(head.lower())) or _labels(head):
        return _WHY_APPROXIMATE_TILDE  # "Daily actives: ~90k": a value given roughly
    return _WHY_PLAN_TILDE  # "~45 min", an estimate as "about 45 min" is


def _gap_after(c: _Clause) -> Why | None:
    # "about 3 mi shy of last week's 30": the gap to another figure
    return _WHY_PLAN_GAP_AFTER if _GAP_AFTER.match(c.after0) else None


def _bound_before(c: _Clause) -> Why | None:
    before, last_run = c.before, c.last_run
    if last_run and last_run not in _BOUND_LAST:
        return None
    bound = _BOUND.search(before)
    if bound is None or _RISEN_TO.search(before, 0, bound.start() + 2):
        return None
    head = before[: bound.start()]
    softened = _SOFTENED.search(head)
    if softened is not None:
        head = head[: softened.start()]  # "just under 9 hours": a value, rounded up
    head_words = _WORDS.findall(head.lower())
    if (
        (_APPROXIMATE.match(bound.group()) or softened is not None)
        and (_reports(head_words) or _labels(head))
        and not _wished(head_words)
    ):
        return _WHY_APPROXIMATE_AROUND  # "CPU hovered around 31%": a value given roughly
    return _WHY_PLAN_BOUND


def _range(c: _Clause) -> Why | None:
    before, after, present, last_run = c.before, c.after, c.present, c.last_run
    if (
        (
            (
                (not present.isdisjoint(_RANGE_WORDS) and (not last_run or last_run in _RANGE_LAST))
                or _DASHED.search(before)
            )
            and _RANGE_BEFORE.search(before)
        )
        or (c.digit_after and _RANGE_AFTER.match(after) and not _move_then_level(before, after))
    ) and not ("to" in present and _moved_to(before)):
        return _WHY_RANGE_WORDS  # (but "fell 15 to 52" is a move and the level it reached)
    return None


def _count(c: _Clause) -> Why | None:
    # (and "4 of them actionable": a part of a count told before; "at 95% confidence": a
    # test's statistic, no value)
    before, after, digit_after = c.before, c.after, c.digit_after
    if (
        (digit_after and _OF_AFTER.match(after))
        or (
            (c.plain or "/" in before[-7:])  # (the pattern's slash: "/ USD " at most after it)
            and _SLASH_WHOLE.search(before)
            and not _SLASHED_NAMES.search(before)
        )
        or (digit_after and _TIMES.match(after))
        or _OF_THEM.match(after)
        or (digit_after and c.text[c.start : c.end] == "1" and _PER_AFTER.match(after))
        or _STATISTIC_AFTER.match(after)
    ):
        return _WHY_COUNT_OF
    return None


def _count_of(c: _Clause) -> Why | None:
    # "4 of 5 runs", "of which 12": a part of a count told before (needs "of")
    before, present = c.before, c.present
    if (
        _OF_BEFORE.search(before)
        or ((c.plain or not present.isdisjoint(_OF_WHICH_WORDS)) and _OF_WHICH.search(before))
        or _OF_THE_WHOLE.match(before)
    ):
        return _WHY_COUNT_OF
    return None


def _word_before(c: _Clause) -> Why | None:
    words = c.words0
    if not words:
        return None
    last = _last_word(c.before)  # right before it: "block 3", "#112", not "week: 3"
    if (last.lower() in ORDINAL_WORDS and not _counted_by(words, last)) or c.before.endswith("#"):
        return _WHY_ORDINAL_WORD
    if last.lower() in _WINDOW_OPENERS:
        return _WHY_ORDINAL_WHICH_ONES  # "your last 3 runs"
    if (
        words[0] in IMPERATIVES
        and len(words) <= 4
        and not FINITE.intersection(words)
        and tuple(words[:3]) not in _WATCHING
    ):
        return _WHY_PLAN_IMPERATIVE
    return None


def _label(c: _Clause) -> Why | None:
    colon, told = c.colon, c.told
    if colon < 0 or not c.words0:
        return None
    if (
        told
        and (told[0] in IMPERATIVES or told[0] in _STEP_VERBS)
        and told[1:2] not in (["in"], ["of"])  # "Risk: increase in churn to 4%"
        and len(told) <= 6
        and not FINITE.intersection(told)
        and tuple(told[:3]) not in _WATCHING
    ):
        return _WHY_PLAN_STEP  # "Action items: add an alert at 1,000 ms": a step to take
    label = [w.lower() for w in _WORDS.findall(c.before[:colon])]
    if (
        label
        and label[0] in PLAN_NOUNS
        and len(label) <= 4
        and _NOT_PLAN_LABEL.isdisjoint(label)
        and not _reports(told)
    ):
        return _WHY_PLAN_LABEL  # "Goal for December: 85,000 DAU and 2,500 signups"
    if label and _a_time_to_come(label) and not _reports(told):
        return _WHY_PLAN_TIME_LABEL  # "Next week: a long run of 10"
    return None


def _label_noun(c: _Clause) -> Why | None:
    told, colon, before = c.told, c.colon, c.before
    if len(told) < 2:
        return None
    at = colon  # the label's last word: the letters right before the colon
    while at and before[at - 1] in _ASCII_LETTERS:
        at -= 1
    if before[at:colon].lower() in PLAN_NOUNS and not _reports(told):
        return _WHY_PLAN_LABEL_NOUN  # "Tonight's target: p95 latency of 900 ms"
    return None


def _statement_verb(c: _Clause) -> Why | None:
    recent = c.words[-8:]
    for i in range(len(recent) - 1, -1, -1):  # back to the statement's own verb
        word = recent[i]
        if word in PLAN_WORDS or word in _PLANNED_POSSESSIVES:  # "Tomorrow's run: 5 mi"
            if word in _REPORTED_TIMES and _reports(recent[i + 1 :]):
                continue  # "Tonight you logged 41 min": the night reported
            if tuple(recent[i : i + 3]) in _WATCHING:
                continue  # "Keep an eye on p95, now at 900 ms": watch it, not a plan for it
            return _WHY_PLAN_WORD
        if word in _SAYS and _projected(recent, i, c.before):
            return _WHY_PLAN_PROJECTION  # 'The model says "$170,000 a month"': a projection
        if word in FINITE:
            if i and (
                recent[i - 1] in _MODAL_WORDS
                or recent[i - 1] == "to"
                or recent[i - 1].endswith(("'ll", "’ll", "'d", "’d"))
            ):
                continue  # "will hit 35", "to hit 12,000": a bare verb states nothing itself
            subject = recent[max(0, i - 5) : i]  # "a good target for your HRV is 45"
            for j in range(len(subject) - 1, -1, -1):
                if subject[j] in ("and", "but", "so", "while"):
                    subject = subject[j + 1 :]
                    break
            return _WHY_PLAN_SUBJECT if _names_a_plan(subject) else None
    return None


def _plan_after(c: _Clause) -> Why | None:
    # (but "your resting HR of 55 bpm is fine" judges a value)
    if not c.after_words:
        return None
    after, words = c.after, c.words
    planned = _PLAN_AFTER.match(after) if may_hold(_PLAN_AFTER, after) else None
    if (
        planned is not None
        and (
            not planned.group().casefold().endswith("tonight")
            or not _reports(words)
            or _PLAN_AFTER_BUT_TONIGHT.match(after)
        )
        and not (_JUDGED.search(planned.group()) and _POSSESSED_OF.search(c.before))
        and not (_BY_A_TIME.search(planned.group()) and _moved_there(words))
    ):
        return _WHY_PLAN_AFTER
    return None


def _plan_noun_after(c: _Clause) -> Why | None:
    # "against a $100k budget": the figure of a plan, not the value
    after = c.after
    if c.after_words and may_hold(_PLAN_NOUN_AFTER, after) and _PLAN_NOUN_AFTER.match(after):
        return _WHY_PLAN_NOUN_AFTER
    return None


def _gap_to_plan_after(c: _Clause) -> Why | None:
    # "1,279 over your 10k goal": the gap to a plan's figure
    if not c.after_words:
        return None
    gap = _GAP_TO_PLAN_AFTER.match(c.after)
    if gap is not None and _gap_to_plan(c.text[c.start : c.end], gap):
        return _WHY_PLAN_GAP_TO_PLAN
    return None


def _time_to_come(c: _Clause) -> Why | None:
    # "Next week builds to 32 miles, with a long run of 10"
    words = c.words
    if (
        words
        and (_a_time_to_come(words[:1]) or _a_time_to_come(words[:2]))
        and _NOW_WORDS.isdisjoint(words)
    ):
        return _WHY_PLAN_TIME_TO_COME
    return None


def _searched(why: Why, pattern: re.Pattern[str]) -> Reading[_ReadClause]:
    """A reading that holds where `pattern` is found in the clause before the number (and
    is tried only where a word it needs is there)."""

    def read(c: _Clause) -> Why | None:
        return why if pattern.search(c.before) else None

    return gated_on(read, searched=[pattern])


def _counterfactual(c: _Clause) -> Why | None:
    # "Had DAU stayed at 88,000, ...": what would have been, not what is
    if _COUNTERFACTUAL.match(c.before):
        return _WHY_PLAN_COUNTERFACTUAL
    return None


def _rule_threshold(c: _Clause) -> Why | None:
    # "At 70% CPU, the autoscaler adds nodes"
    if _RULE_OPENER.match(c.before) and _RULE_AFTER.match(c.text, c.end):
        return _WHY_PLAN_RULE_THRESHOLD
    return None


def _past_words(c: _Clause) -> Why | None:
    before = c.before
    if (
        PAST_WORDS.search(before)
        # "climbed 12% since last week to 90": the level the move reached, now
        and not (_SINCE_TO.search(before) and _CHANGE_CLAUSE.search(before))
    ):
        return _WHY_PAST_WORDS
    return None


def _past_after(c: _Clause) -> Why | None:
    after = c.after
    if c.after_words and _PAST_AFTER.match(after) and not _FROM_WHOSE_AFTER.match(after):
        return _WHY_PAST_WORDS
    return None


def _after_another(c: _Clause) -> Why | None:
    # "is 50 bpm, after 58", "HRV is 67, after a 74 yesterday"
    before = c.before
    if _AFTER_ANOTHER.search(before) or (_AFTER_A.search(before) and _AFTER_A_TAIL.match(c.after)):
        return _WHY_PAST_AFTER_ANOTHER
    return None


def _arrow(c: _Clause) -> Why | None:
    return _WHY_PAST_ARROW if c.digit_after and _ARROW_AFTER.match(c.after) else None


def _part_of_period(c: _Clause) -> Why | None:
    after = c.after  # "8 alerts in a single hour"
    if may_hold(_PART_OF_PERIOD, after) and _PART_OF_PERIOD.match(after):
        return _WHY_PART_PERIOD
    return None


def _opening_bound(c: _Clause) -> Why | None:
    return _WHY_PLAN_OPENING_BOUND if _OPENS_WITH_BOUND.match(c.before) else None


def _in_parentheses(c: _Clause) -> Why | None:
    before = c.before
    if "(" not in before:
        return None
    if _WAS_IN_PARENS.search(before):
        return _WHY_PAST_WAS
    if _PERIOD_IN_PARENS.search(before) or _PERIOD_ASIDE.search(before):
        return _WHY_PAST_OTHER_PERIOD  # "since March (5.2%)"
    return None


def _last_subject(c: _Clause) -> Why | None:
    return _WHY_PAST_LAST if _SUBJECT_WAS_LAST.match(c.before) else None


def _yesterday(c: _Clause) -> Why | None:
    # "yesterday p95 was 488 ms; today it is 436 ms"
    end = c.end
    if _YESTERDAY.search(c.before) and _TODAY.search(c.text, end, end + 80):
        return _WHY_PAST_YESTERDAY
    return None


def _yesterday_after(c: _Clause) -> Why | None:
    text, end = c.text, c.end
    # "40 bpm yesterday, 65 bpm today", "81% today, 84% yesterday" (not "4 mi yesterday;
    # rest today")
    told = _YESTERDAY_AFTER.match(c.after)
    if told is not None and (
        _THEN_TODAY.match(text, end + told.end())
        or _TODAY_BEFORE.search(text, max(0, c.start - 80), c.start)
    ):
        return _WHY_PAST_YESTERDAY_TODAY
    return None


def _product(c: _Clause) -> Why | None:
    return (
        _WHY_ORDINAL_PRODUCT if _product_name_before(c.text, c.start, c.before, c.plain) else None
    )


def _scale_top(c: _Clause) -> Why | None:
    # "67/100 sleep score": the scale the score is out of
    before = c.before
    if "/" in before[-3:] and c.text[c.start : c.end] in SCALE_TOPS and OVER_A_SCALE.search(before):
        return _WHY_COUNT_SCALE_TOP
    return None


def _year(c: _Clause) -> Why | None:
    # "We resolved 9 incidents in 2024": a year
    if YEAR.fullmatch(c.text, c.start, c.end) and _YEAR_BEFORE.search(c.before):
        return _WHY_ORDINAL_YEAR
    return None


def _remainder(c: _Clause) -> Why | None:
    return _WHY_PLAN_REMAINDER if _REMAINDER.match(c.after) else None


def _condition_after(c: _Clause) -> Why | None:
    after = c.after
    if may_hold(_CONDITION_AFTER, after) and _CONDITION_AFTER.search(after):
        return _WHY_PLAN_CONDITION_AFTER
    return None


def _supposition(c: _Clause) -> Why | None:
    # "At a $150k burn, runway would be 10 months"; "If we close the round at $20M, runway
    # extends to 36 months" ("If so," is none)
    runs, before = c.runs, c.before
    if runs and runs[0] in _SUPPOSING and _supposed(c.text, c.end, before, runs[0]):
        return _WHY_PLAN_SUPPOSITION
    if (
        runs
        and runs[0] in _CONDITIONS
        and "," in before
        and len(_LETTERS.findall(before[: before.index(",")].casefold())) > 2
    ):
        return _WHY_PLAN_CONDITION
    return None


def _out_of_a_scale(c: _Clause) -> Why | None:
    return _WHY_SCALE_OUT_OF if c.scaled else None  # a score is stated where a name says of what


def not_a_statement(text: str, start: int, end: int, *, plain: bool = False) -> str | None:
    """Why the number at text[start:end] does not state a present value, or None: a `Why`
    equal to "plan", "range", "past value", "count", "ordinal", "part" (a stretch of the
    period: "in one hour"), "approximate" for a value said roughly ("hovered around 31%"),
    which only a plain contradiction contradicts, or "scale" for a score out of its scale
    ("2 out of 10"), a value only where a name says which; its `rule` names the reading.

    Most numbers state their value, so every reading is tried for most of them: a reading
    that needs a word before the number is tried only where the clause holds one
    (`STATEMENT_READINGS` says which words, the table keeps the gate), and cheap tests
    inside a reading say whether its pattern can match at all (`plain=True` runs every
    reading and searches every pattern: the tests hold the fast reading to it)."""
    clause = _Clause(text, start, end, plain)
    reads = _STATEMENT_TABLE.every if plain else _STATEMENT_TABLE.candidates(clause.present)
    for read in reads:
        why = read(clause)
        if why is not None:
            return None if why is _STATED else why
    return None


# a plan's label that reports how the plan went ("Budget vs actual:", "Goal progress:")
_NOT_PLAN_LABEL = lexicon.words("not_plan_label")
# verbs that begin a step to take after a label and its colon ("Follow-ups: lower the
# queue alarm to 5,000"), besides the imperatives a clause may begin with
_STEP_VERBS = lexicon.words("step_verbs")
# the modals a bare verb follows ("will hit", "could reach"): the modal decides
_MODAL_WORDS = lexicon.words("modal_words")
# a request for a value: "asked for 18 months", "requested 99.95% uptime"
# (not "requests", "demands": nouns too, as in "Requests came in at 17,700 rps")
_ASKING = lexicon.words("asking")
_ASKED_FOR = re.compile(
    rf"(?i:\b(?:{'|'.join(sorted(_ASKING))})"
    rf"(?:{_S}+(?:us|me|you|them|the{_S}+team))?(?:{_S}+for)?){_S}+(?:[A-Za-z'’-]+{_S}+){{0,3}}"
    rf"{_PREFIX}$"
)
# a threshold a condition names: "when error rate exceeds 5%", "once HRV drops below 40"
_WHEN_WORDS = lexicon.words("when_words")
_THRESHOLD = re.compile(
    rf"(?i:\b(?:{'|'.join(sorted(_WHEN_WORDS))})\b(?:{_S}+[\w'’-]+){{0,5}}?{_S}+"
    rf"(?:{lexicon.alternation('threshold_verbs')}|goes{_S}+(?:above|over|below|under)"
    rf"|drops{_S}+(?:below|under|to)|falls{_S}+(?:below|under|to)|dips{_S}+(?:below|under|to)"
    rf"|climbs{_S}+(?:above|over|to)|rises{_S}+(?:above|over|to)|gets{_S}+(?:above|over|to)))"
    rf"{_S}+{_PREFIX}$"
)
# a year after the word that places something in it: "in 2024", "since 2019"
YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_YEAR_PLACING = lexicon.WORDS["year_placing"]
_YEAR_BEFORE = re.compile(
    rf"(?i:\b(?:{'|'.join(_YEAR_PLACING)})){_S}+(?:(?i:{lexicon.alternation('year_modifiers')}"
    rf"){_S}*-?)?$"
    # or a period of the year: "Q4 2026", "FY2026", "December 2026"
    rf"|(?i:\b(?:q[1-4]|h[12]|fy|{MONTH_NAMES})){_S}*-?$"
)
# a score's slash before its scale, and the scales a score is written over: "67/100"
OVER_A_SCALE = re.compile(r"[0-9] ?/ ?$")
SCALE_TOPS = frozenset(["5", "10", "100"])
# the first words of a clause that supposes a value ("If conversion reached 4.1%, ...",
# "At a $150k burn, ..."), and the modal verbs of the main clause that make it a
# supposition: any for "if", only "would" for "at" and "with" ("With HRV at 80, you could
# push today" states the HRV and advises)
_SUPPOSING = lexicon.words("supposing")
# things counted as what remains of a goal: "2 runs left", "3 invoices to go"
_REMAINDER = re.compile(
    rf"{_S}+(?:more{_S}+)?[a-z]+s(?:{_S}+[a-z]+s)?{_S}+(?:left|remaining|to{_S}+go)\b"
)
# a number, its unit, then "short of" or "shy of": the gap to another figure
# the words between a gap and the mark it is measured to ("away from", "to go until",
# "left to reach"), after the gap's number, or before the mark's
_TO_THE_MARK = (
    rf"away{_S}+from|to{_S}+go{_S}+(?:for|until|till|before|to{_S}+(?:hit|reach|make))|"
    rf"left{_S}+to{_S}+(?:hit|reach|make)"
)
_GAP_AFTER = re.compile(rf"(?:%|{_S}*[A-Za-z°/]+)?{_S}+(?:(?:short|shy){_S}+of|{_TO_THE_MARK})\b")
# a rule's threshold: a clause that opens with "At" and the number, then after a comma
# something that acts at that level, in the present ("At 70% CPU, the autoscaler adds
# nodes", "At 75% memory, pods get evicted", "At 12 months of runway, we start
# fundraising"); not a judgement of now ("At 48% CPU, we have plenty of headroom")
_RULE_OPENER = re.compile(
    rf"[\s*#>•-]*(?:(?i:{lexicon.alternation('rule_openers')}){_S}+)?(?i:at){_S}+{_PREFIX}$"
)
_RULE_VERBS = lexicon.alternation("rule_verbs")
_RULE_AFTER = re.compile(
    rf"(?:{_S}*(?:%|[A-Za-z/°]+))?(?:{_S}+(?:of{_S}+)?[A-Za-z][\w-]*){{0,3}}?{_S}*,{_S}*"
    rf"(?:(?i:{lexicon.alternation('rule_subject_determiners')}){_S}+(?:[\w-]+{_S}+){{0,2}}?"
    rf"|(?:[a-z][\w-]*{_S}+)?[a-z][\w-]*s{_S}+|(?i:we|you|they){_S}+)(?:{_RULE_VERBS})\b"
)
# the mark a gap is measured to, after it: "2.7 mi away from a 30-mile week", "721 steps
# left to reach 12,000", "$10.2k to go to hit $180k" (not what is left: "Budget left for
# errors is 21.1%")
_TO_A_GOAL = re.compile(rf"\b(?:{_TO_THE_MARK})(?:{_S}+[A-Za-z'’-]+){{0,4}}?{_S}+{_PREFIX}$")
# the words that open a window of items before its size: "your last 3 runs"
_WINDOW_OPENERS = lexicon.words("window_openers")
# a condition after the number in its clause ("... to 12 months if we hire"); "even if"
# concedes, and the statement holds
_CONDITION_AFTER = re.compile(r"(?<!even )\b(?:if|unless)\b")
# the first words of a condition: the main clause after its comma tells what follows
# from it, modal or not ("If we close the round, runway extends to 36 months")
_CONDITIONS = lexicon.words("conditions")
_WOULD = re.compile(rf"(?i:\b(?:would|wouldn['’]t)\b|['’]d{_S})")
_MODALS = re.compile(rf"(?i:\b(?:would|could|might|will|wouldn['’]t|won['’]t)\b|['’](?:d|ll){_S})")
_SENTENCE_REST = re.compile(r"[.!?;\n]")


def _supposed(text: str, end: int, before: str, first: str) -> bool:
    """Whether the number ending at `end` stands in an opening clause that supposes it (no
    comma before it in its sentence), and the main clause after the comma says what would
    follow with a modal verb."""
    if "," in before or not before.lstrip().lower().startswith(first):
        return False
    chunk = text[end : end + 200]
    stop = _SENTENCE_REST.search(chunk)
    rest = chunk[: stop.start()] if stop else chunk
    comma = rest.find(",")
    if comma < 0:
        return False
    main = rest[comma + 1 :]
    return (_WOULD if first in ("at", "with") else _MODALS).search(main) is not None


_DIGIT = re.compile("[0-9]")
# the last run of letters of a clause `_BOUND` ends: a bound's last word, "minus", or a
# prefix unit's letters
_BOUND_LAST = lexicon.words("bound_last")
# and of one `_RANGE_BEFORE` ends without a dash: the word between the two numbers
_RANGE_LAST = lexicon.words("range_last")
# the first word of each alternative of `_PLAN_AFTER` and `_PAST_AFTER`: a whole run of
# letters, or the end of one glued to the first word after the number ("kmtarget")
_PLAN_AFTER_FIRST = (
    " ".join(lexicon.WORDS["plan_after_first"])
    + " "
    + " ".join(f"{noun} {noun}s" for noun in _PLAN_NOUNS_AFTER)
)
_PAST_AFTER_NEEDS = " ".join(lexicon.WORDS["past_after_first"])
_AFTER_FIRST = frozenset(f"{_PLAN_AFTER_FIRST} {_PAST_AFTER_NEEDS}".split())
_AFTER_FIRST_ENDS = tuple(sorted(_AFTER_FIRST))


def _after_words_allow(after: str) -> bool:
    """Whether `_PLAN_AFTER` or `_PAST_AFTER` may match `after`: one of the words they
    need is there as a whole run of letters, or ends the first run of non-spaces."""
    if ODD_LETTERS.search(after):
        return True
    folded = after.casefold()
    if not _AFTER_FIRST.isdisjoint(_LETTERS.findall(folded)):
        return True
    first = folded.split(None, 1)
    if not first:
        return False
    return any(run.endswith(_AFTER_FIRST_ENDS) for run in _LETTERS.findall(first[0]))


_RANGE_WORDS = lexicon.words("range_words")
_DASHED = re.compile(r"[\u2013\u2014-]\s?(?:[$€£¥]|US\$)\s?$")  # "$61,000-$70,000"
# what makes a plan's noun a measurement: "budget left", "target met"
_SPENT = lexicon.words("spent_words")
_ASCII_LETTERS = frozenset(string.ascii_letters)


# verbs that report what happened, besides `FINITE` and past forms in -ed
_REPORTING = FINITE | lexicon.words("reporting_verbs")


# words before "number" that make it a verb: "Overdue invoices now number 13"
_NUMBER_VERB_BEFORE = lexicon.words("number_verb_before")
_NOT_PLURALS = lexicon.words("not_plurals")


def _counted_by(words: list[str], last: str) -> bool:
    """Whether the word before the number is the verb "number" of a count: after a plural
    noun or an adverb ("Open roles now number 13", "Invoices number 13"), not after a
    determiner or a singular noun ("Incident number 7", "the number 7")."""
    if last.lower() != "number" or len(words) < 2 or words[-1] != "number":
        return False
    word = words[-2]
    return word in _NUMBER_VERB_BEFORE or (
        word.endswith("s") and not word.endswith("ss") and word not in _NOT_PLURALS
    )


def _moved_there(words: list[str]) -> bool:
    """Whether a clause's last words are a move in the past to the number ("then bounced
    to", "recovered to", "came back down to", "settled at"): what a "by Friday" after it
    dates, as no deadline does ("You need to get HRV back to 61 by Friday")."""
    if len(words) < 2 or words[-1] not in ("to", "at"):
        return False
    k = len(words) - 2
    while k > 0 and words[k] in _PARTICLES:
        k -= 1
    verb = words[k]
    return (verb.endswith("ed") and verb not in PLAN_WORDS) or verb in _PAST_MOVES


_PARTICLES = lexicon.words("verb_particles_back")
_PAST_MOVES = lexicon.words("past_moves")
# "by" and the time a plan's deadline or a move's date gives: "by Friday", "by November"
_BY_A_TIME = re.compile(r"(?i:\bby\s)")


def _reports(words: list[str]) -> bool:
    """Whether `words` hold a verb that reports what happened ("you got", "came to",
    "logged"); a clause's first word that gives an order ("Hit 90 min") reports nothing."""
    for k, word in enumerate(words):
        if k == 0 and word in IMPERATIVES:
            continue
        if word in _REPORTING:
            return True
        if (
            len(word) > 3
            and word.endswith("ed")
            and not word.endswith("eed")
            and (word not in PLAN_WORDS)
        ):
            return True
    return False


def _wished(words: list[str]) -> bool:
    """Whether a plan's word comes after the last verb that reports in `words`: "HRV is
    fine, but you need around 85" wants the figure, "you slept about 7 hours" says it."""
    for k in range(len(words) - 1, -1, -1):
        word = words[k]
        if word in PLAN_WORDS:
            return word not in _REPORTED_TIMES and tuple(words[k : k + 3]) not in _WATCHING
        if _reports([word]):
            return False
    return False


def _projected(recent: list[str], i: int, before: str) -> bool:
    """Whether the saying verb `recent[i]` gives a projection's output: a forecast's or a
    scenario's, or a model's in quotes, with no verb that reports what happened between
    it and the number ("The sleep model says you got 41 min" is a measurement)."""
    subject = recent[max(0, i - 3) : i]
    if PROJECTORS.isdisjoint(subject) and (
        _QUOTED_PROJECTORS.isdisjoint(subject) or ('"' not in before and "“" not in before)
    ):
        return False
    return not _reports(recent[i + 1 :])


def _names_a_plan(subject: list[str]) -> bool:
    """A plan's noun in a statement's subject ("a good target for your HRV is"), unless
    a participle makes it a measurement ("budget left for errors is"); or a time to come
    as its owner ("Tomorrow's long run is")."""
    return any(
        (word in PLAN_NOUNS and (k + 1 == len(subject) or subject[k + 1] not in _SPENT))
        or word in _PLANNED_POSSESSIVES
        for k, word in enumerate(subject)
    ) or _a_time_to_come(subject)


def _a_time_to_come(subject: list[str]) -> bool:
    """Whether a statement's subject is a time to come ("Tomorrow has a long run of 10",
    "Next week brings revenue of $185k"): what it holds is planned."""
    if not subject:
        return False
    if subject[-1] == "tomorrow":
        return len(subject) == 1
    return len(subject) == 2 and subject[0] == "next" and subject[1] in _COMING_PERIODS


_NOW_WORDS = lexicon.words("now_words")
_COMING_PERIODS = lexicon.words("coming_periods")


def _last_word(before: str) -> str:
    """The ASCII letters right before the whitespace that ends `before` ("" when it does not
    end in whitespace after a letter): what `([A-Za-z]+)\\s+$` would capture."""
    stripped = before.rstrip()
    if len(stripped) == len(before):
        return ""
    at = len(stripped)
    while at and stripped[at - 1] in _ASCII_LETTERS:
        at -= 1
    return stripped[at:]


_CAPITALISED = re.compile(rf"\b[A-Z][a-z]+[A-Za-z]*{_S}$")


def _product_name_before(text: str, start: int, before: str, plain: bool = False) -> bool:
    """ "Forerunner 965", "Postgres 15.8": a capitalised word mid-sentence right before
    an integer of three digits or a version-like decimal."""
    if len(before) < 3 or before[-2] not in _ASCII_LETTERS:
        return False  # `_CAPITALISED` needs a letter then one space at the end
    if plain:
        found = _CAPITALISED.search(before)
        if found is None or found.start() == 0:
            return False
    else:
        # what `_CAPITALISED` finds, read off the end: only the run of ASCII letters
        # before the last space can start at a word boundary
        if not before[-1].isspace():
            return False
        at = len(before) - 2
        while at and before[at - 1] in _ASCII_LETTERS:
            at -= 1
        if at == 0 or not ("A" <= before[at] <= "Z" and "a" <= before[at + 1] <= "z"):
            return False  # (a word at the clause's start is no product's name either)
        if before[at - 1].isalnum() or before[at - 1] == "_":
            return False
    token = _PRODUCT_NUMBER.match(text, start)
    return token is not None and (len(token.group()) >= 3 or "." in token.group())


_PRODUCT_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")

# "27 times": the number of occurrences of what the clause's subject names ("Alerts fired
# 27 times"), not a rate ("3 times an hour") nor a ratio ("3 times more")
_TIMES_AFTER = re.compile(
    rf"{_S}+(?i:times|occasions)\b(?!{_S}+(?i:{lexicon.alternation('not_occurrences_after_times')}"
    rf")\b)"
)
_VERB_GAP = re.compile(rf"{_S}*(?::{_S}*)?[A-Za-z'’]+(?:{_S}+[A-Za-z'’]+){{0,3}}{_S}+")
# what makes the words between a name and "N times" more than its verb: a passive (the
# name is what was acted on: "invoices were chased 3 times"), an article or a preposition
# (another thing counted), a change ("spiked 3 times")
_NOT_ITS_VERB = lexicon.words("not_its_verb")
_SUBJECT_NOT = lexicon.words("subject_pronouns") | _NOT_ITS_VERB


def counted_in_times(text: str, end: int) -> bool:
    """Whether the number ending at `end` counts occurrences: "27 times", "9 occasions"."""
    return _TIMES_AFTER.match(text, end) is not None


def verb_gap(gap: str, lead: str) -> bool:
    """Whether a count's name, then `gap`, then "N times" make the name the subject whose
    occurrences are counted ("Alerts fired", "Our alerts have fired", "Incidents went off",
    "Awakenings: you woke up"): the gap is a verb of one to four words, and `lead` (the
    clause before the name) no more than a few words that are no subject of their own."""
    if not _VERB_GAP.fullmatch(gap):
        return False
    words = [w.strip("'’") for w in _LETTERS.findall(gap.casefold())]
    if not _NOT_ITS_VERB.isdisjoint(words):
        return False
    if not _CHANGE_WORDS.isdisjoint(words) and words[-1] != "off":
        return False  # "spiked 3 times", but "went off 27 times"
    before = _LETTERS.findall(lead.casefold())
    return len(before) <= 3 and _SUBJECT_NOT.isdisjoint(before)


__all__ = [
    "SPACE",
    "clause_after",
    "clause_before",
    "counted_in_times",
    "may_hold",
    "not_a_statement",
    "verb_gap",
    "word_sign",
]


# Why a number states no value, read from its clause: each reading in turn, the first that
# holds decides (`_STATED`: the number states its value, and no later reading is tried). A
# reading with words is tried only where one of them is a word of the clause before the
# number; readings that return the same `Why` side by side are one rule's alternatives.
STATEMENT_READINGS: tuple[Reading[_ReadClause], ...] = (
    gated_on(_from_before, searched=[_FROM_TO_BEFORE, _FROM_BEFORE]),
    Reading(_tilde),
    Reading(_gap_after),
    gated_on(_bound_before, searched=[_BOUND]),
    Reading(_range),
    Reading(_count),
    gated_on(_count_of, [_OF_BEFORE, _OF_WHICH], [_OF_THE_WHOLE]),
    _searched(_WHY_COUNT_OF, _ONE_IN),  # "1 in 5 runs"
    _searched(_WHY_COUNT_OF, _ONE_PER),  # "1 per 68 DAU"
    Reading(_word_before),
    Reading(_label),
    Reading(_label_noun),
    Reading(_statement_verb),
    Reading(_plan_after),
    Reading(_plan_noun_after),
    Reading(_gap_to_plan_after),
    Reading(_time_to_come),
    gated_on(_counterfactual, matched=[_COUNTERFACTUAL]),
    gated_on(_rule_threshold, matched=[_RULE_OPENER]),
    _searched(_WHY_PLAN_TO_A_GOAL, _TO_A_GOAL),  # "721 steps left to reach 12,000"
    _searched(_WHY_PLAN_GO_TO, _GO_TO),  # "This weekend we go to 9.8 mi"
    _searched(_WHY_PLAN_TRACKING_TO, _PROJECTED),  # "is tracking to $2.1M"
    gated_on(_past_words, searched=[PAST_WORDS]),
    Reading(_past_after),
    _searched(_WHY_PAST_WORDS, _VERSUS),  # "HRV 72 vs 69"
    gated_on(_after_another, searched=[_AFTER_ANOTHER, _AFTER_A]),
    Reading(_arrow),
    Reading(_part_of_period),
    gated_on(_opening_bound, matched=[_OPENS_WITH_BOUND]),
    Reading(_in_parentheses),
    gated_on(_last_subject, matched=[_SUBJECT_WAS_LAST]),
    gated_on(_yesterday, searched=[_YESTERDAY]),
    Reading(_yesterday_after),
    Reading(_product),
    Reading(_scale_top),
    _searched(_WHY_PLAN_ASKED_FOR, _ASKED_FOR),  # "The board asked for 18 months"
    _searched(_WHY_PLAN_THRESHOLD, _THRESHOLD),  # "We page when it exceeds 5%"
    gated_on(_year, searched=[_YEAR_BEFORE]),
    Reading(_remainder),
    Reading(_condition_after),
    Reading(_supposition),
    Reading(_out_of_a_scale),
)
_STATEMENT_TABLE: GatedTable[_ReadClause] = GatedTable(STATEMENT_READINGS)
