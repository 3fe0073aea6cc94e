"""The smaller guards: the instance folder its owner's alone, answers no cache keeps
(seat pages, exports, the API), seat links that end with the game and with the watch
link, API tokens that end however much they are used."""

from __future__ import annotations

import html
import stat
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import ApiToken, utcnow
from tests.conftest import PASSWORD, Table, csrf_token


def owner_game(app: Flask, game_id: str) -> services.StoredGame:
    owner = services.user_named("ana")
    assert owner is not None
    return services.get_game(owner, game_id)


# -- the instance folder -------------------------------------------------------------


@pytest.mark.parametrize("old_mode", [0o755, 0o775, 0o777], ids=oct)
def test_the_instance_folder_is_made_its_owners_alone_at_start(
    tmp_path: Path, old_mode: int
) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    instance.chmod(old_mode)
    from scorekeeper import keep_instance_private

    keep_instance_private(instance)
    assert stat.S_IMODE(instance.stat().st_mode) == 0o700


def test_the_app_and_its_commands_make_the_instance_folder_private(tmp_path: Path) -> None:
    """The factory runs for the served app and for every flask command alike."""
    config = {"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    instance = Path(create_app(config).instance_path)
    instance.mkdir(exist_ok=True)
    instance.chmod(0o755)
    create_app(config)
    assert stat.S_IMODE(instance.stat().st_mode) == 0o700


# -- answers no cache keeps ------------------------------------------------------------


@pytest.fixture
def hidden_game(app: Flask, table: Table) -> str:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        options = {"hidden_bids": True, "rounds": 1}
        return services.create_game(owner, "wizard", ["Ana", "Ben", "Cai"], 0, options).id


def seat_tokens(app: Flask, game_id: str) -> dict[int, str]:
    with app.app_context():
        return services.seat_links(owner_game(app, game_id))


def test_a_seat_page_is_never_kept(app: Flask, table: Table, hidden_game: str) -> None:
    token = seat_tokens(app, hidden_game)[1]
    phone = app.test_client()  # the player's own phone: no account
    page = phone.get(f"/bid/{token}")
    assert page.status_code == 200
    assert page.headers["Cache-Control"] == "no-store"
    bid = phone.post(
        f"/bid/{token}",
        data={"csrf_token": csrf_token(page.text), "number": "1", "bid": "1"},
    )
    assert bid.headers["Cache-Control"] == "no-store"
    assert phone.get(f"/bid/{token}").headers["Cache-Control"] == "no-store"


def test_exports_and_an_accounts_answers_are_never_kept(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    for url in ("/export.json", f"/games/{game_id}/export.csv", "/games", f"/games/{game_id}"):
        answer = table.client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["Cache-Control"] == "no-store", url


def test_the_apis_answers_are_never_kept(app: Flask, api: Any) -> None:
    made = api.client.post("/api/v1/tokens", json={"username": "ana", "password": PASSWORD})
    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    api.login()
    for answer in (
        api.get("/api/v1/games"),
        api.post("/api/v1/games", {"players": ["A", "B", "C"]}),
    ):
        assert answer.headers["Cache-Control"] == "no-store"


def test_static_files_and_the_public_pages_keep_their_own(
    client: FlaskClient, table: Table
) -> None:
    """Logged in too: a file anyone may have keeps its own, a watch board its own."""
    answer = table.client.get("/static/app.css")
    assert answer.status_code == 200
    assert "no-store" not in answer.headers["Cache-Control"]
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    table.post(f"/games/{game_id}/share")
    with table.app.app_context():
        token = owner_game(table.app, game_id).row.watch_token
    board = client.get(f"/watch/{token}")
    assert board.status_code == 200 and board.headers["Cache-Control"] == "no-cache"


# -- seat links end ---------------------------------------------------------------------


def test_a_seat_link_ends_when_the_game_ends(app: Flask, table: Table, hidden_game: str) -> None:
    tokens = seat_tokens(app, hidden_game)
    phone = app.test_client()
    assert phone.get(f"/bid/{tokens[0]}").status_code == 200
    with app.app_context():
        record = owner_game(app, hidden_game)
        services.record_round(
            record, {"trump": "hearts", "turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
        )
        assert owner_game(app, hidden_game).state.finished
    for token in tokens.values():
        assert phone.get(f"/bid/{token}").status_code == 404
        assert phone.get(f"/bid/{token}/version").status_code == 404


def test_revoking_the_watch_link_revokes_the_seat_links(
    app: Flask, table: Table, hidden_game: str
) -> None:
    tokens = seat_tokens(app, hidden_game)
    share = table.client.get(f"/games/{hidden_game}/share")
    table.token = csrf_token(share.text)
    table.post(f"/games/{hidden_game}/share")
    revoked = table.post(f"/games/{hidden_game}/share/revoke", follow_redirects=True)
    assert "The watch link is revoked, and the players' own bidding links with it" in html.unescape(
        revoked.text
    )
    phone = app.test_client()
    for token in tokens.values():
        assert phone.get(f"/bid/{token}").status_code == 404
    fresh = seat_tokens(app, hidden_game)  # asked for again: new links
    assert set(fresh.values()).isdisjoint(tokens.values())
    assert phone.get(f"/bid/{fresh[0]}").status_code == 200


# -- tokens end -----------------------------------------------------------------------


def test_a_token_ends_after_its_lifetime_however_much_it_is_used(app: Flask, api: Any) -> None:
    api.login()
    assert api.get("/api/v1/games").status_code == 200
    with app.app_context():
        db.session.execute(
            update(ApiToken).values(
                created_at=utcnow() - timedelta(days=app.config["TOKEN_LIFETIME_DAYS"], minutes=1),
                last_used_at=utcnow(),
            )
        )
        db.session.commit()
    assert api.get("/api/v1/games").status_code == 401


def test_the_account_page_says_when_each_token_ends(app: Flask, table: Table) -> None:
    with app.app_context():
        user = services.user_named("ana")
        assert user is not None
        services.issue_token(user, "Club laptop")
        db.session.execute(update(ApiToken).values(created_at=utcnow().replace(2026, 12, 1)))
        db.session.commit()
    page = " ".join(html.unescape(table.client.get("/account").text).split())
    assert "Club laptop" in page
    assert "Made 1 December 2026 · not used yet · ends 1 March 2027" in page
    assert "every token 90 days after it was made" in page
