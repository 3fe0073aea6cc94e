"""Limits nobody can exhaust: bodies, JSON depth, player lists, ids and dates that no row
can hold. Each refusal says why, in the reader's language, and stores nothing."""

from __future__ import annotations

import html
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from bench.memory import rss_mb
from scorekeeper import limits, services
from scorekeeper.extensions import db
from scorekeeper.models import Game, Night, Player
from tests.conftest import ApiClient, Table
from tests.live import live_server


def text(response: Any) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def counts(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(  # type: ignore[return-value]
            db.session.scalar(select(func.count()).select_from(model))
            for model in (Game, Night, Player)
        )


# -- bodies ----------------------------------------------------------------------


def test_a_form_bigger_than_a_megabyte_is_refused_with_the_limit(table: Table) -> None:
    response = table.post("/games/new", {"players-0": "A" * (1024 * 1024 + 10)})
    assert response.status_code == 413
    assert "That is more than 1 MB at once" in text(response)
    assert "nothing was stored" in text(response)


def test_a_form_is_refused_in_the_readers_language(table: Table) -> None:
    response = table.client.post(
        "/login", data={"x": "A" * (2 * 1024 * 1024)}, headers={"Accept-Language": "nl"}
    )
    assert response.status_code == 413
    assert "1 MB" in text(response) and "That is more than" not in text(response)


def test_an_api_body_bigger_than_a_megabyte_is_a_json_413(client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/tokens",
        data=b'{"username": "' + b"a" * (1024 * 1024) + b'"}',
        content_type="application/json",
    )
    assert response.status_code == 413
    (error,) = response.json["errors"]
    assert error["field"] == "body" and "more than 1 MB" in error["message"]


def export_with_padding(size: int) -> bytes:
    document = {"format": "scorekeeper-export", "version": 1, "nights": [], "games": []}
    raw = json.dumps(document).encode()
    return raw[:-1] + b" " * max(size - len(raw), 0) + b"}"


def upload(table: Table, content: bytes) -> Any:
    """The import form sent as a browser sends it (the body built here, in memory)."""
    boundary = "----limits"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
            f"{table.token}\r\n--{boundary}\r\n"
            'Content-Disposition: form-data; name="file"; filename="export.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return table.client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )


def test_an_import_may_be_bigger_than_a_form(app: Flask, table: Table) -> None:
    response = upload(table, export_with_padding(3 * 1024 * 1024))
    assert response.status_code == 302, text(response)


def test_an_import_has_a_limit_of_its_own(app: Flask, table: Table) -> None:
    app.config["IMPORT_MAX_CONTENT_LENGTH"] = 2 * 1024 * 1024
    before = counts(app)
    response = upload(table, export_with_padding(3 * 1024 * 1024))
    assert response.status_code == 413
    assert "The file is bigger than 2 MB" in text(response)
    assert "nothing was imported" in text(response)
    assert counts(app) == before


# -- JSON depth -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "depth"),
    [
        (b"", 0),
        (b"[]", 1),
        (b'{"a": {"b": [1, {"c": "[[[[\\"[["}]}}', 4),
        (b"[" * 100_000, 100_000),
        (b'["]", "\\\\", ["{"]]', 2),
        (b'[["[[[', 2),
        (b'"' + b'\\"' * 400_000, 0),
    ],
    ids=["empty", "flat", "brackets-in-strings", "unclosed", "escapes", "open-string", "hostile"],
)
def test_json_depth_is_counted_outside_strings(raw: bytes, depth: int) -> None:
    assert limits.json_depth(raw) == depth


def test_deep_json_is_refused_before_it_is_parsed(api: ApiClient) -> None:
    api.login()
    deep = b'{"game": "wizard", "players": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    before = api.get("/api/v1/games").json["games"]
    response = api.client.post(
        "/api/v1/games", data=deep, content_type="application/json", headers=api.headers
    )
    assert response.status_code == 422
    (error,) = response.json["errors"]
    assert error["field"] == "body" and "more than 32 levels deep" in error["message"]
    assert api.get("/api/v1/games").json["games"] == before


