"""One Card through the same pages: a new game, hands with the auction, the board."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from tests.conftest import Table
from tests.conftest import page_errors as errors
from tests.conftest import stored_state as state


def text(response: Any) -> str:
    return " ".join(response.get_data(as_text=True).split())


def new_one_card(table: Table, players: list[str], target: int | None = None) -> str:
    data = {f"players-{i}": name for i, name in enumerate(players)}
    data.update(game="one_card", first_dealer="0")
    if target is not None:
        data["target"] = str(target)
    response = table.post("/games/new", data)
    assert response.status_code == 302, errors(response)
    return response.headers["Location"].rsplit("/", 1)[-1]


def hand(points: list[int], last_trick: int, **extra: str) -> dict[str, str]:
    form = {f"points_{seat}": str(p) for seat, p in enumerate(points)}
    form["last_trick"] = str(last_trick)
    form.update(extra)
    return form


def test_the_new_game_page_switches_games(table: Table) -> None:
    page = text(table.client.get("/games/new?game=one_card"))
    assert "New game of One Card" in page
    assert "2 to 4 players" in page
    assert page.count('class="field seat-name"') == 4
    assert 'name="target"' in page and 'name="hook"' not in page
    assert "The lowest bid is 8 with 2 players, 7 with 3 players, 6 with 4 players" in page
    assert table.client.get("/games/new?game=poker").status_code == 404


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players-0": "Ana"}, "One Card is played by 2 to 4 players, not 1"),
        ({"players-0": "Ana", "players-1": "Ben", "target": "0"}, "The target is a whole"),
        ({"players-0": "Ana", "players-1": "Ben", "target": "x"}, "Not a valid integer"),
    ],
    ids=["one player", "target zero", "target not a number"],
)
def test_new_one_card_refusals(table: Table, data: dict[str, str], message: str) -> None:
    response = table.post("/games/new", {"game": "one_card", "first_dealer": "0", **data})
    assert response.status_code == 422
    assert any(e.startswith(message) for e in errors(response)), errors(response)


def test_a_hand_page_says_the_deal_and_the_bids(table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Hand 1" in page and "Enter hand 1" in page
    page = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert "<dt>Cards each</dt><dd>8</dd>" in page
    assert "<dt>Dealer</dt><dd>Ana</dd>" in page
    assert "<dt>Bids first</dt><dd>Ben</dd>" in page
    assert "7 to 15, or pass" in page
    # Without scripts, the contract is tapped directly: bids below 7 are not offered.
    assert 'id="bid-6"' not in page and 'id="bid-7"' in page and 'id="bid-15"' in page
    assert 'id="bidder-none"' in page


def test_a_hand_is_recorded_and_scored(app: Flask, table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    response = table.post(
        f"/games/{game_id}/rounds/new",
        hand([5, 7, 3], 0, bidder="1", bid="8", trump="hearts", order="downtown"),
    )
    assert response.status_code == 302, errors(response)
    game = state(app, game_id)
    assert game.totals == (5, 0, 3)
    assert game.rounds[0].made is False
    assert game.rounds[0].order == "downtown"
    page = text(table.client.get(f"/games/{game_id}"))
    assert "bid 8 ✗" in page
    assert "to 30" in page


def test_an_auction_recorded_call_by_call(app: Flask, table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    # Ben 7, Cai passes, Ana 8, Ben passes: Ana's contract at 8.
    response = table.post(
        f"/games/{game_id}/rounds/new",
        hand([9, 4, 2], 0, auction="7,p,8,p", trump="spades"),
    )
    assert response.status_code == 302, errors(response)
    first = state(app, game_id).rounds[0]
    assert (first.bidder, first.bid, first.auction) == (0, 8, (7, None, 8, None))
    page = table.client.get(f"/games/{game_id}/rounds/1/edit").get_data(as_text=True)
    assert 'name="auction" type="hidden" value="7,p,8,p"' in page


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (hand([5, 7, 2], 0, bidder="1", bid="8", trump="hearts"), "Points add up to 14"),
        (hand([5, 7, 3], 0, bidder="none", trump="hearts"), "Everyone passed, so there is no"),
        (hand([5, 7, 3], 0, bidder="1", bid="8"), "The suit of Ben's first lead is trump"),
        (hand([5, 7, 3], 0, bidder="1", bid="6", trump="clubs"), "With 3 players a bid is from 7"),
        (hand([5, 7, 3], 0, bidder="1", trump="clubs"), "Enter the winning bid"),
        (hand([5, 7, 3], 0, auction="7,7", trump="clubs"), "Cai: A bid must be higher than 7"),
        (hand([5, 7, 3], 0, auction="7", trump="clubs"), "The auction is not over"),
        ({"points_0": "5", "points_1": "7", "points_2": "3", "bidder": "none"}, "Tap who won"),
        (hand([5, 7, 3], 0), "Say who won the auction"),
        (hand([5, 7, 3], 0, bidder="none", order="sideways"), "The order is uptown or downtown"),
    ],
    ids=[
        "points do not add up",
        "trump after all passed",
        "no trump with a contract",
        "bid below the lowest",
        "bidder without a bid",
        "bid not higher",
        "auction not over",
        "no last trick",
        "no contract",
        "order unknown",
    ],
)
def test_refused_hands_say_why_and_store_nothing(
    app: Flask, table: Table, form: dict[str, str], message: str
) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    response = table.post(f"/games/{game_id}/rounds/new", form)
    assert response.status_code == 422
    assert any(e.startswith(message) for e in errors(response)), errors(response)
    assert 'value="5"' in response.get_data(as_text=True)  # what was typed is kept
    assert state(app, game_id).rounds == ()


def test_a_tie_at_the_top_plays_another_hand(app: Flask, table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben"], target=10)
    url = f"/games/{game_id}/rounds/new"
    assert table.post(url, hand([8, 7], 0, bidder="0", bid="8", trump="clubs")).status_code == 302
    # Both reach 15... no: Ana 8, Ben 7; then Ana 7, Ben 8: 15 each, a tie above the target.
    assert table.post(url, hand([7, 8], 1, bidder="none")).status_code == 302
    game = state(app, game_id)
    assert game.totals == (15, 15) and not game.finished
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Enter hand 3" in page
    assert table.post(url, hand([10, 5], 0, bidder="none")).status_code == 302
    game = state(app, game_id)
    assert game.finished and game.winners == (0,)
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Ana</strong> wins with 25 points" in page
    assert table.client.get(url).status_code == 302


def trump_hint(response: Any) -> str:
    """The trump's hint as the page shows it without scripts: a hidden part left out."""
    page = text(response)
    start = page.index('id="trump-label">') + len('id="trump-label">')
    hint = page[start : page.index("</p>", start)]
    return re.sub(r"<span[^>]* hidden>.*?</span>|<[^>]+>", "", hint).strip()


