"""A season and a player's rating on a phone (360×780): the season made from the form,
its standings with the rating column, a player's page with their rating and its chart,
long names, every language, and the slips: Back after the season is made and a second
tap, which make no second season."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    LiveServer,
    assert_in_view,
    fits,
    install_with_a_game,
    log_in,
)

try:
    from playwright.sync_api import Page, expect
except ImportError:  # the browser fixture skips the tests
    Page = Any  # type: ignore[assignment,misc]

pytestmark = pytest.mark.browser

LONGEST = "Bartholomew Maximilian Featherstonehaugh"  # 40 characters
PLAYERS = [LONGEST, "Παναγιώτης Κωνσταντίνου", "ज्ञानेन्द्र बहादुर"]
ONE_ROUND = {"hook": False, "rounds": 1}


def won_by(winner: int) -> dict[str, Any]:
    tricks = [1 if seat == winner else 0 for seat in range(3)]
    return {"trump": "hearts", "bids": tricks, "tricks": tricks}


def three_games(server: LiveServer) -> None:
    """Ana's install with three finished one-round games: the longest name wins two."""
    from scorekeeper import services
    from scorekeeper.extensions import db

    install_with_a_game(server, "wizard", PLAYERS, 0, ONE_ROUND, (won_by(0),))
    with server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        for winner in (1, 0):
            game = services.create_game(ana, "wizard", PLAYERS, 0, ONE_ROUND)
            services.record_round(game, won_by(winner))
        db.session.remove()


def make_season(page: Page, server: LiveServer, name: str) -> None:
    page.goto(server.url + "/seasons")
    fits(page)
    page.locator("#name").fill(name)
    page.locator("#min_games").fill("2")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()


def test_a_season_and_a_players_rating_on_a_phone(
    tall_phone: Page, live_server: LiveServer, screenshot: Any
) -> None:
    page = tall_phone
    three_games(live_server)
    log_in(page, live_server)
    make_season(page, live_server, "Winter league")
    expect(page.locator("h1")).to_have_text("Winter league")
    rows = page.locator(".season-standings tbody")
    expect(rows).to_have_count(3)
    first = rows.nth(0)
    expect(first.locator("th")).to_have_text(LONGEST)
    expect(first.locator("td").nth(0)).to_have_text("1.")
    rating = first.locator(".rating-value").inner_text()
    assert float(rating) > 0, rating  # two wins of three: above a newcomer's 0
    fits(page)
    box = first.locator(".rating-value").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360, box
    assert_in_view(page, ".season-standings thead th:last-child")
    expect(page.locator(".season-standings thead th:last-child")).to_have_text("Rating")
    screenshot(page, "season-standings.png")

    with page.expect_navigation():
        first.locator("th a").tap()
    expect(page.locator("h1")).to_have_text(LONGEST)
    assert_in_view(page, "#ratings-title")
    expect(page.locator(".ratings .rating-value").first).to_have_text(rating)
    expect(page.locator(".ratings svg.rating-chart")).to_be_visible()
    fits(page)
    screenshot(page, "player-rating.png")


def test_back_and_a_second_tap_make_one_season(tall_phone: Page, live_server: LiveServer) -> None:
    page = tall_phone
    three_games(live_server)
    log_in(page, live_server)
    make_season(page, live_server, "Spring")
    expect(page.locator("h1")).to_have_text("Spring")
    page.go_back()
    expect(page.locator("#name")).to_be_visible()
    page.locator("#name").fill("Spring")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()
    assert_in_view(page, "p.error")
    expect(page.locator("p.error")).to_have_text("There is a season of that name already")
    expect(page.locator("ul.seasons li")).to_have_count(1)


@pytest.mark.parametrize("language", ["cy", "nl", "el", "ne"])
def test_the_season_page_in_every_language_fits(
    tall_phone: Page, live_server: LiveServer, language: str
) -> None:
    page = tall_phone
    three_games(live_server)
    log_in(page, live_server)
    make_season(page, live_server, "2026")
    season = page.url
    with page.expect_navigation():
        page.locator(f"footer button[value={language}]").tap()
    page.goto(season)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".season-standings tbody")).to_have_count(3)
    # Every column on the screen, the rating too: nothing to scroll sideways for.
    rating = page.locator(".season-standings tbody .rating-value").first.bounding_box()
    assert rating is not None and rating["x"] + rating["width"] <= 360
    fits(page)
    page.goto(live_server.url + "/seasons")
    fits(page)
