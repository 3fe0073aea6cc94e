"""A real server on 127.0.0.1 (waitress in a process of its own) and phones that talk to
it over HTTP, with cookies and CSRF like a browser: for races and limits that only show
with real threads and a real database."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from tests.conftest import TEST_DATABASE_URL, postgresql_url

PASSWORD = "plum kettle harbour 42"
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
KEY = re.compile(r'id="key" name="key" type="hidden" value="([^"]*)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.body or b"null")


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def waitress(env: dict[str, str], port: int, threads: int = 8) -> subprocess.Popen[bytes]:
    """The app under waitress in a process of its own on 127.0.0.1:``port``."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "waitress",
            "--host=127.0.0.1",
            f"--port={port}",
            f"--threads={threads}",
            "--call",
            "scorekeeper:create_app",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


class ServerExited(AssertionError):
    """The server's process ended before it answered (its port taken by another, say)."""


def wait_until_serving(
    url: str, seconds: float = 60, process: subprocess.Popen[bytes] | None = None
) -> None:
    """Until the server at ``url`` answers (AssertionError after ``seconds``, at once
    when its ``process`` has ended)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/api/v1/openapi.json", timeout=1).close()
            return
        except OSError:
            if process is not None and process.poll() is not None:
                raise ServerExited(f"the server exited with {process.returncode}") from None
            time.sleep(0.05)
    raise AssertionError(f"the server did not start in {seconds:.0f} s")


class Live:
    """The server and how to reach it."""

    def __init__(self, env: dict[str, str], port: int, uri: str) -> None:
        self.env, self.port, self.uri = env, port, uri
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def flask(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, "-m", "flask", "--app", "scorekeeper", *args],
            env=self.env,
            check=True,
            capture_output=True,
        )

    def start(self, threads: int = 8) -> None:
        for attempt in range(3):
            self.process = waitress(self.env, self.port, threads)
            try:
                wait_until_serving(self.url, process=self.process)
                return
            except ServerExited:
                if attempt == 2:
                    raise
                # Another test's server took the port between choosing and binding it.
                self.port = free_port()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def scalar(self, sql: str, **params: Any) -> Any:
        engine = sa.create_engine(self.uri)
        try:
            with engine.connect() as connection:
                return connection.execute(sa.text(sql), params).scalar()
        finally:
            engine.dispose()

    def phone(self) -> Phone:
        return Phone(self)

    def token(self, username: str = "ana") -> str:
        answer = self.phone().call(
            "POST", "/api/v1/tokens", {"username": username, "password": PASSWORD}
        )
        assert answer.status == 201, answer.text
        return str(answer.json()["token"])


class Phone:
    """One browser: its own cookies, no redirects followed (so each answer is seen)."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects()
        )

    def open(
        self,
        method: str,
        path: str,
        data: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 60,
    ) -> Answer:
        request = urllib.request.Request(
            self.live.url + path, data=data, method=method, headers=headers or {}
        )
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                return Answer(answer.status, answer.read(), dict(answer.headers))
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.read(), dict(error.headers))

    def get(self, path: str) -> Answer:
        return self.open("GET", path)

    def post(self, path: str, form: dict[str, str]) -> Answer:
        data = urllib.parse.urlencode(form).encode()
        return self.open("POST", path, data, {"Content-Type": "application/x-www-form-urlencoded"})

    def call(
        self, method: str, path: str, body: Any, headers: dict[str, str] | None = None
    ) -> Answer:
        return self.open(
            method,
            path,
            json.dumps(body).encode(),
            {"Content-Type": "application/json", **(headers or {})},
        )

    def login(self, username: str = "ana") -> Phone:
        page = self.get("/login")
        token = csrf(page.text)
        answer = self.post(
            "/login", {"username": username, "password": PASSWORD, "csrf_token": token}
        )
        assert answer.status == 302, answer.text
        return self


def csrf(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1)


@contextmanager
def live_server(
    tmp_path: Path, backend: str = "sqlite", threads: int = 8, **settings: str
) -> Iterator[Live]:
    """A migrated database with the accounts ana and ben, and the server on it."""
    schema = ""
    if backend == "postgresql":
        schema = f"sk_live_{uuid.uuid4().hex[:10]}"
        engine = sa.create_engine(TEST_DATABASE_URL)
        with engine.begin() as connection:
            connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        engine.dispose()
        uri = postgresql_url(schema)
    else:
        uri = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    env = {
        **os.environ,
        "FLASK_SQLALCHEMY_DATABASE_URI": uri,
        "FLASK_SECRET_KEY": "live-test",
        "FLASK_PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "MALLOC_ARENA_MAX": "2",  # as scripts/start runs it
        **{f"FLASK_{name}": value for name, value in settings.items()},
    }
    live = Live(env, free_port(), uri)
    try:
        live.flask("init-db")
        for username in ("ana", "ben"):
            live.flask("create-user", username, "--password", PASSWORD)
        live.start(threads)
        yield live
    finally:
        live.stop()
        if schema:
            engine = sa.create_engine(TEST_DATABASE_URL)
            with engine.begin() as connection:
                connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
            engine.dispose()
