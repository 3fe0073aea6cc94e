"""Faults injected into a served app while phones save rounds: what the phones were told
against what the database holds.

    .venv/bin/python -m bench.faults                  # every fault, SQLite and PostgreSQL
    .venv/bin/python -m bench.faults --quick          # fewer faults of each kind
    .venv/bin/python -m bench.faults --postgresql URL # that server (the local one by default)

The app is served as ``./scripts/start`` serves it (``python -m scorekeeper.serve``:
gunicorn's master, 2 workers of 8 threads) on a fresh SQLite file, or on a schema of its
own on PostgreSQL reached through a TCP proxy (:class:`Proxy`) that cuts and freezes
connections on cue. Phones (threads, one account each) save rounds through the JSON API
as fast as their answers come back, the way docs/api.md tells a client: each round with
its own ``Idempotency-Key`` and its ``number``; after a 503 it waits ``Retry-After`` and
sends the same round with the same key again, as after no answer at all (a server
killed, a connection reset). Every answer is logged: status, message, time. The faults:

- ``kill -9 of a worker``: gunicorn starts another one;
- ``kill -9 of the master``: its workers finish what they hold and go, and the server is
  started again on the same port, as a supervisor would;
- ``connections cut`` (PostgreSQL): every connection between the app and the server cut
  at once, wherever the requests are (a network drop, a restarted server);
- ``cut after COMMIT`` (PostgreSQL): a round's COMMIT goes through, its answer is lost;
- ``database frozen`` (PostgreSQL): nothing passes for a while (longer than the statement
  limit), then everything again;
- ``disk full`` (SQLite on a tmpfs of a few megabytes, mounted for the run: root only):
  the volume filled until a round is refused, then room again;
- ``racing finishes``: two games of the same players, their last rounds sent at the same
  moment to two workers.

Once the app is back and the phones have settled their last round, the log is checked
against the database itself (read directly, not through the app):

- **lost**: a round answered 201 that the database does not hold as sent;
- **doubled**: a round the database holds that no phone meant (a retry stored as the next
  round), or a game made twice;
- **500s**: any answer of 500 or more but 503;
- **false "nothing stored"**: a 503 that said nothing was stored, for a round the
  database holds as written by that very request (its ``recorded_at`` between the
  request's sending and its answer);
- **seconds to recover**: from the fault's end (the kill, the cut, the thaw, the room
  freed) until every phone has had a round acknowledged again, the longest of the run.

Targets: 0 lost, 0 doubled, 0 500s, 0 false "nothing stored". The deterministic cases run
in the test suite (tests/test_faults_served.py); this prints the table.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from .common import FAST_HASH, PASSWORD, ROOT, Figure
from .load import free_port
from .load_client import legal_round

DEFAULT_POSTGRESQL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
PLAYERS = ["Ana", "Ben", "Cai"]
WORKERS = 2
GUARD = 120.0
"""Seconds any wait may take before the run is called stuck: a guard against a hang,
never a measure of speed."""

COMMIT = b"Q\x00\x00\x00\x0bCOMMIT\x00"
"""A simple-protocol COMMIT, as psycopg sends one."""


# -- PostgreSQL through a proxy that fails on cue --------------------------------------


class Proxy:
    """A TCP proxy to PostgreSQL. ``mode``: "pass"; "cut" (the next COMMIT after a round
    is written goes through, then the connection is cut before its answer); "drop" (that
    COMMIT is never sent, the connection is cut); "insert" (the next round's INSERT is
    never sent, the connection is cut: a write cut halfway); "freeze" (nothing more is
    passed on, either way, until thawed). :meth:`cut_all` cuts every connection at once."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.mode = "pass"
        self.fired = threading.Event()
        self.fires = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self.sockets = [s for s in self.sockets if s.fileno() != -1]
                self.sockets += [client, server]
            seen = bytearray()  # what the client sent since its last COMMIT
            cut = threading.Event()  # set: the server's answers are no longer passed on
            threading.Thread(
                target=self._pipe, args=(client, server, seen, cut, True), daemon=True
            ).start()
            threading.Thread(
                target=self._pipe, args=(server, client, seen, cut, False), daemon=True
            ).start()

    def _pipe(
        self,
        source: socket.socket,
        sink: socket.socket,
        seen: bytearray,
        cut: threading.Event,
        up: bool,
    ) -> None:
        with suppress(OSError):
            while chunk := source.recv(65536):
                while self.mode == "freeze":
                    time.sleep(0.05)
                if up:
                    seen += chunk
                    if self.mode == "insert" and b"INSERT INTO rounds" in chunk:
                        cut.set()
                        self.fires += 1
                        self.fired.set()
                        self.mode = "pass"
                        for end in (source, sink):
                            with suppress(OSError):
                                end.shutdown(socket.SHUT_RDWR)
                        return
                    if (
                        COMMIT in chunk
                        and b"INSERT INTO rounds" in seen
                        and self.mode in ("cut", "drop")
                    ):
                        cut.set()
                        self.fires += 1
                        self.fired.set()
                        if self.mode == "cut":
                            sink.sendall(chunk)
                            time.sleep(0.2)  # the server commits; its answer is never passed on
                        self.mode = "pass"
                        for end in (source, sink):
                            with suppress(OSError):
                                end.shutdown(socket.SHUT_RDWR)
                        return
                    if COMMIT in chunk:
                        seen.clear()
                if cut.is_set():
                    break
                sink.sendall(chunk)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut_all(self) -> int:
        """Cut every connection open now, both ways: how many."""
        with self._lock:
            open_now = [s for s in self.sockets if s.fileno() != -1]
            self.sockets = []
        for end in open_now:
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            with suppress(OSError):
                end.close()
        return len(open_now) // 2

    def close(self) -> None:
        self.mode = "pass"
        self.listener.close()
        self.cut_all()


