"""The service layer: the one place that stores games, on every configured database."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game, Player, Round, User
from scorekeeper.rules import RoundRefused

pytestmark = pytest.mark.data_layer


@pytest.fixture
def owners(app: Flask):  # type: ignore[no-untyped-def]
    with app.app_context():
        services.create_user("ana", "ana plays clubs")
        services.create_user("ben", "ben plays hearts")
    with app.app_context():
        yield db.session.scalars(select(User).order_by(User.id)).all()


def round_one(bids=(1, 0, 0), tricks=(1, 0, 0), **extra):  # type: ignore[no-untyped-def]
    return {"trump": "hearts", "turned": "7h", "bids": list(bids), "tricks": list(tricks), **extra}


def count(model: type) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def test_create_game_keeps_players_for_later(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], 1, {"hook": True})
    assert record.state.players == ("Ana", "Ben", "Cai")
    assert record.row.options == {
        "hook": True,
        "rounds": 20,
        "schedule": list(range(1, 21)),
    }
    services.create_game(ana, "wizard", ["Cai", "Dee", "Ana"])
    assert count(Player) == 4
    assert services.known_player_names(ana)[:3] == ["Ana", "Cai", "Dee"]


def test_names_are_kept_per_account(owners) -> None:  # type: ignore[no-untyped-def]
    ana, ben = owners
    services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    services.create_game(ben, "wizard", ["Ana", "Ben", "Cai"])
    assert count(Player) == 6
    assert services.known_player_names(ben) == sorted(services.known_player_names(ben))


@pytest.mark.parametrize(
    ("players", "field"),
    [
        (["Ana", "Ben"], "players"),
        (["Ana", "Ana", "Cai"], "players"),
        (["Ana", " ", "Cai"], "players"),
    ],
    ids=["two players", "same name twice", "blank name"],
)
def test_a_refused_game_stores_nothing(owners, players, field) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    with pytest.raises(RoundRefused) as refused:
        services.create_game(ana, "wizard", players)
    assert refused.value.field == field
    assert count(Game) == 0
    assert count(Player) == 0


def test_an_unknown_game_is_refused(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    with pytest.raises(RoundRefused) as refused:
        services.create_game(ana, "poker", ["Ana", "Ben", "Cai"])
    assert refused.value.field == "game"


def test_rounds_are_recorded_scored_and_read_back(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    record = services.record_round(record, round_one())
    record = services.record_round(
        record, {"trump": "none", "turned": "jester", "bids": [0, 1, 1], "tricks": [0, 1, 1]}
    )
    assert record.state.totals == (50, 50, 50)
    db.session.expire_all()
    again = services.get_game(ana, record.id)
    assert again.state == record.state
    assert [r.number for r in again.row.rounds] == [1, 2]
    assert again.row.rounds[0].facts == {
        "trump": "hearts",
        "turned": "7h",
        "bids": [1, 0, 0],
        "tricks": [1, 0, 0],
    }


def test_a_refused_round_stores_nothing(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    with pytest.raises(RoundRefused) as refused:
        services.record_round(record, round_one(tricks=(1, 1, 0)))
    assert refused.value.message == "Tricks add up to 2, but 1 card was dealt"
    assert count(Round) == 0
    assert services.get_game(ana, record.id).state.rounds == ()


def test_another_accounts_game_is_not_found(owners) -> None:  # type: ignore[no-untyped-def]
    ana, ben = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    with pytest.raises(services.NotFound):
        services.get_game(ben, record.id)
    with pytest.raises(services.NotFound):
        services.get_game(ana, "no-such-game")


def test_correcting_a_round_recomputes_the_totals(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    record = services.record_round(record, round_one())
    record = services.record_round(
        record, {"trump": "spades", "bids": [0, 1, 1], "tricks": [0, 1, 1]}
    )
    record = services.correct_round(record, 1, round_one(bids=(0, 0, 0), tricks=(0, 1, 0)))
    assert record.state.totals == (40, 20, 50)
    db.session.expire_all()
    assert services.get_game(ana, record.id).state.totals == (40, 20, 50)


def test_a_refused_correction_changes_nothing(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    record = services.record_round(record, round_one())
    with pytest.raises(RoundRefused):
        services.correct_round(record, 1, round_one(trump="spades"))
    db.session.rollback()
    db.session.expire_all()
    assert services.get_game(ana, record.id).row.rounds[0].facts["trump"] == "hearts"


def test_only_the_last_round_can_be_undone(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    record = services.record_round(record, round_one())
    record = services.record_round(
        record, {"trump": "spades", "bids": [0, 1, 1], "tricks": [0, 1, 1]}
    )
    with pytest.raises(services.Conflict):
        services.undo_round(record, 1)
    with pytest.raises(services.NotFound):
        services.undo_round(record, 3)
    record = services.undo_round(record, 2)
    assert len(record.state.rounds) == 1
    assert count(Round) == 1


def test_no_round_after_the_last(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], options={"rounds": 1})
    record = services.record_round(record, round_one())
    assert record.state.finished
    with pytest.raises(services.Conflict):
        services.record_round(record, round_one())
    assert count(Round) == 1


def test_an_edit_based_on_an_old_version_is_refused(owners) -> None:  # type: ignore[no-untyped-def]
    """Two phones open round 1; the second one's edit is refused, never applied on top."""
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    seen = record.row.version
    services.record_round(record, round_one(), services.Edit(version=seen))
    with pytest.raises(services.StaleEdit) as stale:
        services.record_round(record, round_one(), services.Edit(version=seen))
    assert stale.value.changes == ["Round 1 recorded"]
    assert "changed elsewhere meanwhile" in stale.value.message
    assert count(Round) == 1
    # Without a version, a simple client's change applies as before.
    two = {"trump": "spades", "bids": [0, 1, 1], "tricks": [0, 1, 1]}
    record = services.record_round(record, two)
    assert record.row.version == 2
    with pytest.raises(services.StaleEdit) as stale:
        services.undo_round(record, 2, services.Edit(version=1))
    assert stale.value.changes == ["Round 2 recorded"]


