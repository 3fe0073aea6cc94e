"""Logins that end when they should: logging out, changing the password, "log out
everywhere", a remembered phone, API tokens revoked or gone stale, a password reset on
the machine. A stranger holding a copy of an old cookie or token gets nothing."""

from __future__ import annotations

from datetime import timedelta
from http.cookies import SimpleCookie
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.models import ApiToken, LoginSession, utcnow
from tests.conftest import PASSWORD, Table, csrf_token, page_errors

# Logins, tokens and their ends are rows: on every configured database.
pytestmark = pytest.mark.data_layer

NEW_PASSWORD = "a brand new passphrase"
REMEMBER = "scorekeeper_remember"


def logged_in(client: FlaskClient) -> bool:
    return client.get("/games").status_code == 200


def copy_of(app: Flask, client: FlaskClient) -> FlaskClient:
    """Another browser holding a copy of ``client``'s cookies (a stranger's copy)."""
    stranger = app.test_client()
    for cookie in client._cookies.values():
        stranger.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
    return stranger


def second_phone(app: Flask, remember: bool = False) -> Table:
    phone = Table(app, app.test_client())
    page = phone.client.get("/login")
    data = {"username": "ana", "password": PASSWORD, "csrf_token": csrf_token(page.text)}
    if remember:
        data["remember"] = "y"
    assert phone.client.post("/login", data=data).status_code == 302
    phone.token = csrf_token(phone.client.get("/account").text)
    return phone


def set_cookies(response: Any) -> dict[str, Any]:
    cookies: dict[str, Any] = {}
    for header in response.headers.getlist("Set-Cookie"):
        cookies.update(SimpleCookie(header))
    return cookies


def test_a_copy_of_the_cookie_is_refused_after_logout(app: Flask, table: Table) -> None:
    stranger = copy_of(app, table.client)
    assert stranger.get("/games").status_code == 200
    assert stranger.get("/export.json").status_code == 200
    table.post("/logout")
    assert stranger.get("/games").headers["Location"].startswith("/login")
    assert stranger.get("/export.json").status_code == 302
    assert not logged_in(table.client)


def test_the_remember_cookie_keeps_a_phone_logged_in_until_logout(app: Flask, table: Table) -> None:
    phone = second_phone(app, remember=True)
    cookie = phone.client.get_cookie(REMEMBER)
    assert cookie is not None and cookie.http_only
    # The browser is closed: its session cookie is gone, the remember cookie stays.
    later = app.test_client()
    later.set_cookie(REMEMBER, cookie.value)
    assert logged_in(later)
    stranger = app.test_client()
    stranger.set_cookie(REMEMBER, cookie.value)
    phone.token = csrf_token(later.get("/account").text)
    answer = Table(app, later)
    answer.token = phone.token
    response = answer.post("/logout")
    assert set_cookies(response)[REMEMBER]["max-age"] == "0"
    assert not logged_in(stranger)
    assert not logged_in(phone.client)


def test_without_keep_me_logged_in_there_is_no_remember_cookie(app: Flask, table: Table) -> None:
    phone = second_phone(app)
    assert phone.client.get_cookie(REMEMBER) is None


