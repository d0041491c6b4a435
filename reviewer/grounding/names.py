"""Reading a metric's name beside a number (PRODUCT.md, "Reading the metric's name").

A known value is named by its pool name, underscores read as spaces (`rhr_baseline` ->
"rhr baseline"), and by the aliases of the config's `[names]` table. Where one of those
names stands right before a number (a few words, the same clause, nothing between but
verbs and prepositions) or right after it ("9 open positions"), the name says which known
value the number states, whatever the band would pick.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from reviewer.grounding import lexicon
from reviewer.grounding.form_starts import by_first_character, form_starts
from reviewer.grounding.prose import (
    AGAINST_REFERENCE,
    CASE_ODD,
    LOWERING_VERBS,
    ODD_LETTERS,
    search_before,
)
from reviewer.grounding.types import Known

_S = r"\s"  # any space: \s holds the no-break, narrow and thin spaces (str.isspace)
# suffixes that make a known value the change of another ("dau_change" of "dau")
CHANGE_SUFFIXES = tuple(f"_{part}" for part in lexicon.WORDS["change_name_parts"])
_CHANGE_NAME = re.compile(rf"(?:^|_)(?:{lexicon.alternation('change_name_parts')})(?:_|$)")
# words between a name and its number that make the number something else than its value
QUALIFIERS = lexicon.words("qualifiers")
_BETWEEN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_END = re.compile(r"[.!?;](?:\s|$)|\n|\(")


@lru_cache(maxsize=8192)  # a text names the same few values over and over
def form_key(written: str) -> str:
    """A name as compared: lower case, spaces, underscores and hyphens as one space."""
    return " ".join(re.split(r"[\s_-]+", written.lower().strip()))


def is_change(known: Known) -> bool:
    """Whether a known value is itself a change ("margin_change", "mrr_growth")."""
    return _CHANGE_NAME.search(known.name.lower()) is not None


@lru_cache(maxsize=1024)
def change_stem(known: Known) -> re.Pattern[str] | None:
    """The words a change's name is the change of ("hrv" of "hrv_change"), as a pattern."""
    stem = _CHANGE_NAME.sub(" ", known.name.lower()).strip(" _")
    if not stem or stem.replace("_", "").isdigit():
        return None
    words = rf"{_S}*[\s_-]{_S}*".join(map(re.escape, re.split(r"[\s_-]+", stem)))
    return re.compile(rf"(?<![\w])(?i:{words})(?![\w])")


# the unit a pool's name may end with: "latency_ms", "weight_kg", "sleep_minutes"
_UNIT_SUFFIXES = lexicon.words("unit_suffixes")

# words a metric's name may be written with for one another
SYNONYMS = lexicon.TABLES["synonyms"]


