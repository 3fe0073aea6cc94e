"""One Card as the scoresheet keeps it (RULES.md, One Card)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.one_card.rules import (
    Auction,
    OneCardGame,
    OneCardHand,
    OneCardOptions,
    hand_scores,
    lowest_bid,
)
from scorekeeper.rules.cards import Suit
from scorekeeper.rules.errors import (
    BidError,
    GameOverError,
    OptionError,
    PlayerCountError,
    PlayerError,
    RoundError,
    RoundRefused,
    RuleError,
)

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli"]
MISSING = object()
"""Stands for a key left out of a hand's mapping."""

# A legal hand with a contract for each table size: the bid is the lowest, and made.
CONTRACTS: dict[int, dict[str, Any]] = {
    2: {
        "bidder": 0,
        "bid": 8,
        "trump": "spades",
        "order": "uptown",
        "points": [9, 6],
        "last_trick": 0,
    },
    3: {
        "bidder": 1,
        "bid": 7,
        "trump": "hearts",
        "order": "uptown",
        "points": [5, 7, 3],
        "last_trick": 0,
    },
    4: {
        "bidder": 2,
        "bid": 6,
        "trump": "clubs",
        "order": "downtown",
        "points": [3, 3, 6, 3],
        "last_trick": 2,
    },
}
EVEN_POINTS = {2: [8, 7], 3: [5, 5, 5], 4: [4, 4, 4, 3]}


def new_game(players: int = 3, *, target: int | None = None, first_dealer: int = 0) -> OneCardGame:
    options = {} if target is None else {"target": target}
    return OneCardGame.new(NAMES[:players], first_dealer=first_dealer, options=options)


def changed(facts: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """``facts`` with some keys replaced, or left out when given as ``MISSING``."""
    result = {**facts, **changes}
    return {key: value for key, value in result.items() if value is not MISSING}


def contract_hand(players: int = 3, **changes: Any) -> dict[str, Any]:
    return changed(CONTRACTS[players], **changes)


def passed_hand(points: Sequence[int], **changes: Any) -> dict[str, Any]:
    """A hand in which everyone passed: no bidder, no bid, no trump."""
    facts = {
        "bidder": None,
        "bid": None,
        "trump": "none",
        "order": "uptown",
        "points": list(points),
        "last_trick": 0,
    }
    return changed(facts, **changes)


def play(game: OneCardGame, *hands: Mapping[str, Any]) -> OneCardGame:
    for facts in hands:
        game = game.apply_round(game.parse_round(facts))
    return game


def play_evenly(game: OneCardGame, count: int) -> OneCardGame:
    for _ in range(count):
        game = play(game, passed_hand(EVEN_POINTS[game.player_count]))
    return game


def refusal(action: Callable[[], object]) -> RoundRefused:
    with pytest.raises(RoundRefused) as refused:
        action()
    return refused.value


def errors_of(refused: RoundRefused) -> list[tuple[str | None, str]]:
    return [(error.field, str(error)) for error in refused.errors]


def auction_after(players: int, dealer: int, calls: Sequence[int | None]) -> Auction:
    auction = Auction(players=players, dealer=dealer, lowest=lowest_bid(players))
    for call in calls:
        auction = auction.apply_call(call)
    return auction


# -- the table ----------------------------------------------------------------------
# RULES.md, One Card › Deck and players, › Dealing


@pytest.mark.parametrize(
    ("players", "cards"),
    [(2, 12), (3, 8), (4, 6)],
    ids=["2-players", "3-players", "4-players"],
)
def test_the_deal_leaves_one_card_in_the_middle(players, cards):
    game = new_game(players)
    assert game.deal_size(1) == cards
    assert game.next_round.cards == cards
    assert players * cards + 1 == 25
    game = play_evenly(new_game(players, target=999), 3)
    assert game.deal_size(4) == cards
    assert [scored.cards for scored in game.scored_rounds] == [cards] * 3


@pytest.mark.parametrize("count", [2, 3, 4], ids=["2", "3", "4"])
def test_two_to_four_players_sit_down(count):
    game = new_game(count)
    assert game.players == tuple(NAMES[:count])
    assert game.player_count == count
    assert game.round_word == "hand"
    assert game.planned_rounds is None
    assert game.next_round.planned is None
    assert game.key == "one_card"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (NAMES[:1], "One Card is played by 2 to 4 players, not 1"),
        (NAMES[:5], "One Card is played by 2 to 4 players, not 5"),
        ([], "One Card is played by 2 to 4 players, not 0"),
    ],
    ids=["1-player", "5-players", "nobody"],
)
def test_too_few_or_too_many_players_are_refused(players, message):
    refused = refusal(lambda: OneCardGame.new(players))
    assert errors_of(refused) == [("players", message)]
    assert isinstance(refused.errors[0], PlayerCountError)


# -- the deal passing left ---------------------------------------------------------
# RULES.md, One Card › Dealing: "The deal passes to the left each hand."


@pytest.mark.parametrize(
    ("players", "first_dealer", "played", "dealer"),
    [
        (2, 0, 0, 0),
        (2, 0, 1, 1),
        (2, 0, 2, 0),
        (2, 1, 1, 0),
        (3, 0, 3, 0),
        (3, 2, 1, 0),
        (3, 1, 4, 2),
        (4, 0, 3, 3),
        (4, 3, 1, 0),
        (4, 2, 6, 0),
    ],
    ids=[
        "2p-first-hand",
        "2p-second-hand",
        "2p-third-hand",
        "2p-seat-1-deals-first",
        "3p-round-the-table",
        "3p-wraps-to-seat-0",
        "3p-fifth-hand",
        "4p-fourth-hand",
        "4p-wraps-to-seat-0",
        "4p-seventh-hand",
    ],
)
def test_the_deal_passes_left_every_hand(players, first_dealer, played, dealer):
    game = play_evenly(new_game(players, target=999, first_dealer=first_dealer), played)
    assert game.default_dealer(played + 1) == dealer
    info = game.next_round
    assert (info.number, info.dealer) == (played + 1, dealer)
    assert info.first_bidder == (dealer + 1) % players


def test_a_dealer_override_carries_into_later_hands():
    game = play_evenly(new_game(4, target=999), 1)
    assert game.next_round.dealer == 1
    game = play(game, passed_hand(EVEN_POINTS[4], dealer=3))  # the table says seat 3 dealt
    assert game.rounds[-1].dealer == 3
    assert game.next_round.dealer == 0
    assert game.next_round.first_bidder == 1
    game = play(game, passed_hand(EVEN_POINTS[4]))  # no dealer given: passes on from seat 3
    assert game.rounds[-1].dealer == 0
    assert game.default_dealer(4) == 1


