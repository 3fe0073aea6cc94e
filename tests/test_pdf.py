"""Score sheets read back from their PDFs: the numbers, the plan, the fonts, the escaping,
the page count and the type size; the cache of a finished game's sheet.

The PDFs are read with pypdf: every piece of text with its position and size, gathered
into the lines a person would read across the page.
"""

from __future__ import annotations

import ast
import io
import json
import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template
from pypdf import PdfReader

from scorekeeper import pdf, services, sheets
from scorekeeper.games import GAMES
from scorekeeper.games.kinds import KINDS, KindError, kind
from scorekeeper.games.one_card.sheet import typical_hands
from scorekeeper.views.sheets import completed_sheet
from tests.conftest import PASSWORD, Table
from tests.rules import recorded as recorded_games

pytestmark = pytest.mark.data_layer

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
RECORDED = [path for game in KINDS.values() for path in game.samples.recorded]
NOW = datetime(2026, 3, 3, 20, 15)


# -- reading a PDF back ------------------------------------------------------------


@dataclass
class Page:
    lines: list[str]
    sizes: list[float]
    """The size in points of every piece of text drawn."""


@dataclass
class ReadPdf:
    pages: list[Page]
    fonts: set[str] = field(default_factory=set)

    @property
    def text(self) -> str:
        return "\n".join(line for page in self.pages for line in page.lines)

    def line(self, pattern: str) -> str:
        """The one line that matches ``pattern`` (a regular expression, from its start)."""
        found = [line for line in self.text.splitlines() if re.match(pattern, line)]
        assert len(found) == 1, (pattern, found)
        return found[0]


def plain(text: str) -> str:
    """The sheet's figure spaces and figure dashes as a person reads them."""
    return " ".join(text.replace("\u2007", " ").replace("\u2012", "-").split())


def read_page(page: Any) -> Page:
    """The page's text as lines (pieces on one baseline, left to right), and sizes."""
    pieces: list[tuple[float, float, str]] = []
    sizes: list[float] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if not text.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        pieces.append((y, x, text))
        sizes.append(size * abs(tm[3] * cm[3] + tm[2] * cm[1]))

    page.extract_text(visitor_text=visit)
    rows: list[list[tuple[float, float, str]]] = []
    for piece in sorted(pieces, key=lambda p: -p[0]):
        # Devanagari sits a little off the Latin baseline: 2.5 pt is the same line.
        if rows and abs(rows[-1][0][0] - piece[0]) < 2.5:
            rows[-1].append(piece)
        else:
            rows.append([piece])
    lines = [
        plain(" ".join(text for _, _, text in sorted(row, key=lambda p: p[1]))) for row in rows
    ]
    return Page(lines, sizes)


def read_pdf(data: bytes) -> ReadPdf:
    reader = PdfReader(io.BytesIO(data))
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in (page.get("/Resources") or {}).get("/Font", {}).values()
    }
    return ReadPdf([read_page(page) for page in reader.pages], fonts)


# -- games to print ---------------------------------------------------------------------


def recorded(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def store(app: Flask, game: dict[str, Any], username: str = "ana") -> str:
    """The recorded game entered through the services, as the pages would."""
    with app.app_context():
        owner = services.authenticate(username, PASSWORD)
        assert owner is not None
        record = services.create_game(
            owner, game["game"], game["players"], game["first_dealer"], game["options"]
        )
        for played in game["rounds"]:
            facts = {k: v for k, v in played.items() if k not in ("scores", "totals", "made")}
            record = services.record_round(record, facts)
        return record.id


def state_of(game: dict[str, Any]) -> Any:
    state = GAMES[game["game"]].new(game["players"], game["first_dealer"], game["options"])
    for played in game["rounds"]:
        state = state.load_round({k: v for k, v in played.items() if k not in ("scores", "totals")})
    return state


def figures(values: list[int], signed: bool = False) -> list[str]:
    return [plain(sheets.number(v, signed=signed)) for v in values]


# -- the app's PDF module -----------------------------------------------------------------


def test_weasyprint_found_harfbuzz_subsetting() -> None:
    """Without Debian's libharfbuzz-subset0 WeasyPrint falls back, silently, to a
    subsetter about five times slower: the set-up installs it."""
    assert pdf.harfbuzz_subset_available()


def test_only_the_pdf_module_imports_weasyprint() -> None:
    importers = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name.split(".")[0] == "weasyprint" for name in names):
                importers.append(path.relative_to(PACKAGE).as_posix())
    assert set(importers) == {"pdf.py"}


