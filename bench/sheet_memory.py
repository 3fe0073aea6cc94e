"""The web worker's memory after many printed sheets, and its CPU per sheet.

A real server (the app served as ``./scripts/start`` serves it, as bench/load.py does:
``python -m scorekeeper.serve``, 8 threads, ``MALLOC_ARENA_MAX=2``; one worker, so that
every sheet is drawn by the worker measured) on 127.0.0.1 is asked for blank sheets, each with other
names so that every one is rendered (a blank sheet without names is kept once made),
then for a running 6-player game's sheet again and again (a running game's sheet is
rendered every time). It prints the worker's resident memory at the start, after 10 and
after 1,000 sheets (target: both ≤ 150 MB), and the worker's CPU time per 6-player
sheet; the worker's figures count its render processes with it (the sheets are laid out
there: scorekeeper/pdf.py, Renderers).

    .venv/bin/python bench/sheet_memory.py                  # this checkout
    .venv/bin/python bench/sheet_memory.py --code ../old    # another checkout's code

Not a test: a report. Exits 0; the targets missed are listed at the end.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load import Server, start_served  # noqa: E402
from bench.memory import cpu_seconds, family_sum, peak_rss_mb, rss_mb  # noqa: E402

PASSWORD = "plum kettle harbour 42"
MEMORY_TARGET_MB = 150.0
NAMES = ["Siôn", "Ŵyn", "Νίκος", "सीता", "Ana", "Dee"]


def serve(
    code: Path, env: dict[str, str], *commands: list[str], workers: int | None = None
) -> tuple[Server, str]:
    """The checkout ``code``'s app, after its ``flask`` ``commands``, served as
    ``./scripts/start`` serves it (``bench.load.start_served``: ``python -m scorekeeper.serve``, 8
    threads a worker; ``workers`` of them, as many as scripts/start would run when not
    given) on a free port: the server and its address, once it answers."""
    for command in commands:
        subprocess.run(
            [sys.executable, "-m", "flask", "--app", "scorekeeper", *command],
            env=env,
            cwd=code,
            check=True,
            capture_output=True,
        )
    directory = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    server = start_served(env, directory, workers=workers, code=code)
    return server, server.url


class Client:
    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def open(
        self, path: str, data: bytes | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        request = urllib.request.Request(self.url + path, data=data, headers=headers or {})
        try:
            with self.opener.open(request, timeout=900) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def json(self, path: str, body: Any, token: str = "") -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        status, raw = self.open(path, json.dumps(body).encode(), headers)
        assert status in (200, 201), (path, status, raw[:300])
        return json.loads(raw)

    def login(self) -> None:
        _, page = self.open("/login")
        token = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page)
        assert token, "no CSRF token on /login"
        form = {"username": "bench", "password": PASSWORD, "csrf_token": token.group(1).decode()}
        status, _ = self.open("/login", urllib.parse.urlencode(form).encode())
        assert status == 200, status  # followed to the games list


def blank_sheet_path(number: int) -> str:
    names = [f"{name} {number}" for name in NAMES]
    query = {"game": "wizard", "players": "6", "paper": "a4", "first_dealer": "1"}
    query.update({f"names-{seat}": name for seat, name in enumerate(names)})
    return "/sheets/blank.pdf?" + urllib.parse.urlencode(query)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--sheets", type=int, default=1000)
    parser.add_argument("--game-sheets", type=int, default=50)
    args = parser.parse_args()
    code = args.code.resolve()

    folder = Path(tempfile.mkdtemp(prefix="sheet-memory-"))
    env = {
        **os.environ,
        "PYTHONPATH": str(code),
        "MALLOC_ARENA_MAX": "2",
        "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
        "FLASK_SECRET_KEY": "bench",
        "FLASK_PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        # The benchmark is one address asking for a thousand sheets: not a stranger's flood.
        "FLASK_BLANK_SHEETS_PER_MINUTE": "1000000",
    }

    server, url = serve(
        code,
        env,
        ["init-db"],
        ["create-user", "bench", "--password", PASSWORD],
        workers=1,  # one worker's memory and CPU, every sheet drawn by it
    )
    client = Client(url)
    try:
        pid = server.worker_pids()[0]
        start = family_sum(pid, rss_mb)  # the worker and its render processes
        readings: dict[int, float | None] = {}
        began = time.monotonic()
        for number in range(1, args.sheets + 1):
            status, body = client.open(blank_sheet_path(number))
            assert status == 200 and body.startswith(b"%PDF"), (number, status)
            if number in (10, args.sheets):
                readings[number] = family_sum(pid, rss_mb)
        blank_seconds = time.monotonic() - began

        token = client.json("/api/v1/tokens", {"username": "bench", "password": PASSWORD})["token"]
        game = client.json(
            "/api/v1/games", {"game": "wizard", "players": NAMES, "first_dealer": 0}, token
        )
        for number in range(1, 10):  # 9 of 10 rounds: a running game, rendered every time
            tricks = [0] * 6
            tricks[number % 6] = number
            client.json(
                f"/api/v1/games/{game['id']}/rounds",
                {"trump": "none", "turned": "jester", "bids": tricks, "tricks": tricks},
                token,
            )
        client.login()
        sheet = f"/games/{game['id']}/sheet.pdf?paper=a4"
        client.open(sheet)  # the first one loads what a game's sheet needs
        cpu_before = family_sum(pid, cpu_seconds)
        for _ in range(args.game_sheets):
            status, body = client.open(sheet)
            assert status == 200 and body.startswith(b"%PDF"), status
        cpu_after = family_sum(pid, cpu_seconds)
        peak = family_sum(pid, peak_rss_mb)
    finally:
        server.stop()

    def mb(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.0f} MB"

    cpu = (
        None
        if cpu_before is None or cpu_after is None
        else (cpu_after - cpu_before) / args.game_sheets
    )
    print(f"code: {code}")
    print(f"worker RSS at start:                    {mb(start)}")
    print(f"worker RSS after 10 blank sheets:        {mb(readings.get(10))}")
    print(f"worker RSS after {args.sheets:,} blank sheets:     {mb(readings.get(args.sheets))}")
    print(f"worker peak RSS (VmHWM):                 {mb(peak)}")
    print(f"blank sheets: {blank_seconds / args.sheets * 1000:.1f} ms each (wall, one client)")
    shown = "n/a" if cpu is None else f"{cpu * 1000:.1f} ms"
    print(f"worker CPU per running 6-player sheet (9 rounds): {shown}")
    missed = [
        f"RSS after {n} sheets {mb(value)} > {MEMORY_TARGET_MB:.0f} MB"
        for n, value in readings.items()
        if value is not None and value > MEMORY_TARGET_MB
    ]
    print("targets missed: " + ("; ".join(missed) if missed else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
