"""How the app talks to its database engines, and how long it waits for them.

Nothing a request asks of the database may hang: PostgreSQL connections are opened with a
connect timeout, TCP keepalives and a bound on unacknowledged data, and run with statement,
lock and idle-transaction timeouts; the pool hands out a connection within a few seconds
or not at all; and a statement whose answer does not come back in time (a frozen network,
a stopped server, which no server-side timeout can end) has its connection cut by a
watchdog, so the request gets an error it can answer with a 503. SQLite waits for its
write lock a bounded time too.
"""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from flask import Flask, current_app, has_request_context
from sqlalchemy import Engine, event

from .extensions import db

log = logging.getLogger(__name__)


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


def engine_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's options: the bounded waits for the configured database, under
    whatever ``SQLALCHEMY_ENGINE_OPTIONS`` sets itself."""
    own: dict[str, Any] = dict(config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    uri = config.get("SQLALCHEMY_DATABASE_URI") or ""
    if not str(uri).startswith("postgresql"):
        return own
    connect = int(config["DATABASE_CONNECT_SECONDS"])
    statement_ms = int(float(config["DATABASE_STATEMENT_SECONDS"]) * 1000)
    options: dict[str, Any] = {
        # A connection left broken by a restart is found before a request uses it, by a
        # ping of our own under the watchdog (:func:`_ping`): SQLAlchemy's would wait on a
        # frozen server for ever.
        "pool_pre_ping": False,
        "pool_timeout": float(config["DATABASE_WAIT_SECONDS"]),
        "connect_args": {
            "connect_timeout": max(2, connect),  # libpq's least
            "keepalives": 1,
            "keepalives_idle": 10,
            "keepalives_interval": 3,
            "keepalives_count": 3,
            # Sent data unacknowledged this long: the connection is dead (Linux).
            "tcp_user_timeout": statement_ms + 1000,
        },
    }
    options["connect_args"].update(own.pop("connect_args", {}))
    options.update(own)
    return options


def configure_engine(app: Flask) -> None:
    """SQLite gets foreign keys, a write-ahead log kept small and a busy timeout, and its
    files are readable by their owner alone; PostgreSQL gets its timeouts; both have their
    commits followed (services.writes) and, in requests, their statements watched."""
    from .services import writes

    with app.app_context():
        engine = db.engine
    writes.watch_commits(engine)
    if engine.dialect.name == "sqlite":
        busy_ms = int(float(app.config["DATABASE_WAIT_SECONDS"]) * 1000)
        event.listen(engine, "connect", lambda conn, record: _sqlite_on_connect(conn, busy_ms))
        if engine.url.database and engine.url.database != ":memory:":
            keep_private(Path(engine.url.database))
            event.listen(engine, "do_connect", _sqlite_connect_or_read_only)
            event.listen(engine, "checkout", _read_only_once)
    elif engine.dialect.name == "postgresql":
        statement_ms = int(float(app.config["DATABASE_STATEMENT_SECONDS"]) * 1000)
        seconds = float(app.config["DATABASE_STATEMENT_SECONDS"]) + 1
        event.listen(
            engine,
            "connect",
            lambda conn, record: _postgresql_on_connect(conn, statement_ms, seconds),
        )
        event.listen(engine, "checkout", lambda conn, record, proxy: _ping(conn, seconds))
        WATCHDOG.watch(engine, seconds)
    app.teardown_appcontext(_let_session_go)


def _let_session_go(_error: BaseException | None) -> None:
    """End the request's session; a connection lost meanwhile is only let go. (Runs before
    Flask-SQLAlchemy's own teardown, which then finds nothing to end: an error here would
    replace an answer already made, a stored round's included, with a bare 500.)"""
    try:
        db.session.remove()
    except Exception:  # whatever the driver raises, the answer stands
        log.warning("the session could not be ended cleanly", exc_info=True)
        with suppress(Exception):
            db.session.registry.clear()


