"""The JSON API with Wizard's option "schedule" (RULES.md, Wizard schedules): the game
document's ``options.schedule`` is the list of hand sizes, ``next.cards`` follows it, a
round that deals every card takes no trump, and a schedule that cannot be dealt is a 422
naming the field "schedule" with nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_api import (
    Json,
    assert_refused,
    check_response,
    fetch,
    games_url,
    new_game,
    record,
    refuse,
    rounds_url,
    spec_document,
)

pytestmark = pytest.mark.data_layer

FOUR = ["Ana", "Ben", "Cai", "Dee"]
TOURNAMENT_AT_FOUR = [1, 3, 5, 7, 9, 11, 13, 15]


@pytest.fixture
def ana(api: Any) -> Any:
    return api.login("ana")


def games_listed(api: Any) -> Any:
    response = api.get(games_url())
    assert response.status_code == 200
    return response.json


def test_a_tournament_game_shows_its_hand_sizes_and_deals_them(ana: Any, client: Any) -> None:
    game = new_game(ana, FOUR, options={"schedule": "tournament"})
    assert game["options"]["schedule"] == TOURNAMENT_AT_FOUR
    assert game["options"]["rounds"] == 8
    assert game["next"]["cards"] == 1
    cards = []
    while game["next"] is not None:
        cards.append(game["next"]["cards"])
        game = record(ana, game)
    assert cards == TOURNAMENT_AT_FOUR
    assert game["finished"] is True
    assert [r["cards"] for r in game["rounds"]] == TOURNAMENT_AT_FOUR
    # The last round deals all 60 cards: nothing turned, no trump.
    assert (game["rounds"][-1]["trump"], game["rounds"][-1]["turned"]) == ("none", None)
    assert fetch(ana, game["id"])["options"]["schedule"] == TOURNAMENT_AT_FOUR
    check_response(spec_document(client), "/games/{game_id}", "get", ana.get(games_url(game["id"])))


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        ({}, list(range(1, 21))),
        ({"rounds": 5}, [1, 2, 3, 4, 5]),
        ({"schedule": "full"}, list(range(1, 21))),
        ({"schedule": "tournament", "rounds": 3}, [1, 3, 5]),
        ({"schedule": [1, 2, 4, 11, 16, 20]}, [1, 2, 4, 11, 16, 20]),
        ({"schedule": [1, 2, 4, 11, 16, 20], "rounds": 6}, [1, 2, 4, 11, 16, 20]),
    ],
    ids=["nothing", "short", "full", "short-tournament", "own-list", "own-list-with-rounds"],
)
def test_the_game_document_shows_the_schedule_as_its_list(
    ana: Any, options: Json, sizes: list[int]
) -> None:
    game = new_game(ana, options=options)
    assert game["options"]["schedule"] == sizes
    assert game["options"]["rounds"] == len(sizes)
    assert game["next"]["cards"] == sizes[0]
    # The options as the document writes them start the same game again.
    again = new_game(ana, options=game["options"])
    assert again["options"] == game["options"]


def test_a_tables_own_list_deals_every_card_where_it_says(ana: Any) -> None:
    game = new_game(ana, options={"schedule": [20, 2]})
    assert game["next"]["cards"] == 20
    refuse(
        ana,
        game,
        "post",
        rounds_url(game["id"]),
        {"trump": "hearts", "turned": "7h", "bids": [0, 0, 0], "tricks": [0, 20, 0]},
        "turned",
    )
    game = record(ana, game, {"bids": [0, 0, 0], "tricks": [0, 20, 0]})
    assert game["rounds"][0]["trump"] == "none"
    assert game["next"]["cards"] == 2


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"schedule": []}, "schedule", "A schedule needs at least one round"),
        (
            {"schedule": [1, 0]},
            "schedule",
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (
            {"schedule": [1, 21]},
            "schedule",
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (
            {"schedule": ["1", "3"]},
            "schedule",
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        ({"schedule": [1] * 101}, "schedule", "A schedule has at most 100 rounds"),
        (
            {"schedule": "odd"},
            "schedule",
            "The schedule is “full”, “tournament” or a list of hand sizes, round by round",
        ),
        (
            {"schedule": {"sizes": [1]}},
            "schedule",
            "The schedule is “full”, “tournament” or a list of hand sizes, round by round",
        ),
        (
            {"schedule": "tournament", "rounds": 11},
            "rounds",
            "The schedule has 10 rounds: a short game plays the first 1 to 10 of them",
        ),
    ],
    ids=[
        "empty",
        "zero",
        "too-big",
        "not-numbers",
        "too-long",
        "unknown-name",
        "an-object",
        "rounds-past-the-tournament",
    ],
)
def test_a_schedule_that_cannot_be_dealt_is_a_422_and_stores_nothing(
    ana: Any, options: Json, field: str, message: str
) -> None:
    before = games_listed(ana)
    response = ana.post(
        games_url(), {"game": "wizard", "players": ["Ana", "Ben", "Cai"], "options": options}
    )
    errors = assert_refused(response, field)
    assert [(e["field"], e["message"]) for e in errors] == [(field, message)]
    assert games_listed(ana) == before


def shapes_of(schema: Json) -> list[Json]:
    """The shapes a schema takes, its choices opened (another game's option of the same
    name is one more choice)."""
    choices = schema.get("anyOf", []) + schema.get("oneOf", [])
    if not choices:
        return [schema]
    return [shape for choice in choices for shape in shapes_of(choice)]


def test_the_openapi_document_offers_the_schedule(client: Any) -> None:
    document = spec_document(client)
    options = document["components"]["schemas"]["NewGame"]["properties"]["options"]
    schedule = options["properties"]["schedule"]
    shapes = shapes_of(schedule)
    assert {"type": "string", "enum": ["full", "tournament"]} in shapes
    assert any(shape.get("type") == "array" for shape in shapes)
    assert "tournament" in schedule["description"]
