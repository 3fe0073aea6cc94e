"""Ratings: openskill's Plackett–Luce model called directly on the same games gives the
stored ratings, game by game; the cache is rated again from the first game that changes
(a correction, an undo, a game taken back, an import, a night moved, two players merged),
and always equals the ratings worked out afresh; partnerships are rated side by side."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from openskill.models import PlackettLuce
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.database import counting_statements
from scorekeeper.extensions import db
from scorekeeper.games import GAMES
from scorekeeper.games.spades.rules import SpadesGame
from scorekeeper.models import Game, Night, Player, Rating, Seat, User
from scorekeeper.services import caches, ratings, transfer
from tests.conftest import Table

pytestmark = pytest.mark.data_layer

ONE_ROUND = {"hook": False, "rounds": 1}


def one_card_round(winner: int, players: int = 3, bids: list[int] | None = None) -> dict:
    """Round 1 of a one-round Wizard game: ``winner`` takes the one trick; ``bids`` say
    who made their bid (30 for the winner who bid 1, 20 for 0 made, −10 missed)."""
    tricks = [1 if seat == winner else 0 for seat in range(players)]
    return {"trump": "hearts", "bids": bids or tricks, "tricks": tricks}


def play(owner: User, names: list[str], round_: dict, night: Night | None = None) -> Any:
    game = services.create_game(owner, "wizard", names, 0, ONE_ROUND, night=night)
    return services.record_round(game, round_)


def stored(owner_id: int, kind: str = "wizard") -> list[tuple[str, int, int, float, float]]:
    """The cache: (game, seat, place, mu, sigma) in the order played."""
    rows = db.session.execute(
        select(Rating.game_id, Rating.seat, Rating.place, Rating.mu, Rating.sigma)
        .where(Rating.owner_id == owner_id, Rating.kind == kind)
        .order_by(Rating.position, Rating.seat)
    )
    return [tuple(row) for row in rows]  # type: ignore[misc]


def afresh(owner_id: int, kind: str = "wizard") -> list[tuple[str, int, int, float, float]]:
    """Every finished game rated from nothing, as the cache should hold it."""
    _end, rated = ratings.rate_tables(ratings._tables(owner_id, kind, ""))
    return [
        (table.game_id, seat, place, mu, sigma)
        for table, after, _places in rated
        for seat, (place, (mu, sigma)) in enumerate(zip(table.places, after, strict=True))
    ]


def assert_cache_is_true(owner_id: int, kind: str = "wizard") -> None:
    found, expected = stored(owner_id, kind), afresh(owner_id, kind)
    assert [row[:3] for row in found] == [row[:3] for row in expected]
    for row, want in zip(found, expected, strict=True):
        assert row[3:] == pytest.approx(want[3:], abs=1e-9)


def openskill_directly(games: list[tuple[list[int], list[int]]]) -> dict[int, Any]:
    """Each player's openskill rating after ``games`` ((player ids, places) each, in the
    order played), every player a team of one."""
    model = PlackettLuce()
    current: dict[int, Any] = {}
    for players, places in games:
        teams = [[current.get(pid) or model.rating()] for pid in players]
        for pid, team in zip(players, model.rate(teams, ranks=places), strict=True):
            current[pid] = team[0]
    return current


def test_the_ratings_are_openskills_on_the_same_games(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        tables = [
            (["Ana", "Ben", "Cai"], one_card_round(0), [1, 2, 2]),
            (["Ben", "Cai", "Dee"], one_card_round(2), [2, 2, 1]),
            (["Ana", "Dee", "Eve", "Ben"], one_card_round(1, 4), [2, 1, 2, 2]),
            # Ben wins the trick he did not bid: he misses (−10), the others make 0 (20).
            (["Cai", "Ben", "Ana"], one_card_round(1, 3, [0, 0, 0]), [1, 3, 1]),
            (["Eve", "Ana", "Cai"], one_card_round(0), [1, 2, 2]),
        ]
        played = []
        for names, round_, places in tables:
            game = play(ana, names, round_)
            assert game.state.finished
            ids = {seat.seat: seat.player_id for seat in game.row.seats}
            played.append(([ids[s] for s in range(len(names))], places))
        expected = openskill_directly(played)
        rows = stored(ana.id)
        assert [row[2] for row in rows] == [place for _, places in played for place in places]
        latest: dict[int, tuple[float, float]] = {}
        seats = dict(
            ((game_id, seat), pid)
            for game_id, seat, pid in db.session.execute(
                select(Seat.game_id, Seat.seat, Seat.player_id)
            )
        )
        for game_id, seat, _place, mu, sigma in rows:
            latest[seats[game_id, seat]] = (mu, sigma)
        assert latest.keys() == expected.keys()
        for pid, (mu, sigma) in latest.items():
            assert mu == pytest.approx(expected[pid].mu, abs=1e-9)
            assert sigma == pytest.approx(expected[pid].sigma, abs=1e-9)
        # As the player's page reads them: μ − 3σ after each game.
        shown = ratings.player_ratings(ana.id, seats[rows[0][0], 0])
        assert [r.kind for r in shown] == ["wizard"]
        assert len(shown[0].history) == 4  # Ana played four of the five
        assert shown[0].value == pytest.approx(expected[seats[rows[0][0], 0]].ordinal(), abs=1e-9)


def test_a_game_still_being_played_is_not_rated(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], 0, {"rounds": 2})
        running = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], 0, {"rounds": 2})
        services.record_round(running, one_card_round(0))
        assert stored(ana.id) == []


def test_a_correction_rates_again_from_that_game_on(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        first = play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        for winner in (1, 2, 0, 1):
            play(ana, ["Ana", "Ben", "Cai"], one_card_round(winner))
        before = stored(ana.id)
        # Ben, not Ana, took the first game's trick: every game after it moves.
        services.correct_round(services.get_game(ana, first.id), 1, one_card_round(1))
        after = stored(ana.id)
        assert [row[2] for row in after[:3]] == [2, 1, 2]
        # Cai came second in both versions of the first game; every later rating moved.
        assert after[2] == before[2]
        assert all(a[3:] != b[3:] for a, b in zip(after[3:], before[3:], strict=True))
        assert_cache_is_true(ana.id)


def test_a_correction_that_keeps_every_place_rates_nothing_again(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        first = play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(1))
        before = stored(ana.id)
        rated = []
        original = ratings.rate_from
        ratings.rate_from = lambda *args: rated.append(args) or original(*args)  # type: ignore[assignment,func-returns-value]
        try:
            corrected = {**one_card_round(0), "trump": "clubs"}
            services.correct_round(services.get_game(ana, first.id), 1, corrected)
        finally:
            ratings.rate_from = original  # type: ignore[assignment]
        assert rated == []
        assert stored(ana.id) == before
        assert_cache_is_true(ana.id)


def test_an_undo_takes_the_game_out_and_rates_the_later_ones_again(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        first = play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        later = play(ana, ["Ana", "Ben", "Cai"], one_card_round(2))
        services.undo_round(services.get_game(ana, first.id), 1)
        rows = stored(ana.id)
        assert {row[0] for row in rows} == {later.id}
        # The later game rated as the first game of everyone in it.
        assert rows == afresh(ana.id)
        model = PlackettLuce()
        fresh = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 2, 1])
        assert [row[3] for row in rows] == pytest.approx([team[0].mu for team in fresh])
        # Finished again: rated again, and the later game after it.
        services.record_round(services.get_game(ana, first.id), one_card_round(0))
        assert_cache_is_true(ana.id)
        assert len(stored(ana.id)) == 6


def test_moving_a_night_puts_its_games_elsewhere_in_the_order(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        old = Night(owner_id=ana.id, date=date(2026, 1, 5))
        db.session.add(old)
        db.session.commit()
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(0), night=old)
        tonight = play(ana, ["Ana", "Ben", "Cai"], one_card_round(1))
        assert stored(ana.id)[0][0] != tonight.id
        services.update_night(ana, tonight.row.night_id, date(2025, 12, 1), "", "")
        assert stored(ana.id)[0][0] == tonight.id
        assert_cache_is_true(ana.id)


def test_merging_two_players_rates_their_games_as_one_players(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        play(ana, ["Anna", "Ben", "Dee"], one_card_round(0))
        ids = dict(db.session.execute(select(Player.name, Player.id)).all())
        services.merge_players(ana, ids["Ana"], ids["Anna"])
        assert_cache_is_true(ana.id)
        history = ratings.player_ratings(ana.id, ids["Ana"])
        assert len(history[0].history) == 2


def test_an_import_of_older_games_rates_the_later_ones_again(app: Flask) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        ben = services.create_user("ben", "ben plays hearts")
        old = Night(owner_id=ben.id, date=date(2020, 3, 1), place="Caerdydd")
        db.session.add(old)
        db.session.commit()
        play(ben, ["Ana", "Ben", "Cai"], one_card_round(2), night=old)
        document = transfer.export_account(ben)
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        assert len(stored(ana.id)) == 3
        added = transfer.import_file(ana, json.dumps(document).encode())
        assert added["games"] == 1
        rows = stored(ana.id)
        assert len(rows) == 6
        assert [row[2] for row in rows[:3]] == [2, 2, 1]  # the imported game, first
        assert_cache_is_true(ana.id)


def test_games_taken_back_by_a_failed_import_leave_the_ratings_true(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        ben = services.create_user("ben", "ben plays hearts")
        old = Night(owner_id=ben.id, date=date(2020, 3, 1))
        db.session.add(old)
        db.session.commit()
        for winner in (0, 1, 2):
            play(ben, ["Ana", "Ben", "Cai"], one_card_round(winner), night=old)
        document = transfer.export_account(ben)
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        before = stored(ana.id)
        app.config["IMPORT_BATCH_GAMES"] = 1
        batches = []
        original = transfer.update_summaries

        def second_batch_fails(changes: Any) -> None:
            batches.append(changes)
            if len(batches) == 2:
                raise services.StorageError("disk full")
            original(changes)

        monkeypatch.setattr(transfer, "update_summaries", second_batch_fails)
        with pytest.raises(services.ImportRefused):
            transfer.import_file(ana, json.dumps(document).encode())
        assert db.session.scalar(select(Game.id).where(Game.owner_id == ana.id).limit(2))
        # The games taken back, the account's own game is rated as before the import.
        assert [row[:3] for row in stored(ana.id)] == [row[:3] for row in before]
        assert_cache_is_true(ana.id)


def test_a_finished_game_not_rated_yet_is_rated_before_the_page_reads(app: Flask) -> None:
    """Games finished before ratings were kept (the migration adds none): the first read
    rates them, and a change rates from the first of them."""
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(1))
        db.session.query(Rating).delete()
        db.session.commit()
        pid = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        assert len(ratings.player_ratings(ana.id, pid)[0].history) == 2
        assert_cache_is_true(ana.id)
        db.session.query(Rating).delete()
        db.session.commit()
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(2))
        assert len(stored(ana.id)) == 9
        assert_cache_is_true(ana.id)


def test_a_page_looks_for_games_not_rated_only_when_the_finished_games_change(
    app: Flask,
) -> None:
    """Once every finished game is found rated, a read asks how many there are, not
    which are rated; a game more (an import whose rating was not stored) is looked for."""
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(0))
        play(ana, ["Ana", "Ben", "Cai"], one_card_round(1))
        pid = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        assert len(ratings.player_ratings(ana.id, pid)[0].history) == 2
        with counting_statements(app) as sent:
            ratings.ensure_rated(ana.id)
        # The count of finished games: no look at which of them are rated.
        assert len(sent) == 1
        assert "ratings" not in sent[0].lower()
        third = play(ana, ["Ana", "Ben", "Cai"], one_card_round(2))
        db.session.query(Rating).filter(Rating.game_id == third.id).delete()
        db.session.commit()
        assert len(ratings.player_ratings(ana.id, pid)[0].history) == 3
        assert_cache_is_true(ana.id)


# -- partnerships ------------------------------------------------------------------------


def test_sides_are_rated_as_teams_as_openskill_rates_them() -> None:
    """Spades' partnerships (seats 0 and 2 against 1 and 3), as its rules say."""
    sides = SpadesGame.new(["Ana", "Ben", "Cai", "Dee"], 0).sides
    assert sides == ((0, 2), (1, 3))
    tables = [
        ratings.Table("g1", "1", date(2026, 1, 1), (1, 2, 3, 4), (250, 180, 250, 180), sides),
        ratings.Table("g2", "2", date(2026, 1, 2), (1, 3, 2, 4), (90, 310, 90, 310), sides),
    ]
    _end, rated = ratings.rate_tables(tables)
    model = PlackettLuce()
    first = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    ana, cai = first[0]
    ben, dee = first[1]
    second = model.rate([[ana, ben], [cai, dee]], ranks=[2, 1])
    assert rated[0][0].places == [1, 2, 1, 2]
    assert [mu for mu, _ in rated[0][1]] == pytest.approx([ana.mu, ben.mu, cai.mu, dee.mu])
    # Game 2: seats 0 and 2 are Ana (1) and Ben (2); seats 1 and 3 Cai (3) and Dee (4).
    expected = [second[0][0], second[1][0], second[0][1], second[1][1]]
    assert [mu for mu, _ in rated[1][1]] == pytest.approx([r.mu for r in expected])
    assert [s for _, s in rated[1][1]] == pytest.approx([r.sigma for r in expected])


