"""The past: game lists with filters, game nights, players and their statistics.

Read-only queries over the cached results (seats' totals and wins, round results), so
every page runs a fixed number of SQL queries however many games an account has.
Changes to players (rename, merge) are here too; they commit like the services do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlalchemy import and_, case, delete, func, insert, select, update
from sqlalchemy.orm import aliased, lazyload, selectinload

from .extensions import db
from .i18n import game_word, gettext, translate
from .models import Game, Night, Player, PlayerSummary, Round, RoundResult, Seat, User
from .rules import GAMES
from .rules.names import NameRefused, readable_name
from .services import NotFound, State, plain_text, round_result_rows

PAGE_SIZE = 20
STATUSES = ("running", "finished")


class PlayerError(ValueError):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


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
        return [seat.player.name for seat in self.game.seats]

    @property
    def leaders(self) -> list[Seat]:
        top = max((seat.total for seat in self.game.seats), default=0)
        return [seat for seat in self.game.seats if seat.total == top]

    @property
    def winners(self) -> list[Seat]:
        return [seat for seat in self.game.seats if seat.won]

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


NEWEST_FIRST = (Night.date.desc(), Game.created_at.desc(), Game.id)
OLDEST_FIRST = (Night.date, Game.created_at, Game.id.desc())


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
    name: str
    player_id: int
    games: int = 0
    wins: int = 0
    points: dict[str, int] = field(default_factory=dict)


def night_report(
    owner: User, night_id: int, rounds: bool = False
) -> tuple[Night, list[GameLine], list[NightStanding]]:
    """A night's games and the standings across them: wins, then points per game (keyed
    by the game's name in the reader's language).

    With ``rounds``, each game's rounds are loaded too (one query more), for printing
    the games' sheets."""
    night = db.session.get(Night, night_id) if isinstance(night_id, int) else None
    if night is None or night.owner_id != owner.id:
        raise NotFound(f"night {night_id}")
    lines = _game_lines(
        select(Game).where(Game.night_id == night.id).order_by(Game.created_at, Game.id),
        rounds=rounds,
    )
    standings: dict[int, NightStanding] = {}
    for line in lines:
        for seat in line.game.seats:
            standing = standings.setdefault(
                seat.player_id, NightStanding(seat.player.name, seat.player_id)
            )
            standing.games += 1
            standing.wins += seat.won
            title = game_word(line.rules.title)
            standing.points[title] = standing.points.get(title, 0) + seat.total
    ordered = sorted(
        standings.values(), key=lambda s: (-s.wins, -sum(s.points.values()), s.name.lower())
    )
    return night, lines, ordered


def update_night(owner: User, night_id: int, when: date, place: str, note: str) -> Night:
    night = db.session.get(Night, night_id)
    if night is None or night.owner_id != owner.id:
        raise NotFound(f"night {night_id}")
    if not plain_text(place) or not plain_text(note):
        raise PlayerError(gettext("The place and the note cannot hold control characters"), "place")
    moved = when != night.date
    if moved:
        night.evening = None  # no longer the night a Start on that evening would open
    night.date, night.place, night.note = when, place.strip()[:80], note.strip()[:500]
    if moved:
        # The players' latest games are kept in date order: theirs counted afresh.
        refresh_summaries(
            db.session.scalars(
                select(Seat.player_id)
                .join(Game, Game.id == Seat.game_id)
                .where(Game.night_id == night.id)
                .distinct()
            )
        )
    db.session.commit()
    return night


# -- players -------------------------------------------------------------------


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
        raise PlayerError(translate(refused), "name") from None
    taken = db.session.scalar(
        select(Player.id).where(
            Player.owner_id == owner.id,
            func.lower(Player.name) == name.lower(),
            Player.id != player.id,
        )
    )
    if taken is not None:
        raise PlayerError(
            gettext(
                "%(name)s is already a player here: merge the two if they are the same person",
                name=name,
            ),
            "name",
        )
    player.name = name
    db.session.commit()
    return player


