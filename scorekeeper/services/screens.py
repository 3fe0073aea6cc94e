"""What the hall's standings screens follow: a tournament's stamp, which changes with
everything the standings show.

The standings are drawn from the tournament (its name, its players in the order
registered, its stages drawn) and from its tables' games (their seats' names, their
rounds). A game's rounds move its version (services.rounds); everything else moves the
tournament's own ``version``, in the transaction that makes the change:

- the players registered (:func:`services.tournaments.register_players`);
- a stage drawn, the final seated (:func:`services.tournaments.draw_stage`);
- a player renamed or merged into another (services.players), for every tournament
  they are registered for or seated in.

The stamp is the tournament's id and version, its tables' count and the sum of their
games' versions: each of these only grows while the tournament stands, so a stamp
once seen never comes back with other standings.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import ColumnElement, Row, Select, bindparam, func, or_, select, update

from ..extensions import db
from ..models import Game, Seat, Tournament, TournamentPlayer, TournamentStage, TournamentTable


def _stamp_query(where: ColumnElement[bool]) -> Select[int, int, int, int]:
    # The outer joins keep a tournament with no stage drawn yet (0 games).
    return (
        select(
            Tournament.id,
            Tournament.version,
            func.count(Game.id),
            func.coalesce(func.sum(Game.version), 0),
        )
        .select_from(Tournament)
        .outerjoin(TournamentStage, TournamentStage.tournament_id == Tournament.id)
        .outerjoin(TournamentTable, TournamentTable.stage_id == TournamentStage.id)
        .outerjoin(Game, Game.id == TournamentTable.game_id)
        .where(where)
        .group_by(Tournament.id, Tournament.version)
    )


# Built once: every screen in the hall asks every few seconds.
BY_TOKEN = _stamp_query(Tournament.screen_token == bindparam("token"))
BY_ID = _stamp_query(Tournament.id == bindparam("tournament_id"))


def stamp_text(row: Row[int, int, int, int] | tuple[int, int, int, int]) -> str:
    """
    >>> stamp_text((7, 2, 6, 31))
    '7.2-6-31'
    """
    tournament_id, version, games, versions = row
    return f"{int(tournament_id)}.{int(version)}-{int(games)}-{int(versions)}"


def stamp_of(tournament_id: int) -> str:
    """The tournament's stamp, read in the session's transaction (with what it read)."""
    row = db.session.execute(BY_ID, {"tournament_id": tournament_id}).one()
    return stamp_text(row)


def tournament_changed(tournament_id: int) -> None:
    """One more version of the tournament, in the caller's transaction (in SQL, so that
    two changes at once both count)."""
    db.session.execute(
        update(Tournament)
        .where(Tournament.id == tournament_id)
        .values(version=Tournament.version + 1),
        execution_options={"synchronize_session": False},
    )


def players_changed(player_ids: Iterable[int]) -> None:
    """One more version of every tournament these players are registered for or seated
    in (their names are on its standings), in the caller's transaction."""
    ids = sorted(set(player_ids))
    if not ids:
        return
    registered = select(TournamentPlayer.tournament_id).where(TournamentPlayer.player_id.in_(ids))
    seated = (
        select(TournamentStage.tournament_id)
        .join(TournamentTable, TournamentTable.stage_id == TournamentStage.id)
        .join(Seat, Seat.game_id == TournamentTable.game_id)
        .where(Seat.player_id.in_(ids))
    )
    db.session.execute(
        update(Tournament)
        .where(or_(Tournament.id.in_(registered), Tournament.id.in_(seated)))
        .values(version=Tournament.version + 1),
        execution_options={"synchronize_session": False},
    )
