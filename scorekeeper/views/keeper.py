"""A table's scorekeeper link (a tournament's table): the browser holding it may keep
that one game's score, its round screen and its board, without an account."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import session
from flask_login import current_user, login_required

from .. import services

F = TypeVar("F", bound=Callable[..., Any])

KEEPER = "table_link"
"""The session's key for a table's scorekeeper link: the secret, read afresh on every
request (a revoked link opens nothing from then on)."""


def keeper_game_id() -> str | None:
    """The game this browser's table link opens, while the link holds."""
    token = session.get(KEEPER)
    if not isinstance(token, str):
        return None
    try:
        return services.tournaments.keeper_game(token).id
    except services.NotFound:
        session.pop(KEEPER, None)
        return None


def login_or_keeper(view: F) -> F:
    """Logged in, or holding a table's scorekeeper link (the game itself is checked by
    ``load_game(..., keeper=True)``)."""
    protected = login_required(view)

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not current_user.is_authenticated and kwargs.get("game_id") == keeper_game_id():
            return view(*args, **kwargs)
        return protected(*args, **kwargs)

    return wrapped  # type: ignore[return-value]
