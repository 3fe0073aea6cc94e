"""The draw of a stage's tables: sizes, balance, seats and first dealers, seeded."""

from __future__ import annotations

import random

import pytest

from scorekeeper.tournaments.draw import (
    DrawError,
    draw,
    meetings,
    repeats,
    table_sizes,
    unavoidable_repeats,
)


@pytest.mark.parametrize(
    ("players", "size", "sizes"),
    [
        (18, 3, (3,) * 6),
        (18, 6, (6,) * 3),
        (19, 4, (4, 4, 4, 4, 3)),
        (7, 6, (4, 3)),
        (3, 6, (3,)),
        (13, 5, (5, 4, 4)),
        (200, 6, (6,) * 30 + (5,) * 4),
    ],
    ids=["18 by 3", "18 by 6", "19 by 4", "7 by 6", "3 alone", "13 by 5", "200 by 6"],
)
def test_sizes_differ_by_at_most_one_within_the_counts(
    players: int, size: int, sizes: tuple[int, ...]
) -> None:
    found = table_sizes(players, size, low=3, high=6)
    assert sum(found) == players
    assert max(found) - min(found) <= 1 and min(found) >= 3 and max(found) <= 6
    assert found == sizes


def test_too_few_players_for_a_table() -> None:
    with pytest.raises(DrawError):
        table_sizes(2, 3, low=3, high=6)


def test_a_seeded_draw_repeats_and_seats_everyone_once() -> None:
    first = draw(range(18), (3,) * 6, random.Random(7))
    again = draw(range(18), (3,) * 6, random.Random(7))
    assert first == again
    assert sorted(p for table in first for p in table.seats) == list(range(18))
    assert all(0 <= table.first_dealer < len(table.seats) for table in first)


@pytest.mark.parametrize("seed", range(25))
def test_eighteen_players_three_stages_of_three_never_meet_twice(seed: int) -> None:
    rng = random.Random(seed)
    played: list[list[tuple[int, ...]]] = []
    for _stage in range(3):
        tables = draw(range(18), (3,) * 6, rng, meetings(played))
        played.append([table.seats for table in tables])
    assert max(meetings(played).values()) == 1


def test_repeats_beyond_what_the_sizes_force() -> None:
    rng = random.Random(3)
    played: list[list[tuple[int, ...]]] = []
    for _stage in range(3):
        tables = draw(range(24), (6,) * 4, rng, meetings(played))
        played.append([table.seats for table in tables])
    assert repeats(meetings(played)) == unavoidable_repeats([(6,) * 4] * 3) == 24


def test_players_do_not_fill_the_tables() -> None:
    with pytest.raises(DrawError):
        draw(range(5), (3, 3), random.Random(1))
