"""Seasons: the standings of a worked example (tests/data/season_example.json) checked by
hand, the ratings column, the plays for other loggers, the pages and the JSON API with
their refusals (nothing stored by a refused season)."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_babel import force_locale
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.i18n import LANGUAGES
from scorekeeper.models import Night, Player, Season
from scorekeeper.services import ratings, seasons
from tests.conftest import ApiClient, Table, page_errors
from tests.test_api import check_response, spec_document

pytestmark = pytest.mark.data_layer

EXAMPLE = json.loads(
    (Path(__file__).parent / "data" / "season_example.json").read_text(encoding="utf-8")
)


def play_example(owner_name: str = "ana") -> dict[str, str]:
    """The example's games, each on its night, for ``owner_name``: their ids by label."""
    owner = services.user_named(owner_name)
    assert owner is not None
    nights: dict[str, Night] = {}
    ids = {}
    for game in EXAMPLE["games"]:
        night = nights.get(game["date"])
        if night is None:
            night = nights[game["date"]] = Night(
                owner_id=owner.id, date=date.fromisoformat(game["date"]), place="Y Llew Coch"
            )
            db.session.add(night)
            db.session.commit()
        options = {"hook": False, "rounds": game.get("rounds", 1)}
        record = services.create_game(owner, "wizard", game["players"], 0, options, night=night)
        record = services.record_round(
            record, {"trump": "hearts", "bids": game["bids"], "tricks": game["tricks"]}
        )
        assert list(record.state.totals) == game["totals"], game["label"]
        ids[game["label"]] = record.id
    return ids


def play_spades(owner_name: str = "ana") -> str:
    """A finished game of Spades to 100, in one hand after the example's nights: Ana and
    Cai (seats 0 and 2) bid 11 and take 11 (110), Ben and Dee break 3 (−30)."""
    owner = services.user_named(owner_name)
    assert owner is not None
    night = Night(owner_id=owner.id, date=date(2026, 5, 5), place="Y Llew Coch")
    db.session.add(night)
    db.session.commit()
    record = services.create_game(
        owner, "spades", ["Ana", "Ben", "Cai", "Dee"], 0, {"target": 100}, night=night
    )
    record = services.record_round(record, {"bids": [6, 2, 5, 1], "tricks": [6, 1, 5, 1]})
    assert record.state.finished and list(record.state.winners) == [0, 2]
    return record.id


def spades_season(owner_name: str = "ana") -> Season:
    owner = services.user_named(owner_name)
    assert owner is not None
    return seasons.create_season(owner, "Spring", "spades", date(2026, 3, 1), date(2026, 5, 31))


def example_season(owner_name: str = "ana") -> Season:
    owner = services.user_named(owner_name)
    assert owner is not None
    given = EXAMPLE["season"]
    return seasons.create_season(
        owner,
        given["name"],
        given["game"],
        date.fromisoformat(given["since"]),
        date.fromisoformat(given["until"]),
        given["min_games"],
    )


def test_the_worked_example_standings(app: Flask, api: ApiClient) -> None:
    with app.app_context():
        play_example()
        lines = seasons.standings(example_season())
        found = [
            {
                "rank": line.rank,
                "player": line.name,
                "games": line.games,
                "wins": line.wins,
                "average_place": round(line.average_place, 4),
                "points": line.points,
            }
            for line in lines
        ]
        assert found == EXAMPLE["standings"]


def test_the_rating_column_is_each_players_rating_at_the_seasons_end(
    app: Flask, api: ApiClient
) -> None:
    """Every game of the kind up to the season's end counts (February's too), none after."""
    with app.app_context():
        play_example()
        lines = {line.name: line for line in seasons.standings(example_season())}
        model = PlackettLuce()
        current: dict[str, Any] = {}
        for game in EXAMPLE["games"]:
            if game["label"] in ("running", "after"):
                continue
            totals = game["totals"]
            places = [1 + sum(other > total for other in totals) for total in totals]
            teams = [[current.get(name) or model.rating()] for name in game["players"]]
            for name, team in zip(game["players"], model.rate(teams, ranks=places), strict=True):
                current[name] = team[0]
        for name, rating in current.items():
            assert lines[name].rating == pytest.approx(rating.mu - 3 * rating.sigma, abs=1e-9)


