"""Wizard's hand sizes chosen on the new-game page of a phone (360×780, touch): the
tournament deal (RULES.md, Wizard schedules) gives round 2 three cards on the round
screen; a table's own list is typed; a list that cannot be dealt is refused next to the
box, and nothing is started."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import PASSWORD, USERNAME, fits, log_in, stored_game

try:
    from playwright.sync_api import Page, expect
except ImportError:  # no Playwright: the browser fixture skips these tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Siôn ap Gruffydd", "Νικόλαος"]
GAME_URL = re.compile(r"/games/(?!new$)[^/?#]+$")
ROUND_URL = re.compile(r"/games/[^/?#]+/rounds/new$")


def new_game_page(page: Page, server: Any) -> None:
    """A fresh install with Ana's account; her new-game page of Wizard, logged in."""
    server.reset()
    with server.app.app_context():
        services.create_user(USERNAME, PASSWORD)
        db.session.remove()
    log_in(page, server)
    page.goto(server.url + "/games/new?game=wizard")
    expect(page.get_by_role("heading", level=1)).to_have_text("New game of Wizard")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("0")


def start(page: Page) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    expect(page).to_have_url(GAME_URL)
    fits(page)


def deal_facts(page: Page) -> dict[str, str]:
    return {
        item.locator("dt").inner_text(): item.locator("dd").inner_text()
        for item in page.locator("dl.deal > div").all()
    }


def test_the_tournament_deals_three_cards_in_round_2(
    tall_phone: Page, live_server: Any, screenshot: Any
) -> None:
    page = tall_phone
    new_game_page(page, live_server)
    full = page.get_by_label("Full game: 1, 2, 3 … cards")
    expect(full).to_be_checked()
    page.get_by_label("Tournament: 1, 3, 5 … cards").check()
    fits(page)
    screenshot(page, "wizard-new-game-schedule.png")
    start(page)
    expect(page.locator("#next-title")).to_have_text("Round 1 of 10")
    expect(page.locator("[data-options-line]")).to_contain_text("tournament deal: 1, 3, 5 … cards")
    assert deal_facts(page)["Cards each"] == "1"

    # Round 1: one card; Siôn bids it and takes it.
    with page.expect_navigation():
        page.get_by_role("link", name="Enter round 1", exact=True).tap()
    expect(page).to_have_url(ROUND_URL)
    page.locator("label[for='turned-h']").tap()
    page.locator("label[for='bid_1-1']").tap()
    page.locator("label[for='bid_2-0']").tap()
    page.locator("label[for='bid_0-0']").tap()
    page.locator("label[for='tricks_1-1']").tap()
    page.locator("label[for='tricks_2-0']").tap()
    page.locator("label[for='tricks_0-0']").tap()
    expect(page.locator("output[data-trick-count]")).to_have_text("1 of 1 trick ✓")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").tap()

    # Round 2 of the tournament deal: three cards each, as the screen says.
    expect(page).to_have_url(ROUND_URL)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 10")
    assert deal_facts(page)["Cards each"] == "3"
    expect(page.locator("output[data-trick-count]")).to_have_text("0 of 3 tricks")
    expect(page.locator("label[for='bid_2-3']")).to_be_visible()
    expect(page.locator("#bid_2-4")).to_have_count(0)
    fits(page)
    screenshot(page, "wizard-tournament-round-2.png")
    game_id = page.url.rsplit("/rounds/", 1)[0].rsplit("/", 1)[-1]
    state = stored_game(live_server, game_id)
    assert list(state.options.schedule) == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]


def test_a_tables_own_list_is_typed_and_a_bad_one_refused(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    new_game_page(page, live_server)
    page.get_by_label("Our own list").check()
    sizes = page.get_by_label("Cards each, round by round")
    sizes.fill("1, 2, 4, 11, 16, 40")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    refusal = page.locator("#schedule .error")
    expect(refusal).to_have_text(
        "With 3 players each hand size in the schedule is a whole number from 1 to 20"
    )
    expect(refusal).to_be_visible()
    expect(page.get_by_label("Our own list")).to_be_checked()
    expect(sizes).to_have_value("1, 2, 4, 11, 16, 40")
    fits(page)

    sizes.fill("1, 2, 4, 11, 16, 20")
    start(page)
    expect(page.locator("#next-title")).to_have_text("Round 1 of 6")
    expect(page.locator("[data-options-line]")).to_contain_text("hand sizes 1, 2, 4, 11, 16, 20")
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        assert len(services.list_games(ana)) == 1
        db.session.remove()
