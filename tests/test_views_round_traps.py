"""The round screen's traps, in-process: a page saved only for the round it was made for,
a second phone's save, refusals said all at once and at the top."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask

from tests.conftest import Table
from tests.conftest import page_errors as errors
from tests.conftest import stored_state as state
from tests.test_views_one_card import hand, new_one_card


def hidden(page: str, name: str) -> str:
    match = re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', page)
    assert match, f"no hidden {name}"
    return match.group(1)


def text(response: Any) -> str:
    return " ".join(html.unescape(response.get_data(as_text=True)).split())


def taps(bids: list[int], tricks: list[int], **extra: str) -> dict[str, str]:
    form = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}
    form.update({f"tricks_{seat}": str(took) for seat, took in enumerate(tricks)})
    form.update(extra)
    return form


def open_page(table: Table, url: str) -> dict[str, str]:
    """What a page carries besides the taps: its round, the game's version, its key."""
    page = table.client.get(url).get_data(as_text=True)
    return {name: hidden(page, name) for name in ("number", "version", "key", "dealer")}


@pytest.fixture
def game_id(table: Table) -> str:
    return table.new_game(["Ana", "Ben", "Cai"], first_dealer=1)


ROUND_ONE = taps([1, 0, 0], [1, 0, 0], turned="h")
ROUND_TWO = taps([1, 1, 0], [1, 1, 0], turned="s")


def test_the_round_page_carries_its_round_and_the_games_version(table: Table, game_id: str) -> None:
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert hidden(page, "number") == "1"
    assert hidden(page, "version") == "0"
    # The browser is asked not to put old numbers back into a page it shows again.
    assert re.search(r'<form method="post"[^>]*autocomplete="off"', page)
    assert 'data-number="1" data-version="0"' in page


def test_back_after_save_a_page_of_the_last_round_is_refused_and_stores_nothing(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    round_one = {**ROUND_ONE, **open_page(table, url)}
    assert table.post(url, round_one).status_code == 302
    # Back: the page of round 1, sent again with other numbers (a fresh key even).
    again = {**round_one, **taps([0, 1, 0], [0, 1, 0], turned="c"), "key": "another1"}
    response = table.post(url, again)
    assert response.status_code == 409
    page = text(response)
    assert (
        "That page was for round 1, but the game is now at round 2."
        " Nothing from it was saved: enter round 2 here." in page
    )
    assert "Since then: Round 1 recorded." in page
    # Round 2 is offered afresh: its own dealer and bidder, nothing of the page sent.
    assert "Round 2 of 20" in page
    assert "<dt>Dealer</dt><dd>Cai</dd>" in page and "<dt>Bids first</dt><dd>Ana</dd>" in page
    raw = response.get_data(as_text=True)
    assert " checked" not in raw
    assert hidden(raw, "number") == "2" and hidden(raw, "version") == "1"
    assert hidden(raw, "key") not in (round_one["key"], "another1")
    assert 'data-fresh="yes"' in raw
    stored = state(app, game_id)
    assert len(stored.rounds) == 1 and stored.rounds[0].bids == (1, 0, 0)
    # The round offered is saved as any other.
    assert table.post(url, {**ROUND_TWO, **open_page(table, url)}).status_code == 302
    assert len(state(app, game_id).rounds) == 2


def test_a_page_of_a_round_that_was_undone_is_refused_too(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_page(table, url)})
    round_two = {**ROUND_TWO, **open_page(table, url)}
    board = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    undo = {"version": hidden(board, "version"), "key": hidden(board, "key")}
    assert table.post(f"/games/{game_id}/rounds/1/undo", undo).status_code == 302
    response = table.post(url, round_two)
    assert response.status_code == 409
    assert "That page was for round 2, but the game is now at round 1." in text(response)
    assert "Since then: Round 1 undone." in text(response)
    assert state(app, game_id).rounds == ()


