"""The round screen's details at 360×780, with a thumb: what the screen shows after each tap.

Hidden bids on the scorekeeper's screen: a bid a player made on their own phone is shown as
theirs and replaced only once a box confirms it; the dealer's bid tapped before the others'
under the hook keeps the trump tapped with it and says why it was not taken; a bid typed for
a player without a phone is not left on the screen once saved. Open bids: the deal's trump
box follows the chips, "Everyone made their bid" is offered only when the bids add up, the
over/under line is plain without the hook, the bids' Save button goes once they are saved,
and Save with nothing tapped (Back after a Save) is answered with one sentence.
"""

from __future__ import annotations

import re
from typing import Any

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import (
    USERNAME,
    Page,
    assert_in_view,
    expect,
    install_with_a_game,
    log_in,
    stored_game,
)

PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
ANA, BEN, CAI, DEE = 0, 1, 2, 3
FOLLOWS_MS = 8_000  # the scorekeeper's screen asks who has bid every 3 seconds


def tap_chip(page: Page, name: str, value: int | str) -> None:
    page.locator(f'label[for="{name}-{value}"]').tap()


def pending_of(live_server: Any, game_id: str) -> Any:
    with live_server.app.app_context():
        ana = services.user_named(USERNAME)
        assert ana is not None
        pending = services.get_game(ana, game_id).pending
        db.session.remove()
    return pending


def bid_on_phone(live_server: Any, game_id: str, seat: int, bid: int) -> None:
    """The player at ``seat`` bids on their own phone (their seat's link)."""
    with live_server.app.app_context():
        ana = services.user_named(USERNAME)
        assert ana is not None
        token = services.seat_links(services.get_game(ana, game_id))[seat]
        services.seat_bid(token, 1, bid)
        db.session.remove()


def checked_bids(page: Page) -> list[str]:
    return page.locator("[data-hidden-bids] input[name^=bid_]:checked").evaluate_all(
        "inputs => inputs.map(i => i.id)"
    )


