"""Ratings: how strong each player is at one game, with how sure that is, from every
finished game of that game in the order played (openskill's Plackett–Luce model, as
:mod:`scorekeeper.plackett_luce` computes it).

A rating is a mean ``mu`` and an uncertainty ``sigma``; the number shown is the
conservative rating ``mu - 3 * sigma`` (docs/games.md, "Ratings"). Every finished game
moves its players' ratings by their places at the table: 1 for the winning side, then
by total, equal totals sharing a place; a game of sides (partnerships) is rated side
against side, each side a team.

The ratings after each game are a cache (``models.Rating``), kept in the transaction
that changes a finished game: a game finished, corrected, undone, imported, deleted or
moved to another night is rated again with every game of its kind played after it,
since each rating starts from the ratings the game before left. A correction that keeps
every place as it was changes no rating and rates nothing again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from operator import itemgetter
from typing import Any

from flask import current_app
from sqlalchemy import and_, delete, exists, func, select, text, tuple_, update
from sqlalchemy.orm import aliased

from .. import plackett_luce
from ..extensions import db
from ..games import GAMES
from ..models import Game, Night, Player, Rating, Season, Seat, User
from . import writes
from .caches import SummaryChange, sides_of

Strength = plackett_luce.Strength


def conservative(mu: float, sigma: float) -> float:
    """The rating shown: the strength the player is very likely above (mu - 3 sigma).

    >>> conservative(plackett_luce.MU, plackett_luce.SIGMA)
    0.0
    """
    return mu - 3 * sigma


def position_of(when: date, created_at: datetime, game_id: str) -> str:
    """A game's place in the order played, as text that sorts the same way: its night's
    date, then when it was started, then its id.

    >>> position_of(date(2026, 3, 1), datetime(2026, 3, 1, 20, 5), "ab12")
    '2026-03-01 2026-03-01T20:05:00.000000 ab12'
    """
    return f"{when.isoformat()} {created_at.isoformat(timespec='microseconds')} {game_id}"


def side_places(sides: Sequence[Sequence[int]], totals: Sequence[int]) -> list[int]:
    """Each side's place: 1 + the number of sides with a higher total (so equal totals
    share a place, as the rules' standings have it).

    >>> side_places([(0,), (1,), (2,)], [30, 50, 30])
    [2, 1, 2]
    >>> side_places([(0, 2), (1, 3)], [120, 80, 120, 80])
    [1, 2]
    """
    side_totals = [totals[seats[0]] for seats in sides]
    highest_first = sorted(side_totals, reverse=True)
    return [1 + highest_first.index(total) for total in side_totals]


@dataclass(frozen=True)
class Table:
    """A finished game as the ratings need it."""

    game_id: str
    position: str
    played_on: date
    players: tuple[int, ...]
    """Each seat's player id."""
    totals: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]

    @property
    def places(self) -> list[int]:
        """Each seat's place (its side's)."""
        return seat_places(self.sides, side_places(self.sides, self.totals))


def seat_places(sides: Sequence[Sequence[int]], by_side: Sequence[int]) -> list[int]:
    """Each seat's place, its side's.

    >>> seat_places([(0, 2), (1, 3)], [2, 1])
    [2, 1, 2, 1]
    """
    places = [0] * sum(len(seats) for seats in sides)
    for seats, place in zip(sides, by_side, strict=True):
        for seat in seats:
            places[seat] = place
    return places


