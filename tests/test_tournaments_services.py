"""The tournaments' services: players, draws, the final, the links, the standings' cache."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.rules import RoundRefused
from scorekeeper.services import tournaments
from tests.conftest import PASSWORD

pytestmark = pytest.mark.data_layer

SIX = ["Ana", "Ben", "Cai", "Dai", "Eli", "Fay"]


@pytest.fixture
def ana(app: Flask) -> Any:
    with app.app_context():
        user = services.create_user("ana", PASSWORD)
        yield user
        db.session.remove()


def plan(**changes: Any) -> tournaments.Plan:
    fields: dict[str, Any] = {
        "name": "Cup",
        "date": "2026-12-07",
        "kind": "wizard",
        "options": {"rounds": 1},
        "stages": 2,
        "table_size": 3,
        "ranking": "placement",
        "final_size": 3,
        "players": SIX,
    }
    return tournaments.Plan(**{**fields, **changes})


def play_stage(stage: Any, winner_seat: int = 0) -> None:
    """Every table's one round: seat ``winner_seat`` bids and takes the one trick."""
    for table in stage.tables:
        record = services.StoredGame(table.game, services.rules_game(table.game))
        bids = [1 if seat == winner_seat else 0 for seat in range(3)]
        services.record_round(record, {"trump": "none", "bids": bids, "tricks": bids})


def test_players_change_until_the_first_draw(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan())
    tournaments.register_players(ana, cup, [*SIX, "Gwen"])
    assert tournaments.player_names(cup)[-1] == "Gwen"
    with pytest.raises(RoundRefused):
        tournaments.register_players(ana, cup, ["Ana", "ana"])
    tournaments.draw_stage(cup, seed=1)
    with pytest.raises(services.Conflict):
        tournaments.register_players(ana, cup, SIX)
    assert len(tournaments.player_names(cup)) == 7


def test_the_stages_then_the_final_of_the_top_three(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan())
    first = tournaments.draw_stage(cup, seed=4)
    assert [len(table.game.seats) for table in first.tables] == [3, 3]
    with pytest.raises(services.Conflict):
        tournaments.draw_stage(cup, seed=5)  # stage 1 is being played
    play_stage(first)
    second = tournaments.draw_stage(cup, seed=5)
    play_stage(second)
    standings = tournaments.current_standings(cup)
    final = tournaments.draw_stage(cup, seed=6)
    assert final.final and len(final.tables) == 1
    seated = {seat.player.name for seat in final.tables[0].game.seats}
    # Everyone placed in the top three for sure is seated (a place shared across the cut
    # is drawn by lot).
    lines = standings.lines
    sure = {line.player for line in lines if sum(o.rank <= line.rank for o in lines) <= 3}
    assert len(seated) == 3 and sure <= seated
    play_stage(final, winner_seat=2)
    after = tournaments.current_standings(cup)
    champion = final.tables[0].game.seats[2].player.name
    assert after.lines[0].player == champion
    with pytest.raises(services.Conflict):
        tournaments.draw_stage(cup)


def test_the_standings_kept_are_the_standings_worked_out_afresh(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan(ranking="scores"))
    stage = tournaments.draw_stage(cup, seed=2)
    kept = tournaments.current_standings(cup)
    assert tournaments.current_standings(cup) is kept  # nothing changed: the same
    play_stage(stage)
    changed = tournaments.current_standings(cup)
    assert changed is not kept
    tournaments._CACHE.clear()
    tournaments._REPLAYS.clear()
    assert tournaments.current_standings(cup).lines == changed.lines


def test_a_round_saved_at_one_table_replays_that_tables_game_alone(ana: Any) -> None:
    """The hall's screens draw the standings again after every saved round: the other
    tables' games are not replayed (nor their rounds read) for it."""
    cup = tournaments.create_tournament(ana, plan(ranking="scores"))
    tournaments.draw_stage(cup, seed=2)
    before = tournaments.current_standings(cup)
    services.record_round(_first_table(cup), ONE)
    db.session.expire_all()  # as the next request reads it
    after = tournaments.current_standings(cup)
    assert after.tables[0].state is not before.tables[0].state
    assert after.tables[0].rounds_played == 1
    assert [table.state for table in after.tables[1:]] == [
        table.state for table in before.tables[1:]
    ]
    assert all(
        now.state is then.state
        for now, then in zip(after.tables[1:], before.tables[1:], strict=True)
    )
    tournaments._CACHE.clear()
    tournaments._REPLAYS.clear()
    assert tournaments.current_standings(cup).lines == after.lines


