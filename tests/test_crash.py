"""A real server killed again and again while a phone keeps sending rounds.

Afterwards the SQLite file is intact, and every round whose submission was answered is
there, once and complete. The phone retries like a real one: same round, same one-time
key, until it gets an answer.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.live import free_port, wait_until_serving, waitress

ROUNDS = 20  # a full game of 3 players
MIN_KILLS = 12
MAX_GAMES = 12
DEADLINE_SECONDS = 120  # without a single answer: the server is not coming back


class Server:
    def __init__(self, env: dict[str, str], port: int) -> None:
        self.env, self.port = env, port
        self.process: subprocess.Popen[bytes] | None = None
        self.kills = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = waitress(self.env, self.port, threads=4)
        wait_until_serving(self.url, seconds=90)  # a busy machine starts Python slowly

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.kills += 1


def call(
    server: Server, method: str, path: str, body: Any, headers: dict[str, str]
) -> tuple[int, Any]:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        method=method,
        headers={"Content-Type": "application/json", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def flask(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", *args],
        env=env,
        check=True,
        capture_output=True,
    )


def test_no_answered_round_is_lost_or_doubled_when_the_server_is_killed(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite3"
    env = {
        **os.environ,
        "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        "FLASK_SECRET_KEY": "crash-test",
        "FLASK_PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
    }
    flask(env, "init-db")
    flask(env, "create-user", "ana", "--password", "long enough")
    server = Server(env, free_port())
    server.start()
    status, answer = call(
        server, "POST", "/api/v1/tokens", {"username": "ana", "password": "long enough"}, {}
    )
    assert status == 201
    auth = {"Authorization": f"Bearer {answer['token']}"}
    done = threading.Event()
    rng = random.Random(20261129)
    answered_since_start = threading.Event()

    def killer() -> None:
        while not done.is_set():
            # A loaded machine may take longer to start the server than the kill window:
            # wait for one answer from this life of the server, so the phone always makes
            # progress however slow the start, then kill at a random moment.
            while not answered_since_start.wait(timeout=0.5):
                if done.is_set():
                    return
            time.sleep(rng.uniform(0.02, 0.25))
            if done.is_set():
                break
            server.kill()
            answered_since_start.clear()
            server.start()

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    answered: dict[str, list[int]] = {}
    last_answer = [time.monotonic()]

    def send(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        while True:
            waited = time.monotonic() - last_answer[0]
            assert waited < DEADLINE_SECONDS, f"no answer for {waited:.0f} s"
            try:
                answer = call(server, method, path, body, headers)
                answered_since_start.set()
                last_answer[0] = time.monotonic()
                return answer
            except (OSError, http.client.HTTPException, json.JSONDecodeError):
                time.sleep(0.02)  # the server is down: try again, the same request

    try:
        while len(answered) < 2 or (server.kills < MIN_KILLS and len(answered) < MAX_GAMES):
            players = {"players": ["Ana", "Ben", "Cai"]}
            status, game = send("POST", "/api/v1/games", players, auth)
            assert status == 201
            url = f"/api/v1/games/{game['id']}/rounds"
            answered[game["id"]] = []
            for number in range(1, ROUNDS + 1):
                body = {"trump": "none", "bids": [number, 0, 0], "tricks": [number, 0, 0]}
                headers = {**auth, "Idempotency-Key": f"{game['id']}-round-{number}"}
                status, answer = send("POST", url, body, headers)
                assert status == 201, (number, status, answer)
                assert len(answer["rounds"]) == number
                answered[game["id"]].append(number)
    finally:
        done.set()
        thread.join()
        server.kill()

    assert server.kills >= MIN_KILLS, f"only {server.kills} kills: the test proved little"
    connection = sqlite3.connect(database)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        for game_id, numbers in answered.items():
            rows = connection.execute(
                "SELECT number, dealer, facts FROM rounds WHERE game_id = ? ORDER BY number",
                (game_id,),
            ).fetchall()
            version = connection.execute(
                "SELECT version FROM games WHERE id = ?", (game_id,)
            ).fetchone()[0]
            assert (
                [number for number, _dealer, _facts in rows]
                == numbers
                == list(range(1, ROUNDS + 1))
            )
            for number, dealer, facts in rows:
                facts = json.loads(facts)
                assert facts["bids"] == [number, 0, 0] and facts["tricks"] == [number, 0, 0]
                assert dealer == (number - 1) % 3
            assert version == ROUNDS
    finally:
        connection.close()