def test_a_hand_without_a_dealer_keeps_the_dealer_recorded_for_it():
    game = play(new_game(3, target=999), passed_hand([5, 5, 5], dealer=2))
    record = game.record_from_mapping(passed_hand([6, 5, 4]), 1)
    assert record.dealer == 2
    assert game.round_info(1).dealer == 2


# -- the auction ---------------------------------------------------------------------
# RULES.md, One Card › Bidding


@pytest.mark.parametrize(
    ("players", "dealer", "first_bidder"),
    [(2, 0, 1), (2, 1, 0), (3, 0, 1), (3, 2, 0), (4, 1, 2), (4, 3, 0)],
    ids=["2p-dealer-0", "2p-dealer-1", "3p-dealer-0", "3p-dealer-2", "4p-dealer-1", "4p-dealer-3"],
)
def test_the_player_left_of_the_dealer_bids_first(players, dealer, first_bidder):
    game = new_game(players)
    assert game.first_bidder(dealer) == first_bidder
    assert game.round_info(1, dealer).first_bidder == first_bidder
    assert game.auction(dealer).to_call == first_bidder
    assert game.bidding_order(dealer)[0] == first_bidder
    assert game.bidding_order(dealer)[-1] == dealer


@pytest.mark.parametrize(
    ("players", "lowest"),
    [(2, 8), (3, 7), (4, 6)],
    ids=["2-players", "3-players", "4-players"],
)
def test_the_lowest_bid_depends_on_the_players(players, lowest):
    game = new_game(players)
    assert lowest_bid(players) == lowest
    assert game.lowest_bid == lowest
    assert game.auction(0).lowest == lowest
    assert game.auction(0).legal_bids() == list(range(lowest, 16))


@pytest.mark.parametrize(
    ("players", "dealer", "calls", "to_call", "over", "contract", "legal_bids"),
    [
        (3, 0, [], 1, False, None, list(range(7, 16))),
        (3, 0, [7], 2, False, (1, 7), list(range(8, 16))),
        (3, 0, [7, None, 8], 1, False, (0, 8), list(range(9, 16))),
        (3, 0, [7, None, None], None, True, (1, 7), []),
        (3, 0, [7, 8, None, None], None, True, (2, 8), []),
        (3, 0, [None, None, 7], None, True, (0, 7), []),
        (3, 0, [None, None], 0, False, None, list(range(7, 16))),
        (3, 0, [None, None, None], None, True, None, []),
        (2, 1, [None, None], None, True, None, []),
        (2, 1, [None, 8], None, True, (1, 8), []),
        (2, 0, [8, 9, 10], 0, False, (1, 10), list(range(11, 16))),
        (2, 0, [15], None, True, (1, 15), []),
        (4, 0, [6, 15], None, True, (2, 15), []),
        (3, 0, [14], 2, False, (1, 14), [15]),
        (4, 0, [None, 6, 7, None, 8], 3, False, (2, 8), list(range(9, 16))),
        (4, 2, [], 3, False, None, list(range(6, 16))),
    ],
    ids=[
        "no-calls-yet",
        "a-bid-passes-the-turn-on",
        "a-passed-player-is-skipped",
        "all-others-passed-after-a-bid",
        "outbid-then-both-others-pass",
        "the-dealer-bids-after-two-passes",
        "two-passes-the-dealer-still-calls",
        "everyone-passes-3p",
        "everyone-passes-2p",
        "2p-the-dealer-bids-after-a-pass",
        "2p-raising-each-other",
        "15-ends-it-at-once",
        "15-ends-it-before-the-others-call",
        "14-leaves-only-15",
        "4p-two-passes-out-for-good",
        "4p-dealer-2-starts-at-seat-3",
    ],
)
def test_the_auction_call_by_call(players, dealer, calls, to_call, over, contract, legal_bids):
    auction = auction_after(players, dealer, calls)
    assert auction.to_call == to_call
    assert auction.is_over is over
    assert auction.contract == contract
    assert auction.legal_bids() == legal_bids
    assert auction.calls == tuple(calls)


@pytest.mark.parametrize(
    ("players", "dealer", "calls", "seats", "contract"),
    [
        (4, 0, [None, 6, 7, None, 8, None], [1, 2, 3, 0, 2, 3], (2, 8)),
        (3, 2, [7, None, 8, 9, None], [0, 1, 2, 0, 2], (0, 9)),
        (2, 1, [8, 9, 10, None], [0, 1, 0, 1], (0, 10)),
        (4, 3, [None, None, None, 6], [0, 1, 2, 3], (3, 6)),
    ],
    ids=["4-players", "3-players", "2-players", "4p-the-dealer-takes-it"],
)
def test_calls_go_round_in_turn_and_a_pass_is_out_for_good(players, dealer, calls, seats, contract):
    auction = Auction(players=players, dealer=dealer, lowest=lowest_bid(players))
    called: list[int | None] = []
    passed: set[int] = set()
    for call in calls:
        seat = auction.to_call
        assert seat not in passed
        called.append(seat)
        if call is None:
            passed.add(seat)
        auction = auction.apply_call(call)
    assert called == seats
    assert auction.is_over
    assert auction.to_call is None
    assert auction.contract == contract


@pytest.mark.parametrize(
    ("players", "calls", "call", "message"),
    [
        (2, [], 7, "The lowest bid with 2 players is 8, not 7"),
        (3, [], 6, "The lowest bid with 3 players is 7, not 6"),
        (4, [], 5, "The lowest bid with 4 players is 6, not 5"),
        (3, [], 0, "The lowest bid with 3 players is 7, not 0"),
        (3, [], -1, "The lowest bid with 3 players is 7, not -1"),
        (3, [], 16, "A bid of 16 is above 15, every point in the hand"),
        (2, [8], 16, "A bid of 16 is above 15, every point in the hand"),
        (3, [9], 9, "A bid must be higher than 9, the bid before it"),
        (3, [9, None], 8, "A bid must be higher than 9, the bid before it"),
        (4, [6, 7], 7, "A bid must be higher than 7, the bid before it"),
        (3, [], 7.5, "A bid is a whole number of points"),
        (3, [], 8.0, "A bid is a whole number of points"),
        (3, [], "8", "A bid is a whole number of points"),
        (3, [], True, "A bid is a whole number of points"),
        (3, [7, None, None], None, "The auction is over"),
        (3, [7, None, None], 8, "The auction is over"),
        (3, [None, None, None], 7, "The auction is over"),
        (2, [15], None, "The auction is over"),
    ],
    ids=[
        "below-lowest-2p",
        "below-lowest-3p",
        "below-lowest-4p",
        "zero",
        "negative",
        "above-15",
        "above-15-after-a-bid",
        "equal-to-the-bid-before",
        "lower-than-the-bid-before",
        "4p-equal-to-the-bid-before",
        "half-a-point",
        "a-float",
        "a-string",
        "a-bool",
        "a-pass-after-the-end",
        "a-bid-after-the-end",
        "a-bid-after-everyone-passed",
        "a-pass-after-15",
    ],
)
def test_a_call_the_auction_does_not_allow_is_refused(players, calls, call, message):
    auction = auction_after(players, 0, calls)
    assert not auction.is_legal_call(call)
    for action in (auction.check_call, auction.apply_call):
        with pytest.raises(BidError) as refused:
            action(call)
        assert (refused.value.field, str(refused.value)) == ("auction", message)


