"""The round being played, as the rules judge it: its pending part (what is said before the
play) checked like a round's, the over/under, and hidden bids made one at a time."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.games.oh_hell.rules import OhHellGame
from scorekeeper.games.one_card.rules import OneCardGame
from scorekeeper.games.wizard.rules import WizardGame
from scorekeeper.rules import RoundRefused

THREE = ["Ana", "Ben", "Cai"]


def wizard(**options: Any) -> WizardGame:
    return WizardGame.new(THREE, 0, options)


def played(game: Any, rounds: int) -> Any:
    """``game`` with ``rounds`` rounds played where nobody took a trick but Ana."""
    for number in range(1, rounds + 1):
        cards = game.round_info(number).cards
        game = game.apply_round(
            game.parse_round(
                {
                    "trump": "none" if not game.turns_trump(number) else "hearts",
                    "bids": [cards, 0, 0] if cards else [0, 0, 0],
                    "tricks": [cards, 0, 0],
                }
            )
        )
    return game


@pytest.mark.parametrize(
    ("game", "said", "pending"),
    [
        (
            wizard(),
            {"trump": "hearts", "bids": [1, 0, 0]},
            {"dealer": 0, "trump": "hearts", "turned": None, "bids": [1, 0, 0]},
        ),
        (
            wizard(),
            {"turned": "wizard", "trump": "spades", "bids": [0, 0, 0], "dealer": 2},
            {"dealer": 2, "trump": "spades", "turned": "wizard", "bids": [0, 0, 0]},
        ),
        (
            wizard(special_cards=["werewolf"]),
            {"trump": "clubs", "bids": [1, 0, 0], "werewolf": {"seat": 1, "trump": "clubs"}},
            {
                "dealer": 0,
                "trump": "clubs",
                "turned": None,
                "bids": [1, 0, 0],
                "werewolf": {"seat": 1, "trump": "clubs"},
            },
        ),
        (
            OhHellGame.new(THREE, 0, {"hook": False}),
            {"turned": "7h", "bids": [1, 1, 1]},
            {"dealer": 0, "trump": "hearts", "turned": "7h", "bids": [1, 1, 1]},
        ),
        (
            OneCardGame.new(["Ana", "Ben"], 0),
            {"bidder": 1, "bid": 9, "trump": "spades"},
            {
                "dealer": 0,
                "bidder": 1,
                "bid": 9,
                "trump": "spades",
                "order": "uptown",
                "auction": None,
            },
        ),
    ],
    ids=["wizard", "wizard-turned", "wizard-werewolf", "oh-hell", "one-card"],
)
def test_the_pending_part_reads_as_the_round_would(game: Any, said: Any, pending: Any) -> None:
    assert game.parse_pending(said) == pending
    # The play given with it is set aside, never judged.
    play = {name: "nonsense" for name in game.play_fields}
    assert game.parse_pending({**said, **play}) == pending


@pytest.mark.parametrize(
    ("game", "said", "field"),
    [
        (wizard(hook=True), {"trump": "hearts", "bids": [0, 1, 0]}, "bids"),
        (wizard(), {"trump": "hearts", "bids": [2, 0, 0]}, "bids"),
        (wizard(), {"trump": "hearts", "bids": [1, 0]}, "bids"),
        (wizard(), {"trump": "hearts", "bids": [1, None, 0]}, "bids"),
        (wizard(), {"trump": "hearts", "bids": [1, True, 0]}, "bids"),
        (wizard(), {"trump": "purple", "bids": [1, 0, 0]}, "trump"),
        (wizard(), {"turned": "7h", "trump": "spades", "bids": [1, 0, 0]}, "trump"),
        (wizard(), {"trump": "hearts", "bids": [1, 0, 0], "dealer": 5}, "dealer"),
        (
            wizard(),
            {"trump": "hearts", "bids": [1, 0, 0], "werewolf": {"seat": 1, "trump": "clubs"}},
            "werewolf",
        ),
        (OneCardGame.new(["Ana", "Ben"], 0), {"bidder": 1, "bid": 7, "trump": "spades"}, "bid"),
    ],
    ids=[
        "hook",
        "more-than-the-cards",
        "a-seat-missing",
        "a-bid-missing",
        "a-truth-value",
        "no-such-trump",
        "turned-suit-disagrees",
        "no-such-dealer",
        "werewolf-not-in-play",
        "one-card-bid-too-low",
    ],
)
def test_the_pending_part_is_refused_as_a_round_would_be(game: Any, said: Any, field: str) -> None:
    with pytest.raises(RoundRefused) as refused:
        game.parse_pending(said)
    assert field in [error.field for error in refused.value.errors]


def test_a_finished_game_has_no_pending_round() -> None:
    game = played(wizard(rounds=1), 1)
    with pytest.raises(Exception, match="over"):
        game.parse_pending({"trump": "hearts", "bids": [1, 0, 0]})


@pytest.mark.parametrize(
    ("bids", "cards", "over_under"),
    [([2, 2, 1], 4, 1), ([0, 0, 0], 4, -4), ([1, 1, 2], 4, 0), ([1, None, 0], 4, None)],
    ids=["over", "under", "even", "a-bid-missing"],
)
def test_the_over_under(bids: list[Any], cards: int, over_under: int | None) -> None:
    assert wizard().over_under({"bids": bids}, cards) == over_under
    assert OneCardGame.new(["Ana", "Ben"], 0).over_under({"bids": bids}, cards) is None


def test_hidden_bids_one_at_a_time_and_the_dealer_last_under_the_hook() -> None:
    game = wizard(hook=True)
    info = game.round_info(1, dealer=2)  # Cai deals one card; Ana bids first
    assert game.hidden_bid_errors(info, [1, None, None], [1, None, None]) == []
    refused = game.hidden_bid_errors(info, [None, 2, None], [1, 2, None])
    assert [error.field for error in refused] == ["bids"]  # 2 of 1 card
    waits = game.hidden_bid_errors(info, [None, None, 0], [1, None, 0])
    assert waits and "bids last" in str(waits[0])
    assert game.hidden_bid_turn(info, [1, None, None], 2) == (True, None)
    assert game.hidden_bid_turn(info, [1, 0, None], 2) == (False, 0)
    assert game.hidden_bid_errors(info, [None, None, 0], [1, 0, 0])[0].values["bid"] == 0
    assert game.hidden_bid_errors(info, [None, None, 1], [1, 0, 1]) == []
    # Without the hook the dealer bids when they like.
    free = wizard()
    assert free.hidden_bid_errors(info, [None, None, 0], [None, None, 0]) == []
    assert free.hidden_bid_turn(info, [None, None, None], 2) == (False, None)


def test_a_game_without_bids_to_hide_refuses_hidden_bids() -> None:
    game = OneCardGame.new(["Ana", "Ben"], 0)
    assert game.hidden_bid_errors(game.round_info(1), [1, None], [1, None])


@pytest.mark.parametrize("value", [1, "yes", [True]], ids=["number", "word", "list"])
def test_the_hidden_bids_option_is_true_or_false(value: Any) -> None:
    with pytest.raises(Exception, match="hidden bids option"):
        WizardGame.new(THREE, 0, {"hidden_bids": value})
    with pytest.raises(Exception, match="hidden bids option"):
        OhHellGame.new(THREE, 0, {"hidden_bids": value})


def test_the_hidden_bids_option_reads_back_as_itself() -> None:
    game = WizardGame.new(THREE, 0, {"hidden_bids": True})
    assert game.options.hidden_bids is True
    assert game.options_mapping()["hidden_bids"] is True
    assert "hidden_bids" not in wizard().options_mapping()
