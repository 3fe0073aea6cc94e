"""Names people can read, files only their owner reads, and the smaller guards: HSTS over
HTTPS, a watch page's ETag that names no game, a ``next`` that cannot break a redirect."""

from __future__ import annotations

import html
import stat
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import Player, User
from tests.conftest import PASSWORD, Table, csrf_token, page_errors

# -- usernames -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("ＡＤＭＩＮ", "The username ADMIN is taken"),
        ("Admin", "The username Admin is taken"),
        ("admin\u202e", "“admin” has an invisible character (U+202E)"),
        ("\u2060", "A name needs at least one letter, digit or sign you can see"),
        ("ad\u200bmin", "“admin” has an invisible character (U+200B)"),
    ],
    ids=["full width", "capital", "right-to-left override", "word joiner", "zero width"],
)
@pytest.mark.data_layer
def test_a_look_alike_username_is_refused(app: Flask, username: str, message: str) -> None:
    with app.test_request_context():
        services.create_user("admin", PASSWORD)
        with pytest.raises(services.AccountError) as refused:
            services.create_user(username, PASSWORD)
        assert refused.value.message == message
        assert db.session.query(User).count() == 1


def test_a_username_is_kept_as_people_read_it(app: Flask) -> None:
    with app.test_request_context():
        user = services.create_user("  Ａｎａ  Lúcia ", PASSWORD)
        assert user.username == "Ana Lúcia"
        assert user.username_key == "ana lúcia"


@pytest.mark.data_layer
@pytest.mark.parametrize("typed", ["ana", "ANA", "ａｎａ", " Ana "], ids=repr)
def test_logging_in_takes_the_username_however_it_is_typed(
    app: Flask, client: FlaskClient, typed: str
) -> None:
    table = Table(app, client)
    table.create_account("Ana")
    assert table.login(typed).status_code == 302
    assert "Signed in as Ana." in client.get("/games").text


def test_wrong_guesses_count_for_the_account_however_typed(app: Flask) -> None:
    with app.app_context():
        for typed in ("ana", "ANA", "ａｎａ"):
            services.claim_login_attempt(typed)
        from scorekeeper.models import LoginAttempt

        assert db.session.get(LoginAttempt, "ana").failures == 3


# -- player names ----------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["\u2060", "Ben\u202e", "\u200b\u200b", "Ben\x1b"],
    ids=["word joiner", "override", "zero width only", "escape"],
)
def test_a_player_nobody_can_read_is_refused(app: Flask, table: Table, name: str) -> None:
    response = table.post(
        "/games/new",
        {"players-0": "Ana", "players-1": name, "players-2": "Cai", "first_dealer": "0"},
    )
    assert response.status_code == 422
    shown = " ".join(page_errors(response)) + html.unescape(response.text)
    assert "has an invisible character" in shown or "you can see" in shown
    with app.app_context():
        assert db.session.query(Player).count() == 0


def test_a_players_name_is_kept_as_people_read_it(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ａｎａ", "Ben", "Cai"])
    with app.app_context():
        names = {p.name for p in db.session.query(Player)}
    assert names == {"Ana", "Ben", "Cai"}
    assert "Ａｎａ" not in table.client.get(f"/games/{game_id}").text


def test_renaming_a_player_to_nothing_readable_is_refused(app: Flask, table: Table) -> None:
    table.new_game(["Ana", "Ben", "Cai"])
    with app.app_context():
        ben = db.session.query(Player).filter_by(name="Ben").one().id
    page = table.client.get(f"/players/{ben}")
    table.token = csrf_token(page.text)
    response = table.post(f"/players/{ben}", {"action": "rename", "rename-name": "\u2060\u2060"})
    assert response.status_code == 422
    assert any("letter, digit or sign you can see" in e for e in page_errors(response))
    with app.app_context():
        assert db.session.get(Player, ben).name == "Ben"


# -- files for their owner alone -------------------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_and_its_logs_are_the_owners_alone(tmp_path: Path) -> None:
    database = tmp_path / "fresh.sqlite3"
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"}
    )
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        db.session.execute(db.text("SELECT 1"))
        assert mode(database) == 0o600
        for log in (Path(f"{database}-wal"), Path(f"{database}-shm")):
            if log.exists():
                assert mode(log) == 0o600
        db.engine.dispose()


def test_an_old_world_readable_database_is_made_private(tmp_path: Path) -> None:
    database = tmp_path / "old.sqlite3"
    database.touch(mode=0o644)
    database.chmod(0o644)
    create_app(
        {"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"}
    )
    assert mode(database) == 0o600


def test_a_backup_is_the_owners_alone(app: Flask, table: Table, tmp_path: Path) -> None:
    target = tmp_path / "backup.sqlite3"
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    assert mode(target) == 0o600


# -- HTTPS, the watch page, next ---------------------------------------------------


def test_hsts_only_over_https(client: FlaskClient, table: Table) -> None:
    assert "Strict-Transport-Security" not in client.get("/login").headers
    secure = client.get("/games", base_url="https://scores.example")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    # A forwarded header from anyone is not believed without TRUST_PROXY.
    spoofed = client.get("/login", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in spoofed.headers


def test_hsts_behind_a_trusted_proxy(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.sqlite3'}",
            "TRUST_PROXY": 1,
        }
    )
    answer = app.test_client().get("/referee", headers={"X-Forwarded-Proto": "https"})
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_the_watch_pages_etag_names_no_game(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    with app.app_context():
        token = services.share_game(services.get_game(services.user_named("ana"), game_id))
    watcher = app.test_client()
    first = watcher.get(f"/watch/{token}")
    tag = first.headers["ETag"]
    assert game_id not in tag
    assert watcher.get(f"/watch/{token}", headers={"If-None-Match": tag}).status_code == 304
    # Another install (another secret) derives another tag for the same game.
    app.config["SECRET_KEY"] = "another install"
    assert watcher.get(f"/watch/{token}").headers["ETag"] != tag


@pytest.mark.parametrize(
    "next_url",
    [
        "/games\r\nSet-Cookie: x=1",
        "/games\nLocation: http://evil.example",
        "/\x00",
        "/" + "a" * 5000,
    ],
    ids=["CR LF", "LF", "NUL", "very long"],
)
def test_a_next_that_cannot_be_a_header_is_ignored(
    app: Flask, client: FlaskClient, next_url: str
) -> None:
    Table(app, client).create_account("ana")
    token = csrf_token(client.get("/login").text)
    response = client.post(
        "/login",
        query_string={"next": next_url},
        data={"username": "ana", "password": PASSWORD, "csrf_token": token},
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/games"
