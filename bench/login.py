"""Logging in with the deployed password hashing (scrypt): what an answer's time tells a
stranger, and what eight logins at once cost the server's memory.

* In-process, interleaved: a wrong password for an account that exists against any
  password for a username that does not. The two medians should be within noise: the
  time of an answer must not tell which usernames exist.
* Against the app served as ``./scripts/start`` serves it (``python -m
  scorekeeper.serve``, one worker of 8 threads here, so that all eight meet in it) on
  127.0.0.1: the worker's peak
  memory (VmHWM) after eight logins sent at once, with password hashes limited to
  PASSWORD_HASHING_AT_ONCE (2) and, for comparison, allowed eight at once.

    .venv/bin/python -m bench.login            # --rounds 30 for steadier medians
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from .common import ROOT, Figure, ms, print_table
from .load import start_served
from .memory import peak_rss_mb, rss_mb

PASSWORD = "correct horse battery"
AT_ONCE = 8


def answer_times(rounds: int) -> tuple[float, float]:
    """Median seconds of a wrong password for "ana", and of any password for "nobody"."""
    from scorekeeper import create_app, services
    from scorekeeper.database import upgrade

    with tempfile.TemporaryDirectory() as scratch:
        app = create_app(
            {
                "SECRET_KEY": "bench",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{scratch}/login.sqlite3",
                "SETUP_CODE_FILE": f"{scratch}/setup_code",
            }
        )
        with app.app_context():
            with contextlib.redirect_stderr(io.StringIO()):
                upgrade()
            services.create_user("ana", PASSWORD)
            known, unknown = [], []
            for _ in range(rounds):
                for name, times in (("ana", known), ("nobody", unknown)):
                    started = time.perf_counter()
                    assert services.authenticate(name, "a wrong guess") is None
                    times.append(time.perf_counter() - started)
    return statistics.median(known), statistics.median(unknown)


def logins_at_once(at_once: int) -> tuple[float | None, float | None, float]:
    """(RSS before, peak RSS after ``AT_ONCE`` logins at once, the slowest login's s)."""
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        env = {
            **os.environ,
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{directory / 'login.sqlite3'}",
            "FLASK_SECRET_KEY": "bench",
            "FLASK_SETUP_CODE_FILE": str(directory / "setup_code"),
            "FLASK_PASSWORD_HASHING_AT_ONCE": str(at_once),
            "MALLOC_ARENA_MAX": "2",
        }
        flask = [sys.executable, "-m", "flask", "--app", "scorekeeper"]
        subprocess.run([*flask, "init-db"], env=env, cwd=ROOT, check=True, capture_output=True)
        subprocess.run(
            [*flask, "create-user", "ana", "--password", PASSWORD],
            env=env,
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        # One worker, as scripts/start serves it, so that all eight logins meet in it.
        server = start_served(env, directory, workers=1)
        try:
            pid = server.worker_pids()[0]
            before = rss_mb(pid)
            start = threading.Barrier(AT_ONCE)
            slowest: list[float] = []

            def login() -> None:
                request = urllib.request.Request(
                    server.url + "/api/v1/tokens",
                    data=json.dumps({"username": "ana", "password": PASSWORD}).encode(),
                    headers={"Content-Type": "application/json"},
                    method="POST",
                )
                start.wait()
                began = time.perf_counter()
                with contextlib.suppress(urllib.error.HTTPError):
                    urllib.request.urlopen(request, timeout=120).read()
                slowest.append(time.perf_counter() - began)

            threads = [threading.Thread(target=login) for _ in range(AT_ONCE)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            return before, peak_rss_mb(pid), max(slowest)
        finally:
            server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    known, unknown = answer_times(rounds)
    figures = [
        Figure("login: wrong password, account exists", ms(known)),
        Figure(
            "login: unknown username",
            ms(unknown),
            ms(known),
            unknown / known,
            "within noise",
            None,
        ),
    ]
    for at_once in (2, AT_ONCE):
        before, peak, slowest = logins_at_once(at_once)
        figures.append(
            Figure(
                f"memory: peak RSS after {AT_ONCE} logins at once, {at_once} hashes at a time",
                f"{peak:.0f} MB" if peak else "?",
                f"{before:.0f} MB before" if before else "",
                note=f"slowest login {slowest:.2f} s",
            )
        )
    print_table(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
