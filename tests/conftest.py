"""Fixtures: an app on a fresh database, a client, the CLI runner, and logged-in helpers.

Tests of the data layer (marked ``data_layer``) run on SQLite and, when
``TEST_DATABASE_URL`` is set, again on that PostgreSQL server.
"""

from __future__ import annotations

import os
import re
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.database import upgrade
from scorekeeper.extensions import db

# Test data is read, not collected: the small game kept for tests/test_adding_a_game.py
# is a game folder that imports as one only inside a copy of the project.
collect_ignore_glob = ["data/*"]

FAST_HASH = "pbkdf2:sha256:1000"
PASSWORD = "correct horse"
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "data_layer: runs on every configured database")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("data_layer"):
        # Both always: without a server the PostgreSQL cases show as skipped, with the reason.
        metafunc.parametrize("backend", ["sqlite", "postgresql"], indirect=True)


NO_POSTGRESQL = (
    "no PostgreSQL configured: set TEST_DATABASE_URL"
    " (postgresql+psycopg://postgres@127.0.0.1:5432/test) or run with CI=true"
)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    name: str = getattr(request, "param", "sqlite")
    if name == "postgresql" and not TEST_DATABASE_URL:
        pytest.skip(NO_POSTGRESQL)
    return name


def base_config(uri: str, instance: Path) -> dict[str, Any]:
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": uri,
        "PASSWORD_HASH_METHOD": FAST_HASH,
        "SETUP_CODE_FILE": str(instance / "setup_code"),
        # The render limit guards a server's workers; on a busy test machine a night's
        # sheet can take longer than a server allows, which tests of the limit set again.
        "SHEET_RENDER_SECONDS": 300,
        # Sheets are laid out in a render process as on a server, at the tests' own
        # priority: the pages' head start is for a server (bench/print_rush.py).
        "SHEET_RENDER_NICENESS": 0,
    }


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built once by the migrations, copied for each test."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    app = create_app(base_config(f"sqlite:///{path}", path.parent))
    with app.app_context():
        upgrade()
        db.engine.dispose()
    return path


@pytest.fixture(scope="session")
def postgresql_schema() -> Iterator[str]:
    """A schema of its own on the PostgreSQL server, migrated once."""
    if not TEST_DATABASE_URL:
        pytest.skip(NO_POSTGRESQL)
    schema = f"sk_test_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(TEST_DATABASE_URL)
    with engine.begin() as connection:
        connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    app = create_app(base_config(postgresql_url(schema), Path("/nonexistent")))
    with app.app_context():
        upgrade()
        db.engine.dispose()
    yield schema
    with engine.begin() as connection:
        connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def postgresql_url(schema: str) -> str:
    url = sa.engine.make_url(TEST_DATABASE_URL)
    return url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False
    )


@pytest.fixture
def app(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Flask]:
    if backend == "postgresql":
        schema = request.getfixturevalue("postgresql_schema")
        uri = postgresql_url(schema)
    else:
        template = request.getfixturevalue("sqlite_template")
        database = tmp_path / "scorekeeper.sqlite3"
        shutil.copy(template, database)
        uri = f"sqlite:///{database}"
    app = create_app(base_config(uri, tmp_path))
    yield app
    with app.app_context():
        db.session.remove()
        if backend == "postgresql":
            tables = ", ".join(t.name for t in db.metadata.sorted_tables)
            with db.engine.begin() as connection:
                connection.execute(sa.text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def setup_code(app: Flask) -> str:
    """A fresh setup code for the first account, as ./scripts/start shows it."""
    from scorekeeper.services import accounts

    with app.app_context():
        code = accounts.new_setup_code()
    assert code is not None
    return code


@pytest.fixture
def runner(app: Flask):  # type: ignore[no-untyped-def]
    return app.test_cli_runner()


CSRF_PATTERN = re.compile(
    r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"'
)


def csrf_token(html: str) -> str:
    match = CSRF_PATTERN.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1) or match.group(2)


class Table:
    """A scorekeeper at the table: an account, logged in, sending forms with CSRF."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client
        self.token = ""

    def create_account(self, username: str = "ana", password: str = PASSWORD) -> None:
        from scorekeeper import services

        with self.app.app_context():
            services.create_user(username, password)

    def login(self, username: str = "ana", password: str = PASSWORD) -> Any:
        page = self.client.get("/login")
        self.token = csrf_token(page.get_data(as_text=True))
        response = self.client.post(
            "/login",
            data={"username": username, "password": password, "csrf_token": self.token},
        )
        page = self.client.get("/games/new")
        if page.status_code == 200:
            self.token = csrf_token(page.get_data(as_text=True))
        return response

    def post(self, url: str, data: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        return self.client.post(url, data={**(data or {}), "csrf_token": self.token}, **kwargs)

    def new_game(
        self,
        players: list[str],
        first_dealer: int = 0,
        hook: bool = False,
        rounds: int | None = None,
    ) -> str:
        data: dict[str, Any] = {f"players-{i}": name for i, name in enumerate(players)}
        data["first_dealer"] = str(first_dealer)
        if hook:
            data["hook"] = "y"
        if rounds is not None:
            data["rounds"] = str(rounds)
        response = self.post("/games/new", data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return response.headers["Location"].rsplit("/", 1)[-1]


@pytest.fixture
def table(app: Flask, client: FlaskClient) -> Table:
    """Logged in as "ana" (and "ben" exists too, another account)."""
    table = Table(app, client)
    table.create_account("ana")
    table.create_account("ben")
    table.login("ana")
    return table


@pytest.fixture
def api(app: Flask, client: FlaskClient) -> ApiClient:
    from scorekeeper import services

    with app.app_context():
        services.create_user("ana", PASSWORD)
        services.create_user("ben", PASSWORD)
    return ApiClient(client)


class ApiClient:
    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.headers: dict[str, str] = {}

    def login(self, username: str = "ana") -> ApiClient:
        response = self.client.post(
            "/api/v1/tokens", json={"username": username, "password": PASSWORD}
        )
        assert response.status_code == 201
        self.headers = {"Authorization": f"Bearer {response.json['token']}"}
        return self

    def get(self, url: str) -> Any:
        return self.client.get(url, headers=self.headers)

    def post(self, url: str, json: Any = None, **kwargs: Any) -> Any:
        return self.client.post(url, json=json, headers=self.headers, **kwargs)

    def put(self, url: str, json: Any = None) -> Any:
        return self.client.put(url, json=json, headers=self.headers)

    def patch(self, url: str, json: Any = None) -> Any:
        return self.client.patch(url, json=json, headers=self.headers)

    def delete(self, url: str) -> Any:
        return self.client.delete(url, headers=self.headers)


ERROR_PATTERN = re.compile(r'<p class="error" role="alert">([^<]*)</p>')


def page_errors(response: Any) -> list[str]:
    """The messages a page shows next to its fields, as a person reads them."""
    import html

    return [html.unescape(m) for m in ERROR_PATTERN.findall(response.get_data(as_text=True))]


def stored_state(app: Flask, game_id: str, username: str = "ana") -> Any:
    """The rules' view of a game as stored, read afresh."""
    from scorekeeper import services

    with app.app_context():
        owner = services.authenticate(username, PASSWORD)
        return services.get_game(owner, game_id).state
