"""The browser tests' server itself: a browser that drops a connection as its answer is
sent (a page closed while its icons load) leaves no file open behind it. An open file
was a ResourceWarning at the next garbage collection, and failed whichever test was
running then, at random."""

from __future__ import annotations

import gc
import socket
import struct
import sys
import urllib.request

import pytest

from tests.browser.conftest import LiveServer


def test_a_dropped_connection_leaves_no_file_open(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    left_open: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda raised: left_open.append(repr(raised)))
    port = live_server.server.server_port
    # Reset as soon as the answer starts coming: now and then the server is still reading
    # the request's end then, and werkzeug used to skip closing the answer's file.
    for _ in range(200):
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.sendall(b"GET /static/icons/icon-512.png HTTP/1.1\r\nHost: phone\r\n\r\n")
            assert client.recv(100).startswith(b"HTTP/1.1 200")
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    gc.collect()
    assert left_open == []


def test_the_server_still_answers_whole_files(live_server: LiveServer) -> None:
    with urllib.request.urlopen(live_server.url + "/static/icons/icon-512.png") as answer:
        body = answer.read()
    assert body.startswith(b"\x89PNG") and len(body) == int(answer.headers["Content-Length"])