def test_everyone_passed_is_said_only_for_a_hand_where_everyone_passed(table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai"])
    new_hand = table.client.get(f"/games/{game_id}/rounds/new")
    assert trump_hint(new_hand) == "The suit of the bidder's first lead."
    url = f"/games/{game_id}/rounds/new"
    made = table.post(url, hand([5, 7, 3], 0, bidder="1", bid="7", trump="hearts"))
    assert made.status_code == 302, errors(made)
    assert table.post(url, hand([6, 6, 3], 1, bidder="none")).status_code == 302
    bid_hand = table.client.get(f"/games/{game_id}/rounds/1/edit")
    assert trump_hint(bid_hand) == "The suit of the bidder's first lead."
    passed_hand = table.client.get(f"/games/{game_id}/rounds/2/edit")
    assert trump_hint(passed_hand) == (
        "The suit of the bidder's first lead. Everyone passed: no trump."
    )
    # A refused hand where everyone passed says so again.
    refused = table.post(url, hand([5, 7, 2], 0, bidder="none"))
    assert refused.status_code == 422
    assert trump_hint(refused).endswith("Everyone passed: no trump.")


def test_correct_and_undo_a_hand(app: Flask, table: Table) -> None:
    game_id = new_one_card(table, ["Ana", "Ben", "Cai", "Dee"])
    url = f"/games/{game_id}/rounds/new"
    ok = table.post(url, hand([3, 4, 4, 4], 1, bidder="1", bid="6", trump="hearts"))
    assert ok.status_code == 302, errors(ok)
    assert table.post(url, hand([6, 3, 3, 3], 0, bidder="none")).status_code == 302
    response = table.post(
        f"/games/{game_id}/rounds/1/edit",
        hand([3, 6, 3, 3], 1, bidder="1", bid="6", trump="hearts"),
    )
    assert response.status_code == 302, errors(response)
    assert state(app, game_id).totals == (9, 9, 6, 6)
    assert table.post(f"/games/{game_id}/rounds/1/undo").status_code == 302
    assert "Only the last hand (hand 2) can be undone" in text(
        table.client.get(f"/games/{game_id}")
    )
    assert table.post(f"/games/{game_id}/rounds/2/undo").status_code == 302
    assert "Hand 2 was undone." in text(table.client.get(f"/games/{game_id}"))
    assert len(state(app, game_id).rounds) == 1


def test_one_card_through_the_api(api: Any) -> None:
    api.login("ana")
    response = api.post(
        "/api/v1/games",
        {"game": "one_card", "players": ["Ana", "Ben", "Cai"], "options": {"target": 30}},
    )
    assert response.status_code == 201, response.json
    game = response.json
    assert game["options"] == {"target": 30}
    assert game["next"] == {"number": 1, "dealer": 0, "cards": 8, "first_bidder": 1}
    url = f"/api/v1/games/{game['id']}/rounds"
    response = api.post(
        url,
        {
            "bidder": 1,
            "bid": 7,
            "trump": "hearts",
            "order": "uptown",
            "points": [5, 7, 3],
            "last_trick": 0,
        },
    )
    assert response.status_code == 201, response.json
    first = response.json["rounds"][0]
    assert first["made"] is True
    assert first["scores"] == [5, 7, 3] and first["cards"] == 8
    response = api.post(
        url,
        {"bidder": None, "bid": None, "trump": "none", "points": [5, 7, 3], "last_trick": 2},
    )
    assert response.status_code == 201
    assert response.json["rounds"][1]["made"] is None
    assert response.json["next"]["dealer"] == 2
    response = api.post(
        url, {"bidder": None, "bid": None, "trump": "hearts", "points": [5, 7, 3], "last_trick": 2}
    )
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "trump"
    response = api.post(
        url, {"bidder": 0, "bid": 16, "trump": "clubs", "points": [5, 7, 3], "last_trick": 5}
    )
    assert response.status_code == 422
    assert {e["field"] for e in response.json["errors"]} == {"last_trick"}
