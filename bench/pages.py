"""Requests in-process (Flask's test client), each as a ratio to a bare Flask page asked
the same way, and the SQL statements each page sends, for a small game and a big one.

    .venv/bin/python -m bench.pages            # or: --quick

The baseline is a bare Flask app (``bench.served.bare_flask_app``: one route returning a
short HTML string, nothing else) asked through its own test client in the same run: what
Flask and the machine cost. The app's own empty page (the site's frame, ``base.html`` and
nothing in it, for a logged-in account) is one of the rows, never the baseline. Targets
(as ``bench/served.py``'s over HTTP): the empty page within 2× the bare page, the round
screen of a 6-player game in round 10 within 6×, its scoreboard within 8×, submitting a
round (the redirect included) within 15×, the watch link's refresh when nothing changed
within 2×.
"""

from __future__ import annotations

import argparse
import re
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import (
    PASSWORD,
    Figure,
    interleaved_medians,
    ms,
    play_wizard_game,
    print_table,
    scratch_app,
)

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
BARE_TEMPLATE = '{% extends "base.html" %}'


def add_bare_page(app: Any) -> None:
    """The app's empty page: the site's frame, nothing in it, for a logged-in account (bench
    only; a row of its own, measured against a bare Flask page)."""
    from flask import render_template
    from flask_login import login_required
    from jinja2 import ChoiceLoader, DictLoader

    app.jinja_env.loader = ChoiceLoader(
        [DictLoader({"bench/bare.html": BARE_TEMPLATE}), app.jinja_env.loader]
    )

    @login_required
    def bare() -> str:
        return render_template("bench/bare.html")

    app.add_url_rule("/bench/bare", "bench_bare", bare)


class Setup:
    """A scratch database: accounts, games of several sizes, a watch link, a token; and
    the bare Flask app of the baseline."""

    def __init__(self, directory: Path) -> None:
        from scorekeeper import services

        from .served import bare_flask_app

        self.bare = bare_flask_app().test_client()
        self.app = scratch_app(directory / "pages.sqlite3")
        add_bare_page(self.app)
        with self.app.app_context():
            ana = services.create_user("ana", PASSWORD)
            self.ana_id = ana.id
            self.api_token = services.issue_token(ana)
            # The figures' game: 6 players, 9 rounds played, round 10 to enter.
            big = play_wizard_game(ana, 6, 9)
            self.big, self.big_watch = big.id, services.share_game(big)
            small = play_wizard_game(ana, 3, 1)
            self.small, self.small_watch = small.id, services.share_game(small)
            # The games list: one account with one game, another with twenty.
            one = services.create_user("cai", PASSWORD)
            play_wizard_game(one, 4, 2)
            many = services.create_user("dee", PASSWORD)
            for n in range(20):
                play_wizard_game(many, 3 + n % 4, n % 9, seed=n)
        self.client = self.login("ana")
        self.watcher = self.app.test_client()  # no account: someone holding the link
        page = self.client.get(f"/games/{self.big}/rounds/new").get_data(as_text=True)
        match = CSRF.search(page)
        assert match, "no CSRF token on the round page"
        self.csrf = match.group(1)
        match = re.search(r'name="dealer" type="hidden" value="(\d+)"', page)
        assert match, "no dealer on the round page"
        self.dealer = match.group(1)

    def login(self, username: str) -> Any:
        client = self.app.test_client()
        page = client.get("/login").get_data(as_text=True)
        match = CSRF.search(page)
        assert match, "no CSRF token on the login page"
        answer = client.post(
            "/login",
            data={"username": username, "password": PASSWORD, "csrf_token": match.group(1)},
        )
        assert answer.status_code == 302, answer.status_code
        return client

    def version(self, game_id: str) -> int:
        from scorekeeper.extensions import db
        from scorekeeper.models import Game

        with self.app.app_context():
            return int(db.session.get(Game, game_id).version)

    def undo_last(self, game_id: str) -> None:
        """The round just submitted taken back, and both changes (recorded, undone) taken
        out of the game's log: each undo would otherwise be one more line of the
        scoreboard's corrections, and the board timed would grow with every submit."""
        from sqlalchemy import delete

        from scorekeeper import services
        from scorekeeper.extensions import db
        from scorekeeper.models import GameChange, User

        with self.app.app_context():
            owner = db.session.get(User, self.ana_id)
            record = services.get_game(owner, game_id)
            done = services.undo_round(record, len(record.state.rounds))
            db.session.execute(
                delete(GameChange).where(
                    GameChange.game_id == game_id, GameChange.version > done.row.version - 2
                )
            )
            db.session.commit()


