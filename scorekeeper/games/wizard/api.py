"""Wizard in the JSON API: its round and its options, as the OpenAPI document shows them.

With the anniversary special cards (RULES.md, Wizard with the anniversary special cards)
a round also takes the Bomb, the Cloud's change of a bid and the Werewolf's trump, and
the game document repeats them. The option "schedule" (RULES.md, Wizard schedules) is a
named deal or a list of hand sizes; the game document shows the list.
"""

from __future__ import annotations

from typing import Any

from ...api_parts import HIDDEN_BIDS_OPTION, SEAT, SEATS, TRUMP, TRUMP_INPUT, card_names
from ...rules.bidding import MAX_SCHEDULE
from ..kind import ApiSchema
from .referee import REFEREE
from .rules import (
    SCHEDULE_NAMES,
    SPECIAL_CARDS,
    SUIT_WORDS,
    TIE_BREAKS,
    WizardGame,
    full_game_rounds,
)


def turned_schema() -> dict[str, Any]:
    """The turned card: a card of the plain deck, or a special card alone (its name)."""
    names: list[str | None] = [*card_names(REFEREE), *SPECIAL_CARDS, None]
    return {
        "type": ["string", "null"],
        "enum": names,
        "description": (
            "The card turned for trump: a suited card, a Wizard or a Jester, or a special"
            " card of the game's (the Fairy and the Bomb mean no trump; for the others the"
            " dealer's suit goes in trump); any case; null when nothing is turned"
        ),
    }


BOMB = {
    "type": "boolean",
    "default": False,
    "description": (
        "The Bomb was played (only with the Bomb among the special cards): nobody takes"
        " its trick, so the tricks add up to the cards minus one"
    ),
}
CLOUD = {
    "type": ["object", "null"],
    "required": ["seat", "change"],
    "properties": {
        "seat": {**SEAT, "description": "Who won the Cloud's trick"},
        "change": {"type": "integer", "enum": [1, -1], "description": "Their bid up or down"},
    },
    "description": (
        "Who won the Cloud's trick and how their bid changed (only with the Cloud among"
        " the special cards); the bid stays from 0 to the cards and is scored as changed"
    ),
}
WEREWOLF = {
    "type": ["object", "null"],
    "required": ["seat", "trump"],
    "properties": {
        "seat": {**SEAT, "description": "Who held the Werewolf"},
        "trump": {**TRUMP, "description": "The trump they named; it is the round's trump"},
        "turned_suit": {
            "type": "string",
            "enum": list(SUIT_WORDS),
            "description": (
                "The suit of the card turned, which they took, when only its suit was said"
                " (a card said whole is the round's turned card); left out when not said"
            ),
        },
    },
    "description": (
        "Who held the Werewolf and the trump they named (only with the Werewolf among the"
        " special cards, and not when the Werewolf itself was turned)"
    ),
}


def max_hand_size() -> int:
    """The largest hand any table deals: 60 cards among the fewest players."""
    return full_game_rounds(WizardGame.min_players)


def round_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["bids", "tricks"],
        "properties": {
            "trump": {
                **TRUMP_INPUT,
                "description": (
                    "Any case. Left out or null: the turned card's suit, or with a Werewolf"
                    " the trump its holder named (a trump given must agree with it)"
                ),
            },
            "turned": turned_schema(),
            "bids": {**SEATS, "description": "One number per seat: the bids as made"},
            "tricks": SEATS,
            "dealer": {**SEAT, "description": "Overrides the rotation's dealer"},
            "bomb": BOMB,
            "cloud": CLOUD,
            "werewolf": WEREWOLF,
        },
        "example": {
            "trump": "hearts",
            "turned": "7h",
            "bids": [1, 0, 2],
            "tricks": [1, 1, 1],
        },
    }


def round_fields() -> dict[str, Any]:
    """A round of the game document: the special cards' facts as recorded, in a game that
    plays with the card (``bomb`` false, ``cloud`` and ``werewolf`` null when it did not
    happen), and the bids the round was scored against."""
    return {
        "bids": SEATS,
        "tricks": SEATS,
        "turned": turned_schema(),
        "bomb": BOMB,
        "cloud": CLOUD,
        "werewolf": WEREWOLF,
        "counted_bids": {
            **SEATS,
            "description": (
                "With the Cloud among the special cards: the bids as the round was scored,"
                " the Cloud's change included (bids stays as made)"
            ),
        },
    }


def options() -> dict[str, Any]:
    return {
        "hook": {"type": "boolean", "default": False},
        "rounds": {
            "type": "integer",
            "minimum": 1,
            "description": (
                "Fewer than the schedule's rounds for a short game: its first rounds; the"
                " game document gives the rounds played"
            ),
        },
        "schedule": {
            "oneOf": [
                {"type": "string", "enum": list(SCHEDULE_NAMES)},
                {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1, "maximum": max_hand_size()},
                    "minItems": 1,
                    "maxItems": MAX_SCHEDULE,
                },
            ],
            "default": "full",
            "description": (
                "The cards each player is dealt, round by round: full (1, 2, 3 … up to"
                " 60 / players), tournament (the odd sizes 1, 3, 5 … up to 60 / players) or"
                " a list of hand sizes, each from 1 to 60 / players, in the order played; a"
                " round that deals every card has no trump. The game document gives the list"
            ),
        },
        "special_cards": {
            "type": "array",
            "items": {"type": "string", "enum": list(SPECIAL_CARDS)},
            "uniqueItems": True,
            "default": [],
            "description": (
                "The anniversary editions' special cards played with; the Dragon and the"
                " Fairy only together"
            ),
        },
        "hook_from": {
            "type": "integer",
            "minimum": 1,
            "default": 1,
            "description": "With the hook, the round it applies from",
        },
        "tie_break": {
            "type": "string",
            "enum": list(TIE_BREAKS),
            "default": "share",
            "description": (
                "Equal top totals share the win, or go to whoever met their bid in the most"
                " rounds (still equal: shared)"
            ),
        },
        "hidden_bids": HIDDEN_BIDS_OPTION,
    }


API = ApiSchema(
    round_input="WizardRoundInput",
    round_schema=round_schema,
    options=options,
    round_fields=round_fields,
    example_options=lambda: {"hook": False, "rounds": 20},
    # The contract names the option "special cards" refused as a whole: field "options".
    error_fields={"special_cards": "options"},
)
