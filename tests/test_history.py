"""History: game lists with filters, nights, players and statistics, worked out by hand
for a small recorded data set."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

import pytest
from flask import Flask
from sqlalchemy import event, select

from scorekeeper import history, services
from scorekeeper.extensions import db
from scorekeeper.games.kinds import kind
from scorekeeper.models import Night, Player, User

pytestmark = pytest.mark.data_layer


def wizard_round(bids: list[int], tricks: list[int], trump: str = "hearts") -> dict:
    return {"trump": trump, "bids": bids, "tricks": tricks}


@pytest.fixture
def data(app: Flask) -> Iterator[dict]:
    """Four games: A, C and D tonight, B on an old night in Caerdydd; D still running."""
    with app.app_context():
        ana = services.create_user("ana", "ana plays clubs")
        services.create_user("ben", "ben plays hearts")
        old = Night(owner_id=ana.id, date=date(2026, 1, 5), place="Caerdydd")
        db.session.add(old)
        db.session.commit()
        a = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], options={"rounds": 2})
        a = services.record_round(a, wizard_round([1, 0, 0], [1, 0, 0]))
        a = services.record_round(a, wizard_round([1, 1, 1], [2, 0, 0]))
        b = services.create_game(
            ana, "wizard", ["Ana", "Ben", "Dee"], options={"rounds": 1}, night=old
        )
        b = services.record_round(b, wizard_round([0, 1, 0], [0, 1, 0]))
        c = services.create_game(ana, "one_card", ["Ana", "Ben"], options={"target": 10})
        c = services.record_round(
            c, {"bidder": 0, "bid": 8, "trump": "clubs", "points": [9, 6], "last_trick": 0}
        )
        c = services.record_round(
            c, {"bidder": None, "bid": None, "trump": "none", "points": [2, 13], "last_trick": 1}
        )
        d = services.create_game(ana, "wizard", ["Ana", "Cai", "Dee"])
        d = services.record_round(d, wizard_round([0, 1, 0], [1, 0, 0]))
        ids = {name: game.id for name, game in zip("abcd", (a, b, c, d), strict=True)}
        people = {p.name: p.id for p in db.session.scalars(select(Player))}
        yield {
            "ana": ana,
            "games": ids,
            "players": people,
            "old": old.id,
            "tonight": a.row.night_id,
        }


def test_the_games_list_filters(data: dict) -> None:
    ana, games, people = data["ana"], data["games"], data["players"]

    def listed(**filters: object) -> list[str]:
        page = history.games_page(ana, history.GameFilter(**filters))  # type: ignore[arg-type]
        return [line.game.id for line in page.lines]

    assert set(listed()) == set(games.values())
    assert listed()[-1] == games["b"]  # the old night comes last
    assert set(listed(player_id=people["Dee"])) == {games["b"], games["d"]}
    assert listed(kind="one_card") == [games["c"]]
    assert listed(status="running") == [games["d"]]
    assert set(listed(status="finished")) == {games["a"], games["b"], games["c"]}
    assert games["b"] not in listed(since=date(2026, 6, 1))
    assert listed(until=date(2026, 6, 1)) == [games["b"]]
    line = history.games_page(ana, history.GameFilter(kind="one_card")).lines[0]
    assert [seat.player.name for seat in line.winners] == ["Ben"]
    assert line.rounds_played == 2


def test_every_page_of_the_list_in_order_whichever_end_it_is_read_from(
    data: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The later pages are found from the oldest game: together the pages are the list."""
    ana = data["ana"]
    for n in range(6):
        game = services.create_game(ana, "wizard", ["Ana", "Ben", f"E{n}"], options={"rounds": 1})
        services.record_round(game, wizard_round([1, 0, 0], [1, 0, 0]))
    whole = [line.game.id for line in history.games_page(ana, history.GameFilter()).lines]
    assert len(whole) == 10 and whole[-1] == data["games"]["b"]
    monkeypatch.setattr(history, "PAGE_SIZE", 3)
    pages = [history.games_page(ana, history.GameFilter(), n) for n in (1, 2, 3, 4, 99)]
    assert [[line.game.id for line in page.lines] for page in pages[:4]] == [
        whole[0:3],
        whole[3:6],
        whole[6:9],
        whole[9:],
    ]
    assert pages[4].number == 4 and pages[4].lines == pages[3].lines  # past the end: the last
    ben = data["players"]["Ben"]
    theirs = history.games_page(ana, history.GameFilter(player_id=ben), 3)
    assert theirs.total == 9 and len(theirs.lines) == 3  # A, B, C and the six new ones
    other = db.session.scalar(select(User).where(User.username == "ben"))
    assert history.games_page(other, history.GameFilter(player_id=ben)).total == 0