def test_a_table_link_opens_its_game_until_taken_back(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan())
    stage = tournaments.draw_stage(cup, seed=3)
    links = tournaments.keeper_links(cup, stage)
    assert tournaments.keeper_game(links[1]).id == stage.tables[0].game_id
    tournaments.revoke_keeper_link(stage.tables[0])
    with pytest.raises(services.NotFound):
        tournaments.keeper_game(links[1])
    for guess in ("", "x" * 65, "\x00", None, 7):
        with pytest.raises(services.NotFound):
            tournaments.keeper_game(guess)


def test_tonights_players_are_those_seated_tonight(ana: Any) -> None:
    services.create_game(ana, "wizard", ["Zoe", "Yan", "Xia"], 0)
    # One game: its players by name (several games: by the first each played).
    assert tournaments.tonight_names(ana) == ["Xia", "Yan", "Zoe"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": " "}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"name": "Cup\u202e"}, "name"),
        ({"date": "07/12/2026"}, "date"),
        ({"kind": "chess"}, "game"),
        ({"stages": True}, "stages"),
        ({"table_size": 2}, "table_size"),
        ({"final_size": 7}, "final_size"),
        ({"ranking": "elo"}, "ranking"),
        ({"options": {"schedule": "nonsense"}}, "schedule"),
        ({"options": []}, "options"),
        ({"players": "Ana, Ben"}, "players"),
        ({"players": ["Ana", " "]}, "players"),
        ({"players": ["Ana", "Ben"], "final_size": 3}, "final_size"),
    ],
    ids=lambda value: str(value)[:30],
)
def test_a_plan_refused_on_its_field(ana: Any, changes: dict[str, Any], field: str) -> None:
    with pytest.raises(RoundRefused) as refused:
        tournaments.create_tournament(ana, plan(**changes))
    assert field in {error.field for error in refused.value.errors}
    assert tournaments.list_tournaments(ana) == []


def test_the_screens_stamp_follows_the_standings(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan())
    token = tournaments.share_screen(cup)
    before = tournaments.screen_stamp(token)
    assert before == tournaments.tournament_stamp(cup.id) == f"{cup.id}.0-0-0"
    stage = tournaments.draw_stage(cup, seed=8)
    play_stage(stage)
    after = tournaments.screen_stamp(token)
    assert after == tournaments.current_standings(cup).stamp != before
    tournaments.stop_screen(cup)
    with pytest.raises(services.NotFound):
        tournaments.screen_stamp(token)


def _shown(cup: Any) -> tuple[list[str], list[tuple[str, ...]], list[int]]:
    """What the hall's screen shows of the standings: each line's player, each table's
    players, each table's rounds played."""
    standings = tournaments.current_standings(cup)
    return (
        [line.player for line in standings.lines],
        [tuple(table.state.players) for table in standings.tables],
        [table.rounds_played for table in standings.tables],
    )


def _first_table(cup: Any) -> services.StoredGame:
    game = cup.drawn[0].tables[0].game
    return services.StoredGame(game, services.rules_game(game))


def _player(ana: Any, name: str) -> int:
    from sqlalchemy import select

    from scorekeeper.models import Player

    found = db.session.scalar(
        select(Player.id).where(Player.owner_id == ana.id, Player.name == name)
    )
    assert found is not None
    return found


ONE = {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]}

# Every write that changes what the hall's screen shows: (what is ready before it, the
# write). Ready: "registered" (nothing drawn), "drawn" (stage 1 drawn), "played" (stage 1
# drawn, one round saved at its first table), "preliminaries" (both stages played).
SCREEN_WRITES: dict[str, tuple[str, Any]] = {
    "players registered": (
        "registered",
        lambda ana, cup: tournaments.register_players(ana, cup, [*SIX, "Gwen"]),
    ),
    "a registered player renamed": (
        "registered",
        lambda ana, cup: services.rename_player(ana, _player(ana, "Fay"), "Fflur"),
    ),
    "a registered player merged into another": (
        "registered",
        lambda ana, cup: services.merge_players(ana, _new(ana, "Zoe"), _player(ana, "Eli")),
    ),
    "a stage drawn": ("registered", lambda ana, cup: tournaments.draw_stage(cup, seed=3)),
    "a seated player renamed": (
        "drawn",
        lambda ana, cup: services.rename_player(ana, _player(ana, "Ana"), "Anna"),
    ),
    "a seated player merged into another": (
        "played",
        lambda ana, cup: services.merge_players(ana, _new(ana, "Zoe"), _player(ana, "Ben")),
    ),
    "a round saved": ("drawn", lambda ana, cup: services.record_round(_first_table(cup), ONE)),
    "a round corrected": (
        "played",
        lambda ana, cup: services.correct_round(
            _first_table(cup), 1, {**ONE, "bids": [0, 1, 0], "tricks": [0, 1, 0]}
        ),
    ),
    "a round undone": ("played", lambda ana, cup: services.undo_round(_first_table(cup), 1)),
    "the final seated": ("preliminaries", lambda ana, cup: tournaments.draw_stage(cup, seed=9)),
}