# -- the app, served ---------------------------------------------------------------------


def wait_for(predicate: Callable[[], object], seconds: float, what: str) -> None:
    """Until ``predicate()`` holds (a hang guard, not a timing)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds:g} s")


def port_free(port: int) -> bool:
    """Nothing listens on the port (scripts/lib.sh's ``port_free``)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class App:
    """The app as ``./scripts/start`` serves it: ``python -m scorekeeper.serve`` (the
    command the script ends with), gunicorn's master and its workers in a session of
    their own, on a port that stays the same across restarts."""

    def __init__(self, directory: Path, database_url: str, **settings: str) -> None:
        self.directory = directory
        self.port = free_port()
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("FLASK_")},
            "FLASK_SQLALCHEMY_DATABASE_URI": database_url,
            "FLASK_SECRET_KEY": "bench-faults",
            "FLASK_SETUP_CODE_FILE": str(directory / "setup_code"),
            "FLASK_PASSWORD_HASH_METHOD": FAST_HASH,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "WORKERS": str(WORKERS),
            "PYTHONPATH": str(ROOT),
            "MALLOC_ARENA_MAX": "2",
            **settings,
        }
        self.log = directory / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.port_freed_at = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server (after the port a killed one held is free again, as
        ./scripts/start waits for it) and wait until every worker answers."""
        wait_for(lambda: port_free(self.port), GUARD, "the port let go by the last server")
        self.port_freed_at = time.monotonic()
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "scorekeeper.serve"],
                env=self.env,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.starts += 1
        wait_for(
            lambda: self.answers() or self.exited(), GUARD, f"the server answering:\n{self.tail()}"
        )
        if self.exited():
            raise AssertionError(f"the server exited:\n{self.tail()}")
        wait_for(lambda: len(self.workers()) >= WORKERS, GUARD, "every worker started")

    def exited(self) -> bool:
        return self.process is None or self.process.poll() is not None

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                return bool(answer.status == 200)
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            return False

    def workers(self) -> list[int]:
        """gunicorn's workers: its master's children."""
        if self.process is None:
            return []
        pid = self.process.pid
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        except OSError:
            return []
        return [int(child) for child in children.split()]

    def kill_worker(self, rng: random.Random) -> None:
        """kill -9 of one worker; gunicorn's master starts another."""
        workers = self.workers()
        assert workers, "no worker to kill"
        os.kill(rng.choice(workers), signal.SIGKILL)

    def kill_master(self) -> None:
        """kill -9 of the master: its workers notice, finish and go."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=GUARD)

    def stop(self) -> None:
        """kill -9 of the master and every worker (what is stored is stored)."""
        if self.process is None:
            return
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    def log_size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def errors(self, since: int = 0) -> list[str]:
        """What the server's log says went wrong in the app (a traceback, and the line
        after it), not what it says of the faults (warnings, workers killed)."""
        with self.log.open("rb") as log:
            log.seek(since)
            lines = log.read().decode(errors="replace").splitlines()
        return [" ".join(lines[n : n + 2]) for n, line in enumerate(lines) if "Traceback" in line]


# -- the phones --------------------------------------------------------------------------


@dataclass
class Attempt:
    """One request a phone sent for a round, and what it was told."""

    game: str
    number: int
    key: str
    status: int  # 0: no answer (a connection reset or refused, a timeout)
    said: str
    sent: datetime  # when it was sent, UTC
    at: datetime  # when the answer came, UTC


def utcnow() -> datetime:
    """Now in UTC without a zone, as the app records a round's time."""
    return datetime.now(UTC).replace(tzinfo=None)


