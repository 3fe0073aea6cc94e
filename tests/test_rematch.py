"""A rematch from a finished game, in one tap: the same players in the same seats, the same
options, the next dealer; on the page and through the API."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from tests.conftest import ApiClient, Table, csrf_token
from tests.conftest import stored_state as state

pytestmark = pytest.mark.data_layer

FINISHED = {
    # One round each: the game is over after it. The dealer of round 1 is the first dealer.
    "wizard": (
        {"rounds": 1, "hook": True, "special_cards": ["bomb"], "hidden_bids": True},
        {"trump": "hearts", "bids": [0, 0, 0], "tricks": [1, 0, 0]},
    ),
    "oh_hell": (
        {"schedule": [1], "hook": False, "scoring": "trick-each"},
        {"turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
    ),
    "one_card": (
        {"target": 10},
        {"bidder": 1, "bid": 7, "trump": "spades", "points": [0, 15, 0], "last_trick": 1},
    ),
}


def finished_game(app: Flask, kind: str, first_dealer: int = 1) -> str:
    options, played = FINISHED[kind]
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        record = services.create_game(owner, kind, ["Ana", "Ben", "Cai"], first_dealer, options)
        record = services.record_round(record, played)
        assert record.state.finished, kind
        return record.id


def page_key(table: Table, game_id: str) -> dict[str, str]:
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    key = re.search(r'name="key" type="hidden" value="(\w+)"', page)
    return {"key": key[1] if key else "", "csrf_token": csrf_token(page)}


@pytest.mark.parametrize("kind", sorted(FINISHED))
def test_a_rematch_is_the_same_table_with_the_next_dealer(
    app: Flask, table: Table, kind: str
) -> None:
    game_id = finished_game(app, kind)
    page = html.unescape(table.client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Rematch" in page
    assert "The same players in the same seats, the same options; Cai deals first." in page
    answer = table.client.post(f"/games/{game_id}/rematch", data=page_key(table, game_id))
    assert answer.status_code == 302
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != game_id
    old, new = state(app, game_id), state(app, new_id)
    assert new.players == old.players
    assert new.options == old.options
    assert new.first_dealer == 2  # left of Ben, who dealt the last round
    assert new.rounds == ()
    shown = html.unescape(table.client.get(f"/games/{new_id}").get_data(as_text=True))
    assert "Rematch: a new game, Cai deals first." in shown


def test_a_double_tap_starts_one_game(app: Flask, table: Table) -> None:
    game_id = finished_game(app, "wizard")
    form = page_key(table, game_id)
    first = table.client.post(f"/games/{game_id}/rematch", data=form)
    second = table.client.post(f"/games/{game_id}/rematch", data=form)
    assert first.headers["Location"] == second.headers["Location"]
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        assert len(services.list_games(owner)) == 2


def test_an_unfinished_game_has_no_rematch(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Rematch" not in page
    answer = table.client.post(f"/games/{game_id}/rematch", data=page_key(table, game_id))
    assert answer.status_code == 302
    shown = html.unescape(table.client.get(answer.headers["Location"]).get_data(as_text=True))
    assert "The game is not over yet: finish it, then start a rematch" in shown
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        assert len(services.list_games(owner)) == 1


def test_a_rematch_without_csrf_another_accounts_or_logged_out(app: Flask, table: Table) -> None:
    game_id = finished_game(app, "wizard")
    assert table.client.post(f"/games/{game_id}/rematch", data={}).status_code == 400
    assert (
        table.client.post("/games/nosuchgame/rematch", data=page_key(table, game_id)).status_code
        == 404
    )
    stranger = app.test_client()
    token = csrf_token(stranger.get("/login").get_data(as_text=True))
    out = stranger.post(f"/games/{game_id}/rematch", data={"csrf_token": token})
    assert out.status_code == 302 and "/login" in out.headers["Location"]
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        assert len(services.list_games(owner)) == 1


def test_the_api_rematch(app: Flask, api: ApiClient) -> None:
    game_id = finished_game(app, "one_card", first_dealer=0)
    api.login()
    headers = {**api.headers, "Idempotency-Key": "rematch-1"}
    answer = api.client.post(f"/api/v1/games/{game_id}/rematch", headers=headers)
    assert answer.status_code == 201, answer.json
    game: dict[str, Any] = answer.json
    assert game["players"] == ["Ana", "Ben", "Cai"]
    assert game["first_dealer"] == 1
    assert game["options"] == {"target": 10}
    again = api.client.post(f"/api/v1/games/{game_id}/rematch", headers=headers)
    assert again.status_code == 200 and again.json["id"] == game["id"]
    unfinished = api.client.post(f"/api/v1/games/{game['id']}/rematch", headers=api.headers)
    assert unfinished.status_code == 409
    assert api.client.post("/api/v1/games/nosuch/rematch", headers=api.headers).status_code == 404
    api.login("ben")
    assert (
        api.client.post(f"/api/v1/games/{game_id}/rematch", headers=api.headers).status_code == 404
    )


def test_an_api_rematch_key_belongs_to_its_game(app: Flask, api: ApiClient) -> None:
    """The key of one game's rematch sent with another game's is refused, never
    answered with the first game's rematch."""
    api.login()
    first, second = finished_game(app, "wizard"), finished_game(app, "one_card")
    headers = {**api.headers, "Idempotency-Key": "rematch-k1"}
    made = api.client.post(f"/api/v1/games/{first}/rematch", headers=headers)
    assert made.status_code == 201
    other = api.client.post(f"/api/v1/games/{second}/rematch", headers=headers)
    assert other.status_code == 422, other.get_data(as_text=True)
    assert other.json["errors"][0]["field"] == "Idempotency-Key"
    assert api.client.post(f"/api/v1/games/{first}/rematch", headers=headers).status_code == 200
