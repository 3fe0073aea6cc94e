"""A whole game of Spades kept on a phone (360×780, touch), through the pages alone: four
players with long names in two sides, a nil, the bids saved before the play, tricks that do
not add up, and the side that reaches the target winning; each step checked on what the
screen shows (RULES.md › Spades)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import PASSWORD, USERNAME, fits, log_in

try:
    from playwright.sync_api import Page, expect
except ImportError:  # no Playwright: the browser fixture skips these tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

pytestmark = pytest.mark.browser

MAX, SION, NIKOS, SITA = range(4)
PLAYERS = [
    "Maximiliana Featherstonehaugh-Cholmondel",
    "Siôn ap Gruffydd",
    "Νικόλαος Παπαδόπουλος",
    "सीता देवी श्रेष्ठ",
]
"""Seats 0 and 2 (Maximiliana and Νικόλαος) against 1 and 3 (Siôn and सीता)."""
SIDES = [f"{PLAYERS[MAX]} & {PLAYERS[NIKOS]}", f"{PLAYERS[SION]} & {PLAYERS[SITA]}"]
TARGET = 200
HANDS = [
    # Max and Νικόλαος bid 7, take 8: 71 and a bag; Siôn's nil holds, सीता bids 2 and
    # takes 5: 100 + 23, 3 bags.
    ([3, "nil", 4, 2], [3, 0, 5, 5], [71, 123], [1, 3]),
    # 6 bid, 7 taken: 61, 2 bags; 6 bid, 6 taken: 60.
    ([4, 3, 2, 3], [5, 3, 2, 3], [132, 183], [2, 3]),
    # 9 bid, 10 taken: 91 (223, past the target and ahead); 3 bid, 3 taken: 30.
    ([5, 2, 4, 1], [5, 2, 5, 1], [223, 213], [3, 3]),
]

GAME_URL = re.compile(r"/games/(?!new$)[^/?#]+(#board)?$")
ROUND_URL = re.compile(r"/games/[^/?#]+/rounds/new$")


def chip(page: Page, name: str, value: int | str) -> None:
    """Tap a chip: a bid's value is what its radio sends (nil is 0)."""
    sent = "0" if value == "nil" else str(value)
    page.locator(f"label[for='{name}-{sent}']").tap()


def side_totals(page: Page) -> dict[str, int]:
    """The game page's standings: a line a side, its total."""
    shown = {}
    for item in page.locator("ol.standings li").all():
        total = item.locator(".total").inner_text().replace("−", "-")
        shown[item.locator(".name").inner_text()] = int(total)
    return shown