def rate_tables(
    tables: Iterable[Table], start: Mapping[int, Strength] | None = None
) -> tuple[dict[int, Strength], list[tuple[Table, list[Strength], list[int]]]]:
    """Rate the games in order from the ratings ``start`` (a player not in it is new):
    the ratings at the end, and each game with its seats' ratings after it and their
    places."""
    current: dict[int, Strength] = dict(start or {})
    new = (plackett_luce.MU, plackett_luce.SIGMA)
    rated: list[tuple[Table, list[Strength], list[int]]] = []
    for table in tables:
        players, sides = table.players, table.sides
        by_side = side_places(sides, table.totals)
        after = plackett_luce.rate(
            [[current.get(players[seat], new) for seat in seats] for seats in sides], by_side
        )
        seat_after: list[Strength] = [new] * len(players)
        for seats, team in zip(sides, after, strict=True):
            for seat, rating in zip(seats, team, strict=True):
                seat_after[seat] = current[players[seat]] = rating
        rated.append((table, seat_after, seat_places(sides, by_side)))
    return current, rated


# -- keeping the cache -----------------------------------------------------------------


def update_ratings(owner_id: int, changes: Iterable[SummaryChange]) -> None:
    """Rate again, in the caller's transaction, every game of each kind from the first
    finished game these changes took out or put in (see :class:`SummaryChange`)."""
    starts: dict[str, str] = {}
    changes = [change for change in changes if change.removed or change.added]
    if changes:
        _lock_account(owner_id)
    for change in changes:
        for results in (change.removed, change.added):
            if results is not None:
                # Its totals and wins may have changed even where no place did.
                forget_standings(owner_id, results.kind, results.when)
        if change.removed is not None and change.added is not None and _same_places(change):
            continue
        for results in (change.removed, change.added):
            if results is None:
                continue
            position = position_of(results.when, results.created_at, results.game_id)
            starts[results.kind] = min(position, starts.get(results.kind, position))
    for kind, position in sorted(starts.items()):
        rate_from(owner_id, kind, position)


def rerate_since(owner_id: int, kinds: Iterable[str], since: date | None = None) -> None:
    """Rate again every game of these kinds played on ``since`` or later (every game
    without it): a night moved to another date, games taken away, two players merged."""
    start = "" if since is None else since.isoformat()
    for kind in sorted(set(kinds)):
        rate_from(owner_id, kind, start)


def rerate_account(owner_id: int) -> None:
    """Rate again every game of the account, of every kind it has played."""
    kinds = db.session.scalars(select(Game.kind).where(Game.owner_id == owner_id).distinct())
    rerate_since(owner_id, list(kinds))


def _same_places(change: SummaryChange) -> bool:
    """A correction that leaves every player where they finished: no rating moves."""
    assert change.removed is not None and change.added is not None
    before = [(pid, total) for pid, total, _won in change.removed.seats]
    after = [(pid, total) for pid, total, _won in change.added.seats]
    if [pid for pid, _ in before] != [pid for pid, _ in after]:
        return False
    options = db.session.scalar(select(Game.options).where(Game.id == change.added.game_id))
    sides = sides_of(change.added.kind, len(after), options or {})
    return side_places(sides, [t for _, t in before]) == side_places(sides, [t for _, t in after])


def rate_from(owner_id: int, kind: str, start: str) -> None:
    """Rate the account's finished games of ``kind`` from position ``start`` on (see
    :func:`position_of`), from the ratings the games before it left; earlier by as much
    as it takes to rate a finished game not rated yet (one finished before ratings were
    kept)."""
    db.session.flush()
    _lock_account(owner_id)
    unrated = db.session.execute(
        select(Night.date, Game.created_at, Game.id)
        .join(Night, Night.id == Game.night_id)
        .where(
            Game.owner_id == owner_id,
            Game.kind == kind,
            Game.finished.is_(True),
            ~exists().where(Rating.game_id == Game.id),
        )
        .order_by(Night.date, Game.created_at, Game.id)
        .limit(1)
    ).first()
    if unrated is not None:
        start = min(start, position_of(*unrated))
    forget_standings(owner_id, kind, date.fromisoformat(start[:10]) if start else None)
    tables = [t for t in _tables(owner_id, kind, start[:10]) if t.position >= start]
    # The ratings the games before left, of the players of the games to rate only (a
    # game just finished: its own few players, each on the index by player).
    players = sorted({pid for table in tables for pid in table.players})
    before = _ratings_before(owner_id, kind, start, players)
    _current, rated = rate_tables(tables, before)
    # In the order of _COLUMNS.
    rows = [
        (
            table.game_id,
            seat,
            table.players[seat],
            owner_id,
            kind,
            table.position,
            table.played_on,
            place,
            mu,
            sigma,
        )
        for table, after, places in rated
        for seat, (place, (mu, sigma)) in enumerate(zip(places, after, strict=True))
    ]
    _store(owner_id, kind, start, rows)


