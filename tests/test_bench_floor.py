"""The stack's floor that bench/served.py measures beside the app (bench/floor.py): a
logged-in frame made by the same libraries, with one query for the account. Held here
to being what its row says it is: a page that refuses a visitor who is not logged in,
finds the account by one statement, and draws the frame (links, messages, CSRF)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from bench.floor import KEY, floor_app


@pytest.fixture
def floor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("FLASK_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path}/floor.sqlite3")
    return floor_app()


def test_the_floor_is_a_logged_in_frame_found_by_one_statement(floor: Any) -> None:
    from flask_sqlalchemy import SQLAlchemy

    app = floor
    client = app.test_client()
    assert client.get("/").status_code == 401
    assert client.get("/floor/login").status_code == 200
    client.get("/")  # the pool's connection opened
    statements: list[str] = []
    with app.app_context():
        database: SQLAlchemy = app.extensions["sqlalchemy"]
        engine = database.engine
    event.listen(engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    page = client.get("/")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert len(statements) == 1 and "floor_accounts" in statements[0]
    assert "<p>Ana</p>" in text and 'name="csrf_token"' in text
    assert text.count('href="/') == 8 and text.count('type="submit"') == 5
    assert KEY not in text
