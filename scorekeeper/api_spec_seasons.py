"""The OpenAPI document's seasons and ratings (views/api_seasons.py): their paths and
schemas, added to the document api_spec.py builds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .games.kinds import AnyKind


def _errors(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}},
    }


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


UNAUTHORIZED = _errors("No token, or a token that is not valid (revoked, or unused for 90 days)")
SEASON_ID = {"name": "season_id", "in": "path", "required": True, "schema": {"type": "integer"}}
PLAYER_ID = {"name": "player_id", "in": "path", "required": True, "schema": {"type": "integer"}}
NO_SEASON = _errors("No such season (or not this account's)")
NO_PLAYER = _errors("No such player (or not this account's)")
PLAYS = _json(
    "Finished games, in the order played",
    {"type": "object", "properties": {"plays": {"type": "array", "items": _ref("Play")}}},
)


def add_seasons(document: dict[str, Any], kinds: Sequence[AnyKind]) -> dict[str, Any]:
    games = [kind.key for kind in kinds]
    document["paths"].update(
        {
            "/seasons": {
                "get": {
                    "summary": "The account's seasons, the latest first",
                    "responses": {
                        "200": _json(
                            "The seasons",
                            {
                                "type": "object",
                                "properties": {
                                    "seasons": {"type": "array", "items": _ref("Season")}
                                },
                            },
                        ),
                        "401": UNAUTHORIZED,
                    },
                },
                "post": {
                    "summary": "Make a season",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("NewSeason")}},
                    },
                    "responses": {
                        "201": _json("The new season", _ref("Season")),
                        "401": UNAUTHORIZED,
                        "413": _errors("A body of more than 1 MB"),
                        "422": _errors("Refused: each error names its field and says why"),
                    },
                },
            },
            "/seasons/{season_id}": {
                "parameters": [SEASON_ID],
                "get": {
                    "summary": "A season and its standings",
                    "description": (
                        "Finished games only. The ranked players first, by average place,"
                        " then wins, then points (equal on all three, one rank); then the"
                        " players with fewer games than `min_games`, whose `rank` is null."
                    ),
                    "responses": {
                        "200": _json("The season", _ref("SeasonStandings")),
                        "401": UNAUTHORIZED,
                        "404": NO_SEASON,
                    },
                },
            },
            "/seasons/{season_id}/plays": {
                "parameters": [SEASON_ID],
                "get": {
                    "summary": "A season's plays, one a finished game",
                    "responses": {"200": PLAYS, "401": UNAUTHORIZED, "404": NO_SEASON},
                },
            },
            "/players/{player_id}/plays": {
                "parameters": [PLAYER_ID],
                "get": {
                    "summary": "A player's plays, one a finished game, every game",
                    "responses": {"200": PLAYS, "401": UNAUTHORIZED, "404": NO_PLAYER},
                },
            },
            "/players/{player_id}/ratings": {
                "parameters": [PLAYER_ID],
                "get": {
                    "summary": "A player's ratings, a game at a time, with their history",
                    "description": (
                        "openskill's Plackett–Luce model, from every finished game of that"
                        " game in the order played; `rating` is μ − 3σ (docs/games.md)."
                    ),
                    "responses": {
                        "200": _json("The ratings", _ref("PlayerRatings")),
                        "401": UNAUTHORIZED,
                        "404": NO_PLAYER,
                    },
                },
            },
        }
    )
    number = {"type": "number"}
    day = {"type": "string", "format": "date"}
    season_properties: dict[str, Any] = {
        "name": {"type": "string", "minLength": 1, "maxLength": 80},
        "game": {"type": "string", "enum": games},
        "since": {**day, "description": "The first day (a night's date), YYYY-MM-DD"},
        "until": {**day, "description": "The last day, YYYY-MM-DD; at most ten years later"},
        "min_games": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000,
            "default": 1,
            "description": "Finished games a player needs to be ranked",
        },
        "tournament_only": {
            "type": "boolean",
            "default": False,
            "description": "Only games played as a tournament's tables",
        },
    }
    document["components"]["schemas"].update(
        {
            "NewSeason": {
                "type": "object",
                "required": ["name", "game", "since", "until"],
                "additionalProperties": False,
                "properties": season_properties,
            },
            "Season": {
                "type": "object",
                "required": ["id", *season_properties],
                "properties": {"id": {"type": "integer"}, **season_properties},
            },
            "SeasonStandings": {
                "allOf": [
                    _ref("Season"),
                    {
                        "type": "object",
                        "required": ["standings"],
                        "properties": {
                            "standings": {"type": "array", "items": _ref("SeasonStanding")}
                        },
                    },
                ]
            },
            "SeasonStanding": {
                "type": "object",
                "required": [
                    "rank",
                    "player",
                    "player_id",
                    "games",
                    "wins",
                    "average_place",
                    "points",
                    "rating",
                ],
                "properties": {
                    "rank": {"type": ["integer", "null"], "minimum": 1},
                    "player": {"type": "string"},
                    "player_id": {"type": "integer"},
                    "games": {"type": "integer"},
                    "wins": {"type": "integer"},
                    "average_place": {**number, "description": "1 is first at the table"},
                    "points": {"type": "integer"},
                    "rating": {
                        "type": ["number", "null"],
                        "description": "μ − 3σ after the player's last game up to `until`",
                    },
                },
            },
            "Play": {
                "type": "object",
                "required": ["id", "date", "place", "game", "players"],
                "properties": {
                    "id": {"type": "string", "description": "The game's lasting id (its uid)"},
                    "date": day,
                    "place": {"type": "string"},
                    "game": {"type": "string", "enum": games},
                    "players": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["name", "score", "won"],
                            "properties": {
                                "name": {"type": "string"},
                                "score": {
                                    "type": "integer",
                                    "description": "The player's total; in a game of"
                                    " partnerships, their side's",
                                },
                                "won": {"type": "boolean"},
                                "side": {
                                    "type": "string",
                                    "description": "In a game of partnerships only:"
                                    " the player's side, named by its players in seat order"
                                    " (`Ana & Cai`)",
                                },
                                "partners": {
                                    "type": "array",
                                    "items": {"type": "string"},
                                    "description": "In a game of partnerships only: the"
                                    " names of the player's partners, in seat order",
                                },
                            },
                        },
                    },
                },
            },
            "PlayerRatings": {
                "type": "object",
                "required": ["player", "player_id", "ratings"],
                "properties": {
                    "player": {"type": "string"},
                    "player_id": {"type": "integer"},
                    "ratings": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["game", "rating", "mu", "sigma", "games", "history"],
                            "properties": {
                                "game": {"type": "string", "enum": games},
                                "rating": number,
                                "mu": number,
                                "sigma": number,
                                "games": {"type": "integer"},
                                "history": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": ["date", "place", "rating", "mu", "sigma"],
                                        "properties": {
                                            "date": day,
                                            "place": {"type": "integer", "minimum": 1},
                                            "rating": number,
                                            "mu": number,
                                            "sigma": number,
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            },
        }
    )
    return document
