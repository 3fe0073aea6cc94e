"""Standings across tables, checked against a worked example (tests/data)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.tournaments.standings import (
    Ranking,
    TableResult,
    finalists,
    placement_points,
    ranked,
    standings,
    with_final,
)

SMALL = json.loads(
    (Path(__file__).parent.parent / "data" / "tournament_small.json").read_text("utf-8")
)


def small_tables() -> list[TableResult[str]]:
    return [
        TableResult(tuple(t["players"]), tuple(t["scores"]), tuple(t["exact"]))
        for stage in SMALL["stages"]
        for t in stage
    ]


def line_dict(line: Any) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "player": line.player,
        "points": line.points,
        "exact": line.exact,
        "best": line.best,
        "shared": line.shared,
    }


@pytest.mark.parametrize("ranking", list(Ranking), ids=str)
def test_the_worked_example(ranking: Ranking) -> None:
    found = standings(small_tables(), ranking, SMALL["players"])
    assert [line_dict(line) for line in found] == SMALL["standings"][ranking.value]
    assert all(line.games == 2 for line in found)


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((10, 20, 30), (1, 2, 3)),
        ((5, 5, 5), (3, 3, 3)),
        ((9, 9, 1, 0), (4, 4, 2, 1)),
        ((-10, 0, -10, 50, 20, 0), (2, 4, 2, 6, 5, 4)),
    ],
    ids=["apart", "all level", "two first", "six with ties"],
)
def test_placement_points(scores: tuple[int, ...], points: tuple[int, ...]) -> None:
    assert placement_points(scores) == points


def test_a_game_without_bids_breaks_ties_by_the_best_game() -> None:
    tables = [
        TableResult(("Ana", "Ben"), (50, 10)),
        TableResult(("Ana", "Ben"), (10, 50)),
        TableResult(("Cai", "Dai"), (30, 30)),
    ]
    found = standings(tables, Ranking.SCORES)
    assert [(line.rank, line.player, line.exact) for line in found] == [
        (1, "Ana", None),
        (1, "Ben", None),
        (3, "Cai", None),
        (3, "Dai", None),
    ]


def test_a_registered_player_without_a_table_stands_last_even_below_negative_scores() -> None:
    found = standings(
        [TableResult(("Ana", "Ben", "Cai"), (-10, -20, -30))],
        Ranking.SCORES,
        ["Ana", "Ben", "Cai", "Zoe"],
    )
    assert found[-2].player == "Cai" and found[-1].player == "Zoe"
    assert (found[-1].points, found[-1].games, found[-1].best) == (0, 0, None)
    assert [line.rank for line in found] == [1, 2, 3, 4]


def test_ranked_is_for_any_rows() -> None:
    rows = [("a", 1), ("b", 3), ("c", 3), ("d", 0)]
    assert [(rank, row[0]) for rank, _shared, row in ranked(rows, key=lambda r: r[1])] == [
        (1, "b"),
        (1, "c"),
        (3, "a"),
        (4, "d"),
    ]


def test_the_final_seats_the_top_and_draws_lots_at_a_shared_cut() -> None:
    lines = standings(small_tables(), Ranking.SCORES, SMALL["players"])
    assert finalists(lines, 4, random.Random(1)) == ["Eli", "Ana", "Ben", "Cai"]
    picked = {tuple(finalists(lines, 3, random.Random(seed))) for seed in range(20)}
    assert picked == {("Eli", "Ana", "Ben"), ("Eli", "Ana", "Cai")}


def test_the_final_table_comes_first() -> None:
    before = standings(small_tables(), Ranking.SCORES, SMALL["players"])
    final = standings([TableResult(("Eli", "Ana", "Ben"), (10, 90, 40), (1, 2, 1))], Ranking.SCORES)
    after = with_final(before, final)
    assert [(line.rank, line.player) for line in after] == [
        (1, "Ana"),
        (2, "Ben"),
        (3, "Eli"),
        (4, "Cai"),
        (5, "Fay"),
        (6, "Dai"),
    ]