def _ratings_before(
    owner_id: int, kind: str, start: str, players: Sequence[int]
) -> dict[int, Strength]:
    """Each player's rating after their last game of ``kind`` before position ``start``
    (none for a player without one): for each player, the newest of their ratings found
    on the index by player, kind and position, a lookup whatever their history (a
    regular's 3,000 games are not read to find the last of them)."""
    before: dict[int, Strength] = {}
    for chunk in range(0, len(players), 500):
        earlier = aliased(Rating)
        newest = (
            select(earlier.position)
            .where(
                earlier.player_id == Player.id,
                earlier.kind == kind,
                earlier.owner_id == owner_id,
                earlier.position < start,
            )
            .order_by(earlier.position.desc())
            .limit(1)
            .correlate(Player)
            .scalar_subquery()
        )
        before.update(
            (pid, (mu, sigma))
            for pid, mu, sigma in db.session.execute(
                select(Player.id, Rating.mu, Rating.sigma)
                .join(
                    Rating,
                    and_(
                        Rating.player_id == Player.id,
                        Rating.kind == kind,
                        Rating.position == newest,
                    ),
                )
                .where(Player.id.in_(players[chunk : chunk + 500]))
            )
        )
    return before


# The ratings' columns as PostgreSQL types, for :func:`_store`.
_TYPES = {
    "game_id": "varchar",
    "seat": "integer",
    "player_id": "integer",
    "owner_id": "integer",
    "kind": "varchar",
    "position": "varchar",
    "played_on": "date",
    "place": "integer",
    "mu": "double precision",
    "sigma": "double precision",
}
_COLUMNS = tuple(_TYPES)
_KEY = ("game_id", "seat")
_ROWS_A_STATEMENT = 5_000
"""Each statement well within the server's time limit for one (DATABASE_STATEMENT_SECONDS)
on a busy server, however many games are rated again."""
_VALUES = tuple(name for name in _TYPES if name not in _KEY)


def _rated(names: Sequence[str]) -> str:
    """The rows rated, sent as one JSON array of rows (each an array of :data:`_COLUMNS`'
    values): ``(SELECT ... FROM jsonb_array_elements(:rows)) AS rated``. One text the
    server reads, where an array a column had the driver quote every value of every
    array (a second of the process's time for 44,000 rows); read as ``jsonb``, parsed once
    (as ``json`` each ``->>`` parsed its row again: twice the statement's time); a number
    goes as Python's shortest text of it, which the server reads back as the same double."""
    values = ", ".join(
        f"CAST(element ->> {index} AS {_TYPES[name]}) AS {name}" for index, name in enumerate(names)
    )
    return f"(SELECT {values} FROM jsonb_array_elements(CAST(:rows AS jsonb)) AS element) AS rated"


