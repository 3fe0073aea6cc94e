"""The first account, logging in and out."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import PASSWORD, Table, csrf_token, page_errors, setup_code


def test_a_fresh_install_asks_for_the_first_account(client: FlaskClient) -> None:
    for path in ("/", "/games", "/login", "/games/new"):
        response = client.get(path)
        assert response.status_code == 302
        assert response.headers["Location"] == "/welcome"
    page = client.get("/welcome").get_data(as_text=True)
    assert "Create the first account" in page


def test_the_first_account_is_created_and_logged_in(app: Flask, client: FlaskClient) -> None:
    code = setup_code(app)
    token = csrf_token(client.get("/welcome").get_data(as_text=True))
    response = client.post(
        "/welcome",
        data={
            "setup_code": code,
            "username": "ana",
            "password": PASSWORD,
            "confirm": PASSWORD,
            "csrf_token": token,
        },
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/games/new"
    assert client.get("/games/new").status_code == 200
    # Once there is an account, the welcome page is gone.
    assert client.get("/welcome").headers["Location"] == "/login"


@pytest.mark.parametrize(
    ("password", "confirm", "message"),
    [
        ("short", "short", "At least 8 characters"),
        (PASSWORD, "something else", "The passwords differ"),
        ("12345678", "12345678", "This is one of the most common passwords"),
    ],
    ids=["short password", "passwords differ", "a common password"],
)
def test_first_account_refusals_keep_the_username(
    app: Flask, client: FlaskClient, password: str, confirm: str, message: str
) -> None:
    code = setup_code(app)
    token = csrf_token(client.get("/welcome").get_data(as_text=True))
    response = client.post(
        "/welcome",
        data={
            "setup_code": code,
            "username": "Siôn",
            "password": password,
            "confirm": confirm,
            "csrf_token": token,
        },
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in page
    assert 'value="Siôn"' in page
    assert client.get("/").headers["Location"] == "/welcome"


def test_a_post_without_csrf_is_refused(client: FlaskClient) -> None:
    response = client.post(
        "/welcome", data={"username": "ana", "password": PASSWORD, "confirm": PASSWORD}
    )
    assert response.status_code == 400
    assert "nothing was saved" in response.get_data(as_text=True)
    assert client.get("/").headers["Location"] == "/welcome"


def test_login_and_logout(app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    table = Table(app, client)
    table.create_account("ana")
    assert client.get("/games").headers["Location"].startswith("/login")
    response = table.login("ana")
    assert response.status_code == 302
    assert client.get("/games").status_code == 200
    # Logging out needs a POST with CSRF: a link or a stray GET does nothing.
    assert client.get("/logout").status_code == 405
    assert client.post("/logout").status_code == 400
    assert client.get("/games").status_code == 200
    response = table.post("/logout")
    assert response.headers["Location"] == "/login"
    assert client.get("/games").status_code == 302


def test_a_wrong_password_says_so(app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    table = Table(app, client)
    table.create_account("ana")
    response = table.login("ana", "not the password")
    assert response.status_code == 422
    assert "That username and password do not match" in response.get_data(as_text=True)
    assert client.get("/games").status_code == 302


@pytest.mark.parametrize(
    ("next_url", "landing"),
    [
        ("/games/new", "/games/new"),
        ("https://evil.example/", "/games"),
        ("//evil.example/", "/games"),
        ("/\\evil.example", "/games"),
    ],
    ids=["own page", "other host", "scheme-relative", "backslash"],
)
def test_login_goes_back_only_to_this_site(
    app,
    client: FlaskClient,
    next_url: str,
    landing: str,  # type: ignore[no-untyped-def]
) -> None:
    table = Table(app, client)
    table.create_account("ana")
    token = csrf_token(client.get("/login").get_data(as_text=True))
    response = client.post(
        "/login",
        query_string={"next": next_url},
        data={"username": "ana", "password": PASSWORD, "csrf_token": token},
    )
    assert response.headers["Location"] == landing


@pytest.mark.parametrize(
    "code",
    ["", "AAAA-BBBB-CCCC", None],
    ids=["no code", "a guessed code", "no code made yet"],
)
def test_without_the_setup_code_no_first_account(
    app: Flask, client: FlaskClient, code: str | None
) -> None:
    if code is not None:
        setup_code(app)
    token = csrf_token(client.get("/welcome").get_data(as_text=True))
    response = client.post(
        "/welcome",
        data={
            "setup_code": "AAAA-BBBB-CCCC" if code is None else code,
            "username": "ana",
            "password": PASSWORD,
            "confirm": PASSWORD,
            "csrf_token": token,
        },
    )
    assert response.status_code == 422
    message = "This field is required." if code == "" else "That is not this install's setup code"
    assert any(message in error for error in page_errors(response))
    assert client.get("/").headers["Location"] == "/welcome"


def test_the_setup_code_is_typed_as_people_type_it_and_works_once(
    app: Flask, client: FlaskClient
) -> None:
    code = setup_code(app)
    token = csrf_token(client.get("/welcome").get_data(as_text=True))
    data = {"username": "ana", "password": PASSWORD, "confirm": PASSWORD, "csrf_token": token}
    typed = " " + code.lower().replace("-", " ") + " "
    assert client.post("/welcome", data={**data, "setup_code": typed}).status_code == 302
    assert not (Path(app.config["SETUP_CODE_FILE"])).exists()