def test_the_cached_standings_follow_every_change_to_the_seasons_games(
    app: Flask, api: ApiClient
) -> None:
    with app.app_context():
        ids = play_example()
        season = example_season()
        owner = services.user_named("ana")
        assert owner is not None

        def shown() -> dict[str, tuple[int | None, int, int]]:
            return {s.name: (s.rank, s.wins, s.points) for s in seasons.standings(season)}

        assert shown()["Ben"] == (4, 0, 30)
        assert db.session.scalar(select(Season.standings)) is not None  # kept
        # Ben and Cai both miss in g2: the same places, other points.
        missed = {"trump": "hearts", "bids": [1, 1, 1], "tricks": [1, 0, 0]}
        services.correct_round(services.get_game(owner, ids["g2"]), 1, missed)
        assert shown()["Ben"] == (4, 0, 0) and shown()["Cai"] == (1, 2, 60)
        # Ben takes g2's trick he bid: the places move, and the ratings with them.
        ben_wins = {"trump": "hearts", "bids": [0, 1, 0], "tricks": [0, 1, 0]}
        services.correct_round(services.get_game(owner, ids["g2"]), 1, ben_wins)
        assert shown()["Ben"] == (3, 1, 40)
        # The cache is what the season's games say afresh.
        cached = db.session.scalar(select(Season.standings))
        assert cached == seasons._figures(season)
        # A game outside the season changes nothing of it, and a rename shows at once.
        before = db.session.scalar(select(Season.generation))
        services.undo_round(services.get_game(owner, ids["after"]), 1)
        assert db.session.scalar(select(Season.generation)) == before
        ben = db.session.scalar(select(Player).where(Player.name == "Ben"))
        assert ben is not None
        services.rename_player(owner, ben.id, "Benedict")
        assert "Benedict" in shown()


