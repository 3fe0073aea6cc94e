"""The blank sheets' form on a phone asks only what the chosen game asks: its own options,
its player counts, a name box a player. Without scripts every game's options are still
there, each folded under its own heading, the chosen game's open."""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.games import GAMES
from tests.browser.conftest import Page, expect, fits
from tests.browser.test_sheets_download import pdf_text

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fia"]


def shown_seats(page: Page) -> list[str]:
    return page.locator(".seat-name:visible label").all_inner_texts()


def offered(page: Page, select: str) -> list[str]:
    """The options a select offers (those neither hidden nor disabled)."""
    found: list[str] = page.locator(select).evaluate(
        "s => Array.from(s.options).filter(o => !o.hidden && !o.disabled).map(o => o.text)"
    )
    return found


def test_only_the_chosen_games_options_and_seats(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    live_server.reset()
    page.goto(live_server.url + "/sheets")
    fits(page)
    # Wizard for four, as the page starts: four name boxes, Wizard's options only.
    expect(page.locator("input[name=game][value=wizard]")).to_be_checked()
    assert shown_seats(page) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    expect(page.get_by_text("Wizard options")).to_be_visible()
    expect(page.get_by_text("One Card options")).to_be_hidden()
    expect(page.get_by_text("Oh Hell options")).to_be_hidden()
    # Options left as they are: folded under a heading that says what is inside.
    expect(page.get_by_text("The hook, hand sizes, a short game, special cards")).to_be_visible()
    expect(page.get_by_label("Bomb")).to_be_hidden()
    page.get_by_text("Wizard options").tap()
    expect(page.get_by_label("Bomb")).to_be_visible()
    expect(page.get_by_text("Wizard: 3 to 6.")).to_be_visible()
    expect(page.get_by_text("One Card: ")).to_be_hidden()
    wizard = GAMES["wizard"]
    assert offered(page, "#players") == [
        str(n) for n in range(wizard.min_players, wizard.max_players + 1)
    ]
    assert offered(page, "#first_dealer") == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]

    # One Card: its own options and counts; the score pad's columns are not its to choose.
    page.locator("label.chip", has_text="One Card").tap()
    expect(page.get_by_text("One Card options")).to_be_visible()
    page.get_by_text("One Card options").tap()
    expect(page.get_by_label("Target")).to_be_visible()
    expect(page.get_by_text("Wizard options")).to_be_hidden()
    expect(page.get_by_label("Bomb")).to_be_hidden()
    expect(page.get_by_text("Each player's columns")).to_be_hidden()
    one_card = GAMES["one_card"]
    assert offered(page, "#players") == [
        str(n) for n in range(one_card.min_players, one_card.max_players + 1)
    ]
    assert len(shown_seats(page)) == int(page.locator("#players").input_value())
    fits(page)

    # Oh Hell for six: six name boxes, six seats to deal first.
    page.locator("label.chip", has_text="Oh Hell").tap()
    expect(page.get_by_text("Oh Hell options")).to_be_visible()
    expect(page.get_by_text("One Card options")).to_be_hidden()
    page.locator("#players").select_option("6")
    assert shown_seats(page) == [f"Seat {n}" for n in range(1, 7)]
    assert offered(page, "#first_dealer") == [f"Seat {n}" for n in range(1, 7)]
    for seat, name in enumerate(NAMES):
        page.locator(f"#names-{seat}").fill(name)
    page.locator("#first_dealer").select_option("5")

    # A slip: six names typed, then five players after all. The sixth box goes, its name
    # with it (not sent, not an error), and the first dealer is one of the five.
    page.locator("#players").select_option("5")
    assert shown_seats(page) == [f"Seat {n}" for n in range(1, 6)]
    expect(page.locator("#first_dealer")).to_have_value("0")
    with page.expect_response(re.compile(r"/sheets/blank\.pdf\?")) as shown:
        page.get_by_role("button", name="Print the blank sheet (PDF)").tap()
    answer = shown.value
    assert answer.status == 200, answer.text()
    assert "names-5" not in answer.url and "schedule" in answer.url
    assert "special_bomb" not in answer.url and "target" not in answer.url
    text = pdf_text(page.request.get(answer.url).body())
    assert "Oh Hell score sheet" in text
    assert all(name in text for name in NAMES[:5]) and "Fia" not in text


def test_without_scripts_every_games_options_under_its_heading(
    phone_without_js: Page, live_server: Any
) -> None:
    page = phone_without_js
    live_server.reset()
    page.goto(live_server.url + "/sheets?game=one_card")
    fits(page)
    headings = page.locator("details.game-options > summary .summary-title")
    expect(headings).to_have_text([f"{game.title} options" for game in GAMES.values()])
    # Options left as they are stay folded, each heading saying what is inside.
    expect(page.get_by_text("The target score")).to_be_visible()
    expect(page.get_by_label("Target")).to_be_hidden()
    expect(page.get_by_label("Bomb")).to_be_hidden()
    assert len(shown_seats(page)) == max(game.max_players for game in GAMES.values())

    # Another game's options, a tap away, and the sheet as asked.
    page.locator("label.chip", has_text="Wizard").tap()
    page.get_by_text("Wizard options").tap()
    page.get_by_label("Bomb").tap()
    with page.expect_response(re.compile(r"/sheets/blank\.pdf\?")) as shown:
        page.get_by_role("button", name="Print the blank sheet (PDF)").tap()
    answer = shown.value
    assert answer.status == 200
    assert "game=wizard" in answer.url and "special_bomb=y" in answer.url
    assert "Wizard score sheet" in pdf_text(page.request.get(answer.url).body())


def test_the_form_is_short_until_an_option_is_asked(tall_phone: Page, live_server: Any) -> None:
    """Wizard for four as the page starts: the form and its Print button within three
    screens of a phone. A refused option comes back open, its message in sight; Back to
    the form finds an option ticked there open."""
    page = tall_phone
    live_server.reset()
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + "/sheets")
    button = page.get_by_role("button", name="Print the blank sheet (PDF)")
    expect(button).to_be_visible()
    top = page.evaluate(
        "() => document.querySelector('[data-blank-sheet] button.primary')"
        ".getBoundingClientRect().bottom + window.scrollY"
    )
    assert top <= 3 * 780, f"the Print button is {top:.0f} px down the page"

    page.goto(live_server.url + "/sheets/blank.pdf?game=wizard&players=4&rounds=99&paper=a4")
    message = page.locator(".game-options[open] .error", has_text="between 1 and 60")
    expect(message).to_be_visible()

    page.goto(live_server.url + "/sheets")
    page.get_by_text("Wizard options").tap()
    page.get_by_label("Bomb").tap()
    # Away and Back (as from the sheet the browser showed): the form as it was left.
    page.goto(live_server.url + "/rules")
    page.go_back()
    expect(page.get_by_label("Bomb")).to_be_visible()
    expect(page.get_by_label("Bomb")).to_be_checked()
