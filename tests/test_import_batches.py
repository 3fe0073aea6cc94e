"""A big import cannot stall other accounts: a cap on the games a file may hold, written
in batches (a transaction each), all or nothing for the one importing."""

from __future__ import annotations

import copy
import json
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from bench.import_load import export_document, multipart
from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game, Night, Player, PlayerSummary, Round, RoundResult, Seat
from scorekeeper.services import transfer
from tests.live import csrf, live_server
from tests.test_history import data  # noqa: F401  (the recorded data set)

pytestmark = pytest.mark.data_layer

TABLES = (Game, Night, Player, Seat, Round, RoundResult, PlayerSummary)


def counts() -> tuple[int, ...]:
    return tuple(db.session.scalar(select(func.count()).select_from(model)) for model in TABLES)


def test_a_file_with_more_games_than_the_cap_is_refused(app: Flask, data: dict) -> None:  # noqa: F811
    document = transfer.export_account(data["ana"])
    app.config["IMPORT_MAX_GAMES"] = 3
    cai = services.create_user("cai", "violet harbour 3")
    before = counts()
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_account(cai, document)
    assert refused.value.message == (
        "This file holds 4 games, more than the 3 one import takes: nothing was imported"
    )
    db.session.rollback()
    assert counts() == before


def test_games_written_one_batch_at_a_time_come_out_the_same(app: Flask, data: dict) -> None:  # noqa: F811
    app.config["IMPORT_BATCH_GAMES"] = 1
    first = transfer.export_account(data["ana"])
    cai = services.create_user("cai", "violet harbour 3")
    added = transfer.import_account(cai, copy.deepcopy(first))
    assert added == {"games": 4, "nights": 2, "skipped": 0}
    assert transfer.export_account(cai) == first
    ana_games = services.list_games(data["ana"])
    cai_games = services.list_games(cai)
    assert sorted(g.state.totals for g in ana_games) == sorted(g.state.totals for g in cai_games)
    # The cached results, rebuilt batch by batch, are the rules' word.
    for record in cai_games:
        assert [seat.total for seat in record.row.seats] == list(record.state.totals)


def test_a_batch_that_cannot_be_stored_takes_back_the_ones_before(
    app: Flask,
    data: dict,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app.config["IMPORT_BATCH_GAMES"] = 1
    document = transfer.export_account(data["ana"])
    cai = services.create_user("cai", "violet harbour 3")
    before = counts()
    calls = []
    refresh = transfer.new_games_results

    def failing(games: Iterable[tuple[Game, Any]]) -> Any:
        games = list(games)
        calls.append([row.uid for row, _state in games])
        if len(calls) == 3:  # the third batch: two are committed already
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        return refresh(games)

    monkeypatch.setattr(transfer, "new_games_results", failing)
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_account(cai, document)
    assert "nothing was imported" in refused.value.message
    assert "storage is busy or full" in refused.value.message
    assert counts() == before
    # And the file imports whole once the storage takes it.
    monkeypatch.setattr(transfer, "new_games_results", refresh)
    assert transfer.import_account(cai, document)["games"] == 4


def test_taking_back_leaves_what_another_phone_made_meanwhile(
    app: Flask,
    data: dict,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player the import made, used by a game started between two batches, stays."""
    app.config["IMPORT_BATCH_GAMES"] = 1
    document = transfer.export_account(data["ana"])
    document["games"][0]["players"][0] = "Newcomer"
    cai = services.create_user("cai", "violet harbour 3")
    refresh = transfer.new_games_results
    calls = []

    def meanwhile(games: Iterable[tuple[Game, Any]]) -> Any:
        games = list(games)
        calls.append([row.uid for row, _state in games])
        if len(calls) == 2:
            db.session.rollback()  # the second batch: a Start slips in before it
            services.create_game(cai, "wizard", ["Newcomer", "Ben", "Cai"])
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        return refresh(games)

    monkeypatch.setattr(transfer, "new_games_results", meanwhile)
    with pytest.raises(transfer.ImportRefused):
        transfer.import_account(cai, document)
    assert [g.state.players for g in services.list_games(cai)] == [("Newcomer", "Ben", "Cai")]


def test_a_big_import_never_makes_another_account_wait_long(tmp_path: Path) -> None:
    """A real server on SQLite: while 1,500 games are imported, the other account's rounds
    and Starts are all stored (none refused with 503)."""
    document = export_document(1500, rounds=5)
    with live_server(tmp_path, IMPORT_BATCH_GAMES="25") as live:
        importer = live.phone().login("ana")
        content = json.dumps(document).encode()
        body, content_type = multipart(csrf(importer.get("/import").text), content)
        token = live.token("ben")
        headers = {"Authorization": f"Bearer {token}"}
        writer = live.phone()
        statuses: list[int] = []
        done = threading.Event()

        def write() -> None:
            while not done.is_set():
                game = writer.call(
                    "POST", "/api/v1/games", {"game": "wizard", "players": ["D", "E", "F"]}, headers
                )
                statuses.append(game.status)
                if game.status == 201:
                    round_ = {"trump": "hearts", "turned": "7h", "bids": [1, 0, 0]}
                    round_["tricks"] = [1, 0, 0]
                    answer = writer.call(
                        "POST", f"/api/v1/games/{game.json()['id']}/rounds", round_, headers
                    )
                    statuses.append(answer.status)
                time.sleep(0.05)

        thread = threading.Thread(target=write)
        thread.start()
        try:
            answer = importer.open(
                "POST", "/import", body, {"Content-Type": content_type}, timeout=300
            )
        finally:
            done.set()
            thread.join()
        assert answer.status == 302, answer.text[:500]
        assert live.scalar("SELECT count(*) FROM games WHERE owner_id = 1") == 1500
        assert statuses and set(statuses) == {201}, sorted(set(statuses))
