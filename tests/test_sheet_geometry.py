"""Every score sheet judged as a player with a pen would judge it, from its PDF's own
layout (``tests/sheet_geometry.py``): no text crossing a rule or another text, no text
under 8 pt, every box to write in at least 7 × 9 mm, nothing within 10 mm of an edge
(the footer included), and the pages the sheet's rows need, none holding only the notes.

The sheets: every game kind, every player count it allows, both papers, every language
the app offers; each of these at least once, with the names (none, short, 40
characters in Latin, Greek and Devanagari), the state (blank, a finished game, a game
played halfway) and each option of the game's blank-sheet form varied across them
rather than multiplied. Nothing here names a game: the kinds say their player counts
and their options.

The sheets are rendered once, two at a time in worker processes, before the first case
is judged; ``python -m tests.sheet_geometry`` renders and judges one sheet alone.
"""

from __future__ import annotations

import itertools
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from scorekeeper.games import KINDS
from scorekeeper.i18n import LANGUAGES
from scorekeeper.rules import RoundRefused
from scorekeeper.sheets import PAPERS
from tests import sheet_geometry
from tests.sheet_geometry import Case, Judged

NAMES = ("none", "short", "long")
STATES = ("blank", "finished", "unfinished")
WORKERS = 2


def option_values(key: str) -> list[tuple[str, str]]:
    """Each choice of the game's blank-sheet form, as the form sends it: a box ticked,
    each radio's value, a number field's least and greatest value."""
    game = KINDS[key]
    form = game.sheet_form()
    values: list[tuple[str, str]] = []
    for name, field in form._fields.items():
        kind = field.type
        if kind == "BooleanField":
            values.append((name, "y"))
        elif kind == "RadioField":
            values.extend((name, str(choice.value)) for choice in field.iter_choices())
        elif kind == "IntegerField":
            ranges = [v for v in field.validators if hasattr(v, "min") and hasattr(v, "max")]
            low = next((v.min for v in ranges if v.min is not None), 1)
            high = next((v.max for v in ranges if v.max is not None), low + 10)
            values.extend([(name, str(low)), (name, str(high))])
        else:
            raise AssertionError(f"{key}: no way to fill the sheet form's {kind} {name!r} here")
    return values


def allowed(case: Case) -> Case:
    """The case, its number options brought down (halved) to what the rules allow for
    its player count: the greatest number the form takes may be too many rounds for
    six players."""
    game = KINDS[case.game]
    options = list(case.options)
    for _ in range(12):
        try:
            probe = Case(**{**case.__dict__, "options": tuple(options)})
            game.rules.new(
                [f"P{seat}" for seat in range(case.players)], 0, sheet_geometry.options_of(probe)
            )
            return probe
        except RoundRefused:
            options = [(k, str(max(1, int(v) // 2)) if v.isdigit() else v) for k, v in options]
    raise AssertionError(f"{case.id}: no options the rules allow")


def cases() -> list[Case]:
    """Every game × player count × paper × language once; the names, the state and the
    options turning through their values across them, so that each name style and
    state meets every game, and each option is printed at least once."""
    found: list[Case] = []
    for key, game in KINDS.items():
        options = itertools.cycle([(), *((value,) for value in option_values(key))])
        turn = 0
        for players in range(game.rules.min_players, game.rules.max_players + 1):
            for paper in PAPERS:
                for language in LANGUAGES:
                    names = NAMES[turn % len(NAMES)]
                    state = STATES[(turn // len(NAMES) + turn) % len(STATES)]
                    chosen = next(options) if state == "blank" else ()
                    found.append(allowed(Case(key, players, paper, language, names, state, chosen)))
                    turn += 1
    return found


CASES = cases()


_app: Any = None


def _start_worker() -> None:
    global _app
    _app = sheet_geometry.make_app()


def _judge(case: Case) -> Judged:
    return sheet_geometry.judge(_app, case)


@pytest.fixture(scope="module")
def judged() -> Iterator[dict[str, Judged]]:
    """Every case's sheet rendered and judged, two at a time in worker processes."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(WORKERS, mp_context=context, initializer=_start_worker) as pool:
        yield {result.case.id: result for result in pool.map(_judge, CASES)}


def test_the_cases_cover_every_game_count_paper_language_and_option() -> None:
    for key, game in KINDS.items():
        of_game = [c for c in CASES if c.game == key]
        counts = range(game.rules.min_players, game.rules.max_players + 1)
        assert {(c.players, c.paper, c.language) for c in of_game} == set(
            itertools.product(counts, PAPERS, LANGUAGES)
        )
        assert {c.names for c in of_game} == set(NAMES)
        assert {c.state for c in of_game} == set(STATES)
        printed = {name for c in of_game for name, _ in c.options}
        assert printed == {name for name, _ in option_values(key)}


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_sheet_is_fit_for_a_pen(judged: dict[str, Judged], case: Case) -> None:
    result = judged[case.id]
    low, high = result.expected
    wanted = f"{low}" if low == high else f"{low} or {high}"
    if result.problems:
        pytest.fail(
            f"{case.id} ({result.pages} pages, {wanted} expected):\n  "
            + "\n  ".join(result.problems)
            + f"\n(python -m tests.sheet_geometry {cli_arguments(case)})",
            pytrace=False,
        )


def cli_arguments(case: Case) -> str:
    """The command line that renders and judges the case alone."""
    parts = [f"--game {case.game}", f"--players {case.players}", f"--paper {case.paper}"]
    parts.append(f"--lang {case.language}")
    parts += {"none": ["--no-names"], "long": ["--long-names"]}.get(case.names, [])
    parts += {"finished": ["--completed"], "unfinished": ["--unfinished"]}.get(case.state, [])
    parts += [f"--option {name}={value}" for name, value in case.options]
    return " ".join(parts)
