"""The phone at the table with the Wi-Fi coming and going: a round entered while the
connection is down is kept on the phone, marked as not yet saved, survives a reload,
and is sent once when the connection comes back."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask_babel import force_locale, gettext

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    Page,
    assert_in_view,
    expect,
    fits,
    install_with_a_game,
    log_in,
    stored_game,
    until,
)


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


# -- A round kept on the phone, announced on its game's pages and the games list -------

KEPT = "Kept on this phone, not yet saved: there was no connection when it was saved."
STILL_OFFLINE = (
    "Still no connection: it stays on this phone. Tap again once the connection is back."
)


# The service worker holds the offline page (in this page's language: the page's script
# fetches it again when it is in another).
OFFLINE_PAGE_KEPT = """async () => {
  const lang = `<html lang="${document.documentElement.lang}"`;
  for (const name of await caches.keys()) {
    const kept = await (await caches.open(name)).match("/offline", {ignoreVary: true});
    if (kept && (await kept.text()).includes(lang)) return true;
  }
  return false;
}"""


def keep_round_one(page: Page, live_server: Any, game_id: str) -> None:
    """Round 1 entered and saved with the connection down: kept on the phone. The phone
    then opens its games list (the offline page, kept by the service worker), and the
    connection comes back while that page is open: the round screen, which would send the
    round by itself, is gone; the round waits."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    until(page, OFFLINE_PAGE_KEPT)
    enter_round_one(page)
    page.context.set_offline(True)
    try:
        page.locator("[data-save]").tap()
        expect(page.locator(".save-status.held")).to_be_visible()
        page.goto(live_server.url + "/games")
        expect(page.locator("a[data-retry]")).to_be_visible()  # the offline page
    finally:
        page.context.set_offline(False)
    assert rounds_stored(live_server, game_id) == 0


def banner(page: Page) -> Any:
    return page.locator(".kept-round")


def board_rows(page: Page) -> Any:
    return page.locator(".board tbody tr")


