"""Two phones at once, against a real server on 127.0.0.1: Starts pressed together give
their games and no error, one night an evening, and the same Start sent twice makes one
game. (Plus the same guarantees in-process, where a thread cannot show them.)"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Night, Player
from tests.conftest import TEST_DATABASE_URL, Table
from tests.live import KEY, Answer, Phone, csrf, live_server

T = TypeVar("T")

BACKENDS = ["sqlite"] + (["postgresql"] if TEST_DATABASE_URL else [])


def together(jobs: list[Callable[[], T]]) -> list[T]:
    """Run the jobs in threads released at the same moment."""
    start = threading.Barrier(len(jobs))

    def run(job: Callable[[], T]) -> T:
        start.wait()
        return job()

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def start_form(phone: Phone, players: list[str]) -> dict[str, str]:
    page = phone.get("/games/new?game=wizard").text
    key = KEY.search(page)
    assert key, "the Start form carries no one-time key"
    form = {f"players-{seat}": name for seat, name in enumerate(players)}
    return {
        **form,
        "game": "wizard",
        "first_dealer": "0",
        "night": "tonight",
        "csrf_token": csrf(page),
        "key": key.group(1),
    }


def game_of(answer: Answer) -> str:
    assert answer.status == 302, (answer.status, answer.text[:500])
    return answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]


@pytest.mark.parametrize("backend", BACKENDS)
def test_starts_pressed_together_give_every_game_and_one_night(
    tmp_path: Path, backend: str
) -> None:
    with live_server(tmp_path, backend) as live:
        phones = [live.phone().login() for _ in range(8)]
        forms = [
            start_form(phone, ["Ana", "Ben", f"Newcomer {n}", "Dee the new one"])
            for n, phone in enumerate(phones)
        ]
        answers = together(
            [lambda p=p, f=f: p.post("/games/new", f) for p, f in zip(phones, forms, strict=True)]
        )
        games = {game_of(answer) for answer in answers}
        assert len(games) == 8
        assert live.scalar("SELECT count(*) FROM games") == 8
        assert live.scalar("SELECT count(*) FROM nights") == 1
        assert live.scalar("SELECT count(*) FROM players WHERE name = 'Dee the new one'") == 1
        assert live.scalar("SELECT count(*) FROM players") == 2 + 8 + 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_same_start_sent_twice_makes_one_game(tmp_path: Path, backend: str) -> None:
    with live_server(tmp_path, backend) as live:
        phone = live.phone().login()
        form = start_form(phone, ["Ana", "Ben", "Cai"])
        # A double tap: the same form, twice at the same moment; then a reload of the POST.
        first, second = together([lambda: phone.post("/games/new", form)] * 2)
        again = phone.post("/games/new", form)
        assert game_of(first) == game_of(second) == game_of(again)
        assert live.scalar("SELECT count(*) FROM games") == 1
        shown = phone.get(f"/games/{game_of(again)}")
        assert "That was saved already." in shown.text


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_api_start_with_one_key_sent_twice_makes_one_game(tmp_path: Path, backend: str) -> None:
    with live_server(tmp_path, backend) as live:
        headers = {"Authorization": f"Bearer {live.token()}", "Idempotency-Key": "start-1"}
        body = {"game": "wizard", "players": ["Ana", "Ben", "Newcomer"]}
        phone = live.phone()
        answers = together([lambda: phone.call("POST", "/api/v1/games", body, headers)] * 4)
        assert sorted(a.status for a in answers) == [200, 200, 200, 201]
        assert len({a.json()["id"] for a in answers}) == 1
        assert live.scalar("SELECT count(*) FROM games") == 1


def test_two_accounts_starting_together_each_get_their_night(tmp_path: Path) -> None:
    with live_server(tmp_path) as live:
        ana, ben = live.phone().login("ana"), live.phone().login("ben")
        forms = [start_form(p, ["Ana", "Ben", "Cai"]) for p in (ana, ben)]
        answers = together(
            [lambda: ana.post("/games/new", forms[0]), lambda: ben.post("/games/new", forms[1])]
        )
        assert all(a.status == 302 for a in answers)
        assert live.scalar("SELECT count(DISTINCT owner_id) FROM nights") == 2


# -- in-process -------------------------------------------------------------------------


@pytest.mark.data_layer
def test_a_night_is_one_an_evening_in_the_database(app: Flask) -> None:
    """The guard is a constraint: a second night for the same evening cannot be stored."""
    from sqlalchemy.exc import IntegrityError

    with app.app_context():
        ana = services.create_user("ana", "violet harbour 1")
        services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
        night = db.session.scalar(select(Night))
        db.session.add(Night(owner_id=ana.id, date=night.date, evening=night.evening))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


@pytest.mark.data_layer
def test_a_night_moved_to_another_date_leaves_the_evening_free(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "violet harbour 1")
        first = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
        night = first.row.night
        services.update_night(ana, night.id, date(2026, 1, 5), "Caerdydd", "")
        second = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
        assert second.row.night_id != night.id
        third = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
        assert third.row.night_id == second.row.night_id
        assert db.session.scalar(select(func.count()).select_from(Night)) == 2


@pytest.mark.data_layer
def test_a_start_key_is_the_accounts_own(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "violet harbour 1")
        ben = services.create_user("ben", "violet harbour 2")
        first = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], key="k1")
        again = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], key="k1")
        assert again.replayed and again.id == first.id
        bens = services.create_game(ben, "wizard", ["Ana", "Ben", "Cai"], key="k1")
        assert not bens.replayed and bens.id != first.id
        assert db.session.scalar(select(func.count()).select_from(Player)) == 6


def test_the_start_form_keeps_its_key_through_a_refusal(table: Table) -> None:
    page = table.client.get("/games/new").get_data(as_text=True)
    key = KEY.search(page)
    assert key and len(key.group(1)) == 32
    data: dict[str, Any] = {"players-0": "Ana", "players-1": "Ana", "key": key.group(1)}
    refused = table.post("/games/new", data)
    assert refused.status_code == 422
    kept = KEY.search(refused.get_data(as_text=True))
    assert kept and kept.group(1) == key.group(1)
