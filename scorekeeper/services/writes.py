"""Writes that tell the truth: a change is one transaction, and before it is answered the
app knows whether it was stored.

Three outcomes, three answers:

- **stored**: the commit went through. What the answer shows was read before the commit
  and stays in memory (the session keeps its objects after a commit), so a connection
  that dies right after the commit cannot turn a stored round into an error.
- **nothing stored**: the transaction failed before its COMMIT was sent (a lock, a full
  disk, a lost connection), so the database rolled it back. :class:`StorageError` says
  so, and the same change can be sent again.
- **not known**: the connection broke while the COMMIT was on its way. The database is
  asked on a fresh connection: PostgreSQL keeps every transaction's fate
  (``txid_status``), SQLite's own rows are looked for (``probe``). Stored: answered as
  stored. Rolled back: "nothing stored". Still undecided (a frozen network, a stopped
  server): :class:`OutcomeUnknown`, which tells the phone to look at the game or to send
  it again with the same one-time key (never stored twice).

SQLite takes one writer at a time. Here a process's writers queue on a lock of their
own before taking the database's (``BEGIN IMMEDIATE``), instead of all polling
SQLite's busy handler: on a busy night writes wait their turn in order rather than fail.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from flask import current_app, g, has_app_context
from sqlalchemy import Connection, event, text
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, SessionTransaction

from ..extensions import db
from ..i18n import N_
from .errors import StorageError

log = logging.getLogger(__name__)

Probe = Callable[[Connection], bool]
"""Looks, on a fresh connection, for a row only the change being settled could have
written (SQLite, where no transaction's fate is kept)."""

STORAGE_ERRORS: tuple[type[Exception], ...] = (DBAPIError, PoolTimeout)
"""What the database or its pool raise when they cannot do what was asked (a lost or
refused connection, a lock or a statement waited on too long, a full disk)."""

SETTLE_SECONDS = 2.0
"""How long a transaction whose COMMIT was cut may stay "in progress" on PostgreSQL before
the answer says its fate is not known."""


class OutcomeUnknown(StorageError):
    """The connection broke while the change was being committed, and the database could
    not be asked since: the change may or may not be stored."""

    template = N_(
        "The connection to the scoresheet's storage broke while it was saving, so it is"
        " not known whether this was stored. Look at the game before entering it again;"
        " sending the same page again never stores it twice."
    )


class Busy(StorageError):
    """Other changes held the storage longer than a change may wait: nothing was stored."""

    template = N_(
        "The scoresheet is busy with other changes just now. Nothing was stored;"
        " what you entered is still here: try again in a moment."
    )


# -- SQLite: one writer at a time, in turn -------------------------------------------

_write_turn = threading.Lock()
"""This process's writers queue here before asking SQLite for its write lock."""


def is_sqlite() -> bool:
    return db.session.get_bind().dialect.name == "sqlite"


def begin() -> None:
    """Start a write transaction on the latest data (whatever this request read before is
    let go). SQLite: wait for this process's turn, then take the database's write lock
    at once, so the change never fails halfway on a lock another writer took."""
    safe_rollback()
    if not is_sqlite():
        return
    wait = float(current_app.config["DATABASE_WAIT_SECONDS"])
    if not _write_turn.acquire(timeout=wait):
        raise Busy(f"no write turn within {wait} s")
    db.session.info["write_turn"] = True
    try:
        db.session.execute(text("BEGIN IMMEDIATE"))
    except STORAGE_ERRORS as error:
        safe_rollback()
        said = _detail(error)
        if "locked" in said or "busy" in said:
            raise Busy(said) from error
        # Not another writer: a database open for reading only, on a full disk.
        raise StorageError(said) from error
    finally:
        session = db.session()
        if not session.in_transaction():
            _release_turn(session)


def _release_turn(session: Session) -> None:
    if session.info.pop("write_turn", False):
        _write_turn.release()


@event.listens_for(Session, "after_transaction_end")
def _transaction_ended(session: Session, transaction: SessionTransaction) -> None:
    """The write's turn ends with its transaction, however it ends."""
    if transaction.parent is None:
        _release_turn(session)


# -- the commit -----------------------------------------------------------------------


def commit(probe: Probe | None = None) -> None:
    """Commit the session's transaction and know its outcome: return once it is stored;
    raise :class:`StorageError` when nothing was stored, :class:`OutcomeUnknown` when that
    cannot be known. An :class:`IntegrityError` (a unique key taken by another change
    meanwhile) is rolled back and raised for the caller to say what it means.

    ``probe``: for SQLite, a look for a row of this change's own."""
    try:
        db.session.flush()
        txid = _transaction_id()
    except IntegrityError:
        safe_rollback()
        raise
    except STORAGE_ERRORS as error:
        safe_rollback()
        raise StorageError(_detail(error)) from error
    try:
        db.session.commit()
    except IntegrityError:
        safe_rollback()
        raise
    except STORAGE_ERRORS as error:
        safe_rollback()
        stored = settle(txid, probe)
        if stored is None:
            raise OutcomeUnknown(_detail(error)) from error
        _note(stored)
        if not stored:
            raise StorageError(_detail(error)) from error
    _note(True)


def _transaction_id() -> int | None:
    """PostgreSQL: the transaction's id, asked just before its COMMIT (None when it wrote
    nothing), so that its fate can be asked if the COMMIT's answer is lost."""
    if is_sqlite():
        return None
    value = db.session.execute(text("SELECT txid_current_if_assigned()")).scalar()
    return None if value is None else int(value)


def settle(txid: int | None, probe: Probe | None) -> bool | None:
    """Whether a transaction whose COMMIT was cut is stored (True), rolled back (False),
    or cannot be told (None), asked on a fresh connection."""
    if txid is None and probe is None:
        return None if not is_sqlite() else False
    deadline = time.monotonic() + SETTLE_SECONDS
    try:
        with db.engine.connect() as connection:
            if txid is not None:
                while True:
                    status = connection.execute(
                        text("SELECT txid_status(:txid)"), {"txid": txid}
                    ).scalar()
                    connection.rollback()
                    if status == "committed":
                        return True
                    if status == "aborted":
                        return False
                    if status != "in progress" or time.monotonic() > deadline:
                        return None
                    time.sleep(0.1)
            assert probe is not None
            return probe(connection)
    except STORAGE_ERRORS:
        return None


def safe_rollback() -> None:
    """Roll the session back; a connection already lost is only let go."""
    try:
        db.session.rollback()
    except SQLAlchemyError:
        with suppress(SQLAlchemyError):
            db.session.close()


def _detail(error: Exception) -> str:
    """The driver's words for a failure, kept with the error and written to the log: an
    operator sees why a 503 was answered."""
    said = str(getattr(error, "orig", None) or error)[:500]
    log.warning("the storage refused a change: %s", said.splitlines()[0] if said else error)
    return said


# -- what a request did: for an answer made after a failure ---------------------------
#
# A request's flags, in ``g``: ``scorekeeper_cut`` while a COMMIT is on its way (set by
# the engine as it sends one, cleared once it is answered), ``scorekeeper_stored`` once a
# change went through :func:`commit`. The error pages read them (:func:`request_outcome`)
# so that a failure after a change was stored is never said as "nothing was stored".


def _commit_sent(_connection: Connection) -> None:
    if has_app_context():
        g.scorekeeper_cut = True


def _commit_answered(_session: Session) -> None:
    if has_app_context():
        g.scorekeeper_cut = False


def _note(stored: bool | None) -> None:
    if has_app_context():
        g.scorekeeper_cut = False
        if stored:
            g.scorekeeper_stored = True


def commit_note() -> None:
    """Commit a note made while reading (a login's or a token's last use): a busy or full
    database, or a lost connection, loses the note, never the request."""
    try:
        db.session.commit()
    except STORAGE_ERRORS:
        safe_rollback()
    _note(None)


def request_outcome() -> str | None:
    """What the request's changes came to, as far as this process knows: "unknown" (a
    COMMIT's answer was lost), "stored" (a change went through), or None (nothing
    stored)."""
    if not has_app_context():
        return None
    if g.get("scorekeeper_cut"):
        return "unknown"
    if g.get("scorekeeper_stored"):
        return "stored"
    return None


def watch_commits(engine: Any) -> None:
    """Follow the COMMITs sent on ``engine``, and their answers."""
    event.listen(engine, "commit", _commit_sent)
    if not getattr(watch_commits, "sessions", False):
        event.listen(Session, "after_commit", _commit_answered)
        watch_commits.sessions = True  # type: ignore[attr-defined]