def test_a_page_sent_after_the_last_round_says_nothing_was_saved(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=0, rounds=1)
    url = f"/games/{game_id}/rounds/new"
    page = open_page(table, url)
    assert table.post(url, {**ROUND_ONE, **page}).status_code == 302
    response = table.post(url, {**ROUND_ONE, **page, "key": "another1"}, follow_redirects=True)
    assert "The game is over: nothing from that page was saved." in text(response)
    assert len(state(app, game_id).rounds) == 1


def test_a_correction_page_is_saved_only_into_its_round(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_page(table, url)})
    edit = f"/games/{game_id}/rounds/1/edit"
    response = table.post(edit, {**ROUND_ONE, **open_page(table, edit), "number": "2"})
    assert response.status_code == 409
    assert "That page was for round 2: nothing from it was saved." in text(response)
    assert state(app, game_id).rounds[0].bids == (1, 0, 0)


def test_one_card_a_page_of_the_last_hand_is_refused(app: Flask, table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    page = open_page(table, url)
    first = {**hand([5, 7, 3], 0, bidder="1", bid="8", trump="hearts"), **page}
    assert table.post(url, first).status_code == 302
    response = table.post(url, {**first, "key": "another1"})
    assert response.status_code == 409
    assert (
        "That page was for hand 1, but the game is now at hand 2."
        " Nothing from it was saved: enter hand 2 here." in text(response)
    )
    assert len(state(app, game_id).rounds) == 1


SUMMARY = re.compile(r'<div class="problems" id="problems".*?</div>', re.S)
LINK = re.compile(r'<li><a href="#([^"]+)">([^<]*)</a></li>')


def summary(response: Any) -> list[tuple[str, str]]:
    """The summary at the top of a refused page: (the part it goes to, the message)."""
    box = SUMMARY.search(response.get_data(as_text=True))
    assert box, "no summary of the problems at the top"
    return [(anchor, html.unescape(message)) for anchor, message in LINK.findall(box.group(0))]


def test_every_problem_of_a_save_comes_at_once_each_a_link_to_its_part(
    app: Flask, table: Table, game_id: str
) -> None:
    # Round 1: no turned card, Cai's bid forgotten, and the tricks add up to 2 of 1.
    form = taps([1, 0, 0], [1, 1, 0])
    del form["bid_2"]
    response = table.post(f"/games/{game_id}/rounds/new", form)
    assert response.status_code == 422
    assert summary(response) == [
        ("at-trump", "Tap the turned card: a suit, a Wizard or a Jester"),
        ("at-bids-2", "Enter Cai's bid"),
        ("at-tricks", "Tricks add up to 2, but 1 card was dealt"),
    ]
    # Each is also said next to its part, and the parts are where the links go.
    assert errors(response) == [
        "Tap the turned card: a suit, a Wizard or a Jester",
        "Enter Cai's bid",
        "Tricks add up to 2, but 1 card was dealt",
    ]
    page = response.get_data(as_text=True)
    for anchor in ("at-trump", "at-bids-2", "at-tricks"):
        assert f'id="{anchor}"' in page
    # The summary comes before the deal: it is the first thing the page shows.
    assert page.index('id="problems"') < page.index('class="deal"')
    assert state(app, game_id).rounds == ()


def test_the_rules_problems_are_listed_in_bidding_order(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=0, hook=True)
    # Ana deals and bids last; the hook forbids her 0, and Ben cannot take 2 of 1.
    response = table.post(f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 2, 0], turned="s"))
    assert [anchor for anchor, _message in summary(response)] == ["at-bids-0", "at-tricks-1"]