def test_a_night_and_its_standings(data: dict) -> None:
    report = history.night_report(data["ana"], data["tonight"])
    assert [line.game.id for line in report.lines] == [data["games"][g] for g in "acd"]

    def table(standings: history.KindStandings) -> list[tuple[int, str, int, int, int]]:
        return [(s.rank, s.name, s.games, s.wins, s.points) for s in standings.standings]

    # A table a game, of its finished games only: game D, still being played, is in none
    # (Ana's -10 and Dee's 20 in it counted nowhere), and Wizard's points are never added
    # to One Card's. Ben and Cai share second place on equal wins and points.
    assert [(t.key, t.games) for t in report.standings] == [("wizard", 1), ("one_card", 1)]
    wizard, one_card = report.standings
    assert table(wizard) == [
        (1, "Ana", 1, 1, 20),
        (2, "Ben", 1, 0, 10),
        (2, "Cai", 1, 0, 10),
    ]
    assert table(one_card) == [(1, "Ben", 1, 1, 19), (2, "Ana", 1, 0, 11)]
    assert [(number, line.game.id) for number, line in report.unfinished] == [
        (3, data["games"]["d"])
    ]
    nights, page = history.nights_page(data["ana"])
    assert [n.night.id for n in nights] == [data["tonight"], data["old"]]
    assert page.total == 2
    assert [line.game.id for line in nights[1].games] == [data["games"]["b"]]


def test_player_statistics_worked_out_by_hand(data: dict) -> None:
    stats = history.player_stats(data["ana"], data["players"]["Ana"])
    by_kind = {s.kind: s for s in stats.by_kind}
    assert (by_kind["wizard"].played, by_kind["wizard"].won) == (2, 1)
    assert by_kind["wizard"].average == 20 and by_kind["wizard"].best == 20
    assert by_kind["wizard"].win_rate == 0.5
    assert (by_kind["one_card"].played, by_kind["one_card"].won) == (1, 0)
    assert by_kind["one_card"].best == 11
    # Wizard rounds of finished games, like the results: 1 card twice (both exact),
    # 2 cards once (bid 1, took 2). Game D's round (bid 0, took 1) waits until D ends.
    # Each game's section is its kind's, made of the bids history reads.
    bids = kind("wizard").statistics(stats.bidding["wizard"])
    assert (bids.rounds, bids.exact) == (3, 2)
    assert bids.exact_share == pytest.approx(2 / 3)
    assert bids.average_miss == pytest.approx(-1 / 3)
    assert [(b.cards, b.rounds, b.exact) for b in bids.by_cards] == [(1, 2, 2), (2, 1, 0)]
    assert bids.by_cards[0].average_miss == 0
    contracts = kind("one_card").statistics(stats.bidding["one_card"])
    assert (contracts.made, contracts.failed) == (1, 0)
    # Ana and Dee both finished game B on 20.
    assert [(o.name, o.games, o.ahead, o.level, o.behind) for o in stats.opponents] == [
        ("Ben", 3, 1, 0, 2),
        ("Cai", 1, 1, 0, 0),
        ("Dee", 1, 0, 1, 0),
    ]
    assert [(kind, total, won) for _when, kind, total, won in stats.timeline] == [
        ("wizard", 20, False),
        ("wizard", 20, True),
        ("one_card", 11, False),
    ]
    assert [(kind, [t for _w, t, _won in games]) for kind, games in stats.timeline_by_kind()] == [
        ("wizard", [20, 20]),
        ("one_card", [11]),
    ]


def test_rename_and_merge_players(data: dict) -> None:
    ana, people = data["ana"], data["players"]
    with pytest.raises(services.PlayerError, match="already a player here"):
        services.rename_player(ana, people["Dee"], "ben")
    services.rename_player(ana, people["Dee"], "Dee Jones")
    jones = services.create_game(ana, "wizard", ["Ana", "Ben", "D. Jones"], options={"rounds": 1})
    services.record_round(jones, wizard_round([1, 0, 0], [1, 0, 0]))
    d_jones = db.session.scalar(select(Player.id).where(Player.name == "D. Jones"))
    with pytest.raises(services.PlayerError, match="sat at the same table"):
        services.merge_players(ana, people["Ana"], people["Ben"])
    kept = services.merge_players(ana, people["Dee"], d_jones)
    assert kept.name == "Dee Jones"
    assert db.session.get(Player, d_jones) is None
    stats = history.player_stats(ana, people["Dee"])
    assert sum(s.played for s in stats.by_kind) == 2  # game B and the new one
    # B and the new game; D is still being played
    assert sum(line.rounds for line in stats.bidding["wizard"]) == 2
    with pytest.raises(services.NotFound):
        services.get_player(
            db.session.scalar(select(User).where(User.username == "ben")), people["Ana"]
        )