def _postgresql_on_connect(dbapi_connection: Any, statement_ms: int, seconds: float) -> None:
    """Server-side bounds: a statement, a lock wait, a transaction left idle (its client
    gone) end on the server too, and free what they hold."""
    WATCHDOG.arm(dbapi_connection, seconds)
    try:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET statement_timeout = {statement_ms}")
            cursor.execute(f"SET lock_timeout = {statement_ms}")
            cursor.execute(f"SET idle_in_transaction_session_timeout = {statement_ms * 4}")
        dbapi_connection.commit()
    finally:
        WATCHDOG.disarm(dbapi_connection)


def _ping(dbapi_connection: Any, seconds: float) -> None:
    """A pooled connection asked whether it still works before it is handed out, within
    ``seconds``: a dead one is thrown away and the pool tries a fresh one (SQLAlchemy's
    pre-ping, with a bound)."""
    from sqlalchemy.exc import DisconnectionError

    WATCHDOG.arm(dbapi_connection, seconds)
    try:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        dbapi_connection.rollback()
    except Exception as error:
        raise DisconnectionError(str(error)) from error
    finally:
        WATCHDOG.disarm(dbapi_connection)


class Watchdog:
    """Cuts a PostgreSQL connection whose statement (or COMMIT) has had no answer in time.

    Server-side timeouts cannot end a wait when the server or the network in between is
    frozen; libpq has no read timeout. A statement run for a request is noted with its
    deadline; one thread a process looks every quarter second and shuts the socket of a
    connection past its deadline down, so the waiting driver returns an error at once
    (and the connection is thrown away). Statements outside requests (the CLI's, the
    migrations') are not watched.
    """

    def __init__(self) -> None:
        self._due: dict[int, tuple[float, Any]] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.cuts = 0

    def watch(self, engine: Engine, seconds: float) -> None:
        def arm(conn: Any, *_args: Any) -> None:
            if has_request_context():
                self.arm(_dbapi_connection(conn), seconds)

        def disarm(conn: Any, *_args: Any) -> None:
            self.disarm(_dbapi_connection(conn))

        def disarm_error(context: Any) -> None:
            connection = context.connection
            if connection is not None and not connection.invalidated:
                with suppress(Exception):
                    self.disarm(connection.connection.dbapi_connection)

        event.listen(engine, "before_cursor_execute", arm)
        event.listen(engine, "after_cursor_execute", disarm)
        event.listen(engine, "commit", arm)
        event.listen(engine, "rollback", arm)
        event.listen(engine, "begin", disarm)
        event.listen(engine, "handle_error", disarm_error)
        event.listen(engine, "checkin", lambda dbapi_conn, _record: self.disarm(dbapi_conn))
        event.listen(engine, "close", lambda dbapi_conn, _record: self.disarm(dbapi_conn))

    def arm(self, dbapi_connection: Any, seconds: float) -> None:
        if dbapi_connection is None:
            return
        with self._lock:
            self._due[id(dbapi_connection)] = (time.monotonic() + seconds, dbapi_connection)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="database-watchdog", daemon=True
                )
                self._thread.start()

    def disarm(self, dbapi_connection: Any) -> None:
        if dbapi_connection is None:
            return
        with self._lock:
            self._due.pop(id(dbapi_connection), None)

    def _run(self) -> None:
        while True:
            time.sleep(0.25)
            now = time.monotonic()
            with self._lock:
                late = [conn for due, conn in self._due.values() if due <= now]
                for conn in late:
                    self._due.pop(id(conn), None)
            for conn in late:
                self.cut(conn)

    def cut(self, dbapi_connection: Any) -> None:
        """Shut the connection's socket down: the driver waiting on it gets an error."""
        try:
            fd = dbapi_connection.pgconn.socket
        except Exception:  # closed meanwhile: nothing to cut
            return
        with suppress(OSError), socket.socket(fileno=os.dup(fd)) as sock:
            sock.shutdown(socket.SHUT_RDWR)
        self.cuts += 1
        log.warning("a database statement had no answer in time: its connection was cut")


