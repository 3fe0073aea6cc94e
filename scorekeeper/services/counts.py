"""Counts every worker and every server of an install share, kept in the database: rate
limits (blank sheets for strangers, setup code attempts) and turns (password hashes
computed at once). A count kept in a process's memory is multiplied by the number of
workers and servers; these are not.

Each count is one row of ``shared_counts``, changed by one statement guarded by its
WHERE, in a short transaction of its own on a connection of its own (never the
request's), so that any number of requests at once, in any number of processes, each
count once. Works alike on SQLite and PostgreSQL.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Table, case, delete, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from ..extensions import db
from ..models import SharedCount
from .writes import Busy

COUNTS: Table = SharedCount.__table__
# How often a waiting turn looks again (with some jitter, so waiters do not ask together).
TURN_POLL_SECONDS = 0.05


def take(name: str, limit: int, seconds: int, now: int | None = None) -> int:
    """Count one event of ``name``, at most ``limit`` in a window of ``seconds``: 0 when
    it is allowed (and counted), else the seconds until the window ends (not counted).

    The window starts with its first event (a fixed window: at its turn, a burst of at
    most twice the limit can pass).
    """
    now = int(time.time()) if now is None else now
    fresh = COUNTS.c.expires <= now
    with db.engine.begin() as connection:
        _forget_old(connection, now)
        _make(connection, name)
        counted: Any = connection.execute(
            update(COUNTS)
            .where(COUNTS.c.name == name, or_(fresh, COUNTS.c.count < limit))
            .values(
                count=case((fresh, 1), else_=COUNTS.c.count + 1),
                expires=case((fresh, now + seconds), else_=COUNTS.c.expires),
            )
        )
        if counted.rowcount:
            return 0
        ends = connection.scalar(select(COUNTS.c.expires).where(COUNTS.c.name == name))
    return max(int(ends or 0) - now, 1)


def forget(name: str) -> None:
    """Start ``name``'s count again (a success after failures)."""
    with db.engine.begin() as connection:
        connection.execute(delete(COUNTS).where(COUNTS.c.name == name))


@contextmanager
def turn(name: str, at_once: int, lease: int, wait: float) -> Iterator[None]:
    """Run the block while holding one of ``at_once`` turns of ``name``, across every
    process of the install; wait up to ``wait`` seconds for one, else :class:`Busy`.

    A turn is held for ``lease`` seconds at most: one whose process died is free again
    after that, never lost.
    """
    holder = secrets.token_hex(8)
    slots = [f"{name}:{slot}" for slot in range(max(at_once, 1))]
    deadline = time.monotonic() + wait
    held = _take_turn(slots, holder, lease)
    while held is None:
        if time.monotonic() > deadline:
            raise Busy(f"no turn of {name} within {wait} s")
        time.sleep(TURN_POLL_SECONDS * (1 + random.random()))
        held = _take_turn(slots, holder, lease)
    try:
        yield
    finally:
        with db.engine.begin() as connection:
            connection.execute(
                update(COUNTS)
                .where(COUNTS.c.name == held, COUNTS.c.holder == holder)
                .values(count=0, expires=0, holder=None)
            )


def _take_turn(slots: list[str], holder: str, lease: int) -> str | None:
    now = int(time.time())
    with db.engine.begin() as connection:
        for slot in slots:
            _make(connection, slot)
            taken: Any = connection.execute(
                update(COUNTS)
                .where(COUNTS.c.name == slot, COUNTS.c.expires <= now)
                .values(count=1, expires=now + lease, holder=holder)
            )
            if taken.rowcount:
                return slot
    return None


def _make(connection: Connection, name: str) -> None:
    dialect = connection.dialect.name
    insert_new = sqlite_insert if dialect == "sqlite" else postgresql_insert
    connection.execute(
        insert_new(COUNTS).values(name=name, count=0, expires=0).on_conflict_do_nothing()
    )


def _forget_old(connection: Connection, now: int) -> None:
    """Windows ended an hour ago count nothing: their rows go (a flood of addresses does
    not grow the table without end)."""
    connection.execute(
        delete(COUNTS).where(COUNTS.c.expires < now - 3600, COUNTS.c.holder.is_(None))
    )
