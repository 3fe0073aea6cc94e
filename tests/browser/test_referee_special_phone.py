"""The referee with Wizard's special cards on a phone: the cards in play picked on the
page itself, a Bomb and a Dragon tapped into a trick without a page load, the answer in
words; and from a game with special cards, only that game's cards offered."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Page, expect, fits, install_with_a_game, log_in


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
