"""Every game the app serves, each in a folder of its own: ``scorekeeper/games/<key>/``.

A game's folder holds everything of it: its rules and its referee (pure, like
``scorekeeper.rules``, which they build on), and the app's side of it, its ``kind``
(forms, templates, sheet, API schema, words, statistics; :mod:`scorekeeper.games.kinds`).
Adding a game is a new folder and one line in :data:`PACKAGES` (docs/games.md).

This module loads only the pure parts: ``import scorekeeper.games`` loads nothing of the
web app.

>>> list(GAMES) == list(REFEREES) == list(PACKAGES)
True
>>> GAMES["wizard"].title, REFEREES["oh_hell"].title
('Wizard', 'Oh Hell')
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from ..rules.game import Game
from ..rules.referee import Referee

PACKAGES: tuple[str, ...] = ("wizard", "one_card", "oh_hell", "spades")
"""Every game's folder (its key), in the order the app offers them."""

DEFAULT_GAME = PACKAGES[0]
"""The game of a request that names none (the API's ``"game"`` left out, a new game's page)."""


def game_module(package: str, part: str) -> ModuleType:
    """One part of a game's folder (``"rules"``, ``"referee"``, ``"kind"``)."""
    return import_module(f"{__name__}.{package}.{part}")


def _rules(package: str) -> type[Game[Any, Any]]:
    game = game_module(package, "rules").GAME
    if not (isinstance(game, type) and issubclass(game, Game) and game.key == package):
        raise TypeError(f"games/{package}/rules.py: GAME is not the Game of {package!r}")
    return game


def _referee(package: str) -> Referee:
    referee = game_module(package, "referee").REFEREE
    if not (isinstance(referee, Referee) and referee.key == package):
        raise TypeError(f"games/{package}/referee.py: REFEREE is not the referee of {package!r}")
    return referee


GAMES: dict[str, type[Game[Any, Any]]] = {package: _rules(package) for package in PACKAGES}
"""Each game's rules, by its key (as the API writes it)."""

REFEREES: dict[str, Referee] = {package: _referee(package) for package in PACKAGES}
"""Each game's referee, by its key."""

__all__ = ["DEFAULT_GAME", "GAMES", "PACKAGES", "REFEREES", "game_module"]
