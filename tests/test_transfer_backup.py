"""The export as a backup: an account exported and imported into an empty one shows the
same games, rounds, round being played (hidden bids too), corrections and undos, versions
and times; its secrets (seat and watch links) stay behind, and are made afresh."""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameChange, Night, Player, Round, Seat, User
from scorekeeper.services import transfer
from scorekeeper.views.api import game_document
from tests.rules.recorded import sheet

pytestmark = pytest.mark.data_layer


def recorded(name: str) -> dict[str, Any]:
    return json.loads(sheet(name).read_text())


def facts(round_: dict[str, Any]) -> dict[str, Any]:
    """A recorded round as it is entered: its worked-out parts left out."""
    return {k: v for k, v in round_.items() if k not in ("scores", "totals", "made")}


def play(owner: User, name: str, rounds: int | None = None, **kwargs: Any) -> services.StoredGame:
    """A recorded game started and played (its first ``rounds`` rounds)."""
    data = recorded(name)
    record = services.create_game(
        owner, data["game"], data["players"], data["first_dealer"], data["options"], **kwargs
    )
    for round_ in data["rounds"][:rounds]:
        record = services.record_round(record, facts(round_))
    return record


def rich_account(owner: User) -> dict[str, str]:
    """Every kind of game and every state a game can be in, with the secrets a game can
    have; the uids of the games that matter."""
    old = Night(owner_id=owner.id, date=date(2026, 1, 5), place="Caerdydd", note="Nos Galan")
    db.session.add_all([old, Player(owner_id=owner.id, name="Zed, who never played")])
    db.session.commit()
    # Finished, in the old night, with a correction, an undo and the round played again.
    wizard = play(owner, "wizard-4p-short.json", night=old)
    first = facts(recorded("wizard-4p-short.json")["rounds"][0])
    wizard = services.correct_round(wizard, 1, {**first, "bids": [0, 1, 1, 0]})
    wizard = services.correct_round(wizard, 1, first)
    last = facts(recorded("wizard-4p-short.json")["rounds"][-1])
    wizard = services.undo_round(wizard, 7)
    wizard = services.record_round(wizard, last)
    # The anniversary cards, every special fact; Oh Hell with its bids said openly.
    special = play(owner, "anniversary/wizard-4p-short.json")
    oh_hell = play(owner, "oh-hell-4p.json", rounds=2)
    upcoming = oh_hell.state.next_round
    assert upcoming is not None
    bids = [0] * 4  # never one for every trick: the hook allows them
    oh_hell = services.save_pending(oh_hell, {"trump": "hearts", "turned": "5h", "bids": bids})
    # One Card, a hand corrected, the next hand's auction said.
    one_card = play(owner, "one-card-3p.json", rounds=3)
    hand = facts(recorded("one-card-3p.json")["rounds"][1])
    one_card = services.correct_round(one_card, 2, {**hand, "order": "uptown"})
    one_card = services.save_pending(one_card, {"auction": [None, 7, None], "trump": "hearts"})
    # Hidden bids: two of three in, through the seats' own links; a watch link shared.
    hidden = services.create_game(
        owner, "wizard", ["Ana", "Ben", "Cai"], 0, {"hidden_bids": True, "hook": True}
    )
    hidden = services.record_round(
        hidden, {"trump": "hearts", "bids": [0, 0, 0], "tricks": [1, 0, 0]}
    )
    links = services.seat_links(hidden)  # round 2: seat 1 deals, and bids last
    services.seat_bid(links[0], 2, 1)
    services.seat_bid(links[2], 2, 0)
    services.share_game(services.get_game(owner, hidden.id))
    # Revealed early by the scorekeeper, one bid still missing.
    early = services.create_game(owner, "wizard", ["Dee", "Eli", "Fay"], 1, {"hidden_bids": True})
    early_links = services.seat_links(early)
    services.seat_bid(early_links[0], 1, 1)
    services.reveal_bids(services.get_game(owner, early.id))
    return {
        "wizard": wizard.row.uid,
        "special": special.row.uid,
        "oh_hell": oh_hell.row.uid,
        "one_card": one_card.row.uid,
        "hidden": hidden.row.uid,
        "early": early.row.uid,
    }


