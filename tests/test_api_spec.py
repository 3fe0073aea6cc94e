"""The OpenAPI document offers exactly what the app accepts.

Every list of values in the document (the games, the trumps, the orders, each game's
cards) is compared with what the rules themselves accept, value by value, from a wide
set of candidates: a value the app refuses must not be in the document, and a value it
accepts must not be missing.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from flask.testing import FlaskClient

from scorekeeper.games import GAMES, REFEREES
from scorekeeper.games.kinds import KINDS
from scorekeeper.rules import Card, Rank, RuleError, Special, Suit
from scorekeeper.rules.errors import RoundRefused

Json = dict[str, Any]

CARDS = [f"{rank.letter.lower()}{suit.value}" for rank in Rank for suit in Suit]
SPECIALS = [special.value for special in Special]
WORDS = [
    *(suit.word for suit in Suit),
    *(suit.value for suit in Suit),
    *(suit.symbol for suit in Suit),
    "none",
    "no trump",
    "uptown",
    "downtown",
    "sideways",
]
CANDIDATES = sorted({*CARDS, *SPECIALS, *WORDS, "1h", "11s", "0c", "wizards", "x"})


@pytest.fixture
def document(client: FlaskClient) -> Json:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    found: Json = response.json
    return found


def schemas(document: Json) -> Json:
    found: Json = document["components"]["schemas"]
    return found


def validator(document: Json, name: str) -> jsonschema.Draft202012Validator:
    root = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
    return jsonschema.Draft202012Validator(root)


def test_the_games_listed_are_the_registered_games(document: Json) -> None:
    found = schemas(document)
    assert found["NewGame"]["properties"]["game"]["enum"] == list(GAMES)
    assert found["Game"]["properties"]["game"]["enum"] == list(GAMES)
    for question in ("TrickQuestion", "PlayQuestion"):
        assert found[question]["properties"]["game"]["enum"] == list(REFEREES)
    # Every game kind has its round input described, and nothing else is offered.
    offered = [ref["$ref"].rsplit("/", 1)[1] for ref in found["RoundInput"]["oneOf"]]
    assert sorted(offered) == sorted(game.api.round_input for game in KINDS.values())


def referee_accepts(game: str, card: str) -> bool:
    try:
        REFEREES[game].trick_winner([Card.parse(card)], None)
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("game", list(REFEREES))
def test_the_referees_cards_are_each_games_deck(document: Json, game: str) -> None:
    trick = validator(document, "TrickQuestion")
    play = validator(document, "PlayQuestion")
    for card in CANDIDATES:
        accepted = referee_accepts(game, card)
        documented = trick.is_valid({"game": game, "plays": [card]})
        assert documented == accepted, f"{game}: {card} accepted {accepted}, listed {documented}"
        question = {"game": game, "plays": [], "hand": [card], "card": card}
        assert play.is_valid(question) == accepted, f"{game}: {card} in a hand"
    assert not referee_accepts("wizard", "joker")
    assert referee_accepts("one_card", "2d"), "the 2♦ stands in for One Card's Joker"


def round_accepts(game: str, schema: Json, field: str, value: str) -> bool:
    """Whether the game's rules take ``value`` for ``field`` in round 1 of a game at the
    documented example's table: no refusal names the field, in the example round or in
    the same round with every field that may be null left null (everyone passing in One
    Card, nothing turned in Wizard), since some values fit only one of them."""
    properties = schema["properties"]
    listed = [name for name, spec in properties.items() if "enum" in spec]
    example = {k: v for k, v in schema["example"].items() if k not in listed or k == field}
    example[field] = value
    nulls = {
        name: None
        for name, spec in properties.items()
        if name != field and "null" in spec.get("type", ()) and name in schema["example"]
    }
    # The table's size from the example's first list a seat (a list a side, in a game
    # that takes some numbers by side, is not one): else the fewest players it has.
    rules = GAMES[game]
    sizes = [len(v) for v in schema["example"].values() if isinstance(v, list)]
    fits = [size for size in sizes if rules.min_players <= size <= rules.max_players]
    players = fits[0] if fits else rules.min_players
    state = rules.new([f"P{seat}" for seat in range(players)], 0, widest_options(game))
    return any(
        not any(error.field == field for error in round_errors(state, round_))
        for round_ in (example, {**example, **nulls})
    )


def widest_options(game: str) -> Json:
    """Options that put everything a round may hold in play: every value of each option
    that is a list of named values (Wizard's special cards), as the document lists them."""
    return {
        name: spec["items"]["enum"]
        for name, spec in KINDS[game].api.options().items()
        if spec.get("type") == "array" and "enum" in spec.get("items", {})
    }


def round_errors(state: Any, data: Json) -> list[RuleError]:
    try:
        record = state.record_from_mapping(data, 1)
    except RoundRefused as refused:
        return refused.errors
    errors: list[RuleError] = state.record_errors(record, state.round_info(1))
    return errors


@pytest.mark.parametrize("game", list(GAMES))
def test_every_round_field_with_a_list_offers_what_the_rules_accept(
    document: Json, game: str
) -> None:
    schema = schemas(document)[KINDS[game].api.round_input]
    listed = {name: spec["enum"] for name, spec in schema["properties"].items() if "enum" in spec}
    assert "trump" in listed or "trump" not in schema["properties"]
    for field, values in listed.items():
        offered = {value for value in values if value is not None}
        assert offered <= set(CANDIDATES), f"{field}: {offered - set(CANDIDATES)} not tried"
        accepted = {value for value in CANDIDATES if round_accepts(game, schema, field, value)}
        assert offered == accepted, (
            f"{game} {field}: documented but refused {sorted(offered - accepted)},"
            f" accepted but not documented {sorted(accepted - offered)}"
        )


def test_a_joker_is_not_a_wizard_turned_card(document: Json) -> None:
    turned = schemas(document)["WizardRoundInput"]["properties"]["turned"]
    assert "joker" not in turned["enum"] and "wizard" in turned["enum"]
    assert "joker" not in turned["description"].lower()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_documented_defaults_are_the_rules_defaults(game: str) -> None:
    """The game document shows an option left out at its schema's default: the rules must
    read that default as they read the option left out."""
    rules = GAMES[game]
    schemas = KINDS[game].api.options()
    defaults = {name: spec["default"] for name, spec in schemas.items() if "default" in spec}
    for players in range(rules.min_players, rules.max_players + 1):
        assert rules.options_from_mapping(defaults, players) == rules.options_from_mapping(
            {}, players
        )
