"""Rounds: recording, correcting and undoing one, each a transaction of its own that
checks the version the phone showed and the form's one-time key."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError, OperationalError

from ..extensions import db
from ..i18n import N_, gettext
from ..models import (
    Game,
    GameChange,
    Round,
    Submission,
)
from ..rules.errors import BidError, GameOverError, RoundRefused
from .caches import refresh_results, update_summaries
from .corrections import round_changes
from .errors import SAID, Conflict, NotFound, StaleEdit, StorageError
from .games import State, StoredGame, rules_game

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
    form's one-time key. Either may be missing (a simple API client sends neither)."""

    version: int | None = None
    key: str | None = None


NO_EDIT = Edit()

PENDING_CHANGE = "bids"
"""The last word of a change to a round's pending part (``round 4 bids``): not a change
to the game's history, so it never makes a page stale (:func:`changes_since`)."""


def record_round(record: StoredGame, data: Mapping[str, Any], edit: Edit = NO_EDIT) -> StoredGame:
    """Store the next round, if the rules accept it; otherwise store nothing."""
    current = _begin_write(record)
    replay = _replayed(current, edit)
    if replay is not None:
        return replay
    _check_version(current, edit)
    state = current.state
    if state.finished:
        raise Conflict(
            N_("The game is over: it ended after round %(number)s"),
            "number",
            number=len(state.rounds),
        )
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


def completed_round(record: StoredGame, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The round to record: a body giving only the play (``{"tricks": [...]}``) completes
    the pending part; any other body is a whole round, as ever."""
    pending = record.pending
    if pending is None or not isinstance(data, Mapping) or not data:
        return data
    if not set(data) <= set(record.state.play_fields):
        return data
    if pending.hidden:
        db.session.rollback()
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
    return StoredGame(game, rules_game(game))


def _replayed(current: StoredGame, edit: Edit) -> StoredGame | None:
    """The game as it stands, when this form's one-time key was already stored."""
    if not edit.key:
        return None
    seen = db.session.get(Submission, _scoped_key(current.row, edit.key))
    if seen is None:
        return None
    if seen.game_id != current.id:
        raise Conflict(N_("That form belongs to another game: reload the page"), "key")
    db.session.rollback()
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
    update_summaries([refresh_results(game, state, first_changed, previous)])
    game.version += 1
    db.session.add(
        GameChange(game_id=game.id, version=game.version, summary=summary, detail=detail)
    )
    if edit.key:
        db.session.add(
            Submission(key=_scoped_key(game, edit.key), game_id=game.id, version=game.version)
        )
    _commit_or_conflict(N_("The game changed meanwhile: reload it"))


def _require_recorded(record: StoredGame, number: int) -> None:
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
