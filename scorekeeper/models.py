"""Tables: what happened at the table, and who it belongs to. No rules here."""

from __future__ import annotations

import datetime as dt
import secrets
from datetime import UTC, date, datetime
from typing import Any

from flask_login import UserMixin
from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .rules.names import MAX_NAME_LENGTH


def utcnow() -> datetime:
    """Now in UTC, stored without a zone (SQLite keeps none)."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_game_id() -> str:
    return secrets.token_hex(8)


def new_uid() -> str:
    """A game's or night's lasting name, kept through export and import."""
    return secrets.token_hex(16)


class User(UserMixin, db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH), unique=True)
    # The username with case and width set aside (rules.names.name_key): "Ana" and
    # "ａｎａ" are one account.
    username_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    games: Mapped[list[Game]] = relationship(back_populates="owner")
    players: Mapped[list[Player]] = relationship(back_populates="owner")


class InstallClaim(db.Model):  # type: ignore[name-defined,misc]
    """The install's first account, claimed with the setup code: one row at most, ever.

    Its key can only be 1, so two first accounts asked for at once cannot both be
    stored: the second insert breaks the primary key and its whole transaction (the
    account with it) is rolled back.
    """

    __tablename__ = "install_claim"
    __table_args__ = (CheckConstraint("id = 1", name="one_row"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    claimed_at: Mapped[datetime] = mapped_column(default=utcnow)


class ApiToken(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # Only a hash of the token is kept: a copy of the database does not hand out access.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # What the client called it ("the club's laptop"), and when it was last used (to the
    # minute): shown on the account page; a token unused for 90 days is refused.
    name: Mapped[str] = mapped_column(String(60), default="", server_default="")
    last_used_at: Mapped[datetime | None]

    user: Mapped[User] = relationship()


class LoginSession(db.Model):  # type: ignore[name-defined,misc]
    """One login on one browser. The session cookie (and the remember cookie, when the
    phone is to stay logged in) carries a random key; only its hash is kept here.
    Logging out deletes the row, and a copy of the old cookie then opens nothing."""

    __tablename__ = "login_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    remember: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)

    user: Mapped[User] = relationship()


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A person the account keeps score for, across games."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    owner: Mapped[User] = relationship(back_populates="players")


class Night(db.Model):  # type: ignore[name-defined,misc]
    """A game night: an evening's date, where, and a note; its games."""

    __tablename__ = "nights"
    __table_args__ = (
        UniqueConstraint("owner_id", "uid"),
        Index("ix_nights_owner_date", "owner_id", "date"),
        # One night an evening, whatever the concurrency (two phones pressing Start).
        UniqueConstraint("owner_id", "evening"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    uid: Mapped[str] = mapped_column(String(32), default=new_uid)
    date: Mapped[date]
    place: Mapped[str] = mapped_column(String(80), default="")
    note: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The evening this night was opened for by a Start (services.tonight); None for a
    # night imported or moved to another date. Unique, so a second one cannot be made.
    # (dt.date: inside this class, ``date`` is the column above.)
    evening: Mapped[dt.date | None] = mapped_column(default=None)

    games: Mapped[list[Game]] = relationship(back_populates="night", order_by="Game.created_at")


class Game(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_owner_created", "owner_id", "created_at"),
        Index("ix_games_owner_finished_created", "owner_id", "finished", "created_at"),
        Index("ix_games_owner_kind_created", "owner_id", "kind", "created_at"),
        # A night's games in order, and the games list walked night by night, newest
        # first, on the index alone (history.games_page).
        Index("ix_games_night_created", "night_id", "created_at", "id"),
        UniqueConstraint("owner_id", "uid"),
    )

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_game_id)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    uid: Mapped[str] = mapped_column(String(32), default=new_uid)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id"))
    # A cache of what the rules say about the rounds, so lists can filter on it.
    finished: Mapped[bool] = mapped_column(default=False, server_default=false())
    kind: Mapped[str] = mapped_column(String(20))
    first_dealer: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # Every change adds one; an edit based on an older version is refused, not applied.
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    # The read-only watch link's secret, while the link is shared.
    watch_token: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    # The next round while it is being played: its bids (and trump) said, its tricks not
    # yet ({"number", "facts", "revealed"}); None between rounds. Not a round of the
    # game's history: that is recorded once, complete, in ``rounds``.
    pending: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)

    owner: Mapped[User] = relationship(back_populates="games")
    night: Mapped[Night] = relationship(back_populates="games")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="game",
        order_by="Seat.seat",
        cascade="all, delete-orphan",
        lazy="selectin",
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game",
        order_by="Round.number",
        cascade="all, delete-orphan",
        lazy="selectin",
    )