class NameIndex:
    """The names of one pool's known values, found in a text by one regex pass.

    Besides each whole name, a word that only one known value's names hold ("retention"
    of "D7 retention", "pulse" of "resting pulse") names it where nothing qualifies it:
    no other word before it but an article or a word of its own names ("seven-day
    retention"), and after it a verb or a number, not another noun ("session count").
    """

    __slots__ = (
        "by_form",
        "change_of",
        "changes",
        "contents",
        "first_words",
        "forms_at",
        "gates",
        "heads",
        "partial",
        "rate_verbs",
        "shared",
        "verbs",
        "words",
    )

    def __init__(self, pool: Sequence[Known], aliases: dict[str, tuple[str, ...]]) -> None:
        by_name: dict[str, Known] = {}
        for known in pool:
            by_name.setdefault(known.name, known)
        by_form = _own_forms(by_name, aliases)
        # a name the config gives two or more values ("baseline" of two baselines)
        self.shared = _shared_forms(by_name, aliases)
        _add_synonyms(by_form)
        self.by_form = by_form
        # name -> the stems each of its names says beyond plain and generic words
        self.contents: dict[str, list[frozenset[str]]] = {}
        for form, known in by_form.items():
            stems = content_stems(form)
            if stems:
                self.contents.setdefault(known.name, []).append(stems)
        self.words: dict[str, set[str]] = {}  # name -> the words of its names
        for form, known in by_form.items():
            self.words.setdefault(known.name, set()).update(form.split())
        self.changes = [k for k in by_name.values() if is_change(k)]
        self.change_of = _changes_of(by_name, aliases, self.words, self.changes)
        self.partial = _partial_words(self.words, by_form, by_name)
        self.heads = self._heads(by_form)
        self.verbs, self.rate_verbs = _verb_forms(by_form)
        # (after the words of each name are taken, so "count" or "scored" names nothing alone)
        _add_counting(by_form)
        _add_measure_verbs(by_form)
        self.gates: dict[tuple[str, ...], re.Pattern[str] | None] = {}
        forms = [*by_form, *self.partial, *self.heads]
        self.forms_at: FormsAt | None = FormsAt(forms) if by_form else None
        # the first word of every form, when all are ASCII and every form has one: where
        # none of them stands in a text's lower case, no name can start (see `_matches`)
        firsts = {form.split()[0] for form in forms if form.split()}
        self.first_words: tuple[str, ...] | None = (
            tuple(sorted(firsts))
            if all(word.isascii() for word in firsts) and all(map(str.split, forms))
            else None
        )

    @classmethod
    def of(cls, pool: Sequence[Known], aliases: dict[str, tuple[str, ...]]) -> NameIndex:
        """The index of `pool`'s names, built once per set of names: briefs that share a
        schema (every brief of a product names the same metrics, with values of its own)
        share the patterns and word tables, each pool getting its own known values."""
        key = (tuple((known.name, _counts_things(known)) for known in pool), id(aliases))
        found = _BY_NAMES.get(key)
        if found is not None and found[0] is aliases:
            return found[1].rebound(pool)
        index = cls(pool, aliases)
        _BY_NAMES[key] = (aliases, index)  # (the aliases held, so their id stays theirs)
        if len(_BY_NAMES) > _BY_NAMES_SIZE:
            del _BY_NAMES[next(iter(_BY_NAMES))]
        return index

    def rebound(self, pool: Sequence[Known]) -> NameIndex:
        """This index for another pool with the same names: the tables shared, each name's
        known value the other pool's."""
        by_name: dict[str, Known] = {}
        for known in pool:
            by_name.setdefault(known.name, known)
        other = object.__new__(NameIndex)
        other.by_form = {form: by_name[k.name] for form, k in self.by_form.items()}
        other.partial = {word: by_name[k.name] for word, k in self.partial.items()}
        other.heads = {word: by_name[k.name] for word, k in self.heads.items()}
        other.change_of = {name: by_name[k.name] for name, k in self.change_of.items()}
        other.changes = [by_name[k.name] for k in self.changes]
        other.contents, other.words, other.verbs = self.contents, self.words, self.verbs
        other.rate_verbs = self.rate_verbs
        other.shared = {
            form: tuple(by_name[k.name] for k in knowns) for form, knowns in self.shared.items()
        }
        other.gates, other.forms_at, other.first_words = self.gates, self.forms_at, self.first_words
        return other

    @property
    def pattern(self) -> re.Pattern[str] | None:
        """One pattern of every form of the pool's names (compiled when first asked)."""
        return None if self.forms_at is None else self.forms_at.whole()

    def _heads(self, by_form: dict[str, Known]) -> dict[str, Known]:
        """The last words of names ("score" of "sleep score", "hr" of "resting hr") that
        name one known value alone: no other known value's names hold the word, nor end in
        it ("rhr" is a heart rate too), and it names no quantity of its own or qualifies
        one ("users", "baseline")."""
        last: dict[str, set[str]] = {}
        for form, known in by_form.items():
            words = form.split()
            if len(words) >= 2:
                last.setdefault(words[-1], set()).add(known.name)
        heads = {}
        for word, names in last.items():
            if (
                len(names) != 1
                or word in by_form
                or word in self.partial
                or not word.isalpha()
                or word in QUALIFIERS
                or word in CHANGE_WORDS
                or word in _PLAIN
                or word in _NOT_HEAD
            ):
                continue
            (name,) = names
            if any(
                other != name and any(held.endswith(word) for held in theirs)
                for other, theirs in self.words.items()
            ):
                continue
            heads[word] = next(k for k in by_form.values() if k.name == name)
        return heads

    def mentions(self, text: str) -> list[tuple[int, int, Known, bool | None]]:
        """(start, end, known, whole) of every name in the text, in text order; `whole`
        is False for a word of a name standing for it, None for its head noun alone
        ("Score: 80"). A name right after a perfect tense's auxiliary is the verb its
        spelling shares, no name: "You've run 27.3 miles this week" names no run."""
        if self.forms_at is None:
            return []
        by_form = self.by_form
        found = []
        for m in self._matches(text):
            if _after_perfect(text, m.start()):
                continue
            key = form_key(m.group("form"))
            known = by_form.get(key)
            if known is not None:
                found.append((m.start(), m.end(), known, True))
                continue
            known = self.partial.get(key)
            if known is not None:
                if self._stands_alone(text, m.start(), m.end(), known):
                    found.append((m.start(), m.end(), known, False))
                continue
            known = self.heads.get(key)
            if known is not None and _head_alone(text, m.start()):
                found.append((m.start(), m.end(), known, None))
        return found

    def head_reads(self, known: Known, before: str, after: str, unit: bool) -> bool:
        """Whether a head noun alone names `known` in its sentence: nothing in its clause
        `before` it names another thing ("Sleep 8.2 hours, score 87%" is no recovery
        score), nor the clause `after` the number, past its unit word when it has one
        (`unit`): "Score: 4.5 stars in the app store" scores something else."""
        own = {stem(word) for word in self.words.get(known.name, ())}
        for word in _PARTS.findall(before):
            word = word.lower()
            if (
                len(word) >= 3
                and word not in _PLAIN
                and word not in _LINKS
                and word not in _NOT_HEAD
                and stem(word) not in own
            ):
                return False
        if unit:
            after = _FIRST_WORD.sub("", after, count=1)
        return all(
            len(word) < 3 or word.lower() in _PLAIN or word.lower() in _LINKS
            for word in _PARTS.findall(after)
        )

    def verb_gate(self, candidates: Sequence[Known]) -> re.Pattern[str] | None:
        """The pattern a word must match to say the verb of one of `candidates` (see
        `verb_gate`), or None when none of them has one; one per set of candidates."""
        key = tuple(known.name for known in candidates)
        if key not in self.gates:
            mine = set(key)
            self.gates[key] = verb_gate(
                {verb: names for verb, names in self.verbs.items() if not mine.isdisjoint(names)}
            )
        return self.gates[key]

    def by_verb(
        self, before: str, after: str, candidates: Sequence[Known], count: bool
    ) -> Known | None:
        """The known value among `candidates` that a verb or other word form of its name
        states in the number's clause (`before` it, and `after` it past its unit word or
        counted noun): "You slept 290 minutes", "3,100 people signed up". Only one known
        value may be said so, the clause names nothing else, and no word of it belongs to
        another candidate's names ("this week" of the weekly mileage). A count is the
        verb's subject ("3,100 people signed up") or its events ("ran 7 times"), never its
        object ("ran 4 intervals"). Callers search `verb_gate(candidates)` there first:
        a word it does not match says no verb."""
        verbs = self.verbs
        held = {known.name: known for known in candidates}
        first = _FIRST_WORD.match(after)
        events = first is not None and first.group(1).lower() in _EVENTS
        rest = after[first.end() :] if first is not None else after
        found: set[str] = set()
        said: set[str] = set()  # the words that say it: the verb and its particle
        clause: list[str] = []
        for side, part in ((False, before), (True, rest)):
            words = [w.lower() for w in _PARTS.findall(part)]
            clause += words
            for i, word in enumerate(words):
                following = words[i + 1] if i + 1 < len(words) else ""
                keys = word_verbs(word, following)
                names = {name for key in keys for name in verbs.get(key, ()) if name in held}
                if names and (side or not count or events):
                    found |= names
                    said.add(word)
                    if following in _PARTICLES:
                        said.add(following)
        if len(found) != 1:
            return None
        (name,) = found
        others: set[str] = set()
        for other in held:
            if other != name:
                others |= {stem(w) for w in self.words.get(other, ()) if w not in _LINKS}
        for word in clause:
            if word in said or word in _LINKS or len(word) < 3:
                continue
            content, plain = _content_stem(word)
            if content and not plain:
                return None  # the clause names something else ("Your partner slept")
            mine = stem(word)
            if any(o == mine or (len(mine) >= 4 and o.startswith(mine)) for o in others):
                return None  # a word of another candidate's names: not one value
        return held[name]

    def events_verb(
        self, text: str, start: int, pool: Sequence[Known], counted: Known
    ) -> Known | None:
        """The count other than `counted` whose name a verb right before the number at
        `start` says, the number its object: "We escalated 17 tickets" of `escalations`,
        "refunded 23 orders" of `refunds`. Each thing the verb acted on is one of its
        events, so the count is the verb's, not the noun's; None when no such verb stands
        there or it says more than one count."""
        word = _VERB_BEFORE.search(text, max(0, start - 30), start)
        if word is None:
            return None
        keys = word_verbs(word.group(1).lower())
        names = {name for key in keys for name in self.verbs.get(key, ())}
        names.discard(counted.name)
        if len(names) != 1:
            return None
        (name,) = names
        for known in pool:
            if known.name == name:
                return known if _counts_things(known) else None
        return None

    def said_around(self, text: str, start: int, end: int, after: int, known: Known) -> bool:
        """Whether a word of `known`'s name (text[start:end]) and the two words after a
        number ending at `after` say one of its names in full ("Overdue: 7 invoices")."""
        following = _TWO_WORDS.match(text, after)
        if following is None:
            return False
        said = content_stems(text[start:end] + " " + following.group())
        return any(form <= said for form in self.contents.get(known.name, ()))

    def share_verb(self, words: Sequence[str]) -> Known | None:
        """The share the words after "N% of" say with its verb, after the population it
        is a share of ("visitors converted", "trial users have churned"): the first word
        that says a share's verb, a few plain words before it, and no other value's verb."""
        if not self.rate_verbs:
            return None
        by_name = {known.name: known for known in self.by_form.values()}
        for i, word in enumerate(words[:6]):
            following = words[i + 1] if i + 1 < len(words) else ""
            names = {n for key in word_verbs(word, following) for n in self.rate_verbs.get(key, ())}
            if names:
                if following.isalpha() and following not in _AFTER_A_VERB:
                    return None  # "40% of the error budget": a word of a noun, no verb
                return by_name[next(iter(names))] if len(names) == 1 and i else None
            if any(key in self.verbs for key in word_verbs(word, following)):
                return None  # another value's verb first: "of DAU signed up"
        return None

    def by_words(
        self, sentence: str, candidates: Sequence[Known], loose: bool = True
    ) -> Known | None:
        """The known value among `candidates` (those of a number's unit) that the words of
        its sentence name, when no name of the config stands there: the one a name of
        which the sentence says in full, beyond plain and generic words, the longest
        such name deciding ("the usual resting rate" says "resting baseline" rather than
        "resting heart rate"); else, when it is the only value of the unit, a word of its
        names standing alone ("time in app per session" of "session length"; "operating
        income" is another quantity than "net income"), unless not `loose`. None when
        that is not one value."""
        said = content_stems(sentence, plain=False)
        if not said:
            return None
        full: dict[str, tuple[int, Known]] = {}
        for known in candidates:
            sizes = [len(form) for form in self.contents.get(known.name, ()) if form <= said]
            if sizes:
                full[known.name] = (max(sizes), known)
        if full:
            best = max(size for size, _ in full.values())
            found = [known for size, known in full.values() if size == best]
            return found[0] if len(found) == 1 else None
        if len(candidates) != 1 or not loose:
            return None
        known = candidates[0]
        own = set().union(*self.contents.get(known.name, ()))
        previous = None
        for word in _PARTS.findall(sentence):
            word = word.lower()
            if (
                word not in _PLAIN
                and stem(word) in own
                and (previous is None or previous in _PLAIN or stem(previous) in own)
            ):
                return known
            previous = word
        return None

    def said_of_several(self, text: str, start: int, end: int) -> bool:
        """Whether the name at text[start:end] is a singular noun said in the plural ("Long
        runs have gone 10, 11, 12 and 13 miles", "Your sleep scores this week"): several of
        them, not the one value the pool holds. A form that ends in "s" itself ("steps",
        "signups") and an abbreviation ("DAUs") are no such plural; a word of a name
        standing for it ("Errors ran at 3.1%" of the error rate) is not asked."""
        said = text[start:end]
        if said[-1:] not in ("s", "S"):
            return False
        words = said[:-1].split()
        if not words or words[-1].isupper():
            return False  # an abbreviation: "DAUs"
        key = form_key(said)
        if key in self.by_form or key in self.partial or key in self.heads:
            return False
        last = key.split()[-1]
        return len(last) >= 4 and last.isalpha() and last.islower()

    def said_singly(self, sentence: str, known: Known) -> bool:
        """Whether the sentence says the count `known`'s noun only in the singular: one of
        them, whose number counts something else ("The status page was updated 3 times",
        "The overdue invoice was chased 3 times"); "paged 3 times", "3 pages" count them."""
        nouns = [word for word in self.words.get(known.name, ()) if _singular(word)]
        singles = {_singular(word) for word in nouns}
        stems = {stem(word) for word in nouns}
        said = [w for w in map(str.lower, _PARTS.findall(sentence)) if stem(w) in stems]
        return bool(said) and all(word in singles for word in said)

    def _matches(self, text: str, *, plain: bool = False) -> list[re.Match[str]]:
        """`pattern.finditer(text)`, faster: a match starts where the first word of a form
        stands in the text's lower case (`form_starts`), so the forms of the first words
        standing there are tried at those positions alone (`FormsAt.match`), in order,
        each after the last match's end. That holds when lowering keeps every character
        in its place and no letter of the text is one `(?i:...)` reads as an ASCII one
        (İ ı ſ and the Kelvin sign): else, and with `plain=True`, the whole pattern scans
        the text itself."""
        forms = self.forms_at
        if forms is None:
            return []
        words = self.first_words
        low = text.lower()
        if (
            plain
            or words is None
            or not (text.isascii() or (len(low) == len(text) and not ODD_LETTERS.search(text)))
        ):
            return list(forms.whole().finditer(text))
        found = []
        after = 0
        for at in form_starts(text, low, words):
            if at >= after:
                m = forms.match(text, low, at)
                if m is not None:
                    found.append(m)
                    after = m.end()
        return found

    def _stands_alone(self, text: str, start: int, end: int, known: Known) -> bool:
        """Whether a word of `known`'s names is not part of another quantity's name."""
        own = self.words[known.name]
        before = _WORD_BEFORE.search(text, max(0, start - 30), start)
        if before is not None:
            word = before.group(1).lower()
            if word not in _DETERMINERS and own.isdisjoint(re.split(r"[-’']", word)):
                return False
        after = _WORD_AFTER.match(text, end, end + 30)
        if after is not None:
            word = after.group(1).lower()
            return word in _PLAIN or word in own or word.endswith("ed")
        return True


