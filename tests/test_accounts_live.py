"""Accounts against a real server on 127.0.0.1: what a stranger on the same Wi-Fi can
try at once, many requests together."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import TEST_DATABASE_URL
from tests.live_servers import Phone, running

BACKENDS = ["sqlite"] + (["postgresql"] if TEST_DATABASE_URL else [])


def together(count: int, work: object) -> list[object]:
    """``work(i)`` in ``count`` threads released at the same moment; their answers."""
    answers: list[object] = [None] * count
    start = threading.Barrier(count)

    def run(i: int) -> None:
        start.wait()
        answers[i] = work(i)  # type: ignore[operator]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


@pytest.mark.parametrize("backend", BACKENDS)
def test_twenty_first_accounts_at_once_make_exactly_one(tmp_path: Path, backend: str) -> None:
    url = TEST_DATABASE_URL if backend == "postgresql" else ""
    with running(tmp_path, database_url=url, threads=8) as server:
        code = server.flask("setup-code").rsplit(" ", 1)[-1].strip()
        phones = [Phone(server.urls[0]) for _ in range(20)]
        for phone in phones:
            assert phone.get("/welcome")[0] == 200

        def claim(i: int) -> int:
            status, _ = phones[i].post(
                "/welcome",
                {
                    "setup_code": code,
                    "username": f"stranger{i}",
                    "password": "a long enough password",
                    "confirm": "a long enough password",
                },
            )
            return status

        statuses = together(20, claim)
        assert server.scalar("SELECT COUNT(*) FROM users") == 1
        assert server.scalar("SELECT COUNT(*) FROM install_claim") == 1
        assert set(statuses) <= {302, 422}, statuses  # refused or sent to log in; no 500
        logged_in = [i for i, phone in enumerate(phones) if phone.get("/games/new")[0] == 200]
        assert len(logged_in) == 1
        assert server.scalar("SELECT username FROM users") == f"stranger{logged_in[0]}"
        # The code was used up: it is gone, and the command makes no other.
        assert not (tmp_path / "setup_code").exists()
        assert "no setup code is needed" in server.flask("setup-code")


def test_without_the_setup_code_nothing_is_created(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        server.flask("setup-code")
        phones = [Phone(server.urls[0]) for _ in range(8)]
        for phone in phones:
            phone.get("/welcome")

        def guess(i: int) -> tuple[int, str]:
            return phones[i].post(
                "/welcome",
                {
                    "setup_code": f"AAAA-BBBB-CCC{i}",
                    "username": f"stranger{i}",
                    "password": "a long enough password",
                    "confirm": "a long enough password",
                },
            )

        answers = together(8, guess)
        assert server.scalar("SELECT COUNT(*) FROM users") == 0
        for status, page in answers:  # type: ignore[misc]
            assert status == 422
            assert "That is not this install&#39;s setup code" in page


def guess_token(base: str, username: str, password: str) -> int:
    request = urllib.request.Request(
        base + "/api/v1/tokens",
        data=json.dumps({"username": username, "password": password}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


@pytest.mark.parametrize("backend", BACKENDS)
def test_parallel_wrong_guesses_each_count_across_workers(tmp_path: Path, backend: str) -> None:
    url = TEST_DATABASE_URL if backend == "postgresql" else ""
    with running(tmp_path, database_url=url, workers=2, threads=8) as server:
        server.flask("create-user", "ana", "--password", "a long enough password")
        bases = server.urls

        def guess(i: int) -> int:
            return guess_token(bases[i % len(bases)], "ana", f"wrong {i}")

        # Eight at once, half to each worker: eight counted.
        assert together(8, guess) == [401] * 8
        assert server.scalar("SELECT failures FROM login_attempts") == 8
        # Forty more at once: two more are checked (the tenth opens a wait); the rest
        # are told to wait, whatever the worker, and not counted.
        statuses = together(40, guess)
        assert statuses.count(401) == 2, statuses
        assert statuses.count(429) == 38, statuses
        assert server.scalar("SELECT failures FROM login_attempts") == 10


@pytest.mark.parametrize("backend", BACKENDS)
def test_parallel_form_logins_count_like_the_api(tmp_path: Path, backend: str) -> None:
    url = TEST_DATABASE_URL if backend == "postgresql" else ""
    with running(tmp_path, database_url=url, workers=2, threads=4) as server:
        server.flask("create-user", "ana", "--password", "a long enough password")
        phones = [Phone(server.urls[i % 2]) for i in range(6)]
        for phone in phones:
            phone.get("/login")

        def guess(i: int) -> int:
            return phones[i].post("/login", {"username": "ana", "password": f"no {i}"})[0]

        assert together(6, guess) == [422] * 6
        assert server.scalar("SELECT failures FROM login_attempts") == 6
