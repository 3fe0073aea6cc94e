"""The pages a table asks for most, over HTTP from the app served as ``./scripts/start``
serves it, each as a ratio to a bare Flask page served the same way in the same run.

    .venv/bin/python -m bench.served              # 3 repeats of 15 interleaved rounds
    .venv/bin/python -m bench.served --quick      # 2 repeats of 7

Two servers, each ``python -m scorekeeper.serve`` (gunicorn's master, workers that read
whole requests before their 8 threads run them), on the same SQLite file: the app, and a
bare Flask app whose one page is a short HTML string (``bare_flask_app``), nothing else:
what Flask, the server and the machine cost. One client asks them in turns over kept-alive
connections, as a phone does, with a browser's ``Accept-Encoding``; every case is timed in
batches, the cases in a new random order each round, and each repeat's medians give each
row its ratio. A row's ratio is the median of the repeats', its spread the lowest and
highest.

Rows and targets: the app's own empty page (``base.html`` and nothing in it, logged in) ≤ 2×;
a 6-player Wizard game in round 10: its round screen ≤ 6×, its scoreboard ≤ 8×, a round
submitted from the round screen with the redirect to the next round followed ≤ 15× (the
round is taken back afterwards, untimed, so that every call sends the same round, and its
two changes taken out of the game's log, so that the scoreboard stays as it was).
A third server, the stack's floor (``bench/floor.py``: the libraries the app is built on,
Flask-SQLAlchemy, Flask-Login, Flask-WTF and Flask-Babel, serving a logged-in account's
frame of the app's size found by one query, and nothing of the app), has a row without a
target: what any app on this stack pays for a logged-in page; each row's note gives its
ratio to it too.
Each row's note also has the server's CPU time a request (its processes' CPU read from
/proc around each call, averaged over every call), against the bare page's: on a machine
busy with other work the wall-clock ratios swell with the wait for a core, the CPU does not.
A report, not a test: it exits 0 whether the targets hold or not.
"""

from __future__ import annotations

import argparse
import http.client
import re
import secrets
import statistics
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import PASSWORD, ROOT, Figure, interleaved_medians, ms, play_wizard_game, print_table

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
DEALER = re.compile(r'name="dealer" type="hidden" value="(\d+)"')
VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
ACCEPT_ENCODING = "br, gzip, deflate"

BARE_PAGE = (
    '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Bare</title></head>\n'
    "<body><p>A bare Flask page.</p></body>\n</html>\n"
)

# (case, row, target ratio; None: a figure without a target)
ROWS: list[tuple[str, str, float | None]] = [
    ("floor", "served: the stack's floor, a logged-in frame of the same libraries", None),
    ("empty page", "served: the app's empty page, logged in", 2),
    ("round screen", "served: round screen, 6 players, round 10", 6),
    ("scoreboard", "served: scoreboard, 6 players, round 10", 8),
    ("submit", "served: submit a round + redirect, 6 players", 15),
]


def bare_flask_app() -> Any:
    """The baseline: Flask with one page and nothing else (no extensions, no session)."""
    from flask import Flask

    app = Flask("bare")

    @app.get("/")
    def bare() -> str:
        return BARE_PAGE

    return app


def bench_app() -> Any:
    """The app as served, with the bench's empty page (``/bench/bare``) added."""
    from scorekeeper import create_app

    from .pages import add_bare_page

    app = create_app()
    add_bare_page(app)
    return app


