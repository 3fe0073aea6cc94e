"""Printed blank sheets and the games typed back in from them.

A blank sheet carries a code (under its QR code) that opens a page to type the played
sheet in, laid out like it. The code is worked out from what the sheet is for (the game,
its names or none, the first dealer, the options, its columns), so the same sheet printed
again carries the same code and the sheet itself can be kept once made; the row that
turns the code back into those parameters is written once, the first time the sheet is
printed (:func:`sheet_code`). The row holds nothing a person could not print anyway.

A sheet typed in is stored as an ordinary game, with all its rounds, in one transaction
(:func:`store_played_sheet`), in the account's night of the date written on the sheet.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..games import GAMES
from ..i18n import N_
from ..models import Game, Night, PrintedSheet, Seat, Submission, User, utcnow
from ..rules.errors import RoundRefused, RuleError
from . import writes
from .caches import refresh_results, update_summaries
from .errors import Conflict, KeyReused, NotFound, StorageError
from .games import State, StoredGame, _game_made, _start_key, _started_with
from .nights import evening_of, table_zone
from .players import check_names_apart, player_named
from .ratings import update_ratings
from .rounds import _round_row, log_change

CODE_ALPHABET = "0123456789"
"""A code's characters: digits, typed on the same number keypad as the sheet's numbers,
and read alike in every language and script."""
CODE_LENGTH = 10
"""10¹⁰ codes: none guessed by chance, and typed in a few seconds."""
CODE_ATTEMPTS = 8
"""How many codes a sheet's parameters may try before one is theirs (another sheet's
code is never reused; the first is almost always free)."""
SHEET_HOUR = 20
"""A sheet typed in for an evening other than tonight's is dated at this hour of it."""


@dataclass(frozen=True)
class SheetParameters:
    """What a printed blank sheet is for."""

    kind: str
    player_count: int
    names: tuple[str, ...]
    """In seat order; empty for a sheet without names."""
    first_dealer: int
    options: Mapping[str, Any]
    pad: bool = False

    def canonical(self) -> str:
        return json.dumps(
            [
                self.kind,
                self.player_count,
                list(self.names),
                self.first_dealer,
                dict(self.options),
                self.pad,
            ],
            sort_keys=True,
            ensure_ascii=False,
            separators=(",", ":"),
        )


def _candidate(parameters: SheetParameters, attempt: int) -> str:
    """The ``attempt``-th code the parameters may take.

    >>> p = SheetParameters("wizard", 4, (), 0, {"hook": True})
    >>> _candidate(p, 0) == _candidate(p, 0) != _candidate(p, 1)
    True
    >>> len(_candidate(p, 0)), _candidate(p, 0).isdigit()
    (10, True)
    """
    digest = hashlib.sha256(f"{parameters.canonical()}#{attempt}".encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[index])
    return "".join(letters)


def _parameters(row: PrintedSheet) -> SheetParameters:
    return SheetParameters(
        row.kind,
        row.player_count,
        tuple(row.names),
        row.first_dealer,
        dict(row.options),
        row.pad,
    )


def sheet_code(parameters: SheetParameters) -> str:
    """The code printed on a blank sheet of these parameters: the row that reads it back
    is made the first time (raises :class:`StorageError` when it cannot be stored)."""
    for attempt in range(CODE_ATTEMPTS):
        code = _candidate(parameters, attempt)
        try:
            found = db.session.get(PrintedSheet, code)
        except writes.STORAGE_ERRORS as error:
            writes.safe_rollback()
            raise StorageError(str(getattr(error, "orig", error))) from error
        if found is not None:
            if _parameters(found) == parameters:
                return code
            continue  # another sheet's code: the next one
        writes.begin()
        db.session.add(
            PrintedSheet(
                code=code,
                kind=parameters.kind,
                player_count=parameters.player_count,
                names=list(parameters.names),
                first_dealer=parameters.first_dealer,
                options=dict(parameters.options),
                pad=parameters.pad,
            )
        )
        try:
            writes.commit(_sheet_made(code))
        except IntegrityError:
            # The same sheet printed at once elsewhere (or, by a chance in a trillion,
            # another sheet took the code): look again.
            found = db.session.get(PrintedSheet, code)
            if found is not None and _parameters(found) == parameters:
                return code
            continue
        except writes.STORAGE_ERRORS as error:
            writes.safe_rollback()
            raise StorageError(str(getattr(error, "orig", error))) from error
        return code
    raise StorageError("no free code for this sheet")


def _sheet_made(code: str) -> writes.Probe:
    def stored(connection: Any) -> bool:
        found = connection.execute(select(PrintedSheet.code).where(PrintedSheet.code == code))
        return found.first() is not None

    return stored


def normal_code(typed: str) -> str:
    """A code as typed (with spaces or dashes, in any script's digits) as it is stored.

    >>> normal_code(" 48210-93755 "), normal_code("४८२१०९३७५५")
    ('4821093755', '4821093755')
    """
    digits = (str(int(ch)) for ch in typed if ch.isdecimal())
    return "".join(digits)[: CODE_LENGTH + 4]


