"""Seasons: a club's finished games of one kind between two dates, with its standings,
each player's rating, and the season's plays for other loggers.

Standings count finished games only, from the ratings' cache (each seat's place at its
table, ``models.Rating``): games played, wins, average place and points. A player who
has played fewer games than the season's minimum is listed, not ranked. The ranked are
ordered by average place (a place is 1 for the winning side, then by total), then wins,
then points; equal on all three, they share a rank.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import and_, case, func, select, update
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..games import GAMES
from ..i18n import N_
from ..models import Game, Night, Player, Rating, Season, Seat, TournamentTable, User
from . import writes
from .caches import sides_of
from .errors import NotFound, PlayerError, StorageError
from .ratings import conservative, ensure_rated
from .text import check_free_text
from .transfer import safe_cell

MAX_SEASON_DAYS = 3660
"""A season of at most ten years."""
LARGEST_MINIMUM = 1000


def tournament_games() -> Any:
    """The ids of the games played as a tournament's tables, for a season of tournament
    games only. A table's game is one from its draw (unfinished, so in no standings yet)
    and stops being one only when it is deleted, which forgets the standings itself;
    anything else that makes a finished game a table or not must call
    ``ratings.forget_standings``."""
    return select(TournamentTable.game_id)


# -- the season itself ---------------------------------------------------------------


def create_season(
    owner: User,
    name: str,
    kind: str,
    since: date,
    until: date,
    min_games: int = 1,
    tournament_only: bool = False,
) -> Season:
    """A new season, after checking what it is made of (a :class:`PlayerError` naming
    the field for each refusal; nothing stored)."""
    check_season(name, kind, since, until, min_games)
    taken = db.session.scalar(
        select(Season.id).where(Season.owner_id == owner.id, Season.name == name.strip())
    )
    if taken is not None:
        # A second tap on "Make the season" (or the same name twice): one season.
        raise PlayerError(N_("There is a season of that name already"), "name")
    season = Season(
        owner_id=owner.id,
        name=name.strip(),
        kind=kind,
        since=since,
        until=until,
        min_games=min_games,
        tournament_only=tournament_only,
    )
    db.session.add(season)
    writes.commit()
    return season


def check_season(name: str, kind: str, since: date, until: date, min_games: int) -> None:
    if not name.strip():
        raise PlayerError(N_("Give the season a name"), "name")
    if len(name.strip()) > 80:
        raise PlayerError(N_("A season's name is at most 80 characters"), "name")
    check_free_text(name, "name", N_("Name"))
    if kind not in GAMES:
        raise PlayerError(N_("Choose one of the games"), "game")
    if until < since:
        raise PlayerError(N_("The season ends before it starts"), "until")
    if (until - since).days > MAX_SEASON_DAYS:
        raise PlayerError(N_("A season is at most ten years long"), "until")
    if not 1 <= min_games <= LARGEST_MINIMUM:
        raise PlayerError(
            N_("The minimum of games is a whole number from 1 to %(most)s"),
            "min_games",
            most=LARGEST_MINIMUM,
        )


def list_seasons(owner: User) -> list[Season]:
    """The account's seasons, the latest first."""
    return list(
        db.session.scalars(
            select(Season)
            .where(Season.owner_id == owner.id)
            .order_by(Season.since.desc(), Season.id.desc())
        )
    )


def get_season(owner: User, season_id: int) -> Season:
    season = db.session.get(Season, season_id) if isinstance(season_id, int) else None
    if season is None or season.owner_id != owner.id:
        raise NotFound(f"season {season_id}")
    return season


# -- standings -----------------------------------------------------------------------


@dataclass
class SeasonStanding:
    player_id: int
    name: str
    games: int
    wins: int
    average_place: float
    points: int
    rating: float | None = None
    """The conservative rating after the player's last game of the kind up to the
    season's end."""
    rank: int | None = None
    """None: fewer games than the season's minimum."""


def _in_season(season: Season) -> list[Any]:
    """The season's rating rows, as a range of positions (a position starts with its
    night's date): on the index of the account's ratings of one kind."""
    where = [
        Rating.owner_id == season.owner_id,
        Rating.kind == season.kind,
        Rating.position >= season.since.isoformat(),
        Rating.position < _day_after(season.until),
    ]
    if season.tournament_only:
        where.append(Rating.game_id.in_(tournament_games()))
    return where