@contextmanager
def counted() -> Iterator[list[str]]:
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", count)


def test_history_pages_run_a_fixed_number_of_queries(data: dict) -> None:
    ana, people = data["ana"], data["players"]

    def queries() -> list[int]:
        db.session.expire_all()
        results = []
        for run in (
            lambda: history.games_page(ana, history.GameFilter()),
            lambda: history.nights_page(ana),
            lambda: history.night_report(ana, data["tonight"]),
            lambda: history.player_stats(ana, people["Ana"]),
        ):
            with counted() as statements:
                run()
            results.append(len(statements))
            db.session.expire_all()
        return results

    before = queries()
    for _ in range(25):
        game = services.create_game(ana, "wizard", ["Ana", "Ben", "Eve"], options={"rounds": 2})
        game = services.record_round(game, wizard_round([1, 0, 0], [1, 0, 0]))
    assert queries() == before


def visible(summary: dict) -> dict:
    """What the player page reads of a summary: the kept games beyond the chart's are
    room for taking a game back, not part of the answer."""
    return {**summary, "timeline": history.chart_games(summary["timeline"])}


def test_player_summaries_follow_the_games_and_match_a_fresh_count(data: dict) -> None:
    """The summary cache equals the statistics counted afresh, after every kind of change."""
    from scorekeeper.models import PlayerSummary

    ana, people = data["ana"], data["players"]

    def check() -> None:
        db.session.expire_all()
        for player_id in people.values():
            if db.session.get(Player, player_id) is None:
                continue
            cached = db.session.get(PlayerSummary, player_id)
            fresh = services.summarize_player(player_id)
            if cached is None:
                assert fresh["by_kind"] == [] and fresh["opponents"] == []
            else:
                assert visible(cached.data) == visible(fresh), player_id

    check()
    # A correction of a finished game changes everyone's results in it.
    a = services.get_game(ana, data["games"]["a"])
    services.correct_round(a, 2, wizard_round([1, 1, 1], [0, 1, 1]))
    check()
    # Undoing the last round reopens the game: it leaves the summaries.
    b = services.get_game(ana, data["games"]["b"])
    services.undo_round(b, 1)
    check()
    eve = services.create_game(ana, "wizard", ["Ana", "Ben", "Eve"], options={"rounds": 1})
    services.record_round(eve, wizard_round([1, 0, 0], [1, 0, 0]))
    check()
    # A night moved to another date: its games move in the players' latest games.
    services.update_night(ana, data["tonight"], date(2019, 5, 4), "", "")
    check()
    services.merge_players(
        ana, people["Cai"], db.session.scalar(select(Player.id).where(Player.name == "Eve"))
    )
    check()


def test_a_long_history_is_updated_by_each_games_own_results(data: dict) -> None:
    """More games than the chart keeps: finishing, correcting, reopening and finishing
    again each change the summaries by that game's results alone, and the answer equals
    a fresh count, the best total and the latest games included."""
    from scorekeeper.models import PlayerSummary

    ana, people = data["ana"], data["players"]
    names = ["Ana", "Ben", "Eve"]
    games = []
    for n in range(services.caches.TIMELINE_KEPT + 5):
        game = services.create_game(ana, "wizard", names, options={"rounds": 1})
        tricks = [[1, 0, 0], [0, 1, 0], [0, 0, 1]][n % 3]
        games.append(services.record_round(game, wizard_round(tricks, tricks)))

    def check() -> None:
        db.session.expire_all()
        for name in ("Ana", "Ben"):
            cached = db.session.get(PlayerSummary, people[name])
            assert cached is not None
            assert visible(cached.data) == visible(services.summarize_player(people[name]))

    check()
    # Ana's best: a made bid of 1 with 1 card is 30; make one game her only 40? Not in one
    # card: instead take back a game she won and see her best and her wins follow.
    latest = games[-1]
    services.undo_round(latest, 1)  # reopens the newest game: it leaves the summaries
    check()
    services.record_round(services.get_game(ana, latest.id), wizard_round([0, 0, 1], [1, 0, 0]))
    check()
    # A correction of an old finished game, deep in the history.
    services.correct_round(
        services.get_game(ana, games[3].id), 1, wizard_round([0, 1, 0], [0, 1, 0])
    )
    check()
    # Every game Ana made her bid in taken back, one by one: her best total falls.
    for game in games[:3]:
        services.undo_round(services.get_game(ana, game.id), 1)
        check()