def nothing_stored(said: str) -> bool:
    """A 503 that says nothing was stored (not one that says the outcome is unknown,
    nor one that says it was stored)."""
    lower = said.lower()
    return "nothing was stored" in lower


@dataclass
class Phone:
    """A phone at a table: its account's token, its games, the rounds it meant (by game
    and number: the body sent) and every answer it had."""

    url: str
    token: str
    rng: random.Random
    patience: float = 2.0  # the longest wait after a 503, seconds (Retry-After, capped)
    games: list[str] = field(default_factory=list)
    meant: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    attempts: list[Attempt] = field(default_factory=list)
    acked: list[tuple[str, int]] = field(default_factory=list)
    acked_at: list[float] = field(default_factory=list)  # monotonic
    unsettled: list[str] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)

    def call(
        self, method: str, path: str, body: Any = None, key: str | None = None
    ) -> tuple[int, Any, float]:
        """Status (0 for no answer), JSON body, Retry-After."""
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        if key:
            headers["Idempotency-Key"] = key
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read() or b"null"), 0.0
        except urllib.error.HTTPError as error:
            retry = error.headers.get("Retry-After") or "1"
            try:
                raw = error.read()
            except (OSError, http.client.HTTPException):
                raw = b""  # a refusal cut off: its status is what was said
            try:
                said = json.loads(raw or b"null")
            except ValueError:
                said = {"errors": [{"message": raw[:300].decode(errors="replace")}]}
            return error.code, said, float(retry) if retry.isdigit() else 1.0
        except (OSError, urllib.error.URLError, http.client.HTTPException, ValueError) as error:
            # An answer cut off (its worker killed as it was being sent: IncompleteRead) is
            # no answer: the phone sends the same round again with the same key.
            return 0, {"errors": [{"message": f"no answer: {error}"}]}, 0.2

    def new_game(self, deadline: float, options: dict[str, Any] | None = None) -> None:
        """A new game, sent again with its key until it is made."""
        key = uuid.uuid4().hex
        body = {"game": "wizard", "players": PLAYERS, "options": {"hook": False, **(options or {})}}
        while time.monotonic() < deadline:
            status, answer, retry = self.call("POST", "/api/v1/games", body, key)
            if status in (200, 201):
                self.game = answer
                if answer["id"] not in self.games:
                    self.games.append(answer["id"])
                return
            time.sleep(min(retry or 0.2, self.patience))
        self.unsettled.append("a new game never made")
        self.game = {}

    def save_round(self, deadline: float, body: dict[str, Any] | None = None) -> bool:
        """The game's next round, sent until it is acknowledged (the same body, the same
        key, every time), as docs/api.md tells a client. False when ``deadline`` passed."""
        game = self.game
        number = int(game["next"]["number"])
        if body is None:
            body = legal_round(game["next"]["cards"], len(PLAYERS), self.rng)
        body = {**body, "number": number}
        self.meant[(game["id"], number)] = body
        key = uuid.uuid4().hex
        path = f"/api/v1/games/{game['id']}/rounds"
        while time.monotonic() < deadline:
            sent = utcnow()
            status, answer, retry = self.call("POST", path, body, key)
            said = ""
            if status != 201 and isinstance(answer, dict) and answer.get("errors"):
                said = str(answer["errors"][0].get("message", ""))
            self.attempts.append(Attempt(game["id"], number, key, status, said, sent, utcnow()))
            if status in (200, 201):
                self.acked.append((game["id"], number))
                self.acked_at.append(time.monotonic())
                self.game = answer
                return True
            if status in (0, 503) or status >= 500:
                time.sleep(min(retry or 0.2, self.patience))
                continue
            # A refusal (409, 422): the phone reads the game and goes on from there.
            self.unsettled.append(f"{status} {said[:200]}")
            self.reload(deadline)
            return True
        self.unsettled.append(f"round {number} of {game['id']} never acknowledged")
        return False

    def reload(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            status, answer, retry = self.call("GET", f"/api/v1/games/{self.game['id']}")
            if status == 200:
                self.game = answer
                return
            time.sleep(min(retry or 0.2, self.patience))

    def play(self, stop: threading.Event, deadline: float) -> None:
        """Rounds, game after game, until ``stop``; the round on its way is settled."""
        while not stop.is_set() and time.monotonic() < deadline:
            if not self.game or self.game.get("finished"):
                self.new_game(deadline)
                if not self.game:
                    return
            if not self.save_round(deadline):
                return

    def acked_since(self, moment: float) -> bool:
        return any(at >= moment for at in self.acked_at)


def token_for(url: str, username: str) -> str:
    request = urllib.request.Request(
        url + "/api/v1/tokens",
        json.dumps({"username": username, "password": PASSWORD}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return str(json.loads(answer.read())["token"])


def create_accounts(database_url: str, count: int) -> list[str]:
    """Accounts made through the services, on the database itself."""
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": database_url,
            "PASSWORD_HASH_METHOD": FAST_HASH,
            "SECRET_KEY": "bench-faults",
        }
    )
    run = uuid.uuid4().hex[:8]
    names = [f"phone{run}x{n + 1}" for n in range(count)]
    with app.app_context():
        for name in names:
            services.create_user(name, PASSWORD)
        db.engine.dispose()
    return names


# -- the check: the phones' log against the database ------------------------------------


@dataclass
class Outcome:
    """One row of the table."""

    fault: str
    backend: str
    faults: int = 0
    acknowledged: int = 0
    lost: int = 0
    doubled: int = 0
    errors: int = 0  # 500s
    false_nothing: int = 0
    recover: float | None = None
    refused: int = 0  # 503s
    no_answer: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def holds(self) -> bool:
        return not (self.lost or self.doubled or self.errors or self.false_nothing or self.notes)


def check(outcome: Outcome, phones: list[Phone], database_url: str, names: list[str]) -> None:
    """The phones' log against what the database holds (read directly)."""
    from scorekeeper.models import Game, Round, User

    rounds_table, games_table = Round.__table__, Game.__table__
    game_ids = sorted({game for phone in phones for game in phone.games})
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                sa.select(
                    rounds_table.c.game_id,
                    rounds_table.c.number,
                    rounds_table.c.facts,
                    rounds_table.c.recorded_at,
                ).where(rounds_table.c.game_id.in_(game_ids))
            ).all()
            games_held = connection.execute(
                sa.select(sa.func.count())
                .select_from(games_table.join(User.__table__))
                .where(User.__table__.c.username.in_(names))
            ).scalar_one()
    finally:
        engine.dispose()
    held = {(row.game_id, row.number): (row.facts, row.recorded_at) for row in rows}
    meant = {spot: body for phone in phones for spot, body in phone.meant.items()}

    def same(facts: dict[str, Any], body: dict[str, Any]) -> bool:
        return all(facts.get(name) == body[name] for name in ("bids", "tricks"))

    for phone in phones:
        outcome.acknowledged += len(phone.acked)
        for spot in phone.acked:
            if spot not in held or not same(held[spot][0], phone.meant[spot]):
                outcome.lost += 1
        for attempt in phone.attempts:
            if attempt.status == 503:
                outcome.refused += 1
            elif attempt.status == 0:
                outcome.no_answer += 1
            elif attempt.status >= 500:
                outcome.errors += 1
            if attempt.status == 503 and nothing_stored(attempt.said):
                # Stored by this very request: recorded between its sending and its answer.
                spot = (attempt.game, attempt.number)
                if spot in held and attempt.sent <= held[spot][1] <= attempt.at:
                    outcome.false_nothing += 1
        outcome.notes += phone.unsettled
    for spot, (facts, _at) in held.items():
        if spot not in meant or not same(facts, meant[spot]):
            outcome.doubled += 1
    outcome.doubled += max(0, games_held - len(game_ids))