def test_a_kind_with_sides_is_rated_by_sides_from_its_rules(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shared code asks the game's rules for its sides: with Spades' rules registered,
    its stored games are rated side against side."""
    monkeypatch.setitem(GAMES, "spades", SpadesGame)
    caches._sides.cache_clear()
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        night = Night(owner_id=ana.id, date=date(2026, 2, 1))
        players = [Player(owner_id=ana.id, name=name) for name in ("Ana", "Ben", "Cai", "Dee")]
        db.session.add_all([night, *players])
        db.session.flush()
        game = Game(
            owner_id=ana.id,
            night=night,
            kind="spades",
            first_dealer=0,
            options={},
            finished=True,
            created_at=datetime(2026, 2, 1, 20),
        )
        db.session.add(game)
        for seat, (player, total) in enumerate(zip(players, (120, 340, 120, 340), strict=True)):
            game.seats.append(Seat(seat=seat, player=player, total=total, won=total == 340))
        db.session.flush()
        ratings.rerate_account(ana.id)
        db.session.commit()
        rows = stored(ana.id, "spades")
        model = PlackettLuce()
        teams = model.rate(
            [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[2, 1]
        )
        assert [row[2] for row in rows] == [2, 1, 2, 1]
        assert [row[3] for row in rows] == pytest.approx(
            [teams[0][0].mu, teams[1][0].mu, teams[0][1].mu, teams[1][1].mu]
        )
    caches._sides.cache_clear()


def test_position_sorts_as_the_games_list_orders_games() -> None:
    when = date(2026, 3, 1)
    early = ratings.position_of(when, datetime(2026, 3, 1, 9, 5), "b" * 16)
    late = ratings.position_of(when, datetime(2026, 3, 1, 21, 0, 0, 1), "a" * 16)
    next_day = ratings.position_of(when + timedelta(days=1), datetime(2026, 3, 1, 8), "0" * 16)
    assert early < late < next_day


def test_ratings_rated_again_are_written_in_place_with_room_on_their_page(app: Flask) -> None:
    """PostgreSQL keeps the ratings' pages less than half full (migration 0015), so that a
    correction's tens of thousands of rows rated again are each written beside themselves;
    SQLite has no such setting, and stores them afresh."""
    from scorekeeper.models import RATINGS_FILLFACTOR

    with app.app_context():
        connection = db.session.connection()
        if connection.dialect.name != "postgresql":
            pytest.skip("a PostgreSQL table's setting")
        options = connection.exec_driver_sql(
            "SELECT reloptions FROM pg_class WHERE oid = 'ratings'::regclass"
        ).scalar()
        assert options == [f"fillfactor={RATINGS_FILLFACTOR}"]


def test_the_players_page_shows_the_rating_openskill_gives(app: Flask, table: Table) -> None:
    """The page's rating row: μ − 3σ after the player's last game, to a tenth, the games
    that moved it, and the chart of each game's rating with the latest one spoken."""
    with app.app_context():
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        assert ana is not None
        tables = [
            (["Ana", "Ben", "Cai"], one_card_round(0), [1, 2, 2]),
            (["Ben", "Cai", "Ana"], one_card_round(2), [2, 2, 1]),
            (["Ana", "Dee", "Ben"], one_card_round(1), [2, 1, 2]),
        ]
        played = []
        for names, round_, places in tables:
            game = play(ana, names, round_)
            ids = {seat.seat: seat.player_id for seat in game.row.seats}
            played.append(([ids[s] for s in range(len(names))], places))
        pid = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        assert pid is not None
    expected = openskill_directly(played)[pid].ordinal()
    page = table.client.get(f"/players/{pid}").get_data(as_text=True)
    shown = f"{abs(expected):.1f}"
    row = re.search(r'<td class="rating-value">([^<]*)</td><td>(\d+)</td>', page)
    assert row is not None, "no rating on the player's page"
    assert row[1].lstrip("−") == shown and row[1].startswith("−") == (expected < 0)
    assert row[2] == "3"
    assert page.count('class="chart rating-chart"') == 1
    # The chart's spoken label ends with the latest rating.
    assert re.search(rf'aria-label="[^"]* {re.escape(f"{expected:.1f}")}"', page)