def shown_code(code: str) -> str:
    """A code as printed, in two halves.

    >>> shown_code("4821093755")
    '48210-93755'
    """
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def printed_sheet(code: str) -> SheetParameters:
    """What the sheet with this code is for; :class:`NotFound` for a code never printed."""
    key = normal_code(code) if isinstance(code, str) else ""
    row = db.session.get(PrintedSheet, key) if len(key) == CODE_LENGTH else None
    if row is None or row.kind not in GAMES:
        raise NotFound(f"sheet {code}")
    return _parameters(row)


class RowRefused(RoundRefused):
    """A round of the sheet the rules refuse: its number, and every reason."""

    def __init__(self, number: int, errors: Sequence[RuleError]) -> None:
        super().__init__(list(errors))
        self.number = number


def replay_sheet(state: State, rounds: Sequence[Mapping[str, Any]]) -> State:
    """The game after the sheet's rounds, each judged by the rules in turn; raises
    :class:`RowRefused` for the first round they refuse."""
    for number, data in enumerate(rounds, start=1):
        try:
            state = state.apply_round(state.parse_round(data, number))
        except RoundRefused as refused:
            raise RowRefused(number, refused.errors) from None
        except RuleError as error:
            raise RowRefused(number, [error]) from None
    return state


def store_played_sheet(
    owner: User,
    parameters: SheetParameters,
    names: Sequence[str],
    first_dealer: int,
    rounds: Sequence[Mapping[str, Any]],
    evening: date,
    key: str | None = None,
    digest: str | None = None,
) -> StoredGame:
    """The played sheet as a game of ``owner``'s, with every round, in their night of
    ``evening`` (made if need be), in one transaction. ``key``: the page's one-time key
    (sent twice, it answers with the game stored the first time, ``replayed``).

    Raises the rules' ``RoundRefused`` for the table or options, :class:`RowRefused` for
    a round, :class:`Conflict` when the night was made meanwhile twice over."""
    rules = GAMES[parameters.kind]
    start = rules.new(names, first_dealer, parameters.options)
    state = replay_sheet(start, rounds)
    for attempt in range(1, 4):
        try:
            return _store(owner, start, state, evening, key, digest)
        except IntegrityError:
            writes.safe_rollback()
            if attempt == 3:
                raise Conflict(N_("Another phone started a game meanwhile: try again")) from None
        except writes.STORAGE_ERRORS as error:
            writes.safe_rollback()
            raise StorageError(str(getattr(error, "orig", error))) from error
    raise AssertionError("unreachable")


def _store(
    owner: User,
    start: State,
    state: State,
    evening: date,
    key: str | None,
    digest: str | None,
) -> StoredGame:
    writes.begin()
    stored = _started_with(owner, key, digest)
    if stored is not None:
        return stored
    night = night_of(owner, evening)
    check_names_apart(owner, state.players, night)
    created = _dated(evening)
    game = Game(
        owner_id=owner.id,
        kind=state.key,
        first_dealer=state.first_dealer,
        options=state.options_mapping(),
        night=night,
        created_at=created,
        updated_at=created,
    )
    db.session.add(game)
    with db.session.no_autoflush:
        for seat, name in enumerate(state.players):
            game.seats.append(Seat(seat=seat, player=player_named(owner, name)))
    db.session.flush()
    for number in range(1, len(state.rounds) + 1):
        row = _round_row(state, number)
        row.recorded_at = created
        game.rounds.append(row)
        log_change(game, f"{state.round_word} {number} recorded")
    changes = [refresh_results(game, state, 1, start)]
    update_summaries(changes)
    update_ratings(game.owner_id, changes)
    if key:
        db.session.add(
            Submission(
                key=_start_key(owner, key), game_id=game.id, version=game.version, digest=digest
            )
        )
    writes.commit(_game_made(game.id))
    return StoredGame(game, state)


def night_of(owner: User, evening: date) -> Night:
    """The account's night of that evening: the one opened for it, else one dated that
    day, else a new one."""
    night = db.session.scalar(
        select(Night).where(Night.owner_id == owner.id, Night.evening == evening).limit(1)
    ) or db.session.scalar(
        select(Night)
        .where(Night.owner_id == owner.id, Night.date == evening)
        .order_by(Night.id)
        .limit(1)
    )
    if night is None:
        night = Night(owner_id=owner.id, date=evening, evening=evening)
        db.session.add(night)
    return night


def this_evening() -> date:
    """Tonight's evening, as a new game's night counts it (after midnight, yesterday's)."""
    return evening_of(datetime.now(table_zone()), table_zone())


def _dated(evening: date) -> datetime:
    """When a game typed in for ``evening`` is dated: now for tonight's; else that
    evening at :data:`SHEET_HOUR`, in the table's time zone (stored in UTC)."""
    now = utcnow()
    if evening == this_evening():
        return now
    local = datetime.combine(evening, time(SHEET_HOUR), tzinfo=table_zone())
    return local.astimezone(UTC).replace(tzinfo=None)


__all__ = [
    "KeyReused",
    "NotFound",
    "RowRefused",
    "SheetParameters",
    "normal_code",
    "printed_sheet",
    "replay_sheet",
    "sheet_code",
    "shown_code",
    "store_played_sheet",
    "this_evening",
]