# -- the faults ------------------------------------------------------------------------


@dataclass
class Setting:
    """Where a run's app keeps its data: ``url`` for the app, ``direct`` for the check."""

    backend: str
    url: str
    direct: str
    proxy: Proxy | None = None
    volume: Path | None = None


@contextmanager
def sqlite_setting(directory: Path, volume: Path | None = None) -> Iterator[Setting]:
    place = volume or directory
    url = f"sqlite:///{place / 'faults.sqlite3'}"
    yield Setting("SQLite", url, url, volume=volume)


@contextmanager
def postgresql_setting(server_url: str) -> Iterator[Setting]:
    """A schema of its own on the server, reached by the app through a :class:`Proxy`."""
    schema = f"bench_faults_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(server_url)
    with admin.begin() as connection:
        connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    base = sa.engine.make_url(server_url).update_query_dict({"options": f"-csearch_path={schema}"})
    proxy = Proxy((base.host or "127.0.0.1", base.port or 5432))
    via = base.set(host="127.0.0.1", port=proxy.port).update_query_dict({"sslmode": "disable"})
    try:
        yield Setting(
            "PostgreSQL",
            via.render_as_string(hide_password=False),
            base.render_as_string(hide_password=False),
            proxy=proxy,
        )
    finally:
        proxy.close()
        with admin.begin() as connection:
            connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@contextmanager