WATCHDOG = Watchdog()


def _dbapi_connection(conn: Any) -> Any:
    """The driver's connection under a SQLAlchemy one, or None once it was lost: the
    rollback after a connection died under a statement finds it invalidated, and asking
    it for its driver's connection then raises (which turned a "nothing was stored" into
    a bare 500); a lost connection has nothing left to watch."""
    if conn.invalidated:
        return None
    try:
        return conn.connection.dbapi_connection
    except Exception:  # closed or invalidated meanwhile
        return None


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


WAL_LIMIT_BYTES = 1024 * 1024
"""The write-ahead log is cut back to this size after each checkpoint (left alone, it
stays as big as it ever grew)."""

WAL_CHECKPOINT_PAGES = 256
"""A checkpoint every 256 pages (1 MB of 4 KB pages) rather than SQLite's default 1,000
(4 MB): the log never takes more than about a megabyte of the disk, so a small volume is
not filled by the app's own log (a 3 MB one was, by a log that had never reached 4 MB)."""


def _sqlite_on_connect(dbapi_connection: Any, busy_ms: int) -> None:
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute(f"PRAGMA busy_timeout = {busy_ms}")
    if _is_file_database(dbapi_connection):
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
        except sqlite3.OperationalError:
            # A full disk: WAL mode was set when the file was made, and reading goes on.
            log.warning("the SQLite database could not be switched to WAL", exc_info=True)
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT_BYTES}")
        cursor.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
    cursor.close()


FULL_DISK_SAYS = ("disk i/o error", "database or disk is full")
"""What SQLite says when it cannot make the index of its log (its -shm file) for want of
room."""


def _sqlite_connect_or_read_only(
    _dialect: Any, record: Any, cargs: list[Any], cparams: dict[str, Any]
) -> sqlite3.Connection:
    """A connection to the SQLite file; on a disk too full for SQLite to make the index of
    its log (it cannot open the database otherwise, not even to read), a read-only one
    that needs no index, so that games still read until there is room again.

    That connection (``immutable``) reads the database file alone, so it is made only when
    the file holds everything: no log beside it, or an empty one (a server stopped
    cleanly checkpoints its log into the file and removes it). It writes nothing: a change
    sent through it is refused by SQLite, a 503 that says nothing was stored. It serves one
    request (:func:`_read_only_once`); the next asks for the real file again, and gets it
    as soon as there is room."""
    connection: sqlite3.Connection = sqlite3.connect(*cargs, **cparams)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection
    except sqlite3.OperationalError as error:
        connection.close()
        if not any(said in str(error).lower() for said in FULL_DISK_SAYS):
            raise
        database = Path(cargs[0] if cargs else cparams["database"])
        log_file = Path(f"{database}-wal")
        if log_file.exists() and log_file.stat().st_size > 0:
            raise  # what the log holds would be missed: no reads rather than old ones
        log.warning("the disk is full: the SQLite database is open for reading only (%s)", error)
        uri = f"{database.resolve().as_uri()}?mode=ro&immutable=1"
        options = {k: v for k, v in cparams.items() if k not in ("database", "uri")}
        read_only: sqlite3.Connection = sqlite3.connect(uri, uri=True, **options)
        record.info["read_only_fresh"] = True
        return read_only


def _read_only_once(_dbapi_connection: Any, record: Any, _proxy: Any) -> None:
    """A read-only connection (made on a full disk) serves one checkout only: the next
    one opens the database afresh, for writing as soon as there is room."""
    from sqlalchemy.exc import DisconnectionError

    if "read_only_fresh" not in record.info:
        return
    if record.info["read_only_fresh"]:
        record.info["read_only_fresh"] = False
        return
    raise DisconnectionError("a read-only connection made on a full disk: open it afresh")


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
