"""The past: game lists with filters, game nights, players and their statistics.

Read-only queries over the cached results (seats' totals and wins, round results), so
every page runs a fixed number of SQL queries however many games an account has.
Changes to players (rename, merge) are here too; they commit like the services do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import and_, case, delete, func, insert, select, update
from sqlalchemy.orm import aliased, lazyload, selectinload

from .extensions import db
from .i18n import game_word, gettext, translate
from .models import Game, Night, Player, PlayerSummary, Round, RoundResult, Seat, User
from .rules import GAMES
from .rules.names import NameRefused, readable_name
from .services import NotFound, plain_text

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
    night.date, night.place, night.note = when, place.strip()[:80], note.strip()[:500]
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
    """(date, game kind, total, won) of the latest finished games, oldest first."""

    @property
    def wizard_exact_share(self) -> float | None:
        return self.wizard_exact / self.wizard_rounds if self.wizard_rounds else None


TIMELINE_GAMES = 60


def player_stats(owner: User, player_id: int) -> PlayerStats:
    """Everything the player page shows, in a fixed number of queries whatever the number
    of games: the finished games' results come from the player's summary (a cache), the
    bidding statistics from the round results."""
    player = get_player(owner, player_id)
    summary = db.session.get(PlayerSummary, player.id)
    data = summary.data if summary is not None else summarize_player(player.id)
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
                names[row["player_id"]], row["player_id"], row["games"], row["ahead"], row["behind"]
            )
            for row in data["opponents"]
            if row["player_id"] in names
        ),
        key=lambda o: (-o.games, o.name),
    )
    stats.timeline = [
        (date.fromisoformat(when), kind, total, won) for when, kind, total, won in data["timeline"]
    ]

    rows = db.session.execute(
        select(
            RoundResult.cards,
            func.count(),
            func.sum(case((RoundResult.made, 1), else_=0)),
            func.avg(RoundResult.bid - RoundResult.took),
        )
        .where(RoundResult.player_id == player.id, RoundResult.kind == "wizard")
        .group_by(RoundResult.cards)
        .order_by(RoundResult.cards)
    ).all()
    stats.wizard_by_cards = [
        BiddingByCards(cards, rounds, int(exact or 0), float(miss or 0))
        for cards, rounds, exact, miss in rows
    ]
    stats.wizard_rounds = sum(line.rounds for line in stats.wizard_by_cards)
    stats.wizard_exact = sum(line.exact for line in stats.wizard_by_cards)
    if stats.wizard_rounds:
        stats.wizard_average_miss = (
            sum(line.average_miss * line.rounds for line in stats.wizard_by_cards)
            / stats.wizard_rounds
        )

    made, failed = db.session.execute(
        select(
            func.sum(case((RoundResult.made.is_(True), 1), else_=0)),
            func.sum(case((RoundResult.made.is_(False), 1), else_=0)),
        ).where(
            RoundResult.player_id == player.id,
            RoundResult.kind == "one_card",
            RoundResult.bid.is_not(None),
        )
    ).one()
    stats.contracts_made, stats.contracts_failed = int(made or 0), int(failed or 0)
    return stats


def summarize_player(player_id: int) -> dict[str, Any]:
    """A player's results across finished games, as the summary cache keeps them."""
    return summarize_players([player_id])[player_id]


def summarize_players(player_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Several players' summaries at once: three queries, however many players."""
    ids = sorted(set(player_ids))
    summaries: dict[int, dict[str, Any]] = {
        pid: {"by_kind": [], "opponents": [], "timeline": []} for pid in ids
    }
    if not ids:
        return summaries
    finished = and_(Seat.game_id == Game.id, Game.finished.is_(True))
    for pid, kind, played, won, average, best in db.session.execute(
        select(
            Seat.player_id,
            Game.kind,
            func.count(),
            func.sum(case((Seat.won, 1), else_=0)),
            func.avg(Seat.total),
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
                "average": float(average) if average is not None else None,
                "best": best,
            }
        )
    other = aliased(Seat)
    for pid, other_id, games, ahead, behind in db.session.execute(
        select(
            Seat.player_id,
            other.player_id,
            func.count(),
            func.sum(case((Seat.total > other.total, 1), else_=0)),
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
                "behind": int(behind or 0),
            }
        )
    latest = (
        select(
            Seat.player_id.label("player_id"),
            Night.date.label("date"),
            Game.kind.label("kind"),
            Seat.total.label("total"),
            Seat.won.label("won"),
            func.row_number()
            .over(
                partition_by=Seat.player_id,
                order_by=(Night.date.desc(), Game.created_at.desc(), Game.id.desc()),
            )
            .label("place"),
        )
        .join(Game, finished)
        .join(Night, Night.id == Game.night_id)
        .where(Seat.player_id.in_(ids))
        .subquery()
    )
    for pid, when, kind, total, won in db.session.execute(
        select(latest.c.player_id, latest.c.date, latest.c.kind, latest.c.total, latest.c.won)
        .where(latest.c.place <= TIMELINE_GAMES)
        .order_by(latest.c.player_id, latest.c.place.desc())
    ):
        summaries[pid]["timeline"].append([when.isoformat(), kind, total, bool(won)])
    return summaries


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
