"""When the database fails under a request: the answer tells the truth.

PostgreSQL is reached through a TCP proxy that fails on cue, the way a club's network and
server fail: the connection cut right after a COMMIT went out (the change is stored, its
answer lost), a COMMIT that never arrives (nothing stored), a server that freezes. The
answer is a 2xx only when the change is stored, a 503 with Retry-After when it is not or
cannot be known, never a 500, and never late by more than the statement limit.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from bench.faults import Proxy
from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.conftest import (
    PASSWORD,
    TEST_DATABASE_URL,
    ApiClient,
    Table,
    base_config,
    postgresql_url,
)
from tests.test_api import games_url, new_game, quiet_round, rounds_url

pytestmark = pytest.mark.data_layer

# -- one-time keys and round numbers (every backend) -------------------------------


def test_a_key_sent_again_with_another_body_is_refused_and_applies_nothing(api: Any) -> None:
    ana = api.login()
    game = new_game(ana)
    first = quiet_round(game)
    headers = {**ana.headers, "Idempotency-Key": "round-one"}
    sent = ana.client.post(rounds_url(game["id"]), json=first, headers=headers)
    assert sent.status_code == 201
    other = quiet_round(sent.json)
    again = ana.client.post(rounds_url(game["id"]), json=other, headers=headers)
    assert again.status_code == 422, again.get_data(as_text=True)
    assert again.json["errors"][0]["field"] == "Idempotency-Key"
    assert "already used for another change" in again.json["errors"][0]["message"]
    assert len(ana.get(games_url(game["id"])).json["rounds"]) == 1


def test_the_same_body_spaced_otherwise_with_its_key_is_the_first_answer(api: Any) -> None:
    ana = api.login()
    game = new_game(ana)
    headers = {**ana.headers, "Idempotency-Key": "round-one", "Content-Type": "application/json"}
    body = quiet_round(game)
    sent = ana.client.post(rounds_url(game["id"]), data=json.dumps(body), headers=headers)
    again = ana.client.post(
        rounds_url(game["id"]), data=json.dumps(body, indent=4), headers=headers
    )
    assert sent.status_code == 201 and again.status_code == 201
    assert again.json["rounds"] == sent.json["rounds"]
    assert len(ana.get(games_url(game["id"])).json["rounds"]) == 1


def test_a_round_sent_again_with_its_number_is_a_conflict_not_the_next_round(api: Any) -> None:
    ana = api.login()
    game = new_game(ana)
    body = {**quiet_round(game), "number": 1}
    assert ana.post(rounds_url(game["id"]), body).status_code == 201
    again = ana.post(rounds_url(game["id"]), body)
    assert again.status_code == 409, again.get_data(as_text=True)
    assert again.json["errors"][0]["field"] == "number"
    assert len(ana.get(games_url(game["id"])).json["rounds"]) == 1


ONE_CARD_HAND = {"bidder": 1, "bid": 8, "trump": "spades", "points": [6, 9], "last_trick": 1}
"""A hand of One Card: every hand has the same shape, so a hand sent twice would fit as
the next one: only its key or its number tells a retry from a new hand."""


def one_card_game(ana: ApiClient) -> dict[str, Any]:
    answer = ana.post(games_url(), {"game": "one_card", "players": ["Ana", "Ben"]})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return dict(answer.json)


def test_one_card_a_hand_retried_with_its_key_is_stored_once(api: Any) -> None:
    ana = api.login()
    game = one_card_game(ana)
    headers = {**ana.headers, "Idempotency-Key": "hand-one"}
    answers = [
        ana.client.post(rounds_url(game["id"]), json=ONE_CARD_HAND, headers=headers)
        for _ in range(5)
    ]
    assert [a.status_code for a in answers] == [201] * 5
    assert len(ana.get(games_url(game["id"])).json["rounds"]) == 1


def test_one_card_the_same_hand_from_two_phones_is_stored_once(api: Any) -> None:
    """Two phones at the table save hand 1, each with its own key: the number they both
    send says which hand they mean, and the second is told it is recorded already."""
    ana = api.login()
    game = one_card_game(ana)
    answers = [
        ana.client.post(
            rounds_url(game["id"]),
            json={**ONE_CARD_HAND, "number": 1},
            headers={**ana.headers, "Idempotency-Key": f"phone-{phone}"},
        )
        for phone in ("a", "b")
    ]
    assert [a.status_code for a in answers] == [201, 409]
    assert answers[1].json["errors"][0]["field"] == "number"
    assert "hand 1 is recorded already" in answers[1].json["errors"][0]["message"]
    assert len(ana.get(games_url(game["id"])).json["rounds"]) == 1


def test_games_of_the_same_players_finishing_at_once_are_both_counted(app: Flask, api: Any) -> None:
    """Two tables with the same players end their games at the same moment: both last
    rounds are stored (never a 500 from the players' summaries, written by both), and each
    player's summary counts both games."""
    ana = api.login()
    players = ["Ana", "Ben", "Cai"]
    pairs = 6
    for _ in range(pairs):
        games = [new_game(ana, players, options={"rounds": 1}) for _ in range(2)]
        start = threading.Barrier(2)
        answers: list[int] = []

        def finish(game: dict[str, Any], start: threading.Barrier, answers: list[int]) -> None:
            client = app.test_client()
            start.wait(timeout=30)
            answer = client.post(
                rounds_url(game["id"]), json=quiet_round(game), headers=ana.headers
            )
            answers.append(answer.status_code)

        threads = [threading.Thread(target=finish, args=(g, start, answers)) for g in games]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(answers) == [201, 201], answers
    with app.app_context():
        from scorekeeper import services

        owner = services.user_named("ana")
        assert owner is not None
        from scorekeeper.models import PlayerSummary

        player = services.player_named(owner, "Ben")
        kept = db.session.get(PlayerSummary, player.id)
        assert kept is not None and kept.data == services.summarize_player(player.id)
        ana_row = services.player_named(owner, "Ana")
        against = {o["player_id"]: o["games"] for o in kept.data["opponents"]}
        assert against[ana_row.id] == 2 * pairs


@pytest.mark.parametrize("number", [0, -1, "2", 1.5, True, [1]])
def test_a_round_number_that_is_no_number_is_refused(api: Any, number: Any) -> None:
    ana = api.login()
    game = new_game(ana)
    answer = ana.post(rounds_url(game["id"]), {**quiet_round(game), "number": number})
    assert answer.status_code == 422
    assert answer.json["errors"][0]["field"] == "number"
    assert ana.get(games_url(game["id"])).json["rounds"] == []


def test_bids_for_a_round_already_recorded_do_not_become_the_next_rounds(api: Any) -> None:
    ana = api.login()
    game = new_game(ana)
    pending = f"{games_url(game['id'])}/pending"
    round_one = quiet_round(game)
    assert ana.post(rounds_url(game["id"]), round_one).status_code == 201
    late = ana.client.put(
        pending, json={"trump": "none", "bids": [1, 0, 0], "number": 1}, headers=ana.headers
    )
    assert late.status_code == 409, late.get_data(as_text=True)
    assert ana.get(games_url(game["id"])).json.get("pending") is None


# -- the storage failing under a page ------------------------------------------------


@pytest.fixture
def failing(app: Flask) -> Iterator[dict[str, bool]]:
    """Every statement fails while ``on``, as with a database that went away."""
    switch = {"on": False}
    with app.app_context():
        engine = db.engine

    def fail(*_args: Any) -> None:
        if switch["on"]:
            raise OperationalError("SELECT", {}, Exception("server closed the connection"))

    event.listen(engine, "before_cursor_execute", fail)
    yield switch
    event.remove(engine, "before_cursor_execute", fail)


def test_a_logged_in_page_during_an_outage_is_a_503_page_not_a_bare_500(
    table: Table, failing: dict[str, bool]
) -> None:
    failing["on"] = True
    page = table.client.get("/games")
    assert page.status_code == 503
    assert page.headers["Retry-After"]
    text = page.get_data(as_text=True)
    assert "Nothing was stored" in text and "<html" in text


def test_the_api_during_an_outage_answers_503_with_retry_after(
    api: Any, failing: dict[str, bool]
) -> None:
    ana = api.login()
    game = new_game(ana)
    failing["on"] = True
    answer = ana.post(rounds_url(game["id"]), quiet_round(game))
    assert answer.status_code == 503
    assert answer.headers["Retry-After"]
    assert answer.json["errors"][0]["message"]
    failing["on"] = False
    assert ana.get(games_url(game["id"])).json["rounds"] == []


def test_the_hall_screen_during_an_outage_is_a_503_then_the_standings_as_stored(
    app: Flask,
) -> None:
    """The standings drawn again after a saved round, the database failing as the table's
    rounds are read (the frame read, the replay not): a 503 that says when to ask again,
    nothing half-drawn kept; once it is back, the page shows the round."""
    from scorekeeper import services
    from scorekeeper.models import Tournament, User
    from scorekeeper.services import tournaments

    app.config["STANDINGS_STAMP_SECONDS"] = 0  # every poll reads the stamp
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
        plan = tournaments.Plan(
            name="Cup",
            date="2026-12-08",
            kind="wizard",
            options={},
            stages=1,
            table_size=3,
            final_size=0,
            players=names,
        )
        cup = tournaments.create_tournament(ana, plan)
        stage = tournaments.draw_stage(cup, seed=1)
        first = stage.tables[0].game_id
        token = tournaments.share_screen(cup)
        engine = db.engine
    hall = app.test_client()
    page = f"/standings/{token}"
    assert hall.get(page).status_code == 200
    with app.app_context():
        record = services.get_game(db.session.get(User, ana.id), first)
        services.record_round(record, {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
        db.session.remove()
    switch = {"on": True}

    def fail_on_rounds(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if switch["on"] and "FROM rounds" in statement:
            raise OperationalError(statement, {}, Exception("server closed the connection"))

    event.listen(engine, "before_cursor_execute", fail_on_rounds)
    try:
        down = hall.get(page)
        assert down.status_code == 503 and down.headers["Retry-After"]
        switch["on"] = False
        up = hall.get(page)
    finally:
        event.remove(engine, "before_cursor_execute", fail_on_rounds)
    assert up.status_code == 200
    # The standings worked out afresh: the first table's round (bid 1 and took it: 30;
    # bid 0 and took none: 20) and the other table's none.
    tournaments._CACHE.clear()
    tournaments._REPLAYS.clear()
    with app.app_context():
        cold = tournaments.current_standings(db.session.get(Tournament, cup.id))
    assert sorted(line.points for line in cold.lines) == [0, 0, 0, 20, 20, 30]
    text = up.get_data(as_text=True)
    assert all(line.player in text for line in cold.lines)
    assert f'data-version="{cold.stamp}"' in text


def test_health_needs_no_database_and_readiness_says_when_it_is_gone(
    client: Any, failing: dict[str, bool]
) -> None:
    assert client.get("/readyz").status_code == 200
    failing["on"] = True
    assert client.get("/healthz").status_code == 200
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.headers["Retry-After"]
    assert client.get("/api/v1/openapi.json").status_code == 200


# -- PostgreSQL through a proxy that fails on cue ------------------------------------


@pytest.fixture
def proxied(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Flask, Proxy]]:
    if not TEST_DATABASE_URL:
        pytest.skip("no PostgreSQL configured: set TEST_DATABASE_URL")
    schema = request.getfixturevalue("postgresql_schema")
    url = sa.engine.make_url(postgresql_url(schema))
    proxy = Proxy((url.host or "127.0.0.1", url.port or 5432))
    via = url.set(host="127.0.0.1", port=proxy.port).update_query_dict({"sslmode": "disable"})
    config = base_config(via.render_as_string(hide_password=False), tmp_path)
    config.update(DATABASE_STATEMENT_SECONDS=1, DATABASE_CONNECT_SECONDS=1)
    app = create_app(config)
    with app.app_context():
        from scorekeeper import services

        services.create_user("ana", PASSWORD)
    yield app, proxy
    proxy.mode = "pass"
    proxy.close()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    direct = sa.create_engine(postgresql_url(schema))
    tables = ", ".join(t.name for t in db.metadata.sorted_tables)
    with direct.begin() as connection:
        connection.execute(sa.text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    direct.dispose()


def rounds_stored(app: Flask, game_id: str) -> int:
    from scorekeeper.models import Round

    with app.app_context():
        db.session.remove()
        count = db.session.scalar(
            sa.select(sa.func.count()).select_from(Round).where(Round.game_id == game_id)
        )
        db.session.remove()
    return int(count or 0)


def test_a_round_whose_commit_answer_is_lost_is_answered_as_stored(
    proxied: tuple[Flask, Proxy],
) -> None:
    app, proxy = proxied
    ana = ApiClient(app.test_client()).login()
    game = new_game(ana)
    proxy.mode = "cut"
    answer = ana.post(rounds_url(game["id"]), quiet_round(game))
    assert proxy.fired.is_set(), answer.get_data(as_text=True)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert rounds_stored(app, game["id"]) == 1


def test_a_round_whose_commit_never_arrived_is_answered_as_not_stored(
    proxied: tuple[Flask, Proxy],
) -> None:
    app, proxy = proxied
    ana = ApiClient(app.test_client()).login()
    game = new_game(ana)
    proxy.mode = "drop"
    answer = ana.post(rounds_url(game["id"]), quiet_round(game))
    assert proxy.fired.is_set()
    assert answer.status_code == 503, answer.get_data(as_text=True)
    assert answer.headers["Retry-After"]
    assert rounds_stored(app, game["id"]) == 0
    again = ana.post(rounds_url(game["id"]), quiet_round(game))  # the advice, followed
    assert again.status_code == 201
    assert rounds_stored(app, game["id"]) == 1


def test_a_connection_cut_halfway_through_a_round_is_a_503_not_a_500(
    proxied: tuple[Flask, Proxy],
) -> None:
    """The connection dies under the round's INSERT, before any COMMIT: the database rolls
    the change back and the answer says nothing was stored (the rollback of a connection
    already gone once turned it into a bare 500)."""
    app, proxy = proxied
    ana = ApiClient(app.test_client()).login()
    game = new_game(ana)
    proxy.mode = "insert"
    answer = ana.post(rounds_url(game["id"]), quiet_round(game))
    assert proxy.fired.is_set()
    assert answer.status_code == 503, answer.get_data(as_text=True)
    assert answer.headers["Retry-After"]
    assert "Nothing was stored" in answer.json["errors"][0]["message"]
    assert rounds_stored(app, game["id"]) == 0
    again = ana.post(rounds_url(game["id"]), quiet_round(game))
    assert again.status_code == 201
    assert rounds_stored(app, game["id"]) == 1


def test_a_frozen_database_gets_a_503_within_the_statement_limit_not_a_hang(
    proxied: tuple[Flask, Proxy],
) -> None:
    app, proxy = proxied
    ana = ApiClient(app.test_client()).login()
    game = new_game(ana)
    proxy.mode = "freeze"
    answers: list[Any] = []
    sender = threading.Thread(
        target=lambda: answers.append(ana.post(rounds_url(game["id"]), quiet_round(game))),
        daemon=True,
    )
    sender.start()
    sender.join(60)  # a guard against a hang, not a measure of speed
    proxy.mode = "pass"
    assert answers, "the request hung with the database frozen"
    assert answers[0].status_code == 503, answers[0].get_data(as_text=True)
    assert answers[0].headers["Retry-After"]
    assert rounds_stored(app, game["id"]) == 0