def merge_players(owner: User, keep_id: int, merge_id: int) -> Player:
    """``merge_id`` was the same person as ``keep_id``: their games follow, nothing is lost."""
    keep, gone = get_player(owner, keep_id), get_player(owner, merge_id)
    if keep.id == gone.id:
        raise PlayerError(gettext("Choose another player to merge with"), "other")
    kept_seat = aliased(Seat)
    shared = db.session.scalar(
        select(Seat.game_id)
        .join(kept_seat, and_(kept_seat.game_id == Seat.game_id, kept_seat.player_id == keep.id))
        .where(Seat.player_id == gone.id)
        .limit(1)
    )
    if shared is not None:
        raise PlayerError(
            gettext(
                "%(name)s and %(other)s sat at the same table in one game:"
                " they cannot be the same person",
                name=keep.name,
                other=gone.name,
            ),
            "other",
        )
    db.session.execute(update(Seat).where(Seat.player_id == gone.id).values(player_id=keep.id))
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
    db.session.commit()
    return keep


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
class BiddingByCards:
    cards: int
    rounds: int
    exact: int
    average_miss: float
    """Mean of bid minus tricks taken: above 0 overbids, below 0 underbids."""

    @property
    def exact_share(self) -> float:
        return self.exact / self.rounds if self.rounds else 0.0


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
    wizard_rounds: int = 0
    wizard_exact: int = 0
    wizard_average_miss: float | None = None
    wizard_by_cards: list[BiddingByCards] = field(default_factory=list)
    contracts_made: int = 0
    contracts_failed: int = 0
    opponents: list[Opponent] = field(default_factory=list)
    timeline: list[tuple[date, str, int, bool]] = field(default_factory=list)
    """(date, game kind, total, won) of the latest finished games of each kind, oldest
    first."""

    @property
    def wizard_exact_share(self) -> float | None:
        return self.wizard_exact / self.wizard_rounds if self.wizard_rounds else None

    def timeline_by_kind(self) -> list[tuple[str, list[tuple[date, int, bool]]]]:
        """The timeline a game kind at a time (totals of different games never share a
        line), in the order the results table lists the kinds."""
        kinds = [row.kind for row in self.by_kind]
        kinds += sorted({kind for _when, kind, _total, _won in self.timeline} - set(kinds))
        return [
            (kind, [(when, total, won) for when, k, total, won in self.timeline if k == kind])
            for kind in kinds
        ]


TIMELINE_GAMES = 60
"""Finished games of each kind the player page's charts show."""
SUMMARY_VERSION = 3
"""The shape of a player's summary; an older one is counted afresh until rebuilt."""
TIMELINE_KEPT = TIMELINE_GAMES + 20
"""The latest games of each kind kept beyond the chart's: room to take a game back (an
undo reopening it) without counting the player's games afresh."""


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
    stats.wizard_by_cards = [
        BiddingByCards(cards, rounds, made, miss / rounds if rounds else 0.0)
        for kind, cards, rounds, made, _failed, miss in data["bidding"]
        if kind == "wizard"
    ]
    stats.wizard_rounds = sum(line.rounds for line in stats.wizard_by_cards)
    stats.wizard_exact = sum(line.exact for line in stats.wizard_by_cards)
    if stats.wizard_rounds:
        stats.wizard_average_miss = (
            sum(line.average_miss * line.rounds for line in stats.wizard_by_cards)
            / stats.wizard_rounds
        )

    contracts = [row for row in data["bidding"] if row[0] == "one_card"]
    stats.contracts_made = sum(row[3] for row in contracts)
    stats.contracts_failed = sum(row[4] for row in contracts)
    return stats


def summarize_player(player_id: int) -> dict[str, Any]:
    """A player's results across finished games, as the summary cache keeps them."""
    return summarize_players([player_id])[player_id]


def empty_summary() -> dict[str, Any]:
    return {
        "version": SUMMARY_VERSION,
        "by_kind": [],
        "opponents": [],
        "timeline": [],
        "bidding": [],
    }