def test_a_season_of_tournament_games_counts_only_those(
    app: Flask, api: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook a tournament's tables fill: none on their own, only theirs when given."""
    with app.app_context():
        ids = play_example()
        owner = services.user_named("ana")
        assert owner is not None
        only = seasons.create_season(
            owner, "Cup", "wizard", date(2026, 3, 1), date(2026, 3, 31), 1, tournament_only=True
        )
        assert seasons.standings(only) == []
        assert seasons.season_plays(only) == []
        from scorekeeper.models import Game

        monkeypatch.setattr(
            seasons, "tournament_games", lambda: select(Game.id).where(Game.id == ids["g3"])
        )
        # A game made a tournament's table changes what the season holds: its cache goes.
        ratings.forget_standings(owner.id, "wizard", date(2026, 3, 3))
        assert {(s.name, s.games) for s in seasons.standings(only)} == {
            ("Ben", 1),
            ("Cai", 1),
            ("Dee", 1),
        }
        assert [play.players for play in seasons.season_plays(only)] == [["Ben", "Cai", "Dee"]]


def test_the_seasons_plays_as_csv_one_row_a_game(app: Flask, table: Table) -> None:
    with app.app_context():
        play_example()
        season = example_season()
    answer = table.client.get(f"/seasons/{season.id}/plays.csv")
    assert answer.status_code == 200
    assert answer.mimetype == "text/csv"
    assert "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
    assert rows[0][:7] == ["date", "place", "game", "play", "player 1", "score 1", "won 1"]
    assert len(rows[0]) == 4 + 3 * 4  # the largest table: four players
    assert [row[0] for row in rows[1:]] == ["2026-03-03", "2026-03-03", "2026-03-10", "2026-03-17"]
    assert rows[1][1:3] == ["Y Llew Coch", "Wizard"]
    fourth = ["Ana", "20", "no", "Dee", "30", "yes", "Ben", "-10", "no", "Cai", "20", "no"]
    assert rows[3][4:16] == fourth
    assert rows[4][4:13] == ["Ana", "-10", "no", "Cai", "20", "yes", "Eve", "20", "yes"]


def test_a_game_of_partnerships_adds_each_players_side_after_the_columns_before(
    app: Flask, table: Table
) -> None:
    """The side columns come at the end, each seat's side named by its players; a reader
    of the columns before finds them where they were."""
    with app.app_context():
        play_spades()
        season = spades_season()
    rows = list(csv.reader(io.StringIO(table.client.get(f"/seasons/{season.id}/plays.csv").text)))
    assert rows[0][4:7] == ["player 1", "score 1", "won 1"]
    assert rows[0][16:] == ["side 1", "side 2", "side 3", "side 4"]
    assert rows[1][2] == "Spades"
    assert rows[1][4:16] == [
        *("Ana", "110", "yes", "Ben", "-30", "no"),
        *("Cai", "110", "yes", "Dee", "-30", "no"),
    ]
    assert rows[1][16:] == ["Ana & Cai", "Ben & Dee", "Ana & Cai", "Ben & Dee"]


def test_a_players_plays_of_several_games_keep_the_side_columns_in_line(
    app: Flask, table: Table
) -> None:
    """A game of three players among games of four: its row is filled out to the side
    columns; a player of a game without sides has no side."""
    with app.app_context():
        play_example()
        play_spades()
        cai = db.session.scalar(select(Player.id).where(Player.name == "Cai"))
    answer = table.client.get(f"/players/{cai}/plays.csv")
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert len(rows[0]) == 4 + 3 * 4 + 4 and rows[0][-1] == "side 4"
    assert {len(row) for row in rows} == {4 + 3 * 4 + 4}
    *wizard, spades = rows[1:]
    assert {row[2] for row in wizard} == {"Wizard"}
    assert all(row[16:] == ["", "", "", ""] for row in wizard)
    three = next(row for row in wizard if row[13:16] == ["", "", ""])
    assert three[4] and three[16:] == ["", "", "", ""]
    assert spades[16:] == ["Ana & Cai", "Ben & Dee", "Ana & Cai", "Ben & Dee"]


def test_plays_without_partnerships_have_no_side_columns(app: Flask, table: Table) -> None:
    with app.app_context():
        play_example()
        play_spades()
        eve = db.session.scalar(select(Player.id).where(Player.name == "Eve"))
    rows = list(csv.reader(io.StringIO(table.client.get(f"/players/{eve}/plays.csv").text)))
    assert not any(cell.startswith("side") for cell in rows[0])


def test_a_players_plays_as_csv_neutralise_formulas(app: Flask, table: Table) -> None:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        game = services.create_game(
            owner, "wizard", ["=HYPERLINK()", "Ben", "Cai"], 0, {"rounds": 1}
        )
        services.record_round(game, {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
        player = db.session.scalar(select(Player.id).where(Player.name == "=HYPERLINK()"))
    answer = table.client.get(f"/players/{player}/plays.csv")
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
    assert rows[1][4:7] == ["'=HYPERLINK()", "30", "yes"]
    assert table.client.get("/players/99999/plays.csv").status_code == 404


# -- pages -----------------------------------------------------------------------------


def seasons_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Season)) or 0


FORM = {"name": "Spring", "game": "wizard", "since": "2026-03-01", "until": "2026-05-31"}


def test_a_season_made_on_the_page_shows_its_standings(app: Flask, table: Table) -> None:
    with app.app_context():
        play_example()
    made = table.post("/seasons", {**FORM, "min_games": "2"})
    assert made.status_code == 302
    page = table.client.get(made.headers["Location"])
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Spring" in text and "Avg. place" in text and "Rating" in text
    assert text.index(">Cai<") < text.index(">Dee<") < text.index(">Ana<") < text.index(">Eve<")
    listed = table.client.get("/seasons").get_data(as_text=True)
    assert "Spring" in listed


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "This field is required."),
        ({"name": "x" * 81}, "Field cannot be longer than 80 characters."),
        (
            {"name": "Spring\u202e"},
            "Name has an invisible character (U+202E): type it again without it",
        ),
        ({"game": "chess"}, "Not a valid choice."),
        ({"until": "2026-02-01"}, "The season ends before it starts"),
        ({"until": "2040-01-01"}, "A season is at most ten years long"),
        ({"since": "March"}, "Not a valid date value."),
        ({"min_games": "0"}, "Number must be between 1 and 1000."),
        ({"min_games": "two"}, "Not a valid integer value."),
    ],
    ids=["empty", "long", "hidden", "game", "backwards", "decade", "date", "zero", "words"],
)
def test_a_season_refused_on_the_page_says_why_and_stores_nothing(
    app: Flask, table: Table, change: dict[str, str], message: str
) -> None:
    answer = table.post("/seasons", {**FORM, "min_games": "1", **change})
    assert answer.status_code == 422
    assert message in page_errors(answer)
    assert seasons_count(app) == 0


