"""The load of a game night, sent from a process of its own to a server on 127.0.0.1.

    python -m bench.load_client PLAN.json RESULT.json

PLAN names the servers' addresses (one, or several sharing one database: table n
enters its rounds on server n, its watchers are spread over all of them), how long to
run, and for each table its API token, its game and the game's watch token. Tables
enter a round every few seconds (each with its own Idempotency-Key, and the version it
is based on); the watchers act as the watch page's script does: ask for the game's
version every few seconds (a few bytes), and reload the board when it moved on. With
``empty_url``, as many watchers again ask an empty WSGI app the same way at the same
time: their latencies are the server's and the machine's share of the watchers'.

``"mode": "throughput"`` instead asks one page (``path``, with ``cookie``) over
``connections`` kept-alive connections as fast as they are answered, for ``seconds``.

Bounded: every request times out after 10 s and nothing is sent after the deadline;
only addresses on 127.0.0.1 are ever contacted.
"""

from __future__ import annotations

import http.client
import json
import random
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

TIMEOUT = 10.0


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(
        default_factory=lambda: {"poll": [], "board": [], "bids": [], "round": [], "new game": []}
    )
    statuses: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    answered: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, str]] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            self.statuses[f"{kind} {status}"] += 1

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Connection:
    """One keep-alive connection, like one phone's browser."""

    def __init__(self, host: str, port: int, results: Results) -> None:
        self.host, self.port, self.results = host, port, results
        self.connection: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes, float]:
        """(status, headers, body, seconds). A kept-alive connection the server has
        closed meanwhile is opened again once, as a browser does."""
        data = None if body is None else json.dumps(body).encode()
        headers = dict(headers or {})
        if data is not None:
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            reused = self.connection is not None
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
            start = time.perf_counter()
            try:
                self.connection.request(method, path, body=data, headers=headers)
                answer = self.connection.getresponse()
                payload = answer.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                if reused and attempt == 1:
                    self.results.reconnects += 1
                    continue
                raise
            except Exception:
                self.close()
                raise
            seconds = time.perf_counter() - start
            if answer.getheader("Connection", "").lower() == "close":
                self.close()
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, payload, seconds
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def sleep_until(moment: float) -> None:
    delay = moment - time.monotonic()
    if delay > 0:
        time.sleep(delay)