def test_changing_the_password_ends_every_other_login(app: Flask, table: Table) -> None:
    other = second_phone(app)
    remembered = second_phone(app, remember=True)
    remember_cookie = remembered.client.get_cookie(REMEMBER)
    assert remember_cookie is not None
    table.token = csrf_token(table.client.get("/account").text)
    response = table.post(
        "/account/password",
        {"current_password": PASSWORD, "new_password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert "Password changed" in table.client.get("/account").text
    assert logged_in(table.client)  # this one goes on
    assert not logged_in(other.client)
    assert not logged_in(remembered.client)
    stale = app.test_client()
    stale.set_cookie(REMEMBER, remember_cookie.value)
    assert not logged_in(stale)
    # The new password is the one that works.
    assert Table(app, app.test_client()).login("ana", PASSWORD).status_code == 422
    assert Table(app, app.test_client()).login("ana", NEW_PASSWORD).status_code == 302


@pytest.mark.parametrize(
    ("current", "new", "confirm", "field", "message"),
    [
        ("not it", NEW_PASSWORD, NEW_PASSWORD, "current", "That is not your current password"),
        (PASSWORD, NEW_PASSWORD, "something else", "confirm", "The passwords differ"),
        (PASSWORD, "short", "short", "new", "A password has at least 8 characters"),
        (PASSWORD, PASSWORD, PASSWORD, "new", "The new password is the one you have"),
        ("", NEW_PASSWORD, NEW_PASSWORD, "current", "This field is required."),
    ],
    ids=["wrong current", "differ", "too short", "the same", "no current"],
)
def test_a_refused_password_change_says_why_and_changes_nothing(
    app: Flask, table: Table, current: str, new: str, confirm: str, field: str, message: str
) -> None:
    other = second_phone(app)
    table.token = csrf_token(table.client.get("/account").text)
    response = table.post(
        "/account/password",
        {"current_password": current, "new_password": new, "confirm": confirm},
    )
    assert response.status_code == 422
    assert message in page_errors(response)
    assert logged_in(other.client)
    assert Table(app, app.test_client()).login("ana", PASSWORD).status_code == 302


def test_a_password_change_needs_csrf(app: Flask, table: Table) -> None:
    response = table.client.post(
        "/account/password",
        data={"current_password": PASSWORD, "new_password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert response.status_code == 400
    assert Table(app, app.test_client()).login("ana", PASSWORD).status_code == 302


def test_log_out_everywhere(app: Flask, table: Table) -> None:
    others = [second_phone(app), second_phone(app, remember=True)]
    table.token = csrf_token(table.client.get("/account").text)
    response = table.post("/account/logout-everywhere")
    assert response.headers["Location"] == "/login"
    assert not logged_in(table.client)
    assert not any(logged_in(phone.client) for phone in others)
    # Ben's logins are Ben's.
    with app.app_context():
        assert db.session.query(LoginSession).count() == 0


def test_a_login_unused_for_too_long_is_over(app: Flask, table: Table) -> None:
    with app.app_context():
        db.session.execute(update(LoginSession).values(last_seen_at=utcnow() - timedelta(hours=13)))
        db.session.commit()
    assert not logged_in(table.client)


def test_a_remembered_login_lasts_its_days(app: Flask, table: Table) -> None:
    phone = second_phone(app, remember=True)
    with app.app_context():
        db.session.execute(update(LoginSession).values(last_seen_at=utcnow() - timedelta(days=30)))
        db.session.commit()
    assert logged_in(phone.client)
    assert not logged_in(table.client)
    with app.app_context():
        db.session.execute(update(LoginSession).values(last_seen_at=utcnow() - timedelta(days=91)))
        db.session.commit()
    assert not logged_in(phone.client)


def test_a_cookie_from_before_the_upgrade_opens_nothing(app: Flask, table: Table) -> None:
    """Flask-Login's own session field (an account id) is no longer believed."""
    stranger = app.test_client()
    with stranger.session_transaction() as session:
        session["_user_id"] = "1"
        session["_fresh"] = True
    assert not logged_in(stranger)


# -- API tokens ------------------------------------------------------------------


def token_for(client: FlaskClient, name: str | None = None, agent: str = "curl/8.5") -> str:
    body = {"username": "ana", "password": PASSWORD}
    if name is not None:
        body["name"] = name
    response = client.post("/api/v1/tokens", json=body, headers={"User-Agent": agent})
    assert response.status_code == 201
    return str(response.json["token"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_account_page_lists_the_tokens_and_revokes_one(app: Flask, table: Table) -> None:
    laptop = token_for(table.client, "The club's laptop")
    script = token_for(table.client, agent="score-bot/1.0")
    assert table.client.get("/api/v1/games", headers=bearer(script)).status_code == 200
    page = table.client.get("/account").text
    assert "The club&#39;s laptop" in page and "score-bot/1.0" in page
    assert "not used yet" in page and "last used" in page
    with app.app_context():
        laptop_id = db.session.query(ApiToken).filter_by(name="The club's laptop").one().id
    # A revoke button carries CSRF.
    assert table.client.post(f"/account/tokens/{laptop_id}/revoke").status_code == 400
    table.token = csrf_token(page)
    response = table.post(f"/account/tokens/{laptop_id}/revoke")
    assert response.status_code == 302
    assert table.client.get("/api/v1/games", headers=bearer(laptop)).status_code == 401
    assert table.client.get("/api/v1/games", headers=bearer(script)).status_code == 200
    page = table.client.get("/account").text
    assert "The token is revoked" in page and "The club&#39;s laptop" not in page
    # Twice, or someone else's: said plainly, no error; an id no database holds: 404.
    response = table.post(f"/account/tokens/{laptop_id}/revoke", follow_redirects=True)
    assert response.status_code == 200
    assert "No such token" in response.text
    assert table.post(f"/account/tokens/{2**70}/revoke").status_code == 404


def test_the_api_revokes_its_own_token_and_others(
    app: Flask, client: FlaskClient, api: Any
) -> None:
    first, second = token_for(client), token_for(client)
    ben = client.post("/api/v1/tokens", json={"username": "ben", "password": PASSWORD})
    with app.app_context():
        ids = {row.token_hash: row.id for row in db.session.query(ApiToken)}
        ben_id = max(ids.values())
    assert ben.status_code == 201
    # Another account's token is no business of this one.
    answer = client.delete(f"/api/v1/tokens/{ben_id}", headers=bearer(first))
    assert answer.status_code == 404
    assert client.get("/api/v1/games", headers=bearer(ben.json["token"])).status_code == 200
    answer = client.delete("/api/v1/tokens/current", headers=bearer(first))
    assert answer.status_code == 204 and answer.data == b""
    assert client.get("/api/v1/games", headers=bearer(first)).status_code == 401
    assert client.delete("/api/v1/tokens/current", headers=bearer(first)).status_code == 401
    with app.app_context():
        second_id = db.session.query(ApiToken).filter(ApiToken.user_id == 1).one().id
    answer = client.delete(f"/api/v1/tokens/{second_id}", headers=bearer(second))
    assert answer.status_code == 204
    assert client.get("/api/v1/games", headers=bearer(second)).status_code == 401


def test_a_token_unused_for_90_days_expires(app: Flask, client: FlaskClient, api: Any) -> None:
    token = token_for(client)
    with app.app_context():
        db.session.execute(
            update(ApiToken).values(
                # Made within its lifetime (TOKEN_LIFETIME_DAYS, test_views_guards.py).
                created_at=utcnow() - timedelta(days=89, hours=12),
                last_used_at=utcnow() - timedelta(days=89),
            )
        )
        db.session.commit()
    assert client.get("/api/v1/games", headers=bearer(token)).status_code == 200
    with app.app_context():
        db.session.execute(update(ApiToken).values(last_used_at=utcnow() - timedelta(days=91)))
        db.session.commit()
    answer = client.get("/api/v1/games", headers=bearer(token))
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")


# -- on the machine ------------------------------------------------------------


def test_reset_password_ends_every_login_and_token(app: Flask, table: Table) -> None:
    token = token_for(table.client)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["reset-password", "ana"], input=NEW_PASSWORD + "\n")
    assert result.exit_code == 0, result.output
    assert not logged_in(table.client)
    assert table.client.get("/api/v1/games", headers=bearer(token)).status_code == 401
    assert Table(app, app.test_client()).login("ana", NEW_PASSWORD).status_code == 302


@pytest.mark.parametrize(
    ("name", "typed", "message"),
    [
        ("nobody", NEW_PASSWORD, "No account is called nobody"),
        ("ana", "short", "A password has at least 8 characters"),
    ],
    ids=["no such account", "too short"],
)
def test_reset_password_refusals(
    app: Flask, table: Table, name: str, typed: str, message: str
) -> None:
    result = app.test_cli_runner().invoke(args=["reset-password", name], input=typed + "\n")
    assert result.exit_code != 0
    assert message in result.output
    assert logged_in(table.client)
