"""The round being played: its pending part (the trump, the bids) saved as soon as it is
said, for every screen at the table to show, until the round is recorded whole with its
tricks. With hidden bids each player bids on their own phone through their seat's link,
and nobody sees a bid until every bid is in or the scorekeeper reveals them.

Every change of the pending part is a new version of the game (so the watching phones
follow it), logged as ``round N bids``; it never makes a round's page stale
(:func:`scorekeeper.services.rounds.changes_since` leaves it out).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update

from ..extensions import db
from ..i18n import N_
from ..models import Game, Seat
from ..rules.errors import GameOverError, RoundRefused, RuleError
from .errors import SAID, Conflict, NotFound
from .games import Pending, State, StoredGame, read_pending, rules_game
from .rounds import (
    NO_EDIT,
    PENDING_CHANGE,
    Edit,
    _begin_write,
    _check_version,
    _commit_or_conflict,
    log_change,
)
from .text import storable

TRUMP_FIELDS = ("trump", "turned")


def hides_bids(state: State) -> bool:
    """Whether the game is played with hidden bids (an option of the bidding games)."""
    return state.hides_bids


def save_pending(
    record: StoredGame, data: Mapping[str, Any], edit: Edit = NO_EDIT, number: int | None = None
) -> StoredGame:
    """Keep the next round's pending part, checked as a round's would be (the same
    refusals as its bids); ``number``: the round the page was made for, if it says.

    With hidden bids (until they are revealed) a bid left out (None) keeps the one
    already in, and the round's other parts are judged once every bid is in."""
    return _save(record, data, edit, number, replacing=None, set_aside=False).stored


@dataclass(frozen=True)
class SavedBids:
    """What the round screen's save of the bids kept, and the bids it set aside."""

    stored: StoredGame
    set_aside: tuple[RuleError, ...] = ()
    """Bids the rules refused on their own (the dealer's before the others' under the
    hook): not taken, while the rest of the page (the trump, the other bids) was."""


def save_bids_said(
    record: StoredGame,
    data: Mapping[str, Any],
    edit: Edit = NO_EDIT,
    number: int | None = None,
    *,
    replacing: Collection[int] = (),
) -> SavedBids:
    """The scorekeeper's save of the round's trump and bids, from the round screen.

    With hidden bids: a bid a player made on their own phone is replaced only when
    ``replacing`` names their seat (the scorekeeper confirmed it); otherwise the whole
    save is refused and nothing changes. A bid the rules refuse on its own (the dealer
    bidding before the others under the hook) is set aside and said, and the rest of
    the page is kept, so that a trump tapped with it is not lost."""
    return _save(record, data, edit, number, replacing=frozenset(replacing), set_aside=True)


def _save(
    record: StoredGame,
    data: Mapping[str, Any],
    edit: Edit,
    number: int | None,
    *,
    replacing: frozenset[int] | None,
    set_aside: bool,
) -> SavedBids:
    current = _begin_write(record)
    _check_version(current, edit)
    state = current.state
    upcoming = _upcoming(state, number)
    existing = read_pending(current.row, state)
    if not isinstance(data, Mapping):
        db.session.rollback()
        raise RoundRefused([RuleError("A round must be an object", field="round")])
    phone = _phone_seats(current.row) if existing is not None else frozenset()
    if not (hides_bids(state) and (existing is None or existing.hidden)):
        facts = _refused_undone(lambda: _judged(state, upcoming, data))
        return SavedBids(_store(current, upcoming, facts, True, phone))
    given = data.get("bids")
    entered = (
        {seat for seat, bid in enumerate(given) if bid is not None}
        if isinstance(given, list | tuple)
        else set()
    )
    if replacing is not None:
        unconfirmed = sorted((entered & phone) - replacing)
        if unconfirmed:
            db.session.rollback()
            raise RoundRefused([_made_on_phone(state, seat) for seat in unconfirmed])
    refused: list[RuleError] = []
    try:
        facts, revealed = _refused_undone(lambda: _hidden_facts(state, upcoming, existing, data))
    except RoundRefused as refusal:
        alone = _bids_refused_alone(refusal.errors, entered) if set_aside else None
        if not alone:
            raise
        kept = list(given or [])
        for seat in alone:
            kept[seat] = None
        rest = {**data, "bids": kept}
        facts, revealed = _refused_undone(lambda: _hidden_facts(state, upcoming, existing, rest))
        refused = refusal.errors
        entered -= alone
    stored = _store(current, upcoming, facts, revealed, phone - entered)
    return SavedBids(stored, tuple(refused))


def _made_on_phone(state: State, seat: int) -> RuleError:
    return RuleError(
        "{name} bid on their own phone: nothing was saved. To replace that bid, tick"
        " the box to confirm it first",
        name=state.player_name(seat),
        field="bids",
        seat=seat,
    )


def _bids_refused_alone(errors: list[RuleError], entered: set[int]) -> set[int]:
    """The seats whose bid just given is all the rules refused (each bid on its own):
    empty when anything else was refused too."""
    seats: set[int] = set()
    for error in errors:
        seat = error.values.get("seat")
        if error.field != "bids" or not isinstance(seat, int) or seat not in entered:
            return set()
        seats.add(seat)
    return seats


