"""The browser tests wait for what they assert: no ``wait_for_function`` is handed an
``async`` predicate, which Playwright takes as answered at once (a promise is true), so
the wait would wait for nothing. Such a predicate goes to ``until`` (tests/browser)."""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER_TESTS = Path(__file__).parent / "browser"


def _strings(tree: ast.Module) -> dict[str, str]:
    """Every module-level name bound to a string."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    found[target.id] = node.value.value
    return found


def async_waits(source: str) -> list[int]:
    """The lines where ``wait_for_function`` is handed an ``async`` predicate."""
    tree = ast.parse(source)
    named = _strings(tree)
    lines = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
        ):
            continue
        first = node.args[0]
        text = (
            first.value
            if isinstance(first, ast.Constant) and isinstance(first.value, str)
            else named.get(first.id, "")
            if isinstance(first, ast.Name)
            else ""
        )
        if text.lstrip().startswith("async"):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_an_async_predicate() -> None:
    source = (
        'KEPT = """async () => true"""\n'
        "page.wait_for_function(KEPT)\n"
        'page.wait_for_function("async () => 1", timeout=5)\n'
        'page.wait_for_function("() => 1")\n'
    )
    assert async_waits(source) == [2, 3]


def test_no_browser_test_waits_on_a_promise() -> None:
    found = {
        path.name: lines
        for path in sorted(BROWSER_TESTS.glob("*.py"))
        if (lines := async_waits(path.read_text(encoding="utf-8")))
    }
    assert not found, found
