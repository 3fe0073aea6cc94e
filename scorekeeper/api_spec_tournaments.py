"""The tournaments' part of the OpenAPI document (scorekeeper.api_spec): a tournament,
its players, its stages drawn and its standings."""

from __future__ import annotations

from typing import Any

from .rules.names import MAX_NAME_LENGTH
from .tournaments.standings import Ranking

TOURNAMENT_ID = {
    "name": "tournament_id",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}
STAGE_NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}


def _errors(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}},
    }


def _json(description: str, schema: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


UNAUTHORIZED = _errors("No token, or a token that is not valid (revoked, or unused for 90 days)")
NOT_FOUND = _errors("No such tournament (or not this account's), or no such stage")
REFUSED = _errors("Refused: each error names its field and says why")


def paths() -> dict[str, Any]:
    return {
        "/tournaments": {
            "get": {
                "summary": "The account's tournaments, latest first",
                "responses": {
                    "200": {
                        "description": "The tournaments",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "tournaments": {
                                            "type": "array",
                                            "items": {"$ref": "#/components/schemas/Tournament"},
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
                "summary": "Make a tournament",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/NewTournament"}
                        }
                    },
                },
                "responses": {
                    "201": _json("The new tournament (Location names it)", "Tournament"),
                    "401": UNAUTHORIZED,
                    "413": _errors("A body of more than 1 MB"),
                    "422": REFUSED,
                },
            },
        },
        "/tournaments/{tournament_id}": {
            "parameters": [TOURNAMENT_ID],
            "get": {
                "summary": "A tournament: its plan, its players and the stages drawn",
                "responses": {
                    "200": _json("The tournament", "Tournament"),
                    "401": UNAUTHORIZED,
                    "404": NOT_FOUND,
                },
            },
            "patch": {
                "summary": "Change its name, date, ranking rule or plan of stages",
                "description": "The fields given change, each checked as when the tournament"
                " was made; the stages drawn stay as they are. Its game, options and players"
                " do not change here (422 on that field).",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/TournamentChange"}
                        }
                    },
                },
                "responses": {
                    "200": _json("The tournament as changed", "Tournament"),
                    "401": UNAUTHORIZED,
                    "404": NOT_FOUND,
                    "409": _errors(
                        "Fewer stages than are drawn, or the plan changed once the final is drawn"
                    ),
                    "413": _errors("A body of more than 1 MB"),
                    "422": REFUSED,
                },
            },
        },
        "/tournaments/{tournament_id}/players": {
            "parameters": [TOURNAMENT_ID],
            "put": {
                "summary": "Register the players (every name, in order)",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["players"],
                                "properties": {"players": _PLAYERS},
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json("The tournament with its players", "Tournament"),
                    "401": UNAUTHORIZED,
                    "404": NOT_FOUND,
                    "409": _errors("The first stage is drawn: the players no longer change"),
                    "422": REFUSED,
                },
            },
        },
        "/tournaments/{tournament_id}/stages": {
            "parameters": [TOURNAMENT_ID],
            "post": {
                "summary": "Draw the next stage: its tables, seats and first dealers",
                "description": (
                    "Each table's game is started (a game of /games: its rounds are"
                    " recorded there). After the preliminary stages, the final seats the"
                    " top `final_size` of the standings, level players at the cut drawn by"
                    " lot. `seed` makes the draw repeatable."
                ),
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "seed": {"type": "integer", "minimum": 0},
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "201": _json("The stage drawn (Location names it)", "Stage"),
                    "401": UNAUTHORIZED,
                    "404": NOT_FOUND,
                    "409": _errors(
                        "Every stage is drawn, the last stage is still being played, or"
                        " another draw of it was made meanwhile"
                    ),
                    "422": REFUSED,
                },
            },
        },
        "/tournaments/{tournament_id}/stages/{number}": {
            "parameters": [TOURNAMENT_ID, STAGE_NUMBER],
            "get": {
                "summary": "A stage as drawn, with each table's game",
                "responses": {
                    "200": _json("The stage", "Stage"),
                    "401": UNAUTHORIZED,
                    "404": NOT_FOUND,
                },
            },
        },
        "/tournaments/{tournament_id}/standings": {
            "parameters": [TOURNAMENT_ID],
            "get": {
                "summary": "The standings after every saved round, and every table's totals",
                "responses": {
                    "200": _json("The standings", "Standings"),
                    "401": UNAUTHORIZED,
                    "404": NOT_FOUND,
                },
            },
        },
    }


