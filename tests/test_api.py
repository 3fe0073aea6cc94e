"""The JSON API, /api/v1: the public contract outside clients rely on.

Every refusal is checked three ways: its status, the shape of its body
(``{"errors": [{"field", "message"}]}``) with a sensible ``field``, and that
the stored game (or the list of games) is exactly as it was before.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate as validate_openapi

from scorekeeper import create_app
from tests.conftest import PASSWORD

pytestmark = pytest.mark.data_layer

API = "/api/v1"
NAMES = ["Ana", "Ben", "Cai"]
SIX = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
ROUND_KEYS = {"number", "dealer", "cards", "trump", "turned", "bids", "tricks", "scores", "totals"}
GAME_KEYS = {"id", "game", "players", "options", "rounds", "totals", "next", "finished", "winners"}
NEXT_KEYS = {"number", "dealer", "cards", "first_bidder"}

Json = dict[str, Any]


def wizard_options(**given: Any) -> Json:
    """A Wizard game's options as the game document shows them: every one, the options
    added with the anniversary cards at their defaults unless given, and the schedule's
    hand sizes (the full deal's first ``rounds`` unless given)."""
    return {
        "special_cards": [],
        "hook_from": 1,
        "tie_break": "share",
        "hidden_bids": False,
        **({"schedule": list(range(1, given["rounds"] + 1))} if "rounds" in given else {}),
        **given,
    }


# -- helpers -------------------------------------------------------------------


def games_url(game_id: str | None = None) -> str:
    return f"{API}/games" if game_id is None else f"{API}/games/{game_id}"


def rounds_url(game_id: str, number: int | str | None = None) -> str:
    base = f"{API}/games/{game_id}/rounds"
    return base if number is None else f"{base}/{number}"


def new_game(api: Any, players: list[str] | None = None, **body: Any) -> Json:
    response = api.post(games_url(), {"game": "wizard", "players": players or NAMES, **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    game: Json = response.json
    return game


def fetch(api: Any, game_id: str) -> Json:
    response = api.get(games_url(game_id))
    assert response.status_code == 200, response.get_data(as_text=True)
    game: Json = response.json
    return game


def quiet_round(game: Json, **facts: Any) -> Json:
    """A legal next round: nobody bids, the first bidder takes every trick, no trump.

    Bids of 0 never add up to the cards, so it is legal under the hook as well.
    """
    upcoming = game["next"]
    seats = len(game["players"])
    dealer = facts.get("dealer", upcoming["dealer"])
    tricks = [0] * seats
    tricks[(dealer + 1) % seats] = upcoming["cards"]
    return {"trump": "none", "bids": [0] * seats, "tricks": tricks, **facts}


def record(api: Any, game: Json, data: Json | None = None, **facts: Any) -> Json:
    response = api.post(
        rounds_url(game["id"]), data if data is not None else quiet_round(game, **facts)
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    recorded: Json = response.json
    return recorded


def play(api: Any, game: Json, rounds: int) -> Json:
    for _ in range(rounds):
        game = record(api, game)
    return game


def assert_error_shape(response: Any, status: int) -> list[Json]:
    """The body every error has: {"errors": [{"field", "message"(, "seat")}, ...]}."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.is_json, response.get_data(as_text=True)
    body = response.json
    assert isinstance(body, dict) and set(body) == {"errors"}, body
    errors = body["errors"]
    assert isinstance(errors, list) and errors, body
    for error in errors:
        assert isinstance(error, dict), body
        assert {"field", "message"} <= set(error) <= {"field", "message", "seat"}, body
        assert error["field"] is None or isinstance(error["field"], str), body
        assert isinstance(error["message"], str) and error["message"].strip(), body
        if "seat" in error:
            assert isinstance(error["seat"], int) and not isinstance(error["seat"], bool), body
    return errors


def assert_refused(response: Any, field: str | None, status: int = 422) -> list[Json]:
    errors = assert_error_shape(response, status)
    if field is not None:
        assert field in [e["field"] for e in errors], errors
    return errors


def refuse(
    api: Any,
    game: Json,
    method: str,
    url: str,
    body: Any,
    field: str | None,
    status: int = 422,
) -> list[Json]:
    """Send a change that must be refused; the stored game must not move."""
    before = fetch(api, game["id"])
    response = getattr(api, method)(url, body) if method != "delete" else api.delete(url)
    errors = assert_refused(response, field, status)
    assert fetch(api, game["id"]) == before
    return errors


def without_version(game: Json) -> Json:
    """The game without its change counter (if it has one): undoing is a change too."""
    return {key: value for key, value in game.items() if key != "version"}


def send_raw(api: Any, method: str, url: str, data: str | bytes, **kwargs: Any) -> Any:
    return getattr(api.client, method)(url, data=data, headers=api.headers, **kwargs)


def other_account(api: Any, username: str = "ben") -> Any:
    return type(api)(api.client).login(username)


@pytest.fixture
def ana(api: Any) -> Any:
    return api.login("ana")


@pytest.fixture
def game(ana: Any) -> Json:
    """Three players, no hook, a full game of 20 rounds, round 1 already played."""
    return record(ana, new_game(ana))


# -- tokens and authentication -------------------------------------------------


def test_a_token_is_issued_for_good_credentials(client: Any, api: Any) -> None:
    response = client.post(f"{API}/tokens", json={"username": "ana", "password": PASSWORD})
    assert response.status_code == 201
    assert set(response.json) == {"token"}
    token = response.json["token"]
    assert isinstance(token, str) and token
    listed = client.get(games_url(), headers={"Authorization": f"Bearer {token}"})
    assert listed.status_code == 200


@pytest.mark.parametrize(
    "credentials",
    [
        {"username": "ana", "password": "wrong horse"},
        {"username": "ana", "password": ""},
        {"username": "nobody", "password": PASSWORD},
        {"username": "ben", "password": PASSWORD + "!"},
    ],
    ids=["wrong password", "empty password", "unknown user", "another account's password"],
)
def test_wrong_credentials_get_401(client: Any, api: Any, credentials: Json) -> None:
    response = client.post(f"{API}/tokens", json=credentials)
    assert_refused(response, None, 401)


@pytest.mark.parametrize(
    "body",
    [{"username": "ana"}, {"password": PASSWORD}, {"username": 1, "password": "x"}, {}],
    ids=["no password", "no username", "username a number", "empty object"],
)
def test_a_token_request_without_credentials_is_refused(client: Any, api: Any, body: Json) -> None:
    assert_refused(client.post(f"{API}/tokens", json=body), None, 422)


@pytest.mark.parametrize(
    "data", ["not json", "[1, 2]", '"ana"', ""], ids=["text", "array", "string", "empty"]
)
def test_a_token_request_that_is_not_an_object_is_refused(client: Any, api: Any, data: str) -> None:
    response = client.post(f"{API}/tokens", data=data, content_type="application/json")
    assert_refused(response, "body", 422)


def test_a_username_with_a_nul_byte_is_simply_wrong(
    client: Any, api: Any, backend: str, request: pytest.FixtureRequest
) -> None:
    response = client.post(f"{API}/tokens", json={"username": "ana\x00", "password": "x"})
    assert_refused(response, None, 401)


@pytest.mark.parametrize(
    "credentials",
    [{"username": "\ud800", "password": PASSWORD}, {"username": "ana", "password": "\ud800"}],
    ids=["in the username", "in the password"],
)
def test_a_lone_surrogate_in_credentials_is_simply_wrong(
    client: Any, api: Any, credentials: Json
) -> None:
    body = json.dumps(credentials)  # "\\ud800" in the JSON text
    response = client.post(f"{API}/tokens", data=body, content_type="application/json")
    assert_refused(response, None, 401)


BAD_AUTHORIZATION = [
    {},
    {"Authorization": "Bearer not-a-token"},
    {"Authorization": "Bearer "},
    {"Authorization": "Basic YW5hOmNvcnJlY3QgaG9yc2U="},
    {"Authorization": "not-a-token"},
]


@pytest.mark.parametrize(
    "headers",
    BAD_AUTHORIZATION,
    ids=["none", "unknown token", "empty bearer", "basic", "no scheme"],
)
def test_every_endpoint_needs_a_valid_token(ana: Any, game: Json, headers: dict[str, str]) -> None:
    client = ana.client
    url, round_url = games_url(game["id"]), rounds_url(game["id"], 1)
    before = fetch(ana, game["id"])
    sends = [
        client.get(games_url(), headers=headers),
        client.post(games_url(), json={"players": NAMES}, headers=headers),
        client.get(url, headers=headers),
        client.post(rounds_url(game["id"]), json=quiet_round(game), headers=headers),
        client.put(round_url, json=quiet_round(game, dealer=0), headers=headers),
        client.delete(round_url, headers=headers),
    ]
    for response in sends:
        assert_refused(response, None, 401)
        assert response.headers.get("WWW-Authenticate", "").lower().startswith("bearer")
    assert fetch(ana, game["id"]) == before
    assert [g["id"] for g in ana.get(games_url()).json["games"]] == [game["id"]]


def test_the_scheme_word_is_not_case_sensitive(ana: Any, game: Json) -> None:
    token = ana.headers["Authorization"].split(" ", 1)[1]
    response = ana.client.get(games_url(game["id"]), headers={"Authorization": f"bearer {token}"})
    assert response.status_code == 200


# -- another account's games ----------------------------------------------------


def test_another_accounts_game_does_not_exist_for_them(ana: Any, game: Json) -> None:
    ben = other_account(ana, "ben")
    before = fetch(ana, game["id"])
    gid = game["id"]
    responses = [
        ben.get(games_url(gid)),
        ben.post(rounds_url(gid), quiet_round(game)),
        ben.put(rounds_url(gid, 1), quiet_round(game, dealer=0)),
        ben.delete(rounds_url(gid, 1)),
    ]
    for response in responses:
        assert_refused(response, None, 404)
    assert fetch(ana, gid) == before
    assert ben.get(games_url()).json == {"games": []}
    # The same 404 as a game that does not exist at all.
    assert ben.get(games_url(gid)).json == ben.get(games_url("0000000000000000")).json


# -- creating a game --------------------------------------------------------------


def test_a_new_game_is_201_and_the_game(ana: Any) -> None:
    response = ana.post(
        games_url(),
        {
            "game": "wizard",
            "players": NAMES,
            "first_dealer": 0,
            "options": {"hook": False, "rounds": 20},
        },
    )
    assert response.status_code == 201
    game = response.json
    assert set(game) >= GAME_KEYS
    assert isinstance(game["id"], str) and game["id"]
    assert game["game"] == "wizard"
    assert game["players"] == NAMES
    assert game["options"] == wizard_options(hook=False, rounds=20)
    assert game["rounds"] == []
    assert game["totals"] == [0, 0, 0]
    assert game["next"] == {"number": 1, "dealer": 0, "cards": 1, "first_bidder": 1}
    assert game["finished"] is False
    assert game["winners"] == []
    assert fetch(ana, game["id"]) == game
    assert [g["id"] for g in ana.get(games_url()).json["games"]] == [game["id"]]


@pytest.mark.parametrize(
    ("players", "rounds"), [(NAMES, 20), (SIX[:4], 15), (SIX[:5], 12), (SIX, 10)]
)
def test_defaults_are_first_dealer_0_no_hook_and_the_full_game(
    ana: Any, players: list[str], rounds: int
) -> None:
    game = new_game(ana, players)
    assert game["options"] == wizard_options(hook=False, rounds=rounds)
    assert game["next"] == {"number": 1, "dealer": 0, "cards": 1, "first_bidder": 1}
    assert game["players"] == players


def test_first_dealer_and_options_are_kept(ana: Any) -> None:
    game = new_game(ana, SIX[:4], first_dealer=3, options={"hook": True, "rounds": 5})
    assert game["options"] == wizard_options(hook=True, rounds=5)
    assert game["next"] == {"number": 1, "dealer": 3, "cards": 1, "first_bidder": 0}
    assert fetch(ana, game["id"]) == game


def test_options_may_be_given_in_part(ana: Any) -> None:
    assert new_game(ana, options={"hook": True})["options"] == wizard_options(hook=True, rounds=20)
    assert new_game(ana, options={"rounds": 3})["options"] == wizard_options(hook=False, rounds=3)
    assert new_game(ana, options={})["options"] == wizard_options(hook=False, rounds=20)


def test_unicode_names_are_kept(ana: Any) -> None:
    names = ["Zoë", "محمد", "李雷 🃏"]
    game = new_game(ana, names)
    assert fetch(ana, game["id"])["players"] == names


GAME_REFUSALS: list[tuple[str, Json, str]] = [
    ("two players", {"players": ["Ana", "Ben"]}, "players"),
    ("seven players", {"players": [*SIX, "Gus"]}, "players"),
    ("no players", {"players": []}, "players"),
    ("players left out", {}, "players"),
    ("players null", {"players": None}, "players"),
    ("players a string", {"players": "Ana, Ben, Cai"}, "players"),
    ("players an object", {"players": {"0": "Ana", "1": "Ben", "2": "Cai"}}, "players"),
    ("an empty name", {"players": ["Ana", "", "Cai"]}, "players"),
    ("a blank name", {"players": ["Ana", "   ", "Cai"]}, "players"),
    ("a name that is a number", {"players": ["Ana", 7, "Cai"]}, "players"),
    ("a name that is null", {"players": ["Ana", None, "Cai"]}, "players"),
    ("a name that is a list", {"players": ["Ana", ["Ben"], "Cai"]}, "players"),
    ("a name twice", {"players": ["Ana", "Ben", "Ana"]}, "players"),
    ("a name twice, other case", {"players": ["Ana", "Ben", "ANA"]}, "players"),
    ("a name of 41 characters", {"players": ["Ana", "B" * 41, "Cai"]}, "players"),
    ("first dealer past the last seat", {"players": NAMES, "first_dealer": 3}, "first_dealer"),
    ("first dealer negative", {"players": NAMES, "first_dealer": -1}, "first_dealer"),
    ("first dealer text", {"players": NAMES, "first_dealer": "0"}, "first_dealer"),
    ("first dealer true", {"players": NAMES, "first_dealer": True}, "first_dealer"),
    ("first dealer a float", {"players": NAMES, "first_dealer": 1.0}, "first_dealer"),
    ("first dealer a list", {"players": NAMES, "first_dealer": [0]}, "first_dealer"),
    ("hook text", {"players": NAMES, "options": {"hook": "yes"}}, "hook"),
    ("hook a number", {"players": NAMES, "options": {"hook": 1}}, "hook"),
    ("no rounds", {"players": NAMES, "options": {"rounds": 0}}, "rounds"),
    ("negative rounds", {"players": NAMES, "options": {"rounds": -1}}, "rounds"),
    ("more rounds than the deck", {"players": NAMES, "options": {"rounds": 21}}, "rounds"),
    ("11 rounds for six", {"players": SIX, "options": {"rounds": 11}}, "rounds"),
    ("rounds as text", {"players": NAMES, "options": {"rounds": "5"}}, "rounds"),
    ("rounds a float", {"players": NAMES, "options": {"rounds": 5.0}}, "rounds"),
    ("rounds true", {"players": NAMES, "options": {"rounds": True}}, "rounds"),
    ("rounds huge", {"players": NAMES, "options": {"rounds": 10**30}}, "rounds"),
    ("an unknown option", {"players": NAMES, "options": {"trumps": False}}, "options"),
    ("options a string", {"players": NAMES, "options": "hook"}, "options"),
    ("options a list", {"players": NAMES, "options": [["hook", True]]}, "options"),
    ("options true", {"players": NAMES, "options": True}, "options"),
    ("options a number", {"players": NAMES, "options": 5}, "options"),
    ("another game", {"players": NAMES, "game": "chess"}, "game"),
    ("the game a number", {"players": NAMES, "game": 1}, "game"),
    ("the game null", {"players": NAMES, "game": None}, "game"),
]


@pytest.mark.parametrize(
    ("body", "field"),
    [pytest.param(body, field, id=name) for name, body, field in GAME_REFUSALS],
)
def test_a_refused_game_is_422_and_stores_nothing(ana: Any, body: Json, field: str) -> None:
    kept = new_game(ana)
    before = ana.get(games_url()).json
    response = ana.post(games_url(), {"game": "wizard", **body})
    assert_refused(response, field)
    assert ana.get(games_url()).json == before
    assert fetch(ana, kept["id"]) == kept


def test_every_problem_of_a_new_game_is_reported(ana: Any) -> None:
    response = ana.post(
        games_url(), {"players": ["Ana", "Ben", "Ana"], "first_dealer": "x", "options": {}}
    )
    fields = {e["field"] for e in assert_refused(response, "players")}
    assert "first_dealer" in fields


@pytest.mark.parametrize("options", [False, 0, [], ""], ids=["false", "zero", "list", "text"])
def test_options_that_are_not_an_object_are_refused_even_when_falsy(ana: Any, options: Any) -> None:
    before = ana.get(games_url()).json
    assert_refused(ana.post(games_url(), {"players": NAMES, "options": options}), "options")
    assert ana.get(games_url()).json == before


def test_a_name_with_a_control_character_is_refused(ana: Any) -> None:
    before = ana.get(games_url()).json
    assert_refused(ana.post(games_url(), {"players": ["Ana\x00", "Ben", "Cai"]}), "players")
    assert ana.get(games_url()).json == before


def test_a_name_with_a_lone_surrogate_is_refused(ana: Any) -> None:
    before = ana.get(games_url()).json
    body = json.dumps({"players": ["\ud800", "Ben", "Cai"]})  # "\\ud800" in JSON
    response = send_raw(ana, "post", games_url(), body, content_type="application/json")
    assert_refused(response, "players")
    assert ana.get(games_url()).json == before


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ("not json", "application/json"),
        ('{"players": ["Ana", "Ben", "Cai"]', "application/json"),
        ('["Ana", "Ben", "Cai"]', "application/json"),
        ("null", "application/json"),
        ("42", "application/json"),
        ("", "application/json"),
        (b"\xff\xfe\x00garbage", "application/octet-stream"),
    ],
    ids=["text", "cut short", "array", "null", "number", "empty", "binary"],
)
def test_a_new_game_body_must_be_a_json_object(ana: Any, data: Any, content_type: str) -> None:
    before = ana.get(games_url()).json
    response = send_raw(ana, "post", games_url(), data, content_type=content_type)
    assert_refused(response, "body")
    assert ana.get(games_url()).json == before


# -- recording rounds -----------------------------------------------------------


def test_a_round_is_201_and_the_game(ana: Any) -> None:
    game = new_game(ana)
    response = ana.post(
        rounds_url(game["id"]),
        {"trump": "hearts", "turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
    )
    assert response.status_code == 201
    game = response.json
    assert set(game) >= GAME_KEYS
    (first,) = game["rounds"]
    assert set(first) == ROUND_KEYS
    assert first == {
        "number": 1,
        "dealer": 0,
        "cards": 1,
        "trump": "hearts",
        "turned": "7h",
        "bids": [1, 0, 0],
        "tricks": [1, 0, 0],
        "scores": [30, 20, 20],
        "totals": [30, 20, 20],
    }
    assert game["totals"] == [30, 20, 20]
    assert game["next"] == {"number": 2, "dealer": 1, "cards": 2, "first_bidder": 2}
    assert set(game["next"]) == NEXT_KEYS
    assert game["finished"] is False and game["winners"] == []
    assert fetch(ana, game["id"]) == game


def test_scores_and_running_totals(ana: Any) -> None:
    game = new_game(ana)
    game = record(ana, game, {"trump": "none", "bids": [1, 0, 0], "tricks": [0, 1, 0]})
    game = record(
        ana, game, {"trump": "spades", "turned": "as", "bids": [0, 2, 0], "tricks": [0, 2, 0]}
    )
    game = record(
        ana, game, {"trump": "clubs", "turned": "wizard", "bids": [3, 0, 2], "tricks": [0, 1, 2]}
    )
    assert [r["scores"] for r in game["rounds"]] == [[-10, -10, 20], [20, 40, 20], [-30, -10, 40]]
    assert [r["totals"] for r in game["rounds"]] == [[-10, -10, 20], [10, 30, 40], [-20, 20, 80]]
    assert [r["cards"] for r in game["rounds"]] == [1, 2, 3]
    assert [r["dealer"] for r in game["rounds"]] == [0, 1, 2]
    assert game["totals"] == [-20, 20, 80]
    assert game["next"] == {"number": 4, "dealer": 0, "cards": 4, "first_bidder": 1}


@pytest.mark.parametrize(
    ("turned", "trump"),
    [
        ("10h", "hearts"),
        ("10H", "hearts"),
        ("Qs", "spades"),
        ("qS", "spades"),
        ("2c", "clubs"),
        ("AD", "diamonds"),
        ("jh", "hearts"),
        ("kd", "diamonds"),
        ("9c", "clubs"),
        ("wizard", "clubs"),
        ("WIZARD", "diamonds"),
        ("Jester", "none"),
        ("jester", "none"),
        (None, "hearts"),
        (None, "none"),
    ],
)
def test_cards_are_read_in_any_case(ana: Any, turned: str | None, trump: str) -> None:
    game = new_game(ana)
    data: Json = {"trump": trump, "bids": [0, 0, 0], "tricks": [0, 1, 0]}
    if turned is not None:
        data["turned"] = turned
    game = record(ana, game, data)
    stored = fetch(ana, game["id"])["rounds"][0]
    assert stored["trump"] == trump
    if turned is None:
        assert stored["turned"] is None
    else:
        assert stored["turned"].lower() == turned.lower()


def test_turned_null_is_the_same_as_left_out(ana: Any) -> None:
    game = new_game(ana)
    game = record(
        ana, game, {"trump": "hearts", "turned": None, "bids": [0, 0, 0], "tricks": [0, 1, 0]}
    )
    assert game["rounds"][0]["turned"] is None


def test_a_dealer_override_carries_on_into_later_rounds(ana: Any) -> None:
    game = new_game(ana)
    assert game["next"]["dealer"] == 0
    game = record(ana, game, dealer=2)
    assert game["rounds"][0]["dealer"] == 2
    assert game["next"] == {"number": 2, "dealer": 0, "cards": 2, "first_bidder": 1}
    game = record(ana, game)
    assert game["rounds"][1]["dealer"] == 0
    assert game["next"]["dealer"] == 1
    game = record(ana, game, dealer=1)  # the rotation's own dealer, said out loud
    assert game["next"]["dealer"] == 2
    assert fetch(ana, game["id"])["next"]["dealer"] == 2


def test_a_short_game_finishes_with_winners_and_takes_no_more_rounds(ana: Any) -> None:
    game = new_game(ana, options={"rounds": 2})
    game = record(ana, game, {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert game["finished"] is False and game["winners"] == []
    assert game["next"] == {"number": 2, "dealer": 1, "cards": 2, "first_bidder": 2}
    # The last round of a short game still turns a card.
    game = record(
        ana, game, {"trump": "hearts", "turned": "7h", "bids": [0, 0, 2], "tricks": [0, 0, 2]}
    )
    assert game["finished"] is True
    assert game["next"] is None
    assert game["totals"] == [50, 40, 60]
    assert game["winners"] == [2]
    assert fetch(ana, game["id"]) == game
    third = {"trump": "none", "bids": [0, 0, 0], "tricks": [3, 0, 0]}
    refuse(ana, game, "post", rounds_url(game["id"]), third, "number", 409)


def test_a_finished_game_refuses_any_round_with_409(ana: Any) -> None:
    game = record(ana, new_game(ana, options={"rounds": 1}))
    assert game["finished"] is True
    for body in [{}, {"bids": [0, 0, 0], "tricks": [0, 0, 1], "trump": "none"}]:
        refuse(ana, game, "post", rounds_url(game["id"]), body, None, 409)


def test_ties_share_the_win(ana: Any) -> None:
    game = new_game(ana, options={"rounds": 1})
    game = record(ana, game, {"trump": "none", "bids": [0, 0, 0], "tricks": [1, 0, 0]})
    assert game["totals"] == [-10, 20, 20]
    assert game["winners"] == [1, 2]
    game = new_game(ana, options={"rounds": 2})
    game = record(ana, game, {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    game = record(ana, game, {"trump": "none", "bids": [0, 1, 1], "tricks": [0, 1, 1]})
    assert game["totals"] == [50, 50, 50]
    assert game["winners"] == [0, 1, 2]


def test_winners_are_empty_until_the_game_is_over(ana: Any) -> None:
    game = record(ana, new_game(ana), {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert game["totals"] == [30, 20, 20]
    assert game["winners"] == []


def test_the_final_round_of_a_full_game_turns_nothing(ana: Any) -> None:
    game = play(ana, new_game(ana, SIX), 9)
    assert game["next"]["number"] == 10 and game["next"]["cards"] == 10
    game = record(ana, game, {"trump": "none", "bids": [0] * 6, "tricks": [0, 0, 0, 0, 0, 10]})
    assert game["finished"] is True and game["next"] is None
    assert game["rounds"][-1]["trump"] == "none" and game["rounds"][-1]["turned"] is None


def test_the_documented_round_example_is_accepted_in_round_3(ana: Any, client: Any) -> None:
    example = client.get(f"{API}/openapi.json").json["components"]["schemas"]["WizardRoundInput"]
    game = play(ana, new_game(ana), 2)
    game = record(ana, game, example["example"])
    assert game["rounds"][2]["bids"] == [1, 0, 2]


# -- refusals of a round --------------------------------------------------------

# Round 2 of the `game` fixture: 2 cards, dealer seat 1, seat 2 bids first.
GOOD_ROUND_2: Json = {"trump": "hearts", "turned": "7h", "bids": [1, 0, 1], "tricks": [1, 0, 1]}


def test_the_round_the_refusals_start_from_is_good(ana: Any, game: Json) -> None:
    assert record(ana, game, GOOD_ROUND_2)["rounds"][1]["bids"] == [1, 0, 1]


ROUND_REFUSALS: list[tuple[str, Json, str]] = [
    # bids: a whole number from 0 to the cards, one per seat
    ("a negative bid", {"bids": [-1, 0, 1]}, "bids"),
    ("a bid over the cards", {"bids": [3, 0, 0]}, "bids"),
    ("a huge bid", {"bids": [10**30, 0, 0]}, "bids"),
    ("a bid of a half", {"bids": [0.5, 0, 1]}, "bids"),
    ("a bid of 1.0", {"bids": [1.0, 0, 1]}, "bids"),
    ("a bid as text", {"bids": ["1", 0, 1]}, "bids"),
    ("a bid that is true", {"bids": [True, 0, 1]}, "bids"),
    ("a bid that is false", {"bids": [False, 0, 1]}, "bids"),
    ("a bid that is null", {"bids": [None, 0, 1]}, "bids"),
    ("a bid that is a list", {"bids": [[1], 0, 1]}, "bids"),
    ("too few bids", {"bids": [1, 1]}, "bids"),
    ("too many bids", {"bids": [1, 0, 1, 0]}, "bids"),
    ("no bids at all", {"bids": []}, "bids"),
    ("bids as text", {"bids": "1,0,1"}, "bids"),
    ("bids as an object", {"bids": {"0": 1, "1": 0, "2": 1}}, "bids"),
    ("bids null", {"bids": None}, "bids"),
    ("bids left out", {"bids": ...}, "bids"),
    # tricks: the same, and adding up to the cards
    ("negative tricks", {"tricks": [-1, 2, 1]}, "tricks"),
    ("tricks over the cards", {"tricks": [3, 0, 0]}, "tricks"),
    ("tricks adding up to less", {"tricks": [1, 0, 0]}, "tricks"),
    ("tricks adding up to more", {"tricks": [1, 1, 1]}, "tricks"),
    ("tricks of a half", {"tricks": [0.5, 0.5, 1]}, "tricks"),
    ("tricks as text", {"tricks": ["1", "0", "1"]}, "tricks"),
    ("tricks that are booleans", {"tricks": [True, False, True]}, "tricks"),
    ("tricks with a null", {"tricks": [1, None, 1]}, "tricks"),
    ("too few tricks", {"tricks": [1, 1]}, "tricks"),
    ("too many tricks", {"tricks": [1, 0, 1, 0]}, "tricks"),
    ("tricks as a number", {"tricks": 2}, "tricks"),
    ("tricks left out", {"tricks": ...}, "tricks"),
    # trump
    ("an unknown trump", {"trump": "purple"}, "trump"),
    ("an empty trump", {"trump": ""}, "trump"),
    ("trump a number", {"trump": 3}, "trump"),
    ("trump true", {"trump": True}, "trump"),
    ("trump a list", {"trump": ["hearts"]}, "trump"),
    ("no trump and no card", {"trump": ..., "turned": ...}, "trump"),
    # the turned card
    ("a rank that does not exist", {"turned": "11h"}, "turned"),
    ("a rank of 1", {"turned": "1h"}, "turned"),
    ("a suit that does not exist", {"turned": "7x"}, "turned"),
    ("suit first", {"turned": "h7"}, "turned"),
    ("an empty card", {"turned": ""}, "turned"),
    ("a card that is a number", {"turned": 7}, "turned"),
    ("a card that is true", {"turned": True}, "turned"),
    ("a card that is a list", {"turned": ["7h"]}, "turned"),
    ("a joker turned", {"turned": "joker", "trump": "none"}, "turned"),
    ("a Joker turned with a trump", {"turned": "JOKER", "trump": "hearts"}, "turned"),
    # trump against the turned card
    ("a suit when a jester was turned", {"turned": "jester", "trump": "hearts"}, "trump"),
    ("no trump when a wizard was turned", {"turned": "wizard", "trump": "none"}, "trump"),
    ("a wizard turned, trump left out", {"turned": "wizard", "trump": ...}, "trump"),
    ("another suit than the card's", {"turned": "7h", "trump": "spades"}, "trump"),
    ("no trump under a suited card", {"turned": "qd", "trump": "none"}, "trump"),
    # the dealer
    ("a dealer past the last seat", {"dealer": 3}, "dealer"),
    ("a negative dealer", {"dealer": -1}, "dealer"),
    ("a dealer as text", {"dealer": "1"}, "dealer"),
    ("a dealer that is true", {"dealer": True}, "dealer"),
    ("a dealer of 1.0", {"dealer": 1.0}, "dealer"),
    ("a dealer that is a list", {"dealer": [1]}, "dealer"),
]


def with_changes(base: Json, changes: Json) -> Json:
    """``base`` with ``changes`` applied; a value of ``...`` leaves the key out."""
    data = copy.deepcopy(base)
    for key, value in changes.items():
        if value is ...:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("changes", "field"),
    [pytest.param(changes, field, id=name) for name, changes, field in ROUND_REFUSALS],
)
def test_a_refused_round_is_422_and_changes_nothing(
    ana: Any, game: Json, changes: Json, field: str
) -> None:
    refuse(ana, game, "post", rounds_url(game["id"]), with_changes(GOOD_ROUND_2, changes), field)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param(changes, field, id=name)
        for name, changes, field in ROUND_REFUSALS
        if field != "bids" or name in {"a bid over the cards", "too few bids", "bids left out"}
    ],
)
def test_a_refused_correction_is_422_and_changes_nothing(
    ana: Any, game: Json, changes: Json, field: str
) -> None:
    game = record(ana, game, GOOD_ROUND_2)
    refuse(ana, game, "put", rounds_url(game["id"], 2), with_changes(GOOD_ROUND_2, changes), field)


def test_the_refusal_says_what_is_wrong(ana: Any, game: Json) -> None:
    data = with_changes(GOOD_ROUND_2, {"tricks": [1, 0, 0]})
    errors = refuse(ana, game, "post", rounds_url(game["id"]), data, "tricks")
    assert {"field": "tricks", "message": "Tricks add up to 1, but 2 cards were dealt"} in errors
    game = play(ana, game, 3)  # the next is round 5
    data = {"trump": "none", "bids": [0, 0, 0], "tricks": [1, 1, 2]}
    errors = refuse(ana, game, "post", rounds_url(game["id"]), data, "tricks")
    assert errors == [{"field": "tricks", "message": "Tricks add up to 4, but 5 cards were dealt"}]


def test_a_refusal_lists_every_field_at_fault(ana: Any, game: Json) -> None:
    data = {"trump": "purple", "turned": "11h", "bids": "x", "tricks": None, "dealer": 9}
    errors = refuse(ana, game, "post", rounds_url(game["id"]), data, "trump")
    assert {"trump", "turned", "bids", "tricks", "dealer"} <= {e["field"] for e in errors}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"trump": "hearts", "turned": ...}, "trump"),
        ({"trump": "hearts", "turned": "7h"}, None),
        ({"trump": "clubs", "turned": "wizard"}, None),
        ({"trump": "none", "turned": "jester"}, "turned"),
        ({"trump": ..., "turned": "3s"}, "turned"),
    ],
    ids=["a trump", "a turned card", "a wizard turned", "a jester turned", "a card, no trump word"],
)
def test_nothing_is_turned_in_the_last_round_of_a_full_game(
    ana: Any, changes: Json, field: str | None
) -> None:
    game = play(ana, new_game(ana, SIX), 9)
    data = with_changes({"trump": "none", "bids": [0] * 6, "tricks": [0, 0, 0, 0, 0, 10]}, changes)
    errors = refuse(ana, game, "post", rounds_url(game["id"]), data, field)
    if field is None:
        assert {e["field"] for e in errors} & {"trump", "turned"}


def test_the_last_round_of_a_short_game_turns_a_card(ana: Any) -> None:
    game = play(ana, new_game(ana, SIX, options={"rounds": 9}), 8)
    data = {"trump": "hearts", "turned": "7h", "bids": [0] * 6, "tricks": [0, 0, 0, 0, 0, 9]}
    game = record(ana, game, data)
    assert game["finished"] is True and game["rounds"][-1]["trump"] == "hearts"


# -- the hook ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
@pytest.mark.parametrize("bids", [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
def test_the_hook_refuses_the_dealer_the_bid_that_adds_up(
    ana: Any, dealer: int, bids: list[int]
) -> None:
    game = new_game(ana, options={"hook": True})
    data = {"trump": "none", "bids": bids, "tricks": [0, 1, 0], "dealer": dealer}
    errors = refuse(ana, game, "post", rounds_url(game["id"]), data, "bids")
    assert [e.get("seat") for e in errors if e["field"] == "bids"] == [dealer]


@pytest.mark.parametrize("dealer", [0, 1, 2])
@pytest.mark.parametrize("bids", [[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1]], ids=str)
def test_under_the_hook_bids_that_do_not_add_up_are_all_accepted(
    ana: Any, dealer: int, bids: list[int]
) -> None:
    game = new_game(ana, options={"hook": True})
    data = {"trump": "none", "bids": bids, "tricks": [0, 1, 0], "dealer": dealer}
    assert record(ana, game, data)["rounds"][0]["bids"] == bids


@pytest.mark.parametrize(
    "bids",
    [[0, 1, 2], [2, 2, 0], [1, 1, 1], [1, 2, 1], [2, 0, 2]],
    ids=str,
)
def test_under_the_hook_non_dealers_are_not_restricted(ana: Any, bids: list[int]) -> None:
    """Round 2: seat 1 deals, seat 2 then seat 0 bid first, and may bid the cards' worth."""
    game = play(ana, new_game(ana, options={"hook": True}), 1)
    data = {"trump": "none", "bids": bids, "tricks": [1, 0, 1]}
    assert record(ana, game, data)["rounds"][1]["bids"] == bids


@pytest.mark.parametrize("dealer_bid", [0, 1])
def test_under_the_hook_nothing_is_forbidden_once_earlier_bids_exceed_the_cards(
    ana: Any, dealer_bid: int
) -> None:
    game = new_game(ana, options={"hook": True})  # round 1: seat 0 deals, 1 card
    data = {"trump": "none", "bids": [dealer_bid, 1, 1], "tricks": [0, 1, 0]}
    assert record(ana, game, data)["rounds"][0]["bids"] == [dealer_bid, 1, 1]


@pytest.mark.parametrize("dealer_bid", [0, 1, 2])
def test_under_the_hook_earlier_bids_over_the_cards_free_the_dealer_in_round_2(
    ana: Any, dealer_bid: int
) -> None:
    game = play(ana, new_game(ana, options={"hook": True}), 1)  # round 2: seat 1 deals
    data = {"trump": "none", "bids": [2, dealer_bid, 1], "tricks": [1, 1, 0]}
    assert record(ana, game, data)["rounds"][1]["bids"] == [2, dealer_bid, 1]


def test_without_the_hook_bids_may_add_up(ana: Any) -> None:
    game = new_game(ana)
    data = {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    assert record(ana, game, data)["rounds"][0]["bids"] == [1, 0, 0]


def test_the_hook_binds_corrections_too(ana: Any) -> None:
    game = record(ana, new_game(ana, options={"hook": True}))
    data = {"trump": "none", "bids": [0, 1, 0], "tricks": [0, 1, 0]}
    errors = refuse(ana, game, "put", rounds_url(game["id"], 1), data, "bids")
    assert [e.get("seat") for e in errors] == [0]


# -- correcting and undoing -----------------------------------------------------


def test_correcting_round_1_recomputes_the_later_totals(ana: Any) -> None:
    game = new_game(ana)
    game = record(ana, game, {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    game = record(ana, game, {"trump": "none", "bids": [0, 2, 0], "tricks": [0, 2, 0]})
    game = record(ana, game, {"trump": "none", "bids": [0, 0, 3], "tricks": [0, 0, 3]})
    assert [r["totals"] for r in game["rounds"]] == [[30, 20, 20], [50, 60, 40], [70, 80, 90]]
    response = ana.put(
        rounds_url(game["id"], 1), {"trump": "none", "bids": [0, 0, 0], "tricks": [1, 0, 0]}
    )
    assert response.status_code == 200
    corrected = response.json
    assert [r["scores"] for r in corrected["rounds"]] == [[-10, 20, 20], [20, 40, 20], [20, 20, 50]]
    assert [r["totals"] for r in corrected["rounds"]] == [[-10, 20, 20], [10, 60, 40], [30, 80, 90]]
    assert corrected["totals"] == [30, 80, 90]
    assert corrected["rounds"][0]["bids"] == [0, 0, 0]
    assert corrected["rounds"][1:] != game["rounds"][1:]
    for before, after in zip(game["rounds"][1:], corrected["rounds"][1:], strict=True):
        assert {k: v for k, v in before.items() if k != "totals"} == {
            k: v for k, v in after.items() if k != "totals"
        }
    assert corrected["next"] == game["next"]
    assert fetch(ana, game["id"]) == corrected


def test_a_correction_keeps_the_recorded_dealer_unless_told(ana: Any) -> None:
    game = play(ana, new_game(ana), 2)
    corrected = ana.put(
        rounds_url(game["id"], 1), {"trump": "none", "bids": [0, 0, 0], "tricks": [0, 0, 1]}
    )
    assert corrected.status_code == 200
    assert corrected.json["rounds"][0]["dealer"] == 0
    moved = ana.put(
        rounds_url(game["id"], 2),
        {"trump": "none", "bids": [0, 0, 0], "tricks": [0, 2, 0], "dealer": 0},
    )
    assert moved.status_code == 200
    assert moved.json["rounds"][1]["dealer"] == 0
    assert moved.json["next"]["dealer"] == 1  # the deal goes on from the corrected dealer


def test_a_finished_game_can_be_corrected(ana: Any) -> None:
    game = record(ana, new_game(ana, options={"rounds": 1}))
    response = ana.put(
        rounds_url(game["id"], 1), {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    )
    assert response.status_code == 200
    assert response.json["finished"] is True
    assert response.json["winners"] == [0]


@pytest.mark.parametrize("number", [0, 2, 3, 99, 10**20])
def test_correcting_a_round_never_recorded_is_404(ana: Any, game: Json, number: int) -> None:
    refuse(ana, game, "put", rounds_url(game["id"], number), quiet_round(game), None, 404)


@pytest.mark.parametrize("number", ["one", "1.0", "-1", "1e0", "%201", "0x1"])
def test_a_round_number_that_is_not_a_whole_number_is_404(
    ana: Any, game: Json, number: str
) -> None:
    url = rounds_url(game["id"], number)
    refuse(
        ana, game, "put", url, {"trump": "none", "bids": [0, 0, 0], "tricks": [0, 1, 0]}, None, 404
    )
    refuse(ana, game, "delete", url, None, None, 404)


def test_undoing_the_last_round(ana: Any) -> None:
    game = play(ana, new_game(ana), 1)
    after_one = fetch(ana, game["id"])
    game = play(ana, game, 1)
    response = ana.delete(rounds_url(game["id"], 2))
    assert response.status_code == 200
    assert without_version(response.json) == without_version(after_one)
    assert fetch(ana, game["id"]) == response.json
    # The round can be played again, and round 1 undone in its turn.
    game = record(ana, after_one)
    assert len(game["rounds"]) == 2
    assert ana.delete(rounds_url(game["id"], 2)).status_code == 200
    emptied = ana.delete(rounds_url(game["id"], 1))
    assert emptied.status_code == 200
    assert emptied.json["rounds"] == [] and emptied.json["totals"] == [0, 0, 0]
    assert emptied.json["next"] == {"number": 1, "dealer": 0, "cards": 1, "first_bidder": 1}


def test_undoing_the_last_round_reopens_a_finished_game(ana: Any) -> None:
    game = record(ana, new_game(ana, options={"rounds": 1}))
    reopened = ana.delete(rounds_url(game["id"], 1)).json
    assert reopened["finished"] is False and reopened["winners"] == []
    assert reopened["next"] == {"number": 1, "dealer": 0, "cards": 1, "first_bidder": 1}


def test_undoing_any_other_recorded_round_is_409(ana: Any) -> None:
    game = play(ana, new_game(ana), 3)
    for number in (1, 2):
        refuse(ana, game, "delete", rounds_url(game["id"], number), None, "number", 409)


@pytest.mark.parametrize("number", [0, 2, 5])
def test_undoing_a_round_never_recorded_is_404(ana: Any, game: Json, number: int) -> None:
    refuse(ana, game, "delete", rounds_url(game["id"], number), None, None, 404)


def test_undoing_in_a_game_without_rounds_is_404(ana: Any) -> None:
    game = new_game(ana)
    refuse(ana, game, "delete", rounds_url(game["id"], 1), None, None, 404)


# -- malformed requests -----------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    ["not json", '{"bids": [1, 0, 1]', "[1, 0, 1]", '"round"', "true", "null", "", "{'bids': []}"],
    ids=["text", "cut short", "array", "string", "true", "null", "empty", "python dict"],
)
@pytest.mark.parametrize("method", ["post", "put"])
def test_a_round_body_must_be_a_json_object(ana: Any, game: Json, data: str, method: str) -> None:
    before = fetch(ana, game["id"])
    url = rounds_url(game["id"]) if method == "post" else rounds_url(game["id"], 1)
    response = send_raw(ana, method, url, data, content_type="application/json")
    assert_refused(response, "body")
    assert fetch(ana, game["id"]) == before


def test_a_round_sent_without_a_json_content_type_is_no_server_error(ana: Any, game: Json) -> None:
    response = send_raw(ana, "post", rounds_url(game["id"]), json.dumps(quiet_round(game)))
    assert response.status_code in (201, 415, 422)
    if response.status_code != 201:
        assert_error_shape(response, response.status_code)


def test_a_deeply_nested_body_is_refused_not_a_server_error(ana: Any, game: Json) -> None:
    before = fetch(ana, game["id"])
    response = send_raw(
        ana, "post", rounds_url(game["id"]), "[" * 100_000, content_type="application/json"
    )
    assert_refused(response, "body")
    assert fetch(ana, game["id"]) == before


@pytest.mark.parametrize(
    "game_id",
    ["0000000000000000", "nope", "x" * 300, "%C3%A9", "1"],
    ids=["hex", "word", "long", "unicode", "one"],
)
def test_an_unknown_game_is_404_everywhere(ana: Any, game: Json, game_id: str) -> None:
    before = fetch(ana, game["id"])
    for response in (
        ana.get(games_url(game_id)),
        ana.post(rounds_url(game_id), quiet_round(game)),
        ana.put(rounds_url(game_id, 1), quiet_round(game)),
        ana.delete(rounds_url(game_id, 1)),
    ):
        assert_refused(response, None, 404)
    assert fetch(ana, game["id"]) == before


def test_a_game_id_with_a_nul_byte_is_404(
    ana: Any, game: Json, backend: str, request: pytest.FixtureRequest
) -> None:
    assert_refused(ana.get(games_url("%00")), None, 404)


def test_an_unknown_game_is_checked_before_the_body(ana: Any) -> None:
    response = send_raw(
        ana, "post", rounds_url("nope"), "not json", content_type="application/json"
    )
    assert_refused(response, None, 404)


def test_a_method_the_api_does_not_have_is_a_json_error(ana: Any, game: Json) -> None:
    assert_error_shape(ana.get(rounds_url(game["id"])), 405)
    assert_error_shape(ana.delete(games_url(game["id"])), 405)
    assert_error_shape(ana.get(f"{API}/nothing-here"), 404)


# -- If-Match that names no version ----------------------------------------------
# A change may carry If-Match with the game's ETag; a tag that is no version of the
# game "can never match" (views/api.py, edit_basis), so the change is a 409.


def change_with_if_match(api: Any, game: Json, method: str, tag: str) -> Any:
    headers = {**api.headers, "If-Match": tag}
    if method == "post":
        return api.client.post(rounds_url(game["id"]), json=quiet_round(game), headers=headers)
    if method == "put":
        body = {"trump": "none", "bids": [0, 0, 0], "tricks": [0, 1, 0]}
        return api.client.put(rounds_url(game["id"], 1), json=body, headers=headers)
    return api.client.delete(rounds_url(game["id"], 1), headers=headers)


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_an_if_match_of_odd_digits_is_409_not_a_server_error(
    ana: Any, game: Json, method: str
) -> None:
    before = fetch(ana, game["id"])
    assert_refused(change_with_if_match(ana, game, method, '"²"'), None, 409)
    assert fetch(ana, game["id"]) == before


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_an_if_match_past_any_version_is_409_not_a_server_error(
    ana: Any, game: Json, method: str
) -> None:
    before = fetch(ana, game["id"])
    assert_refused(change_with_if_match(ana, game, method, '"99999999999999999999"'), None, 409)
    assert fetch(ana, game["id"]) == before


# -- the OpenAPI document ---------------------------------------------------------


def spec_document(client: Any) -> Json:
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    document: Json = response.json
    return document


def test_the_openapi_document_is_valid_openapi_3_1(client: Any) -> None:
    document = spec_document(client)  # no token needed
    assert document["openapi"].startswith("3.1")
    validate_openapi(document)


def _api_routes() -> list[tuple[str, str]]:
    """(OpenAPI path, method) for every route the app serves under /api/v1."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "routes", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    )
    routes: list[tuple[str, str]] = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith(API + "/"):
            continue
        path = rule.rule[len(API) :]
        for argument in rule.arguments:
            path = path.replace(f"<{argument}>", f"{{{argument}}}")
            for converter in ("int", "string", "path"):
                path = path.replace(f"<{converter}:{argument}>", f"{{{argument}}}")
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            routes.append((path, method.lower()))
    with app.app_context():
        from scorekeeper.extensions import db

        db.engine.dispose()
    return sorted(routes)


API_ROUTES = _api_routes()


@pytest.mark.parametrize(
    ("path", "method"),
    [
        pytest.param(
            path,
            method,
            marks=[],
        )
        for path, method in API_ROUTES
    ],
)
def test_every_api_route_is_in_the_document(client: Any, path: str, method: str) -> None:
    paths = spec_document(client)["paths"]
    assert path in paths, sorted(paths)
    assert method in paths[path], sorted(paths[path])


def test_the_routes_found_are_the_contracts(client: Any) -> None:
    assert {
        ("/tokens", "post"),
        ("/games", "post"),
        ("/games/{game_id}", "get"),
        ("/games/{game_id}/rounds", "post"),
        ("/games/{game_id}/rounds/{number}", "put"),
        ("/games/{game_id}/rounds/{number}", "delete"),
    } <= set(API_ROUTES)
    # ... and nothing in the document that the app does not serve.
    documented = {
        (path, method)
        for path, item in spec_document(client)["paths"].items()
        for method in item
        if method in {"get", "post", "put", "delete", "patch"}
    }
    assert documented <= set(API_ROUTES)


def schema_validator(document: Json, schema: Json) -> jsonschema.Draft202012Validator:
    """A validator for ``schema`` whose #/components/... references resolve in ``document``."""
    root = {**schema, "components": document["components"]}
    return jsonschema.Draft202012Validator(root, format_checker=jsonschema.FormatChecker())


def check_response(document: Json, path: str, method: str, response: Any) -> None:
    """The response is documented for its status and matches the documented schema."""
    responses = document["paths"][path][method]["responses"]
    status = str(response.status_code)
    assert status in responses, f"{method.upper()} {path} answered {status}, not documented"
    schema = responses[status]["content"]["application/json"]["schema"]
    schema_validator(document, schema).validate(response.json)


def test_real_responses_match_the_documented_schemas(ana: Any, client: Any) -> None:
    document = spec_document(client)
    components = document["components"]["schemas"]
    game_schema = schema_validator(document, {"$ref": "#/components/schemas/Game"})
    errors_schema = schema_validator(document, {"$ref": "#/components/schemas/Errors"})
    assert set(components["Game"]["required"]) >= GAME_KEYS

    token = client.post(f"{API}/tokens", json={"username": "ana", "password": PASSWORD})
    check_response(document, "/tokens", "post", token)
    check_response(
        document,
        "/tokens",
        "post",
        client.post(f"{API}/tokens", json={"username": "ana", "password": "no"}),
    )
    check_response(document, "/tokens", "post", client.post(f"{API}/tokens", json={}))

    created = ana.post(games_url(), {"players": NAMES, "options": {"rounds": 2, "hook": True}})
    check_response(document, "/games", "post", created)
    game = created.json
    check_response(document, "/games", "post", ana.post(games_url(), {"players": ["Ana"]}))
    check_response(document, "/games", "post", client.post(games_url(), json={"players": NAMES}))

    g, r, rn = "/games/{game_id}", "/games/{game_id}/rounds", "/games/{game_id}/rounds/{number}"
    check_response(document, g, "get", ana.get(games_url(game["id"])))
    check_response(document, g, "get", ana.get(games_url("nope")))
    check_response(document, g, "get", client.get(games_url(game["id"])))

    check_response(document, r, "post", ana.post(rounds_url(game["id"]), {"bids": [9]}))
    played = ana.post(
        rounds_url(game["id"]),
        {"trump": "hearts", "turned": "QH", "bids": [1, 0, 1], "tricks": [1, 0, 0]},
    )
    check_response(document, r, "post", played)
    check_response(
        document,
        rn,
        "put",
        ana.put(
            rounds_url(game["id"], 1), {"trump": "none", "bids": [0, 0, 0], "tricks": [0, 1, 0]}
        ),
    )
    check_response(document, rn, "put", ana.put(rounds_url(game["id"], 1), {"bids": [0, 0, 0]}))
    check_response(document, rn, "put", ana.put(rounds_url(game["id"], 7), {"bids": [0, 0, 0]}))
    finished = ana.post(
        rounds_url(game["id"]),
        {"trump": "none", "turned": "jester", "bids": [0, 0, 0], "tricks": [0, 0, 2]},
    )
    check_response(document, r, "post", finished)
    assert finished.json["finished"] is True and finished.json["next"] is None
    check_response(document, r, "post", ana.post(rounds_url(game["id"]), {"bids": [0, 0, 0]}))
    check_response(document, rn, "delete", ana.delete(rounds_url(game["id"], 1)))
    check_response(document, rn, "delete", ana.delete(rounds_url(game["id"], 3)))
    check_response(document, rn, "delete", ana.delete(rounds_url(game["id"], 2)))
    check_response(document, "/games", "get", ana.get(games_url()))
    check_response(document, "/games", "get", client.get(games_url()))

    game_schema.validate(fetch(ana, game["id"]))
    game_schema.validate(finished.json)
    errors_schema.validate(ana.post(rounds_url(game["id"]), {}).json)
    # The schemas do say something: a wrong document does not pass.
    with pytest.raises(jsonschema.ValidationError):
        game_schema.validate({**finished.json, "next": 3})
    with pytest.raises(jsonschema.ValidationError):
        errors_schema.validate({"errors": [{"message": "no field"}]})


def test_the_documented_new_game_example_is_accepted(ana: Any, client: Any) -> None:
    example = spec_document(client)["components"]["schemas"]["NewGame"]["example"]
    game = new_game(ana, **example)
    assert game["players"] == example["players"]
    # The options given, as given; the game document shows the others too, at their defaults.
    assert {k: game["options"][k] for k in example["options"]} == example["options"]
    assert game["options"] == wizard_options(**example["options"])


def test_the_error_example_is_the_apis_own_wording(ana: Any, client: Any) -> None:
    example = spec_document(client)["components"]["schemas"]["Errors"]["example"]
    game = play(ana, new_game(ana), 4)
    response = ana.post(
        rounds_url(game["id"]), {"trump": "none", "bids": [0, 0, 0], "tricks": [1, 1, 2]}
    )
    assert response.status_code == 422
    assert response.json == example
