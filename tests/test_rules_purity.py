"""The boundary: the rules are the games themselves, standard library only.

STYLE.md, The house: ``rules → nothing of ours``; no Flask, no database, no PDF.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "scorekeeper" / "rules"
RULES_PACKAGE = ("scorekeeper", "rules")
RULES_FILES = sorted(RULES.rglob("*.py"))
APP_MODULES = (
    "flask",
    "sqlalchemy",
    "werkzeug",
    "jinja2",
    "weasyprint",
    "flask_sqlalchemy",
    "flask_login",
    "flask_wtf",
    "flask_migrate",
    "wtforms",
)


def _package_of(path: Path) -> tuple[str, ...]:
    """The dotted package a file's relative imports start from, as a tuple."""
    return (*RULES_PACKAGE, *path.parent.relative_to(RULES).parts)


def _imports_outside_the_rules(source: str, package: tuple[str, ...]) -> list[str]:
    """Every import in ``source`` (a module of ``package``) that is neither the standard
    library nor a relative import that stays within scorekeeper.rules."""
    outside: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            outside += [
                alias.name
                for alias in node.names
                if alias.name.partition(".")[0] not in sys.stdlib_module_names
            ]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 0:
                if module.partition(".")[0] not in sys.stdlib_module_names:
                    outside.append(module)
            elif package[: len(package) - node.level + 1][: len(RULES_PACKAGE)] != RULES_PACKAGE:
                outside.append("." * node.level + module)
    return outside


def test_the_rules_are_there():
    names = {path.name for path in RULES_FILES}
    assert {"__init__.py", "cards.py", "errors.py", "game.py", "wizard.py"} <= names


@pytest.mark.parametrize(
    "path", RULES_FILES, ids=[str(path.relative_to(RULES)) for path in RULES_FILES]
)
def test_the_rules_import_only_the_standard_library_and_each_other(path):
    source = path.read_text(encoding="utf-8")
    assert _imports_outside_the_rules(source, _package_of(path)) == []


@pytest.mark.parametrize(
    ("source", "package", "outside"),
    [
        ("import json, collections.abc\nfrom typing import Any\n", RULES_PACKAGE, []),
        (
            "from __future__ import annotations\nfrom . import cards\nfrom .errors import X\n",
            RULES_PACKAGE,
            [],
        ),
        ("from ..errors import RuleError\n", (*RULES_PACKAGE, "games"), []),
        ("import flask\n", RULES_PACKAGE, ["flask"]),
        ("from sqlalchemy.orm import Mapped\n", RULES_PACKAGE, ["sqlalchemy.orm"]),
        ("def f():\n    import weasyprint\n", RULES_PACKAGE, ["weasyprint"]),
        ("from .. import models\n", RULES_PACKAGE, [".."]),
        ("from ..services import save\n", RULES_PACKAGE, ["..services"]),
        ("from ...models import Game\n", (*RULES_PACKAGE, "games"), ["...models"]),
        ("from scorekeeper.rules import cards\n", RULES_PACKAGE, ["scorekeeper.rules"]),
    ],
    ids=[
        "standard-library",
        "relative-within-rules",
        "up-from-a-subpackage-of-rules",
        "flask",
        "sqlalchemy",
        "import-inside-a-function",
        "parent-package",
        "services",
        "out-of-a-subpackage",
        "absolute-own-package",
    ],
)
def test_the_boundary_check_catches_what_it_guards_against(source, package, outside):
    assert _imports_outside_the_rules(source, package) == outside


def _modules_loaded_by(code: str) -> set[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return {name.partition(".")[0] for name in result.stdout.split()}


def test_the_rules_on_their_own_load_nothing_of_the_app():
    """Load scorekeeper.rules with its parent as a bare namespace, so only the rules run."""
    code = (
        "import sys, types\n"
        "parent = types.ModuleType('scorekeeper')\n"
        f"parent.__path__ = [{str(ROOT / 'scorekeeper')!r}]\n"
        "sys.modules['scorekeeper'] = parent\n"
        "import scorekeeper.rules, scorekeeper.rules.wizard\n"
        "assert scorekeeper.rules.WizardGame.new(['Ana', 'Ben', 'Cai']).planned_rounds == 20\n"
    )
    assert _modules_loaded_by(code) & set(APP_MODULES) == set()


def test_importing_the_rules_loads_nothing_of_the_app():
    assert _modules_loaded_by("import scorekeeper.rules") & set(APP_MODULES) == set()
