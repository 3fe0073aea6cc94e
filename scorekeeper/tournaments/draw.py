"""Drawing a stage's tables: who sits at which table, in which seat, and who deals first.

The draw is random, then balanced: players who met at an earlier stage are parted where
the sizes allow, so that everyone meets as few times as possible; tables differ in size by
at most one, each within the game's player counts. A seeded ``random.Random`` makes it
repeatable (the tests, the benchmark).

>>> table_sizes(18, 3, low=3, high=6)
(3, 3, 3, 3, 3, 3)
>>> table_sizes(20, 6, low=3, high=6)
(5, 5, 5, 5)
>>> tables = draw(range(18), table_sizes(18, 3, 3, 6), random.Random(1))
>>> sorted(len(table.seats) for table in tables)
[3, 3, 3, 3, 3, 3]
>>> sorted(p for table in tables for p in table.seats) == list(range(18))
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)

RESTARTS = 12
"""Random starting draws each balanced on its own; the best one is kept."""

KICKS = 20
"""For a draw still seating players together again: shakes of a few random swaps, each
balanced again, before the next random start."""

WORK = 40_000
"""How much balancing a draw may do, in balancings × players²: small fields try every
restart and shake, large ones (whose balancing costs the square of their players) fewer,
so that a draw stays within a second or two where meetings again cannot be avoided at
all. A count, not a clock: a seeded draw is the same on any machine."""


class DrawError(ValueError):
    """The players cannot be seated at tables the game allows."""

    def __init__(self, template: str, **values: int) -> None:
        super().__init__(template.format(**values))
        self.template = template
        self.values = values


@dataclass(frozen=True)
class DrawnTable(Generic[P]):
    """One table of a stage: its players in seat order (seat 0 first), and the seat that
    deals the first round."""

    seats: tuple[P, ...]
    first_dealer: int


def table_sizes(players: int, size: int, low: int, high: int) -> tuple[int, ...]:
    """The sizes of a stage's tables for ``players``, as near ``size`` as the count allows,
    every one between ``low`` and ``high`` and none more than one apart; largest first.

    >>> table_sizes(7, 4, low=3, high=6)
    (4, 3)
    >>> table_sizes(6, 6, low=3, high=6)
    (6,)
    >>> table_sizes(2, 3, low=3, high=6)
    Traceback (most recent call last):
    ...
    scorekeeper.tournaments.draw.DrawError: 2 players cannot sit at tables of 3 to 6
    """
    if players < low or low > high:
        raise DrawError(
            "{players} players cannot sit at tables of {low} to {high}",
            players=players,
            low=low,
            high=high,
        )
    size = min(max(size, low), high)
    wanted = max(1, round(players / size))
    # The nearest table count whose sizes all fit: try outwards from the wanted one.
    for step in range(players + 1):
        for count in (wanted + step, wanted - step):
            if 1 <= count <= players and low <= players // count and -(-players // count) <= high:
                small, extra = divmod(players, count)
                return tuple([small + 1] * extra + [small] * (count - extra))
    raise DrawError(
        "{players} players cannot sit at tables of {low} to {high}",
        players=players,
        low=low,
        high=high,
    )


def meetings(stages: Iterable[Iterable[Sequence[P]]]) -> Counter[frozenset[P]]:
    """How many times each pair of players sat at one table, over the stages given.

    >>> meetings([[("a", "b", "c")], [("a", "b")]])[frozenset("ab")]
    2
    """
    met: Counter[frozenset[P]] = Counter()
    for stage in stages:
        for table in stage:
            for one, other in itertools.combinations(table, 2):
                met[frozenset((one, other))] += 1
    return met


def _weight(times: int) -> int:
    """What seating two players together costs, by how often they met before: nothing
    for a first meeting, then more and more (a third meeting costs more than two
    second ones)."""
    return int(4**times) - 1


def _table_cost(table: Sequence[P], met: Mapping[frozenset[P], int]) -> int:
    return sum(_weight(met.get(frozenset(pair), 0)) for pair in itertools.combinations(table, 2))


def _balanced(
    tables: list[list[P]], met: Mapping[frozenset[P], int], rng: random.Random
) -> tuple[list[list[P]], int]:
    """Swap players between tables while a swap lowers the cost (a local search from
    the random start)."""
    costs = [_table_cost(table, met) for table in tables]
    improved = True
    while improved:
        improved = False
        order = [(t, s) for t, table in enumerate(tables) for s in range(len(table))]
        rng.shuffle(order)
        for (a, i), (b, j) in itertools.combinations(order, 2):
            if a == b:
                continue
            left, right = tables[a], tables[b]
            left[i], right[j] = right[j], left[i]
            new_left, new_right = _table_cost(left, met), _table_cost(right, met)
            if new_left + new_right < costs[a] + costs[b]:
                costs[a], costs[b] = new_left, new_right
                improved = True
            else:
                left[i], right[j] = right[j], left[i]
    return tables, sum(costs)


def draw(
    players: Iterable[P],
    sizes: Sequence[int],
    rng: random.Random,
    met: Mapping[frozenset[P], int] | None = None,
    earlier: Sequence[Sequence[int]] = (),
) -> list[DrawnTable[P]]:
    """Seat ``players`` at tables of ``sizes`` (their sum is the number of players),
    parting players who met before (``met``: :func:`meetings` of the earlier stages,
    ``earlier``: their table sizes, which say how many meetings again cannot be avoided,
    so that a draw reaching that few stops there); then each table's seats are shuffled
    and its first dealer drawn."""
    pool = list(players)
    if sum(sizes) != len(pool) or any(size < 1 for size in sizes):
        raise DrawError("{players} players do not fill these tables", players=len(pool))
    before = met or {}
    # Each meeting again costs at least 3 (_weight(1)), however often the pair met.
    least = 3 * sum(_spread(sizes, len(stage)) for stage in earlier) if before else 0
    best: list[list[P]] | None = None
    best_cost = math.inf
    allowed = max(2, WORK // max(1, len(pool)) ** 2)
    for _attempt in range(RESTARTS if before else 1):
        if allowed <= 0:
            break
        rng.shuffle(pool)
        tables: list[list[P]] = []
        start = 0
        for size in sizes:
            tables.append(pool[start : start + size])
            start += size
        tables, cost = _balanced(tables, before, rng) if before else (tables, 0)
        allowed -= 1
        for _kick in range(KICKS if cost > least and len(tables) > 1 else 0):
            if allowed <= 0:
                break
            allowed -= 1
            # Stuck where no single swap helps: a few random swaps, then balance again;
            # kept only if it ends no worse (an escape from the local optimum).
            trial = [list(table) for table in tables]
            for _swap in range(2):
                a, b = rng.sample(range(len(trial)), 2)
                i, j = rng.randrange(len(trial[a])), rng.randrange(len(trial[b]))
                trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
            trial, tried = _balanced(trial, before, rng)
            if tried <= cost:
                tables, cost = trial, tried
            if cost <= least:
                break
        if cost < best_cost:
            best, best_cost = [list(table) for table in tables], cost
        if cost <= least:
            break
    assert best is not None
    drawn = []
    for table in best:
        rng.shuffle(table)
        drawn.append(DrawnTable(tuple(table), rng.randrange(len(table))))
    return drawn


def repeats(met: Mapping[frozenset[P], int]) -> int:
    """Meetings again: each pair counted once for every two stages it met at (a pair that
    met three times met again three times over).

    >>> repeats({frozenset("ab"): 3, frozenset("ac"): 2, frozenset("bc"): 1})
    4
    """
    return sum(times * (times - 1) // 2 for times in met.values())


def _spread(sizes: Sequence[int], tables: int) -> int:
    """The fewest pairs of one earlier table's players that tables of ``sizes`` seat
    together again, when the earlier stage had ``tables`` tables: each table's players
    spread over them as evenly as can be."""
    found = 0
    for size in sizes:
        each, extra = divmod(size, tables)
        found += extra * (each + 1) * each // 2 + (tables - extra) * each * (each - 1) // 2
    return found


def unavoidable_repeats(stages: Sequence[Sequence[int]]) -> int:
    """The fewest :func:`repeats` any draw of these stages (each given by its table
    sizes) can reach: each table of a later stage holds players of every table of an
    earlier one, at best spread evenly, and players from one earlier table meet again.

    >>> unavoidable_repeats([(3,) * 6] * 3)
    0
    >>> unavoidable_repeats([(6,) * 4] * 3)
    24
    """
    return sum(
        _spread(sizes, len(earlier))
        for later, sizes in enumerate(stages)
        for earlier in stages[:later]
    )