@pytest.mark.parametrize(
    ("players", "calls", "call"),
    [
        (2, [], 8),
        (2, [], 15),
        (3, [], None),
        (3, [7], 8),
        (3, [7, None], 15),
        (4, [6, 7, 8], None),
        (4, [None, None, None], 6),
    ],
    ids=[
        "lowest-2p",
        "15-at-once",
        "a-pass",
        "one-more",
        "jump-to-15",
        "a-pass-after-bids",
        "the-dealer-after-three-passes",
    ],
)
def test_a_call_the_auction_allows(players, calls, call):
    auction = auction_after(players, 0, calls)
    auction.check_call(call)
    assert auction.is_legal_call(call)
    after = auction.apply_call(call)
    assert after.calls == (*calls, call)
    assert auction.calls == tuple(calls)  # an auction is a value: calling makes a new one


# -- who leads the first trick --------------------------------------------------------
# RULES.md, One Card › Bidding: the highest bidder; when everyone passed, the player
# opposite the dealer (2 players: the non-dealer; 3 players: left of the dealer)


@pytest.mark.parametrize(
    ("players", "dealer", "bidder", "leader"),
    [
        (2, 0, 0, 0),
        (3, 0, 2, 2),
        (4, 1, 1, 1),
        (2, 0, None, 1),
        (2, 1, None, 0),
        (3, 0, None, 1),
        (3, 2, None, 0),
        (4, 0, None, 2),
        (4, 1, None, 3),
        (4, 3, None, 1),
    ],
    ids=[
        "2p-the-bidder",
        "3p-the-bidder",
        "4p-the-bidder-is-the-dealer",
        "2p-all-pass-the-non-dealer",
        "2p-all-pass-dealer-1",
        "3p-all-pass-left-of-the-dealer",
        "3p-all-pass-wraps",
        "4p-all-pass-opposite",
        "4p-all-pass-opposite-dealer-1",
        "4p-all-pass-opposite-wraps",
    ],
)
def test_the_first_leader(players, dealer, bidder, leader):
    assert new_game(players).first_leader(dealer, bidder) == leader


# -- the shape of a hand as the API writes it -------------------------------------------

POINTS_SHAPE = "Give the points each of the 3 players took, in seat order"
WHOLE_POINTS = "Points are whole numbers"
LAST_TRICK = "Say who won the last trick (and the one card): a seat from 0 to 2"
TRUMP_WORD = "Trump must be clubs, diamonds, hearts, spades or none"
ORDER = "The order is uptown or downtown"
BIDDER_SEAT = "The bidder must be a seat from 0 to 2, or null when everyone passed"
WHOLE_BID = "A bid is a whole number of points"
AUCTION_SHAPE = "The auction is a list of calls: a number of points, or null for a pass"
DEALER_SEAT = "The dealer must be a seat from 0 to 2"


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"points": [8, 7]}, [("points", POINTS_SHAPE)]),
        ({"points": [5, 5, 5, 0]}, [("points", POINTS_SHAPE)]),
        ({"points": MISSING}, [("points", POINTS_SHAPE)]),
        ({"points": "5,7,3"}, [("points", POINTS_SHAPE)]),
        ({"points": 15}, [("points", POINTS_SHAPE)]),
        ({"points": [5.0, 7, 3]}, [("points", WHOLE_POINTS)]),
        ({"points": [5, 7.5, 2.5]}, [("points", WHOLE_POINTS)]),
        ({"points": [True, 7, 7]}, [("points", WHOLE_POINTS)]),
        ({"points": [None, 7, 8]}, [("points", WHOLE_POINTS)]),
        ({"points": ["5", "7", "3"]}, [("points", WHOLE_POINTS)]),
        ({"last_trick": MISSING}, [("last_trick", LAST_TRICK)]),
        ({"last_trick": None}, [("last_trick", LAST_TRICK)]),
        ({"last_trick": 3}, [("last_trick", LAST_TRICK)]),
        ({"last_trick": -1}, [("last_trick", LAST_TRICK)]),
        ({"last_trick": "0"}, [("last_trick", LAST_TRICK)]),
        ({"last_trick": True}, [("last_trick", LAST_TRICK)]),
        ({"trump": "h"}, [("trump", TRUMP_WORD)]),
        ({"trump": "♥"}, [("trump", TRUMP_WORD)]),
        ({"trump": "joker"}, [("trump", TRUMP_WORD)]),
        ({"trump": 3}, [("trump", TRUMP_WORD)]),
        ({"trump": ["hearts"]}, [("trump", TRUMP_WORD)]),
        ({"order": "sideways"}, [("order", ORDER)]),
        ({"order": 1}, [("order", ORDER)]),
        ({"order": None}, [("order", ORDER)]),
        ({"bidder": 3}, [("bidder", BIDDER_SEAT)]),
        ({"bidder": -1}, [("bidder", BIDDER_SEAT)]),
        ({"bidder": "1"}, [("bidder", BIDDER_SEAT)]),
        ({"bidder": True}, [("bidder", BIDDER_SEAT)]),
        ({"bid": 7.5}, [("bid", WHOLE_BID)]),
        ({"bid": 7.0}, [("bid", WHOLE_BID)]),
        ({"bid": "7"}, [("bid", WHOLE_BID)]),
        ({"bid": True}, [("bid", WHOLE_BID)]),
        ({"auction": "7,pass,pass"}, [("auction", AUCTION_SHAPE)]),
        ({"auction": [7, "pass", "pass"]}, [("auction", AUCTION_SHAPE)]),
        ({"auction": [7.0, None, None]}, [("auction", AUCTION_SHAPE)]),
        ({"auction": [True, None, None]}, [("auction", AUCTION_SHAPE)]),
        ({"auction": {"Ben": 7}}, [("auction", AUCTION_SHAPE)]),
        ({"auction": 7}, [("auction", AUCTION_SHAPE)]),
        ({"dealer": 3}, [("dealer", DEALER_SEAT)]),
        ({"dealer": -1}, [("dealer", DEALER_SEAT)]),
        ({"dealer": True}, [("dealer", DEALER_SEAT)]),
        (
            {
                "dealer": 5,
                "auction": "none",
                "bidder": 9,
                "bid": "high",
                "trump": "stars",
                "order": "across",
                "points": [1, 2],
                "last_trick": 7,
            },
            [
                ("dealer", DEALER_SEAT),
                ("auction", AUCTION_SHAPE),
                ("bidder", BIDDER_SEAT),
                ("bid", WHOLE_BID),
                ("trump", TRUMP_WORD),
                ("order", ORDER),
                ("points", POINTS_SHAPE),
                ("last_trick", LAST_TRICK),
            ],
        ),
    ],
    ids=[
        "points-too-few",
        "points-too-many",
        "points-missing",
        "points-a-string",
        "points-a-number",
        "points-a-float",
        "points-halves",
        "points-a-bool",
        "points-a-null",
        "points-strings",
        "last-trick-missing",
        "last-trick-null",
        "last-trick-not-at-the-table",
        "last-trick-negative",
        "last-trick-a-string",
        "last-trick-a-bool",
        "trump-a-letter",
        "trump-a-symbol",
        "trump-the-joker",
        "trump-a-number",
        "trump-a-list",
        "order-sideways",
        "order-a-number",
        "order-null",
        "bidder-not-at-the-table",
        "bidder-negative",
        "bidder-a-string",
        "bidder-a-bool",
        "bid-half-a-point",
        "bid-a-float",
        "bid-a-string",
        "bid-a-bool",
        "auction-a-string",
        "auction-words",
        "auction-floats",
        "auction-bools",
        "auction-an-object",
        "auction-a-number",
        "dealer-not-at-the-table",
        "dealer-negative",
        "dealer-a-bool",
        "everything-wrong",
    ],
)
def test_a_hand_of_the_wrong_shape_is_refused_with_every_error(changes, expected):
    game = new_game(3)
    facts = contract_hand(3, **changes)
    refused = refusal(lambda: game.record_from_mapping(facts, 1))
    assert errors_of(refused) == expected
    assert refusal(lambda: game.parse_round(facts)).errors == refused.errors


