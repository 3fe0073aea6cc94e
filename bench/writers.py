"""Tables saving rounds at the same moment on one SQLite file: how many writers at once
the served app takes before saving gets slow or refused.

    .venv/bin/python -m bench.writers               # 1, 8 and 32 writers, 10 s each
    .venv/bin/python -m bench.writers --seconds 4   # shorter turns, for development

The app is served as ``./scripts/start`` serves it (``bench.load.start_served``: a worker
per core as memory allows) on a fresh SQLite file with 32 accounts, one table each. In
turns of ``--seconds`` (10), 1, 8 and 32 tables send rounds through the JSON API as fast
as their answers come back, each round with its own Idempotency-Key (sent again with the
same key after a 503, as a phone does). A table whose game ends starts the next.

Figures, each turn:

- rounds stored per second with N tables against one table's (target with 8 and 32:
  at least 0.8×, more tables at once do not halve what is stored);
- the p99 of a Save against the p99 of a bare Flask app's POST that reads the same JSON
  and answers 201, served the same way with as many clients in the same run (no target:
  a Save writes, and SQLite writes one at a time);
- the refusals: 503s (target 0: a write waits its turn, it is not refused under 32
  tables) and anything else that is not a 201;
- rounds lost or doubled: the rounds the games hold against the 201s answered (target 0).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, request

from .common import Figure, ms, percentile, print_table
from .load import Server, call_json, create_accounts, served_workers, start_served
from .load_client import legal_round

WRITERS = (1, 8, 32)
SECONDS = 10.0
WAL_BOUND_MB = 1.25
"""The write-ahead log's size at the end, at most: a checkpoint comes once it holds 256
pages (1.05 MB with each page's frame header), after the commit that took it there, so
it can reach that and the pages of a few rounds (a round writes some 10 to 30)."""
THROUGHPUT_TARGET = 0.8
PLAYERS = 3


# -- the baseline: a bare Flask app that takes a round's JSON ----------------------------

bare_app = Flask(__name__)


@bare_app.post("/api/v1/games/<game_id>/rounds")
def bare_round(game_id: str) -> Any:
    """Reads the body as the app's API does and answers 201: the cost of a POST of JSON
    served this way, with no app behind it."""
    body = request.get_json(force=True)
    return jsonify({"id": game_id, "round": body}), 201


# -- one table -----------------------------------------------------------------------------


@dataclass
class Writer:
    url: str
    token: str
    rng: random.Random
    game: dict[str, Any] = field(default_factory=dict)
    games: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    stored: int = 0
    refused: int = 0  # 503s
    other: list[str] = field(default_factory=list)

    def new_game(self) -> None:
        new = {"game": "wizard", "players": ["Ana", "Ben", "Cai"], "options": {"hook": False}}
        status, game = call_json(self.url + "/api/v1/games", "POST", new, self.token)
        assert status == 201, (status, game)
        self.game = game
        self.games.append(game["id"])

    def run(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            if not self.game or self.game.get("finished"):
                self.new_game()
            body = legal_round(self.game["next"]["cards"], PLAYERS, self.rng)
            self.send(f"/api/v1/games/{self.game['id']}/rounds", body, deadline)

    def send(self, path: str, body: dict[str, Any], deadline: float) -> None:
        key = uuid.uuid4().hex
        while True:
            started = time.perf_counter()
            status, answer, retry = post(self.url + path, body, self.token, key)
            self.latencies.append(time.perf_counter() - started)
            if status == 201:
                self.stored += 1
                if isinstance(answer, dict) and "next" in answer:
                    self.game = answer
                return
            if status == 503:
                self.refused += 1
                if time.monotonic() >= deadline:
                    return
                time.sleep(min(retry, 1.0))
                continue  # the same round, the same key
            self.other.append(f"{status}: {str(answer)[:120]}")
            return


def post(url: str, body: Any, token: str, key: str) -> tuple[int, Any, float]:
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {token}",
        "Idempotency-Key": key,
    }
    req = urllib.request.Request(url, json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null"), 0.0
    except urllib.error.HTTPError as error:
        retry = float(error.headers.get("Retry-After") or 1)
        raw = error.read()
        try:
            return error.code, json.loads(raw or b"null"), retry
        except ValueError:
            return error.code, raw[:120], retry


@dataclass(frozen=True)
class Turn:
    writers: int
    seconds: float
    stored: int
    latencies: list[float]
    refused: int
    other: list[str]
    lost_or_doubled: int

    @property
    def per_second(self) -> float:
        return self.stored / self.seconds


def turn(url: str, tokens: list[str], count: int, seconds: float, *, check: bool) -> Turn:
    writers = [Writer(url, token, random.Random(n)) for n, token in enumerate(tokens[:count])]
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=w.run, args=(deadline,)) for w in writers]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took = time.monotonic() - started
    wrong = 0
    if check:
        for writer in writers:
            held = 0
            for game_id in writer.games:
                status, game = call_json(f"{url}/api/v1/games/{game_id}", "GET", None, writer.token)
                assert status == 200, (status, game)
                held += len(game["rounds"])
            wrong += abs(held - writer.stored)
    return Turn(
        count,
        took,
        sum(w.stored for w in writers),
        [latency for w in writers for latency in w.latencies],
        sum(w.refused for w in writers),
        [line for w in writers for line in w.other],
        wrong,
    )


def bare_turn(url: str, count: int, seconds: float) -> Turn:
    """The baseline's turn: as many clients posting rounds to the bare app."""
    writers = [Writer(url, "bare", random.Random(n)) for n in range(count)]
    deadline = time.monotonic() + seconds
    body = legal_round(5, PLAYERS, random.Random(0))

    def run(writer: Writer) -> None:
        while time.monotonic() < deadline:
            writer.send("/api/v1/games/bare/rounds", body, deadline)

    threads = [threading.Thread(target=run, args=(w,)) for w in writers]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return Turn(
        count,
        time.monotonic() - started,
        sum(w.stored for w in writers),
        [latency for w in writers for latency in w.latencies],
        0,
        [line for w in writers for line in w.other],
        0,
    )


# -- the run --------------------------------------------------------------------------


def tokens_for(url: str, names: list[str]) -> list[str]:
    from .common import PASSWORD

    tokens = []
    for name in names:
        status, answer = call_json(
            url + "/api/v1/tokens", "POST", {"username": name, "password": PASSWORD}
        )
        assert status == 201, (status, answer)
        tokens.append(answer["token"])
    return tokens


def measure(seconds: float, counts: tuple[int, ...] = WRITERS) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="bench-writers-") as scratch:
        directory = Path(scratch)
        database = directory / "writers.sqlite3"
        env = {
            **os.environ,
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "FLASK_SECRET_KEY": "bench",
            "FLASK_SETUP_CODE_FILE": str(directory / "setup_code"),
            "FLASK_PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
        names = create_accounts(env, max(counts))
        server = start_served(env, directory)
        bare = Server(
            {**env, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
            directory,
            workers=served_workers(),
            app="bench.writers:bare_app",
            name="bare",
        )
        bare.start()
        try:
            tokens = tokens_for(server.url, names)
            turn(server.url, tokens, 1, 1.0, check=False)  # warm up: each worker answered
            bare_turn(bare.url, 2, 1.0)
            turns = {}
            bases = {}
            for count in counts:
                turns[count] = turn(server.url, tokens, count, seconds, check=True)
                bases[count] = bare_turn(bare.url, count, seconds)
            errors = server.errors()
            wal = database.with_name(database.name + "-wal")
            wal_mb = wal.stat().st_size / 1e6 if wal.exists() else 0.0
        finally:
            server.stop()
            bare.stop()
    return figures(turns, bases, server.described, errors, wal_mb)


def figures(
    turns: dict[int, Turn], bases: dict[int, Turn], described: str, errors: list[str], wal: float
) -> list[Figure]:
    one = turns[min(turns)]
    rows = []
    for count, done in turns.items():
        label = f"SQLite writers ({described}): {count} table{'s' if count > 1 else ''} at once"
        base = bases[count]
        p99, base_p99 = percentile(done.latencies, 0.99), percentile(base.latencies, 0.99)
        ratio = done.per_second / one.per_second if one.per_second else None
        clean = not done.refused and not done.other and not done.lost_or_doubled
        note = (
            f"{done.stored} rounds in {done.seconds:.1f} s;"
            f" p50 {ms(percentile(done.latencies, 0.5))};"
            f" {done.refused} answered 503, {len(done.other)} other refusals"
            + (f" ({done.other[:2]})" if done.other else "")
            + f"; {done.lost_or_doubled} lost or doubled"
        )
        if count != min(turns):
            rows.append(
                Figure(
                    f"{label}: rounds stored a second",
                    f"{done.per_second:.1f}/s",
                    f"{one.per_second:.1f}/s with one table",
                    ratio,
                    f"≥ {THROUGHPUT_TARGET:g}×",
                    ratio is not None and ratio >= THROUGHPUT_TARGET and clean,
                    note=note,
                )
            )
        rows.append(
            Figure(
                f"{label}: Save p99",
                ms(p99),
                f"{ms(base_p99)} a bare Flask POST, {count} clients",
                p99 / base_p99 if base_p99 else None,
                "",
                None if clean else False,
                note=note if count == min(turns) else "",
            )
        )
    rows.append(
        Figure(
            "SQLite writers: the write-ahead log at the end",
            f"{wal:.2f} MB",
            note="a checkpoint every 256 pages (1 MB) cuts it back to 1 MB"
            " (journal_size_limit): at most that and the writes since, never growing"
            + (f"; log: {errors[:3]}" if errors else ""),
            target=f"≤ {WAL_BOUND_MB:g} MB",
            holds=wal <= WAL_BOUND_MB and not errors,
        )
    )
    return rows


def run(quick: bool = False) -> list[Figure]:
    """bench/run's rows."""
    return measure(4 if quick else SECONDS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="each turn (10)")
    parser.add_argument(
        "--writers", type=int, nargs="+", default=list(WRITERS), help="tables at once (1 8 32)"
    )
    args = parser.parse_args()
    print_table(measure(args.seconds, tuple(sorted(set(args.writers) | {1}))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
