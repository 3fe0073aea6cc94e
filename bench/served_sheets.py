"""Score sheets over HTTP in every language, from the app served as ``./scripts/start``
serves it, each as a ratio to a one-line PDF served the same way in the same run.

    .venv/bin/python -m bench.served_sheets            # 3 repeats of 7 interleaved rounds
    .venv/bin/python -m bench.served_sheets --quick    # 2 repeats of 3

Two servers, each ``python -m scorekeeper.serve`` (as many workers as it would run here),
on one SQLite file: the app, and a bare Flask app whose one page is a PDF of one line of
text laid out by WeasyPrint on every request (``one_line_pdf_app``): what Flask, the
server, WeasyPrint and the machine cost for the smallest PDF there is. Logged in, a
client for each language (its ``Accept-Language``) asks, in every language the app offers:

- a blank 6-player Wizard sheet with the players' names typed (a sheet with names is laid
  out for each ask; one without is the same for everyone and kept once made);
- the sheet of a 6-player Wizard game with 9 of its 10 rounds played (a game not finished
  is laid out for each ask; a finished game's is kept once made).

Every case is timed in batches, the cases in a new random order each round; a row's ratio
is the median of the repeats' ratios, its note the lowest and highest. Targets (issue
"Fast at the core"): a blank sheet ≤ 8×, a played game's sheet ≤ 12×, in every language.
A report, not a test: it exits 0 whether the targets hold or not.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import NAMES, PASSWORD, ROOT, Figure, interleaved_medians, ms, print_table
from .served import CSRF, Client

BLANK_TARGET = 8.0
GAME_TARGET = 12.0
ONE_LINE = "<p>One line.</p>"


def one_line_pdf_app() -> Any:
    """The baseline: Flask with one page, a one-line PDF laid out on every request."""
    from flask import Flask, Response
    from weasyprint import HTML

    app = Flask("one_line_pdf")

    @app.get("/")
    def one_line() -> Response:
        return Response(HTML(string=ONE_LINE).write_pdf(), mimetype="application/pdf")

    return app


def language_client(url: str, language: str) -> Client:
    """A client whose every request asks for ``language``."""
    client = Client(url)
    client.language = language
    return client


def languages() -> list[str]:
    from scorekeeper.i18n import LANGUAGES

    return list(LANGUAGES)


def run(quick: bool = False, repeats: int | None = None, rounds: int | None = None) -> list[Figure]:
    from scorekeeper import services

    from .common import play_wizard_game, scratch_app
    from .load import Server, can_run_gunicorn, served_workers

    repeats = repeats or (2 if quick else 3)
    rounds = rounds or (3 if quick else 7)
    spoken = languages()
    with tempfile.TemporaryDirectory(prefix="bench-sheets-") as scratch:
        directory = Path(scratch)
        database = directory / "sheets.sqlite3"
        app = scratch_app(database)
        with app.app_context():
            owner = services.create_user("ana", PASSWORD)
            game_id = play_wizard_game(owner, 6, 9).id
        env = {
            "PATH": "/usr/bin:/bin",
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "FLASK_SECRET_KEY": "bench-sheets",
            "PYTHONPATH": str(ROOT),
            "MALLOC_ARENA_MAX": "2",
        }
        workers = served_workers() if can_run_gunicorn() else None
        servers = [
            Server(env, directory, workers=workers, app=f"bench.{target}", name=name, code=ROOT)
            for name, target in (
                ("app", "served:bench_app()"),
                ("one-line", "served_sheets:one_line_pdf_app()"),
            )
        ]
        try:
            for server in servers:
                server.start()
            app_server, baseline_server = servers
            baseline = Client(baseline_server.url)
            clients = {language: language_client(app_server.url, language) for language in spoken}
            for client in clients.values():
                login(client)
            names = urllib.parse.urlencode(
                {f"names-{seat}": f"{name} {seat + 1}" for seat, name in enumerate(NAMES)}
            )
            blank = f"/sheets/blank.pdf?game=wizard&players=6&{names}"
            played = f"/games/{game_id}/sheet.pdf"

            def asked(client: Client, path: str) -> Callable[[], float]:
                def run_once() -> float:
                    start = time.perf_counter()
                    status, _headers, body = client.request("GET", path)
                    seconds = time.perf_counter() - start
                    assert status == 200, f"GET {path}: {status}"
                    assert body.startswith(b"%PDF"), f"GET {path}: not a PDF"
                    return seconds

                return run_once

            cases: dict[str, Callable[[], float]] = {"baseline": asked(baseline, "/")}
            for language, client in clients.items():
                cases[f"blank {language}"] = asked(client, blank)
                cases[f"game {language}"] = asked(client, played)
            for case in cases.values():  # warm: fonts loaded, first layouts made
                case()
            runs = [interleaved_medians(cases, rounds, seed=n + 1) for n in range(repeats)]
            described = app_server.described
        finally:
            for server in servers:
                server.stop()
            from scorekeeper.extensions import db

            with app.app_context():
                db.engine.dispose()
    baselines = [r["baseline"] for r in runs]
    figures = []
    for language in spoken:
        for case, label, target in (
            (f"blank {language}", "blank Wizard sheet, 6 players, names typed", BLANK_TARGET),
            (f"game {language}", "a game's sheet, 6 players, 9 of 10 rounds", GAME_TARGET),
        ):
            ratios = [r[case] / r["baseline"] for r in runs]
            ratio = statistics.median(ratios)
            figures.append(
                Figure(
                    name=f"served sheets: {language}: {label}",
                    figure=ms(statistics.median(r[case] for r in runs)),
                    baseline=ms(statistics.median(baselines)),
                    ratio=ratio,
                    target=f"≤ {target:g}×",
                    holds=ratio <= target,
                    note=f"{repeats} repeats: {min(ratios):.2f}–{max(ratios):.2f}× "
                    f"({described}; baseline a one-line PDF served the same way, "
                    f"{ms(min(baselines))}–{ms(max(baselines))})",
                )
            )
    return figures


def login(client: Client) -> None:
    page = client.text("/login")
    match = CSRF.search(page)
    assert match, "no CSRF token on the login page"
    status, _, _ = client.request(
        "POST", "/login", {"username": "ana", "password": PASSWORD, "csrf_token": match.group(1)}
    )
    assert status == 302, f"login: {status}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 repeats of 3 rounds")
    parser.add_argument("--repeats", type=int, help="whole interleaved runs (3)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds a repeat (7)")
    args = parser.parse_args()
    print_table(run(args.quick, args.repeats, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
