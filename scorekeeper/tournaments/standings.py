"""Standings across tables: each player's points by the organiser's ranking rule, then
the tie-breaks in order (docs/api.md, Tournaments): the rounds bid exactly (for a game with
bids), then the best single game, then the place is shared.

The ranking itself (:func:`ranked`) knows nothing of tournaments: anything with a sort
key is ranked, ties sharing a place, so that a season's standings rank the same way.

>>> tables = [
...     TableResult(("Ana", "Ben", "Cai"), (120, 80, 80), exact=(6, 4, 5)),
...     TableResult(("Dai", "Eli", "Fay"), (40, 130, 90), exact=(3, 7, 5)),
... ]
>>> [(line.rank, line.player, line.points) for line in standings(tables, Ranking.SCORES)]
[(1, 'Eli', 130), (2, 'Ana', 120), (3, 'Fay', 90), (4, 'Cai', 80), (5, 'Ben', 80), (6, 'Dai', 40)]
>>> [(line.player, line.points) for line in standings(tables, Ranking.PLACEMENT)][:3]
[('Eli', 3), ('Ana', 3), ('Fay', 2)]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

P = TypeVar("P", bound=Hashable)
T = TypeVar("T")


class Ranking(StrEnum):
    """How a player's tables add up to their points."""

    SCORES = "scores"
    """The sum of the player's scores at every table."""
    PLACEMENT = "placement"
    """Points for each table's place: 1st = the players at the table … last = 1."""


@dataclass(frozen=True)
class TableResult(Generic[P]):
    """One table's game as the standings read it: its players in seat order, their
    totals, and the rounds each bid exactly (None for a game without bids)."""

    players: tuple[P, ...]
    scores: tuple[int, ...]
    exact: tuple[int, ...] | None = None
    finished: bool = True

    def __post_init__(self) -> None:
        if len(self.scores) != len(self.players) or (
            self.exact is not None and len(self.exact) != len(self.players)
        ):
            raise ValueError("a score and a count of exact bids for every player")


def placement_points(scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points for its place at the table: the best score gets as many points
    as there are players, the worst 1; players level share the better place.

    >>> placement_points([120, 80, 80, 30])
    (4, 3, 3, 1)
    """
    count = len(scores)
    return tuple(count - sum(1 for other in scores if other > score) for score in scores)


@dataclass(frozen=True)
class Line(Generic[P]):
    """One player's line of the standings."""

    player: P
    rank: int
    """1 for the first; players level on everything share a rank."""
    points: int
    games: int
    exact: int | None
    """Rounds bid exactly over every table (None: the game has no bids)."""
    best: int | None
    """The best single game's score (None before any table)."""
    shared: bool = False
    """The rank is shared with another player."""
    scores: tuple[int, ...] = field(default=())
    """The player's score at each table, in the order the tables were given."""

    def sort_key(self) -> tuple[bool, int, int, int]:
        """Higher is better: points, then rounds bid exactly, then the best game; a player
        without a table yet after everyone who has played."""
        best = self.best if self.best is not None else 0
        return (self.games > 0, self.points, self.exact or 0, best)


def ranked(items: Iterable[T], key: Callable[[T], Any]) -> list[tuple[int, bool, T]]:
    """``items`` best first by ``key`` (higher is better), each with its rank and whether
    it shares it; items of equal keys share the rank of the first of them (1, 2, 2, 4).

    >>> ranked([("a", 3), ("b", 5), ("c", 3)], key=lambda item: item[1])
    [(1, False, ('b', 5)), (2, True, ('a', 3)), (2, True, ('c', 3))]
    """
    ordered = sorted(items, key=key, reverse=True)
    keys = [key(item) for item in ordered]
    out: list[tuple[int, bool, T]] = []
    for index, item in enumerate(ordered):
        first = keys.index(keys[index])
        shared = keys.count(keys[index]) > 1
        out.append((first + 1, shared, item))
    return out


def standings(
    tables: Iterable[TableResult[P]],
    ranking: Ranking,
    players: Iterable[P] = (),
) -> list[Line[P]]:
    """Every player's line, best first. ``players``: everyone registered, so that a player
    without a table yet stands with nothing (and in this order among the level ones)."""
    order: list[P] = list(dict.fromkeys(players))
    points: dict[P, int] = {}
    exact: dict[P, int | None] = {}
    scores: dict[P, list[int]] = {}
    for table in tables:
        earned = placement_points(table.scores) if ranking is Ranking.PLACEMENT else table.scores
        for seat, player in enumerate(table.players):
            if player not in scores:
                if player not in order:
                    order.append(player)
                scores[player] = []
                points[player] = 0
                exact[player] = None
            scores[player].append(table.scores[seat])
            points[player] += earned[seat]
            if table.exact is not None:
                exact[player] = (exact[player] or 0) + table.exact[seat]
    lines = [
        Line(
            player=player,
            rank=0,
            points=points.get(player, 0),
            games=len(scores.get(player, ())),
            exact=exact.get(player),
            best=max(scores[player]) if scores.get(player) else None,
            scores=tuple(scores.get(player, ())),
        )
        for player in order
    ]
    return [
        Line(
            line.player,
            rank,
            line.points,
            line.games,
            line.exact,
            line.best,
            shared,
            line.scores,
        )
        for rank, shared, line in ranked(lines, Line.sort_key)
    ]


def finalists(lines: Sequence[Line[P]], size: int, rng: random.Random) -> list[P]:
    """The top ``size`` players of the standings, for the final table; players sharing
    the place at the cut are drawn by lot (the tie-breaks having run out)."""
    if size >= len(lines):
        return [line.player for line in lines]
    cut = lines[size - 1].rank
    sure = [line.player for line in lines if line.rank < cut]
    level = [line.player for line in lines if line.rank == cut]
    if len(sure) + len(level) > size:
        level = rng.sample(level, size - len(sure))
    return sure + level


def with_final(preliminary: Sequence[Line[P]], final: Sequence[Line[P]]) -> list[Line[P]]:
    """The standings once a final is played: the final table's players first, in the
    final's order, then everyone else as the preliminary stages left them."""
    seated = {line.player for line in final}
    rest = [line for line in preliminary if line.player not in seated]
    out = list(final)
    for line in rest:
        rank = (
            len(final)
            + line.rank
            - sum(1 for other in preliminary if other.player in seated and other.rank < line.rank)
        )
        out.append(
            Line(
                line.player,
                rank,
                line.points,
                line.games,
                line.exact,
                line.best,
                line.shared,
                line.scores,
            )
        )
    return out
