"""Every score sheet judged as a player with a pen would judge it, from its PDF's own
layout (``tests/sheet_geometry.py``): no text crossing a rule or another text, no text
under 8 pt, no label cut to a stub nor name broken inside a word, one baseline a row,
every box to write in at least 7 × 9 mm, nothing within 10 mm of an edge (the footer
included), and the pages the sheet's rows need, none holding only a signature line.

The whole matrix: every game kind × every player count it allows × both papers × every
language the app offers, as a blank sheet with each set of names (none, short, 40
characters in Latin, Greek and Devanagari, names chosen to break a layout, one very long
beside short ones) and as a game in each state (finished; halfway, after its first
round, a round from its end), each with names that break layouts; across them turn each
option of the game's blank-sheet form, rather than being multiplied. Nothing here names a
game: the kinds say their player counts and options.

The whole matrix (about a thousand sheets, half an hour on two cores) runs with
``SHEET_GEOMETRY=all`` in the environment. By default the run takes each defect's worst
case (:data:`WORST`) and every :data:`STRIDE`-th sheet of the matrix, from an offset
``SHEET_GEOMETRY_OFFSET`` may turn (0 by default, so a run is the same every time).
``SHEET_GEOMETRY_GAMES=spades`` keeps those games' sheets only (a game being added: run
it with ``-k fit_for_a_pen``, as the matrix's coverage tests count every game).

The sheets are rendered once, two at a time in worker processes, before the first case
is judged; ``python -m tests.sheet_geometry`` renders and judges one sheet alone (the
command each failure prints).
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import pdf
from scorekeeper.games.kinds import KINDS
from scorekeeper.i18n import LANGUAGES
from scorekeeper.rules import RoundRefused
from scorekeeper.sheets import PAPERS
from scorekeeper.sheets.content import _ways
from tests import sheet_geometry
from tests.rules.recorded import sheets
from tests.sheet_geometry import Case, Judged, problems

NAMES = ("none", *sheet_geometry.NAME_SETS)
STATES = ("blank", "finished", *sheet_geometry.UNFINISHED)
WORKERS = 2
STRIDE = 8
"""The default run takes every this many sheets of the whole matrix."""


def option_values(key: str) -> list[tuple[tuple[str, str], ...]]:
    """Each choice of the game's blank-sheet form, as the form sends it: a box ticked,
    each radio's value, a number field's least and greatest value, and the choices the
    form says go together (its ``examples``: a list typed in, with the radio that asks
    for it)."""
    game = KINDS[key]
    form = game.sheet_form()
    together = [tuple(example.items()) for example in getattr(form, "examples", ())]
    typed = {name for example in together for name, _ in example}
    values: list[tuple[tuple[str, str], ...]] = []
    for name, field in form._fields.items():
        kind = field.type
        if kind == "BooleanField":
            values.append(((name, "y"),))
        elif kind == "RadioField":
            values.extend(((name, str(choice.value)),) for choice in field.iter_choices())
        elif kind == "IntegerField" and name in typed:
            continue
        elif kind == "IntegerField":
            ranges = [v for v in field.validators if hasattr(v, "min") and hasattr(v, "max")]
            low = next((v.min for v in ranges if v.min is not None), 1)
            high = next((v.max for v in ranges if v.max is not None), low + 10)
            values.extend([((name, str(low)),), ((name, str(high)),)])
        elif name not in typed:
            raise AssertionError(f"{key}: no way to fill the sheet form's {kind} {name!r} here")
    # A radio's value that needs a field typed in goes with it (its example).
    values = [v for v in values if not any(set(v) <= set(example) for example in together)]
    values += together
    if game.sheet.pad:  # the score pad's columns, a choice every blank sheet's form offers
        values.append((("columns", "pad"),))
    return values


def allowed(case: Case) -> Case:
    """The case, its number options brought down (halved) to what the rules allow for
    its player count (the greatest number the form takes may be too many rounds for six
    players). Every case's columns fit its paper some way round."""
    game = KINDS[case.game]
    options = list(case.options)
    for _ in range(12):
        try:
            probe = Case(**{**case.__dict__, "options": tuple(options)})
            state = game.rules.new(
                [f"P{seat}" for seat in range(case.players)], 0, sheet_geometry.options_of(probe)
            )
            assert _ways(game.sheet, state, PAPERS[probe.paper]), f"{probe.id}: fits no way round"
            return probe
        except RoundRefused:
            options = [(k, str(max(1, int(v) // 2)) if v.isdigit() else v) for k, v in options]
    raise AssertionError(f"{case.id}: no options the rules allow")


# -- the checker itself, on small pages made to hold one fault each ----------------------------


def rules_svg(xs: list[float], width: float) -> str:
    """Vertical rules at ``xs`` (mm) drawn as a background image, as the sheets draw
    theirs (a Form XObject in the PDF)."""
    lines = "".join(
        f'<line x1="{x}" y1="0" x2="{x}" y2="1" stroke="#222" stroke-width="0.15"/>' for x in xs
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 1"'
        f' preserveAspectRatio="none">{lines}</svg>'
    )
    return "data:image/svg+xml," + urllib.parse.quote(svg)


def page(
    cells: list[list[str]],
    *,
    width: float = 12.0,
    height: float = 10.0,
    margin: float = 15.0,
    size: float = 9.0,
    after: str = "",
    head: str = "",
) -> bytes:
    """An A4 page with a ruled grid of ``cells`` (each ``width`` × ``height`` mm): its
    vertical rules an SVG background, its horizontal ones the rows' bottom borders."""
    columns = max(len(row) for row in cells)
    total = columns * width
    xs = [width * i for i in range(1, columns)]
    rows = "".join(
        "<tr>"
        + "".join(text if text.startswith("<td") else f"<td>{text}</td>" for text in row)
        + "</tr>"
        for row in cells
    )
    html = f"""<!doctype html><html><head><style>
    @page {{ size: 210mm 297mm; margin: {margin}mm; }}
    body {{ margin: 0; font: {size}pt/1.2 "Noto Sans", sans-serif; }}
    table {{ border: 1pt solid #222; border-collapse: separate; border-spacing: 0;
      table-layout: fixed; width: {total}mm;
      background: url("{rules_svg(xs, total)}") 0 0 / 100% 100% no-repeat; }}
    td {{ width: {width}mm; height: {height}mm; padding: 0 1mm; white-space: nowrap;
      border-bottom: 0.4pt solid #8c8c8c; box-sizing: border-box; text-align: left; }}
    </style></head><body>{head}<table>{rows}</table>{after}</body></html>"""
    return pdf.render_pdf(html)


GRID = [["Round", "Ana", ""], ["1", "", ""], ["2", "", ""]]


def test_a_clean_page_has_no_problem() -> None:
    assert problems(page(GRID, width=20.0), expected_pages=1, paper=(210, 297)) == []


def test_a_word_across_a_rule_is_found() -> None:
    found = problems(page([["Cardiau-hir", "", ""], ["1", "", ""]], width=12.0))
    assert any("'Cardiau-hir'" in p and "crosses the rule at x 27.4 mm" in p for p in found), found


def test_a_box_too_small_to_write_in_is_found() -> None:
    found = problems(page(GRID, width=6.5, height=8.0))
    assert any("6.5 × 8.0 mm" in p and "under 7 × 9 mm" in p for p in found), found


def test_small_type_is_found() -> None:
    found = problems(page(GRID, width=20.0, size=7.5))
    assert any("'Round'" in p and "at 7.5 pt, under 8 pt" in p for p in found), found


def test_a_grid_in_the_margin_is_found() -> None:
    found = problems(page(GRID, width=20.0, margin=8.0))
    assert any("grid border at 8.0 mm from the left edge" in p for p in found), found
    assert any("text 'Round' 9.4 mm from the left edge" in p for p in found), found


def test_words_on_top_of_each_other_are_found() -> None:
    over = '<p style="position: absolute; top: 60mm; left: 0">Total</p>'
    over += '<p style="position: absolute; top: 60.5mm; left: 1mm">Sgôr</p>'
    found = problems(page(GRID, width=20.0, after=over))
    assert any("'Total'" in p and "overlaps" in p and "'Sgôr'" in p for p in found), found


def test_a_page_with_only_a_signature_line_is_found() -> None:
    signature = '<p style="break-before: page">Signed</p>'
    found = problems(page(GRID, width=20.0, after=signature), expected_pages=1)
    assert "2 page(s), expected 1" in found
    assert "page 2 holds no row of the grid, only 'Signed'" in found


def test_a_rule_under_a_painted_cell_is_not_seen() -> None:
    """A names' cell painted white over the grid's background rules hides them: its
    words cross nothing, and it is one box, not three."""
    names = (
        '<td colspan="3" style="background: #fff; text-align: center">'
        "Gwenllian Angharad ap Llywelyn</td>"
    )
    data = page([[names], ["1", "", ""], ["2", "", ""]], width=20.0)
    assert problems(data) == []
    (grid,) = sheet_geometry.read_pages(data)[0].grids
    assert len(grid.boxes) == 1 + 2 * 3


def test_a_word_struck_through_is_not_crossed_by_a_rule() -> None:
    struck = "<p><s>wedi ei groesi allan</s>: the points a bidder lost</p>"
    assert problems(page(GRID, width=20.0, after=struck)) == []


def test_a_word_set_off_its_rows_baseline_is_found() -> None:
    raised = '<span style="position: relative; top: -0.6mm">Ben</span>'
    found = problems(page([["Ana", raised, "Cai"], ["1", "", ""]], width=20.0))
    assert any("baselines in the row" in p and "('Ben' above 'Ana')" in p for p in found), found


def test_words_cut_to_a_stub_or_inside_a_letter_are_found() -> None:
    # Labels packed a millimetre apart across their rule, as the sheets pack them.
    packed = "<td style='text-align: right; padding-right: 1mm'>cy…</td>"
    cut = [[packed, "<td style='padding-left: 0.3mm'>ca…</td>", "Gwenllian A…", "ज्ञानेन्द्…"]]
    found = problems(page([*cut, ["1", "", "", ""]], width=25.0))
    assert any("'cy…'" in p and "cut to a stub" in p for p in found), found
    assert any("'ca…'" in p and "cut to a stub" in p for p in found), found
    assert not any("'A…'" in p for p in found), found
    assert any("'ज्ञानेन्द्…'" in p and "cut inside a letter" in p for p in found), found


def test_a_name_broken_inside_a_word_is_found() -> None:
    cell = '<td colspan="3" style="white-space: normal; overflow-wrap: anywhere; background: #fff">'
    broken = "Eirlys Cadwaladrpritchardowenjones"  # one word wider than the cell
    found = problems(page([[cell + broken + "</td>"], ["1", "", ""]], width=12.0), names=[broken])
    assert any("'Cadwaladrpritchardowenjones' broken across lines" in p for p in found), found
    whole = "Rhiannon Eirlys Cadwaladr-Pritchard Owen"
    found = problems(page([[cell + whole + "</td>"], ["1", "", ""]], width=12.0), names=[whole])
    assert found == [], found


def test_a_word_too_near_a_rule_is_found() -> None:
    near = "<td style='text-align: right; padding-right: 0.2mm'>Ana</td>"
    found = problems(page([[near, "", ""], ["1", "", ""]], width=20.0))
    assert any("'Ana'" in p and "mm from the rule at x 35.4 mm" in p for p in found), found


def test_rows_without_their_rules_are_found() -> None:
    bare = "<td style='border-bottom: none'></td>"
    rows = [["Round", "Ana", ""], *[[bare, bare, bare]] * 3, ["4", "", ""]]
    found = problems(page(rows, width=20.0))
    assert any("taller than a row to write in" in p for p in found), found


def test_a_mark_drawn_apart_is_found() -> None:
    found = problems(page([["लक◌्ष◌्य", "", ""], ["1", "", ""]], width=30.0))
    assert any("dotted circle" in p for p in found), found


def test_a_page_carrying_two_rows_over_is_found() -> None:
    rows = [["Round", "Ana", ""], *[[str(n), "", ""] for n in range(1, 13)]]
    over = '<table style="break-before: page"><tr><td>13</td><td></td><td></td></tr>'
    over += "<tr><td>14</td><td></td><td></td></tr></table>"
    found = problems(page(rows, width=20.0, after=over))
    # The second page's first row counts as its header, as a sheet's does.
    assert any("page 2 holds 1 row(s)" in p and "under a third" in p for p in found), found


def test_two_seats_with_one_look_are_found() -> None:
    line = '<polyline points="0,0 1,1 2,1" stroke="#0072b2" fill="none"/>'
    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{line}{line}</svg>'
    assert sheet_geometry.check_chart_styles(svg, 2) == [
        "seats [1, 2] share the chart's look ('#0072b2', None)"
    ]


def test_the_command_judges_one_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    args = ["--game", next(iter(KINDS)), "--players", "4", "--lang", "cy", "--pdf", str(out)]
    status = sheet_geometry.main(args)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith(f"{next(iter(KINDS))}-4p-a4-cy-short-blank: 1 page(s)")
    assert printed[-1] == f"{len(printed) - 2} problem(s)"
    assert status == (1 if len(printed) > 2 else 0)
    assert out.read_bytes().startswith(b"%PDF")


PLAYED_NAMES = ("hard", "long", "mixed", "short")
"""A played game's names, in turn."""


def _numbers(values: tuple[tuple[str, str], ...]) -> bool:
    return any(value.isdigit() for _, value in values)


def all_cases() -> list[Case]:
    """The whole matrix: every game × player count × paper × language, as a blank sheet
    with each set of names and as a game in each state with the names in turn; each
    game's options turn through the values of its blank-sheet form (a played game's
    through those with no number, such as a target of 999 that would take hundreds of
    hands, which is printed blank only)."""
    found: list[Case] = []
    for key, game in KINDS.items():
        values = option_values(key)
        options = itertools.cycle([(), *values])
        played = itertools.cycle([(), *(value for value in values if not _numbers(value))])
        turn = 0
        for players in range(game.rules.min_players, game.rules.max_players + 1):
            for paper in PAPERS:
                for language in LANGUAGES:
                    for names in NAMES:
                        found.append(
                            allowed(
                                Case(key, players, paper, language, names, "blank", next(options))
                            )
                        )
                    for state in STATES[1:]:
                        names = PLAYED_NAMES[turn % len(PLAYED_NAMES)]
                        turn += 1
                        case = Case(key, players, paper, language, names, state, next(played))
                        found.append(allowed(case))
    return found


def _worst() -> list[Case]:
    """Each defect the sheets had, at its worst: unruled rows to play, long Nepali and
    Greek double-barrelled names, seven players' chart, One Card's rows to go on, pages
    that were one-sided, the table's own hand sizes and scoring, short labels and score
    boxes, the Nepali chart's target, the special cards' key over two pages."""
    cases = []
    for key, game in KINDS.items():
        most, least = game.rules.max_players, game.rules.min_players
        for state in STATES[1:]:
            cases.append(Case(key, most, "a4", "ne", "hard", state))
            cases.append(Case(key, least, "letter", "el", "mixed", state))
        for paper in PAPERS:
            cases.append(Case(key, most, paper, "el", "hard", "blank"))
            cases.append(Case(key, most, paper, "cy", "none", "blank"))
        cases.append(Case(key, least, "letter", "ne", "long", "blank"))
        for values in option_values(key):
            cases.append(Case(key, most, "a4", "ne", "hard", "blank", values))
            if not _numbers(values):
                cases.append(Case(key, most, "letter", "el", "mixed", "finished", values))
    return [allowed(case) for case in cases]


def cases() -> list[Case]:
    """The sheets this run judges: the whole matrix with ``SHEET_GEOMETRY=all``, else
    the worst cases and every :data:`STRIDE`-th sheet of the matrix."""
    every = all_cases()
    games = os.environ.get("SHEET_GEOMETRY_GAMES")  # "spades,wizard": those games' sheets only
    if games:
        every = [case for case in every if case.game in games.split(",")]
    if os.environ.get("SHEET_GEOMETRY") == "all":
        return every
    offset = int(os.environ.get("SHEET_GEOMETRY_OFFSET", "0")) % STRIDE
    picked = {case.id: case for case in _worst()}
    for case in every[offset::STRIDE]:
        picked.setdefault(case.id, case)
    return list(picked.values())


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


def test_long_names_are_40_characters_with_spaces() -> None:
    for name in sheet_geometry.LONG_NAMES:
        assert len(name) == 40 and " " in name, name


def test_the_matrix_covers_every_game_count_paper_language_name_state_and_option() -> None:
    every = all_cases()
    for key, game in KINDS.items():
        of_game = [c for c in every if c.game == key]
        counts = range(game.rules.min_players, game.rules.max_players + 1)
        assert {(c.players, c.paper, c.language) for c in of_game} == set(
            itertools.product(counts, PAPERS, LANGUAGES)
        )
        assert {c.names for c in of_game} == set(NAMES)
        assert {c.state for c in of_game} == set(STATES)
        printed = {name for c in of_game for name, _ in c.options}
        assert printed == {name for values in option_values(key) for name, _ in values}


def test_the_default_run_takes_every_game_count_and_state() -> None:
    for key, game in KINDS.items():
        of_game = [c for c in CASES if c.game == key]
        counts = range(game.rules.min_players, game.rules.max_players + 1)
        assert {c.players for c in of_game} == set(counts)
        assert {c.state for c in of_game} == set(STATES)
        assert {c.names for c in of_game} == set(NAMES)
        assert {c.language for c in of_game} == set(LANGUAGES)


WHOLE_MATRIX_SECONDS = 5400
"""The first case's time limit in a run of the whole matrix: every sheet is rendered
before it is judged, longer than the suite's limit for one test (pyproject.toml)."""


@pytest.mark.timeout(WHOLE_MATRIX_SECONDS if os.environ.get("SHEET_GEOMETRY") == "all" else 600)
@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_sheet_is_fit_for_a_pen(judged: dict[str, Judged], case: Case) -> None:
    result = judged[case.id]
    low, high = result.expected
    wanted = sheet_geometry.pages_wanted(low, high)
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


# -- Wizard with the anniversary special cards ------------------------------------------

ANNIVERSARY = sheets("anniversary/*.json")
"""Recorded games with every special card: a Bomb round, a Cloud's change of a bid, a
Werewolf's trump, special cards turned."""
EVERY_SPECIAL_CARD = (
    ("special_bomb", "y"),
    ("special_cloud", "y"),
    ("special_dragon_fairy", "y"),
    ("special_juggler", "y"),
    ("special_werewolf", "y"),
    ("special_shapeshifter", "y"),
    ("hook_from", "3"),
    ("tie_break", "y"),
)
"""The blank-sheet form with every special card and option: the widest lead, the
widest bids and the longest key."""
SPECIAL_LANGUAGES = ("en", "cy", "ne")
"""English, and the languages whose words and script take the most room."""


@pytest.fixture(scope="module")
def geometry_app() -> Any:
    return sheet_geometry.make_app()


def judge_recorded(app: Any, path: Path, paper: str, language: str) -> Judged:
    """A recorded game's completed sheet, rendered in ``language`` and judged."""
    import json
    from datetime import datetime

    from scorekeeper.views.sheets import completed_sheet, render_sheet

    game = json.loads(path.read_text(encoding="utf-8"))
    rules = KINDS[game["game"]].rules
    with app.test_request_context("/", headers={"Accept-Language": language}):
        state = rules.new(game["players"], game["first_dealer"], game["options"])
        for played in game["rounds"]:
            state = state.load_round(
                {k: v for k, v in played.items() if k not in ("scores", "totals")}
            )
        sheet = completed_sheet(state, datetime(2026, 3, 3, 20, 15), paper)
        data = render_sheet(sheet)
    size = PAPERS[paper]
    expected = sheet_geometry.expected_pages(sheet)
    pages = sheet_geometry.read_pages(data)
    found = sheet_geometry.judge_pages(
        pages, expected_pages=expected, paper=(size.width, size.height), names=sheet.players
    )
    case = Case(game["game"], state.player_count, paper, language, "short", "finished")
    return Judged(case, len(pages), expected, tuple(found))


@pytest.mark.parametrize("language", SPECIAL_LANGUAGES)
@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("path", ANNIVERSARY, ids=[p.stem for p in ANNIVERSARY])
def test_a_game_with_the_special_cards_is_fit_for_a_pen(
    geometry_app: Any, path: Path, paper: str, language: str
) -> None:
    result = judge_recorded(geometry_app, path, paper, language)
    assert result.problems == (), "\n".join(result.problems)


@pytest.mark.parametrize("language", SPECIAL_LANGUAGES)
@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("players", [3, 6])
def test_a_blank_sheet_with_every_special_card_is_fit_for_a_pen(
    geometry_app: Any, players: int, paper: str, language: str
) -> None:
    case = Case("wizard", players, paper, language, "none", "blank", EVERY_SPECIAL_CARD)
    result = sheet_geometry.judge(geometry_app, case)
    assert result.problems == (), f"{case.id}:\n" + "\n".join(result.problems)
