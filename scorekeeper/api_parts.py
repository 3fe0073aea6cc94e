"""The pieces of the OpenAPI document that every game's schema is made of (seats, trumps,
cards, the hidden-bids option). Each game's folder builds its own part of the document from
these (``games/<key>/api.py``); ``scorekeeper.api_spec`` assembles the whole at the edge.
"""

from __future__ import annotations

from typing import Any

from .parsing import TRUMP_WORDS
from .rules.referee import DOWNTOWN, UPTOWN, Referee

SEAT = {"type": "integer", "minimum": 0, "description": "An index into the game's players"}
NULLABLE_SEAT = {"type": ["integer", "null"], "minimum": 0}
SEATS = {"type": "array", "items": {"type": "integer"}, "description": "One number per seat"}
TRUMP = {"type": "string", "enum": list(TRUMP_WORDS)}
TRUMP_INPUT = {
    "type": ["string", "null"],
    "enum": [*TRUMP_WORDS, None],
    "description": "Any case. Left out or null: no trump, or in Wizard the turned card's suit",
}
ORDER = {"type": "string", "enum": [UPTOWN, DOWNTOWN]}


HIDDEN_BIDS_OPTION: dict[str, Any] = {
    "type": "boolean",
    "default": False,
    "description": (
        "Each player bids secretly on their own phone (a link per seat); the game's pending"
        " bids stay null until every bid is in or the scorekeeper reveals them"
    ),
}


def card_names(referee: Referee) -> list[str]:
    """The cards of the game's deck as the API writes them (any case is read)."""
    return [str(card) for card in referee.deck()]


def card_schema(referee: Referee, *, nullable: bool = False) -> dict[str, Any]:
    names: list[str | None] = [*card_names(referee)]
    return {
        "type": ["string", "null"] if nullable else "string",
        "enum": [*names, None] if nullable else names,
        "description": (
            f"A card of {referee.title}'s deck: rank then suit letter (10h, qs) or a special"
            " card's name; any case"
        ),
    }
