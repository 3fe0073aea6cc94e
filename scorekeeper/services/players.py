"""Players: found or made by name, renamed, merged."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import and_, func, select, update
from sqlalchemy.orm import aliased

from ..extensions import db
from ..i18n import N_
from ..models import (
    Game,
    Night,
    Player,
    RoundResult,
    Seat,
    TournamentPlayer,
    User,
)
from ..rules import errors as rule_errors
from ..rules.names import NameRefused, readable_name
from . import screens, writes
from .caches import refresh_summaries
from .errors import SAID, NotFound, PlayerError
from .ratings import rerate_account
from .text import look_alike


def player_named(owner: User, name: str) -> Player:
    player = db.session.scalar(
        select(Player).where(Player.owner_id == owner.id, Player.name == name)
    )
    if player is None:
        player = Player(owner_id=owner.id, name=name)
        db.session.add(player)
    return player


def check_names_apart(owner: User, names: Sequence[str], night: Night | None) -> None:
    """Refuse a table where two names look the same (Latin ``ana`` and Cyrillic ``аna``,
    ``Ana`` and ``Ana`` with an invisible filler), or a name that looks like another
    player's of the same game night; raises ``RoundRefused`` on ``players``, the
    transaction rolled back. Exactly the same name is the same player, not a look-alike.
    """
    for index, name in enumerate(names):
        other = look_alike(name, names[:index])
        if other is None and night is not None and night.id is not None:
            other = look_alike(name, _night_names(owner, night))
        if other is not None:
            writes.safe_rollback()
            raise rule_errors.RoundRefused([_looks_like(name, other, "players")])


def _looks_like(name: str, other: str, field: str) -> rule_errors.PlayerError:
    return rule_errors.PlayerError(
        N_("“{name}” looks the same as “{other}”: choose names the table can tell apart"),
        name=name,
        other=other,
        field=field,
    )


def _night_names(owner: User, night: Night) -> list[str]:
    return list(
        db.session.scalars(
            select(Player.name)
            .join(Seat, Seat.player_id == Player.id)
            .join(Game, Game.id == Seat.game_id)
            .where(Game.night_id == night.id, Player.owner_id == owner.id)
            .distinct()
        )
    )


def get_player(owner: User, player_id: int) -> Player:
    player = db.session.get(Player, player_id) if isinstance(player_id, int) else None
    if player is None or player.owner_id != owner.id:
        raise NotFound(f"player {player_id}")
    return player


def rename_player(owner: User, player_id: int, name: str) -> Player:
    player = get_player(owner, player_id)
    try:
        name = readable_name(name or "")  # NFKC, nothing invisible, 1 to 40 characters
    except NameRefused as refused:
        raise PlayerError(SAID, "name", sentence=refused) from None
    taken = db.session.scalar(
        select(Player.id).where(
            Player.owner_id == owner.id,
            func.lower(Player.name) == name.lower(),
            Player.id != player.id,
        )
    )
    if taken is not None:
        raise PlayerError(
            N_("%(name)s is already a player here: merge the two if they are the same person"),
            "name",
            name=name,
        )
    others = db.session.scalars(
        select(Player.name).where(Player.owner_id == owner.id, Player.id != player.id)
    ).all()
    other = look_alike(name, others)
    if other is not None:
        raise PlayerError(
            N_("“%(name)s” looks the same as “%(other)s”: choose a name the table can tell apart"),
            "name",
            name=name,
            other=other,
        )
    player.name = name
    screens.players_changed([player.id])  # their name on a tournament's standings
    writes.commit()
    return player


def merge_players(owner: User, keep_id: int, merge_id: int) -> Player:
    """``merge_id`` was the same person as ``keep_id``: their games follow, nothing is lost."""
    keep, gone = get_player(owner, keep_id), get_player(owner, merge_id)
    if keep.id == gone.id:
        raise PlayerError(N_("Choose another player to merge with"), "other")
    kept_seat = aliased(Seat)
    shared = db.session.scalar(
        select(Seat.game_id)
        .join(kept_seat, and_(kept_seat.game_id == Seat.game_id, kept_seat.player_id == keep.id))
        .where(Seat.player_id == gone.id)
        .limit(1)
    )
    if shared is not None:
        raise PlayerError(
            N_(
                "%(name)s and %(other)s sat at the same table in one game:"
                " they cannot be the same person"
            ),
            "other",
            name=keep.name,
            other=gone.name,
        )
    both = db.session.scalar(
        select(TournamentPlayer.tournament_id)
        .join(
            kept_entry := aliased(TournamentPlayer),
            and_(
                kept_entry.tournament_id == TournamentPlayer.tournament_id,
                kept_entry.player_id == keep.id,
            ),
        )
        .where(TournamentPlayer.player_id == gone.id)
        .limit(1)
    )
    if both is not None:
        raise PlayerError(
            N_(
                "%(name)s and %(other)s are both registered for one tournament:"
                " they cannot be the same person"
            ),
            "other",
            name=keep.name,
            other=gone.name,
        )
    db.session.execute(update(Seat).where(Seat.player_id == gone.id).values(player_id=keep.id))
    db.session.execute(
        update(TournamentPlayer)
        .where(TournamentPlayer.player_id == gone.id)
        .values(player_id=keep.id)
    )
    db.session.execute(
        update(RoundResult).where(RoundResult.player_id == gone.id).values(player_id=keep.id)
    )
    db.session.delete(gone)
    # Their games and every opponent's record of them changed hands.
    refresh_summaries(
        db.session.scalars(
            select(Player.id).where(Player.owner_id == owner.id, Player.id != gone.id)
        )
    )
    # One player where there were two: every game of theirs is rated as theirs.
    rerate_account(owner.id)
    # Their tournaments' standings: one name where there were two (every seat and
    # registration of the other one is theirs now).
    screens.players_changed([keep.id])
    writes.commit()
    return keep