def summarize_players(player_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Several players' summaries counted afresh: five queries, however many players.

    Everything in it counts finished games only: the results, the head-to-head, the
    timeline and the bidding (per game kind and deal size: rounds, bids made, bids
    failed, and the sum of bid minus taken).
    """
    ids = sorted(set(player_ids))
    summaries: dict[int, dict[str, Any]] = {pid: empty_summary() for pid in ids}
    if not ids:
        return summaries
    finished = and_(Seat.game_id == Game.id, Game.finished.is_(True))
    for pid, kind, played, won, total, best in db.session.execute(
        select(
            Seat.player_id,
            Game.kind,
            func.count(),
            func.sum(case((Seat.won, 1), else_=0)),
            func.sum(Seat.total),
            func.max(Seat.total),
        )
        .join(Game, finished)
        .where(Seat.player_id.in_(ids))
        .group_by(Seat.player_id, Game.kind)
        .order_by(Seat.player_id, Game.kind.desc())
    ):
        summaries[pid]["by_kind"].append(
            {
                "kind": kind,
                "played": played,
                "won": int(won or 0),
                "sum": int(total or 0),
                "average": int(total or 0) / played,
                "best": best,
            }
        )
    other = aliased(Seat)
    for pid, other_id, games, ahead, level, behind in db.session.execute(
        select(
            Seat.player_id,
            other.player_id,
            func.count(),
            func.sum(case((Seat.total > other.total, 1), else_=0)),
            func.sum(case((Seat.total == other.total, 1), else_=0)),
            func.sum(case((Seat.total < other.total, 1), else_=0)),
        )
        .join(Game, finished)
        .join(other, and_(other.game_id == Seat.game_id, other.player_id != Seat.player_id))
        .where(Seat.player_id.in_(ids))
        .group_by(Seat.player_id, other.player_id)
        .order_by(Seat.player_id, other.player_id)
    ):
        summaries[pid]["opponents"].append(
            {
                "player_id": other_id,
                "games": games,
                "ahead": int(ahead or 0),
                "level": int(level or 0),
                "behind": int(behind or 0),
            }
        )
    for pid, entries in latest_games(ids).items():
        summaries[pid]["timeline"] = entries
    # The bids of finished games: every round counted on the covering index alone, less
    # the rounds of the player's games still being played (a few, reached from their
    # seats), rather than a lookup of each round's game.
    figures = (
        func.count(),
        func.sum(case((RoundResult.made.is_(True), 1), else_=0)),
        func.sum(case((RoundResult.made.is_(False), 1), else_=0)),
        func.sum(RoundResult.bid - RoundResult.took),
    )
    every_round = (
        select(RoundResult.player_id, RoundResult.kind, RoundResult.cards, *figures)
        .where(RoundResult.player_id.in_(ids), RoundResult.bid.is_not(None))
        .group_by(RoundResult.player_id, RoundResult.kind, RoundResult.cards)
    )
    running_rounds = (
        select(Seat.player_id, RoundResult.kind, RoundResult.cards, *figures)
        .join(Game, and_(Game.id == Seat.game_id, Game.finished.is_(False)))
        .join(RoundResult, and_(RoundResult.game_id == Seat.game_id, RoundResult.seat == Seat.seat))
        .where(Seat.player_id.in_(ids), RoundResult.bid.is_not(None))
        .group_by(Seat.player_id, RoundResult.kind, RoundResult.cards)
    )
    bidding: dict[tuple[int, str, int], list[int]] = {}
    for sign, statement in ((1, every_round), (-1, running_rounds)):
        for pid, kind, cards, rounds, made, failed, miss in db.session.execute(statement):
            line = bidding.setdefault((pid, kind, cards), [0, 0, 0, 0])
            for i, value in enumerate((rounds, made, failed, miss)):
                line[i] += sign * int(value or 0)
    for (pid, kind, cards), (rounds, made, failed, miss) in sorted(bidding.items()):
        if rounds:
            summaries[pid]["bidding"].append([kind, cards, rounds, made, failed, miss])
    return summaries


def latest_games(player_ids: list[int]) -> dict[int, list[list[Any]]]:
    """Each player's latest finished games of each kind (kinds in the results' order,
    each oldest first), as the summary keeps them."""
    latest = (
        select(
            Seat.player_id.label("player_id"),
            Night.date.label("date"),
            Game.kind.label("kind"),
            Seat.total.label("total"),
            Seat.won.label("won"),
            Game.created_at.label("created_at"),
            Game.id.label("game_id"),
            func.row_number()
            .over(
                partition_by=(Seat.player_id, Game.kind),
                order_by=(Night.date.desc(), Game.created_at.desc(), Game.id.desc()),
            )
            .label("place"),
        )
        .join(Game, and_(Seat.game_id == Game.id, Game.finished.is_(True)))
        .join(Night, Night.id == Game.night_id)
        .where(Seat.player_id.in_(player_ids))
        .subquery()
    )
    found: dict[int, list[list[Any]]] = defaultdict(list)
    for pid, when, kind, total, won, created_at, game_id in db.session.execute(
        select(
            latest.c.player_id,
            latest.c.date,
            latest.c.kind,
            latest.c.total,
            latest.c.won,
            latest.c.created_at,
            latest.c.game_id,
        )
        .where(latest.c.place <= TIMELINE_KEPT)
        .order_by(latest.c.player_id, latest.c.kind.desc(), latest.c.place.desc())
    ):
        found[pid].append([when.isoformat(), kind, total, bool(won), _moment(created_at), game_id])
    return found


def _moment(created_at: datetime) -> str:
    return created_at.isoformat(timespec="microseconds")


@dataclass(frozen=True)
class GameResults:
    """What one finished game adds to its players' summaries."""

    game_id: str
    kind: str
    when: date
    created_at: datetime
    seats: tuple[tuple[int, int, bool], ...]
    """Each seat's player id, total and whether they won."""
    bidding: tuple[tuple[int, int, int, int, int, int], ...]
    """Each player's bids by deal size: player id, cards, rounds, made, failed, and the
    sum of bid minus taken."""

    @classmethod
    def of(cls, game: Game, state: State) -> GameResults:
        players = {seat.seat: seat.player_id for seat in game.seats}
        lines: dict[tuple[int, int], list[int]] = {}
        for row in round_result_rows(game.id, state, players):
            if row["bid"] is None:
                continue
            line = lines.setdefault((row["player_id"], row["cards"]), [0, 0, 0, 0])
            line[0] += 1
            line[1] += row["made"] is True
            line[2] += row["made"] is False
            line[3] += row["bid"] - row["took"]
        return cls(
            game.id,
            game.kind,
            game.night.date,
            game.created_at,
            tuple(
                (seat.player_id, state.totals[seat.seat], seat.seat in state.winners)
                for seat in game.seats
            ),
            tuple((pid, cards, *line) for (pid, cards), line in sorted(lines.items())),
        )


