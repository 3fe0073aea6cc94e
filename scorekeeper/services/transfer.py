"""Export and import: an account's whole history as one JSON document, a game as CSV.

The export is a backup: imported into an empty account it gives back everything the
account showed (every game with its rounds, the round being played with its bids, hidden
ones included, each correction and undo with what it changed, each game's version, the
times to the microsecond, the nights and the players), and exporting that account again
gives the same document but for the account's own ids. Seat links and watch links are
secrets, not history: they are left out, and made afresh when asked for.

An import is judged as a whole: every list is counted against the import's limits before
anything is read, every game is replayed through the rules, and a file with any error is
refused with a message naming the game and round; nothing is stored. Games already there
(the same lasting uid) are skipped, so importing a file twice changes nothing the second
time. It is written in transactions of bounded size, each taking its turn like any other
change (services.writes), so that other accounts' changes wait for one of them at most.

The documents themselves (the export's fields, the CSV's headings and words) are a data
format and stay English; only the refusals, which a person reads, are translated.

The format's versions: 1 (a game's rounds, its time to the second); 2 (also each game's
version and last change, each round's time, the round being played, the corrections;
every time to the microsecond). An export of either version is read.
"""

from __future__ import annotations

import csv
import ctypes
import functools
import io
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from flask import current_app
from flask_babel import format_decimal
from sqlalchemy import delete, exists, insert, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .. import limits
from ..extensions import db
from ..games import GAMES
from ..i18n import N_, game_word, translate
from ..models import Game, GameChange, Night, Player, Round, Seat, User, new_game_id, utcnow
from ..rules import RuleError
from ..rules.errors import RoundRefused
from ..rules.names import NameRefused, readable_name
from . import writes
from .caches import SummaryChange, new_games_results, refresh_summaries, update_summaries
from .corrections import SHOWN
from .errors import SAID, ImportRefused, Sentence, ServiceError, StorageError
from .games import State, read_pending, rules_game
from .pending import _hidden_facts, hides_bids
from .ratings import rerate_since, update_ratings
from .text import plain_text

FORMAT = "scorekeeper-export"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
# Text a spreadsheet would run as a formula: neutralised with a leading apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The years a night or a game may be dated in: any date a file can hold is either within
# them or refused with a message (year 1 in a time zone east of UTC is no date at all).
YEARS = (1900, 2999)
LARGEST_NUMBER = 2**31 - 1
"""The largest version or round number a file may give (a database's INTEGER)."""
DETAIL_ENTRIES = 100
"""The most fields one correction may list (a round of six seats changes a few dozen)."""
DETAIL_CHARACTERS = 2000
"""The most characters one of a correction's fields may take, written as JSON."""
WRITE_FAILURES: tuple[type[Exception], ...] = (IntegrityError, StorageError, *writes.STORAGE_ERRORS)
"""What stops a batch from being stored: a unique key taken meanwhile (the same file
imported at once elsewhere), the storage busy, full or gone."""


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
    corrections = _corrections(owner)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "players": list(players),
        "nights": [
            {"uid": n.uid, "date": n.date.isoformat(), "place": n.place, "note": n.note}
            for n in nights
        ],
        "games": [
            _export_game(game, corrections.get(game.id, []))
            for game in sorted(games, key=lambda g: (g.created_at, g.uid))
        ],
    }


def _moment(value: datetime) -> str:
    """A stored time (UTC, without a zone) as the file writes it: to the microsecond."""
    return value.isoformat(timespec="microseconds")


def _corrections(owner: User) -> dict[str, list[dict[str, Any]]]:
    """Each game's corrections and undos (the changes its page lists), oldest first."""
    rows = db.session.execute(
        select(
            GameChange.game_id,
            GameChange.version,
            GameChange.summary,
            GameChange.changed_at,
            GameChange.detail,
        )
        .join(Game, Game.id == GameChange.game_id)
        .where(
            Game.owner_id == owner.id,
            or_(*(GameChange.summary.like(f"% {done}") for done in SHOWN)),
        )
        .order_by(GameChange.game_id, GameChange.version)
    )
    found: dict[str, list[dict[str, Any]]] = {}
    for game_id, version, summary, changed_at, detail in rows:
        _word, _, rest = summary.partition(" ")
        number, _, done = rest.partition(" ")
        if done not in SHOWN or not number.isdigit():
            continue
        found.setdefault(game_id, []).append(
            {
                "version": version,
                "number": int(number),
                "done": done,
                "at": _moment(changed_at),
                "detail": detail,
            }
        )
    return found


