"""Spades as the scoresheet keeps it and the referee rules it (RULES.md, Spades)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.spades.referee import (
    SPADES_REFEREE,
    SpadesReferee,
    breaks_spades,
    spades_trick_winner,
)
from scorekeeper.games.spades.rules import (
    MOST_HANDS,
    SideHand,
    SpadesGame,
    SpadesOptions,
    SpadesRound,
    read_bid,
    side_hand,
)
from scorekeeper.games.wizard.rules import WizardGame
from scorekeeper.rules.cards import Card
from scorekeeper.rules.errors import (
    BidError,
    CardError,
    GameOverError,
    OptionError,
    PlayerCountError,
    RoundError,
    RoundRefused,
    RuleError,
)
from scorekeeper.rules.game import ROUND_SENTENCES, ScoredRound

NAMES = ["Ana", "Ben", "Cai", "Dee"]
EVEN = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
"""A legal hand: Ana and Cai make 6 with a bag (61), Ben and Dee make 6 (60)."""


def new_game(**options: Any) -> SpadesGame:
    return SpadesGame.new(NAMES, 0, options)


def played(game: SpadesGame, *hands: dict[str, Any]) -> SpadesGame:
    for hand in hands:
        game = game.apply_round(game.parse_round(hand))
    return game


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


# -- the game ----------------------------------------------------------------------------


def test_the_game_names_itself_and_its_hands() -> None:
    game = new_game()
    assert (game.key, game.title, game.round_word) == ("spades", "Spades", "hand")
    assert game.round_sentence("none recorded") == ROUND_SENTENCES["hand"]["none recorded"]
    assert game.planned_rounds is None and game.most_rounds == MOST_HANDS


def test_the_sides_are_partners_sitting_opposite() -> None:
    game = new_game()
    assert game.sides == ((0, 2), (1, 3))
    assert game.has_sides
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_each_hand_deals_13_and_the_deal_passes_left() -> None:
    game = new_game()
    infos = []
    for _ in range(5):
        infos.append(game.next_round)
        game = played(game, EVEN)
    assert [(i.number, i.dealer, i.cards, i.first_bidder) for i in infos] == [
        (1, 0, 13, 1),
        (2, 1, 13, 2),
        (3, 2, 13, 3),
        (4, 3, 13, 0),
        (5, 0, 13, 1),
    ]


def test_a_dealer_override_carries_on() -> None:
    game = played(new_game(), {**EVEN, "dealer": 2})
    assert game.rounds[0].dealer == 2
    assert game.next_round.dealer == 3


# -- options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (None, SpadesOptions(500, False, True)),
        ({}, SpadesOptions(500, False, True)),
        ({"target": 100}, SpadesOptions(100, False, True)),
        ({"target": 1000}, SpadesOptions(1000, False, True)),
        ({"blind_nil": True}, SpadesOptions(500, True, True)),
        ({"bag_penalty": False}, SpadesOptions(500, False, False)),
        ({"target": None, "blind_nil": None, "bag_penalty": None}, SpadesOptions(500, False, True)),
        (SpadesOptions(300, True, False), SpadesOptions(300, True, False)),
    ],
    ids=[
        "none",
        "empty",
        "lowest-target",
        "highest-target",
        "blind-nil",
        "no-bag-penalty",
        "nulls",
        "resolved",
    ],
)
def test_options_are_read(given: Any, expected: SpadesOptions) -> None:
    game = SpadesGame.new(NAMES, 0, given)
    assert game.options == expected
    assert SpadesGame.new(NAMES, 0, game.options_mapping()).options == expected


@pytest.mark.parametrize(
    ("given", "field", "message"),
    [
        ({"target": 99}, "target", "The target is a whole number of points from 100 to 1000"),
        ({"target": 1001}, "target", "The target is a whole number of points from 100 to 1000"),
        ({"target": "500"}, "target", "The target is a whole number of points from 100 to 1000"),
        ({"target": True}, "target", "The target is a whole number of points from 100 to 1000"),
        ({"target": 250.5}, "target", "The target is a whole number of points from 100 to 1000"),
        ({"blind_nil": "yes"}, "blind_nil", "The blind nil option is true or false"),
        ({"blind_nil": 1}, "blind_nil", "The blind nil option is true or false"),
        ({"bag_penalty": 0}, "bag_penalty", "The bag penalty option is true or false"),
        ({"hook": True}, "options", "Spades has no option “hook”"),
        ([1, 2], "options", "Options must be an object"),
    ],
    ids=[
        "target-low",
        "target-high",
        "target-text",
        "target-true",
        "target-fraction",
        "blind-nil-word",
        "blind-nil-number",
        "bag-penalty-number",
        "unknown",
        "not-an-object",
    ],
)
def test_options_are_refused(given: Any, field: str, message: str) -> None:
    with pytest.raises(RoundRefused) as refused:
        SpadesGame.new(NAMES, 0, given)
    (error,) = refused.value.errors
    assert isinstance(error, OptionError)
    assert (error.field, str(error)) == (field, message)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (NAMES[:3], "Spades is played by exactly 4 players, not 3"),
        ([*NAMES, "Eli"], "Spades is played by exactly 4 players, not 5"),
        (
            ["Ana", "Ben", "Cai", "ana"],
            "ana is at the table twice: every player needs a different name",
        ),
    ],
    ids=["three", "five", "twice"],
)
def test_the_table_is_four_players(players: list[str], message: str) -> None:
    with pytest.raises(RoundRefused) as refused:
        SpadesGame.new(players, 0)
    assert [(e.field, str(e)) for e in refused.value.errors] == [("players", message)]
    if len(players) != 4:
        assert isinstance(refused.value.errors[0], PlayerCountError)


# -- scoring: one side's hand ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "tricks", "before", "penalty_on", "expected"),
    [
        ([4, 3], [4, 3], 0, True, SideHand(7, 7, 70, 0, 0, 0, 0)),
        ([4, 3], [5, 4], 0, True, SideHand(7, 9, 72, 0, 2, 0, 2)),
        ([4, 3], [2, 4], 0, True, SideHand(7, 6, -70, 0, 0, 0, 0)),
        ([5, 5], [4, 5], 9, True, SideHand(10, 9, -100, 0, 0, 0, 9)),
        ([3, "nil"], [4, 0], 0, True, SideHand(3, 4, 31, 100, 1, 0, 1)),
        ([3, "nil"], [2, 2], 0, True, SideHand(3, 2, -30, -100, 0, 0, 0)),
        ([2, "nil"], [3, 1], 0, True, SideHand(2, 3, 21, -100, 1, 0, 1)),
        (["nil", "nil"], [0, 0], 4, True, SideHand(None, 0, 0, 200, 0, 0, 4)),
        (["nil", "nil"], [0, 3], 4, True, SideHand(None, 0, 0, 0, 0, 0, 4)),
        (["nil", "nil"], [1, 2], 0, True, SideHand(None, 0, 0, -200, 0, 0, 0)),
        (["blind_nil", 4], [0, 5], 0, True, SideHand(4, 5, 41, 200, 1, 0, 1)),
        (["blind_nil", 4], [1, 4], 0, True, SideHand(4, 4, 40, -200, 0, 0, 0)),
        (["blind_nil", "nil"], [0, 0], 0, True, SideHand(None, 0, 0, 300, 0, 0, 0)),
        ([1, 1], [6, 7], 9, True, SideHand(2, 13, 31, 0, 11, -200, 0)),
        ([3, 3], [4, 4], 8, True, SideHand(6, 8, 62, 0, 2, -100, 0)),
        ([3, 3], [4, 4], 7, True, SideHand(6, 8, 62, 0, 2, 0, 9)),
        ([1, 1], [6, 7], 9, False, SideHand(2, 13, 31, 0, 11, 0, 20)),
        ([13, "nil"], [13, 0], 0, True, SideHand(13, 13, 130, 100, 0, 0, 0)),
    ],
    ids=[
        "made-exactly",
        "made-with-bags",
        "broken",
        "broken-adds-no-bags",
        "nil-kept",
        "nil-set-its-tricks-do-not-help",
        "nil-set-its-tricks-are-no-bags",
        "both-nil-kept-no-contract",
        "both-nil-one-set-no-bags",
        "both-nil-set",
        "blind-nil-kept",
        "blind-nil-set",
        "blind-nil-and-nil",
        "nine-bags-then-eleven-more",
        "the-tenth-bag",
        "nine-bags-cost-nothing",
        "bag-penalty-off",
        "thirteen-and-nil",
    ],
)
def test_a_side_hand_is_scored_as_the_rules_say(
    bids: list[Any], tricks: list[int], before: int, penalty_on: bool, expected: SideHand
) -> None:
    hand = side_hand(bids, tricks, before, bag_penalty=penalty_on)
    assert hand == expected
    assert hand.score == expected.contract_points + expected.nil_points + expected.penalty


def test_nine_bags_then_eleven_more_cost_200_and_leave_none() -> None:
    """RULES.md, Spades › Scoring: the example, played as a whole game."""
    game = new_game()
    # Ana and Cai bid 2 each, take 6 and 7 (9 bags); Ben and Dee bid nil and 1... set.
    game = played(game, {"bids": [2, "nil", 2, 1], "tricks": [6, 0, 7, 0]})
    assert game.bags == (9, 0)
    assert game.scored_facts(game.scored_rounds[-1]) == {"side_scores": [49, 90], "bags": [9, 0]}
    game = played(game, {"bids": [1, "nil", 1, 1], "tricks": [6, 0, 7, 0]})
    assert game.bags == (0, 0)
    assert game.scored_facts(game.scored_rounds[-1])["side_scores"] == [31 - 200, 90]
    assert game.side_totals == (49 + 31 - 200, 180)


@pytest.mark.parametrize(
    ("options", "hands", "side_scores", "bags"),
    [
        ({}, [{"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5, 5]}], [71, 123], [1, 3]),
        ({}, [{"bids": [0, 4, 3, 5], "tricks": [0, 4, 1, 8]}], [70, 93], [0, 3]),
        (
            {"blind_nil": True},
            [{"bids": ["blind_nil", 5, 6, 1], "tricks": [0, 5, 6, 2]}],
            [260, 61],
            [0, 1],
        ),
        (
            {"bag_penalty": False},
            [{"bids": [1, 1, 1, 1], "tricks": [6, 1, 5, 1]}] * 2,
            [29, 20],
            [18, 0],
        ),
        ({}, [{"bids": [1, 1, 1, 1], "tricks": [6, 1, 5, 1]}] * 2, [29 - 100, 20], [8, 0]),
    ],
    ids=["api-example", "zero-is-nil", "blind-nil", "bags-add-up-free", "bags-cost"],
)
def test_a_hand_scores_each_side(
    options: dict[str, Any], hands: list[dict[str, Any]], side_scores: list[int], bags: list[int]
) -> None:
    game = played(new_game(**options), *hands)
    assert game.scored_facts(game.scored_rounds[-1]) == {"side_scores": side_scores, "bags": bags}
    assert list(game.bags) == bags
    scores = game.scored_rounds[-1].scores
    assert scores == (side_scores[0], side_scores[1], side_scores[0], side_scores[1])


def test_totals_leaders_and_standings_speak_of_sides() -> None:
    game = played(new_game(), {"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5, 5]})
    assert game.totals == (71, 123, 71, 123)
    assert game.side_totals == (71, 123)
    assert game.leaders == (1, 3)
    assert game.side_standings == [(1, 1, 123), (2, 0, 71)]
    assert game.standings == [(1, 1, 123), (1, 3, 123), (3, 0, 71), (3, 2, 71)]
    assert game.winners == ()


@pytest.mark.parametrize(
    ("bids", "tricks", "outcomes"),
    [
        (
            [3, "nil", 4, 2],
            [3, 0, 5, 5],
            [(3, 3, True), (0, 0, True), (4, 5, True), (2, 5, True)],
        ),
        (
            [5, "nil", 4, 3],
            [4, 1, 3, 5],
            [(5, 4, False), (0, 1, False), (4, 3, False), (3, 5, True)],
        ),
        (
            ["nil", 6, "nil", 6],
            [0, 7, 2, 4],
            [(0, 0, True), (6, 7, False), (0, 2, False), (6, 4, False)],
        ),
    ],
    ids=["nil-kept-contracts-made", "nil-set-contract-broken", "both-nil"],
)
def test_each_seat_outcome_for_statistics(
    bids: list[Any], tricks: list[int], outcomes: list[tuple[int, int, bool | None]]
) -> None:
    game = new_game()
    record = game.parse_round({"bids": bids, "tricks": tricks})
    assert [(o.bid, o.took, o.made) for o in game.seat_outcomes(record)] == outcomes


def test_the_outcome_of_a_nil_bidder_is_its_own_nil_whatever_the_partner_bid() -> None:
    game = new_game()
    record = game.parse_round({"bids": ["nil", 6, "nil", 6], "tricks": [0, 7, 0, 6]})
    assert [o.made for o in game.seat_outcomes(record)] == [True, True, True, True]


# -- a hand as the API writes it ------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "given", "bids"),
    [
        ({}, [3, "nil", 4, 2], (3, "nil", 4, 2)),
        ({}, [3, 0, 4, 2], (3, "nil", 4, 2)),
        ({}, [3, " NIL ", 4, 2], (3, "nil", 4, 2)),
        (
            {"blind_nil": True},
            ["blind_nil", 0, "Blind nil", "blind-nil"],
            ("blind_nil", "nil", "blind_nil", "blind_nil"),
        ),
        ({}, [13, 1, 1, 1], (13, 1, 1, 1)),
        ({}, (3, 3, 3, 3), (3, 3, 3, 3)),
    ],
    ids=["words", "zero-is-nil", "case-and-spaces", "blind-nil-spellings", "thirteen", "tuple"],
)
def test_bids_are_read(options: dict[str, Any], given: list[Any], bids: tuple[Any, ...]) -> None:
    game = new_game(**options)
    record = game.parse_round({"bids": given, "tricks": [3, 3, 3, 4]})
    assert record.bids == bids


def test_a_hand_reads_back_as_itself() -> None:
    game = new_game(blind_nil=True)
    hand = {"dealer": 3, "bids": ["blind_nil", 4, "nil", 5], "tricks": [0, 6, 0, 7]}
    record = game.parse_round(hand)
    assert record == SpadesRound(dealer=3, bids=("blind_nil", 4, "nil", 5), tricks=(0, 6, 0, 7))
    assert record.to_mapping() == hand
    assert game.parse_round(record.to_mapping()) == record
    assert game.parse_round({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}).to_mapping() == {
        "dealer": 0,
        **EVEN,
    }


BIDS_RANGE = "Ana's bid must be a number of tricks from 1 to 13, or nil"


@pytest.mark.parametrize(
    ("options", "hand", "field", "message"),
    [
        (
            {},
            {"bids": [3, 3, 3], "tricks": [4, 3, 3, 3]},
            "bids",
            "Give one bid for each of the 4 players, in seat order",
        ),
        (
            {},
            {"tricks": [4, 3, 3, 3]},
            "bids",
            "Give one bid for each of the 4 players, in seat order",
        ),
        (
            {},
            {"bids": "3333", "tricks": [4, 3, 3, 3]},
            "bids",
            "Give one bid for each of the 4 players, in seat order",
        ),
        ({}, {"bids": [14, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids", BIDS_RANGE),
        ({}, {"bids": [-1, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids", BIDS_RANGE),
        ({}, {"bids": [1.5, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids", BIDS_RANGE),
        ({}, {"bids": ["zero", 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids", BIDS_RANGE),
        ({}, {"bids": [True, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids", BIDS_RANGE),
        ({}, {"bids": [None, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bids", BIDS_RANGE),
        (
            {},
            {"bids": ["blind_nil", 3, 3, 3], "tricks": [0, 4, 4, 5]},
            "bids",
            "Ana bid blind nil, but this game is played without blind nil",
        ),
        (
            {"blind_nil": True},
            {"bids": [20, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            "bids",
            "Ana's bid must be a number of tricks from 1 to 13, nil or blind nil",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3]},
            "tricks",
            "Give one number of tricks for each of the 4 players, in seat order",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 6]},
            "tricks",
            "Give one number of tricks for each of the 4 players, in seat order",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [4, "3", 3, 3]},
            "tricks",
            "Each number of tricks must be a whole number",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [4, True, 3, 3]},
            "tricks",
            "Each number of tricks must be a whole number",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 2]},
            "tricks",
            "Tricks add up to 12, but every hand has 13 tricks",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]},
            "tricks",
            "Tricks add up to 14, but every hand has 13 tricks",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [14, 0, 0, -1]},
            "tricks",
            "Ana cannot take 14 tricks: a hand has 13",
        ),
        (
            {},
            {"bids": [3, 3, 3, 3], "tricks": [7, -1, 4, 3]},
            "tricks",
            "Ben cannot take -1 tricks: a hand has 13",
        ),
        ({}, {**EVEN, "dealer": 4}, "dealer", "The dealer must be a seat from 0 to 3"),
        ({}, {**EVEN, "dealer": "0"}, "dealer", "The dealer must be a seat from 0 to 3"),
    ],
    ids=[
        "three-bids",
        "no-bids",
        "bids-text",
        "bid-14",
        "bid-negative",
        "bid-fraction",
        "bid-word",
        "bid-true",
        "bid-missing",
        "blind-nil-without-the-option",
        "bid-20-with-blind-nil",
        "no-tricks",
        "three-tricks",
        "tricks-text",
        "tricks-true",
        "tricks-12",
        "tricks-14",
        "tricks-14-one",
        "tricks-negative",
        "dealer-5th-seat",
        "dealer-text",
    ],
)
def test_a_hand_is_refused(
    options: dict[str, Any], hand: dict[str, Any], field: str, message: str
) -> None:
    game = new_game(**options)
    with pytest.raises(RoundRefused) as refused:
        game.parse_round(hand)
    assert [(e.field, str(e)) for e in refused.value.errors] == [(field, message)]
    assert not game.is_legal_round(SpadesRound(0, (14, 3, 3, 3), (4, 3, 3, 3)))


def test_every_problem_with_a_hand_at_once() -> None:
    with pytest.raises(RoundRefused) as refused:
        new_game().parse_round({"bids": [3, 3], "tricks": [1, 2], "dealer": 9})
    assert [e.field for e in refused.value.errors] == ["dealer", "bids", "tricks"]


def test_a_hand_must_be_an_object() -> None:
    with pytest.raises(RuleError) as refused:
        new_game().parse_round([3, 3, 3, 3])  # type: ignore[arg-type]
    assert str(refused.value) == "A hand must be an object"


@pytest.mark.parametrize(
    ("seat", "bid", "legal"),
    [
        (0, "nil", True),
        (1, 1, True),
        (2, 13, True),
        (3, 0, False),
        (3, 14, False),
        (0, "blind_nil", False),
        (4, 3, False),
    ],
    ids=["nil", "one", "thirteen", "zero-unread", "fourteen", "blind-nil-off", "no-seat"],
)
def test_a_bid_verify_can(seat: int, bid: Any, legal: bool) -> None:
    game = new_game()
    assert game.is_legal_bid(seat, bid) is legal
    if not legal:
        with pytest.raises(BidError):
            game.check_bid(seat, bid)


def test_the_legal_bids() -> None:
    assert new_game().legal_bids() == ["nil", *range(1, 14)]
    assert new_game(blind_nil=True).legal_bids() == ["nil", "blind_nil", *range(1, 14)]


@pytest.mark.parametrize(
    ("value", "read"),
    [
        (0, "nil"),
        ("Nil", "nil"),
        ("BLIND  NIL", "blind_nil"),
        (5, 5),
        ("five", "five"),
        (None, None),
    ],
    ids=["zero", "capital", "spaces", "number", "other-word", "none"],
)
def test_read_bid(value: Any, read: Any) -> None:
    assert read_bid(value) == read


# -- the end ----------------------------------------------------------------------------------


def scored(*side_totals: tuple[int, int]) -> list[ScoredRound[SpadesRound]]:
    record = SpadesRound(0, (3, 3, 3, 3), (4, 3, 3, 3))
    return [
        ScoredRound(number, 13, record, (0, 0, 0, 0), (a, b, a, b), (0, 0))
        for number, (a, b) in enumerate(side_totals, start=1)
    ]


@pytest.mark.parametrize(
    ("side_totals", "over"),
    [
        ([], False),
        ([(499, 480)], False),
        ([(500, 480)], True),
        ([(480, 512)], True),
        ([(520, 520)], False),
        ([(520, 520), (581, 580)], True),
        ([(520, 530)], True),
        ([(-20, 499)], False),
    ],
    ids=[
        "no-hand",
        "short-of-the-target",
        "reaches-the-target",
        "the-other-side-reaches-it",
        "both-reach-it-equal",
        "one-more-hand-breaks-the-tie",
        "both-reach-it-the-higher-wins",
        "far-apart-below",
    ],
)
def test_the_game_ends_when_a_side_reaches_the_target_ahead(
    side_totals: list[tuple[int, int]], over: bool
) -> None:
    assert new_game().is_over(scored(*side_totals)) is over


def test_both_sides_at_the_target_with_equal_totals_play_another_hand() -> None:
    game = played(new_game(target=100), EVEN, {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]})
    assert game.side_totals == (121, 121)
    assert not game.finished and game.winners == ()
    assert game.next_round is not None and game.next_round.number == 3
    game = played(game, EVEN)
    assert game.side_totals == (182, 181)
    assert game.finished
    assert game.winners == (0, 2)
    assert game.next_round is None
    with pytest.raises(GameOverError) as refused:
        game.parse_round(EVEN)
    assert str(refused.value) == "The game is over: Spades ended after hand 3"


def test_the_winners_are_the_side_ahead_even_below_in_seat_order() -> None:
    game = played(new_game(target=100), {"bids": [3, 5, 3, 5], "tricks": [0, 6, 2, 5]})
    assert game.side_totals == (-60, 101)
    assert game.winners == (1, 3)


def test_a_correction_that_would_end_the_game_earlier_is_refused() -> None:
    game = played(new_game(target=100), EVEN, EVEN)
    with pytest.raises(RoundRefused) as refused:
        game.replace_round(1, SpadesRound(0, (5, 3, 5, 3), (5, 3, 5, 0)))
    assert str(refused.value) == (
        "With this correction the game ends after hand 1: undo the later hands first"
    )


def test_a_game_has_at_most_a_thousand_hands() -> None:
    game = new_game()
    record = game.parse_round({"bids": [13, 13, 13, 13], "tricks": [4, 3, 3, 3]})
    long = SpadesGame(game.players, 0, game.options, (record,) * MOST_HANDS)
    assert not long.finished
    assert long.side_totals[0] < 0
    with pytest.raises(RoundError) as refused:
        long.parse_round(EVEN)
    assert str(refused.value) == "A game of Spades has at most 1000 hands"


def test_each_hand_is_scored_once_as_the_game_goes() -> None:
    """The bags carried from hand to hand are worked out incrementally, as the whole
    game would work them out again."""
    game = new_game(target=1000)
    for _ in range(20):
        game = played(game, {"bids": [1, 1, 1, 1], "tricks": [6, 1, 5, 1]})
        again = SpadesGame(game.players, game.first_dealer, game.options, game.rounds)
        assert again.scored_rounds == game.scored_rounds
    assert not game.finished
    assert game.bags == (0, 0)  # 9 bags a hand for Ana and Cai: 180, less 18 times 10


# -- the pending part: bids before the play ----------------------------------------------------


def test_the_bids_are_said_before_the_play() -> None:
    game = new_game()
    assert game.parse_pending({"bids": [3, 0, 4, 2]}) == {"dealer": 0, "bids": [3, "nil", 4, 2]}
    with_tricks = {"bids": [3, "nil", 4, 2], "tricks": [9, 9, 9, 9], "dealer": 2}
    assert game.parse_pending(with_tricks) == {"dealer": 2, "bids": [3, "nil", 4, 2]}


@pytest.mark.parametrize(
    ("said", "field"),
    [
        ({"bids": [3, 14, 4, 2]}, "bids"),
        ({"bids": ["blind_nil", 1, 4, 2]}, "bids"),
        ({"bids": [3, 3]}, "bids"),
        ({"bids": [3, 3, 3, 3], "dealer": 7}, "dealer"),
    ],
    ids=["bid-14", "blind-nil-off", "two-bids", "dealer"],
)
def test_the_bids_said_are_refused_as_a_hand_would_be(said: dict[str, Any], field: str) -> None:
    with pytest.raises(RoundRefused) as refused:
        new_game().parse_pending(said)
    assert {error.field for error in refused.value.errors} == {field}


def test_bids_made_one_at_a_time_wait_for_nobody() -> None:
    game = new_game()
    info = game.next_round
    assert game.hidden_bid_errors(info, [None, "nil", None, 0], [None, "nil", None, "nil"]) == []
    refused = game.hidden_bid_errors(
        info, [14, None, "blind_nil", None], [14, None, "blind_nil", None]
    )
    assert [(e.field, e.values["seat"]) for e in refused] == [("bids", 0), ("bids", 2)]
    assert game.hidden_bid_turn(info, [None, None, None, None], info.dealer) == (False, None)


@pytest.mark.parametrize(
    ("bids", "over_under"),
    [([3, "nil", 4, 2], -4), ([5, 5, 4, 0], 1), ([3, None, 4, 2], None), (["x", 1, 1, 1], None)],
    ids=["under", "over", "missing", "unread"],
)
def test_the_over_under(bids: list[Any], over_under: int | None) -> None:
    assert new_game().over_under({"bids": bids}, 13) == over_under


def test_a_hand_entered_in_part_is_judged_where_it_is_complete() -> None:
    game = new_game()
    entered = {"bids": ["nil", None, 3, 2], "tricks": [0, 4, 4, 4]}
    assert [str(e) for e in game.entered_errors(entered)] == [
        "Tricks add up to 12, but every hand has 13 tricks"
    ]
    entered = {"bids": ["nil", " ", 3, 2], "tricks": [0, 4, 4, 4]}
    assert [str(e) for e in game.entered_errors(entered)] == [
        "Tricks add up to 12, but every hand has 13 tricks"
    ]
    entered = {"bids": ["nil", 14, 3, 2], "tricks": [0, None, 4, 4]}
    assert [str(e) for e in game.entered_errors(entered)] == [
        "Ben's bid must be a number of tricks from 1 to 13, or nil"
    ]


# -- the base, unchanged for a game of seats -----------------------------------------------------


def test_a_game_of_seats_has_a_side_for_each_seat() -> None:
    game = WizardGame.new(["Ana", "Ben", "Cai"])
    assert game.sides == ((0,), (1,), (2,)) and not game.has_sides
    game = game.apply_round(
        game.parse_round({"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    )
    assert game.side_totals == game.totals == (30, 20, 20)
    assert game.leaders == (0,)
    assert game.side_standings == game.standings == [(1, 0, 30), (2, 1, 20), (2, 2, 20)]
    assert game.scored_rounds[-1].carried is None
    assert game.side_scores(game.scored_rounds[-1]) == (30, 20, 20)
    assert game.scored_facts(game.scored_rounds[-1]) == game.derived(game.rounds[-1])


# -- a property over whole games ----------------------------------------------------------------


def splits(total: int, parts: int) -> st.SearchStrategy[list[int]]:
    """Every way ``total`` tricks fall to ``parts`` players."""
    cuts = st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)
    return cuts.map(lambda c: [b - a for a, b in pairwise([0, *sorted(c), total])])


BID = st.one_of(st.integers(1, 13), st.sampled_from(["nil", "blind_nil", 0]))
HAND = st.fixed_dictionaries(
    {"bids": st.lists(BID, min_size=4, max_size=4), "tricks": splits(13, 4)}
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands=st.lists(HAND, min_size=1, max_size=40), bag_penalty=st.booleans())
def test_totals_add_up_the_side_scores_and_bags_stay_under_ten(
    hands: list[dict[str, Any]], bag_penalty: bool
) -> None:
    game = SpadesGame.new(NAMES, 0, {"blind_nil": True, "bag_penalty": bag_penalty, "target": 1000})
    sums = [0, 0]
    for hand in hands:
        if game.finished:
            break
        game = game.apply_round(game.parse_round(hand))
        scored = game.scored_rounds[-1]
        facts = game.scored_facts(scored)
        sums = [total + change for total, change in zip(sums, facts["side_scores"], strict=True)]
        assert list(game.side_totals) == sums
        assert game.totals == (sums[0], sums[1], sums[0], sums[1])
        if bag_penalty:
            assert all(0 <= bags <= 9 for bags in facts["bags"])
        else:
            assert all(bags >= 0 for bags in facts["bags"])
    fresh = SpadesGame(game.players, 0, game.options, game.rounds)
    assert fresh.scored_rounds == game.scored_rounds


# -- the referee --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "winner", "reason"),
    [
        (
            "4h kh 2h 9h",
            1,
            "The K♥ wins: it is the highest heart, the suit led, and no spade was played.",
        ),
        (
            "4h ac 2d 9h",
            3,
            "The 9♥ wins: it is the highest heart, the suit led, and no spade was played.",
        ),
        (
            "ah kh 2s qh",
            2,
            "The 2♠ wins: spades are always trump, and it is the highest spade played.",
        ),
        (
            "ah 3s 2s qs",
            3,
            "The Q♠ wins: spades are always trump, and it is the highest spade played.",
        ),
        (
            "5s as 2h 3d",
            1,
            "The A♠ wins: spades are always trump, and it is the highest spade played.",
        ),
        ("7c", 0, "The 7♣ wins: it is the highest club, the suit led, and no spade was played."),
    ],
    ids=[
        "highest-of-the-led-suit",
        "off-suit-ace-loses",
        "a-spade-trumps",
        "highest-spade",
        "spade-led",
        "one-card",
    ],
)
def test_who_takes_the_trick(plays: str, winner: int, reason: str) -> None:
    ruling = SPADES_REFEREE.trick_winner(cards(plays), None)
    assert (ruling.winner, str(ruling.reason)) == (winner, reason)
    assert spades_trick_winner(cards(plays)).winner == winner


def test_spades_are_trump_whatever_trump_is_asked() -> None:
    assert SPADES_REFEREE.trick_winner(cards("ah 2s"), None).winner == 1
    from scorekeeper.rules.cards import Suit

    assert SPADES_REFEREE.trick_winner(cards("ah 2s"), Suit.HEARTS).winner == 1


@pytest.mark.parametrize(
    ("broken", "plays", "hand", "card", "legal", "reason"),
    [
        (False, "", "as 3d", "3d", True, "Any card but a spade may be led at any time."),
        (
            False,
            "",
            "as 3d",
            "as",
            False,
            "Spades are not broken yet and the hand holds the 3♦: lead another suit.",
        ),
        (
            False,
            "",
            "as 3s",
            "as",
            True,
            "Spades are not broken yet, but the hand holds nothing but spades,"
            " so a spade may be led.",
        ),
        (True, "", "as 3d", "as", True, "Spades are broken, so a spade may be led."),
        (False, "4h", "9h 2s", "9h", True, "The 9♥ follows suit."),
        (
            False,
            "4h",
            "9h 2s",
            "2s",
            False,
            "Hearts were led and the hand holds the 9♥: follow suit.",
        ),
        (
            True,
            "4h",
            "9h 2s",
            "2s",
            False,
            "Hearts were led and the hand holds the 9♥: follow suit.",
        ),
        (
            False,
            "4h",
            "2s 3d",
            "2s",
            True,
            "No hearts in the hand, so any card may be played; this spade breaks spades.",
        ),
        (True, "4h", "2s 3d", "2s", True, "No hearts in the hand, so any card may be played."),
        (False, "4h", "2s 3d", "3d", True, "No hearts in the hand, so any card may be played."),
        (
            True,
            "4s",
            "ks 3d",
            "3d",
            False,
            "Spades were led and the hand holds the K♠: follow suit.",
        ),
        (True, "4s 6s", "ks 3d", "ks", True, "The K♠ follows suit."),
    ],
    ids=[
        "lead-another-suit",
        "lead-a-spade-unbroken",
        "lead-a-spade-holding-only-spades",
        "lead-a-spade-broken",
        "follow-suit",
        "trump-while-holding-the-suit",
        "trump-while-holding-the-suit-broken",
        "trump-when-void-breaks-spades",
        "trump-when-void-already-broken",
        "discard-when-void",
        "follow-spades",
        "follow-spades-late",
    ],
)
def test_may_this_card_be_played(
    broken: bool, plays: str, hand: str, card: str, legal: bool, reason: str
) -> None:
    verdict = SPADES_REFEREE.with_broken(broken).check_play(
        cards(plays), cards(hand), Card.parse(card), None, players=4
    )
    assert (verdict.legal, str(verdict.reason)) == (legal, reason)


@pytest.mark.parametrize(
    ("plays", "broken"),
    [("4h 9s", True), ("4s 9s", False), ("4h 9h", False), ("", False), ("4h 9d 2s", True)],
    ids=["spade-on-hearts", "spade-led", "no-spade", "no-card", "last-card-a-spade"],
)
def test_which_trick_breaks_spades(plays: str, broken: bool) -> None:
    assert breaks_spades(cards(plays)) is broken


@pytest.mark.parametrize(
    ("call", "field", "message"),
    [
        (
            lambda: SPADES_REFEREE.trick_winner(cards("4h joker"), None),
            "plays",
            "There is no Joker in Spades: its deck is the 52 cards of the four suits",
        ),
        (
            lambda: SPADES_REFEREE.trick_winner(cards("4h 4h"), None),
            "plays",
            "The deck has only one 4♥: it cannot be here 2 times",
        ),
        (
            lambda: SPADES_REFEREE.trick_winner(cards("4h 5h 6h 7h 8h"), None),
            "plays",
            "5 cards is too many here: at most 4 in Spades, one from each player",
        ),
        (
            lambda: SPADES_REFEREE.trick_winner([], None),
            "plays",
            "Give the cards of the trick, the card led first",
        ),
        (
            lambda: SPADES_REFEREE.check_play([], cards("4h"), Card.parse("5h"), None),
            "card",
            "The 5♥ is not in the hand: list the hand with the card in question",
        ),
        (
            lambda: SPADES_REFEREE.check_play(cards("4h"), cards("4h 5h"), Card.parse("5h"), None),
            "hand",
            "The deck has only one 4♥: it cannot be here 2 times",
        ),
        (
            lambda: SPADES_REFEREE.check_play([], cards("wizard"), Card.parse("wizard"), None),
            "hand",
            "There is no Wizard in Spades: its deck is the 52 cards of the four suits",
        ),
    ],
    ids=["joker", "twice", "five-cards", "no-card", "not-in-hand", "in-trick-and-hand", "wizard"],
)
def test_the_referee_refuses_what_no_table_holds(call: Any, field: str, message: str) -> None:
    with pytest.raises(CardError) as refused:
        call()
    assert (refused.value.field, str(refused.value)) == (field, message)


def test_the_referee_knows_the_deck_and_keeps_broken_apart() -> None:
    assert len(SPADES_REFEREE.deck()) == 52
    assert isinstance(SPADES_REFEREE, SpadesReferee) and not SPADES_REFEREE.broken
    assert SPADES_REFEREE.with_broken(False) is SPADES_REFEREE
    assert SPADES_REFEREE.with_broken(True).broken
    assert SPADES_REFEREE.with_special_cards([]) is SPADES_REFEREE
