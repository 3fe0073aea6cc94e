"""A full disk, as a kitchen laptop's or a small club server's fills: the database lives
on a volume of a few megabytes (a tmpfs mounted for the test).

A change that cannot be written is a 503 that says nothing was stored, with Retry-After;
the game reads on meanwhile; once there is room again the same change, sent again, is
stored once. The app does not fill the volume by itself (its write-ahead log is
checkpointed and cut back long before), and it starts again on a full disk.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app, services
from scorekeeper.database import upgrade
from scorekeeper.extensions import db
from tests.conftest import PASSWORD, ApiClient, Table, base_config
from tests.test_api import games_url, new_game, quiet_round, rounds_url
from tests.test_views_round_traps import ROUND_ONE, open_page

pytestmark = pytest.mark.data_layer

VOLUME_MB = 3


@pytest.fixture
def volume(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of VOLUME_MB megabytes: a disk that fills. Mounting needs root, which CI
    has; elsewhere the test is skipped, never in CI."""
    place = tmp_path / "volume"
    place.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={VOLUME_MB}m,mode=0700", "tmpfs", str(place)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        reason = f"cannot mount a small volume here: {mounted.stderr.strip()}"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        yield place
    finally:
        subprocess.run(["umount", "-l", str(place)], check=False)


def app_on(volume: Path) -> Flask:
    database = volume / "scorekeeper.sqlite3"
    return create_app(base_config(f"sqlite:///{database}", volume.parent))


def fill(volume: Path) -> Path:
    """Fill the volume to its last byte with a file of its own: the disk is full."""
    filler = volume / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (65536, 4096, 1):
            with suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    assert shutil.disk_usage(volume).free < 65536
    return filler


@pytest.fixture
def app(volume: Path) -> Iterator[Flask]:
    made = app_on(volume)
    with made.app_context():
        upgrade()
        services.create_user("ana", PASSWORD)
    yield made
    with made.app_context():
        db.engine.dispose()


@dataclass
class Refused:
    """The round the full disk refused: its game, what was sent, with which key."""

    game: dict[str, Any]
    body: dict[str, Any]
    key: str
    answer: Any


def until_refused(ana: ApiClient, games: list[dict[str, Any]]) -> Refused:
    """Rounds sent into the games until the full disk refuses one. The log's own room
    (it is kept at 1 MB, not given back) takes a few more rounds after the disk is full:
    each of them answered 201 is stored, which the caller checks."""
    for game in games:
        while not game.get("finished"):
            body, key = quiet_round(game), uuid.uuid4().hex
            answer = ana.client.post(
                rounds_url(game["id"]), json=body, headers={**ana.headers, "Idempotency-Key": key}
            )
            if answer.status_code == 503:
                return Refused(game, body, key, answer)
            assert answer.status_code == 201, answer.get_data(as_text=True)
            game.clear()
            game.update(answer.json)
    raise AssertionError("the full disk refused no round")


def rounds_held(ana: ApiClient, games: list[dict[str, Any]]) -> list[int]:
    return [len(ana.get(games_url(game["id"])).json["rounds"]) for game in games]


def test_a_round_on_a_full_disk_is_a_503_that_says_nothing_was_stored(
    app: Flask, volume: Path
) -> None:
    ana = ApiClient(app.test_client()).login()
    games = [new_game(ana) for _ in range(8)]
    filler = fill(volume)
    refused = until_refused(ana, games)

    assert int(refused.answer.headers["Retry-After"]) > 0
    assert "Nothing was stored" in refused.answer.json["errors"][0]["message"]
    # What was answered 201 is stored, the refused round is not; the games read on.
    assert rounds_held(ana, games) == [len(game["rounds"]) for game in games]
    assert app.test_client().get("/login").status_code == 200

    filler.unlink()  # room again: the same round, sent again with its key, is stored once
    headers = {**ana.headers, "Idempotency-Key": refused.key}
    url = rounds_url(refused.game["id"])
    for _ in range(2):
        stored = ana.client.post(url, json=refused.body, headers=headers)
        assert stored.status_code == 201, stored.get_data(as_text=True)
    held = len(ana.get(games_url(refused.game["id"])).json["rounds"])
    assert held == len(refused.game["rounds"]) + 1