def test_json_as_deep_as_an_api_call_needs_goes_through(api: ApiClient) -> None:
    api.login()
    response = api.post(
        "/api/v1/games",
        {"game": "wizard", "players": ["Ana", "Ben", "Cai"], "options": {"rounds": 2}},
    )
    assert response.status_code == 201


def test_a_deep_import_is_refused_with_a_message(app: Flask, table: Table) -> None:
    deep = b'{"format": "scorekeeper-export", "games": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    response = upload(table, deep)
    assert response.status_code == 422
    assert "more than 32 levels deep" in text(response)


# -- player lists ------------------------------------------------------------------


def test_twenty_thousand_names_are_counted_not_read(api: ApiClient) -> None:
    api.login()
    names = [f"Player {n}" for n in range(20_000)]
    response = api.post("/api/v1/games", {"game": "wizard", "players": names})
    assert response.status_code == 422
    messages = [e["message"] for e in response.json["errors"]]
    assert "Wizard is played by 3 to 6 players, not 20000" in messages


def test_the_same_name_twice_is_still_refused(api: ApiClient) -> None:
    api.login()
    response = api.post("/api/v1/games", {"game": "wizard", "players": ["Ana", "Ben", "ana"]})
    assert response.status_code == 422
    assert "ana is at the table twice" in response.json["errors"][0]["message"]


# -- ids no row can have --------------------------------------------------------------

HUGE = [str(2**31), str(2**63), str(2**64 + 1), "9" * 5000]


def int_routes(app: Flask) -> list[tuple[str, str]]:
    """Every route with a number in its path, the number left to fill in."""
    found = []
    for rule in app.url_map.iter_rules():
        numbers = [
            name
            for name, conv in rule._converters.items()
            if isinstance(conv, limits.BoundedIntConverter)
        ]
        if not numbers:
            continue
        values = {arg: "0123456789abcdef" for arg in rule.arguments}
        values.update({name: 7 for name in numbers})
        url = app.url_for(rule.endpoint, **values, _external=False)
        methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        for method in methods:
            found.append((method, url.replace("/7", "/{n}")))
    return found


def test_every_number_in_a_path_is_bounded(app: Flask, table: Table) -> None:
    with app.test_request_context():
        routes = int_routes(app)
    assert ("GET", "/nights/{n}") in routes and ("GET", "/players/{n}") in routes
    night_id = table.client.get("/nights").status_code  # the list works
    assert night_id == 200
    for method, pattern in routes:
        for number in HUGE:
            url = pattern.format(n=number)
            headers = {"Authorization": "Bearer nothing"} if url.startswith("/api/") else {}
            response = table.client.open(url, method=method, headers=headers)
            assert response.status_code in (401, 404), (method, url, response.status_code)


@pytest.mark.data_layer
def test_a_number_past_the_database_integer_is_no_row(app: Flask, table: Table) -> None:
    """2³¹ overflows PostgreSQL's INTEGER and 2⁶³ SQLite's: both are a plain 404."""
    for path in ("/nights/{n}", "/players/{n}", "/nights/{n}/sheet.pdf"):
        for number in (2**31 - 1, 2**31, 2**63):
            response = table.client.get(path.format(n=number))
            assert response.status_code == 404
            assert "There is nothing here" in text(response)


@pytest.mark.parametrize("page", ["99999999999999999999999", "-5", "9" * 5000, "x"])
def test_any_page_number_shows_a_page(table: Table, page: str) -> None:
    for path in ("/games", "/nights"):
        assert table.client.get(f"{path}?page={page}").status_code == 200


# -- dates an import can hold ------------------------------------------------------


def one_game_export(created_at: str, night_date: str = "2026-11-29") -> dict[str, Any]:
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "players": [],
        "nights": [{"uid": "n1", "date": night_date, "place": "", "note": ""}],
        "games": [
            {
                "uid": "g1",
                "night": "n1",
                "game": "wizard",
                "created_at": created_at,
                "players": ["Ana", "Ben", "Cai"],
                "first_dealer": 0,
                "options": {"rounds": 2},
                "rounds": [],
            }
        ],
    }


