"""The hall's standings screen under many watchers, over HTTP from the app served as
``./scripts/start`` serves it, against an empty app served the same way.

    .venv/bin/python -m bench.tournament_screen              # 200 watchers, 3 turns of 20 s phases
    .venv/bin/python -m bench.tournament_screen --watchers 50 --seconds 8 --turns 1

A recorded tournament's first stage is being played: 18 players at six tables of three
(Wizard dealt as the tournaments deal), a few rounds in. Two phases of the same load, one
after the other: ``--watchers`` screens each ask, every 4 s (staggered), what the hall's
screen asks (the standings' stamp, ``/standings/<token>/version``), and load the whole
standings page when it changed, as the screen's script does, while one table saves a round
every 3 s (so that the stamp changes and every screen reloads the standings); then the
same watchers ask an empty WSGI app (answers "ok") served by the same server at the same
pace, the table saving its rounds all the same (the same work beside the servers in both
phases: only the answers differ). The two phases take ``--turns`` turns each, in
alternation (app, empty app, app, …), so that what else the machine does falls on both
alike; each turn's p99s are printed. Each request's time is kept; the figure is the p99 of
all the app's requests against all the empty app's. Target (issue 33): p99 ≤ 2× the empty
app's. A report: it exits 0 either way.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from .common import PASSWORD, ROOT, percentile

EVERY_S = 4.0  # as the screen asks (views.watch.REFRESH_SECONDS)
TABLE_EVERY_S = 3.0


def empty_app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """The baseline: no framework, no work."""
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]


def setup(database: Path) -> tuple[Any, str, list[str], int]:
    """The tournament: drawn, a few rounds in; its screen shared. Returns the app, the
    screen's token, the tables' games and the owner's id."""
    from scorekeeper import services
    from scorekeeper.extensions import db
    from scorekeeper.services import tournaments

    from .common import scratch_app

    app = scratch_app(database)
    with app.app_context():
        ana = services.create_user("ana", PASSWORD)
        names = [f"Player {n:02d}" for n in range(1, 19)]
        cup = tournaments.create_tournament(
            ana,
            tournaments.Plan(
                name="Bench cup",
                date="2026-12-07",
                kind="wizard",
                options={"schedule": "tournament"},
                stages=3,
                table_size=3,
                final_size=6,
                players=names,
            ),
        )
        stage = tournaments.draw_stage(cup, seed=1)
        games = [table.game_id for table in stage.tables]
        for game_id in games:
            for _ in range(3):
                play_one(ana, game_id)
        token = tournaments.share_screen(cup)
        owner = ana.id
        db.session.remove()
    return app, token, games, owner


def play_one(owner: Any, game_id: str) -> None:
    from scorekeeper import services

    record = services.get_game(owner, game_id)
    upcoming = record.state.next_round
    if upcoming is None:
        return
    bids = [upcoming.cards, 0, 0]
    services.record_round(record, {"trump": "none", "bids": bids, "tricks": bids})


class Watcher(threading.Thread):
    """One screen in the hall: its own kept-alive connection, asking every 4 s."""

    def __init__(self, url: str, paths: tuple[str, str] | None, until: float, seed: int) -> None:
        super().__init__(daemon=True)
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.paths, self.until = paths, until
        self.rng = random.Random(seed)
        self.times: list[float] = []
        self.page_times: list[float] = []
        self.poll_times: list[float] = []
        self.errors = 0

    def ask(self, connection: http.client.HTTPConnection, path: str, page: bool = False) -> bytes:
        start = time.perf_counter()
        connection.request("GET", path, headers={"Accept-Language": "en"})
        answer = connection.getresponse()
        body = answer.read()
        self.times.append(time.perf_counter() - start)
        (self.page_times if page else self.poll_times).append(self.times[-1])
        if answer.status != 200:
            self.errors += 1
        return body

    def run(self) -> None:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        time.sleep(self.rng.uniform(0, EVERY_S))
        stamp = None
        while time.monotonic() < self.until:
            try:
                if self.paths is None:
                    self.ask(connection, "/")
                else:
                    version, page = self.paths
                    body = self.ask(connection, version)
                    now = json.loads(body)["version"]
                    if now != stamp:
                        self.ask(connection, page, page=True)
                        stamp = now
            except (OSError, http.client.HTTPException, ValueError):
                self.errors += 1
                connection.close()
                connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
            time.sleep(EVERY_S * self.rng.uniform(0.9, 1.1))


