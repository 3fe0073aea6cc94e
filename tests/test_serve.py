"""The app as ``./scripts/start`` serves it (``python -m scorekeeper.serve``), attacked the
way a stranger on the club's Wi-Fi would: connections that send their headers a line at a
time, bodies that never finish, bodies too big, forwarded headers nobody asked for.

Every wait here is a hang guard with room to spare on a busy machine, not a timing
assertion: what is asserted is that the phones are answered and the slow connections
closed by the server.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.served import Served, get, served, wait_for

SLOW = 100
BOUND = "3"  # seconds: HEADER_TIMEOUT and BODY_TIMEOUT of the server under attack


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("served")
    with served(tmp, WORKERS="2", HEADER_TIMEOUT=BOUND, BODY_TIMEOUT=BOUND) as running:
        yield running


def connect(server: Served, first: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(first)
    return sock


def ended(sock: socket.socket) -> bytes | None:
    """What the server sent before closing, or None while the connection is open."""
    if not select.select([sock], [], [], 0)[0]:
        return None
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except OSError:  # closed with our unread lines in its buffer: a reset
        pass
    return received


def workers(server: Served) -> list[int]:
    pid = server.process.pid
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def test_slow_connections_hold_no_thread_and_are_closed(server: Served) -> None:
    assert len(workers(server)) == 2  # a worker per process, as WORKERS says
    slow = [connect(server, b"GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n") for _ in range(SLOW)]
    open_ = set(slow)
    answers: dict[socket.socket, bytes] = {}
    stop = threading.Event()

    def dribble() -> None:
        # One more header line a second on each, never the blank line that ends them.
        n = 0
        while not stop.wait(1):
            for sock in list(open_):
                n += 1
                with contextlib.suppress(OSError):
                    sock.send(f"X-Slow-{n}: a\r\n".encode())

    dribbler = threading.Thread(target=dribble, daemon=True)
    dribbler.start()
    try:
        # 100 connections mid-request, and the phones are answered all the same: as many
        # as the app has threads (16) would have been enough to stop it before.
        for _ in range(3):
            for path in ("/login", "/api/v1/openapi.json"):
                status, _headers, body = get(server.url + path, timeout=30)
                assert status == 200, path
                assert body
        status, _headers, body = get(server.url + "/login", timeout=30)
        assert b'name="password"' in body

        def all_closed() -> bool:
            for sock in list(open_):
                received = ended(sock)
                if received is not None:
                    answers[sock] = received
                    open_.discard(sock)
            return not open_

        wait_for(all_closed, 60, f"{len(open_)} of {SLOW} slow connections closed by the server")
    finally:
        stop.set()
        dribbler.join()
        for sock in slow:
            sock.close()
    # Each was told why before it was closed (unless the close came first and reset it).
    told = [received for received in answers.values() if received]
    assert told, "no slow connection was answered 408"
    assert all(received.startswith(b"HTTP/1.1 408 Request Timeout") for received in told)


def test_a_body_that_dribbles_is_cut(server: Served) -> None:
    sock = connect(
        server,
        b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-"
        b"urlencoded\r\nContent-Length: 1000\r\n\r\nusername=a",
    )
    received: list[bytes] = []
    with sock:

        def cut() -> bool:
            answer = ended(sock)
            if answer is None:
                with contextlib.suppress(OSError):
                    sock.send(b"a")
                time.sleep(0.5)
                return False
            received.append(answer)
            return True

        wait_for(cut, 60, "the dribbled body cut")
    assert received[0].startswith(b"HTTP/1.1 408 Request Timeout")
    # ...and the app is answering.
    assert get(server.url + "/login")[0] == 200


def test_a_body_too_big_for_the_app_is_refused_before_it_is_sent(server: Served) -> None:
    # 50 MB announced, nothing sent: the answer comes at once, in the app's own words.
    head = (
        b"POST /api/v1/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 50000000\r\n\r\n"
    )
    with connect(server, head) as sock:
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line == b"HTTP/1.1 413 REQUEST ENTITY TOO LARGE"
    headers, _, body = rest.partition(b"\r\n\r\n")
    assert b"Connection: close" in headers
    message = json.loads(body)["errors"][0]["message"]
    assert "MB at once" in message and "nothing was stored" in message


def test_forwarded_headers_are_ignored_without_trust_proxy(server: Served) -> None:
    # From 127.0.0.1, as a stranger's request through an SSH tunnel or a local proxy
    # would come: "https" is not believed, so no HSTS pins plain HTTP out.
    status, headers, _body = get(
        server.url + "/login", {"X-Forwarded-Proto": "https", "Forwarded": "proto=https"}
    )
    assert status == 200
    assert "Strict-Transport-Security" not in headers


def test_forwarded_headers_are_believed_with_trust_proxy(tmp_path: Path) -> None:
    with served(tmp_path, WORKERS="1", FLASK_TRUST_PROXY="1") as trusting:
        status, headers, _body = get(trusting.url + "/login", {"X-Forwarded-Proto": "https"})
        assert status == 200
        assert headers["Strict-Transport-Security"].startswith("max-age=")
        # ...and without the header, plain HTTP as it came.
        assert "Strict-Transport-Security" not in get(trusting.url + "/login")[1]


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ("HEADER_TIMEOUT=soon", "HEADER_TIMEOUT=soon: give a number of seconds from 0.1 to 3600."),
        ("BODY_TIMEOUT=0", "BODY_TIMEOUT=0: give a number of seconds from 0.1 to 3600."),
        ("MAX_CONNECTIONS=-5", "MAX_CONNECTIONS=-5: give a whole number of at least 1."),
        ("WORKERS=two", "WORKERS=two: give a whole number of at least 1."),
        ("PORT=99999", "PORT=99999: give a port number from 1 to 65535."),
    ],
)
def test_a_setting_that_is_no_number_is_one_sentence(setting: str, said: str) -> None:
    name, value = setting.split("=")
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.serve"],
        env={**os.environ, "HOST": "127.0.0.1", "PORT": "5999", name: value},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == said


def test_a_worker_keeps_what_the_app_made_at_start_out_of_every_collection() -> None:
    """A full collection holds every thread of a worker while it walks each object the
    process has: the app's own start-up objects (modules, mappers, catalogs) are frozen
    once loaded, so a collection walks only what requests made since."""
    script = (
        "import gc\n"
        "from scorekeeper import create_app\n"
        "from scorekeeper.serve import settle_heap\n"
        "app = create_app({'SECRET_KEY': 'x', 'SQLALCHEMY_DATABASE_URI': 'sqlite://'})\n"
        "before = any(o is app.url_map for o in gc.get_objects())\n"
        "settle_heap()\n"
        "after = any(o is app.url_map for o in gc.get_objects())\n"
        "print(before, after, gc.get_freeze_count())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    before, after, frozen = done.stdout.split()
    assert (before, after) == ("True", "False")
    assert int(frozen) > 50_000
