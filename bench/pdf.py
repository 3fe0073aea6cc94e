"""How long each kind of score sheet takes to render, against WeasyPrint's floor.

Not a test: timings depend on the machine and on what else runs on it. Every figure
is a ratio to rendering a one-line HTML page with WeasyPrint, measured in the same
run, so runs on different machines compare. Each render is timed in CPU time (other
programs weigh less), with the garbage collector on as in a worker, so its pauses count
where they fall. After two warm-up rounds, every sheet in every language is rendered
``--repeat`` times in rounds of a shuffled order, each render followed by the trivial
page; a sheet's figure is the median of its renders over the run's one baseline, the
median of all the trivial pages.

    .venv/bin/python bench/pdf.py              # or --repeat 21 on a busy machine

Targets (bench/README.md), in every language the app offers: a completed 6-player,
10-round Wizard sheet within 12x the trivial page, every blank sheet within 8x; and a
finished game's sheet asked for again served from the cache, without a render. Exits 1
when a target is missed.
"""

from __future__ import annotations

import argparse
import gc
import logging
import random
import re
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402

from scorekeeper import create_app, pdf, services, sheets  # noqa: E402
from scorekeeper.database import upgrade  # noqa: E402
from scorekeeper.games import GAMES  # noqa: E402
from scorekeeper.games.kinds import GameKind, kind  # noqa: E402
from scorekeeper.i18n import LANGUAGES  # noqa: E402
from scorekeeper.views.sheets import render_sheet  # noqa: E402

PLAYED = datetime(2026, 3, 3, 20, 15)
WIZARD, ONE_CARD = kind("wizard"), kind("one_card")
NAMES = ["Siôn", "Ŵyn", "Νίκος", "सीता", "Ana", "Dee"]
BLANK_TARGET = 8.0
COMPLETED_TARGET = 12.0


def wizard_rounds(players: int, seed: int = 7) -> list[dict[str, Any]]:
    """A full game of made-up but legal rounds."""
    rng = random.Random(seed)
    state = GAMES["wizard"].new(NAMES[:players], 0, {"hook": False})
    rounds = []
    for number in range(1, state.planned_rounds + 1):
        tricks = [0] * players
        for _ in range(number):
            tricks[rng.randrange(players)] += 1
        bids = [max(0, t + rng.choice((0, 0, 1, -1))) for t in tricks]
        turns = state.turns_trump(number)
        rounds.append(
            {
                "trump": "hearts" if turns else "none",
                "turned": "7h" if turns else None,
                "bids": bids,
                "tricks": tricks,
            }
        )
    return rounds


def wizard_game(players: int) -> Any:
    state = GAMES["wizard"].new(NAMES[:players], 0, {"hook": False})
    for played in wizard_rounds(players):
        state = state.load_round(played)
    assert state.finished
    return state


def one_card_game(players: int, seed: int = 3) -> Any:
    rng = random.Random(seed)
    state = GAMES["one_card"].new(NAMES[:players], 0, {})
    while not state.finished:
        points = [0] * players
        for _ in range(15):
            points[rng.randrange(players)] += 1
        bidder = rng.randrange(players)
        state = state.load_round(
            {
                "bidder": bidder,
                "bid": state.lowest_bid,
                "trump": "spades",
                "points": points,
                "last_trick": bidder,
            }
        )
    return state


def blank(game: GameKind, players: int, **given: Any) -> sheets.Sheet:
    return sheets.blank_sheet(game.rules, game.sheet, players, **given)


def completed(state: Any) -> sheets.Sheet:
    return sheets.completed_sheet(state, kind(state.key).sheet, PLAYED)


def cpu_time(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def peak_kib(work: Callable[[], object]) -> int:
    """The most memory Python held while ``work`` ran, above what it held before."""
    gc.collect()
    tracemalloc.start()
    work()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak // 1024


def the_app(folder: Path) -> Flask:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            # Laid out here, where this process's CPU clock counts it: in a render
            # process (a worker's default), the layout's time would go uncounted.
            "SHEET_RENDER_PROCESSES": 0,
        }
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)
    with app.app_context():
        upgrade()
    return app


