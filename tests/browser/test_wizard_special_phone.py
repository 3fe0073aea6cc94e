"""Wizard with the anniversary special cards on a phone (360×780, touch): the new game's
special cards (the Dragon alone refused), then a round with the Werewolf, the Bomb and the
Cloud, the live count of tricks one fewer with the Bomb, the changed bid beside the bid as
made, and the board showing all three; in English and in Dutch (RULES.md, Wizard with the
anniversary special cards)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask_babel import force_locale, get_translations, gettext

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    Page,
    expect,
    fits,
    install_with_a_game,
    log_in,
    save_round,
    stored_game,
)

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
ANA, BEN, CAI, DEE = range(4)
CARDS = ["bomb", "cloud", "werewolf"]
ROUND_1 = {"trump": "hearts", "turned": "7h", "bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]}


def tap(page: Page, target: str) -> None:
    page.locator(f"label[for='{target}']").tap()


def enter_round_2(page: Page) -> None:
    """Round 2, Ben deals two cards: a heart turned, Dee held the Werewolf and named
    spades; the Bomb took one trick, Cai won the Cloud's and raised a bid of 0 to 1."""
    tap(page, "turned-h")
    tap(page, "werewolf-seat-3")
    tap(page, "werewolf-trump-spades")
    for seat, bid in ((CAI, 0), (DEE, 1), (ANA, 0), (BEN, 0)):
        tap(page, f"bid_{seat}-{bid}")


def test_a_round_with_the_bomb_the_cloud_and_the_werewolf(
    phone: Page, live_server: Any, screenshot: Any
) -> None:
    page = phone
    live_server.reset()
    install_with_a_game(live_server, "wizard", PLAYERS)  # Ana's account
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/new?game=wizard")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option(str(ANA))
    # The Dragon alone is refused with a sentence, nothing stored.
    page.get_by_label("Dragon").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    refusal = page.locator("#special-cards .error")
    expect(refusal).to_contain_text("The Dragon is played only with the Fairy")
    fits(page)
    page.get_by_label("Dragon").uncheck()
    for word in ("Bomb", "Cloud", "Werewolf"):
        page.get_by_label(word, exact=True).check()
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("[data-options-line]")).to_have_text("special cards: Bomb, Cloud, Werewolf")
    game_id = page.url.rsplit("/", 1)[-1]

    # Round 1 as the API would record it; round 2 on the screen.
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        services.record_round(services.get_game(ana, game_id), ROUND_1)
        db.session.remove()
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 15")
    enter_round_2(page)
    expect(page.locator("[data-wizard-trump]")).to_be_hidden()
    count = page.locator("[data-trick-count]")
    expect(count).to_have_text("0 of 2 tricks")
    page.locator("label[for='bomb']").tap()
    expect(count).to_have_text("0 of 1 trick (the Bomb took one)")
    tap(page, f"tricks_{CAI}-1")
    for seat in (DEE, ANA, BEN):
        tap(page, f"tricks_{seat}-0")
    expect(count).to_have_text("1 of 1 trick (the Bomb took one) ✓")
    tap(page, f"cloud-seat-{CAI}")
    tap(page, "cloud-change-1")
    expect(page.locator(f"[data-bid-echo='{CAI}']")).to_have_text("bid 0 → 1")
    fits(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    screenshot(page, "round-special.png")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 2").tap()
    expect(page.locator(".flash-done")).to_have_text("Round 2 saved — round 3 next.")

    state = stored_game(live_server, game_id)
    record = state.rounds[1]
    assert record.bomb is True
    assert record.cloud.seat == CAI and record.cloud.change == 1
    assert record.werewolf.seat == DEE and record.trump.word == "spades"
    assert state.scored_rounds[1].scores == (20, 20, 30, -10)

    page.goto(f"{live_server.url}/games/{game_id}#board")
    board = page.locator(".board")
    expect(board.locator("tbody tr").nth(1).locator("td").nth(CAI)).to_contain_text("0→1/1")
    expect(board.get_by_title("The Bomb was played")).to_have_count(1)
    expect(board.get_by_title("Dee swapped the Werewolf: trump spades")).to_have_count(1)
    fits(page)
    screenshot(page, "board-special.png")


def test_the_special_cards_speak_dutch(phone: Page, live_server: Any, screenshot: Any) -> None:
    page = phone
    game_id = install_with_a_game(
        live_server, "wizard", PLAYERS, ANA, {"special_cards": CARDS}, (ROUND_1,)
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    with page.expect_navigation():
        page.locator("footer").get_by_role("button", name="Nederlands").tap()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    with live_server.app.test_request_context(), force_locale("nl"):
        bomb_count = get_translations().ungettext(
            "%(sum)s of %(num)s trick (the Bomb took one)",
            "%(sum)s of %(num)s tricks (the Bomb took one)",
            1,
        ) % {"sum": 1, "num": 1}
        changed = str(gettext("bid %(bid)s → %(changed)s", bid=0, changed=1))
        werewolf = str(
            gettext("%(name)s swapped the Werewolf: %(trump)s", name="Dee", trump="{trump}")
        )
    assert "(the Bomb took one)" not in bomb_count
    enter_round_2(page)
    page.locator("label[for='bomb']").tap()
    tap(page, f"tricks_{CAI}-1")
    for seat in (DEE, ANA, BEN):
        tap(page, f"tricks_{seat}-0")
    tap(page, f"cloud-seat-{CAI}")
    tap(page, "cloud-change-1")
    expect(page.locator("[data-trick-count]")).to_contain_text(bomb_count)
    expect(page.locator(f"[data-bid-echo='{CAI}']")).to_have_text(changed)
    fits(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    screenshot(page, "round-special-nl.png")
    save_round(page, page.locator("button[data-save]"))
    page.goto(f"{live_server.url}/games/{game_id}#board")
    marks = page.locator(".board .special-mark")
    expect(marks).to_have_count(2)
    title = marks.first.get_attribute("title") or ""
    assert re.fullmatch(re.escape(werewolf).replace(re.escape("{trump}"), ".+"), title), title
    fits(page)
    screenshot(page, "board-special-nl.png")


def test_the_special_cards_without_javascript(phone_without_js: Page, live_server: Any) -> None:
    """The same round on a phone without JavaScript: every choice is a form field, the
    dealer's suit always on show; a Bomb left unticked is refused with the tricks' sum,
    and ticked, the round is stored."""
    page = phone_without_js
    game_id = install_with_a_game(
        live_server, "wizard", PLAYERS, ANA, {"special_cards": CARDS}, (ROUND_1,)
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    expect(page.locator("[data-wizard-trump]")).to_be_visible()
    enter_round_2(page)
    tap(page, f"tricks_{CAI}-1")
    for seat in (DEE, ANA, BEN):
        tap(page, f"tricks_{seat}-0")
    tap(page, f"cloud-seat-{CAI}")
    tap(page, "cloud-change-1")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 2").tap()
    problems = page.locator("[data-problems]")
    expect(problems).to_contain_text("Tricks add up to 1, but 2 cards were dealt")
    fits(page)
    assert len(stored_game(live_server, game_id).rounds) == 1
    # What was tapped is still there; the Bomb ticked, the round is saved.
    expect(page.locator(f"#cloud-seat-{CAI}")).to_be_checked()
    expect(page.locator("#werewolf-trump-spades")).to_be_checked()
    page.locator("label[for='bomb']").tap()
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 2").tap()
    expect(page.locator(".flash-done")).to_have_text("Round 2 saved — round 3 next.")
    record = stored_game(live_server, game_id).rounds[1]
    assert record.bomb and record.cloud is not None and record.werewolf is not None
