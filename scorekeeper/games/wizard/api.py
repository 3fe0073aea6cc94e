"""Wizard in the JSON API: its round and its options, as the OpenAPI document shows them."""

from __future__ import annotations

from typing import Any

from ...api_spec import SEAT, SEATS, TRUMP_INPUT, card_schema
from ...rules.referee import REFEREES
from ...rules.wizard import WizardGame
from ..kind import ApiSchema


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["bids", "tricks"],
        "properties": {
            "trump": TRUMP_INPUT,
            "turned": {
                **card_schema(REFEREES[WizardGame.key], nullable=True),
                "description": (
                    "The card turned for trump: a suited card, a Wizard or a"
                    " Jester, any case; null when nothing is turned"
                ),
            },
            "bids": SEATS,
            "tricks": SEATS,
            "dealer": {**SEAT, "description": "Overrides the rotation's dealer"},
        },
        "example": {
            "trump": "hearts",
            "turned": "7h",
            "bids": [1, 0, 2],
            "tricks": [1, 1, 1],
        },
    }


def options() -> dict[str, Any]:
    return {
        "hook": {"type": "boolean", "default": False},
        "rounds": {
            "type": "integer",
            "minimum": 1,
            "description": "Fewer than 60 / players for a short game",
        },
    }


API = ApiSchema(round_input="WizardRoundInput", round_schema=round_schema, options=options)
