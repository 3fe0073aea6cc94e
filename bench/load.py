"""A game night on a real server: waitress on 127.0.0.1 as the README deploys it, on a
fresh SQLite file, loaded from a second process; then the database is checked, ten
finished games' sheets are printed, and the server's peak memory is read.

    .venv/bin/python -m bench.load             # 60 s of load; --seconds 10 for a try

The load (bench/load_client.py): 10 tables each entering a round every ~3 s with an
Idempotency-Key, while 200 watchers follow their table's watch link, asking for the
version every 5 s with the ETag they have. Setup, before the load: `flask init-db`,
ten accounts made through the services on the same database file, then everything
else over HTTP as a phone does it: an API token, a game, and the watch link shared
from the game's page (logged in, with the form's CSRF token).

Targets (README, Performance): no errors; every answered round stored once (checked in
the database afterwards); the watchers' p99 within 10× the in-process median of the
same request; the worker's peak RSS after all that within 150 MB.
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
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import memory
from .common import NAMES, PASSWORD, ROOT, VENV_BIN, Figure, ms, percentile, print_table
from .load_client import legal_round

TABLES = 10
WATCHERS = 200
ROUND_SECONDS = 3.0
POLL_SECONDS = 5.0
THREADS = 8  # README, Deployment: waitress-serve --threads 8 --connection-limit 500
CONNECTION_LIMIT = 500
SHEETS = 10
PEAK_RSS_TARGET_MB = 150
P99_TARGET = 10
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
WATCH_LINK = re.compile(r'<p class="watch-link"><a href="([^"]+)">')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """waitress-serve in a process of its own, its log kept in a file."""

    def __init__(self, env: dict[str, str], directory: Path, extra: tuple[str, ...] = ()) -> None:
        self.env, self.port, self.extra = env, free_port(), extra
        self.log = directory / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> None:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [
                    str(VENV_BIN / "waitress-serve"),
                    "--host=127.0.0.1",
                    f"--port={self.port}",
                    f"--threads={THREADS}",
                    f"--connection-limit={CONNECTION_LIMIT}",
                    *self.extra,
                    "--call",
                    "scorekeeper:create_app",
                ],
                env=self.env,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/v1/openapi.json", timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_lines(self, *needles: str) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if any(n in line for n in needles)]


@dataclass
class Table:
    """A table's account, as a phone holds it: a session, an API token, a game."""

    username: str
    browser: urllib.request.OpenerDirector
    token: str
    game: dict[str, Any]
    watch: str


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


def form_post(browser: urllib.request.OpenerDirector, url: str, page_url: str, **data: str) -> str:
    """Open a page for its CSRF token, then send its form; the page answered, as text."""
    with browser.open(page_url, timeout=30) as page:
        match = CSRF.search(page.read().decode())
    assert match, f"no CSRF token on {page_url}"
    body = urllib.parse.urlencode({**data, "csrf_token": match.group(1)}).encode()
    with browser.open(url, data=body, timeout=30) as answer:
        return str(answer.read().decode())


def create_accounts(env: dict[str, str], count: int) -> list[str]:
    """`flask init-db`, then the accounts, through the services on the same file (the
    CLI's create-user would start Python once per account)."""
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


def set_up_table(server: Server, username: str, players: int) -> Table:
    status, answer = call_json(
        server.url + "/api/v1/tokens", "POST", {"username": username, "password": PASSWORD}
    )
    assert status == 201, (status, answer)
    token = answer["token"]
    new = {"game": "wizard", "players": NAMES[:players], "options": {"hook": False}}
    status, game = call_json(server.url + "/api/v1/games", "POST", new, token)
    assert status == 201, (status, game)
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    form_post(
        browser,
        server.url + "/login",
        server.url + "/login",
        username=username,
        password=PASSWORD,
    )
    share_page = f"{server.url}/games/{game['id']}/share"
    page = form_post(browser, share_page, share_page)
    match = WATCH_LINK.search(page)
    assert match, "no watch link on the share page"
    return Table(username, browser, token, game, match.group(1).rsplit("/", 1)[-1])


