"""The JSON API with Wizard's anniversary special cards and its two rule options
(RULES.md › Wizard with the anniversary special cards; the contract in the OpenAPI
document): the options a game is started with, a round's Bomb, Cloud and Werewolf, the
special cards turned for trump, and every refusal, which leaves the stored game as it was.
"""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from scorekeeper.services import transfer
from tests.conftest import PASSWORD
from tests.rules.recorded import sheet, sheets
from tests.test_api import (
    Json,
    assert_refused,
    fetch,
    games_url,
    new_game,
    record,
    refuse,
    rounds_url,
    schema_validator,
    spec_document,
    wizard_options,
)

pytestmark = pytest.mark.data_layer

NAMES = ["Ana", "Ben", "Cai"]
EVERY_CARD = ["bomb", "cloud", "dragon", "fairy", "juggler", "werewolf", "shapeshifter"]
RECORDED = sheets("anniversary/*.json")
EXPECTED = ("scores", "totals", "made", "side_scores", "bags")


@pytest.fixture
def ana(api: Any) -> Any:
    return api.login("ana")


def special_game(api: Any, cards: list[str] | None = None, played: int = 2, **options: Any) -> Json:
    """Three players with ``cards`` (by default every special card), ``played`` quiet
    rounds recorded: round ``played + 1`` deals that many cards, seat ``played % 3`` deals."""
    game = new_game(
        api, NAMES, options={"special_cards": EVERY_CARD if cards is None else cards, **options}
    )
    for _ in range(played):
        game = record(api, game)
    return game


# Round 3 of a game with every special card: 3 cards, Cai (seat 2) deals.
ROUND_3 = {"trump": "hearts", "turned": "7h", "bids": [1, 1, 0], "tricks": [1, 2, 0]}


def posted(api: Any, game: Json, **facts: Any) -> Json:
    """The game after round 3 (``ROUND_3`` with ``facts``) is posted and accepted."""
    body = {k: v for k, v in {**ROUND_3, **facts}.items() if v is not ...}
    response = api.post(rounds_url(game["id"]), body)
    assert response.status_code == 201, response.get_data(as_text=True)
    answer: Json = response.json
    assert fetch(api, game["id"]) == answer
    return answer


# -- the options -------------------------------------------------------------------


def test_the_options_are_kept_and_shown(ana: Any) -> None:
    options = {
        "hook": True,
        "rounds": 10,
        "special_cards": ["werewolf", "fairy", "bomb", "dragon"],
        "hook_from": 3,
        "tie_break": "exact_bids",
    }
    game = new_game(ana, NAMES, options=options)
    # The special cards in the rules' order, whatever order they were sent in.
    assert game["options"] == {
        **options,
        "special_cards": ["bomb", "dragon", "fairy", "werewolf"],
        "hidden_bids": False,
        "schedule": list(range(1, 11)),
    }
    assert fetch(ana, game["id"]) == game


def test_options_left_out_are_shown_at_their_defaults(ana: Any) -> None:
    game = new_game(ana, NAMES, options={"special_cards": ["cloud"]})
    assert game["options"] == wizard_options(hook=False, rounds=20, special_cards=["cloud"])
    plain = new_game(ana, NAMES)
    assert plain["options"] == {
        "hook": False,
        "rounds": 20,
        "special_cards": [],
        "hook_from": 1,
        "tie_break": "share",
        "hidden_bids": False,
        "schedule": list(range(1, 21)),
    }


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"special_cards": ["dragon"]}, "options"),
        ({"special_cards": ["fairy", "bomb"]}, "options"),
        ({"special_cards": ["bomb", "joker"]}, "options"),
        ({"special_cards": ["wizard"]}, "options"),
        ({"special_cards": "bomb"}, "options"),
        ({"special_cards": {"bomb": True}}, "options"),
        ({"hook_from": 0}, "hook_from"),
        ({"hook_from": 21}, "hook_from"),
        ({"rounds": 5, "hook_from": 6}, "hook_from"),
        ({"hook_from": "3"}, "hook_from"),
        ({"hook_from": True}, "hook_from"),
        ({"tie_break": "highest"}, "tie_break"),
        ({"tie_break": 1}, "tie_break"),
    ],
    ids=[
        "dragon alone",
        "fairy without dragon",
        "an unknown card",
        "a wizard",
        "a string",
        "an object",
        "hook from 0",
        "hook from past the game",
        "hook from past a short game",
        "hook from text",
        "hook from true",
        "an unknown tie-break",
        "tie-break a number",
    ],
)
def test_a_refused_option_starts_no_game(ana: Any, options: Json, field: str) -> None:
    before = ana.get(games_url()).json
    response = ana.post(games_url(), {"game": "wizard", "players": NAMES, "options": options})
    errors = assert_refused(response, field)
    assert all(error["field"] != "special_cards" for error in errors), errors
    assert ana.get(games_url()).json == before