def _own_forms(by_name: dict[str, Known], aliases: dict[str, tuple[str, ...]]) -> dict[str, Known]:
    """Each known value's own forms: its name and aliases as compared, and a name that
    ends in its unit said without it (`p95_latency_ms` is "p95 latency"; but a single
    word left, "sleep" of `sleep_hours`, names too much)."""
    by_form: dict[str, Known] = {}
    for known in by_name.values():
        for form in (known.name, *aliases.get(known.name, ())):
            key = form_key(form)
            if any(char.isalpha() for char in key):
                by_form.setdefault(key, known)
        *head, last = form_key(known.name).split() or [""]
        if len(head) >= 2 and (last in _UNIT_SUFFIXES or last == known.unit.lower()):
            key = " ".join(head)
            if any(char.isalpha() for char in key):
                by_form.setdefault(key, known)
    return by_form


def _shared_forms(
    by_name: dict[str, Known], aliases: dict[str, tuple[str, ...]]
) -> dict[str, tuple[Known, ...]]:
    """The names (as compared) that the config gives to more than one known value, each
    with those values in pool order: "baseline" of both `rhr_baseline` and `hrv_baseline`."""
    holders: dict[str, list[Known]] = {}
    for known in by_name.values():
        for form in {form_key(form) for form in (known.name, *aliases.get(known.name, ()))}:
            holders.setdefault(form, []).append(known)
    return {form: tuple(knowns) for form, knowns in holders.items() if len(knowns) > 1}


