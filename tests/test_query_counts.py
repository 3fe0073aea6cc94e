"""Every page sends a fixed number of SQL statements, whatever the size of the game or
the number of games: a 3-player game in round 1 costs the database what a 6-player game
in round 10 does. (A count is not noisy, so it is a test; timings are in bench/.)"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.database import counting_statements
from scorekeeper.extensions import db
from scorekeeper.models import User
from tests.conftest import Table

pytestmark = pytest.mark.data_layer


def statements(app: Flask, request: Callable[[], Any]) -> list[str]:
    """The statements of one request, in the steady state (asked once before)."""
    assert request().status_code == 200
    with counting_statements(app) as sent:
        assert request().status_code == 200
    return sent


def play(owner: User, players: int, rounds: int) -> services.StoredGame:
    """A Wizard game with ``rounds`` rounds recorded (all tricks to one seat: legal)."""
    names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"][:players]
    record = services.create_game(owner, "wizard", names, 0, {"hook": False})
    for number in range(1, rounds + 1):
        tricks = [0] * players
        tricks[number % players] = number
        record = services.record_round(
            record, {"trump": "none", "bids": list(tricks), "tricks": tricks}
        )
    return record


def owner(username: str) -> User:
    user: User = db.session.scalar(select(User).where(User.username == username))
    return user


GAMES = {
    "3 players, round 1": (3, 0),
    "3 players, round 2": (3, 1),
    "6 players, round 10": (6, 9),
    "6 players, finished": (6, 10),
}

# Each page as its reader asks for it: the scorekeeper logged in, a watcher with the link
# only, an API client with its token.
Ask = Callable[["Readers", dict[str, str]], Any]
PAGES: dict[str, Ask] = {
    "game page": lambda r, g: r.table.client.get(f"/games/{g['id']}"),
    "round screen": lambda r, g: r.table.client.get(f"/games/{g['id']}/rounds/new"),
    "edit page": lambda r, g: r.table.client.get(f"/games/{g['id']}/rounds/1/edit"),
    "watch board": lambda r, g: r.watcher.get(f"/watch/{g['watch']}"),
    "watch refresh": lambda r, g: r.watcher.get(f"/watch/{g['watch']}/version"),
    "API game": lambda r, g: r.table.client.get(
        f"/api/v1/games/{g['id']}", headers={"Authorization": f"Bearer {r.token}"}
    ),
}


class Readers:
    def __init__(self, table: Table, watcher: FlaskClient, token: str) -> None:
        self.table, self.watcher, self.token = table, watcher, token


@pytest.mark.parametrize("page", list(PAGES), ids=list(PAGES))
def test_a_page_sends_as_many_statements_for_a_big_game_as_for_a_small_one(
    app: Flask, table: Table, page: str
) -> None:
    with app.app_context():
        ana = owner("ana")
        readers = Readers(table, app.test_client(), services.issue_token(ana))
        games = {}
        for name, (players, rounds) in GAMES.items():
            record = play(ana, players, rounds)
            games[name] = {"id": record.id, "watch": services.share_game(record)}
    if page == "round screen":  # a finished game has no next round to enter
        del games["6 players, finished"]
    if page == "edit page":  # a game in round 1 has no round to correct yet
        del games["3 players, round 1"]
    ask = PAGES[page]
    counts = {
        name: statements(app, lambda game=game: ask(readers, game)) for name, game in games.items()
    }
    sizes = {name: len(sent) for name, sent in counts.items()}
    assert len(set(sizes.values())) == 1, (sizes, counts)


def test_the_games_list_sends_as_many_statements_for_twenty_games_as_for_one(
    app: Flask, table: Table
) -> None:
    with app.app_context():
        play(owner("ana"), 3, 1)
    one = statements(app, lambda: table.client.get("/games"))
    with app.app_context():
        ana = owner("ana")
        for n in range(19):
            play(ana, 3 + n % 4, n % 10)
    twenty = statements(app, lambda: table.client.get("/games"))
    assert len(one) == len(twenty), (one, twenty)


@pytest.mark.parametrize(
    "small, big",
    [((3, 0), (6, 8)), ((3, 19), (6, 9))],
    ids=["a round in the game", "the round that ends the game"],
)
def test_submitting_a_round_sends_as_many_statements_for_a_big_game_as_for_a_small_one(
    app: Flask, table: Table, small: tuple[int, int], big: tuple[int, int]
) -> None:
    """(The round that ends a game writes a little more than the others, its winners:
    so each is compared with its own kind.)"""

    def submit(players: int, rounds: int) -> list[str]:
        with app.app_context():
            record = play(owner("ana"), players, rounds)
            game_id, version = record.id, record.row.version
            dealer = record.state.next_round.dealer
        data = {"version": str(version), "key": secrets.token_hex(16), "dealer": str(dealer)}
        for seat in range(players):
            data[f"bid_{seat}"] = data[f"tricks_{seat}"] = str(rounds + 1 if seat == 0 else 0)
        data["turned"] = "jester"
        with counting_statements(app) as sent:
            answer = table.post(f"/games/{game_id}/rounds/new", data)
        assert answer.status_code == 302, answer.get_data(as_text=True)
        return sent

    # Once each first: the same steady state for both (every player has finished a game
    # before, so each has a summary to update rather than one to count afresh).
    submit(*small)
    submit(*big)
    few, many = submit(*small), submit(*big)
    assert len(few) == len(many), (few, many)


def test_the_history_pages_send_as_many_statements_for_many_games_as_for_few(
    app: Flask, table: Table
) -> None:
    """The games list (first and last page, one player's), the nights, a night and a
    player: no statement per game, per night or per page (bench/history.py at 10,000)."""
    from scorekeeper.models import Night, Player

    def pages() -> dict[str, str]:
        with app.app_context():
            ana = owner("ana")
            night = db.session.scalar(select(Night.id).where(Night.owner_id == ana.id))
            player = db.session.scalar(
                select(Player.id).where(Player.owner_id == ana.id, Player.name == "Ana")
            )
        return {
            "games list": "/games",
            "last page": "/games?page=99",
            "a player's games": f"/games?player={player}",
            "nights": "/nights",
            "a night": f"/nights/{night}",
            "a player": f"/players/{player}",
        }

    with app.app_context():
        play(owner("ana"), 3, 2)
    few = {
        name: statements(app, lambda url=url: table.client.get(url))
        for name, url in pages().items()
    }
    with app.app_context():
        ana = owner("ana")
        for n in range(45):  # three pages of games, every size of game
            play(ana, 3 + n % 4, n % 10)
    many = {
        name: statements(app, lambda url=url: table.client.get(url))
        for name, url in pages().items()
    }
    assert {k: len(v) for k, v in few.items()} == {k: len(v) for k, v in many.items()}, (few, many)


def test_a_watchers_reload_of_an_unchanged_board_is_one_statement_and_no_board(
    app: Flask, table: Table
) -> None:
    with app.app_context():
        record = play(owner("ana"), 6, 9)
        token = services.share_game(record)
    watcher = app.test_client()
    first = watcher.get(f"/watch/{token}")
    assert first.status_code == 200
    with counting_statements(app) as sent:
        again = watcher.get(f"/watch/{token}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert len(sent) == 1, sent


# What every page costs the database before it shows anything: its login, one statement
# (the login's key and its account, together). A page's own statements come after it.
FIXED_COUNTS = {"empty page": 1, "round screen": 4, "scoreboard": 5}


def add_empty_page(app: Flask) -> None:
    """The site's frame and nothing in it, for a logged-in account (as bench/ times it)."""
    from flask import render_template
    from flask_login import login_required
    from jinja2 import ChoiceLoader, DictLoader

    app.jinja_env.loader = ChoiceLoader(
        [DictLoader({"tests/empty.html": '{% extends "base.html" %}'}), app.jinja_env.loader]
    )

    @login_required
    def empty() -> str:
        return render_template("tests/empty.html")

    app.add_url_rule("/tests/empty", "tests_empty", empty)


def test_a_logged_in_page_asks_the_database_once_for_its_login_and_a_fixed_number_in_all(
    app: Flask, request: pytest.FixtureRequest
) -> None:
    add_empty_page(app)  # before the app's first request: the login
    table: Table = request.getfixturevalue("table")
    with app.app_context():
        game_id = play(owner("ana"), 6, 9).id
    urls = {
        "empty page": "/tests/empty",
        "round screen": f"/games/{game_id}/rounds/new",
        "scoreboard": f"/games/{game_id}",
    }
    sent = {
        name: statements(app, lambda url=url: table.client.get(url)) for name, url in urls.items()
    }
    assert {name: len(found) for name, found in sent.items()} == FIXED_COUNTS, sent
    for found in sent.values():
        logins = [s for s in found if "login_sessions" in s]
        assert len(logins) == 1 and "users" in logins[0], found
        assert not any("count(" in s.lower() for s in found), found


def test_a_page_asked_without_a_login_still_leads_a_fresh_install_to_its_first_account(
    app: Flask, client: FlaskClient
) -> None:
    """The count of accounts is asked only when nobody is logged in."""
    answer = client.get("/games")
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith("/welcome")
