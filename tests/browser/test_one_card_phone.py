"""A game of One Card kept on a phone: the auction call by call, the points with the
remainder offered, an all-pass hand, and the end after the target."""

from __future__ import annotations

import re
from typing import Any

import pytest

try:
    from playwright.sync_api import Page, expect
except ImportError:  # no Playwright: the browser fixture skips these tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Ŵyn", "Cai"]
PASSWORD = "secret-123"


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, page.url


def sign_up(page: Page, server: Any) -> None:
    server.reset()
    page.goto(server.url + "/")
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").tap()
    expect(page).to_have_url(re.compile(r"/games/new$"))


def call(page: Page, text: str) -> None:
    page.locator("[data-call-buttons]").get_by_role("button", name=text, exact=True).tap()


def follow(page: Page, link: str) -> None:
    with page.expect_navigation():
        page.locator("main").get_by_role("link", name=link, exact=True).tap()
    fits(page)


def save(page: Page, button: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=button).tap()
    fits(page)


def totals(page: Page) -> list[int]:
    return [int(t) for t in page.locator(".board tfoot tr").first.locator("td").all_inner_texts()]


def test_a_game_of_one_card_on_a_phone(phone: Page, live_server: Any, screenshot: Any) -> None:
    page = phone
    sign_up(page, live_server)
    follow(page, "One Card")
    expect(page.get_by_role("heading", level=1)).to_have_text("New game of One Card")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("0")
    page.locator("#target").fill("10")
    fits(page)
    save(page, "Start the game")
    expect(page.locator("#next-title")).to_have_text("Hand 1")

    # Hand 1: Ana deals, Ŵyn bids first. Ŵyn 7, Cai passes, Ana 8, Ŵyn passes.
    follow(page, "Enter hand 1")
    turn = page.locator("[data-turn]")
    expect(turn).to_have_text("Ŵyn to bid or pass:")
    # Below the lowest bid (7 with 3 players) nothing is offered.
    expect(page.locator("[data-call-buttons]").get_by_role("button", name="6")).to_have_count(0)
    call(page, "7")
    expect(turn).to_have_text("Cai to bid or pass:")
    # A bid must beat the one before it.
    expect(page.locator("[data-call-buttons]").get_by_role("button", name="7")).to_have_count(0)
    call(page, "Pass")
    call(page, "8")
    expect(turn).to_have_text("Ŵyn to bid or pass:")
    call(page, "Pass")
    expect(turn).to_have_text("Contract: Ana bids 8.")
    expect(page.locator("[data-calls] li")).to_have_text(
        ["Ŵyn: 7", "Cai: pass", "Ana: 8", "Ŵyn: pass"]
    )
    page.locator("label[for=trump-spades]").tap()
    count = page.locator("output[data-points-count]")
    page.locator("#points_1").fill("4")
    expect(count).to_have_text("4 of 15 points")
    page.locator("#points_2").fill("2")
    # The last player's points are offered as the remainder.
    expect(page.locator("#points_0")).to_have_value("9")
    expect(count).to_have_text("15 of 15 points ✓")
    page.locator("label[for=last-trick-0]").tap()
    screenshot(page, "one-card-hand.png")
    save(page, "Save hand 1")
    assert totals(page) == [9, 4, 2]
    expect(page.locator(".board tbody")).to_contain_text("bid 8 ✓")
    expect(page.locator(".board .to-go")).to_contain_text("1")

    # Hand 2: Ŵyn deals; everyone passes, so there is no trump to tap.
    follow(page, "Enter hand 2")
    for _ in PLAYERS:
        call(page, "Pass")
    expect(page.locator("[data-turn]")).to_have_text("Everyone passed: no bid, no trump.")
    expect(page.locator("#trump-hearts")).to_be_disabled()
    page.locator("#points_2").fill("3")
    page.locator("#points_0").fill("5")
    expect(page.locator("#points_1")).to_have_value("7")
    page.locator("label[for=last-trick-1]").tap()
    save(page, "Save hand 2")

    # Ana (14) and Ŵyn (11) passed the target of 10, Ana alone at the top: the game is over.
    expect(page.locator(".final")).to_contain_text("Ana wins with 14 points.")
    assert totals(page) == [14, 11, 5]
    screenshot(page, "one-card-final.png")