def test_a_sheet_loads_nothing_from_outside(tmp_path: Path) -> None:
    secret = tmp_path / "secret.svg"
    secret.write_text('<svg xmlns="http://www.w3.org/2000/svg"><text>secret</text></svg>')
    body = pdf.render_pdf(
        f'<p>Ana</p><img src="file://{secret}"><img src="http://127.0.0.1:9/x.png">'
    )
    assert "secret" not in read_pdf(body).text


# -- completed sheets -------------------------------------------------------------------


def check_lines(sheet: ReadPdf, state: Any) -> None:
    """Each played round's line reads as the game's samples say it does (its samples'
    ``sheet_line``, worked out from the round and its score, in the game's folder)."""
    line_of = kind(state.key).samples.sheet_line
    if line_of is None:
        pytest.fail(f"{state.key}'s samples do not say how a round reads on its sheet")
    for scored in state.scored_rounds:
        expected = line_of(state, scored)
        line = sheet.line(re.escape(expected.starts))
        assert line.split()[-len(expected.ends) :] == list(expected.ends), line
        for text in expected.holds:
            assert text in line, (text, line)


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_a_completed_sheet_prints_the_game_as_recorded(table: Table, path: Path) -> None:
    game = recorded(path)
    game_id = store(table.app, game)
    response = table.client.get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    sheet = read_pdf(response.data)
    state = state_of(game)

    check_lines(sheet, state)
    totals = sheet.line("Total ").split()[1:]
    # A column a side: partners share theirs (and its star), and win as one side.
    assert [t for t in totals if t != "★"] == figures(list(state.side_totals))
    won = [seats for seats in state.sides if set(seats) <= set(game["winners"])]
    assert totals.count("★") == len(won)
    sides = [" & ".join(game["players"][seat] for seat in seats) for seats in won]
    assert "RESULT " + " and ".join(sides) in sheet.text
    with table.app.test_request_context():
        planned = completed_sheet(state, NOW, "a4").pages
    assert len(sheet.pages) == planned <= 2  # the grid on one page, the chart perhaps on another


def test_a_running_game_prints_the_rounds_still_to_play(table: Table) -> None:
    game = recorded(recorded_games.sheet("wizard-3p-full.json"))
    game["rounds"] = game["rounds"][:5]
    game_id = store(table.app, game)
    sheet = read_pdf(table.client.get(f"/games/{game_id}/sheet.pdf").data)
    assert "BEING PLAYED 5 of 20 rounds so far" in sheet.text
    names = game["players"]
    for number in range(6, 21):
        # Round 6 is dealt by the seat after round 5's dealer (seat 1), and so on.
        dealer = names[(number - 1) % 3]
        line = sheet.line(rf"{number} {number} ")
        assert line.startswith(f"{number} {number} {dealer}"), line
    assert sheet.line("20 20 ").endswith("–")  # no trump in the last round
    assert sheet.line("Wizard score sheet") == "Wizard score sheet game in progress"
    # The totals so far sit under round 5, round 6 follows; the final totals are written in.
    lines = sheet.text.splitlines()
    after = lines.index(sheet.line("Total after round 5 "))
    assert lines[after - 1].startswith("5 5 ") and lines[after + 1].startswith("6 6 ")
    assert sheet.line("Total after round 5 ").split()[4:] == figures(state_of(game).totals)
    assert lines.index(sheet.line("Total$")) > lines.index(sheet.line("20 20 "))


def test_another_accounts_sheet_is_not_found(table: Table) -> None:
    game_id = store(
        table.app, recorded(recorded_games.sheet("wizard-4p-short.json")), username="ben"
    )
    assert table.client.get(f"/games/{game_id}/sheet.pdf").status_code == 404
    assert table.client.get("/games/nosuchgame/sheet.pdf").status_code == 404


