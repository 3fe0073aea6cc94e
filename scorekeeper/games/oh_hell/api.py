"""Oh Hell in the JSON API: its round and its options, as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Any

from ...api_parts import HIDDEN_BIDS_OPTION, SEAT, SEATS, card_schema
from ...rules import Suit
from ..kind import ApiSchema
from .referee import REFEREE
from .rules import SCORING_PRESETS, OhHellGame

SCHEDULES = ["down-up", "up-down", "down", "up"]


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["bids", "tricks"],
        "properties": {
            "trump": {
                "type": ["string", "null"],
                "enum": [*(suit.word for suit in Suit), None],
                "description": (
                    "Any case. Left out or null: the turned card's suit, or no trump in a round"
                    " that deals every card"
                ),
            },
            "turned": {
                **card_schema(REFEREE, nullable=True),
                "description": "The card turned for trump, any case; null when every card is dealt",
            },
            "bids": SEATS,
            "tricks": SEATS,
            "dealer": {**SEAT, "description": "Overrides the rotation's dealer"},
        },
        "example": {"turned": "7h", "bids": [3, 2, 4, 2], "tricks": [3, 3, 2, 2]},
    }


def options() -> dict[str, Any]:
    number = {"type": "integer", "minimum": 0}
    return {
        "schedule": {
            "description": (
                "down-up (the default), up-down, down, up, or the list of hand sizes; the game"
                " document gives the list"
            ),
            "oneOf": [
                {"type": "string", "enum": SCHEDULES},
                {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1},
            ],
        },
        "top": {
            "type": "integer",
            "minimum": 1,
            "description": "The largest hand of a named schedule: 10 or 51 / players at most",
        },
        "hook": {"type": "boolean", "default": True},
        "hidden_bids": HIDDEN_BIDS_OPTION,
        "scoring": {
            "description": (
                "ten-plus-bid (the default), trick-each, wizard-style, or the four numbers;"
                " the game document gives the numbers"
            ),
            "oneOf": [
                {"type": "string", "enum": list(SCORING_PRESETS)},
                {
                    "type": "object",
                    "required": [
                        "made_base",
                        "made_per_trick",
                        "per_trick",
                        "missed_per_trick_off",
                    ],
                    "properties": {
                        "made_base": number,
                        "made_per_trick": number,
                        "per_trick": number,
                        "missed_per_trick_off": number,
                    },
                },
            ],
        },
    }


def round_fields() -> dict[str, Any]:
    """A round of the game document: the bids and the tricks, one number per seat."""
    return {"bids": SEATS, "tricks": SEATS}


API = ApiSchema(
    round_input="OhHellRoundInput",
    round_schema=round_schema,
    options=options,
    round_fields=round_fields,
)
assert OhHellGame.key == REFEREE.key