def test_a_page_saved_on_a_full_disk_says_so_and_keeps_nothing(app: Flask, volume: Path) -> None:
    table = Table(app, app.test_client())
    table.login()
    game_id = table.new_game(["Ana", "Ben", "Cai"], first_dealer=1)
    url = f"/games/{game_id}/rounds/new"
    round_one = {**ROUND_ONE, **open_page(table, url)}
    ana = ApiClient(app.test_client()).login()
    games = [new_game(ana) for _ in range(8)]
    fill(volume)
    until_refused(ana, games)
    assert table.client.get(f"/games/{game_id}").status_code == 200
    answer = table.post(url, round_one)
    assert answer.status_code == 503, answer.status_code
    page = " ".join(answer.get_data(as_text=True).split())
    assert "Nothing was stored" in page
    assert " checked" in page  # what was tapped is still on the screen
    assert int(answer.headers["Retry-After"]) > 0
    assert ana.get(games_url(game_id)).json["rounds"] == []


def test_the_app_does_not_fill_a_small_disk_by_itself(app: Flask, volume: Path) -> None:
    """Games played on and on: the write-ahead log is checkpointed and cut back, so the
    volume keeps its room (a log left to grow filled a 3 MB volume, and stayed full)."""
    ana = ApiClient(app.test_client()).login()
    wal = volume / "scorekeeper.sqlite3-wal"
    largest = 0
    for _ in range(12):
        game = new_game(ana)
        while not game.get("finished"):
            answer = ana.post(rounds_url(game["id"]), quiet_round(game))
            assert answer.status_code == 201, answer.get_data(as_text=True)
            game = answer.json
            largest = max(largest, wal.stat().st_size if wal.exists() else 0)
    assert largest <= 1.5 * 1024 * 1024, f"the log grew to {largest} bytes"
    assert shutil.disk_usage(volume).free > 1024 * 1024


def test_the_app_starts_on_a_full_disk_reads_and_writes_once_there_is_room(
    app: Flask, volume: Path
) -> None:
    """A restart on a disk something else filled: SQLite cannot make the 32 KB index of
    its log there, so the app reads the database file alone (the server stopped cleanly,
    the file holds everything): games read, a change is a 503 that says nothing was
    stored, and once there is room the same server writes again, with no restart."""
    ana = ApiClient(app.test_client()).login()
    game = new_game(ana)
    assert ana.post(rounds_url(game["id"]), quiet_round(game)).status_code == 201
    with app.app_context():
        db.engine.dispose()
    filler = fill(volume)
    again = app_on(volume)  # a restart, on the full disk; the token made before works
    reader: Any = ApiClient(again.test_client())
    reader.headers = ana.headers
    for _ in range(3):  # each request opens the database afresh: none finds it closed
        shown = reader.get(games_url(game["id"]))
        assert shown.status_code == 200, shown.get_data(as_text=True)
        assert len(shown.json["rounds"]) == 1
    assert again.test_client().get("/login").status_code == 200
    assert again.test_client().get("/readyz").status_code == 200

    refused = reader.post(rounds_url(game["id"]), quiet_round(shown.json))
    assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0
    said = refused.json["errors"][0]["message"]
    assert "Nothing was stored" in said and "busy or full" in said
    assert len(reader.get(games_url(game["id"])).json["rounds"]) == 1

    filler.unlink()
    sent = reader.post(rounds_url(game["id"]), quiet_round(shown.json))
    assert sent.status_code == 201, sent.get_data(as_text=True)
    shown = reader.get(games_url(game["id"]))
    assert shown.status_code == 200 and len(shown.json["rounds"]) == 2
    with again.app_context():
        db.engine.dispose()


