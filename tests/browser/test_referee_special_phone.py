"""The referee with Wizard's special cards on a phone: the cards in play picked on the
page itself, a Bomb and a Dragon tapped into a trick without a page load, the answer in
words; from a game with special cards, only that game's cards offered; and the special
cards tapped into a hand marked on the deck as the others are."""

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


def test_picking_the_special_cards_and_settling_a_bomb_trick(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    page.goto(live_server.url + "/referee/wizard/trick?trump=hearts")
    expect(page.get_by_role("button", name="Bomb", exact=True)).to_have_count(0)
    page.evaluate("window.refereeMarker = 1")
    page.locator(".special-set summary").tap()  # folded away until one is chosen
    page.locator("label[for=special-bomb]").tap()
    expect(page.get_by_role("button", name="Bomb", exact=True)).to_be_visible()
    page.locator("label[for=special-dragon]").tap()
    page.locator("label[for=special-fairy]").tap()
    expect(page.locator("#special-fairy")).to_be_checked()
    expect(page.locator("#special-bomb")).to_be_checked()
    for name in ("Add the 7♥", "Bomb", "Add the 9♥"):
        page.get_by_role("button", name=name, exact=True).tap()
    line = page.locator("#answer .winner-line")
    expect(line).to_have_text(
        "Nobody takes this trick. Whoever played the 9♥ (card 3) leads next: it would have won."
    )
    expect(page.locator(".trick-strip li.leads-next")).to_have_text("9♥")
    assert page.evaluate("window.refereeMarker") == 1, "a tap reloaded the page"
    assert "special=bomb" in page.url and "plays=7h,bomb,9h" in page.url
    fits(page)
    page.screenshot(path="/tmp/referee-bomb.png", full_page=True)
    # Unticked, the Bomb leaves the picker; the trick that holds it says why it cannot stand.
    page.locator("label[for=special-bomb]").tap()
    expect(page.get_by_role("button", name="Bomb", exact=True)).to_have_count(0)
    expect(page.locator("#answer .error")).to_contain_text(
        "The Bomb is not among this game's special cards"
    )
    page.get_by_role("button", name="Remove the Bomb", exact=True).tap()
    page.get_by_role("button", name="Dragon", exact=True).tap()
    expect(line).to_have_text("Dragon wins (card 3).")
    expect(page.locator("#answer .reason")).to_have_text(
        "The Dragon wins: it beats every card, Wizards too; only the Fairy beats it."
    )
    assert page.evaluate("window.refereeMarker") == 1, "a tap reloaded the page"


def test_a_dragon_trick_from_a_game_with_special_cards(
    tall_phone: Page, live_server: Any, screenshot: Any
) -> None:
    page = tall_phone
    game_id = install_with_a_game(
        live_server,
        "wizard",
        ["Ana", "Ben", "Cai", "Dan"],
        0,
        {"rounds": 8, "special_cards": ["dragon", "fairy", "juggler", "shapeshifter"]},
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    page.get_by_text("Help with this round").tap()
    with page.expect_navigation():
        page.get_by_role("link", name="Who won the trick?").tap()
    expect(page.locator(".special-line")).to_have_text(
        "Special cards in play: Dragon, Fairy, Juggler, Shapeshifter"
    )
    expect(page.locator("input[type=checkbox]")).to_have_count(0)
    expect(page.get_by_role("button", name="Bomb", exact=True)).to_have_count(0)
    page.locator("label[for=trump-spades]").tap()
    page.locator("label[for=lead-1]").tap()  # Ben led
    for name in ("Wizard", "Dragon", "Add the Juggler (7½♠)", "Add the Shapeshifter (Wizard)"):
        page.get_by_role("button", name=name, exact=True).tap()
    expect(page.locator("#answer .winner-line")).to_have_text("Cai wins, with the Dragon.")
    expect(page.locator("#answer .reason")).to_have_text(
        "The Dragon wins: it beats every card, Wizards too; only the Fairy beats it."
    )
    expect(page.locator(".trick-strip li")).to_have_text(
        ["Wizard Ben", "Dragon Cai", "Juggler (7½♠) Dan", "Shapeshifter (Wizard) Ana"]
    )
    fits(page)
    page.screenshot(path="/tmp/referee-dragon.png", full_page=True)
    screenshot(page, "referee-special-cards.png")


def test_special_cards_tapped_in_are_marked_on_the_deck_like_the_others(
    tall_phone: Page, live_server: Any, screenshot: Any
) -> None:
    """The play checker with special cards: each one tapped into the hand is marked on the
    deck and said in the line above it, as a 7♥ is; the Wizard, of which the deck has
    four, shows how many are in, and a tap adds another."""
    page = tall_phone
    specials = "&".join(f"special={s}" for s in ("bomb", "dragon", "juggler", "shapeshifter"))
    page.goto(f"{live_server.url}/referee/wizard/play?trump=hearts&{specials}")
    page.evaluate("window.refereeMarker = 1")
    line = page.locator("#tally .tally-line:not([hidden])")

    def card(name: str) -> Any:
        return page.get_by_role("button", name=name, exact=True)

    page.locator("label[for=to-hand]").tap()
    expect(line).to_have_text("No cards yet.")
    card("Bomb").tap()
    expect(card("Bomb")).to_have_attribute("aria-pressed", "true")
    card("Add the Juggler (7½♥)").tap()
    expect(card("Add the Juggler (7½♥)")).to_have_attribute("aria-pressed", "true")
    expect(card("Add the Juggler (7½♠)")).to_have_attribute("aria-pressed", "false")
    card("Add the Shapeshifter (Jester)").tap()
    expect(card("Add the Shapeshifter (Jester)")).to_have_attribute("aria-pressed", "true")
    expect(card("Add the Shapeshifter (Wizard)")).to_have_attribute("aria-pressed", "false")
    card("Wizard").tap()
    expect(card("Wizard")).to_have_attribute("data-count", "1")
    card("Wizard").tap()  # a second Wizard: the deck has four
    expect(card("Wizard")).to_have_attribute("data-count", "2")
    expect(line).to_have_text(
        "Hand: Bomb Juggler (7½♥) Shapeshifter (Jester) Wizard Wizard (5 cards)"
    )
    assert_in_view(page, "#tally .tally-line:not([hidden])")  # no scroll to see the effect
    expect(card("Dragon")).to_have_attribute("aria-pressed", "false")
    expect(card("Jester")).not_to_have_attribute("data-count", re.compile(".*"))
    # What the screen shows on the marked cards: the accent, a tick, the Wizards' count.
    marks = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.deck button')]
             .filter(b => ['bomb', 'wizard', 'dragon'].includes(b.value) || b.dataset.card)
             .map(b => [b.dataset.card || b.value, [getComputedStyle(b, '::after').content,
                        getComputedStyle(b).backgroundColor]]))"""
    )
    unmarked = marks["dragon"][1]
    assert marks["bomb"][0].startswith('"✓"') and marks["bomb"][1] != unmarked, marks["bomb"]
    assert marks["wizard"][0].startswith('"×" attr(data-count)') or "×2" in marks["wizard"][0]
    assert marks["wizard"][1] != unmarked and marks["dragon"][0] in ("none", "normal")
    for value in ("bomb", "wizard", "juggler:h", "shapeshifter:jester"):
        box = settled_box(page, f".deck button[data-card='{value}']")
        assert box["width"] >= 44 and box["height"] >= 44, (value, box)
    fits(page)
    page.screenshot(path="/tmp/referee-special-marked.png")
    screenshot(page, "referee-special-marked.png")
    # A marked special card tapped again is taken out; the Wizard's tap adds (refused
    # past the four the deck has: said beside the deck).
    card("Bomb").tap()
    expect(card("Bomb")).to_have_attribute("aria-pressed", "false")
    expect(line).to_have_text("Hand: Juggler (7½♥) Shapeshifter (Jester) Wizard Wizard (4 cards)")
    # The trick: the marks follow the place picked.
    page.locator("label[for=to-plays]").tap()
    expect(card("Wizard")).not_to_have_attribute("data-count", re.compile(".*"))
    expect(card("Add the Juggler (7½♥)")).to_have_attribute("aria-pressed", "false")
    card("Dragon").tap()
    expect(card("Dragon")).to_have_attribute("aria-pressed", "true")
    expect(line).to_have_text("Trick so far: Dragon (1 card)")
    # The card in question: one of the hand's, marked, and judged.
    page.locator("label[for=to-card]").tap()
    card("Wizard").tap()
    expect(card("Wizard")).to_have_attribute("aria-pressed", "true")
    expect(line).to_have_text("The card in question: Wizard.")
    expect(page.locator("#answer .winner-line")).to_have_text("Wizard: allowed.")
    assert page.evaluate("window.refereeMarker") == 1, "a tap reloaded the page"
    fits(page)


def test_a_special_card_ticked_while_an_answer_is_on_its_way_stays_ticked(
    tall_phone: Page, live_server: Any
) -> None:
    """A quick thumb: the Fairy is ticked while the answer to the Dragon's tick is still on
    its way. That answer was made before the Fairy; the page it brings keeps the Fairy
    ticked and asks again with it."""
    page = tall_phone
    page.goto(live_server.url + "/referee/wizard/trick?trump=hearts")
    page.locator(".special-set summary").tap()
    held: list[Any] = []

    def hold(route: Any) -> None:
        if "special=dragon" in route.request.url and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r".*/referee/wizard/trick\?.*"), hold)
    page.locator("label[for=special-dragon]").tap()
    expect(page.locator("form[data-referee]")).to_have_attribute("aria-busy", "true")
    for _ in range(500):  # the route's handler runs while Playwright is being waited on
        if held:
            break
        page.wait_for_timeout(10)
    assert held, "the Dragon's answer was not held"
    page.locator("label[for=special-fairy]").tap()
    held[0].continue_()
    expect(page.locator("form[data-referee]")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#special-fairy")).to_be_checked()
    expect(page.locator("#special-dragon")).to_be_checked()
    expect(page.get_by_role("button", name="Fairy", exact=True)).to_be_visible()
    assert "special=fairy" in page.url and "special=dragon" in page.url, page.url
