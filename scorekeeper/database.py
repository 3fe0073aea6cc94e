"""How the app talks to its database engines."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from flask import Flask, current_app
from sqlalchemy import event

from .extensions import db


def migrations(app: Flask) -> None:
    """Alembic's migrations (through Flask-Migrate) bound to ``app``, the first time they
    are asked for. Only the commands and tests that migrate load Alembic: a served worker
    never does, and keeps some 11 MB the lighter for it."""
    if "migrate" not in app.extensions:
        from flask_migrate import Migrate

        Migrate(app, db, directory=str(app.extensions["scorekeeper.migrations"]))


def upgrade(revision: str = "head") -> None:
    """The current app's database brought up to ``revision`` (Flask-Migrate's ``upgrade``)."""
    import flask_migrate

    migrations(current_app._get_current_object())  # type: ignore[attr-defined]
    flask_migrate.upgrade(revision=revision)


def downgrade(revision: str) -> None:
    """The current app's database taken back to ``revision``."""
    import flask_migrate

    migrations(current_app._get_current_object())  # type: ignore[attr-defined]
    flask_migrate.downgrade(revision=revision)


def configure_engine(app: Flask) -> None:
    """SQLite gets foreign keys, a write-ahead log and a busy timeout, and its files are
    readable by their owner alone."""
    with app.app_context():
        engine = db.engine
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_on_connect)
            if engine.url.database and engine.url.database != ":memory:":
                keep_private(Path(engine.url.database))


def keep_private(database: Path) -> None:
    """The database file, made if need be, and its log files: mode 0600 (SQLite gives
    its -wal and -shm files the database file's mode). Someone else's files are left
    as they are."""
    if not database.exists() and database.parent.is_dir():
        with suppress(FileExistsError):
            os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        try:
            if path.exists() and path.stat().st_mode & 0o077:
                path.chmod(0o600)
        except PermissionError:
            pass


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA busy_timeout = 5000")
    if _is_file_database(dbapi_connection):
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
    cursor.close()


def _is_file_database(connection: sqlite3.Connection) -> bool:
    row = connection.execute("PRAGMA database_list").fetchone()
    return bool(row and row[2])


@contextmanager
def counting_statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the app sends to its database while the block runs: the tests
    and the benchmarks count them per request."""
    with app.app_context():
        engine = db.engine
    statements: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", note)