def test_a_finished_games_sheet_comes_from_the_cache_until_it_changes(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = recorded(recorded_games.sheet("wizard-4p-short.json"))
    game_id = store(table.app, game)
    renders = []
    render = pdf.render_pdf

    def counted(*args: Any, **kwargs: Any) -> bytes:
        renders.append(1)
        return render(*args, **kwargs)

    monkeypatch.setattr(pdf, "render_pdf", counted)
    url = f"/games/{game_id}/sheet.pdf"
    first = table.client.get(url)
    again = table.client.get(url)
    assert len(renders) == 1
    assert again.data == first.data
    assert (
        table.client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    )
    assert table.client.get(url + "?paper=letter").status_code == 200
    assert len(renders) == 2  # another paper is another sheet

    # A correction changes the game: the sheet is made again, with the new numbers.
    last = game["rounds"][-1]
    with table.app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        record = services.get_game(ana, game_id)
        number = len(record.state.rounds)
        facts = {k: v for k, v in last.items() if k not in ("scores", "totals", "made")}
        bids = list(facts["bids"])
        bids[0] += 1
        services.correct_round(record, number, {**facts, "bids": bids})
        corrected = services.get_game(ana, game_id).state
    fresh = table.client.get(url)
    assert len(renders) == 3
    assert fresh.headers["ETag"] != first.headers["ETag"]
    totals = read_pdf(fresh.data).line("Total ").split()[1:]
    assert [t for t in totals if t != "★"] == figures(list(corrected.totals))


def test_the_sheet_cache_keeps_one_version_a_game_and_a_bound() -> None:
    cache = sheets.SheetCache(max_entries=2)
    cache.put("a", "v1", b"1")
    cache.put("a", "v2", b"2")
    assert cache.get("a", "v1") is None and cache.get("a", "v2") == b"2"
    cache.put("b", "v1", b"3")
    cache.put("c", "v1", b"4")
    assert len(cache) == 2 and cache.get("a", "v2") is None


# -- a game's sheet layout --------------------------------------------------------------------

WIZARD_SHEET = kind("wizard").sheet
BROKEN_LAYOUTS = {
    "no sub-columns": {"subs": ()},
    "no dealer's column": {"lead": WIZARD_SHEET.lead[:2] + WIZARD_SHEET.lead[3:]},
    "no round number first": {"lead": WIZARD_SHEET.lead[2:]},
    "no completed sheet's foot": {"foot_height": {"blank": 17.0}},
    "no facts": {"facts": None},
    "rows that are no function": {"played_row": "row"},
}


@pytest.mark.parametrize("broken", BROKEN_LAYOUTS.values(), ids=list(BROKEN_LAYOUTS))
def test_a_broken_sheet_layout_fails_when_it_is_made(broken: dict[str, Any]) -> None:
    with pytest.raises(sheets.LayoutError):
        replace(WIZARD_SHEET, **broken)


def test_a_game_kind_without_a_sheet_layout_fails_when_it_is_made() -> None:
    with pytest.raises(KindError, match="sheet"):
        replace(kind("one_card"), sheet=None)


@pytest.mark.parametrize("key", sorted(KINDS))
@pytest.mark.parametrize("paper", sorted(sheets.PAPERS))
def test_every_kind_lays_out_its_sheets(app: Flask, key: str, paper: str) -> None:
    """A blank sheet for every player count and a sheet of a game just begun, by the kind
    alone: a game added with its layout prints, with nothing else to change."""
    game = kind(key)
    with app.test_request_context():
        for players in range(game.rules.min_players, game.rules.max_players + 1):
            blank = sheets.blank_sheet(game.rules, game.sheet, players, paper=paper)
            names = [f"Player {seat}" for seat in range(players)]
            columns = len(game.rules.new(names).sides)  # a column a side
            assert blank.rows and blank.game == key and blank.grid.players == columns
            begun = sheets.completed_sheet(game.rules.new(names), game.sheet, NOW, paper)
            assert not begun.rows and begun.to_play and begun.write_totals and not begun.totals
            for sheet in (blank, begun):
                room = sheets.usable(sheets.PAPERS[paper], sheet.orientation)[0]
                assert sheet.grid.width <= room
                assert min(sheet.grid.sub_units) * sheet.grid.digit >= 7.0


# -- blank sheets ---------------------------------------------------------------------------


def blank(client: Any, names: list[str] | None = None, **query: Any) -> ReadPdf:
    """A blank sheet asked for as the page's form asks: names in seats ``names-0``, ..."""
    query.update({f"names-{seat}": name for seat, name in enumerate(names or [])})
    response = client.get("/sheets/blank.pdf", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    assert response.mimetype == "application/pdf"
    return read_pdf(response.data)


@pytest.mark.parametrize(
    ("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)], ids=["3p", "4p", "5p", "6p"]
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_blank_wizard_sheet_has_the_rounds_cards_and_dealers(
    table: Table, players: int, rounds: int, paper: str
) -> None:
    names = ["Siôn", "Ŵyn", "Νίκος", "प्रिया", "Ana", "Dee"][:players]
    sheet = blank(
        table.client, game="wizard", players=players, names=names, first_dealer=1, paper=paper
    )
    assert len(sheet.pages) == 1
    for number in range(1, rounds + 1):
        dealer = names[(1 + number - 1) % players]
        line = sheet.line(rf"{number} {number} ")
        assert line.startswith(f"{number} {number} {dealer}"), line
    assert sheet.line(rf"{rounds} {rounds} ").endswith("–")  # every card dealt: no trump
    assert not any(line.startswith(f"{rounds + 1} ") for line in sheet.text.splitlines())
    labels = sheet.line(r"(bid|bd) ").split()
    assert len(labels) == 4 * players
    assert set(labels) <= {"bid", "bd", "took", "tk", "score", "sc", "total", "tot"}
    assert "–: no trump" in sheet.text  # the key
    assert f"ROUNDS {rounds}, the full game" in sheet.text


def test_a_blank_short_game_with_the_hook(table: Table) -> None:
    sheet = blank(table.client, game="wizard", players=4, rounds=7, hook="y")
    assert "ROUNDS 7 of 15, a short game" in sheet.text
    assert "HOOK on" in sheet.text and "Hook the bids may not add up" in sheet.text
    assert sheet.line("7 7") == "7 7"  # a short game's last round still turns trump
    assert "20 + 10 a trick" in sheet.text and "-10 a trick off" in sheet.text


ANNIVERSARY = recorded_games.sheets("anniversary/*.json")
SHORT_WORDS = {
    "bomb": "Bmb",
    "cloud": "Cld",
    "dragon": "Drg",
    "fairy": "Fai",
    "juggler": "Jug",
    "werewolf": "Wlf",
    "shapeshifter": "Shp",
}
SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠", "none": "–"}


@pytest.mark.parametrize("path", ANNIVERSARY, ids=[p.stem for p in ANNIVERSARY])
def test_a_sheet_with_the_anniversary_cards_shows_what_they_did(table: Table, path: Path) -> None:
    """RULES.md, Wizard with the anniversary special cards: a Bomb round ticked, a bid the
    Cloud changed as 2→3 (scored against the changed bid), the Werewolf's trump and a
    turned special card in the trump column, and who held the Werewolf in the notes; the
    facts name the cards and options."""
    game = recorded(path)
    sheet = read_pdf(table.client.get(f"/games/{store(table.app, game)}/sheet.pdf").data)
    state = state_of(game)
    players = state.player_count
    for scored in state.scored_rounds:
        record = scored.record
        line = sheet.line(rf"{scored.number} {scored.cards} ")
        expected = []
        for seat in range(players):
            bid = [str(record.bids[seat])]
            if record.cloud is not None and record.cloud.seat == seat:
                bid += ["→", str(record.bids[seat] + record.cloud.change)]
            expected += [*bid, str(record.tricks[seat])]
            expected += figures([scored.scores[seat]], signed=True)
            expected += figures([scored.totals[seat]])
        assert line.split()[-len(expected) :] == expected, line
        lead = line.split()[: -len(expected)]
        assert lead[-1] == str(sum(record.bids))  # the bids as made, added up
        assert lead[-2] == ("✓" if record.bomb else "·"), line
        played = game["rounds"][scored.number - 1]
        trump = SUIT_SIGNS[played["trump"]]
        if "werewolf" in played:
            assert "".join(lead[:-2]).endswith(f"Wlf⇄{trump}"), line  # swapped, not turned
        elif played["turned"] in SHORT_WORDS:
            assert lead[-4:-2] == [SHORT_WORDS[played["turned"]], trump], line
    options = game["options"]
    names = ", ".join(card.capitalize() for card in options["special_cards"])
    assert f"SPECIAL CARDS {names}" in plain(sheet.text.replace("\n", " "))
    assert ("TIE-BREAK most bids met" in sheet.text) == (options.get("tie_break") == "exact_bids")
    if options.get("hook_from", 1) > 1:
        assert f"HOOK from round {options['hook_from']}" in sheet.text
    key = plain(sheet.text.replace("\n", " "))
    assert "the Bomb was played and nobody took its trick" in key
    assert "a bid the Cloud changed (whoever won its trick goes up or down one)" in key
    held = [
        f"{state.players[played['werewolf']['seat']]} (round {number})"
        for number, played in enumerate(game["rounds"], 1)
        if "werewolf" in played
    ]
    if held:
        assert "Werewolf swapped by " + ", ".join(held) in key
    else:
        assert "Werewolf swapped by" not in key
    assert totals_of(sheet) == figures(game["totals"])


def totals_of(sheet: ReadPdf) -> list[str]:
    return [t for t in sheet.line("Total ").split()[1:] if t != "★"]


def test_a_blank_wizard_sheet_with_the_special_cards(table: Table) -> None:
    """The blank-sheet form's boxes: the Dragon and the Fairy are one; a column to tick
    the Bomb; the key says every card's short word; the hook from a round plays the hook."""
    sheet = blank(
        table.client,
        game="wizard",
        players=4,
        special_bomb="y",
        special_dragon_fairy="y",
        special_werewolf="y",
        hook_from="3",
        tie_break="y",
    )
    text = plain(sheet.text.replace("\n", " "))
    assert "SPECIAL CARDS Bomb, Dragon, Fairy, Werewolf" in text
    assert "HOOK from round 3" in text and "Hook from round 3 on, the bids may not" in text
    assert "TIE-BREAK most bids met" in text and "Tie-break equal top totals go to" in text
    header = next(line for line in sheet.pages[0].lines if re.match("(Round|Rd) ", line))
    assert header.split()[-2] in ("Bomb", "Bmb") and header.endswith("Bids"), header
    for said in ("the Bomb was played", "Bmb –", "Drg ♥", "Fai –", "Wlf ♥"):
        assert said in text
    assert "Wlf⇄♥" in text.replace(" ", "")  # swapped, told from turned
    assert ". ·" not in text  # the key's lines run on, one sentence
    assert "Cld" not in text and "Jug" not in text and "the Cloud" not in text


def test_a_blank_wizard_sheet_without_special_cards_is_as_it_was(table: Table) -> None:
    sheet = blank(table.client, game="wizard", players=4)
    assert sheet.line("(Round|Rd) ").split()[2:] == ["Dealer", "Trump", "Bids"]
    assert "SPECIAL CARDS" not in sheet.text and "TIE-BREAK" not in sheet.text
    assert "HOOK off" in sheet.text and "✓" not in sheet.text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_blank_one_card_sheet_has_hands_to_spare(table: Table, players: int) -> None:
    names = ["Llŷr", "Νίκος", "प्रिया", "Dee"][:players]
    sheet = blank(table.client, game="one_card", players=players, names=names, first_dealer=0)
    hands = [line for line in sheet.text.splitlines() if re.match(r"\d+ \S", line)]
    assert len(hands) >= 2 * typical_hands(players, 30)
    for number in range(1, 11):
        assert sheet.line(rf"{number} ").startswith(f"{number} {names[(number - 1) % players]}")
    assert "TARGET 30 points" in sheet.text and "The first to 30 wins" in sheet.text
    assert " ".join(["points total"] * players) in sheet.pages[0].lines


def test_a_long_one_card_game_repeats_the_header_on_the_next_page(table: Table) -> None:
    sheet = blank(table.client, game="one_card", players=4, target=120)
    assert len(sheet.pages) == 2
    for page in sheet.pages:
        assert "Hand Dealer Bidder Bid Trump" in page.lines
        assert "points total points total points total points total" in page.lines


def test_a_blank_oh_hell_sheet_follows_the_tables_hand_sizes_and_scoring(table: Table) -> None:
    """The blank-sheet form takes a table's own list of hand sizes and another scoring,
    and the sheet follows them: its rounds, and the scoring under the grid."""
    sheet = blank(
        table.client,
        game="oh_hell",
        players=4,
        schedule="own",
        hand_sizes="4, 2, 2, 1",
        scoring="trick-each",
    )
    assert [sheet.line(rf"{n} {cards}( |$)") for n, cards in enumerate((4, 2, 2, 1), 1)]
    assert not any(line.startswith("5 ") for line in sheet.text.splitlines())
    text = plain(sheet.text.replace("\n", " "))
    assert "bid met exactly: 10; 1 for every trick taken." in text
    assert "10 + the bid" not in text and " 0 " not in f" {text} "


@pytest.mark.parametrize(
    ("scoring", "said"),
    [
        ("wizard-style", "bid met exactly: 20 + 10 a trick bid; missed: -10 a trick off."),
        ("ten-plus-bid", "bid met exactly: 10 + the bid (bid 3, took 3: 13). Missed: nothing."),
    ],
)
def test_oh_hells_scoring_note_leaves_out_its_zero_terms(
    table: Table, scoring: str, said: str
) -> None:
    sheet = blank(table.client, game="oh_hell", players=3, scoring=scoring)
    assert said in plain(sheet.text.replace("\n", " "))


def test_a_blank_oh_hell_sheet_with_the_tables_own_numbers(table: Table) -> None:
    numbers = {"made_base": 0, "made_per_trick": 5, "per_trick": 0, "missed_per_trick_off": 0}
    sheet = blank(table.client, game="oh_hell", players=5, scoring="own", **numbers)
    text = plain(sheet.text.replace("\n", " "))
    assert "bid met exactly: 5 a trick bid." in text


def test_a_blank_oh_hell_sheet_refuses_a_list_that_is_no_list(table: Table) -> None:
    query = {"game": "oh_hell", "players": 4, "schedule": "own", "hand_sizes": "four"}
    response = table.client.get("/sheets/blank.pdf", query_string=query)
    assert response.status_code == 422
    assert "as whole numbers: 5, 4, 3" in response.get_data(as_text=True)


def test_a_blank_sheet_too_wide_for_its_paper_says_so(table: Table) -> None:
    """A table's own scoring of a hundred points a trick, at seven players: columns that
    wide fit no way round the paper, and the form says so beside the players."""
    numbers = {"made_base": 100, "made_per_trick": 100, "per_trick": 100}
    query = {"game": "oh_hell", "players": 7, "paper": "letter", "scoring": "own"}
    query |= {**numbers, "missed_per_trick_off": 100}
    response = table.client.get("/sheets/blank.pdf", query_string=query)
    assert response.status_code == 422
    assert "do not fit on this paper" in response.get_data(as_text=True)


def test_a_game_sheet_too_wide_for_its_paper_says_so(table: Table) -> None:
    """The same numbers in a game played: its sheet on that paper is refused with a
    page that says to print it on the other, never a server error; on A4 it prints."""
    numbers = {"made_base": 100, "made_per_trick": 100, "per_trick": 100}
    game = {
        "game": "oh_hell",
        "players": ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus"],
        "first_dealer": 0,
        "options": {"scoring": {**numbers, "missed_per_trick_off": 100}},
        "rounds": [],
    }
    game_id = store(table.app, game)
    response = table.client.get(f"/games/{game_id}/sheet.pdf", query_string={"paper": "letter"})
    assert response.status_code == 422
    assert "do not fit on this paper" in response.get_data(as_text=True)
    welsh = table.client.get(
        f"/games/{game_id}/sheet.pdf",
        query_string={"paper": "letter"},
        headers={"Accept-Language": "cy"},
    )
    assert welsh.status_code == 422
    assert "do not fit on this paper" not in welsh.get_data(as_text=True)
    on_a4 = table.client.get(f"/games/{game_id}/sheet.pdf", query_string={"paper": "a4"})
    assert on_a4.status_code in (200, 422)


def test_seven_players_widest_scores_print_on_letter(table: Table) -> None:
    """Wizard-style scoring at seven players on US Letter, the widest scores a preset
    reaches: its lead at its narrowest (the trump's heading short, said in the key; the
    dealers' names at 8 pt), not a refusal; blank, and a game's sheet."""
    names = ["Gwenllian", "Αικατερίνη", "ज्ञानेन्द्र", "Maria", "Bartholomew", "Rhiannon", "Χαράλαμπος"]
    query = {"game": "oh_hell", "players": 7, "paper": "letter", "scoring": "wizard-style"}
    sheet = blank(table.client, names=names, **query)
    assert "Tr: Trump" in plain(sheet.text.replace("\n", " "))
    assert min(size for page in sheet.pages for size in page.sizes) > 7.99
    game = {
        "game": "oh_hell",
        "players": names,
        "first_dealer": 0,
        "options": {"scoring": "wizard-style"},
        "rounds": [],
    }
    game_id = store(table.app, game)
    response = table.client.get(f"/games/{game_id}/sheet.pdf", query_string={"paper": "letter"})
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"


@pytest.mark.parametrize("language", ["en", "cy", "nl", "el", "ne"])
def test_every_short_label_is_in_the_key(app: Flask, language: str) -> None:
    """A heading or label printed in its short form (``tk``, ``Rd``) is said in full in
    the sheet's key, in every language."""
    for key, game in KINDS.items():
        players = game.rules.max_players
        with app.test_request_context("/", headers={"Accept-Language": language}):
            sheet = sheets.blank_sheet(game.rules, game.sheet, players, paper="a4")
            html = render_template("sheets/sheet.html", sheet=sheet)
            # Read in the reader's language, as the sheet was drawn.
            labels = [(str(short), str(full)) for short, full in sheet.grid.abbreviations]
        for short, full in labels:
            # Said in full, or (the bids added up) what the column holds.
            assert f"{short}: {full} ·" in html or f"{short}: " in html, (key, language, short)


def test_a_key_that_ends_on_its_short_labels_ends_without_a_dot(app: Flask) -> None:
    """A game whose key says nothing after its short labels (a game without bids or
    special cards) ends it on the last label, not on a stray "·"."""
    from types import SimpleNamespace

    from flask import render_template_string

    sheet = SimpleNamespace(grid=SimpleNamespace(abbreviations=[("Tr", "Trump"), ("Sc", "Score")]))
    with app.test_request_context():
        alone = render_template_string(
            '{% with last = true %}{% include "sheets/_abbreviations.html" %}{% endwith %}',
            sheet=sheet,
        )
        followed = render_template_string('{% include "sheets/_abbreviations.html" %}', sheet=sheet)
    assert alone == " Tr: Trump · Sc: Score"
    assert followed == " Tr: Trump · Sc: Score ·"


def test_a_sheet_of_two_pages_has_its_key_on_the_first(table: Table) -> None:
    sheet = blank(table.client, game="oh_hell", players=7, names=[f"P{n}" for n in range(7)])
    assert len(sheet.pages) == 2
    assert any(line.startswith("Key ") for line in sheet.pages[0].lines)
    assert not any(line.startswith("Key ") for line in sheet.pages[1].lines)
    assert any(line.startswith("Scoring ") for line in sheet.pages[1].lines)


def test_a_running_one_card_game_keeps_the_hands_it_can_still_need(app: Flask) -> None:
    """Rows to go on with, from the target and the totals: more for a far target, fewer
    when the leader is nearly there."""
    game = kind("one_card")
    names = ["Ana", "Ben", "Cai"]
    hand = {"bidder": 0, "bid": 7, "trump": "spades", "points": [9, 3, 3], "last_trick": 0}
    with app.test_request_context():
        far = game.rules.new(names, 0, {"target": 100}).load_round(hand)
        near = game.rules.new(names, 0, {"target": 30})
        for _ in range(3):
            near = near.load_round(hand)
        far_rows = sheets.completed_sheet(far, game.sheet, NOW, "a4").to_play
        near_rows = sheets.completed_sheet(near, game.sheet, NOW, "a4").to_play
    assert near.totals[0] == 27 and not near.finished
    assert len(near_rows) == 2  # a hand to reach 30, and one for a tie
    assert len(far_rows) > 10


def test_the_nepali_charts_target_is_one_word_in_the_legend(table: Table) -> None:
    game_id = store(table.app, recorded(recorded_games.sheet("one-card-3p.json")))
    response = table.client.get(f"/games/{game_id}/sheet.pdf", headers={"Accept-Language": "ne"})
    text = read_pdf(response.data).text
    assert "◌" not in text
    assert "╌╌ लक्ष्य" in text


def test_a_blank_sheet_needs_no_login_nor_names(table: Table) -> None:
    visitor = table.app.test_client()
    sheet = blank(visitor, game="wizard", players=3)
    assert sheet.line("1 1") == "1 1"
    assert "FIRST DEALER" not in sheet.text


# -- what a sheet may print ----------------------------------------------------------------


def test_a_name_is_printed_as_text_never_as_markup(table: Table) -> None:
    names = ["<script>alert(1)</script>", "A & B", "<b>Ben</b>"]
    sheet = blank(table.client, game="wizard", players=3, names=names)
    for name in names:
        assert name in sheet.text
    game = {
        "game": "wizard",
        "players": names,
        "first_dealer": 0,
        "options": {"rounds": 1},
        "rounds": [{"trump": "hearts", "turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]}],
    }
    done = read_pdf(table.client.get(f"/games/{store(table.app, game)}/sheet.pdf").data)
    for name in names:
        assert name in done.text


def test_names_in_any_script_print_with_their_own_fonts(table: Table) -> None:
    names = ["Siôn Ŵyn Llŷr", "Νίκος", "प्रिया"]
    sheet = blank(table.client, game="wizard", players=3, names=names)
    for name in names:
        assert name in sheet.text
    assert any("NotoSansDevanagari" in font.replace("-", "") for font in sheet.fonts)
    assert any(font.endswith("Noto-Sans") for font in sheet.fonts)


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_no_text_on_a_sheet_is_smaller_than_8_pt(table: Table, path: Path) -> None:
    game = recorded(path)
    done = read_pdf(table.client.get(f"/games/{store(table.app, game)}/sheet.pdf").data)
    names = game["players"]
    empty = blank(table.client, game=game["game"], players=len(names), names=names)
    for sheet in (done, empty):
        sizes = [size for page in sheet.pages for size in page.sizes]
        assert sizes and min(sizes) >= 8 - 0.01


def _full_wizard(players: int) -> dict[str, Any]:
    """A full game of made-up, legal rounds: every player bids what they take."""
    rounds = []
    state = GAMES["wizard"].new([f"P{seat}" for seat in range(players)], 0, {})
    for number in range(1, state.planned_rounds + 1):
        tricks = [0] * players
        for trick in range(number):
            tricks[(trick * 7 + number) % players] += 1
        turns = state.turns_trump(number)
        rounds.append(
            {
                "trump": "spades" if turns else "none",
                "turned": "qs" if turns else None,
                "bids": tricks,
                "tricks": tricks,
            }
        )
    names = ["Siôn", "Ŵyn", "Νίκος", "प्रिया", "Bartholomew-Alexander Featherstonehaugh", "Dee"]
    return {
        "game": "wizard",
        "players": names[:players],
        "first_dealer": 0,
        "options": {},
        "rounds": rounds,
    }


@pytest.mark.parametrize("players", [3, 6], ids=["3p-20-rounds", "6p-10-rounds"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_full_wizard_game_fits_on_one_page(table: Table, players: int, paper: str) -> None:
    game = _full_wizard(players)
    game_id = store(table.app, game)
    sheet = read_pdf(table.client.get(f"/games/{game_id}/sheet.pdf?paper={paper}").data)
    assert len(sheet.pages) == 1
    totals = [t for t in sheet.line(r"Total ").split()[1:] if t != "★"]
    assert len(totals) == players
    # The chart's legend, as text (the chart's own labels may share its height).
    legend = next(line for line in sheet.text.splitlines() if "Running totals by round: " in line)
    for name, total in zip(game["players"], totals, strict=True):
        assert f"{sheets.shorten(name, 24)} {total}" in legend


def test_label_boxes_are_sized_by_the_stylesheet(app: Flask) -> None:
    """A script the monospaced font lacks puts each label in a box its sub-column's width:
    the boxes are sized by a class a sub-column, one rule each in the page's style (a
    style on every box costs a Nepali sheet a tenth of its render)."""
    wizard = kind("wizard")
    with app.test_request_context(headers={"Cookie": "language=ne"}):
        sheet = sheets.blank_sheet(wizard.rules, wizard.sheet, 6)
        html = render_template("sheets/sheet.html", sheet=sheet)
    grid = sheet.grid
    boxes = re.findall(r'<span class="l(\d)">', html)
    assert len(boxes) == 6 * len(grid.sub_units)
    assert 'span style="width' not in html
    for i, width in enumerate(grid.label_widths):
        assert f"td.labels span.l{i} {{ width: {width:.3f}mm; }}" in html
        assert width == pytest.approx(grid.sub_units[i] * grid.digit)
