"""A played paper sheet typed back in: the code a blank sheet carries (and its QR code), the
page it opens laid out like the sheet, each row judged by the rules, and the game saved from
it as an ordinary game, once, on the sheet's evening. The form as a phone without scripts
posts it: every row at once."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pypdf
import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game, Night, PrintedSheet
from scorekeeper.services import paper as printed
from tests.conftest import Table, page_errors, stored_state
from tests.rules import recorded as recorded_games

SUIT_DIGITS = {"clubs": "1", "diamonds": "2", "hearts": "3", "spades": "4", "none": "0"}


def recorded(name: str) -> dict[str, Any]:
    """A recorded game, from its game's folder."""
    game: dict[str, Any] = recorded_games.load(recorded_games.sheet(name))
    return game


def blank_query(game: dict[str, Any], names: bool = True) -> dict[str, str]:
    query = {
        "game": game["game"],
        "players": str(len(game["players"])),
        "paper": "a4",
        "first_dealer": str(game["first_dealer"]),
    }
    options = game["options"]
    if "rounds" in options:
        query["rounds"] = str(options["rounds"])
    if options.get("hook") and game["game"] == "wizard":
        query["hook"] = "y"
    if names:
        query.update({f"names-{seat}": name for seat, name in enumerate(game["players"])})
    return query


def pdf_text(body: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(body))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def sheet_code(client: Any, query: dict[str, str]) -> str:
    """The code printed on the blank sheet of ``query`` (as typed: without its dash)."""
    answer = client.get("/sheets/blank.pdf", query_string=query)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found = re.search(r"type (\d{5})-(\d{5})", pdf_text(answer.data))
    assert found, pdf_text(answer.data)
    return found.group(1) + found.group(2)


def rows_form(game: dict[str, Any], rounds: list[dict[str, Any]] | None = None) -> dict[str, str]:
    """Every row of the sheet as the page's form posts it."""
    form: dict[str, str] = {}
    for number, entered in enumerate(game["rounds"] if rounds is None else rounds, start=1):
        if "trump" in entered:
            form[f"r{number}-trump"] = SUIT_DIGITS.get(entered["trump"], entered["trump"])
        for key in ("bids", "tricks"):
            for seat, value in enumerate(entered[key]):
                form[f"r{number}-{key}-{seat}"] = str(value)
    return form


def key_of(page: str) -> str:
    found = re.search(r'name="key" value="([0-9a-f]+)"', page)
    assert found
    return found.group(1)


def games_stored(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(Game)) or 0)


# -- the code on a blank sheet -------------------------------------------------------


def test_a_blank_sheet_carries_a_code_made_once_for_the_same_sheet(app: Flask, client: Any) -> None:
    query = {"game": "wizard", "players": "4", "paper": "a4"}
    code = sheet_code(client, query)
    # The same sheet again (on the other paper too: the code is the sheet's, not the
    # paper's layout): the same code, and no second row.
    assert sheet_code(client, query) == code
    named = sheet_code(
        client, {**query, "names-0": "Ana", "names-1": "Ben", "names-2": "Cai", "names-3": "Dee"}
    )
    assert named != code
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(PrintedSheet)) == 2
        assert printed.printed_sheet(code).names == ()
        typed = f" {named[:5]}-{named[5:]} "
        assert printed.printed_sheet(typed).names == ("Ana", "Ben", "Cai", "Dee")


def test_the_qr_code_holds_the_short_address_of_the_sheet_and_reads_back(
    app: Flask, table: Table, tmp_path: Path
) -> None:
    client = table.client
    from scorekeeper.views.paper import code_for_blank

    with app.test_request_context("/sheets/blank.pdf", base_url="http://192.168.1.20:5000"):
        made = code_for_blank("wizard", 4, (), 0, {"hook": False}, False)
        assert made is not None
        assert made.link == f"HTTP://192.168.1.20:5000/P/{made.code}"
        qr = made.qr()
        # In capitals, the address fits the QR code's compact alphanumeric mode: 25×25.
        assert (qr.mode, qr.version, qr.error) == ("alphanumeric", 2, "M")
        assert "data:image/svg+xml,%3Csvg" in made.qr_image() and "7.0" in made.qr_image()
    assert client.get(f"/P/{made.code}").headers["Location"] == f"/paper/{made.code}"

    # Read back from the printed page, as a phone's camera would.
    if shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None:
        pytest.skip("zbarimg (zbar-tools) or pdftoppm (poppler-utils) is not installed")
    answer = client.get("/sheets/blank.pdf?game=oh_hell&players=5&paper=letter")
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(answer.data)
    subprocess.run(["pdftoppm", "-r", "300", "-png", str(pdf), str(tmp_path / "page")], check=True)
    page = sorted(tmp_path.glob("page*.png"))[0]
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(page)], capture_output=True, text=True, check=True
    )
    code = re.search(r"type (\d{5})-(\d{5})", pdf_text(answer.data))
    assert code
    assert read.stdout.strip() == f"HTTP://LOCALHOST/P/{code.group(1)}{code.group(2)}"


