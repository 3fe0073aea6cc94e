"""Faults injected into the app served as ``./scripts/start`` serves it, while phones
save rounds through the API the way docs/api.md tells them (a key and a number with
each round, sent again after a 503 or no answer): kill -9 of workers and of the master,
PostgreSQL connections cut, cut right after a COMMIT, and frozen (through a TCP proxy),
a full disk (a tmpfs), two games of the same players finishing at the same moment.

Every answer the phones had is checked against what the database holds once the app is
back: no round answered 201 is missing, none is stored twice, no 500, no 503 that said
nothing was stored for a round that was. (How long the app took to come back is
bench/faults.py's to print, not a test's to assert.)
"""

from __future__ import annotations

import os
import random
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from bench.faults import (
    App,
    Outcome,
    Phone,
    Setting,
    mounted_volume,
    postgresql_setting,
    run_fault,
    serving,
    sqlite_setting,
)
from tests.conftest import NO_POSTGRESQL, TEST_DATABASE_URL

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="gunicorn and kill -9: Linux only"
)

PHONES = 3
PATIENCE = 0.5
"""The phones wait at most half a second after a 503 (Retry-After, capped), so that the
suite stays short; the bench waits as told."""


@pytest.fixture(scope="module")
def sqlite_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Setting, App]]:
    directory = tmp_path_factory.mktemp("faults-sqlite")
    with sqlite_setting(directory) as setting, serving(setting, directory) as app:
        yield setting, app


@pytest.fixture(scope="module")
def postgresql_served(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Setting, App]]:
    if not TEST_DATABASE_URL:
        pytest.skip(NO_POSTGRESQL)
    directory = tmp_path_factory.mktemp("faults-postgresql")
    with postgresql_setting(TEST_DATABASE_URL) as setting, serving(setting, directory) as app:
        yield setting, app


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest) -> tuple[Setting, App]:
    served: tuple[Setting, App] = request.getfixturevalue(f"{request.param}_served")
    return served


def run(kind: str, served: tuple[Setting, App], faults: int, **options: float) -> Outcome:
    setting, app = served
    return run_fault(kind, setting, app, faults=faults, phones=PHONES, patience=PATIENCE, **options)


def assert_truthful(outcome: Outcome, faults: int) -> None:
    """Every fault injected; every round acknowledged is stored once; no 500; no false
    "nothing stored"; nothing left unsettled."""
    assert outcome.faults == faults, outcome
    assert outcome.acknowledged > 0, outcome
    assert outcome.notes == [], outcome
    found = {
        "lost": outcome.lost,
        "doubled": outcome.doubled,
        "500s": outcome.errors,
        "false nothing stored": outcome.false_nothing,
    }
    assert found == dict.fromkeys(found, 0), outcome


def test_kill_9_of_workers_loses_and_doubles_no_round(served: tuple[Setting, App]) -> None:
    assert_truthful(run("worker", served, faults=2), 2)


def test_kill_9_of_the_master_and_a_start_again_lose_no_round(
    served: tuple[Setting, App],
) -> None:
    assert_truthful(run("master", served, faults=1), 1)


def test_games_of_the_same_players_finishing_at_once_on_two_workers(
    served: tuple[Setting, App],
) -> None:
    outcome = run("race", served, faults=4)
    assert_truthful(outcome, 4)
    assert outcome.acknowledged == 8  # both last rounds of each pair: no 503, no 409


def test_postgresql_connections_cut_under_the_phones(
    postgresql_served: tuple[Setting, App],
) -> None:
    assert_truthful(run("cut", postgresql_served, faults=3), 3)


def test_postgresql_commits_whose_answer_is_lost(postgresql_served: tuple[Setting, App]) -> None:
    outcome = run("commit", postgresql_served, faults=2)
    assert_truthful(outcome, 2)


def test_postgresql_frozen_then_thawed(postgresql_served: tuple[Setting, App]) -> None:
    """Frozen for longer than a statement may wait (1 s, and the watchdog's second)."""
    assert_truthful(run("freeze", postgresql_served, faults=1, freeze_seconds=3.0), 1)


def test_a_full_disk_under_the_phones(tmp_path: Path) -> None:
    """SQLite on a tmpfs of 3 MB, filled until a round is refused, then given room."""
    with ExitStack() as stack:
        try:
            volume = stack.enter_context(mounted_volume(tmp_path, 3))
        except PermissionError as error:
            if os.environ.get("CI") == "true":
                pytest.fail(str(error))
            pytest.skip(str(error))
        setting = stack.enter_context(sqlite_setting(tmp_path, volume))
        app = stack.enter_context(serving(setting, tmp_path))
        outcome = run("disk", (setting, app), faults=1)
    assert_truthful(outcome, 1)
    assert outcome.refused > 0  # the full disk said so


def test_an_answer_cut_off_as_it_is_sent_is_no_answer_to_the_phone() -> None:
    """A worker killed while it sends an answer leaves its headers and part of its body:
    the phone takes that as no answer and sends the same round again, as a real client
    does, rather than its thread ending (which a test would read as a phone that never
    saves again)."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def cut_off() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(
                b"HTTP/1.1 201 Created\r\nContent-Type: application/json\r\n"
                b'Content-Length: 2399\r\n\r\n{"id": '
            )

    server = threading.Thread(target=cut_off, daemon=True)
    server.start()
    try:
        phone = Phone(f"http://127.0.0.1:{port}", "token", random.Random(1))
        status, answer, retry = phone.call("POST", "/api/v1/games/g/rounds", {}, key="k")
    finally:
        server.join(timeout=10)
        listener.close()
    assert status == 0
    assert answer["errors"][0]["message"].startswith("no answer")
    assert retry > 0