def test_a_double_tap_makes_one_season(app: Flask, table: Table) -> None:
    assert table.post("/seasons", {**FORM, "min_games": "1"}).status_code == 302
    again = table.post("/seasons", {**FORM, "min_games": "1"})
    assert again.status_code == 422
    assert "There is a season of that name already" in page_errors(again)
    assert seasons_count(app) == 1


def test_seasons_are_the_accounts_own(app: Flask, table: Table) -> None:
    with app.app_context():
        ben = services.user_named("ben")
        assert ben is not None
        theirs = seasons.create_season(ben, "Ben's", "wizard", date(2026, 1, 1), date(2026, 2, 1))
    assert table.client.get(f"/seasons/{theirs.id}").status_code == 404
    assert table.client.get(f"/seasons/{theirs.id}/plays.csv").status_code == 404
    assert "Ben&#39;s" not in table.client.get("/seasons").get_data(as_text=True)
    table.client.post("/logout", data={"csrf_token": table.token})
    away = table.client.get("/seasons")
    assert away.status_code == 302 and "/login" in away.headers["Location"]


def test_a_players_page_shows_their_rating(app: Flask, table: Table) -> None:
    with app.app_context():
        play_example()
        cai = db.session.scalar(select(Player.id).where(Player.name == "Cai"))
    text = table.client.get(f"/players/{cai}").get_data(as_text=True)
    assert 'id="ratings-title"' in text
    assert "Cai: rating after each game" in text


# -- the JSON API ----------------------------------------------------------------------


def test_the_api_makes_lists_and_reads_a_season(app: Flask, api: ApiClient) -> None:
    with app.app_context():
        play_example()
    api.login()
    made = api.post("/api/v1/seasons", EXAMPLE["season"])
    assert made.status_code == 201
    season = made.json
    assert made.headers["Location"].endswith(f"/api/v1/seasons/{season['id']}")
    assert season == {"id": season["id"], **EXAMPLE["season"], "tournament_only": False}
    assert api.get("/api/v1/seasons").json == {"seasons": [season]}
    read = api.get(f"/api/v1/seasons/{season['id']}").json
    assert [{k: s[k] for k in EXAMPLE["standings"][0]} for s in read["standings"]] == EXAMPLE[
        "standings"
    ]
    assert all(isinstance(s["rating"], float) for s in read["standings"])
    plays = api.get(f"/api/v1/seasons/{season['id']}/plays").json["plays"]
    assert [play["date"] for play in plays] == [
        "2026-03-03",
        "2026-03-03",
        "2026-03-10",
        "2026-03-17",
    ]
    assert plays[3]["players"][1] == {"name": "Cai", "score": 20, "won": True}
    cai = read["standings"][0]["player_id"]
    rated = api.get(f"/api/v1/players/{cai}/ratings").json
    assert rated["player"] == "Cai"
    assert rated["ratings"][0]["game"] == "wizard"
    assert rated["ratings"][0]["games"] == 6  # February's, March's four, April's
    assert rated["ratings"][0]["rating"] == pytest.approx(
        rated["ratings"][0]["mu"] - 3 * rated["ratings"][0]["sigma"], abs=1e-3
    )
    assert len(api.get(f"/api/v1/players/{cai}/plays").json["plays"]) == 6


