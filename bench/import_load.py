"""A big import while another account enters rounds: how long that account's writes wait.

A real server (served as ``./scripts/start`` serves it, as bench/load.py does: ``python
-m scorekeeper.serve``, a worker per core, 8 threads each; SQLite, on 127.0.0.1) gets an export of
thousands of games from one account through the import form, while a second account
keeps entering rounds and starting games through the API. It prints how long the import
took and each of the second account's writes during it: how many, their answers (a 503
is a write refused because the database was locked too long) and their latency (median,
95th percentile, worst). Target: no 503, the worst write within two seconds.

    .venv/bin/python bench/import_load.py                   # this checkout
    .venv/bin/python bench/import_load.py --code ../old     # another checkout's code

Not a test: a report (tests/test_import_load.py asserts the no-503 part).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.sheet_memory import PASSWORD, Client, serve  # noqa: E402
from scorekeeper.games import GAMES  # noqa: E402

WORST_TARGET_SECONDS = 2.0


def export_document(games: int, rounds: int = 10) -> dict[str, Any]:
    """An export of ``games`` short Wizard games (3 players, ``rounds`` rounds), a
    hundred games a night, each round legal."""
    names = ["Ana", "Ben", "Cai"]
    state = GAMES["wizard"].new(names, 0, {"hook": False, "rounds": rounds})
    played = []
    for number in range(1, rounds + 1):
        tricks = [0, 0, 0]
        tricks[number % 3] = number
        turns = state.turns_trump(number)
        played.append(
            {
                "dealer": (number - 1) % 3,
                "trump": "hearts" if turns else "none",
                "turned": "7h" if turns else None,
                "bids": tricks,
                "tricks": tricks,
            }
        )
    nights = [
        {"uid": f"night{n}", "date": f"20{10 + n // 300}-01-01", "place": "", "note": ""}
        for n in range((games + 99) // 100)
    ]
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "players": names,
        "nights": nights,
        "games": [
            {
                "uid": f"game{n}",
                "night": f"night{n // 100}",
                "game": "wizard",
                "created_at": f"20{10 + n // 30000}-01-01T20:{n // 60 % 60:02d}:{n % 60:02d}",
                "players": names,
                "first_dealer": 0,
                "options": {"hook": False, "rounds": rounds},
                "rounds": played,
            }
            for n in range(games)
        ],
    }


def multipart(token: str, content: bytes) -> tuple[bytes, str]:
    boundary = "----import-load"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
            f"{token}\r\n--{boundary}\r\n"
            'Content-Disposition: form-data; name="file"; filename="export.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


class Writer(threading.Thread):
    """The other account: a round every ``pause`` seconds, a new game when one ends."""

    def __init__(self, client: Client, token: str, pause: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.client, self.token, self.pause = client, token, pause
        self.stop = threading.Event()
        self.recording = threading.Event()
        self.writes: list[tuple[float, int]] = []  # (seconds, status) while recording

    def call(self, path: str, body: Any) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"}
        began = time.perf_counter()
        status, raw = self.client.open(path, json.dumps(body).encode(), headers)
        if self.recording.is_set():
            self.writes.append((time.perf_counter() - began, status))
        return status, json.loads(raw) if raw else None

    def run(self) -> None:
        game: Any = None
        number = 0
        while not self.stop.is_set():
            if game is None or number == 3:
                status, game = self.call(
                    "/api/v1/games",
                    {"game": "wizard", "players": ["Dai", "Eli", "Fay"], "options": {"rounds": 3}},
                )
                number = 0
                if status != 201:
                    game = None
                    time.sleep(self.pause)
                    continue
            tricks = [0, 0, 0]
            tricks[number % 3] = number + 1
            status, _ = self.call(
                f"/api/v1/games/{game['id']}/rounds",
                {"trump": "hearts", "turned": "7h", "bids": tricks, "tricks": tricks},
            )
            if status == 201:
                number += 1
            time.sleep(self.pause)


def run(code: Path, games: int, rounds: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="import-load-"))
    env = {
        **os.environ,
        "PYTHONPATH": str(code),
        "MALLOC_ARENA_MAX": "2",
        "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
        "FLASK_SECRET_KEY": "bench",
        "FLASK_PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
    }
    server, url = serve(
        code,
        env,
        ["init-db"],
        ["create-user", "bench", "--password", PASSWORD],
        ["create-user", "other", "--password", PASSWORD],
    )
    try:
        content = json.dumps(export_document(games, rounds)).encode()
        importer = Client(url)
        importer.login()
        _, page = importer.open("/import")
        token = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page)
        assert token
        body, content_type = multipart(token.group(1).decode(), content)

        other = Client(url)
        api_token = other.json("/api/v1/tokens", {"username": "other", "password": PASSWORD})[
            "token"
        ]
        writer = Writer(other, api_token)
        writer.start()
        time.sleep(1.0)  # the writer under way before the import
        writer.recording.set()
        began = time.perf_counter()
        status, answer = importer.open("/import", body, {"Content-Type": content_type})
        took = time.perf_counter() - began
        writer.recording.clear()
        writer.stop.set()
        writer.join()
    finally:
        server.stop()
    latencies = sorted(seconds for seconds, _ in writer.writes)
    return {
        "import_status": status,
        "import_seconds": took,
        "import_bytes": len(content),
        "imported": b"Imported" in answer,
        "writes": len(writer.writes),
        "statuses": Counter(status for _, status in writer.writes),
        "p50": latencies[len(latencies) // 2] if latencies else None,
        "p95": latencies[int(len(latencies) * 0.95)] if latencies else None,
        "worst": latencies[-1] if latencies else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    result = run(args.code.resolve(), args.games, args.rounds)

    def ms(value: float | None) -> str:
        return "n/a" if value is None else f"{value * 1000:.0f} ms"

    print(f"code: {args.code.resolve()}")
    print(
        f"import: {args.games:,} games of {args.rounds} rounds, "
        f"{result['import_bytes'] / 1e6:.1f} MB: answered {result['import_status']} in "
        f"{result['import_seconds']:.1f} s"
    )
    statuses = ", ".join(f"{code}: {n}" for code, n in sorted(result["statuses"].items()))
    print(f"the other account's writes during it: {result['writes']} ({statuses})")
    print(
        f"their latency: p50 {ms(result['p50'])}, p95 {ms(result['p95'])}, "
        f"worst {ms(result['worst'])}"
    )
    missed = []
    if result["statuses"].get(503):
        missed.append(f"{result['statuses'][503]} writes refused with 503")
    if result["worst"] is not None and result["worst"] > WORST_TARGET_SECONDS:
        missed.append(f"worst write {ms(result['worst'])} > {WORST_TARGET_SECONDS:.0f} s")
    print("targets missed: " + ("; ".join(missed) if missed else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
