"""A game of Wizard kept on a phone, through the pages alone, as a person at the table would.

Every page visited must fit the phone's width (no sideways scrolling); the round page's
buttons, chips and links must be big enough to tap; and a phone without JavaScript must
still be able to enter a round.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper import services
from tests.browser.conftest import PASSWORD, PHONE, USERNAME, Page, expect, wizard_score

PHONE_WIDTH = PHONE["viewport"]["width"]
MIN_TAP = 44  # CSS pixels: the smallest comfortable target for a finger

# Seats 0..3, clockwise. Names from the seed texts' languages: Welsh, Greek, Nepali.
ANA, SION, NIKOS, SITA = 0, 1, 2, 3
PLAYERS = ["Ana", "Siôn", "Νίκος", "सीता"]

GAME_URL = re.compile(r"/games/(?!new$)[^/?#]+(#board)?$")  # a game's scoreboard
ROUND_URL = re.compile(r"/games/[^/?#]+/rounds/new$")  # the next round's screen


class Table:
    """The phone on the table: taps, checks each page, and keeps the expected score."""

    def __init__(self, page: Page, server: Any, screenshot: Any = None) -> None:
        self.page = page
        self.server = server
        self._screenshot = screenshot
        self.checked: set[str] = set()
        self.navigated: list[str] = []
        page.on("framenavigated", self._navigated)
        self.rounds: list[tuple[list[int], list[int]]] = []  # (bids, tricks) by seat

    def _navigated(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self.navigated.append(frame.url.split("#")[0])

    # -- every page ----------------------------------------------------------

    def fits(self) -> None:
        """The page visited now is no wider than the phone."""
        page = self.page
        page.wait_for_load_state()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width}px wide"
        self.checked.add(page.url.split("#")[0])

    def assert_every_page_fitted(self) -> None:
        missed = [url for url in self.navigated if url not in self.checked]
        assert not missed, f"pages never checked for width: {missed}"

    def screenshot(self, name: str) -> None:
        if self._screenshot is not None:
            # No focus ring or tap highlight left over from the last tap in the picture.
            self.page.locator("h1").tap()
            self.page.evaluate("document.activeElement && document.activeElement.blur()")
            self._screenshot(self.page, name)

    # -- taps ----------------------------------------------------------------

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()

    def tap_chip(self, name: str, value: int | str) -> None:
        self.tap(f"label[for='{name}-{value}']")

    def follow(self, link: str) -> None:
        """Tap a link in the page's main content and check the page it leads to."""
        with self.page.expect_navigation():
            self.page.locator("main").get_by_role("link", name=link, exact=True).tap()
        self.fits()

    def submit(self, button: str, landing: re.Pattern[str] = GAME_URL) -> None:
        with self.page.expect_navigation():
            self.page.get_by_role("button", name=button).tap()
        expect(self.page).to_have_url(landing)
        self.fits()

    def save(self, number: int, planned: int) -> None:
        """Save round ``number``: the next round's screen opens, saying so at its top."""
        self.submit(f"Save round {number}", ROUND_URL)
        said = self.page.locator(".flash-done")
        expect(said).to_have_text(f"Round {number} saved — round {number + 1} next.")
        expect(said).to_be_in_viewport()
        heading = f"Round {number + 1} of {planned}"
        expect(self.page.get_by_role("heading", level=1)).to_have_text(heading)

    # -- the game's pages ----------------------------------------------------

    def totals_on_board(self) -> list[int]:
        """The scoreboard's Σ row, in seat order."""
        cells = self.page.locator(".board tfoot td").all_inner_texts()
        return [int(cell.replace("−", "-")) for cell in cells]

    def standings(self) -> list[tuple[str, str, int]]:
        """(place, name, total) from the standings list, top first."""
        rows = []
        for item in self.page.locator("ol.standings li").all():
            rows.append(
                (
                    item.locator(".place").inner_text(),
                    item.locator(".name").inner_text(),
                    int(item.locator(".total").inner_text().replace("−", "-")),
                )
            )
        return rows

    def expected_totals(self) -> list[int]:
        totals = [0] * len(PLAYERS)
        for bids, tricks in self.rounds:
            for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
                totals[seat] += wizard_score(bid, took)
        return totals

    def totals_on_top(self) -> list[tuple[str, int, bool]]:
        """(whole name, total, marked the leader?) from the line on top of a round's screen."""
        items = self.page.locator(".totals-line li").all()
        shown = []
        for item in items:
            short = item.locator("[title]")
            name = short.get_attribute("title") if short.count() else item.inner_text()
            name = (name or "").split(" ")[0]
            total = int(item.locator("b").inner_text().replace("−", "-"))
            shown.append((name, total, "leader" in (item.get_attribute("class") or "")))
        return shown

    def assert_totals_on_top(self) -> None:
        expected = self.expected_totals()
        top = max(expected)
        assert self.totals_on_top() == [
            (name, total, total == top) for name, total in zip(PLAYERS, expected, strict=True)
        ]
        expect(self.page.locator(".totals-line")).to_be_in_viewport()

    def assert_totals(self) -> None:
        expected = self.expected_totals()
        assert self.totals_on_board() == expected
        shown = {name: total for _place, name, total in self.standings()}
        assert shown == dict(zip(PLAYERS, expected, strict=True))
        assert [total for _p, _n, total in self.standings()] == sorted(expected, reverse=True)

    def deal_facts(self) -> dict[str, str]:
        facts = {}
        for item in self.page.locator("dl.deal > div").all():
            facts[item.locator("dt").inner_text()] = item.locator("dd").inner_text()
        return facts

    def bidding_order(self) -> list[int]:
        rows = self.page.locator("[data-bid-row]")
        return [int(rows.nth(i).get_attribute("data-seat") or "") for i in range(rows.count())]

    def trick_count(self) -> Any:
        return self.page.locator("output[data-trick-count]")

    def bid(self, seat: int, value: int) -> None:
        self.tap_chip(f"bid_{seat}", value)

    def took(self, seat: int, value: int) -> None:
        self.tap_chip(f"tricks_{seat}", value)


