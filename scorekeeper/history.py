"""The past: game lists with filters, game nights, players and their statistics.

Read-only queries over the cached results (seats' totals and wins, round results, the
players' summaries), so every page runs a fixed number of SQL queries however many games
an account has. Nothing here writes: the changes (renaming a player, a night's date) and
the caches themselves are the services' (``scorekeeper.services``), which this module
reads from and which never read from it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import lazyload, selectinload

from .extensions import db
from .games import GAMES
from .i18n import game_word
from .models import Game, Night, Player, PlayerSummary, Round, Seat, User
from .services import NotFound, get_player
from .services.caches import SUMMARY_VERSION, TIMELINE_GAMES, summarize_player, table_sides

PAGE_SIZE = 20
STATUSES = ("running", "finished")


# -- lists of games ------------------------------------------------------------


@dataclass(frozen=True)
class GameFilter:
    """What the games list is narrowed to; every part may be left out."""

    player_id: int | None = None
    kind: str | None = None
    since: date | None = None
    until: date | None = None
    status: str | None = None

    @property
    def dated(self) -> bool:
        return self.since is not None or self.until is not None

    def conditions(self) -> list[Any]:
        """The filter's conditions on games and their nights' dates, but the player's
        (see :func:`games_page`)."""
        where: list[Any] = []
        if self.kind in GAMES:
            where.append(Game.kind == self.kind)
        if self.since is not None:
            where.append(Night.date >= self.since)
        if self.until is not None:
            where.append(Night.date <= self.until)
        if self.status in STATUSES:
            where.append(Game.finished.is_(self.status == "finished"))
        return where


@dataclass(frozen=True)
class GameLine:
    """A game as a list shows it: who played, the result so far, where and when."""

    game: Game
    rounds_played: int

    @property
    def rules(self) -> Any:
        return GAMES[self.game.kind]

    @property
    def names(self) -> list[str]:
        """Who played, in seat order; in a game of partnerships, a side at a time, its
        players together ("Ana & Cai")."""
        return self._side_names(self.game.seats)

    @property
    def partnered(self) -> bool:
        """Whether the game is played in partnerships: some side holds several seats."""
        return any(len(side) > 1 for side in table_sides(self.game.kind, len(self.game.seats)))

    @property
    def leaders(self) -> list[Seat]:
        top = max((seat.total for seat in self.game.seats), default=0)
        return [seat for seat in self.game.seats if seat.total == top]

    @property
    def leading_sides(self) -> list[str]:
        """The sides with the highest total so far, each named once by its players ("Ana &
        Cai"); partners share their side's total."""
        return self._side_names(self.leaders)

    @property
    def winners(self) -> list[Seat]:
        return [seat for seat in self.game.seats if seat.won]

    @property
    def winning_sides(self) -> list[str]:
        """The sides that won, each named once by its players."""
        return self._side_names(self.winners)

    def _side_names(self, seats: list[Seat]) -> list[str]:
        """The sides any of ``seats`` plays for, by their first seat, each named by all of
        its players ("Ana & Cai"; a player alone where each plays for themselves)."""
        names = {seat.seat: seat.player.name for seat in self.game.seats}
        chosen = {seat.seat for seat in seats}
        return [
            " & ".join(names[seat] for seat in side if seat in names)
            for side in table_sides(self.game.kind, len(names))
            if chosen.intersection(side)
        ]

    @property
    def planned(self) -> int | None:
        rounds = self.game.options.get("rounds")
        return rounds if isinstance(rounds, int) else None


@dataclass(frozen=True)
class Page:
    lines: list[GameLine]
    number: int
    total: int
    size: int = PAGE_SIZE

    @property
    def pages(self) -> int:
        return max((self.total + self.size - 1) // self.size, 1)

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def _rounds_played() -> Any:
    return select(func.count(Round.id)).where(Round.game_id == Game.id).scalar_subquery()


def _game_lines(statement: Any, rounds: bool = False) -> list[GameLine]:
    """The games of ``statement`` as lines: their seats and nights in one query each, and
    their rounds too when ``rounds`` (to replay them: a sheet), else only their count."""
    rows = db.session.execute(
        statement.add_columns(_rounds_played()).options(
            selectinload(Game.seats),
            selectinload(Game.rounds) if rounds else lazyload(Game.rounds),
            selectinload(Game.night),
        )
    ).all()
    return [GameLine(game, played) for game, played in rows]


NEWEST_FIRST: tuple[Any, ...] = (Night.date.desc(), Game.created_at.desc(), Game.id)
OLDEST_FIRST: tuple[Any, ...] = (Night.date, Game.created_at, Game.id.desc())


def games_page(owner: User, filters: GameFilter, number: int = 1) -> Page:
    """One page of the account's games, newest first: a count, the page, and its games'
    seats and nights, whatever the page and however many games.

    The page is found on the indexes alone: the account's nights newest first
    (``ix_nights_owner_date``), each night's games in order (``ix_games_night_created``),
    stopping at the page (from the oldest end for the later pages); only its games are
    then read whole, their rounds counted. A game belongs to its night's owner, so the
    nights scope the list.
    """
    where = filters.conditions()
    counted = select(func.count()).select_from(Game)
    if filters.player_id is not None and not where:
        # Only a player: their seats, counted on the index alone (a player's games are
        # their owner's, as a game's night is).
        counted = (
            select(func.count())
            .select_from(Seat)
            .join(Player, Player.id == Seat.player_id)
            .where(Seat.player_id == filters.player_id, Player.owner_id == owner.id)
        )
    elif filters.player_id is not None:
        counted = (
            select(func.count())
            .select_from(Seat)
            .join(Game, Game.id == Seat.game_id)
            .where(Seat.player_id == filters.player_id, Game.owner_id == owner.id, *where)
        )
    else:
        counted = counted.where(Game.owner_id == owner.id, *where)
    if filters.dated:
        counted = counted.join(Night, Night.id == Game.night_id)
    if filters.player_id is not None:
        seated = select(Seat.game_id).where(Seat.player_id == filters.player_id)
        where.append(Game.id.in_(seated))
    total = db.session.scalar(counted) or 0
    pages = max((total + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    number = min(max(number, 1), pages)
    start, end = (number - 1) * PAGE_SIZE, min(number * PAGE_SIZE, total)
    if start <= total - end:
        order, skip = NEWEST_FIRST, start
    else:  # nearer the end: walk from the oldest game, so the last page is as quick as the first
        order, skip = OLDEST_FIRST, total - end
    page = (
        select(Game.id)
        .join(Night, Night.id == Game.night_id)
        .where(Night.owner_id == owner.id, *where)
        .order_by(*order)
        .limit(max(end - start, 1))
        .offset(skip)
        .subquery()
    )
    statement = (
        select(Game)
        .join(page, page.c.id == Game.id)
        .join(Night, Night.id == Game.night_id)
        .order_by(*NEWEST_FIRST)
    )
    return Page(_game_lines(statement), number, total)


def players(owner: User) -> list[Player]:
    return list(
        db.session.scalars(
            select(Player).where(Player.owner_id == owner.id).order_by(func.lower(Player.name))
        )
    )


# -- nights --------------------------------------------------------------------


@dataclass(frozen=True)
class NightLine:
    night: Night
    games: list[GameLine]


def nights_page(owner: User, number: int = 1) -> tuple[list[NightLine], Page]:
    """A page of nights, newest first, each with its games and their winners."""
    total = db.session.scalar(select(func.count(Night.id)).where(Night.owner_id == owner.id))
    pages = max(((total or 0) + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    number = min(max(number, 1), pages)
    nights = list(
        db.session.scalars(
            select(Night)
            .where(Night.owner_id == owner.id)
            .order_by(Night.date.desc(), Night.id.desc())
            .limit(PAGE_SIZE)
            .offset((number - 1) * PAGE_SIZE)
        )
    )
    lines = _game_lines(
        select(Game)
        .where(Game.night_id.in_([night.id for night in nights]))
        .order_by(Game.created_at)
    )
    by_night: dict[int, list[GameLine]] = defaultdict(list)
    for line in lines:
        by_night[line.game.night_id].append(line)
    page = Page([], number, total or 0)
    return [NightLine(night, by_night[night.id]) for night in nights], page


@dataclass
class NightStanding:
    """A player's night in one game: the finished games of it they played and won, and
    their points in them; ``rank`` is their place, shared on equal wins and points."""

    name: str
    player_id: int
    games: int = 0
    wins: int = 0
    points: int = 0
    rank: int = 0


@dataclass(frozen=True)
class KindStandings:
    """The night's standings in one game (its kind's ``key``): its finished games only,
    the players ranked by wins, then points. Each game is ranked apart, as one game's
    points are on another scale than another's (a Wizard round is worth tens, a One Card
    hand a few)."""

    key: str
    games: int
    standings: list[NightStanding]


@dataclass(frozen=True)
class NightReport:
    night: Night
    lines: list[GameLine]
    """The night's games in the order they were played."""
    standings: list[KindStandings]
    """A table a game finished that night, in the order of the night's finished games
    (the first one's game first); none while no game of the night is finished."""

    @property
    def unfinished(self) -> list[tuple[int, GameLine]]:
        """The games still being played, each with its number in the night: they are in
        no standings until they end."""
        return [
            (number, line)
            for number, line in enumerate(self.lines, start=1)
            if not line.game.finished
        ]


def ranked(standings: list[NightStanding]) -> list[NightStanding]:
    """The standings by wins, then points, each given its rank (shared on a tie).

    >>> a, b, c, d = (NightStanding(n, i) for i, n in enumerate("abcd"))
    >>> a.wins, a.points, b.points, c.points, d.points = 1, 10, 40, 40, -5
    >>> [(s.rank, s.name) for s in ranked([d, c, b, a])]
    [(1, 'a'), (2, 'b'), (2, 'c'), (4, 'd')]
    """
    ordered = sorted(standings, key=lambda s: (-s.wins, -s.points, s.name.lower()))
    for place, standing in enumerate(ordered, start=1):
        standing.rank = place
        before = ordered[place - 2] if place > 1 else None
        if before is not None and (before.wins, before.points) == (standing.wins, standing.points):
            standing.rank = before.rank
    return ordered


def night_report(owner: User, night_id: int, rounds: bool = False) -> NightReport:
    """A night's games and its standings: a table a game, of its finished games only.

    With ``rounds``, each game's rounds are loaded too (one query more), for printing
    the games' sheets."""
    night = db.session.get(Night, night_id) if isinstance(night_id, int) else None
    if night is None or night.owner_id != owner.id:
        raise NotFound(f"night {night_id}")
    lines = _game_lines(
        select(Game).where(Game.night_id == night.id).order_by(Game.created_at, Game.id),
        rounds=rounds,
    )
    by_kind: dict[str, dict[int, NightStanding]] = {}
    games: dict[str, int] = defaultdict(int)
    for line in lines:
        if not line.game.finished:
            continue  # its points so far are no result: listed apart, never counted
        key = line.game.kind
        games[key] += 1
        players = by_kind.setdefault(key, {})
        for seat in line.game.seats:
            standing = players.setdefault(
                seat.player_id, NightStanding(seat.player.name, seat.player_id)
            )
            standing.games += 1
            standing.wins += seat.won
            standing.points += seat.total
    tables = [
        KindStandings(key, games[key], ranked(list(players.values())))
        for key, players in by_kind.items()
    ]
    return NightReport(night, lines, tables)


# -- statistics ----------------------------------------------------------------


@dataclass(frozen=True)
class GameTypeStats:
    kind: str
    title: str
    played: int
    won: int
    average: float | None
    best: int | None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


@dataclass(frozen=True)
class BidLine:
    """A player's bids at one deal size in one game, over their finished games: the rows
    a game kind's statistics section is made of (``GameKind.statistics``)."""

    cards: int
    rounds: int
    made: int
    """Bids (or contracts) made exactly."""
    failed: int
    miss: int
    """The sum of bid minus tricks taken: above 0 overbids, below 0 underbids."""


@dataclass(frozen=True)
class Opponent:
    name: str
    player_id: int
    games: int
    ahead: int
    level: int
    """Games both finished on the same total."""
    behind: int


@dataclass
class PlayerStats:
    player: Player
    by_kind: list[GameTypeStats]
    bidding: dict[str, list[BidLine]] = field(default_factory=dict)
    """Each game's bids by deal size (by game kind key), finished games only."""
    by_game: dict[str, Any] = field(default_factory=dict)
    """Each game's own statistics section, by key: what its kind makes of ``bidding``
    (``GameKind.statistics``); filled by the page, which knows the kinds."""
    opponents: list[Opponent] = field(default_factory=list)
    timeline: list[tuple[date, str, int, bool]] = field(default_factory=list)
    """(date, game kind, total, won) of the latest finished games of each kind, oldest
    first."""

    def timeline_by_kind(self) -> list[tuple[str, list[tuple[date, int, bool]]]]:
        """The timeline a game kind at a time (totals of different games never share a
        line), in the order the results table lists the kinds."""
        kinds = [row.kind for row in self.by_kind]
        kinds += sorted({kind for _when, kind, _total, _won in self.timeline} - set(kinds))
        return [
            (kind, [(when, total, won) for when, k, total, won in self.timeline if k == kind])
            for kind in kinds
        ]


def chart_games(timeline: list[list[Any]]) -> list[list[Any]]:
    """The summary's latest games, the chart's share of each kind, in the stored order."""
    seen: dict[str, int] = defaultdict(int)
    kept = []
    for entry in reversed(timeline):
        seen[entry[1]] += 1
        if seen[entry[1]] <= TIMELINE_GAMES:
            kept.append(entry)
    return kept[::-1]


def player_stats(owner: User, player_id: int) -> PlayerStats:
    """Everything the player page shows, in a fixed number of queries whatever the number
    of games: the finished games' results come from the player's summary (a cache), the
    bidding statistics from the round results."""
    player = get_player(owner, player_id)
    summary = db.session.get(PlayerSummary, player.id)
    current = summary is not None and summary.data.get("version") == SUMMARY_VERSION
    data = summary.data if summary is not None and current else summarize_player(player.id)
    stats = PlayerStats(
        player,
        [
            GameTypeStats(
                kind=row["kind"],
                title=game_word(GAMES[row["kind"]].title) if row["kind"] in GAMES else row["kind"],
                played=row["played"],
                won=row["won"],
                average=row["average"],
                best=row["best"],
            )
            for row in data["by_kind"]
        ],
    )
    names = dict(
        db.session.execute(
            select(Player.id, Player.name).where(
                Player.id.in_([row["player_id"] for row in data["opponents"]])
            )
        ).all()
    )
    stats.opponents = sorted(
        (
            Opponent(
                names[row["player_id"]],
                row["player_id"],
                row["games"],
                row["ahead"],
                row["level"],
                row["behind"],
            )
            for row in data["opponents"]
            if row["player_id"] in names
        ),
        key=lambda o: (-o.games, o.name),
    )
    stats.timeline = [
        (date.fromisoformat(entry[0]), entry[1], entry[2], entry[3])
        for entry in chart_games(data["timeline"])
    ]

    # Bids, like the results, count finished games only (the summary's "bidding").
    for kind, cards, rounds, made, failed, miss in data["bidding"]:
        stats.bidding.setdefault(kind, []).append(BidLine(cards, rounds, made, failed, miss))
    return stats
