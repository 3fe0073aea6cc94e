"""A game night on a real server, as `./scripts/start` serves the app: gunicorn, one
worker per core as memory allows (2 on 2 cores), 8 threads each, on a fresh SQLite file,
loaded from a second process; then the database is checked, ten finished games' sheets
are printed, and the workers' memory is read.

    .venv/bin/python -m bench.load             # 60 s of load; --seconds 10 for a try
    .venv/bin/python -m bench.load --postgresql postgresql+psycopg://postgres@127.0.0.1:5432/test

The load (bench/load_client.py): 10 tables each playing a round every ~3 s as a table
does: its bids said first (PUT …/pending: every watcher's board shows them, with the
over/under), its tricks a moment later (with an Idempotency-Key), while 200 watchers
follow their table's watch link, asking for the version every 5 s with the ETag they
have. Setup, before the load: `flask init-db`,
eleven accounts made through the services on the same database, then everything else
over HTTP as a phone does it: an API token, a game, and the watch link shared from the
game's page (logged in, with the form's CSRF token).

In the same run, each figure beside its baseline:

- **an empty WSGI app** (answers 200 "ok", no work), served by the same server in the
  same way, asked by as many watchers again at the same pace while the load runs: the
  watchers' p99 is a ratio to its p99, the server's and the machine's share;
- **a single process** (gunicorn with one worker): the same night again, for the
  throughput of the scoreboard (as many requests as 16 connections get answered) and
  the p99 of a round's submit under the load;
- with ``--postgresql URL``, **two servers** (each its own gunicorn and workers, as two
  machines would be) sharing one PostgreSQL database, in a schema of their own made for
  the run and dropped after it: the same night, tables and watchers spread over both;
  then a login made on one is used on the other, and wrong passwords sent to both in
  turn must be stopped after the allowed number in all (the app counts them per
  username in the database); an empty app beside them, asked by as many watchers again.

Targets (README, Performance): no errors; every answered round stored once (checked in
the database afterwards); the watchers' p99 within 2× the empty app's and a round's
submit p99 within 10× its p50, on SQLite and on PostgreSQL; the biggest worker's resident
memory after all that within 150 MB.
"""

from __future__ import annotations

import argparse
import hashlib
import http.cookiejar
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import memory
from .common import NAMES, PASSWORD, ROOT, VENV_BIN, Figure, ms, percentile, print_table
from .load_client import legal_round

TABLES = 10
WATCHERS = 200
ROUND_SECONDS = 3.0
POLL_SECONDS = 5.0
THREADS = 8  # scripts/start: THREADS, 8 a worker
CONNECTION_LIMIT = 500  # waitress, where gunicorn cannot run
READERS = 16  # connections asking for the scoreboard at once, for its throughput
SHEETS = 10
RSS_TARGET_MB = 150
P99_TARGET = 2
SUBMIT_TAIL_TARGET = 10.0
"""A round's submit p99 within this many times its p50, on SQLite and on PostgreSQL."""
APP = "scorekeeper:create_app()"
EMPTY_APP = "bench.load:empty_app"
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
WATCH_LINK = re.compile(r'<p class="watch-link"><a href="([^"]+)">')


def empty_app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """A WSGI app that does nothing: what the server costs by itself."""
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]


