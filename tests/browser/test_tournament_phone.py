"""A tournament on phones: the organiser makes one and draws its first stage at 360×780, a
table's scorekeeper opens the table's link on a phone without an account and enters a
round, and the hall's screen follows the standings by itself."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Player
from scorekeeper.services import tournaments
from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    Page,
    expect,
    fits,
    log_in,
    new_phone,
)

PLAYERS = ["Ana", "Ben", "Cai", "Dai", "Eli", "Bartholomew-Maximilian Featherstonehaugh"]
FOLLOWS_MS = 10_000  # the hall's screen asks every few seconds


def fresh_install(server: Any) -> None:
    server.reset()
    with server.app.app_context():
        services.create_user(USERNAME, PASSWORD)
        db.session.remove()


def test_a_tournament_from_the_phone_to_the_halls_screen(
    tall_phone: Page, browser: Any, live_server: Any, screenshot: Any
) -> None:
    fresh_install(live_server)
    page = tall_phone
    log_in(page, live_server)

    # -- The organiser makes the tournament: Wizard dealt as the tournaments deal.
    page.goto(f"{live_server.url}/tournaments/new?game=wizard")
    fits(page)
    page.locator("#name").fill("Clwb Cardiau cup")
    page.locator("#stages").fill("2")
    page.locator("#table_size").fill("3")
    page.locator("#final_size").fill("3")
    page.locator("#players").fill("\n".join(PLAYERS))
    page.get_by_label("Tournament: 1, 3, 5 … cards").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Make the tournament").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Clwb Cardiau cup")
    expect(page.locator(".flash-done")).to_contain_text("Tournament made")
    fits(page)

    # -- Stage 1 drawn; a second tap on Draw (the next stage's button now) draws nothing
    # while stage 1 is being played, and says so.
    with page.expect_navigation():
        page.get_by_role("button", name="Draw stage 1 of 2").tap()
    expect(page.locator(".flash-done")).to_have_text("Stage 1 is drawn.")
    expect(page.locator("article.tournament-table")).to_have_count(2)
    with page.expect_navigation():
        page.get_by_role("button", name="Draw stage 2 of 2").tap()
    expect(page.locator(".flash-error")).to_have_text(
        "Stage 1 is still being played: draw the next when its tables finish"
    )
    expect(page.locator("article.tournament-table")).to_have_count(2)
    fits(page)
    screenshot(page, "tournament-organiser.png")

    # -- The hall's screen, shared and opened on another device.
    with page.expect_navigation():
        page.get_by_role("button", name="Show the standings on a screen in the hall").tap()
    organiser = page.url
    hall_address = page.locator("a[data-screen-link]").get_attribute("href")
    assert hall_address is not None
    links = page.locator("a[data-keeper-link]")
    expect(links).to_have_count(2)
    keeper_address = links.first.get_attribute("href")
    assert keeper_address is not None
    assert re.fullmatch(re.escape(live_server.url) + r"/table/[A-Za-z0-9_-]{20,64}", keeper_address)
    table_one = page.locator("article.tournament-table").first
    seated = table_one.locator("ol.table-seats li").all_inner_texts()
    first_name = seated[0].split(" (")[0].split("\n")[0].strip()

    hall_context = new_phone(browser)
    keeper_context = new_phone(browser, viewport={"width": 360, "height": 780})
    try:
        hall = hall_context.new_page()
        hall.goto(hall_address)
        fits(hall)
        points = hall.locator(".tournament-standings tbody td.points")
        expect(points).to_have_text(["0"] * len(PLAYERS))

        # -- The table's scorekeeper: no account, the table's link, its round screen.
        keeper = keeper_context.new_page()
        keeper.goto(keeper_address)
        expect(keeper.get_by_role("heading", level=1)).to_have_text(re.compile("Round 1 of 10"))
        fits(keeper)
        for seat in range(3):
            keeper.locator(f"label[for='bid_{seat}-{1 if seat == 0 else 0}']").tap()
            keeper.locator(f"label[for='tricks_{seat}-{1 if seat == 0 else 0}']").tap()
        keeper.locator("label[for='turned-h']").tap()
        expect(keeper.locator("output[data-trick-count]")).to_have_text("1 of 1 trick ✓")
        with keeper.expect_navigation():
            keeper.get_by_role("button", name="Save round 1").tap()
        expect(keeper.get_by_role("heading", level=1)).to_have_text(re.compile("Round 2 of 10"))

        # -- The hall's screen follows by itself: seat 1 of table 1 leads with 30.
        expect(hall.locator(".tournament-standings tbody tr").first.locator("th")).to_have_text(
            first_name, timeout=FOLLOWS_MS
        )
        expect(points.first).to_have_text("30", timeout=FOLLOWS_MS)
        fits(hall)
        screenshot(hall, "tournament-hall-screen.png")

        # -- The organiser renames the leader on their player's page: the hall's screen,
        # its page kept, shows the new name by itself (no round saved meanwhile).
        with live_server.app.app_context():
            leader = db.session.scalar(select(Player.id).where(Player.name == first_name))
            db.session.remove()
        page.goto(f"{live_server.url}/players/{leader}")
        page.locator("summary", has_text="Rename").tap()
        page.get_by_label("New name").fill("Mererid")
        with page.expect_navigation():
            page.get_by_role("button", name="Rename", exact=True).tap()
        expect(page.locator(".flash-info")).to_contain_text("Renamed")
        expect(hall.locator(".tournament-standings tbody tr").first.locator("th")).to_have_text(
            "Mererid", timeout=FOLLOWS_MS
        )
        expect(points.first).to_have_text("30")
        fits(hall)

        # -- The organiser takes the link back: the keeper's phone is shut out.
        page.goto(organiser)
        with page.expect_navigation():
            page.locator("article.tournament-table").first.get_by_role(
                "button", name="Take the link back"
            ).tap()
        answer = keeper.goto(keeper_address)
        assert answer is not None and answer.status == 404
    finally:
        hall_context.close()
        keeper_context.close()


@pytest.mark.parametrize("language", ["el", "ne", "cy"])
def test_the_halls_standings_keep_their_headings_whole_beside_a_long_name(
    browser: Any, live_server: Any, language: str
) -> None:
    """At 360 px the columns of numbers are as wide as their headings' longest word (no
    heading cut inside a word: the Greek "Πόντοι" once read "Πόντο-ι"), and a 40-character
    name wraps in the player's column, the page no wider than the phone."""
    fresh_install(live_server)
    long_name = "W" * 40
    with live_server.app.app_context():
        owner = services.authenticate(USERNAME, PASSWORD)
        plan = tournaments.Plan(
            name="Cup",
            date="2026-12-08",
            kind="wizard",
            options={},
            stages=1,
            table_size=3,
            final_size=0,
            players=[*PLAYERS[:5], long_name],
        )
        cup = tournaments.create_tournament(owner, plan)
        tournaments.draw_stage(cup, seed=1)
        token = tournaments.share_screen(cup)
        db.session.remove()
    context = new_phone(browser, locale=language)
    try:
        hall = context.new_page()
        hall.goto(f"{live_server.url}/standings/{token}")
        expect(hall.locator(".tournament-standings tbody tr")).to_have_count(6)
        fits(hall)
        headings = hall.locator(".tournament-standings thead th")
        # Each heading's words on one line: as tall as the rank's one short word.
        heights = headings.evaluate_all(
            """cells => cells.map(cell => {
                const words = document.createRange();
                words.selectNodeContents(cell);
                return words.getBoundingClientRect().height;
            })"""
        )
        assert max(heights) <= 1.2 * heights[0], (headings.all_inner_texts(), heights)
        name = hall.locator(".tournament-standings tbody th", has_text="WWWW")
        box = name.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360
    finally:
        context.close()