@pytest.mark.parametrize("facts", [None, [], "hand", 3], ids=["null", "list", "string", "number"])
def test_a_hand_that_is_not_an_object_is_refused(facts):
    with pytest.raises(RuleError) as refused:
        new_game(3).record_from_mapping(facts, 1)
    assert refused.value.field == "round"


@pytest.mark.parametrize(
    ("changes", "trump", "order"),
    [
        ({"trump": "Hearts"}, Suit.HEARTS, "uptown"),
        ({"trump": " SPADES "}, Suit.SPADES, "uptown"),
        ({"trump": "diamonds", "order": "Downtown"}, Suit.DIAMONDS, "downtown"),
        ({"trump": "clubs", "order": MISSING}, Suit.CLUBS, "uptown"),
    ],
    ids=["capitalised-trump", "shouted-trump", "capitalised-order", "order-uptown-unless-said"],
)
def test_trump_and_order_are_read_in_any_case(changes, trump, order):
    record = new_game(3).parse_round(contract_hand(3, **changes))
    assert (record.trump, record.order) == (trump, order)


@pytest.mark.parametrize(
    "facts",
    [
        contract_hand(3),
        passed_hand([5, 5, 5], order="downtown", last_trick=2),
        changed(contract_hand(3, bidder=MISSING, bid=MISSING), auction=[7, None, None]),
        passed_hand([4, 6, 5], auction=[None, None, None]),
    ],
    ids=["contract", "all-pass", "contract-from-the-auction", "all-pass-auction"],
)
def test_a_hand_reads_back_from_its_mapping(facts):
    game = new_game(3)
    record = game.parse_round(facts)
    assert game.record_from_mapping(record.to_mapping(), 1) == record
    assert record.to_mapping()["dealer"] == 0


# -- what makes a hand impossible -------------------------------------------------------
# RULES.md, One Card › What the scoresheet must refuse

BOTH = "Give both the bidder and the bid, or neither when everyone passed"
NO_TRUMP_WHEN_PASSED = "Everyone passed, so there is no trump this hand"


@pytest.mark.parametrize(
    ("players", "changes", "expected"),
    [
        (2, {"bid": 7}, [("bid", "With 2 players a bid is from 8 to 15 points, not 7")]),
        (3, {"bid": 6}, [("bid", "With 3 players a bid is from 7 to 15 points, not 6")]),
        (4, {"bid": 5}, [("bid", "With 4 players a bid is from 6 to 15 points, not 5")]),
        (2, {"bid": 16}, [("bid", "With 2 players a bid is from 8 to 15 points, not 16")]),
        (3, {"bid": 16}, [("bid", "With 3 players a bid is from 7 to 15 points, not 16")]),
        (4, {"bid": 16}, [("bid", "With 4 players a bid is from 6 to 15 points, not 16")]),
        (3, {"bid": 0}, [("bid", "With 3 players a bid is from 7 to 15 points, not 0")]),
        (3, {"bid": -7}, [("bid", "With 3 players a bid is from 7 to 15 points, not -7")]),
        (3, {"bid": None}, [("bid", BOTH)]),
        (3, {"bid": MISSING}, [("bid", BOTH)]),
        (3, {"bidder": None, "trump": "none"}, [("bidder", BOTH)]),
        (3, {"bidder": MISSING, "trump": "none"}, [("bidder", BOTH)]),
        (
            3,
            {"bidder": None, "bid": None, "trump": "hearts"},
            [("trump", NO_TRUMP_WHEN_PASSED)],
        ),
        (
            4,
            {"bidder": None, "bid": None, "trump": "spades"},
            [("trump", NO_TRUMP_WHEN_PASSED)],
        ),
        (
            3,
            {"trump": "none"},
            [("trump", "The suit of Ben's first lead is trump: say which suit it was")],
        ),
        (
            2,
            {"trump": MISSING},
            [("trump", "The suit of Ana's first lead is trump: say which suit it was")],
        ),
        (
            3,
            {"points": [5, 6, 3]},
            [("points", "Points add up to 14, but every hand holds 15, the one card included")],
        ),
        (
            4,
            {"points": [4, 4, 4, 4]},
            [("points", "Points add up to 16, but every hand holds 15, the one card included")],
        ),
        (
            2,
            {"points": [0, 0]},
            [("points", "Points add up to 0, but every hand holds 15, the one card included")],
        ),
        (2, {"points": [16, -1]}, [("points", "Ana's points must be a whole number from 0 to 15")]),
        (
            3,
            {"points": [0, 16, -1]},
            [("points", "Ben's points must be a whole number from 0 to 15")],
        ),
        (
            4,
            {"points": [5, 5, -1, 6]},
            [("points", "Cai's points must be a whole number from 0 to 15")],
        ),
        (
            3,
            {"bid": 16, "trump": "none", "points": [5, 6, 3]},
            [
                ("bid", "With 3 players a bid is from 7 to 15 points, not 16"),
                ("trump", "The suit of Ben's first lead is trump: say which suit it was"),
                ("points", "Points add up to 14, but every hand holds 15, the one card included"),
            ],
        ),
    ],
    ids=[
        "2p-bid-below-8",
        "3p-bid-below-7",
        "4p-bid-below-6",
        "2p-bid-above-15",
        "3p-bid-above-15",
        "4p-bid-above-15",
        "bid-zero",
        "bid-negative",
        "bidder-without-a-bid",
        "bidder-with-the-bid-left-out",
        "bid-without-a-bidder",
        "bid-with-the-bidder-left-out",
        "3p-trump-when-everyone-passed",
        "4p-trump-when-everyone-passed",
        "no-trump-with-a-contract",
        "trump-left-out-with-a-contract",
        "points-add-up-to-14",
        "points-add-up-to-16",
        "nobody-took-anything",
        "2p-points-above-15",
        "3p-points-above-15",
        "4p-negative-points",
        "bid-trump-and-points-together",
    ],
)
def test_a_hand_that_cannot_have_happened_is_refused(players, changes, expected):
    game = new_game(players)
    facts = contract_hand(players, **changes)
    refused = refusal(lambda: game.parse_round(facts))
    assert errors_of(refused) == expected
    record = game.record_from_mapping(facts, 1)
    assert not game.is_legal_round(record)
    assert refusal(lambda: game.apply_round(record)).errors == refused.errors
    assert game.round_errors(record) == refused.errors


