"""The referee's API with Wizard's anniversary special cards (RULES.md, Wizard with the
anniversary special cards): the cards in play named in the question, who leads next in
every game, nobody winning a trick with the Bomb; and the OpenAPI document saying exactly
what is accepted."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from flask.testing import FlaskClient

from scorekeeper.games import REFEREES
from scorekeeper.rules import Card, RuleError, Suit
from tests.conftest import ApiClient

Json = dict[str, Any]
EVERY = ["bomb", "cloud", "dragon", "fairy", "juggler", "werewolf", "shapeshifter"]


@pytest.fixture
def ana(api: ApiClient) -> ApiClient:
    return api.login("ana")


def trick(ana: ApiClient, body: Json) -> Any:
    return ana.post("/api/v1/referee/trick", body)


@pytest.mark.parametrize(
    ("body", "winner"),
    [
        ({"game": "wizard", "trump": "hearts", "plays": ["jester", "7h", "wizard"]}, 2),
        ({"game": "wizard", "trump": "spades", "plays": ["9h", "kh", "2c"]}, 1),
        ({"game": "one_card", "trump": "none", "order": "downtown", "plays": ["as", "9s"]}, 1),
        ({"game": "one_card", "trump": "hearts", "plays": ["as", "9h", "ks"]}, 1),
        ({"game": "oh_hell", "trump": "clubs", "plays": ["qh", "ah", "2c", "3d"]}, 2),
        ({"game": "oh_hell", "trump": "none", "plays": ["qh", "ah", "kh"]}, 1),
    ],
    ids=["wizard", "wizard by suit", "one card", "one card trump", "oh hell", "oh hell no trump"],
)
def test_every_game_says_who_leads_next_the_winner(ana: ApiClient, body: Json, winner: int) -> None:
    response = trick(ana, body)
    assert response.status_code == 200, response.json
    assert response.json["winner"] == winner
    assert response.json["next_leader"] == winner


@pytest.mark.parametrize(
    ("plays", "leader", "reason"),
    [
        (
            ["7h", "bomb", "9h"],
            2,
            "The Bomb was played, so nobody wins the trick. Without it the 9♥ would have won,"
            " so its player leads next.",
        ),
        (
            ["bomb", "wizard", "dragon", "fairy"],
            3,
            "The Bomb was played, so nobody wins the trick. Without it the Fairy would have"
            " won, so its player leads next.",
        ),
        (["bomb"], 0, "The Bomb was played, so nobody wins the trick; its player leads next."),
    ],
    ids=["by suit", "fairy over dragon", "bomb alone"],
)
def test_with_the_bomb_nobody_wins_and_who_would_have_leads(
    ana: ApiClient, plays: list[str], leader: int, reason: str
) -> None:
    body = {"game": "wizard", "trump": "none", "plays": plays, "special_cards": EVERY}
    response = trick(ana, body)
    assert response.status_code == 200, response.json
    assert response.json == {"winner": None, "next_leader": leader, "reason": reason}


@pytest.mark.parametrize(
    ("plays", "winner", "words"),
    [
        (["wizard", "dragon", "7h"], 1, "The Dragon wins: it beats every card, Wizards too"),
        (
            ["dragon", "wizard", "fairy"],
            2,
            "The Fairy wins: it takes a trick that holds the Dragon",
        ),
        (["7h", "juggler:h", "8h"], 2, "The 8♥ wins"),
        (["juggler:h", "7h"], 0, "The Juggler (7½♥) wins"),
        (["9s", "cloud:s", "10s"], 2, "The 10♠ wins"),
        (["9s", "cloud:s"], 1, "The Cloud (9¾♠) wins"),
        (["7h", "shapeshifter:wizard", "wizard"], 1, "The Shapeshifter (Wizard) wins"),
        (["shapeshifter:jester", "2c", "ah"], 1, "The 2♣ wins: the Shapeshifter (Jester) was led"),
    ],
    ids=["dragon", "fairy", "juggler low", "juggler", "cloud low", "cloud", "as wizard", "jester"],
)
def test_the_special_cards_as_played(
    ana: ApiClient, plays: list[str], winner: int, words: str
) -> None:
    body = {"game": "wizard", "trump": "none", "plays": plays, "special_cards": EVERY}
    response = trick(ana, body)
    assert response.status_code == 200, response.json
    assert response.json["winner"] == response.json["next_leader"] == winner
    assert response.json["reason"].startswith(words), response.json["reason"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (
            {"game": "wizard", "plays": ["7h", "bomb"]},
            "plays",
            "The Bomb is not among this game's special cards",
        ),
        (
            {"game": "wizard", "plays": ["dragon"], "special_cards": ["bomb"]},
            "plays",
            "The Dragon is not among this game's special cards",
        ),
        (
            {"game": "wizard", "plays": ["juggler"], "special_cards": ["juggler"]},
            "plays",
            "Write the Juggler with the suit its player named, by its letter:"
            " juggler:c, juggler:d, juggler:h or juggler:s",
        ),
        (
            {"game": "wizard", "plays": ["7h"], "special_cards": ["unicorn"]},
            "special_cards",
            "“unicorn” is not a special card: they are bomb, cloud, dragon, fairy, juggler,"
            " werewolf, shapeshifter",
        ),
        (
            {"game": "wizard", "plays": ["7h"], "special_cards": "bomb"},
            "special_cards",
            "Give special_cards as a list of the special cards in play: any of bomb, cloud,"
            " dragon, fairy, juggler, werewolf, shapeshifter",
        ),
        (
            {"game": "one_card", "plays": ["9h"], "special_cards": ["bomb"]},
            "special_cards",
            "One Card has no special cards to choose: leave special_cards out",
        ),
        (
            {"game": "oh_hell", "plays": ["bomb"], "special_cards": ["bomb"]},
            "special_cards",
            "Oh Hell has no special cards to choose: leave special_cards out",
        ),
    ],
    ids=[
        "bomb not in play",
        "dragon not in play",
        "juggler no suit",
        "unknown",
        "not a list",
        "one card",
        "oh hell",
    ],
)
def test_a_special_card_not_in_play_is_refused(
    ana: ApiClient, body: Json, field: str, message: str
) -> None:
    response = trick(ana, body)
    assert response.status_code == 422
    assert {"field": field, "message": message} in response.json["errors"], response.json


def test_an_empty_list_is_no_special_cards_in_every_game(ana: ApiClient) -> None:
    for game, plays in (("wizard", ["7h"]), ("one_card", ["9h"]), ("oh_hell", ["2h"])):
        response = trick(ana, {"game": game, "plays": plays, "special_cards": []})
        assert response.status_code == 200, (game, response.json)


def test_the_werewolf_is_in_play_but_never_played(ana: ApiClient) -> None:
    body = {"game": "wizard", "plays": ["werewolf"], "special_cards": ["werewolf"]}
    response = trick(ana, body)
    assert response.status_code == 422
    assert response.json["errors"][0]["message"].startswith("The Werewolf is never played")


def test_a_special_card_may_always_be_played(ana: ApiClient) -> None:
    body = {
        "game": "wizard",
        "trump": "hearts",
        "plays": ["7s"],
        "hand": ["2s", "bomb"],
        "card": "bomb",
        "special_cards": ["bomb"],
    }
    response = ana.post("/api/v1/referee/play", body)
    assert response.status_code == 200, response.json
    assert response.json == {
        "legal": True,
        "reason": "The Bomb may always be played, like a Wizard or a Jester.",
    }
    body["card"] = "2s"
    body["plays"] = ["juggler:s"]
    body["hand"] = ["2s", "3s", "qh"]
    body["card"] = "qh"
    body["special_cards"] = ["juggler"]
    response = ana.post("/api/v1/referee/play", body)
    assert response.json["legal"] is False, "the Juggler led in spades sets spades to follow"


def test_the_reasons_name_the_special_cards_in_the_readers_language(ana: ApiClient) -> None:
    body = {"game": "wizard", "plays": ["wizard", "dragon"], "special_cards": ["dragon", "fairy"]}
    english = trick(ana, body).json["reason"]
    ana.headers["Accept-Language"] = "nl"
    dutch = trick(ana, body).json["reason"]
    assert english.startswith("The Dragon wins")
    assert dutch != english and "Dragon " not in dutch, dutch


# -- the document: exactly what is accepted ------------------------------------------


@pytest.fixture
def document(client: FlaskClient) -> Json:
    found: Json = client.get("/api/v1/openapi.json").json
    return found


def validator(document: Json, name: str) -> jsonschema.Draft202012Validator:
    root = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
    return jsonschema.Draft202012Validator(root)


FORMS = [
    "bomb",
    "dragon",
    "fairy",
    "werewolf",
    "juggler",
    "cloud",
    "shapeshifter",
    *(f"{name}:{suit.value}" for name in ("juggler", "cloud") for suit in Suit),
    "juggler:x",
    "shapeshifter:wizard",
    "shapeshifter:jester",
    "shapeshifter:joker",
    "wizard",
    "7h",
]
IN_PLAY = [[], ["bomb"], ["dragon", "fairy"], ["juggler", "cloud"], ["shapeshifter"], EVERY]


def referee_accepts(game: str, special_cards: list[str], plays: list[str], **play: Any) -> bool:
    referee = REFEREES[game].with_special_cards(special_cards) if special_cards else REFEREES[game]
    try:
        cards = [Card.parse(text) for text in plays]
        if play:
            hand = [Card.parse(text) for text in play["hand"]]
            referee.check_play(cards, hand, Card.parse(play["card"]), None)
        else:
            referee.trick_winner(cards, None)
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("special_cards", IN_PLAY, ids=lambda cards: "+".join(cards) or "none")
def test_the_document_offers_the_special_cards_the_referee_accepts(
    document: Json, special_cards: list[str]
) -> None:
    trick_schema = validator(document, "TrickQuestion")
    play_schema = validator(document, "PlayQuestion")
    for card in FORMS:
        body = {"game": "wizard", "plays": [card], "special_cards": special_cards}
        accepted = referee_accepts("wizard", special_cards, [card])
        assert trick_schema.is_valid(body) == accepted, f"{card} played with {special_cards}"
        body = {"game": "wizard", "plays": [], "hand": [card], "card": card, **body}
        body["plays"] = []
        accepted = referee_accepts("wizard", special_cards, [], hand=[card], card=card)
        assert play_schema.is_valid(body) == accepted, f"{card} held with {special_cards}"


def test_the_answers_match_the_document(ana: ApiClient, document: Json) -> None:
    answer = document["paths"]["/referee/trick"]["post"]["responses"]["200"]
    schema = answer["content"]["application/json"]["schema"]
    for plays in (["7h", "bomb", "9h"], ["7h", "9h"]):
        body = {"game": "wizard", "plays": plays, "special_cards": ["bomb"]}
        assert validator(document, "TrickQuestion").is_valid(body)
        response = trick(ana, body)
        jsonschema.validate(response.json, schema)
    assert "special_cards" not in document["components"]["schemas"]["TrickQuestion"]["required"]
