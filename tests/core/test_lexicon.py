"""Every word list of the default's readings is in reviewer/grounding/lexicon.py: the four
modules that read words define no set of words and no alternation of words of their own,
each class says what it holds, and no two classes hold the same words."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from reviewer.grounding import lexicon

GROUNDING = Path(lexicon.__file__).parent
READERS = ("default.py", "prose.py", "names.py", "default_scanner.py")
# a set of strings that is no word class: the kinds of flag the default keeps
NOT_WORDS = {("default.py", "_KEEP")}
# an alternation of this many plain words in a string is a word list (shorter runs, such as
# "(?:rate|ratio)" or "(?i:the|your|our)", are still written inside their patterns)
LONGEST_INLINE = 5
_WORD = r"[A-Za-z][A-Za-z'’]*(?:[ -][A-Za-z'’]+)*"
_RUN = re.compile(
    rf"(?:^|(?<=[(:|]))(?<!\\){_WORD}(?:\|{_WORD}){{{LONGEST_INLINE - 1},}}(?=[)|]|$)"
)


def _assignments(name: str) -> list[tuple[str, ast.expr]]:
    tree = ast.parse((GROUNDING / name).read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            found.append((getattr(target, "id", "?"), node.value))
    return found


def _class_names(node: ast.AST) -> set[int]:
    """The string constants that name a lexicon class: lexicon.WORDS["x"], lexicon.words("x")."""
    named = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Subscript) and ast.unparse(part.value) == "lexicon.WORDS":
            named.add(id(part.slice))
        if isinstance(part, ast.Call) and ast.unparse(part.func).startswith("lexicon."):
            named.update(id(arg) for arg in part.args)
    return named


def _has_words(node: ast.AST) -> bool:
    named = _class_names(node)
    return any(
        isinstance(part, ast.Constant)
        and isinstance(part.value, str)
        and id(part) not in named
        and re.search("[A-Za-z]{2}", part.value) is not None
        for part in ast.walk(node)
    )


def _strings(node: ast.AST) -> list[str]:
    """The string constants of `node`; a piece of an f-string is marked where a replacement
    field meets it, so that "right{_S}+now" is no run ending in "right"."""
    inside = {
        id(v) for part in ast.walk(node) if isinstance(part, ast.JoinedStr) for v in part.values
    }
    found = [
        part.value
        for part in ast.walk(node)
        if isinstance(part, ast.Constant) and isinstance(part.value, str) and id(part) not in inside
    ]
    for joined in (part for part in ast.walk(node) if isinstance(part, ast.JoinedStr)):
        values = joined.values
        for k, piece in enumerate(values):
            if isinstance(piece, ast.Constant) and isinstance(piece.value, str):
                before = "{}" if k and isinstance(values[k - 1], ast.FormattedValue) else ""
                after = (
                    "{}"
                    if k + 1 < len(values) and isinstance(values[k + 1], ast.FormattedValue)
                    else ""
                )
                found.append(before + piece.value + after)
    return found


@pytest.mark.parametrize("name", READERS)
def test_no_set_of_words_is_defined_outside_the_lexicon(name: str) -> None:
    sets = [
        constant
        for constant, value in _assignments(name)
        for call in ast.walk(value)
        if isinstance(call, ast.Call)
        and getattr(call.func, "id", None) in ("frozenset", "set")
        and any(_has_words(arg) for arg in call.args)
        and (name, constant) not in NOT_WORDS
    ]
    assert sets == [], f"{name}: move these word sets to lexicon.py: {sets}"


@pytest.mark.parametrize("name", READERS)
def test_no_list_or_table_of_words_is_defined_outside_the_lexicon(name: str) -> None:
    # (a mapping's keys too: a table of words, such as a cadence to its period)
    lists = [
        constant
        for constant, value in _assignments(name)
        for words in ([value.keys] if isinstance(value, ast.Dict) else
                      [value.elts] if isinstance(value, ast.Tuple | ast.List) else [])
        if len(words) >= LONGEST_INLINE
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                and re.fullmatch("[A-Za-z]{2,}", e.value) for e in words)
    ]  # fmt: skip
    assert lists == [], f"{name}: move these word lists to lexicon.py: {lists}"


@pytest.mark.parametrize("name", READERS)
def test_no_alternation_of_words_is_defined_outside_the_lexicon(name: str) -> None:
    runs = [
        (constant, run.group())
        for constant, value in _assignments(name)
        for text in _strings(value)
        for run in _RUN.finditer(text)
    ]
    assert runs == [], f"{name}: move these alternations to lexicon.py: {runs}"


def test_the_rule_sees_a_set_and_an_alternation_of_words() -> None:
    tree = ast.parse('A = frozenset(["up", "down"])\nB = lexicon.words("plan_words") | X\n')
    assert _has_words(tree.body[0].value)  # type: ignore[attr-defined]
    assert not _has_words(tree.body[1].value)  # type: ignore[attr-defined]
    words = [f"w{chr(97 + i)}" for i in range(LONGEST_INLINE)]
    assert _RUN.search(f"(?i:{'|'.join(words)})")
    assert _RUN.search(f"x(?:a b|c-d|{'|'.join(words[2:])})\\b")
    assert not _RUN.search(f"(?i:{'|'.join(words[1:])})")  # shorter than a list
    assert not _RUN.search(rf"[\s\u00a0]+|\b{'|'.join(words)}")  # (no word's start)


def test_each_class_says_what_it_holds() -> None:
    lines = (GROUNDING / "lexicon.py").read_text(encoding="utf-8").splitlines()
    keys = [i for i, line in enumerate(lines) if re.match(r'    "[a-z0-9_]+": \(', line)]
    assert len(keys) == len(lexicon.WORDS)
    unsaid = [lines[i].split('"')[1] for i in keys if not lines[i - 1].startswith("    # ")]
    assert unsaid == []


def test_no_two_classes_hold_the_same_words() -> None:
    seen: dict[frozenset[str], str] = {}
    twice = []
    for name, words in lexicon.WORDS.items():
        assert words and all(isinstance(word, str) and word for word in words), name
        if frozenset(words) in seen:
            twice.append((seen[frozenset(words)], name))
        seen.setdefault(frozenset(words), name)
    assert twice == []


def test_the_classes_a_config_may_extend_are_classes() -> None:
    assert set(lexicon.EXTENDABLE) <= set(lexicon.WORDS)
    assert lexicon.words("plan_words") == frozenset(lexicon.WORDS["plan_words"])
    assert lexicon.alternation("weekdays").split("|") == list(lexicon.WORDS["weekdays"])


def test_no_class_holds_a_word_twice() -> None:
    twice = {
        name: sorted({word for word in words if words.count(word) > 1})
        for name, words in lexicon.WORDS.items()
        if len(set(words)) != len(words)
    }
    assert twice == {}
