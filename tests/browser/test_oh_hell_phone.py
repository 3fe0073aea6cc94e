"""Three rounds of Oh Hell kept on a phone (360×780, touch), through the pages alone: five
players with long names, the hook refusing the dealer's bid, tricks that do not add up,
Back after Save, a correction and an undo; each step checked on what the screen shows."""

from __future__ import annotations

import re
from typing import Any

import pytest

try:
    from playwright.sync_api import Page, expect
except ImportError:  # no Playwright: the browser fixture skips these tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
USERNAME = "ana"
PASSWORD = "secret-123"

# Seats 0..4, clockwise; the longest name the app takes (40 characters) deals first.
MAX, SION, NIKOS, SITA, ANA = range(5)
PLAYERS = [
    "Maximiliana Featherstonehaugh-Cholmondel",
    "Siôn ap Gruffydd",
    "Νικόλαος Παπαδόπουλος",
    "सीता देवी श्रेष्ठ",
    "Ana",
]
PLANNED = 19  # 5 players: down from 10 cards to 1 and back up (RULES.md, Oh Hell › Rounds)

GAME_URL = re.compile(r"/games/(?!new$)[^/?#]+(#board)?$")
ROUND_URL = re.compile(r"/games/[^/?#]+/rounds/new$")


def oh_hell_score(bid: int, took: int) -> int:
    """RULES.md, Oh Hell › Scoring, the default "ten-plus-bid": 10 + the bid, or nothing."""
    return 10 + bid if bid == took else 0


class Table:
    """The phone on the table: taps, checks that each page fits, keeps the expected score."""

    def __init__(self, page: Page, server: Any) -> None:
        self.page = page
        self.server = server
        self.rounds: list[tuple[list[int], list[int]]] = []  # (bids, tricks) by seat

    def fits(self) -> None:
        self.page.wait_for_load_state()
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{self.page.url} scrolls sideways: {width}px wide"

    def tap_chip(self, name: str, value: int | str) -> None:
        self.page.locator(f"label[for='{name}-{value}']").tap()

    def bid(self, seat: int, value: int) -> None:
        self.tap_chip(f"bid_{seat}", value)

    def took(self, seat: int, value: int) -> None:
        self.tap_chip(f"tricks_{seat}", value)

    def trick_count(self) -> Any:
        return self.page.locator("output[data-trick-count]")

    def heading(self) -> Any:
        return self.page.get_by_role("heading", level=1)

    def follow(self, link: str) -> None:
        with self.page.expect_navigation():
            self.page.locator("main").get_by_role("link", name=link, exact=True).tap()
        self.fits()

    def submit(self, button: str, landing: re.Pattern[str] = GAME_URL) -> None:
        with self.page.expect_navigation():
            self.page.get_by_role("button", name=button).tap()
        expect(self.page).to_have_url(landing)
        self.fits()

    def deal_facts(self) -> dict[str, str]:
        facts = {}
        for item in self.page.locator("dl.deal > div").all():
            facts[item.locator("dt").inner_text()] = item.locator("dd").inner_text()
        return facts

    def bidding_order(self) -> list[int]:
        rows = self.page.locator("[data-bid-row]")
        return [int(rows.nth(i).get_attribute("data-seat") or "") for i in range(rows.count())]

    def expected_totals(self) -> list[int]:
        totals = [0] * len(PLAYERS)
        for bids, tricks in self.rounds:
            for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
                totals[seat] += oh_hell_score(bid, took)
        return totals

    def totals_on_top(self) -> list[int]:
        """The totals on top of a round's screen, in seat order."""
        cells = self.page.locator(".totals-line li b").all_inner_texts()
        return [int(cell.replace("−", "-")) for cell in cells]

    def totals_on_board(self) -> list[int]:
        cells = self.page.locator(".board tfoot td").all_inner_texts()
        return [int(cell.replace("−", "-")) for cell in cells]

    def standings(self) -> dict[str, int]:
        shown = {}
        for item in self.page.locator("ol.standings li").all():
            total = item.locator(".total").inner_text().replace("−", "-")
            shown[item.locator(".name").inner_text()] = int(total)
        return shown

    def save(self, number: int) -> None:
        """Save round ``number``: the next round's screen says so at its top, with the totals."""
        self.submit(f"Save round {number}", ROUND_URL)
        said = self.page.locator(".flash-done")
        expect(said).to_have_text(f"Round {number} saved — round {number + 1} next.")
        expect(said).to_be_in_viewport()
        expect(self.heading()).to_have_text(f"Round {number + 1} of {PLANNED}")
        expect(self.page.locator(".totals-line")).to_be_in_viewport()
        assert self.totals_on_top() == self.expected_totals()

    def assert_board(self) -> None:
        expected = self.expected_totals()
        assert self.totals_on_board() == expected
        assert self.standings() == dict(zip(PLAYERS, expected, strict=True))


