"""Device budgets that end, and counts every worker and server shares.

A browser that logged in before has a count of password attempts of its own (so that a
stranger's guesses never keep the owner's phone waiting): kept on the server, a few an
account, ended by a password change or "Log out everywhere", counted apart from every
username. Rate limits and bounds are kept in the database, so two servers on one
database share them (each test's second app is a second server).
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, passwords, services
from scorekeeper.extensions import db
from scorekeeper.models import KnownDevice, LoginAttempt
from tests.conftest import FAST_HASH, PASSWORD, csrf_token, setup_code

DEVICE = "scorekeeper_device"


def log_in(client: FlaskClient, username: str = "ana", password: str = PASSWORD) -> int:
    token = csrf_token(client.get("/login").get_data(as_text=True))
    data = {"username": username, "password": password, "csrf_token": token}
    return client.post("/login", data=data).status_code


def fill_the_usernames_count(app: Flask) -> None:
    """A stranger's wrong guesses, until the username's count makes everyone wait."""
    stranger = app.test_client()
    for _ in range(int(app.config["LOGIN_FREE_ATTEMPTS"]) + 1):
        log_in(stranger, password="wrong guess")
    assert log_in(stranger, password="wrong guess") == 429


def known_phone(app: Flask) -> FlaskClient:
    """A phone that logged in (and out again: it stays a known device)."""
    phone = app.test_client()
    assert log_in(phone) == 302
    assert phone.get_cookie(DEVICE) is not None
    log_out(phone)
    return phone


def log_out(phone: FlaskClient) -> None:
    phone.post("/logout", data={"csrf_token": csrf_token(phone.get("/account").text)})


@pytest.fixture
def ana(app: Flask) -> None:
    with app.app_context():
        services.create_user("ana", PASSWORD)


@pytest.mark.data_layer
@pytest.mark.usefixtures("ana")
def test_a_known_device_is_kept_on_the_server_and_logs_in_past_a_stranger(app: Flask) -> None:
    phone = known_phone(app)
    with app.app_context():
        row = db.session.query(KnownDevice).one()
        cookie = phone.get_cookie(DEVICE)
        assert cookie is not None and cookie.value not in row.key_hash  # only its hash
    fill_the_usernames_count(app)
    assert log_in(phone) == 302


@pytest.mark.usefixtures("ana")
def test_a_password_change_ends_every_known_device(app: Flask) -> None:
    phone = known_phone(app)
    assert log_in(phone) == 302
    token = csrf_token(phone.get("/account").get_data(as_text=True))
    changed = phone.post(
        "/account/password",
        data={
            "current_password": PASSWORD,
            "new_password": "a new song of birds",
            "confirm": "a new song of birds",
            "csrf_token": token,
        },
    )
    assert changed.status_code == 302
    with app.app_context():
        assert db.session.query(KnownDevice).count() == 0
    fill_the_usernames_count(app)
    log_out(phone)
    # Its old cookie has no count of its own any more: it waits like anyone.
    assert log_in(phone, password="a new song of birds") == 429


@pytest.mark.usefixtures("ana")
def test_log_out_everywhere_ends_every_known_device(app: Flask) -> None:
    phones = [known_phone(app) for _ in range(2)]
    assert log_in(phones[0]) == 302
    token = csrf_token(phones[0].get("/account").get_data(as_text=True))
    assert phones[0].post("/account/logout-everywhere", data={"csrf_token": token}).status_code
    with app.app_context():
        assert db.session.query(KnownDevice).count() == 0
    fill_the_usernames_count(app)
    assert [log_in(phone) for phone in phones] == [429, 429]


@pytest.mark.usefixtures("ana")
def test_reset_password_ends_every_known_device(app: Flask) -> None:
    known_phone(app)
    with app.app_context():
        services.reset_password("ana", "a new song of birds")
        assert db.session.query(KnownDevice).count() == 0


@pytest.mark.usefixtures("ana")
def test_an_account_keeps_a_few_devices_the_least_recently_used_dropped(app: Flask) -> None:
    app.config["DEVICES_PER_ACCOUNT"] = 3
    phones = [known_phone(app) for _ in range(5)]
    with app.app_context():
        assert db.session.query(KnownDevice).count() == 3
    fill_the_usernames_count(app)
    assert [log_in(phone) for phone in phones] == [429, 429, 302, 302, 302]


@pytest.mark.data_layer
@pytest.mark.usefixtures("ana")
def test_no_username_reaches_a_devices_count(app: Flask) -> None:
    """The old count of a device was named "ana|<device>", which the username
    "ana|<device>" shared: now the devices' counts are a table of their own."""
    phone = known_phone(app)
    cookie = phone.get_cookie(DEVICE)
    assert cookie is not None
    with app.app_context():
        for _ in range(15):
            services.claim_login_attempt(f"ana|{cookie.value}")
            services.claim_login_attempt(f"ana|{cookie.value[:16]}")
        assert all(row.failures == 0 for row in db.session.query(KnownDevice))
        assert db.session.get(LoginAttempt, "ana") is None
    fill_the_usernames_count(app)
    assert log_in(phone) == 302


