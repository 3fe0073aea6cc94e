"""Export, import and backup: the account's history leaves and comes back unchanged."""

from __future__ import annotations

import copy
import csv
import io
import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game, Night, Player, Round
from scorekeeper.services import transfer
from tests.test_history import data, wizard_round  # noqa: F401  (the recorded data set)

pytestmark = pytest.mark.data_layer

# The recorded games, found by their players (the export orders games by time).
GAME_A, GAME_B, GAME_C, GAME_D = (
    ["Ana", "Ben", "Cai"],
    ["Ana", "Ben", "Dee"],
    ["Ana", "Ben"],
    ["Ana", "Cai", "Dee"],
)


def find(document: dict, players: list[str]) -> dict:
    return next(g for g in document["games"] if g["players"] == players)


def count(model: type) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def test_export_import_export_gives_the_same_document(data: dict) -> None:  # noqa: F811
    ana = data["ana"]
    first = transfer.export_account(ana)
    assert first["format"] == "scorekeeper-export"
    assert len(first["games"]) == 4 and len(first["nights"]) == 2
    cai = services.create_user("cai", "cai plays spades")
    added = transfer.import_account(cai, copy.deepcopy(first))
    assert added == {"games": 4, "nights": 2, "skipped": 0}
    assert transfer.export_account(cai) == first
    # Importing the same file again duplicates nothing.
    assert transfer.import_account(cai, copy.deepcopy(first)) == {
        "games": 0,
        "nights": 0,
        "skipped": 4,
    }
    assert transfer.export_account(cai) == first
    # The imported games are scored and cached like any other.
    stats_ana = services.list_games(ana)
    stats_cai = services.list_games(cai)
    assert sorted(g.state.totals for g in stats_ana) == sorted(g.state.totals for g in stats_cai)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something else"), "This is not a Scorekeeper export"),
        (lambda d: d.update(version=9), "this app reads version 2"),
        (
            lambda d: find(d, GAME_A)["rounds"][1].update(tricks=[2, 1, 0]),
            "round 2: Tricks add up to 3, but 2 cards were dealt",
        ),
        (
            lambda d: find(d, GAME_B).update(players=["Ana", "Ana", "Dee"]),
            "Ana is at the table twice",
        ),
        (lambda d: find(d, GAME_C).update(game="poker"), "there is no game “poker”"),
        (
            lambda d: find(d, GAME_A).update(night="nowhere"),
            "names a night the file does not have",
        ),
        (lambda d: d["nights"][0].update(date="yesterday"), "Night 1 is not readable"),
        (
            lambda d: find(d, GAME_D)["rounds"].append({"trump": "none"}),
            "round 2: Give one bid",
        ),
        (
            lambda d: d.update(players=[*d["players"], "Eve\u202e"]),
            "The list of players is not readable",
        ),
    ],
    ids=["format", "version", "tricks", "players", "game", "night", "date", "shape", "names"],
)
def test_a_file_with_any_error_is_refused_whole(data: dict, change, message: str) -> None:  # noqa: F811
    document = transfer.export_account(data["ana"])
    change(document)
    cai = services.create_user("cai", "cai plays spades")
    before = (count(Game), count(Night), count(Player), count(Round))
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_account(cai, document)
    assert message in refused.value.message
    assert "nothing was imported" in refused.value.message
    db.session.rollback()
    assert (count(Game), count(Night), count(Player), count(Round)) == before


def test_the_refusal_names_the_game_and_round(data: dict) -> None:  # noqa: F811
    document = transfer.export_account(data["ana"])
    find(document, GAME_A)["rounds"][1]["bids"] = [1, 1, 9]
    number = document["games"].index(find(document, GAME_A)) + 1
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_account(services.create_user("cai", "cai plays spades"), document)
    assert refused.value.message.startswith(f"Game {number} (Wizard, ")
    assert ", round 2: Cai's bid must be a whole number from 0 to 2" in refused.value.message


def test_a_game_as_csv_keeps_numbers_and_neutralises_formulas(data: dict) -> None:  # noqa: F811
    ana = data["ana"]
    game = services.create_game(ana, "wizard", ["=SUM(A1)", "+Ben", "@Cai"], options={"rounds": 2})
    game = services.record_round(game, wizard_round([0, 1, 0], [1, 0, 0]))
    rows = list(csv.reader(io.StringIO(transfer.game_csv(game.row))))
    header, first = rows[0], rows[1]
    assert header[:5] == ["round", "cards", "dealer", "trump", "turned"]
    assert "'=SUM(A1) bid" in header and "'+Ben total" in header and "'@Cai took" in header
    assert first[2] == "'=SUM(A1)"  # the dealer's name, neutralised
    assert first[5:9] == ["0", "1", "-10", "-10"]  # negative scores stay numbers
    assert transfer.safe_cell("\tTab") == "'\tTab" and transfer.safe_cell("\rCR") == "'\rCR"
    one_card = services.create_game(ana, "one_card", ["Ana", "Ben"])
    one_card = services.record_round(
        one_card, {"auction": [8, None], "trump": "spades", "points": [10, 5], "last_trick": 0}
    )
    rows = list(csv.reader(io.StringIO(transfer.game_csv(one_card.row))))
    assert rows[0][:9] == [
        "round",
        "cards",
        "dealer",
        "bidder",
        "bid",
        "trump",
        "order",
        "last_trick",
        "auction",
    ]
    assert rows[1][:9] == ["1", "12", "Ana", "1", "8", "spades", "uptown", "0", "8 pass"]


def test_a_game_without_bids_has_no_bid_column_in_its_csv(
    data: dict,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose rules say it has no bids (``has_bids``) writes no column for a bid:
    each player's tricks, score and total only."""
    from scorekeeper.games import GAMES

    game = services.create_game(data["ana"], "wizard", ["Ana", "Ben", "Cai"], options={"rounds": 2})
    game = services.record_round(game, wizard_round([0, 1, 0], [1, 0, 0]))
    monkeypatch.setattr(GAMES["wizard"], "has_bids", False)
    rows = list(csv.reader(io.StringIO(transfer.game_csv(game.row))))
    header, first = rows[0], dict(zip(rows[0], rows[1], strict=True))
    assert not [column for column in header if column.endswith(" bid")]
    assert header[-3:] == ["Cai took", "Cai score", "Cai total"]
    assert (first["Ana took"], first["Ana score"], first["Ana total"]) == ("1", "-10", "-10")


def test_backup_makes_a_consistent_copy_while_the_app_runs(
    app: Flask, backend: str, tmp_path: Path
) -> None:
    runner = app.test_cli_runner()
    target = tmp_path / "backup.sqlite3"
    if backend != "sqlite":
        result = runner.invoke(args=["backup", str(target)])
        assert result.exit_code == 1 and "pg_dump" in result.output
        return
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        game = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
        services.record_round(game, wizard_round([1, 0, 0], [1, 0, 0]))
        # Hold the app's connection open, as a running server would.
        db.session.execute(select(Game)).all()
        result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    copy_db = sqlite3.connect(target)
    try:
        assert copy_db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy_db.execute("SELECT count(*) FROM rounds").fetchone() == (1,)
    finally:
        copy_db.close()
    again = runner.invoke(args=["backup", str(target)])
    assert again.exit_code == 1 and "exists already" in again.output