@dataclass(frozen=True)
class SummaryChange:
    """A game's results taken out of its players' summaries (it was finished before the
    change) and put in (it is finished after it): a correction of a finished game does
    both, finishing it only adds, reopening it only takes out."""

    removed: GameResults | None = None
    added: GameResults | None = None

    @property
    def players(self) -> set[int]:
        return {
            seat[0] for results in (self.removed, self.added) if results for seat in results.seats
        }


def update_summaries(changes: Iterable[SummaryChange]) -> None:
    """Bring the players' summaries up to date with these games' changes, each by its own
    results: the same few statements however many games the players have played (in the
    caller's transaction; it commits). A summary missing or of an older shape is counted
    afresh."""
    changes = [change for change in changes if change.players]
    ids = sorted(set().union(*(change.players for change in changes)))
    if not ids:
        return
    db.session.flush()
    # Held until the commit (PostgreSQL; SQLite's writes take turns already): two games of
    # one player changed at once bring their results in one after the other.
    stored = dict(
        db.session.execute(
            select(PlayerSummary.player_id, PlayerSummary.data)
            .where(PlayerSummary.player_id.in_(ids))
            .order_by(PlayerSummary.player_id)
            .with_for_update()
        ).all()
    )
    summaries = {
        pid: stored[pid]
        for pid in ids
        if isinstance(stored.get(pid), dict) and stored[pid].get("version") == SUMMARY_VERSION
    }
    recount = [pid for pid in ids if pid not in summaries]
    best_unknown: set[tuple[int, str]] = set()
    for change in changes:
        for results, sign in ((change.removed, -1), (change.added, 1)):
            if results is None:
                continue
            for pid, total, won in results.seats:
                if pid in summaries:
                    others = [(o, t) for o, t, _ in results.seats if o != pid]
                    if _count_game(summaries[pid], results, pid, total, won, others, sign):
                        best_unknown.add((pid, results.kind))
    for pid, kind in sorted(best_unknown):
        line = _kind_line(summaries[pid], kind)
        if line is not None:
            line["best"] = db.session.scalar(
                select(func.max(Seat.total))
                .join(Game, and_(Seat.game_id == Game.id, Game.finished.is_(True)))
                .where(Seat.player_id == pid, Game.kind == kind)
            )
    short = [pid for pid, data in summaries.items() if _timeline_short(data)]
    if short:
        fresh = latest_games(short)
        for pid in short:
            summaries[pid]["timeline"] = fresh.get(pid, [])
    summaries.update(summarize_players(recount))
    # Replaced whole, in two statements whatever the number of players.
    db.session.execute(delete(PlayerSummary).where(PlayerSummary.player_id.in_(ids)))
    db.session.execute(
        insert(PlayerSummary), [{"player_id": pid, "data": summaries[pid]} for pid in ids]
    )


