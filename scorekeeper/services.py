"""The one place that opens and commits transactions, and turns rows into
rules values and back. Views and the JSON API both call these functions."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from .extensions import db
from .models import ApiToken, Game, Player, Round, Seat, User
from .rules import GAMES
from .rules import Game as RulesGame
from .rules.errors import GameOverError, RoundRefused, RuleError

State: TypeAlias = RulesGame[Any, Any]

USERNAME_LENGTH = (1, 40)
PASSWORD_MIN_LENGTH = 8


class NotFound(LookupError):
    """No such thing, or not the caller's: both look the same from outside."""


class Conflict(Exception):
    """A change that does not fit the game as it stands (HTTP 409)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class AccountError(ValueError):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# -- accounts ---------------------------------------------------------------


def has_users() -> bool:
    return bool(db.session.scalar(select(func.count()).select_from(User)))


def create_user(username: str, password: str) -> User:
    username = (username or "").strip()
    if not USERNAME_LENGTH[0] <= len(username) <= USERNAME_LENGTH[1]:
        raise AccountError("A username has 1 to 40 characters", "username")
    if len(password or "") < PASSWORD_MIN_LENGTH:
        raise AccountError(f"A password has at least {PASSWORD_MIN_LENGTH} characters", "password")
    if db.session.scalar(select(User.id).where(User.username == username)) is not None:
        raise AccountError(f"The username {username} is taken", "username")
    method = current_app.config.get("PASSWORD_HASH_METHOD", "scrypt")
    user = User(username=username, password_hash=generate_password_hash(password, method))
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise AccountError(f"The username {username} is taken", "username") from None
    return user


def authenticate(username: str, password: str) -> User | None:
    user: User | None = db.session.scalar(
        select(User).where(User.username == (username or "").strip())
    )
    if user is None or not check_password_hash(user.password_hash, password or ""):
        return None
    return user


def issue_token(user: User) -> str:
    """A new API token for ``user``; only its hash is stored."""
    token = secrets.token_urlsafe(32)
    db.session.add(ApiToken(user_id=user.id, token_hash=_token_hash(token)))
    db.session.commit()
    return token


def user_for_token(token: str) -> User | None:
    if not token:
        return None
    return db.session.scalar(
        select(User).join(ApiToken).where(ApiToken.token_hash == _token_hash(token))
    )


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def load_user(user_id: str) -> User | None:
    try:
        user: User | None = db.session.get(User, int(user_id))
        return user
    except (TypeError, ValueError):
        return None


# -- games ------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """A stored game and the rules' view of it, read together."""

    row: Game
    state: State

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


def create_game(
    owner: User,
    kind: str,
    players: Sequence[str],
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> GameRecord:
    rules = GAMES.get(kind) if isinstance(kind, str) else None
    if rules is None:
        raise RoundRefused(
            [RuleError("There is no game “{kind}” here", kind=str(kind), field="game")]
        )
    state = rules.new(players, first_dealer, options)
    game = Game(
        owner_id=owner.id,
        kind=rules.key,
        first_dealer=state.first_dealer,
        options=state.options_mapping(),
    )
    for seat, name in enumerate(state.players):
        game.seats.append(Seat(seat=seat, player=_player_named(owner, name)))
    db.session.add(game)
    db.session.commit()
    return GameRecord(game, state)


def _player_named(owner: User, name: str) -> Player:
    player = db.session.scalar(
        select(Player).where(Player.owner_id == owner.id, Player.name == name)
    )
    if player is None:
        player = Player(owner_id=owner.id, name=name)
        db.session.add(player)
    return player


def get_game(owner: User, game_id: str) -> GameRecord:
    """The owner's game, or NotFound: another account's game does not exist for them."""
    game = db.session.get(Game, game_id) if isinstance(game_id, str) else None
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


def record_round(record: GameRecord, data: Mapping[str, Any]) -> GameRecord:
    """Store the next round, if the rules accept it; otherwise store nothing."""
    state = record.state
    if state.finished:
        raise Conflict(f"The game is over: it ended after round {len(state.rounds)}", "number")
    try:
        new_state = state.apply_round(state.parse_round(data))
    except GameOverError as error:
        raise Conflict(error.message, error.field) from None
    number = len(new_state.rounds)
    row = _round_row(new_state, number)
    record.row.rounds.append(row)
    _commit_or_conflict(
        f"{state.round_word.capitalize()} {number} was recorded meanwhile: reload the game"
    )
    return GameRecord(record.row, new_state)


def correct_round(record: GameRecord, number: int, data: Mapping[str, Any]) -> GameRecord:
    """Replace round ``number`` with a corrected one; totals follow."""
    _require_recorded(record, number)
    state = record.state
    corrected = state.record_from_mapping(data, number)
    new_state = state.replace_round(number, corrected)
    fresh = _round_row(new_state, number)
    row = record.row.rounds[number - 1]
    row.dealer, row.facts = fresh.dealer, fresh.facts
    _commit_or_conflict("The game changed meanwhile: reload it")
    return GameRecord(record.row, new_state)


def undo_round(record: GameRecord, number: int) -> GameRecord:
    """Take back the last round; only the last one can be undone."""
    _require_recorded(record, number)
    last = len(record.state.rounds)
    word = record.state.round_word
    if number != last:
        raise Conflict(
            f"Only the last {word} ({word} {last}) can be undone; correct {word} {number} instead",
            "number",
        )
    row = record.row.rounds.pop()
    db.session.delete(row)
    _commit_or_conflict("The game changed meanwhile: reload it")
    return GameRecord(record.row, record.state.undo_round())


def _require_recorded(record: GameRecord, number: int) -> None:
    if not 1 <= number <= len(record.state.rounds):
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
