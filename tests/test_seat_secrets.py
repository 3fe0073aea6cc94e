"""A player's own seat link, as the secret it is: the address goes to no other page, its
refresh costs one small query, and the same bid sent twice changes nothing."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper import services
from tests.conftest import ApiClient
from tests.test_api_pending import fetch, seat_tokens, started

pytestmark = pytest.mark.data_layer


def test_a_seat_page_sends_its_address_nowhere(api: ApiClient, app: Flask) -> None:
    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True)
    token = seat_tokens(app, game["id"])[1]
    for path in (f"/bid/{token}", f"/bid/{token}/version"):
        answer = api.client.get(path)
        assert answer.status_code == 200
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert answer.headers["Cache-Control"] == "no-store"


def test_the_same_bid_sent_again_stores_nothing(api: ApiClient, app: Flask) -> None:
    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True)
    token = seat_tokens(app, game["id"])[1]
    with app.app_context():
        services.seat_bid(token, 1, 1)
    version = fetch(api, game["id"])["version"]
    with app.app_context():
        for _ in range(5):
            services.seat_bid(token, 1, 1)
    assert fetch(api, game["id"])["version"] == version
    assert api.client.get(f"/bid/{token}/version").json == {"version": version}
    with app.app_context():
        services.seat_bid(token, 1, 0)  # a changed bid is a change
    assert fetch(api, game["id"])["version"] == version + 1


def test_a_seat_refresh_ends_with_the_game(api: ApiClient, app: Flask) -> None:
    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True, rounds=1)
    token = seat_tokens(app, game["id"])[0]
    assert api.client.get(f"/bid/{token}/version").status_code == 200
    done = api.post(
        f"/api/v1/games/{game['id']}/rounds",
        {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
    )
    assert done.status_code == 201 and done.json["finished"] is True
    assert api.client.get(f"/bid/{token}/version").status_code == 404
    assert api.client.get("/bid/no-such-token/version").status_code == 404


def test_seat_links_asked_twice_are_the_same_links(api: ApiClient, app: Flask) -> None:
    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True)
    assert seat_tokens(app, game["id"]) == seat_tokens(app, game["id"])
