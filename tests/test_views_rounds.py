"""Entering a round on the phone, correcting one, undoing the last."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from tests.conftest import PASSWORD, Table
from tests.conftest import page_errors as errors
from tests.conftest import stored_state as state


def text(response: Any) -> str:
    return " ".join(response.get_data(as_text=True).split())


def taps(bids: list[int], tricks: list[int], **extra: str) -> dict[str, str]:
    form = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}
    form.update({f"tricks_{seat}": str(took) for seat, took in enumerate(tricks)})
    form.update(extra)
    return form


@pytest.fixture
def game_id(table: Table) -> str:
    return table.new_game(["Ana", "Ben", "Cai"], first_dealer=1)


def test_the_round_page_says_who_deals_and_who_bids_first(table: Table, game_id: str) -> None:
    page = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert "Round 1 of 20" in page
    assert "<dt>Cards each</dt><dd>1</dd>" in page
    assert "<dt>Dealer</dt><dd>Ben</dd>" in page
    assert "<dt>Bids first</dt><dd>Cai</dd>" in page
    # Bids in bidding order: Cai, Ana, then Ben the dealer, last.
    bid_rows = re.findall(r'data-bid-row data-seat="(\d)"', page)
    assert bid_rows == ["2", "0", "1"]
    assert "Ben <small>(deals)</small>" in page
    for value in ("c", "d", "h", "s", "wizard", "jester"):
        assert f'name="turned" value="{value}"' in page


def test_a_game_without_bids_names_nobody_to_bid_first(
    table: Table, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal every game shares says who bids first only in a game with bids: a game
    whose rules say it has none (``has_bids``) is not offered a bid there."""
    from scorekeeper.games import GAMES

    monkeypatch.setattr(GAMES["wizard"], "has_bids", False)
    for url in (f"/games/{game_id}/rounds/new", f"/games/{game_id}"):
        page = text(table.client.get(url))
        assert "<dt>Dealer</dt><dd>Ben</dd>" in page, url
        assert "Bids first" not in page, url


def test_a_round_is_recorded_and_the_board_shows_it(app: Flask, table: Table, game_id: str) -> None:
    response = table.post(f"/games/{game_id}/rounds/new", taps([1, 0, 0], [1, 0, 0], turned="h"))
    assert response.status_code == 302
    assert state(app, game_id).totals == (30, 20, 20)
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Round 2 of 20" in page
    assert "<dt>Dealer</dt><dd>Cai</dd>" in page
    assert "+30" in page and "+20" in page
    assert "Undo round 1" in page


TOTALS_LINE = re.compile(r'<div class="totals-line">(.*?)</div>', re.S)


def totals_line(page: str) -> list[str]:
    """The totals at the top of a round's screen, as a reader hears them: name, total."""
    line = TOTALS_LINE.search(page)
    assert line, "no totals at the top of the round's screen"
    items = re.findall(r"<li[^>]*>(.*?)</li>", line.group(1), re.S)
    return [
        " ".join(re.sub(r'<span aria-hidden="true"[^>]*>[^<]*</span>|<[^>]+>', " ", item).split())
        for item in items
    ]


def test_save_lands_on_the_next_round_with_the_new_totals_on_top(
    table: Table, game_id: str
) -> None:
    response = table.post(f"/games/{game_id}/rounds/new", taps([1, 0, 0], [1, 0, 0], turned="h"))
    assert response.status_code == 302
    assert response.headers["Location"] == f"/games/{game_id}/rounds/new"
    raw = table.client.get(response.headers["Location"]).get_data(as_text=True)
    page = " ".join(raw.split())
    # What became of the round, first; then the totals, the leader marked; the board a tap away.
    said = page.index("Round 1 saved — round 2 next.")
    assert said < page.index('class="totals-line"') < page.index("<h1>Round 2 of 20</h1>")
    assert totals_line(raw) == ["Ana 30 leader", "Ben 20", "Cai 20"]
    assert f'<a href="/games/{game_id}">Full scoreboard</a>' in page
    assert "<dt>Dealer</dt><dd>Cai</dd>" in page
    # Said once: the message is not there when the page is opened again.
    again = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert "saved — round 2 next" not in again and "Full scoreboard" in again