def start(table: Table) -> None:
    """A fresh install, its first account, and a game of Oh Hell for five with the options
    as they come (down and up from 10 cards, the hook, ten plus the bid)."""
    page = table.page
    table.server.reset()
    page.goto(table.server.url + "/")
    expect(page).to_have_url(re.compile(r"/welcome$"))
    page.get_by_label("Setup code").fill(table.server.setup_code())
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").tap()
    expect(page).to_have_url(re.compile(r"/games/new$"))
    table.follow("Oh Hell")
    expect(table.heading()).to_have_text("New game of Oh Hell")
    expect(page.locator("#hook")).to_be_checked()
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option(str(MAX))
    table.fits()
    table.submit("Start the game")
    expect(table.heading()).to_contain_text("Oh Hell")
    expect(page.locator("#next-title")).to_have_text(f"Round 1 of {PLANNED}")


def test_three_rounds_of_oh_hell_on_a_phone(phone: Page, live_server: Any) -> None:
    page = phone
    page.set_viewport_size(PHONE)
    table = Table(page, live_server)
    start(table)
    assert table.deal_facts() == {
        "Cards each": "10",
        "Dealer": PLAYERS[MAX],
        "Bids first": PLAYERS[SION],
        "Leads": PLAYERS[SION],
        "Trump": "Turn the next card",
    }

    # -- Round 1: ten cards each; the hook forbids the dealer the bid that makes ten.
    table.follow("Enter round 1")
    expect(table.heading()).to_have_text(f"Round 1 of {PLANNED}")
    expect(page.locator(".totals-line")).to_have_count(0)  # nothing scored yet
    assert table.bidding_order() == [SION, NIKOS, SITA, ANA, MAX]
    table.tap_chip("turned", "h")
    page.locator("#turned_rank").select_option("q")
    for seat, bid in ((SION, 3), (NIKOS, 2), (SITA, 1)):
        table.bid(seat, bid)
    expect(page.locator("#bid_0-2")).to_be_enabled()  # not before everyone else has bid
    table.bid(ANA, 2)
    expect(page.locator("#bid_0-2")).to_be_disabled()
    note = page.locator("[data-forbidden-note]")
    expect(note).to_have_text(f"{PLAYERS[MAX]} may not bid 2 (hook).")
    expect(note).to_be_visible()
    page.locator("label[for='bid_0-2']").tap(force=True)  # a tap on it does nothing
    expect(page.locator("#bid_0-2")).not_to_be_checked()
    table.bid(MAX, 1)
    expect(table.trick_count()).to_have_text("0 of 10 tricks")
    for seat, took in ((SION, 3), (NIKOS, 2), (SITA, 2), (ANA, 2), (MAX, 2)):
        table.took(seat, took)
    expect(table.trick_count()).to_have_text("11 of 10 tricks: too many")
    save = page.get_by_role("button", name="Save round 1")
    expect(save).to_have_attribute("aria-disabled", "true")
    table.took(MAX, 1)
    expect(table.trick_count()).to_have_text("10 of 10 tricks ✓")
    table.rounds.append(([1, 3, 2, 1, 2], [1, 3, 2, 2, 2]))
    table.save(1)
    assert table.expected_totals() == [11, 13, 12, 0, 12]

    # -- Back after Save: the browser's page of round 1 comes back as round 2's.
    page.go_back()
    table.fits()
    expect(table.heading()).to_have_text(f"Round 2 of {PLANNED}")
    assert table.deal_facts()["Dealer"] == PLAYERS[SION]
    assert table.deal_facts()["Cards each"] == "9"

    # -- Round 2: nine cards, Siôn deals; tricks one short, then right.
    assert table.bidding_order() == [NIKOS, SITA, ANA, MAX, SION]
    table.tap_chip("turned", "s")
    for seat, bid in ((NIKOS, 2), (SITA, 2), (ANA, 2), (MAX, 1)):
        table.bid(seat, bid)
    expect(page.locator("#bid_1-2")).to_be_disabled()
    expect(page.locator("[data-forbidden-note]")).to_have_text(
        f"{PLAYERS[SION]} may not bid 2 (hook)."
    )
    table.bid(SION, 1)
    for seat, took in ((NIKOS, 2), (SITA, 2), (ANA, 2), (MAX, 1), (SION, 1)):
        table.took(seat, took)
    expect(table.trick_count()).to_have_text("8 of 9 tricks: too few")
    page.get_by_role("button", name="Save round 2").tap(force=True)
    status = page.locator("[data-save-status]")
    expect(status).to_have_text("The tricks add up to 8, not 9: Save waits until they do.")
    expect(page).to_have_url(ROUND_URL)
    table.took(SION, 2)
    expect(table.trick_count()).to_have_text("9 of 9 tricks ✓")
    table.rounds.append(([1, 1, 2, 2, 2], [1, 2, 2, 2, 2]))
    table.save(2)
    assert table.expected_totals() == [22, 13, 24, 12, 24]

    # -- Round 3: eight cards, Νικόλαος deals.
    assert table.deal_facts()["Dealer"] == PLAYERS[NIKOS]
    assert table.bidding_order() == [SITA, ANA, MAX, SION, NIKOS]
    table.tap_chip("turned", "d")
    for seat, bid in ((SITA, 0), (ANA, 3), (MAX, 2), (SION, 1)):
        table.bid(seat, bid)
    expect(page.locator("#bid_2-2")).to_be_disabled()
    table.bid(NIKOS, 1)
    for seat, took in ((SITA, 0), (ANA, 3), (MAX, 2), (SION, 1), (NIKOS, 2)):
        table.took(seat, took)
    expect(table.trick_count()).to_have_text("8 of 8 tricks ✓")
    table.rounds.append(([2, 1, 1, 0, 3], [2, 1, 2, 0, 3]))
    table.save(3)
    assert table.expected_totals() == [34, 24, 24, 22, 37]
    assert table.deal_facts()["Dealer"] == PLAYERS[SITA]

    # -- The board, then round 1 corrected from it: Max took 2, सीता 1.
    table.follow("Full scoreboard")
    table.assert_board()
    expect(page.locator(".board tbody tr").first.locator(".trump")).to_have_text("♥")
    table.follow("Correct round 1")
    expect(table.heading()).to_have_text("Correct round 1")
    expect(page.locator("#turned-h")).to_be_checked()
    expect(page.locator("#turned_rank")).to_have_value("q")
    table.took(MAX, 2)
    table.took(SITA, 1)
    expect(table.trick_count()).to_have_text("10 of 10 tricks ✓")
    table.submit("Save the correction")
    expect(page.locator(".flash")).to_have_text("Round 1 corrected; totals updated.")
    table.rounds[0] = ([1, 3, 2, 1, 2], [2, 3, 2, 1, 2])
    table.assert_board()
    assert table.expected_totals() == [23, 24, 24, 33, 37]

    # -- Round 3 was wrong: undone (after a confirmation) and entered again.
    dialogs: list[str] = []

    def accept(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    table.submit("Undo round 3")
    assert dialogs == ["Undo round 3?"]
    expect(page.locator(".flash")).to_have_text("Round 3 was undone.")
    table.rounds.pop()
    table.assert_board()
    expect(page.locator("#next-title")).to_have_text(f"Round 3 of {PLANNED}")

    table.follow("Enter round 3")
    table.tap_chip("turned", "c")
    for seat, bid in ((SITA, 0), (ANA, 3), (MAX, 2), (SION, 1)):
        table.bid(seat, bid)
    table.bid(NIKOS, 1)
    for seat, took in ((SITA, 0), (ANA, 3), (MAX, 2), (SION, 2), (NIKOS, 1)):
        table.took(seat, took)
    table.rounds.append(([2, 1, 1, 0, 3], [2, 2, 1, 0, 3]))
    table.save(3)
    assert table.expected_totals() == [23, 13, 35, 33, 37]
    table.follow("Full scoreboard")
    table.assert_board()
    leader = page.locator("ol.standings li.leader .name")
    expect(leader).to_have_text(PLAYERS[ANA])
    expect(page.locator("#next-title")).to_have_text(f"Round 4 of {PLANNED}")