@pytest.mark.parametrize(
    ("players", "changes"),
    [
        (2, {"bid": 8}),
        (2, {"bid": 15, "points": [15, 0]}),
        (3, {"bid": 7}),
        (3, {"bid": 15}),
        (4, {"bid": 6}),
        (4, {"bid": 15, "points": [0, 0, 0, 15]}),
        (2, {"bidder": None, "bid": None, "trump": "none"}),
        (3, {"bidder": None, "bid": None, "trump": "none", "order": "downtown"}),
        (4, {"bidder": None, "bid": None, "trump": MISSING}),
        (3, {"points": [15, 0, 0], "last_trick": 2}),
        (3, {"trump": "diamonds", "order": "downtown"}),
    ],
    ids=[
        "2p-lowest",
        "2p-15",
        "3p-lowest",
        "3p-15",
        "4p-lowest",
        "4p-15",
        "2p-all-pass",
        "3p-all-pass-downtown",
        "4p-all-pass-trump-left-out",
        "the-last-trick-without-points",
        "downtown",
    ],
)
def test_a_hand_that_could_have_happened_is_recorded(players, changes):
    game = new_game(players)
    facts = contract_hand(players, **changes)
    record = game.parse_round(facts)
    assert game.is_legal_round(record)
    assert game.round_errors(record) == []
    assert game.apply_round(record).rounds == (record,)


@pytest.mark.parametrize(
    "record",
    [
        pytest.param(OneCardHand(0, 1, 7, Suit.HEARTS, "uptown", (5, 7), 0), id="two-points"),
        pytest.param(
            OneCardHand(0, 1, 7, Suit.HEARTS, "uptown", (5, 7, 3, 0), 0), id="four-points"
        ),
        pytest.param(
            OneCardHand(0, 1, 7, Suit.HEARTS, "uptown", (True, 7, 7), 0), id="bool-points"
        ),
        pytest.param(
            OneCardHand(0, 1, 7, Suit.HEARTS, "uptown", (5, 7, 3), 3),
            id="last-trick-not-at-the-table",
        ),
        pytest.param(
            OneCardHand(3, 1, 7, Suit.HEARTS, "uptown", (5, 7, 3), 0),
            id="dealer-not-at-the-table",
        ),
        pytest.param(
            OneCardHand(0, 1, 7, Suit.HEARTS, "uptown", (5, 7, 3), 0, auction=(7, 7)),
            id="illegal-auction",
        ),
        pytest.param(
            OneCardHand(0, 3, 7, Suit.HEARTS, "uptown", (5, 7, 3), 0),
            id="bidder-not-at-the-table",
        ),
        pytest.param(
            OneCardHand(0, -1, 7, Suit.HEARTS, "uptown", (5, 7, 3), 0),
            id="bidder-negative",
        ),
        pytest.param(
            OneCardHand(0, 3, 7, None, "uptown", (5, 7, 3), 0),
            id="bidder-not-at-the-table-no-trump",
        ),
        pytest.param(
            OneCardHand(0, 1, 7, Suit.HEARTS, "sideways", (5, 7, 3), 0),
            id="order-sideways",
        ),
    ],
)
def test_a_record_that_does_not_fit_the_table_is_refused(record):
    game = new_game(3)
    assert not game.is_legal_round(record)
    with pytest.raises(RoundRefused):
        game.apply_round(record)


def test_a_record_lists_bad_points_and_a_bad_last_trick_together():
    record = OneCardHand(0, 1, 7, Suit.HEARTS, "uptown", (5, 7, 4), 5)
    assert [error.field for error in new_game(3).round_errors(record)] == ["points", "last_trick"]


# -- an auction recorded with the hand ----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "calls", "bidder", "bid", "trump"),
    [
        (3, 0, [7, None, 8, None], 0, 8, "diamonds"),
        (3, 0, [None, None, None], None, None, "none"),
        (3, 0, [None, None, 7], 0, 7, "clubs"),
        (2, 0, [8, None], 1, 8, "hearts"),
        (2, 1, [None, None], None, None, "none"),
        (4, 2, [None, 15], 0, 15, "spades"),
        (4, 0, [None, 6, 7, None, 8, None], 2, 8, "hearts"),
    ],
    ids=[
        "3p-outbid",
        "3p-all-pass",
        "3p-the-dealer-after-two-passes",
        "2p-one-bid",
        "2p-all-pass",
        "4p-15-at-once",
        "4p-two-rounds-of-calls",
    ],
)
def test_a_legal_auction_gives_the_contract(players, dealer, calls, bidder, bid, trump):
    game = new_game(players)
    facts = {
        "dealer": dealer,
        "auction": calls,
        "trump": trump,
        "points": EVEN_POINTS[players],
        "last_trick": 0,
    }
    record = game.parse_round(facts)
    assert (record.bidder, record.bid) == (bidder, bid)
    assert record.auction == tuple(calls)
    # Given with the contract it agrees with, the auction is accepted just the same.
    assert game.parse_round({**facts, "bidder": bidder, "bid": bid}) == record


