"""Caches of results: each round's results by seat (``RoundResult``) and each player's
summary (``PlayerSummary``), kept up to date in the transaction that changes a game.

They are caches: the rules' replay of the rounds is the truth, and a test checks that
the caches equal it."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, case, delete, func, insert, select
from sqlalchemy.orm import aliased

from ..extensions import db
from ..games import GAMES
from ..models import (
    Game,
    Night,
    Player,
    PlayerSummary,
    RoundResult,
    Seat,
)

if TYPE_CHECKING:
    from .games import State


def refresh_results(
    game: Game, state: State, first_changed: int = 1, previous: State | None = None
) -> SummaryChange:
    """Bring the game's cached results up to the rules' word on its rounds: whether it is
    finished, each seat's total and win, and each player's rounds for the statistics, from
    round ``first_changed`` on (the rounds before it are as they were; ``previous``, the
    game before the change).

    Returns what the change takes out of and adds to the players' summaries (finished
    games only).
    """
    before = GameResults.of(game, previous) if game.finished and previous else None
    _settle(game, state)
    after = GameResults.of(game, state) if state.finished else None
    db.session.execute(
        delete(RoundResult).where(
            RoundResult.game_id == game.id, RoundResult.number >= first_changed
        )
    )
    players = {seat.seat: seat.player_id for seat in game.seats}
    rows = round_result_rows(game.id, state, players, first_changed)
    if rows:
        db.session.execute(insert(RoundResult), rows)
    return SummaryChange(before, after)


def new_games_results(games: Iterable[tuple[Game, State]]) -> list[SummaryChange]:
    """:func:`refresh_results` for games new in this transaction (an import's batch): no
    cached rows of theirs to take out, and every game's rows in one INSERT."""
    changes, rows = [], []
    for game, state in games:
        _settle(game, state)
        players = {seat.seat: seat.player_id for seat in game.seats}
        rows += round_result_rows(game.id, state, players)
        changes.append(SummaryChange(None, GameResults.of(game, state) if state.finished else None))
    if rows:
        db.session.execute(insert(RoundResult), rows)
    return changes


def _settle(game: Game, state: State) -> None:
    """The game's own cached results: whether it is finished, each seat's total and win."""
    game.finished = state.finished
    for seat in game.seats:
        seat.total = state.totals[seat.seat]
        seat.won = seat.seat in state.winners


def round_result_rows(
    game_id: str, state: State, players: Mapping[int, int], first: int = 1
) -> list[dict[str, Any]]:
    """The cached results of a game's rounds from round ``first`` on, a row per round and
    seat, as the rules score them (``players``: each seat's player id)."""
    return [
        {
            "game_id": game_id,
            "number": scored.number,
            "seat": seat,
            "player_id": players[seat],
            "kind": state.key,
            "cards": scored.cards,
            "bid": outcome.bid,
            "took": outcome.took,
            "score": scored.scores[seat],
            "made": outcome.made,
        }
        for scored in state.scored_rounds[first - 1 :]
        for seat, outcome in enumerate(state.seat_outcomes(scored.record))
    ]


TIMELINE_GAMES = 60
"""Finished games of each kind the player page's charts show."""
SUMMARY_VERSION = 4
"""The shape of a player's summary; an older one is counted afresh until rebuilt (4: a
partner is no opponent)."""
TIMELINE_KEPT = TIMELINE_GAMES + 20
"""The latest games of each kind kept beyond the chart's: room to take a game back (an
undo reopening it) without counting the player's games afresh."""


def summarize_player(player_id: int) -> dict[str, Any]:
    """A player's results across finished games, as the summary cache keeps them."""
    return summarize_players([player_id])[player_id]


def empty_summary() -> dict[str, Any]:
    return {
        "version": SUMMARY_VERSION,
        "by_kind": [],
        "opponents": [],
        "timeline": [],
        "bidding": [],
    }


def summarize_players(player_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Several players' summaries counted afresh: five queries, however many players.

    Everything in it counts finished games only: the results, the head-to-head, the
    timeline and the bidding (per game kind and deal size: rounds, bids made, bids
    failed, and the sum of bid minus taken).
    """
    ids = sorted(set(player_ids))
    summaries: dict[int, dict[str, Any]] = {pid: empty_summary() for pid in ids}
    if not ids:
        return summaries
    finished = and_(Seat.game_id == Game.id, Game.finished.is_(True))
    for pid, kind, played, won, total, best in db.session.execute(
        select(
            Seat.player_id,
            Game.kind,
            func.count(),
            func.sum(case((Seat.won, 1), else_=0)),
            func.sum(Seat.total),
            func.max(Seat.total),
        )
        .join(Game, finished)
        .where(Seat.player_id.in_(ids))
        .group_by(Seat.player_id, Game.kind)
        .order_by(Seat.player_id, Game.kind.desc())
    ):
        summaries[pid]["by_kind"].append(
            {
                "kind": kind,
                "played": played,
                "won": int(won or 0),
                "sum": int(total or 0),
                "average": int(total or 0) / played,
                "best": best,
            }
        )
    other = aliased(Seat)
    # In a game of partnerships, by the two seats and the table's size too: a partner (the
    # other seat on one's side, as the game's rules say) is no opponent, whoever finished
    # ahead. The other games are counted by the two players alone, as they ever were.
    partnered = kinds_with_sides()
    of_sides = Game.kind.in_(partnered)
    table_sizes = (
        select(Seat.game_id, func.count().label("players"))
        .join(Game, Game.id == Seat.game_id)
        .where(of_sides, Seat.game_id.in_(select(Seat.game_id).where(Seat.player_id.in_(ids))))
        .group_by(Seat.game_id)
        .subquery()
    )
    # Labelled, so that GROUP BY names them (PostgreSQL would take the same expression
    # with its own parameters for another one).
    seat = case((of_sides, Seat.seat), else_=-1).label("seat_on_side")
    other_seat = case((of_sides, other.seat), else_=-1).label("other_on_side")
    opponents: dict[tuple[int, int], list[int]] = {}
    rows = db.session.execute(
        select(
            Seat.player_id,
            other.player_id,
            Game.kind,
            seat,
            other_seat,
            table_sizes.c.players,
            func.count(),
            func.sum(case((Seat.total > other.total, 1), else_=0)),
            func.sum(case((Seat.total == other.total, 1), else_=0)),
            func.sum(case((Seat.total < other.total, 1), else_=0)),
        )
        .join(Game, finished)
        .outerjoin(table_sizes, table_sizes.c.game_id == Seat.game_id)
        .join(other, and_(other.game_id == Seat.game_id, other.player_id != Seat.player_id))
        .where(Seat.player_id.in_(ids))
        .group_by(
            Seat.player_id, other.player_id, Game.kind, seat, other_seat, table_sizes.c.players
        )
    )
    for pid, other_id, kind, at, other_at, players, games, ahead, level, behind in rows:
        if players is not None and partners(kind, players, at, other_at):
            continue
        line = opponents.setdefault((pid, other_id), [0, 0, 0, 0])
        for i, value in enumerate((games, ahead, level, behind)):
            line[i] += int(value or 0)
    for (pid, other_id), (games, ahead, level, behind) in sorted(opponents.items()):
        summaries[pid]["opponents"].append(
            {
                "player_id": other_id,
                "games": games,
                "ahead": ahead,
                "level": level,
                "behind": behind,
            }
        )
    for pid, entries in latest_games(ids).items():
        summaries[pid]["timeline"] = entries
    # The bids of finished games: every round counted on the covering index alone, less
    # the rounds of the player's games still being played (a few, reached from their
    # seats), rather than a lookup of each round's game.
    figures = (
        func.count(),
        func.sum(case((RoundResult.made.is_(True), 1), else_=0)),
        func.sum(case((RoundResult.made.is_(False), 1), else_=0)),
        func.sum(RoundResult.bid - RoundResult.took),
    )
    every_round = (
        select(RoundResult.player_id, RoundResult.kind, RoundResult.cards, *figures)
        .where(RoundResult.player_id.in_(ids), RoundResult.bid.is_not(None))
        .group_by(RoundResult.player_id, RoundResult.kind, RoundResult.cards)
    )
    running_rounds = (
        select(Seat.player_id, RoundResult.kind, RoundResult.cards, *figures)
        .join(Game, and_(Game.id == Seat.game_id, Game.finished.is_(False)))
        .join(RoundResult, and_(RoundResult.game_id == Seat.game_id, RoundResult.seat == Seat.seat))
        .where(Seat.player_id.in_(ids), RoundResult.bid.is_not(None))
        .group_by(Seat.player_id, RoundResult.kind, RoundResult.cards)
    )
    bidding: dict[tuple[int, str, int], list[int]] = {}
    for sign, statement in ((1, every_round), (-1, running_rounds)):
        for pid, kind, cards, rounds, made, failed, miss in db.session.execute(statement):
            line = bidding.setdefault((pid, kind, cards), [0, 0, 0, 0])
            for i, value in enumerate((rounds, made, failed, miss)):
                line[i] += sign * int(value or 0)
    for (pid, kind, cards), (rounds, made, failed, miss) in sorted(bidding.items()):
        if rounds:
            summaries[pid]["bidding"].append([kind, cards, rounds, made, failed, miss])
    return summaries


def kinds_with_sides() -> list[str]:
    """The games some table of which plays in partnerships (Spades)."""
    return [
        key
        for key, rules in GAMES.items()
        if any(
            len(sides_of(key, players)) < players
            for players in range(rules.min_players, rules.max_players + 1)
        )
    ]


def table_sides(kind: str, players: int) -> list[tuple[int, ...]]:
    """The seats of each side of a game of ``kind`` at a table of ``players``, by their
    first seat: each seat alone but in a game of partnerships ([(0, 2), (1, 3)])."""
    return sorted(sides_of(kind, players))


def partners(kind: str, players: int, seat: int, other: int) -> bool:
    """Whether two seats of a table of ``players`` play for one side in a game of ``kind``
    (Spades' partnerships), as its rules say of a new game of that table."""
    return any(seat in side and other in side for side in sides_of(kind, players))


def sides_of(
    kind: str, player_count: int, options: Mapping[str, Any] | None = None
) -> tuple[tuple[int, ...], ...]:
    """The seats of each side of a game, as its rules say (each seat alone but in a game
    of partnerships), asked of a new game of the same table and options."""
    if not options:  # the history's many questions of a table: no options to write out
        return _sides(kind, player_count, "{}")
    return _sides(kind, player_count, json.dumps(options, sort_keys=True, default=str))


@lru_cache(maxsize=256)
def _sides(kind: str, player_count: int, options: str) -> tuple[tuple[int, ...], ...]:
    alone = tuple((seat,) for seat in range(player_count))
    rules = GAMES.get(kind)
    if rules is None:
        return alone
    try:
        names = [f"Player {seat + 1}" for seat in range(player_count)]
        return rules.new(names, 0, json.loads(options)).sides
    except Exception:  # no longer a table or options of the game: each seat for itself
        return alone


def latest_games(player_ids: list[int]) -> dict[int, list[list[Any]]]:
    """Each player's latest finished games of each kind (kinds in the results' order,
    each oldest first), as the summary keeps them."""
    latest = (
        select(
            Seat.player_id.label("player_id"),
            Night.date.label("date"),
            Game.kind.label("kind"),
            Seat.total.label("total"),
            Seat.won.label("won"),
            Game.created_at.label("created_at"),
            Game.id.label("game_id"),
            func.row_number()
            .over(
                partition_by=(Seat.player_id, Game.kind),
                order_by=(Night.date.desc(), Game.created_at.desc(), Game.id.desc()),
            )
            .label("place"),
        )
        .join(Game, and_(Seat.game_id == Game.id, Game.finished.is_(True)))
        .join(Night, Night.id == Game.night_id)
        .where(Seat.player_id.in_(player_ids))
        .subquery()
    )
    found: dict[int, list[list[Any]]] = defaultdict(list)
    for pid, when, kind, total, won, created_at, game_id in db.session.execute(
        select(
            latest.c.player_id,
            latest.c.date,
            latest.c.kind,
            latest.c.total,
            latest.c.won,
            latest.c.created_at,
            latest.c.game_id,
        )
        .where(latest.c.place <= TIMELINE_KEPT)
        .order_by(latest.c.player_id, latest.c.kind.desc(), latest.c.place.desc())
    ):
        found[pid].append([when.isoformat(), kind, total, bool(won), _moment(created_at), game_id])
    return found


def _moment(created_at: datetime) -> str:
    return created_at.isoformat(timespec="microseconds")


@dataclass(frozen=True)
class GameResults:
    """What one finished game adds to its players' summaries."""

    game_id: str
    kind: str
    when: date
    created_at: datetime
    seats: tuple[tuple[int, int, bool], ...]
    """Each seat's player id, total and whether they won."""
    sides: tuple[int, ...]
    """Each seat's side (the index of its side in the game's rules): partners share one."""
    bidding: tuple[tuple[int, int, int, int, int, int], ...]
    """Each player's bids by deal size: player id, cards, rounds, made, failed, and the
    sum of bid minus taken."""

    @classmethod
    def of(cls, game: Game, state: State) -> GameResults:
        players = {seat.seat: seat.player_id for seat in game.seats}
        lines: dict[tuple[int, int], list[int]] = {}
        for row in round_result_rows(game.id, state, players):
            if row["bid"] is None:
                continue
            line = lines.setdefault((row["player_id"], row["cards"]), [0, 0, 0, 0])
            line[0] += 1
            line[1] += row["made"] is True
            line[2] += row["made"] is False
            line[3] += row["bid"] - row["took"]
        return cls(
            game.id,
            game.kind,
            game.night.date,
            game.created_at,
            tuple(
                (seat.player_id, state.totals[seat.seat], seat.seat in state.winners)
                for seat in game.seats
            ),
            tuple(state.side_of(seat.seat) for seat in game.seats),
            tuple(
                (pid, cards, line[0], line[1], line[2], line[3])
                for (pid, cards), line in sorted(lines.items())
            ),
        )


@dataclass(frozen=True)
class SummaryChange:
    """A game's results taken out of its players' summaries (it was finished before the
    change) and put in (it is finished after it): a correction of a finished game does
    both, finishing it only adds, reopening it only takes out."""

    removed: GameResults | None = None
    added: GameResults | None = None

    @property
    def players(self) -> set[int]:
        return {
            seat[0] for results in (self.removed, self.added) if results for seat in results.seats
        }


def update_summaries(changes: Iterable[SummaryChange]) -> None:
    """Bring the players' summaries up to date with these games' changes, each by its own
    results: the same few statements however many games the players have played (in the
    caller's transaction; it commits). A summary missing or of an older shape is counted
    afresh."""
    changes = [change for change in changes if change.players]
    ids = sorted(set().union(*(change.players for change in changes)))
    if not ids:
        return
    db.session.flush()
    # Held until the commit (PostgreSQL; SQLite's writes take turns already): two games of
    # one player changed at once bring their results in one after the other. The players'
    # own rows are locked first, in order: a summary not yet made has no row to lock, and
    # two games finishing at once would each insert it. FOR NO KEY UPDATE: the round
    # results this transaction wrote hold a KEY SHARE lock on those very rows (their
    # foreign keys), which FOR UPDATE would wait on, in the other game's transaction as
    # in this one: a deadlock, each waiting for the other.
    db.session.execute(
        select(Player.id)
        .where(Player.id.in_(ids))
        .order_by(Player.id)
        .with_for_update(key_share=True)
    )
    stored: dict[int, Any] = dict(
        db.session.execute(
            select(PlayerSummary.player_id, PlayerSummary.data)
            .where(PlayerSummary.player_id.in_(ids))
            .order_by(PlayerSummary.player_id)
            .with_for_update()
        ).all()
    )
    summaries = {
        pid: stored[pid]
        for pid in ids
        if isinstance(stored.get(pid), dict) and stored[pid].get("version") == SUMMARY_VERSION
    }
    recount = [pid for pid in ids if pid not in summaries]
    best_unknown: set[tuple[int, str]] = set()
    for change in changes:
        for results, sign in ((change.removed, -1), (change.added, 1)):
            if results is None:
                continue
            for (pid, total, won), side in zip(results.seats, results.sides, strict=True):
                if pid in summaries:
                    others = [
                        (o, t)
                        for (o, t, _), theirs in zip(results.seats, results.sides, strict=True)
                        if o != pid and theirs != side
                    ]
                    if _count_game(summaries[pid], results, pid, total, won, others, sign):
                        best_unknown.add((pid, results.kind))
    for pid, kind in sorted(best_unknown):
        line = _kind_line(summaries[pid], kind)
        if line is not None:
            line["best"] = db.session.scalar(
                select(func.max(Seat.total))
                .join(Game, and_(Seat.game_id == Game.id, Game.finished.is_(True)))
                .where(Seat.player_id == pid, Game.kind == kind)
            )
    short = [pid for pid, data in summaries.items() if _timeline_short(data)]
    if short:
        fresh = latest_games(short)
        for pid in short:
            summaries[pid]["timeline"] = fresh.get(pid, [])
    summaries.update(summarize_players(recount))
    # Replaced whole, in two statements whatever the number of players.
    db.session.execute(delete(PlayerSummary).where(PlayerSummary.player_id.in_(ids)))
    db.session.execute(
        insert(PlayerSummary), [{"player_id": pid, "data": summaries[pid]} for pid in ids]
    )


def _kind_line(data: dict[str, Any], kind: str) -> dict[str, Any] | None:
    return next((line for line in data["by_kind"] if line["kind"] == kind), None)


def _timeline_short(data: dict[str, Any]) -> bool:
    """Fewer games of a kind kept than the chart shows, though the player has more."""
    kept: dict[str, int] = defaultdict(int)
    for entry in data["timeline"]:
        kept[entry[1]] += 1
    return any(kept[line["kind"]] < min(TIMELINE_GAMES, line["played"]) for line in data["by_kind"])


def _count_game(
    data: dict[str, Any],
    results: GameResults,
    pid: int,
    total: int,
    won: bool,
    others: list[tuple[int, int]],
    sign: int,
) -> bool:
    """Add (``sign`` 1) or take back (-1) one game's results in a player's summary; True
    when the best total must be looked up again (the best game was taken back)."""
    line = _kind_line(data, results.kind)
    if line is None:
        line = {"kind": results.kind, "played": 0, "won": 0, "sum": 0, "average": 0, "best": None}
        data["by_kind"].append(line)
    line["played"] += sign
    line["won"] += sign * int(won)
    line["sum"] += sign * total
    best_lost = False
    if sign > 0:
        line["best"] = total if line["best"] is None else max(line["best"], total)
    elif line["best"] is None or total >= line["best"]:
        best_lost = True
    if line["played"] <= 0:
        data["by_kind"].remove(line)
        best_lost = False
    else:
        line["average"] = line["sum"] / line["played"]
    data["by_kind"].sort(key=lambda entry: entry["kind"], reverse=True)

    opponents = {entry["player_id"]: entry for entry in data["opponents"]}
    for other_id, other_total in others:
        entry = opponents.setdefault(
            other_id, {"player_id": other_id, "games": 0, "ahead": 0, "level": 0, "behind": 0}
        )
        entry["games"] += sign
        entry["ahead"] += sign * int(total > other_total)
        entry["level"] += sign * int(total == other_total)
        entry["behind"] += sign * int(total < other_total)
    data["opponents"] = sorted(
        (entry for entry in opponents.values() if entry["games"] > 0),
        key=lambda entry: entry["player_id"],
    )

    timeline = [entry for entry in data["timeline"] if entry[5] != results.game_id]
    if sign > 0:
        when, moment = results.when.isoformat(), _moment(results.created_at)
        timeline.append([when, results.kind, total, won, moment, results.game_id])
        of_kind = [entry for entry in timeline if entry[1] == results.kind]
        of_kind.sort(key=lambda entry: (entry[0], entry[4], entry[5]))
        dropped = {entry[5] for entry in of_kind[:-TIMELINE_KEPT]}
        timeline = [entry for entry in timeline if entry[5] not in dropped]
    # Kinds in the results' order, each kind's games oldest first (a stable sort).
    timeline.sort(key=lambda entry: (entry[0], entry[4], entry[5]))
    timeline.sort(key=lambda entry: entry[1], reverse=True)
    data["timeline"] = timeline

    bidding = {(entry[0], entry[1]): entry for entry in data["bidding"]}
    for player_id, cards, rounds, made, failed, miss in results.bidding:
        if player_id != pid:
            continue
        entry = bidding.setdefault((results.kind, cards), [results.kind, cards, 0, 0, 0, 0])
        for i, value in enumerate((rounds, made, failed, miss), start=2):
            entry[i] += sign * value
    data["bidding"] = sorted(
        (entry for entry in bidding.values() if entry[2] > 0),
        key=lambda entry: (entry[0], entry[1]),
    )
    return best_lost


def refresh_summaries(player_ids: Iterable[int]) -> None:
    """Rebuild these players' summaries (in the caller's transaction; it commits)."""
    ids = sorted(set(player_ids))
    if not ids:
        return
    db.session.flush()
    fresh = summarize_players(ids)
    # Replaced whole, in two statements whatever the number of players.
    db.session.execute(delete(PlayerSummary).where(PlayerSummary.player_id.in_(ids)))
    db.session.execute(
        insert(PlayerSummary), [{"player_id": pid, "data": fresh[pid]} for pid in ids]
    )
