"""A game's knowledge lives in its own folder: shared code asks the kind.

STYLE.md, "A game kind, asked rather than tested": code outside ``scorekeeper/games/<key>/``
never imports a game's modules and never names a game by its key; the one list of games
(``scorekeeper.games.PACKAGES``) is the only place that names them all.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.games import PACKAGES
from scorekeeper.rules.cards import Special, Suit

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
REGISTRY = PACKAGE / "games" / "__init__.py"
SHARED = sorted(
    path
    for path in PACKAGE.rglob("*.py")
    if not (path.relative_to(PACKAGE).parts[:1] == ("games",) and path.parent.name in PACKAGES)
)
CARD_NAMES = {special.value for special in Special} | {suit.word for suit in Suit}
"""Words that are cards, not games (the Wizard card is not the game of Wizard, the suit of
spades not the game of Spades)."""


def _docstrings(tree: ast.AST) -> set[int]:
    """Every string standing alone as a statement: docstrings, attributes' notes."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def _module_of(node: ast.ImportFrom, path: Path) -> tuple[str, ...]:
    if not node.level:
        return tuple((node.module or "").split("."))
    package = ("scorekeeper", *path.parent.relative_to(PACKAGE).parts)
    base = package[: len(package) - node.level + 1]
    return (*base, *(node.module.split(".") if node.module else ()))


def game_knowledge(source: str, path: Path, games: tuple[str, ...]) -> list[str]:
    """Where ``source`` (the file at ``path``) imports a game's folder or names a game."""
    tree = ast.parse(source)
    alone = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _module_of(node, path)
            targets = [module, *((*module, alias.name) for alias in node.names)]
            games_named = {
                t[2] for t in targets if t[:2] == ("scorekeeper", "games") and len(t) > 2
            }
            for game in sorted(games_named & set(games)):
                found.append(f"line {node.lineno}: imports scorekeeper.games.{game}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[:2] == ["scorekeeper", "games"] and len(parts) > 2 and parts[2] in games:
                    found.append(f"line {node.lineno}: imports {alias.name}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in alone
            and node.value in games
            and node.value not in CARD_NAMES
        ):
            found.append(f"line {node.lineno}: names {node.value!r}")
    return found


@pytest.mark.parametrize("path", SHARED, ids=[str(p.relative_to(PACKAGE)) for p in SHARED])
def test_shared_code_neither_imports_nor_names_a_game(path: Path) -> None:
    found = game_knowledge(path.read_text(encoding="utf-8"), path, PACKAGES)
    if path == REGISTRY:
        # the one list of games, and nothing else
        tree = ast.parse(path.read_text(encoding="utf-8"))
        listed = [
            node.value.elts
            for node in ast.walk(tree)
            if isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "PACKAGES"
            and isinstance(node.value, ast.Tuple)
        ]
        assert len(listed) == 1
        lines = {element.lineno for element in listed[0]}
        found = [f for f in found if int(f.split()[1].rstrip(":")) not in lines]
    assert found == []


SAMPLE = PACKAGE / "views" / "sample.py"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "from ..games.wizard.forms import X\n",
            ["line 1: imports scorekeeper.games.wizard"],
        ),
        ("from ..games.wizard import kind\n", ["line 1: imports scorekeeper.games.wizard"]),
        ("from ..games import wizard\n", ["line 1: imports scorekeeper.games.wizard"]),
        (
            "import scorekeeper.games.oh_hell.rules\n",
            ["line 1: imports scorekeeper.games.oh_hell.rules"],
        ),
        ("if game == 'one_card':\n    pass\n", ["line 1: names 'one_card'"]),
        ("CARD = 'wizard'\n", []),
        ('def f():\n    """For wizard and one_card."""\n', []),
        ("from ..games import GAMES, REFEREES\nfrom ..games.kinds import kind\n", []),
    ],
    ids=[
        "a-games-forms",
        "a-games-kind",
        "a-games-package",
        "an-absolute-import",
        "a-key-compared",
        "a-card-of-that-name",
        "a-docstring",
        "the-registries",
    ],
)
def test_the_check_catches_what_it_guards_against(source: str, found: list[str]) -> None:
    assert game_knowledge(source, SAMPLE, ("wizard", "one_card", "oh_hell")) == found