def served_again(app: Flask) -> tuple[int, float, float]:
    """A finished 6-player game's sheet asked for twice over HTTP by its owner.

    Returns how many renders the second request made, and the seconds each
    request took (the first renders and stores it).
    """
    with app.app_context():
        owner = services.create_user("bench", "bench password")
        record = services.create_game(owner, "wizard", NAMES, 0, {"hook": False})
        for played in wizard_rounds(6):
            record = services.record_round(record, played)
        assert record.state.finished
        url = f"/games/{record.id}/sheet.pdf"
    client = app.test_client()
    # Logins are kept on the server: the owner logs in through the form, as a phone does.
    login_page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', login_page)
    assert token, "no CSRF token on the login page"
    logged_in = client.post(
        "/login",
        data={"username": "bench", "password": "bench password", "csrf_token": token[1]},
    )
    assert logged_in.status_code == 302, f"the login answered {logged_in.status_code}"

    renders = 0
    render = pdf.render_pdf

    def counted(*args: Any, **kwargs: Any) -> bytes:
        nonlocal renders
        renders += 1
        return render(*args, **kwargs)

    pdf.render_pdf = counted  # type: ignore[assignment]
    try:
        first = cpu_time(lambda: client.get(url))
        renders = 0
        again = min(cpu_time(lambda: client.get(url)) for _ in range(5))
        response = client.get(url)
    finally:
        pdf.render_pdf = render  # type: ignore[assignment]
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return renders, first, again


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--repeat", type=int, default=11, help="renders of each sheet (their median kept)"
    )
    parser.add_argument(
        "--languages",
        nargs="+",
        choices=list(LANGUAGES),
        default=list(LANGUAGES),
        help="only these languages (all the app offers by default)",
    )
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-pdf-"))
    app = the_app(folder)
    weasyprint = pdf._weasyprint()

    def trivial() -> bytes:
        return weasyprint.HTML(string="<p>Scorekeeper</p>").write_pdf()  # type: ignore[no-any-return]

    wizard = {n: wizard_game(n) for n in (3, 6)}
    one_card = one_card_game(4)
    kinds: dict[str, tuple[str, Callable[[], bytes], float | None]] = {
        "blank Wizard, 3 players, 20 rounds": (
            "blank W3",
            lambda: render_sheet(blank(WIZARD, 3)),
            BLANK_TARGET,
        ),
        "blank Wizard, 6 players with names": (
            "blank W6",
            lambda: render_sheet(blank(WIZARD, 6, names=NAMES, first_dealer=2)),
            BLANK_TARGET,
        ),
        "blank One Card, 4 players with names": (
            "blank OC4",
            lambda: render_sheet(blank(ONE_CARD, 4, names=NAMES[:4])),
            BLANK_TARGET,
        ),
        "completed Wizard, 6 players, 10 rounds": (
            "W6×10",
            lambda: render_sheet(completed(wizard[6])),
            COMPLETED_TARGET,
        ),
        "completed Wizard, 3 players, 20 rounds": (
            "W3×20",
            lambda: render_sheet(completed(wizard[3])),
            None,
        ),
        f"completed One Card, 4 players, {len(one_card.rounds)} hands": (
            f"OC4×{len(one_card.rounds)}",
            lambda: render_sheet(completed(one_card)),
            None,
        ),
    }

    # Every sheet in every language the app offers, each in a request of its language
    # (the sheet's words, and the fonts its script needs).
    times: dict[tuple[str, str], list[float]] = {}
    baselines: list[float] = []
    contexts = {
        language: app.test_request_context(headers={"Cookie": f"language={language}"})
        for language in args.languages
    }
    for _ in range(2):  # warm up: fonts, templates, stylesheet, the caches of each
        for context in contexts.values():
            with context:
                for _, work, _ in kinds.values():
                    work()
                    trivial()
    order = [(language, name) for language in args.languages for name in kinds]
    shuffler = random.Random(17)
    for _ in range(args.repeat):
        shuffler.shuffle(order)
        for language, name in order:
            with contexts[language]:
                times.setdefault((language, name), []).append(cpu_time(kinds[name][1]))
                baselines.append(cpu_time(trivial))
    with app.test_request_context():  # English: the app's own words
        memory = {name: peak_kib(work) for name, (_, work, _) in kinds.items()}
    baseline = statistics.median(baselines)
    renders, first, again = served_again(app)
    ratio = {key: statistics.median(samples) / baseline for key, samples in times.items()}

    subsetter = "HarfBuzz" if pdf.harfbuzz_subset_available() else "fontTools (no HarfBuzz!)"
    print(f"WeasyPrint {pdf.weasyprint_version()}, fonts subset with {subsetter}")
    print(f"baseline, a one-line page: {baseline * 1000:.1f} ms CPU (median of {len(baselines)})\n")
    print("Each sheet in each language, times the baseline:")
    print(f"{'language':10}" + "".join(f"{short:>10}" for short, _, _ in kinds.values()))
    for language in args.languages:
        print(f"{language:10}" + "".join(f"{ratio[language, name]:10.1f}" for name in kinds))
    print(f"\n{'sheet':44} {'× baseline':>10} {'target':>8} {'holds':>6}")
    missed = 0
    blanks = [name for name, (_, _, target) in kinds.items() if target == BLANK_TARGET]
    targeted = [name for name, (_, _, target) in kinds.items() if target == COMPLETED_TARGET]
    for language in args.languages:
        slowest = max(blanks, key=lambda name: ratio[language, name])
        rows = [(f"{language}: slowest blank ({kinds[slowest][0]})", slowest, BLANK_TARGET)]
        rows += [(f"{language}: {name}", name, COMPLETED_TARGET) for name in targeted]
        for label, name, target in rows:
            holds = ratio[language, name] <= target
            missed += not holds
            verdict = "yes" if holds else "NO"
            print(f"{label:44} {ratio[language, name]:9.1f}× {f'≤ {target:g}×':>8} {verdict:>6}")
    cached = renders == 0
    missed += not cached
    print(
        f"{'finished game, first request (renders)':44} {first / baseline:9.1f}×\n"
        f"{'finished game, asked again (cache)':44} {again / baseline:9.2f}× "
        f"{'no render':>8} {'yes' if cached else 'NO':>6}"
    )
    print(f"\n{'sheet, in English':44} {'peak KiB':>10}")
    for name in kinds:
        print(f"{name:44} {memory[name]:10d}")
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"\npeak KiB: Python memory held while rendering that sheet once (tracemalloc);"
        f"\npeak resident memory of the whole run: {peak_rss / 1024:.0f} MiB"
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