def test_one_card_every_problem_at_once(table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    form = hand([5, 7, 9], 0, bidder="1", bid="8", trump="hearts")
    del form["last_trick"]
    response = table.post(f"/games/{game_id}/rounds/new", form)
    anchors = [anchor for anchor, _message in summary(response)]
    assert anchors == ["at-points", "at-last-trick"], summary(response)


def test_a_second_phone_saving_the_same_round_is_shown_the_next_one(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    phone_a, phone_b = open_page(table, url), open_page(table, url)
    assert table.post(url, {**ROUND_ONE, **phone_a}).status_code == 302
    response = table.post(url, {**taps([0, 1, 0], [0, 1, 0], turned="c"), **phone_b})
    assert response.status_code == 409
    page = text(response)
    assert "That page was for round 1, but the game is now at round 2." in page
    assert "Since then: Round 1 recorded." in page
    # The game as it now is: round 2, Cai deals, Ana bids first; nothing of round 1 kept.
    assert "Round 2 of 20" in page
    assert "<dt>Dealer</dt><dd>Cai</dd>" in page and "<dt>Bids first</dt><dd>Ana</dd>" in page
    assert " checked" not in response.get_data(as_text=True)
    # Save works again.
    again = {**ROUND_TWO, **open_page_of(response)}
    assert table.post(url, again).status_code == 302
    assert [r.bids for r in state(app, game_id).rounds] == [(1, 0, 0), (1, 1, 0)]


def open_page_of(response: Any) -> dict[str, str]:
    page = response.get_data(as_text=True)
    return {name: hidden(page, name) for name in ("number", "version", "key", "dealer")}


def test_a_change_elsewhere_to_an_earlier_round_keeps_this_rounds_taps(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_page(table, url)})
    phone_b = open_page(table, url)  # round 2, being entered on phone B
    edit = f"/games/{game_id}/rounds/1/edit"
    corrected = {**taps([1, 0, 0], [0, 1, 0], turned="h"), **open_page(table, edit)}
    assert table.post(edit, corrected).status_code == 302  # phone A corrects round 1
    response = table.post(url, {**ROUND_TWO, **phone_b})
    assert response.status_code == 409
    assert errors(response) == [
        "Changed on another phone meanwhile: Round 1 corrected. Nothing was saved yet:"
        " what you entered for round 2 is kept; check it, then Save again."
    ]
    raw = response.get_data(as_text=True)
    assert re.search(r'id="tricks_1-1" name="tricks_1" value="1"\s+checked', raw)
    assert "Round 2 of 20" in text(response)
    # On the game's new version, with a new key: Save works again.
    assert hidden(raw, "version") == "2" and hidden(raw, "key") != phone_b["key"]
    assert 'data-fresh="no"' in raw and 'data-version="2"' in raw
    assert table.post(url, {**ROUND_TWO, **open_page_of(response)}).status_code == 302
    stored = state(app, game_id)
    assert [r.tricks for r in stored.rounds] == [(0, 1, 0), (1, 1, 0)]


def test_a_correction_of_a_round_undone_elsewhere_stores_nothing(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_page(table, url)})
    edit = f"/games/{game_id}/rounds/1/edit"
    phone_b = open_page(table, edit)
    board = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    undo = {"version": hidden(board, "version"), "key": hidden(board, "key")}
    table.post(f"/games/{game_id}/rounds/1/undo", undo)
    response = table.post(edit, {**ROUND_ONE, **phone_b})
    assert response.status_code == 404  # round 1 is no longer there to correct
    assert state(app, game_id).rounds == ()


def test_after_a_hook_refusal_the_tricks_rows_echo_only_the_bids_still_selected(
    table: Table,
) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=0, hook=True)
    response = table.post(f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], turned="s"))
    assert response.status_code == 422
    echoes = dict(
        re.findall(r'data-bid-echo="(\d)">([^<]*)</span>', response.get_data(as_text=True))
    )
    # Ana (dealing) may not bid 0: her 0 is not selected, and her trick row says no bid.
    assert echoes == {"1": "bid 1", "2": "bid 0", "0": ""}
    assert not re.search(r'id="bid_0-0"[^>]*checked', response.get_data(as_text=True))