_PLAYERS = {
    "type": "array",
    "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH},
    "maxItems": 200,
}


def schemas(game_keys: dict[str, Any]) -> dict[str, Any]:
    plan = {
        "name": {"type": "string", "minLength": 1, "maxLength": 80},
        "date": {"type": "string", "format": "date"},
        "game": game_keys,
        "options": {
            "type": "object",
            "description": "The options of every table's game, as POST /games takes them",
        },
        "stages": {"type": "integer", "minimum": 1, "maximum": 12, "default": 1},
        "table_size": {
            "type": "integer",
            "default": 4,
            "description": (
                "The size tables are drawn near; every table within the game's player"
                " counts and within one of the others"
            ),
        },
        "ranking": {
            "type": "string",
            "enum": [ranking.value for ranking in Ranking],
            "default": Ranking.SCORES.value,
            "description": (
                "`scores`: the sum of the scores; `placement`: at each table, 1st gets"
                " as many points as there are players … last 1 (level players share the"
                " better place)"
            ),
        },
        "final_size": {
            "type": "integer",
            "minimum": 0,
            "default": 0,
            "description": "The final table's players; 0 for no final",
        },
        "players": _PLAYERS,
    }
    table = {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "game": {"type": "string", "description": "The table's game: /games/{game_id}"},
            "players": {"type": "array", "items": {"type": "string"}},
            "first_dealer": {"type": "integer"},
            "finished": {"type": "boolean"},
        },
    }
    return {
        "NewTournament": {
            "type": "object",
            "required": ["name", "date", "game"],
            "properties": plan,
            "example": {
                "name": "Club championship",
                "date": "2026-12-07",
                "game": "wizard",
                "options": {"schedule": "tournament"},
                "stages": 3,
                "table_size": 3,
                "ranking": "scores",
                "final_size": 6,
                "players": ["Ana", "Ben", "Cai", "Dai", "Eli", "Fay"],
            },
        },
        "TournamentChange": {
            "type": "object",
            "properties": {
                key: plan[key]
                for key in ("name", "date", "stages", "table_size", "ranking", "final_size")
            },
            "additionalProperties": False,
            "example": {"name": "Club championship, December", "ranking": "placement"},
        },
        "Tournament": {
            "type": "object",
            "properties": {
                "id": {"type": "integer"},
                **plan,
                "drawn": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "The numbers of the stages drawn",
                },
                "next_stage": {
                    "type": ["object", "null"],
                    "properties": {
                        "number": {"type": "integer"},
                        "final": {"type": "boolean"},
                    },
                },
            },
        },
        "Stage": {
            "type": "object",
            "properties": {
                "tournament": {"type": "integer"},
                "number": {"type": "integer"},
                "final": {"type": "boolean"},
                "tables": {"type": "array", "items": table},
            },
        },
        "Standings": {
            "type": "object",
            "properties": {
                "tournament": {"type": "integer"},
                "ranking": {"type": "string", "enum": [ranking.value for ranking in Ranking]},
                "tie_breaks": {
                    "type": "array",
                    "items": {"type": "string", "enum": ["exact_bids", "best_game", "shared"]},
                    "description": "In order; `exact_bids` only for a game with bids",
                },
                "standings": {
                    "type": "array",
                    "description": (
                        "Best first; once a final is played its players come first, in the"
                        " final's order, with the final's points"
                    ),
                    "items": {
                        "type": "object",
                        "properties": {
                            "rank": {"type": "integer"},
                            "shared": {"type": "boolean"},
                            "player": {"type": "string"},
                            "points": {"type": "integer"},
                            "games": {"type": "integer"},
                            "exact_bids": {"type": ["integer", "null"]},
                            "best_game": {"type": ["integer", "null"]},
                        },
                    },
                },
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "stage": {"type": "integer"},
                            "number": {"type": "integer"},
                            "game": {"type": "string"},
                            "players": {"type": "array", "items": {"type": "string"}},
                            "totals": {"type": "array", "items": {"type": "integer"}},
                            "rounds_played": {"type": "integer"},
                            "finished": {"type": "boolean"},
                        },
                    },
                },
            },
        },
    }
