"""The one place that opens and commits transactions, and turns rows into
rules values and back. Views and the JSON API both call these functions."""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import cache
from typing import TYPE_CHECKING, Any, TypeAlias
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app
from flask_babel import lazy_gettext
from sqlalchemy import case, delete, func, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError
from werkzeug.security import generate_password_hash

from . import passwords
from .extensions import db
from .i18n import N_, gettext, ngettext, translate
from .models import (
    ApiToken,
    Game,
    GameChange,
    LoginAttempt,
    Night,
    Player,
    Round,
    RoundResult,
    Seat,
    Submission,
    User,
    utcnow,
)
from .rules import GAMES
from .rules import Game as RulesGame
from .rules.errors import GameOverError, RoundRefused, RuleError
from .rules.names import MAX_NAME_LENGTH, NameRefused, name_key, readable_name

if TYPE_CHECKING:
    from .history import SummaryChange

State: TypeAlias = RulesGame[Any, Any]


USERNAME_LENGTH = (1, MAX_NAME_LENGTH)
PASSWORD_MIN_LENGTH = 8


class NotFound(LookupError):
    """No such thing, or not the caller's: both look the same from outside."""


class Conflict(Exception):
    """A change that does not fit the game as it stands (HTTP 409)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class StorageError(Exception):
    """The database could not take the change (locked too long, disk full): nothing
    was stored, and the same change can be sent again.

    ``message`` is lazy: ``str()`` it where it is shown, in the request's language."""

    message = lazy_gettext(
        "The scoresheet could not be saved just now (the storage is busy or full)."
        " Nothing was stored; what you entered is still here: try again in a moment."
    )


class AccountError(ValueError):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# -- accounts ---------------------------------------------------------------


def has_users() -> bool:
    return bool(db.session.scalar(select(func.count()).select_from(User)))


def create_user(username: str, password: str) -> User:
    user = new_user(username, password)
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise AccountError(
            gettext("The username %(name)s is taken", name=user.username), "username"
        ) from None
    return user


def new_user(username: str, password: str) -> User:
    """An account checked and ready to store (not yet added to the session)."""
    try:
        # As people read it: NFKC, nothing invisible; unique whatever its case and width.
        username = readable_name(username or "", "username", USERNAME_LENGTH[1])
    except NameRefused as refused:
        raise AccountError(translate(refused), "username") from None
    check_new_password(password, username)
    key = name_key(username)
    if db.session.scalar(select(User.id).where(User.username_key == key)) is not None:
        raise AccountError(gettext("The username %(name)s is taken", name=username), "username")
    return User(username=username, username_key=key, password_hash=password_hash(password))


def user_named(username: str) -> User | None:
    """The account a typed username means: that very name first (two accounts from before
    keys, "bob" and "Bob", stay apart), else case and width set aside."""
    user: User | None = None
    if isinstance(username, str) and storable(username):
        user = db.session.scalar(select(User).where(User.username == username.strip()))
    key = username_key(username)
    if user is None and key is not None:
        user = db.session.scalar(select(User).where(User.username_key == key))
    return user


def username_key(username: str) -> str | None:
    """The key of a typed username, or None for one no account can have."""
    if not isinstance(username, str) or not storable(username):
        return None
    try:
        return name_key(readable_name(username, "username", USERNAME_LENGTH[1]))
    except NameRefused:
        return None


def check_new_password(password: str, username: str = "", field: str = "password") -> None:
    """Refuse a password that cannot be kept or is too short, saying why (AccountError)."""
    if not storable(password or ""):
        raise AccountError(gettext("A password cannot hold that character"), field)
    if len(password or "") < PASSWORD_MIN_LENGTH:
        raise AccountError(
            ngettext(
                "A password has at least %(num)s character",
                "A password has at least %(num)s characters",
                PASSWORD_MIN_LENGTH,
            ),
            field,
        )
    weakness = passwords.weakness(password, [username])
    if weakness is not None:
        raise AccountError(weakness, field)


def password_hash(password: str) -> str:
    return passwords.hashed(password, _hash_method())


def plain_text(text: str) -> bool:
    """Text a person typed that a database can keep: no control characters."""
    return storable(text) and not any(
        unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\r\t" for ch in text
    )