def served_workers() -> int:
    """As many workers as scripts/start would run here: one per core, as memory allows
    (about 150 MB each, 100 MB kept for the system)."""
    cores = os.cpu_count() or 1
    try:
        meminfo = Path("/proc/meminfo").read_text()
    except OSError:
        return cores
    available = next(
        (
            int(line.split()[1]) // 1024
            for line in meminfo.splitlines()
            if line.startswith("MemAvailable:")
        ),
        0,
    )
    return max(1, min(cores, (available - 100) // 150))


def can_run_gunicorn() -> bool:
    return sys.platform == "linux" and (VENV_BIN / "gunicorn").exists()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A server in a process of its own, its log kept in a file: gunicorn with
    ``workers`` workers of 8 threads, as scripts/start runs it, or, with ``workers=None``,
    waitress-serve (one process of 8 threads, the fallback)."""

    def __init__(
        self,
        env: dict[str, str],
        directory: Path,
        extra: tuple[str, ...] = (),
        *,
        workers: int | None = None,
        app: str = APP,
        name: str = "server",
        code: Path = ROOT,
        kind: str = "",
    ) -> None:
        self.env, self.port, self.extra = env, free_port(), extra
        self.workers, self.app, self.code = workers, app, code
        # "served": as scripts/start serves it (scorekeeper/serve.py: gunicorn's master,
        # workers that read whole requests in an event loop before 8 threads run them);
        # "gthread": gunicorn's gthread workers, as scripts/start served it before (and
        # as a checkout without scorekeeper/serve.py is served).
        # BENCH_SERVER=gthread in the environment: the before, for a comparison.
        default = "served" if (code / "scorekeeper" / "serve.py").exists() else "gthread"
        self.kind = kind or os.environ.get("BENCH_SERVER", default)
        self.log = directory / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def described(self) -> str:
        if self.kind == "served":
            count = self.workers or 1
            return (
                f"scorekeeper.serve, {count} worker{'s' if count > 1 else ''} × {THREADS} threads"
            )
        if self.workers is None:
            return f"waitress, 1 process × {THREADS} threads"
        plural = "s" if self.workers > 1 else ""
        return f"gunicorn gthread, {self.workers} worker{plural} × {THREADS} threads"

    def command(self) -> list[str]:
        if self.kind == "served":
            # scripts/start's own command: python -m scorekeeper.serve (HOST, PORT, WORKERS
            # and THREADS in the environment, other gunicorn options in GUNICORN_CMD_ARGS).
            return [sys.executable, "-m", "scorekeeper.serve", "--app", self.app]
        if self.workers is None:
            factory = self.app.endswith("()")
            return [
                str(VENV_BIN / "waitress-serve"),
                "--host=127.0.0.1",
                f"--port={self.port}",
                f"--threads={THREADS}",
                f"--connection-limit={CONNECTION_LIMIT}",
                *self.extra,
                *(["--call", self.app.removesuffix("()")] if factory else [self.app]),
            ]
        return [
            str(VENV_BIN / "gunicorn"),
            "--workers",
            str(self.workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(THREADS),
            "--bind",
            f"127.0.0.1:{self.port}",
            "--timeout",
            "60",
            "--graceful-timeout",
            "10",
            *self.extra,
            self.app,
        ]

    def command_env(self) -> dict[str, str]:
        if self.kind != "served":
            return self.env
        env = {**self.env, "HOST": "127.0.0.1", "PORT": str(self.port), "THREADS": str(THREADS)}
        if self.workers is not None:
            env["WORKERS"] = str(self.workers)
        if self.extra:
            env["GUNICORN_CMD_ARGS"] = " ".join(self.extra)
        return env

    def start(self) -> None:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                self.command(),
                env=self.command_env(),
                cwd=self.code,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                urllib.request.urlopen(self.url + "/api/v1/openapi.json", timeout=2).close()
                if len(self.worker_pids()) >= (self.workers or 1):
                    return
            except urllib.error.HTTPError:  # the empty app has no such page: it answers
                return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def worker_pids(self) -> list[int]:
        """The processes that answer: gunicorn's workers (its master's children), or
        waitress's one process."""
        if self.workers is None:
            return [self.pid]
        try:
            children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text()
        except OSError:
            return []
        return [int(pid) for pid in children.split()]

    def readings(self) -> list[memory.Reading]:
        return [memory.Reading.of(pid) for pid in self.worker_pids()]

    def cpu_seconds(self) -> float | None:
        times = [memory.cpu_seconds(pid) for pid in [self.pid, *self.worker_pids()]]
        known = [t for t in times if t is not None]
        return sum(known) if known else None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_lines(self, *needles: str) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if any(n in line for n in needles)]

    def errors(self) -> list[str]:
        return self.log_lines("Traceback", "Exception", "ERROR", "CRITICAL")


def start_served(
    env: dict[str, str],
    directory: Path,
    *,
    workers: int | None = None,
    code: Path = ROOT,
    name: str = "server",
    extra: tuple[str, ...] = (),
) -> Server:
    """The app served as ``./scripts/start`` serves it, started: ``python -m
    scorekeeper.serve`` with ``workers`` workers (as many as scripts/start would run here
    when not given) of 8 threads (gunicorn gthread for a checkout without that module).
    ``code`` is the checkout whose app is served (its own ``scorekeeper`` package, this
    one's gunicorn). The benchmarks that
    serve the app (this one, sheet_memory.py, import_load.py, login.py) start it here."""
    if not can_run_gunicorn():
        workers = None
    elif workers is None:
        workers = served_workers()
    server = Server(
        {**env, "PYTHONPATH": str(code), "MALLOC_ARENA_MAX": env.get("MALLOC_ARENA_MAX", "2")},
        directory,
        extra,
        workers=workers,
        name=name,
        code=code,
    )
    server.start()
    return server