def by_uid(owner: User) -> dict[str, services.StoredGame]:
    games = db.session.scalars(select(Game).where(Game.owner_id == owner.id)).all()
    return {game.uid: services.get_game(owner, game.id) for game in games}


def seen(record: services.StoredGame) -> dict[str, Any]:
    """What the account sees of a game: the API's document (its id aside), the list of
    corrections, the round being played (hidden bids in it, as the seats see them)."""
    document = game_document(record)
    document.pop("id")
    return {
        "document": document,
        "corrections": services.corrections(record),
        "pending": record.pending,
        "updated_at": record.row.updated_at,
        "night": (record.row.night.date, record.row.night.place, record.row.night.note),
        "recorded_at": [row.recorded_at for row in record.row.rounds],
    }


@pytest.fixture
def rich(app: Flask) -> Iterator[tuple[User, dict[str, str]]]:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        yield ana, rich_account(ana)


def test_an_account_comes_back_whole_from_its_export(rich: tuple[User, dict[str, str]]) -> None:
    ana, uids = rich
    first = transfer.export_account(ana)
    assert first["version"] == 2
    cai = services.create_user("cai", "cai plays spades")
    added = transfer.import_account(cai, copy.deepcopy(first))
    assert added == {"games": 6, "nights": 2, "skipped": 0}
    # Exported again: the same document, word for word (it holds no ids of the account).
    assert transfer.export_account(cai) == first

    theirs, ours = by_uid(ana), by_uid(cai)
    assert theirs.keys() == ours.keys() == set(uids.values())
    for uid in theirs.keys() - {uids["hidden"]}:
        assert seen(ours[uid]) == seen(theirs[uid]), uid
    wizard = ours[uids["wizard"]]
    assert [(c.number, c.done) for c in services.corrections(wizard)] == [
        (7, "undone"),
        (1, "corrected"),
        (1, "corrected"),
    ]
    assert services.corrections(wizard)[2].changes == [
        {"field": "bids", "seat": 1, "old": 0, "new": 1}
    ]
    assert wizard.row.version == theirs[uids["wizard"]].row.version == 11
    # Times to the microsecond, as the API gives them.
    assert ours[uids["one_card"]].row.created_at == theirs[uids["one_card"]].row.created_at
    # The secret bids stayed on the phones: the round comes back, its dealer, no bid in.
    hidden, before = ours[uids["hidden"]].pending, theirs[uids["hidden"]].pending
    assert hidden is not None and before is not None
    assert hidden.hidden and hidden.bid_in == (False, False, False)
    assert (hidden.number, hidden.dealer) == (before.number, before.dealer) == (2, 1)
    early = ours[uids["early"]].pending
    assert early is not None and not early.hidden and early.bids == [1, None, None]


def test_secrets_stay_behind_and_links_are_made_afresh(rich: tuple[User, dict[str, str]]) -> None:
    ana, uids = rich
    document = transfer.export_account(ana)
    written = json.dumps(document)
    secrets = [t for t in db.session.scalars(select(Seat.bid_token)) if t]
    secrets += [t for t in db.session.scalars(select(Game.watch_token)) if t]
    assert len(secrets) == 7
    assert not [secret for secret in secrets if secret in written]
    cai = services.create_user("cai", "cai plays spades")
    transfer.import_account(cai, document)
    hidden = by_uid(cai)[uids["hidden"]]
    assert hidden.row.watch_token is None
    assert all(seat.bid_token is None for seat in hidden.row.seats)
    # New links for every seat: the bids made before stayed behind, so each bids again.
    links = services.seat_links(hidden)
    assert not set(links.values()) & set(secrets)
    services.seat_bid(links[0], 2, 1)
    services.seat_bid(links[2], 2, 0)
    record, _seat = services.seat_bid(links[1], 2, 0)  # the dealer, last under the hook
    assert record.pending is not None and not record.pending.hidden
    assert record.pending.bids == [1, 0, 0]