def test_a_one_time_key_stores_a_round_once(owners) -> None:  # type: ignore[no-untyped-def]
    """A double tap, a reload of the POST or a retry sends the same key: stored once."""
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    edit = services.Edit(version=0, key="k" * 32)
    first = services.record_round(record, round_one(), edit)
    again = services.record_round(record, round_one(), edit)
    assert count(Round) == 1
    assert again.state == first.state
    assert again.row.version == 1
    other = services.create_game(ana, "wizard", ["Dee", "Eve", "Fay"])
    with pytest.raises(services.Conflict):
        services.record_round(other, round_one(), services.Edit(key="k" * 32))


def test_tokens_are_stored_as_hashes(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    token = services.issue_token(ana)
    assert services.user_for_token(token) == ana
    assert services.user_for_token(token + "x") is None
    assert services.user_for_token("") is None
    from scorekeeper.models import ApiToken

    assert token not in {t.token_hash for t in db.session.scalars(select(ApiToken))}


@pytest.mark.parametrize(
    ("username", "password", "field"),
    [
        ("", "ana plays clubs", "username"),
        ("x" * 41, "ana plays clubs", "username"),
        ("cai", "short", "password"),
        ("ana", "ana plays clubs", "username"),
    ],
    ids=["empty username", "long username", "short password", "taken"],
)
def test_account_refusals(owners, username, password, field) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(services.AccountError) as error:
        services.create_user(username, password)
    assert error.value.field == field
    assert count(User) == 2


def test_authenticate(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    assert services.authenticate("ana", "ana plays clubs") == ana
    assert services.authenticate("ana", "ben plays hearts") is None
    assert services.authenticate("nobody", "ana plays clubs") is None


def cached_results_match_the_rules(game_id: str) -> None:
    """The caches (finished, seat totals and wins, round results) equal a fresh replay."""
    from scorekeeper.models import RoundResult

    db.session.expire_all()
    game = db.session.get(Game, game_id)
    state = services.rules_game(game)
    assert game.finished == state.finished
    assert [s.total for s in game.seats] == list(state.totals)
    assert [s.won for s in game.seats] == [seat in state.winners for seat in range(len(game.seats))]
    results = db.session.scalars(
        select(RoundResult)
        .where(RoundResult.game_id == game_id)
        .order_by(RoundResult.number, RoundResult.seat)
    ).all()
    expected = [
        (scored.number, seat, scored.scores[seat], outcome.bid, outcome.took, outcome.made)
        for scored in state.scored_rounds
        for seat, outcome in enumerate(state.seat_outcomes(scored.record))
    ]
    assert [(r.number, r.seat, r.score, r.bid, r.took, r.made) for r in results] == expected


def test_cached_results_follow_every_change(owners) -> None:  # type: ignore[no-untyped-def]
    ana, _ = owners
    record = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], options={"rounds": 2})
    cached_results_match_the_rules(record.id)
    record = services.record_round(record, round_one())
    cached_results_match_the_rules(record.id)
    two = {"trump": "spades", "bids": [0, 1, 1], "tricks": [0, 1, 1]}
    record = services.record_round(record, two)
    cached_results_match_the_rules(record.id)
    assert record.row.finished
    record = services.correct_round(record, 1, round_one(bids=(0, 0, 0), tricks=(0, 1, 0)))
    cached_results_match_the_rules(record.id)
    record = services.undo_round(record, 2)
    cached_results_match_the_rules(record.id)
    assert not record.row.finished
    hand = {"bidder": 0, "bid": 8, "trump": "clubs", "points": [7, 8], "last_trick": 1}
    one_card = services.create_game(ana, "one_card", ["Ana", "Ben"])
    one_card = services.record_round(one_card, hand)
    cached_results_match_the_rules(one_card.id)