def test_a_full_disk_after_a_crash_reads_nothing_stale(app: Flask, volume: Path) -> None:
    """A server killed on a full disk leaves its log beside the file; the file alone
    would show the games as they were before the log, so the app never reads it alone:
    it answers what the database holds, or a 503 until it can."""
    ana = ApiClient(app.test_client()).login()
    game = new_game(ana)
    assert ana.post(rounds_url(game["id"]), quiet_round(game)).status_code == 201
    wal = volume / "scorekeeper.sqlite3-wal"
    kept = {path.name: path.read_bytes() for path in volume.glob("scorekeeper.sqlite3*")}
    assert wal.name in kept and len(kept[wal.name]) > 0  # the round is in the log yet
    with app.app_context():
        db.engine.dispose()
    for name, data in kept.items():  # the files as a kill -9 leaves them
        (volume / name).write_bytes(data)
    filler = fill(volume)
    again = app_on(volume)
    reader: Any = ApiClient(again.test_client())
    reader.headers = ana.headers
    shown = reader.get(games_url(game["id"]))
    if shown.status_code == 200:
        assert len(shown.json["rounds"]) == 1
    else:
        assert shown.status_code == 503 and int(shown.headers["Retry-After"]) > 0
    filler.unlink()
    shown = reader.get(games_url(game["id"]))
    assert shown.status_code == 200 and len(shown.json["rounds"]) == 1
    with again.app_context():
        db.engine.dispose()


def test_scripts_start_on_a_full_disk_serves_the_games_and_saves_once_there_is_room(
    volume: Path, tmp_path: Path
) -> None:
    """``./scripts/start`` itself on a disk something else filled, after a clean stop:
    it starts (its init-db and setup code ask the database only to read), the phones
    read their games, a round is a 503 that says nothing was stored, and once there is
    room the same server saves it."""
    from tests.served import get, installed_project, served

    database = volume / "scorekeeper.sqlite3"
    made = create_app(
        {**base_config(f"sqlite:///{database}", tmp_path), "SECRET_KEY": "served-test"}
    )
    with made.app_context():
        upgrade()
        services.create_user("ana", PASSWORD)
    ana = ApiClient(made.test_client()).login()
    game = new_game(ana)
    assert ana.post(rounds_url(game["id"]), quiet_round(game)).status_code == 201
    with made.app_context():
        db.engine.dispose()
    filler = fill(volume)
    script = installed_project(tmp_path) / "scripts" / "start"
    uri = f"sqlite:///{database}"
    with served(tmp_path, script=script, WORKERS="1", FLASK_SQLALCHEMY_DATABASE_URI=uri) as server:
        url = f"{server.url}/api/v1/games/{game['id']}"
        status, _headers, body = get(url, ana.headers)
        assert status == 200, body
        assert len(json.loads(body)["rounds"]) == 1
        assert get(f"{server.url}/readyz")[0] == 200

        def post_round() -> tuple[int, dict[str, str], dict[str, Any]]:
            sent = urllib.request.Request(
                f"{url}/rounds",
                json.dumps({**quiet_round(json.loads(body)), "number": 2}).encode(),
                headers={**ana.headers, "Content-Type": "application/json"},
                method="POST",
            )
            try:
                with urllib.request.urlopen(sent, timeout=30) as answer:
                    return answer.status, dict(answer.headers), json.loads(answer.read())
            except urllib.error.HTTPError as error:
                return error.code, dict(error.headers), json.loads(error.read())

        status, headers, said = post_round()
        assert status == 503 and int(headers["Retry-After"]) > 0, said
        assert "Nothing was stored" in said["errors"][0]["message"]
        filler.unlink()
        status, _headers, said = post_round()
        assert status == 201, said
        assert len(said["rounds"]) == 2
