"""Slow clients against the served app: what 500 connections that dribble their headers
cost the phones that ask for a page, and the server's memory.

    .venv/bin/python -m bench.slow_clients               # 500 slow connections, 2 rounds
    .venv/bin/python -m bench.slow_clients --server gthread   # as scripts/start served it
                                                              # before (gunicorn gthread)

The app is served as ``./scripts/start`` serves it (``bench.load.start_served``: a worker
per core as memory allows) on a fresh SQLite file with one account. Two phones ask for
``/login`` one after the other, each request on a new connection, the whole time (a
probe unanswered after 10 s counts as 10 s). In turns (``--rounds``, 2): ``--seconds``
(20) without slow connections, then as long with ``--slow`` (500) of them open. A second
process keeps them open, as an attacker on the Wi-Fi would: each sends a request line,
then one header line every 5 s, never the blank line that ends the headers; one the
server closes is opened again at once, so that 500 are open all the time.

Figures: the probes' p99 with the slow connections open against their p99 without them
(target ≤ 2×), the server's memory (the resident memory of all its processes: master and
workers) during the slow connections against before them, and after them (target: flat,
within 10 %), and how many slow connections the server closed (its header timeout).
"""

from __future__ import annotations

import argparse
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from .common import PASSWORD, ROOT, Figure, ms, percentile, print_table
from .load import Server, start_served
from .memory import rss_mb

SLOW = 500
PROBE_TIMEOUT = 10.0
DRIBBLE_SECONDS = 5.0
P99_TARGET = 2.0
MEMORY_TARGET = 1.10


# -- the slow connections (a process of their own) ------------------------------------


