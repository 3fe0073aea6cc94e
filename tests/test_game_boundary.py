"""A game's knowledge lives in its own folder: shared code asks the kind.

STYLE.md, "A game kind, asked rather than tested": code outside ``scorekeeper/games/<key>/``
never imports a game's modules and never names a game by its key; the one list of games
(``scorekeeper.games.PACKAGES``) is the only place that names them all. Shared templates
(``templates/``) and shared scripts (``static/*.js``) name no game either: no key, no
game's own option, no game's template (each is the game's kind's, in its folder).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from scorekeeper.games import GAMES, PACKAGES
from scorekeeper.rules.bidding import HookOptions
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


# -- Shared templates and scripts ---------------------------------------------------------

TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SCRIPTS = sorted((ROOT / "static").glob("*.js"))
SHARED_OPTIONS = {name for name in vars(HookOptions) if not name.startswith("_")}
"""Options the shared rules know by name (``rules.bidding.HookOptions``): not one game's."""


def own_options(games: tuple[str, ...]) -> set[str]:
    """The options some game has that shared rules do not name."""
    named = {
        option.name
        for key in games
        for option in dataclasses.fields(GAMES[key].default_options(GAMES[key].min_players))
    }
    return named - SHARED_OPTIONS


def _without_comments(source: str, suffix: str) -> str:
    """The code of a template or script: its comments say why, and may give an example."""
    if suffix == ".html":
        return re.sub(r"\{#.*?#\}", "", source, flags=re.DOTALL)
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL)
    return re.sub(r"(^|[^:\\\"'])//.*$", r"\1", source, flags=re.MULTILINE)


def page_knowledge(
    source: str, suffix: str, games: tuple[str, ...], options: set[str]
) -> list[str]:
    """Where a shared template or script (``suffix`` ".html" or ".js") names a game: its key
    (a card of that name apart), one game's option, or a game's own template or file."""
    found: list[str] = []
    code = _without_comments(source, suffix)
    for number, line in enumerate(code.splitlines(), start=1):
        for game in games:
            if re.search(rf"[\"'/]{game}/|\b{game}\.(html|js)\b", line):
                found.append(f"line {number}: names a file of {game!r}")
            elif game not in CARD_NAMES and re.search(rf"(?<![\w-]){game}(?![\w-])", line):
                found.append(f"line {number}: names {game!r}")
        for option in sorted(options):
            if re.search(rf"\boptions(\.|\[[\"']|\.get\([\"']){option}\b", line):
                found.append(f"line {number}: reads the option {option!r}")
    return found


@pytest.mark.parametrize(
    "path",
    TEMPLATES + SCRIPTS,
    ids=[str(p.relative_to(ROOT)) for p in TEMPLATES + SCRIPTS],
)
def test_shared_templates_and_scripts_name_no_game(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert page_knowledge(source, path.suffix, PACKAGES, own_options(PACKAGES)) == []


@pytest.mark.parametrize(
    ("source", "suffix", "found"),
    [
        ("{% if state.key == 'one_card' %}", ".html", ["line 1: names 'one_card'"]),
        ('{% include "wizard/board.html" %}', ".html", ["line 1: names a file of 'wizard'"]),
        (
            '{% include "kinds/oh_hell/round.html" %}',
            ".html",
            ["line 1: names a file of 'oh_hell'"],
        ),
        (
            "{% if state.options.special_cards %}",
            ".html",
            ["line 1: reads the option 'special_cards'"],
        ),
        ("{% if state.options.hidden_bids %}", ".html", []),
        ("{# As one_card's page does. #}\n{{ _('A Wizard turned') }}", ".html", []),
        ('if (turned === "wizard") {}', ".js", []),
        ('var game = "one_card";', ".js", ["line 1: names 'one_card'"]),
        ('load("/static/games/one_card/x.js");', ".js", ["line 1: names a file of 'one_card'"]),
        ("// One Card: one_card's auction\nvar a = 1;", ".js", []),
        ('var url = "https://example.org/oh_hell";', ".js", ["line 1: names 'oh_hell'"]),
    ],
    ids=[
        "a-key-compared",
        "a-game-template",
        "an-old-game-template",
        "a-game-option",
        "a-shared-option",
        "a-comment-and-a-card",
        "a-card-in-a-script",
        "a-key-in-a-script",
        "a-game-script",
        "a-script-comment",
        "an-address-is-not-a-comment",
    ],
)
def test_the_page_check_catches_what_it_guards_against(
    source: str, suffix: str, found: list[str]
) -> None:
    games = ("wizard", "one_card", "oh_hell")
    assert page_knowledge(source, suffix, games, {"special_cards", "tie_break"}) == found