def _refused_undone(judge: Any) -> Any:
    """``judge()``, the write given up (rolled back) when the rules refuse the page."""
    try:
        return judge()
    except (RoundRefused, RuleError, Conflict):
        db.session.rollback()
        raise


def phone_bids(record: StoredGame) -> frozenset[int]:
    """The seats whose bid in the round being played was made on the player's own phone
    (not entered by the scorekeeper): replaced only when the scorekeeper confirms it."""
    if record.pending is None:
        return frozenset()
    return _phone_seats(record.row)


def _phone_seats(game: Game) -> frozenset[int]:
    raw = game.pending
    seats = raw.get("phone") if isinstance(raw, Mapping) else None
    if not isinstance(seats, list):
        return frozenset()
    return frozenset(seat for seat in seats if isinstance(seat, int))


def reveal_bids(record: StoredGame, edit: Edit = NO_EDIT) -> StoredGame:
    """Show the hidden bids made so far to everyone (the scorekeeper's early reveal): the
    missing ones are then entered openly."""
    current = _begin_write(record)
    _check_version(current, edit)
    state = current.state
    upcoming = _upcoming(state, None)
    existing = read_pending(current.row, state)
    if existing is None:
        facts: dict[str, Any] = {"bids": [None] * state.player_count}
    elif not existing.hidden:
        db.session.rollback()
        return StoredGame(current.row, state, replayed=True)
    else:
        facts = dict(existing.facts)
    facts["dealer"] = existing.dealer if existing else state.round_info(upcoming).dealer
    phone = _phone_seats(current.row) if existing is not None else frozenset()
    return _store(current, upcoming, facts, True, phone)


def clear_pending(record: StoredGame, edit: Edit = NO_EDIT) -> StoredGame:
    """Forget the pending part (the bids start again)."""
    current = _begin_write(record)
    _check_version(current, edit)
    state = current.state
    if read_pending(current.row, state) is None:
        current.row.pending = None
        db.session.rollback()
        return StoredGame(current.row, state, replayed=True)
    upcoming = _upcoming(state, None)
    current.row.pending = None
    _log(current.row, state, upcoming)
    _commit_or_conflict(N_("The game changed meanwhile: reload it"), current.row)
    return StoredGame(current.row, state)


# -- a seat's own phone ---------------------------------------------------------


def seat_links(record: StoredGame) -> dict[int, str]:
    """Each seat's bidding link secret, made for the seats that have none yet."""
    missing = [seat for seat in record.row.seats if seat.bid_token is None]
    if missing:
        # Only where there is none yet, in the database's own terms: two phones opening
        # the round screen at once make one link each seat, never one that replaces the
        # other's (whose QR codes would then open nothing).
        for seat in missing:
            db.session.execute(
                update(Seat)
                .where(Seat.game_id == seat.game_id, Seat.seat == seat.seat)
                .where(Seat.bid_token.is_(None))
                .values(bid_token=secrets.token_urlsafe(18))
                .execution_options(synchronize_session=False)
            )
        _commit_or_conflict(N_("The game changed meanwhile: reload it"))
        for seat in missing:
            db.session.refresh(seat, ["bid_token"])
    return {seat.seat: str(seat.bid_token) for seat in record.row.seats}


def bidding_seat(token: str) -> tuple[StoredGame, int]:
    """The game and seat a seat's bidding link opens, or NotFound (revoked or guessed)."""
    if not token or len(token) > 64 or not storable(token):
        raise NotFound("seat")
    seat = db.session.scalar(select(Seat).where(Seat.bid_token == token))
    if seat is None:
        raise NotFound("seat")
    game = db.session.get(Game, seat.game_id)
    if game is None:
        raise NotFound("seat")
    return StoredGame(game, rules_game(game)), seat.seat


def seat_bid(token: str, number: int, bid: Any) -> tuple[StoredGame, int]:
    """A player's own bid, from their seat's link, for round ``number``; it may be changed
    until the bids are revealed."""
    record, seat = bidding_seat(token)
    current = _begin_write(record)
    state = current.state
    upcoming = _upcoming(state, number)
    existing = read_pending(current.row, state)
    if not hides_bids(state):
        db.session.rollback()
        raise Conflict(N_("This game's bids are said aloud, not on the players' phones"), "bid")
    if existing is not None and not existing.hidden:
        db.session.rollback()
        raise Conflict(N_("The bids are revealed: ask the scorekeeper to change yours"), "bid")
    bids: list[Any] = [None] * state.player_count
    bids[seat] = bid
    facts, revealed = _refused_undone(
        lambda: _hidden_facts(state, upcoming, existing, {"bids": bids})
    )
    phone = _phone_seats(current.row) if existing is not None else frozenset()
    kept = current.row.pending.get("facts") if isinstance(current.row.pending, Mapping) else None
    if existing is not None and seat in phone and dict(facts) == kept:
        # The same bid again (a second tap, a page sent twice): nothing to store, and no
        # new version sending every watching screen to fetch the game again.
        db.session.rollback()
        return current, seat
    return _store(current, upcoming, facts, revealed, phone | {seat}), seat


