"""Tens in the JSON API."""

from __future__ import annotations

from typing import Any

from ...api_parts import HIDDEN_BIDS_OPTION, SEATS, TRUMP_INPUT, card_schema
from ..kind import ApiSchema
from .referee import REFEREE


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["bids", "tricks"],
        "properties": {
            "trump": TRUMP_INPUT,
            "turned": card_schema(REFEREE, nullable=True),
            "bids": SEATS,
            "tricks": SEATS,
        },
        "example": {"turned": "7h", "bids": [1, 0, 1], "tricks": [1, 1, 1]},
    }


def options() -> dict[str, Any]:
    return {
        "rounds": {"type": "integer", "minimum": 1, "maximum": 10, "default": 4},
        "hidden_bids": HIDDEN_BIDS_OPTION,
    }


API = ApiSchema(
    round_input="TensRoundInput",
    round_schema=round_schema,
    options=options,
    round_fields=lambda: {"bids": SEATS, "tricks": SEATS},
)