class Client:
    """One kept-alive connection to a server, with the cookies it was given."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.language = "en"  # its Accept-Language

    def request(
        self, method: str, path: str, body: dict[str, str] | None = None, compressed: bool = True
    ) -> tuple[int, dict[str, str], bytes]:
        headers = {"Accept-Language": self.language}
        if compressed:
            headers["Accept-Encoding"] = ACCEPT_ENCODING
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                answer = self.connection.getresponse()
                content = answer.read()
                break
            except (http.client.HTTPException, OSError):
                # A connection the server closed while idle: open another, once.
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if attempt == 2:
                    raise
        for name, value in answer.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, cookie = pair.partition("=")
                if cookie:
                    self.cookies[key.strip()] = cookie
                else:
                    self.cookies.pop(key.strip(), None)
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, content

    def get(self, path: str, status: int = 200) -> bytes:
        code, _, content = self.request("GET", path)
        assert code == status, f"GET {path}: {code}, not {status}"
        return content

    def text(self, path: str) -> str:
        """A page's HTML, asked for without compression (for its forms' fields)."""
        code, _, content = self.request("GET", path, compressed=False)
        assert code == 200, f"GET {path}: {code}"
        return content.decode()


class Setup:
    """A database with an account and its 6-player game in round 10, and both servers."""

    def __init__(self, directory: Path, code: Path, workers: int | None) -> None:
        from scorekeeper import services

        from .common import scratch_app
        from .load import Server, can_run_gunicorn, served_workers

        database = directory / "served.sqlite3"
        app = scratch_app(database)
        with app.app_context():
            ana = services.create_user("ana", PASSWORD)
            self.ana_id = ana.id
            big = play_wizard_game(ana, 6, 9)
            self.big, self.version = big.id, big.row.version
        self.app = app
        env = {
            "PATH": "/usr/bin:/bin",
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "FLASK_SECRET_KEY": "bench-served",
        }
        if not can_run_gunicorn():
            workers = None
        elif workers is None:
            workers = served_workers()
        # As bench.load.start_served starts the app, for both apps alike.
        env = {**env, "PYTHONPATH": str(code), "MALLOC_ARENA_MAX": "2"}
        self.servers: list[Any] = []
        apps = (
            ("app", "bench.served:bench_app()"),
            ("bare", "bench.served:bare_flask_app()"),
            ("floor", "bench.floor:floor_app()"),
        )
        for name, served in apps:
            server = Server(env, directory, workers=workers, app=served, name=name, code=code)
            self.servers.append(server)
            server.start()
        self.app_server, self.bare_server, self.floor_server = self.servers
        self.client = Client(self.app_server.url)
        self.bare = Client(self.bare_server.url)
        self.floor = Client(self.floor_server.url)
        self.login()
        self.floor.get("/floor/login")

    def login(self) -> None:
        page = self.client.text("/login")
        match = CSRF.search(page)
        assert match, "no CSRF token on the login page"
        status, _, _ = self.client.request(
            "POST",
            "/login",
            {"username": "ana", "password": PASSWORD, "csrf_token": match.group(1)},
        )
        assert status == 302, f"login: {status}"

    def undo_last(self) -> None:
        from sqlalchemy import delete

        from scorekeeper import services
        from scorekeeper.extensions import db
        from scorekeeper.models import GameChange, User

        with self.app.app_context():
            owner = db.session.get(User, self.ana_id)
            record = services.get_game(owner, self.big)
            services.undo_round(record, len(record.state.rounds))
            # The round recorded and undone, out of the game's log too: each undo would
            # otherwise be one more line of the scoreboard's corrections, and the board
            # timed would grow with every submit.
            db.session.execute(
                delete(GameChange).where(
                    GameChange.game_id == self.big, GameChange.version > self.version
                )
            )
            db.session.commit()
            db.session.remove()

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        from scorekeeper.extensions import db

        with self.app.app_context():
            db.engine.dispose()


def cases(setup: Setup, cpu: dict[str, list[float]]) -> dict[str, Callable[[], float]]:
    """The timed cases; each also adds its server's CPU seconds per call to ``cpu`` (read
    from /proc before and after, untimed: a figure that waiting for a busy machine's
    cores does not swell, in clock ticks, so only its sum over many calls says much)."""
    client, big = setup.client, setup.big
    round_path = f"/games/{big}/rounds/new"

    def server_cpu(server: Any) -> float:
        return float(server.cpu_seconds() or 0.0)

    def get(c: Client, path: str, name: str) -> Callable[[], float]:
        server = {id(setup.bare): setup.bare_server, id(setup.floor): setup.floor_server}.get(
            id(c), setup.app_server
        )

        def run() -> float:
            before = server_cpu(server)
            start = time.perf_counter()
            c.get(path)
            seconds = time.perf_counter() - start
            cpu.setdefault(name, []).append(server_cpu(server) - before)
            return seconds

        return run

    def submit() -> float:
        page = client.text(round_path)  # the form's fields, as the phone has them: untimed
        fields = {}
        for name, pattern in (("csrf_token", CSRF), ("dealer", DEALER), ("version", VERSION)):
            match = pattern.search(page)
            assert match, f"no {name} on the round screen"
            fields[name] = match.group(1)
        data = {**fields, "key": secrets.token_hex(16)}
        for seat in range(6):
            data[f"bid_{seat}"] = data[f"tricks_{seat}"] = "5" if seat == 0 else "1"
        before = server_cpu(setup.app_server)
        start = time.perf_counter()
        status, headers, _ = client.request("POST", round_path, data)
        assert status in (302, 303), f"submit: {status}"
        location = urllib.parse.urlsplit(headers["location"])
        client.get(location.path + (f"?{location.query}" if location.query else ""))
        seconds = time.perf_counter() - start
        cpu.setdefault("submit", []).append(server_cpu(setup.app_server) - before)
        setup.undo_last()
        return seconds

    return {
        "baseline": get(setup.bare, "/", "baseline"),
        "floor": get(setup.floor, "/", "floor"),
        "empty page": get(client, "/bench/bare", "empty page"),
        "round screen": get(client, round_path, "round screen"),
        "scoreboard": get(client, f"/games/{big}", "scoreboard"),
        "submit": submit,
    }


def spread(values: list[float]) -> str:
    return f"{min(values):.2f}–{max(values):.2f}×" if len(values) > 1 else ""


def run(
    quick: bool = False,
    repeats: int | None = None,
    rounds: int | None = None,
    code: Path = ROOT,
    workers: int | None = None,
) -> list[Figure]:
    repeats = repeats or (2 if quick else 3)
    rounds = rounds or (7 if quick else 15)
    with tempfile.TemporaryDirectory(prefix="bench-served-") as directory:
        setup = Setup(Path(directory), code, workers)
        try:
            cpu: dict[str, list[float]] = {}
            timed = cases(setup, cpu)
            runs = [interleaved_medians(timed, rounds, seed=n + 1) for n in range(repeats)]
        finally:
            setup.stop()
        described = setup.app_server.described
    baselines = [r["baseline"] for r in runs]
    cpu_base = statistics.fmean(cpu["baseline"])
    figures = []
    for case, name, target in ROWS:
        ratios = [r[case] / r["baseline"] for r in runs]
        ratio = statistics.median(ratios)
        floor = statistics.median(r[case] / r["floor"] for r in runs)
        against_floor = f"; {floor:.2f}× the stack's floor" if case != "floor" else ""
        figures.append(
            Figure(
                name=name,
                figure=ms(statistics.median(r[case] for r in runs)),
                baseline=ms(statistics.median(baselines)),
                ratio=ratio,
                target=f"≤ {target:g}×" if target is not None else "",
                holds=ratio <= target if target is not None else None,
                note=f"{repeats} repeats: {spread(ratios)} ({described}; baseline a bare "
                f"Flask page, {ms(min(baselines))}–{ms(max(baselines))}); server CPU a "
                f"request {ms(statistics.fmean(cpu[case]))} against "
                f"{ms(cpu_base)} ({statistics.fmean(cpu[case]) / max(cpu_base, 1e-9):.1f}×)"
                + against_floor,
            )
        )
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 repeats of 7 rounds")
    parser.add_argument("--repeats", type=int, help="whole interleaved runs (3)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds a repeat (15)")
    parser.add_argument("--workers", type=int, help="workers a server (as scripts/start)")
    args = parser.parse_args()
    print_table(run(args.quick, args.repeats, args.rounds, workers=args.workers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