def _add_synonyms(by_form: dict[str, Known]) -> None:
    """A name of two words or more is also written with a word's synonym ("sleep rating"
    for "sleep score"), unless that spelling names another value."""
    for key, known in list(by_form.items()):
        words = key.split()
        if len(words) < 2:
            continue
        for i, word in enumerate(words):
            for synonym in SYNONYMS.get(word, ()):
                by_form.setdefault(" ".join([*words[:i], synonym, *words[i + 1 :]]), known)


def _changes_of(
    by_name: dict[str, Known],
    aliases: dict[str, tuple[str, ...]],
    words: dict[str, set[str]],
    changes: list[Known],
) -> dict[str, Known]:
    """The change of each level value, when the pool holds one: "dau" -> "dau_change" by
    its suffix, then "p95 latency" -> "latency_change" (the change's other words name the
    level)."""
    change_of: dict[str, Known] = {}
    for known in by_name.values():
        for suffix in CHANGE_SUFFIXES:
            change = by_name.get(known.name + suffix)
            if change is not None:
                change_of.setdefault(known.name, change)
    for known in by_name.values():
        if is_change(known) or known.name in change_of:
            continue
        said = words.get(known.name, set())
        for change in changes:
            stems = [_stem_words(form) for form in (change.name, *aliases.get(change.name, ()))]
            if any(stem and stem <= said for stem in stems):
                change_of[known.name] = change
                break
    return change_of


def _partial_words(
    words: dict[str, set[str]], by_form: dict[str, Known], by_name: dict[str, Known]
) -> dict[str, Known]:
    """The words of names that only one known value's names hold, and that neither
    qualify nor are plain: each names its value alone ("retention", "pulse")."""
    holders: dict[str, set[str]] = {}
    for name, said in words.items():
        for word in said:
            holders.setdefault(word, set()).add(name)
    return {
        word: by_name[next(iter(names))]
        for word, names in holders.items()
        if len(names) == 1
        and word not in by_form
        and len(word) >= 4
        and word.isalpha()
        and word not in _NOT_PARTIAL
        and word not in QUALIFIERS
        and word not in CHANGE_WORDS
        and word not in _PLAIN
    }