# -- the parts ---------------------------------------------------------------


def _upcoming(state: State, number: int | None) -> int:
    """The round being played; a page made for another round is refused."""
    upcoming = state.next_round
    if upcoming is None:
        db.session.rollback()
        raise Conflict(
            N_("The game is over: it ended after round %(number)s"),
            "number",
            number=len(state.rounds),
        )
    if number is not None and number != upcoming.number:
        db.session.rollback()
        raise Conflict(
            N_("That page was for round %(old)s; round %(number)s is being played now"),
            "number",
            old=number,
            number=upcoming.number,
        )
    return upcoming.number


def _judged(state: State, number: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """The pending part as the rules read it (refused as a round's would be); the
    caller gives up the write on a refusal (:func:`_refused_undone`)."""
    try:
        return state.parse_pending(data, number)
    except GameOverError as error:
        raise Conflict(SAID, error.field, sentence=error) from None


def _hidden_facts(
    state: State,
    number: int,
    existing: Pending | None,
    data: Mapping[str, Any],
) -> tuple[dict[str, Any], bool]:
    """The pending part with hidden bids: the bids given join those already in (None
    keeps one), the other parts replace theirs. Judged whole once every bid is in (and
    then revealed); before, each part on its own, and the dealer's bid waits for the
    others' under the hook (it is judged against them)."""
    count = state.player_count
    before: list[Any] = list(existing.facts.get("bids") or []) if existing else []
    if len(before) != count:
        before = [None] * count
    given = data.get("bids")
    if given is None:
        given = [None] * count
    if not isinstance(given, list | tuple) or len(given) != count:
        raise RoundRefused(
            [
                RuleError(
                    "Give one {what} for each of the {players} players, in seat order",
                    what="bid",
                    players=count,
                    field="bids",
                )
            ]
        )
    bids = [new if new is not None else old for new, old in zip(given, before, strict=True)]
    _keep_the_dealer(state, number, existing, before, data)
    rest = {key: value for key, value in (existing.facts if existing else {}).items()}
    rest.pop("bids", None)
    rest.update({key: value for key, value in data.items() if key != "bids"})
    if existing is not None and "dealer" not in rest:
        rest["dealer"] = existing.dealer
    said_trump = any(rest.get(name) is not None for name in TRUMP_FIELDS)
    every_bid = all(bid is not None for bid in bids)
    if every_bid and said_trump:
        return _judged(state, number, {**rest, "bids": bids}), True
    info = state.round_info(number, state.dealer_from_mapping(rest, number, []))
    errors: list[RuleError] = []
    try:
        facts = state.parse_pending({**rest, "bids": [0] * count}, number)
    except RoundRefused as refused:
        ignored = {"bids", *(() if said_trump else TRUMP_FIELDS)}
        errors = [error for error in refused.errors if error.field not in ignored]
        facts = {key: rest[key] for key in rest if key in ("dealer", *TRUMP_FIELDS)}
        facts["dealer"] = info.dealer
    except GameOverError as error:
        raise Conflict(SAID, error.field, sentence=error) from None
    errors.extend(state.hidden_bid_errors(info, given, bids))
    if errors:
        raise RoundRefused(errors)
    facts["bids"] = bids
    # Every bid in, the trump still to say: shown now; the trump comes with the tricks.
    return facts, every_bid


def _keep_the_dealer(
    state: State, number: int, existing: Pending | None, before: list[Any], data: Mapping[str, Any]
) -> None:
    """Once a secret bid is in, the dealer stays. Under the hook the dealer's bid is
    judged against the others', so a dealer moved from seat to seat would have the rules
    tell the sum of the secret bids each time, before the reveal."""
    if existing is None or "dealer" not in data or all(bid is None for bid in before):
        return
    unread: list[RuleError] = []
    dealer = state.dealer_from_mapping(data, number, unread)
    if not unread and dealer != existing.dealer:
        raise RoundRefused(
            [
                RuleError(
                    N_(
                        "Bids are in already, so {name} stays the dealer: clear the round's"
                        " bids to deal again"
                    ),
                    name=state.player_name(existing.dealer),
                    field="dealer",
                )
            ]
        )


def _store(
    current: StoredGame,
    number: int,
    facts: Mapping[str, Any],
    revealed: bool,
    phone: Collection[int] = (),
) -> StoredGame:
    """Keep the pending part; ``phone``: the seats whose bid was made on their phone."""
    game = current.row
    game.pending = {
        "number": number,
        "facts": dict(facts),
        "revealed": revealed,
        "phone": sorted(phone),
    }
    _log(game, current.state, number)
    _commit_or_conflict(N_("The game changed meanwhile: reload it"), game)
    return StoredGame(game, current.state)


def _log(game: Game, state: State, number: int) -> None:
    log_change(game, f"{state.round_word} {number} {PENDING_CHANGE}")
