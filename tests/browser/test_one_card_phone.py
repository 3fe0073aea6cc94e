"""A game of One Card kept on a phone: the auction call by call, the points with the
remainder offered, an all-pass hand, and the end after the target."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import PASSWORD, USERNAME, Page, expect, fits

PLAYERS = ["Ana", "Ŵyn", "Cai"]


def sign_up(page: Page, server: Any) -> None:
    server.reset()
    page.goto(server.url + "/")
    page.get_by_label("Setup code").fill(server.setup_code())
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").tap()
    expect(page).to_have_url(re.compile(r"/games/new$"))


def call(page: Page, text: str) -> None:
    page.locator("[data-call-buttons]").get_by_role("button", name=text, exact=True).tap()


def follow(page: Page, link: str) -> None:
    with page.expect_navigation():
        page.locator("main").get_by_role("link", name=link, exact=True).tap()
    fits(page)


def save(page: Page, button: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=button).tap()
    fits(page)


def totals(page: Page) -> list[int]:
    """The totals at the top of the hand a Save opened, or on the board."""
    if page.locator(".totals-line").count():
        return [int(t) for t in page.locator(".totals-line b").all_inner_texts()]
    return [int(t) for t in page.locator(".board tfoot tr").first.locator("td").all_inner_texts()]


def saved(page: Page, number: int) -> None:
    """Hand ``number`` saved: the next hand's screen, saying so at its top."""
    expect(page.locator(".flash-done")).to_have_text(
        f"Hand {number} saved — hand {number + 1} next."
    )
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number + 1}")
    expect(page.locator(".totals-line")).to_be_in_viewport()


def test_a_game_of_one_card_on_a_phone(phone: Page, live_server: Any, screenshot: Any) -> None:
    page = phone
    sign_up(page, live_server)
    follow(page, "One Card")
    expect(page.get_by_role("heading", level=1)).to_have_text("New game of One Card")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("0")
    page.locator("#target").fill("10")
    fits(page)
    save(page, "Start the game")
    expect(page.locator("#next-title")).to_have_text("Hand 1")

    # Hand 1: Ana deals, Ŵyn bids first. Ŵyn 7, Cai passes, Ana 8, Ŵyn passes.
    follow(page, "Enter hand 1")
    turn = page.locator("[data-turn]")
    expect(turn).to_have_text("Ŵyn to bid or pass:")
    # Nobody has passed yet: the trump's hint says nothing of everyone passing.
    trump_hint = page.locator("#trump-label")
    expect(trump_hint).to_have_text("The suit of the bidder's first lead.", use_inner_text=True)
    # Below the lowest bid (7 with 3 players) nothing is offered.
    expect(page.locator("[data-call-buttons]").get_by_role("button", name="6")).to_have_count(0)
    call(page, "7")
    expect(turn).to_have_text("Cai to bid or pass:")
    # A bid must beat the one before it.
    expect(page.locator("[data-call-buttons]").get_by_role("button", name="7")).to_have_count(0)
    call(page, "Pass")
    call(page, "8")
    expect(turn).to_have_text("Ŵyn to bid or pass:")
    call(page, "Pass")
    expect(turn).to_have_text("Contract: Ana bids 8.")
    expect(page.get_by_text("Everyone passed: no trump.")).to_be_hidden()
    expect(page.locator("[data-calls] li")).to_have_text(
        ["Ŵyn: 7", "Cai: pass", "Ana: 8", "Ŵyn: pass"]
    )
    page.locator("label[for=trump-spades]").tap()
    count = page.locator("output[data-points-count]")
    page.locator("#points_1").fill("4")
    expect(count).to_have_text("4 of 15 points")
    page.locator("#points_2").fill("2")
    # The last player's points are offered as the remainder.
    expect(page.locator("#points_0")).to_have_attribute("placeholder", "9")
    expect(page.locator("#points_0")).to_have_value("")
    expect(count).to_have_text("15 of 15 points ✓")
    page.locator("label[for=last-trick-0]").tap()
    screenshot(page, "one-card-hand.png")
    save(page, "Save hand 1")
    saved(page, 1)
    assert totals(page) == [9, 4, 2]
    # The whole board a tap away; hand 2 a tap from there.
    follow(page, "Full scoreboard")
    assert totals(page) == [9, 4, 2]
    expect(page.locator(".board tbody")).to_contain_text("bid 8 ✓")
    expect(page.locator(".board .to-go")).to_contain_text("1")

    # Hand 2: Ŵyn deals; everyone passes, so there is no trump to tap.
    follow(page, "Enter hand 2")
    for _ in PLAYERS:
        call(page, "Pass")
    expect(page.locator("[data-turn]")).to_have_text("Everyone passed: no bid, no trump.")
    expect(page.locator("#trump-hearts")).to_be_disabled()
    expect(page.get_by_text("Everyone passed: no trump.")).to_be_visible()
    page.locator("#points_2").fill("3")
    page.locator("#points_0").fill("5")
    expect(page.locator("#points_1")).to_have_attribute("placeholder", "7")
    page.locator("label[for=last-trick-1]").tap()
    save(page, "Save hand 2")

    # Ana (14) and Ŵyn (11) passed the target of 10, Ana alone at the top: the game is over.
    expect(page.locator(".final")).to_contain_text("Ana wins with 14 points.")
    assert totals(page) == [14, 11, 5]
    screenshot(page, "one-card-final.png")


# -- A whole game to the default target ------------------------------------------------

TARGET = 30  # RULES.md, One Card: the default target
ANA, WYN, CAI = 0, 1, 2
PASS = None

