"""The JSON API's tournaments, under /api/v1 like the rest (scorekeeper.views.api):
a tournament, its players, its stages drawn (each table a game of /games), and its
standings."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import services
from ..models import Tournament, TournamentStage
from ..rules import RoundRefused
from ..services import tournaments
from .api import (
    Answer,
    api_user,
    body_refusal,
    conflict,
    error_answer,
    json_body,
    refusal,
    storage_error,
    token_required,
)

bp = Blueprint("api_tournaments", __name__, url_prefix="/api/v1")


def _not_found() -> tuple[Response, int]:
    return error_answer(404, {"field": None, "message": gettext("No such tournament")})


def _load(tournament_id: int) -> Tournament | None:
    try:
        return tournaments.get_tournament(api_user(), tournament_id)
    except services.NotFound:
        return None


@bp.get("/tournaments")
@token_required
def list_tournaments() -> Answer:
    found = tournaments.list_tournaments(api_user())
    return jsonify(tournaments=[tournament_document(t) for t in found])


@bp.post("/tournaments")
@token_required
def create_tournament() -> Answer:
    body = json_body()
    if body is None:
        return body_refusal()
    plan = tournaments.Plan(
        name=body.get("name"),
        date=body.get("date"),
        kind=body.get("game"),
        options=body.get("options"),
        stages=body.get("stages", 1),
        table_size=body.get("table_size", 4),
        ranking=body.get("ranking", "scores"),
        final_size=body.get("final_size", 0),
        players=body.get("players", []),
    )
    try:
        made = tournaments.create_tournament(api_user(), plan)
    except RoundRefused as refused:
        return refusal(refused.errors)
    except services.StorageError as stored:
        return storage_error(stored)
    answer = jsonify(tournament_document(made))
    answer.headers["Location"] = url_for("api_tournaments.get_tournament", tournament_id=made.id)
    return answer, 201


@bp.get("/tournaments/<int:tournament_id>")
@token_required
def get_tournament(tournament_id: int) -> Answer:
    found = _load(tournament_id)
    if found is None:
        return _not_found()
    return jsonify(tournament_document(found))


@bp.patch("/tournaments/<int:tournament_id>")
@token_required
def change_tournament(tournament_id: int) -> Answer:
    """Its name, date, ranking rule or plan of stages: the fields given change."""
    found = _load(tournament_id)
    if found is None:
        return _not_found()
    body = json_body()
    if body is None:
        return body_refusal()
    try:
        tournaments.change_tournament(found, body)
    except RoundRefused as refused:
        return refusal(refused.errors)
    except services.Conflict as error:
        return conflict(error)
    except services.StorageError as stored:
        return storage_error(stored)
    return jsonify(tournament_document(found))


@bp.put("/tournaments/<int:tournament_id>/players")
@token_required
def register_players(tournament_id: int) -> Answer:
    found = _load(tournament_id)
    if found is None:
        return _not_found()
    body = json_body()
    if body is None:
        return body_refusal()
    try:
        tournaments.register_players(api_user(), found, body.get("players"))
    except RoundRefused as refused:
        return refusal(refused.errors)
    except services.Conflict as error:
        return conflict(error)
    except services.StorageError as stored:
        return storage_error(stored)
    return jsonify(tournament_document(found))


@bp.post("/tournaments/<int:tournament_id>/stages")
@token_required
def draw_stage(tournament_id: int) -> Answer:
    found = _load(tournament_id)
    if found is None:
        return _not_found()
    body = json_body()
    if body is None:
        return body_refusal()
    seed = body.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
    ):
        return error_answer(
            422, {"field": "seed", "message": gettext("A seed is a whole number from 0")}
        )
    try:
        stage = tournaments.draw_stage(found, seed)
    except RoundRefused as refused:
        return refusal(refused.errors)
    except services.Conflict as error:
        return conflict(error)
    except services.StorageError as stored:
        return storage_error(stored)
    answer = jsonify(stage_document(found, stage))
    answer.headers["Location"] = url_for(
        "api_tournaments.get_stage", tournament_id=found.id, number=stage.number
    )
    return answer, 201


@bp.get("/tournaments/<int:tournament_id>/stages/<int:number>")
@token_required
def get_stage(tournament_id: int, number: int) -> Answer:
    found = _load(tournament_id)
    if found is None:
        return _not_found()
    for stage in found.drawn:
        if stage.number == number:
            return jsonify(stage_document(found, stage))
    return error_answer(404, {"field": None, "message": gettext("No such stage")})


@bp.get("/tournaments/<int:tournament_id>/standings")
@token_required
def get_standings(tournament_id: int) -> Answer:
    found = _load(tournament_id)
    if found is None:
        return _not_found()
    return jsonify(standings_document(found))


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    upcoming = tournaments.next_stage(tournament)
    return {
        "id": tournament.id,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "game": tournament.kind,
        "options": dict(tournament.options),
        "stages": tournament.stages,
        "table_size": tournament.table_size,
        "ranking": tournament.ranking,
        "final_size": tournament.final_size,
        "players": tournaments.player_names(tournament),
        "drawn": [stage.number for stage in tournament.drawn],
        "next_stage": None if upcoming is None else {"number": upcoming[0], "final": upcoming[1]},
    }


def stage_document(tournament: Tournament, stage: TournamentStage) -> dict[str, Any]:
    return {
        "tournament": tournament.id,
        "number": stage.number,
        "final": stage.final,
        "tables": [
            {
                "number": table.number,
                "game": table.game_id,
                "players": [seat.player.name for seat in table.game.seats],
                "first_dealer": table.game.first_dealer,
                "finished": table.game.finished,
            }
            for table in stage.tables
        ],
    }


def standings_document(tournament: Tournament) -> dict[str, Any]:
    found = tournaments.current_standings(tournament)
    return {
        "tournament": tournament.id,
        "ranking": tournament.ranking,
        "tie_breaks": (["exact_bids"] if found.bids else []) + ["best_game", "shared"],
        "standings": [
            {
                "rank": line.rank,
                "shared": line.shared,
                "player": line.player,
                "points": line.points,
                "games": line.games,
                "exact_bids": line.exact,
                "best_game": line.best,
            }
            for line in found.lines
        ],
        "tables": [
            {
                "stage": table.stage,
                "number": table.number,
                "game": table.game_id,
                "players": list(table.state.players),
                "totals": list(table.state.totals),
                "rounds_played": table.rounds_played,
                "finished": table.state.finished,
            }
            for table in found.tables
        ],
    }