def sign_up(table: Table) -> None:
    """A fresh install: the first visit asks for the first account."""
    page = table.page
    table.server.reset()
    page.goto(table.server.url + "/")
    expect(page).to_have_url(re.compile(r"/welcome$"))
    table.fits()
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome to Scorekeeper")
    page.get_by_label("Setup code").fill(table.server.setup_code().lower().replace("-", " "))
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").tap()
    expect(page).to_have_url(re.compile(r"/games/new$"))
    expect(page.locator(".flash")).to_contain_text(f"Welcome, {USERNAME}")
    table.fits()


def new_game(
    table: Table, *, first_dealer: int, hook: bool, rounds: int, screenshot: bool = False
) -> None:
    page = table.page
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option(str(first_dealer))
    if hook:
        page.locator("label[for=hook]").tap()
        expect(page.locator("#hook")).to_be_checked()
    page.locator("#rounds").fill(str(rounds))
    table.fits()
    if screenshot:
        table.screenshot("new-game.png")
    table.submit("Start the game")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Wizard")
    expect(page.locator("#next-title")).to_have_text(f"Round 1 of {rounds}")


@pytest.fixture
def table(phone: Page, live_server: Any, screenshot: Any) -> Table:
    return Table(phone, live_server, screenshot)


def test_a_short_game_of_wizard_on_a_phone(table: Table) -> None:
    page = table.page
    sign_up(table)
    new_game(table, first_dealer=ANA, hook=True, rounds=4, screenshot=True)
    assert table.deal_facts() == {
        "Cards each": "1",
        "Dealer": "Ana",
        "Bids first": "Siôn",
        "Leads": "Siôn",
        "Trump": "Turn the top card",
    }
    totals = [0, 0, 0, 0]
    assert [total for _p, _n, total in table.standings()] == totals

    # -- Round 1: Ana deals one card each; the hook forbids her the bid that adds up.
    table.follow("Enter round 1")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 4")
    assert table.bidding_order() == [SION, NIKOS, SITA, ANA]
    table.tap_chip("turned", "h")
    expect(page.locator("[data-wizard-trump]")).to_be_hidden()
    table.bid(SION, 1)
    table.bid(NIKOS, 0)
    expect(page.locator("#bid_0-0")).to_be_enabled()  # not before everyone else has bid
    table.bid(SITA, 0)
    expect(page.locator("#bid_0-0")).to_be_disabled()
    expect(page.locator("label[for='bid_0-0']")).to_have_class(re.compile(r"\bforbidden\b"))
    expect(page.locator("[data-forbidden-note]")).to_have_text("Ana may not bid 0 (hook).")
    page.locator("label[for='bid_0-0']").tap(force=True)  # a tap on it does nothing
    expect(page.locator("#bid_0-0")).not_to_be_checked()
    table.bid(ANA, 1)
    expect(page.locator("#bid_0-1")).to_be_checked()
    expect(table.trick_count()).to_have_text("0 of 1 trick")
    table.took(SION, 1)
    expect(table.trick_count()).to_have_text("1 of 1 trick")
    for seat in (NIKOS, SITA, ANA):
        table.took(seat, 0)
    expect(table.trick_count()).to_have_text("1 of 1 trick ✓")
    table.save(1, planned=4)  # straight on to round 2, the new totals on top
    table.rounds.append(([1, 1, 0, 0], [0, 1, 0, 0]))
    table.assert_totals_on_top()
    assert table.expected_totals() == [-10, 30, 20, 20]

    # -- Round 2: Siôn should deal, but Νίκος did; a Wizard is turned, Νίκος picks spades.
    assert table.deal_facts()["Dealer"] == "Siôn"
    page.get_by_text("Someone else dealt?").tap()
    with page.expect_navigation():
        page.locator("#dealer-override").select_option(str(NIKOS))
    table.fits()
    assert page.url.endswith(f"?dealer={NIKOS}")
    facts = table.deal_facts()
    assert (facts["Dealer"], facts["Bids first"]) == ("Νίκος", "सीता")
    assert table.bidding_order() == [SITA, ANA, SION, NIKOS]
    expect(page.locator("[data-wizard-trump]")).to_be_hidden()
    table.tap_chip("turned", "wizard")
    expect(page.locator("[data-wizard-trump]")).to_be_visible()
    table.tap_chip("wizard-trump", "spades")
    table.tap_chip("turned", "s")  # a second look: it was a spade, not a Wizard...
    expect(page.locator("[data-wizard-trump]")).to_be_hidden()
    table.tap_chip("turned", "wizard")  # ...no, a Wizard after all
    expect(page.locator("[data-wizard-trump]")).to_be_visible()
    expect(page.locator("#wizard-trump-spades")).to_be_checked()
    table.bid(SITA, 1)
    table.bid(ANA, 0)
    table.bid(SION, 0)
    expect(page.locator("#bid_2-1")).to_be_disabled()
    expect(page.locator("#bid_2-0")).to_be_enabled()
    table.bid(NIKOS, 0)
    table.took(SITA, 1)
    table.took(SION, 1)
    expect(table.trick_count()).to_have_text("2 of 2 tricks")
    table.took(ANA, 0)
    table.took(NIKOS, 0)
    expect(table.trick_count()).to_have_text("2 of 2 tricks ✓")
    table.save(2, planned=4)
    table.rounds.append(([0, 0, 0, 1], [0, 1, 0, 1]))
    table.assert_totals_on_top()
    assert table.expected_totals() == [10, 20, 40, 50]
    # The whole board is a tap away, and the next round a tap from there.
    table.follow("Full scoreboard")
    table.assert_totals()
    expect(page.locator(".board tbody tr").nth(1).locator(".trump")).to_have_text("W♠")

    # -- Round 3: the deal goes on left of Νίκος, to सीता. A Jester: no trump.
    assert table.deal_facts()["Dealer"] == "सीता"
    table.follow("Enter round 3")
    assert table.deal_facts()["Dealer"] == "सीता"
    assert table.bidding_order() == [ANA, SION, NIKOS, SITA]
    table.tap_chip("turned", "jester")
    table.bid(ANA, 1)
    table.bid(SION, 1)
    table.bid(NIKOS, 0)
    expect(page.locator("#bid_3-1")).to_be_disabled()
    table.bid(SITA, 0)
    table.took(NIKOS, 0)
    expect(table.trick_count()).to_have_text("0 of 3 tricks")
    table.took(ANA, 2)
    table.took(SION, 2)
    expect(table.trick_count()).to_have_text("4 of 3 tricks")
    expect(table.trick_count()).to_have_class("over")
    table.took(SITA, 0)
    expect(table.trick_count()).to_have_text("4 of 3 tricks: too many")
    table.took(ANA, 0)
    expect(table.trick_count()).to_have_text("2 of 3 tricks: too few")
    table.took(ANA, 1)
    expect(table.trick_count()).to_have_text("3 of 3 tricks ✓")
    expect(table.trick_count()).to_have_class("exact")
    table.screenshot("round.png")
    table.save(3, planned=4)
    table.rounds.append(([1, 1, 0, 0], [1, 2, 0, 0]))
    table.assert_totals_on_top()
    assert table.expected_totals() == [40, 10, 60, 70]
    table.follow("Full scoreboard")
    table.assert_totals()
    expect(page.locator(".board tbody tr").nth(2).locator(".trump")).to_have_text("–")

    # -- Round 1 was wrong: Ana took the trick, not Siôn. Correct it from the board.
    table.follow("Correct round 1")
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct round 1")
    expect(page.locator("#turned-h")).to_be_checked()
    for seat, bid in enumerate([1, 1, 0, 0]):
        expect(page.locator(f"#bid_{seat}-{bid}")).to_be_checked()
    expect(table.trick_count()).to_have_text("1 of 1 trick ✓")
    table.took(SION, 0)
    expect(table.trick_count()).to_have_text("0 of 1 trick: too few")
    table.took(ANA, 1)
    expect(table.trick_count()).to_have_text("1 of 1 trick ✓")
    table.submit("Save the correction")
    expect(page.locator(".flash")).to_have_text("Round 1 corrected; totals updated.")
    table.rounds[0] = ([1, 1, 0, 0], [1, 0, 0, 0])
    table.assert_totals()
    assert table.expected_totals() == [80, -30, 60, 70]
    table.screenshot("scoreboard.png")

    # -- Round 4, the last of the short game: it still turns a card. Ana deals.
    expect(page.locator("#next-title")).to_have_text("Round 4 of 4")
    assert table.deal_facts() == {
        "Cards each": "4",
        "Dealer": "Ana",
        "Bids first": "Siôn",
        "Leads": "Siôn",
        "Trump": "Turn the top card",
    }
    table.follow("Enter round 4")
    table.tap_chip("turned", "c")
    table.bid(SION, 2)
    table.bid(NIKOS, 1)
    table.bid(SITA, 0)
    expect(page.locator("#bid_0-1")).to_be_disabled()
    table.bid(ANA, 0)
    for seat, took in ((SION, 3), (NIKOS, 1), (SITA, 0), (ANA, 0)):
        table.took(seat, took)
    expect(table.trick_count()).to_have_text("4 of 4 tricks ✓")
    table.submit("Save round 4")
    table.rounds.append(([0, 2, 1, 0], [0, 3, 1, 0]))
    table.assert_totals()
    assert table.expected_totals() == [100, -40, 90, 90]
    expect(page.locator(".final .winners")).to_have_text("🏆 Ana wins with 100 points.")
    expect(page.get_by_role("link", name="Enter round 5")).to_have_count(0)

    # -- Wrong round 4 after all: undo it (after a confirmation) and enter it again.
    dialogs: list[str] = []

    def accept(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    table.submit("Undo round 4")
    assert dialogs == ["Undo round 4?"]
    expect(page.locator(".flash")).to_have_text("Round 4 was undone.")
    table.rounds.pop()
    table.assert_totals()
    expect(page.locator(".final")).to_have_count(0)
    expect(page.locator("#next-title")).to_have_text("Round 4 of 4")

    table.follow("Enter round 4")
    table.tap_chip("turned", "d")
    table.bid(SION, 2)
    table.bid(NIKOS, 2)
    table.bid(SITA, 1)
    # The others bid 5 in a round of 4: nothing can add up, nothing is forbidden.
    expect(page.locator("[data-bid-row][data-seat='0'] input:disabled")).to_have_count(0)
    table.bid(ANA, 0)
    for seat, took in ((SION, 2), (NIKOS, 1), (SITA, 1), (ANA, 0)):
        table.took(seat, took)
    expect(table.trick_count()).to_have_text("4 of 4 tricks ✓")
    table.submit("Save round 4")
    table.rounds.append(([0, 2, 2, 1], [0, 2, 1, 1]))
    table.assert_totals()
    assert table.expected_totals() == [100, 10, 50, 100]

    # -- The end: Ana and सीता share the win.
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator(".final .winners")).to_have_text(
        "🏆 Ana and सीता share the win with 100 points."
    )
    assert table.standings() == [
        ("1.", "Ana", 100),
        ("1.", "सीता", 100),
        ("3.", "Νίκος", 50),
        ("4.", "Siôn", 10),
    ]
    winners = page.locator("ol.standings li.leader .name").all_inner_texts()
    assert winners == ["Ana", "सीता"]
    table.screenshot("final.png")

    with page.expect_navigation():
        page.locator(".topnav").get_by_role("link", name="Games", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/games$"))
    table.fits()
    expect(page.locator(".game-meta")).to_contain_text("Won by Ana and सीता with 100")
    table.assert_every_page_fitted()


def round_page(table: Table) -> Page:
    """Signed up, a 4-player hooked game started, on the page of its first round."""
    sign_up(table)
    new_game(table, first_dealer=ANA, hook=True, rounds=4)
    page = table.page
    page.goto(page.url.split("#")[0] + "/rounds/new")
    table.fits()
    return page


def small_targets(page: Page, selector: str) -> list[str]:
    """Visible elements under ``selector`` less than MIN_TAP pixels high."""
    small = []
    for element in page.locator(selector).all():
        if not element.is_visible():
            continue
        box = element.bounding_box()
        assert box is not None
        if box["height"] < MIN_TAP:
            text = " ".join(element.inner_text().split()) or element.get_attribute("for") or "?"
            small.append(f"{text!r} {box['height']:.0f}px high")
    return small


TAPPABLE = "main button, main a, main label.chip, main summary"


def test_the_round_page_has_big_enough_tap_targets(table: Table) -> None:
    page = round_page(table)
    page.get_by_text("Someone else dealt?").tap()  # show the dealer change too
    table.tap_chip("turned", "wizard")  # and the dealer's choice of trump
    expect(page.get_by_role("button", name="Change dealer")).to_be_visible()
    assert page.locator(TAPPABLE).count() > 20
    assert small_targets(page, TAPPABLE) == []
    table.assert_every_page_fitted()


def test_the_scoreboard_round_links_are_big_enough_to_tap(table: Table) -> None:
    page = round_page(table)
    table.tap_chip("turned", "s")
    for seat in range(4):
        table.bid(seat, 0)
        table.took(seat, 1 if seat == SION else 0)
    table.save(1, planned=4)
    table.follow("Full scoreboard")
    table.assert_every_page_fitted()
    assert small_targets(page, ".board a") == []


def test_entering_a_round_without_javascript(phone_without_js: Page, live_server: Any) -> None:
    table = Table(phone_without_js, live_server)
    page = table.page
    sign_up(table)
    new_game(table, first_dealer=NIKOS, hook=False, rounds=4)
    table.follow("Enter round 1")
    assert table.bidding_order() == [SITA, ANA, SION, NIKOS]
    # Without JavaScript the dealer's choice of trump is always shown.
    expect(page.locator("[data-wizard-trump]")).to_be_visible()
    expect(table.trick_count()).to_have_text("The tricks must add up to 1.")
    table.tap_chip("turned", "jester")
    for seat in range(4):
        table.bid(seat, 1 if seat == ANA else 0)
    table.took(ANA, 1)
    table.took(SION, 1)  # two tricks in a round of one card
    table.took(NIKOS, 0)
    table.took(SITA, 0)
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").tap()
    table.fits()
    expect(page).to_have_url(re.compile(r"/rounds/new$"))
    tricks = page.locator("fieldset", has_text="3 · Tricks taken")
    expect(tricks.locator(".error")).to_have_text("Tricks add up to 2, but 1 card was dealt")
    expect(tricks).to_have_class(re.compile(r"\bhas-error\b"))
    # What was entered is all still there.
    expect(page.locator("#turned-jester")).to_be_checked()
    for seat in range(4):
        expect(page.locator(f"#bid_{seat}-{1 if seat == ANA else 0}")).to_be_checked()
    for seat, took in ((ANA, 1), (SION, 1), (NIKOS, 0), (SITA, 0)):
        expect(page.locator(f"#tricks_{seat}-{took}")).to_be_checked()
    table.took(SION, 0)
    table.save(1, planned=4)
    table.rounds.append(([1, 0, 0, 0], [1, 0, 0, 0]))
    table.assert_totals_on_top()
    assert table.expected_totals() == [30, 20, 20, 20]
    table.assert_every_page_fitted()


def test_after_saving_a_round_the_next_step_is_on_screen(table: Table) -> None:
    page = table.page
    sign_up(table)
    server = table.server
    with server.app.app_context():  # rounds 1-6 as if entered earlier in the evening
        user = services.authenticate(USERNAME, PASSWORD)
        assert user is not None
        game = services.create_game(user, "wizard", PLAYERS, ANA, {"rounds": 8})
        game_id = game.id
        for number in range(1, 7):
            game = services.record_round(
                game,
                {
                    "trump": "none",
                    "turned": "jester",
                    "bids": [number, 0, 0, 0],
                    "tricks": [number, 0, 0, 0],
                },
            )
    page.goto(f"{server.url}/games/{game_id}")
    table.fits()
    table.follow("Enter round 7")
    for number in (7, 8):
        table.tap_chip("turned", "jester")
        for seat in range(4):
            table.bid(seat, 0)
            table.took(seat, number if seat == SITA else 0)
        if number == 7:
            # Round 8 opens at its top: what was saved, the totals, the round's heading.
            table.save(7, planned=8)
            expect(page.get_by_role("heading", level=1)).to_be_in_viewport()
            expect(page.locator(".totals-line")).to_be_in_viewport()
        else:
            table.submit("Save round 8")  # the last: the final standings
    expect(page.get_by_role("heading", name="Final standings")).to_be_in_viewport()


def test_without_javascript_a_refused_hooked_bid_is_not_shown_as_chosen(
    phone_without_js: Page, live_server: Any
) -> None:
    table = Table(phone_without_js, live_server)
    page = table.page
    sign_up(table)
    new_game(table, first_dealer=ANA, hook=True, rounds=4)
    table.follow("Enter round 1")
    table.tap_chip("turned", "c")
    for seat, bid in ((SION, 1), (NIKOS, 0), (SITA, 0), (ANA, 0)):  # Ana's 0 is hooked
        table.bid(seat, bid)
    for seat in range(4):
        table.took(seat, 1 if seat == SION else 0)
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").tap()
    table.fits()
    dealer_row = page.locator("[data-bid-row][data-seat='0']")
    expect(dealer_row.locator(".error")).to_contain_text("Hook: Ana deals and may not bid 0")
    expect(page.locator("#bid_0-0")).to_be_disabled()
    expect(page.locator("#bid_0-0")).not_to_be_checked()