def test_a_kept_round_is_announced_on_the_games_list_and_the_game_and_sent_by_one_tap(
    phone: Page, live_server: Any
) -> None:
    page = phone
    game_id = start(page, live_server)
    keep_round_one(page, live_server, game_id)
    # The offline page already says what waits; "Try again" opens the games list it
    # stood for, which says which game and which round wait on the phone.
    expect(banner(page)).to_contain_text(KEPT)
    with page.expect_navigation():
        page.get_by_role("link", name="Try again").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Games")
    expect(banner(page)).to_have_count(1)
    expect(banner(page).locator(".kept-what")).to_have_text("Round 1 · Wizard · Ana, Ben, Cai")
    expect(banner(page)).to_contain_text(KEPT)
    # ...and so does the game's page, where nothing of round 1 is on the board yet.
    with page.expect_navigation():
        banner(page).get_by_role("link", name="Wizard · Ana, Ben, Cai").tap()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))
    expect(banner(page)).to_contain_text(KEPT)
    expect(board_rows(page)).to_have_count(0)
    assert_in_view(page, ".kept-round button")

    # The connection drops again before the tap: said, and the round stays kept.
    page.context.set_offline(True)
    try:
        banner(page).get_by_role("button", name="Send it now").tap()
        expect(banner(page).locator(".kept-said")).to_have_text(STILL_OFFLINE)
    finally:
        page.context.set_offline(False)
    assert rounds_stored(live_server, game_id) == 0

    # Back: a double tap sends it once, and the round screen that follows says so.
    with page.expect_navigation():
        banner(page).get_by_role("button", name="Send it now").evaluate(
            "button => { button.click(); button.click(); }"
        )
    expect(page.locator(".flash-done")).to_have_text("Round 1 sent.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    expect(banner(page)).to_have_count(0)
    page.goto(f"{live_server.url}/games/{game_id}")
    expect(board_rows(page)).to_have_count(1)
    expect(banner(page)).to_have_count(0)
    page.goto(live_server.url + "/games")
    expect(page.get_by_role("heading", level=1)).to_have_text("Games")
    expect(banner(page)).to_have_count(0)
    assert rounds_stored(live_server, game_id) == 1
    assert page.evaluate("Object.keys(localStorage).length") == 0


def test_a_kept_round_the_server_already_has_is_said_saved_and_dropped(
    phone: Page, live_server: Any
) -> None:
    """The round reached the server but its answer never reached the phone: the kept copy,
    sent again with its one-time key, changes nothing and is done with."""
    page = phone
    game_id = start(page, live_server)
    keep_round_one(page, live_server, game_id)
    page.goto(f"{live_server.url}/games/{game_id}")
    expect(banner(page)).to_contain_text(KEPT)
    # The same form, as sent by the first Save whose answer was lost.
    page.evaluate(
        """async () => {
          const key = Object.keys(localStorage).find(k => k.startsWith("scorekeeper-draft:"));
          const draft = JSON.parse(localStorage.getItem(key));
          const body = new URLSearchParams();
          body.append("csrf_token", document.querySelector("input[name=csrf_token]").value);
          for (const [name, values] of Object.entries(draft.fields))
            for (const value of values) body.append(name, value);
          await fetch(key.slice("scorekeeper-draft:".length, key.lastIndexOf("#")),
                      {method: "POST", body, redirect: "manual"});
        }"""
    )
    assert rounds_stored(live_server, game_id) == 1
    page.reload()
    expect(board_rows(page)).to_have_count(1)
    # The phone cannot know: it still offers to send it.
    expect(banner(page)).to_contain_text(KEPT)
    with page.expect_navigation():
        banner(page).get_by_role("button", name="Send it now").tap()
    expect(page.locator(".flash")).to_contain_text(
        "Round 1 is saved: the second tap changed nothing."
    )
    expect(banner(page)).to_have_count(0)
    page.goto(f"{live_server.url}/games/{game_id}")
    expect(board_rows(page)).to_have_count(1)
    expect(banner(page)).to_have_count(0)
    assert rounds_stored(live_server, game_id) == 1


def test_a_kept_round_another_phone_entered_meanwhile_is_refused_and_dropped(
    phone: Page, live_server: Any
) -> None:
    page = phone
    game_id = start(page, live_server)
    keep_round_one(page, live_server, game_id)
    # Another phone entered round 1 (the same deal, told otherwise) meanwhile.
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        services.record_round(
            services.get_game(ana, game_id),
            {"trump": "hearts", "bids": [0, 1, 0], "tricks": [0, 1, 0]},
        )
        db.session.remove()
    page.goto(f"{live_server.url}/games/{game_id}/rounds/1/edit")
    expect(banner(page)).to_contain_text(KEPT)
    with page.expect_navigation():
        banner(page).get_by_role("button", name="Send it now").tap()
    expect(page.locator("main")).to_contain_text(
        "That page was for round 1, but the game is now at round 2. Nothing from it was"
        " saved: enter round 2 here."
    )
    expect(banner(page)).to_have_count(0)
    page.goto(f"{live_server.url}/games/{game_id}")
    expect(board_rows(page)).to_have_count(1)
    expect(banner(page)).to_have_count(0)
    assert stored_game(live_server, game_id).rounds[0].bids == (0, 1, 0)


def test_the_offline_page_tries_the_page_that_failed_again(phone: Page, live_server: Any) -> None:
    page = phone
    game_id = start(page, live_server)
    keep_round_one(page, live_server, game_id)
    game_url = f"{live_server.url}/games/{game_id}"
    page.context.set_offline(True)
    try:
        page.goto(game_url)
        expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
        # The offline page at the game's address says what waits, and that it waits.
        expect(banner(page)).to_contain_text(KEPT)
        banner(page).get_by_role("button", name="Send it now").tap()
        expect(banner(page).locator(".kept-said")).to_have_text(STILL_OFFLINE)
    finally:
        page.context.set_offline(False)
    # "Try again" asks for the game's page again, not the games list.
    with page.expect_navigation():
        page.get_by_role("link", name="Try again").tap()
    expect(page).to_have_url(game_url)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Wizard")
    expect(banner(page)).to_contain_text(KEPT)
    assert rounds_stored(live_server, game_id) == 0


LONG_NAMES = {
    "en": ["Alexandra Montgomery-Fitzgerald Jones", "Bartholomew Christopherson", "Cai"],
    "el": ["Αικατερίνη-Παναγιώτα Κωνσταντινοπούλου", "Χαράλαμπος Παπαδημητρίου", "Νίκος"],
    "ne": ["श्रीमती लक्ष्मीप्रसाद देवकोटा उपाध्याय", "सीता", "हरि"],
}


def in_language(live_server: Any, language: str, text: str) -> str:
    with live_server.app.test_request_context(), force_locale(language):
        return str(gettext(text))


@pytest.mark.parametrize("language", ["en", "el", "ne"])
def test_the_banner_speaks_the_language_and_fits_the_phone_with_long_names(
    phone: Page, live_server: Any, screenshot: Any, language: str
) -> None:
    page = phone
    names = LONG_NAMES[language]
    game_id = install_with_a_game(live_server, "wizard", names)
    page.context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
    log_in(page, live_server)
    keep_round_one(page, live_server, game_id)
    kept = in_language(live_server, language, KEPT)
    send = in_language(live_server, language, "Send it now")
    with page.expect_navigation():
        page.locator("a[data-retry]").tap()
    expect(page).to_have_url(re.compile(r"/games$"))
    expect(banner(page)).to_contain_text(kept)
    expect(banner(page)).to_contain_text(names[0])
    assert_in_view(page, ".kept-round button")
    expect(banner(page).get_by_role("button", name=send)).to_be_visible()
    fits(page)
    screenshot(page, f"kept-round-games-{language}.png")

    page.goto(f"{live_server.url}/games/{game_id}")
    expect(banner(page)).to_contain_text(kept)
    assert_in_view(page, ".kept-round button")
    fits(page)
    screenshot(page, f"kept-round-game-{language}.png")