@pytest.mark.parametrize(
    ("calls", "trump", "expected"),
    [
        (
            [6, None, None],
            "hearts",
            [
                ("auction", "Ben: The lowest bid with 3 players is 7, not 6"),
                ("bid", "With 3 players a bid is from 7 to 15 points, not 6"),
            ],
        ),
        (
            [16],
            "hearts",
            [
                ("auction", "Ben: A bid of 16 is above 15, every point in the hand"),
                ("bid", "With 3 players a bid is from 7 to 15 points, not 16"),
            ],
        ),
        (
            [7, 7, None, None],
            "hearts",
            [("auction", "Cai: A bid must be higher than 7, the bid before it")],
        ),
        (
            [7, 9, 8, None, None],
            "hearts",
            [("auction", "Ana: A bid must be higher than 9, the bid before it")],
        ),
        ([7, None, None, None], "hearts", [("auction", "The auction is over")]),
        ([15, None], "hearts", [("auction", "The auction is over")]),
        ([7], "hearts", [("auction", "The auction is not over: Cai still bids or passes")]),
        (
            [7, None, 8],
            "hearts",
            [("auction", "The auction is not over: Ben still bids or passes")],
        ),
        ([], "none", [("auction", "The auction is not over: Ben still bids or passes")]),
        (
            [None, None],
            "none",
            [("auction", "The auction is not over: Ana still bids or passes")],
        ),
    ],
    ids=[
        "below-lowest",
        "above-15",
        "not-higher",
        "lower-than-the-bid-before",
        "a-call-after-the-end",
        "a-call-after-15",
        "unfinished-after-one-bid",
        "unfinished-after-an-outbid",
        "unfinished-empty",
        "unfinished-the-dealer-has-not-called",
    ],
)
def test_an_auction_that_cannot_have_happened_is_refused(calls, trump, expected):
    game = new_game(3)  # dealer 0: Ben calls first, then Cai, then Ana
    facts = {"auction": calls, "trump": trump, "points": [5, 5, 5], "last_trick": 0}
    assert errors_of(refusal(lambda: game.parse_round(facts))) == expected


def test_a_refused_call_names_the_seat_that_made_it():
    game = new_game(3)
    facts = {"auction": [7, 7, None, None], "trump": "hearts", "points": [5, 5, 5], "last_trick": 0}
    (error,) = refusal(lambda: game.parse_round(facts)).errors
    assert isinstance(error, BidError)
    assert error.values["seat"] == 2
    assert error.values["name"] == "Cai"


def test_the_auction_starts_left_of_the_recorded_dealer():
    game = new_game(3)
    facts = {"dealer": 2, "auction": [7, None, None], "trump": "clubs"}
    record = game.parse_round({**facts, "points": [5, 5, 5], "last_trick": 0})
    assert (record.bidder, record.bid) == (0, 7)


@pytest.mark.parametrize(
    ("calls", "changes"),
    [
        ([7, None, None], {"bidder": 2, "bid": 7}),
        ([7, None, None], {"bidder": 1, "bid": 8}),
        ([7, None, None], {"bidder": None, "bid": None, "trump": "none"}),
        ([None, None, None], {"bidder": 1, "bid": 7}),
        ([7, 8, None, None], {"bidder": 1, "bid": 7}),
    ],
    ids=[
        "another-bidder",
        "another-bid",
        "no-contract-given",
        "a-contract-after-everyone-passed",
        "the-outbid-bid",
    ],
)
def test_an_auction_that_disagrees_with_the_contract_is_refused(calls, changes):
    game = new_game(3)
    facts = contract_hand(3, auction=calls, **changes)
    assert errors_of(refusal(lambda: game.parse_round(facts))) == [
        ("auction", "The auction and the contract disagree: give one or the other")
    ]


# -- scoring -----------------------------------------------------------------------------
# RULES.md, One Card › Scoring


@pytest.mark.parametrize(
    ("points", "bidder", "bid", "scores"),
    [
        ([5, 7, 3], 1, 8, (5, 0, 3)),
        ([5, 7, 3], 1, 7, (5, 7, 3)),
        ([2, 10, 3], 1, 7, (2, 10, 3)),
        ([7, 8], 0, 8, (0, 8)),
        ([8, 7], 0, 8, (8, 7)),
        ([0, 14, 1], 1, 15, (0, 0, 1)),
        ([0, 15, 0], 1, 15, (0, 15, 0)),
        ([0, 6, 4, 5], 3, 6, (0, 6, 4, 0)),
        ([0, 6, 4, 5], 1, 6, (0, 6, 4, 5)),
        ([0, 5, 5, 5], 0, 6, (0, 5, 5, 5)),
        ([5, 5, 5], None, None, (5, 5, 5)),
        ([15, 0], None, None, (15, 0)),
        ([4, 4, 4, 3], None, None, (4, 4, 4, 3)),
    ],
    ids=[
        "bidder-one-short",
        "bidder-makes-it-exactly",
        "bidder-takes-more",
        "2p-bidder-short",
        "2p-bidder-makes-it",
        "15-short-by-one",
        "15-made",
        "4p-bidder-short-others-score",
        "4p-bidder-makes-it",
        "bidder-took-nothing",
        "3p-all-pass",
        "2p-all-pass",
        "4p-all-pass",
    ],
)
def test_hand_scores(points, bidder, bid, scores):
    assert hand_scores(points, bidder, bid) == scores
    players = len(points)
    trump = "none" if bidder is None else "hearts"
    facts = {"bidder": bidder, "bid": bid, "trump": trump, "points": points, "last_trick": 0}
    game = play(new_game(players, target=999), facts)
    assert game.scored_rounds[-1].scores == scores
    assert game.totals == scores


@pytest.mark.parametrize(
    ("points", "bidder", "bid", "made"),
    [
        ([5, 7, 3], 1, 7, True),
        ([5, 7, 3], 1, 8, False),
        ([2, 10, 3], 1, 7, True),
        ([7, 8], 0, 8, False),
        ([15, 0], 0, 15, True),
        ([5, 5, 5], None, None, None),
    ],
    ids=["exactly", "one-short", "more", "2p-short", "15-made", "all-pass"],
)
def test_made_says_whether_the_bidder_took_the_bid(points, bidder, bid, made):
    game = new_game(len(points))
    trump = "none" if bidder is None else "spades"
    facts = {"bidder": bidder, "bid": bid, "trump": trump, "points": points, "last_trick": 0}
    record = game.parse_round(facts)
    assert record.made is made
    assert game.derived(record) == {"made": made}


