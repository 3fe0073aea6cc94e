"""The big board: a phone propped in the middle of the table shows the totals and the
round being played in large print, on one screen in portrait and in landscape, keeps its
screen awake, and follows the bids said at the table by itself."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    LiveServer,
    Page,
    expect,
    install_with_a_game,
    new_phone,
)

FOLLOWS_WITHIN_S = 5  # a change shows on watchers' phones within 5 seconds
LONG_NAME = "Bartholomew Maximilian Featherstonehaugh"  # 40 characters
PLAYERS = ["Ana", "Ben", LONG_NAME, "Dee", "Eve", "Fay"]
# Round 1: Ana deals one card each; only Ana takes her trick.
ROUND_1 = {"trump": "none", "turned": "jester", "bids": [1, 0, 1, 0, 0, 0], "tricks": [1] + [0] * 5}
# Round 2: Ben deals two cards each, the long name bids first.
BIDS_2 = [2, 1, 0, 2, 1, 0]
PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
TABLET = {"width": 1024, "height": 768}

# Records each screen wake lock the page asks for (headless Chromium has none to give).
WAKE_LOCK_SPY = """
window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", {
  configurable: true,
  value: { request: function (type) {
    window.wakeLocks.push(type);
    return Promise.resolve({ release: function () { return Promise.resolve(); },
                             addEventListener: function () {} });
  } },
});
"""


# Whether a name is cut: wider than its box, beyond its two lines, or its short form shown.
NAME_CUT = """el => el.scrollWidth > el.clientWidth
  || el.scrollHeight > el.clientHeight + parseFloat(getComputedStyle(el).lineHeight) / 2
  || !['none', 'normal'].includes(getComputedStyle(el, '::before').content)"""


def shared_game(server: LiveServer) -> tuple[str, str]:
    """Ana's six-player Wizard game, round 1 played, shared: its id and watch token."""
    from scorekeeper import services
    from scorekeeper.extensions import db

    game_id = install_with_a_game(server, "wizard", PLAYERS, 0, None, (ROUND_1,))
    with server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        token = services.share_game(services.get_game(ana, game_id))
        db.session.remove()
    return game_id, token


def say_bids(server: LiveServer, game_id: str, bids: list[int]) -> None:
    """The scorekeeper saves round 2's bids and trump (what PUT …/pending does)."""
    from scorekeeper import services
    from scorekeeper.extensions import db

    with server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        services.save_pending(services.get_game(ana, game_id), {"trump": "spades", "bids": bids})
        db.session.remove()


def one_screen(page: Page) -> None:
    """Everything in view on the screen: no scrolling either way (nor a page wider than
    the screen that the phone would zoom out to show whole)."""
    screen = page.viewport_size
    assert screen
    width, height = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert width <= screen["width"] and height <= screen["height"], (screen, width, height)


def test_the_big_board_follows_the_bids_on_one_screen(
    browser: Any, live_server: LiveServer, screenshot: Any
) -> None:
    game_id, token = shared_game(live_server)
    context = new_phone(browser, viewport=PORTRAIT)
    context.add_init_script(WAKE_LOCK_SPY)
    try:
        board = context.new_page()
        loads: list[str] = []
        board.on("load", lambda page: loads.append(page.url))
        response = board.goto(f"{live_server.url}/watch/{token}/big")
        assert response is not None and response.status == 200

        # -- Before the bids: the totals in order, the leader marked, the next deal.
        standings = board.locator(".big-standings li")
        expect(standings.locator(".name")).to_have_text(
            ["Ana", "Ben", "Dee", "Eve", "Fay", LONG_NAME]
        )
        expect(standings.locator(".total")).to_have_text(["30", "20", "20", "20", "20", "−10"])
        expect(board.locator(".big-standings .leader")).to_have_count(1)
        expect(board.locator(".big-standings .leader")).to_contain_text("Ana")
        expect(board.locator(".big-standings .leader")).to_contain_text("leads")
        round_part = board.locator(".big-round")
        expect(round_part.get_by_role("heading")).to_have_text("Round 2 of 10 to play")
        expect(round_part).to_contain_text("2 cards each")
        expect(round_part).to_contain_text("Ben deals.")
        expect(round_part).to_contain_text(f"{LONG_NAME} bids first.")
        one_screen(board)

        # -- The screen is kept awake, and again when the page is shown again.
        assert board.evaluate("window.wakeLocks") == ["screen"]
        board.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        assert board.evaluate("window.wakeLocks") == ["screen", "screen"]

        # -- The bids are said: the board shows them within 5 seconds, untouched.
        say_bids(live_server, game_id, BIDS_2)
        said = time.monotonic()
        bids = round_part.locator(".pending-bids .bid")
        # In bidding order: left of Ben (who deals) first, Ben last.
        order = [2, 3, 4, 5, 0, 1]
        expect(bids).to_have_text([str(BIDS_2[seat]) for seat in order], timeout=8000)
        followed = time.monotonic() - said
        assert followed < FOLLOWS_WITHIN_S + 0.5, f"the big board followed after {followed:.1f}s"
        assert len(loads) == 2  # the page reloaded itself, once
        expect(round_part.locator(".pending-bids .name")).to_have_text(
            [PLAYERS[seat] + (" (deals)" if seat == 1 else "") for seat in order]
        )
        expect(round_part.get_by_role("heading")).to_have_text("Round 2 is being played")
        expect(round_part).to_contain_text("2 cards each")
        expect(round_part).to_contain_text("Trump: ♠ spades")
        expect(round_part.locator(".over-under")).to_have_text("Bids 6 for 2 tricks: over by 4")
        assert board.evaluate("window.wakeLocks") == ["screen"]  # the new page asked again

        # -- Portrait, landscape, a tablet: one screen each, the long name whole.
        one_screen(board)
        screenshot(board, "big-board-portrait.png")
        for size in (LANDSCAPE, TABLET):
            board.set_viewport_size(size)
            one_screen(board)
            long_name = board.locator(".big-standings .name", has_text=LONG_NAME)
            assert long_name.evaluate(NAME_CUT) is False  # whole, on two lines
            totals, playing = (
                board.locator(selector).bounding_box() for selector in (".big-totals", ".big-round")
            )
            assert totals and playing
            assert playing["x"] >= totals["x"] + totals["width"]  # side by side
            if size == LANDSCAPE:
                screenshot(board, "big-board-landscape.png")
        # Every piece of text at least as big as the ordinary page's.
        smallest = board.evaluate(
            "Math.min(...[...document.querySelectorAll('.big-board li, .big-board p')]"
            ".map(el => parseFloat(getComputedStyle(el).fontSize)))"
        )
        assert smallest >= 17, smallest
    finally:
        context.close()


def test_without_javascript_the_big_board_reloads_itself(
    browser: Any, live_server: LiveServer
) -> None:
    _, token = shared_game(live_server)
    context = new_phone(browser, viewport=PORTRAIT, java_script_enabled=False)
    try:
        board = context.new_page()
        board.goto(f"{live_server.url}/watch/{token}/big")
        refresh = board.locator("noscript").first.inner_html()
        assert 'http-equiv="refresh"' in refresh
        expect(board.locator(".big-standings .name").first).to_have_text("Ana")
        one_screen(board)
    finally:
        context.close()
