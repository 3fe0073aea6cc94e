"""Whole recorded games from tests/data/, replayed through the API and through the pages.

The expected scores and totals in the files were worked out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from scorekeeper.rules import Card, Suit
from tests.conftest import ApiClient, Table

pytestmark = pytest.mark.data_layer

DATA = Path(__file__).parent / "data"
GAMES = sorted(DATA.glob("*.json"))
ANNIVERSARY = sorted((DATA / "anniversary").glob("*.json"))
"""Wizard with the anniversary special cards (RULES.md), replayed through the pages."""
EXPECTED = ("scores", "totals", "made")


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
        if "made" in played:
            assert last["made"] == played["made"], number
    assert game["finished"] is True
    assert game["next"] is None
    assert game["totals"] == recorded["totals"]
    assert game["winners"] == recorded["winners"]
    assert api.get(f"/api/v1/games/{game['id']}").json == game


def round_form(game: str, played: dict[str, Any]) -> dict[str, str]:
    """The taps a scorekeeper makes on the round page for a recorded round."""
    return {"wizard": wizard_form, "one_card": one_card_form, "oh_hell": oh_hell_form}[game](played)


def one_card_form(played: dict[str, Any]) -> dict[str, str]:
    form = {"dealer": str(played["dealer"]), "last_trick": str(played["last_trick"])}
    form.update({f"points_{seat}": str(p) for seat, p in enumerate(played["points"])})
    form["order"] = played.get("order", "uptown")
    if played["trump"] != "none":
        form["trump"] = played["trump"]
    if played.get("auction"):
        form["auction"] = ",".join("p" if c is None else str(c) for c in played["auction"])
    elif played["bidder"] is None:
        form["bidder"] = "none"
    else:
        form.update(bidder=str(played["bidder"]), bid=str(played["bid"]))
    return form


def oh_hell_form(played: dict[str, Any]) -> dict[str, str]:
    form = {"dealer": str(played["dealer"])}
    for seat, (bid, took) in enumerate(zip(played["bids"], played["tricks"], strict=True)):
        form[f"bid_{seat}"] = str(bid)
        form[f"tricks_{seat}"] = str(took)
    turned = played.get("turned")
    if turned:
        card = Card.parse(turned)
        assert card.suit is not None and card.rank is not None
        form["turned"] = card.suit.value
        form["turned_rank"] = card.rank.letter.lower()
    return form


def wizard_form(played: dict[str, Any]) -> dict[str, str]:
    form = {"dealer": str(played["dealer"])}
    for seat, (bid, took) in enumerate(zip(played["bids"], played["tricks"], strict=True)):
        form[f"bid_{seat}"] = str(bid)
        form[f"tricks_{seat}"] = str(took)
    turned = played.get("turned")
    werewolf = played.get("werewolf")
    if turned is not None and not turned[:1].isdigit() and len(turned) > 3:
        # A Wizard, a Jester or a special card: the dealer's suit where it names one.
        form["turned"] = turned
        if played["trump"] != "none" and werewolf is None:
            form["wizard_trump"] = played["trump"]
    elif turned:
        form["turned"] = Card.parse(turned).suit.value  # type: ignore[union-attr]
        form["turned_card"] = turned
    elif played["trump"] != "none":
        form["turned"] = Suit.parse(played["trump"]).value
    if played.get("bomb"):
        form["bomb"] = "y"
    if "cloud" in played:
        form["cloud_seat"] = str(played["cloud"]["seat"])
        form["cloud_change"] = str(played["cloud"]["change"])
    if werewolf is not None:
        form["werewolf_seat"] = str(werewolf["seat"])
        form["werewolf_trump"] = werewolf["trump"]
    return form


@pytest.mark.parametrize("path", GAMES + ANNIVERSARY, ids=[p.stem for p in GAMES + ANNIVERSARY])
def test_replay_through_the_pages(app: Flask, table: Table, path: Path) -> None:
    recorded = load(path)
    setup = {f"players-{i}": name for i, name in enumerate(recorded["players"])}
    setup.update(game=recorded["game"], first_dealer=str(recorded["first_dealer"]))
    for option, value in recorded["options"].items():
        if option == "special_cards":  # a box ticked for each
            setup[option] = value
        elif isinstance(value, list):  # a table's own list (Oh Hell's hand sizes)
            setup.update({option: "own", "hand_sizes": ", ".join(map(str, value))})
        elif isinstance(value, dict):  # a table's own numbers (Oh Hell's scoring)
            setup.update({option: "own", **{k: str(v) for k, v in value.items()}})
        elif value is not False:
            setup[option] = "y" if value is True else str(value)
    response = table.post("/games/new", setup)
    assert response.status_code == 302, response.get_data(as_text=True)
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    for number, played in enumerate(recorded["rounds"], start=1):
        response = table.post(f"/games/{game_id}/rounds/new", round_form(recorded["game"], played))
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