def mounted_volume(directory: Path, megabytes: int) -> Iterator[Path]:
    """A tmpfs of ``megabytes``: a disk that fills (root only: raises when it cannot)."""
    place = directory / "volume"
    place.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0700", "tmpfs", str(place)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        raise PermissionError(f"cannot mount a small volume here: {mounted.stderr.strip()}")
    try:
        yield place
    finally:
        subprocess.run(["umount", "-l", str(place)], check=False)


def fill(volume: Path) -> Path:
    """The volume filled to its last byte by a file of its own."""
    filler = volume / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (65536, 4096, 1):
            with suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return filler


FAULTS = {
    "worker": "kill -9 of a worker",
    "master": "kill -9 of the master",
    "cut": "connections cut",
    "commit": "cut after COMMIT",
    "freeze": "database frozen",
    "disk": "disk full",
    "race": "racing finishes",
}
POSTGRESQL_ONLY = {"cut", "commit", "freeze"}
SQLITE_ONLY = {"disk"}


APP_SETTINGS = {"FLASK_DATABASE_STATEMENT_SECONDS": "1", "FLASK_DATABASE_CONNECT_SECONDS": "1"}
"""A statement's answer waited for 1 s (then 2 s more for the watchdog's cut), a
connection 1 s: a frozen database is noticed within a few seconds."""