def storable(text: str) -> bool:
    """Text a database (and a password hash) can take: no NUL, no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in text


def authenticate(username: str, password: str) -> User | None:
    """The account when the password is its own, else None. Checking costs the same
    whether the username exists or not (an unknown one is checked against a stand-in
    hash), so the time of an answer does not tell which usernames exist."""
    if not storable(username or "") or not storable(password or ""):
        return None
    user = user_named(username or "")
    stored = user.password_hash if user is not None else _stand_in_hash(_hash_method())
    if not passwords.check(stored, password or "") or user is None:
        return None
    return user


@cache
def _stand_in_hash(method: str) -> str:
    return generate_password_hash(secrets.token_hex(16), method)


def _hash_method() -> str:
    return str(current_app.config.get("PASSWORD_HASH_METHOD", "scrypt"))


def claim_login_attempt(username: str, device: str | None = None) -> int:
    """Count a password attempt for ``username`` before its password is checked: 0 when
    it may be checked now, else the seconds to wait (the attempt is then not counted).

    ``device``: a browser this account has logged in from before (its signed cookie) has
    a count of its own, so a stranger's guesses, which fill the username's count, never
    keep the owner's phone waiting.

    The first LOGIN_FREE_ATTEMPTS attempts since the last successful login go through;
    from then on each opens a wait, doubling from LOGIN_FIRST_WAIT_SECONDS up to
    LOGIN_LONGEST_WAIT_SECONDS, during which no attempt is checked, from any address.
    Counting and the wait are one UPDATE guarded by its WHERE, so that any number of
    attempts at once, in any number of threads and processes, each count once and no
    more than the allowed ones are checked. A stranger's guesses cost the owner minutes
    at most, never the account.
    """
    config = current_app.config
    key = attempts_key(username, device)
    now = int(time.time())
    free = int(config["LOGIN_FREE_ATTEMPTS"])
    first, longest = (
        int(config["LOGIN_FIRST_WAIT_SECONDS"]),
        int(config["LOGIN_LONGEST_WAIT_SECONDS"]),
    )
    db.session.execute(
        delete(LoginAttempt).where(
            LoginAttempt.last_attempt < now - int(config["LOGIN_ATTEMPTS_KEPT_SECONDS"]),
            LoginAttempt.wait_until <= now,
        )
    )
    dialect = db.session.get_bind().dialect.name
    insert_new = sqlite_insert if dialect == "sqlite" else postgresql_insert
    db.session.execute(
        insert_new(LoginAttempt)
        .values(username_key=key, failures=0, last_attempt=now, wait_until=0)
        .on_conflict_do_nothing()
    )
    attempt = LoginAttempt.failures + 1
    waits = []
    wait, step = first, 0
    while wait < longest:
        waits.append((attempt == free + step, wait))
        wait, step = wait * 2, step + 1
    opened = now + (case(*waits, else_=longest) if waits else longest)
    counted = db.session.execute(
        update(LoginAttempt)
        .where(LoginAttempt.username_key == key, LoginAttempt.wait_until <= now)
        .values(
            failures=attempt,
            last_attempt=now,
            # A free attempt opens no wait: 0, not "now", which a concurrent attempt whose
            # clock read a second earlier would take for a wait still running.
            wait_until=case((attempt < free, 0), else_=opened),
        )
        .execution_options(synchronize_session=False)
    )
    if counted.rowcount:  # type: ignore[attr-defined]
        db.session.commit()
        return 0
    wait_until = db.session.scalar(
        select(LoginAttempt.wait_until).where(LoginAttempt.username_key == key)
    )
    db.session.commit()
    return max(int(wait_until or 0) - now, 1)


def forget_login_attempts(username: str, device: str | None = None) -> None:
    """A successful login: the username's count starts again (and the device's)."""
    keys = {login_key(username), attempts_key(username, device)}
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.username_key.in_(keys)))
    db.session.commit()


def attempts_key(username: str, device: str | None) -> str:
    """The count an attempt goes to: the username's, or a known device's own."""
    key = login_key(username)
    if not device:
        return key
    return f"{key[:143]}|{device[:16]}"


def login_key(username: str) -> str:
    """The name attempts are counted under: whatever the username, known or not (the
    account's key when it could be one, so ``ANA`` and ``ａｎａ`` count for ``ana``)."""
    key = username_key(username)
    if key is not None:
        return key[:160]
    name = (username or "").strip()[:MAX_NAME_LENGTH]
    return "".join(ch for ch in name if storable(ch)).casefold()


def issue_token(user: User, name: str = "") -> str:
    """A new API token for ``user``, called ``name``; only its hash is stored."""
    token = secrets.token_urlsafe(32)
    db.session.add(ApiToken(user_id=user.id, token_hash=_token_hash(token), name=name[:60]))
    db.session.commit()
    return token


def user_for_token(token: str) -> User | None:
    found = token_in_use(token)
    return found.user if found is not None else None


def token_in_use(token: str) -> ApiToken | None:
    """The stored token a client sent, its last use noted (to the minute); None for a
    token never issued, revoked, or unused for longer than TOKEN_IDLE_DAYS."""
    if not token or len(token) > 100 or not storable(token):
        return None
    found: ApiToken | None = db.session.scalar(
        select(ApiToken).where(ApiToken.token_hash == _token_hash(token))
    )
    if found is None:
        return None
    now = utcnow()
    last = found.last_used_at or found.created_at
    if last < now - timedelta(days=current_app.config["TOKEN_IDLE_DAYS"]):
        return None
    if found.last_used_at is None or found.last_used_at < now - timedelta(minutes=1):
        found.last_used_at = now
        note_in_passing()
    return found


def note_in_passing() -> None:
    """Commit a note made while reading (a token's or a login's last use): a busy or
    full database loses the note, never the request."""
    try:
        db.session.commit()
    except OperationalError:
        db.session.rollback()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# -- games ------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """A stored game and the rules' view of it, read together."""

    row: Game
    state: State
    replayed: bool = False
    """True when a one-time key had been stored already: nothing new was applied."""

    @property
    def id(self) -> str:
        return self.row.id


def known_player_names(owner: User) -> list[str]:
    """Names the account has used before, most recent first."""
    rows = db.session.execute(
        select(Player.name, func.max(Game.created_at).label("last"))
        .join(Seat, Seat.player_id == Player.id)
        .join(Game, Game.id == Seat.game_id)
        .where(Player.owner_id == owner.id)
        .group_by(Player.id, Player.name)
        .order_by(func.max(Game.created_at).desc(), Player.name)
    )
    return [name for name, _last in rows]


# Two Starts at once may both make a player (a new name) or tonight's night: the second
# to commit is refused by the unique constraints and simply tries again, finding them made.
START_ATTEMPTS = 3


def create_game(
    owner: User,
    kind: str,
    players: Sequence[str],
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    night: Night | None = None,
    key: str | None = None,
) -> GameRecord:
    """A new game, in ``night`` or else in tonight's game night (made if need be).

    ``key`` is the Start form's one-time key: sent again (a double tap, a reloaded POST),
    it answers with the game it made the first time, marked ``replayed``.
    """
    for attempt in range(1, START_ATTEMPTS + 1):
        try:
            return _start_game(owner, kind, players, first_dealer, options, night, key)
        except IntegrityError:
            db.session.rollback()
            if attempt == START_ATTEMPTS:
                raise Conflict(
                    gettext("Another phone started a game meanwhile: try again")
                ) from None
        except OperationalError as error:
            db.session.rollback()
            raise StorageError(str(error.orig)) from error
    raise AssertionError("unreachable")


def _start_game(
    owner: User,
    kind: str,
    players: Sequence[str],
    first_dealer: int,
    options: Mapping[str, Any] | None,
    night: Night | None,
    key: str | None,
) -> GameRecord:
    rules = GAMES.get(kind) if isinstance(kind, str) else None
    if rules is None:
        raise RoundRefused(
            [RuleError(N_("There is no game “{kind}” here"), kind=str(kind), field="game")]
        )
    state = rules.new(players, first_dealer, options)
    _begin_start()
    started = _started_with(owner, key)
    if started is not None:
        return started
    game = Game(
        owner_id=owner.id,
        kind=rules.key,
        first_dealer=state.first_dealer,
        options=state.options_mapping(),
        night=night if night is not None else tonight(owner),
    )
    db.session.add(game)
    with db.session.no_autoflush:
        for seat, name in enumerate(state.players):
            game.seats.append(Seat(seat=seat, player=player_named(owner, name)))
    if key:
        db.session.flush()
        db.session.add(Submission(key=_start_key(owner, key), game_id=game.id, version=0))
    db.session.commit()
    return GameRecord(game, state)


def _begin_start() -> None:
    """A Start's transaction, taking SQLite's write lock first (like ``_begin_write``), so
    it waits its turn instead of failing on a lock halfway."""
    db.session.rollback()
    if db.session.get_bind().dialect.name == "sqlite":
        db.session.execute(text("BEGIN IMMEDIATE"))


def _started_with(owner: User, key: str | None) -> GameRecord | None:
    """The game a Start form's one-time key made already, if it did."""
    if not key:
        return None
    seen = db.session.get(Submission, _start_key(owner, key))
    if seen is None:
        return None
    game = db.session.get(Game, seen.game_id)
    db.session.rollback()
    if game is None or game.owner_id != owner.id:
        return None
    return GameRecord(game, rules_game(game), replayed=True)


def _start_key(owner: User, key: str) -> str:
    """A Start form's key as stored: scoped to the account, apart from rounds' keys."""
    return hashlib.sha256(f"{owner.id}:start:{key}".encode()).hexdigest()


# -- game nights ----------------------------------------------------------------

# A game night runs past midnight: until this hour, it is still the evening before.
NIGHT_ENDS_AT_HOUR = 6


def evening_of(moment: datetime, zone: tzinfo) -> date:
    """The date of the evening a moment belongs to, in the table's time zone.

    >>> from datetime import UTC
    >>> evening_of(datetime(2026, 11, 29, 1, 30, tzinfo=UTC), UTC)
    datetime.date(2026, 11, 28)
    """
    local = moment.astimezone(zone)
    return (local - timedelta(hours=NIGHT_ENDS_AT_HOUR)).date()


def table_zone() -> tzinfo:
    """The time zone the app's evenings are counted in (TIMEZONE; else the machine's)."""
    name = current_app.config.get("TIMEZONE")
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    zone = datetime.now().astimezone().tzinfo
    return zone if zone is not None else UTC


def tonight(owner: User, now: datetime | None = None) -> Night:
    """The account's night of this evening, made when it has none yet."""
    evening = evening_of(now or datetime.now(UTC), table_zone())
    night = db.session.scalar(
        select(Night)
        .where(Night.owner_id == owner.id, Night.date == evening)
        .order_by(Night.id)
        .limit(1)
    )
    if night is None:
        # Unique per account and evening: a second Start making it too is refused at
        # the commit, and tries again (create_game).
        night = Night(owner_id=owner.id, date=evening, evening=evening)
        db.session.add(night)
    return night


def get_night(owner: User, night_id: int) -> Night:
    night = db.session.get(Night, night_id) if isinstance(night_id, int) else None
    if night is None or night.owner_id != owner.id:
        raise NotFound(f"night {night_id}")
    return night


def recent_nights(owner: User, limit: int = 10) -> list[Night]:
    """The account's latest nights, newest first (for choosing one for a new game)."""
    return list(
        db.session.scalars(
            select(Night)
            .where(Night.owner_id == owner.id)
            .order_by(Night.date.desc(), Night.id.desc())
            .limit(limit)
        )
    )


def player_named(owner: User, name: str) -> Player:
    player = db.session.scalar(
        select(Player).where(Player.owner_id == owner.id, Player.name == name)
    )
    if player is None:
        player = Player(owner_id=owner.id, name=name)
        db.session.add(player)
    return player


def get_game(owner: User, game_id: str) -> GameRecord:
    """The owner's game, or NotFound: another account's game does not exist for them."""
    usable = isinstance(game_id, str) and storable(game_id)
    game = db.session.get(Game, game_id) if usable else None
    if game is None or game.owner_id != owner.id:
        raise NotFound(game_id)
    return GameRecord(game, rules_game(game))


def list_games(owner: User) -> list[GameRecord]:
    games = db.session.scalars(
        select(Game).where(Game.owner_id == owner.id).order_by(Game.created_at.desc())
    ).all()
    return [GameRecord(game, rules_game(game)) for game in games]


def rules_game(game: Game) -> State:
    """The rules' value of a stored game, its rounds replayed in order."""
    rules = GAMES[game.kind]
    names = [seat.player.name for seat in game.seats]
    state = rules(
        players=tuple(names),
        first_dealer=game.first_dealer,
        options=rules.options_from_mapping(game.options, len(names)),
    )
    for row in game.rounds:
        state = state.load_round({**row.facts, "dealer": row.dealer})
    return state


@dataclass(frozen=True)
class Edit:
    """What a change is based on: the version of the game the phone showed, and the
    form's one-time key. Either may be missing (a simple API client sends neither)."""

    version: int | None = None
    key: str | None = None


NO_EDIT = Edit()


class StaleEdit(Conflict):
    """An edit based on an older version of the game: refused, never applied on top."""

    def __init__(self, changes: list[str]) -> None:
        said = "; ".join(changes) if changes else gettext("it was changed")
        super().__init__(
            gettext(
                "This game was changed elsewhere meanwhile (another phone?): %(changes)s."
                " Nothing was saved: check the scoreboard, then enter it again if still needed.",
                changes=said,
            ),
            "version",
        )
        self.changes = changes


def record_round(record: GameRecord, data: Mapping[str, Any], edit: Edit = NO_EDIT) -> GameRecord:
    """Store the next round, if the rules accept it; otherwise store nothing."""
    current = _begin_write(record)
    replay = _replayed(current, edit)
    if replay is not None:
        return replay
    _check_version(current, edit)
    state = current.state
    if state.finished:
        raise Conflict(
            gettext("The game is over: it ended after round %(number)s", number=len(state.rounds)),
            "number",
        )
    try:
        new_state = state.apply_round(state.parse_round(data))
    except GameOverError as error:
        raise Conflict(translate(error), error.field) from None
    number = len(new_state.rounds)
    current.row.rounds.append(_round_row(new_state, number))
    _finish_write(
        current.row, state, new_state, f"{state.round_word} {number} recorded", edit, number
    )
    return GameRecord(current.row, new_state)


def correct_round(
    record: GameRecord, number: int, data: Mapping[str, Any], edit: Edit = NO_EDIT
) -> GameRecord:
    """Replace round ``number`` with a corrected one; totals follow."""
    current = _begin_write(record)
    replay = _replayed(current, edit)
    if replay is not None:
        return replay
    _require_recorded(current, number)
    _check_version(current, edit)
    state = current.state
    corrected = state.record_from_mapping(data, number)
    new_state = state.replace_round(number, corrected)
    fresh = _round_row(new_state, number)
    row = current.row.rounds[number - 1]
    row.dealer, row.facts = fresh.dealer, fresh.facts
    _finish_write(
        current.row, state, new_state, f"{state.round_word} {number} corrected", edit, number
    )
    return GameRecord(current.row, new_state)


def undo_round(record: GameRecord, number: int, edit: Edit = NO_EDIT) -> GameRecord:
    """Take back the last round; only the last one can be undone."""
    current = _begin_write(record)
    replay = _replayed(current, edit)
    if replay is not None:
        return replay
    _require_recorded(current, number)
    _check_version(current, edit)
    last = len(current.state.rounds)
    word = current.state.round_word
    if number != last:
        if word == "hand":
            refusal = gettext(
                "Only the last hand (hand %(last)s) can be undone; correct hand %(number)s instead",
                last=last,
                number=number,
            )
        else:
            refusal = gettext(
                "Only the last round (round %(last)s) can be undone;"
                " correct round %(number)s instead",
                last=last,
                number=number,
            )
        raise Conflict(refusal, "number")
    row = current.row.rounds.pop()
    db.session.delete(row)
    new_state = current.state.undo_round()
    _finish_write(current.row, current.state, new_state, f"{word} {number} undone", edit, number)
    return GameRecord(current.row, new_state)


def refresh_results(
    game: Game, state: State, first_changed: int = 1, previous: State | None = None
) -> SummaryChange:
    """Bring the game's cached results up to the rules' word on its rounds: whether it is
    finished, each seat's total and win, and each player's rounds for the statistics, from
    round ``first_changed`` on (the rounds before it are as they were; ``previous``, the
    game before the change).

    Returns what the change takes out of and adds to the players' summaries (finished
    games only).
    """
    from .history import GameResults, SummaryChange

    before = GameResults.of(game, previous) if game.finished and previous else None
    game.finished = state.finished
    for seat in game.seats:
        seat.total = state.totals[seat.seat]
        seat.won = seat.seat in state.winners
    after = GameResults.of(game, state) if state.finished else None
    db.session.execute(
        delete(RoundResult).where(
            RoundResult.game_id == game.id, RoundResult.number >= first_changed
        )
    )
    players = {seat.seat: seat.player_id for seat in game.seats}
    rows = round_result_rows(game.id, state, players, first_changed)
    if rows:
        db.session.execute(insert(RoundResult), rows)
    return SummaryChange(before, after)


def round_result_rows(
    game_id: str, state: State, players: Mapping[int, int], first: int = 1
) -> list[dict[str, Any]]:
    """The cached results of a game's rounds from round ``first`` on, a row per round and
    seat, as the rules score them (``players``: each seat's player id)."""
    return [
        {
            "game_id": game_id,
            "number": scored.number,
            "seat": seat,
            "player_id": players[seat],
            "kind": state.key,
            "cards": scored.cards,
            "bid": outcome.bid,
            "took": outcome.took,
            "score": scored.scores[seat],
            "made": outcome.made,
        }
        for scored in state.scored_rounds[first - 1 :]
        for seat, outcome in enumerate(state.seat_outcomes(scored.record))
    ]


def changes_since(game: Game, version: int) -> list[str]:
    """What happened to the game after ``version``, oldest first."""
    return list(
        db.session.scalars(
            select(GameChange.summary)
            .where(GameChange.game_id == game.id, GameChange.version > version)
            .order_by(GameChange.version)
        )
    )


# -- the watch link ------------------------------------------------------------


def share_game(record: GameRecord) -> str:
    """The game's read-only watch token, made on first use (kept until revoked)."""
    if record.row.watch_token is None:
        record.row.watch_token = secrets.token_urlsafe(24)
        db.session.commit()
    return record.row.watch_token


def stop_sharing(record: GameRecord) -> None:
    """Revoke the watch link: the old address shows nothing any more."""
    record.row.watch_token = None
    db.session.commit()


def watched_game(token: str) -> GameRecord:
    """The game a watch token reads, or NotFound (a revoked or guessed token)."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    game = db.session.scalar(select(Game).where(Game.watch_token == token))
    if game is None:
        raise NotFound("watch")
    return GameRecord(game, rules_game(game))


def watched_version(token: str) -> int:
    """Only the version of a watched game: a cheap question for a watcher's refresh."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    version = db.session.scalar(select(Game.version).where(Game.watch_token == token))
    if version is None:
        raise NotFound("watch")
    return int(version)


def watched_stamp(token: str) -> tuple[str, int]:
    """The watched game's id and version, without its rounds: enough to tell a watcher's
    phone that the board it shows is still the board."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("watch")
    row = db.session.execute(select(Game.id, Game.version).where(Game.watch_token == token)).first()
    if row is None:
        raise NotFound("watch")
    return str(row.id), int(row.version)


def _begin_write(record: GameRecord) -> GameRecord:
    """Start a write on the latest state of the game, and hold it until the commit.

    SQLite: an immediate transaction, so a write never fails halfway on a lock taken
    by another writer; PostgreSQL: the game's row locked for update.
    """
    game_id = record.id
    db.session.rollback()
    try:
        if db.session.get_bind().dialect.name == "sqlite":
            db.session.execute(text("BEGIN IMMEDIATE"))
        game = db.session.get(Game, game_id, with_for_update=True, populate_existing=True)
    except OperationalError as error:
        db.session.rollback()
        raise StorageError(str(error.orig)) from error
    if game is None:
        raise NotFound(game_id)
    return GameRecord(game, rules_game(game))


def _replayed(current: GameRecord, edit: Edit) -> GameRecord | None:
    """The game as it stands, when this form's one-time key was already stored."""
    if not edit.key:
        return None
    seen = db.session.get(Submission, _scoped_key(current.row, edit.key))
    if seen is None:
        return None
    if seen.game_id != current.id:
        raise Conflict(gettext("That form belongs to another game: reload the page"), "key")
    db.session.rollback()
    return GameRecord(current.row, current.state, replayed=True)


def was_stored(record: GameRecord, key: str | None) -> bool:
    """Whether a change with this one-time key was stored already (a double tap, a page
    sent twice): read only, for a page that is not going to be stored anyway."""
    if not key or len(key) > 64 or not key.isalnum():
        return False
    seen = db.session.get(Submission, _scoped_key(record.row, key))
    return seen is not None and seen.game_id == record.id


def _scoped_key(game: Game, key: str) -> str:
    """A one-time key as stored: an account's keys never meet another account's."""
    return hashlib.sha256(f"{game.owner_id}:{key}".encode()).hexdigest()


def _check_version(current: GameRecord, edit: Edit) -> None:
    if edit.version is not None and edit.version != current.row.version:
        # A version from this game's past lists what came after it; any other number
        # (too big, negative) was never this game's and lists nothing.
        known = 0 <= edit.version < current.row.version
        changes = changes_since(current.row, edit.version) if known else []
        db.session.rollback()
        raise StaleEdit([said_change(change) for change in changes])


def said_change(summary: str) -> str:
    """A change to a game as stored (``round 3 corrected``: English, whoever made it), as
    the reader says it (``Round 3 corrected``)."""
    word, _, rest = summary.partition(" ")
    number, _, done = rest.partition(" ")
    if number.isdigit():
        said = {
            ("round", "recorded"): lambda: gettext("Round %(number)s recorded", number=number),
            ("round", "corrected"): lambda: gettext("Round %(number)s corrected", number=number),
            ("round", "undone"): lambda: gettext("Round %(number)s undone", number=number),
            ("hand", "recorded"): lambda: gettext("Hand %(number)s recorded", number=number),
            ("hand", "corrected"): lambda: gettext("Hand %(number)s corrected", number=number),
            ("hand", "undone"): lambda: gettext("Hand %(number)s undone", number=number),
        }.get((word, done))
        if said is not None:
            return said()
    return summary[:1].upper() + summary[1:]


def said_changes_since(record: GameRecord, version: int | None) -> list[str]:
    """What happened to the game after ``version``, as the reader says it; nothing for a
    version that was never this game's (missing, too big, negative)."""
    if version is None or not 0 <= version < record.row.version:
        return []
    return [said_change(change) for change in changes_since(record.row, version)]


def _finish_write(
    game: Game, previous: State, state: State, summary: str, edit: Edit, first_changed: int
) -> None:
    """The caches (from round ``first_changed`` on), one more version, what it changed,
    the form's key; then the commit (``previous``: the game before the change)."""
    from .history import update_summaries

    update_summaries([refresh_results(game, state, first_changed, previous)])
    game.version += 1
    db.session.add(GameChange(game_id=game.id, version=game.version, summary=summary))
    if edit.key:
        db.session.add(
            Submission(key=_scoped_key(game, edit.key), game_id=game.id, version=game.version)
        )
    _commit_or_conflict(gettext("The game changed meanwhile: reload it"))


def _require_recorded(record: GameRecord, number: int) -> None:
    if not 1 <= number <= len(record.state.rounds):
        db.session.rollback()
        raise NotFound(f"round {number}")


def _round_row(state: State, number: int) -> Round:
    facts = state.rounds[number - 1].to_mapping()
    dealer = facts.pop("dealer")
    return Round(number=number, dealer=dealer, facts=facts)


def _commit_or_conflict(message: str) -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(message) from None
    except OperationalError as error:
        db.session.rollback()
        raise StorageError(str(error.orig)) from error
