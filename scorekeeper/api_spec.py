"""The OpenAPI document of /api/v1: the public contract outside clients rely on.

Its lists of accepted values (games, trumps, orders, each game's cards) are read from the
rules, so the document cannot offer what the app refuses (tests/test_api_spec.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .api_parts import (
    ORDER,
    SEAT,
    SEATS,
    TRUMP,
    TRUMP_INPUT,
)
from .games import DEFAULT_GAME, GAMES, REFEREES
from .rules.cards import NAMES_A_SUIT, SHAPES, Card, Special, Suit
from .rules.names import MAX_NAME_LENGTH
from .rules.referee import Referee

if TYPE_CHECKING:
    from .games.kinds import AnyKind

GAME_KEYS = {"type": "string", "enum": list(GAMES)}
REFEREE_GAMES = {"type": "string", "enum": list(REFEREES)}


def _card_forms(card: Card, *, played: bool) -> list[str]:
    """How a card of the deck may be written: the Juggler and the Cloud with the suit
    named, the Shapeshifter with its shape; held (``played`` False), bare too."""
    if card.special in NAMES_A_SUIT:
        forms = [str(Card(special=card.special, named=suit)) for suit in Suit]
    elif card.special is Special.SHAPESHIFTER:
        forms = [str(Card(special=card.special, declared=shape)) for shape in SHAPES]
    else:
        return [str(card)]
    return forms if played else [str(card), *forms]


def _with_every_special(referee: Referee) -> Referee:
    return referee.with_special_cards(referee.optional_specials)


def referee_cards_by_game(*fields: str) -> list[dict[str, Any]]:
    """For each game, the cards its referee may be asked about (JSON Schema if/then): its
    deck with every special card it may play with; and for each of these, that the body's
    ``special_cards`` names it when one of the fields holds it."""
    rules = []
    for key, referee in REFEREES.items():
        game = {"properties": {"game": {"const": key}}, "required": ["game"]}
        every = _with_every_special(referee)
        played = [form for card in every.deck() for form in _card_forms(card, played=True)]
        held = [form for card in every.deck() for form in _card_forms(card, played=False)]
        properties: dict[str, Any] = {}
        for name in fields:
            if name == "card":
                properties[name] = {"type": "string", "enum": held}
            else:
                names = played if name == "plays" else held
                properties[name] = {"type": "array", "items": {"type": "string", "enum": names}}
        rules.append({"if": game, "then": {"properties": properties}})
        if not referee.optional_specials:
            rules.append({"if": game, "then": {"properties": {"special_cards": {"maxItems": 0}}}})
        for special in every.specials:
            if special not in referee.optional_specials:
                continue
            forms = _card_forms(Card(special=special), played=False)
            holds = [
                {"required": [name], "properties": {name: {"enum": forms}}}
                if name == "card"
                else {"required": [name], "properties": {name: {"contains": {"enum": forms}}}}
                for name in fields
            ]
            rules.append(
                {
                    "if": {**game, "anyOf": holds},
                    "then": {
                        "required": ["special_cards"],
                        "properties": {"special_cards": {"contains": {"const": special.value}}},
                    },
                }
            )
    return rules


SPECIAL_CARDS_IN_PLAY = {
    "type": "array",
    "items": {
        "type": "string",
        "enum": sorted(
            {s.value for referee in REFEREES.values() for s in referee.optional_specials}
        ),
    },
    "default": [],
    "description": (
        "The special cards the game plays with (Wizard's anniversary cards); left out, none."
        " A special card not listed here is refused as not in play"
    ),
}


def _error_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}},
    }


def _game_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "headers": {
            "ETag": {
                "description": "The game's version, for If-Match",
                "schema": {"type": "string"},
            }
        },
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Game"}}},
    }


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": (
        "The game's ETag this change is based on. A stale one gets 409 and nothing is"
        " applied; without it the change applies as before."
    ),
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "maxLength": 64},
    "description": (
        "A one-time key for this change (letters, digits, dashes): sent again, the change"
        " is not applied twice and the answer is the game as it stands."
    ),
}

ROUND_NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}

ROUND_NUMBER_FIELD = (
    'The body may say which round it is for, `"number": 5` (left out, the next round):'
    " if that round is recorded already (a retry, another phone), the answer is 409 with"
    " field `number` and nothing is stored; a number that is not a whole number from 1 is"
    " a 422. The same Idempotency-Key sent again with another body is a 422 (field"
    " `Idempotency-Key`), never applied."
)

UNAVAILABLE = {
    **_error_response(
        "The storage could not be reached in time (busy, full, or the connection lost):"
        " the message says whether the change was stored, was not, or cannot be known."
        " Send it again after Retry-After seconds, with the same Idempotency-Key"
    ),
    "headers": {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}},
}


def _with_storage_failures(document: dict[str, Any]) -> dict[str, Any]:
    """Every call that asks the storage may meet it failing: a 503 with Retry-After."""
    for path, item in document["paths"].items():
        if path == "/openapi.json":
            continue
        for method in ("get", "post", "put", "delete"):
            if method in item:
                item[method]["responses"].setdefault("503", UNAVAILABLE)
    return document


UNAUTHORIZED = _error_response(
    "No token, or a token that is not valid (revoked, or unused for 90 days)"
)
NOT_FOUND = _error_response("No such game (or not this account's), or no such round")
REFUSED = _error_response("Refused: each error names its field and says why")


def merged_options(kinds: Sequence[AnyKind]) -> dict[str, Any]:
    """Every game's options in one object, as the API has always taken them; an option two
    games share but describe differently is described by game, without a default, and
    takes any of the games' shapes."""
    merged: dict[str, Any] = {}
    for game in kinds:
        for name, schema in game.api.options().items():
            if name not in merged or merged[name] == schema:
                merged[name] = schema
                continue
            shapes: list[dict[str, Any]] = []
            for other in kinds:
                if name not in other.api.options():
                    continue
                shape = {
                    k: v
                    for k, v in other.api.options()[name].items()
                    if k not in ("default", "description")
                }
                if shape not in shapes:
                    shapes.append(shape)
            described: dict[str, Any] = shapes[0] if len(shapes) == 1 else {"anyOf": shapes}
            described["description"] = "; ".join(
                f"{other.title}: {other.api.options()[name].get('description', 'default')}"
                f" (default {other.api.options()[name].get('default', 'none')})"
                for other in kinds
                if name in other.api.options()
            )
            merged[name] = described
    return merged