def prepare(database_url: str) -> None:
    """The schema made (``flask init-db``'s migrations, run here rather than in a
    process of their own)."""
    from scorekeeper import create_app
    from scorekeeper.database import upgrade
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "bench-faults"})
    with app.app_context():
        upgrade()
        db.engine.dispose()


@contextmanager
def serving(setting: Setting, directory: Path) -> Iterator[App]:
    """The app served on ``setting``'s database, made for it; stopped after."""
    prepare(setting.direct)
    app = App(directory, setting.url, **APP_SETTINGS)
    app.start()
    try:
        yield app
    finally:
        app.stop()


def run_fault(
    kind: str,
    setting: Setting,
    app: App,
    *,
    faults: int = 2,
    phones: int = 4,
    patience: float = 2.0,
    freeze_seconds: float = 3.0,
    seed: int = 0,
) -> Outcome:
    """``faults`` faults of ``kind`` into the served ``app`` while ``phones`` (of
    accounts of their own) save rounds; the phones' log checked against the database
    once the app is back."""
    rng = random.Random(seed)
    outcome = Outcome(FAULTS[kind], setting.backend)
    names = create_accounts(setting.direct, phones if kind != "race" else 1)
    logged = app.log_size()
    tokens = [token_for(app.url, name) for name in names]
    if kind == "race":  # two phones of one account: the same players
        tokens = [tokens[0], tokens[0]]
    crew = [Phone(app.url, token, random.Random(seed * 100 + n), patience)
            for n, token in enumerate(tokens)]  # fmt: skip
    if kind == "race":
        race(crew, faults)
        outcome.faults = faults
    else:
        drive(kind, crew, app, setting, outcome, faults, rng, freeze_seconds)
    wait_for(app.answers, GUARD, "the app answering after the faults")
    check(outcome, crew, setting.direct, names)
    errors = app.errors(since=logged)
    if errors:
        outcome.notes.append(f"the server's log: {errors[:3]}")
    return outcome


def drive(
    kind: str,
    crew: list[Phone],
    app: App,
    setting: Setting,
    outcome: Outcome,
    faults: int,
    rng: random.Random,
    freeze_seconds: float,
) -> None:
    stop = threading.Event()
    deadline = time.monotonic() + GUARD * (faults + 2)
    threads = [threading.Thread(target=p.play, args=(stop, deadline), daemon=True) for p in crew]
    for thread in threads:
        thread.start()
    recoveries: list[float] = []
    try:
        for _ in range(faults):
            # Every phone saving before each fault: the fault lands on writes under way.
            wait_for(saving(crew, time.monotonic()), GUARD, "rounds saved")
            time.sleep(rng.uniform(0, 0.3))
            ended, anew = inject(kind, app, setting, crew, rng, freeze_seconds)
            outcome.faults += 1
            wait_for(saving(crew, anew), GUARD, "every phone saving again")
            recoveries.append(max(min(at for at in p.acked_at if at >= anew) for p in crew) - ended)
    finally:
        if setting.volume is not None:
            with suppress(FileNotFoundError):
                (setting.volume / "filler").unlink()
        if setting.proxy is not None:
            setting.proxy.mode = "pass"
        stop.set()
        for thread in threads:
            thread.join(GUARD)
    outcome.recover = max(recoveries) if recoveries else None


def saving(crew: list[Phone], since: float) -> Callable[[], bool]:
    """Whether every phone has had a round acknowledged since ``since``."""
    return lambda: all(phone.acked_since(since) for phone in crew)