def check(answer: Any, status: int, what: str) -> None:
    assert answer.status_code == status, f"{what}: {answer.status_code}, not {status}"


def timed_cases(setup: Setup, cpu: dict[str, list[float]]) -> dict[str, Callable[[], float]]:
    """The timed cases, each returning the seconds its measured part took and noting that
    part's CPU seconds in ``cpu`` (this process's, which runs the app: a figure that
    waiting for a busy machine's cores does not swell)."""
    client, watcher, big = setup.client, setup.watcher, setup.big
    api_headers = {"Authorization": f"Bearer {setup.api_token}"}
    version_url = f"/watch/{setup.big_watch}/version"
    board_url = f"/watch/{setup.big_watch}"
    # Submitting moves the game's version on (a round, then its undo): the watchers'
    # tags follow it, as a phone's would after its reload.
    state = {"version": setup.version(big)}

    def clocked(name: str, work: Callable[[], object]) -> float:
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        seconds = time.perf_counter() - start
        cpu.setdefault(name, []).append(time.process_time() - start_cpu)
        return seconds

    def get(name: str, url: str, status: int = 200, **kwargs: Any) -> Callable[[], float]:
        return lambda: clocked(name, lambda: check(client.get(url, **kwargs), status, url))

    def watch(
        name: str, url: str, status: int, tag: Callable[[], str] | None = None
    ) -> Callable[[], float]:
        def run() -> float:
            headers = {"If-None-Match": tag()} if tag else {}
            return clocked(name, lambda: check(watcher.get(url, headers=headers), status, url))

        return run

    def submit() -> float:
        """Round 10 sent from the round screen, and the scoreboard it leads to; then
        taken back (not timed), so that every call sends the same round."""
        data: dict[str, Any] = {
            "csrf_token": setup.csrf,
            "version": str(state["version"]),
            "key": secrets.token_hex(16),
            "dealer": setup.dealer,
        }
        for seat in range(6):
            data[f"bid_{seat}"] = data[f"tricks_{seat}"] = 5 if seat == 0 else 1
        seconds = clocked(
            "submit",
            lambda: check(
                client.post(f"/games/{big}/rounds/new", data=data, follow_redirects=True),
                200,
                "submit",
            ),
        )
        assert setup.version(big) == state["version"] + 1, "the round was not stored"
        setup.undo_last(big)
        state["version"] += 2
        return seconds

    tags: dict[int, str] = {}

    def board_tag() -> str:
        """The board's ETag for the game's version, as a phone holds it after a reload
        (the app derives it with its secret key; fetched once a version, not timed)."""
        if state["version"] not in tags:
            tags[state["version"]] = watcher.get(board_url).headers["ETag"]
        return tags[state["version"]]

    def bare() -> float:
        return clocked("baseline", lambda: check(setup.bare.get("/"), 200, "the bare page"))

    return {
        "baseline": bare,
        "empty page": get("empty page", "/bench/bare"),
        "round screen": get("round screen", f"/games/{big}/rounds/new"),
        "scoreboard": get("scoreboard", f"/games/{big}"),
        "submit": submit,
        "watch refresh": watch("watch refresh", version_url, 200),
        "watch board": watch("watch board", board_url, 200),
        "watch board revalidated": watch("watch board revalidated", board_url, 304, board_tag),
        "API game": get("API game", f"/api/v1/games/{big}", headers=api_headers),
        "games list": get("games list", "/games"),
        "referee trick": get("referee trick", REFEREE_TRICK),
        "referee refusal": get("referee refusal", REFEREE_FLOOD, 400),
    }


# A trick opened from a 4-player game, and the same address with ~80,000 cards in the
# trick (240 kB): refused before a card is read, and nothing of it drawn.
REFEREE_TRICK = (
    "/referee/wizard/trick?trump=hearts&player=Ana&player=Ben&player=Cai&player=Dan"
    "&lead=1&plays=2h,3h,ah,4c"
)
REFEREE_FLOOD = (
    "/referee/wizard/trick?trump=hearts&player=Ana&player=Ben&player=Cai&player=Dan"
    "&plays=" + ",".join(["7h"] * 80_000)
)


