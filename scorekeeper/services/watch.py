"""The watch link: a game's read-only token, and the game it reads."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import Executable, Row, bindparam, select

from ..extensions import db
from ..models import Game, Seat
from . import pending, writes
from .errors import NotFound
from .games import StoredGame, rules_game
from .text import storable

# -- the watch link ------------------------------------------------------------


def share_game(record: StoredGame) -> str:
    """The game's read-only watch token, made on first use (kept until revoked)."""
    if record.row.watch_token is None:
        record.row.watch_token = secrets.token_urlsafe(24)
        writes.commit()
    return record.row.watch_token


def stop_sharing(record: StoredGame) -> None:
    """Revoke the watch link, and every seat's bidding link with it: the old addresses
    show nothing any more (a seat's link is made afresh when it is asked for again)."""
    record.row.watch_token = None
    for seat in record.row.seats:
        seat.bid_token = None
    writes.commit()


def bidding_seat(token: str) -> tuple[StoredGame, int]:
    """The game and seat a seat's bidding link opens while the game is being played, or
    NotFound: revoked, guessed, or the game is over (the link ends with the game)."""
    record, seat = pending.bidding_seat(token)
    if record.state.finished:
        raise NotFound("seat")
    return record, seat


def seat_version(token: str) -> int:
    """Only the version of the game a seat's link opens, while it is being played: one
    small query for the seat page's refresh, every few seconds on every player's phone."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("seat")
    row = db.session.execute(_SEAT_VERSION, {"token": token}).first()
    if row is None or row.finished:
        raise NotFound("seat")
    return int(row.version)


def watched_game(token: str) -> StoredGame:
    """The game a watch token reads, or NotFound (a revoked or guessed token)."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    game = db.session.scalar(select(Game).where(Game.watch_token == token))
    if game is None:
        raise NotFound("watch")
    return StoredGame(game, rules_game(game))


def watched_version(token: str) -> int:
    """Only the version of a watched game: a cheap question for a watcher's refresh."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    row = _watched_row(_VERSION, token)
    return int(row.version)


def watched_stamp(token: str) -> tuple[str, int]:
    """The watched game's id and version, without its rounds: enough to tell a watcher's
    phone that the board it shows is still the board."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    row = _watched_row(_STAMP, token)
    return str(row.id), int(row.version)


# Built once: every watching phone asks one of these every few seconds.
_SEAT_VERSION = (
    select(Game.version, Game.finished)
    .join(Seat, Seat.game_id == Game.id)
    .where(Seat.bid_token == bindparam("token"))
)
_VERSION = select(Game.version).where(Game.watch_token == bindparam("token"))
_STAMP = select(Game.id, Game.version).where(Game.watch_token == bindparam("token"))


def _watched_row(statement: Executable, token: str) -> Row[Any]:
    """One row of a watched game, read on a connection of its own, outside the ORM's
    session (a few columns, no objects: a watcher's poll is most of a night's requests)."""
    with db.engine.connect() as connection:
        row = connection.execute(statement, {"token": token}).first()
    if row is None:
        raise NotFound("watch")
    return row