_CHANGED = text(
    f"UPDATE ratings SET {', '.join(f'{name} = rated.{name}' for name in _VALUES)}"
    f" FROM {_rated(tuple(_TYPES))}"
    f" WHERE {' AND '.join(f'ratings.{name} = rated.{name}' for name in _KEY)}"
    f" AND ({', '.join(f'ratings.{name}' for name in _VALUES)})"
    f" IS DISTINCT FROM ({', '.join(f'rated.{name}' for name in _VALUES)})"
)
_NEW = text(f"INSERT INTO ratings ({', '.join(_TYPES)}) SELECT * FROM {_rated(tuple(_TYPES))}")
_INSERT = f"INSERT INTO ratings ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})"
_SQLITE_IN_PLACE = ("played_on", "place", "mu", "sigma")
"""What a seat rated again may change without touching an index (SQLite)."""
_SQLITE_SAME = ("game_id", "seat", "player_id", "position")
"""A seat rated again whose key, player and position are as stored: every indexed column
besides its account and kind, which the rows rated share."""
_UPDATE = (
    f"UPDATE ratings SET {', '.join(f'{name} = ?' for name in _SQLITE_IN_PLACE)}"
    f" WHERE {' AND '.join(f'{name} = ?' for name in _SQLITE_SAME)}"
)
_AT = {name: index for index, name in enumerate(_COLUMNS)}
_UPDATED = itemgetter(*(_AT[name] for name in _SQLITE_IN_PLACE + _SQLITE_SAME))
"""A row's parameters for :data:`_UPDATE`."""
_PLAYED_ON = _AT["played_on"]


def _store(owner_id: int, kind: str, start: str, rows: list[tuple[Any, ...]]) -> None:
    """Store the rated seats (rows of :data:`_COLUMNS`) of the games from ``start`` on in
    place of those stored: tens of thousands after a correction of an old game.

    A seat rated before is written in place: its new ratings and place, where the old
    ones were (an UPDATE that keeps its game, player and account checks no foreign key
    again and, keeping every indexed column, touches no index, where a DELETE and an
    INSERT change three indexes twice a row). A seat no longer rated goes, a new one comes.

    On SQLite, in the driver's own executemany (SQLAlchemy's would build each row's
    parameters anew: a second for 44,000), and where any seat is not stored as it was,
    every seat from the start goes and comes again. On PostgreSQL, only where a row changed, a few
    thousand rows a statement, sent as one JSON text (an executemany there is a
    statement a row on the server)."""
    connection = db.session.connection()
    from_start = and_(Rating.owner_id == owner_id, Rating.kind == kind, Rating.position >= start)
    if connection.dialect.name != "postgresql":
        _store_sqlite(connection, from_start, rows)
        return
    stored = {
        (game_id, seat)
        for game_id, seat in connection.execute(
            select(Rating.game_id, Rating.seat).where(from_start)
        ).all()
    }
    gone = sorted(stored - {row[:2] for row in rows})
    for first in range(0, len(gone), _ROWS_A_STATEMENT):
        keys = gone[first : first + _ROWS_A_STATEMENT]
        connection.execute(delete(Rating).where(tuple_(Rating.game_id, Rating.seat).in_(keys)))
    for statement, chosen in (
        (_CHANGED, [row for row in rows if row[:2] in stored]),
        (_NEW, [row for row in rows if row[:2] not in stored]),
    ):
        for first in range(0, len(chosen), _ROWS_A_STATEMENT):
            chunk = chosen[first : first + _ROWS_A_STATEMENT]
            connection.execute(statement, {"rows": json.dumps(chunk, default=date.isoformat)})


def _store_sqlite(connection: Any, from_start: Any, rows: list[tuple[Any, ...]]) -> None:
    """:func:`_store` on SQLite: every row updated where it is stored with the same key,
    player and position; when that was not every row, or more are stored (a game taken
    out, a night moved, two players merged), those from the start go and all come again."""
    iso: dict[date, str] = {}  # a date as SQLAlchemy stores it on SQLite: its ISO text
    written = [
        (
            *row[:_PLAYED_ON],
            iso.get(row[_PLAYED_ON])
            or iso.setdefault(row[_PLAYED_ON], row[_PLAYED_ON].isoformat()),
            *row[_PLAYED_ON + 1 :],
        )
        for row in rows
    ]
    if written:
        updated = connection.exec_driver_sql(_UPDATE, [_UPDATED(row) for row in written]).rowcount
        stored = connection.execute(select(func.count()).select_from(Rating).where(from_start))
        if updated == len(written) == stored.scalar_one():
            return
    connection.execute(delete(Rating).where(from_start))
    if written:
        connection.exec_driver_sql(_INSERT, written)


