"""The corrections the table can see: what each change after the fact did to a round
(stored with the change, field by field), read back for the game's page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import GameChange
from .games import State, StoredGame
from .nights import evening_of, table_zone

SHOWN = ("corrected", "undone")
"""The changes the list shows: those made after the fact, never a round recorded in turn
nor the bids said for the round being played."""


@dataclass(frozen=True)
class Correction:
    """One change after the fact: round ``number`` ``done`` ("corrected" or "undone") at
    ``at`` (the table's local time), and for a correction what it changed, field by field
    (none: nothing; None: a correction stored before its fields were). ``later``: the
    change was made on another evening than the game was played."""

    number: int
    done: str
    at: datetime
    changes: list[dict[str, Any]] | None = None
    later: bool = False


def round_changes(
    state: State, before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """What a correction changed, field by field: a seat's number in a list the round
    gives for every seat (``{"field": "bids", "seat": 0, "old": 2, "new": 1}``), any other
    field whole (``{"field": "trump", "old": "hearts", "new": "spades"}``).

    >>> from scorekeeper.games.wizard.rules import WizardGame
    >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
    >>> before = {"trump": "hearts", "bids": [2, 0, 1]}
    >>> for change in round_changes(game, before, {"trump": "spades", "bids": [1, 0, 1]}):
    ...     print(change)
    {'field': 'bids', 'seat': 0, 'old': 2, 'new': 1}
    {'field': 'trump', 'old': 'hearts', 'new': 'spades'}
    """
    changes: list[dict[str, Any]] = []
    order = ["dealer", *state.seat_lists]
    names = order + sorted((set(before) | set(after)) - set(order))
    for name in names:
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if (
            name in state.seat_lists
            and isinstance(old, list)
            and isinstance(new, list)
            and len(old) == len(new)
        ):
            changes.extend(
                {"field": name, "seat": seat, "old": was, "new": now}
                for seat, (was, now) in enumerate(zip(old, new, strict=True))
                if was != now
            )
        else:
            changes.append({"field": name, "old": old, "new": new})
    return changes


def corrections(record: StoredGame) -> list[Correction]:
    """The game's corrections and undos, newest first."""
    rows = db.session.execute(
        select(GameChange.summary, GameChange.changed_at, GameChange.detail)
        .where(GameChange.game_id == record.id)
        .order_by(GameChange.version.desc())
    )
    zone = table_zone()
    played = evening_of(record.row.created_at.replace(tzinfo=UTC), zone)
    found = []
    for summary, changed_at, detail in rows:
        _word, _, rest = summary.partition(" ")
        number, _, done = rest.partition(" ")
        if done not in SHOWN or not number.isdigit():
            continue
        at = changed_at.replace(tzinfo=UTC).astimezone(zone)
        changes = (
            [change for change in detail if isinstance(change, dict)]
            if isinstance(detail, list)
            else None
        )
        later = evening_of(at, zone) != played
        found.append(Correction(int(number), done, at, changes, later))
    return found
