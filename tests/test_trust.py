"""Trust at the table: two phones, double taps, the watch link, sessions, headers, access."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.views.security import CONTENT_SECURITY_POLICY
from tests.conftest import PASSWORD, ApiClient, Table, csrf_token
from tests.conftest import page_errors as errors


def hidden(page: str, name: str) -> str:
    match = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page) or re.search(
        rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', page
    )
    assert match, f"no hidden {name}"
    return match.group(1)


def rounds(app: Flask, game_id: str) -> int:
    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        return len(services.get_game(ana, game_id).state.rounds)


ROUND_ONE = {
    "turned": "h",
    "bid_0": "1",
    "bid_1": "0",
    "bid_2": "0",
    "tricks_0": "1",
    "tricks_1": "0",
    "tricks_2": "0",
}


def open_form(table: Table, url: str) -> dict[str, str]:
    page = table.client.get(url).get_data(as_text=True)
    return {"version": hidden(page, "version"), "key": hidden(page, "key")}


# -- two phones, double taps ------------------------------------------------------


def test_two_phones_the_second_edit_is_refused_and_says_what_changed(
    app: Flask, table: Table
) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    phone_a, phone_b = open_form(table, url), open_form(table, url)
    assert phone_a["key"] != phone_b["key"]
    assert table.post(url, {**ROUND_ONE, **phone_a}).status_code == 302
    response = table.post(
        url, {**ROUND_ONE, "bid_0": "0", "tricks_1": "1", "tricks_0": "0", **phone_b}
    )
    assert response.status_code == 409
    message = errors(response)[0]
    assert "Changed on another phone meanwhile: Round 1 recorded." in message
    # What phone B had entered is kept on its page, and nothing was applied on top.
    assert re.search(
        r'id="tricks_1-1" name="tricks_1" value="1"\s+checked', response.get_data(as_text=True)
    )
    assert rounds(app, game_id) == 1


def test_a_double_tap_or_a_reloaded_post_stores_the_round_once(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    form = {**ROUND_ONE, **open_form(table, url)}
    assert table.post(url, form).status_code == 302
    again = table.post(url, form)
    assert again.status_code == 302
    assert rounds(app, game_id) == 1
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    # The first tap's answer says it, once; the second adds no refusal.
    assert page.count("Round 1 saved — round 2 next.") == 1
    assert "error" not in page.split("<main", 1)[1].split("</main>", 1)[0]
    # Sent again once that was read (a reloaded POST): said as reassurance.
    assert table.post(url, form).status_code == 302
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Saved already: the second tap changed nothing." in page
    assert rounds(app, game_id) == 1


def test_a_stale_undo_is_refused(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_form(table, url)})
    board = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    undo = {"version": hidden(board, "version"), "key": hidden(board, "key")}
    table.post(
        f"/games/{game_id}/rounds/1/edit",
        {**ROUND_ONE, "turned": "s", **open_form(table, f"/games/{game_id}/rounds/1/edit")},
    )
    response = table.post(f"/games/{game_id}/rounds/1/undo", undo)
    assert response.status_code == 302
    page = html.unescape(table.client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Round 1 corrected" in page and "Nothing was saved" in page
    assert rounds(app, game_id) == 1


def test_api_if_match_and_idempotency_key(api: ApiClient) -> None:
    api.login("ana")
    game = api.post("/api/v1/games", {"players": ["Ana", "Ben", "Cai"]})
    etag = game.headers["ETag"]
    url = f"/api/v1/games/{game.json['id']}/rounds"
    body = {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    first = api.client.post(
        url, json=body, headers={**api.headers, "If-Match": etag, "Idempotency-Key": "tap-1"}
    )
    assert first.status_code == 201 and first.headers["ETag"] != etag
    replay = api.client.post(
        url, json=body, headers={**api.headers, "If-Match": etag, "Idempotency-Key": "tap-1"}
    )
    assert replay.status_code == 201 and len(replay.json["rounds"]) == 1
    stale = api.client.post(url, json=body, headers={**api.headers, "If-Match": etag})
    assert stale.status_code == 409
    assert stale.json["errors"][0]["field"] == "version"
    assert "Round 1 recorded" in stale.json["errors"][0]["message"]
    # A change sent without If-Match applies as before.
    two = {"trump": "spades", "bids": [0, 1, 1], "tricks": [0, 1, 1]}
    assert api.post(url, two).status_code == 201
    current = api.get(f"/api/v1/games/{game.json['id']}")
    assert current.json["version"] == 2
    unchanged = api.client.get(
        f"/api/v1/games/{game.json['id']}",
        headers={**api.headers, "If-None-Match": current.headers["ETag"]},
    )
    assert unchanged.status_code == 304


# -- the watch link ---------------------------------------------------------------


def test_the_watch_link_shows_one_game_read_only_until_revoked(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    other = table.new_game(["Dee", "Eve", "Fay"])
    share = table.client.get(f"/games/{game_id}/share").get_data(as_text=True)
    assert "Share a watch link" in share
    table.post(f"/games/{game_id}/share")
    share = table.client.get(f"/games/{game_id}/share").get_data(as_text=True)
    link = re.search(r'<p class="watch-link"><a href="([^"]+)">', share).group(1)
    token = link.rsplit("/", 1)[-1]
    assert len(token) >= 32 and "<svg" in share  # unguessable, with its QR code
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_form(table, url)})

    stranger = app.test_client()
    response = stranger.get(f"/watch/{token}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Ana" in page and "/rounds/1/edit" not in page and "Undo" not in page
    assert "Dee" not in page
    assert response.headers["Referrer-Policy"] == "no-referrer"
    # Nothing changed: the watchers' refresh is answered with 304.
    etag = response.headers["ETag"]
    assert stranger.get(f"/watch/{token}", headers={"If-None-Match": etag}).status_code == 304
    # The script's cheap question: only the version, a few bytes.
    version = stranger.get(f"/watch/{token}/version")
    assert version.json == {"version": 1} and len(version.data) < 40
    # The token reads this game only: no other page opens with it.
    for path in (f"/games/{game_id}", f"/games/{other}", f"/api/v1/games/{game_id}"):
        assert stranger.get(path, headers={"Authorization": f"Bearer {token}"}).status_code in (
            302,
            401,
            404,
        )
    table.post(f"/games/{game_id}/share/revoke")
    assert stranger.get(f"/watch/{token}").status_code == 404
    assert stranger.get(f"/watch/{token}/version").status_code == 404
    assert stranger.get("/watch/guessed-token").status_code == 404


# -- sessions and logins ----------------------------------------------------------


def test_session_cookie_flags_and_a_new_session_at_login(app: Flask, client: FlaskClient) -> None:
    table = Table(app, client)
    table.create_account("ana")
    client.get("/login")
    response = table.login("ana")
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    secure = app.test_client()
    app.config["SESSION_COOKIE_SECURE"] = True
    other = Table(app, secure)
    assert "Secure" in other.login("ana").headers["Set-Cookie"]


def test_logout_really_ends_the_session(app: Flask, client: FlaskClient) -> None:
    table = Table(app, client)
    table.create_account("ana")
    table.login("ana")
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    with client.session_transaction() as session:
        stolen = dict(session)
    table.post("/logout")
    assert client.get(f"/games/{game_id}").status_code == 302
    # The session as it was before logging out: its login is deleted on the server, so
    # an old copy of the cookie's contents does not log anyone back in.
    assert "login" in stolen
    with client.session_transaction() as session:
        assert "login" not in session
        session.update(stolen)
    assert client.get(f"/games/{game_id}").status_code == 302


def let_the_wait_pass(app: Flask) -> None:
    from sqlalchemy import update

    from scorekeeper.models import LoginAttempt

    with app.app_context():
        db.session.execute(update(LoginAttempt).values(wait_until=0))
        db.session.commit()


@pytest.mark.data_layer
def test_login_attempts_are_limited_per_username_from_everywhere(
    app: Flask, client: FlaskClient
) -> None:
    table = Table(app, client)
    table.create_account("ana")
    token = csrf_token(client.get("/login").get_data(as_text=True))
    guess = {"username": "ana", "password": "wrong", "csrf_token": token}
    for n in range(10):  # ten guesses, from ten addresses
        here = {"REMOTE_ADDR": f"10.0.0.{n}"}
        assert client.post("/login", data=guess, environ_base=here).status_code == 422
    # Then even the right password waits, from anywhere, and says for how long.
    owner = app.test_client()
    token = csrf_token(owner.get("/login").get_data(as_text=True))
    right = {"username": "ana", "password": PASSWORD, "csrf_token": token}
    blocked = owner.post("/login", data=right, environ_base={"REMOTE_ADDR": "10.0.0.99"})
    assert blocked.status_code == 429
    # The wait counts down from 5 seconds; a slow machine may already be a second in.
    said = re.search(
        r"Too many wrong passwords for ana: try again in (\d) seconds?\.",
        html.unescape(blocked.get_data(as_text=True)),
    )
    assert said and 1 <= int(said.group(1)) <= 5
    api = client.post("/api/v1/tokens", json={"username": "ANA", "password": PASSWORD})
    assert api.status_code == 429 and 0 < int(api.headers["Retry-After"]) <= 5
    # After the wait the owner gets in, and the count starts again.
    let_the_wait_pass(app)
    assert owner.post("/login", data=right).status_code == 302
    from scorekeeper.models import LoginAttempt

    with app.app_context():
        assert db.session.query(LoginAttempt).count() == 0


def test_a_stranger_guessing_never_keeps_the_owners_phone_waiting(
    app: Flask, client: FlaskClient
) -> None:
    """The owner's phone has logged in before (its signed device cookie): its attempts
    have a count of their own, so a stranger keeping the username's count full, one guess
    each time its wait ends, never locks the owner out."""
    table = Table(app, client)
    table.create_account("ana")
    owner = app.test_client()
    token = csrf_token(owner.get("/login").get_data(as_text=True))
    right = {"username": "ana", "password": PASSWORD, "csrf_token": token}
    assert owner.post("/login", data=right).status_code == 302
    assert owner.get_cookie("scorekeeper_device") is not None
    owner.post("/logout", data={"csrf_token": csrf_token(owner.get("/games").text)})
    token = csrf_token(client.get("/login").get_data(as_text=True))
    guess = {"username": "ana", "password": "wrong", "csrf_token": token}
    for _ in range(12):
        client.post("/login", data=guess)
    assert client.post("/login", data=guess).status_code == 429  # the stranger waits
    # A forged or another account's device cookie counts for nothing.
    stranger = app.test_client()
    stranger.set_cookie("scorekeeper_device", "forged.value")
    token = csrf_token(stranger.get("/login").get_data(as_text=True))
    forged = {"username": "ana", "password": PASSWORD, "csrf_token": token}
    assert stranger.post("/login", data=forged).status_code == 429
    token = csrf_token(owner.get("/login").get_data(as_text=True))
    right["csrf_token"] = token
    assert owner.post("/login", data=right).status_code == 302  # the owner does not


@pytest.mark.data_layer
def test_the_waits_double_up_to_a_few_minutes(app: Flask, client: FlaskClient) -> None:
    from scorekeeper import services
    from scorekeeper.models import LoginAttempt

    waits = []
    with app.app_context():
        for _ in range(9):
            assert services.claim_login_attempt("ana") == 0
        for _ in range(10):
            assert services.claim_login_attempt("ana") == 0
            row = db.session.get(LoginAttempt, "ana", populate_existing=True)
            waits.append(row.wait_until - row.last_attempt)
            assert 0 < services.claim_login_attempt("ana") <= waits[-1]  # not counted
            let_the_wait_pass(app)
    assert waits == [5, 10, 20, 40, 80, 160, 300, 300, 300, 300]


@pytest.mark.data_layer
def test_old_attempts_are_forgotten(app: Flask) -> None:
    from sqlalchemy import update

    from scorekeeper import services
    from scorekeeper.models import LoginAttempt

    with app.app_context():
        for name in ("ana", "nobody", "guess"):
            services.claim_login_attempt(name)
        db.session.execute(update(LoginAttempt).values(last_attempt=0))
        db.session.commit()
        services.claim_login_attempt("ben")
        assert db.session.query(LoginAttempt.username_key).all() == [("ben",)]


# -- headers, GETs and access -----------------------------------------------------


def test_security_headers_on_every_answer(table: Table, client: FlaskClient) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    for path in ("/games", f"/games/{game_id}", "/referee", "/api/v1/openapi.json", "/nowhere"):
        headers = client.get(path).headers
        assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert "base-uri 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"
    assert client.get("/games").headers["Cache-Control"] == "no-store"


def test_no_inline_scripts_or_styles_in_any_page_template() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "templates"
    for template in root.rglob("*.html"):
        if "sheets" in template.parts:
            continue  # printed by WeasyPrint, never served as a page
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), template
        assert " style=" not in text and "<style" not in text, template
        assert not re.search(r"\son[a-z]+=", text), template


def route_paths(app: Flask, game_id: str) -> list[tuple[str, str]]:
    """Every route that takes a game id, with the game (and round 1) filled in."""
    paths = []
    for rule in app.url_map.iter_rules():
        if "game_id" not in rule.arguments:
            continue
        path = rule.rule.replace("<game_id>", game_id).replace("<int:number>", "1")
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            paths.append((method, path))
    return paths


def test_every_route_with_a_game_id_refuses_others(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_form(table, url)})
    paths = route_paths(app, game_id)
    assert len(paths) >= 10
    ben = Table(app, app.test_client())
    ben.login("ben")
    ben_api = ApiClient(app.test_client()).login("ben")
    stranger = app.test_client()
    for method, path in paths:
        if path.startswith("/api/"):
            as_ben = ben_api.client.open(path, method=method, json={}, headers=ben_api.headers)
            as_stranger = stranger.open(path, method=method, json={})
            assert as_ben.status_code == 404, (method, path)
            assert as_stranger.status_code == 401, (method, path)
        else:
            data = {"csrf_token": ben.token} if method == "POST" else None
            as_ben = ben.client.open(path, method=method, data=data)
            as_stranger = stranger.open(path, method=method, data=data)
            assert as_ben.status_code == 404, (method, path, as_ben.status_code)
            assert as_stranger.status_code in (302, 400), (method, path)
            if as_stranger.status_code == 302:
                assert as_stranger.headers["Location"].startswith("/login")
        for answer in (as_ben, as_stranger):
            assert "Ana" not in answer.get_data(as_text=True) or path.endswith("openapi.json")
    assert rounds(app, game_id) == 1


def test_no_get_changes_anything(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    table.post(url, {**ROUND_ONE, **open_form(table, url)})
    with app.app_context():
        before = services.get_game(services.authenticate("ana", PASSWORD), game_id).row.version
    for method, path in route_paths(app, game_id):
        if method == "GET" and not path.startswith("/api/"):
            table.client.get(path + "?add=7h&remove=0&dealer=1")
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and not rule.arguments:
            table.client.get(rule.rule)
    with app.app_context():
        after = services.get_game(services.authenticate("ana", PASSWORD), game_id)
        assert after.row.version == before and len(after.state.rounds) == 1


@pytest.mark.parametrize(
    "name",
    [
        "<script>alert(1)</script>",
        "\"quoted' name",
        "שרה",  # right to left
        "🂡 Ace",
        "सीता",
        "Ŵyn ap Siôn",
    ],
    ids=["script", "quotes", "rtl", "emoji", "devanagari", "welsh"],
)
def test_hostile_names_are_text_everywhere(app: Flask, table: Table, name: str) -> None:
    game_id = table.new_game([name, "Ben", "Cai"])
    for path in ("/games", f"/games/{game_id}", f"/games/{game_id}/rounds/new", "/games/new"):
        page = table.client.get(path).get_data(as_text=True)
        if any(c in name for c in "<>\"'&"):
            assert name not in page, path
        assert str(escape(name)) in page, path
    api = ApiClient(app.test_client()).login("ana")
    document = api.get(f"/api/v1/games/{game_id}")
    assert document.json["players"][0] == name
    assert document.headers["Content-Type"] == "application/json"


def test_names_are_bounded_with_a_clear_message(table: Table) -> None:
    response = table.post(
        "/games/new",
        {"players-0": "A" * 41, "players-1": "Ben", "players-2": "Cai", "first_dealer": "0"},
    )
    assert response.status_code == 422
    assert "Field cannot be longer than 40 characters" in response.get_data(as_text=True)


def test_a_full_or_locked_database_keeps_the_input_and_stores_nothing(
    app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy.exc import OperationalError

    from scorekeeper.extensions import db

    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    form = {**ROUND_ONE, **open_form(table, url)}

    def full_disk() -> None:
        raise OperationalError("COMMIT", {}, Exception("database or disk is full"))

    with monkeypatch.context() as patch:
        patch.setattr(db.session, "commit", full_disk)
        response = table.post(url, form)
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "Nothing was stored" in html.unescape(page)
    assert re.search(r'id="tricks_0-1" name="tricks_0" value="1"\s+checked', page)
    assert rounds(app, game_id) == 0
    # The same form, sent again once the storage is back, is stored once.
    assert table.post(url, form).status_code == 302
    assert rounds(app, game_id) == 1

    api = ApiClient(app.test_client()).login("ana")
    with monkeypatch.context() as patch:
        patch.setattr(db.session, "commit", full_disk)
        answer = api.post(
            f"/api/v1/games/{game_id}/rounds",
            {"trump": "none", "bids": [0, 1, 1], "tricks": [0, 1, 1]},
        )
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert rounds(app, game_id) == 1


def test_odd_versions_keys_and_tokens_are_refused_not_errors(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    url = f"/games/{game_id}/rounds/new"
    response = table.post(url, {**ROUND_ONE, "version": "9" * 30, "key": "k1"})
    assert response.status_code == 409 and rounds(app, game_id) == 0
    stranger = app.test_client()
    assert stranger.get("/watch/%00").status_code == 404
    assert stranger.get("/watch/%00/version").status_code == 404
    assert table.client.get("/games?player=" + "9" * 30).status_code == 200
    # One account's one-time keys never meet another's.
    ana = ApiClient(app.test_client()).login("ana")
    ben = ApiClient(app.test_client()).login("ben")
    body = {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    for api in (ana, ben):
        game = api.post("/api/v1/games", {"players": ["Ana", "Ben", "Cai"]}).json
        answer = api.client.post(
            f"/api/v1/games/{game['id']}/rounds",
            json=body,
            headers={**api.headers, "Idempotency-Key": "shared-key-1", "If-Match": '"99999999999"'},
        )
        assert answer.status_code == 409
        answer = api.client.post(
            f"/api/v1/games/{game['id']}/rounds",
            json=body,
            headers={**api.headers, "Idempotency-Key": "shared-key-1"},
        )
        assert answer.status_code == 201


def test_control_characters_are_refused_in_names_places_and_imports(
    app: Flask, table: Table
) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    with app.app_context():
        from scorekeeper.extensions import db
        from scorekeeper.models import Game, Player

        game = db.session.get(Game, game_id)
        night_id, player_id = game.night_id, db.session.query(Player).first().id
    response = table.post(f"/players/{player_id}", {"action": "rename", "rename-name": "A\x00b"})
    shown = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422 and "“Ab” has an invisible character (U+0000)" in shown
    response = table.post(f"/nights/{night_id}", {"date": "2026-11-28", "place": "x\x07"})
    assert response.status_code == 422
    assert "Place has an invisible character (U+0007)" in html.unescape(response.text)