def _tables(owner_id: int, kind: str, since: str) -> list[Table]:
    """The account's finished games of ``kind`` played on ``since`` (a date's ISO text,
    or "") or later, in the order played: the games, then their seats, each read once
    (a game's options are read once, not with each seat)."""
    where = [Game.owner_id == owner_id, Game.kind == kind, Game.finished.is_(True)]
    if since:
        where.append(Night.date >= date.fromisoformat(since))
    connection = db.session.connection()
    games = connection.execute(
        select(Game.id, Night.date, Game.created_at, Game.options)
        .join(Night, Night.id == Game.night_id)
        .where(*where)
        .order_by(Night.date, Game.created_at, Game.id)
    ).all()
    seats: dict[str, list[tuple[int, int, int]]] = {}
    # Fetched at once, not a row a call; in no order (sorting them all took longer than
    # sorting each game's few).
    for game_id, seat, pid, total in connection.execute(
        select(Seat.game_id, Seat.seat, Seat.player_id, Seat.total)
        .join(Game, Game.id == Seat.game_id)
        .join(Night, Night.id == Game.night_id)
        .where(*where)
    ).all():
        seats.setdefault(game_id, []).append((seat, pid, total))
    tables = []
    sides: dict[tuple[int, str], tuple[tuple[int, ...], ...]] = {}
    for game_id, when, created_at, options in games:
        seated = sorted(seats.get(game_id, ()))
        tables.append(
            Table(
                game_id,
                position_of(when, created_at, game_id),
                when,
                tuple(pid for _, pid, _ in seated),
                tuple(total for _, _, total in seated),
                sides[key]
                if (key := (len(seated), repr(options))) in sides
                else sides.setdefault(key, sides_of(kind, len(seated), options or {})),
            )
        )
    return tables


def _lock_account(owner_id: int) -> None:
    """Held until the commit (PostgreSQL; SQLite's writes take turns already): two changes
    of one account's games rate in turn, each from what the other stored. FOR NO KEY
    UPDATE, as the summaries' player rows are locked; always after those, and before the
    seasons' rows (:func:`forget_standings`), so that no two writes wait on each other."""
    db.session.execute(select(User.id).where(User.id == owner_id).with_for_update(key_share=True))


def forget_standings(owner_id: int, kind: str, since: date | None) -> None:
    """Empty the cached standings of the account's seasons of ``kind`` that end on
    ``since`` or later (every one without it): their games, or their players' ratings,
    have changed. Whatever changes which games a season holds calls this too (a game
    made a tournament's table)."""
    where = [Season.owner_id == owner_id, Season.kind == kind]
    if since is not None:
        where.append(Season.until >= since)
    db.session.execute(
        update(Season).where(*where).values(standings=None, generation=Season.generation + 1)
    )


def _first_unrated(owner_id: int, kind: str | None = None) -> tuple[str, str] | None:
    """The kind and position of the account's first finished game not rated yet."""
    where = [Game.owner_id == owner_id, Game.finished.is_(True)]
    if kind is not None:
        where.append(Game.kind == kind)
    found = db.session.execute(
        select(Game.kind, Night.date, Game.created_at, Game.id)
        .join(Night, Night.id == Game.night_id)
        .where(*where, ~exists().where(Rating.game_id == Game.id))
        .order_by(Night.date, Game.created_at, Game.id)
        .limit(1)
    ).first()
    return None if found is None else (found[0], position_of(*found[1:]))


_ALL_RATED = "scorekeeper.all_rated"
"""The app's note (in its extensions, so a worker's own) of each account found with every
finished game rated: its count of finished games then."""
_ALL_RATED_KEPT = 4096