def _kind_line(data: dict[str, Any], kind: str) -> dict[str, Any] | None:
    return next((line for line in data["by_kind"] if line["kind"] == kind), None)


def _timeline_short(data: dict[str, Any]) -> bool:
    """Fewer games of a kind kept than the chart shows, though the player has more."""
    kept: dict[str, int] = defaultdict(int)
    for entry in data["timeline"]:
        kept[entry[1]] += 1
    return any(kept[line["kind"]] < min(TIMELINE_GAMES, line["played"]) for line in data["by_kind"])


def _count_game(
    data: dict[str, Any],
    results: GameResults,
    pid: int,
    total: int,
    won: bool,
    others: list[tuple[int, int]],
    sign: int,
) -> bool:
    """Add (``sign`` 1) or take back (-1) one game's results in a player's summary; True
    when the best total must be looked up again (the best game was taken back)."""
    line = _kind_line(data, results.kind)
    if line is None:
        line = {"kind": results.kind, "played": 0, "won": 0, "sum": 0, "average": 0, "best": None}
        data["by_kind"].append(line)
    line["played"] += sign
    line["won"] += sign * int(won)
    line["sum"] += sign * total
    best_lost = False
    if sign > 0:
        line["best"] = total if line["best"] is None else max(line["best"], total)
    elif line["best"] is None or total >= line["best"]:
        best_lost = True
    if line["played"] <= 0:
        data["by_kind"].remove(line)
        best_lost = False
    else:
        line["average"] = line["sum"] / line["played"]
    data["by_kind"].sort(key=lambda entry: entry["kind"], reverse=True)

    opponents = {entry["player_id"]: entry for entry in data["opponents"]}
    for other_id, other_total in others:
        entry = opponents.setdefault(
            other_id, {"player_id": other_id, "games": 0, "ahead": 0, "level": 0, "behind": 0}
        )
        entry["games"] += sign
        entry["ahead"] += sign * int(total > other_total)
        entry["level"] += sign * int(total == other_total)
        entry["behind"] += sign * int(total < other_total)
    data["opponents"] = sorted(
        (entry for entry in opponents.values() if entry["games"] > 0),
        key=lambda entry: entry["player_id"],
    )

    timeline = [entry for entry in data["timeline"] if entry[5] != results.game_id]
    if sign > 0:
        when, moment = results.when.isoformat(), _moment(results.created_at)
        timeline.append([when, results.kind, total, won, moment, results.game_id])
        of_kind = [entry for entry in timeline if entry[1] == results.kind]
        of_kind.sort(key=lambda entry: (entry[0], entry[4], entry[5]))
        dropped = {entry[5] for entry in of_kind[:-TIMELINE_KEPT]}
        timeline = [entry for entry in timeline if entry[5] not in dropped]
    # Kinds in the results' order, each kind's games oldest first (a stable sort).
    timeline.sort(key=lambda entry: (entry[0], entry[4], entry[5]))
    timeline.sort(key=lambda entry: entry[1], reverse=True)
    data["timeline"] = timeline

    bidding = {(entry[0], entry[1]): entry for entry in data["bidding"]}
    for player_id, cards, rounds, made, failed, miss in results.bidding:
        if player_id != pid:
            continue
        entry = bidding.setdefault((results.kind, cards), [results.kind, cards, 0, 0, 0, 0])
        for i, value in enumerate((rounds, made, failed, miss), start=2):
            entry[i] += sign * value
    data["bidding"] = sorted(
        (entry for entry in bidding.values() if entry[2] > 0),
        key=lambda entry: (entry[0], entry[1]),
    )
    return best_lost


def refresh_summaries(player_ids: Iterable[int]) -> None:
    """Rebuild these players' summaries (in the caller's transaction; it commits)."""
    ids = sorted(set(player_ids))
    if not ids:
        return
    db.session.flush()
    fresh = summarize_players(ids)
    # Replaced whole, in two statements whatever the number of players.
    db.session.execute(delete(PlayerSummary).where(PlayerSummary.player_id.in_(ids)))
    db.session.execute(
        insert(PlayerSummary), [{"player_id": pid, "data": fresh[pid]} for pid in ids]
    )