@dataclass
class Table:
    """A table's account, as a phone holds it: a session, an API token, a game."""

    username: str
    browser: urllib.request.OpenerDirector
    cookies: http.cookiejar.CookieJar
    token: str
    game: dict[str, Any]
    watch: str

    @property
    def cookie(self) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.cookies)


def call_json(url: str, method: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def browser_with_cookies() -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    cookies = http.cookiejar.CookieJar()  # a cookie of 127.0.0.1 goes to any of its ports
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies)), cookies


def form_post(browser: urllib.request.OpenerDirector, url: str, page_url: str, **data: str) -> str:
    """Open a page for its CSRF token, then send its form; the page answered, as text."""
    with browser.open(page_url, timeout=30) as page:
        match = CSRF.search(page.read().decode())
    assert match, f"no CSRF token on {page_url}"
    body = urllib.parse.urlencode({**data, "csrf_token": match.group(1)}).encode()
    with browser.open(url, data=body, timeout=30) as answer:
        return str(answer.read().decode())


def log_in(
    browser: urllib.request.OpenerDirector,
    form_from: str,
    send_to: str,
    username: str,
    password: str,
) -> int:
    """The login form opened on one server and sent to another: the status answered."""
    try:
        form_post(
            browser, send_to + "/login", form_from + "/login", username=username, password=password
        )
    except urllib.error.HTTPError as error:
        return error.code
    return 200


def create_accounts(env: dict[str, str], count: int) -> list[str]:
    """`flask init-db`, then the accounts, through the services on the same database
    (the CLI's create-user would start Python once per account)."""
    subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "scorekeeper", "init-db"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": env["FLASK_SQLALCHEMY_DATABASE_URI"]})
    names = [f"table{n + 1}" for n in range(count)]
    with app.app_context():
        for name in names:
            services.create_user(name, PASSWORD)  # the deployed password hashing
        db.engine.dispose()
    return names


def set_up_table(url: str, username: str, players: int) -> Table:
    status, answer = call_json(
        url + "/api/v1/tokens", "POST", {"username": username, "password": PASSWORD}
    )
    assert status == 201, (status, answer)
    token = answer["token"]
    new = {"game": "wizard", "players": NAMES[:players], "options": {"hook": False}}
    status, game = call_json(url + "/api/v1/games", "POST", new, token)
    assert status == 201, (status, game)
    browser, cookies = browser_with_cookies()
    form_post(browser, url + "/login", url + "/login", username=username, password=PASSWORD)
    share_page = f"{url}/games/{game['id']}/share"
    page = form_post(browser, share_page, share_page)
    match = WATCH_LINK.search(page)
    assert match, "no watch link on the share page"
    return Table(username, browser, cookies, token, game, match.group(1).rsplit("/", 1)[-1])


def scoreboard_game(url: str, table: Table) -> str:
    """A 6-player game in round 10 of the table's account (its scoreboard is the page
    whose throughput is measured): its path."""
    new = {"game": "wizard", "players": NAMES[:6], "options": {"hook": False}}
    status, game = call_json(url + "/api/v1/games", "POST", new, table.token)
    assert status == 201, (status, game)
    rng = random.Random(3)
    while status in (200, 201) and game["next"]["number"] < 10:
        body = legal_round(game["next"]["cards"], 6, rng)
        status, game = call_json(
            f"{url}/api/v1/games/{game['id']}/rounds", "POST", body, table.token
        )
    assert status in (200, 201), (status, game)
    return f"/games/{game['id']}"


