"""What every game shares: cards, seats, rounds, bids, errors; standard library only,
nothing of Flask or the database. Each game's own rules are in its folder
(``scorekeeper/games/<key>/rules.py``), on this base; ``scorekeeper.games.GAMES`` lists them.
"""

from __future__ import annotations

from .bidding import TrickBiddingGame, TrickRound
from .cards import Card, Rank, Special, Suit
from .errors import RoundRefused, RuleError
from .game import Game, RoundInfo, ScoredRound, SeatOutcome

__all__ = [
    "Card",
    "Game",
    "Rank",
    "RoundInfo",
    "RoundRefused",
    "RuleError",
    "ScoredRound",
    "SeatOutcome",
    "Special",
    "Suit",
    "TrickBiddingGame",
    "TrickRound",
]
