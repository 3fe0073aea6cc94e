"""A recorded tournament played through the JSON API: 18 players, three preliminary
stages of six tables of three, a final table of six, Wizard dealt as the tournaments
deal (tests/data/tournament_18.json: the draw of each seeded stage, what each player
did at each table, and the standings worked out from it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ApiClient

DATA = Path(__file__).parent / "data" / "tournament_18.json"
TOURNAMENTS = "/api/v1/tournaments"


def role_bid_took(role: str, number: int, cards: int) -> tuple[int, int]:
    """What a player of ``role`` bids and takes in round ``number`` of ``cards`` cards:
    "all" bids and takes every trick; "zK" bids and takes nothing in the first K rounds,
    then bids 1 and takes nothing; "miss" (z0) bids 1 and takes nothing."""
    if role == "all":
        return cards, cards
    exact_rounds = 0 if role == "miss" else int(role[1:])
    return (0, 0) if number <= exact_rounds else (1, 0)


def role_total(role: str, sizes: list[int]) -> tuple[int, int]:
    """A role's total and its rounds bid exactly over a game of these hand sizes (RULES.md,
    Wizard › Scoring: 20 and 10 a trick when the bid is met, -10 a trick off)."""
    total = exact = 0
    for number, cards in enumerate(sizes, 1):
        bid, took = role_bid_took(role, number, cards)
        if bid == took:
            total += 20 + 10 * took
            exact += 1
        else:
            total -= 10 * abs(bid - took)
    return total, exact


def play_table(api: ApiClient, game_id: str, roles: list[str]) -> dict[str, Any]:
    game = api.get(f"/api/v1/games/{game_id}").json
    while game["next"] is not None:
        upcoming = game["next"]
        said = [role_bid_took(role, upcoming["number"], upcoming["cards"]) for role in roles]
        body = {
            "number": upcoming["number"],
            "trump": "clubs",
            "turned": "9c",
            "bids": [bid for bid, _took in said],
            "tricks": [took for _bid, took in said],
        }
        answer = api.post(f"/api/v1/games/{game_id}/rounds", json=body)
        assert answer.status_code == 201, answer.json
        game = answer.json
    return game


@pytest.fixture
def recorded() -> dict[str, Any]:
    return json.loads(DATA.read_text("utf-8"))  # type: ignore[no-any-return]


def test_the_recorded_tournament(api: ApiClient, recorded: dict[str, Any]) -> None:
    api.login()
    made = api.post(TOURNAMENTS, json=recorded["tournament"])
    assert made.status_code == 201, made.json
    tournament = made.json
    assert made.headers["Location"].endswith(f"{TOURNAMENTS}/{tournament['id']}")
    assert tournament["options"]["schedule"] == "tournament"
    url = f"{TOURNAMENTS}/{tournament['id']}"
    met: list[frozenset[str]] = []
    for stage in recorded["stages"]:
        drawn = api.post(f"{url}/stages", json={"seed": stage["seed"]})
        assert drawn.status_code == 201, drawn.json
        assert drawn.json["final"] is stage["final"]
        tables = drawn.json["tables"]
        assert [t["players"] for t in tables] == [t["players"] for t in stage["tables"]]
        for table, worked in zip(tables, stage["tables"], strict=True):
            sizes = [r["cards"] for r in play_table(api, table["game"], worked["roles"])["rounds"]]
            game = api.get(f"/api/v1/games/{table['game']}").json
            assert game["finished"]
            assert game["totals"] == worked["totals"]
            assert [role_total(role, sizes)[0] for role in worked["roles"]] == worked["totals"]
        if not stage["final"]:
            seated = [frozenset(t["players"]) for t in tables]
            met.extend(frozenset((a, b)) for table in seated for a in table for b in table if a < b)
    # Eighteen players at tables of three over three stages: nobody meets anyone twice.
    assert len(met) == len(set(met)) == 18 * 3
    standings = api.get(f"{url}/standings").json
    assert standings["tie_breaks"] == ["exact_bids", "best_game", "shared"]
    assert [
        {key: line[key] for key in ("rank", "player", "points", "exact_bids", "best_game")}
        for line in standings["standings"]
    ] == recorded["standings"]
    assert api.post(f"{url}/stages", json={}).status_code == 409


def test_refusals(api: ApiClient, recorded: dict[str, Any]) -> None:
    assert api.get(TOURNAMENTS).status_code == 401
    api.login()
    assert api.get(f"{TOURNAMENTS}/999").status_code == 404
    bad = api.post(TOURNAMENTS, json={"name": "", "game": "nope", "stages": 0, "date": "x"})
    assert bad.status_code == 422
    fields = {error["field"] for error in bad.json["errors"]}
    assert {"name", "game", "stages", "date"} <= fields
    body = {**recorded["tournament"], "table_size": 9}
    assert api.post(TOURNAMENTS, json=body).json["errors"][0]["field"] == "table_size"
    made = api.post(TOURNAMENTS, json=recorded["tournament"]).json
    url = f"{TOURNAMENTS}/{made['id']}"
    assert api.post(f"{url}/stages", json={"seed": "one"}).status_code == 422
    assert api.post(f"{url}/stages", json={"seed": 1}).status_code == 201
    # The first stage is being played: neither the next stage nor the players change.
    assert api.post(f"{url}/stages", json={"seed": 2}).status_code == 409
    assert api.put(f"{url}/players", json={"players": ["Ana", "Ben", "Cai"]}).status_code == 409
    assert api.get(f"{url}/stages/7").status_code == 404
    # Another account sees no such tournament.
    api.login("ben")
    assert api.get(url).status_code == 404
    assert api.get(f"{url}/standings").status_code == 404


def test_the_standings_follow_every_saved_round(api: ApiClient, recorded: dict[str, Any]) -> None:
    api.login()
    made = api.post(TOURNAMENTS, json=recorded["tournament"]).json
    url = f"{TOURNAMENTS}/{made['id']}"
    stage = api.post(f"{url}/stages", json={"seed": 5}).json
    before = api.get(f"{url}/standings").json
    assert all(line["points"] == 0 for line in before["standings"])
    table = stage["tables"][0]
    body = {"trump": "clubs", "turned": "9c", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    assert api.post(f"/api/v1/games/{table['game']}/rounds", json=body).status_code == 201
    after = api.get(f"{url}/standings").json
    first = after["standings"][0]
    assert (first["player"], first["points"], first["exact_bids"]) == (table["players"][0], 30, 1)


def test_the_answers_follow_the_openapi_document(api: ApiClient, recorded: dict[str, Any]) -> None:
    import jsonschema

    document = api.client.get("/api/v1/openapi.json").json
    for path in ("/tournaments", "/tournaments/{tournament_id}/stages"):
        assert path in document["paths"]

    def check(name: str, value: Any) -> None:
        root = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
        jsonschema.Draft202012Validator(root).validate(value)

    check("NewTournament", recorded["tournament"])
    api.login()
    made = api.post(TOURNAMENTS, json=recorded["tournament"]).json
    check("Tournament", made)
    url = f"{TOURNAMENTS}/{made['id']}"
    check("Stage", api.post(f"{url}/stages", json={"seed": 3}).json)
    check("Standings", api.get(f"{url}/standings").json)
    change = {"name": "Club championship, December", "ranking": "placement"}
    check("TournamentChange", change)
    check("Tournament", api.patch(url, json=change).json)


def test_a_tournament_changed_after_it_is_made(api: ApiClient, recorded: dict[str, Any]) -> None:
    """Its name, date, ranking rule and plan change; its game, options and players do not;
    the stages drawn stay, and the standings follow the ranking rule at once."""
    api.login()
    made = api.post(TOURNAMENTS, json=recorded["tournament"]).json
    url = f"{TOURNAMENTS}/{made['id']}"
    changed = api.patch(url, json={"name": "  Winter cup ", "date": "2026-12-12", "stages": 2})
    assert changed.status_code == 200, changed.json
    assert (changed.json["name"], changed.json["date"], changed.json["stages"]) == (
        "Winter cup",
        "2026-12-12",
        2,
    )
    assert api.get(url).json == changed.json

    stage = api.post(f"{url}/stages", json={"seed": 5}).json
    table = stage["tables"][0]
    body = {"trump": "clubs", "turned": "9c", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    assert api.post(f"/api/v1/games/{table['game']}/rounds", json=body).status_code == 201
    assert api.get(f"{url}/standings").json["standings"][0]["points"] == 30
    placed = api.patch(url, json={"ranking": "placement"})
    assert placed.status_code == 200, placed.json
    first = api.get(f"{url}/standings").json["standings"][0]
    assert (first["player"], first["points"]) == (table["players"][0], 3)  # 1st of 3 at a table

    def refused(body: Any, status: int) -> list[str | None]:
        answer = api.patch(url, json=body)
        assert answer.status_code == status, answer.json
        return [error["field"] for error in answer.json["errors"]]

    before = api.get(url).json
    assert refused({"game": "oh_hell", "players": []}, 422) == ["game", "players"]
    assert refused({"name": "", "table_size": 9, "ranking": "luck"}, 422) == [
        "name",
        "ranking",
        "table_size",
    ]
    assert refused({"final_size": 7}, 422) == ["final_size"]  # Wizard seats 3 to 6
    assert refused({"stages": 0}, 422) == ["stages"]
    # One stage is drawn: the tournament keeps at least one.
    assert api.patch(url, json={"stages": 1}).status_code == 200
    assert api.get(url).json["next_stage"] == {"number": 2, "final": True}
    assert api.patch(url, json={"name": "Anything", "final_size": 0}).status_code == 200
    assert api.get(url).json == before | {
        "name": "Anything",
        "final_size": 0,
        "stages": 1,
        "next_stage": None,
    }
    assert api.patch(url, json={"final_size": 6, "name": before["name"]}).status_code == 200
    assert api.get(url).json == before | {"stages": 1, "next_stage": {"number": 2, "final": True}}
    assert api.patch(f"{TOURNAMENTS}/999", json={"name": "x"}).status_code == 404
    assert api.patch(url, json=["name"]).status_code in (400, 422)
    api.login("ben")
    assert api.patch(url, json={"name": "Mine"}).status_code == 404


def test_the_plan_stays_once_the_final_is_drawn(app: Any, api: ApiClient) -> None:
    """Once the final is drawn, its stages and tables are what was played; fewer stages
    than are drawn never."""
    api.login()
    body = {
        "name": "Short",
        "date": "2026-12-07",
        "game": "wizard",
        "options": {"schedule": [1]},
        "stages": 2,
        "table_size": 3,
        "final_size": 3,
        "players": ["Ana", "Ben", "Cai", "Dai", "Eli", "Fay"],
    }
    made = api.post(TOURNAMENTS, json=body)
    assert made.status_code == 201, made.json
    url = f"{TOURNAMENTS}/{made.json['id']}"
    for seed in (1, 2):
        stage = api.post(f"{url}/stages", json={"seed": seed})
        assert stage.status_code == 201, stage.json
        for table in stage.json["tables"]:
            game = api.get(f"/api/v1/games/{table['game']}").json
            cards = game["next"]["cards"]
            round_body = {
                "trump": "clubs",
                "turned": "9c",
                "bids": [0, 0, 0],
                "tricks": [cards, 0, 0],
            }
            answer = api.post(f"/api/v1/games/{table['game']}/rounds", json=round_body)
            assert answer.status_code == 201, answer.json
    fewer = api.patch(url, json={"stages": 1})
    assert fewer.status_code == 409
    assert fewer.json["errors"][0]["field"] == "stages"
    assert "2 stages are drawn already" in fewer.json["errors"][0]["message"]
    assert api.post(f"{url}/stages", json={}).status_code == 201  # the final
    for change in ({"stages": 3}, {"final_size": 0}, {"table_size": 4}):
        answer = api.patch(url, json=change)
        assert answer.status_code == 409, answer.json
        assert answer.json["errors"][0]["field"] == next(iter(change))
        assert "The final is drawn" in answer.json["errors"][0]["message"]
    assert api.patch(url, json={"name": "Short, played"}).status_code == 200
    assert api.get(url).json["stages"] == 2
