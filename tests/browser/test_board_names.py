"""Names on the big board use the room the screen has: whole wherever it has room, on a
landscape tablet, a portrait tablet and a phone, in Latin, Greek and Devanagari; and on a
phone's scoreboard every name heading behaves alike."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    LiveServer,
    install_with_a_game,
    new_phone,
)
from tests.browser.test_big_board import NAME_CUT, one_screen

LONG = ["Bartholomew", "Christabel", "Fitzgerald", "Evangeline", "Maximilian", "Anastasia"]
GREEK = ["Παναγιώτης", "Χαράλαμπος", "Κωνσταντίνα", "Αικατερίνη", "Θεοδόσιος", "Ευαγγελία"]
NEPALI = [
    "ज्ञानेन्द्र बहादुर",
    "पुष्पकमल दाहाल",
    "सीताराम श्रेष्ठ",
    "लक्ष्मीप्रसाद",
    "रामचन्द्र पौडेल",
    "विद्यादेवी भण्डारी",
]
# Two names of 40 characters that differ only at their ends.
FORTY = ["Bartholomew Maximilian Featherstonehaugh", "Bartholomew Maximilian Featherstonehough"]
SCREENS = {"tablet": (1280, 800), "portrait tablet": (800, 1280), "phone": (360, 780)}
ROUNDS = (
    {"trump": "none", "turned": "jester", "bids": [1, 0, 1, 0, 0, 0], "tricks": [1] + [0] * 5},
)
BIDS = {"trump": "spades", "bids": [2, 1, 0, 2, 1, 0]}

# What each name on the big board shows: its own text (without "(deals)", which is for
# screen readers), the short form drawn in its place if any, and whether it is cut.
NAMES_SHOWN = f"""els => els.map(el => {{
  const copy = el.cloneNode(true);
  copy.querySelectorAll('small').forEach(small => small.remove());
  const before = getComputedStyle(el, '::before').content;
  return {{
    text: copy.textContent.trim(),
    short: ['none', 'normal'].includes(before) ? null : before,
    cut: ({NAME_CUT})(el),
    size: parseFloat(getComputedStyle(el).fontSize),
  }};
}})"""


def big_board(server: LiveServer, players: list[str]) -> str:
    """A shared six-player Wizard game, round 2's bids said: its big board's address."""
    from scorekeeper import services
    from scorekeeper.extensions import db

    game_id = install_with_a_game(server, "wizard", players, 0, None, ROUNDS)
    with server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        token = services.share_game(services.get_game(ana, game_id))
        services.save_pending(services.get_game(ana, game_id), BIDS)
        db.session.remove()
    return f"{server.url}/watch/{token}/big"


@pytest.mark.parametrize("players", [LONG, GREEK, NEPALI], ids=["latin", "greek", "nepali"])
@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_long_names_are_whole_on_the_big_board(
    browser: Any, live_server: LiveServer, screenshot: Any, players: list[str], screen: str
) -> None:
    width, height = SCREENS[screen]
    address = big_board(live_server, players)
    context = new_phone(browser, viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(address)
        page.locator(".pending-bids .bid").first.wait_for()
        for part in (".big-standings .name", ".pending-bids .name"):
            shown = page.locator(part).evaluate_all(NAMES_SHOWN)
            assert sorted(name["text"] for name in shown) == sorted(players), part
            assert [name for name in shown if name["cut"] or name["short"]] == [], part
            assert min(name["size"] for name in shown) >= 17, part
        one_screen(page)
        if players is LONG:
            screenshot(page, f"big-board-names-{width}x{height}.png")
    finally:
        context.close()


@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_names_too_long_for_two_lines_are_still_told_apart(
    browser: Any, live_server: LiveServer, screen: str
) -> None:
    width, height = SCREENS[screen]
    players = [*FORTY, "Ana", "Christabel", "Dee", "Evangeline"]
    context = new_phone(browser, viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(big_board(live_server, players))
        page.locator(".pending-bids .bid").first.wait_for()
        for part in (".big-standings .name", ".pending-bids .name"):
            shown = page.locator(part).evaluate_all(NAMES_SHOWN)
            assert not any(name["cut"] and not name["short"] for name in shown), shown
            long = [name for name in shown if name["text"] in FORTY]
            # Whole, or each a short form of its own: never two that look alike.
            seen = [name["short"] or name["text"] for name in long]
            assert len(set(seen)) == 2, seen
            if screen != "phone":
                assert all(name["short"] is None for name in long), (part, long)
        one_screen(page)
    finally:
        context.close()


SIX_HEADINGS = [
    ["Christopher", "Christina", "Ana", "Bartholomew", "Ευαγγελία", "Dee"],
    LONG,
    GREEK,
    NEPALI,
]


@pytest.mark.parametrize("players", SIX_HEADINGS, ids=["alike", "latin", "greek", "nepali"])
def test_six_name_headings_on_a_phone_all_fit_alike(
    browser: Any, live_server: LiveServer, screenshot: Any, players: list[str]
) -> None:
    address = big_board(live_server, players).removesuffix("/big")
    context = new_phone(browser, viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.goto(address)
        heads = page.locator(".board thead th:not(.round-col)").evaluate_all(
            """ths => ths.map(th => {
              const shown = th.querySelector('.name-short') || th;
              const range = document.createRange();
              range.selectNodeContents(shown);
              const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
              return {text: shown.innerText, lines: tops.size,
                      size: getComputedStyle(th).fontSize,
                      inside: th.scrollWidth <= th.clientWidth};
            })"""
        )
        assert [head["lines"] for head in heads] == [1] * 6, heads
        assert len({head["size"] for head in heads}) == 1, heads
        assert all(head["inside"] for head in heads), heads
        assert len({head["text"] for head in heads}) == 6, heads
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        if players is SIX_HEADINGS[0]:
            page.locator(".board").scroll_into_view_if_needed()
            screenshot(page, "board-six-headings.png")
    finally:
        context.close()