def test_a_sheet_and_a_chart_tell_similar_names_apart() -> None:
    from scorekeeper.charts import running_totals_svg
    from scorekeeper.games.kinds import kind
    from scorekeeper.games.wizard.rules import WizardGame
    from scorekeeper.sheets import PAPERS, layout_grid, orientation_for, usable

    players = ["Christopher-Alexander", "Christopher-Anne", "Ana", "Bartholomew", "Dee", "Eve"]
    a4 = PAPERS["a4"]
    wizard = kind("wizard").sheet
    grid = layout_grid(wizard, 6, usable(a4, orientation_for(wizard, 6, a4))[0])
    dealers = [grid.fit(name, among=players) for name in players[:2]]
    assert len(set(dealers)) == 2 and all(dealer[:3] == "Chr" for dealer in dealers), dealers
    state = WizardGame.new(players, 0)
    svg = running_totals_svg(state.players, [[10, 20, 30, 40, 50, 60]], rounds=10)
    keys = re.findall(r"<text[^>]*>(Chr[^<]*)</text>", str(svg))
    assert len(keys) == 2 and len({key.split(" ")[0] for key in keys}) == 2, keys


def test_a_double_tap_lands_where_one_tap_does_and_says_it_once(
    app: Flask, table: Table, game_id: str
) -> None:
    url = f"/games/{game_id}/rounds/new"
    round_one = {**ROUND_ONE, **open_page(table, url)}
    first, second = table.post(url, round_one), table.post(url, round_one)
    # Both taps land on round 2's screen, the next round to enter.
    assert first.headers["Location"] == second.headers["Location"] == url
    page = text(table.client.get(url))
    assert page.count("Round 1 saved — round 2 next.") == 1
    assert "Round 2 of 20" in page and "error" not in page.split("<main", 1)[1]
    # Sent again once that was read (a reloaded POST): said as reassurance, there too.
    assert table.post(url, round_one).headers["Location"] == url
    assert "Round 1 is saved: the second tap changed nothing." in text(table.client.get(url))
    assert len(state(app, game_id).rounds) == 1


def test_the_round_that_ends_the_game_lands_on_the_final_standings(
    app: Flask, table: Table
) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=0, rounds=1)
    url = f"/games/{game_id}/rounds/new"
    page = open_page(table, url)
    for _tap in range(2):  # a double tap too
        response = table.post(url, {**ROUND_ONE, **page})
        assert response.headers["Location"] == f"/games/{game_id}"
    assert "Final standings" in text(table.client.get(f"/games/{game_id}"))


def test_save_on_a_fresh_round_with_nothing_tapped_says_one_thing_and_offers_the_round(
    app: Flask, table: Table, game_id: str
) -> None:
    # Round 1 saved; Back shows round 2 afresh, and Save is tapped on it as it was drawn.
    url = f"/games/{game_id}/rounds/new"
    assert table.post(url, {**ROUND_ONE, **open_page(table, url)}).status_code == 302
    response = table.post(url, open_page(table, url))
    assert response.status_code == 422
    assert errors(response) == [
        "Round 1 is saved: the second tap changed nothing."
        " Nothing was entered on this page, so nothing was saved."
    ]
    assert summary(response) == []  # no "Enter …" for every empty part
    page = text(response)
    assert "Enter Ana's bid" not in page and "Tap the turned card" not in page
    assert "Round 2 of 20" in page
    raw = response.get_data(as_text=True)
    assert hidden(raw, "number") == "2" and " checked" not in raw
    assert len(state(app, game_id).rounds) == 1
    # The round offered is saved as any other.
    assert table.post(url, {**ROUND_TWO, **open_page(table, url)}).status_code == 302


def test_one_card_a_hand_sent_untouched_says_one_thing(app: Flask, table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    # The order the page chose for you (uptown) is not something entered.
    response = table.post(url, {**open_page(table, url), "order": "uptown"})
    assert response.status_code == 422
    assert errors(response) == ["Nothing was entered on this page, so nothing was saved."]
    assert state(app, game_id).rounds == ()
