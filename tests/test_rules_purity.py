"""The boundary: the rules are the games themselves, standard library only.

STYLE.md, The house: ``rules → nothing of ours``; no Flask, no database, no PDF. The pure
part of the house is ``scorekeeper/rules/`` (what every game shares), the registry of games
(``scorekeeper/games/__init__.py``) and each game folder's rules and referee: they import
the standard library and each other, nothing else.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
RULES = PACKAGE / "rules"
RULES_PACKAGE = ("scorekeeper", "rules")
GAME_FOLDERS = sorted(path.parent for path in (PACKAGE / "games").glob("*/rules.py"))
PURE_FILES = sorted(
    [
        *RULES.rglob("*.py"),
        PACKAGE / "games" / "__init__.py",
        *(
            folder / name
            for folder in GAME_FOLDERS
            for name in ("__init__.py", "rules.py", "referee.py")
        ),
    ]
)
PURE_MODULES = {
    ("scorekeeper", *path.relative_to(PACKAGE).with_suffix("").parts[:-1])
    if path.name == "__init__.py"
    else ("scorekeeper", *path.relative_to(PACKAGE).with_suffix("").parts)
    for path in PURE_FILES
}
RULES_FILES = PURE_FILES
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
    return ("scorekeeper", *path.parent.relative_to(PACKAGE).parts)


def _is_module(package: tuple[str, ...], name: str) -> bool:
    folder = ROOT.joinpath(*package)
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


def _is_pure(module: tuple[str, ...]) -> bool:
    return module[: len(RULES_PACKAGE)] == RULES_PACKAGE or module in PURE_MODULES


def _imports_outside_the_rules(source: str, package: tuple[str, ...]) -> list[str]:
    """Every import in ``source`` (a module of ``package``) that is neither the standard
    library nor a relative import of the pure part (scorekeeper.rules, the registry of
    games, a game's rules and referee)."""
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
                continue
            base = package[: len(package) - node.level + 1]
            target = (*base, *module.split(".")) if module else base
            if module and _is_pure(target):
                continue
            # "from . import x": each name is a module of the package, or one of its names
            if not module and all(
                _is_pure((*target, alias.name))
                or (_is_pure(target) and not _is_module(target, alias.name))
                for alias in node.names
            ):
                continue
            outside.append("." * node.level + module)
    return outside


def test_the_rules_are_there():
    names = {path.name for path in RULES.glob("*.py")}
    assert {"__init__.py", "cards.py", "errors.py", "game.py", "referee.py"} <= names
    assert {folder.name for folder in GAME_FOLDERS} >= {"wizard", "one_card", "oh_hell"}
    assert all(path.is_file() for path in PURE_FILES)


@pytest.mark.parametrize(
    "path", PURE_FILES, ids=[str(path.relative_to(PACKAGE)) for path in PURE_FILES]
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
        ("from ...rules.game import Game\n", ("scorekeeper", "games", "wizard"), []),
        ("from .referee import REFEREE\n", ("scorekeeper", "games", "wizard"), []),
        ("from . import rules\n", ("scorekeeper", "games", "wizard"), []),
        ("from .forms import RoundForm\n", ("scorekeeper", "games", "wizard"), [".forms"]),
        ("from ..kind import GameKind\n", ("scorekeeper", "games", "wizard"), ["..kind"]),
        ("from . import kind\n", ("scorekeeper", "games", "wizard"), ["."]),
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
        "a-game-up-to-the-shared-rules",
        "a-game-its-own-referee",
        "a-game-its-own-rules-module",
        "a-game-its-forms",
        "a-game-up-to-the-web-kind",
        "a-game-its-kind-module",
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
        "import scorekeeper.rules, scorekeeper.games\n"
        "wizard = scorekeeper.games.GAMES['wizard']\n"
        "assert wizard.new(['Ana', 'Ben', 'Cai']).planned_rounds == 20\n"
        "assert scorekeeper.games.REFEREES['oh_hell'].title == 'Oh Hell'\n"
    )
    assert _modules_loaded_by(code) & set(APP_MODULES) == set()


def test_importing_the_rules_loads_nothing_of_the_app():
    assert _modules_loaded_by("import scorekeeper.rules") & set(APP_MODULES) == set()


def test_importing_every_games_rules_and_referee_loads_nothing_of_the_app():
    code = "import scorekeeper.games\nassert scorekeeper.games.GAMES and scorekeeper.games.REFEREES"
    assert _modules_loaded_by(code) & set(APP_MODULES) == set()
