"""No module of the package binds a top-level name twice.

The detector's modules hold hundreds of patterns and word sets; a second definition
under a name already taken silently replaces the first for every function that reads
it, which has twice turned one rule's words into another's. Each module's top-level
assignments, functions and classes are read from its source, and a name bound twice is
reported with its module.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "reviewer"


def bound_twice(source: str) -> list[str]:
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                names.append(node.target.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
    return sorted(name for name, count in Counter(names).items() if count > 1)


def test_the_check_finds_a_name_bound_twice() -> None:
    assert bound_twice("A = 1\ndef f(): pass\nA = 2\n") == ["A"]
    assert bound_twice("A = 1\nB: int = 2\ndef A(): pass\n") == ["A"]
    assert bound_twice("A = 1\nB = 2\n") == []


def test_no_module_binds_a_top_level_name_twice() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 20
    twice = {
        str(path.relative_to(PACKAGE)): names
        for path in modules
        if (names := bound_twice(path.read_text(encoding="utf-8")))
    }
    assert twice == {}