def _verb_forms(by_form: dict[str, Known]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The verb or the other word form each known value's names say alone once their
    measure word is off ("sleep duration" -> "sleep", "slept"; "signups" -> "signed up"),
    and a share's verb ("conversion rate" -> "converted": "3.4% of visitors converted")."""
    verbs: dict[str, set[str]] = {}
    for form, known in by_form.items():
        for key in form_verbs(form):
            verbs.setdefault(key, set()).add(known.name)
    rate_verbs: dict[str, set[str]] = {}
    for form, known in by_form.items():
        if known.unit == "pct":
            for key in form_verbs(" ".join(w for w in form.split() if w != "rate")):
                rate_verbs.setdefault(key, set()).add(known.name)
    return verbs, rate_verbs


def _add_counting(by_form: dict[str, Known]) -> None:
    """A count is named by its noun in the singular and a word of counting, too: "alert
    count", "incident tally", "overdue invoice count"."""
    for key, known in list(by_form.items()):
        *head, last = key.split()
        single = _singular(last)
        if single is None or not _counts_things(known):
            continue
        for measure in _COUNTING:
            by_form.setdefault(" ".join([*head, single, measure]), known)


def _add_measure_verbs(by_form: dict[str, Known]) -> None:
    """A name of a measure said with its measure as the verb: "sleep score" -> "sleep
    scored" ("Your sleep scored 82"), "average HR" -> "HR averaged"."""
    for key, known in list(by_form.items()):
        *head, last = key.split()
        if head and last in _MEASURE_VERBS:
            by_form.setdefault(" ".join([*head, _MEASURE_VERBS[last]]), known)
        first, *rest = key.split()
        if rest and first in _MEASURE_VERBS:
            by_form.setdefault(" ".join([*rest, _MEASURE_VERBS[first]]), known)


_BY_NAMES: dict[tuple, tuple[dict, NameIndex]] = {}  # see `NameIndex.of`
_BY_NAMES_SIZE = 256
_COUNTING = ("count", "tally", "total", "volume")
# the measures a name may say as the verb of its other words: the score, the average
_MEASURE_VERBS = lexicon.TABLES["measure_verbs"]


_TWO_WORDS = re.compile(rf"{_S}+[A-Za-z][\w'’-]*(?:{_S}+[A-Za-z][\w'’-]*)?")


# the word right before a number, past an adverb: "escalated 17", "refunded only 23"
_VERB_BEFORE = re.compile(
    rf"\b([A-Za-z]+ed)[ \t\u00a0]+(?:(?i:{lexicon.alternation('verb_softeners')})[ \t\u00a0]+)?$"
)


def _counts_things(known: Known) -> bool:
    """Whether a known value is a count: a whole number, no unit."""
    return known.unit == "none" and known.value >= 0 and float(known.value).is_integer()


def _singular(word: str) -> str | None:
    """A plural noun's singular ("invoices" -> "invoice"), or None for a word that is not
    plural."""
    if len(word) < 4 or not word.isalpha() or not word.endswith("s") or word.endswith("ss"):
        return None
    return word[:-3] + "y" if word.endswith("ies") else word[:-1]


def name_pattern(forms: list[str], *, plain: bool = False) -> re.Pattern[str]:
    """One regex for every form of a pool's names (`form_key` spellings), longest first.

    Written plainly, the pattern opens with a lookahead, so the regex engine tries it at
    every position of the text. When every form starts with an ASCII letter or digit it opens
    with that character instead, in a class of both cases the engine scans for at C speed, the
    forms follow grouped by it (`(?<=r)(?:hr|esting...)`): the same matches, about twice as
    fast. `plain=True` gives the plain pattern (the tests hold the fast one to it)."""
    forms = sorted(forms, key=lambda f: (-len(f), f))
    bodies = [rf"{_S}*[\s_-]{_S}*".join(map(re.escape, f.split())) for f in forms]
    if not plain and all(body[:1].isascii() and body[:1].isalnum() for body in bodies):
        groups: dict[str, list[str]] = {}
        for body in bodies:
            groups.setdefault(body[0], []).append(body[1:])
        letters = "".join(c + c.upper() + CASE_ODD.get(c, "") for c in groups if c.isalpha())
        letters += "".join(c for c in groups if c.isdigit())
        branches = "|".join(f"(?<={c})(?:{'|'.join(rests)})" for c, rests in groups.items())
        return re.compile(
            rf"(?P<form>[{letters}](?<!\w.)(?<![$€£].)(?i:{branches}))(?:'s|’s|s|es)?(?![\w])"
        )
    # a form's first character, tested first: most positions fail it at once
    first = "".join(map(re.escape, sorted({form[0] for form in forms})))
    return re.compile(
        rf"(?=(?i:[{first}]))(?<!\w)(?<![$€£])(?i:(?P<form>{'|'.join(bodies)}))(?:'s|’s|s|es)?(?![\w])"
    )


class FormsAt:
    """A pool's name forms, compiled as a text needs them. A name starts where a form's
    first word stands (`form_starts`), and there only the forms of the first words
    standing there can match: their own pattern, compiled the first time those words
    stand in a text, matches what the whole pattern matches at that place (the same forms
    in the same order). A pool of 20,000 names so compiles the few patterns its texts
    need, not one alternation of 20,000 names (some 0.7 s); the whole pattern is compiled
    only for a text it must scan itself."""

    __slots__ = ("_by_char", "_compiled", "_forms", "_of_first", "_whole")

    def __init__(self, forms: list[str]) -> None:
        self._forms = forms
        self._whole: re.Pattern[str] | None = None
        self._of_first: dict[str, list[str]] = {}
        for form in forms:
            words = form.split()
            if words:
                self._of_first.setdefault(words[0], []).append(form)
        self._by_char = by_first_character(self._of_first)
        self._compiled: dict[tuple[str, ...], re.Pattern[str]] = {}

    def whole(self) -> re.Pattern[str]:
        """One pattern of every form (`name_pattern`)."""
        if self._whole is None:
            self._whole = name_pattern(self._forms)
        return self._whole

    def match(self, text: str, low: str, at: int) -> re.Match[str] | None:
        """The whole pattern's match at `at` of `text` (`low` its lower case, each
        character in its place), tried with the forms whose first word stands there."""
        standing = []
        for size, group in self._by_char.get(low[at], ()):
            word = low[at : at + size]
            if word in group:
                standing.append(word)
        if not standing:
            return None
        key = tuple(standing)
        pattern = self._compiled.get(key)
        if pattern is None:
            forms = [form for word in key for form in self._of_first[word]]
            pattern = self._compiled[key] = name_pattern(forms)
        return pattern.match(text, at)


# words that name no quantity of their own: never a name's stand-in
_NOT_PARTIAL = lexicon.words("not_partial")
_DETERMINERS = lexicon.words("determiners")
_WORD_BEFORE = re.compile(rf"([\w’'-]+){_S}+$")
_WORD_AFTER = re.compile(rf"{_S}+([A-Za-z][A-Za-z’'-]*)")


# the last words of names that are a unit or a count noun, never a name's head alone
_NOT_HEAD = lexicon.words("not_head")
_POSSESSIVE = re.compile(r"(?:'s|’s)$")


def _head_alone(text: str, start: int) -> bool:
    """Whether a name's head noun stands alone ("Score", "Your score", "This week's
    score"): nothing before it in its clause but an article, a pronoun or a time."""
    before = _WORD_BEFORE.search(text, max(0, start - 30), start)
    if before is None or not before.group(1).strip("-'’"):
        return True  # (a list's dash is no word: "- Score: 80")
    word = _POSSESSIVE.sub("", before.group(1).lower())
    return word in _DETERMINERS or word in _PLAIN


# the words that may stand between a head noun alone and its number: verbs of statement,
# links and times ("Score came in at 80", "Your score was 80 last night")
_HEAD_LINKS = lexicon.words("head_links")


@lru_cache(maxsize=4096)
def head_gap(gap: str) -> bool:
    """Whether the words between a head noun alone and the number after it make the
    number its value: verbs of statement and times only, in one clause, and no
    preposition first ("Time in bed was", "Score on the quiz")."""
    if len(gap) > 40 or _END.search(gap) or "," in gap:
        return False
    words = [w.lower().strip("'’") for w in _BETWEEN.findall(gap)]
    if words[:1] == ["in"]:
        return False
    return all(w in _HEAD_LINKS for w in words)


# words that say a usual level: "the usual resting rate" is the resting baseline
BASELINE_WORDS = lexicon.words("baseline_words")


_INFLECTIONS = ("ings", "ing", "ers", "er", "ed", "es", "s")
_ENDINGS = ("en", "e")  # then: "awaken" and "awake" -> "awak"
_IRREGULAR = lexicon.TABLES["irregular_roots"]
# (a run written as its first character, then the rest: a pattern that opens with a class
# is scanned for it at C speed, where one that opens with a repeat runs at every position)
_PARTS = re.compile(r"[A-Za-z][A-Za-z]*")


@lru_cache(maxsize=8192)  # prose repeats its words
def stem(word: str) -> str:
    """A word's stem as names are compared: an inflection and an ending off ("waking",
    "wake" and "woke" -> "wak", "paged" and "pages" -> "pag", "awakenings" -> "awak"), at
    most five letters kept."""
    word = word.lower()
    if word in BASELINE_WORDS:
        return "basel"
    irregular = _IRREGULAR.get(word)
    if irregular is not None:
        return irregular
    for suffixes in (_INFLECTIONS, _ENDINGS):
        for suffix in suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                break
    return word[:5]


# words a name adds to the thing it measures: "sleep duration" is how long one sleeps
MEASURE_WORDS = lexicon.words("measure_words")
# the particles of phrasal verbs and of the nouns made of them ("sign up", "signups")
_PARTICLES = lexicon.words("verb_particles")
_EVENTS = lexicon.words("events")  # "ran 7 times": a count of the verb's events
_FIRST_WORD = re.compile(rf"^{_S}*(?:[%$€£]{_S}*)?([A-Za-z][A-Za-z’'/-]*)")


def _undoubled(root: str) -> str:
    """A stem without a doubled final consonant ("logg" of "logged" -> "log")."""
    if len(root) >= 4 and root[-1] == root[-2] and root[-1] not in "aeiousl":
        return root[:-1]
    return root


# what follows a share's verb ("converted to paid", "churn each month", "errored during
# the deploy"); another word after it makes it a noun's modifier ("error budget")
_AFTER_A_VERB = _PARTICLES | lexicon.words("after_a_share_verb")


# a perfect tense's auxiliary right before a name ("have run", "you've run")
_PERFECT_BEFORE = re.compile(r"(?i:\b(?:have|has|had)|[a-z]['’]ve)[ \t\u00a0]+$")


def _after_perfect(text: str, start: int) -> bool:
    """Whether the word at `start` follows a perfect tense's auxiliary."""
    return text[start - 1 : start].isspace() and (
        _PERFECT_BEFORE.search(text, max(0, start - 8), start) is not None
    )


def word_verbs(word: str, following: str = "") -> list[str]:
    """The keys a word of prose says a name's verb with: its stem, and with a particle
    after it the phrasal verb ("signed" "up" -> "sign+up"). `word` is lower case."""
    keys = [_undoubled(stem(word))]
    if following in _PARTICLES:
        keys.append(f"{keys[0]}+{following}")
    return keys


def verb_gate(verbs: dict[str, set[str]]) -> re.Pattern[str] | None:
    """A pattern for the words that may say one of `verbs`' keys: those starting with a
    key's stem (a stem is the start of its word), and the irregular forms."""
    starts = {key.split("+")[0] for key in verbs}
    words = {word for word, root in _IRREGULAR.items() if _undoubled(root) in verbs}
    if "basel" in verbs:
        words |= BASELINE_WORDS
    if not starts and not words:
        return None
    # the first letter in a class of both cases, first, which the engine scans for at C
    # speed; the rest of each start after it (as `name_pattern` does)
    groups: dict[str, list[str]] = {}
    for start in sorted(starts | words, key=lambda w: (-len(w), w)):
        groups.setdefault(start[0], []).append(re.escape(start[1:]))
    letters = "".join(re.escape(c + c.upper()) for c in groups)
    branches = "|".join(
        f"(?<=[{re.escape(c + c.upper())}])(?i:{'|'.join(rests)})" for c, rests in groups.items()
    )
    return re.compile(rf"[{letters}](?<![A-Za-z].)(?:{branches})")


def form_verbs(form: str) -> list[str]:
    """The keys of the one word a name says once its links and measure word are off
    ("sleep duration" -> sleep; "signups" and "sign ups" -> sign+up); none when more
    words than one are left ("deep sleep")."""
    words = [w for w in form.split() if w not in _LINKS and w not in MEASURE_WORDS]
    if len(words) == 2 and words[1].rstrip("s") in _PARTICLES and len(words[0]) >= 3:
        return [f"{_undoubled(stem(words[0]))}+{words[1].rstrip('s')}"]
    if len(words) != 1 or not words[0].isalpha():
        return []
    word = words[0]
    keys = [_undoubled(stem(word))]
    bare = word[:-1] if word.endswith("s") else word
    for particle in _PARTICLES:
        root = bare[: -len(particle)]
        if bare.endswith(particle) and len(root) >= 3:
            keys.append(f"{_undoubled(stem(root))}+{particle}")
    return keys


# words a name holds that need not be said with it: articles and prepositions
_LINKS = lexicon.words("links")


def content_stems(words: str, plain: bool = True) -> frozenset[str]:
    """The stems of the words that say which quantity: not articles and prepositions,
    not generic words ("rate", "time"), a word of a usual level read as "baseline"; the
    parts of a hyphenated word apart ("wake-ups"). A name's stems are all to be said
    ("new accounts" is not "enterprise accounts"); `plain=False` leaves out the plain
    words of a sentence (verbs of statement, times: "run", "new"), which name nothing."""
    stems = _STEMS
    found = set()
    for word in _PARTS.findall(words):
        entry = stems.get(word)
        if entry is None:
            if len(stems) >= _STEMS_SIZE:
                stems.clear()
            entry = stems[word] = _content_stem(word)
        if entry[0] and (plain or not entry[1]):
            found.add(entry[0])
    return frozenset(found)


def _content_stem(word: str) -> tuple[str, bool]:
    """`content_stems` of one word as written: (its stem, or "" when it names nothing;
    whether it is a plain word)."""
    word = word.lower()
    if len(word) < 3 or word in _LINKS or word in _NOT_PARTIAL or word[:-1] in _NOT_PARTIAL:
        return "", False
    return stem(word), word in _PLAIN


# each word as written, as `content_stems` found it: prose repeats its words
_STEMS: dict[str, tuple[str, bool]] = {}
_STEMS_SIZE = 20_000


CHANGE_WORDS = lexicon.words("change_words")


def _stem_words(form: str) -> set[str]:
    """The words of a change's name other than the change word ("latency change" -> latency)."""
    return {w for w in form_key(form).split() if w not in CHANGE_WORDS}


_ASIDE = re.compile(rf"{_S}*\([^()0-9\n]{{1,40}}\)")
_OPEN_BEFORE_NUMBER = re.compile(rf"{_S}*\((?:(?:[$€£¥]|US\$){_S}?)?$")  # "Cash ($2.4M)"
_SIGN_NOUN_OF = re.compile(
    rf"(?i:\b(?:a|an){_S}+(?:net{_S}+)?(?P<noun>loss|{lexicon.alternation('sign_nouns_of')}"
    rf"){_S}+of){_S}*(?:(?:[$€£¥]|US\$){_S}?)?$"
)
# of those, the nouns that give a level its sign ("a loss of $50k" is net income below 0)
_LEVEL_SIGN_NOUNS = lexicon.words("level_sign_nouns")
# qualifiers that name a past time: beside a change's unit they are the change's base
PAST_QUALIFIERS = lexicon.words("past_qualifiers")
_COMPARED = lexicon.words("compared_words")


@lru_cache(maxsize=8192)  # most gaps are a space, a verb, a colon: the same few strings
def gap_reading(gap: str) -> str | None:
    """What the words between a name and the number after it make of the number: "value"
    (it states the named value), "change" (it states its change: "P95 trend: 7.0"),
    "since" (a comparison with a past time: the change when the unit is the change's,
    "margin versus last quarter: 38 bps"), or None (another clause, too far, or a
    baseline, a target... of it)."""
    if gap[:1] == ")":
        return None  # the name stands inside parentheses, the number outside them
    if _ASKED.fullmatch(gap):
        return "value"  # "Resting heart rate? 61 bpm."
    gap = AGAINST_REFERENCE.sub(" ", _FUNNEL_STEP.sub(" ", gap))
    # an aside in parentheses says what the name covers ("DAU (all platforms) came to"),
    # and a number may stand in parentheses right after its name ("p50 latency (175)")
    gap = _OPEN_BEFORE_NUMBER.sub("", _ASIDE.sub("", gap))
    if len(gap) > 60 or _END.search(gap):
        return None
    # "was a loss of": the level's sign in words (read from the words before the number),
    # "saw a drop of": a change told as a noun; neither qualifies the name
    told = _SIGN_NOUN_OF.search(gap)
    if told is not None:
        gap = gap[: told.start()]
    # "ticked up overnight and now sits at": the level now, whatever moved before it
    now = _AND_NOW.search(gap)
    if now is not None:
        gap = gap[now.end() :]
    words = [w.lower().strip("'’") for w in _BETWEEN.findall(gap)]
    if len(words) > 6 and (len(words) > 9 or ":" in gap or not _SUBJECTS.isdisjoint(words)):
        return None  # far, or another clause ("and you hit", "too fresh: TSB is")
    if told is not None and told.group("noun").lower() not in _LEVEL_SIGN_NOUNS:
        words.append("change")
    if any(w in CHANGE_WORDS for w in words):
        return (
            "change" if not any(w in QUALIFIERS and w not in CHANGE_WORDS for w in words) else None
        )
    # "last night" is the night reported, not a past value, and so is "yesterday" in a
    # daily brief ("Steps yesterday: 18,000"), unless the number is compared with it
    compared = not _COMPARED.isdisjoint(words)
    qualifiers = [
        w for i, w in enumerate(words)
        if w in QUALIFIERS and not (w == "last" and words[i + 1 : i + 2] == ["night"])
        and not (w == "yesterday" and not compared)
    ]  # fmt: skip
    if not qualifiers:
        return "value"
    if PAST_QUALIFIERS.issuperset(qualifiers) and compared:
        return "since"
    return None


# a question's answer: "Resting heart rate? 61 bpm.", "Deep sleep? A solid 90 min."
_ASKED = re.compile(rf"\?{_S}+(?:(?i:a|an|just|only){_S}+)?(?:[a-z]+{_S}+)?")
# a funnel's step in words, no number in it: "conversion from trial to paid"
_FUNNEL_STEP = re.compile(
    rf"(?i:\bfrom{_S}+[A-Za-z][A-Za-z-]*(?:{_S}+[A-Za-z][A-Za-z-]*)?{_S}+to{_S}+[A-Za-z][A-Za-z-]*)"
    rf"(?={_S}+[A-Za-z])"
)


def long_gap(gap: str) -> bool:
    """Whether more than six words stand between a name and its number."""
    return len(_BETWEEN.findall(gap)) > 6


_AND_NOW = re.compile(
    rf"(?i:(?:,|\band)(?={_S}+(?:(?:is|sits|stands|reads)\b{_S}*)?(?:now|currently)\b))"
)
# words that open a clause of their own inside a long gap
_SUBJECTS = lexicon.words("subjects")
_CHANGE_IN = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('change_in_nouns')})"
    rf"{_S}+(?:in|of){_S}+(?:the{_S}+|our{_S}+|your{_S}+)?)$"
)