def test_hands_add_up_to_the_totals():
    game = play(
        new_game(3),
        contract_hand(3),  # Ben bids 7, takes 7: (5, 7, 3)
        contract_hand(3, bidder=2, bid=9, points=[4, 3, 8]),  # Cai short: (4, 3, 0)
        passed_hand([6, 4, 5]),
    )
    assert [scored.scores for scored in game.scored_rounds] == [(5, 7, 3), (4, 3, 0), (6, 4, 5)]
    assert [scored.totals for scored in game.scored_rounds] == [
        (5, 7, 3),
        (9, 10, 3),
        (15, 14, 8),
    ]
    assert game.totals == (15, 14, 8)
    assert game.distance_to_target() == (15, 16, 22)
    assert game.leaders == (0,)


def test_totals_start_at_nothing():
    game = new_game(4)
    assert game.totals == (0, 0, 0, 0)
    assert game.distance_to_target() == (30, 30, 30, 30)
    assert game.winners == ()


# -- the target ------------------------------------------------------------------------
# RULES.md, One Card › Scoring: "Target: 30 points (option: another target)."


@pytest.mark.parametrize(
    "options",
    [None, {}, {"target": None}, OneCardOptions()],
    ids=["none", "empty", "target-null", "the-options-value"],
)
def test_the_target_is_30_unless_chosen(options):
    game = OneCardGame.new(NAMES[:3], options=options)
    assert game.options == OneCardOptions(target=30)
    assert game.options_mapping() == {"target": 30}
    assert OneCardGame.default_options(3) == OneCardOptions(target=30)


@pytest.mark.parametrize("target", [1, 15, 50, 100, 999], ids=["1", "15", "50", "100", "999"])
def test_another_target_may_be_chosen(target):
    game = new_game(2, target=target)
    assert game.options == OneCardOptions(target=target)
    assert game.options_mapping() == {"target": target}
    assert OneCardGame.new(NAMES[:2], options=OneCardOptions(target)).options == game.options


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"target": 0}, "target", "The target is a whole number of points from 1 to 999"),
        ({"target": -30}, "target", "The target is a whole number of points from 1 to 999"),
        ({"target": 1000}, "target", "The target is a whole number of points from 1 to 999"),
        ({"target": "30"}, "target", "The target is a whole number of points from 1 to 999"),
        ({"target": 30.0}, "target", "The target is a whole number of points from 1 to 999"),
        ({"target": True}, "target", "The target is a whole number of points from 1 to 999"),
        ({"target": [30]}, "target", "The target is a whole number of points from 1 to 999"),
        ({"hook": True}, "options", "One Card has no option “hook”"),
        ({"target": 30, "rounds": 5}, "options", "One Card has no option “rounds”"),
        ("target=30", "options", "Options must be an object"),
    ],
    ids=[
        "zero",
        "negative",
        "too-high",
        "a-string",
        "a-float",
        "a-bool",
        "a-list",
        "wizards-hook",
        "wizards-rounds",
        "not-an-object",
    ],
)
def test_an_option_one_card_does_not_allow_is_refused(options, field, message):
    refused = refusal(lambda: OneCardGame.new(NAMES[:3], options=options))
    assert errors_of(refused) == [(field, message)]
    assert isinstance(refused.errors[0], OptionError)


def test_a_new_game_lists_every_problem_at_once():
    refused = refusal(lambda: OneCardGame.new(NAMES[:3], first_dealer=3, options={"target": 0}))
    assert [error.field for error in refused.errors] == ["first_dealer", "target"]
    assert isinstance(refused.errors[0], PlayerError)


# -- the end of the game -----------------------------------------------------------------
# RULES.md, One Card › Scoring: the game ends after the hand in which someone reaches the
# target; the single highest total wins; a tie at the top plays another hand.


def hand_from(
    points: Sequence[int], bidder: int | None = None, bid: int | None = None
) -> dict[str, Any]:
    trump = "none" if bidder is None else "hearts"
    return {"bidder": bidder, "bid": bid, "trump": trump, "points": list(points), "last_trick": 0}


@pytest.mark.parametrize(
    ("players", "target", "hands", "finished", "winners"),
    [
        (2, 30, [hand_from([15, 0])], [False], ()),
        (2, 30, [hand_from([15, 0]), hand_from([15, 0])], [False, True], (0,)),
        (2, 30, [hand_from([14, 1]), hand_from([14, 1]), hand_from([1, 14])], [False] * 3, ()),
        (2, 10, [hand_from([9, 6]), hand_from([7, 8])], [False, True], (0,)),
        (
            2,
            30,
            [
                hand_from([15, 0]),
                hand_from([0, 15]),
                hand_from([14, 1]),
                hand_from([1, 14]),
                hand_from([7, 8]),
            ],
            [False, False, False, False, True],
            (1,),
        ),
        (
            3,
            10,
            [
                hand_from([5, 5, 5]),
                hand_from([5, 5, 5]),
                hand_from([5, 5, 5]),
                hand_from([6, 5, 4]),
            ],
            [False, False, False, True],
            (0,),
        ),
        (3, 10, [hand_from([11, 2, 2])], [True], (0,)),
        (
            4,
            20,
            [hand_from([10, 5, 0, 0]), hand_from([0, 10, 5, 0]), hand_from([10, 0, 5, 0])],
            [False, False, True],
            (0,),
        ),
        (
            2,
            20,
            [hand_from([15, 0]), hand_from([8, 7], 0, 9), hand_from([8, 7], 0, 8)],
            [False, False, True],
            (0,),
        ),
        (2, 20, [hand_from([0, 15]), hand_from([7, 8], 0, 8)], [False, True], (1,)),
        (
            3,
            20,
            [
                hand_from([10, 5, 0]),
                hand_from([5, 10, 0]),
                hand_from([5, 5, 5], 2, 7),
                hand_from([0, 1, 14]),
            ],
            [False, False, False, True],
            (1,),
        ),
        (
            4,
            1,
            [hand_from([4, 4, 4, 3]), hand_from([4, 3, 4, 4]), hand_from([15, 0, 0, 0])],
            [False, False, True],
            (0,),
        ),
    ],
    ids=[
        "not-before-anyone-reaches-it",
        "reaching-it-exactly",
        "one-short-of-it",
        "both-past-it-one-on-top",
        "2p-tied-on-the-target-plays-on",
        "3p-tie-kept-plays-on-again",
        "a-tie-below-the-top-ends-it",
        "4p-the-third-hand-ends-it",
        "a-bidder-short-does-not-reach-it",
        "the-other-reaches-it-when-the-bidder-is-short",
        "a-bidder-short-keeps-a-tie-broken-later",
        "target-1-ties-play-on",
    ],
)
def test_the_game_ends_after_a_hand_with_one_player_on_top_past_the_target(
    players, target, hands, finished, winners
):
    game = new_game(players, target=target)
    after: list[bool] = []
    for facts in hands:
        assert game.winners == ()
        assert game.next_round is not None
        game = play(game, facts)
        after.append(game.finished)
    assert after == finished
    assert game.winners == winners
    assert (game.next_round is None) is game.finished
    if game.finished:
        assert max(game.totals) >= target
        assert game.leaders == winners