def test_an_export_never_carries_a_secret_bid(rich: tuple[User, dict[str, str]]) -> None:
    ana, uids = rich
    document = transfer.export_account(ana)
    hidden = next(game for game in document["games"] if game["uid"] == uids["hidden"])
    assert hidden["pending"]["facts"]["bids"] == [None, None, None]
    assert hidden["pending"]["revealed"] is False
    early = next(game for game in document["games"] if game["uid"] == uids["early"])
    assert early["pending"]["facts"]["bids"] == [1, None, None]  # said aloud: kept


def test_an_export_of_the_first_version_still_imports(app: Flask) -> None:
    """tests/data/exports/export-v1.json: an export as the app wrote it before version 2 (times to
    the second, no versions, corrections or round being played)."""
    path = Path(__file__).parent / "data" / "exports" / "export-v1.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["version"] == 1
    with app.app_context():
        cai = services.create_user("cai", "cai plays spades")
        added = transfer.import_account(cai, copy.deepcopy(document))
        assert added == {"games": 4, "nights": 2, "skipped": 0}
        again = transfer.export_account(cai)
        assert again["version"] == 2
        assert again["players"] == document["players"]
        assert again["nights"] == document["nights"]
        for old, new in zip(document["games"], again["games"], strict=True):
            assert new["created_at"][:19] == old["created_at"]
            assert [
                {k: v for k, v in r.items() if k != "recorded_at"} for r in new["rounds"]
            ] == old["rounds"]
            assert (new["version"], new["corrections"], new["pending"]) == (0, [], None)
        totals = {g.row.uid: g.state.totals for g in services.list_games(cai)}
        assert totals["7a1d0c2e5b3f4a6d8e9f0a1b2c3d4e5f"] == (20, 10, 10)
        assert totals["5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b"] == (11, 19)


# -- any account, generated ----------------------------------------------------------

MOMENTS = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1))
ONE_CARD_HANDS = st.sampled_from(
    [
        {"bidder": None, "bid": None, "trump": "none", "points": [5, 5, 5], "last_trick": 0},
        {"bidder": 1, "bid": 7, "trump": "hearts", "points": [4, 9, 2], "last_trick": 1},
        {"bidder": 2, "bid": 9, "trump": "spades", "points": [3, 5, 7], "last_trick": 0},
        {"auction": [8, None, 9, None], "trump": "clubs", "points": [1, 5, 9], "last_trick": 2},
    ]
)


@st.composite
def wizard_round(draw: st.DrawFn, number: int) -> dict[str, Any]:
    tricks = [0, 0, 0]
    for _ in range(number):
        tricks[draw(st.integers(0, 2))] += 1
    bids = [draw(st.integers(0, number)) for _ in range(3)]
    return {
        "trump": draw(st.sampled_from(["hearts", "none", "clubs"])),
        "bids": bids,
        "tricks": tricks,
    }


@st.composite
def correction(draw: st.DrawFn, version: int) -> dict[str, Any]:
    value = st.one_of(st.none(), st.integers(-99, 99), st.sampled_from(["hearts", "qh", "uptown"]))
    return {
        "version": version,
        "number": draw(st.integers(1, 30)),
        "done": draw(st.sampled_from(["corrected", "undone"])),
        "at": draw(MOMENTS).isoformat(),
        "detail": draw(
            st.one_of(
                st.none(),
                st.lists(
                    st.fixed_dictionaries(
                        {
                            "field": st.sampled_from(["bids", "trump", "points"]),
                            "old": value,
                            "new": value,
                        },
                        optional={"seat": st.integers(0, 2)},
                    ),
                    max_size=4,
                ),
            )
        ),
    }


