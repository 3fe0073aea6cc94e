"""The referee on a phone: a trick settled from a round in as many taps as it has cards
plus one, the answer naming the player; and without scripts a trick tapped in, reordered
and judged a page load a tap, and a play checked."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import (
    Page,
    assert_in_view,
    expect,
    fits,
    install_with_a_game,
    log_in,
    settled_box,
)

PLAYERS = ["Ana", "Ben", "Cai", "Dan"]


def tap(page: Page, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=True).tap()
    fits(page)


def test_settling_a_wizard_trick_without_scripts(phone_without_js: Page, live_server: Any) -> None:
    page = phone_without_js
    page.goto(live_server.url + "/referee/wizard/trick")
    page.locator("label[for=trump-hearts]").tap()
    tap(page, "Apply")  # without scripts a trump is sent with its button
    tap(page, "Jester")
    tap(page, "clubs")
    tap(page, "Add the 7♣")
    tap(page, "hearts")
    tap(page, "Add the 2♥")
    expect(page.locator(".trick li")).to_have_count(3)
    expect(page.locator(".winner-line")).to_have_text("2♥ wins (card 3).")
    expect(page.locator(".reason")).to_have_text(
        "The 2♥ wins: hearts are trump and no Wizard was played."
    )
    # Each load comes back to the answer, the picker under it, not to the top.
    expect(page.locator("#answer")).to_be_in_viewport()
    # Move the 2♥ before the 7♣: the trump still wins, now as the second card.
    tap(page, "Move the 2♥ one earlier")
    expect(page.locator(".winner-line")).to_have_text("2♥ wins (card 2).")
    tap(page, "Remove the 2♥")
    expect(page.locator(".reason")).to_contain_text("a Jester was led")


def test_checking_a_one_card_play_without_scripts(phone_without_js: Page, live_server: Any) -> None:
    page = phone_without_js
    page.goto(live_server.url + "/referee/one_card/play?trump=hearts")
    tap(page, "spades")
    tap(page, "Add the K♠")
    page.locator("label[for=to-hand]").tap()
    tap(page, "Add the 9♠")
    page.locator("label[for=to-card]").tap()
    tap(page, "Joker")
    expect(page.locator(".winner-line")).to_have_text("Joker: not allowed.")
    expect(page.locator(".reason")).to_contain_text("the Joker may be played only as the lead")


def logged_in_with_a_game(page: Page, server: Any) -> str:
    """A fresh install with an account and a 4-player Wizard game; logged in."""
    game_id = install_with_a_game(server, "wizard", PLAYERS, 0, {"rounds": 8})
    log_in(page, server)
    return game_id


def test_a_trick_from_a_round_in_as_many_taps_as_cards_plus_one(
    tall_phone: Page, live_server: Any, screenshot: Any
) -> None:
    page = tall_phone
    game_id = logged_in_with_a_game(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    page.locator("label[for=turned-h]").tap()  # the round's trump, entered on its screen
    page.get_by_text("Help with this round").tap()
    with page.expect_navigation():
        page.get_by_role("link", name="Who won the trick?").tap()
    expect(page).to_have_url(re.compile(r"/referee/wizard/trick\?.*trump=h"))
    expect(page.locator("#trump-hearts")).to_be_checked()  # carried over: no tap for it
    page.screenshot(path="/tmp/referee-from-round.png")
    # No page load from here on: a marker left on the window would not survive one.
    page.evaluate("window.refereeMarker = 1")

    taps = 0

    def tap(locator: Any) -> None:
        nonlocal taps
        expect(locator).to_be_in_viewport()  # in reach without scrolling
        locator.tap()
        taps += 1

    tap(page.locator("label[for=lead-1]"))  # Ben led
    cards = ["2♥", "3♥", "A♥", "4♣"]  # Ben, Cai, Dan, Ana
    for card in cards:
        tap(page.get_by_role("button", name=f"Add the {card}", exact=True))
    answer = page.locator("#answer .winner-line")
    expect(answer).to_have_text("Dan wins, with the A♥.")
    expect(answer).to_be_in_viewport()
    expect(page.locator(".trick-strip li")).to_have_text(["2♥ Ben", "3♥ Cai", "A♥ Dan", "4♣ Ana"])
    assert taps == len(cards) + 1 == 5
    assert page.evaluate("window.refereeMarker") == 1, "a tap reloaded the page"
    fits(page)
    # The address holds the trick, not the last tap: a reload shows the same answer.
    assert "plays=2h,3h,ah,4c" in page.url and "add=" not in page.url
    page.screenshot(path="/tmp/referee-five-taps.png")
    screenshot(page, "referee-trick.png")
    page.reload()
    expect(page.locator("#answer .winner-line")).to_have_text("Dan wins, with the A♥.")


def test_quick_taps_lose_no_card(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    page.goto(
        live_server.url + "/referee/one_card/trick?trump=spades&player=Ana&player=Ben&player=Cai"
    )
    page.locator("label[for=lead-2]").tap()
    for card in ("9♠", "K♥", "10♠"):  # Cai, Ana, Ben; tapped without waiting for answers
        page.get_by_role("button", name=f"Add the {card}", exact=True).tap(no_wait_after=True)
    expect(page.locator("#answer .winner-line")).to_have_text("Ben wins, with the 10♠.")
    # A tap the rules refuse says why, and keeps the trick.
    page.get_by_role("button", name="Add the Q♠", exact=True).tap()
    expect(page.locator("#answer .error")).to_contain_text("4 cards is too many here")
    expect(page.locator(".trick-strip li")).to_have_count(3)


def test_checking_a_one_card_play_with_the_whole_deck(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    page.goto(live_server.url + "/referee/one_card/play?trump=hearts")
    page.evaluate("window.refereeMarker = 1")
    page.get_by_role("button", name="Add the K♠", exact=True).tap()  # into the trick
    page.locator("label[for=to-hand]").tap()
    page.get_by_role("button", name="Add the 9♠", exact=True).tap()
    page.locator("label[for=to-card]").tap()
    page.get_by_role("button", name="Joker", exact=True).tap()
    expect(page.locator(".winner-line")).to_have_text("Joker: not allowed.")
    expect(page.locator(".reason")).to_contain_text("the Joker may be played only as the lead")
    assert page.evaluate("window.refereeMarker") == 1, "a tap reloaded the page"


def test_a_choice_tapped_while_an_answer_is_on_its_way_is_kept(
    tall_phone: Page, live_server: Any
) -> None:
    """On a slow connection: the K♠ goes into the trick, and while its answer is still
    coming the player taps "the hand" and then the 9♠: the 9♠ goes into the hand."""
    page = tall_phone
    page.goto(live_server.url + "/referee/one_card/play?trump=hearts")
    slow: list[str] = []

    def late(route: Any) -> None:
        if "add=ks" in route.request.url:
            slow.append(route.request.url)
            page.wait_for_timeout(600)  # the answer is on its way while the player taps on
        route.continue_()

    page.route(re.compile(r".*/referee/one_card/play\?.*"), late)
    page.get_by_role("button", name="Add the K♠", exact=True).tap()
    page.locator("label[for=to-hand]").tap()
    page.get_by_role("button", name="Add the 9♠", exact=True).tap()
    page.locator("label[for=to-card]").tap()
    page.get_by_role("button", name="Joker", exact=True).tap()
    expect(page.locator(".winner-line")).to_have_text("Joker: not allowed.")
    assert slow, "the first answer was not held back: the test proved nothing"


def test_cards_tapped_in_are_marked_on_the_deck_and_one_too_many_keeps_the_answer(
    tall_phone: Page, live_server: Any, screenshot: Any
) -> None:
    page = tall_phone
    page.goto(
        live_server.url + "/referee/one_card/play?trump=hearts&player=Ana&player=Ben&player=Cai"
    )
    line = page.locator("#tally .tally-line:not([hidden])")

    def card(name: str) -> Any:
        return page.get_by_role("button", name=f"Add the {name}", exact=True)

    page.locator("label[for=to-hand]").tap()
    expect(line).to_have_text("No cards yet.")
    card("A♥").tap()
    expect(card("A♥")).to_have_attribute("aria-pressed", "true")
    card("9♣").tap()
    expect(card("9♣")).to_have_attribute("aria-pressed", "true")
    expect(line).to_have_text("Hand: A♥ 9♣ (2 cards)")
    assert_in_view(page, "#tally .tally-line:not([hidden])")  # no scroll to see the effect
    expect(card("9♠")).to_have_attribute("aria-pressed", "false")
    screenshot(page, "referee-play-marked.png")
    page.screenshot(path="/tmp/referee-play-marked.png")
    for value in ("ah", "9c"):  # a marked card is still a thumb's size
        box = settled_box(page, f".deck button[data-card='{value}']")
        assert box["width"] >= 44 and box["height"] >= 44, (value, box)
    # A marked card tapped again is taken out.
    card("9♣").tap()
    expect(line).to_have_text("Hand: A♥ (1 card)")
    expect(card("9♣")).to_have_attribute("aria-pressed", "false")
    expect(card("A♥")).to_have_attribute("aria-pressed", "true")
    # The trick: the marks follow the place picked.
    page.locator("label[for=to-plays]").tap()
    expect(card("A♥")).to_have_attribute("aria-pressed", "false")
    card("K♠").tap()
    card("9♠").tap()
    expect(line).to_have_text("Trick so far: K♠ 9♠ (2 cards)")
    page.locator("label[for=to-card]").tap()
    card("A♥").tap()
    answer = page.locator("#answer .winner-line")
    expect(answer).to_have_text("A♥: allowed.")
    # One card too many in the trick of three: refused beside the deck, the answer kept.
    page.locator("label[for=to-plays]").tap()
    card("Q♠").tap()
    refusal = page.locator("#tally .tap-refused")
    expect(refusal).to_contain_text("is too many")
    assert_in_view(page, "#tally .tap-refused")
    expect(answer).to_have_text("A♥: allowed.")
    expect(page.locator("#answer .error")).to_have_count(0)
    expect(line).to_have_text("Trick so far: K♠ 9♠ (2 cards)")
    expect(card("Q♠")).to_have_attribute("aria-pressed", "false")
    fits(page)