def words_before(text: str, start: int) -> list[str]:
    """The last two words (lower case) of the 30 characters before `start`."""
    return _PARTS.findall(text[max(0, start - 30) : start].lower())[-2:]


def change_named_before(text: str, start: int, words: list[str] | None = None) -> bool:
    """Whether "change in" stands right before a name ("the change in daily actives").
    ASCII text there is not searched when the last of its `words_before` (given, when read
    already) is no linking word, as the words `_CHANGE_IN` ends with are ("in", "of",
    "the", "your")."""
    words = words_before(text, start) if words is None else words
    if (not words or words[-1] not in _LINKS) and text[max(0, start - 30) : start].isascii():
        return False
    return search_before(_CHANGE_IN, text, start, 30) is not None


def verb_on_name(text: str, start: int, words: list[str] | None = None) -> int:
    """The direction of a change verb whose object is the name at `start` ("The fix cut
    p95 latency by 10.6%", "The campaign lifted signups 20%"): 1 up, -1 down, 0 none.
    `words`: its `words_before`, when read already."""
    words = words_before(text, start) if words is None else words
    if _MOVING_VERBS.isdisjoint(words):
        return 0  # most names have no such verb before them
    found = _VERB_ON.search(text, max(0, start - 30), start)
    if found is None:
        return 0
    return 1 if found.group(1).lower() in _RAISING else -1


