"""Games: starting one, reading the owner's games, and replaying a stored game
through the rules."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from sqlalchemy import Connection, bindparam, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import lazyload
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..games import GAMES
from ..i18n import N_
from ..models import (
    Game,
    Night,
    Player,
    Round,
    Seat,
    Submission,
    User,
)
from ..rules import Game as RulesGame
from ..rules.errors import RoundRefused, RuleError
from . import writes
from .errors import Conflict, KeyReused, NotFound, StorageError
from .nights import tonight
from .players import check_names_apart, player_named
from .text import storable

State: TypeAlias = RulesGame[Any, Any]


# -- games ------------------------------------------------------------------


@dataclass(frozen=True)
class Pending:
    """The round being played: its part said before the play (the trump, the bids), kept
    until its tricks are in. With hidden bids the bids stay secret until every bid is in
    or the scorekeeper reveals them: then :attr:`hidden` is True and nothing shown to
    anyone (:meth:`shown`) holds a bid."""

    number: int
    dealer: int
    cards: int
    first_bidder: int
    facts: Mapping[str, Any]
    """The pending part as the rules read it, less the dealer; a hidden game's ``bids``
    hold None for a seat that has not bid yet."""
    hidden: bool
    over_under: int | None
    """The bids' sum less the cards (None while hidden or a bid is missing)."""

    @property
    def bid_in(self) -> tuple[bool, ...]:
        bids = self.facts.get("bids")
        if not isinstance(bids, list):
            return ()
        return tuple(bid is not None for bid in bids)

    @property
    def bids(self) -> list[int | None] | None:
        """The bids as anyone may see them: None while hidden."""
        bids = self.facts.get("bids")
        return None if self.hidden or not isinstance(bids, list) else list(bids)

    def shown(self) -> dict[str, Any]:
        """The pending part as every screen and the API may show it."""
        return {**self.facts, "bids": self.bids}

    def bid_of(self, seat: int) -> int | None:
        """One seat's own bid, for that seat's phone (and the page that made it)."""
        bids = self.facts.get("bids")
        if not isinstance(bids, list) or not 0 <= seat < len(bids):
            return None
        bid = bids[seat]
        return bid if isinstance(bid, int) else None


def read_pending(game: Game, state: State) -> Pending | None:
    """The game's pending round, if it is still the next round's."""
    raw = game.pending
    upcoming = state.next_round
    if not isinstance(raw, Mapping) or upcoming is None or raw.get("number") != upcoming.number:
        return None
    facts = dict(raw.get("facts") or {})
    dealer = facts.pop("dealer", upcoming.dealer)
    if not isinstance(dealer, int) or not 0 <= dealer < state.player_count:
        dealer = upcoming.dealer
    info = state.round_info(upcoming.number, dealer)
    hidden = state.hides_bids and not raw.get("revealed")
    return Pending(
        number=info.number,
        dealer=dealer,
        cards=info.cards,
        first_bidder=info.first_bidder,
        facts=facts,
        hidden=hidden,
        over_under=None if hidden else state.over_under(facts, info.cards),
    )


