"""The games themselves: standard library only, nothing of Flask or the database.

``GAMES`` maps each game's key (as the API writes it) to its class.
"""

from __future__ import annotations

from typing import Any

from .bidding import TrickBiddingGame, TrickRound
from .cards import Card, Rank, Special, Suit
from .errors import RoundRefused, RuleError
from .game import Game, RoundInfo, ScoredRound, SeatOutcome
from .oh_hell import OhHellGame, OhHellOptions, OhHellRound, Scoring
from .one_card import OneCardGame
from .wizard import WizardGame

GAMES: dict[str, type[Game[Any, Any]]] = {
    WizardGame.key: WizardGame,
    OneCardGame.key: OneCardGame,
    OhHellGame.key: OhHellGame,
}

__all__ = [
    "GAMES",
    "Card",
    "Game",
    "OhHellGame",
    "OhHellOptions",
    "OhHellRound",
    "OneCardGame",
    "Rank",
    "RoundInfo",
    "RoundRefused",
    "RuleError",
    "ScoredRound",
    "Scoring",
    "SeatOutcome",
    "Special",
    "Suit",
    "TrickBiddingGame",
    "TrickRound",
    "WizardGame",
]