def phase(
    url: str, paths: tuple[str, str] | None, watchers: int, seconds: float, table: Any = None
) -> tuple[list[float], int]:
    until = time.monotonic() + seconds
    crowd = [Watcher(url, paths, until, seed) for seed in range(watchers)]
    for watcher in crowd:
        watcher.start()
    while time.monotonic() < until:
        if table is not None:
            table()
        time.sleep(TABLE_EVERY_S)
    for watcher in crowd:
        watcher.join(timeout=60)
    times = [t for watcher in crowd for t in watcher.times]
    pages = [t for watcher in crowd for t in watcher.page_times]
    if pages:
        polls = [t for watcher in crowd for t in watcher.poll_times]
        print(
            f"  of which {len(polls)} stamps asked for, {len(pages)} pages loaded:"
            f" the stamps' median {1000 * statistics.median(polls):.1f} ms,"
            f" p99 {1000 * percentile(polls, 0.99):.1f} ms;"
            f" the pages' median {1000 * statistics.median(pages):.1f} ms,"
            f" p99 {1000 * percentile(pages, 0.99):.1f} ms"
        )
    return times, sum(watcher.errors for watcher in crowd)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=200, help="screens (200)")
    parser.add_argument("--seconds", type=float, default=20, help="seconds a phase (20)")
    parser.add_argument(
        "--turns", type=int, default=3, help="turns of the two phases, in alternation (3)"
    )
    parser.add_argument("--workers", type=int, help="workers a server (as scripts/start)")
    args = parser.parse_args()

    from scorekeeper.extensions import db
    from scorekeeper.models import User

    from .load import Server, can_run_gunicorn, served_workers

    with tempfile.TemporaryDirectory(prefix="bench-screen-") as directory:
        folder = Path(directory)
        database = folder / "screen.sqlite3"
        app, token, games, owner_id = setup(database)
        env = {
            "PATH": "/usr/bin:/bin",
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "FLASK_SECRET_KEY": "bench-screen",
            "PYTHONPATH": str(ROOT),
            "MALLOC_ARENA_MAX": "2",
        }
        workers = (args.workers or served_workers()) if can_run_gunicorn() else None
        servers = [
            Server(env, folder, workers=workers, app="scorekeeper:create_app()", name="app"),
            Server(
                env, folder, workers=workers, app="bench.tournament_screen:empty_app", name="empty"
            ),
        ]
        turn = {"n": 0}

        def table() -> None:
            with app.app_context():
                owner = db.session.get(User, owner_id)
                play_one(owner, games[turn["n"] % len(games)])
                turn["n"] += 1
                db.session.remove()

        try:
            for server in servers:
                server.start()
            paths = (f"/standings/{token}/version", f"/standings/{token}")
            cpu = [server.cpu_seconds() or 0.0 for server in servers]
            app_times: list[float] = []
            empty_times: list[float] = []
            app_errors = empty_errors = 0
            for number in range(1, max(args.turns, 1) + 1):
                times, errors = phase(servers[0].url, paths, args.watchers, args.seconds, table)
                app_times += times
                app_errors += errors
                baseline, errors = phase(servers[1].url, None, args.watchers, args.seconds, table)
                empty_times += baseline
                empty_errors += errors
                p99, p99_empty = percentile(times, 0.99), percentile(baseline, 0.99)
                print(
                    f"turn {number}: p99 {1000 * p99:.1f} ms, the empty app's"
                    f" {1000 * p99_empty:.1f} ms: {p99 / max(p99_empty, 1e-9):.2f}×"
                )
            cpu = [
                (server.cpu_seconds() or 0.0) - was
                for server, was in zip(servers, cpu, strict=True)
            ]
        finally:
            for server in servers:
                server.stop()
            with app.app_context():
                db.engine.dispose()
        described = servers[0].described
    p99_app, p99_empty = percentile(app_times, 0.99), percentile(empty_times, 0.99)
    ratio = p99_app / max(p99_empty, 1e-9)
    print(f"{args.watchers} screens, {args.turns} turns of {args.seconds:g} s a phase, {described}")
    print(
        f"standings screen: {len(app_times)} requests, {app_errors} errors, "
        f"median {1000 * statistics.median(app_times):.1f} ms, p99 {1000 * p99_app:.1f} ms"
    )
    print(
        f"empty app:        {len(empty_times)} requests, {empty_errors} errors, "
        f"median {1000 * statistics.median(empty_times):.1f} ms, p99 {1000 * p99_empty:.1f} ms"
    )
    # The servers' own CPU (their processes', whatever else runs on the machine).
    print(
        f"the servers' CPU a request: standings {1000 * cpu[0] / max(len(app_times), 1):.2f} ms,"
        f" empty app {1000 * cpu[1] / max(len(empty_times), 1):.2f} ms"
    )
    print(
        f"p99 ratio {ratio:.2f}× (target ≤ 2×: {'holds' if ratio <= 2 else 'missed'}); "
        f"rounds saved meanwhile: {turn['n']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