TIMED_ROWS: list[tuple[str, str, float | None]] = [
    # (case, row name, target ratio)
    ("empty page", "the app's empty page, logged in", 2),
    ("round screen", "round screen, 6 players, round 10", 6),
    ("scoreboard", "scoreboard, 6 players, round 10", 8),
    ("submit", "submit a round + redirect, 6 players", 15),
    ("watch refresh", "watch link refresh, nothing changed (version check)", 2),
    ("watch board", "watch board, full page, 6 players", None),
    ("watch board revalidated", "watch board with If-None-Match (304)", None),
    ("API game", "API GET game, 6 players, 9 rounds", None),
    ("games list", "games list, 2 games", None),
    ("referee trick", "referee: a 4-card trick from a game", None),
    # Its bound as it was, 50 of the app's empty pages, in bare Flask pages (an empty page
    # is about 4 of them): a flood refused before a card is read stays a few pages' work.
    ("referee refusal", "referee: 80,000 cards in the trick, refused (400)", 200),
]


def timing_figures(setup: Setup, rounds: int) -> list[Figure]:
    cpu: dict[str, list[float]] = {}
    medians = interleaved_medians(timed_cases(setup, cpu), rounds)
    base = medians["baseline"]
    base_cpu = statistics.median(cpu["baseline"])
    figures = []
    for case, name, target in TIMED_ROWS:
        ratio = medians[case] / base
        case_cpu = statistics.median(cpu[case])
        figures.append(
            Figure(
                name=name,
                figure=ms(medians[case]),
                baseline=ms(base),
                ratio=ratio,
                target="" if target is None else f"≤ {target}×",
                holds=None if target is None else ratio <= target,
                note=f"baseline a bare Flask page; CPU a request {ms(case_cpu)} against "
                f"{ms(base_cpu)} ({case_cpu / max(base_cpu, 1e-9):.1f}×)",
            )
        )
    return figures


# -- SQL statements per request -----------------------------------------------------------


def statements_for(app: Any, request: Callable[[], Any]) -> int:
    request()  # once first: the same steady state for every page
    from scorekeeper.database import counting_statements

    with counting_statements(app) as statements:
        request()
    return len(statements)


def query_figures(setup: Setup) -> list[Figure]:
    app, client, watcher = setup.app, setup.client, setup.watcher
    api = {"Authorization": f"Bearer {setup.api_token}"}
    pages: list[tuple[str, Callable[[str, str], Any]]] = [
        ("game page", lambda g, _w: client.get(f"/games/{g}")),
        ("round screen", lambda g, _w: client.get(f"/games/{g}/rounds/new")),
        ("edit round 1", lambda g, _w: client.get(f"/games/{g}/rounds/1/edit")),
        ("watch board", lambda _g, w: watcher.get(f"/watch/{w}")),
        ("watch refresh", lambda _g, w: watcher.get(f"/watch/{w}/version")),
        ("API GET game", lambda g, _w: client.get(f"/api/v1/games/{g}", headers=api)),
    ]
    figures = []
    for name, page in pages:
        small = statements_for(app, lambda page=page: page(setup.small, setup.small_watch))
        big = statements_for(app, lambda page=page: page(setup.big, setup.big_watch))
        figures.append(
            Figure(
                name=f"SQL per request: {name}",
                figure=f"{big} (6 pl., r. 10)",
                baseline=f"{small} (3 pl., r. 2)",
                target="the same",
                holds=small == big,
            )
        )
    one, many = setup.login("cai"), setup.login("dee")
    few_games = statements_for(app, lambda: one.get("/games"))
    many_games = statements_for(app, lambda: many.get("/games"))
    figures.append(
        Figure(
            name="SQL per request: games list",
            figure=f"{many_games} (20 games)",
            baseline=f"{few_games} (1 game)",
            target="the same",
            holds=few_games == many_games,
        )
    )
    return figures


def run(quick: bool = False) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as directory:
        setup = Setup(Path(directory))
        figures = timing_figures(setup, rounds=7 if quick else 21)
        figures += query_figures(setup)
        from scorekeeper.extensions import db

        with setup.app.app_context():
            db.engine.dispose()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds of timing")
    args = parser.parse_args()
    print_table(run(args.quick))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