def _export_game(game: Game, corrections: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "uid": game.uid,
        "night": game.night.uid,
        "game": game.kind,
        "created_at": _moment(game.created_at),
        "updated_at": _moment(game.updated_at),
        "version": game.version,
        "players": [seat.player.name for seat in game.seats],
        "first_dealer": game.first_dealer,
        "options": dict(game.options),
        "rounds": [
            {"dealer": r.dealer, **r.facts, "recorded_at": _moment(r.recorded_at)}
            for r in game.rounds
        ],
        "pending": _export_pending(game),
        "corrections": corrections,
    }


def _export_pending(game: Game) -> dict[str, Any] | None:
    """The round being played, as stored, while it is the game's next round; secret bids
    not yet revealed are written as null: a bid made on a player's phone is theirs until
    the reveal, and no answer gives it to the account, its export included (after an
    import the players bid again on their phones)."""
    stored = game.pending
    if not isinstance(stored, Mapping):
        return None
    pending = read_pending(game, rules_game(game))
    if pending is None:
        return None
    facts = dict(stored.get("facts") or {})
    if pending.hidden and isinstance(facts.get("bids"), list):
        facts["bids"] = [None] * len(facts["bids"])
    return {
        "number": stored["number"],
        "facts": facts,
        "revealed": bool(stored.get("revealed")),
    }


def game_csv(game: Game) -> str:
    """A game as a spreadsheet: a row a round, each player's columns (a game without bids:
    no bid among them), running totals; in a game of sides (partnerships), each side's
    columns too: its total and what the game keeps of it round by round (Spades' side
    scores and bags)."""
    state = rules_game(game)
    out = io.StringIO()
    writer = csv.writer(out)
    names = [safe_cell(name) for name in state.players]
    fact_keys = [key for key in _fact_keys(state) if key not in ("dealer",)]
    header: list[Any] = ["round", "cards", "dealer", *fact_keys]
    # A game without bids has no bid to write: no column for one.
    seat_keys = ["bid", "took", "score", "total"] if state.has_bids else ["took", "score", "total"]
    for name in names:
        header += [f"{name} {key}" for key in seat_keys]
    sides = state.sides if state.has_sides else ()
    side_names = [" & ".join(names[seat] for seat in seats) for seats in sides]
    side_keys = _side_fact_keys(state) if sides else []
    for name in side_names:
        header += [f"{name} {key.replace('_', ' ')}" for key in side_keys] + [f"{name} total"]
    writer.writerow(header)
    for scored in state.scored_rounds:
        facts = scored.record.to_mapping()
        row: list[Any] = [scored.number, scored.cards, names[facts["dealer"]]]
        for key in fact_keys:
            value = facts.get(key)
            row.append(_cell(value, names))
        bids = facts.get("bids")
        for seat, outcome in enumerate(state.seat_outcomes(scored.record)):
            said = bids[seat] if isinstance(bids, list) and len(bids) > seat else None
            if state.has_bids:
                # A bid the game writes in words (Spades' nil) as the table said it.
                row.append(
                    said if isinstance(said, str) else "" if outcome.bid is None else outcome.bid
                )
            row += [outcome.took, scored.scores[seat], scored.totals[seat]]
        side_facts = state.scored_facts(scored) if sides else {}
        for side, seats in enumerate(sides):
            row += [_cell(side_facts[key][side], names) for key in side_keys]
            row.append(scored.totals[seats[0]])
        writer.writerow(row)
    return out.getvalue()


def _side_fact_keys(state: State) -> list[str]:
    """The facts a game of sides keeps of each side round by round: its scored facts
    that are a list with a value a side."""
    keys: dict[str, None] = {}
    for scored in state.scored_rounds:
        for key, value in state.scored_facts(scored).items():
            if isinstance(value, list) and len(value) == len(state.sides):
                keys[key] = None
    return list(keys)


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
    more read tells it is too big), refused whole when too big, too deep or not JSON.

    However it ends, the memory the file took (its parsed document can be ten times the
    file) is given back to the system before the answer: a worker that imported a big
    file does not keep it."""
    try:
        return _import_bytes(owner, raw)
    except ImportRefused as refused:
        writes.safe_rollback()
        # What the refusal was raised in (the parsed document among it) is let go now,
        # not when the answer is made.
        refused.__traceback__ = refused.__context__ = refused.__cause__ = None
        raise refused from None
    finally:
        _give_back_memory()


def _import_bytes(owner: User, raw: bytes) -> dict[str, int]:
    if len(raw) > int(current_app.config["IMPORT_MAX_CONTENT_LENGTH"]):
        raise ImportRefused(N_("The file is too big for an export: nothing was imported"))
    if limits.too_deep(raw):
        raise ImportRefused(SAID, sentence=limits.depth_message())
    try:
        document: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ImportRefused(N_("The file is not readable JSON: nothing was imported")) from None
    return import_account(owner, document)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):
        return None
    return trim


def _give_back_memory() -> None:
    """Return freed memory to the system: glibc keeps what a big document's many small
    objects took, in the worker, for good, unless asked."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@dataclass
