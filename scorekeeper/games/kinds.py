"""Every game as the app serves it: each game folder's ``kind``, registered by its key.

>>> sorted(KINDS) == sorted(GAMES)
True
>>> kind("wizard").round_word
'round'
>>> kind("chess")
Traceback (most recent call last):
...
scorekeeper.games.kind.KindError: no game kind 'chess'
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import GAMES, PACKAGES, game_module
from .kind import STATIC_PREFIX, WORDS, ApiSchema, GameKind, KindError, Script, Templates, Words

if TYPE_CHECKING:
    from flask import Flask


AnyKind = GameKind[Any]
"""A kind of any game: what the registry holds, and pages and the API ask."""


def _kind(package: str) -> AnyKind:
    served = game_module(package, "kind").KIND
    if not (isinstance(served, GameKind) and served.key == package):
        raise KindError(f"games/{package}/kind.py: KIND is not the kind of {package!r}")
    return served


KINDS: dict[str, AnyKind] = {package: _kind(package) for package in PACKAGES}


def kind(key: str) -> AnyKind:
    """The kind registered as ``key``; :class:`KindError` for any other key."""
    try:
        return KINDS[key]
    except (KeyError, TypeError):
        raise KindError(f"no game kind {key!r}") from None


def check_kinds(app: Flask) -> None:
    """Every game has a kind, and every kind's templates are there.

    Called when the app starts: a game registered without a piece fails here, once,
    rather than on a page at the table.
    """
    unserved = set(GAMES) ^ set(KINDS)
    if unserved:
        raise KindError(f"games and kinds differ: {sorted(unserved)}")
    for game in KINDS.values():
        for name, template in vars(game.templates).items():
            try:
                app.jinja_env.get_template(template)
            except Exception as error:
                raise KindError(f"{game.key}: its {name} template {template!r}: {error}") from None
        if game.script and not (static_folder(game.key) / game.script.file).is_file():
            raise KindError(f"{game.key}: its script {game.script.file!r} is not in its static/")


def static_folder(key: str) -> Path:
    """A game's static files (its scripts): ``scorekeeper/games/<key>/static/``."""
    return Path(__file__).parent / key / "static"


__all__ = [
    "KINDS",
    "STATIC_PREFIX",
    "WORDS",
    "AnyKind",
    "ApiSchema",
    "GameKind",
    "KindError",
    "Script",
    "Templates",
    "Words",
    "check_kinds",
    "kind",
    "static_folder",
]