def hidden_bids_round(page: Page, live_server: Any) -> str:
    """A game of Wizard with hidden bids and the hook, its first round's screen open."""
    game_id = install_with_a_game(
        live_server, "wizard", PLAYERS, ANA, {"rounds": 5, "hidden_bids": True, "hook": True}
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    return game_id


def test_hidden_bids_a_phones_bid_is_replaced_only_when_confirmed_and_nothing_stays_shown(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    game_id = hidden_bids_round(page, live_server)
    status = page.locator("[data-bids-status]")
    tap_chip(page, "turned", "s")
    expect(status).to_have_text("Saved: the bids stay hidden until every bid is in.")

    # Cai bids on her phone while the scorekeeper's screen is open: it follows.
    bid_on_phone(live_server, game_id, CAI, 1)
    cai_row = page.locator(f"#at-bids-{CAI}")
    expect(cai_row.locator("[data-bid-in]")).to_have_text(
        "✓ has bid on their phone", timeout=FOLLOWS_MS
    )
    cai_entry = cai_row.locator("details summary")
    expect(cai_entry).to_have_text("Replace the bid Cai made on their phone", use_inner_text=True)
    cai_entry.tap()
    # Her bid is hers: the chips wait for the box that confirms replacing it.
    expect(page.locator(f"#bid_{CAI}-0")).to_be_disabled()
    page.locator(f"label[for=replace-{CAI}]").tap()
    expect(page.locator(f"#bid_{CAI}-0")).to_be_enabled()
    tap_chip(page, f"bid_{CAI}", 0)
    # Saved: nothing on the screen shows what the bid was; the row says it is in.
    expect(cai_row.locator("[data-bid-in]")).to_have_text("✓ has bid")
    expect(status).to_have_text("Saved: the bids stay hidden until every bid is in.")
    pending = pending_of(live_server, game_id)
    assert pending.bid_of(CAI) == 0 and pending.facts["trump"] == "spades"
    assert checked_bids(page) == []
    expect(page.locator(f"#replace-{CAI}")).not_to_be_checked()

    # Ben has no phone: his bid typed here is not left highlighted once saved.
    page.get_by_text("Enter the bid for Ben (no phone)").tap()
    tap_chip(page, f"bid_{BEN}", 0)
    expect(page.locator(f"#at-bids-{BEN} [data-bid-in]")).to_have_text("✓ has bid")
    expect(page.locator(f"#bid_{BEN}-0")).not_to_be_checked()
    expect(page.locator(f"#at-bids-{BEN} details")).not_to_have_attribute("open", "")
    assert checked_bids(page) == []
    assert pending_of(live_server, game_id).bid_of(BEN) == 0


def test_hidden_bids_the_dealers_bid_first_keeps_the_trump_and_the_round_goes_on(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    game_id = hidden_bids_round(page, live_server)
    # The trump, then Ana's bid (she deals) before anybody else's: at once, one save.
    expect(page.locator("[data-dealer-waits]")).to_have_text(
        "Hook: Ana deals and bids last, once every other bid is in."
    )
    page.get_by_text("Enter the bid for Ana (no phone)").tap()
    tap_chip(page, "turned", "h")
    tap_chip(page, f"bid_{ANA}", 0)
    status = page.locator("[data-bids-status]")
    expect(status).to_have_text(
        "Hook: Ana deals and bids last, once every other bid is in. Everything else tapped"
        " here is saved, but not that bid."
    )
    assert_in_view(page, "[data-bids-status]")
    expect(status).to_have_class(re.compile(r"\berror\b"))
    # The trump is kept; Ana's bid is not claimed: untapped, "not yet".
    pending = pending_of(live_server, game_id)
    assert pending.facts["trump"] == "hearts" and pending.bid_in == (False,) * 4
    expect(page.locator(f"#bid_{ANA}-0")).not_to_be_checked()
    expect(page.locator(f"#at-bids-{ANA} [data-bid-waiting]")).to_be_visible()
    expect(page.locator("#turned-h")).to_be_checked()

    # The others bid on their phones; then Ana's bid is taken, and all are shown.
    for seat, bid in ((BEN, 1), (CAI, 0), (DEE, 1)):
        bid_on_phone(live_server, game_id, seat, bid)
    expect(page.locator("[data-bid-in]:visible")).to_have_count(3, timeout=FOLLOWS_MS)
    with page.expect_navigation(timeout=FOLLOWS_MS):
        tap_chip(page, f"bid_{ANA}", 0)
    expect(page.locator("[data-over-under]")).to_have_text("Bids 2 for 1 trick: over by 1")
    pending = pending_of(live_server, game_id)
    assert pending.bids == [0, 1, 0, 1] and pending.facts["trump"] == "hearts"


def test_the_round_screen_follows_the_taps(tall_phone: Page, live_server: Any) -> None:
    # Round 3 of a game without the hook: three cards each, Cai deals, Dee bids first.
    rounds = (
        {"trump": "hearts", "bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]},
        {"trump": "clubs", "bids": [1, 1, 0, 0], "tricks": [1, 1, 0, 0]},
    )
    game_id = install_with_a_game(live_server, "wizard", PLAYERS, ANA, {"rounds": 5}, rounds)
    page = tall_phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    trump = page.locator(".deal dd[data-trump-shown]")
    expect(trump).to_have_text("Turn the top card")
    tap_chip(page, "turned", "h")
    expect(trump).to_have_text("♥ hearts")
    tap_chip(page, "turned", "wizard")  # the dealer names the suit: none yet
    expect(trump).to_have_text("Turn the top card")
    tap_chip(page, "wizard-trump", "spades")
    expect(trump).to_have_text("♠ spades")
    tap_chip(page, "turned", "jester")
    expect(trump).to_have_text("No trump")

    # The bids 4 for 3 tricks: over by 1, said plainly (no hook to break), and nobody
    # can have made their bid.
    all_made = page.get_by_role("button", name="Everyone made their bid")
    save_bids = page.get_by_role("button", name="Save the bids now, the tricks after the play")
    expect(save_bids).to_be_visible()
    for seat, bid in ((DEE, 1), (ANA, 1), (BEN, 1), (CAI, 1)):
        tap_chip(page, f"bid_{seat}", bid)
    line = page.locator("[data-over-under]")
    expect(line).to_have_text("Bids 4 for 3 tricks: over by 1")
    expect(line).to_have_class("over-under")
    colours = line.evaluate(
        "el => [getComputedStyle(el).color, getComputedStyle(el.closest('fieldset')).color]"
    )
    assert colours[0] == colours[1], colours  # the text's own colour, not the error's
    expect(all_made).to_be_hidden()
    # Saved by themselves: "Bids saved", and the button to save them is gone.
    expect(page.locator("[data-bids-status]")).to_have_text(
        "Bids saved: every screen at the table shows them."
    )
    expect(save_bids).to_be_hidden()
    # Cai's bid 0: the bids add up to the 3 tricks, everyone may have made it.
    tap_chip(page, f"bid_{CAI}", 0)
    expect(line).to_have_text("Bids 3 for 3 tricks: even")
    expect(all_made).to_be_visible()
    all_made.tap()
    expect(page.locator("output[data-trick-count]")).to_have_text("3 of 3 tricks ✓")
    tap_chip(page, f"bid_{CAI}", 2)
    expect(all_made).to_be_hidden()

    # The page drawn again (a reload) with the bids saved: as the script left it.
    page.reload()
    expect(line).to_have_text("Bids 5 for 3 tricks: over by 2")
    expect(all_made).to_be_hidden()
    expect(save_bids).to_be_hidden()
    expect(trump).to_have_text("No trump")


def test_everyone_made_it_is_offered_on_a_page_drawn_with_bids_that_add_up(
    tall_phone: Page, live_server: Any
) -> None:
    game_id = install_with_a_game(live_server, "oh_hell", PLAYERS, ANA, {"hook": False})
    with live_server.app.app_context():
        ana = services.user_named(USERNAME)
        assert ana is not None
        game = services.get_game(ana, game_id)
        services.save_pending(game, {"trump": "clubs", "bids": [3, 3, 2, 2]})
        db.session.remove()
    page = tall_phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    expect(page.locator("[data-over-under]")).to_have_text("Bids 10 for 10 tricks: even")
    expect(page.get_by_role("button", name="Everyone made their bid")).to_be_visible()


def test_save_on_the_fresh_round_after_back_says_one_thing(
    tall_phone: Page, live_server: Any
) -> None:
    game_id = install_with_a_game(live_server, "wizard", ["Ana", "Ben", "Cai"], ANA)
    page = tall_phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    tap_chip(page, "turned", "h")
    for seat, bid in ((1, 0), (2, 0), (0, 1)):
        tap_chip(page, f"bid_{seat}", bid)
        tap_chip(page, f"tricks_{seat}", bid)
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator(".flash-done")).to_have_text("Round 1 saved — round 2 next.")
    page.go_back()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 2").tap()
    problems = page.locator("#problems")
    expect(problems.locator(".error")).to_have_text(
        [
            "Round 1 is saved: the second tap changed nothing."
            " Nothing was entered on this page, so nothing was saved."
        ]
    )
    expect(problems.locator("li")).to_have_count(0)
    assert_in_view(page, "#problems")
    expect(page.locator("main .error")).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    assert len(stored_game(live_server, game_id).rounds) == 1
