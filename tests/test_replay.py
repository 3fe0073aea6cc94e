"""Whole recorded games from each game's folder, replayed through the API and through the pages.

The expected scores and totals in the files were worked out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from scorekeeper.games.kinds import KINDS, kind
from tests.conftest import ApiClient, Table
from tests.rules import recorded

pytestmark = pytest.mark.data_layer

GAMES = [path for game in KINDS.values() for path in game.samples.recorded]
ANNIVERSARY = recorded.sheets("anniversary/*.json")
"""Wizard with the anniversary special cards (RULES.md), replayed through the pages."""
EXPECTED = ("scores", "totals", "made", "side_scores", "bags")


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_the_api(api: ApiClient, path: Path) -> None:
    recorded = load(path)
    api.login("ana")
    response = api.post(
        "/api/v1/games",
        {
            "game": recorded["game"],
            "players": recorded["players"],
            "first_dealer": recorded["first_dealer"],
            "options": recorded["options"],
        },
    )
    assert response.status_code == 201, response.json
    game = response.json
    for number, played in enumerate(recorded["rounds"], start=1):
        assert game["next"]["number"] == number
        payload = {k: v for k, v in played.items() if k not in (*EXPECTED, "dealer")}
        if played["dealer"] != game["next"]["dealer"]:
            payload["dealer"] = played["dealer"]  # the scorekeeper's override
        response = api.post(f"/api/v1/games/{game['id']}/rounds", payload)
        assert response.status_code == 201, (number, response.json)
        game = response.json
        last = game["rounds"][-1]
        assert last["dealer"] == played["dealer"]
        assert last["scores"] == played["scores"], number
        assert last["totals"] == played["totals"], number
        for outcome in ("made", "side_scores", "bags"):
            if outcome in played:
                assert last[outcome] == played[outcome], (number, outcome)
    assert game["finished"] is True
    assert game["next"] is None
    assert game["totals"] == recorded["totals"]
    assert game["winners"] == recorded["winners"]
    assert api.get(f"/api/v1/games/{game['id']}").json == game


@pytest.mark.parametrize("path", GAMES + ANNIVERSARY, ids=[p.stem for p in GAMES + ANNIVERSARY])
def test_replay_through_the_pages(app: Flask, table: Table, path: Path) -> None:
    recorded = load(path)
    samples = kind(recorded["game"]).samples
    setup: dict[str, Any] = {f"players-{i}": name for i, name in enumerate(recorded["players"])}
    setup.update(game=recorded["game"], first_dealer=str(recorded["first_dealer"]))
    setup.update(samples.new_game_taps(recorded["options"]))
    response = table.post("/games/new", setup)
    assert response.status_code == 302, response.get_data(as_text=True)
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    for number, played in enumerate(recorded["rounds"], start=1):
        response = table.post(f"/games/{game_id}/rounds/new", samples.round_taps(played))
        assert response.status_code == 302, (number, response.get_data(as_text=True))
    page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Final standings" in page
    with app.app_context():
        ana = services.authenticate("ana", "correct horse")
        record = services.get_game(ana, game_id)
        state = record.state
        assert state.finished
        assert list(state.totals) == recorded["totals"]
        assert list(state.winners) == recorded["winners"]
        for scored, played in zip(state.scored_rounds, recorded["rounds"], strict=True):
            assert scored.record.dealer == played["dealer"]
            assert list(scored.totals) == played["totals"]
            facts = scored.record.to_mapping()
            for key in set(facts) & set(played) - {"auction"}:
                assert facts[key] == played[key], (scored.number, key)
    for seat in recorded["winners"]:
        assert recorded["players"][seat] in page.split("Final standings")[1].split("</section>")[0]
