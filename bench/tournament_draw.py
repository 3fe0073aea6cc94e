"""How well a tournament's draw parts players who met before, over many seeded draws.

Not a test: a report. Each run draws ``--draws`` whole tournaments, each with its own
seed, stage after stage as the app does (``scorekeeper.tournaments.draw``), and counts
how often two players met again beyond what the table sizes force: every two stages a
pair shares a table count once (``repeats``), less the fewest any draw can reach, each
later table holding the players of an earlier stage's tables spread evenly
(``unavoidable_repeats``, a lower bound that some fields cannot reach).

    .venv/bin/python bench/tournament_draw.py             # 1,000 draws; 100 of the others
    .venv/bin/python bench/tournament_draw.py --draws 50 --others 10

Target: in the championship's field (18 players, 3 stages of six tables of 3) no pair
meets twice in any draw. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.tournaments.draw import (  # noqa: E402
    draw,
    meetings,
    repeats,
    table_sizes,
    unavoidable_repeats,
)

FIELDS = (
    # players, preferred table size, stages, the game's lowest and highest count
    (18, 3, 3, 3, 6),
    (18, 4, 3, 3, 6),
    (20, 4, 4, 3, 6),
    (24, 6, 3, 3, 6),
    (13, 5, 3, 3, 6),
)


def run_field(
    players: int, size: int, stages: int, low: int, high: int, draws: int
) -> dict[str, float]:
    sizes = table_sizes(players, size, low, high)
    needed = unavoidable_repeats([sizes] * stages)
    over_draws = 0
    over_pairs = 0
    worst = 0
    started = time.perf_counter()
    for seed in range(draws):
        rng = random.Random(seed)
        played: list[list[tuple[int, ...]]] = []
        for _stage in range(stages):
            before = [[len(table) for table in stage] for stage in played]
            tables = draw(range(players), sizes, rng, meetings(played), before)
            played.append([table.seats for table in tables])
        met = meetings(played)
        excess = repeats(met) - needed
        over_pairs += excess
        over_draws += excess > 0
        worst = max(worst, max(met.values()))
    seconds = time.perf_counter() - started
    return {
        "needed": needed,
        "over_draws": over_draws,
        "over_pairs": over_pairs / draws,
        "worst": worst,
        "ms": 1000 * seconds / draws,
        "sizes": len(sizes),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--draws", type=int, default=1000, help="tournaments drawn of the championship's field"
    )
    parser.add_argument(
        "--others", type=int, default=100, help="tournaments drawn of each other field"
    )
    args = parser.parse_args()
    print(f"{args.draws} seeded tournaments of the first field, {args.others} of the others\n")
    print(
        "| players | tables | stages | unavoidable repeats | draws with more"
        " | repeats over, mean | most met | ms a tournament |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    missed = False
    for index, (players, size, stages, low, high) in enumerate(FIELDS):
        draws = args.draws if index == 0 else args.others
        found = run_field(players, size, stages, low, high, draws)
        shown = "×".join(map(str, table_sizes(players, size, low, high)))
        share = 100 * found["over_draws"] / draws
        print(
            f"| {players} | {shown} | {stages} | {found['needed']} | "
            f"{found['over_draws']} of {draws} ({share:.1f} %) | "
            f"{found['over_pairs']:.2f} | {found['worst']} | {found['ms']:.1f} |"
        )
        if (players, size, stages) == (18, 3, 3) and found["over_draws"]:
            missed = True
    print(
        "\ntarget: 18 players, 3 stages of six tables of 3, no pair meets twice:",
        "missed" if missed else "met",
    )
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