def inject(
    kind: str,
    app: App,
    setting: Setting,
    crew: list[Phone],
    rng: random.Random,
    freeze_seconds: float,
) -> tuple[float, float]:
    """One fault of ``kind``: when it ended (the app left to recover from then on), and
    from when a round acknowledged counts as recovered (for the master, once the killed
    server's workers have let its port go: until then they finish what they hold)."""
    if kind == "worker":
        app.kill_worker(rng)
        return time.monotonic(), time.monotonic()
    if kind == "master":
        app.kill_master()
        ended = time.monotonic()
        app.start()  # as a supervisor does; the phones wait meanwhile
        return ended, app.port_freed_at
    if kind in POSTGRESQL_ONLY:
        proxy = setting.proxy
        assert proxy is not None
        if kind == "cut":
            proxy.cut_all()
        elif kind == "commit":
            fired = proxy.fires
            proxy.mode = "cut"
            wait_for(lambda: proxy.fires > fired, GUARD, "a round's COMMIT cut")
        else:
            proxy.mode = "freeze"
            time.sleep(freeze_seconds)
            proxy.mode = "pass"
        return time.monotonic(), time.monotonic()
    assert kind == "disk" and setting.volume is not None

    def refusals() -> int:
        return sum(1 for phone in crew for attempt in phone.attempts if attempt.status == 503)

    before = refusals()
    filler = fill(setting.volume)
    wait_for(lambda: refusals() > before, GUARD, "a round refused on the full disk")
    filler.unlink()
    return time.monotonic(), time.monotonic()