def test_a_tie_at_the_top_past_the_target_is_not_the_end():
    game = play(new_game(4, target=20), *[hand_from([5, 5, 5, 0])] * 4)
    assert game.totals == (20, 20, 20, 0)
    assert not game.finished
    assert game.winners == ()
    assert game.leaders == (0, 1, 2)
    assert game.next_round.number == 5
    game = play(game, hand_from([0, 1, 0, 14]))
    assert game.finished
    assert game.winners == (1,)


@pytest.fixture
def finished_game() -> OneCardGame:
    game = play(new_game(2), hand_from([15, 0]), hand_from([15, 0]))
    assert game.finished
    return game


def test_no_hand_is_recorded_after_the_end(finished_game):
    assert finished_game.next_round is None
    for action in (
        lambda: finished_game.parse_round(hand_from([15, 0])),
        lambda: finished_game.apply_round(finished_game.rounds[-1]),
    ):
        with pytest.raises(GameOverError) as refused:
            action()
        assert (refused.value.field, str(refused.value)) == (
            "number",
            "The game is over: One Card ended after hand 2",
        )
    assert not finished_game.is_legal_round(finished_game.rounds[-1])


def test_undo_after_the_end_opens_the_game_again(finished_game):
    game = finished_game.undo_round()
    assert not game.finished
    assert game.winners == ()
    assert game.next_round.number == 2
    assert play(game, hand_from([8, 7])).totals == (23, 7)


def test_a_correction_of_the_last_hand_can_take_back_the_end(finished_game):
    game = finished_game.replace_round(2, finished_game.parse_round(hand_from([7, 8]), 2))
    assert game.totals == (22, 8)
    assert not game.finished
    assert game.next_round.number == 3


def test_a_hand_not_played_is_not_corrected():
    game = play(new_game(3), passed_hand([5, 5, 5]))
    with pytest.raises(RoundError):
        game.replace_round(2, game.rounds[0])


def test_a_correction_that_would_end_the_game_before_later_hands_is_refused():
    game = play(new_game(2), hand_from([15, 0]), hand_from([14, 1]), hand_from([0, 15]))
    assert game.totals == (29, 16)
    assert not game.finished
    corrected = game.parse_round(hand_from([15, 0]), 2)  # Ana would have 30 after hand 2
    with pytest.raises(RuleError):
        game.replace_round(2, corrected)


# -- properties ----------------------------------------------------------------------------


@st.composite
def legal_games(draw: st.DrawFn) -> tuple[OneCardGame, list[dict[str, Any]]]:
    players = draw(st.integers(2, 4))
    target = draw(st.integers(1, 60))
    first_dealer = draw(st.integers(0, players - 1))
    game = new_game(players, target=target, first_dealer=first_dealer)
    sheet: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 12))):
        cuts = sorted(
            draw(st.lists(st.integers(0, 15), min_size=players - 1, max_size=players - 1))
        )
        points = [b - a for a, b in zip([0, *cuts], [*cuts, 15], strict=True)]
        if draw(st.booleans()):
            bidder = draw(st.integers(0, players - 1))
            bid = draw(st.integers(lowest_bid(players), 15))
            trump = draw(st.sampled_from([suit.word for suit in Suit]))
        else:
            bidder, bid, trump = None, None, "none"
        sheet.append(
            {
                "bidder": bidder,
                "bid": bid,
                "trump": trump,
                "order": draw(st.sampled_from(["uptown", "downtown"])),
                "points": points,
                "last_trick": draw(st.integers(0, players - 1)),
            }
        )
    return game, sheet


def score_by_hand(points: list[int], bidder: int | None, bid: int | None) -> list[int]:
    return [
        0 if seat == bidder and bid is not None and took < bid else took
        for seat, took in enumerate(points)
    ]


@settings(
    max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(legal_games())
def test_totals_are_the_sum_of_the_hand_scores(table):
    game, sheet = table
    target = game.options.target
    expected = [0] * game.player_count
    for facts in sheet:
        if game.finished:
            break
        game = game.apply_round(game.parse_round(facts))
        scores = score_by_hand(facts["points"], facts["bidder"], facts["bid"])
        assert list(game.scored_rounds[-1].scores) == scores
        assert game.scored_rounds[-1].scores == hand_scores(
            facts["points"], facts["bidder"], facts["bid"]
        )
        expected = [total + score for total, score in zip(expected, scores, strict=True)]
        assert list(game.totals) == expected
        top = max(expected)
        assert game.finished is (top >= target and expected.count(top) == 1)
    assert list(game.totals) == expected
    if game.finished:
        assert game.winners == (expected.index(max(expected)),)
        assert game.next_round is None
    else:
        assert game.winners == ()


@settings(max_examples=300, deadline=None, database=None)
@given(st.data())
def test_an_auction_only_goes_up_and_always_ends(data):
    players = data.draw(st.integers(2, 4), label="players")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    lowest = lowest_bid(players)
    auction = Auction(players=players, dealer=dealer, lowest=lowest)
    highest: int | None = None
    passed: set[int] = set()
    calls = 0
    while not auction.is_over:
        assert calls < players * 16, "the auction never ended"
        seat = auction.to_call
        assert seat is not None and seat not in passed
        floor = lowest if highest is None else highest + 1
        tried = data.draw(st.one_of(st.none(), st.integers(-1, 17)), label="tried")
        assert auction.is_legal_call(tried) is (tried is None or floor <= tried <= 15)
        if highest is not None:
            assert not any(auction.is_legal_call(bid) for bid in range(highest + 1))
        assert auction.legal_bids() == list(range(floor, 16))
        call = data.draw(st.sampled_from([None, *auction.legal_bids()]), label="call")
        auction = auction.apply_call(call)
        calls += 1
        if call is None:
            passed.add(seat)
        else:
            highest = call
            assert auction.contract == (seat, call)
    assert auction.to_call is None
    assert auction.legal_bids() == []
    assert not auction.is_legal_call(None)
    if highest is None:
        assert auction.contract is None
        assert len(passed) == players
    else:
        assert auction.contract is not None and auction.contract[1] == highest
        assert highest == 15 or len(passed) == players - 1