# Hand by hand, as played: the calls in order from the player left of the dealer (a bid or
# PASS), the trump tapped when someone bid, and the points each seat took.
HANDS: list[tuple[list[int | None], str | None, list[int]]] = [
    ([7, 8, PASS, PASS], "hearts", [3, 4, 8]),  # Cai bids 8, takes 8: made
    ([PASS, PASS, PASS], None, [2, 7, 6]),  # everyone passes
    ([9, PASS, PASS], "clubs", [7, 5, 3]),  # Ana bids 9, takes 7: short, scores 0
    ([7, PASS, PASS], "diamonds", [0, 8, 7]),  # Ŵyn bids 7, takes 8
    ([PASS, PASS, PASS], None, [1, 7, 7]),  # all pass again: Ŵyn and Cai tie at 31
    ([7, 8, 15], "spades", [2, 3, 10]),  # Cai bids 15 (which ends it), takes 10: 0
]


def expected_totals(hands: list[tuple[int | None, int | None, list[int]]]) -> list[int]:
    """RULES.md, One Card › Scoring, worked out independently of the app: everyone
    scores the points they took, except a bidder short of the bid, who scores 0."""
    totals = [0] * len(PLAYERS)
    for bidder, bid, points in hands:
        for seat, took in enumerate(points):
            short = seat == bidder and bid is not None and took < bid
            totals[seat] += 0 if short else took
    return totals


def game_over(totals: list[int]) -> bool:
    """Someone has reached the target, and the highest total is one player's alone."""
    top = max(totals)
    return top >= TARGET and totals.count(top) == 1


def contract(first: int, calls: list[int | None]) -> tuple[int | None, int | None]:
    """(bidder, bid) of an auction that starts at seat ``first``: a pass drops out."""
    passed: set[int] = set()
    seat, bidder, bid = first, None, None
    for made in calls:
        if made is None:
            passed.add(seat)
        else:
            bidder, bid = seat, made
        seat = next(
            (
                (seat + step) % len(PLAYERS)
                for step in range(1, len(PLAYERS) + 1)
                if (seat + step) % len(PLAYERS) not in passed
            ),
            seat,
        )
    return bidder, bid


def standings(page: Page) -> list[tuple[str, str, int]]:
    return [
        (
            item.locator(".place").inner_text(),
            item.locator(".name").inner_text(),
            int(item.locator(".total").inner_text()),
        )
        for item in page.locator("ol.standings li").all()
    ]


def test_a_game_of_one_card_to_thirty_on_a_phone(phone: Page, live_server: Any) -> None:
    page = phone
    sign_up(page, live_server)
    follow(page, "One Card")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option(str(ANA))
    # The target is left alone: the default, 30.
    expect(page.locator("#target")).to_have_value("")
    expect(page.locator("#target")).to_have_attribute("placeholder", str(TARGET))
    save(page, "Start the game")

    played: list[tuple[int | None, int | None, list[int]]] = []
    for number, (calls, trump, points) in enumerate(HANDS, start=1):
        assert not played or not game_over(expected_totals(played))
        dealer = (ANA + number - 1) % len(PLAYERS)
        first = (dealer + 1) % len(PLAYERS)
        bidder, bid = contract(first, calls)
        if number == 1:
            expect(page.locator("#next-title")).to_have_text("Hand 1")
            follow(page, "Enter hand 1")
        else:  # the hand before's Save opened it
            saved(page, number - 1)

        # The auction, call by call, on the widget (its fallback radios stay hidden).
        expect(page.locator("[data-contract-fallback]")).to_be_hidden()
        turn = page.locator("[data-turn]")
        expect(turn).to_have_text(f"{PLAYERS[first]} to bid or pass:")
        for made in calls:
            call(page, "Pass" if made is PASS else str(made))
        if bidder is None:
            expect(turn).to_have_text("Everyone passed: no bid, no trump.")
            expect(page.locator("#trump-hearts")).to_be_disabled()
        else:
            expect(turn).to_have_text(f"Contract: {PLAYERS[bidder]} bids {bid}.")
            assert trump is not None
            page.locator(f"label[for=trump-{trump}]").tap()
        expect(page.locator("[data-call-buttons] button")).to_have_count(0)

        # The points: the first two in bidding order typed, the last offered as the rest.
        order = [(first + step) % len(PLAYERS) for step in range(len(PLAYERS))]
        for seat in order[:-1]:
            page.locator(f"#points_{seat}").fill(str(points[seat]))
        last = page.locator(f"#points_{order[-1]}")
        expect(last).to_have_attribute("placeholder", str(points[order[-1]]))
        expect(page.locator("output[data-points-count]")).to_have_text("15 of 15 points ✓")
        page.locator(f"label[for=last-trick-{points.index(max(points))}]").tap()
        save(page, f"Save hand {number}")

        played.append((bidder, bid, points))
        expected = expected_totals(played)
        assert totals(page) == expected, f"after hand {number}"

    # Every hand on the final board, each contract made or not.
    for number, (bidder, bid, points) in enumerate(played, start=1):
        if bidder is not None and bid is not None:
            mark = "✓" if points[bidder] >= bid else "✗"
            expect(page.locator(".board tbody tr").nth(number - 1)).to_contain_text(
                f"bid {bid} {mark}"
            )

    # Hand 5 left Ŵyn and Cai level at 31, past the target: the game went on. Hand 6,
    # Cai short of 15, leaves Ŵyn alone at the top.
    assert expected_totals(played[:5]) == [6, 31, 31]
    assert expected == [8, 34, 31]
    assert game_over(expected)
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator(".final .winners")).to_have_text("🏆 Ŵyn wins with 34 points.")
    assert standings(page) == [("1.", "Ŵyn", 34), ("2.", "Cai", 31), ("3.", "Ana", 8)]
    expect(page.get_by_role("link", name="Enter hand 7")).to_have_count(0)
    expect(page.locator(".board .to-go")).to_have_count(0)
