"""The whole table follows the round, phone by phone (a browser context each): the
scorekeeper's bids show on a watching phone within seconds with the over/under line; a
clean round costs trump, a tap per bid, "Everyone made their bid", Save; with hidden bids
two players bid on their own phones and no bid is in any page or answer before the
reveal, then every screen shows them at once."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import (
    USERNAME,
    Page,
    expect,
    fits,
    install_with_a_game,
    log_in,
    new_phone,
    stored_game,
)

PLAYERS = ["Ana", "Ben", "Cai"]
FOLLOWS_WITHIN_MS = 5_000  # a change shows on the watching phones within 5 seconds


def watch_token(live_server: Any, game_id: str) -> str:
    with live_server.app.app_context():
        ana = services.user_named(USERNAME)
        assert ana is not None
        token = services.share_game(services.get_game(ana, game_id))
        db.session.remove()
    return token


def seat_links(live_server: Any, game_id: str) -> dict[int, str]:
    with live_server.app.app_context():
        ana = services.user_named(USERNAME)
        assert ana is not None
        links = services.seat_links(services.get_game(ana, game_id))
        db.session.remove()
    return links


def tap_chip(page: Page, name: str, value: int | str) -> None:
    page.locator(f'label[for="{name}-{value}"]').tap()


def test_bids_show_on_a_watching_phone_and_a_clean_round_takes_few_taps(
    phone: Page, browser: Any, live_server: Any, screenshot: Any
) -> None:
    game_id = install_with_a_game(live_server, "wizard", PLAYERS, 0, {"rounds": 5})
    token = watch_token(live_server, game_id)
    # Round 1: one card each, Ana deals; but first round 1 is recorded, so that the
    # round played here deals two cards (Ben deals, Cai bids first).
    with live_server.app.app_context():
        ana = services.user_named(USERNAME)
        assert ana is not None
        services.record_round(
            services.get_game(ana, game_id),
            {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
        )
        db.session.remove()
    context = new_phone(browser)
    try:
        watcher = context.new_page()
        watcher.goto(f"{live_server.url}/watch/{token}")
        expect(watcher.locator("main")).to_contain_text("Watching live")

        keeper = phone
        log_in(keeper, live_server)
        keeper.goto(f"{live_server.url}/games/{game_id}/rounds/new")
        taps = 0
        tap_chip(keeper, "turned", "s")
        taps += 1
        for seat, bid in ((2, 1), (0, 0), (1, 1)):  # Cai, Ana, then Ben who deals
            tap_chip(keeper, f"bid_{seat}", bid)
            taps += 1
        expect(keeper.locator("[data-over-under]")).to_have_text("Bids 2 for 2 tricks: even")
        expect(keeper.locator("[data-bids-status]")).to_have_text(
            "Bids saved: every screen at the table shows them.", timeout=FOLLOWS_WITHIN_MS
        )
        # The watching phone shows the bids within 5 seconds, with the over/under line.
        started = time.monotonic()
        expect(watcher.locator(".pending")).to_contain_text(
            "Bids 2 for 2 tricks: even", timeout=FOLLOWS_WITHIN_MS + 1_000
        )
        assert time.monotonic() - started < FOLLOWS_WITHIN_MS + 1
        expect(watcher.locator(".pending")).to_contain_text("Ben deals.")
        expect(watcher.locator(".pending")).to_contain_text("Trump: ♠ spades")
        fits(watcher)

        # Everyone made it: one tap, then Save.
        screenshot(watcher, "watch-pending-bids.png")
        keeper.get_by_role("button", name="Everyone made their bid").tap()
        taps += 1
        screenshot(keeper, "round-everyone-made-it.png")
        for seat, bid in ((0, 0), (1, 1), (2, 1)):
            expect(keeper.locator(f'input[name="tricks_{seat}"][value="{bid}"]')).to_be_checked()
        with keeper.expect_navigation():
            keeper.locator("[data-save]").tap()
        taps += 1
        assert taps == 1 + len(PLAYERS) + 2  # trump, a tap per bid, everyone made it, Save
        expect(keeper.locator(".flash-done")).to_contain_text("Round 2 saved")
        state = stored_game(live_server, game_id)
        assert len(state.rounds) == 2
        assert state.rounds[1].tricks == (0, 1, 1)
        # The watching phone leaves the pending round for the board.
        expect(watcher.locator(".pending")).to_have_count(0, timeout=FOLLOWS_WITHIN_MS + 1_000)
        expect(watcher.locator(".board tbody tr")).to_have_count(2)
    finally:
        context.close()


def test_a_quick_save_sends_the_bids_once_with_the_round(phone: Page, live_server: Any) -> None:
    """Bids and tricks tapped and Save at once, before the bids' own save was due: the
    round is saved, and no separate save of its bids follows it (on a slow network it
    would be one more request on the way to the next round, and late)."""
    game_id = install_with_a_game(live_server, "wizard", PLAYERS, 0, {"rounds": 5})
    log_in(phone, live_server)
    phone.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    sent: list[str] = []
    phone.on("request", lambda request: sent.append(f"{request.method} {request.url}"))
    tap_chip(phone, "turned", "s")
    for seat, bid in ((1, 1), (2, 0), (0, 0)):  # Ben, Cai, then Ana who deals
        tap_chip(phone, f"bid_{seat}", bid)
        tap_chip(phone, f"tricks_{seat}", bid)
    # A slow network: the round's save takes longer than the bids' own save would wait.
    network = phone.context.new_cdp_session(phone)
    network.send("Network.enable")
    network.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 800, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    with phone.expect_navigation():
        phone.locator("[data-save]").tap()
    expect(phone.locator(".flash-done")).to_contain_text("Round 1 saved")
    # The round's page is gone, and its timers with it: a save of the bids left waiting
    # would have gone out while the round's answer was on its way (800 ms), before now.
    phone.wait_for_load_state("load")
    assert not [line for line in sent if line.endswith("/bids")], sent
    assert len(stored_game(live_server, game_id).rounds) == 1


def no_bids_in(page: Page, bids: dict[int, int], own: int | None = None) -> None:
    """Nothing in the page's source tells a hidden bid: no checked bid of another seat, no
    over/under line, no bid in the pending list."""
    source = page.content()
    assert "over by" not in source and "under by" not in source and ": even" not in source
    assert 'class="bid"' not in source  # the revealed list's bid cells
    for seat in bids:
        if seat != own:
            assert not re.search(rf'name="bid_{seat}" value="\d+"\s+checked', source)


def test_hidden_bids_on_the_players_own_phones(
    phone: Page, browser: Any, live_server: Any, screenshot: Any
) -> None:
    game_id = install_with_a_game(
        live_server, "wizard", PLAYERS, 2, {"rounds": 5, "hidden_bids": True, "hook": True}
    )
    token = watch_token(live_server, game_id)
    links = seat_links(live_server, game_id)
    keeper = phone
    log_in(keeper, live_server)
    keeper.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    expect(keeper.locator("[data-hidden-bids]")).to_contain_text("Hidden bids")
    # The scorekeeper's screen offers each seat's link as a QR code.
    keeper.get_by_text("The players' own links (a QR code each)").tap()
    expect(keeper.locator(".seat-link-list .qr svg")).to_have_count(3)
    fits(keeper)

    contexts = [new_phone(browser) for _ in range(3)]
    try:
        board, ana_phone, ben_phone = (context.new_page() for context in contexts)
        board.goto(f"{live_server.url}/watch/{token}")
        # Cai deals round 1 (first dealer 2): Ana bids first, then Ben, then Cai.
        ana_phone.goto(f"{live_server.url}/bid/{links[0]}")
        ben_phone.goto(f"{live_server.url}/bid/{links[1]}")
        fits(ana_phone)
        # A tap is the bid: sent at once (without scripts, "Send my bid" sends it).
        with ana_phone.expect_navigation():
            tap_chip(ana_phone, "bid", 1)
        expect(ana_phone.locator("main")).to_contain_text("Your bid is in: 1.")
        with ben_phone.expect_navigation():
            tap_chip(ben_phone, "bid", 0)

        bids = {0: 1, 1: 0}
        # Before the reveal: who has bid, never what — on every phone, and in the API.
        expect(board.locator(".pending")).to_contain_text(
            "Hidden bids: 2 of 3 in", timeout=FOLLOWS_WITHIN_MS + 1_000
        )
        no_bids_in(board, bids)
        no_bids_in(ben_phone, bids, own=1)
        expect(ben_phone.locator("legend")).to_contain_text("Your bid: 0")
        assert "Your bid: 1" not in ben_phone.content()
        # The scorekeeper's screen follows the players' phones by itself: who has bid.
        expect(keeper.locator("[data-bid-in]:visible")).to_have_count(2, timeout=FOLLOWS_WITHIN_MS)
        no_bids_in(keeper, bids)
        screenshot(keeper, "round-hidden-bids.png")
        screenshot(ben_phone, "seat-hidden-bid.png")
        with live_server.app.app_context():
            ana = services.user_named(USERNAME)
            assert ana is not None
            api_token = services.issue_token(ana, "test")
            db.session.remove()
        client = live_server.app.test_client()
        document = client.get(
            f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {api_token}"}
        ).json
        assert document["pending"]["bids"] is None
        assert document["pending"]["over_under"] is None
        assert document["pending"]["bid_in"] == [True, True, False]
        assert '"bids": [1' not in json.dumps(document)

        # Cai has no phone: the scorekeeper enters Cai's bid (the dealer's, last: the hook
        # forbids 0, since the bids would add up to the one card).
        keeper.get_by_text("Enter the bid for Cai (no phone)").tap()
        tap_chip(keeper, "turned", "h")
        expect(keeper.locator("[data-bids-status]")).to_have_text(
            "Saved: the bids stay hidden until every bid is in."
        )
        with keeper.expect_navigation(timeout=FOLLOWS_WITHIN_MS + 2_000):
            tap_chip(keeper, "bid_2", 1)  # saved as tapped; all in, the page shows them

        # Every bid in: revealed on every screen at once.
        for page in (board, ana_phone, ben_phone):
            expect(page.locator(".pending")).to_contain_text(
                "Bids 2 for 1 trick: over by 1", timeout=FOLLOWS_WITHIN_MS + 1_000
            )
        expect(keeper.locator("[data-over-under]")).to_have_text("Bids 2 for 1 trick: over by 1")
        # Under the hook the bids never add up to the cards: nobody can have made it all.
        expect(keeper.get_by_role("button", name="Everyone made their bid")).to_be_hidden()
        for seat, took in ((0, 0), (1, 0), (2, 1)):  # Ana missed: Cai took the trick
            tap_chip(keeper, f"tricks_{seat}", took)
        with keeper.expect_navigation():
            keeper.locator("[data-save]").tap()
        expect(keeper.locator(".flash-done")).to_contain_text("Round 1 saved")
        state = stored_game(live_server, game_id)
        assert state.rounds[0].bids == (1, 0, 1)
        assert state.rounds[0].tricks == (0, 0, 1)
    finally:
        for context in contexts:
            context.close()


def test_without_javascript_the_bids_and_the_tricks_are_two_plain_steps(
    phone_without_js: Page, live_server: Any
) -> None:
    page = phone_without_js
    game_id = install_with_a_game(live_server, "wizard", PLAYERS, 0, {"rounds": 5})
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    expect(page.locator("[data-all-made]")).to_be_hidden()  # it needs the page's script
    tap_chip(page, "turned", "d")
    for seat, bid in ((1, 0), (2, 0), (0, 1)):
        tap_chip(page, f"bid_{seat}", bid)
    with page.expect_navigation():
        page.get_by_role("button", name="Save the bids now, the tricks after the play").tap()
    expect(page.locator(".flash-done")).to_have_text(
        "Bids saved: every screen at the table shows them."
    )
    expect(page.locator("[data-over-under]")).to_have_text("Bids 1 for 1 trick: even")
    expect(page.locator('input[name="bid_0"][value="1"]')).to_be_checked()
    expect(page.locator('input[name="turned"][value="d"]')).to_be_checked()
    assert stored_game(live_server, game_id).rounds == ()
    for seat, took in ((0, 1), (1, 0), (2, 0)):
        tap_chip(page, f"tricks_{seat}", took)
    with page.expect_navigation():
        page.locator("[data-save]").tap()
    expect(page.locator(".flash-done")).to_contain_text("Round 1 saved")
    state = stored_game(live_server, game_id)
    assert state.rounds[0].bids == (1, 0, 0) and state.rounds[0].tricks == (1, 0, 0)


def test_a_rematch_in_one_tap(phone: Page, live_server: Any) -> None:
    last_round = {"trump": "hearts", "bids": [0, 0, 0], "tricks": [0, 1, 0]}
    game_id = install_with_a_game(
        live_server, "wizard", PLAYERS, 1, {"rounds": 1, "hook": True}, (last_round,)
    )
    page = phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}")
    expect(page.locator(".final")).to_contain_text("Cai deals first.")
    with page.expect_navigation():
        page.get_by_role("button", name="Rematch").tap()
    expect(page.locator("main")).to_contain_text("Rematch: a new game, Cai deals first.")
    expect(page.locator(".deal")).to_contain_text("Cai")
    new_id = page.url.rsplit("/", 1)[-1]
    assert new_id != game_id
    state = stored_game(live_server, new_id)
    assert state.players == tuple(PLAYERS) and state.first_dealer == 2
    assert state.options.hook is True and state.options.rounds == 1
    fits(page)


def test_the_table_sees_the_corrections(phone: Page, live_server: Any, screenshot: Any) -> None:
    rounds = (
        {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
        {"trump": "clubs", "bids": [1, 1, 0], "tricks": [1, 1, 0]},
    )
    game_id = install_with_a_game(live_server, "wizard", PLAYERS, 0, {"rounds": 5}, rounds)
    page = phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/1/edit")
    tap_chip(page, "bid_0", 0)
    tap_chip(page, "tricks_0", 0)
    tap_chip(page, "tricks_1", 1)
    with page.expect_navigation():
        page.locator("[data-save]").tap()
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Undo round 2").tap()
    items = page.locator(".corrections li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_have_text(re.compile(r"^Round 2 undone at \d\d:\d\d$"))
    expect(items.nth(1)).to_have_text(
        re.compile(
            r"^Round 1 corrected at \d\d:\d\d: Ana's bid 1 → 0; Ana's tricks 1 → 0;"
            r" Ben's tricks 0 → 1$"
        )
    )
    fits(page)
    screenshot(page, "corrections.png")


def test_the_game_page_follows_hidden_bids_as_they_come_in(
    phone: Page, browser: Any, live_server: Any
) -> None:
    game_id = install_with_a_game(
        live_server, "oh_hell", PLAYERS, 2, {"schedule": [2, 1], "hidden_bids": True}
    )
    links = seat_links(live_server, game_id)
    keeper = phone
    log_in(keeper, live_server)
    keeper.goto(f"{live_server.url}/games/{game_id}")
    expect(keeper.locator("#next-title")).to_have_text("Round 1 of 2")
    context = new_phone(browser)
    try:
        ana_phone = context.new_page()
        ana_phone.goto(f"{live_server.url}/bid/{links[0]}")
        with ana_phone.expect_navigation():
            tap_chip(ana_phone, "bid", 1)
        expect(ana_phone.locator("main")).to_contain_text("Your bid is in: 1.")
        # The scorekeeper's game page, left open, shows Ana's bid in by itself: who, never what.
        pending = keeper.locator(".pending")
        expect(pending).to_contain_text("Hidden bids: 1 of 3 in", timeout=FOLLOWS_WITHIN_MS)
        expect(pending.locator("li", has_text="Ana").locator(".bid-in")).to_have_text("✓ has bid")
        expect(pending.locator("li", has_text="Ben").locator(".bid-waiting")).to_be_visible()
        no_bids_in(keeper, {0: 1})
        ben_phone = context.new_page()
        ben_phone.goto(f"{live_server.url}/bid/{links[1]}")
        with ben_phone.expect_navigation():
            tap_chip(ben_phone, "bid", 0)
        expect(pending).to_contain_text("Hidden bids: 2 of 3 in", timeout=FOLLOWS_WITHIN_MS)
        expect(pending.locator("li", has_text="Ben").locator(".bid-in")).to_have_text("✓ has bid")
        fits(keeper)
    finally:
        context.close()
