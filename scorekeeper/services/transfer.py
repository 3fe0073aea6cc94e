"""Export and import: an account's whole history as one JSON document, a game as CSV.

An import is judged as a whole: every game is replayed through the rules first, and a
file with any error is refused with a message naming the game and round; nothing is
stored. Games already there (the same lasting uid) are skipped, so importing a file
twice changes nothing the second time.

The documents themselves (the export's fields, the CSV's headings and words) are a data
format and stay English; only the refusals, which a person reads, are translated.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

from flask import current_app
from flask_babel import format_decimal
from sqlalchemy import delete, exists, select, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload

from .. import limits
from ..extensions import db
from ..i18n import N_, game_word, translate
from ..models import Game, Night, Player, Round, Seat, User
from ..rules import GAMES, RuleError
from ..rules.errors import RoundRefused
from ..rules.names import NameRefused, readable_name
from .caches import SummaryChange, refresh_results, refresh_summaries, update_summaries
from .errors import SAID, ImportRefused, Sentence
from .games import State, rules_game
from .text import plain_text

FORMAT = "scorekeeper-export"
FORMAT_VERSION = 1
# Text a spreadsheet would run as a formula: neutralised with a leading apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The years a night or a game may be dated in: any date a file can hold is either within
# them or refused with a message (year 1 in a time zone east of UTC is no date at all).
YEARS = (1900, 2999)


ROUND_REFUSALS: dict[str, str] = {
    "round": N_("%(game)s, round %(number)s: %(errors)s: nothing was imported"),
    "hand": N_("%(game)s, hand %(number)s: %(errors)s: nothing was imported"),
}
"""A round of an imported game refused, whole, by the game's word for a round."""


# -- export --------------------------------------------------------------------


def export_account(owner: User) -> dict[str, Any]:
    """Everything of the account, in an order that does not depend on the database."""
    nights = db.session.scalars(
        select(Night).where(Night.owner_id == owner.id).order_by(Night.date, Night.uid)
    ).all()
    games = db.session.scalars(
        select(Game)
        .where(Game.owner_id == owner.id)
        .options(selectinload(Game.night))
        .order_by(Game.created_at, Game.uid)
    ).all()
    players = db.session.scalars(
        select(Player.name).where(Player.owner_id == owner.id).order_by(Player.name)
    ).all()
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "players": list(players),
        "nights": [
            {"uid": n.uid, "date": n.date.isoformat(), "place": n.place, "note": n.note}
            for n in nights
        ],
        # Sorted as written (to the second), so a re-import exports in the same order.
        "games": sorted(
            (_export_game(game) for game in games), key=lambda g: (g["created_at"], g["uid"])
        ),
    }


def _export_game(game: Game) -> dict[str, Any]:
    return {
        "uid": game.uid,
        "night": game.night.uid,
        "game": game.kind,
        "created_at": game.created_at.isoformat(timespec="seconds"),
        "players": [seat.player.name for seat in game.seats],
        "first_dealer": game.first_dealer,
        "options": dict(game.options),
        "rounds": [{"dealer": r.dealer, **r.facts} for r in game.rounds],
    }


def game_csv(game: Game) -> str:
    """A game as a spreadsheet: a row a round, each player's columns, running totals."""
    state = rules_game(game)
    out = io.StringIO()
    writer = csv.writer(out)
    names = [safe_cell(name) for name in state.players]
    fact_keys = [key for key in _fact_keys(state) if key not in ("dealer",)]
    header: list[Any] = ["round", "cards", "dealer", *fact_keys]
    for name in names:
        header += [f"{name} bid", f"{name} took", f"{name} score", f"{name} total"]
    writer.writerow(header)
    for scored in state.scored_rounds:
        facts = scored.record.to_mapping()
        row: list[Any] = [scored.number, scored.cards, names[facts["dealer"]]]
        for key in fact_keys:
            value = facts.get(key)
            row.append(_cell(value, names))
        for seat, outcome in enumerate(state.seat_outcomes(scored.record)):
            row += [
                "" if outcome.bid is None else outcome.bid,
                outcome.took,
                scored.scores[seat],
                scored.totals[seat],
            ]
        writer.writerow(row)
    return out.getvalue()


def _fact_keys(state: State) -> list[str]:
    """A column for every fact any round has, in the order they first appear: a fact
    written only where it happened (Wizard's Bomb, Cloud, Werewolf) may first come in a
    later round."""
    keys: dict[str, None] = {}
    for record in state.rounds:
        keys.update(dict.fromkeys(record.to_mapping()))
    # Per-seat lists are spread over the players' columns instead.
    return [k for k in keys if k not in ("bids", "tricks", "points")]


