"""Whist in the JSON API: its hand (the trump and each side's tricks), its target and its
sides, as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Any

from ...api_parts import SEAT
from ...rules.cards import Suit
from ..kind import ApiSchema
from .rules import DEFAULT_TARGET, HAND, TARGET_RANGE

TRUMP = {
    "type": "string",
    "enum": [suit.word for suit in Suit],
    "description": "The suit of the dealer's last card, turned up: every hand has a trump",
}
TRICKS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": HAND},
    "minItems": 2,
    "maxItems": 2,
    "description": "Tricks each side took (seats 0 and 2, then 1 and 3): 13 together",
}
PAIR = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["trump", "tricks"],
        "properties": {
            "trump": TRUMP,
            "tricks": TRICKS,
            "dealer": {**SEAT, "description": "Overrides the rotation's dealer"},
        },
        "example": {"trump": "hearts", "tricks": [8, 5]},
    }


def options() -> dict[str, Any]:
    low, high = TARGET_RANGE
    return {
        "target": {"type": "integer", "minimum": low, "maximum": high, "default": DEFAULT_TARGET}
    }


def round_fields() -> dict[str, Any]:
    """A hand of the game document: its trump, each side's tricks and points."""
    return {
        "trump": TRUMP,
        "tricks": TRICKS,
        "side_scores": {**PAIR, "description": "Each side's points in the hand"},
    }


def game_fields() -> dict[str, Any]:
    """The game document's sides: partners' seats and the side's total."""
    return {
        "sides": {
            "type": "array",
            "description": "A game of partnerships: seats 0 and 2 against 1 and 3",
            "items": {
                "type": "object",
                "required": ["seats", "total"],
                "properties": {
                    "seats": {"type": "array", "items": SEAT},
                    "total": {"type": "integer"},
                },
            },
        }
    }


API = ApiSchema(
    round_input="WhistHandInput",
    round_schema=round_schema,
    options=options,
    round_fields=round_fields,
    game_fields=game_fields,
)