def race(crew: list[Phone], pairs: int) -> None:
    """``pairs`` times, two games of the same players (one account, one round long)
    whose rounds two phones send at the same moment: both games finish at once, and
    both write the same players' summaries."""
    deadline = time.monotonic() + GUARD * (pairs + 1)
    first, second = crew[0], crew[1]
    for _ in range(pairs):
        for phone in (first, second):
            phone.new_game(deadline, {"rounds": 1})
        start = threading.Barrier(2)
        bodies = [legal_round(1, len(PLAYERS), phone.rng) for phone in (first, second)]

        threads = [
            threading.Thread(target=finish, args=(phone, body, start, deadline), daemon=True)
            for phone, body in zip((first, second), bodies, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(GUARD)


def finish(phone: Phone, body: dict[str, Any], start: threading.Barrier, deadline: float) -> None:
    """A game's last round, sent once the other phone is ready to send its own."""
    start.wait(timeout=GUARD)
    phone.save_round(deadline, body)


# -- the table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How many faults of each kind, and of how long."""

    faults: int = 3
    phones: int = 4
    freeze_seconds: float = 8.0
    patience: float = 2.0

    @classmethod
    def quick(cls) -> Plan:
        return cls(faults=2, phones=4, freeze_seconds=3.0)


def measure(
    plan: Plan, postgresql: str = "", kinds: tuple[str, ...] = tuple(FAULTS)
) -> list[Outcome]:
    """Every kind of fault on SQLite and (with ``postgresql``) on PostgreSQL."""
    outcomes: list[Outcome] = []
    backends = ["sqlite"] + (["postgresql"] if postgresql else [])
    for backend in backends:
        for kind in kinds:
            if (backend == "sqlite" and kind in POSTGRESQL_ONLY) or (
                backend == "postgresql" and kind in SQLITE_ONLY
            ):
                continue
            print(f"{FAULTS[kind]} ({backend}) …", file=sys.stderr, flush=True)
            with tempfile.TemporaryDirectory(prefix="bench-faults-") as scratch:
                directory = Path(scratch)
                try:
                    outcomes.append(one(kind, backend, directory, plan, postgresql))
                except Exception as error:  # a report: say what broke, go on
                    failed = Outcome(
                        FAULTS[kind], "SQLite" if backend == "sqlite" else "PostgreSQL"
                    )
                    failed.notes.append(f"could not run: {type(error).__name__}: {error}"[:500])
                    outcomes.append(failed)
    return outcomes


def one(kind: str, backend: str, directory: Path, plan: Plan, postgresql: str) -> Outcome:
    options: dict[str, Any] = {
        "faults": plan.faults if kind != "race" else plan.faults * 4,
        "phones": plan.phones,
        "patience": plan.patience,
        "freeze_seconds": plan.freeze_seconds,
    }
    with contextlib.ExitStack() as stack:
        if backend == "postgresql":
            setting = stack.enter_context(postgresql_setting(postgresql))
        elif kind == "disk":
            volume = stack.enter_context(mounted_volume(directory, 3))
            setting = stack.enter_context(sqlite_setting(directory, volume))
        else:
            setting = stack.enter_context(sqlite_setting(directory))
        app = stack.enter_context(serving(setting, directory))
        return run_fault(kind, setting, app, **options)


COLUMNS = (
    "fault",
    "backend",
    "faults",
    "acknowledged",
    "lost",
    "doubled",
    "500s",
    'false "nothing stored"',
    "503s",
    "no answer",
    "seconds to recover",
    "holds",
)


def table(outcomes: list[Outcome]) -> list[tuple[str, ...]]:
    return [
        (
            o.fault,
            o.backend,
            str(o.faults),
            str(o.acknowledged),
            str(o.lost),
            str(o.doubled),
            str(o.errors),
            str(o.false_nothing),
            str(o.refused),
            str(o.no_answer),
            "" if o.recover is None else f"{o.recover:.1f}",
            "yes" if o.holds else "NO",
        )
        for o in outcomes
    ]


def print_outcomes(outcomes: list[Outcome]) -> None:
    rows = table(outcomes)
    widths = [max(len(row[i]) for row in [COLUMNS, *rows]) for i in range(len(COLUMNS))]
    for row in [COLUMNS, *rows]:
        cells = [
            cell.rjust(width) if 1 < n < len(COLUMNS) - 1 else cell.ljust(width)
            for n, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())
    print('\ntargets: 0 lost, 0 doubled, 0 500s, 0 false "nothing stored"; seconds to recover:')
    print("from the fault's end until every phone had a round acknowledged again (the longest)")
    for o in outcomes:
        for note in o.notes:
            print(f"  {o.fault} ({o.backend}): {note}")


def figures(outcomes: list[Outcome]) -> list[Figure]:
    """bench/run's rows: one a fault and backend."""
    return [
        Figure(
            f"faults: {o.fault} ({o.backend})",
            f"{o.lost}/{o.doubled}/{o.errors}/{o.false_nothing}",
            baseline=f"{o.acknowledged} rounds acked, {o.faults} faults",
            target="0/0/0/0",
            holds=o.holds,
            note=(
                "lost/doubled/500s/false 'nothing stored'"
                + ("" if o.recover is None else f"; recovered in {o.recover:.1f} s at most")
                + (f"; {o.notes[:2]}" if o.notes else "")
            ),
        )
        for o in outcomes
    ]


def postgresql_answers(url: str) -> bool:
    try:
        engine = sa.create_engine(url, connect_args={"connect_timeout": 2})
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
        engine.dispose()
        return True
    except Exception:
        return False


def run(quick: bool = False, postgresql: str = "") -> list[Figure]:
    """bench/run's rows: SQLite, and PostgreSQL when bench/run was given one."""
    return figures(measure(Plan.quick() if quick else Plan(), postgresql))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 faults of each kind, short freezes")
    parser.add_argument("--faults", type=int, help="faults of each kind (3)")
    parser.add_argument(
        "--postgresql",
        default="",
        metavar="URL",
        help=f"the PostgreSQL server for its rows ({DEFAULT_POSTGRESQL} when it answers)",
    )
    parser.add_argument("--only", nargs="+", choices=list(FAULTS), help="these faults only")
    args = parser.parse_args()
    plan = Plan.quick() if args.quick else Plan()
    if args.faults:
        plan = Plan(args.faults, plan.phones, plan.freeze_seconds, plan.patience)
    url = args.postgresql or (DEFAULT_POSTGRESQL if postgresql_answers(DEFAULT_POSTGRESQL) else "")
    if not url:
        print("no PostgreSQL answers: SQLite only (--postgresql URL)", file=sys.stderr)
    if os.geteuid() != 0 and "disk" in (args.only or FAULTS):
        print("not root: the full disk (a tmpfs mounted for it) will say it could not run",
              file=sys.stderr)  # fmt: skip
    print_outcomes(measure(plan, url, tuple(args.only or FAULTS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
