"""Score sheets from a phone: a blank one for a table without a phone (no account, no
login), and a game's own sheet, filled in as far as it was played, from the game's page.
Both open the same way: in the browser (inline), or as a file with "Download the PDF"."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pypdf

from tests.browser.conftest import Page, expect, fits, install_with_a_game, log_in

PLAYERS = ["Ana", "Siôn", "Cai"]
DASHES = str.maketrans({"−": "-", "‒": "-", "–": "-"})  # minus sign, figure dash, en dash


def pdf_text(body: bytes) -> str:
    assert body.startswith(b"%PDF-"), body[:16]
    reader = pypdf.PdfReader(io.BytesIO(body))
    text = "\n".join(page.extract_text() for page in reader.pages)
    # The sheet pads its numbers with figure spaces; a negative number has a figure dash.
    return " ".join(text.replace("\u2007", " ").split()).translate(DASHES)


def with_two_rounds_of_wizard(live_server: Any) -> str:
    """An install with one account (nobody logged in) and a Wizard game two rounds in."""
    rounds = tuple(
        {"trump": "none", "turned": "jester", "bids": bids, "tricks": tricks}
        for bids, tricks in (([1, 0, 0], [0, 1, 0]), ([1, 2, 0], [0, 2, 0]))
    )
    return install_with_a_game(live_server, "wizard", PLAYERS, 0, {"rounds": 5}, rounds)


def test_a_blank_sheet_and_a_games_sheet_downloaded_on_a_phone(
    phone: Page, live_server: Any
) -> None:
    page = phone
    game_id = with_two_rounds_of_wizard(live_server)

    # -- Not logged in: from the login page to the blank sheets.
    page.goto(live_server.url + "/login")
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in")
    with page.expect_navigation():
        page.get_by_role("link", name="Print a blank score sheet").tap()
    expect(page).to_have_url(re.compile(r"/sheets$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Score sheets to print")
    fits(page)
    # The phone's locale (en-GB) gets A4.
    expect(page.get_by_role("heading", name="Ready to print (A4)")).to_be_visible()

    page.locator("label.chip", has_text="One Card").tap()
    expect(page.locator("input[name=game][value=one_card]")).to_be_checked()
    page.get_by_label("Players").select_option("3")
    with page.expect_response(re.compile(r"/sheets/blank\.pdf\?")) as shown:
        page.get_by_role("button", name="Print the blank sheet (PDF)").tap()
    # The sheet opens in the browser (inline): fetch it as the phone would save it.
    answer = shown.value
    assert answer.status == 200
    assert answer.header_value("content-type") == "application/pdf"
    assert "game=one_card" in answer.url and "players=3" in answer.url
    assert "paper=a4" in answer.url
    blank = page.request.get(answer.url)
    assert blank.status == 200
    assert blank.headers["content-type"] == "application/pdf"
    disposition = blank.headers["content-disposition"]
    assert re.fullmatch(r'inline; filename="?one-card-3-players-a4\.pdf"?', disposition)
    text = pdf_text(blank.body())
    assert "One Card score sheet" in text
    assert not any(name in text for name in PLAYERS[1:])  # blank: nobody's names

    # The same sheet as a file to keep, under the same name.
    page.goto(live_server.url + "/sheets?game=one_card")
    page.get_by_label("Players").select_option("3")
    with page.expect_download() as saved:
        page.get_by_role("button", name="Download the PDF").tap()
    assert saved.value.suggested_filename == "one-card-3-players-a4.pdf"
    assert "One Card score sheet" in pdf_text(Path(saved.value.path()).read_bytes())

    # -- Logged in: the game's own sheet, from its page.
    log_in(page, live_server)
    with page.expect_navigation():
        page.locator("a.game-card", has_text="Wizard · Ana, Siôn, Cai").tap()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))
    fits(page)
    shown_totals = [t.translate(DASHES) for t in page.locator(".board tfoot td").all_inner_texts()]
    # Round 1: Ana -10, Siôn -10, Cai +20; round 2: Ana -10, Siôn +40, Cai +20.
    assert shown_totals == ["-20", "30", "40"]

    # Opened in the browser, as a blank sheet is, on the phone's usual paper.
    expect(page.locator("#sheet-paper-a4")).to_be_checked()
    page.locator("label[for=sheet-paper-letter]").tap()
    opened = page.get_by_role("button", name="Score sheet to print (PDF)")
    opened.scroll_into_view_if_needed()
    with page.expect_response(re.compile(rf"/games/{game_id}/sheet\.pdf\?")) as shown:
        opened.tap()
    assert shown.value.status == 200
    assert shown.value.url == f"{live_server.url}/games/{game_id}/sheet.pdf?paper=letter"
    disposition = shown.value.header_value("content-disposition") or ""
    named = rf"wizard-\d{{4}}-\d\d-\d\d-{game_id}\.pdf"
    assert re.fullmatch(rf'inline; filename="?{named}"?', disposition)

    page.wait_for_url(re.compile(r"/sheet\.pdf\?paper=letter$"))  # the PDF on the screen

    # Or downloaded, under the same name.
    page.goto(f"{live_server.url}/games/{game_id}")
    download_button = page.locator("#sheet").get_by_role("button", name="Download the PDF")
    download_button.scroll_into_view_if_needed()
    with page.expect_download() as info:
        download_button.tap()
    download = info.value
    assert download.url == f"{live_server.url}/games/{game_id}/sheet.pdf?paper=a4&download=1"
    assert re.fullmatch(rf"wizard-\d{{4}}-\d\d-\d\d-{game_id}\.pdf", download.suggested_filename)
    body = Path(download.path()).read_bytes()
    text = pdf_text(body)
    assert "Wizard score sheet" in text
    for name in PLAYERS:
        assert name in text
    assert "Total after round 2 " + " ".join(shown_totals) in text
    assert "2 of 5 rounds so far" in text
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))  # still on the game


def test_a_fresh_install_leads_to_the_blank_sheets(phone: Page, live_server: Any) -> None:
    page = phone
    live_server.reset()
    page.goto(live_server.url + "/login")
    expect(page).to_have_url(re.compile(r"/(welcome|login)$"))
    link = page.locator("main").get_by_role("link", name=re.compile("blank score sheet", re.I))
    expect(link).to_have_count(1, timeout=1000)
    with page.expect_navigation():
        link.tap()
    expect(page).to_have_url(re.compile(r"/sheets$"))