def test_a_sheet_that_cannot_be_typed_in_yet_says_so(app: Flask, table: Table) -> None:
    # One Card's sheets carry a code too, and its page says what to do instead.
    code = sheet_code(table.client, {"game": "one_card", "players": "3", "paper": "a4"})
    page = table.client.get(f"/paper/{code}").get_data(as_text=True)
    assert "Sheets of One Card cannot be typed in here yet: start a game and enter it" in page
    assert table.post(f"/paper/{code}/check", {}).status_code == 404
    # Wizard with the special cards: the page says what to do instead.
    query = {"game": "wizard", "players": "4", "paper": "a4", "special_bomb": "y"}
    code = sheet_code(table.client, query)
    page = table.client.get(f"/paper/{code}").get_data(as_text=True)
    assert "cannot be typed in here yet: enter its rounds on the round screen" in page
    assert 'name="r1-trump"' not in page


def test_a_code_typed_by_hand_opens_its_sheet(table: Table) -> None:
    code = sheet_code(table.client, {"game": "oh_hell", "players": "5", "paper": "a4"})
    typed = f" {code[:5]} {code[5:]} "
    answer = table.client.get("/p", query_string={"code": typed})
    assert answer.headers["Location"] == f"/paper/{code}"
    wrong = table.client.get("/p", query_string={"code": "00000-00000"})
    assert wrong.status_code == 422
    assert page_errors(wrong) == [
        "No sheet has the code 00000-00000: check it against the one printed beside the QR code"
    ]
    assert table.client.get("/paper/0000000000").status_code == 404


def test_logged_out_the_sheet_asks_for_a_login_and_comes_back(app: Flask, client: Any) -> None:
    with app.app_context():
        services.create_user("ana", "a long enough password 1")
    code = sheet_code(client, {"game": "wizard", "players": "3", "paper": "a4"})
    answer = client.get(f"/P/{code}", follow_redirects=False)
    answer = client.get(answer.headers["Location"])
    assert answer.status_code == 302
    assert answer.headers["Location"].startswith(f"/login?next=%2Fpaper%2F{code}")