def in_process_medians(env: dict[str, str], watch: str, calls: int) -> dict[str, float]:
    """The same watcher requests through Flask's test client, same database, no network."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": env["FLASK_SQLALCHEMY_DATABASE_URI"]})
    client = app.test_client()
    version_url, board_url = f"/watch/{watch}/version", f"/watch/{watch}"
    samples: dict[str, list[float]] = {"poll": [], "board": []}
    for _ in range(calls):
        for kind, url, headers, status in (
            ("poll", version_url, {}, 200),
            ("board", board_url, {}, 200),
        ):
            start = time.perf_counter()
            answer = client.get(url, headers=headers)
            samples[kind].append(time.perf_counter() - start)
            assert answer.status_code == status, (url, answer.status_code)
    with app.app_context():
        db.engine.dispose()
    return {kind: statistics.median(values[5:]) for kind, values in samples.items()}


def check_database(database: Path, result: dict[str, Any]) -> dict[str, int]:
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
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        stored: dict[tuple[str, int], dict[str, Any]] = {}
        stored_keys: set[str] = set()
        versions_off = rounds_without_key = 0
        for game in result["games"]:
            rows = connection.execute(
                "SELECT number, facts FROM rounds WHERE game_id = ?", (game,)
            ).fetchall()
            for number, facts in rows:
                stored[(game, number)] = json.loads(facts)
            # The app keeps a one-time key as a hash of its owner and the key sent.
            (owner,) = connection.execute(
                "SELECT owner_id FROM games WHERE id = ?", (game,)
            ).fetchone()
            sent_as = {
                hashlib.sha256(f"{owner}:{key}".encode()).hexdigest(): key for key in our_keys
            }
            keys = {
                sent_as.get(key, key)
                for (key,) in connection.execute(
                    "SELECT key FROM submissions WHERE game_id = ?", (game,)
                )
            }
            stored_keys |= keys & our_keys
            # One key, one change: more rounds than keys would be a round stored twice.
            rounds_without_key += max(0, len(rows) - len(keys & our_keys))
            (version,) = connection.execute(
                "SELECT version FROM games WHERE id = ?", (game,)
            ).fetchone()
            versions_off += version != len(rows)  # one version a change: nothing else
    finally:
        connection.close()
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


def finish_and_print(server: Server, tables: list[Table]) -> tuple[int, str]:
    """Play each table's first game to its end, then fetch its score sheet (a PDF) as
    its owner; (sheets rendered, what went wrong)."""
    rng = random.Random(5)
    for table in tables:
        game_url = f"{server.url}/api/v1/games/{table.game['id']}"
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
                f"{server.url}/games/{table.game['id']}/sheet.pdf", timeout=120
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


def run(
    seconds: float = 60, watchers: int = WATCHERS, server_options: tuple[str, ...] = ()
) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="bench-load-") as scratch:
        directory = Path(scratch)
        database = directory / "load.sqlite3"
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("FLASK_")},
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "FLASK_SECRET_KEY": "bench-load",
            "MALLOC_ARENA_MAX": "2",  # as scripts/start runs the server
        }
        usernames = create_accounts(env, TABLES)
        server = Server(env, directory, server_options)
        server.start()
        started = memory.Reading.of(server.pid)
        try:
            return _run_on(server, env, database, directory, usernames, seconds, watchers, started)
        finally:
            server.stop()


def _run_on(
    server: Server,
    env: dict[str, str],
    database: Path,
    directory: Path,
    usernames: list[str],
    seconds: float,
    watchers: int,
    started: memory.Reading,
) -> list[Figure]:
    tables = [set_up_table(server, name, 3 + n % 4) for n, name in enumerate(usernames)]
    inproc = in_process_medians(env, tables[0].watch, calls=205)
    set_up = memory.Reading.of(server.pid)
    plan = {
        "url": server.url,
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
    plan_file, result_file = directory / "plan.json", directory / "result.json"
    plan_file.write_text(json.dumps(plan))
    cpu_before, wall_before = memory.cpu_seconds(server.pid), time.monotonic()
    client = subprocess.run(
        [sys.executable, "-m", "bench.load_client", str(plan_file), str(result_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=seconds + 120,
    )
    cpu_after, wall = memory.cpu_seconds(server.pid), time.monotonic() - wall_before
    if client.returncode != 0:
        raise RuntimeError(f"the load client failed:\n{client.stderr[-3000:]}")
    result = json.loads(result_file.read_text())
    checked = check_database(database, result)
    after_load = memory.Reading.of(server.pid)
    printed, sheet_problem = finish_and_print(server, tables)
    after_sheets = memory.Reading.of(server.pid)
    server.stop()
    server_errors = server.log_lines("Traceback", "Exception", "ERROR")
    queue_warnings = server.log_lines("Task queue depth")
    limit_warnings = server.log_lines("reached the connection limit")
    return figures(
        Outcome(
            result=result,
            checked=checked,
            inproc=inproc,
            seconds=seconds,
            watchers=watchers,
            server_errors=server_errors,
            queue_warnings=queue_warnings,
            limit_warnings=limit_warnings,
            cpu=(cpu_before, cpu_after, wall),
            rss=(started, set_up, after_load, after_sheets),
            printed=printed,
            sheet_problem=sheet_problem,
        )
    )


@dataclass(frozen=True)
class Outcome:
    """What one load run gathered, for its rows of the table."""

    result: dict[str, Any]
    checked: dict[str, int]
    inproc: dict[str, float]
    seconds: float
    watchers: int
    server_errors: list[str]
    queue_warnings: list[str]
    limit_warnings: list[str]
    cpu: tuple[float | None, float | None, float]
    rss: tuple[memory.Reading, memory.Reading, memory.Reading, memory.Reading]
    printed: int
    sheet_problem: str


def figures(outcome: Outcome) -> list[Figure]:
    result, checked, inproc = outcome.result, outcome.checked, outcome.inproc
    seconds, watchers = outcome.seconds, outcome.watchers
    server_errors, queue_warnings = outcome.server_errors, outcome.queue_warnings
    limit_warnings, cpu, rss = outcome.limit_warnings, outcome.cpu, outcome.rss
    printed, sheet_problem = outcome.printed, outcome.sheet_problem
    lat = result["latencies"]
    count = sum(len(values) for values in lat.values())
    errors = len(result["errors"]) + len(server_errors)
    shown_errors = (result["errors"] + server_errors)[:3]
    polls, boards, rounds = lat["poll"], lat["board"], lat["round"]
    p99 = percentile(polls, 0.99)
    load = f"load {seconds:g} s"
    out = [
        Figure(
            f"{load}: requests answered",
            f"{count} ({count / result['seconds']:.0f}/s)",
            note=f"{TABLES} tables, {watchers} watchers, waitress --threads {THREADS}; "
            + ", ".join(f"{k}: {v}" for k, v in sorted(result["statuses"].items()))
            + f"; connections opened again: {result['reconnects']}",
        ),
        Figure(
            f"{load}: errors",
            str(errors),
            target="0",
            holds=errors == 0,
            note="; ".join(shown_errors) if shown_errors else "",
        ),
        Figure(
            f"{load}: rounds lost or doubled",
            f"{checked['lost']} lost, {checked['doubled']} doubled",
            baseline=f"{checked['answered']} answered",
            target="0",
            holds=checked["lost"] == checked["doubled"] == checked["versions_off"] == 0,
            note=(
                f"{checked['stored']} stored in {len(result['games'])} games, "
                f"{checked['unanswered']} of them stored but never answered (the phone "
                f"gave up at the deadline); {checked['versions_off']} games whose version "
                "is not their count of rounds"
            ),
        ),
        Figure(
            f"{load}: watcher poll p50",
            ms(percentile(polls, 0.5)),
            baseline=ms(inproc["poll"]),
            ratio=percentile(polls, 0.5) / inproc["poll"],
            note="baseline: the same request in-process (test client), median",
        ),
        Figure(
            f"{load}: watcher poll p99",
            ms(p99),
            baseline=ms(inproc["poll"]),
            ratio=p99 / inproc["poll"],
            target=f"≤ {P99_TARGET}×",
            holds=bool(polls) and p99 / inproc["poll"] <= P99_TARGET,
        ),
        Figure(
            f"{load}: board load/reload p99",
            ms(percentile(boards, 0.99)),
            baseline=ms(inproc["board"]),
            ratio=percentile(boards, 0.99) / inproc["board"],
        ),
        Figure(
            f"{load}: round entered p50 / p99",
            f"{ms(percentile(rounds, 0.5))} / {ms(percentile(rounds, 0.99))}",
        ),
    ]
    cpu_before, cpu_after, wall = cpu
    if cpu_before is not None and cpu_after is not None:
        out.append(
            Figure(f"{load}: server CPU", f"{(cpu_after - cpu_before) / wall:.0%} of one core")
        )
    if limit_warnings:
        out.append(
            Figure(
                f"{load}: waitress at its connection limit",
                f"{len(limit_warnings)} times",
                note="waitress accepts 100 open connections by default and each watching phone "
                "keeps one: the next phones wait until one closes (the seconds in the board "
                "and round p99); waitress-serve --connection-limit=500 lifts it",
            )
        )
    if queue_warnings:
        out.append(
            Figure(
                f"{load}: waitress task queue warnings",
                str(len(queue_warnings)),
                note=queue_warnings[0],
            )
        )
    started, set_up, after_load, after_sheets = rss
    if after_sheets.peak is None:
        out.append(Figure("memory: peak RSS of the worker", "not measurable here (no /proc)"))
        return out
    out.append(
        Figure(
            "memory: peak RSS after the load",
            f"{after_load.peak:.0f} MB",
            baseline=f"{started.now:.0f} MB at start",
            note=f"at start {started}; after the logins (scrypt) {set_up}; "
            f"after the load {after_load}; after the sheets {after_sheets}",
        )
    )
    name = f"memory: peak RSS after the load + {SHEETS} sheets"
    target = f"≤ {PEAK_RSS_TARGET_MB} MB"
    if printed < SHEETS:
        out.append(Figure(name, "not yet measurable", target=target, note=sheet_problem))
    else:
        out.append(
            Figure(
                name,
                f"{after_sheets.peak:.0f} MB",
                baseline=f"{started.now:.0f} MB at start",
                target=target,
                holds=after_sheets.peak <= PEAK_RSS_TARGET_MB,
            )
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="how long the load lasts")
    parser.add_argument("--watchers", type=int, default=WATCHERS)
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        help="one more waitress-serve option, e.g. --server-option=--connection-limit=500",
    )
    args = parser.parse_args()
    print_table(run(args.seconds, args.watchers, tuple(args.server_option)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
