"""The referee on a phone: a trick tapped in, reordered and judged; a play checked."""

from __future__ import annotations

from typing import Any

import pytest

try:
    from playwright.sync_api import Page, expect
except ImportError:  # no Playwright: the browser fixture skips these tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

pytestmark = pytest.mark.browser


def tap(page: Page, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=True).tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_settling_a_wizard_trick(phone: Page, live_server: Any, screenshot: Any) -> None:
    page = phone
    page.goto(live_server.url + "/referee/wizard/trick")
    with page.expect_navigation():
        page.locator("label[for=trump-hearts]").tap()  # a tap on a trump submits by itself
    tap(page, "Jester")
    tap(page, "clubs")
    tap(page, "Add the 7♣")
    tap(page, "hearts")
    tap(page, "Add the 2♥")
    expect(page.locator(".trick li")).to_have_count(3)
    expect(page.locator(".winner-line")).to_have_text("2♥ wins (card 3).")
    expect(page.locator(".reason")).to_have_text(
        "The 2♥ wins: hearts are trump and no Wizard was played."
    )
    screenshot(page, "referee-trick.png")
    # Move the 2♥ before the 7♣: the trump still wins, now as the second card.
    tap(page, "Move the 2♥ one earlier")
    expect(page.locator(".winner-line")).to_have_text("2♥ wins (card 2).")
    tap(page, "Remove the 2♥")
    expect(page.locator(".reason")).to_contain_text("a Jester was led")


def test_checking_a_one_card_play(phone: Page, live_server: Any) -> None:
    page = phone
    page.goto(live_server.url + "/referee/one_card/play?trump=hearts")
    tap(page, "spades")
    tap(page, "Add the K♠")
    page.locator("label[for=to-hand]").tap()
    tap(page, "Add the 9♠")
    page.locator("label[for=to-card]").tap()
    tap(page, "Joker")
    expect(page.locator(".winner-line")).to_have_text("Joker: not allowed.")
    expect(page.locator(".reason")).to_contain_text("the Joker may be played only as the lead")
