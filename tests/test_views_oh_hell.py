"""Oh Hell through the same pages: a new game with its options, rounds, the board, a
correction, the round that deals every card, the API and the rules page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import PASSWORD, Table
from tests.conftest import page_errors as errors
from tests.conftest import stored_state as state

PLAYERS = ["Ana", "Ben", "Cai", "Dai"]


def text(response: Any) -> str:
    return " ".join(response.get_data(as_text=True).split())


def new_oh_hell(table: Table, players: list[str] = PLAYERS, **options: str) -> str:
    data = {f"players-{i}": name for i, name in enumerate(players)}
    data.update(game="oh_hell", first_dealer="0", schedule="down-up", scoring="ten-plus-bid")
    data["hook"] = "y"
    data.update(options)
    data = {name: value for name, value in data.items() if value is not None}
    response = table.post("/games/new", data)
    assert response.status_code == 302, errors(response)
    return response.headers["Location"].rsplit("/", 1)[-1]


def game_with_schedule(app: Flask, schedule: list[int], players: list[str] = PLAYERS) -> str:
    """A game with a schedule the new-game page does not offer (a list), made as the API
    would make it."""
    from scorekeeper import services

    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        return str(services.create_game(ana, "oh_hell", players, 0, {"schedule": schedule}).id)


def a_round(
    bids: list[int], tricks: list[int], turned: str | None = "h", rank: str = ""
) -> dict[str, str]:
    form = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}
    form.update({f"tricks_{seat}": str(took) for seat, took in enumerate(tricks)})
    if turned is not None:
        form["turned"] = turned
    form["turned_rank"] = rank
    return form


# -- a new game ------------------------------------------------------------------------


def test_the_new_game_page_offers_oh_hells_options(table: Table) -> None:
    response = table.client.get("/games/new?game=oh_hell")
    assert response.status_code == 200
    page = text(response)
    assert "New game of Oh Hell" in page
    assert "3 to 7 players" in page
    assert page.count('class="field seat-name"') == 7
    assert '<input checked id="schedule-0" name="schedule" type="radio" value="down-up">' in page
    assert '<input checked id="scoring-0" name="scoring" type="radio" value="ten-plus-bid">' in page
    assert '<input checked id="hook" name="hook" type="checkbox" value="y">' in page
    # The usual top for every table, and each scoring preset said in words.
    assert "10 with 3 players" in page and "8 with 6 players, 7 with 7 players" in page
    assert "Bid made: 10 points plus the bid (bid 3, took 3: 13). Missed: nothing." in page
    assert "and 10 more for taking exactly the bid" in page
    assert "minus 10 for every trick off" in page
    assert 'name="made_base"' in page


def test_a_new_game_keeps_its_options_resolved(app: Flask, table: Table) -> None:
    game_id = new_oh_hell(table, schedule="up", top="3", scoring="trick-each")
    game = state(app, game_id)
    assert game.key == "oh_hell"
    assert game.options.schedule == (1, 2, 3)
    assert game.options.hook is True
    assert game.options.scoring.per_trick == 1
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Enter round 1" in page


def test_the_hook_can_be_turned_off_and_a_table_scores_by_its_own_numbers(
    app: Flask, table: Table
) -> None:
    game_id = new_oh_hell(
        table,
        hook=None,  # type: ignore[arg-type]
        scoring="own",
        made_base="5",
        made_per_trick="2",
        per_trick="1",
        missed_per_trick_off="3",
    )
    game = state(app, game_id)
    assert game.options.hook is False
    assert game.options.scoring.to_mapping() == {
        "made_base": 5,
        "made_per_trick": 2,
        "per_trick": 1,
        "missed_per_trick_off": 3,
    }
    assert game.options.schedule[:3] == (10, 9, 8)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players-0": "Ana", "players-1": "Ben"}, "Oh Hell is played by 3 to 7 players, not 2"),
        (
            {**{f"players-{i}": n for i, n in enumerate("ABCDEFG")}, "top": "8"},
            "With 7 players the top hand size is a whole number from 1 to 7",
        ),
        ({"top": "x"}, "Not a valid integer"),
        ({"schedule": "sideways"}, "Not a valid choice"),
        ({"scoring": "own", "made_base": "10"}, "Give all four numbers of your own scoring"),
        (
            {
                "scoring": "own",
                "made_base": "101",
                "made_per_trick": "1",
                "per_trick": "0",
                "missed_per_trick_off": "0",
            },
            "Number must be between 0 and 100",
        ),
    ],
    ids=["two players", "top too big", "top not a number", "schedule", "own scoring", "101"],
)
def test_new_oh_hell_refusals(table: Table, data: dict[str, str], message: str) -> None:
    form = {
        **{f"players-{i}": name for i, name in enumerate(PLAYERS)},
        "game": "oh_hell",
        "first_dealer": "0",
        "schedule": "down-up",
        "scoring": "ten-plus-bid",
    }
    if "players-0" in data:
        form = {k: v for k, v in form.items() if not k.startswith("players-")}
    response = table.post("/games/new", {**form, **data})
    assert response.status_code == 422
    assert any(e.startswith(message) for e in errors(response)), errors(response)


# -- rounds ----------------------------------------------------------------------------


def test_the_round_screen_says_the_deal_and_asks_for_the_turned_card(table: Table) -> None:
    game_id = new_oh_hell(table, schedule="up", top="3")
    response = table.client.get(f"/games/{game_id}/rounds/new")
    assert response.status_code == 200
    page = text(response)
    assert "Round 1 of 3" in page
    assert "<dt>Cards each</dt><dd>1</dd>" in page
    assert "<dt>Dealer</dt><dd>Ana</dd>" in page
    assert "<dt>Bids first</dt><dd>Ben</dd>" in page
    assert "Turn the next card" in page
    assert 'name="turned" value="h"' in page and 'name="turned_rank"' in page
    assert 'value="wizard"' not in page and "Jester" not in page
    assert "Hook: the dealer may not bid so that the bids add up to 1." in page
    # Ben bids first, Ana (the dealer) last.
    assert page.index('id="at-bids-1"') < page.index('id="at-bids-0"')


def test_rounds_are_entered_scored_and_shown_on_the_board(app: Flask, table: Table) -> None:
    game_id = new_oh_hell(table, schedule="up", top="3")
    response = table.post(
        f"/games/{game_id}/rounds/new", a_round([0, 1, 0, 1], [0, 1, 0, 0], "s", "q")
    )
    assert response.status_code == 302, errors(response)
    game = state(app, game_id)
    assert game.totals == (10, 11, 10, 0)
    assert str(game.rounds[0].turned) == "qs" and game.rounds[0].trump.word == "spades"
    # A suit without its rank is enough: the suit makes trump.
    response = table.post(f"/games/{game_id}/rounds/new", a_round([0, 0, 1, 0], [1, 0, 1, 0]))
    assert response.status_code == 302, errors(response)
    game = state(app, game_id)
    assert game.rounds[1].turned is None and game.rounds[1].trump.word == "hearts"
    board = text(table.client.get(f"/games/{game_id}"))
    assert "Round 2 saved — round 3 next." in board
    assert "0/1" in board and "+11" in board
    assert "Each cell: bid/took, the round's score, the running total." in board


@pytest.mark.parametrize(
    ("entered", "message"),
    [
        (a_round([0, 0, 0, 1], [1, 1, 0, 0]), "Tricks add up to 2, but 1 card was dealt"),
        (
            a_round([0, 0, 1, 0], [0, 0, 1, 0]),
            "Hook: Ana deals and may not bid 0, or the bids would add up to 1",
        ),
        (a_round([0, 1, 0, 1], [0, 1, 0, 0], None), "Tap the suit of the turned card"),
        (a_round([0, 1, 0, 1], [0, 1, 0, 0], "x"), "Tap one of the cards shown"),
        (a_round([0, 1, 0, 1], [0, 1, 0, 0], "h", "z"), "Pick one of the ranks shown"),
        (a_round([0, 1, 0, 1], [0, 1, 0, 0], "h", "1"), "Pick one of the ranks shown"),
    ],
    ids=["tricks", "hook", "no suit", "not a suit", "not a rank", "rank 1"],
)
def test_a_round_that_cannot_have_happened_is_refused(
    app: Flask, table: Table, entered: dict[str, str], message: str
) -> None:
    game_id = new_oh_hell(table, schedule="up", top="3")
    response = table.post(f"/games/{game_id}/rounds/new", entered)
    assert response.status_code == 422
    assert any(e.startswith(message) for e in errors(response)), errors(response)
    assert state(app, game_id).rounds == ()


def test_a_round_is_corrected_and_the_totals_follow(app: Flask, table: Table) -> None:
    game_id = new_oh_hell(table, schedule="up", top="3")
    table.post(f"/games/{game_id}/rounds/new", a_round([0, 1, 0, 1], [0, 1, 0, 0], "d", "7"))
    page = text(table.client.get(f"/games/{game_id}/rounds/1/edit"))
    assert "Correct round 1" in page
    assert 'value="d" checked' in page and '<option selected value="7">' in page
    response = table.post(
        f"/games/{game_id}/rounds/1/edit",
        {
            **a_round([0, 1, 0, 1], [0, 0, 0, 1], "d", "7"),
            "version": page.split('name="version" type="hidden" value="')[1].split('"')[0],
        },
    )
    assert response.status_code == 302, errors(response)
    game = state(app, game_id)
    assert game.totals == (10, 0, 10, 11)
    assert str(game.rounds[0].turned) == "7d"


def test_a_round_that_deals_every_card_has_no_trump(app: Flask, table: Table) -> None:
    game_id = game_with_schedule(app, [13, 1])
    page = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert "None: every card is dealt" in page
    assert "No trump: this round deals every card, so nothing is turned." in page
    assert 'name="turned"' not in page
    # Even a suit sent by a page kept from elsewhere is not taken for trump.
    response = table.post(
        f"/games/{game_id}/rounds/new",
        a_round([3, 3, 3, 3], [4, 3, 3, 3], "h", "q"),
    )
    assert response.status_code == 302, errors(response)
    game = state(app, game_id)
    assert game.rounds[0].trump is None and game.rounds[0].turned is None
    assert game.totals == (0, 13, 13, 13)
    # The next round turns a card again.
    page = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert "Turn the next card" in page


# -- the API and the rules page ---------------------------------------------------------


def test_the_api_makes_an_oh_hell_game_with_its_options_resolved(client: FlaskClient) -> None:
    from scorekeeper import services

    with client.application.app_context():
        services.create_user("ana", PASSWORD)
    token = client.post("/api/v1/tokens", json={"username": "ana", "password": PASSWORD})
    headers = {"Authorization": f"Bearer {token.json['token']}"}
    response = client.post(
        "/api/v1/games",
        json={
            "game": "oh_hell",
            "players": ["Ana", "Ben", "Cai", "Dai", "Eve", "Fay"],
            "options": {"schedule": "down", "hook": False, "scoring": "wizard-style"},
        },
        headers=headers,
    )
    assert response.status_code == 201, response.json
    assert response.json["game"] == "oh_hell"
    assert response.json["options"] == {
        "schedule": [8, 7, 6, 5, 4, 3, 2, 1],
        "hook": False,
        "hidden_bids": False,
        "scoring": {
            "made_base": 20,
            "made_per_trick": 10,
            "per_trick": 0,
            "missed_per_trick_off": 10,
        },
    }


def test_the_rules_page_tags_the_apps_decisions(client: FlaskClient) -> None:
    response = client.get("/rules/oh_hell")
    assert response.status_code == 200
    page = text(response)
    assert "The rules of Oh Hell" in page
    for key in ("schedule", "top", "hook", "scoring", "full-deal-no-trump", "ties-share"):
        assert f'data-decision="{key}"' in page
    assert "3 to 7 players" in page


def test_the_rules_page_calls_ten_plus_the_bid_the_default_not_the_usual_scoring(
    client: FlaskClient,
) -> None:
    # RULES.md, Oh Hell › Scoring: "ten-plus-bid" is the app's default; published rules
    # mostly score a point a trick and 10 for the exact bid, so it is not "the usual one".
    page = text(client.get("/rules/oh_hell"))
    scoring = page[page.index('data-decision="scoring"') :]
    scoring = scoring[: scoring.index("</li>")]
    assert "Ten plus the bid (the app's default)" in scoring
    assert "usual" not in scoring


def options_line(table: Table, game_id: str) -> str:
    """The options under the game's title, as the game page shows them (tags left out)."""
    page = text(table.client.get(f"/games/{game_id}"))
    line = re.search(r"data-options-line>(.*?)</p>", page)
    assert line is not None, "no options line"
    return re.sub(r"<[^>]+>", "", line.group(1))


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            {},
            "Hand sizes, round by round Down and up from 10 · Hook on · Scoring Ten plus the bid",
        ),
        (
            {"schedule": "up", "top": "3", "hook": None, "scoring": "trick-each"},
            "Hand sizes, round by round Up to 3 · Hook off · Scoring A point a trick",
        ),
        (
            {"scoring": "wizard-style", "hidden_bids": "y"},
            "Hand sizes, round by round Down and up from 10 · Hook on · Scoring As Wizard scores"
            " · hidden bids",
        ),
        (
            {
                "schedule": "own",
                "hand_sizes": "2, 5, 1",
                "scoring": "own",
                "made_base": "5",
                "made_per_trick": "2",
                "per_trick": "1",
                "missed_per_trick_off": "3",
            },
            "Hand sizes, round by round 2–5–1 · Hook on · Scoring bid met exactly: 5 + 2 a"
            " trick bid; 1 for every trick taken; missed: ‒3 a trick off.",
        ),
    ],
    ids=["defaults", "up-no-hook", "wizard-style-hidden", "own-lists"],
)
def test_the_game_page_states_the_options(
    table: Table, options: dict[str, str | None], said: str
) -> None:
    game_id = new_oh_hell(table, **options)  # type: ignore[arg-type]
    assert options_line(table, game_id) == said
