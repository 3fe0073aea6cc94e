"""The round being played through the JSON API: PUT/DELETE …/pending, a round completed
with its tricks alone, and hidden bids that no answer shows before the reveal."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper.rules import RoundRefused
from tests.conftest import ApiClient, stored_state
from tests.test_api import fetch, games_url, new_game, rounds_url

pytestmark = pytest.mark.data_layer

Json = dict[str, Any]


def pending_url(game_id: str) -> str:
    return f"{games_url(game_id)}/pending"


def started(api: ApiClient, players: list[str] | None = None, **options: Any) -> Json:
    api.login()
    return new_game(api, players, options=options) if options else new_game(api, players)


def test_pending_bids_show_in_the_game_with_the_over_under(api: ApiClient) -> None:
    game = started(api, ["Ana", "Ben", "Cai", "Dee"])
    # Round 1 deals one card each; Ben bids first (left of Ana, who deals).
    answer = api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 1, 0, 1]})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    pending = answer.json["pending"]
    assert pending == {
        "number": 1,
        "dealer": 0,
        "cards": 1,
        "trump": "hearts",
        "turned": None,
        "bids": [1, 1, 0, 1],
        "over_under": 2,
        "bid_in": [True, True, True, True],
        "hidden": False,
    }
    assert answer.json["rounds"] == []
    assert answer.json["version"] == game["version"] + 1
    assert fetch(api, game["id"])["pending"] == pending


def test_tricks_alone_complete_the_pending_round(api: ApiClient, app: Flask) -> None:
    game = started(api)
    api.put(pending_url(game["id"]), {"trump": "spades", "bids": [0, 1, 0]})
    answer = api.post(rounds_url(game["id"]), {"tricks": [0, 1, 0]})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    played = answer.json["rounds"][0]
    assert (played["trump"], played["bids"], played["tricks"]) == ("spades", [0, 1, 0], [0, 1, 0])
    assert answer.json["pending"] is None
    assert len(stored_state(app, game["id"]).rounds) == 1


def test_a_full_round_replaces_the_pending_part(api: ApiClient) -> None:
    game = started(api)
    api.put(pending_url(game["id"]), {"trump": "spades", "bids": [0, 1, 0]})
    full = {"trump": "clubs", "bids": [1, 1, 0], "tricks": [1, 0, 0]}
    answer = api.post(rounds_url(game["id"]), full)
    assert answer.status_code == 201
    assert answer.json["rounds"][0]["bids"] == [1, 1, 0]
    assert answer.json["rounds"][0]["trump"] == "clubs"
    assert answer.json["pending"] is None


def test_pending_bids_are_refused_like_a_rounds(api: ApiClient) -> None:
    game = started(api, hook=True)
    before = fetch(api, game["id"])
    cases: list[tuple[Json, str]] = [
        ({"trump": "hearts", "bids": [0, 1, 0]}, "bids"),  # the hook: Ana deals, 1 card
        ({"trump": "hearts", "bids": [2, 0, 0]}, "bids"),  # more than the cards
        ({"trump": "hearts", "bids": [0, 1]}, "bids"),  # a seat missing
        ({"trump": "purple", "bids": [1, 1, 0]}, "trump"),
        ({"trump": "hearts", "bids": [1, None, 0]}, "bids"),  # hidden bids are off
    ]
    for body, field in cases:
        answer = api.put(pending_url(game["id"]), body)
        assert answer.status_code == 422, body
        assert field in [error["field"] for error in answer.json["errors"]], answer.json
    assert api.put(pending_url(game["id"]), ["not", "an", "object"]).status_code == 422
    assert fetch(api, game["id"]) == before


def test_the_play_is_no_part_of_the_pending_bids(api: ApiClient) -> None:
    """Tricks sent with the bids are set aside: the bids are judged, nothing else."""
    game = started(api)
    answer = api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0], "tricks": [9]})
    assert answer.status_code == 200
    assert "tricks" not in answer.json["pending"]


def test_tricks_alone_without_pending_bids_are_refused(api: ApiClient) -> None:
    game = started(api)
    answer = api.post(rounds_url(game["id"]), {"tricks": [1, 0, 0]})
    assert answer.status_code == 422
    assert fetch(api, game["id"])["rounds"] == []


def test_delete_forgets_the_pending_bids(api: ApiClient) -> None:
    game = started(api)
    api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0]})
    answer = api.delete(pending_url(game["id"]))
    assert answer.status_code == 200
    assert answer.json["pending"] is None
    assert api.delete(pending_url(game["id"])).status_code == 200  # twice: still none
    assert api.delete(pending_url("nosuchgame")).status_code == 404


def test_pending_bids_follow_the_round_and_go_with_an_undo(api: ApiClient) -> None:
    game = started(api)
    api.post(rounds_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0]})
    assert fetch(api, game["id"])["pending"]["number"] == 2
    api.delete(rounds_url(game["id"], 1))
    assert fetch(api, game["id"])["pending"] is None


def test_pending_bids_never_make_a_round_stale(api: ApiClient) -> None:
    """A correction based on the version before the bids were said still applies."""
    game = started(api)
    done = api.post(
        rounds_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    )
    version = done.json["version"]
    api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 1]})
    corrected = api.client.put(
        rounds_url(game["id"], 1),
        json={"trump": "hearts", "bids": [0, 0, 0], "tricks": [1, 0, 0]},
        headers={**api.headers, "If-Match": f'"{version}"'},
    )
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    assert corrected.json["pending"]["bids"] == [1, 0, 1]


def test_one_cards_auction_is_its_pending_part(api: ApiClient) -> None:
    api.login()
    response = api.post(games_url(), {"game": "one_card", "players": ["Ana", "Ben"]})
    game = response.json
    answer = api.put(pending_url(game["id"]), {"bidder": 1, "bid": 8, "trump": "spades"})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    pending = answer.json["pending"]
    assert (pending["bidder"], pending["bid"], pending["trump"]) == (1, 8, "spades")
    assert pending["over_under"] is None
    done = api.post(rounds_url(game["id"]), {"points": [6, 9], "last_trick": 1})
    assert done.status_code == 201, done.get_data(as_text=True)
    assert done.json["rounds"][0]["bidder"] == 1


def test_a_finished_game_has_no_pending_round(api: ApiClient) -> None:
    game = started(api, rounds=1)
    api.post(rounds_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    answer = api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0]})
    assert answer.status_code == 409


def test_another_accounts_game_is_not_found(api: ApiClient) -> None:
    game = started(api)
    api.login("ben")
    assert (
        api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 0, 0]}).status_code == 404
    )


# -- hidden bids -------------------------------------------------------------------


def seat_tokens(app: Flask, game_id: str) -> dict[int, str]:
    from scorekeeper import services

    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        return services.seat_links(services.get_game(owner, game_id))


def test_hidden_bids_show_in_no_answer_before_the_reveal(api: ApiClient, app: Flask) -> None:
    from scorekeeper import services

    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True, hook=True)
    assert game["options"]["hidden_bids"] is True
    tokens = seat_tokens(app, game["id"])
    with app.app_context():
        services.seat_bid(tokens[1], 1, 1)  # Ben
    document = fetch(api, game["id"])
    assert document["pending"]["bids"] is None
    assert document["pending"]["over_under"] is None
    assert document["pending"]["bid_in"] == [False, True, False]
    # The scorekeeper enters Cai's (no phone); the answer shows no bid either.
    answer = api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [None, None, 0]})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.json["pending"]["bids"] is None
    assert answer.json["pending"]["bid_in"] == [False, True, True]
    assert '"bids": [' not in answer.get_data(as_text=True).replace(" ", "")
    # Ana deals: the hook forbids 0 (1 card, 1 bid already): refused on her phone too.
    with app.app_context(), pytest.raises(RoundRefused):
        services.seat_bid(tokens[0], 1, 0)
    with app.app_context():
        services.seat_bid(tokens[0], 1, 1)
    # Every bid in: revealed to everyone at once.
    document = fetch(api, game["id"])
    assert document["pending"]["bids"] == [1, 1, 0]
    assert document["pending"]["over_under"] == 1
    assert document["pending"]["hidden"] is False


def test_the_dealer_bids_last_under_the_hook(api: ApiClient, app: Flask) -> None:
    from scorekeeper import services

    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True, hook=True)
    tokens = seat_tokens(app, game["id"])
    with app.app_context(), pytest.raises(RoundRefused) as refused:
        services.seat_bid(tokens[0], 1, 1)
    assert "bids last" in str(refused.value.errors[0])
    assert fetch(api, game["id"])["pending"] is None


def test_an_early_reveal_shows_the_bids_so_far(api: ApiClient, app: Flask) -> None:
    from scorekeeper import services

    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True)
    tokens = seat_tokens(app, game["id"])
    with app.app_context():
        services.seat_bid(tokens[2], 1, 0)
    answer = api.post(f"{pending_url(game['id'])}/reveal")
    assert answer.status_code == 200
    assert answer.json["pending"]["bids"] == [None, None, 0]
    # Revealed: a seat's phone may no longer change its bid; the scorekeeper enters the rest.
    with app.app_context(), pytest.raises(services.Conflict):
        services.seat_bid(tokens[2], 1, 1)
    api.put(pending_url(game["id"]), {"trump": "hearts", "bids": [1, 1, 0]})
    done = api.post(rounds_url(game["id"]), {"tricks": [1, 0, 0]})
    assert done.status_code == 201, done.get_data(as_text=True)


def test_tricks_wait_for_every_hidden_bid(api: ApiClient, app: Flask) -> None:
    from scorekeeper import services

    game = started(api, ["Ana", "Ben", "Cai"], hidden_bids=True)
    tokens = seat_tokens(app, game["id"])
    with app.app_context():
        services.seat_bid(tokens[1], 1, 1)
    answer = api.post(rounds_url(game["id"]), {"tricks": [0, 1, 0]})
    assert answer.status_code == 422
    assert "Not every bid is in yet" in answer.json["errors"][0]["message"]


def test_a_seat_link_opens_nothing_of_another_game(api: ApiClient, app: Flask) -> None:
    from scorekeeper import services

    with app.app_context():
        for token in ("", "x" * 65, "nosuchtoken", "a b"):
            with pytest.raises(services.NotFound):
                services.bidding_seat(token)


def test_once_a_secret_bid_is_in_the_dealer_stays(api: ApiClient, app: Flask) -> None:
    """Under the hook the dealer's bid is judged against the others': a dealer moved
    from seat to seat, each time with a bid the hook refuses, would have the answers tell
    the sum of the secret bids. Once one is in, the dealer stays."""
    from scorekeeper import services

    game = started(api, ["Ana", "Ben", "Cai", "Dee"], hidden_bids=True, hook=True)
    tokens = seat_tokens(app, game["id"])
    with app.app_context():
        services.seat_bid(tokens[1], 1, 1)  # Ben bids on his phone; Ana deals
    version = fetch(api, game["id"])["version"]
    for dealer in (1, 2, 3):
        for bid in (0, 1):
            bids = [None] * 4
            bids[dealer] = bid
            answer = api.put(pending_url(game["id"]), {"dealer": dealer, "bids": bids})
            assert answer.status_code == 422, answer.get_data(as_text=True)
            errors = answer.json["errors"]
            assert [e["field"] for e in errors] == ["dealer"]
            assert errors[0]["message"].startswith("Bids are in already, so Ana stays the dealer")
            assert "Hook" not in answer.get_data(as_text=True)
    document = fetch(api, game["id"])
    assert document["version"] == version and document["pending"]["bid_in"][1] is True
    # The dealer as it is: the round goes on.
    same = api.put(pending_url(game["id"]), {"dealer": 0, "bids": [None, None, 0, None]})
    assert same.status_code == 200, same.get_data(as_text=True)