# verbs that move a quantity, said of it as their object
_RAISING = lexicon.words("raising")
_MOVING_VERBS = _RAISING | LOWERING_VERBS
_VERB_ON = re.compile(
    rf"(?i:\b({'|'.join(sorted(_MOVING_VERBS))})(?:{_S}+(?:{lexicon.alternation('definite_determiners')}))?){_S}+$"
)


_AFTER_GAP = re.compile(rf"^{_S}+(?:[A-Za-z][\w-]*{_S}+)?$")
_NOT_BETWEEN = lexicon.words("not_between")


_OF_GAP = re.compile(
    rf"^{_S}+(?i:of){_S}+(?:(?i:{lexicon.alternation('person_determiners')}){_S}+)?$"
)
# units whose "N of NAME" states a share of the named value, not the value ("20% of budget")
SHARES = lexicon.words("generic_units")


_IN_GAP = re.compile(rf"^{_S}+(?i:in){_S}+(?:(?i:the|your|my|our){_S}+)?$")
# units of time spent: "70 min in REM" is the time spent in it (but "$2,000 in cash" is
# how it was paid, and "3% in churn" a share of something)
SPENT = lexicon.words("spent_units")


@lru_cache(maxsize=8192)
def after_gap_allows(gap: str, unit: str = "none") -> bool:
    """Whether a name right after a number names it ("27 pages", "9 open positions"); after
    a unit word that is no share, across "of" too ("66 mins of REM sleep"), and after a
    unit of time across "in" ("70 min in REM")."""
    if "\n" in gap:
        return False  # another line: a list's next item, a heading
    if unit not in SHARES and _OF_GAP.match(gap):
        return True
    if unit in SPENT and _IN_GAP.match(gap):
        return True
    if not _AFTER_GAP.match(gap):
        return False
    words = _BETWEEN.findall(gap)
    return not any(w.lower() in _NOT_BETWEEN for w in words)