def test_a_game_of_spades_on_a_phone(tall_phone: Page, live_server: Any, screenshot: Any) -> None:
    page = tall_phone
    live_server.reset()
    with live_server.app.app_context():
        from scorekeeper import services
        from scorekeeper.extensions import db

        services.create_user(USERNAME, PASSWORD)
        db.session.remove()
    log_in(page, live_server)

    # The new game: four names, the sides said, the target typed, the options as they come.
    page.goto(live_server.url + "/games/new?game=spades")
    expect(page.get_by_role("heading", level=1)).to_have_text("New game of Spades")
    expect(page.locator("[data-sides-note]")).to_contain_text(
        "seats 1 and 3 are one side, seats 2 and 4 the other"
    )
    expect(page.locator("#bag_penalty")).to_be_checked()
    expect(page.locator("#blind_nil")).not_to_be_checked()
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option(str(MAX))
    page.locator("#target").fill(str(TARGET))
    fits(page)
    screenshot(page, "spades-new-game.png")
    with page.expect_navigation():
        page.get_by_role("button", name="Start").tap()
    expect(page).to_have_url(GAME_URL)
    expect(page.locator("[data-options-line]")).to_contain_text(f"{SIDES[0]} against {SIDES[1]}")
    with page.expect_navigation():
        page.get_by_role("link", name="Enter hand 1").tap()
    expect(page).to_have_url(ROUND_URL)

    for number, (bids, tricks, totals, _bags) in enumerate(HANDS, start=1):
        dealer = (MAX + number - 1) % 4
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number}")
        order = [(dealer + 1 + i) % 4 for i in range(4)]
        rows = page.locator("[data-bid-row]")
        assert [int(rows.nth(i).get_attribute("data-seat") or "") for i in range(4)] == order
        # Beside each name, the partner.
        expect(rows.nth(0)).to_contain_text(f"with {PLAYERS[(order[0] + 2) % 4]}")
        for seat in order:
            chip(page, f"bid_{seat}", bids[seat])
        if number == 1:
            # Every bid in: the page saves them for the table (the watch link, the big
            # board) before the play, and says so.
            expect(page.locator("[data-bids-status]")).to_have_text(
                "Bids saved: every screen at the table shows them."
            )
            expect(page.locator("[data-over-under]")).to_have_text(
                "Bids 9 for 13 tricks: under by 4"
            )
            screenshot(page, "spades-bids.png")
            # A slip: Dee's 5 tricks tapped as 4, the tricks add up to 12.
            slipped = [*tricks[:3], tricks[3] - 1]
            for seat in order:
                chip(page, f"tricks_{seat}", slipped[seat])
            expect(page.locator("output[data-trick-count]")).to_contain_text("12")
            # The page holds the Save and says why, before anything is sent.
            save = page.get_by_role("button", name=f"Save hand {number}")
            expect(save).to_have_attribute("aria-disabled", "true")
            status = page.locator("[data-save-status]")
            expect(status).to_have_text(
                "The tricks add up to 12, not 13: Save waits until they do."
            )
            expect(status).to_be_in_viewport()
            fits(page)
            screenshot(page, "spades-tricks-refused.png")
        for seat in order:
            chip(page, f"tricks_{seat}", tricks[seat])
        expect(page.locator("output[data-trick-count]")).to_contain_text("✓")
        fits(page)
        with page.expect_navigation():
            page.get_by_role("button", name=f"Save hand {number}").tap()
        if number < len(HANDS):
            expect(page).to_have_url(ROUND_URL)
            said = page.locator(".flash-done")
            expect(said).to_have_text(f"Hand {number} saved — hand {number + 1} next.")
            line = page.locator(".totals-line li")
            expect(line).to_have_count(2)  # a total a side
            for side, total in enumerate(totals):
                expect(line.nth(side)).to_contain_text(str(total))
            if number == 1:
                screenshot(page, "spades-hand-2.png")

    # The last hand took Max and Νικόλαος past the target, ahead: the game is over.
    expect(page).to_have_url(GAME_URL)
    # Partners win as one side: they share no win.
    expect(page.locator(".winners")).to_have_text(
        f"🏆 {PLAYERS[MAX]} & {PLAYERS[NIKOS]} win with 223 points."
    )
    assert side_totals(page) == dict(zip(SIDES, HANDS[-1][2], strict=True))
    standing = page.locator("ol.standings li").first
    expect(standing).to_contain_text("3 bags")
    board = page.locator(".board")
    expect(board.locator("thead th")).to_have_text(["Hd", *SIDES])
    expect(board.locator("tbody tr")).to_have_count(len(HANDS))
    for row, (_bids, _tricks, totals, bags) in enumerate(HANDS):
        cells = board.locator("tbody tr").nth(row).locator("td")
        for side, (total, count) in enumerate(zip(totals, bags, strict=True)):
            expect(cells.nth(side)).to_contain_text("1 bag" if count == 1 else f"{count} bags")
            expect(cells.nth(side).locator(".run")).to_have_text(str(total))
    first = board.locator("tbody tr").first.locator("td")
    expect(first.nth(1)).to_contain_text("0/0")  # Siôn's nil, kept
    expect(first.nth(1)).to_contain_text("+123")
    expect(board.locator("tfoot td").nth(0)).to_contain_text("223")
    expect(board.locator("tfoot td").nth(0)).to_contain_text("3 bags")
    fits(page)
    screenshot(page, "spades-final.png")

    # The big board for the middle of the table: a line a side, partners together, bags.
    with page.expect_navigation():
        page.get_by_role("link", name="Watch link for the others' phones").tap()
    with page.expect_navigation():
        page.get_by_role("button", name="Share a watch link").tap()
    with page.expect_navigation():
        page.get_by_role("link", name="Big board for the middle of the table").tap()
    lines = page.locator(".big-standings li")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text(PLAYERS[NIKOS])
    expect(lines.nth(0)).to_contain_text("3 bags")
    expect(lines.nth(0).locator(".total")).to_have_text("223")
    expect(lines.nth(1).locator(".total")).to_have_text("213")
    expect(page.locator(".big-round .winners")).to_contain_text(PLAYERS[MAX])
    fits(page)
    screenshot(page, "spades-big-board.png")
