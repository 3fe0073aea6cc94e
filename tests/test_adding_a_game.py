"""Adding a game is a new folder, one line in the list of games and its words in each
language (docs/development.md, "Adding a game").

Proved with two small games kept for the tests only (``tests/data/test_game/``): Tens, a
game of bidding tricks seat by seat, and Whist, a game of two fixed partnerships scored by
side and played without bids. Put into one copy of the project beside the others, each with
one line added to ``scorekeeper.games.PACKAGES`` and its sentences translated through the
catalogs' own commands, they pass the type check and the conformance suite walks every flow
of each (new game, rounds, board, corrections, undo, API, sheets in every language,
referee, history, export and import, rules page) while shared code still names no game.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "data" / "test_game"
KEYS = ("tens", "whist")
"""The games added, in the order they join the list; each one's translations are
``translations/<lang>.json`` (Tens) or ``translations/<key>-<lang>.json``."""
LANGUAGES = ("cy", "nl", "el", "ne")
SKIPPED = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
SKIPPED |= {".hypothesis", "build", "dist", "screenshots", "node_modules"}


def project_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "project"

    def ignore(folder: str, names: list[str]) -> set[str]:
        if Path(folder) == ROOT / "instance":
            return {name for name in names if name != ".gitkeep"}
        return {name for name in names if name in SKIPPED}

    shutil.copytree(ROOT, copy, ignore=ignore)
    return copy


def run(copy: Path, *command: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """A command of the copy's own, on SQLite (the outer run may hold the PostgreSQL
    database), with the copy's code first on the path."""
    env = {k: v for k, v in os.environ.items() if k != "TEST_DATABASE_URL"}
    env.update(PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def with_game(line: str, key: str) -> str:
    """The list of games with ``key`` added at its end; any other line as it is."""
    if not line.startswith("PACKAGES:"):
        return line
    return re.sub(r"\)\s*$", f', "{key}")\n', line)


def test_with_game_adds_to_the_one_list_only() -> None:
    listed = 'PACKAGES: tuple[str, ...] = ("wizard", "one_card")\n'
    assert (
        with_game(listed, "tens") == 'PACKAGES: tuple[str, ...] = ("wizard", "one_card", "tens")\n'
    )
    assert with_game('"""PACKAGES lists them."""\n', "tens") == '"""PACKAGES lists them."""\n'


def translations(key: str, lang: str) -> Path:
    """A test game's sentences in ``lang``, as ``translations apply`` takes them."""
    named = TEST_GAME / "translations" / f"{key}-{lang}.json"
    return named if named.is_file() else TEST_GAME / "translations" / f"{lang}.json"


def test_a_new_game_is_a_folder_one_line_and_its_words(tmp_path: Path) -> None:
    copy = project_copy(tmp_path)
    registry = copy / "scorekeeper" / "games" / "__init__.py"
    for key in KEYS:
        shutil.copytree(TEST_GAME / key, copy / "scorekeeper" / "games" / key)
        before = registry.read_text(encoding="utf-8").splitlines(keepends=True)
        after = [with_game(line, key) for line in before]
        assert sum(old != new for old, new in zip(before, after, strict=True)) == 1, key
        registry.write_text("".join(after), encoding="utf-8")

    catalogs = ("flask", "--app", "scorekeeper", "translations")
    steps = [
        (*catalogs, "update"),
        *(
            (*catalogs, "apply", lang, str(translations(key, lang)))
            for key in KEYS
            for lang in LANGUAGES
        ),
        (*catalogs, "compile"),
        (*catalogs, "check"),
        ("mypy",),
    ]
    for step in steps:
        done = run(copy, *step, timeout=600)
        assert done.returncode == 0, (step, done.stdout[-3000:], done.stderr[-3000:])

    suite = run(
        copy,
        "pytest",
        "tests/test_conformance.py",
        "tests/test_game_boundary.py",
        "tests/test_game_kinds.py",
        "-k",
        f"{' or '.join(KEYS)} or shared_code or shared_templates or kinds",
        "-v",
        "-p",
        "no:cacheprovider",
        timeout=1500,
    )
    assert suite.returncode == 0, suite.stdout[-6000:]
    for key in KEYS:
        walked = re.findall(rf"test_conformance\.py::\w+\[{key}\] PASSED", suite.stdout)
        assert len(walked) >= 20, (key, suite.stdout[-3000:])
    assert re.search(r"test_shared_code_neither_imports_nor_names_a_game\S* PASSED", suite.stdout)
    assert re.search(r"test_shared_templates_and_scripts_name_no_game\S* PASSED", suite.stdout)
