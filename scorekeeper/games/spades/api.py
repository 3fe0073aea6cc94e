"""Spades in the JSON API: its hand, its options and its sides, as the OpenAPI document
shows them (issue 31's contract)."""

from __future__ import annotations

from typing import Any

from ...api_parts import SEAT
from ..kind import ApiSchema
from .rules import DEFAULT_TARGET, HAND, NIL_WORDS, TARGET_RANGE

BID = {
    "oneOf": [
        {"type": "integer", "minimum": 0, "maximum": HAND},
        {"type": "string", "enum": list(NIL_WORDS)},
    ],
    "description": '1 to 13 tricks, "nil" (0 is read as nil) or "blind_nil" with the option',
}
BIDS = {"type": "array", "items": BID, "minItems": 4, "maxItems": 4}
TRICKS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": HAND},
    "minItems": 4,
    "maxItems": 4,
    "description": "Tricks each player took, in seat order: 13 together",
}
PAIR = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["bids", "tricks"],
        "properties": {
            "bids": BIDS,
            "tricks": TRICKS,
            "dealer": {**SEAT, "description": "Overrides the rotation's dealer"},
        },
        "example": {"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5, 5]},
    }


def options() -> dict[str, Any]:
    low, high = TARGET_RANGE
    return {
        "target": {
            "type": "integer",
            "minimum": low,
            "maximum": high,
            "default": DEFAULT_TARGET,
        },
        "blind_nil": {"type": "boolean", "default": False},
        "bag_penalty": {"type": "boolean", "default": True},
    }


def round_fields() -> dict[str, Any]:
    """A hand of the game document: the bids and tricks, each side's change of total (bag
    penalties included) and each side's bags after the hand."""
    return {
        "bids": BIDS,
        "tricks": TRICKS,
        "side_scores": {**PAIR, "description": "Each side's change of total in the hand"},
        "bags": {**PAIR, "description": "Each side's bags after the hand"},
    }


def game_fields() -> dict[str, Any]:
    """The game document's sides: partners' seats, the side's total and bags."""
    return {
        "sides": {
            "type": "array",
            "description": "A game of partnerships: seats 0 and 2 against 1 and 3",
            "items": {
                "type": "object",
                "required": ["seats", "total", "bags"],
                "properties": {
                    "seats": {"type": "array", "items": SEAT},
                    "total": {"type": "integer"},
                    "bags": {"type": "integer"},
                },
            },
        }
    }


API = ApiSchema(
    round_input="SpadesHandInput",
    round_schema=round_schema,
    options=options,
    round_fields=round_fields,
    game_fields=game_fields,
)
