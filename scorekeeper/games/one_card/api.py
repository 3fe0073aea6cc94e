"""One Card in the JSON API: its hand and its options, as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Any

from ...api_parts import NULLABLE_SEAT, ORDER, SEAT, SEATS, TRUMP_INPUT
from ..kind import ApiSchema


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["points", "last_trick"],
        "properties": {
            "bidder": {**NULLABLE_SEAT, "description": "null when everyone passed"},
            "bid": {"type": ["integer", "null"], "minimum": 6, "maximum": 15},
            "auction": {
                "type": ["array", "null"],
                "items": {"type": ["integer", "null"]},
                "description": (
                    "Optional: the calls from the player left of the dealer,"
                    " a number of points or null for a pass; gives the contract"
                ),
            },
            "trump": TRUMP_INPUT,
            "order": {**ORDER, "default": "uptown"},
            "points": SEATS,
            "last_trick": {
                **SEAT,
                "description": "Won the last trick and the one card",
            },
            "dealer": {**SEAT, "description": "Overrides the rotation's dealer"},
        },
        "example": {
            "bidder": 1,
            "bid": 7,
            "trump": "hearts",
            "order": "uptown",
            "points": [5, 7, 3],
            "last_trick": 0,
        },
    }


def options() -> dict[str, Any]:
    return {"target": {"type": "integer", "minimum": 1, "maximum": 999, "default": 30}}


def round_fields() -> dict[str, Any]:
    """A hand of the game document: the contract, the play and whether it was made."""
    return {
        "bidder": NULLABLE_SEAT,
        "bid": {"type": ["integer", "null"]},
        "auction": {"type": ["array", "null"]},
        "order": ORDER,
        "points": SEATS,
        "last_trick": SEAT,
        "made": {"type": ["boolean", "null"]},
    }


API = ApiSchema(
    round_input="OneCardHandInput",
    round_schema=round_schema,
    options=options,
    round_fields=round_fields,
)