def check_database(url: str, result: dict[str, Any]) -> dict[str, int]:
    """Every answered round stored once, as sent; no round stored twice.

    Each round was sent with its own one-time key, and the server keeps the key with
    the change it made: so every stored round of these games must be one key's, and
    no key may be answered twice or stored for more than one round.
    """
    answered: dict[tuple[str, int], dict[str, Any]] = {}
    answered_twice = 0
    for item in result["answered"]:
        key = (item["game"], item["number"])
        answered_twice += key in answered
        answered[key] = item
    our_keys = {item["key"] for item in result["sent"]}
    answered_keys = {item["key"] for item in result["answered"]}
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    connection = engine.connect()
    try:
        stored: dict[tuple[str, int], dict[str, Any]] = {}
        stored_keys: set[str] = set()
        versions_off = rounds_without_key = 0
        for game in result["games"]:
            rows = connection.execute(
                sa.text("SELECT number, facts FROM rounds WHERE game_id = :game"), {"game": game}
            ).fetchall()
            for number, facts in rows:
                stored[(game, number)] = facts if isinstance(facts, dict) else json.loads(facts)
            # The app keeps a one-time key as a hash of its owner and the key sent.
            owner = connection.execute(
                sa.text("SELECT owner_id FROM games WHERE id = :game"), {"game": game}
            ).scalar_one()
            sent_as = {
                hashlib.sha256(f"{owner}:{key}".encode()).hexdigest(): key for key in our_keys
            }
            keys = {
                sent_as.get(key, key)
                for (key,) in connection.execute(
                    sa.text("SELECT key FROM submissions WHERE game_id = :game"), {"game": game}
                )
            }
            stored_keys |= keys & our_keys
            # One key, one change: more rounds than keys would be a round stored twice.
            rounds_without_key += max(0, len(rows) - len(keys & our_keys))
            version = connection.execute(
                sa.text("SELECT version FROM games WHERE id = :game"), {"game": game}
            ).scalar_one()
            # One version a change: each round recorded, and each time its bids were said.
            bids_said = connection.execute(
                sa.text(
                    "SELECT COUNT(*) FROM game_changes WHERE game_id = :game"
                    " AND summary LIKE '% bids'"
                ),
                {"game": game},
            ).scalar_one()
            versions_off += version != len(rows) + bids_said
    finally:
        connection.close()
        engine.dispose()
    lost = sum(
        1
        for key, item in answered.items()
        if key not in stored
        or stored[key]["bids"] != item["bids"]
        or stored[key]["tricks"] != item["tricks"]
    )
    return {
        "answered": len(answered),
        "stored": len(stored),
        "lost": lost + len(answered_keys - stored_keys),
        "doubled": answered_twice + rounds_without_key,
        "unanswered": len(stored_keys - answered_keys),
        "versions_off": versions_off,
    }


def finish_and_print(url: str, tables: list[Table]) -> tuple[int, str]:
    """Play each table's first game to its end, then fetch its score sheet (a PDF) as
    its owner; (sheets rendered, what went wrong)."""
    rng = random.Random(5)
    for table in tables:
        game_url = f"{url}/api/v1/games/{table.game['id']}"
        status, game = call_json(game_url, "GET", token=table.token)
        while status == 200 and not game["finished"]:
            body = legal_round(game["next"]["cards"], len(game["players"]), rng)
            status, game = call_json(game_url + "/rounds", "POST", body, table.token)
            status = 200 if status == 201 else status
        if status != 200:
            return 0, f"finishing {table.game['id']} answered {status}"
    printed = 0
    for table in tables:
        try:
            with table.browser.open(
                f"{url}/games/{table.game['id']}/sheet.pdf", timeout=120
            ) as answer:
                body = answer.read()
                kind = answer.headers.get_content_type()
        except urllib.error.HTTPError as error:
            if error.code == 404 and printed == 0:
                return 0, "no sheet endpoint yet (/games/<id>/sheet.pdf answered 404)"
            return printed, f"sheet of {table.game['id']} answered {error.code}"
        if kind != "application/pdf" or not body.startswith(b"%PDF"):
            return printed, f"sheet of {table.game['id']} is {kind}, not a PDF"
        printed += 1
    return printed, ""


@contextmanager
def postgresql_schema(url: str) -> Iterator[str]:
    """A schema of its own on the PostgreSQL server for the run, dropped after it: the
    database URL that uses it."""
    import sqlalchemy as sa

    schema = f"bench_load_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield (
            sa.engine.make_url(url)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with engine.begin() as connection:
            connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@dataclass
class Night:
    """What one night on one set-up gathered, for its rows of the table."""

    label: str
    described: str
    seconds: float
    result: dict[str, Any]
    checked: dict[str, int]
    server_errors: list[str]
    cpu: float | None = None  # of one core, over the load
    board: str = ""  # a 6-player scoreboard in round 10, for its throughput
    cookie: str = ""  # its owner's login
    rss: dict[str, list[memory.Reading]] = field(default_factory=dict)
    printed: int = 0
    sheet_problem: str = ""
    across: dict[str, tuple[str, bool]] = field(default_factory=dict)
    watchers: int = WATCHERS

    def latencies(self, kind: str) -> list[float]:
        return list(self.result["latencies"].get(kind, []))

    def p(self, kind: str, fraction: float) -> float:
        return percentile(self.latencies(kind), fraction)

    @property
    def errors(self) -> list[str]:
        return list(self.result["errors"]) + self.server_errors

    @property
    def rounds_whole(self) -> bool:
        checked = self.checked
        return checked["lost"] == checked["doubled"] == checked["versions_off"] == 0