def standings(season: Season) -> list[SeasonStanding]:
    """The season's standings: the ranked first, then those short of the minimum (most
    games first). From the season's cache when it is there; else worked out and stored
    (unless a change to its games came meanwhile)."""
    cached, generation = db.session.execute(
        select(Season.standings, Season.generation).where(Season.id == season.id)
    ).one()
    if not isinstance(cached, list):
        ensure_rated(season.owner_id, season.kind)
        generation = db.session.scalar(select(Season.generation).where(Season.id == season.id))
        cached = _figures(season)
        db.session.execute(
            update(Season)
            .where(Season.id == season.id, Season.generation == generation)
            .values(standings=cached)
        )
        try:
            writes.commit()
        except StorageError:  # a busy database: the page is shown, the cache kept later
            writes.safe_rollback()
    names = dict(
        db.session.execute(
            select(Player.id, Player.name).where(Player.id.in_([row[0] for row in cached]))
        ).all()
    )
    lines = [
        SeasonStanding(pid, names[pid], games, wins, average, points, rating)
        for pid, games, wins, average, points, rating in cached
        if pid in names
    ]
    return ranked(lines, season.min_games)


def _figures(season: Season) -> list[list[Any]]:
    """Each player's figures in the season, as the cache keeps them: player id, games,
    wins, average place, points, rating (None without one)."""
    rows = db.session.execute(
        select(
            Rating.player_id,
            func.count(),
            func.sum(case((Seat.won, 1), else_=0)),
            func.avg(Rating.place),
            func.sum(Seat.total),
        )
        .join(Seat, and_(Seat.game_id == Rating.game_id, Seat.seat == Rating.seat))
        .where(*_in_season(season))
        .group_by(Rating.player_id)
        .order_by(Rating.player_id)
    ).all()
    ratings = ratings_at(season.owner_id, season.kind, season.until, [row[0] for row in rows])
    return [
        [pid, games, int(wins or 0), float(average), int(points or 0), ratings.get(pid)]
        for pid, games, wins, average, points in rows
    ]


def ranked(lines: Iterable[SeasonStanding], min_games: int) -> list[SeasonStanding]:
    """The standings in order, each ranked player given its rank (shared when equal on
    average place, wins and points); those short of ``min_games`` after, unranked.

    >>> a = SeasonStanding(1, "Ana", 3, 2, 1.5, 300)
    >>> b = SeasonStanding(2, "Ben", 3, 1, 1.5, 250)
    >>> c = SeasonStanding(3, "Cai", 1, 1, 1.0, 120)
    >>> [(s.name, s.rank) for s in ranked([c, b, a], 2)]
    [('Ana', 1), ('Ben', 2), ('Cai', None)]
    """

    def merit(line: SeasonStanding) -> tuple[float, int, int]:
        return (round(line.average_place, 9), -line.wins, -line.points)

    lines = list(lines)
    enough = sorted(
        (line for line in lines if line.games >= min_games),
        key=lambda line: (*merit(line), line.name.lower()),
    )
    for place, line in enumerate(enough, start=1):
        before = enough[place - 2] if place > 1 else None
        line.rank = before.rank if before is not None and merit(before) == merit(line) else place
    short = sorted(
        (line for line in lines if line.games < min_games),
        key=lambda line: (-line.games, line.name.lower()),
    )
    for line in short:
        line.rank = None
    return enough + short


def _day_after(day: date) -> str:
    """The first position after every game of ``day``.

    >>> _day_after(date(2026, 12, 31))
    '2027-01-01'
    """
    return date.fromordinal(min(day.toordinal() + 1, date.max.toordinal())).isoformat()


def ratings_at(owner_id: int, kind: str, until: date, player_ids: list[int]) -> dict[int, float]:
    """Each player's conservative rating after their last game of ``kind`` played on
    ``until`` or before: each player's latest position found on the index by player."""
    if not player_ids:
        return {}
    found: dict[int, float] = {}
    for chunk in range(0, len(player_ids), 500):
        latest = (
            select(Rating.player_id, func.max(Rating.position).label("position"))
            .where(
                Rating.player_id.in_(player_ids[chunk : chunk + 500]),
                Rating.kind == kind,
                Rating.position < _day_after(until),
            )
            .group_by(Rating.player_id)
            .subquery()
        )
        found.update(
            (pid, conservative(mu, sigma))
            for pid, mu, sigma in db.session.execute(
                select(Rating.player_id, Rating.mu, Rating.sigma).join(
                    latest,
                    and_(
                        latest.c.player_id == Rating.player_id,
                        latest.c.position == Rating.position,
                        Rating.kind == kind,
                        Rating.owner_id == owner_id,
                    ),
                )
            )
        )
    return found