@pytest.mark.usefixtures("ana")
def test_a_devices_own_count_has_its_waits(app: Flask) -> None:
    phone = known_phone(app)
    statuses = [log_in(phone, password="wrong") for _ in range(12)]
    assert statuses[:10] == [422] * 10 and statuses[-1] == 429


def test_a_forged_device_cookie_is_no_device(app: Flask, ana: None) -> None:
    fill_the_usernames_count(app)
    stranger = app.test_client()
    stranger.set_cookie(DEVICE, "x" * 32)
    assert log_in(stranger) == 429


# -- counts shared by every worker and server ------------------------------------------


def second_server(app: Flask) -> Flask:
    """Another server process on the same database (its own engine, its own memory)."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
            "PASSWORD_HASH_METHOD": FAST_HASH,
            "SETUP_CODE_FILE": app.config["SETUP_CODE_FILE"],
        }
    )


@pytest.mark.data_layer
def test_a_rate_limit_holds_across_servers(app: Flask) -> None:
    other = second_server(app)
    answers = []
    for n in range(6):
        server = (app, other)[n % 2]
        with server.app_context():
            answers.append(services.counts.take("test-limit:192.0.2.1", 4, 60))
    assert answers[:4] == [0, 0, 0, 0] and all(1 <= wait <= 60 for wait in answers[4:])
    with other.app_context():
        assert services.counts.take("test-limit:192.0.2.2", 4, 60) == 0  # another address
        # The window over, counting starts again.
        assert services.counts.take("test-limit:192.0.2.1", 4, 60, now=int(time.time()) + 61) == 0
        db.engine.dispose()


@pytest.mark.data_layer
def test_blank_sheets_for_strangers_are_counted_across_servers(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper import pdf

    monkeypatch.setattr(pdf, "render_pdf", lambda *a, **k: b"%PDF-1.7 test")
    other = second_server(app)
    for server in (app, other):
        server.config["BLANK_SHEETS_PER_MINUTE"] = 2
    statuses = []
    for n, server in enumerate((app, other, app, other)):
        url = (
            "/sheets/blank.pdf?game=wizard&players=4&paper=a4"
            f"&names-0=Ana{n}&names-1=Ben&names-2=Cai&names-3=Dee&first_dealer=1"
        )
        statuses.append(server.test_client().get(url).status_code)
    with other.app_context():
        db.engine.dispose()
    assert statuses == [200, 200, 429, 429]


@pytest.mark.data_layer
def test_password_hashes_at_once_are_bounded_across_servers(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = second_server(app)
    running, most = 0, 0
    lock = threading.Lock()

    def slow_check(stored: str, password: str) -> bool:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.2)
        with lock:
            running -= 1
        return False

    monkeypatch.setattr(passwords, "check_password_hash", slow_check)

    def check(server: Flask) -> None:
        with server.app_context():
            passwords.check("pbkdf2:sha256:1000$x$y", "guess")

    # Each server allows 2 in its own process: 4 together without the database's turns.
    threads = [threading.Thread(target=check, args=((app, other)[i % 2],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with other.app_context():
        db.engine.dispose()
    assert most == app.config["PASSWORD_HASHING_AT_ONCE"] == 2


def test_a_turn_whose_holder_died_is_free_after_its_lease(app: Flask) -> None:
    with app.app_context():
        held = services.counts._take_turn(["test-turn:0"], "dead", lease=1)
        assert held == "test-turn:0"
        assert services.counts._take_turn(["test-turn:0"], "next", lease=1) is None
        time.sleep(2.1)
        assert services.counts._take_turn(["test-turn:0"], "next", lease=1) == "test-turn:0"


# -- the setup code --------------------------------------------------------------------


def welcome(client: FlaskClient, code: str) -> Any:
    token = csrf_token(client.get("/welcome").get_data(as_text=True))
    return client.post(
        "/welcome",
        data={
            "setup_code": code,
            "username": "ana",
            "password": PASSWORD,
            "confirm": PASSWORD,
            "csrf_token": token,
        },
    )


def test_setup_code_attempts_are_limited(app: Flask, client: FlaskClient) -> None:
    code = setup_code(app)
    app.config["SETUP_CODE_ATTEMPTS"] = 3
    for _ in range(3):
        assert "not this install's setup code" in html.unescape(welcome(client, "AAAA").text)
    refused = welcome(client, code)  # even the right one waits now
    assert refused.status_code == 422
    assert "Too many wrong setup codes: try again in 15 minutes." in refused.text
    # A fresh code (./scripts/start makes one each start) is counted afresh.
    assert welcome(client, setup_code(app)).status_code == 302
