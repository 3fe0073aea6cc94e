"""Game nights: the evening a game belongs to, and a night's date, place and note."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app
from sqlalchemy import select

from ..extensions import db
from ..i18n import N_
from ..models import (
    Game,
    Night,
    Seat,
    User,
)
from . import writes
from .caches import refresh_summaries
from .errors import NotFound
from .ratings import rerate_since
from .text import check_free_text

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


def update_night(owner: User, night_id: int, when: date, place: str, note: str) -> Night:
    night = db.session.get(Night, night_id)
    if night is None or night.owner_id != owner.id:
        raise NotFound(f"night {night_id}")
    # Nothing hidden: no control characters, nothing invisible or reordering the text.
    check_free_text(place, "place", N_("Place"))
    check_free_text(note, "note", N_("Note"), lines=True)
    moved = when != night.date
    if moved:
        night.evening = None  # no longer the night a Start on that evening would open
        earliest = min(when, night.date)
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
        # The night's games now come elsewhere in the order played.
        rerate_since(
            owner.id,
            db.session.scalars(select(Game.kind).where(Game.night_id == night.id).distinct()),
            earliest,
        )
    writes.commit()
    return night