def test_the_dragon_refused_says_why(ana: Any) -> None:
    response = ana.post(games_url(), {"players": NAMES, "options": {"special_cards": ["dragon"]}})
    assert response.json["errors"] == [
        {
            "field": "options",
            "message": (
                "The Dragon is played only with the Fairy, which beats it: add the Fairy too"
            ),
        }
    ]


# -- a round with the special cards ------------------------------------------------


def test_the_bomb_takes_a_trick_from_the_count(ana: Any) -> None:
    game = posted(ana, special_game(ana), bomb=True, tricks=[1, 1, 0])
    played = game["rounds"][-1]
    assert played["bomb"] is True
    assert played["tricks"] == [1, 1, 0]
    assert played["scores"] == [30, 30, 20]


def test_bomb_false_is_the_round_without_it(ana: Any) -> None:
    game = posted(ana, special_game(ana), bomb=False)
    assert game["rounds"][-1]["bomb"] is False
    assert game["rounds"][-1]["cloud"] is None and game["rounds"][-1]["werewolf"] is None


def test_the_cloud_scores_the_changed_bid_and_keeps_the_bid_as_made(ana: Any) -> None:
    game = posted(ana, special_game(ana), cloud={"seat": 1, "change": 1})
    played = game["rounds"][-1]
    assert played["cloud"] == {"seat": 1, "change": 1}
    assert played["bids"] == [1, 1, 0]
    assert played["counted_bids"] == [1, 2, 0]
    assert played["scores"] == [30, 40, 20]


def test_the_cloud_lowers_a_bid(ana: Any) -> None:
    game = posted(
        ana, special_game(ana), bids=[1, 3, 0], tricks=[1, 2, 0], cloud={"seat": 1, "change": -1}
    )
    assert game["rounds"][-1]["counted_bids"] == [1, 2, 0]
    assert game["rounds"][-1]["scores"] == [30, 40, 20]


def test_the_werewolfs_trump_is_the_rounds(ana: Any) -> None:
    game = posted(ana, special_game(ana), trump=..., werewolf={"seat": 0, "trump": "spades"})
    played = game["rounds"][-1]
    assert played["trump"] == "spades" and played["turned"] == "7h"
    assert played["werewolf"] == {"seat": 0, "trump": "spades"}


def test_the_werewolf_may_name_no_trump_and_a_trump_given_agrees(ana: Any) -> None:
    game = posted(ana, special_game(ana), trump="NONE", werewolf={"seat": 2, "trump": "none"})
    assert game["rounds"][-1]["trump"] == "none"
    assert game["rounds"][-1]["werewolf"] == {"seat": 2, "trump": "none"}


def test_the_werewolf_swapped_for_the_turned_bomb_lets_it_be_played(ana: Any) -> None:
    game = posted(
        ana,
        special_game(ana),
        turned="bomb",
        trump=...,
        werewolf={"seat": 1, "trump": "clubs"},
        bomb=True,
        tricks=[1, 1, 0],
    )
    played = game["rounds"][-1]
    assert (played["turned"], played["trump"], played["bomb"]) == ("bomb", "clubs", True)


