"""The sheets pages: blank sheets for anyone, a game's sheet for its owner, the chart on
the game's page, and the links to them."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from flask import Flask
from pypdf import PdfReader

from scorekeeper import services
from tests.conftest import PASSWORD, Table
from tests.conftest import page_errors as errors


def page_size(data: bytes) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture
def visitor(table: Table) -> Any:
    """Someone at the table with no account: the install has accounts, they are not in."""
    return table.app.test_client()


def test_the_blank_sheets_page_needs_no_login(visitor: Any) -> None:
    page = visitor.get("/sheets")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    for game, counts in (("wizard", range(3, 7)), ("one_card", range(2, 5))):
        for count in counts:
            assert f"/sheets/blank.pdf?game={game}&amp;players={count}" in text
    assert 'action="/sheets/blank.pdf"' in text and 'method="get"' in text
    assert 'name="names-5"' in text and 'name="paper"' in text


def test_a_blank_sheet_is_a_pdf_for_anyone(visitor: Any) -> None:
    response = visitor.get("/sheets/blank.pdf?game=one_card&players=3&paper=a4")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == "inline; filename=one-card-3-players-a4.pdf"
    assert page_size(response.data) == (595, 842)


def test_every_sheet_opens_in_the_browser_or_downloads_alike(app: Flask, table: Table) -> None:
    """A blank sheet, a game's and a night's: inline, or with download=1 a file to keep
    under the same name; the pages offer both, and no link downloads on its own."""
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=0)
    with app.app_context():
        night = services.get_game(services.authenticate("ana", PASSWORD), game_id).row.night_id
    for path, name in (
        ("/sheets/blank.pdf?game=wizard&players=3", "wizard-3-players-a4.pdf"),
        (f"/games/{game_id}/sheet.pdf?paper=a4", None),
        (f"/nights/{night}/sheet.pdf?paper=a4", None),
    ):
        opened = table.client.get(path)
        kept = table.client.get(path + "&download=1")
        assert opened.status_code == kept.status_code == 200, path
        disposition = opened.headers["Content-Disposition"]
        assert disposition.startswith("inline; filename="), path
        assert kept.headers["Content-Disposition"] == disposition.replace("inline", "attachment")
        if name:
            assert disposition == f"inline; filename={name}"
    for page in ("/sheets", f"/games/{game_id}", f"/nights/{night}"):
        text = table.client.get(page).get_data(as_text=True)
        assert 'name="download" value="1"' in text, page
        assert ".pdf" not in "".join(re.findall(r"<a [^>]*download[^>]*>", text)), page


@pytest.mark.parametrize(
    ("language", "size"),
    [("en-US,en;q=0.8", (792, 612)), ("de-DE,de;q=0.9", (842, 595)), ("", (842, 595))],
    ids=["us-letter", "a4", "no-language"],
)
def test_the_paper_follows_the_browsers_country(visitor: Any, language: str, size: Any) -> None:
    headers = {"Accept-Language": language} if language else {}
    response = visitor.get("/sheets/blank.pdf?game=wizard&players=6", headers=headers)
    assert page_size(response.data) == size  # six players: across the page


@pytest.mark.parametrize(
    ("query", "field_error"),
    [
        ("game=wizard&players=2", "Wizard is played by 3 to 6 players, not 2"),
        ("game=wizard&players=4&names-0=Ana&names-1=Ben", "4 players: give 4 names, or none"),
        ("game=wizard&players=3&names-0=Ana&names-1=ana&names-2=Cai", "ana is at the table twice"),
        ("game=wizard&players=4&rounds=16", "A game of 4 players has 1 to 15 rounds"),
        (
            "game=wizard&players=4&rounds=5&hook_from=6",
            "The hook starts in one of the game's rounds, from 1 to 5",
        ),
        ("game=one_card&players=3&target=0", "Number must be between 1 and 999."),
        ("game=poker&players=3", "Not a valid choice."),
        ("game=wizard&players=3&paper=a3", "Not a valid choice."),
    ],
    ids=[
        "too few",
        "names missing",
        "same name",
        "too many rounds",
        "hook after the last round",
        "no target",
        "game",
        "paper",
    ],
)
def test_a_blank_sheet_the_rules_refuse_says_why(
    visitor: Any, query: str, field_error: str
) -> None:
    response = visitor.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == 422
    assert response.mimetype == "text/html"
    assert any(message.startswith(field_error) for message in errors(response)), errors(response)


def test_the_form_shows_typed_names_escaped(visitor: Any) -> None:
    response = visitor.get("/sheets/blank.pdf?game=wizard&players=4&names-0=<script>x</script>")
    text = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "<script>x</script>" not in text and "&lt;script&gt;x&lt;/script&gt;" in text


def test_sheets_change_nothing_so_they_are_gets(visitor: Any, table: Table) -> None:
    assert visitor.post("/sheets/blank.pdf", data={"game": "wizard"}).status_code == 405
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    assert table.client.post(f"/games/{game_id}/sheet.pdf").status_code == 405


def test_a_games_sheet_is_its_owners(visitor: Any, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    response = visitor.get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 302 and "/login" in response.headers["Location"]
    assert table.client.get(f"/games/{game_id}/sheet.pdf?paper=a3").status_code == 404
    mine = table.client.get(f"/games/{game_id}/sheet.pdf")
    assert mine.status_code == 200 and mine.mimetype == "application/pdf"
    # An account's answer: no cache keeps it, nor the browser after logging out.
    assert mine.headers["Cache-Control"] == "no-store"
    assert mine.headers["ETag"]


def test_the_game_page_shows_the_chart_and_the_sheet(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "<i>Ben</i>", "Cai"], first_dealer=0)
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'action="/games/{game_id}/sheet.pdf"' in page
    assert '<svg xmlns="http://www.w3.org/2000/svg"' not in page  # no chart before round 1

    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        record = services.get_game(ana, game_id)
        services.record_round(
            record, {"trump": "hearts", "turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
        )
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    chart = re.search(r'<svg xmlns="http://www.w3.org/2000/svg".*?</svg>', page, re.S)
    assert chart is not None
    assert chart.group(0).count("<polyline") == 3
    assert "&lt;i&gt;Ben&lt;/i&gt;" in chart.group(0) and "<i>Ben</i>" not in chart.group(0)
    board = page.split('id="board"', 1)[1].split("</section>", 1)[0]
    assert f"/games/{game_id}/sheet.pdf" in board  # the scoreboard links to it too


def test_the_login_page_leads_to_blank_sheets(visitor: Any) -> None:
    assert 'href="/sheets"' in visitor.get("/login").get_data(as_text=True)