def test_the_api_names_each_players_side_and_partners_in_a_game_of_partnerships(
    app: Flask, api: ApiClient
) -> None:
    """New fields, for a game of partnerships only: a game without sides reads as before."""
    with app.app_context():
        play_example()
        play_spades()
        season = spades_season()
        cai = db.session.scalar(select(Player.id).where(Player.name == "Cai"))
    api.login()
    document = spec_document(api.client)
    answer = api.get(f"/api/v1/seasons/{season.id}/plays")
    check_response(document, "/seasons/{season_id}/plays", "get", answer)
    (play,) = answer.json["plays"]
    assert play["game"] == "spades"
    assert play["players"] == [
        {"name": "Ana", "score": 110, "won": True, "side": "Ana & Cai", "partners": ["Cai"]},
        {"name": "Ben", "score": -30, "won": False, "side": "Ben & Dee", "partners": ["Dee"]},
        {"name": "Cai", "score": 110, "won": True, "side": "Ana & Cai", "partners": ["Ana"]},
        {"name": "Dee", "score": -30, "won": False, "side": "Ben & Dee", "partners": ["Ben"]},
    ]
    answer = api.get(f"/api/v1/players/{cai}/plays")
    check_response(document, "/players/{player_id}/plays", "get", answer)
    *wizard, spades = answer.json["plays"]
    assert {play["game"] for play in wizard} == {"wizard"}
    assert all(set(p) == {"name", "score", "won"} for play in wizard for p in play["players"])
    assert spades["players"][2]["side"] == "Ana & Cai"
    player = document["components"]["schemas"]["Play"]["properties"]["players"]["items"]
    assert {"side", "partners"} <= set(player["properties"])
    assert "side" not in player["required"]


GOOD = {"name": "Spring", "game": "wizard", "since": "2026-03-01", "until": "2026-05-31"}


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ([], ["body"]),
        ({**GOOD, "name": ""}, ["name"]),
        ({**GOOD, "name": 7}, ["name"]),
        ({**GOOD, "name": "x" * 81}, ["name"]),
        ({**GOOD, "game": "chess"}, ["game"]),
        ({**GOOD, "since": "01/03/2026"}, ["since"]),
        ({**GOOD, "until": "2026-02-30"}, ["until"]),
        ({**GOOD, "until": "2026-01-01"}, ["until"]),
        ({**GOOD, "min_games": 0}, ["min_games"]),
        ({**GOOD, "min_games": True}, ["min_games"]),
        ({**GOOD, "min_games": "3"}, ["min_games"]),
        ({**GOOD, "tournament_only": "yes"}, ["tournament_only"]),
        ({**GOOD, "colour": "red"}, ["colour"]),
        ({"game": "chess", "since": "x"}, ["name", "game", "since", "until"]),
    ],
    ids=[
        "array",
        "empty",
        "number",
        "long",
        "game",
        "date",
        "no-such-day",
        "backwards",
        "zero",
        "bool",
        "text",
        "flag",
        "unknown",
        "several",
    ],
)
def test_the_api_refuses_a_season_field_by_field(
    app: Flask, api: ApiClient, body: Any, fields: list[str]
) -> None:
    api.login()
    answer = api.post("/api/v1/seasons", body)
    assert answer.status_code == 422
    assert [error["field"] for error in answer.json["errors"]] == fields
    assert all(error["message"] for error in answer.json["errors"])
    assert seasons_count(app) == 0


def test_the_api_answers_in_the_readers_language(app: Flask, api: ApiClient) -> None:
    api.login()
    answer = api.client.post(
        "/api/v1/seasons",
        json={**GOOD, "until": "2026-01-01"},
        headers={**api.headers, "Accept-Language": "cy"},
    )
    assert answer.json["errors"] == [
        {"field": "until", "message": "Mae'r tymor yn gorffen cyn iddo ddechrau"}
    ]