class Seat(db.Model):  # type: ignore[name-defined,misc]
    """Who sat where: seat 0 is the first name given, then clockwise."""

    __tablename__ = "seats"
    # A player's games, and their totals and wins for the statistics, on the index alone.
    __table_args__ = (Index("ix_seats_player_game", "player_id", "game_id", "total", "won"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    # The secret of this seat's own bidding link (hidden bids), while the game has one.
    bid_token: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    # Caches of what the rules say, kept up to date by every change to the game:
    total: Mapped[int] = mapped_column(default=0, server_default="0")
    won: Mapped[bool] = mapped_column(default=False, server_default=false())

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Round(db.Model):  # type: ignore[name-defined,misc]
    """One round as recorded: its dealer and the game's own facts (trump, bids, ...)."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]
    dealer: Mapped[int]
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")


class RoundResult(db.Model):  # type: ignore[name-defined,misc]
    """One player's round, as the statistics need it: a cache of the rules' results,
    rebuilt from the rounds whenever the game changes."""

    __tablename__ = "round_results"
    # Everything the statistics read of a player's rounds, on the index alone.
    __table_args__ = (
        Index("ix_round_results_player_stats", "player_id", "kind", "cards", "bid", "took", "made"),
    )

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(20))
    cards: Mapped[int]
    bid: Mapped[int | None]
    """Wizard: the bid. One Card: the contract's bid, for the bidder only."""
    took: Mapped[int]
    """Wizard: tricks taken. One Card: points taken."""
    score: Mapped[int]
    made: Mapped[bool | None]
    """Wizard: the bid met exactly. One Card: the bidder made the contract; else None."""


class PlayerSummary(db.Model):  # type: ignore[name-defined,misc]
    """A player's results across finished games: by game type, against each opponent,
    and the latest games. A cache, rebuilt when one of their games ends or a finished one
    changes, so the player's page reads one row instead of years of games."""

    __tablename__ = "player_summaries"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class GameChange(db.Model):  # type: ignore[name-defined,misc]
    """What each version of a game changed, to tell a second phone what it missed."""

    __tablename__ = "game_changes"
    __table_args__ = (UniqueConstraint("game_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    version: Mapped[int]
    summary: Mapped[str] = mapped_column(String(200))
    # What a correction changed, field by field ([{"field", "seat", "old", "new"}, ...]),
    # for the list of corrections the table can read; None for other changes.
    detail: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)


class Submission(db.Model):  # type: ignore[name-defined,misc]
    """A form's one-time key, kept once its change is stored: a replay changes nothing."""

    __tablename__ = "submissions"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    version: Mapped[int]
    submitted_at: Mapped[datetime] = mapped_column(default=utcnow)
    # A hash of what was sent with the key (the JSON API's method, path and body): the
    # key sent again with something else is refused, not answered as the first change.
    digest: Mapped[str | None] = mapped_column(String(64), default=None)


class LoginAttempt(db.Model):  # type: ignore[name-defined,misc]
    """Password attempts for one username (its key: case and width set aside) since its
    last successful login, from anywhere; counted before the password is checked.

    Times are whole seconds since the epoch, so that a database adds the wait to "now"
    in the one UPDATE that counts an attempt (see services.claim_login_attempt).
    """

    __tablename__ = "login_attempts"

    username_key: Mapped[str] = mapped_column(String(160), primary_key=True)
    failures: Mapped[int] = mapped_column(default=0)
    last_attempt: Mapped[int] = mapped_column(BigInteger, default=0, index=True)
    wait_until: Mapped[int] = mapped_column(BigInteger, default=0)


class KnownDevice(db.Model):  # type: ignore[name-defined,misc]
    """A browser an account has logged in from, with a count of password attempts of its
    own (so that a stranger's guesses, which fill the username's count, never keep the
    owner's phone waiting). Its id lives in the browser's cookie; only its hash here.

    A few an account (the least recently used dropped); all of them end with a password
    change, "Log out everywhere" or a reset. The counts are
    in this table, apart from the usernames' (``login_attempts``): no username reaches
    them.
    """

    __tablename__ = "known_devices"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime] = mapped_column(default=utcnow)
    failures: Mapped[int] = mapped_column(default=0)
    last_attempt: Mapped[int] = mapped_column(BigInteger, default=0)
    wait_until: Mapped[int] = mapped_column(BigInteger, default=0)


class SharedCount(db.Model):  # type: ignore[name-defined,misc]
    """A count every worker and server of the install shares (services.counts): a rate
    limit's events in its window, or a turn held (a password hash being computed).

    ``expires`` (whole seconds since the epoch) ends the window or the turn; a row past
    it counts nothing and is deleted on the way. ``holder``: who holds a turn.
    """

    __tablename__ = "shared_counts"

    name: Mapped[str] = mapped_column(String(120), primary_key=True)
    count: Mapped[int] = mapped_column(default=0)
    expires: Mapped[int] = mapped_column(BigInteger, default=0, index=True)
    holder: Mapped[str | None] = mapped_column(String(32), default=None)


class PrintedSheet(db.Model):  # type: ignore[name-defined,misc]
    """A blank sheet as printed: the code under its QR code, and what the sheet was made
    for (the game, the names or none, the first dealer, the options), so that the code
    opens a page to type the played sheet in, laid out like it (services.paper).

    The code is worked out from what the sheet is for: the same sheet printed again
    carries the same code, and its row is made once (a blank sheet is a GET).
    """

    __tablename__ = "printed_sheets"

    code: Mapped[str] = mapped_column(String(12), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    player_count: Mapped[int]
    # The names printed over the grid, in seat order; empty for a sheet without names.
    names: Mapped[list[str]] = mapped_column(JSON)
    first_dealer: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The score pad's columns (the bid and the running total) rather than the full ones.
    pad: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Tournament(db.Model):  # type: ignore[name-defined,misc]
    """A tournament: its players are drawn to tables stage by stage, each table an
    ordinary game, and ranked across their tables (scorekeeper.tournaments)."""

    __tablename__ = "tournaments"
    __table_args__ = (Index("ix_tournaments_owner_date", "owner_id", "date"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(80))
    date: Mapped[date]
    kind: Mapped[str] = mapped_column(String(20))
    # The options every table's game is started with, as the rules write them.
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The preliminary stages; a final (``final_size`` > 0) is drawn after them.
    stages: Mapped[int]
    # The size the tables are drawn near: every table within one of it and of the others.
    table_size: Mapped[int]
    # The ranking rule: "scores" or "placement" (tournaments.standings.Ranking).
    ranking: Mapped[str] = mapped_column(String(20))
    final_size: Mapped[int] = mapped_column(default=0)
    # The public standings page's secret, while it is shared.
    screen_token: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    # One more at each change of what the standings show besides the tables' games (the
    # players registered, a stage drawn, a player's name): with the games' versions, the
    # stamp the hall's screens follow (services.screens).
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    # Loaded when asked for: the hall's screens read the tournament's row alone while
    # the standings they show are kept (services.tournaments.current_standings).
    entries: Mapped[list[TournamentPlayer]] = relationship(
        order_by="TournamentPlayer.position", cascade="all, delete-orphan"
    )
    drawn: Mapped[list[TournamentStage]] = relationship(
        order_by="TournamentStage.number", cascade="all, delete-orphan"
    )


class TournamentPlayer(db.Model):  # type: ignore[name-defined,misc]
    """A player registered for a tournament, in the order registered."""

    __tablename__ = "tournament_players"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    position: Mapped[int]

    player: Mapped[Player] = relationship(lazy="joined")


class TournamentStage(db.Model):  # type: ignore[name-defined,misc]
    """One stage as drawn: its tables. Stage numbers follow each other; the final is the
    stage after the preliminary ones."""

    __tablename__ = "tournament_stages"
    # One stage of a number: two draws at once cannot both make it.
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))
    number: Mapped[int]
    final: Mapped[bool] = mapped_column(default=False)
    drawn_at: Mapped[datetime] = mapped_column(default=utcnow)

    tables: Mapped[list[TournamentTable]] = relationship(
        order_by="TournamentTable.number", cascade="all, delete-orphan"
    )


class TournamentTable(db.Model):  # type: ignore[name-defined,misc]
    """A table of a stage: the game the draw started for it."""

    __tablename__ = "tournament_tables"
    __table_args__ = (UniqueConstraint("stage_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    stage_id: Mapped[int] = mapped_column(ForeignKey("tournament_stages.id", ondelete="CASCADE"))
    number: Mapped[int]
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    # The secret of the table's scorekeeper link (its round screen without an account),
    # while it is given out.
    keeper_token: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)

    game: Mapped[Game] = relationship()


RATINGS_FILLFACTOR = 45


class Rating(db.Model):  # type: ignore[name-defined,misc]
    """A player's rating after one finished game (openskill's Plackett–Luce: ``mu`` and
    ``sigma``), and their place at that table: a cache, worked out from the finished games
    of one kind in the order played (services.ratings), rebuilt from the first game that
    changes.

    ``position`` is the game's place in that order as text that sorts like it (the night's
    date, the game's start, its id), so that "everything from this game on" is one range.
    """

    __tablename__ = "ratings"
    __table_args__ = (
        Index("ix_ratings_owner_kind_position", "owner_id", "kind", "position"),
        Index("ix_ratings_player_kind_position", "player_id", "kind", "position"),
        # PostgreSQL: each page filled to less than half, so that a row rated again is
        # written beside itself without touching an index (migration 0015).
        {"postgresql_with": {"fillfactor": RATINGS_FILLFACTOR}},
    )

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    position: Mapped[str] = mapped_column(String(80))
    played_on: Mapped[date]
    place: Mapped[int]
    """1 for the winning side, then by total; equal totals share a place."""
    mu: Mapped[float]
    sigma: Mapped[float]


class Season(db.Model):  # type: ignore[name-defined,misc]
    """A club's season: the finished games of one kind between two dates, ranked."""

    __tablename__ = "seasons"
    __table_args__ = (Index("ix_seasons_owner_since", "owner_id", "since"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(20))
    since: Mapped[date]
    until: Mapped[date]
    min_games: Mapped[int] = mapped_column(default=1)
    """Games a player must have finished in the season to be ranked."""
    tournament_only: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Only games played as a tournament's tables (services.seasons.tournament_games)."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # A cache of the standings (each player's figures by id; names are read afresh),
    # emptied by any change to a finished game the season may hold; ``generation`` counts
    # those, so that standings worked out before one are never stored after it.
    standings: Mapped[list[list[Any]] | None] = mapped_column(JSON, default=None)
    generation: Mapped[int] = mapped_column(default=0, server_default="0")