@pytest.mark.parametrize(
    ("turned", "trump", "shown"),
    [
        ("fairy", ..., "none"),
        ("Fairy", "none", "none"),
        ("bomb", ..., "none"),
        ("dragon", "spades", "spades"),
        ("cloud", "clubs", "clubs"),
        ("juggler", "Diamonds", "diamonds"),
        ("werewolf", "hearts", "hearts"),
        ("SHAPESHIFTER", "hearts", "hearts"),
    ],
)
def test_a_special_card_may_be_turned(ana: Any, turned: str, trump: Any, shown: str) -> None:
    game = posted(ana, special_game(ana), turned=turned, trump=trump)
    assert game["rounds"][-1]["turned"] == turned.lower()
    assert game["rounds"][-1]["trump"] == shown


def test_the_last_round_of_a_full_game_turns_a_card(ana: Any) -> None:
    game = new_game(ana, NAMES, options={"special_cards": ["bomb"]})
    for _ in range(19):
        game = record(ana, game)
    assert game["next"]["number"] == 20
    tricks = [0, 20, 0]
    game = record(
        ana, game, {"trump": "spades", "turned": "3s", "bids": [0, 0, 0], "tricks": tricks}
    )
    assert game["rounds"][-1]["turned"] == "3s" and game["finished"] is True


def test_a_round_without_special_cards_reads_as_it_always_has(ana: Any) -> None:
    game = record(ana, new_game(ana))
    assert set(game["rounds"][-1]).isdisjoint({"bomb", "cloud", "werewolf", "counted_bids"})
    # A game with only some of the cards shows only theirs.
    game = posted(ana, special_game(ana, ["juggler", "bomb"]))
    assert "bomb" in game["rounds"][-1]
    assert set(game["rounds"][-1]).isdisjoint({"cloud", "werewolf", "counted_bids"})


# -- refusals: 422, and nothing stored --------------------------------------------

ROUND_REFUSALS: list[tuple[str, Json, str]] = [
    ("bomb with every trick taken", {"bomb": True}, "tricks"),
    ("bomb with two tricks missing", {"bomb": True, "tricks": [0, 1, 0]}, "tricks"),
    ("no bomb and a trick missing", {"tricks": [1, 1, 0]}, "tricks"),
    ("bomb as text", {"bomb": "yes"}, "bomb"),
    ("bomb as 1", {"bomb": 1}, "bomb"),
    (
        "the bomb turned and played",
        {"turned": "bomb", "trump": ..., "bomb": True, "tricks": [1, 1, 0]},
        "bomb",
    ),
    ("cloud winner with no trick", {"cloud": {"seat": 2, "change": 1}}, "cloud"),
    ("cloud change of 2", {"cloud": {"seat": 1, "change": 2}}, "cloud"),
    ("cloud change of 0", {"cloud": {"seat": 1, "change": 0}}, "cloud"),
    ("cloud change as text", {"cloud": {"seat": 1, "change": "1"}}, "cloud"),
    ("cloud change left out", {"cloud": {"seat": 1}}, "cloud"),
    ("cloud lowering a bid of 0", {"bids": [1, 0, 0], "cloud": {"seat": 1, "change": -1}}, "cloud"),
    (
        "cloud raising a bid of every trick",
        {"bids": [1, 3, 0], "cloud": {"seat": 1, "change": 1}},
        "cloud",
    ),
    ("cloud seat past the table", {"cloud": {"seat": 3, "change": 1}}, "cloud"),
    ("cloud seat negative", {"cloud": {"seat": -1, "change": 1}}, "cloud"),
    ("cloud as a number", {"cloud": 1}, "cloud"),
    (
        "the cloud turned and played",
        {"turned": "cloud", "trump": "spades", "cloud": {"seat": 1, "change": 1}},
        "cloud",
    ),
    (
        "werewolf turned and swapped",
        {"turned": "werewolf", "werewolf": {"seat": 1, "trump": "hearts"}},
        "werewolf",
    ),
    ("werewolf trump disagreeing", {"werewolf": {"seat": 1, "trump": "clubs"}}, "trump"),
    ("werewolf named no trump, trump given", {"werewolf": {"seat": 1, "trump": "none"}}, "trump"),
    ("werewolf trump unknown", {"werewolf": {"seat": 1, "trump": "purple"}}, "werewolf"),
    ("werewolf seat left out", {"werewolf": {"trump": "hearts"}}, "werewolf"),
    ("werewolf as text", {"werewolf": "Ana"}, "werewolf"),
    ("fairy turned with a trump", {"turned": "fairy", "trump": "hearts"}, "trump"),
    ("bomb turned with a trump", {"turned": "bomb", "trump": "spades"}, "trump"),
    ("dragon turned, no trump", {"turned": "dragon", "trump": "none"}, "trump"),
    ("dragon turned, trump left out", {"turned": "dragon", "trump": ...}, "trump"),
    ("cloud turned, no trump", {"turned": "cloud", "trump": "none"}, "trump"),
    ("juggler turned with its suit", {"turned": "juggler:h"}, "turned"),
    ("shapeshifter turned as a wizard", {"turned": "shapeshifter:wizard"}, "turned"),
]


