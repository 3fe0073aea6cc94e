"""A real server on 127.0.0.1 for the tests of accounts under concurrency: waitress in a
process of its own (or several, like gunicorn's workers), on a fresh database, driven over HTTP."""

from __future__ import annotations

import http.cookiejar
import os
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

from tests.live import CSRF, NoRedirects, free_port, wait_until_serving, waitress

FAST_HASH = "pbkdf2:sha256:1000"


class Server:
    """``workers`` processes of waitress, each with ``threads`` threads, all on one
    database (SQLite in ``tmp``, or a fresh schema of ``TEST_DATABASE_URL``)."""

    def __init__(self, tmp: Path, database_url: str = "", workers: int = 1, threads: int = 8):
        self.tmp = tmp
        self.schema = ""
        if database_url:
            self.schema = f"sk_live_{uuid.uuid4().hex[:10]}"
            engine = sa.create_engine(database_url)
            with engine.begin() as connection:
                connection.execute(sa.text(f'CREATE SCHEMA "{self.schema}"'))
            engine.dispose()
            url = sa.engine.make_url(database_url).update_query_dict(
                {"options": f"-csearch_path={self.schema}"}
            )
            self.database_url = url.render_as_string(hide_password=False)
            self.admin_url = database_url
        else:
            self.database_url = f"sqlite:///{tmp / 'live.sqlite3'}"
        self.env = {
            **os.environ,
            "FLASK_SQLALCHEMY_DATABASE_URI": self.database_url,
            "FLASK_SECRET_KEY": "live-test",
            "FLASK_PASSWORD_HASH_METHOD": FAST_HASH,
            "FLASK_SETUP_CODE_FILE": str(tmp / "setup_code"),
        }
        self.workers, self.threads = workers, threads
        self.processes: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []

    def flask(self, *args: str, input: str | None = None) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "flask", "--app", "scorekeeper", *args],
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
            input=input,
        )
        return done.stdout

    def start(self) -> None:
        self.flask("init-db")
        for _ in range(self.workers):
            port = free_port()
            self.ports.append(port)
            self.processes.append(waitress(self.env, port, self.threads))
        for url in self.urls:
            wait_until_serving(url)

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait(timeout=10)
        if self.schema:
            engine = sa.create_engine(self.admin_url)
            with engine.begin() as connection:
                connection.execute(sa.text(f'DROP SCHEMA "{self.schema}" CASCADE'))
            engine.dispose()

    def scalar(self, sql: str) -> object:
        engine = sa.create_engine(self.database_url)
        try:
            with engine.connect() as connection:
                return connection.execute(sa.text(sql)).scalar()
        finally:
            engine.dispose()


@contextmanager
def running(tmp: Path, **options: object) -> Iterator[Server]:
    server = Server(tmp, **options)  # type: ignore[arg-type]
    try:
        server.start()
        yield server
    finally:
        server.stop()


class Phone:
    """One browser: its own cookies, forms sent with their CSRF token, no redirects
    followed (the answer itself is what a test looks at)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects()
        )
        self.token = ""

    def get(self, path: str) -> tuple[int, str]:
        status, text = self.open(urllib.request.Request(self.base + path))
        match = CSRF.search(text)
        if match:
            self.token = match.group(1)
        return status, text

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str]:
        body = urllib.parse.urlencode({**data, "csrf_token": self.token}).encode()
        return self.open(urllib.request.Request(self.base + path, data=body, method="POST"))

    def open(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
