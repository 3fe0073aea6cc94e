"""Rounds: recording, correcting and undoing one, each a transaction of its own that
checks the version the phone showed and the form's one-time key."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..i18n import N_, gettext
from ..models import (
    Game,
    GameChange,
    Round,
    Submission,
    utcnow,
)
from ..rules.errors import BidError, GameOverError, RoundRefused
from . import writes
from .caches import refresh_results, update_summaries
from .corrections import round_changes
from .errors import SAID, Conflict, KeyReused, NotFound, StaleEdit, StorageError
from .games import State, StoredGame, game_row, replay_basis, rules_game
from .ratings import update_ratings

ONLY_THE_LAST: dict[str, str] = {
    "round": N_(
        "Only the last round (round %(last)s) can be undone; correct round %(number)s instead"
    ),
    "hand": N_("Only the last hand (hand %(last)s) can be undone; correct hand %(number)s instead"),
}
"""Refusing to undo a round before the last, whole, by the game's word for a round."""


@dataclass(frozen=True)
class Edit:
    """What a change is based on: the version of the game the phone showed, and the
    form's one-time key. Either may be missing (a simple API client sends neither).
    ``digest``: a hash of what was sent with the key (the API's), so that the key sent
    again with another change is refused rather than answered as the first one."""

    version: int | None = None
    key: str | None = None
    digest: str | None = None


NO_EDIT = Edit()

PENDING_CHANGE = "bids"
"""The last word of a change to a round's pending part (``round 4 bids``): not a change
to the game's history, so it never makes a page stale (:func:`changes_since`)."""


def record_round(
    record: StoredGame, data: Mapping[str, Any], edit: Edit = NO_EDIT, number: int | None = None
) -> StoredGame:
    """Store the next round, if the rules accept it; otherwise store nothing. ``number``:
    the round the sender means (a round sent again after it was stored is then refused,
    not recorded as the next one)."""
    current = _begin_write(record)
    replay = _replayed(current, edit)
    if replay is not None:
        return replay
    _check_version(current, edit)
    state = current.state
    if state.finished:
        writes.safe_rollback()
        raise Conflict(
            N_("The game is over: it ended after round %(number)s"),
            "number",
            number=len(state.rounds),
        )
    _check_number(state, number)
    try:
        new_state = state.apply_round(state.parse_round(completed_round(current, data)))
    except GameOverError as error:
        raise Conflict(SAID, error.field, sentence=error) from None
    number = len(new_state.rounds)
    current.row.rounds.append(_round_row(new_state, number))
    current.row.pending = None  # recorded whole: its pending part is done with
    _finish_write(
        current.row, state, new_state, f"{state.round_word} {number} recorded", edit, number
    )
    return StoredGame(current.row, new_state)


def correct_round(
    record: StoredGame, number: int, data: Mapping[str, Any], edit: Edit = NO_EDIT
) -> StoredGame:
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
    detail = round_changes(
        state, state.rounds[number - 1].to_mapping(), new_state.rounds[number - 1].to_mapping()
    )
    row.dealer, row.facts = fresh.dealer, fresh.facts
    _finish_write(
        current.row,
        state,
        new_state,
        f"{state.round_word} {number} corrected",
        edit,
        number,
        detail,
    )
    return StoredGame(current.row, new_state)


def undo_round(record: StoredGame, number: int, edit: Edit = NO_EDIT) -> StoredGame:
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
        raise Conflict(ONLY_THE_LAST[word], "number", last=last, number=number)
    row = current.row.rounds.pop()
    db.session.delete(row)
    current.row.pending = None  # bids said for the round after it: that round is gone
    new_state = current.state.undo_round()
    _finish_write(current.row, current.state, new_state, f"{word} {number} undone", edit, number)
    return StoredGame(current.row, new_state)


def _check_number(state: State, number: int | None) -> None:
    """A change meant for round ``number`` is refused when another round is next."""
    upcoming = state.next_round
    if number is None or upcoming is None or number == upcoming.number:
        return
    writes.safe_rollback()
    template = {
        "round": N_(
            "That was for round %(old)s, but round %(number)s is next: round %(old)s"
            " is recorded already"
        ),
        "hand": N_(
            "That was for hand %(old)s, but hand %(number)s is next: hand %(old)s"
            " is recorded already"
        ),
    }
    if number > upcoming.number:
        template = {
            "round": N_("That was for round %(old)s, but round %(number)s is next"),
            "hand": N_("That was for hand %(old)s, but hand %(number)s is next"),
        }
    raise Conflict(template[state.round_word], "number", old=number, number=upcoming.number)


