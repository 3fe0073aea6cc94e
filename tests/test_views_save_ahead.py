"""The round screen's next round, drawn by the server before the round on screen is saved,
and a Save answered in JSON to the script that drew it (docs/performance.md)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from scorekeeper.games.wizard.rules import round_score
from tests.conftest import Table
from tests.conftest import stored_state as state

JSON = {"Accept": "application/json"}


@pytest.fixture
def game_id(table: Table) -> str:
    return table.new_game(["Ana", "Ben", "Cai"], first_dealer=1)


def hidden(page: str, name: str) -> str:
    match = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page)
    assert match, name
    return match.group(1)


def ahead_url(page: str) -> str | None:
    match = re.search(r'data-ahead="([^"]*)"', page)
    return html.unescape(match.group(1)) if match else None


def round_one(page: str, **extra: str) -> dict[str, str]:
    """Cai bids 1 and takes the trick, Ana and Ben none; hearts turned; the page's own
    version, key and round."""
    form = {name: hidden(page, name) for name in ("version", "key", "number", "dealer")}
    form.update({"turned": "h", "bid_0": "0", "bid_1": "0", "bid_2": "1"})
    form.update({"tricks_0": "0", "tricks_1": "0", "tricks_2": "1"})
    form.update(extra)
    return form


def test_the_round_screen_says_where_its_next_round_is_drawn(table: Table, game_id: str) -> None:
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    url = ahead_url(page)
    assert url == f"/games/{game_id}/rounds/1/ahead?dealer=1"
    # The page itself is as before: the next round is asked for, not carried.
    assert "Round 2 of" not in page

    answer = table.client.get(url)
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    ahead = answer.json["ahead"]
    drawn = " ".join(ahead["page"].split())
    assert "<h1>Round 2 of 20</h1>" in drawn
    assert "<dt>Cards each</dt><dd>2</dd>" in drawn
    assert "<dt>Dealer</dt><dd>Cai</dd>" in drawn  # left of Ben, who deals round 1
    assert "<dt>Bids first</dt><dd>Ana</dd>" in drawn
    assert 'data-number="2"' in drawn and "data-drawn-saved" in drawn
    assert "<footer" not in drawn and "<main" not in drawn  # the content alone
    scoring = ahead["scoring"]
    assert scoring["number"] == 1 and scoring["totals"] == [0, 0, 0]
    assert scoring["sides"] == [[0], [1], [2]]
    # Every bid (one above the cards too) against every count of tricks, as the rules say.
    assert scoring["bid_scores"] == [
        [round_score(bid, took) for took in range(2)] for bid in range(3)
    ]


def test_another_dealer_moves_the_next_round_s_dealer(table: Table, game_id: str) -> None:
    page = table.client.get(f"/games/{game_id}/rounds/new?dealer=0").get_data(as_text=True)
    url = ahead_url(page)
    assert url == f"/games/{game_id}/rounds/1/ahead?dealer=0"
    drawn = " ".join(table.client.get(url).json["ahead"]["page"].split())
    assert "<dt>Dealer</dt><dd>Ben</dd>" in drawn


def test_a_save_answered_in_json_brings_the_round_after_the_next(
    app: Any, table: Table, game_id: str
) -> None:
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    sent = round_one(page)
    answer = table.post(f"/games/{game_id}/rounds/new", sent, headers=JSON)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    said = answer.json
    assert said["stored"] is True and said["replayed"] is False
    assert said["message"] == "Round 1 saved — round 2 next."
    assert said["rounds"] == 1 and said["next"] == 2
    assert said["totals"] == [20, 20, 30]
    assert said["version"] == int(sent["version"]) + 1
    assert "<h1>Round 3 of 20</h1>" in " ".join(said["ahead"]["page"].split())
    assert said["ahead"]["scoring"]["number"] == 2
    assert said["ahead"]["scoring"]["totals"] == [20, 20, 30]
    assert state(app, game_id).totals == (20, 20, 30)
    # Said in the answer: nothing is left for the next page to say again.
    assert "Round 1 saved" not in table.client.get(f"/games/{game_id}/rounds/new").get_data(
        as_text=True
    )

    # The same page sent again (a retry): stored once, said so.
    again = table.post(f"/games/{game_id}/rounds/new", sent, headers=JSON)
    assert again.status_code == 200
    assert again.json["replayed"] is True
    assert again.json["message"] == "Round 1 is saved: the second tap changed nothing."
    assert len(state(app, game_id).rounds) == 1


def test_a_refused_round_is_answered_with_its_page(app: Any, table: Table, game_id: str) -> None:
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    sent = round_one(page, tricks_2="0")
    answer = table.post(f"/games/{game_id}/rounds/new", sent, headers=JSON)
    assert answer.status_code == 422
    assert answer.mimetype == "text/html"
    # The round as entered, with the reason: the script puts it back on the screen.
    assert "Tricks add up to 0, but 1 card was dealt" in answer.get_data(as_text=True)
    assert ahead_url(answer.get_data(as_text=True)) is not None
    assert state(app, game_id).rounds == ()


def test_no_round_is_drawn_after_the_last(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], rounds=1)
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert ahead_url(page) is None
    answer = table.client.get(f"/games/{game_id}/rounds/1/ahead")
    assert answer.json == {"ahead": None}


def test_only_the_round_still_to_enter_is_drawn_ahead(table: Table, game_id: str) -> None:
    assert table.client.get(f"/games/{game_id}/rounds/2/ahead").json == {"ahead": None}
    assert table.client.get(f"/games/{game_id}/rounds/1/edit").status_code == 404


def test_hidden_bids_are_not_drawn_ahead(table: Table) -> None:
    """The next round's screen then follows the players' phones: the server draws it."""
    data = {f"players-{i}": name for i, name in enumerate(["Ana", "Ben", "Cai"])}
    data.update(first_dealer="0", hidden_bids="y")
    answer = table.post("/games/new", data)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert "data-bid-entry" in page or "data-hidden-bids" in page
    assert ahead_url(page) is None
    assert table.client.get(f"/games/{game_id}/rounds/1/ahead").json == {"ahead": None}
