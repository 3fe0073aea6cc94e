"""What a 1 MB import costs, whatever it holds: CPU seconds and the worker's memory.

    .venv/bin/python -m bench.import_cost          # each shape once
    .venv/bin/python -m bench.import_cost --mb 2   # files of 2 MB

Each shape is an export file of about ``--mb`` megabytes (1), made to cost the most of
what it holds: One Card games to 999 whose hands all tie (each as long as a game may be),
full Wizard games, a list of nights with no games, a list of players, corrections on one
game. Each is imported in-process (``transfer.import_file``, as the import form does) into
a fresh SQLite file, into an account of its own; a shape the app refuses (more than its
caps allow) counts too: the refusal must be as cheap.

Figures, each shape: the import's CPU time (this process's, so the database's work is
in it) against the CPU time of ``json.loads`` of the same bytes, the baseline outside the
app; target: at most 5 s of CPU for a 1 MB file. And the process's resident memory
after the imports against before them (target: within 1.5×, memory is given back).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import Figure, print_table, scratch_app
from .memory import rss_mb

CPU_TARGET_SECONDS = 5.0
MEMORY_TARGET = 1.5
PLAYERS = ["Ana", "Ben", "Cai"]
MOMENT = "2026-11-29T20:00:00.000000"


def document(games: list[dict[str, Any]], **parts: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-export",
        "version": 2,
        "players": parts.get("players", []),
        "nights": parts.get("nights", [{"uid": "night0", "date": "2026-11-29"}]),
        "games": games,
    }


def game(uid: str, kind: str, options: dict[str, Any], rounds: list[dict[str, Any]]) -> Any:
    return {
        "uid": uid,
        "night": "night0",
        "game": kind,
        "created_at": MOMENT,
        "updated_at": MOMENT,
        "version": len(rounds),
        "players": PLAYERS,
        "first_dealer": 0,
        "options": options,
        "rounds": rounds,
        "pending": None,
        "corrections": [],
    }


def filled(size: int, make: Callable[[int], dict[str, Any]]) -> bytes:
    """The largest document ``make(n)`` of at most ``size`` bytes, n found by doubling
    and halving."""
    low, high = 1, 1
    while len(json.dumps(make(high))) <= size:
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if len(json.dumps(make(middle))) <= size:
            low = middle
        else:
            high = middle
    return json.dumps(make(low)).encode()


def one_card_ties(size: int) -> bytes:
    """One Card to 999, every hand passed and tied 5-5-5: as many hands as a game may have
    (RULES.md's tie play-off, capped), as many such games as fit."""
    from scorekeeper.games.one_card.rules import most_hands

    tied = {"bidder": None, "bid": None, "trump": "none", "points": [5, 5, 5], "last_trick": 0}
    hands = [dict(tied) for _ in range(most_hands(3, 999))]
    per_game = len(json.dumps(hands))

    def make(hands_in_all: int) -> dict[str, Any]:
        games, left, n = [], hands_in_all, 0
        while left > 0:
            take = min(left, len(hands))
            games.append(game(f"game{n}", "one_card", {"target": 999}, hands[:take]))
            left, n = left - take, n + 1
        return document(games)

    assert per_game > 0
    return filled(size, make)


def wizard_games(size: int) -> bytes:
    """Whole Wizard games of three players, 20 rounds each, every round legal."""
    rounds = []
    for number in range(1, 21):
        tricks = [0, 0, 0]
        tricks[number % 3] = number
        rounds.append({"trump": "none", "bids": [0, 0, 0], "tricks": tricks})
    return filled(
        size,
        lambda n: document([game(f"game{i}", "wizard", {"hook": False}, rounds) for i in range(n)]),
    )


def nights_only(size: int) -> bytes:
    return filled(
        size,
        lambda n: document(
            [],
            nights=[
                {"uid": f"night{i}", "date": "2026-11-29", "place": "Caerdydd", "note": ""}
                for i in range(n)
            ],
        ),
    )


def players_only(size: int) -> bytes:
    return filled(size, lambda n: document([], players=[f"Player {i}" for i in range(n)]))


def corrections(size: int) -> bytes:
    """One short Wizard game whose change log is as long as the file allows."""
    played = [{"trump": "none", "bids": [0, 0, 0], "tricks": [0, 1, 0]}]

    def make(n: int) -> dict[str, Any]:
        changed = game("game0", "wizard", {"hook": False, "rounds": 1}, played)
        changed["version"] = n + 1
        changed["corrections"] = [
            {"version": v + 1, "number": 1, "done": "corrected", "at": MOMENT} for v in range(n)
        ]
        return document([changed])

    return filled(size, make)


SHAPES: dict[str, Callable[[int], bytes]] = {
    "One Card to 999, every hand tied": one_card_ties,
    "Wizard games, 20 rounds each": wizard_games,
    "nights with no games": nights_only,
    "players with no games": players_only,
    "corrections of one game": corrections,
}


def measure(megabytes: float) -> list[Figure]:
    from scorekeeper import services
    from scorekeeper.extensions import db
    from scorekeeper.services import transfer

    size = int(megabytes * 1024 * 1024)
    figures = []
    with tempfile.TemporaryDirectory(prefix="bench-import-") as scratch:
        app = scratch_app(Path(scratch) / "import.sqlite3")
        files = {name: make(size) for name, make in SHAPES.items()}
        gc.collect()
        before = rss_mb(os.getpid()) or 0.0
        for number, (name, raw) in enumerate(files.items()):
            started = time.process_time()
            json.loads(raw)
            baseline = time.process_time() - started
            with app.app_context():
                owner = services.create_user(f"importer{number}", "a long enough password")
                started, wall = time.process_time(), time.perf_counter()
                try:
                    done = transfer.import_file(owner, raw)
                    outcome = ", ".join(f"{v} {k}" for k, v in done.items())
                except services.ServiceError as refused:
                    outcome = f"refused: {refused.message}"
                cpu, wall = time.process_time() - started, time.perf_counter() - wall
                db.session.remove()
            figures.append(
                Figure(
                    f"import of {len(raw) / 1e6:.2f} MB: {name}",
                    f"{cpu:.2f} s CPU",
                    f"{baseline * 1000:.0f} ms json.loads",
                    cpu / baseline if baseline else None,
                    f"≤ {CPU_TARGET_SECONDS:g} s",
                    cpu <= CPU_TARGET_SECONDS * megabytes,
                    note=f"{wall:.2f} s in all; {outcome[:160]}",
                )
            )
        del files
        gc.collect()
        after = rss_mb(os.getpid()) or 0.0
        with app.app_context():
            db.engine.dispose()
    figures.append(
        Figure(
            "imports: this process's memory after them",
            f"{after:.0f} MB",
            f"{before:.0f} MB before",
            after / before if before else None,
            f"≤ {MEMORY_TARGET:g}×",
            after <= before * MEMORY_TARGET,
        )
    )
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=1.0, help="each file's size (1)")
    args = parser.parse_args()
    print_table(measure(args.mb))
    return 0


if __name__ == "__main__":
    sys.exit(main())