@st.composite
def game(draw: st.DrawFn, index: int) -> dict[str, Any]:
    kind = draw(st.sampled_from(["wizard", "one_card"]))
    pending: dict[str, Any] | None = None
    if kind == "wizard":
        length = draw(st.integers(1, 5))
        options: dict[str, Any] = {"rounds": length}
        rounds = [draw(wizard_round(n)) for n in range(1, draw(st.integers(0, length)) + 1)]
    else:
        options = {"target": draw(st.integers(200, 999))}  # 8 hands cannot end it
        rounds = draw(st.lists(ONE_CARD_HANDS, max_size=8))
        if draw(st.booleans()):  # the next hand's auction said: everyone passed
            pending = {"number": len(rounds) + 1, "facts": {"auction": [None] * 3}}
    for round_ in rounds:
        round_["recorded_at"] = draw(MOMENTS).isoformat()
    versions = draw(st.lists(st.integers(1, 60), unique=True, max_size=4))
    created = draw(MOMENTS)
    return {
        "uid": f"game{index}",
        "night": draw(st.sampled_from(["night0", "night1"])),
        "game": kind,
        "created_at": created.isoformat(),
        "updated_at": (created + timedelta(microseconds=draw(st.integers(0, 10**9)))).isoformat(),
        "version": max(versions, default=0) + draw(st.integers(0, 3)),
        "players": ["Ana", "Ben", "Cai"],
        "first_dealer": draw(st.integers(0, 2)),
        "options": options,
        "rounds": rounds,
        "pending": pending,
        "corrections": [draw(correction(v)) for v in versions],
    }


@st.composite
def export(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "format": "scorekeeper-export",
        "version": 2,
        "players": draw(st.lists(st.sampled_from(["Ana", "Dee", "Eli"]), unique=True)),
        "nights": [
            {"uid": f"night{n}", "date": f"202{n}-0{n + 1}-1{n}", "place": "", "note": "x" * n}
            for n in range(2)
        ],
        "games": [draw(game(index)) for index in range(draw(st.integers(0, 4)))],
    }


def round_trip(document: dict[str, Any]) -> dict[str, Any]:
    owner = services.create_user(f"u{uuid.uuid4().hex[:12]}", "a long enough password")
    transfer.import_account(owner, copy.deepcopy(document))
    return transfer.export_account(owner)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(document=export())
def test_any_export_comes_back_as_it_went(app: Flask, document: dict[str, Any]) -> None:
    """Imported and exported again, a file keeps every time, version and correction; and
    that export, imported and exported once more, is the same document."""
    with app.app_context():
        once = round_trip(document)
        assert round_trip(once) == once
        assert len(once["games"]) == len(document["games"])
        given_games = {g["uid"]: g for g in document["games"]}
        for exported in once["games"]:
            given_game = given_games[exported["uid"]]
            for name in ("created_at", "updated_at"):
                assert datetime.fromisoformat(exported[name]) == datetime.fromisoformat(
                    given_game[name]
                )
            assert exported["version"] == given_game["version"]
            assert [r["recorded_at"] for r in exported["rounds"]] == [
                datetime.fromisoformat(r["recorded_at"]).isoformat(timespec="microseconds")
                for r in given_game["rounds"]
            ]
            assert [
                (c["version"], c["number"], c["done"], c["detail"]) for c in exported["corrections"]
            ] == [
                (c["version"], c["number"], c["done"], c["detail"])
                for c in sorted(given_game["corrections"], key=lambda c: c["version"])
            ]
        db.session.rollback()


def test_nothing_is_left_of_an_account_that_imports_nothing(app: Flask) -> None:
    with app.app_context():
        empty = {
            "format": "scorekeeper-export",
            "version": 2,
            "players": [],
            "nights": [],
            "games": [],
        }
        assert round_trip(empty) == empty
        tables = (Game, Night, Player, Round, GameChange)
        assert [db.session.scalar(select(func.count()).select_from(t)) for t in tables] == [0] * 5