def _cell(value: Any, names: list[str]) -> Any:
    """A fact as a spreadsheet cell; a group of facts (who won the Cloud's trick and how
    their bid changed) as "seat Cai, change 1", a seat by its player's name."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return safe_cell(
            ", ".join(
                f"{key} {names[part] if key == 'seat' and _is_seat(part, names) else part}"
                for key, part in value.items()
            )
        )
    if isinstance(value, list):
        return " ".join("pass" if v is None else str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    return safe_cell(str(value))


def _is_seat(value: Any, names: list[str]) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names)


def safe_cell(text: str) -> str:
    """Text that a spreadsheet will show, never run.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("Ana"), safe_cell("-20 points")
    ("'=HYPERLINK(1)", 'Ana', "'-20 points")
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


# -- import --------------------------------------------------------------------


def import_file(owner: User, raw: bytes) -> dict[str, int]:
    """Import an uploaded export (its bytes: at most ``IMPORT_MAX_CONTENT_LENGTH``, one
    more read tells it is too big), refused whole when too big, too deep or not JSON."""
    try:
        if len(raw) > int(current_app.config["IMPORT_MAX_CONTENT_LENGTH"]):
            raise ImportRefused(N_("The file is too big for an export: nothing was imported"))
        if limits.too_deep(raw):
            raise ImportRefused(SAID, sentence=limits.depth_message())
        try:
            document: Any = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise ImportRefused(N_("The file is not readable JSON: nothing was imported")) from None
        return import_account(owner, document)
    except ImportRefused:
        db.session.rollback()
        raise


def import_account(owner: User, document: Any) -> dict[str, int]:
    """Import an export document into ``owner``'s account, all or nothing.

    Every game is judged before the first is written. The writing goes in batches of
    ``IMPORT_BATCH_GAMES`` games, a transaction each, so that on SQLite other accounts'
    changes wait for one batch, never for the whole file; when a batch cannot be stored,
    the batches before it are taken back, and nothing was imported.

    Returns how many games and nights were added and games skipped (already there).
    """
    games, nights = _read_document(document)
    names = document.get("players") or []
    if not isinstance(names, list) or not all(isinstance(n, str) and len(n) <= 200 for n in names):
        raise ImportRefused(N_("The list of players is not readable: nothing was imported"))
    try:
        # The same names a game's seats would keep (NFKC, nothing invisible).
        names = [readable_name(n, "players") for n in names]
    except NameRefused as refused:
        raise ImportRefused(
            "%(sentence)s (%(reason)s)",
            sentence=Sentence(N_("The list of players is not readable: nothing was imported")),
            reason=refused,
        ) from None
    known_games = set(db.session.scalars(select(Game.uid).where(Game.owner_id == owner.id)).all())
    states = [_judge_game(number, game) for number, game in enumerate(games, start=1)]

    added = {"games": 0, "nights": 0, "skipped": 0}
    todo: list[tuple[dict[str, Any], State]] = []
    for game, state in zip(games, states, strict=True):
        if game["uid"] in known_games:
            added["skipped"] += 1
            continue
        known_games.add(game["uid"])
        todo.append((game, state))
    written = _Written()
    try:
        _write_import(owner, nights, todo, names, written, added)
    except (IntegrityError, OperationalError):
        db.session.rollback()
        written.take_back(owner)
        raise ImportRefused(
            N_(
                "The import could not be stored just now (the storage is busy or full, or"
                " the same file is being imported elsewhere): nothing was imported. Try again"
                " in a moment."
            )
        ) from None
    return added


class _Written:
    """What an import's committed batches have added, to take back should a later one fail."""

    def __init__(self) -> None:
        self.games: list[str] = []
        self.nights: list[int] = []
        self.players: list[int] = []

    def take_back(self, owner: User) -> None:
        """Remove the games, and the nights and players made for them that nothing else
        has come to use meanwhile; the summaries of the games' players counted afresh."""
        seated: set[int] = set()
        for chunk in _chunks(self.games, 500):
            seated.update(db.session.scalars(select(Seat.player_id).where(Seat.game_id.in_(chunk))))
            db.session.execute(delete(Game).where(Game.owner_id == owner.id, Game.id.in_(chunk)))
        for nights in _chunks(self.nights, 500):
            db.session.execute(
                delete(Night).where(
                    Night.id.in_(nights), ~exists().where(Game.night_id == Night.id)
                )
            )
        for players in _chunks(self.players, 500):
            db.session.execute(
                delete(Player).where(
                    Player.id.in_(players), ~exists().where(Seat.player_id == Player.id)
                )
            )
        refresh_summaries(
            db.session.scalars(select(Player.id).where(Player.id.in_(sorted(seated))))
        )
        db.session.commit()


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def _begin_batch(after_another: bool = False) -> None:
    """A batch's transaction; on SQLite it takes the write lock first, so it waits its
    turn (like a round's change) rather than failing on a lock halfway.

    On SQLite, a batch after another first leaves the database alone for a moment: a
    writer waiting for the lock looks again only every 100 ms or so (SQLite's busy
    handler), and would never find it free between two batches begun back to back."""
    db.session.rollback()
    if db.session.get_bind().dialect.name == "sqlite":
        if after_another:
            time.sleep(float(current_app.config["IMPORT_BATCH_PAUSE_SECONDS"]))
        db.session.execute(text("BEGIN IMMEDIATE"))