def test_the_api_keeps_accounts_apart_and_wants_a_token(app: Flask, api: ApiClient) -> None:
    with app.app_context():
        play_example("ben")
        ben = services.user_named("ben")
        assert ben is not None
        theirs = seasons.create_season(ben, "Ben's", "wizard", date(2026, 1, 1), date(2026, 12, 1))
        their_player = db.session.scalar(select(Player.id).where(Player.owner_id == ben.id))
    for path in (
        "/api/v1/seasons",
        f"/api/v1/seasons/{theirs.id}",
        f"/api/v1/players/{their_player}/ratings",
    ):
        assert api.client.get(path).status_code == 401
    api.login()
    assert api.get("/api/v1/seasons").json == {"seasons": []}
    for path in (
        f"/api/v1/seasons/{theirs.id}",
        f"/api/v1/seasons/{theirs.id}/plays",
        f"/api/v1/players/{their_player}/ratings",
        f"/api/v1/players/{their_player}/plays",
        "/api/v1/seasons/99999999999999999999",
    ):
        answer = api.get(path)
        assert answer.status_code == 404, path
        assert answer.json["errors"][0]["message"]


# The standings' rows as the season's template wrote them in a loop, before a function
# (filters.season_rows) wrote them: kept here to hold that function to it, to the byte.
SEASON_ROWS_LOOP = """\
    {% for s in standings %}
    <tbody{% if s.rank is none %} class="unranked"{% endif %}>
      <tr class="player-row"><th scope="rowgroup" colspan="6"><a href="{{ s.player_id|player_path }}">{{ s.name }}</a></th></tr>
      <tr>
        <td>{% if s.rank is none %}<span title="{{ _('Too few games to be ranked') }}">–</span>{% else %}{{ s.rank }}.{% endif %}</td>
        <td>{{ s.games }}</td>
        <td>{{ s.wins }}</td>
        <td>{{ s.average_place|tenths }}</td>
        <td>{{ s.points|points }}</td>
        <td class="rating-value">{{ s.rating|tenths }}</td>
      </tr>
    </tbody>
    {% endfor %}
"""  # noqa: E501
SEASON_ROWS_CALL = "    {{ season_rows(standings, _('Too few games to be ranked')) }}\n"


standing_lines = st.builds(
    seasons.SeasonStanding,
    player_id=st.integers(min_value=1, max_value=10**9),
    name=st.text(min_size=1, max_size=40),
    games=st.integers(min_value=0, max_value=10**5),
    wins=st.integers(min_value=0, max_value=10**5),
    average_place=st.integers(min_value=10, max_value=6000).map(lambda n: n / 9),
    points=st.integers(min_value=-(10**7), max_value=10**7),
    rating=st.none() | st.floats(min_value=-100, max_value=100, allow_nan=False),
    rank=st.none() | st.integers(min_value=1, max_value=10**4),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(lines=st.lists(standing_lines, max_size=6))
def test_the_standings_rows_are_written_as_the_templates_loop_wrote_them(
    app: Flask, lines: list[seasons.SeasonStanding]
) -> None:
    """Names with markup, unranked players (a dash with its title), players with no
    rating, negative points: the same bytes as the loop, in every language."""
    loop = app.jinja_env.from_string(SEASON_ROWS_LOOP)
    call = app.jinja_env.from_string(SEASON_ROWS_CALL)
    for language in LANGUAGES:
        with app.test_request_context(), force_locale(language):
            assert call.render(standings=lines) == loop.render(standings=lines), language


def test_the_standings_page_escapes_a_name_and_marks_the_unranked(app: Flask, table: Table) -> None:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        night = Night(owner_id=owner.id, date=date(2026, 3, 10), place="Y Llew Coch")
        db.session.add(night)
        db.session.commit()
        names = ["<b>Ana</b>", "Ben & Co", 'Cai "C"']
        options = {"hook": False, "rounds": 1}
        record = services.create_game(owner, "wizard", names, 0, options, night=night)
        services.record_round(record, {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    made = table.post("/seasons", {**FORM, "min_games": "2"})
    assert made.status_code == 302
    text = table.client.get(made.headers["Location"]).get_data(as_text=True)
    assert "&lt;b&gt;Ana&lt;/b&gt;" in text and "<b>Ana</b>" not in text
    assert "Ben &amp; Co" in text and "Cai &#34;C&#34;" in text
    assert text.count('<tbody class="unranked">') == 3
    assert text.count('<span title="Too few games to be ranked">–</span>') == 3