@pytest.mark.parametrize(
    ("created_at", "night_date", "message"),
    [
        ("0001-01-01T00:00:00+05:00", "2026-11-29", "Game 1 is dated 0001-01-01T00:00:00+05:00"),
        ("9999-12-31T23:59:59-05:00", "2026-11-29", "Game 1 is dated 9999-12-31T23:59:59-05:00"),
        ("0001-01-01T00:00:00", "2026-11-29", "Game 1 is dated 0001-01-01T00:00:00,"),
        ("2026-11-29T20:00:00", "0001-01-01", "Night 1 is dated 0001-01-01"),
        ("2026-11-29T20:00:00", "9999-12-31", "Night 1 is dated 9999-12-31"),
    ],
    ids=["year-1-east", "year-9999-west", "year-1", "night-year-1", "night-year-9999"],
)
@pytest.mark.data_layer
def test_any_date_a_file_can_hold_is_refused_or_kept(
    app: Flask, table: Table, created_at: str, night_date: str, message: str
) -> None:
    document = one_game_export(created_at, night_date)
    before = counts(app)
    response = upload(table, json.dumps(document).encode())
    assert response.status_code == 422
    assert message in text(response)
    assert "not between the years 1900 and 2999: nothing was imported" in text(response)
    assert counts(app) == before


@pytest.mark.data_layer
def test_the_first_and_last_years_import(app: Flask, table: Table) -> None:
    document = one_game_export("1900-01-01T00:00:00-05:00", "1900-01-01")
    document["games"].append(
        {**document["games"][0], "uid": "g2", "created_at": "2999-12-31T23:00:00+05:00"}
    )
    response = upload(table, json.dumps(document).encode())
    assert response.status_code == 302
    for path in ("/games", "/nights", "/players"):
        assert table.client.get(path).status_code == 200
    with app.app_context():
        ana = services.authenticate("ana", "correct horse")
        assert len(services.list_games(ana)) == 2


# -- the same, against a real server --------------------------------------------------


def test_a_hostile_client_on_the_network_gets_refusals_not_a_stall(tmp_path: Path) -> None:
    """Waitress on 127.0.0.1: a 50 MB body, JSON 100,000 deep, eight lists of 20,000 names
    at once and ids past any integer each get their refusal, and the worker's memory and
    the login page are none the worse."""
    with live_server(tmp_path) as live:
        assert live.process is not None
        phone = live.phone()
        phone.get("/login")
        headers = {"Authorization": f"Bearer {live.token()}"}
        names = [f"Player {n}" for n in range(20_000)]
        body = {"game": "wizard", "players": names}
        assert phone.call("POST", "/api/v1/games", body, headers).status == 422  # warmed up
        before = rss_mb(live.process.pid)
        huge = phone.open(
            "POST",
            "/api/v1/tokens",
            b'{"username": "' + b"a" * (50 * 1024 * 1024) + b'"}',
            {"Content-Type": "application/json"},
        )
        assert huge.status == 413 and "more than 1 MB" in huge.text
        deep = phone.open(
            "POST", "/api/v1/tokens", b"[" * 100_000, {"Content-Type": "application/json"}
        )
        assert deep.status == 422 and "more than 32 levels deep" in deep.text
        with ThreadPoolExecutor(9) as pool:
            lists = [
                pool.submit(phone.call, "POST", "/api/v1/games", body, headers) for _ in range(8)
            ]
            login = pool.submit(phone.get, "/login")
            assert login.result().status == 200
            assert [answer.result().status for answer in lists] == [422] * 8
        for path in ("/nights/", "/players/", "/api/v1/games/abc/rounds/"):
            assert phone.get(path + str(2**63)).status in (401, 404)
        after = rss_mb(live.process.pid)
        assert live.scalar("SELECT count(*) FROM games") == 0
    assert before is not None and after is not None
    # The 50 MB body never reached memory (it used to cost +310 MB before its refusal).
    assert after - before < 30, (before, after)
