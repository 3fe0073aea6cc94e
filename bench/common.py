"""What the benchmarks share: a scratch app on a fresh SQLite file, games with legal
rounds, interleaved timing, and the one table every figure is printed in.

Not a test: timings depend on the machine and on what else runs on it. Every timed
figure is a ratio to a baseline measured in the same run.
"""

from __future__ import annotations

import contextlib
import io
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent

# Quick to check, so that setting up a bench is not dominated by password hashing.
FAST_HASH = "pbkdf2:sha256:1000"
PASSWORD = "correct horse battery"
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]


# -- the table ------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One row of the report. ``holds`` is None for a figure that has no target."""

    name: str
    figure: str
    baseline: str = ""
    ratio: float | None = None
    target: str = ""
    holds: bool | None = None
    note: str = ""


def ms(seconds: float) -> str:
    value = seconds * 1000
    return (
        f"{value:.3f} ms" if value < 1 else f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"
    )


def ratio_text(ratio: float | None) -> str:
    if ratio is None:
        return ""
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.1f}×"


def holds_text(holds: bool | None) -> str:
    return "" if holds is None else ("yes" if holds else "NO")


COLUMNS = ("benchmark", "figure", "baseline", "ratio", "target", "holds")


def table_rows(figures: Iterable[Figure]) -> list[tuple[str, ...]]:
    return [
        (f.name, f.figure, f.baseline, ratio_text(f.ratio), f.target, holds_text(f.holds))
        for f in figures
    ]


def print_table(figures: Sequence[Figure], out: TextIO = sys.stdout) -> None:
    """Aligned columns for a terminal, notes underneath."""
    rows = table_rows(figures)
    widths = [max(len(row[i]) for row in [COLUMNS, *rows]) for i in range(len(COLUMNS))]
    right = {1, 2, 3}

    def line(row: Sequence[str]) -> str:
        cells = [
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    print(line(COLUMNS), file=out)
    print("  ".join("-" * width for width in widths), file=out)
    for row in rows:
        print(line(row), file=out)
    notes = [f for f in figures if f.note]
    if notes:
        print(file=out)
        for figure in notes:
            print(f"  {figure.name}: {figure.note}", file=out)


def markdown_table(figures: Sequence[Figure]) -> str:
    """The same table as Markdown, for the README."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + " --- |" * len(COLUMNS)]
    for row in table_rows(figures):
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return "\n".join(lines)


# -- timing ---------------------------------------------------------------------------

Timed = Callable[[], float]
"""A piece of work that returns how long its measured part took, in seconds."""


def timed(work: Callable[[], object]) -> Timed:
    def run() -> float:
        start = time.perf_counter()
        work()
        return time.perf_counter() - start

    return run


def interleaved_medians(
    cases: dict[str, Timed], rounds: int, batch_seconds: float = 0.04, seed: int = 1
) -> dict[str, float]:
    """The median time of one call of each case, cases interleaved in a new random
    order every round, so that a slow patch of the machine hits them all alike.

    Each round times a batch of calls per case, sized to take about ``batch_seconds``.
    """
    rng = random.Random(seed)
    batch: dict[str, int] = {}
    for name, case in cases.items():
        case()  # warm up: templates compiled, connections opened
        once = statistics.median(case() for _ in range(3))
        batch[name] = max(1, min(200, round(batch_seconds / max(once, 1e-6))))
    samples: dict[str, list[float]] = {name: [] for name in cases}
    order = list(cases)
    for _ in range(rounds):
        rng.shuffle(order)
        for name in order:
            case, count = cases[name], batch[name]
            samples[name].append(sum(case() for _ in range(count)) / count)
    return {name: statistics.median(values) for name, values in samples.items()}


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (0.99 → p99); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


# -- a scratch app ----------------------------------------------------------------------


def scratch_app(database: Path, **config: Any) -> Any:
    """The app on a SQLite file (write-ahead log, as deployed), schema by the migrations."""
    from scorekeeper import create_app
    from scorekeeper.database import upgrade
    from scorekeeper.extensions import db

    app = create_app(
        {
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "PASSWORD_HASH_METHOD": FAST_HASH,
            **config,
        }
    )
    with app.app_context(), contextlib.redirect_stderr(io.StringIO()):
        upgrade()  # alembic's log lines go nowhere
        db.engine.dispose()
    return app


def wizard_round(info: Any, rng: random.Random, turns_trump: bool) -> dict[str, Any]:
    """A legal Wizard round for ``info`` (a RoundInfo, or the API's "next")."""
    cards = info["cards"] if isinstance(info, dict) else info.cards
    players = info["players"] if isinstance(info, dict) else info.players
    tricks = [0] * players
    for _ in range(cards):
        tricks[rng.randrange(players)] += 1
    bids = [min(cards, max(0, took + rng.choice((0, 0, 0, 1, -1)))) for took in tricks]
    round_: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if turns_trump:
        round_.update(trump="hearts", turned="7h")
    else:
        round_["trump"] = "none"
    return round_


@dataclass(frozen=True)
class _Info:
    cards: int
    players: int


def play_wizard_game(owner: Any, players: int, rounds: int, seed: int = 7) -> Any:
    """A stored Wizard game with ``rounds`` legal rounds, through the services (call
    inside an app context)."""
    from scorekeeper import services

    rng = random.Random(seed)
    record = services.create_game(owner, "wizard", NAMES[:players], 0, {"hook": False})
    for _ in range(rounds):
        state = record.state
        number = len(state.rounds) + 1
        info = _Info(cards=state.deal_size(number), players=players)
        record = services.record_round(record, wizard_round(info, rng, state.turns_trump(number)))
    return record
