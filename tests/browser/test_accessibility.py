"""axe-core on every page, with the WCAG 2.2 A and AA rules, in light and dark: no
violations. (axe-core comes bundled in axe-playwright-python, no download.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # no axe: the test skips (no Playwright: the browser fixture skips it)
    Axe = None  # type: ignore[assignment,misc]

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import PASSWORD, USERNAME, Page, log_in, new_phone

RULES = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}
}


def violations(page: Page) -> list[str]:
    results = Axe().run(page, options=RULES)
    found = []
    for violation in results.response["violations"]:
        nodes = [node["target"] for node in violation["nodes"]][:3]
        found.append(f"{violation['id']}: {violation['help']} {json.dumps(nodes)}")
    return found


def pages(live_server: Any) -> list[str]:
    """Every page of the app, with data behind it."""
    live_server.reset()
    with live_server.app.app_context():
        ana = services.create_user(USERNAME, PASSWORD)
        services.issue_token(ana, "The club's laptop")
        wizard = services.create_game(
            ana, "wizard", ["Ana", "Siôn", "Νίκος"], options={"hook": True}
        )
        wizard = services.record_round(
            wizard, {"trump": "hearts", "bids": [1, 0, 1], "tricks": [1, 0, 0]}
        )
        one_card = services.create_game(ana, "one_card", ["Ana", "सीता"], options={"target": 10})
        one_card = services.record_round(
            one_card, {"bidder": 0, "bid": 8, "trump": "clubs", "points": [9, 6], "last_trick": 0}
        )
        one_card = services.record_round(
            one_card,
            {"bidder": None, "bid": None, "trump": "none", "points": [9, 6], "last_trick": 1},
        )
        token = services.share_game(wizard)
        night = wizard.row.night_id
        player = wizard.row.seats[0].player_id
        ids = (wizard.id, one_card.id)
        db.session.remove()
    w, o = ids
    return [
        "/login",  # logged in: leads on to the games
        "/games",
        "/games?status=finished",
        "/games/new?game=wizard",
        "/games/new?game=one_card",
        f"/games/{w}",
        f"/games/{o}",
        f"/games/{w}/rounds/new",
        f"/games/{w}/rounds/1/edit",
        f"/games/{o}/rounds/1/edit",
        f"/games/{w}/share",
        f"/watch/{token}",
        "/nights",
        f"/nights/{night}",
        "/players",
        f"/players/{player}",
        "/import",
        "/account",
        "/referee",
        "/referee/wizard/trick?trump=hearts&plays=jester,7c,2h",
        "/referee/wizard/trick?trump=hearts&player=Ana&player=Ben&player=Cai&lead=1&plays=7c,2h",
        "/referee/one_card/play?trump=hearts&plays=ks&hand=9s,joker&card=joker",
        "/referee/wizard/trick?special=bomb&special=juggler&special=shapeshifter&plays=7h,bomb",
        "/referee/wizard/play?special=cloud&plays=cloud:s&hand=2s,qh&card=qh",
        "/rules/wizard",
        "/rules/one_card",
        "/sheets",
        "/offline",
        "/no-such-page",
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violations_on_any_page(
    browser: Any, live_server: Any, scheme: str
) -> None:
    if Axe is None:
        pytest.skip("axe-playwright-python is not installed")
    context = new_phone(browser, color_scheme=scheme)
    page = context.new_page()
    try:
        found = {}
        # Logged out: a fresh install's first page (before the first account exists, every
        # page leads to it), then the login page with an account there.
        live_server.reset()
        for path in ("/welcome", "/login"):
            page.goto(live_server.url + path)
            problems = violations(page)
            if problems:
                found[f"{path} (fresh install)"] = problems
        paths = pages(live_server)
        for path in ("/login", "/welcome"):
            page.goto(live_server.url + path)
            problems = violations(page)
            if problems:
                found[f"{path} (logged out)"] = problems
        page.get_by_label("Username").fill(USERNAME)
        page.get_by_label("Password").fill("not the password")
        page.get_by_role("button", name="Log in").click()
        problems = violations(page)
        if problems:
            found["/login (a wrong password shown)"] = problems
        log_in(page, live_server)
        for path in paths:
            page.goto(live_server.url + path)
            problems = violations(page)
            if problems:
                found[path] = problems
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    finally:
        context.close()