def test_a_new_game_joins_tonights_night(owners, app: Flask) -> None:  # type: ignore[no-untyped-def]
    from datetime import UTC, date, datetime

    from scorekeeper.models import Night

    ana, ben = owners
    app.config["TIMEZONE"] = "Europe/London"
    first = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
    second = services.create_game(ana, "one_card", ["Ana", "Ben"])
    assert first.row.night_id == second.row.night_id
    assert (
        services.create_game(ben, "wizard", ["Ana", "Ben", "Cai"]).row.night_id
        != first.row.night_id
    )
    # Past midnight it is still the same evening; a chosen night is kept.
    evening = services.evening_of(datetime(2026, 11, 29, 0, 30, tzinfo=UTC), services.table_zone())
    assert evening == date(2026, 11, 28)
    other = Night(owner_id=ana.id, date=date(2026, 1, 1), place="Caerdydd")
    db.session.add(other)
    db.session.commit()
    chosen = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], night=other)
    assert chosen.row.night.place == "Caerdydd"
    assert services.get_night(ana, other.id) == other
    with pytest.raises(services.NotFound):
        services.get_night(ben, other.id)


def test_two_accounts_from_before_keys_named_alike_stay_apart(app: Flask) -> None:
    """ "bob" and "Bob", both made before usernames had keys (the later one's key is
    "bob#<id>"): each logs in with its own password, and a reset names the right one."""
    with app.app_context():
        for name, key, password in (
            ("Bob", "bob", "violet harbour 1"),
            ("bob", "bob#2", "violet harbour 2"),
        ):
            db.session.add(
                User(
                    username=name, username_key=key, password_hash=services.password_hash(password)
                )
            )
        db.session.commit()
        first = services.authenticate("Bob", "violet harbour 1")
        second = services.authenticate("bob", "violet harbour 2")
        assert first is not None and first.username == "Bob"
        assert second is not None and second.username == "bob"
        assert services.user_named("bob") == second
        assert services.user_named("BOB") == first  # no exact name: the key's account
