"""The players' language on a phone: the browser's language first, the switcher at the foot
of every page, the pick kept; the round screen's live sentences in the language picked,
Welsh plurals included; Greek and Nepali pages that still fit the phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask_babel import force_locale, get_translations, gettext

from scorekeeper.games.kinds import kind
from tests.browser.conftest import (
    Page,
    expect,
    fits,
    install_with_a_game,
    log_in,
    new_phone,
    until,
)

PLAYERS = ["Ana", "Siôn", "Νίκος", "सीता"]


def in_language(server: Any, language: str, text: str, **values: Any) -> str:
    with server.app.test_request_context(), force_locale(language):
        return str(gettext(text, **values))


def pick(page: Page, name: str) -> None:
    with page.expect_navigation():
        page.locator("footer").get_by_role("button", name=name).tap()


def test_the_browsers_language_then_the_one_picked(browser: Any, live_server: Any) -> None:
    context = new_phone(browser, locale="el-GR")
    page = context.new_page()
    try:
        page.goto(live_server.url + "/referee")
        expect(page.locator("html")).to_have_attribute("lang", "el")
        expect(page.get_by_role("heading", level=1)).to_have_text(
            in_language(live_server, "el", "Referee")
        )
        fits(page)
        pick(page, "नेपाली")
        expect(page.locator("html")).to_have_attribute("lang", "ne")
        assert page.url.endswith("/referee")
        expect(page.locator(".flash")).to_have_text(
            in_language(live_server, "ne", "Language: English")
        )
        # Remembered: another page, and the browser still asking for Greek.
        page.goto(live_server.url + "/rules/wizard")
        expect(page.locator("html")).to_have_attribute("lang", "ne")
        fits(page)
        pick(page, "English")
        expect(page.locator("html")).to_have_attribute("lang", "en")
    finally:
        context.close()


def start_game(server: Any) -> str:
    rounds = tuple(
        {"trump": "hearts", "turned": "7h", "bids": [0] * 4, "tricks": [number, 0, 0, 0]}
        for number in (1, 2)
    )
    # Dealt first by seat 2, so Ana (seat 0) deals round 3 and bids last.
    return install_with_a_game(server, "wizard", PLAYERS, 2, {"hook": True}, rounds)


@pytest.mark.parametrize("language", ["cy", "el", "ne"])
def test_the_round_screen_speaks_the_language_picked(
    phone: Page, live_server: Any, screenshot: Any, language: str
) -> None:
    page = phone
    game = start_game(live_server)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game}/rounds/new")
    names = {"cy": "Cymraeg", "el": "Ελληνικά", "ne": "नेपाली"}
    pick(page, names[language])
    expect(page.locator("html")).to_have_attribute("lang", language)
    fits(page)

    # Round 3, three cards each. The script's running count of tricks, in the language's
    # plural form for 3 cards, filled as the tricks are tapped.
    with live_server.app.test_request_context(), force_locale(language):
        form = get_translations().ungettext(
            "%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks", 3
        )
        counts = {taken: form % {"sum": taken, "num": 3} for taken in (0, 1, 3)}
        hook = str(gettext("%(name)s may not bid %(bid)s (hook).", name="Ana", bid=2))
    count = page.locator("[data-trick-count]")
    for seat, bid in enumerate([None, 0, 1, 0]):  # Ana deals: she bids last
        if bid is not None:
            page.locator(f"label[for='bid_{seat}-{bid}']").tap()
    expect(page.locator("[data-forbidden-note]")).to_have_text(hook)
    page.locator("label[for='bid_0-0']").tap()
    expect(count).to_contain_text(counts[0])
    page.locator("label[for='tricks_1-1']").tap()
    expect(count).to_contain_text(counts[1])
    page.locator("label[for='tricks_0-2']").tap()
    for seat in (2, 3):
        page.locator(f"label[for='tricks_{seat}-0']").tap()
    expect(count).to_contain_text(counts[3])
    fits(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    screenshot(page, f"round-{language}.png")

    # Saved: round 4 opens, saying so at its top with the totals, in the language picked.
    with live_server.app.test_request_context(), force_locale(language):
        said = kind("wizard").say("saved", number=3, next=4)
        board = str(gettext("Full scoreboard"))
    page.locator("label[for='turned-h']").tap()
    with page.expect_navigation():
        page.locator("button[data-save]").tap()
    expect(page.locator(".flash-done")).to_have_text(said)
    expect(page.locator(".totals-line").get_by_role("link", name=board)).to_be_in_viewport()
    fits(page)
    screenshot(page, f"saved-{language}.png")


def test_welsh_plurals_in_the_script_follow_the_catalog(phone: Page, live_server: Any) -> None:
    """Intl.PluralRules picks the form; the server gives every form: 0 to 7 as the
    catalog has them (zero, one, two, few, many, other)."""
    page = phone
    live_server.reset()
    page.goto(live_server.url + "/referee")
    pick(page, "Cymraeg")
    written = page.evaluate(
        """() => {
          const forms = JSON.parse(document.body.dataset.messages).tricks;
          const rules = new Intl.PluralRules("cy");
          return [0, 1, 2, 3, 4, 5, 6, 7].map(n => forms[rules.select(n)]
            .replace("%(sum)s", "0").replace("%(num)s", String(n)));
        }"""
    )
    with live_server.app.test_request_context(), force_locale("cy"):
        wanted = [
            get_translations().ungettext("%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks", n)
            % {"sum": 0, "num": n}
            for n in range(8)
        ]
    assert written == wanted
    assert len(set(wanted)) > 2, wanted
    assert re.search(r"\S", "".join(written))


# What sticks out past the phone's right edge, for the failure's message.
WIDEST = """() => [...document.querySelectorAll('main *')]
  .filter(e => e.getBoundingClientRect().right > 361)
  .slice(-3).map(e => e.tagName + ' ' + (e.textContent || '').trim().slice(0, 40))"""


@pytest.mark.parametrize("language", ["cy", "nl", "el", "ne"])
def test_every_page_fits_the_phone_in_every_language(
    browser: Any, live_server: Any, language: str
) -> None:
    """Longer words (Welsh, Greek) and another script (Nepali) never push a page sideways;
    in Greek and Nepali, axe finds nothing either (the page's language, contrast...)."""
    from tests.browser.test_accessibility import Axe, pages, violations

    paths = pages(live_server)
    context = new_phone(browser)
    page = context.new_page()
    try:
        context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
        log_in(page, live_server)
        wide, found = {}, {}
        for path in paths:
            page.goto(live_server.url + path)
            assert page.locator("html").get_attribute("lang") == language, path
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 360:
                wide[path] = (width, page.evaluate(WIDEST))
            if language in ("el", "ne") and Axe is not None:
                problems = violations(page)
                if problems:
                    found[path] = problems
        assert not wide, wide
        assert not found, found
    finally:
        context.close()


def test_the_offline_page_follows_the_language_picked(phone: Page, live_server: Any) -> None:
    """The service worker keeps the offline page from its install, in that language; once
    another is picked, the next page fetches it again in the new one."""
    page = phone
    live_server.reset()
    page.goto(live_server.url + "/referee")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    pick(page, "Cymraeg")
    # The page after the pick sees the kept offline page in English and fetches it again.
    until(
        page,
        """async () => {
          const names = await caches.keys();
          const cache = await caches.open(names.find(n => n.startsWith("scorekeeper-shell-")));
          const kept = await cache.match("/offline");
          return kept && (await kept.text()).includes('<html lang="cy"');
        }""",
    )
    # One copy kept, the new one: whichever the service worker matches is in Welsh.
    copies = page.evaluate(
        """async () => {
          const names = await caches.keys();
          const cache = await caches.open(names.find(n => n.startsWith("scorekeeper-shell-")));
          const kept = await cache.matchAll("/offline", {ignoreVary: true});
          return Promise.all(kept.map(async r => (await r.text()).match(/<html lang="(\\w+)"/)[1]));
        }"""
    )
    assert copies == ["cy"]
    page.context.set_offline(True)
    try:
        page.goto(live_server.url + "/rules/wizard")
        expect(page.locator("html")).to_have_attribute("lang", "cy")
        expect(page.get_by_role("heading", level=1)).to_have_text(
            in_language(live_server, "cy", "No connection")
        )
    finally:
        page.context.set_offline(False)