def ensure_rated(owner_id: int, kind: str | None = None) -> None:
    """Rate the account's finished games that are not rated yet (those finished before
    ratings were kept, or whose import's rating did not get stored), before a page reads
    the ratings.

    Every write that finishes, changes or takes out a game rates in its own transaction,
    so once every finished game of an account is found rated, only a change in how many
    it has (an import, a game finished or taken out elsewhere) can bring one that is not:
    while the count is the one noted, one query on an index, not a look at every game."""
    noted: dict[int, int] = current_app.extensions.setdefault(_ALL_RATED, {})
    finished = db.session.scalar(
        select(func.count())
        .select_from(Game)
        .where(Game.owner_id == owner_id, Game.finished.is_(True))
    )
    if noted.get(owner_id) == finished:
        return
    for _kind in range(64):  # a kind at a time; bounded, whatever is stored
        first = _first_unrated(owner_id, kind)
        if first is None:
            break
        rate_from(owner_id, *first)
        writes.commit()
    else:
        return
    if kind is None:
        if len(noted) >= _ALL_RATED_KEPT:
            noted.clear()
        noted[owner_id] = int(finished or 0)


# -- reading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RatingPoint:
    played_on: date
    game_id: str
    place: int
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        return conservative(self.mu, self.sigma)


@dataclass(frozen=True)
class KindRating:
    """A player's rating at one game, and how it came to be: after each game, in order."""

    kind: str
    history: list[RatingPoint]

    @property
    def latest(self) -> RatingPoint:
        return self.history[-1]

    @property
    def value(self) -> float:
        return self.latest.value


@dataclass(frozen=True)
class RatingLine:
    """A player's rating at one game as their page shows it: the rating shown after each
    game that moved it, with the game's date, in order (no more of each game)."""

    kind: str
    history: list[tuple[date, float]]

    @property
    def value(self) -> float:
        return self.history[-1][1]


def rating_lines(owner_id: int, player_id: int) -> list[RatingLine]:
    """:func:`player_ratings` as a player's page draws them: a regular's history is
    thousands of games, read as plain rows (the ORM's loading of each, and a point made
    of each, took half the page's time)."""
    ensure_rated(owner_id)
    by_kind: dict[str, list[tuple[date, float]]] = {}
    for kind, when, mu, sigma in db.session.connection().execute(
        _history(owner_id, player_id, Rating.played_on, Rating.mu, Rating.sigma)
    ):
        by_kind.setdefault(kind, []).append((when, conservative(mu, sigma)))
    return [RatingLine(kind, points) for kind, points in _in_games_order(by_kind)]


def _history(owner_id: int, player_id: int, *columns: Any) -> Any:
    """The player's rating rows, a kind at a time in the order played: the kind, then
    ``columns``."""
    return (
        select(Rating.kind, *columns)
        .where(Rating.player_id == player_id, Rating.owner_id == owner_id)
        .order_by(Rating.kind, Rating.position)
    )


def _in_games_order(by_kind: dict[str, list[Any]]) -> list[tuple[str, list[Any]]]:
    """The kinds in the order of the games list (a kind no longer offered last)."""
    order = {key: index for index, key in enumerate(GAMES)}
    return sorted(by_kind.items(), key=lambda item: order.get(item[0], 99))


def player_ratings(owner_id: int, player_id: int) -> list[KindRating]:
    """A player's ratings, a game kind at a time (the kinds in the order of the games
    list), each with every game that moved it."""
    ensure_rated(owner_id)
    by_kind: dict[str, list[RatingPoint]] = {}
    for kind, when, game_id, place, mu, sigma in db.session.execute(
        _history(
            owner_id,
            player_id,
            Rating.played_on,
            Rating.game_id,
            Rating.place,
            Rating.mu,
            Rating.sigma,
        )
    ):
        by_kind.setdefault(kind, []).append(RatingPoint(when, game_id, place, mu, sigma))
    return [KindRating(kind, points) for kind, points in _in_games_order(by_kind)]