def refusal_body(facts: Json) -> Json:
    return {k: v for k, v in {**ROUND_3, **facts}.items() if v is not ...}


@pytest.mark.parametrize(
    ("facts", "field"),
    [(facts, field) for _, facts, field in ROUND_REFUSALS],
    ids=[name for name, _, _ in ROUND_REFUSALS],
)
def test_a_refused_round_is_not_stored(ana: Any, facts: Json, field: str) -> None:
    game = special_game(ana)
    refuse(ana, game, "post", rounds_url(game["id"]), refusal_body(facts), field)


NOT_IN_PLAY: list[tuple[str, Json, str]] = [
    ("the bomb", {"bomb": True, "tricks": [1, 1, 0]}, "bomb"),
    ("the cloud", {"cloud": {"seat": 1, "change": 1}}, "cloud"),
    ("the werewolf", {"trump": ..., "werewolf": {"seat": 1, "trump": "hearts"}}, "werewolf"),
    ("the dragon turned", {"turned": "dragon"}, "turned"),
    ("the fairy turned", {"turned": "fairy", "trump": "none"}, "turned"),
    ("the bomb turned", {"turned": "bomb", "trump": "none"}, "turned"),
    ("the werewolf turned", {"turned": "werewolf"}, "turned"),
]


@pytest.mark.parametrize("cards", [[], ["juggler", "shapeshifter"]], ids=["plain", "others"])
@pytest.mark.parametrize(
    ("facts", "field"),
    [(facts, field) for _, facts, field in NOT_IN_PLAY],
    ids=[name for name, _, _ in NOT_IN_PLAY],
)
def test_a_special_card_not_in_play_is_refused(
    ana: Any, cards: list[str], facts: Json, field: str
) -> None:
    game = special_game(ana, cards)
    errors = refuse(ana, game, "post", rounds_url(game["id"]), refusal_body(facts), field)
    assert any("not among this game's special cards" in e["message"] for e in errors), errors


def test_a_refusal_names_the_cloud_winner(ana: Any) -> None:
    game = special_game(ana)
    response = ana.post(rounds_url(game["id"]), refusal_body({"cloud": {"seat": 2, "change": 1}}))
    errors = assert_refused(response, "cloud")
    assert {"field": "cloud", "seat": 2}.items() <= errors[0].items()
    assert errors[0]["message"] == "Cai won the Cloud's trick, so Cai took at least one trick"


