"""The watch link: the scorekeeper shares the game from its page, a second phone (no
account) opens the address and follows the game by itself, with nothing to edit, until
the link is revoked."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.conftest import (
    Page,
    expect,
    fits,
    install_with_a_game,
    log_in,
    new_phone,
    wizard_score,
)

PLAYERS = ["Ana", "Ben", "Cai"]
FOLLOWS_WITHIN_S = 5  # a change shows on watchers' phones within 5 seconds
ROUND_1 = {"trump": "none", "turned": "jester", "bids": [1, 0, 0], "tricks": [1, 0, 0]}


def start(page: Page, live_server: Any) -> str:
    """Ana's Wizard game with round 1 played; Ana logged in on ``page``, on its page."""
    game_id = install_with_a_game(live_server, "wizard", PLAYERS, 0, {"rounds": 5}, (ROUND_1,))
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}")
    return game_id


def sigma(page: Page) -> Any:
    return page.locator(".board tfoot tr").first.locator("td")


def test_a_second_phone_follows_the_game_through_the_watch_link(
    phone: Page, browser: Any, live_server: Any
) -> None:
    keeper = phone
    game_id = start(keeper, live_server)
    round_1 = [wizard_score(1, 1), wizard_score(0, 0), wizard_score(0, 0)]
    assert round_1 == [30, 20, 20]

    # -- The scorekeeper shares the game from its page.
    with keeper.expect_navigation():
        keeper.get_by_role("link", name="Watch link for the others' phones").tap()
    fits(keeper)
    expect(keeper.get_by_role("heading", level=1)).to_contain_text("Watch link")
    expect(keeper.locator(".qr svg")).to_have_count(0)
    with keeper.expect_navigation():
        keeper.get_by_role("button", name="Share a watch link").tap()
    fits(keeper)
    qr = keeper.get_by_role("img", name="QR code of the watch link")
    expect(qr.locator("svg")).to_be_visible()
    link = keeper.locator(".watch-link a")
    address = link.inner_text()
    assert link.get_attribute("href") == address
    assert re.fullmatch(re.escape(live_server.url) + r"/watch/[A-Za-z0-9_-]{20,64}", address)

    # -- Another phone, with no account, opens the link.
    context = new_phone(browser)
    try:
        watcher = context.new_page()
        loads: list[str] = []
        watcher.on("load", lambda page: loads.append(page.url))
        response = watcher.goto(address)
        assert response is not None and response.status == 200
        fits(watcher)
        expect(watcher.locator("main")).to_contain_text("Watching live")
        expect(sigma(watcher)).to_have_text([str(t) for t in round_1])
        expect(watcher.locator("ol.standings .total")).to_have_text(["30", "20", "20"])
        # Read-only: no round to correct, nothing to enter or undo, no form at all.
        main = watcher.locator("main")
        expect(main.locator("a[href*='/rounds'], a[href*='/games/']")).to_have_count(0)
        expect(main.get_by_role("link", name=re.compile("Correct|Enter|Undo"))).to_have_count(0)
        expect(main.locator("form, button, input")).to_have_count(0)
        expect(watcher.locator(".board tbody th .number")).to_have_text(["1"])
        assert len(loads) == 1

        # -- The scorekeeper enters round 2 (Ben deals two cards; Cai bids first).
        with keeper.expect_navigation():
            keeper.get_by_role("link", name="Back to the scoreboard").tap()
        with keeper.expect_navigation():
            keeper.locator("main").get_by_role("link", name="Enter round 2").tap()
        keeper.locator("label[for=turned-s]").tap()
        for seat in (2, 0, 1):
            keeper.locator(f"label[for=bid_{seat}-0]").tap()
        for seat, took in ((2, 0), (0, 2), (1, 0)):
            keeper.locator(f"label[for=tricks_{seat}-{took}]").tap()
        with keeper.expect_navigation():
            keeper.get_by_role("button", name="Save round 2").tap()
        saved = time.monotonic()
        expected = [t + s for t, s in zip(round_1, [-20, 20, 20], strict=True)]
        assert expected == [10, 40, 40]
        # Save lands on round 3's screen, the new totals on its top.
        expect(keeper.locator(".flash-done")).to_contain_text("Round 2 saved")
        expect(keeper.locator(".totals-line li b")).to_have_text([str(t) for t in expected])

        # -- The watcher's page follows by itself, untouched.
        expect(sigma(watcher)).to_have_text([str(t) for t in expected], timeout=8000)
        followed = time.monotonic() - saved
        assert followed < FOLLOWS_WITHIN_S + 0.5, f"the watcher followed after {followed:.1f}s"
        assert len(loads) == 2  # the page reloaded itself, once
        expect(watcher.locator("ol.standings .total")).to_have_text(["40", "40", "10"])
        expect(watcher.locator(".board tbody th .number")).to_have_text(["1", "2"])
        expect(watcher.locator("main form, main button")).to_have_count(0)
        fits(watcher)

        # -- The scorekeeper revokes the link: the address shows nothing any more.
        with keeper.expect_navigation():
            keeper.get_by_role("link", name="Full scoreboard").tap()
        expect(sigma(keeper)).to_have_text([str(t) for t in expected])
        with keeper.expect_navigation():
            keeper.get_by_role("link", name="Watch link for the others' phones").tap()
        expect(keeper.locator(".watch-link a")).to_have_text(address)
        messages: list[str] = []

        def accept(dialog: Any) -> None:
            messages.append(dialog.message)
            dialog.accept()

        keeper.once("dialog", accept)
        with keeper.expect_navigation():
            keeper.get_by_role("button", name="Stop sharing (revoke the link)").tap()
        assert messages == ["Stop sharing? The address will show nothing any more."]
        expect(keeper.locator(".flash")).to_contain_text("The watch link is revoked")
        expect(keeper.locator(".qr svg")).to_have_count(0)
        expect(keeper.get_by_role("button", name="Share a watch link")).to_be_visible()

        response = watcher.reload()
        assert response is not None and response.status == 404
        expect(watcher.get_by_role("heading", level=1)).to_have_text(
            "There is nothing here: the game or round does not exist, or is not yours."
        )
        expect(watcher.locator(".board")).to_have_count(0)
        expect(watcher.locator("main")).not_to_contain_text("Ben")
        fits(watcher)
        # The game itself stays Ana's, only the watching stopped.
        expect(keeper.locator("main")).not_to_contain_text(address)
        assert game_id in keeper.url
    finally:
        context.close()