def completed_round(record: StoredGame, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The round to record: a body giving only the play (``{"tricks": [...]}``) completes
    the pending part; any other body is a whole round, as ever."""
    pending = record.pending
    if pending is None or not isinstance(data, Mapping) or not data:
        return data
    if not set(data) <= set(record.state.play_fields):
        return data
    if pending.hidden:
        writes.safe_rollback()
        raise RoundRefused(
            [BidError("Not every bid is in yet: reveal the bids, or enter the missing ones")]
        )
    return {**pending.facts, "dealer": pending.dealer, **data}


def changes_since(game: Game, version: int) -> list[str]:
    """What happened to the game's rounds after ``version``, oldest first (a change to
    the pending bids of the round being played is none of them)."""
    summaries = db.session.scalars(
        select(GameChange.summary)
        .where(GameChange.game_id == game.id, GameChange.version > version)
        .order_by(GameChange.version)
    )
    return [summary for summary in summaries if not summary.endswith(" " + PENDING_CHANGE)]


def _begin_write(record: StoredGame) -> StoredGame:
    """Start a write on the latest state of the game, and hold it until the commit.

    SQLite: an immediate transaction, so a write never fails halfway on a lock taken
    by another writer; PostgreSQL: the game's row locked for update.
    """
    game_id = record.id
    writes.begin()
    try:
        game = game_row(game_id, locked=True)
    except writes.STORAGE_ERRORS as error:
        writes.safe_rollback()
        raise StorageError(str(getattr(error, "orig", error))) from error
    if game is None:
        writes.safe_rollback()
        raise NotFound(game_id)
    basis = replay_basis(game)
    if record.basis is not None and basis == record.basis:
        # Nothing the replay reads has changed since the page's request read the game
        # (every change to its rounds is a new version): its replay stands.
        return StoredGame(game, record.state, basis=basis)
    return StoredGame(game, rules_game(game), basis=basis)


def _replayed(current: StoredGame, edit: Edit) -> StoredGame | None:
    """The game as it stands, when this form's one-time key was already stored."""
    if not edit.key:
        return None
    seen = db.session.get(Submission, _scoped_key(current.row, edit.key))
    if seen is None:
        return None
    writes.safe_rollback()
    if seen.game_id != current.id:
        raise Conflict(N_("That form belongs to another game: reload the page"), "key")
    if seen.digest is not None and edit.digest is not None and seen.digest != edit.digest:
        raise KeyReused()
    return StoredGame(current.row, current.state, replayed=True)


def was_stored(record: StoredGame, key: str | None) -> bool:
    """Whether a change with this one-time key was stored already (a double tap, a page
    sent twice): read only, for a page that is not going to be stored anyway."""
    if not key or len(key) > 64 or not key.isalnum():
        return False
    seen = db.session.get(Submission, _scoped_key(record.row, key))
    return seen is not None and seen.game_id == record.id


def _scoped_key(game: Game, key: str) -> str:
    """A one-time key as stored: an account's keys never meet another account's."""
    return hashlib.sha256(f"{game.owner_id}:{key}".encode()).hexdigest()


def _check_version(current: StoredGame, edit: Edit) -> None:
    if edit.version is not None and edit.version != current.row.version:
        # A version from this game's past lists what came after it; any other number
        # (too big, negative) was never this game's and lists nothing. Only changes to
        # the pending bids since: nothing the page showed has changed.
        known = 0 <= edit.version < current.row.version
        changes = changes_since(current.row, edit.version) if known else []
        if known and not changes:
            return
        writes.safe_rollback()
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


def said_changes_since(record: StoredGame, version: int | None) -> list[str]:
    """What happened to the game after ``version``, as the reader says it; nothing for a
    version that was never this game's (missing, too big, negative)."""
    if version is None or not 0 <= version < record.row.version:
        return []
    return [said_change(change) for change in changes_since(record.row, version)]


def _finish_write(
    game: Game,
    previous: State,
    state: State,
    summary: str,
    edit: Edit,
    first_changed: int,
    detail: list[dict[str, Any]] | None = None,
) -> None:
    """The caches (from round ``first_changed`` on), one more version, what it changed
    (``detail``: a correction's fields), the form's key; then the commit (``previous``:
    the game before the change)."""
    changes = [refresh_results(game, state, first_changed, previous)]
    update_summaries(changes)
    update_ratings(game.owner_id, changes)
    log_change(game, summary, detail)
    if edit.key:
        db.session.add(
            Submission(
                key=_scoped_key(game, edit.key),
                game_id=game.id,
                version=game.version,
                digest=edit.digest,
            )
        )
    _commit_or_conflict(N_("The game changed meanwhile: reload it"), game)


def log_change(game: Game, summary: str, detail: list[dict[str, Any]] | None = None) -> None:
    """One more version of the game, and what it changed, in the change's transaction."""
    game.version += 1
    db.session.add(
        GameChange(
            game_id=game.id,
            version=game.version,
            summary=summary,
            detail=detail,
            changed_at=utcnow(),
        )
    )


def _require_recorded(record: StoredGame, number: int) -> None:
    if not 1 <= number <= len(record.state.rounds):
        writes.safe_rollback()
        raise NotFound(f"round {number}")


def _round_row(state: State, number: int) -> Round:
    facts = state.rounds[number - 1].to_mapping()
    dealer = facts.pop("dealer")
    return Round(number=number, dealer=dealer, facts=facts)


def _commit_or_conflict(message: str, game: Game | None = None) -> None:
    """Commit the game's change (see services.writes: its outcome known before it is
    answered); a unique key taken meanwhile by another phone's change is a conflict."""
    try:
        writes.commit(_probe(game) if game is not None else None)
    except IntegrityError:
        raise Conflict(message) from None


def _probe(game: Game) -> writes.Probe:
    """Whether this very change of ``game`` is stored: its change log's row, at its
    version and to the microsecond of its time (no other change has both)."""
    change = next(
        (new for new in db.session.new if isinstance(new, GameChange) and new.game_id == game.id),
        None,
    )
    if change is None:
        return lambda _connection: False
    version, changed_at = change.version, change.changed_at

    def stored(connection: Connection) -> bool:
        found = connection.execute(
            select(GameChange.id).where(
                GameChange.game_id == game.id,
                GameChange.version == version,
                GameChange.changed_at == changed_at,
            )
        ).first()
        return found is not None

    return stored
