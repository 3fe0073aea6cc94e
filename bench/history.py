"""The history pages for a group that has played for years: 10,000 games and 50 players
in one account, each page's time as a ratio to a bare page, and its SQL statements.

Not a test: timings depend on the machine and on what else runs on it. Every timed
figure is a ratio to a bare Flask page (``bench.served.bare_flask_app``, one route
returning a short HTML string) asked through its own test client in the same run,
interleaved, medians; the app's own empty page (the site's frame, for a logged-in
account) is a row beside the history's pages, never the baseline.

    .venv/bin/python bench/history.py            # or --quick: fewer rounds of timing

The data set is written in bulk (SQLAlchemy core, executemany) into a scratch SQLite
database built by the migrations: about 3 games a night, Wizard and One Card mixed,
3 to 6 players (One Card 2 to 4) drawn from the 50, a few regulars in most games;
every game with its rounds, its seats' cached totals and wins and its round results,
worked out by the rules (a pool of played games, each dealt to different players).

Writes too, in the same account, by the JSON API: the round that finishes a game of the
three busiest players, a correction of a finished game's round, and the undo that reopens
a finished game. Each changes the players' summaries by that game's own results.

Targets (README, Performance): every page within 10× the bare page, each write within 25×,
the games list's last page within 1.5× its first, and each page and write sending as many
SQL statements for 10,000 games as for 10. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import (  # noqa: E402
    PASSWORD,
    interleaved_medians,
    scratch_app,
    timed,
)
from bench.pages import CSRF, add_bare_page  # noqa: E402
from scorekeeper.database import counting_statements  # noqa: E402

GAMES = 10_000
PLAYERS = 50
SMALL_GAMES = 10
"""The other account: the same pages with 10 games, for the SQL counts."""
PAGE_TARGET = 10.0
WRITE_TARGET = 25.0
LAST_PAGE_TARGET = 1.5
POOL = 240
"""Distinct games played through the rules; each stored game is one of them, dealt to
other players (the results do not depend on the names)."""
FIRST_NIGHT = date(2017, 1, 6)


# -- the data set ---------------------------------------------------------------------


def played_game(rng: random.Random) -> Any:
    """A game played through the rules: Wizard (full or short) or One Card."""
    from scorekeeper.games import GAMES as RULES

    if rng.random() < 0.55:
        players = rng.choice((3, 4, 4, 5, 6))
        names = [f"P{seat}" for seat in range(players)]
        full = 60 // players
        options: dict[str, Any] = {"hook": False}
        if rng.random() < 0.4:
            options["rounds"] = rng.randint(max(3, full // 2), full)
        state = RULES["wizard"].new(names, rng.randrange(players), options)
        while not state.finished:
            number = len(state.rounds) + 1
            cards = state.deal_size(number)
            tricks = [0] * players
            for _ in range(cards):
                tricks[rng.randrange(players)] += 1
            bids = [min(cards, max(0, t + rng.choice((0, 0, 0, 1, -1)))) for t in tricks]
            turns = state.turns_trump(number)
            state = state.load_round(
                {
                    "trump": rng.choice(("hearts", "spades", "clubs", "diamonds"))
                    if turns
                    else "none",
                    "bids": bids,
                    "tricks": tricks,
                }
            )
        return state
    players = rng.choice((2, 3, 3, 4, 4))
    state = RULES["one_card"].new([f"P{seat}" for seat in range(players)], 0, {})
    while not state.finished:
        points = [0] * players
        for _ in range(15):
            points[rng.randrange(players)] += 1
        bidder = rng.randrange(players) if rng.random() < 0.85 else None
        state = state.load_round(
            {
                "bidder": bidder,
                "bid": state.lowest_bid if bidder is not None else None,
                "trump": "spades" if bidder is not None else "none",
                "points": points,
                "last_trick": rng.randrange(players),
            }
        )
    return state


def seed(owner_id: int, games: int, rng: random.Random, pool: list[Any]) -> dict[str, Any]:
    """``games`` games for the account, written in bulk; returns what the pages need."""
    from sqlalchemy import insert, select

    from scorekeeper.extensions import db
    from scorekeeper.models import Game, Night, Player, Round, RoundResult, Seat, new_uid
    from scorekeeper.services import round_result_rows

    now = datetime(2026, 1, 1)
    names = [f"Player {n:02d}" for n in range(1, PLAYERS + 1)]
    db.session.execute(
        insert(Player), [{"owner_id": owner_id, "name": name, "created_at": now} for name in names]
    )
    player_ids = list(
        db.session.scalars(
            select(Player.id).where(Player.owner_id == owner_id).order_by(Player.name)
        )
    )
    # A few regulars come to most nights; the rest now and then.
    weights = [12 if n < 6 else 3 if n < 20 else 1 for n in range(PLAYERS)]

    nights: list[dict[str, Any]] = []
    plan: list[int] = []  # each game's night, by index
    day = FIRST_NIGHT
    while len(plan) < games:
        count = min(rng.choice((2, 3, 3, 3, 4)), games - len(plan))
        plan += [len(nights)] * count
        nights.append(
            {
                "owner_id": owner_id,
                "uid": new_uid(),
                "date": day,
                "place": rng.choice(("", "", "Caerdydd", "Ana's", "the club")),
                "note": "",
                "created_at": datetime.combine(day, datetime.min.time()),
            }
        )
        day += timedelta(days=rng.choice((1, 1, 2)))
    # The history ends yesterday, as a club's does: a game played today comes after all of
    # it (a history running on past today had every write rate again the games "after" it).
    shift = date.today() - timedelta(days=1) - nights[-1]["date"]
    for each in nights:
        each["date"] += shift
        each["created_at"] += shift
    db.session.execute(insert(Night), nights)
    night_ids = list(
        db.session.scalars(select(Night.id).where(Night.owner_id == owner_id).order_by(Night.id))
    )

    game_rows, seat_rows, round_rows, result_rows = [], [], [], []
    for index, night in enumerate(plan):
        state = rng.choice(pool)
        if index == games - 1:  # the last game of the last night is still being played
            state = state.undo_round()
        game_id = f"{owner_id:02x}{index:014x}"
        later = plan.index(night, max(index - 5, 0))  # the night's first game
        started = nights[night]["created_at"] + timedelta(hours=19, minutes=50 * (index - later))
        game_rows.append(
            {
                "id": game_id,
                "owner_id": owner_id,
                "uid": new_uid(),
                "night_id": night_ids[night],
                "finished": state.finished,
                "kind": state.key,
                "first_dealer": state.first_dealer,
                "options": state.options_mapping(),
                "created_at": started,
                "updated_at": started + timedelta(minutes=30),
                "version": len(state.rounds),
            }
        )
        seated = rng.choices(player_ids, weights=weights, k=state.player_count * 3)
        seated = list(dict.fromkeys(seated))[: state.player_count]
        while len(seated) < state.player_count:  # unlucky draws: fill from the rest
            seated.append(rng.choice([p for p in player_ids if p not in seated]))
        for seat, player in enumerate(seated):
            seat_rows.append(
                {
                    "game_id": game_id,
                    "seat": seat,
                    "player_id": player,
                    "total": state.totals[seat],
                    "won": seat in state.winners,
                }
            )
        result_rows += round_result_rows(game_id, state, dict(enumerate(seated)))
        for scored in state.scored_rounds:
            facts = scored.record.to_mapping()
            dealer = facts.pop("dealer")
            round_rows.append(
                {
                    "game_id": game_id,
                    "number": scored.number,
                    "dealer": dealer,
                    "facts": facts,
                    "recorded_at": started,
                }
            )
    for table, rows in (
        (Game, game_rows),
        (Seat, seat_rows),
        (Round, round_rows),
        (RoundResult, result_rows),
    ):
        db.session.execute(insert(table), rows)
    # The players' summaries, as the app keeps them once their games are finished.
    from scorekeeper.services import refresh_summaries

    refresh_summaries({row["player_id"] for row in seat_rows})
    db.session.commit()
    seats_by_player: dict[int, int] = {}
    for row in seat_rows:
        seats_by_player[row["player_id"]] = seats_by_player.get(row["player_id"], 0) + 1
    busiest = max(seats_by_player, key=lambda p: seats_by_player[p])
    by_id = dict(zip(player_ids, names, strict=True))
    regulars = sorted(seats_by_player, key=lambda p: -seats_by_player[p])[:3]
    return {
        "player": busiest,
        "regulars": [by_id[pid] for pid in regulars],
        "player_games": seats_by_player[busiest],
        "night": night_ids[len(night_ids) // 2],
        "rows": len(round_rows) + len(result_rows) + len(seat_rows) + len(game_rows),
    }


# -- the pages ------------------------------------------------------------------------


def login(app: Any, username: str) -> Any:
    client = app.test_client()
    match = CSRF.search(client.get("/login").get_data(as_text=True))
    assert match, "no CSRF token on the login page"
    answer = client.post(
        "/login", data={"username": username, "password": PASSWORD, "csrf_token": match[1]}
    )
    assert answer.status_code == 302, answer.status_code
    return client


LAST_PAGE = 10**6
"""Beyond the last page: the list shows its last."""

EMPTY_PAGE = "the app's empty page, logged in"
PAGES: list[tuple[str, Callable[[dict[str, Any]], str], float | None]] = [
    # (row name, the page's URL for an account's data set, target ratio)
    ("games list, first page", lambda _d: "/games", PAGE_TARGET),
    ("games list, last page", lambda _d: f"/games?page={LAST_PAGE}", PAGE_TARGET),
    ("games list, one player's games", lambda d: f"/games?player={d['player']}", PAGE_TARGET),
    ("nights list", lambda _d: "/nights", PAGE_TARGET),
    ("a night's page", lambda d: f"/nights/{d['night']}", PAGE_TARGET),
    ("a player's page", lambda d: f"/players/{d['player']}", PAGE_TARGET),
]


def get(client: Any, url: str) -> Callable[[], float]:
    def work() -> None:
        answer = client.get(url)
        assert answer.status_code == 200, f"{url}: {answer.status_code}"

    return timed(work)


def statements(app: Any, client: Any, url: str) -> int:
    client.get(url)  # once first: the same steady state for every page
    with counting_statements(app) as sent:
        assert client.get(url).status_code == 200
    return len(sent)


# -- the writes -----------------------------------------------------------------------

WRITES = (
    "the round that finishes a game",
    "a finished game's round corrected",
    "a finished game reopened (undo)",
)


class Writer:
    """Three 2-round Wizard games of the busiest players, by the JSON API: one waiting
    for its last round, two finished. Each timed write is followed by its opposite,
    untimed, so every call finds its game as the first did."""

    def __init__(self, app: Any, username: str, players: list[str]) -> None:
        self.client = app.test_client()
        answer = self.client.post(
            "/api/v1/tokens", json={"username": username, "password": PASSWORD}
        )
        assert answer.status_code == 201, answer.status_code
        self.headers = {"Authorization": f"Bearer {answer.get_json()['token']}"}
        self.players = players
        self.open_game = self.new_game(rounds_played=1)
        self.corrected = self.new_game(rounds_played=2)
        self.reopened = self.new_game(rounds_played=2)
        self.flip = 0

    def call(self, method: str, url: str, body: Any = None, status: int = 200) -> None:
        answer = self.client.open(url, method=method, json=body, headers=self.headers)
        assert answer.status_code == status, (url, answer.status_code, answer.get_data()[:300])

    def new_game(self, rounds_played: int) -> str:
        answer = self.client.post(
            "/api/v1/games",
            json={"players": self.players, "options": {"rounds": 2}},
            headers=self.headers,
        )
        assert answer.status_code == 201, answer.get_data()[:300]
        game_id: str = answer.get_json()["id"]
        for number in range(1, rounds_played + 1):
            self.call("POST", f"/api/v1/games/{game_id}/rounds", self.round(number), 201)
        return game_id

    def round(self, number: int, winner: int = 0) -> dict[str, Any]:
        tricks = [0] * len(self.players)
        tricks[winner] = number
        return {"trump": "none", "bids": tricks, "tricks": tricks}

    def finish(self) -> float:
        url = f"/api/v1/games/{self.open_game}/rounds"
        start = time.perf_counter()
        self.call("POST", url, self.round(2), 201)
        elapsed = time.perf_counter() - start
        self.call("DELETE", f"{url}/2")
        return elapsed

    def correct(self) -> float:
        self.flip = 1 - self.flip
        url = f"/api/v1/games/{self.corrected}/rounds/1"
        start = time.perf_counter()
        self.call("PUT", url, self.round(1, winner=self.flip))
        return time.perf_counter() - start

    def reopen(self) -> float:
        url = f"/api/v1/games/{self.reopened}/rounds"
        start = time.perf_counter()
        self.call("DELETE", f"{url}/2")
        elapsed = time.perf_counter() - start
        self.call("POST", url, self.round(2), 201)
        return elapsed

    def cases(self) -> dict[str, Callable[[], float]]:
        return dict(zip(WRITES, (self.finish, self.correct, self.reopen), strict=True))

    def statements(self, app: Any) -> dict[str, int]:
        counts = {}
        for name, case in self.cases().items():
            case()  # once first: the same steady state
            with counting_statements(app) as sent:
                case()
            # The untimed opposite is in the count too: half of it is the write's.
            counts[name] = len(sent)
        return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds of timing")
    parser.add_argument("--games", type=int, default=GAMES, help="games in the big account")
    args = parser.parse_args()

    from scorekeeper import services
    from scorekeeper.extensions import db

    rng = random.Random(2026)
    with tempfile.TemporaryDirectory(prefix="bench-history-") as directory:
        app = scratch_app(Path(directory) / "history.sqlite3")
        add_bare_page(app)
        started = time.perf_counter()
        with app.app_context():
            pool = [played_game(rng) for _ in range(POOL)]
            big = seed(services.create_user("ana", PASSWORD).id, args.games, rng, pool)
            small = seed(services.create_user("cai", PASSWORD).id, SMALL_GAMES, rng, pool)
        seeding = time.perf_counter() - started
        clients = {"ana": login(app, "ana"), "cai": login(app, "cai")}

        writers = {
            "ana": Writer(app, "ana", big["regulars"]),
            "cai": Writer(app, "cai", small["regulars"]),
        }
        from bench.served import bare_flask_app

        cases = {
            "baseline": get(bare_flask_app().test_client(), "/"),
            EMPTY_PAGE: get(clients["ana"], "/bench/bare"),
        }
        for name, url, _target in PAGES:
            cases[name] = get(clients["ana"], url(big))
        cases.update(writers["ana"].cases())
        medians = interleaved_medians(cases, rounds=7 if args.quick else 21)
        write_counts = {
            name: (many, writers["cai"].statements(app)[name])
            for name, many in writers["ana"].statements(app).items()
        }
        counts = {
            name: (
                statements(app, clients["ana"], url(big)),
                statements(app, clients["cai"], url(small)),
            )
            for name, url, _target in PAGES
        }
        with app.app_context():
            db.engine.dispose()

    base = medians["baseline"]
    print(
        f"{args.games:,} games ({big['rows']:,} rows of games, seats, rounds and results),"
        f" {PLAYERS} players, seeded in {seeding:.1f} s; the player: {big['player_games']:,}"
        " games"
    )
    print(f"baseline, a bare Flask page: {base * 1000:.3f} ms\n")
    print(f"{'page':44} {'× baseline':>10} {'target':>8} {'holds':>6}")
    missed = 0
    rows: list[tuple[str, float, float | None]] = [
        (EMPTY_PAGE, medians[EMPTY_PAGE] / base, None),
        *((name, medians[name] / base, target) for name, _url, target in PAGES),
    ]
    first, last = medians["games list, first page"], medians["games list, last page"]

    def row(name: str, ratio: float, target: float | None) -> None:
        nonlocal missed
        holds = target is None or ratio <= target
        missed += not holds
        shown = "" if target is None else f"≤ {target:g}×"
        print(f"{name:44} {ratio:9.2f}× {shown:>8} {'yes' if holds else 'NO':>6}")

    for name, ratio, target in rows:
        row(name, ratio, target)
    for name in WRITES:
        row(name, medians[name] / base, WRITE_TARGET)
    # The next row's baseline is the first page (bench/suite.py reads the line above it).
    print(f"\nbaseline, the games list's first page: {first * 1000:.3f} ms")
    row("games list, last page against the first", last / first, LAST_PAGE_TARGET)

    print(f"\nSQL statements per page, {args.games:,} games against {SMALL_GAMES}:")
    for name, (many, few) in counts.items():
        same = many == few
        missed += not same
        print(
            f"SQL per request: {name:34} {f'{many} ({args.games:,} games)':>20}"
            f"  {f'{few} ({SMALL_GAMES} games)':>14}  the same  {'yes' if same else 'NO'}"
        )
    for name, (many, few) in write_counts.items():
        same = many == few
        missed += not same
        print(
            f"SQL per write and its opposite: {name:34} {f'{many} ({args.games:,} games)':>20}"
            f"  {f'{few} ({SMALL_GAMES} games)':>14}  the same  {'yes' if same else 'NO'}"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
