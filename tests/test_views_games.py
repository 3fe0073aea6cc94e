"""Setting up a game, the list of games, the scoreboard."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game
from tests.conftest import Table


def text(response) -> str:  # type: ignore[no-untyped-def]
    return response.get_data(as_text=True)


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.query(Game).count()


def test_new_game_page_offers_names_used_before(table: Table) -> None:
    table.new_game(["Ana", "Siôn", "Νίκος"])
    page = text(table.client.get("/games/new"))
    for name in ("Ana", "Siôn", "Νίκος"):
        assert f'<option value="{name}">' in page
    assert "Draw at random" in page
    assert 'name="hook"' in page


def test_a_new_game_starts_at_round_one(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai", "Dee"], first_dealer=2, hook=True)
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Round 1 of 15" in page
    assert re.search(r"<dt>Dealer</dt><dd>Cai</dd>", page)
    assert re.search(r"<dt>Bids first</dt><dd>Dee</dd>", page)
    assert "Enter round 1" in page


def test_a_random_first_dealer_is_one_of_the_players(table: Table, app: Flask) -> None:
    data = {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai", "first_dealer": "random"}
    dealers = set()
    for _ in range(12):
        response = table.post("/games/new", data)
        game_id = response.headers["Location"].rsplit("/", 1)[-1]
        with app.app_context():
            dealers.add(db.session.get(Game, game_id).first_dealer)
    assert dealers <= {0, 1, 2}
    assert len(dealers) > 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players-0": "Ana", "players-1": "Ben"}, "Wizard is played by 3 to 6 players, not 2"),
        (
            {"players-0": "Ana", "players-1": "Ben", "players-2": "ana"},
            "ana is at the table twice",
        ),
        (
            {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai", "rounds": "21"},
            "A game of 3 players has 1 to 20 rounds",
        ),
        (
            {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai", "rounds": "many"},
            "Not a valid integer value",
        ),
        (
            {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai", "first_dealer": "9"},
            "Not a valid choice",
        ),
        (
            {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai", "first_dealer": "4"},
            "There is no seat 5 at this table to deal first",
        ),
    ],
    ids=[
        "two players",
        "same name",
        "too many rounds",
        "rounds not a number",
        "no such seat",
        "empty seat",
    ],
)
def test_new_game_refusals_keep_what_was_typed(
    table: Table, app: Flask, data: dict[str, str], message: str
) -> None:
    response = table.post("/games/new", {"first_dealer": "0", **data})
    page = text(response)
    assert response.status_code == 422
    assert message in page
    assert 'value="Ben"' in page
    assert game_count(app) == 0


def test_the_games_list_shows_running_and_finished_games(table: Table) -> None:
    running = table.new_game(["Ana", "Ben", "Cai"])
    finished = table.new_game(["Dee", "Eli", "Fay"], rounds=1)
    table.post(
        f"/games/{finished}/rounds/new",
        {
            "turned": "s",
            "bid_0": "1",
            "bid_1": "0",
            "bid_2": "0",
            "tricks_0": "1",
            "tricks_1": "0",
            "tricks_2": "0",
        },
    )
    page = " ".join(text(table.client.get("/games")).split())
    assert f"/games/{running}" in page and f"/games/{finished}" in page
    assert "2 games." in page
    assert "Won by Dee with 30" in page
    assert "Round 1 of 20" in page


def test_another_accounts_game_is_not_found(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    table.post("/logout")
    table.login("ben")
    for path in (f"/games/{game_id}", f"/games/{game_id}/rounds/new"):
        assert table.client.get(path).status_code == 404
    assert table.post(f"/games/{game_id}/rounds/1/undo").status_code == 404
    assert game_id not in text(table.client.get("/games"))
    assert table.client.get("/games/no-such-game").status_code == 404


def test_pages_need_a_login(app: Flask, client) -> None:  # type: ignore[no-untyped-def]
    table = Table(app, client)
    table.create_account("ana")
    with app.app_context():
        ana = services.authenticate("ana", "correct horse")
        game_id = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"]).id
    for path in ("/games", "/games/new", f"/games/{game_id}", f"/games/{game_id}/rounds/new"):
        response = client.get(path)
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/login")


def test_names_are_escaped_everywhere(table: Table) -> None:
    hostile = "<script>alert(1)</script>"
    game_id = table.new_game([hostile, "Ben", "Cai"])
    for path in ("/games", f"/games/{game_id}", f"/games/{game_id}/rounds/new", "/games/new"):
        page = text(table.client.get(path))
        assert hostile not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