def test_the_bombs_count_is_said(ana: Any) -> None:
    game = special_game(ana)
    response = ana.post(rounds_url(game["id"]), refusal_body({"bomb": True}))
    assert assert_refused(response, "tricks")[0]["message"] == (
        "Tricks add up to 3, but the Bomb was played: nobody takes its trick, so they add"
        " up to 2, one less than the 3 cards dealt"
    )


# -- corrections ------------------------------------------------------------------


def test_a_correction_adds_and_takes_away_the_special_cards(ana: Any) -> None:
    game = posted(ana, special_game(ana))
    url = rounds_url(game["id"], 3)
    corrected = ana.put(
        url,
        refusal_body(
            {
                "bomb": True,
                "tricks": [1, 1, 0],
                "cloud": {"seat": 1, "change": -1},
                "trump": ...,
                "werewolf": {"seat": 0, "trump": "none"},
            }
        ),
    )
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    played = corrected.json["rounds"][2]
    assert played["bomb"] is True
    assert played["cloud"] == {"seat": 1, "change": -1}
    assert played["werewolf"] == {"seat": 0, "trump": "none"}
    assert played["trump"] == "none"
    assert played["counted_bids"] == [1, 0, 0]
    assert played["scores"] == [30, -10, 20]
    assert fetch(ana, game["id"]) == corrected.json
    back = ana.put(url, ROUND_3)
    assert back.status_code == 200
    assert back.json["rounds"][2] == game["rounds"][2]


@pytest.mark.parametrize(
    ("facts", "field"),
    [(facts, field) for _, facts, field in ROUND_REFUSALS[:20]],
    ids=[name for name, _, _ in ROUND_REFUSALS[:20]],
)
def test_a_refused_correction_changes_nothing(ana: Any, facts: Json, field: str) -> None:
    game = posted(ana, special_game(ana))
    refuse(ana, game, "put", rounds_url(game["id"], 3), refusal_body(facts), field)


def test_a_correction_to_a_plain_game_may_not_bring_the_cards(ana: Any) -> None:
    game = record(ana, new_game(ana))
    body = {"trump": "none", "bids": [0, 0, 0], "tricks": [0, 0, 0], "bomb": True}
    refuse(ana, game, "put", rounds_url(game["id"], 1), body, "bomb")


# -- the contract's document ------------------------------------------------------


def test_a_special_card_game_matches_the_documented_schema(ana: Any, client: Any) -> None:
    document = spec_document(client)
    game = posted(
        ana,
        special_game(ana),
        bomb=True,
        tricks=[1, 1, 0],
        cloud={"seat": 1, "change": 1},
        trump=...,
        werewolf={"seat": 0, "trump": "none"},
    )
    schema_validator(document, {"$ref": "#/components/schemas/Game"}).validate(game)
    round_input = schema_validator(document, {"$ref": "#/components/schemas/WizardRoundInput"})
    round_input.validate(refusal_body({"bomb": True, "cloud": {"seat": 1, "change": -1}}))
    round_input.validate(
        refusal_body({"turned": "fairy", "werewolf": {"seat": 0, "trump": "none"}})
    )
    new = schema_validator(document, {"$ref": "#/components/schemas/NewGame"})
    new.validate({"players": NAMES, "options": wizard_options(special_cards=EVERY_CARD)})


# -- recorded games ----------------------------------------------------------------


def load(path: Path) -> Json:
    found: Json = json.loads(path.read_text(encoding="utf-8"))
    return found