def test_the_first_round_has_no_totals_yet(table: Table, game_id: str) -> None:
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert "totals-line" not in page and "Full scoreboard" not in page


EVERY_GAME_SAVES = [
    pytest.param(
        "wizard",
        {},
        taps([1, 0, 0], [1, 0, 0], turned="h"),
        "Round 1 saved — round 2 next.",
        "<h1>Round 2 of 20</h1>",
        id="wizard",
    ),
    pytest.param(
        "oh_hell",
        {"schedule": [1, 2]},
        taps([0, 0, 0], [1, 0, 0], turned="h", turned_rank=""),
        "Round 1 saved — round 2 next.",
        "<h1>Round 2 of 2</h1>",
        id="oh_hell",
    ),
    pytest.param(
        "one_card",
        {},
        {"points_0": "9", "points_1": "3", "points_2": "3", "last_trick": "0"}
        | {"bidder": "0", "bid": "8", "trump": "clubs"},
        "Hand 1 saved — hand 2 next.",
        "<h1>Hand 2</h1>",
        id="one_card",
    ),
]


@pytest.mark.parametrize(("key", "options", "entered", "said", "heading"), EVERY_GAME_SAVES)
def test_every_games_next_round_says_the_save_and_shows_the_totals(
    app: Flask,
    table: Table,
    key: str,
    options: dict[str, Any],
    entered: dict[str, str],
    said: str,
    heading: str,
) -> None:
    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        game_id = str(services.create_game(ana, key, ["Ana", "Ben", "Cai"], 0, options).id)
    response = table.post(f"/games/{game_id}/rounds/new", entered)
    assert response.status_code == 302, errors(response)
    assert response.headers["Location"] == f"/games/{game_id}/rounds/new"
    raw = table.client.get(response.headers["Location"]).get_data(as_text=True)
    page = " ".join(raw.split())
    assert page.count(said) == 1
    assert page.index(said) < page.index('class="totals-line"') < page.index(heading)
    assert len(totals_line(raw)) == 3
    assert f'<a href="/games/{game_id}">Full scoreboard</a>' in page


def test_the_totals_on_top_shorten_long_names_as_the_board_does(table: Table) -> None:
    names = ["Christopher", "Christina", "Bartholomew", "Dee", "Eve", "Fay"]
    game_id = table.new_game(names, first_dealer=0)
    bids = [1, 0, 0, 0, 0, 0]
    response = table.post(f"/games/{game_id}/rounds/new", taps(bids, bids, turned="c"))
    raw = table.client.get(response.headers["Location"]).get_data(as_text=True)
    line = TOTALS_LINE.search(raw)
    assert line
    shown = re.findall(r'<span aria-hidden="true" title="([^"]+)">([^<]+)</span>', line.group(1))
    assert shown == [
        ("Christopher", "Christo…"),
        ("Christina", "Christi…"),
        ("Bartholomew", "Bart…"),
    ]
    # A screen reader hears each name whole.
    assert totals_line(raw)[:3] == ["Christopher 30 leader", "Christina 20", "Bartholomew 20"]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (taps([1, 0, 0], [1, 1, 0], turned="h"), "Tricks add up to 2, but 1 card was dealt"),
        (taps([1, 0, 0], [1, 0, 0]), "Tap the turned card: a suit, a Wizard or a Jester"),
        (
            taps([1, 0, 0], [1, 0, 0], turned="wizard"),
            "A Wizard was turned: tap the suit the dealer chose",
        ),
        (taps([1, 0, 0], [1, 0, 0], turned="joker"), "Tap one of the cards shown"),
        (taps([2, 0, 0], [1, 0, 0], turned="h"), "Ana's bid must be a whole number from 0 to 1"),
        (
            {k: v for k, v in taps([1, 0, 0], [1, 0, 0], turned="h").items() if k != "bid_2"},
            "Enter Cai's bid",
        ),
        (taps([1, 0, 0], [1, 0, 0], turned="h", bid_1="one"), "Not a valid integer value."),
        (taps([1, 0, 0], [1, 0, 0], turned="h", dealer="7"), "The dealer must be a seat"),
    ],
    ids=[
        "tricks do not add up",
        "no turned card",
        "wizard without a choice",
        "not a card here",
        "bid above the cards",
        "missing bid",
        "text for a number",
        "dealer not at the table",
    ],
)
def test_a_refused_round_says_why_keeps_the_taps_and_stores_nothing(
    app: Flask, table: Table, game_id: str, form: dict[str, str], message: str
) -> None:
    response = table.post(f"/games/{game_id}/rounds/new", form)
    assert response.status_code == 422
    assert any(e.startswith(message) for e in errors(response)), errors(response)
    page = response.get_data(as_text=True)
    if form.get("tricks_0") == "1":
        assert re.search(r'id="tricks_0-1" name="tricks_0" value="1"\s+checked', page)
    assert state(app, game_id).rounds == ()