def _new(ana: Any, name: str) -> int:
    """A player of the account who is in no tournament."""
    player = services.player_named(ana, name)
    db.session.commit()
    return int(player.id)


@pytest.mark.parametrize("write", list(SCREEN_WRITES), ids=list(SCREEN_WRITES))
def test_every_write_the_screen_shows_changes_its_stamp(ana: Any, write: str) -> None:
    """The hall's screen follows the stamp: whatever changes what it shows changes the
    stamp (in the write's own transaction), and the standings drawn after it show it,
    though the standings before it were kept."""
    ready, change = SCREEN_WRITES[write]
    cup = tournaments.create_tournament(ana, plan(ranking="scores"))
    token = tournaments.share_screen(cup)
    if ready in ("drawn", "played", "preliminaries"):
        stage = tournaments.draw_stage(cup, seed=2)
        if ready == "played":
            services.record_round(_first_table(cup), ONE)
        if ready == "preliminaries":
            play_stage(stage)
            play_stage(tournaments.draw_stage(cup, seed=5))
    before, shown = tournaments.screen_stamp(token), _shown(cup)
    assert tournaments.current_standings(cup).stamp == before  # kept, as a screen reads it
    change(ana, cup)
    db.session.expire_all()  # as the next request reads it
    after = tournaments.screen_stamp(token)
    assert after != before
    assert tournaments.current_standings(cup).stamp == after
    assert _shown(cup) != shown
    tournaments._CACHE.clear()
    tournaments._REPLAYS.clear()
    assert _shown(cup) == _shown(cup)  # worked out afresh, the same


def test_a_renamed_players_new_name_is_on_the_standings(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan())
    tournaments.draw_stage(cup, seed=2)
    assert "Cai" in _shown(cup)[0]
    services.rename_player(ana, _player(ana, "Cai"), "Caio")
    db.session.expire_all()
    names, tables, _rounds = _shown(cup)
    assert "Caio" in names and "Cai" not in names
    assert any("Caio" in table for table in tables)


def test_two_players_of_one_tournament_are_not_merged(ana: Any) -> None:
    cup = tournaments.create_tournament(ana, plan())
    stamp = tournaments.tournament_stamp(cup.id)
    with pytest.raises(services.PlayerError) as refused:
        services.merge_players(ana, _player(ana, "Ana"), _player(ana, "Ben"))
    assert refused.value.field == "other"
    db.session.rollback()
    assert tournaments.player_names(cup) == SIX
    assert tournaments.tournament_stamp(cup.id) == stamp


def test_a_tournament_none_of_it_changed_keeps_its_stamp(ana: Any) -> None:
    """Over-eager is harmless (a reload), but a player of another tournament, or of none,
    renamed leaves this one's screens alone."""
    cup = tournaments.create_tournament(ana, plan())
    other = tournaments.create_tournament(ana, plan(players=["Gwen", "Hal", "Ivy"], final_size=0))
    stamp = tournaments.tournament_stamp(cup.id)
    services.rename_player(ana, _player(ana, "Gwen"), "Gwyn")
    services.rename_player(ana, _new(ana, "Zoe"), "Zoë")
    assert tournaments.tournament_stamp(cup.id) == stamp
    assert tournaments.tournament_stamp(other.id) != stamp


def test_a_season_of_tournament_games_holds_the_tables_played(ana: Any) -> None:
    """A season of tournament games only: each table's game once finished, and not a
    game played beside the tournament the same night."""
    from datetime import date, timedelta

    from scorekeeper.services import seasons

    cup = tournaments.create_tournament(ana, plan(stages=1, final_size=0))
    stage = tournaments.draw_stage(cup, seed=2)
    table_games = {table.game.id for table in stage.tables}
    beside = services.create_game(ana, "wizard", SIX[:3], 0, {"rounds": 1})
    services.record_round(beside, {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    today = date.today()
    season = seasons.create_season(
        ana,
        "Cups",
        "wizard",
        today - timedelta(days=2),
        today + timedelta(days=2),
        1,
        tournament_only=True,
    )
    assert seasons.standings(season) == []  # drawn, not yet played
    play_stage(stage)
    plays = seasons.season_plays(season)
    assert len(plays) == len(table_games) == 2
    assert {name for play in plays for name in play.players} == set(SIX)
    every = seasons.create_season(
        ana, "All", "wizard", today - timedelta(days=2), today + timedelta(days=2), 1
    )
    assert len(seasons.season_plays(every)) == 3
