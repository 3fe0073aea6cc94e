"""The games themselves: standard library only, nothing of Flask or the database.

``GAMES`` maps each game's key (as the API writes it) to its class.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Rank, Special, Suit
from .errors import RoundRefused, RuleError
from .game import Game, RoundInfo, ScoredRound
from .one_card import OneCardGame
from .wizard import WizardGame

GAMES: dict[str, type[Game[Any, Any]]] = {
    WizardGame.key: WizardGame,
    OneCardGame.key: OneCardGame,
}

__all__ = [
    "GAMES",
    "Card",
    "Game",
    "OneCardGame",
    "Rank",
    "RoundInfo",
    "RoundRefused",
    "RuleError",
    "ScoredRound",
    "Special",
    "Suit",
    "WizardGame",
]