def test_hook_the_dealers_forbidden_bid_is_not_offered(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=0, hook=True)
    # Ben and Cai bid 1 and 0 in round 1 (1 card): Ana, dealing, may not bid 0.
    response = table.post(f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], turned="s"))
    assert response.status_code == 422
    assert "Hook: Ana deals and may not bid 0" in errors(response)[0]
    page = response.get_data(as_text=True)
    assert re.search(
        r'id="bid_0-0" name="bid_0" value="0"\s+(checked\s+)?disabled data-forbidden', page
    )
    assert "Ana may not bid 0." in page
    assert 'data-hook="on"' in page
    # Non-dealers are never restricted, and the dealer may bid otherwise.
    response = table.post(f"/games/{game_id}/rounds/new", taps([1, 1, 0], [0, 1, 0], turned="s"))
    assert response.status_code == 302


def test_the_last_round_of_a_full_game_has_no_trump(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai", "Dee", "Eve", "Fay"], first_dealer=0)
    for number in range(1, 10):
        bids = [number, 0, 0, 0, 0, 0]
        response = table.post(f"/games/{game_id}/rounds/new", taps(bids, bids, turned="c"))
        assert response.status_code == 302, errors(response)
    page = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert "Round 10 of 10" in page
    assert "No trump: in the last round every card is dealt" in page
    assert 'name="turned"' not in page
    last = [10, 0, 0, 0, 0, 0]
    response = table.post(f"/games/{game_id}/rounds/new", taps(last, last))
    assert response.status_code == 302
    # The game is over: Save lands on the final standings, not on a round.
    assert response.headers["Location"] == f"/games/{game_id}"
    final = state(app, game_id)
    assert final.finished
    assert final.rounds[-1].trump is None and final.rounds[-1].turned is None
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Final standings" in page
    assert "Ana</strong> wins with 750 points" in page
    # After the last round there is nothing more to enter.
    response = table.client.get(f"/games/{game_id}/rounds/new")
    assert response.status_code == 302


def test_the_scorekeeper_can_change_the_dealer(app: Flask, table: Table, game_id: str) -> None:
    page = text(table.client.get(f"/games/{game_id}/rounds/new?dealer=2"))
    assert "<dt>Dealer</dt><dd>Cai</dd>" in page
    assert re.findall(r'data-bid-row data-seat="(\d)"', page) == ["0", "1", "2"]
    response = table.post(
        f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], turned="d", dealer="2")
    )
    assert response.status_code == 302
    assert state(app, game_id).rounds[0].dealer == 2
    page = text(table.client.get(f"/games/{game_id}"))
    # The deal passes left from the dealer who really dealt.
    assert "<dt>Dealer</dt><dd>Ana</dd>" in page
    # A dealer that is not at the table is ignored in the address.
    page = text(table.client.get(f"/games/{game_id}/rounds/new?dealer=9"))
    assert "<dt>Dealer</dt><dd>Ana</dd>" in page