class _Game:
    """A game of the file, read and judged: what is stored for it."""

    index: int
    uid: str
    night: str
    created_at: datetime
    updated_at: datetime | None
    version: int | None
    state: State
    recorded: list[datetime | None]
    """Each round's time, where the file gives it."""
    pending: dict[str, Any] | None
    corrections: list[dict[str, Any]]


def import_account(owner: User, document: Any) -> dict[str, int]:
    """Import an export document into ``owner``'s account, all or nothing.

    Every list is counted before anything else is read, and every game judged before the
    first is written. The writing goes in transactions of a bounded size (a batch of
    nights, of games, of players), each taking its turn as any change does: on SQLite
    other accounts' changes wait for one batch, never for the whole file. When a batch
    cannot be stored, the batches before it are taken back, and nothing was imported.

    Returns how many games and nights were added and games skipped (already there).
    """
    raw_games, raw_nights, raw_names = _counted(document)
    nights = _read_nights(raw_nights)
    names = _read_names(raw_names)
    owner_id = owner.id
    known_games = set(db.session.scalars(select(Game.uid).where(Game.owner_id == owner_id)).all())
    games = [_judge_game(index, game, nights) for index, game in enumerate(raw_games, start=1)]
    # The file's objects are let go as soon as they are read: a big file's document is
    # not held while it is written.
    del raw_games, raw_nights, raw_names, document

    added = {"games": 0, "nights": 0, "skipped": 0}
    todo: list[_Game] = []
    for game in games:
        if game.uid in known_games:
            added["skipped"] += 1
            continue
        known_games.add(game.uid)
        todo.append(game)
    written = _Written()
    try:
        _write_import(owner_id, nights, todo, names, written, added)
    except WRITE_FAILURES:
        writes.safe_rollback()
        try:
            written.take_back(owner_id)
        except WRITE_FAILURES:
            writes.safe_rollback()
            raise ImportRefused(
                N_(
                    "The import stopped halfway, and what it had stored could not be taken"
                    " back: import the same file again in a moment to finish it (the games"
                    " already here are skipped)."
                )
            ) from None
        raise ImportRefused(
            N_(
                "The import could not be stored just now (the storage is busy or full, or"
                " the same file is being imported elsewhere): nothing was imported. Try again"
                " in a moment."
            )
        ) from None
    return added


# -- counting and reading ---------------------------------------------------------