def watcher(number: int, plan: dict[str, Any], table: dict[str, Any], results: Results) -> None:
    """A phone on the watch link: load the board, then follow the game."""
    rng = random.Random(number)
    host, port = plan["servers"][(number // len(plan["tables"])) % len(plan["servers"])]
    every, deadline = plan["poll_seconds"], plan["deadline"]
    phone = Connection(host, port, results)
    board, version_url = f"/watch/{table['watch']}", f"/watch/{table['watch']}/version"
    sleep_until(plan["start"] + rng.uniform(0, every))  # phones open the link at any time
    try:
        status, headers, page, seconds = phone.request("GET", board)
        results.note("board", seconds, status)
        if status != 200:
            results.error(f"watcher {number}: board {status}")
            return
        board_tag = headers.get("etag", "")
        shown = _shown_version(page)
        moment = time.monotonic() + every
        while moment < deadline:
            sleep_until(moment)
            moment += every
            asked = {"Accept": "application/json"}
            status, headers, body, seconds = phone.request("GET", version_url, headers=asked)
            results.note("poll", seconds, status)
            if status != 200:
                results.error(f"watcher {number}: poll {status}")
                continue
            current = json.loads(body)["version"]
            if current != shown:  # the page reloads itself
                asked = {"If-None-Match": board_tag} if board_tag else {}
                status, headers, page, seconds = phone.request("GET", board, headers=asked)
                results.note("board", seconds, status)
                if status == 200:
                    board_tag, shown = headers.get("etag", ""), _shown_version(page)
                elif status != 304:
                    results.error(f"watcher {number}: board {status}")
    except Exception as error:  # any failure is a figure of the report
        results.error(f"watcher {number}: {type(error).__name__}: {error}")
    finally:
        phone.close()


def empty_watcher(
    number: int, plan: dict[str, Any], table: dict[str, Any], results: Results
) -> None:
    """A watcher's requests, at a watcher's pace, to the empty app: the same paths, the
    same kept-alive connection; every answer is a few bytes, with no work behind it."""
    rng = random.Random(number)
    every, deadline = plan["poll_seconds"], plan["deadline"]
    host, port = plan["empty"]
    phone = Connection(host, port, results)
    sleep_until(plan["start"] + rng.uniform(0, every))
    try:
        status, _headers, _body, seconds = phone.request("GET", f"/watch/{table['watch']}")
        results.note("empty board", seconds, status)
        moment = time.monotonic() + every
        while moment < deadline:
            sleep_until(moment)
            moment += every
            status, _headers, _body, seconds = phone.request(
                "GET", f"/watch/{table['watch']}/version", headers={"Accept": "application/json"}
            )
            results.note("empty", seconds, status)
            if status != 200:
                results.error(f"empty watcher {number}: {status}")
    except Exception as error:  # any failure is a figure of the report
        results.error(f"empty watcher {number}: {type(error).__name__}: {error}")
    finally:
        phone.close()


def reader(number: int, plan: dict[str, Any], results: Results) -> None:
    """One connection asking for one page again and again until the deadline."""
    host, port = plan["servers"][number % len(plan["servers"])]
    phone = Connection(host, port, results)
    headers = {"Cookie": plan["cookie"]} if plan.get("cookie") else {}
    sleep_until(plan["start"])
    try:
        while time.monotonic() < plan["deadline"]:
            status, _headers, _body, seconds = phone.request("GET", plan["path"], headers=headers)
            results.note("page", seconds, status)
            if status != 200:
                results.error(f"reader {number}: {plan['path']} answered {status}")
                return
    except Exception as error:  # any failure is a figure of the report
        results.error(f"reader {number}: {type(error).__name__}: {error}")
    finally:
        phone.close()


def _shown_version(page: bytes) -> int | None:
    marker = b'data-version="'
    at = page.find(marker)
    if at < 0:
        return None
    end = page.find(b'"', at + len(marker))
    return int(page[at + len(marker) : end])


def scorekeeper(number: int, plan: dict[str, Any], table: dict[str, Any], results: Results) -> None:
    """A table's phone: a round every few seconds; a new game when one ends.

    Like a real phone, a round that got no answer is sent again, the same round with
    the same one-time key, until it is answered; a refusal (409: the game changed
    meanwhile) makes it read the game again.
    """
    rng = random.Random(1000 + number)
    host, port = plan["servers"][number % len(plan["servers"])]
    phone = Connection(host, port, results)
    auth = {"Authorization": f"Bearer {table['token']}"}
    game, players = table["game"], table["players"]
    upcoming, version = table["next"], table["version"]
    interval = plan["round_seconds"]
    moment = plan["start"] + rng.uniform(0, interval)
    try:
        while True:
            sleep_until(min(moment, plan["deadline"]))
            moment += rng.uniform(0.7 * interval, 1.3 * interval)
            if time.monotonic() >= plan["deadline"]:
                break
            body = legal_round(upcoming["cards"], players, rng)
            # As the table plays it: the bids (and trump) said first, which every watcher's
            # board shows with the over/under, then the tricks after the play.
            said = {"trump": body["trump"], "bids": body["bids"]}
            status, _headers, raw, seconds = phone.request(
                "PUT", f"/api/v1/games/{game}/pending", said, {**auth, "If-Match": f'"{version}"'}
            )
            results.note("bids", seconds, status)
            sent = body
            if status == 200:
                version = json.loads(raw)["version"]
                sent = {"tricks": body["tricks"]}
                sleep_until(min(time.monotonic() + 0.4 * interval, plan["deadline"]))
            else:
                said_round = upcoming["number"]
                results.error(f"table {number}: bids of round {said_round} answered {status}")
            key = uuid.uuid4().hex
            with results.lock:
                results.sent.append({"game": game, "key": key})
            headers = {**auth, "Idempotency-Key": key, "If-Match": f'"{version}"'}
            path = f"/api/v1/games/{game}/rounds"
            answer = send_until_answered(phone, path, sent, headers, plan["deadline"])
            if answer is None:
                results.error(f"table {number}: round {upcoming['number']} never answered")
                break
            status, document, seconds = answer
            results.note("round", seconds, status)
            if status != 201:
                results.error(f"table {number}: round {upcoming['number']} answered {status}")
                status, _headers, raw, _seconds = phone.request(
                    "GET", f"/api/v1/games/{game}", headers=auth
                )
                if status != 200:
                    return
                document = json.loads(raw)
                version, upcoming = document["version"], document["next"]
                continue
            with results.lock:
                results.answered.append(
                    {"game": game, "number": upcoming["number"], **body, "key": key}
                )
            version, upcoming = document["version"], document["next"]
            if document["finished"]:
                new = {"game": "wizard", "players": document["players"], "options": {"hook": False}}
                status, _headers, raw, seconds = phone.request("POST", "/api/v1/games", new, auth)
                results.note("new game", seconds, status)
                if status != 201:
                    results.error(f"table {number}: new game answered {status}")
                    return
                document = json.loads(raw)
                game, version, upcoming = document["id"], document["version"], document["next"]
                with results.lock:
                    results.games.append(game)
    except Exception as error:  # any failure is a figure of the report
        results.error(f"table {number}: {type(error).__name__}: {error}")
    finally:
        phone.close()


def send_until_answered(
    phone: Connection, path: str, body: Any, headers: dict[str, str], deadline: float
) -> tuple[int, Any, float] | None:
    """POST; on a timeout or a broken connection, the same request again (same one-time
    key) until it is answered, for at most 3 timeouts past the deadline."""
    while time.monotonic() < deadline + 3 * TIMEOUT:
        try:
            status, _headers, raw, seconds = phone.request("POST", path, body, headers)
        except OSError as error:
            phone.results.error(f"{path}: {type(error).__name__}: {error} (sent again)")
            time.sleep(0.5)
            continue
        return status, json.loads(raw) if raw else None, seconds
    return None


def legal_round(cards: int, players: int, rng: random.Random) -> dict[str, Any]:
    tricks = [0] * players
    for _ in range(cards):
        tricks[rng.randrange(players)] += 1
    bids = [min(cards, max(0, took + rng.choice((0, 0, 0, 1, -1)))) for took in tricks]
    return {"trump": "none", "bids": bids, "tricks": tricks}


def address(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1" and parts.port, "the load goes to this machine only"
    return parts.hostname, parts.port


def run(plan: dict[str, Any]) -> Results:
    results = Results()
    urls = plan.get("urls") or [plan["url"]]
    plan = {**plan, "servers": [address(url) for url in urls]}
    start = time.monotonic() + 1.0
    plan["start"], plan["deadline"] = start, start + plan["seconds"]
    if plan.get("mode") == "throughput":
        threads = [
            threading.Thread(target=reader, args=(n, plan, results), daemon=True)
            for n in range(plan["connections"])
        ]
    else:
        results.games.extend(table["game"] for table in plan["tables"])
        threads = [
            threading.Thread(target=scorekeeper, args=(n, plan, table, results), daemon=True)
            for n, table in enumerate(plan["tables"])
        ]
        tables = plan["tables"]
        threads += [
            threading.Thread(
                target=watcher, args=(n, plan, tables[n % len(tables)], results), daemon=True
            )
            for n in range(plan["watchers"])
        ]
        if plan.get("empty_url"):
            plan["empty"] = address(plan["empty_url"])
            threads += [
                threading.Thread(
                    target=empty_watcher,
                    args=(n, plan, tables[n % len(tables)], results),
                    daemon=True,
                )
                for n in range(plan["watchers"])
            ]
    for thread in threads:
        thread.start()
    last = plan["deadline"] + 5 * TIMEOUT  # a round sent again just before the deadline
    for thread in threads:
        thread.join(timeout=max(0.0, last - time.monotonic()))
    stuck = sum(thread.is_alive() for thread in threads)
    if stuck:
        results.error(f"{stuck} clients still waiting for an answer at the end")
    return results


def main() -> int:
    plan_file, result_file = Path(sys.argv[1]), Path(sys.argv[2])
    plan = json.loads(plan_file.read_text())
    started = time.monotonic()
    results = run(plan)
    with results.lock:
        result_file.write_text(
            json.dumps(
                {
                    "seconds": time.monotonic() - started,
                    "latencies": results.latencies,
                    "statuses": dict(results.statuses),
                    "errors": results.errors,
                    "reconnects": results.reconnects,
                    "answered": results.answered,
                    "sent": results.sent,
                    "games": results.games,
                }
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