def _write_import(
    owner: User,
    nights: dict[str, dict[str, Any]],
    todo: list[tuple[dict[str, Any], State]],
    names: list[str],
    written: _Written,
    added: dict[str, int],
) -> None:
    batch_size = max(int(current_app.config["IMPORT_BATCH_GAMES"]), 1)
    _begin_batch()
    known_nights = {
        night.uid: night
        for night in db.session.scalars(select(Night).where(Night.owner_id == owner.id))
    }
    people = {
        player.name: player
        for player in db.session.scalars(select(Player).where(Player.owner_id == owner.id))
    }
    made_people: list[Player] = []

    def person(name: str) -> Player:
        if name not in people:
            people[name] = Player(owner_id=owner.id, name=name)
            db.session.add(people[name])
            made_people.append(people[name])
        return people[name]

    night_rows: dict[str, Night] = {}
    made_nights: list[Night] = []
    for uid, night in nights.items():
        if uid in known_nights:
            night_rows[uid] = known_nights[uid]
            continue
        row = Night(
            owner_id=owner.id, uid=uid, date=night["date"], place=night["place"], note=night["note"]
        )
        db.session.add(row)
        night_rows[uid] = row
        made_nights.append(row)
        added["nights"] += 1
    for start in range(0, max(len(todo), 1), batch_size):
        if start:
            _begin_batch(after_another=True)
        new_games: list[Game] = []
        with db.session.no_autoflush:
            for game, state in todo[start : start + batch_size]:
                row = Game(
                    owner_id=owner.id,
                    uid=game["uid"],
                    kind=state.key,
                    first_dealer=state.first_dealer,
                    options=state.options_mapping(),
                    created_at=game["created_at"],
                    updated_at=game["created_at"],
                    night=night_rows[game["night"]],
                )
                db.session.add(row)
                for seat, name in enumerate(state.players):
                    row.seats.append(Seat(seat=seat, player=person(name)))
                for number, record in enumerate(state.rounds, start=1):
                    facts = record.to_mapping()
                    dealer = facts.pop("dealer")
                    row.rounds.append(Round(number=number, dealer=dealer, facts=facts))
                new_games.append(row)
        db.session.flush()
        # Each batch brings its games into the players' summaries in its own transaction:
        # what is committed is counted, whatever happens to the batches after it.
        changes: list[SummaryChange] = [
            refresh_results(row, state)
            for row, (_game, state) in zip(new_games, todo[start : start + batch_size], strict=True)
        ]
        update_summaries(changes)
        written.games.extend(row.id for row in new_games)
        written.nights.extend(night.id for night in made_nights)
        written.players.extend(player.id for player in made_people)
        made_nights.clear()
        made_people.clear()
        db.session.commit()
        added["games"] += len(new_games)
    # The last transaction: the players named without a game.
    _begin_batch(after_another=True)
    for name in names:
        person(name)
    db.session.flush()
    written.players.extend(player.id for player in made_people)
    db.session.commit()