# -- typing a sheet in -----------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["wizard-4p-short.json", "wizard-3p-full.json", "oh-hell-7p-full.json"]
)
def test_a_played_sheet_posted_whole_is_saved_as_the_recorded_game(
    app: Flask, table: Table, name: str
) -> None:
    game = recorded(name)
    query = blank_query(game)
    if game["game"] == "oh_hell":
        query["schedule"] = "down-up"
    code = sheet_code(table.client, query)
    page = table.client.get(f"/paper/{code}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    # Laid out like the sheet: a row a round, the names over the columns, the dealers.
    assert html.count('<tr data-row="') == len(game["rounds"])
    for player in game["players"]:
        assert f'<th colspan="4" scope="colgroup" class="name">{player}</th>' in html
    evening = date.today() - timedelta(days=3)
    answer = table.post(
        f"/paper/{code}",
        {**rows_form(game), "key": key_of(html), "date": evening.isoformat(), "action": "save"},
    )
    assert answer.status_code == 302, page_errors(answer)
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    state = stored_state(app, game_id)
    assert list(state.totals) == game["totals"]
    assert state.finished
    assert list(state.winners) == game["winners"]
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row.night.date == evening
        assert row.created_at.date() in (evening, evening + timedelta(days=1))
        assert row.version == len(game["rounds"])
    shown = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "The sheet is saved" in shown


def test_a_table_that_began_with_another_dealer_changes_it_on_the_page(
    app: Flask, table: Table
) -> None:
    """The sheet printed with one first dealer, the table began with the next: changed on
    the page, every row's dealer follows round the table, and the game is saved with the
    dealer who dealt."""
    game = recorded("wizard-4p-short.json")
    players, dealt_first = game["players"], game["first_dealer"]
    printed_first = (dealt_first + 1) % len(players)
    code = sheet_code(table.client, {**blank_query(game), "first_dealer": str(printed_first)})
    html = table.client.get(f"/paper/{code}").get_data(as_text=True)
    assert f'<option value="{printed_first}" selected>{players[printed_first]}</option>' in html
    dealers = re.findall(r'<td class="dealer" data-dealer>([^<]*)</td>', html)
    assert dealers[:2] == [players[printed_first], players[(printed_first + 1) % len(players)]]
    form = {
        **rows_form(game),
        "key": key_of(html),
        "date": date.today().isoformat(),
        "first_dealer": str(dealt_first),
    }
    checked = table.post(f"/paper/{code}", {**form, "action": "check"})
    assert checked.status_code == 200, page_errors(checked)
    dealers = re.findall(
        r'<td class="dealer" data-dealer>([^<]*)</td>', checked.get_data(as_text=True)
    )
    assert dealers[:2] == [players[dealt_first], players[(dealt_first + 1) % len(players)]]
    answer = table.post(f"/paper/{code}", {**form, "action": "save"})
    assert answer.status_code == 302, page_errors(answer)
    state = stored_state(app, answer.headers["Location"].rsplit("/", 1)[-1])
    assert state.first_dealer == dealt_first
    assert list(state.totals) == game["totals"]


def test_each_wrong_row_is_refused_beside_it_and_nothing_is_stored(
    app: Flask, table: Table
) -> None:
    game = recorded("wizard-4p-short.json")
    code = sheet_code(table.client, blank_query(game))
    rounds = [dict(entered) for entered in game["rounds"][:4]]
    rounds[1] = {**rounds[1], "tricks": [1, 1, 1, 0]}  # 3 tricks of 2 cards
    form = rows_form(game, rounds)
    form["r3-trump"] = "7"  # no suit
    del form["r4-bids-2"]  # a row left half done
    form.update({"r6-trump": "1", **{f"r6-bids-{s}": "0" for s in range(4)}})
    answer = table.post(f"/paper/{code}", {**form, "date": date.today().isoformat()})
    assert answer.status_code == 422
    assert page_errors(answer) == [
        "Some rows need putting right: see beside them. Nothing was saved.",
        "Row 2: Tricks add up to 3, but 2 cards were dealt",
        "Row 3: Trump: type one of 1 ♣, 2 ♦, 3 ♥, 4 ♠, 0 –",
        "Row 4: Fill in every box of this row, or leave them all empty",
        "Row 6: Row 5 is empty: type the rows in order, from the first",
    ]
    assert games_stored(app) == 0
    # What was typed stays in its boxes; the first row, right, has its totals.
    html = answer.get_data(as_text=True)
    assert 'name="r2-tricks-0" value="1"' in html
    assert 'data-total="2">30</td>' in html

    # The same rows judged for the page's script: as JSON, nothing stored either.
    judged = table.post(f"/paper/{code}/check", form).json
    assert [row["number"] for row in judged["rows"]] == [1, 2, 3, 4, 6]
    assert judged["rows"][0]["totals"] == ["20", "20", "30", "20"]
    assert judged["rows"][0]["scores"] == ["+20", "+20", "+30", "+20"]
    assert games_stored(app) == 0


def test_a_double_submit_stores_one_game(app: Flask, table: Table) -> None:
    game = recorded("wizard-4p-short.json")
    code = sheet_code(table.client, blank_query(game))
    key = key_of(table.client.get(f"/paper/{code}").get_data(as_text=True))
    # Half the game: saved as a game still being played, to go on with on the round screen.
    form = {**rows_form(game, game["rounds"][:3]), "key": key, "date": date.today().isoformat()}
    first = table.post(f"/paper/{code}", form)
    second = table.post(f"/paper/{code}", form)
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"] == second.headers["Location"]
    assert games_stored(app) == 1
    shown = table.client.get(second.headers["Location"]).get_data(as_text=True)
    assert "That was saved already." in shown
    state = stored_state(app, first.headers["Location"].rsplit("/", 1)[-1])
    assert len(state.rounds) == 3 and not state.finished
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Night)) == 1


def test_a_sheet_without_names_asks_them_first_and_refuses_a_name_too_long(
    app: Flask, table: Table
) -> None:
    code = sheet_code(table.client, {"game": "oh_hell", "players": "3", "paper": "a4"})
    page = table.client.get(f"/paper/{code}").get_data(as_text=True)
    assert 'name="names-2"' in page and 'name="r1-trump"' not in page
    too_long = "आ" * 81
    answer = table.client.get(
        f"/paper/{code}",
        query_string={"names-0": too_long, "names-1": "Ben", "names-2": "Cai", "first_dealer": "1"},
    )
    assert answer.status_code == 422
    assert page_errors(answer), answer.get_data(as_text=True)
    longest = "आरव" + "र" * 37
    answer = table.client.get(
        f"/paper/{code}",
        query_string={"names-0": longest, "names-1": "Ben", "names-2": "Cai", "first_dealer": "1"},
    )
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert f'<input type="hidden" name="names-0" value="{longest}">' in html
    assert (
        '<td class="dealer" data-dealer>Ben</td>' in html
    )  # the first dealer chosen deals round 1


def test_the_page_in_another_language(table: Table) -> None:
    code = sheet_code(
        table.client,
        {
            "game": "wizard",
            "players": "3",
            "paper": "a4",
            "names-0": "Ana",
            "names-1": "Ben",
            "names-2": "Cai",
        },
    )
    table.post("/language", {"language": "cy", "next": f"/paper/{code}"})
    html = table.client.get(f"/paper/{code}").get_data(as_text=True)
    assert 'lang="cy"' in html
    assert "Save the game" not in html and "Check the rows" not in html
