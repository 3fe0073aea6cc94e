"""The phone at the table with the Wi-Fi coming and going: a round entered while the
connection is down is kept on the phone, marked as not yet saved, survives a reload,
and is sent once when the connection comes back."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import Page, expect, install_with_a_game, log_in, stored_game


def start(page: Page, live_server: Any) -> str:
    game_id = install_with_a_game(live_server, "wizard", ["Ana", "Ben", "Cai"])
    log_in(page, live_server)
    return game_id


def rounds_stored(live_server: Any, game_id: str) -> int:
    return len(stored_game(live_server, game_id).rounds)


def enter_round_one(page: Page) -> None:
    page.locator("label[for=turned-h]").tap()
    for seat, bid in ((1, 0), (2, 0), (0, 1)):
        page.locator(f"label[for=bid_{seat}-{bid}]").tap()
    for seat, took in ((1, 0), (2, 0), (0, 1)):
        page.locator(f"label[for=tricks_{seat}-{took}]").tap()


def test_a_round_entered_offline_is_sent_once_when_the_connection_is_back(
    phone: Page, live_server: Any
) -> None:
    page = phone
    game_id = start(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    enter_round_one(page)
    mark = page.locator(".unsaved")
    expect(mark).to_have_text("Not yet saved.")

    page.context.set_offline(True)
    page.get_by_role("button", name="Save round 1").tap()
    expect(mark).to_have_text(
        "Not yet saved: no connection. It is sent when the connection is back."
    )
    assert rounds_stored(live_server, game_id) == 0

    page.context.set_offline(False)
    # Sent, and on to round 2, saying so.
    expect(page).to_have_url(re.compile(rf"/games/{game_id}/rounds/new$"))
    expect(page.locator(".flash-done")).to_have_text("Round 1 sent.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    assert rounds_stored(live_server, game_id) == 1
    # Nothing is left waiting on the phone.
    assert page.evaluate("Object.keys(localStorage).length") == 0


def test_what_was_entered_survives_a_reload_and_a_double_send_is_stored_once(
    phone: Page, live_server: Any
) -> None:
    page = phone
    game_id = start(page, live_server)
    url = f"{live_server.url}/games/{game_id}/rounds/new"
    page.goto(url)
    enter_round_one(page)
    page.reload()
    expect(page.locator(".unsaved")).to_have_text("Not yet saved: what you had entered is back.")
    expect(page.locator("#tricks_0-1")).to_be_checked()
    expect(page.locator("output[data-trick-count]")).to_have_text("1 of 1 trick ✓")
    sent = page.evaluate(
        "() => new URLSearchParams(new FormData(document.querySelector('form[data-draft]')))"
        ".toString()"
    )
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    expect(page.locator(".flash-done")).to_have_text("Round 1 saved — round 2 next.")
    # The same form sent again (a retry after a timeout): stored once.
    page.evaluate(
        "([url, body]) => fetch(url, {method: 'POST', body: new URLSearchParams(body),"
        " redirect: 'manual'})",
        [url, sent],
    )
    page.reload()
    expect(page.locator(".flash")).to_contain_text(
        "Round 1 is saved: the second tap changed nothing."
    )
    assert rounds_stored(live_server, game_id) == 1


def test_the_app_shell_works_offline(phone: Page, live_server: Any) -> None:
    page = phone
    start(page, live_server)
    # The service worker takes the page once registered; then the shell is kept.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        page.goto(live_server.url + "/nights")
        expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
        # The styles come from the kept shell: the page is laid out, not bare.
        assert page.evaluate("getComputedStyle(document.body).margin") == "0px"
    finally:
        page.context.set_offline(False)
    page.goto(live_server.url + "/nights")
    expect(page.get_by_role("heading", level=1)).to_have_text("Game nights")