def _read_document(document: Any) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise ImportRefused(N_("This is not a Scorekeeper export: nothing was imported"))
    if document.get("version") != FORMAT_VERSION:
        raise ImportRefused(
            N_(
                "This export has version %(version)s; this app reads version %(wanted)s:"
                " nothing was imported"
            ),
            version=repr(document.get("version")),
            wanted=FORMAT_VERSION,
        )
    raw_nights, raw_games = document.get("nights"), document.get("games")
    if not isinstance(raw_nights, list) or not isinstance(raw_games, list):
        raise ImportRefused(N_("The export has no list of nights or games: nothing was imported"))
    most = int(current_app.config["IMPORT_MAX_GAMES"])
    if len(raw_games) > most:
        raise ImportRefused(
            N_(
                "This file holds %(count)s games, more than the %(most)s one import takes:"
                " nothing was imported"
            ),
            count=format_decimal(len(raw_games)),
            most=format_decimal(most),
        )
    nights: dict[str, dict[str, Any]] = {}
    for index, night in enumerate(raw_nights, start=1):
        try:
            uid = _uid(night.get("uid"))
            nights[uid] = {
                "date": date.fromisoformat(night["date"]),
                "place": _text(night.get("place", ""), 80),
                "note": _text(night.get("note", ""), 500),
            }
        except (AttributeError, KeyError, TypeError, ValueError):
            raise ImportRefused(
                N_(
                    "Night %(number)s is not readable (a uid, a date like 2026-11-29, a place"
                    " and a note): nothing was imported"
                ),
                number=index,
            ) from None
        if not YEARS[0] <= nights[uid]["date"].year <= YEARS[1]:
            raise ImportRefused(
                N_(
                    "Night %(number)s is dated %(date)s, not between the years %(first)s and"
                    " %(last)s: nothing was imported"
                ),
                number=index,
                date=night["date"],
                first=YEARS[0],
                last=YEARS[1],
            )
    games = []
    for index, game in enumerate(raw_games, start=1):
        try:
            read = {
                "uid": _uid(game.get("uid")),
                "night": game["night"],
                "game": game["game"],
                "created_at": _game_time(index, game["created_at"]),
                "players": game["players"],
                "first_dealer": game.get("first_dealer", 0),
                "options": game.get("options") or {},
                "rounds": game["rounds"],
            }
        except ImportRefused:
            raise
        except (AttributeError, KeyError, TypeError, ValueError):
            raise ImportRefused(
                N_("Game %(number)s is not readable: nothing was imported"), number=index
            ) from None
        if not isinstance(read["night"], str) or read["night"] not in nights:
            raise ImportRefused(
                N_("Game %(number)s names a night the file does not have: nothing was imported"),
                number=index,
            )
        if not isinstance(read["rounds"], list):
            raise ImportRefused(
                N_("Game %(number)s has no list of rounds: nothing was imported"), number=index
            )
        read["index"] = index
        games.append(read)
    return games, nights


def _judge_game(number: int, game: dict[str, Any]) -> State:
    """The game replayed through the rules; refused with the game and round named."""
    rules = GAMES.get(game["game"]) if isinstance(game["game"], str) else None
    if rules is None:
        raise ImportRefused(
            N_("Game %(number)s: there is no game “%(kind)s” here: nothing was imported"),
            number=number,
            kind=game["game"],
        )
    # The date as the file writes it, so the game can be found there.
    label = Sentence(
        N_("Game %(number)s (%(title)s, %(date)s)"),
        number=number,
        title=game_word(rules.title),
        date=game["created_at"].date().isoformat(),
    )
    try:
        state = rules.new(game["players"], game["first_dealer"], game["options"])
    except RuleError as error:
        raise ImportRefused(
            N_("%(game)s: %(errors)s: nothing was imported"), game=label, errors=_messages(error)
        ) from None
    for round_number, data in enumerate(game["rounds"], start=1):
        try:
            if not isinstance(data, Mapping):
                raise RuleError(N_("a round must be an object"))
            state = state.apply_round(state.parse_round(data))
        except RuleError as error:
            raise ImportRefused(
                ROUND_REFUSALS[state.round_word],
                game=label,
                number=round_number,
                errors=_messages(error),
            ) from None
    return state


def _messages(error: RuleError) -> str:
    """The rules' refusals, each in the reader's language, one after the other."""
    if isinstance(error, RoundRefused):
        return "; ".join(translate(e) for e in error.errors)
    return translate(error)


def _game_time(index: int, value: Any) -> datetime:
    """A game's time as stored (UTC), or refused when it lies outside :data:`YEARS`."""
    moment = datetime.fromisoformat(value)
    try:
        stored = _utc(moment)
    except OverflowError:  # 0001-01-01T00:00:00+05:00 is before the first year
        stored = None
    if stored is None or not YEARS[0] <= stored.year <= YEARS[1]:
        raise ImportRefused(
            N_(
                "Game %(number)s is dated %(time)s, not between the years %(first)s and"
                " %(last)s: nothing was imported"
            ),
            number=index,
            time=value,
            first=YEARS[0],
            last=YEARS[1],
        )
    return stored


def _utc(moment: datetime) -> datetime:
    """A time as stored: in UTC, without a zone (a time with an offset is converted)."""
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


def _uid(value: Any) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 32 or not value.isalnum():
        raise ValueError("uid")
    return value


def _text(value: Any, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit or not plain_text(value):
        raise ValueError("text")
    return value