def replay(api: Any, recorded: Json) -> Json:
    game = new_game(
        api,
        recorded["players"],
        game=recorded["game"],
        first_dealer=recorded["first_dealer"],
        options=recorded["options"],
    )
    for number, played in enumerate(recorded["rounds"], start=1):
        assert game["next"]["number"] == number
        payload = {k: v for k, v in played.items() if k not in (*EXPECTED, "dealer")}
        if played["dealer"] != game["next"]["dealer"]:
            payload["dealer"] = played["dealer"]
        response = api.post(rounds_url(game["id"]), payload)
        assert response.status_code == 201, (number, response.json)
        game = response.json
        last = game["rounds"][-1]
        assert last["dealer"] == played["dealer"], number
        assert last["scores"] == played["scores"], number
        assert last["totals"] == played["totals"], number
        for fact in ("trump", "turned", "bids", "tricks", "bomb", "cloud", "werewolf"):
            if fact in played:
                assert last[fact] == played[fact], (number, fact)
    return game


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_a_recorded_game_replays_through_the_api(ana: Any, path: Path) -> None:
    recorded = load(path)
    game = replay(ana, recorded)
    assert game["finished"] is True and game["next"] is None
    assert game["totals"] == recorded["totals"]
    assert game["winners"] == recorded["winners"]
    assert game["options"] == wizard_options(**recorded["options"])
    assert fetch(ana, game["id"]) == game


def test_the_tie_break_decides_the_recorded_tie(ana: Any) -> None:
    recorded = load(sheet("anniversary/wizard-6p-full.json"))
    shared = replay(ana, {**recorded, "options": {**recorded["options"], "tie_break": "share"}})
    assert shared["totals"] == recorded["totals"]
    assert shared["winners"] == [0, 2]
    assert recorded["winners"] == [2]


# -- export and import ------------------------------------------------------------


def test_a_special_card_game_leaves_and_comes_back_unchanged(app: Flask, ana: Any) -> None:
    games = [replay(ana, load(path)) for path in RECORDED]
    with app.app_context():
        owner = services.authenticate("ana", PASSWORD)
        assert owner is not None
        document = transfer.export_account(owner)
        cai = services.create_user("cai", "cai plays spades")
        added = transfer.import_account(cai, copy.deepcopy(document))
        assert added["games"] == len(games)
        assert transfer.export_account(cai) == document
        for game in services.list_games(cai):
            original = next(g for g in games if g["players"] == list(game.state.players))
            assert list(game.state.totals) == original["totals"]
            assert list(game.state.winners) == original["winners"]
            assert (
                game.state.options_mapping()
                == services.get_game(owner, original["id"]).state.options_mapping()
            )


def test_the_csv_has_a_column_for_a_card_first_played_late(app: Flask, ana: Any) -> None:
    recorded = load(sheet("anniversary/wizard-6p-full.json"))
    game = replay(ana, recorded)
    with app.app_context():
        owner = services.authenticate("ana", PASSWORD)
        assert owner is not None
        stored = services.get_game(owner, game["id"])
        rows = list(csv.DictReader(io.StringIO(transfer.game_csv(stored.row))))
    # Round 1 has none of them: the Bomb comes in round 2, the Cloud in 3, the Werewolf in 4.
    assert [row["bomb"] for row in rows[:3]] == ["", "yes", ""]
    assert rows[2]["cloud"] == "seat Dee, change 1"
    assert rows[3]["werewolf"] == "seat Fay, trump none"
    assert rows[5]["werewolf"] == "seat Cai, trump clubs"
    assert rows[4]["cloud"] == "seat Ben, change -1"
    assert [row["Cai total"] for row in rows] == [
        str(t[2]) for t in (r["totals"] for r in recorded["rounds"])
    ]


def test_the_hook_holds_from_the_round_it_is_set_from(ana: Any) -> None:
    game = new_game(ana, NAMES, options={"hook": True, "hook_from": 3})
    for number in (1, 2):
        bids = [number, 0, 0]  # adding up to the cards: allowed before round 3
        tricks = [number, 0, 0]
        game = record(ana, game, {"trump": "none", "bids": bids, "tricks": tricks})
    errors = refuse(
        ana,
        game,
        "post",
        rounds_url(game["id"]),
        {"trump": "none", "bids": [3, 0, 0], "tricks": [3, 0, 0]},
        "bids",
    )
    assert errors[0]["seat"] == 2  # Cai deals round 3