def attack(port: int, count: int, interval: float) -> None:
    """Keep ``count`` connections to 127.0.0.1:``port`` open, each sending one header
    line every ``interval`` seconds and never finishing its request; print how many
    are open once they all are, and, on SIGTERM, how many the server closed."""
    selector = selectors.DefaultSelector()
    due: dict[socket.socket, float] = {}
    closed = 0
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)

    def open_one() -> None:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(b"GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        due[sock] = time.monotonic() + interval

    def drop(sock: socket.socket) -> None:
        selector.unregister(sock)
        due.pop(sock, None)
        sock.close()

    for _ in range(count):
        open_one()
    print(f"open {len(due)}", flush=True)
    n = 0
    while not stopping:
        for key, _events in selector.select(timeout=0.1):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                sock.recv(4096)  # an answer (408) or the end: the server let it go
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                pass
            closed += 1
            drop(sock)
            open_one()
        now = time.monotonic()
        for sock, when in list(due.items()):
            if when <= now:
                n += 1
                try:
                    sock.send(f"X-Slow-{n}: {'a' * 8}\r\n".encode())
                except OSError:
                    closed += 1
                    drop(sock)
                    open_one()
                    continue
                due[sock] = now + interval
    print(f"closed {closed}", flush=True)
    for sock in list(due):
        drop(sock)


# -- the phones that ask for a page ---------------------------------------------------


def probe_for(url: str, seconds: float, phones: int = 2) -> tuple[list[float], int]:
    """Latencies of GET ``url`` from ``phones`` phones asking one after the other for
    ``seconds``; and how many went unanswered (counted as PROBE_TIMEOUT)."""
    latencies: list[float] = []
    unanswered = 0
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def phone() -> None:
        nonlocal unanswered
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(url, timeout=PROBE_TIMEOUT) as answer:
                    answer.read()
                    ok = answer.status == 200
            except (OSError, urllib.error.HTTPError):
                ok = False
            took = time.perf_counter() - started
            with lock:
                if ok:
                    latencies.append(took)
                else:
                    unanswered += 1
                    latencies.append(max(took, PROBE_TIMEOUT))
            time.sleep(0.02)

    threads = [threading.Thread(target=phone) for _ in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, unanswered


def server_rss(server: Server) -> float:
    """Resident memory of the server's processes together (master and workers), MB."""
    pids = {server.pid, *server.worker_pids()}
    return sum(rss_mb(pid) or 0.0 for pid in pids)


class Sampler(threading.Thread):
    """The server's memory once a second while it runs; the largest reading kept."""

    def __init__(self, server: Server) -> None:
        super().__init__(daemon=True)
        self.server, self.largest, self.running = server, 0.0, True

    def run(self) -> None:
        while self.running:
            self.largest = max(self.largest, server_rss(self.server))
            time.sleep(1)

    def stop(self) -> float:
        self.running = False
        self.join()
        return max(self.largest, server_rss(self.server))


def measure(kind: str, slow: int, seconds: float, rounds: int) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="bench-slow-") as scratch:
        directory = Path(scratch)
        env = {
            **os.environ,
            "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{directory / 'slow.sqlite3'}",
            "FLASK_SECRET_KEY": "bench",
            "FLASK_SETUP_CODE_FILE": str(directory / "setup_code"),
            "FLASK_PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
        flask = [sys.executable, "-m", "flask", "--app", "scorekeeper"]
        for command in (["init-db"], ["create-user", "ana", "--password", PASSWORD]):
            subprocess.run([*flask, *command], env=env, cwd=ROOT, check=True, capture_output=True)
        server = start_served(env, directory) if kind == "served" else start_gthread(env, directory)
        try:
            url = server.url + "/login"
            probe_for(url, 2)  # warm up: templates compiled, each worker has answered
            before = server_rss(server)
            quiet: list[float] = []
            attacked: list[float] = []
            unanswered = closed = 0
            during = 0.0
            for _ in range(rounds):
                quiet += probe_for(url, seconds)[0]
                attacker = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "bench.slow_clients",
                        "--attack",
                        str(server.port),
                        "--slow",
                        str(slow),
                    ],
                    cwd=ROOT,
                    stdout=subprocess.PIPE,
                    text=True,
                )
                assert attacker.stdout is not None
                opened = attacker.stdout.readline().strip()
                assert opened == f"open {slow}", opened
                sampler = Sampler(server)
                sampler.start()
                latencies, missed = probe_for(url, seconds)
                attacked += latencies
                unanswered += missed
                during = max(during, sampler.stop())
                attacker.send_signal(signal.SIGTERM)
                out, _ = attacker.communicate(timeout=30)
                closed += int(out.split()[-1])
            time.sleep(3)  # what the slow connections left behind, once they are gone
            after = server_rss(server)
            errors = server.errors()
        finally:
            server.stop()
    p99_quiet, p99_attacked = percentile(quiet, 0.99), percentile(attacked, 0.99)
    ratio = p99_attacked / p99_quiet if p99_quiet else None
    label = f"slow clients ({server.described})"
    return [
        Figure(
            f"{label}: /login p99 with {slow} slow connections",
            ms(p99_attacked),
            ms(p99_quiet) + " without",
            ratio,
            f"≤ {P99_TARGET:g}×",
            ratio is not None and ratio <= P99_TARGET and not unanswered,
            note=(
                f"{len(attacked)} probes with, {len(quiet)} without"
                f" (p50 {ms(percentile(attacked, 0.5))} with, {ms(percentile(quiet, 0.5))}"
                f" without; p90 {ms(percentile(attacked, 0.9))} with,"
                f" {ms(percentile(quiet, 0.9))} without); {unanswered} unanswered"
                f" within {PROBE_TIMEOUT:g} s; the server closed {closed} slow connections"
                f" in {rounds} × {seconds:g} s" + (f"; log: {errors[:3]}" if errors else "")
            ),
        ),
        Figure(
            f"{label}: memory of all its processes, during",
            f"{during:.0f} MB",
            f"{before:.0f} MB before",
            during / before if before else None,
            f"≤ {MEMORY_TARGET:g}×",
            bool(before) and during <= before * MEMORY_TARGET,
        ),
        Figure(
            f"{label}: memory of all its processes, after",
            f"{after:.0f} MB",
            f"{before:.0f} MB before",
            after / before if before else None,
            f"≤ {MEMORY_TARGET:g}×",
            bool(before) and after <= before * MEMORY_TARGET,
        ),
    ]


def start_gthread(env: dict[str, str], directory: Path) -> Server:
    """gunicorn gthread, 8 threads a worker: how scripts/start served the app before."""
    from .load import served_workers

    server = Server(
        {**env, "MALLOC_ARENA_MAX": "2"}, directory, workers=served_workers(), kind="gthread"
    )
    server.start()
    return server


def run(quick: bool = False) -> list[Figure]:
    """bench/run's rows: the served set-up, 500 slow connections."""
    return measure("served", SLOW, 8 if quick else 20, 1 if quick else 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=SLOW, help="slow connections (500)")
    parser.add_argument("--seconds", type=float, default=20, help="each turn's length (20)")
    parser.add_argument("--rounds", type=int, default=2, help="turns without and with (2)")
    parser.add_argument("--server", choices=("served", "gthread"), default="served")
    parser.add_argument("--attack", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        attack(args.attack, args.slow, DRIBBLE_SECONDS)
        return 0
    print_table(measure(args.server, args.slow, args.seconds, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
