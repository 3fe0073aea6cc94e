"""The watch link: a game's read-only token, and the game it reads."""

from __future__ import annotations

import secrets

from sqlalchemy import select

from ..extensions import db
from ..models import (
    Game,
)
from .errors import NotFound
from .games import StoredGame, rules_game
from .text import storable

# -- the watch link ------------------------------------------------------------


def share_game(record: StoredGame) -> str:
    """The game's read-only watch token, made on first use (kept until revoked)."""
    if record.row.watch_token is None:
        record.row.watch_token = secrets.token_urlsafe(24)
        db.session.commit()
    return record.row.watch_token


def stop_sharing(record: StoredGame) -> None:
    """Revoke the watch link: the old address shows nothing any more."""
    record.row.watch_token = None
    db.session.commit()


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
    version = db.session.scalar(select(Game.version).where(Game.watch_token == token))
    if version is None:
        raise NotFound("watch")
    return int(version)


def watched_stamp(token: str) -> tuple[str, int]:
    """The watched game's id and version, without its rounds: enough to tell a watcher's
    phone that the board it shows is still the board."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    row = db.session.execute(select(Game.id, Game.version).where(Game.watch_token == token)).first()
    if row is None:
        raise NotFound("watch")
    return str(row.id), int(row.version)