def _counted(document: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """The document's games, nights and players, each list counted against its limit
    before any item of any of them is read: a file of 100,000 nights is refused as
    quickly as it was parsed."""
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise ImportRefused(N_("This is not a Scorekeeper export: nothing was imported"))
    version = document.get("version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise ImportRefused(
            N_(
                "This export has version %(version)s; this app reads version %(wanted)s:"
                " nothing was imported"
            ),
            version=repr(version),
            wanted=FORMAT_VERSION,
        )
    raw_nights, raw_games = document.get("nights"), document.get("games")
    if not isinstance(raw_nights, list) or not isinstance(raw_games, list):
        raise ImportRefused(N_("The export has no list of nights or games: nothing was imported"))
    raw_names = document.get("players") or []
    if not isinstance(raw_names, list):
        raise ImportRefused(N_("The list of players is not readable: nothing was imported"))
    config = current_app.config
    for count, most, template in (
        (
            len(raw_games),
            int(config["IMPORT_MAX_GAMES"]),
            N_(
                "This file holds %(count)s games, more than the %(most)s one import takes:"
                " nothing was imported"
            ),
        ),
        (
            len(raw_nights),
            int(config["IMPORT_MAX_NIGHTS"]),
            N_(
                "This file holds %(count)s nights, more than the %(most)s one import takes:"
                " nothing was imported"
            ),
        ),
        (
            len(raw_names),
            int(config["IMPORT_MAX_PLAYERS"]),
            N_(
                "This file lists %(count)s players, more than the %(most)s one import"
                " takes: nothing was imported"
            ),
        ),
        (
            sum(
                len(game["corrections"])
                for game in raw_games
                if isinstance(game, Mapping) and isinstance(game.get("corrections"), list)
            ),
            int(config["IMPORT_MAX_CORRECTIONS"]),
            N_(
                "This file holds %(count)s corrections, more than the %(most)s one import"
                " takes: nothing was imported"
            ),
        ),
    ):
        if count > most:
            raise ImportRefused(template, count=format_decimal(count), most=format_decimal(most))
    return raw_games, raw_nights, raw_names


def _read_names(raw_names: list[Any]) -> list[str]:
    if not all(isinstance(n, str) and len(n) <= 200 for n in raw_names):
        raise ImportRefused(N_("The list of players is not readable: nothing was imported"))
    try:
        # The same names a game's seats would keep (NFKC, nothing invisible).
        return [readable_name(n, "players") for n in raw_names]
    except NameRefused as refused:
        raise ImportRefused(
            "%(sentence)s (%(reason)s)",
            sentence=Sentence(N_("The list of players is not readable: nothing was imported")),
            reason=refused,
        ) from None


def _read_nights(raw_nights: list[Any]) -> dict[str, dict[str, Any]]:
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
    return nights


def _judge_game(index: int, game: Any, nights: Mapping[str, Any]) -> _Game:
    """A game of the file read, and replayed through the rules; refused with the game
    (and the round) named."""
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
        updated_at = _time_or_none(game.get("updated_at"))
        version = _number_or_none(game.get("version"))
        pending = game.get("pending")
        corrections = game.get("corrections") or []
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
    if not isinstance(corrections, list) or not (pending is None or isinstance(pending, Mapping)):
        raise ImportRefused(
            N_("Game %(number)s is not readable: nothing was imported"), number=index
        )
    state, recorded, label = _replay(index, read)
    return _Game(
        index=index,
        uid=read["uid"],
        night=read["night"],
        created_at=read["created_at"],
        updated_at=updated_at,
        version=version,
        state=state,
        recorded=recorded,
        pending=None if pending is None else _judge_pending(state, label, pending),
        corrections=_read_corrections(index, state, corrections, version),
    )


def _replay(index: int, game: dict[str, Any]) -> tuple[State, list[datetime | None], Sentence]:
    """The game's rounds replayed through the rules, each judged as it comes (the rounds
    counted first against the most the game can have); each round's time as the file
    gives it."""
    rules = GAMES.get(game["game"]) if isinstance(game["game"], str) else None
    if rules is None:
        raise ImportRefused(
            N_("Game %(number)s: there is no game “%(kind)s” here: nothing was imported"),
            number=index,
            kind=game["game"],
        )
    # The date as the file writes it, so the game can be found there.
    label = Sentence(
        N_("Game %(number)s (%(title)s, %(date)s)"),
        number=index,
        title=game_word(rules.title),
        date=game["created_at"].date().isoformat(),
    )
    try:
        state = rules.new(game["players"], game["first_dealer"], game["options"])
    except RuleError as error:
        raise ImportRefused(
            N_("%(game)s: %(errors)s: nothing was imported"), game=label, errors=_messages(error)
        ) from None
    most = state.most_rounds
    if most is not None and len(game["rounds"]) > most:
        # Counted before any round is judged: the rules say why there can be no more.
        raise ImportRefused(
            ROUND_REFUSALS[state.round_word],
            game=label,
            number=most + 1,
            errors=_messages(state.round_limit_error(most + 1)),
        )
    recorded: list[datetime | None] = []
    for round_number, data in enumerate(game["rounds"], start=1):
        try:
            if not isinstance(data, Mapping):
                raise RuleError(N_("a round must be an object"))
            facts = dict(data)
            recorded.append(_time_or_none(facts.pop("recorded_at", None)))
            state = state.apply_round(state.parse_round(facts))
        except (TypeError, ValueError) as error:
            if isinstance(error, RuleError):
                raise ImportRefused(
                    ROUND_REFUSALS[state.round_word],
                    game=label,
                    number=round_number,
                    errors=_messages(error),
                ) from None
            raise ImportRefused(
                N_("Game %(number)s is not readable: nothing was imported"), number=index
            ) from None
    return state, recorded, label


def _judge_pending(state: State, label: Sentence, pending: Mapping[str, Any]) -> dict[str, Any]:
    """The round being played, judged as the round screen judges it when it is said (a
    hidden bid's game as each seat's phone does), and kept as the app keeps it."""
    upcoming = state.next_round
    number, facts = pending.get("number"), pending.get("facts")
    revealed = pending.get("revealed", False)
    if (
        upcoming is None
        or number != upcoming.number
        or not isinstance(facts, Mapping)
        or not isinstance(revealed, bool)
    ):
        raise ImportRefused(
            N_(
                "%(game)s: the part of the next round said so far is not readable: nothing was"
                " imported"
            ),
            game=label,
        )
    try:
        if hides_bids(state):
            judged, every_bid = _hidden_facts(state, upcoming.number, None, facts)
            revealed = revealed or every_bid
        else:
            judged, revealed = state.parse_pending(facts, upcoming.number), True
    except (RuleError, ServiceError) as error:
        raise ImportRefused(
            ROUND_REFUSALS[state.round_word],
            game=label,
            number=upcoming.number,
            errors=_messages(error),
        ) from None
    return {"number": upcoming.number, "facts": dict(judged), "revealed": revealed}


def _read_corrections(
    index: int, state: State, items: list[Any], version: int | None
) -> list[dict[str, Any]]:
    """The game's corrections and undos as its change log keeps them: each at a version
    of its own, none past the game's."""
    found: list[dict[str, Any]] = []
    seen: set[int] = set()
    for item in items:
        try:
            at_version = _number(item["version"])
            number = _number(item["number"])
            done = item["done"]
            changed_at = _time(item["at"])
            detail = _detail(item.get("detail"))
        except (KeyError, TypeError, ValueError):
            done = None
        if (
            done not in SHOWN
            or at_version in seen
            or at_version < 1
            or (version is not None and at_version > version)
        ):
            raise ImportRefused(
                N_("Game %(number)s has a correction that is not readable: nothing was imported"),
                number=index,
            )
        seen.add(at_version)
        found.append(
            {
                "version": at_version,
                "summary": f"{state.round_word} {number} {done}",
                "changed_at": changed_at,
                "detail": detail,
            }
        )
    return found


def _detail(value: Any) -> list[dict[str, Any]] | None:
    """What a correction changed, field by field (services.corrections.round_changes):
    whatever its values, the game's page says them (a value it cannot read as a dash)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > DETAIL_ENTRIES:
        raise ValueError("detail")
    entries = []
    for entry in value:
        if not isinstance(entry, Mapping) or not set(entry) <= {"field", "seat", "old", "new"}:
            raise ValueError("detail")
        name = entry.get("field")
        if not isinstance(name, str) or len(name) > 40 or not plain_text(name):
            raise ValueError("detail")
        written = json.dumps(entry, ensure_ascii=False)
        written.encode("utf-8")  # a lone surrogate cannot be stored
        if len(written) > DETAIL_CHARACTERS or "\\u0000" in written:
            raise ValueError("detail")
        entries.append(dict(entry))
    return entries


def _messages(error: RuleError | ServiceError) -> str:
    """The rules' refusals, each in the reader's language, one after the other."""
    if isinstance(error, RoundRefused):
        return "; ".join(translate(e) for e in error.errors)
    return translate(error)


def _game_time(index: int, value: Any) -> datetime:
    """A game's time as stored (UTC), or refused when it lies outside :data:`YEARS`."""
    try:
        return _time(value)
    except _OutOfYears:
        raise ImportRefused(
            N_(
                "Game %(number)s is dated %(time)s, not between the years %(first)s and"
                " %(last)s: nothing was imported"
            ),
            number=index,
            time=value,
            first=YEARS[0],
            last=YEARS[1],
        ) from None


class _OutOfYears(ValueError):
    """A time that is no time of a game: outside :data:`YEARS`."""


def _time(value: Any) -> datetime:
    """A time as stored: in UTC, without a zone (a time with an offset is converted);
    ``ValueError`` when it is no time, :class:`_OutOfYears` when it is not within
    :data:`YEARS`."""
    moment = datetime.fromisoformat(value)
    try:
        stored = moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment
    except OverflowError:  # 0001-01-01T00:00:00+05:00 is before the first year
        raise _OutOfYears(value) from None
    if not YEARS[0] <= stored.year <= YEARS[1]:
        raise _OutOfYears(value)
    return stored


def _time_or_none(value: Any) -> datetime | None:
    return None if value is None else _time(value)


def _number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= LARGEST_NUMBER:
        raise ValueError("number")
    return value


def _number_or_none(value: Any) -> int | None:
    return None if value is None else _number(value)


def _uid(value: Any) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 32 or not value.isalnum():
        raise ValueError("uid")
    return value


def _text(value: Any, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit or not plain_text(value):
        raise ValueError("text")
    return value


# -- writing, batch by batch ---------------------------------------------------------


class _Written:
    """What an import's committed batches have added, to take back should a later one fail."""

    def __init__(self) -> None:
        self.games: list[str] = []
        self.nights: list[int] = []
        self.players: list[int] = []
        self.kinds: set[str] = set()

    def take_back(self, owner_id: int) -> None:
        """Remove the games, and the nights and players made for them that nothing else
        has come to use meanwhile; the summaries of the games' players counted afresh.
        In batches too, each its own transaction."""
        size = int(current_app.config["IMPORT_BATCH_ROWS"])
        seated: set[int] = set()
        for chunk in _chunks(self.games, size):
            _begin_batch()
            seated.update(db.session.scalars(select(Seat.player_id).where(Seat.game_id.in_(chunk))))
            db.session.execute(delete(Game).where(Game.owner_id == owner_id, Game.id.in_(chunk)))
            writes.commit()
        for nights in _chunks(self.nights, size):
            _begin_batch()
            db.session.execute(
                delete(Night).where(
                    Night.id.in_(nights), ~exists().where(Game.night_id == Night.id)
                )
            )
            writes.commit()
        for players in _chunks(self.players, size):
            _begin_batch()
            db.session.execute(
                delete(Player).where(
                    Player.id.in_(players), ~exists().where(Seat.player_id == Player.id)
                )
            )
            writes.commit()
        for players in _chunks(sorted(seated), size):
            _begin_batch()
            refresh_summaries(
                db.session.scalars(select(Player.id).where(Player.id.in_(players))).all()
            )
            writes.commit()
        if self.kinds:
            # The games after those taken back were rated from them: rated again.
            _begin_batch()
            rerate_since(owner_id, self.kinds)
            writes.commit()


def _chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    size = max(size, 1)
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _begin_batch() -> None:
    """A batch's transaction, taking its turn as any change does (services.writes).

    On SQLite, a batch first leaves the database alone for a moment: a writer of another
    process waiting for the lock looks again only every 100 ms or so (SQLite's busy
    handler), and would never find it free between two batches begun back to back."""
    if writes.is_sqlite():
        time.sleep(float(current_app.config["IMPORT_BATCH_PAUSE_SECONDS"]))
    writes.begin()


def _game_batches(todo: list[_Game], games: int, rounds: int) -> Iterator[list[_Game]]:
    """The games in batches of at most ``games`` games and, unless one game alone has
    more, ``rounds`` rounds."""
    batch: list[_Game] = []
    held = 0
    for game in todo:
        size = len(game.state.rounds) + len(game.corrections)
        if batch and (len(batch) >= games or held + size > rounds):
            yield batch
            batch, held = [], 0
        batch.append(game)
        held += size
    if batch:
        yield batch


@dataclass
class _People:
    """The account's players by name (their ids), made as the import needs them."""

    owner_id: int
    ids: dict[str, int]
    made: dict[str, Player] = field(default_factory=dict)

    def need(self, name: str) -> Player | int:
        """The player's id, or the player's new row (its id once flushed)."""
        if name in self.ids:
            return self.ids[name]
        row = self.made.get(name)
        if row is None:
            row = self.made[name] = Player(owner_id=self.owner_id, name=name)
            db.session.add(row)
        return row

    def known(self, name: str) -> bool:
        return name in self.ids or name in self.made

    def flushed(self) -> list[int]:
        """The ids of the players made since the last call, now that they have them."""
        self.ids.update((name, row.id) for name, row in self.made.items())
        made = [row.id for row in self.made.values()]
        self.made.clear()
        return made


def _write_import(
    owner_id: int,
    nights: dict[str, dict[str, Any]],
    todo: list[_Game],
    names: list[str],
    written: _Written,
    added: dict[str, int],
) -> None:
    config = current_app.config
    rows_at_once = max(int(config["IMPORT_BATCH_ROWS"]), 1)
    night_rows = {
        night.uid: night
        for night in db.session.scalars(select(Night).where(Night.owner_id == owner_id))
    }
    people = _People(
        owner_id,
        dict(
            db.session.execute(
                select(Player.name, Player.id).where(Player.owner_id == owner_id)
            ).all()
        ),
    )

    # The nights first, a batch at a time.
    new_nights = [uid for uid in nights if uid not in night_rows]
    for chunk in _chunks(new_nights, rows_at_once):
        _begin_batch()
        rows = [Night(owner_id=owner_id, uid=uid, **nights[uid]) for uid in chunk]
        db.session.add_all(rows)
        db.session.flush()
        night_rows.update((row.uid, row) for row in rows)
        written.nights.extend(row.id for row in rows)
        writes.commit()
        added["nights"] += len(rows)

    rated: list[SummaryChange] = []
    batches = _game_batches(
        todo, max(int(config["IMPORT_BATCH_GAMES"]), 1), max(int(config["IMPORT_BATCH_ROUNDS"]), 1)
    )
    for batch in batches:
        _begin_batch()
        with db.session.no_autoflush:
            new_games = [_game_row(owner_id, game, night_rows, people) for game in batch]
        db.session.flush()
        now = utcnow()
        rounds = [
            line
            for row, game in zip(new_games, batch, strict=True)
            for line in _round_rows(row, game, now)
        ]
        if rounds:
            db.session.execute(insert(Round), rounds)
        written.players.extend(people.flushed())
        written.games.extend(row.id for row in new_games)
        written.kinds.update(row.kind for row in new_games)
        corrections = [
            {"game_id": row.id, **change}
            for row, game in zip(new_games, batch, strict=True)
            for change in game.corrections
        ]
        if corrections:
            db.session.execute(insert(GameChange), corrections)
        # Each batch brings its games into the players' summaries in its own transaction:
        # what is committed is counted, whatever happens to the batches after it.
        changes = new_games_results(
            (row, game.state) for row, game in zip(new_games, batch, strict=True)
        )
        update_summaries(changes)
        rated.extend(changes)
        writes.commit()
        added["games"] += len(new_games)

    # The ratings once, in a transaction of their own: each kind's games from the earliest
    # one imported on (a game not rated yet is rated by the next change if this fails).
    if rated:
        _begin_batch()
        update_ratings(owner_id, rated)
        writes.commit()

    # The last transactions: the players named without a game.
    missing = [name for name in dict.fromkeys(names) if not people.known(name)]
    for chunk in _chunks(missing, rows_at_once):
        _begin_batch()
        for name in chunk:
            people.need(name)
        db.session.flush()
        written.players.extend(people.flushed())
        writes.commit()


def _game_row(owner_id: int, game: _Game, nights: dict[str, Night], people: _People) -> Game:
    """A judged game's rows: the game (its caches as the rules say), its seats, its
    rounds (each at its time, where the file gives it)."""
    state = game.state
    version = game.version
    if version is None:
        version = max((change["version"] for change in game.corrections), default=0)
    row = Game(
        id=new_game_id(),
        owner_id=owner_id,
        uid=game.uid,
        kind=state.key,
        first_dealer=state.first_dealer,
        options=state.options_mapping(),
        created_at=game.created_at,
        updated_at=game.updated_at or game.created_at,
        version=version,
        pending=game.pending,
        finished=state.finished,
        night=nights[game.night],
    )
    db.session.add(row)
    for seat, name in enumerate(state.players):
        player = people.need(name)
        whose = {"player_id": player} if isinstance(player, int) else {"player": player}
        row.seats.append(
            Seat(seat=seat, total=state.totals[seat], won=seat in state.winners, **whose)
        )
    return row


def _round_rows(row: Game, game: _Game, now: datetime) -> list[dict[str, Any]]:
    """A judged game's rounds as rows for one INSERT of the whole batch (each at its time,
    where the file gives it): many thousands of rounds without an object each."""
    rows = []
    for number, (record, at) in enumerate(zip(game.state.rounds, game.recorded, strict=True), 1):
        facts = record.to_mapping()
        dealer = facts.pop("dealer")
        rows.append(
            {
                "game_id": row.id,
                "number": number,
                "dealer": dealer,
                "facts": facts,
                "recorded_at": at if at is not None else now,
            }
        )
    return rows