@dataclass(frozen=True)
class StoredGame:
    """A stored game and the rules' view of it, read together."""

    row: Game
    state: State
    replayed: bool = False
    """True when a one-time key had been stored already: nothing new was applied."""
    basis: tuple[Any, ...] | None = None
    """What ``state`` was replayed from, short of the rounds (:func:`replay_basis`), when
    it was replayed from ``row`` as read; None when not known."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def pending(self) -> Pending | None:
        """The round being played, its bids said and its tricks not yet in."""
        return read_pending(self.row, self.state)


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
    digest: str | None = None,
) -> StoredGame:
    """A new game, in ``night`` or else in tonight's game night (made if need be).

    ``key`` is the Start form's one-time key: sent again (a double tap, a reloaded POST),
    it answers with the game it made the first time, marked ``replayed`` (``digest``: a
    hash of what was sent with it; another one is refused).
    """
    for attempt in range(1, START_ATTEMPTS + 1):
        try:
            return _start_game(owner, kind, players, first_dealer, options, night, key, digest)
        except IntegrityError:
            writes.safe_rollback()
            if attempt == START_ATTEMPTS:
                raise Conflict(N_("Another phone started a game meanwhile: try again")) from None
        except writes.STORAGE_ERRORS as error:
            writes.safe_rollback()
            raise StorageError(str(getattr(error, "orig", error))) from error
    raise AssertionError("unreachable")


def _start_game(
    owner: User,
    kind: str,
    players: Sequence[str],
    first_dealer: int,
    options: Mapping[str, Any] | None,
    night: Night | None,
    key: str | None,
    digest: str | None,
) -> StoredGame:
    rules = GAMES.get(kind) if isinstance(kind, str) else None
    if rules is None:
        raise RoundRefused(
            [RuleError(N_("There is no game “{kind}” here"), kind=str(kind), field="game")]
        )
    state = rules.new(players, first_dealer, options)
    writes.begin()
    started = _started_with(owner, key, digest)
    if started is not None:
        return started
    night = night if night is not None else tonight(owner)
    check_names_apart(owner, state.players, night)  # no two names that look the same
    game = Game(
        owner_id=owner.id,
        kind=rules.key,
        first_dealer=state.first_dealer,
        options=state.options_mapping(),
        night=night,
    )
    db.session.add(game)
    with db.session.no_autoflush:
        for seat, name in enumerate(state.players):
            game.seats.append(Seat(seat=seat, player=player_named(owner, name)))
    db.session.flush()
    if key:
        db.session.add(
            Submission(key=_start_key(owner, key), game_id=game.id, version=0, digest=digest)
        )
    writes.commit(_game_made(game.id))
    return StoredGame(game, state)


def _game_made(game_id: str) -> writes.Probe:
    """Whether the game this Start made is stored (its id is new and random)."""

    def stored(connection: Connection) -> bool:
        return connection.execute(select(Game.id).where(Game.id == game_id)).first() is not None

    return stored


def rematch(record: StoredGame, key: str | None = None, digest: str | None = None) -> StoredGame:
    """A new game of a finished one: the same players in the same seats, the same
    options, and the next dealer (left of the last round's), in tonight's game night.
    ``key``: the button's one-time key (a double tap starts one game); ``digest``: what
    the key came with (its call names the game: the key of one game's rematch sent with
    another game's is refused, not answered with the first rematch)."""
    state = record.state
    if not state.finished:
        raise Conflict(N_("The game is not over yet: finish it, then start a rematch"), "game")
    last = state.rounds[-1].dealer if state.rounds else state.first_dealer
    return create_game(
        record.row.owner,
        state.key,
        state.players,
        state.left_of(last),
        state.options_mapping(),
        key=key,
        digest=digest,
    )


def _started_with(owner: User, key: str | None, digest: str | None) -> StoredGame | None:
    """The game a Start form's one-time key made already, if it did."""
    if not key:
        return None
    seen = db.session.get(Submission, _start_key(owner, key))
    if seen is None:
        return None
    game = db.session.get(Game, seen.game_id)
    if game is None or game.owner_id != owner.id:
        writes.safe_rollback()
        return None
    state = rules_game(game)
    writes.safe_rollback()
    if seen.digest is not None and digest is not None and seen.digest != digest:
        raise KeyReused()
    return StoredGame(game, state, replayed=True)


def _start_key(owner: User, key: str) -> str:
    """A Start form's key as stored: scoped to the account, apart from rounds' keys."""
    return hashlib.sha256(f"{owner.id}:start:{key}".encode()).hexdigest()


# A game's row, its seats (their players joined) and its rounds: the three statements
# ``Session.get`` sends through the relationships' selectin loaders, each built once here.
# Those loaders build their statement anew every time, which cost more than the loading
# itself (a 6-player game in round 10: about 2.4 ms a load, 1.0 ms this way).
_GAME_ALONE = (
    select(Game)
    .options(lazyload(Game.seats), lazyload(Game.rounds))
    .where(Game.id == bindparam("game_id"))
)
_GAME_LOCKED = _GAME_ALONE.with_for_update().execution_options(populate_existing=True)
_SEATS = select(Seat).where(Seat.game_id == bindparam("game_id")).order_by(Seat.seat)
_ROUNDS = select(Round).where(Round.game_id == bindparam("game_id")).order_by(Round.number)


def game_row(game_id: str, *, locked: bool = False) -> Game | None:
    """A stored game with its seats and rounds, as ``db.session.get(Game, game_id)``
    gives it, in the same three statements.

    ``locked``: read afresh for a write, whatever this session held (PostgreSQL: the
    game's row locked for update; SQLite's write lock is the transaction's)."""
    session = db.session
    if not locked and session.identity_key(Game, game_id) in session.identity_map:
        return session.get(Game, game_id)  # in hand already: no statement, or a refresh
    fresh = {"populate_existing": True} if locked else {}
    params = {"game_id": game_id}
    game = session.scalars(_GAME_LOCKED if locked else _GAME_ALONE, params).one_or_none()
    if game is None:
        return None
    seats = session.scalars(_SEATS, params, execution_options=fresh).all()
    rounds = session.scalars(_ROUNDS, params, execution_options=fresh).all()
    set_committed_value(game, "seats", list(seats))
    set_committed_value(game, "rounds", list(rounds))
    return game


def get_game(owner: User, game_id: str) -> StoredGame:
    """The owner's game, or NotFound: another account's game does not exist for them."""
    usable = isinstance(game_id, str) and storable(game_id)
    game = game_row(game_id) if usable else None
    if game is None or game.owner_id != owner.id:
        raise NotFound(game_id)
    return StoredGame(game, rules_game(game), basis=replay_basis(game))


def list_games(owner: User) -> list[StoredGame]:
    games = db.session.scalars(
        select(Game).where(Game.owner_id == owner.id).order_by(Game.created_at.desc())
    ).all()
    return [StoredGame(game, rules_game(game)) for game in games]


def replay_basis(game: Game) -> tuple[Any, ...]:
    """What a game's replay is made from, short of its rounds, which change only with its
    version: a replay made from a game with the same basis is the same."""
    return (
        game.version,
        game.kind,
        game.first_dealer,
        json.dumps(game.options, sort_keys=True, default=str),
        tuple(seat.player.name for seat in game.seats),
    )


def rules_game(game: Game) -> State:
    """The rules' value of a stored game, its rounds replayed in order."""
    return replayed(
        game.kind,
        game.first_dealer,
        game.options,
        [seat.player.name for seat in game.seats],
        ((row.facts, row.dealer) for row in game.rounds),
    )


def replayed(
    kind: str,
    first_dealer: int,
    options: Mapping[str, Any],
    names: Sequence[str],
    rounds: Iterable[tuple[Mapping[str, Any], int]],
) -> State:
    """A game's rules' value from what is stored of it: each round's facts and dealer,
    in order."""
    rules = GAMES[kind]
    state = rules(
        players=tuple(names),
        first_dealer=first_dealer,
        options=rules.options_from_mapping(options, len(names)),
    )
    for facts, dealer in rounds:
        state = state.load_round({**facts, "dealer": dealer})
    return state


_GAME_ROW = select(Game.kind, Game.first_dealer, Game.options).where(
    Game.id == bindparam("game_id")
)
_SEAT_NAMES = (
    select(Player.name)
    .join(Seat, Seat.player_id == Player.id)
    .where(Seat.game_id == bindparam("game_id"))
    .order_by(Seat.seat)
)
_ROUND_ROWS = (
    select(Round.facts, Round.dealer)
    .where(Round.game_id == bindparam("game_id"))
    .order_by(Round.number)
)


def stored_replay(game_id: str) -> State:
    """The rules' value of a stored game read as plain rows, in the session's transaction,
    without the ORM's objects (a few times faster for a game read to be shown alone), or
    NotFound."""
    ids = {"game_id": game_id}
    game = db.session.execute(_GAME_ROW, ids).first()
    if game is None:
        raise NotFound(f"game {game_id}")
    names = list(db.session.scalars(_SEAT_NAMES, ids))
    rounds = db.session.execute(_ROUND_ROWS, ids)
    return replayed(game.kind, game.first_dealer, game.options, names, rounds)