def play_two_rounds(table: Table, game_id: str) -> None:
    for form in (
        taps([1, 0, 0], [1, 0, 0], turned="h"),
        taps([1, 1, 0], [1, 1, 0], turned="wizard", wizard_trump="spades"),
    ):
        assert table.post(f"/games/{game_id}/rounds/new", form).status_code == 302


def test_correcting_an_earlier_round_recomputes_the_totals(
    app: Flask, table: Table, game_id: str
) -> None:
    play_two_rounds(table, game_id)
    assert state(app, game_id).totals == (60, 50, 40)
    page = text(table.client.get(f"/games/{game_id}/rounds/1/edit"))
    assert "Correct round 1" in page
    assert re.search(r'id="bid_0-1" name="bid_0" value="1" checked', page)
    assert re.search(r'id="turned-h" name="turned" value="h" checked', page)
    response = table.post(f"/games/{game_id}/rounds/1/edit", taps([0, 0, 0], [1, 0, 0], turned="h"))
    assert response.status_code == 302
    # A correction lands on the board, where it changed the totals.
    assert response.headers["Location"] == f"/games/{game_id}"
    assert "Round 1 corrected; totals updated." in text(table.client.get(f"/games/{game_id}"))
    assert state(app, game_id).totals == (20, 50, 40)
    assert state(app, game_id).rounds[1].trump.word == "spades"


def test_a_refused_correction_changes_nothing(app: Flask, table: Table, game_id: str) -> None:
    play_two_rounds(table, game_id)
    response = table.post(
        f"/games/{game_id}/rounds/2/edit", taps([1, 1, 0], [2, 1, 0], turned="wizard")
    )
    assert response.status_code == 422
    assert state(app, game_id).totals == (60, 50, 40)
    assert table.client.get(f"/games/{game_id}/rounds/3/edit").status_code == 404


def test_a_wizard_turned_is_offered_again_when_correcting(table: Table, game_id: str) -> None:
    play_two_rounds(table, game_id)
    page = table.client.get(f"/games/{game_id}/rounds/2/edit").get_data(as_text=True)
    assert re.search(r'id="turned-wizard" name="turned" value="wizard" checked', page)
    assert re.search(r'id="wizard-trump-spades" name="wizard_trump" value="spades" checked', page)


def test_undo_takes_back_only_the_last_round(app: Flask, table: Table, game_id: str) -> None:
    play_two_rounds(table, game_id)
    response = table.post(f"/games/{game_id}/rounds/1/undo")
    assert response.status_code == 302
    assert "Only the last round (round 2) can be undone" in text(
        table.client.get(f"/games/{game_id}")
    )
    assert len(state(app, game_id).rounds) == 2
    assert table.client.post(f"/games/{game_id}/rounds/2/undo").status_code == 400
    assert table.client.get(f"/games/{game_id}/rounds/2/undo").status_code == 405
    assert len(state(app, game_id).rounds) == 2
    response = table.post(f"/games/{game_id}/rounds/2/undo")
    assert response.status_code == 302
    assert "Round 2 was undone." in text(table.client.get(f"/games/{game_id}"))
    assert state(app, game_id).totals == (30, 20, 20)
    assert table.post(f"/games/{game_id}/rounds/5/undo").status_code == 404


def test_a_round_form_without_csrf_stores_nothing(app: Flask, table: Table, game_id: str) -> None:
    response = table.client.post(
        f"/games/{game_id}/rounds/new", data=taps([1, 0, 0], [1, 0, 0], turned="h")
    )
    assert response.status_code == 400
    assert state(app, game_id).rounds == ()