# -- plays for other loggers -----------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One finished game as a play logger keeps it."""

    game_id: str
    played_on: date
    place: str
    kind: str
    players: list[str]
    scores: list[int]
    won: list[bool]
    sides: tuple[tuple[int, ...], ...] = ()
    """The seats of each side, as the game's rules seat them (``caches.sides_of``); none
    kept for a game where each player plays for themselves."""

    def side_of(self, seat: int) -> tuple[int, ...] | None:
        """The seats of ``seat``'s side, or None where each plays for themselves."""
        return next((side for side in self.sides if seat in side), None)

    def side_name(self, seat: int) -> str | None:
        """``seat``'s side named by its players ("Ana & Cai"), as the history names it."""
        side = self.side_of(seat)
        return None if side is None else " & ".join(self.players[other] for other in side)

    def partners(self, seat: int) -> list[str] | None:
        """The names of ``seat``'s partners, or None where each plays for themselves."""
        side = self.side_of(seat)
        return None if side is None else [self.players[other] for other in side if other != seat]


def season_plays(season: Season) -> list[Play]:
    """The season's finished games, in the order played."""
    where = [
        Game.owner_id == season.owner_id,
        Game.kind == season.kind,
        Game.finished.is_(True),
        Night.date >= season.since,
        Night.date <= season.until,
    ]
    if season.tournament_only:
        where.append(Game.id.in_(tournament_games()))
    return _plays(where)


def player_plays(owner: User, player: Player) -> list[Play]:
    """A player's finished games of every kind, in the order played."""
    seated = select(Seat.game_id).where(Seat.player_id == player.id)
    return _plays([Game.owner_id == owner.id, Game.finished.is_(True), Game.id.in_(seated)])


def _plays(where: list[Any]) -> list[Play]:
    games = db.session.scalars(
        select(Game)
        .join(Night, Night.id == Game.night_id)
        .where(*where)
        .order_by(Night.date, Game.created_at, Game.id)
        .options(selectinload(Game.seats), selectinload(Game.night))
    ).all()
    return [
        Play(
            game.uid,
            game.night.date,
            game.night.place,
            game.kind,
            [seat.player.name for seat in game.seats],
            [seat.total for seat in game.seats],
            [seat.won for seat in game.seats],
            _partnerships(game),
        )
        for game in games
    ]


def _partnerships(game: Game) -> tuple[tuple[int, ...], ...]:
    """The game's sides when some side holds more than one player, else none."""
    sides = sides_of(game.kind, len(game.seats), game.options)
    return sides if any(len(side) > 1 for side in sides) else ()


def plays_csv(plays: list[Play]) -> str:
    """Plays as a spreadsheet, a row a game: its date, place, game and id, then each
    seat's player, score and whether they won (as many seats as the largest table).

    When some game played in partnerships, each seat's side follows, named by its
    players ("Ana & Cai"; empty for a player of a game without sides): columns at the
    end, so a reader of the columns before finds them where they were."""
    out = io.StringIO()
    writer = csv.writer(out)
    seats = max((len(play.players) for play in plays), default=0)
    with_sides = any(play.sides for play in plays)
    header = ["date", "place", "game", "play"]
    for seat in range(1, seats + 1):
        header += [f"player {seat}", f"score {seat}", f"won {seat}"]
    if with_sides:
        header += [f"side {seat}" for seat in range(1, seats + 1)]
    writer.writerow(header)
    for play in plays:
        row: list[Any] = [
            play.played_on.isoformat(),
            safe_cell(play.place),
            GAMES[play.kind].title if play.kind in GAMES else play.kind,
            play.game_id,
        ]
        for name, score, won in zip(play.players, play.scores, play.won, strict=True):
            row += [safe_cell(name), score, "yes" if won else "no"]
        if with_sides:
            row += [""] * 3 * (seats - len(play.players))
            row += [safe_cell(play.side_name(seat) or "") for seat in range(seats)]
        writer.writerow(row)
    return out.getvalue()