def held_in(gap: str, unit: str) -> bool:
    """Whether a name after "in" names the number before it in a unit that is neither a
    share nor time spent ("$1.9M in cash", "400 GB in free disk"): what is held in it."""
    return unit not in SHARES and unit not in SPENT and _IN_GAP.match(gap) is not None


_LIST_BREAK = re.compile(r",|\band\b")


def list_gap(gap: str) -> bool:
    """Whether a comma or "and" stands between a name and the number after it ("Deep
    sleep, 70 min REM"): a list, where the number's own name after it says more."""
    return _LIST_BREAK.search(gap) is not None


_LATER_END = re.compile(r"[.!?;:](?:\s|$)|\n|[()\[\]]")
# words right before a name that make the number something else than its value
_LATER_NOT = lexicon.words("later_not")
_NUMBER_IN = re.compile(r"[0-9]")
_INDEFINITE = lexicon.words("indefinite_articles")


@lru_cache(maxsize=4096)
def plain_gap(gap: str) -> bool:
    """Whether nothing but plain words (verbs of statement, prepositions, times) and
    punctuation stand between a name and the number after it ("Queue depth hit", "Runs
    this week:"): the number is the named quantity even when a noun counts it ("3,400
    jobs"), where another verb makes it something else ("Experiments span 3 teams"), and a
    preposition right before it counts something else ("DAU on 3 platforms")."""
    words = [w.lower().strip("'’") for w in _BETWEEN.findall(gap)]
    if words and words[-1] in _COUNT_OTHER:
        return False
    if len(words) >= 2 and words[-1] == "to" and words[-2] in _MOVED:
        words = words[:-2]  # "The backlog grew to 3,400 messages": the level it reached
    return all(w in _PLAIN for w in words)


# verbs of movement that "to" turns into the level reached
_MOVED = lexicon.words("moved")


# prepositions that introduce what a count counts when they stand right before it
_COUNT_OTHER = lexicon.words("count_other")


def qualified_gap(gap: str) -> bool:
    """Whether a qualifier stands between a name and the number after it in one clause
    ("HRV peak this block was 67", "DAU record was"): the number is that, not the value.
    "Revenue from the Berlin entity is" is the revenue."""
    if len(gap) > 60 or _END.search(gap):
        return False
    words = [w.lower().strip("'’") for w in _BETWEEN.findall(gap)]
    # past times and "from" are read by the words before the number ("from 31 to 36")
    return any(w in QUALIFIERS and w not in PAST_QUALIFIERS for w in words)


def later_gap_allows(gap: str, after: str) -> bool:
    """Whether a name later in the sentence names a number before it that nothing else
    names ("It took 28 min to drop off, so latency is fine"): the same sentence, no other
    number between, a few words, no qualifier right before the name; not a comparison's
    other side ("than your usual latency"), not qualified after ("latency target"), and
    not followed by a number of its own in the sentence (`after`: the rest of it)."""
    if len(gap) > 90 or _LATER_END.search(gap) or _NUMBER_IN.search(gap):
        return False
    words = [w.lower().strip("'’") for w in _BETWEEN.findall(gap)]
    if not words or len(words) > 10 or words[-1] in _LATER_NOT:
        return False
    if not _INDEFINITE.isdisjoint(words[-3:]):
        return False  # "a distance you can finish", "an easy run": a kind, not the metric
    if any(w in QUALIFIERS for w in words[-2:]):
        return False
    end = _LATER_END.search(after)
    rest = after[: end.start()] if end else after
    if _NUMBER_IN.search(rest):
        return False
    following = _BETWEEN.findall(rest[:30])
    return not (following and following[0].lower().strip("'’") in QUALIFIERS)


# words that say nothing of which quantity a number is: pronouns, articles, verbs of
# statement, prepositions, times. What is left in a clause names the quantity.
_PLAIN = lexicon.words("plain")
PLAIN_WORDS = _PLAIN  # (for the readings elsewhere that ask whether a word is plain)


_CONTRACTED = re.compile(rf"['’](?:{lexicon.alternation('contraction_endings')})$")
# words of a clause that name no quantity: where a number was read, when, how it looks
_NAME_NOTHING = lexicon.words("name_nothing")


def _stems(words: list[str]) -> set[str]:
    return {w[:5] for w in words if len(w) >= 3}


def vocabulary(known: Known, aliases: dict[str, tuple[str, ...]]) -> set[str]:
    """The stems of the words that name a known value (its name and its aliases)."""
    words: list[str] = []
    for form in (known.name, *aliases.get(known.name, ())):
        words += form_key(form).split()
    return _stems(words)


def names_something_else(clause: str, known: Known, aliases: dict[str, tuple[str, ...]]) -> bool:
    """Whether a clause names a quantity, and not `known`: its words beyond the plain ones
    share no stem with the names of `known` ("Sales tax is 6%" against `mrr_growth`)."""
    # a contraction is its first word: "that's", "you're", "we've"
    words = [_CONTRACTED.sub("", w.lower().strip("'’-")) for w in _BETWEEN.findall(clause)]
    content = [w for w in words if w not in _PLAIN and w not in _NAME_NOTHING and len(w) >= 3]
    if not content:
        return False
    return not (_stems(content) & vocabulary(known, aliases))