def run_client(plan: dict[str, Any], directory: Path, name: str) -> dict[str, Any]:
    plan_file, result_file = directory / f"{name}-plan.json", directory / f"{name}-result.json"
    plan_file.write_text(json.dumps(plan))
    client = subprocess.run(
        [sys.executable, "-m", "bench.load_client", str(plan_file), str(result_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=plan["seconds"] + 120,
    )
    if client.returncode != 0:
        raise RuntimeError(f"the load client failed:\n{client.stderr[-3000:]}")
    return dict(json.loads(result_file.read_text()))


def night(
    label: str,
    database_url: str,
    directory: Path,
    workers: list[int | None],
    *,
    seconds: float,
    watchers: int = WATCHERS,
    server_options: tuple[str, ...] = (),
    empty: bool = False,
    scoreboard: bool = False,
    sheets: bool = False,
) -> Night:
    """Servers started with ``workers`` each on one database; set up; the load; the
    database checked; then, as asked, a game to read the scoreboard of, the checks
    across servers (when there are several) and the sheets."""
    slug = re.sub(r"\W+", "-", label).strip("-")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("FLASK_")},
        "FLASK_SQLALCHEMY_DATABASE_URI": database_url,
        "FLASK_SECRET_KEY": "bench-load",  # the same on every server, as a club sets it
        "MALLOC_ARENA_MAX": "2",  # as scripts/start runs the server
    }
    usernames = create_accounts(env, TABLES + 1)
    guarded = usernames.pop()  # for the wrong passwords
    servers = [
        Server(env, directory, server_options, workers=count, name=f"{slug}-{n}")
        for n, count in enumerate(workers)
    ]
    if empty:
        servers.append(
            Server(
                env,
                directory,
                server_options,
                workers=workers[0],
                app=EMPTY_APP,
                name=f"{slug}-empty",
            )
        )
    try:
        for server in servers:
            server.start()
        apps = servers[: len(workers)]
        urls = [server.url for server in apps]
        rss: dict[str, list[memory.Reading]] = {"at start": apps[0].readings()}
        tables = [
            set_up_table(urls[n % len(urls)], name, 3 + n % 4) for n, name in enumerate(usernames)
        ]
        rss["after the logins (scrypt)"] = apps[0].readings()
        board = scoreboard_game(urls[0], tables[0]) if scoreboard else ""
        plan = {
            "urls": urls,
            "empty_url": servers[-1].url if empty else "",
            "seconds": seconds,
            "watchers": watchers,
            "poll_seconds": POLL_SECONDS,
            "round_seconds": ROUND_SECONDS,
            "tables": [
                {
                    "token": t.token,
                    "game": t.game["id"],
                    "players": len(t.game["players"]),
                    "next": t.game["next"],
                    "version": t.game["version"],
                    "watch": t.watch,
                }
                for t in tables
            ],
        }
        cpu_before, wall_before = [s.cpu_seconds() for s in apps], time.monotonic()
        result = run_client(plan, directory, slug)
        cpu_after, wall = [s.cpu_seconds() for s in apps], time.monotonic() - wall_before
        cpu = None
        if None not in cpu_before and None not in cpu_after:
            cpu = (sum(cpu_after) - sum(cpu_before)) / wall  # type: ignore[arg-type]
        checked = check_database(database_url, result)
        rss["after the load"] = apps[0].readings()
        outcome = Night(label, apps[0].described, seconds, result, checked, [], cpu=cpu, rss=rss)
        outcome.watchers = watchers
        outcome.board, outcome.cookie = board, tables[0].cookie
        if len(apps) > 1:
            outcome.across = across_servers(urls, tables[0], guarded)
        if sheets:
            outcome.printed, outcome.sheet_problem = finish_and_print(urls[0], tables)
            rss[f"after {SHEETS} sheets"] = apps[0].readings()
        for server in apps:
            outcome.server_errors += server.errors()
        return outcome
    finally:
        for server in servers:
            server.stop()


