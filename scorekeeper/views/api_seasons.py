"""The JSON API's seasons and ratings: /api/v1/seasons, a season's standings and plays,
a player's ratings (described in api_spec_seasons.py, listed in docs/api.md)."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import jsonify, url_for
from flask_babel import gettext

from .. import services
from ..games import GAMES
from ..models import Season
from ..services import ratings, seasons
from .api import (
    Answer,
    api_user,
    body_refusal,
    bp,
    error_answer,
    json_body,
    storage_error,
    token_required,
)

SEASON_FIELDS = ("name", "game", "since", "until", "min_games", "tournament_only")


def season_document(season: Season) -> dict[str, Any]:
    return {
        "id": season.id,
        "name": season.name,
        "game": season.kind,
        "since": season.since.isoformat(),
        "until": season.until.isoformat(),
        "min_games": season.min_games,
        "tournament_only": season.tournament_only,
    }


def _no_season() -> Answer:
    return error_answer(404, {"field": None, "message": gettext("No such season")})


def _season(season_id: int) -> Season | None:
    try:
        return seasons.get_season(api_user(), season_id)
    except services.NotFound:
        return None


@bp.get("/seasons")
@token_required
def list_seasons() -> Answer:
    return jsonify(seasons=[season_document(s) for s in seasons.list_seasons(api_user())])


def _date(body: dict[str, Any], field: str, errors: list[dict[str, Any]]) -> date | None:
    value = body.get(field)
    try:
        if isinstance(value, str) and len(value) == 10:
            return date.fromisoformat(value)
    except ValueError:
        pass
    errors.append({"field": field, "message": gettext("Give a date as YYYY-MM-DD")})
    return None


@bp.post("/seasons")
@token_required
def create_season() -> Answer:
    body = json_body()
    if body is None:
        return body_refusal()
    errors: list[dict[str, Any]] = []
    unknown = sorted(set(body) - set(SEASON_FIELDS))
    for field in unknown:
        errors.append({"field": field, "message": gettext("Not a field of a season")})
    name = body.get("name")
    if not isinstance(name, str):
        errors.append({"field": "name", "message": gettext("Give the season a name")})
    game = body.get("game")
    if not isinstance(game, str) or game not in GAMES:
        errors.append({"field": "game", "message": gettext("Choose one of the games")})
    since, until = _date(body, "since", errors), _date(body, "until", errors)
    least = body.get("min_games", 1)
    if not isinstance(least, int) or isinstance(least, bool):
        errors.append(
            {
                "field": "min_games",
                "message": gettext(
                    "The minimum of games is a whole number from 1 to %(most)s",
                    most=seasons.LARGEST_MINIMUM,
                ),
            }
        )
    only = body.get("tournament_only", False)
    if not isinstance(only, bool):
        errors.append({"field": "tournament_only", "message": gettext("Send true or false")})
    if errors:
        return error_answer(422, *errors)
    assert isinstance(name, str) and isinstance(game, str) and since and until
    try:
        season = seasons.create_season(api_user(), name, game, since, until, least, only)
    except services.PlayerError as refused:
        return error_answer(422, {"field": refused.field or "name", "message": refused.message})
    except services.StorageError as stored:
        return storage_error(stored)
    answer = jsonify(season_document(season))
    answer.headers["Location"] = url_for("api.get_season", season_id=season.id)
    return answer, 201


@bp.get("/seasons/<int:season_id>")
@token_required
def get_season(season_id: int) -> Answer:
    season = _season(season_id)
    if season is None:
        return _no_season()
    standings = [
        {
            "rank": line.rank,
            "player": line.name,
            "player_id": line.player_id,
            "games": line.games,
            "wins": line.wins,
            "average_place": round(line.average_place, 4),
            "points": line.points,
            "rating": None if line.rating is None else round(line.rating, 4),
        }
        for line in seasons.standings(season)
    ]
    return jsonify({**season_document(season), "standings": standings})


def _plays_document(plays: list[seasons.Play]) -> list[dict[str, Any]]:
    return [
        {
            "id": play.game_id,
            "date": play.played_on.isoformat(),
            "place": play.place,
            "game": play.kind,
            "players": [_play_player(play, seat) for seat in range(len(play.players))],
        }
        for play in plays
    ]


def _play_player(play: seasons.Play, seat: int) -> dict[str, Any]:
    """A player of a play; in a game of partnerships, with their side and partners too
    (a player of a game without sides has neither, as before sides were given)."""
    player = {"name": play.players[seat], "score": play.scores[seat], "won": play.won[seat]}
    if play.sides:
        player.update(side=play.side_name(seat), partners=play.partners(seat))
    return player


@bp.get("/seasons/<int:season_id>/plays")
@token_required
def season_plays(season_id: int) -> Answer:
    season = _season(season_id)
    if season is None:
        return _no_season()
    return jsonify(plays=_plays_document(seasons.season_plays(season)))


@bp.get("/players/<int:player_id>/ratings")
@token_required
def player_ratings(player_id: int) -> Answer:
    try:
        player = services.get_player(api_user(), player_id)
    except services.NotFound:
        return error_answer(404, {"field": None, "message": gettext("No such player")})
    found = ratings.player_ratings(api_user().id, player.id)
    return jsonify(
        player=player.name,
        player_id=player.id,
        ratings=[
            {
                "game": rating.kind,
                "rating": round(rating.value, 4),
                "mu": round(rating.latest.mu, 4),
                "sigma": round(rating.latest.sigma, 4),
                "games": len(rating.history),
                "history": [
                    {
                        "date": point.played_on.isoformat(),
                        "place": point.place,
                        "rating": round(point.value, 4),
                        "mu": round(point.mu, 4),
                        "sigma": round(point.sigma, 4),
                    }
                    for point in rating.history
                ],
            }
            for rating in found
        ],
    )


@bp.get("/players/<int:player_id>/plays")
@token_required
def player_plays(player_id: int) -> Answer:
    try:
        player = services.get_player(api_user(), player_id)
    except services.NotFound:
        return error_answer(404, {"field": None, "message": gettext("No such player")})
    return jsonify(plays=_plays_document(seasons.player_plays(api_user(), player)))