def merged_fields(
    kinds: Sequence[AnyKind], fields: Callable[[AnyKind], Mapping[str, Any]]
) -> dict[str, Any]:
    """The fields every game adds to a document, in one object: a field two games describe
    differently takes any of their shapes."""
    merged: dict[str, Any] = {}
    for game in kinds:
        for name, schema in fields(game).items():
            if name not in merged or merged[name] == schema:
                merged[name] = schema
                continue
            shapes = merged[name]["anyOf"] if "anyOf" in merged[name] else [merged[name]]
            if schema not in shapes:
                merged[name] = {"anyOf": [*shapes, schema]}
    return merged


def openapi_document() -> dict[str, Any]:
    from . import api_spec_tournaments as tournaments
    from .api_spec_seasons import add_seasons
    from .games.kinds import KINDS

    kinds = tuple(KINDS.values())
    document = _document(kinds)
    document["paths"].update(tournaments.paths())
    document["components"]["schemas"].update(tournaments.schemas(GAME_KEYS))
    return _with_storage_failures(add_seasons(document, kinds))


def _document(kinds: Sequence[AnyKind]) -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1.0.0",
            "description": (
                "Keep score of a card game at a real table. Every refusal is a 422 whose"
                " errors each carry the field concerned and a sentence a player understands."
            ),
        },
        "servers": [{"url": "/api/v1"}],
        "security": [{"bearer": []}],
        "paths": {
            "/openapi.json": {
                "get": {
                    "summary": "This document",
                    "security": [],
                    "responses": {
                        "200": {
                            "description": "The OpenAPI document of /api/v1",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        }
                    },
                }
            },
            "/tokens": {
                "post": {
                    "summary": "Get a token for an account",
                    "security": [],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["username", "password"],
                                    "properties": {
                                        "username": {"type": "string"},
                                        "password": {"type": "string"},
                                        "name": {
                                            "type": "string",
                                            "maxLength": 60,
                                            "description": (
                                                "What to call the token on the account"
                                                " page (by default the User-Agent)"
                                            ),
                                        },
                                    },
                                }
                            }
                        },
                    },
                    "responses": {
                        "201": {
                            "description": "A new token",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "required": ["token"],
                                        "properties": {"token": {"type": "string"}},
                                    }
                                }
                            },
                        },
                        "401": _error_response("Wrong username or password"),
                        "422": REFUSED,
                        "429": _error_response(
                            "Too many wrong passwords for this username from this address:"
                            " wait as long as Retry-After says"
                        ),
                    },
                }
            },
            "/tokens/current": {
                "delete": {
                    "summary": "Revoke the token this request is sent with",
                    "responses": {
                        "204": {"description": "Revoked: the token answers 401 from now on"},
                        "401": UNAUTHORIZED,
                    },
                }
            },
            "/tokens/{token_id}": {
                "delete": {
                    "summary": "Revoke one of the account's tokens",
                    "description": (
                        "Token ids are listed on the account page (/account). A token unused"
                        " for 90 days expires by itself and answers 401."
                    ),
                    "parameters": [
                        {
                            "name": "token_id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "integer", "minimum": 1},
                        }
                    ],
                    "responses": {
                        "204": {"description": "Revoked: the token answers 401 from now on"},
                        "401": UNAUTHORIZED,
                        "404": _error_response("No such token of this account"),
                    },
                }
            },
            "/games": {
                "get": {
                    "summary": "The account's games, newest first",
                    "responses": {
                        "200": {
                            "description": "The games",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {
                                            "games": {
                                                "type": "array",
                                                "items": {"$ref": "#/components/schemas/Game"},
                                            }
                                        },
                                    }
                                }
                            },
                        },
                        "401": UNAUTHORIZED,
                    },
                },
                "post": {
                    "summary": "Start a game",
                    "parameters": [IDEMPOTENCY_KEY],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/NewGame"}}
                        },
                    },
                    "responses": {
                        "200": _game_response(
                            "The game this Idempotency-Key started already: no second one"
                        ),
                        "201": _game_response("The new game"),
                        "401": UNAUTHORIZED,
                        "409": _error_response("Another start was made meanwhile: try again"),
                        "413": _error_response("A body of more than 1 MB"),
                        "422": REFUSED,
                    },
                },
            },
            "/games/{game_id}": {
                "parameters": [GAME_ID],
                "get": {
                    "summary": "A game with every round, the totals and what comes next",
                    "parameters": [
                        {
                            "name": "If-None-Match",
                            "in": "header",
                            "required": False,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {
                        "200": _game_response("The game"),
                        "304": {"description": "Unchanged since the ETag sent"},
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                    },
                },
            },
            "/games/{game_id}/rounds": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Record the next round",
                    "description": (
                        "A whole round; or, after PUT …/pending, only its play (e.g."
                        ' `{"tricks": [...]}`) to complete the pending round. ' + ROUND_NUMBER_FIELD
                    ),
                    "parameters": [IF_MATCH, IDEMPOTENCY_KEY],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/RoundInput"}
                            }
                        },
                    },
                    "responses": {
                        "201": _game_response("The game with the round recorded"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response(
                            "The game is over, or it changed since the If-Match version"
                        ),
                        "422": REFUSED,
                    },
                },
            },
            "/games/{game_id}/rematch": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "A finished game's rematch",
                    "description": (
                        "A new game with the same players in the same seats, the same"
                        " options, and the next dealer (left of the last round's). The"
                        " same Idempotency-Key again answers 200 with the game it made."
                    ),
                    "parameters": [IDEMPOTENCY_KEY],
                    "responses": {
                        "201": _game_response("The new game"),
                        "200": _game_response("The game this Idempotency-Key made already"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response("The game is not over yet"),
                    },
                },
            },
            "/games/{game_id}/pending": {
                "parameters": [GAME_ID],
                "put": {
                    "summary": "Keep the round being played: its trump and bids, before its tricks",
                    "description": (
                        "The same fields as a round, less the play (Wizard and Oh Hell: tricks;"
                        " Wizard's bomb and cloud; One Card: points and last_trick), with the"
                        " same refusals as a round's bids. Every screen shows them. With hidden"
                        " bids, a bid left null keeps the one already in. " + ROUND_NUMBER_FIELD
                    ),
                    "parameters": [IF_MATCH],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "responses": {
                        "200": _game_response("The game, its pending round in `pending`"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response("The game is over, or it changed meanwhile"),
                        "422": REFUSED,
                    },
                },
                "delete": {
                    "summary": "Forget the round's pending bids",
                    "parameters": [IF_MATCH],
                    "responses": {
                        "200": _game_response("The game, `pending` null"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response("The game is over, or it changed meanwhile"),
                    },
                },
            },
            "/games/{game_id}/pending/reveal": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Hidden bids: reveal the bids made so far",
                    "parameters": [IF_MATCH],
                    "responses": {
                        "200": _game_response("The game, its pending bids shown"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response("The game is over, or it changed meanwhile"),
                    },
                },
            },
            "/referee/trick": {
                "post": {
                    "summary": "Who won the trick, and why",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/TrickQuestion"}
                            }
                        },
                    },
                    "responses": {
                        "200": {
                            "description": (
                                "The winner and who leads the next trick (indexes into"
                                " plays), and the reason"
                            ),
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "required": ["winner", "next_leader", "reason"],
                                        "properties": {
                                            "winner": {
                                                "type": ["integer", "null"],
                                                "minimum": 0,
                                                "description": (
                                                    "Null when nobody takes the trick:"
                                                    " the Bomb is in it"
                                                ),
                                            },
                                            "next_leader": {
                                                "type": "integer",
                                                "minimum": 0,
                                                "description": (
                                                    "Who leads next: the winner, or with"
                                                    " the Bomb whoever would have won"
                                                ),
                                            },
                                            "reason": {"type": "string"},
                                        },
                                    }
                                }
                            },
                        },
                        "401": UNAUTHORIZED,
                        "422": _error_response("A card that cannot be read or cannot exist"),
                    },
                }
            },
            "/referee/play": {
                "post": {
                    "summary": "May this card be played onto the trick so far, and why",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/PlayQuestion"}
                            }
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "Allowed or not, and the reason",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "required": ["legal", "reason"],
                                        "properties": {
                                            "legal": {"type": "boolean"},
                                            "reason": {"type": "string"},
                                        },
                                    }
                                }
                            },
                        },
                        "401": UNAUTHORIZED,
                        "422": _error_response("A card that cannot be read or cannot exist"),
                    },
                }
            },
            "/games/{game_id}/rounds/{number}": {
                "parameters": [GAME_ID, ROUND_NUMBER],
                "put": {
                    "summary": "Correct a recorded round; the totals follow",
                    "parameters": [IF_MATCH, IDEMPOTENCY_KEY],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/RoundInput"}
                            }
                        },
                    },
                    "responses": {
                        "200": _game_response("The game with the round corrected"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response("The game changed since the If-Match version"),
                        "422": REFUSED,
                    },
                },
                "delete": {
                    "summary": "Undo the last round",
                    "parameters": [IF_MATCH, IDEMPOTENCY_KEY],
                    "responses": {
                        "200": _game_response("The game without its last round"),
                        "401": UNAUTHORIZED,
                        "404": NOT_FOUND,
                        "409": _error_response(
                            "Only the last round can be undone; or the game changed since"
                            " the If-Match version"
                        ),
                    },
                },
            },
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Errors": {
                    "type": "object",
                    "required": ["errors"],
                    "properties": {
                        "errors": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["field", "message"],
                                "properties": {
                                    "field": {"type": ["string", "null"]},
                                    "message": {"type": "string"},
                                    "seat": SEAT,
                                },
                            },
                        }
                    },
                    "example": {
                        "errors": [
                            {
                                "field": "tricks",
                                "message": "Tricks add up to 4, but 5 cards were dealt",
                            }
                        ]
                    },
                },
                "TrickQuestion": {
                    "type": "object",
                    "required": ["game", "plays"],
                    "allOf": referee_cards_by_game("plays"),
                    "properties": {
                        "game": REFEREE_GAMES,
                        "trump": TRUMP_INPUT,
                        "order": {**ORDER, "default": "uptown", "description": "One Card only"},
                        "special_cards": SPECIAL_CARDS_IN_PLAY,
                        "plays": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": (
                                "The cards in the order played; the first was led. The"
                                " Juggler and the Cloud with the suit named (juggler:h,"
                                " cloud:s), the Shapeshifter as declared"
                                " (shapeshifter:wizard, shapeshifter:jester)"
                            ),
                        },
                    },
                    "example": {
                        "game": DEFAULT_GAME,
                        "trump": "hearts",
                        "plays": ["jester", "7h", "wizard"],
                    },
                },
                "PlayQuestion": {
                    "type": "object",
                    "required": ["game", "plays", "hand", "card"],
                    "allOf": referee_cards_by_game("plays", "hand", "card"),
                    "properties": {
                        "game": REFEREE_GAMES,
                        "trump": TRUMP_INPUT,
                        "order": ORDER,
                        "special_cards": SPECIAL_CARDS_IN_PLAY,
                        "plays": {"type": "array", "items": {"type": "string"}},
                        "hand": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "The player's cards, the card in question among them",
                        },
                        "card": {"type": "string"},
                        **{
                            flag: {
                                "type": "boolean",
                                "default": False,
                                "description": f"{referee.title} only. {said}",
                            }
                            for referee in REFEREES.values()
                            for flag, said in referee.flags.items()
                        },
                    },
                    "example": {
                        "game": DEFAULT_GAME,
                        "trump": "hearts",
                        "plays": ["7s"],
                        "hand": ["2s", "qh"],
                        "card": "qh",
                    },
                },
                "NewGame": {
                    "type": "object",
                    "required": ["players"],
                    "properties": {
                        "game": {**GAME_KEYS, "default": DEFAULT_GAME},
                        "players": {
                            "type": "array",
                            "items": {
                                "type": "string",
                                "minLength": 1,
                                "maxLength": MAX_NAME_LENGTH,
                            },
                            "description": "Distinct names in seating order, clockwise",
                        },
                        "first_dealer": {**SEAT, "default": 0},
                        "options": {
                            "type": "object",
                            "description": " ".join(
                                f"{game.title}: {', '.join(game.api.options())}." for game in kinds
                            ),
                            "properties": merged_options(kinds),
                        },
                    },
                    "example": {
                        "game": DEFAULT_GAME,
                        "players": ["Ana", "Ben", "Cai"],
                        "first_dealer": 0,
                        "options": next(
                            game.api.example_options() for game in kinds if game.key == DEFAULT_GAME
                        ),
                    },
                },
                **{game.api.round_input: game.api.round_schema() for game in kinds},
                "RoundInput": {
                    "description": "A round of the game's own kind (One Card calls it a hand)",
                    "oneOf": [
                        {"$ref": f"#/components/schemas/{game.api.round_input}"} for game in kinds
                    ],
                },
                "Round": {
                    "type": "object",
                    "required": ["number", "dealer", "cards", "scores", "totals"],
                    "properties": {
                        "number": {"type": "integer"},
                        "dealer": SEAT,
                        "cards": {"type": "integer"},
                        "trump": TRUMP,
                        "scores": SEATS,
                        "totals": SEATS,
                        **merged_fields(kinds, lambda game: game.api.round_fields()),
                    },
                },
                "Game": {
                    "type": "object",
                    "required": [
                        "id",
                        "game",
                        "players",
                        "options",
                        "rounds",
                        "totals",
                        "next",
                        "finished",
                        "winners",
                    ],
                    "properties": {
                        "id": {"type": "string"},
                        "game": GAME_KEYS,
                        "players": {"type": "array", "items": {"type": "string"}},
                        "first_dealer": SEAT,
                        "options": {"type": "object"},
                        "created_at": {"type": "string", "format": "date-time"},
                        "rounds": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/Round"},
                        },
                        "totals": SEATS,
                        "next": {
                            "oneOf": [
                                {"type": "null"},
                                {
                                    "type": "object",
                                    "properties": {
                                        "number": {"type": "integer"},
                                        "dealer": SEAT,
                                        "cards": {"type": "integer"},
                                        "first_bidder": SEAT,
                                    },
                                },
                            ],
                            "description": "The round to play next; null once finished",
                        },
                        "finished": {"type": "boolean"},
                        "pending": {
                            "oneOf": [
                                {"type": "null"},
                                {
                                    "type": "object",
                                    "required": ["number", "bids", "over_under"],
                                    "properties": {
                                        "number": {"type": "integer"},
                                        "dealer": SEAT,
                                        "cards": {"type": "integer"},
                                        "bids": {
                                            "type": ["array", "null"],
                                            "items": {"type": ["integer", "string", "null"]},
                                            "description": (
                                                "Null while hidden bids are not revealed;"
                                                " a bid is a number, or a word in a game"
                                                ' whose bids have words ("nil")'
                                            ),
                                        },
                                        "trump": TRUMP,
                                        "turned": {"type": ["string", "null"]},
                                        "over_under": {
                                            "type": ["integer", "null"],
                                            "description": (
                                                "Sum of the bids less the cards (null while"
                                                " a bid is missing or hidden)"
                                            ),
                                        },
                                        "bid_in": {
                                            "type": "array",
                                            "items": {"type": "boolean"},
                                            "description": "Who has bid, seat by seat",
                                        },
                                        "hidden": {"type": "boolean"},
                                    },
                                },
                            ],
                            "description": (
                                "The round being played: its bids said, its tricks not yet"
                                " recorded; null between rounds"
                            ),
                        },
                        "version": {
                            "type": "integer",
                            "description": "Goes up by one with every change (also the ETag)",
                        },
                        "winners": {
                            "type": "array",
                            "items": SEAT,
                            "description": (
                                "Seats with the top total, once finished (in a game of"
                                " sides, the winning side's seats)"
                            ),
                        },
                        **merged_fields(kinds, lambda game: game.api.game_fields()),
                    },
                },
            },
        },
    }