def throughputs(
    database_url: str, directory: Path, night: Night, workers: list[int | None], seconds: float
) -> list[float]:
    """The scoreboard of ``night``'s game asked as fast as it is answered (READERS
    connections at once) from servers of ``workers`` each, on the night's database, in
    turns of a second or two so that a busy patch of the machine falls on all alike:
    the median rate of each, in requests a second."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("FLASK_")},
        "FLASK_SQLALCHEMY_DATABASE_URI": database_url,
        "FLASK_SECRET_KEY": "bench-load",
        "MALLOC_ARENA_MAX": "2",
    }
    servers = [
        Server(env, directory, workers=count, name=f"throughput-{n}")
        for n, count in enumerate(workers)
    ]
    turns = max(3, round(seconds / 2))
    rates: list[list[float]] = [[] for _ in servers]
    try:
        for server in servers:
            server.start()
        for turn in range(turns):
            order = list(enumerate(servers))
            random.Random(turn).shuffle(order)
            for n, server in order:
                plan = {
                    "mode": "throughput",
                    "urls": [server.url],
                    "connections": READERS,
                    "path": night.board,
                    "cookie": night.cookie,
                    "seconds": seconds / turns,
                }
                reading = run_client(plan, directory, f"throughput-{n}")
                night.result["errors"] += reading["errors"]
                rates[n].append(reading["statuses"].get("page 200", 0) / plan["seconds"])
    finally:
        for server in servers:
            server.stop()
    return [statistics.median(values) for values in rates]


def across_servers(urls: list[str], table: Table, guarded: str) -> dict[str, tuple[str, bool]]:
    """A login made on the first server used on the second; wrong passwords for one
    account sent to the servers in turn (each form opened on one, sent to the other):
    the allowed number in all must be checked, then every server must refuse."""
    from scorekeeper import config

    path = f"/games/{table.game['id']}"
    try:
        with table.browser.open(urls[1] + path, timeout=30) as answer:
            landed = urllib.parse.urlsplit(answer.geturl()).path
            status = answer.status
    except urllib.error.HTTPError as error:
        landed, status = "", error.code
    valid = status == 200 and landed == path
    session = (
        ("valid on the other", True) if valid else (f"answered {status} at {landed or '?'}", False)
    )
    free = int(config.LOGIN_FREE_ATTEMPTS)
    browser, _cookies = browser_with_cookies()
    statuses = [
        log_in(browser, urls[n % len(urls)], urls[(n + 1) % len(urls)], guarded, "wrong password")
        for n in range(free + len(urls))
    ]
    checked = sum(status == 422 for status in statuses)
    refused = statuses[free:]
    limited = statuses[:free] == [422] * free and refused == [429] * len(refused)
    logins = (f"{checked} checked in all, then {', '.join(map(str, refused))}", limited)
    return {"session": session, "logins": logins}


def run(
    seconds: float = 60,
    watchers: int = WATCHERS,
    server_options: tuple[str, ...] = (),
    postgresql: str = "",
    throughput_seconds: float | None = None,
) -> list[Figure]:
    """The served set-up (with the empty app beside it), a single process, and, with a
    PostgreSQL URL, two servers on PostgreSQL: their rows."""
    throughput_seconds = throughput_seconds or min(20.0, max(8.0, seconds / 3))
    served = served_workers() if can_run_gunicorn() else None
    single = 1 if can_run_gunicorn() else None
    out: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="bench-load-") as scratch:
        directory = Path(scratch)

        def sqlite(name: str) -> str:
            return f"sqlite:///{directory / name}"

        common = {"seconds": seconds, "watchers": watchers, "server_options": server_options}
        main = night(
            f"{served or 1} workers" if served else "waitress",
            sqlite("served.sqlite3"),
            directory,
            [served],
            empty=True,
            scoreboard=True,
            sheets=True,
            **common,  # type: ignore[arg-type]
        )
        alone: Night | None = None
        if served is not None and served > 1:
            try:
                alone = night(
                    "1 worker",
                    sqlite("single.sqlite3"),
                    directory,
                    [single],
                    **common,  # type: ignore[arg-type]
                )
            except Exception as error:  # a report: say what broke, go on
                out.append(
                    Figure(
                        "load, 1 worker: could not run", type(error).__name__, note=str(error)[:500]
                    )
                )
        rates: list[float] = []
        if served is not None and served > 1:
            try:
                rates = throughputs(
                    sqlite("served.sqlite3"), directory, main, [served, single], throughput_seconds
                )
            except Exception as error:  # a report: say what broke, go on
                out.append(
                    Figure(
                        "scoreboard throughput: could not run",
                        type(error).__name__,
                        note=str(error)[:500],
                    )
                )
        shared: Night | None = None
        if postgresql:
            try:
                with postgresql_schema(postgresql) as url:
                    shared = night(
                        "PostgreSQL, 2 servers",
                        url,
                        directory,
                        [served, served],
                        empty=True,
                        **common,  # type: ignore[arg-type]
                    )
            except Exception as error:  # a report: say what broke, go on
                out.append(
                    Figure(
                        "load, PostgreSQL: could not run",
                        type(error).__name__,
                        note=str(error)[:500],
                    )
                )
    return figures(main, alone, shared, rates) + out


def counted(night: Night) -> str:
    count = sum(len(values) for values in night.result["latencies"].values())
    return f"{count} ({count / night.result['seconds']:.0f}/s)"


def lost_or_doubled(night: Night) -> str:
    return f"{night.checked['lost']} lost, {night.checked['doubled']} doubled"


def figures(
    main: Night, alone: Night | None, shared: Night | None, rates: list[float]
) -> list[Figure]:
    load = f"load {main.seconds:g} s"
    polls, empty = main.latencies("poll"), main.latencies("empty")
    out = [
        Figure(
            f"{load}: requests answered, {main.label}",
            counted(main),
            note=f"{TABLES} tables, {main.watchers} "
            f"watchers, {main.described}, on SQLite; as many watchers again ask the empty "
            "app; "
            + ", ".join(f"{k}: {v}" for k, v in sorted(main.result["statuses"].items()))
            + f"; connections opened again: {main.result['reconnects']}",
        ),
    ]
    for each in (main, alone, shared):
        if each is None:
            continue
        against = "SQLite" if each is shared else main.label
        baseline = "" if each is main else f"{len(main.errors)} ({against})"
        shown = each.errors[:3]
        out.append(
            Figure(
                f"{load}: errors, {each.label}",
                str(len(each.errors)),
                baseline=baseline,
                target="0",
                holds=not each.errors,
                note="; ".join(shown),
            )
        )
        out.append(
            Figure(
                f"{load}: rounds lost or doubled, {each.label}",
                lost_or_doubled(each),
                baseline=f"{each.checked['answered']} answered",
                target="0",
                holds=each.rounds_whole,
                note=(
                    f"{each.checked['stored']} stored in {len(each.result['games'])} games, "
                    f"{each.checked['unanswered']} of them stored but never answered (the "
                    f"phone gave up at the deadline); {each.checked['versions_off']} games "
                    "whose version is not their count of rounds and of bids said"
                ),
            )
        )
    p99, empty_p99 = percentile(polls, 0.99), percentile(empty, 0.99)
    empty_p50 = percentile(empty, 0.5)
    out += [
        Figure(
            f"{load}: watcher poll p50, {main.label}",
            ms(percentile(polls, 0.5)),
            baseline=ms(empty_p50),
            ratio=percentile(polls, 0.5) / empty_p50 if empty_p50 else None,
            note="baseline: an empty WSGI app behind the same server, asked the same way "
            "at the same time",
        ),
        Figure(
            f"{load}: watcher poll p99, {main.label}",
            ms(p99),
            baseline=ms(empty_p99),
            ratio=p99 / empty_p99 if empty_p99 else None,
            target=f"≤ {P99_TARGET}×",
            holds=bool(polls and empty) and p99 / empty_p99 <= P99_TARGET,
        ),
        Figure(
            f"{load}: board load/reload p99, {main.label}",
            ms(main.p("board", 0.99)),
            baseline=ms(empty_p99),
            ratio=main.p("board", 0.99) / empty_p99 if empty_p99 else None,
        ),
    ]
    rounds = ms(main.p("round", 0.99))
    if alone is not None:
        out.append(
            Figure(
                f"{load}: round submit p99, {main.label}",
                rounds,
                baseline=f"{ms(alone.p('round', 0.99))} (1 worker)",
                ratio=main.p("round", 0.99) / alone.p("round", 0.99)
                if alone.latencies("round")
                else None,
                note=f"p50 {ms(main.p('round', 0.5))}, with 1 worker {ms(alone.p('round', 0.5))}",
            )
        )
    else:
        out.append(
            Figure(
                f"{load}: round submit p50 / p99, {main.label}",
                f"{ms(main.p('round', 0.5))} / {rounds}",
            )
        )
    if len(rates) == 2 and rates[1]:
        out.append(
            Figure(
                f"scoreboard throughput, {main.label}",
                f"{rates[0]:.0f}/s",
                baseline=f"{rates[1]:.0f}/s (1 worker)",
                ratio=rates[0] / rates[1],
                note=f"{READERS} connections asking a 6-player scoreboard in round 10 "
                "(logged in) as fast as they are answered, the two set-ups in turns; "
                "the client shares the cores",
            )
        )
    out.append(submit_tail(load, main))
    if main.cpu is not None:
        out.append(Figure(f"{load}: server CPU, {main.label}", f"{main.cpu:.0%} of one core"))
    if shared is not None:
        sqlite_p99 = main.p("round", 0.99)
        shared_p99, shared_empty = shared.p("poll", 0.99), shared.p("empty", 0.99)
        out += [
            Figure(
                f"{load}: round submit p99, {shared.label}",
                ms(shared.p("round", 0.99)),
                baseline=f"{rounds} (SQLite)",
                ratio=shared.p("round", 0.99) / sqlite_p99 if sqlite_p99 else None,
            ),
            submit_tail(load, shared),
            Figure(
                f"{load}: watcher poll p99, {shared.label}",
                ms(shared_p99),
                baseline=ms(shared_empty),
                ratio=shared_p99 / shared_empty if shared_empty else None,
                target=f"≤ {P99_TARGET}×",
                holds=bool(shared.latencies("poll") and shared.latencies("empty"))
                and shared_p99 / shared_empty <= P99_TARGET,
                note=f"{shared.described} each, one database; tables and watchers spread "
                f"over both; {counted(shared)} requests; baseline: the empty app beside "
                f"them, asked the same way at the same time; SQLite's watchers {ms(p99)}",
            ),
        ]
        if shared.across:
            session, session_holds = shared.across["session"]
            logins, logins_holds = shared.across["logins"]
            out += [
                Figure(
                    f"{shared.label}: a login made on one, used on the other",
                    session,
                    target="valid",
                    holds=session_holds,
                ),
                Figure(
                    f"{shared.label}: wrong passwords sent to both in turn",
                    logins,
                    target="limited in all",
                    holds=logins_holds,
                    note="each form opened on one server and sent to the other",
                ),
            ]
    out += memory_figures(main)
    return out


def submit_tail(load: str, night: Night) -> Figure:
    """A round's submit p99 against its own p50: a Save is never much slower than usual,
    whatever else the server is doing."""
    p50, p99 = night.p("round", 0.5), night.p("round", 0.99)
    return Figure(
        f"{load}: round submit p99 against its p50, {night.label}",
        ms(p99),
        baseline=f"{ms(p50)} (p50)",
        ratio=p99 / p50 if p50 else None,
        target=f"≤ {SUBMIT_TAIL_TARGET:g}×",
        holds=bool(night.latencies("round")) and p99 / p50 <= SUBMIT_TAIL_TARGET,
    )


def memory_figures(main: Night) -> list[Figure]:
    readings = main.rss
    if not readings["after the load"] or readings["after the load"][0].now is None:
        return [Figure("memory: RSS of the workers", "not measurable here (no /proc)")]

    def biggest(moment: str) -> float:
        return max(r.now or 0 for r in readings[moment])

    def peak(moment: str) -> float:
        return max(r.peak or 0 for r in readings[moment])

    start = f"{biggest('at start'):.0f} MB at start"
    notes = "; ".join(
        f"{moment} " + ", ".join(str(r) for r in values) for moment, values in readings.items()
    )
    out = [
        Figure(
            f"memory: biggest worker's RSS after the load, {main.label}",
            f"{biggest('after the load'):.0f} MB",
            baseline=start,
            note=f"each worker, now (peak): {notes}",
        )
    ]
    name = f"memory: biggest worker's RSS after the load + {SHEETS} sheets"
    target = f"≤ {RSS_TARGET_MB} MB"
    moment = f"after {SHEETS} sheets"
    if main.printed < SHEETS or moment not in readings:
        out.append(Figure(name, "not measurable", target=target, note=main.sheet_problem))
        return out
    proportional = max(r.proportional or 0 for r in readings[moment])
    out.append(
        Figure(
            name,
            f"{biggest(moment):.0f} MB",
            baseline=start,
            note=f"its peak: {peak(moment):.0f} MB (the logins' password hashes included); "
            "the worker's and its render process's resident sets added up, which counts "
            "every library page both map twice",
        )
    )
    out.append(
        Figure(
            f"memory: biggest worker with its render process, PSS, after the load + {SHEETS}"
            " sheets",
            f"{proportional:.0f} MB" if proportional else "not measurable",
            baseline=start,
            target=target,
            holds=bool(proportional) and proportional <= RSS_TARGET_MB,
            note="proportional set size (/proc/PID/smaps_rollup): each page the two share "
            "counted once, what they hold of the machine together",
        )
    )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="how long the load lasts")
    parser.add_argument("--watchers", type=int, default=WATCHERS)
    parser.add_argument(
        "--postgresql",
        default="",
        metavar="URL",
        help="also run two servers on this PostgreSQL database (a schema made for the run), "
        "e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test",
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        help="one more gunicorn (or waitress-serve) option, e.g. --server-option=--backlog=2048",
    )
    args = parser.parse_args()
    print_table(run(args.seconds, args.watchers, tuple(args.server_option), args.postgresql))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
