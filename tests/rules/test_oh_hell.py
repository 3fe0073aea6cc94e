"""Oh Hell as the scoresheet keeps it (RULES.md, Oh Hell)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from scorekeeper.games import GAMES
from scorekeeper.games.oh_hell.rules import (
    SCORING_PRESETS,
    OhHellGame,
    OhHellOptions,
    OhHellRound,
    Scoring,
    default_top,
    largest_hand,
    named_schedule,
    options_from_mapping,
    options_mapping,
)
from scorekeeper.games.wizard.rules import WizardGame
from scorekeeper.rules import RuleError
from scorekeeper.rules.errors import (
    BidError,
    CardError,
    GameOverError,
    OptionError,
    PlayerCountError,
    RoundError,
    RoundRefused,
    TrickError,
    TrumpError,
)
from scorekeeper.rules.game import SeatOutcome

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus"]


def new_game(players: int = 4, first_dealer: int = 0, **options: Any) -> OhHellGame:
    return OhHellGame.new(NAMES[:players], first_dealer, options)


def play(game: OhHellGame, *rounds: Mapping[str, Any]) -> OhHellGame:
    for facts in rounds:
        game = game.apply_round(game.parse_round(facts))
    return game


def quiet_round(game: OhHellGame, **facts: Any) -> dict[str, Any]:
    """A legal next round: nobody bids, the first bidder takes every trick, 2♣ turned.

    Bids of 0 never add up to the cards, so the round is legal under the hook too."""
    info = game.next_round
    assert info is not None
    tricks = [0] * game.player_count
    tricks[info.first_bidder] = info.cards
    turned = "2c" if game.turns_trump(info.number) else None
    return {"turned": turned, "bids": [0] * game.player_count, "tricks": tricks, **facts}


def refusal(action: Callable[[], object]) -> RoundRefused:
    with pytest.raises(RoundRefused) as refused:
        action()
    return refused.value


def messages(refused: RoundRefused) -> list[str]:
    return [str(error) for error in refused.errors]


# -- the game kind ----------------------------------------------------------------------


def test_oh_hell_is_a_game_of_3_to_7_players_called_rounds():
    assert (OhHellGame.key, OhHellGame.title, OhHellGame.round_word) == (
        "oh_hell",
        "Oh Hell",
        "round",
    )
    assert (OhHellGame.min_players, OhHellGame.max_players) == (3, 7)
    assert OhHellGame.seat_lists == WizardGame.seat_lists == ("bids", "tricks")


def test_oh_hell_is_registered_by_its_key():
    assert GAMES["oh_hell"] is OhHellGame


@pytest.mark.parametrize("count", [0, 1, 2, 8, 9], ids=lambda n: f"{n}-players")
def test_a_player_count_outside_3_to_7_is_refused(count):
    refused = refusal(lambda: OhHellGame.new([f"P{i}" for i in range(count)]))
    assert isinstance(refused.errors[0], PlayerCountError)
    assert str(refused) == f"Oh Hell is played by 3 to 7 players, not {count}"


# -- the schedule -----------------------------------------------------------------------
# RULES.md, Oh Hell › Rounds and dealing


def river(top: int) -> list[int]:
    return [*range(top, 0, -1), *range(2, top + 1)]


@pytest.mark.parametrize(
    ("players", "top", "most"),
    [(3, 10, 17), (4, 10, 13), (5, 10, 10), (6, 8, 8), (7, 7, 7)],
    ids=[f"{n}-players" for n in range(3, 8)],
)
def test_the_default_schedule_goes_down_the_river_and_up_from_the_top(players, top, most):
    assert default_top(players) == top
    assert largest_hand(players) == most
    game = new_game(players)
    assert list(game.options.schedule) == river(top)
    assert game.planned_rounds == 2 * top - 1
    assert [game.deal_size(n) for n in range(1, game.planned_rounds + 1)] == river(top)
    # By default a card is always left to turn for trump.
    assert all(game.turns_trump(n) for n in range(1, game.planned_rounds + 1))
    assert game.options == OhHellGame.default_options(players)


@pytest.mark.parametrize(
    ("players", "options", "schedule"),
    [
        (4, {"schedule": "down-up", "top": 3}, [3, 2, 1, 2, 3]),
        (4, {"schedule": "up-down", "top": 3}, [1, 2, 3, 2, 1]),
        (4, {"schedule": "down", "top": 3}, [3, 2, 1]),
        (4, {"schedule": "up", "top": 3}, [1, 2, 3]),
        (5, {"schedule": "up-down"}, [*range(1, 11), *range(9, 0, -1)]),
        (6, {"schedule": "down"}, [8, 7, 6, 5, 4, 3, 2, 1]),
        (7, {"schedule": "up"}, [1, 2, 3, 4, 5, 6, 7]),
        (3, {"top": 17}, river(17)),
        (4, {"schedule": "down", "top": 13}, list(range(13, 0, -1))),
        (3, {"schedule": "up", "top": 1}, [1]),
        (3, {"schedule": [5, 5, 17]}, [5, 5, 17]),
        (7, {"schedule": (7, 1, 7)}, [7, 1, 7]),
        (4, {"schedule": [13]}, [13]),
    ],
    ids=[
        "down-up",
        "up-down",
        "down",
        "up",
        "5p-up-down-default-top",
        "6p-down-default-top",
        "7p-up-default-top",
        "3p-top-17",
        "4p-top-13-whole-pack",
        "top-1",
        "list",
        "tuple",
        "list-whole-pack",
    ],
)
def test_each_schedule_gives_its_hand_sizes(players, options, schedule):
    game = new_game(players, **options)
    assert list(game.options.schedule) == schedule
    assert game.planned_rounds == len(schedule)
    assert game.options_mapping()["schedule"] == schedule


@pytest.mark.parametrize("top", [1, 2, 5], ids=lambda t: f"top-{t}")
def test_down_up_and_up_down_play_the_turning_round_once(top):
    assert named_schedule("down-up", top).count(1) == 1
    assert named_schedule("up-down", top).count(top) == 1


@pytest.mark.parametrize(
    ("players", "options", "field", "message"),
    [
        (4, {"schedule": []}, "schedule", "A schedule needs at least one round"),
        (
            4,
            {"schedule": [3, 0, 3]},
            "schedule",
            "With 4 players each hand size in the schedule is a whole number from 1 to 13",
        ),
        (
            4,
            {"schedule": [14]},
            "schedule",
            "With 4 players each hand size in the schedule is a whole number from 1 to 13",
        ),
        (
            3,
            {"schedule": [18]},
            "schedule",
            "With 3 players each hand size in the schedule is a whole number from 1 to 17",
        ),
        (
            7,
            {"schedule": [8]},
            "schedule",
            "With 7 players each hand size in the schedule is a whole number from 1 to 7",
        ),
        (
            5,
            {"schedule": [2, "3"]},
            "schedule",
            "With 5 players each hand size in the schedule is a whole number from 1 to 10",
        ),
        (
            5,
            {"schedule": [2, True]},
            "schedule",
            "With 5 players each hand size in the schedule is a whole number from 1 to 10",
        ),
        (
            5,
            {"schedule": [2.5]},
            "schedule",
            "With 5 players each hand size in the schedule is a whole number from 1 to 10",
        ),
        (4, {"schedule": [1] * 101}, "schedule", "A schedule has at most 100 rounds"),
        (
            4,
            {"schedule": "sideways"},
            "schedule",
            "The schedule is down-up, up-down, down, up or a list of hand sizes",
        ),
        (
            4,
            {"schedule": 7},
            "schedule",
            "The schedule is down-up, up-down, down, up or a list of hand sizes",
        ),
        (
            4,
            {"top": 0},
            "top",
            "With 4 players the top hand size is a whole number from 1 to 13",
        ),
        (
            4,
            {"top": 14},
            "top",
            "With 4 players the top hand size is a whole number from 1 to 13",
        ),
        (
            7,
            {"schedule": "up", "top": 8},
            "top",
            "With 7 players the top hand size is a whole number from 1 to 7",
        ),
        (
            6,
            {"top": "8"},
            "top",
            "With 6 players the top hand size is a whole number from 1 to 8",
        ),
        (
            4,
            {"schedule": [3, 2], "top": 3},
            "top",
            "The top option goes with a named schedule: a list gives its hand sizes itself",
        ),
        (4, {"rounds": 5}, "options", "Oh Hell has no option “rounds”"),
        (4, {"hook": "yes"}, "hook", "The hook option is true or false"),
    ],
    ids=[
        "empty",
        "hand-of-0",
        "4p-hand-of-14",
        "3p-hand-of-18",
        "7p-hand-of-8",
        "text-size",
        "true-size",
        "fraction-size",
        "too-long",
        "unknown-name",
        "not-a-list",
        "top-0",
        "4p-top-14",
        "7p-top-8",
        "text-top",
        "top-with-a-list",
        "unknown-option",
        "hook-not-bool",
    ],
)
def test_a_schedule_or_option_the_rules_do_not_allow_is_refused(players, options, field, message):
    refused = refusal(lambda: new_game(players, **options))
    assert [(type(e), e.field, str(e)) for e in refused.errors] == [(OptionError, field, message)]


def test_options_that_are_not_an_object_are_refused():
    refused = refusal(lambda: OhHellGame.new(NAMES[:4], 0, ["down-up"]))  # type: ignore[arg-type]
    assert str(refused) == "Options must be an object"


# -- scoring ----------------------------------------------------------------------------
# RULES.md, Oh Hell › Scoring


@pytest.mark.parametrize(
    ("scoring", "bid", "took", "score"),
    [
        ("ten-plus-bid", 0, 0, 10),
        ("ten-plus-bid", 3, 3, 13),
        ("ten-plus-bid", 3, 2, 0),
        ("ten-plus-bid", 0, 4, 0),
        ("trick-each", 0, 0, 10),
        ("trick-each", 3, 3, 13),
        ("trick-each", 3, 2, 2),
        ("trick-each", 0, 4, 4),
        ("wizard-style", 0, 0, 20),
        ("wizard-style", 4, 4, 60),
        ("wizard-style", 5, 3, -20),
        ("wizard-style", 0, 2, -20),
        (
            {"made_base": 5, "made_per_trick": 2, "per_trick": 1, "missed_per_trick_off": 3},
            2,
            2,
            11,
        ),
        (
            {"made_base": 5, "made_per_trick": 2, "per_trick": 1, "missed_per_trick_off": 3},
            2,
            5,
            -4,
        ),
        ({"made_base": 0, "made_per_trick": 0, "per_trick": 0, "missed_per_trick_off": 0}, 1, 1, 0),
    ],
    ids=[
        "ten-plus-bid-nil-made",
        "ten-plus-bid-made",
        "ten-plus-bid-under",
        "ten-plus-bid-over",
        "trick-each-nil-made",
        "trick-each-made",
        "trick-each-under",
        "trick-each-over",
        "wizard-style-nil-made",
        "wizard-style-made",
        "wizard-style-under",
        "wizard-style-over",
        "custom-made",
        "custom-missed",
        "custom-nothing",
    ],
)
def test_a_round_scores_by_the_four_numbers(scoring, bid, took, score):
    game = new_game(3, schedule=[5], scoring=scoring)
    assert game.score(bid, took) == score
    rest = 5 - took
    record = game.parse_round({"turned": "ah", "bids": [bid, 5, 5], "tricks": [took, rest, 0]}, 1)
    assert game.round_scores(record, game.round_info(1))[0] == score


@pytest.mark.parametrize(
    ("name", "numbers"),
    [
        ("ten-plus-bid", (10, 1, 0, 0)),
        ("trick-each", (10, 0, 1, 0)),
        ("wizard-style", (20, 10, 0, 10)),
    ],
    ids=["ten-plus-bid", "trick-each", "wizard-style"],
)
def test_a_preset_is_its_four_numbers(name, numbers):
    game = new_game(4, scoring=name)
    assert game.options.scoring == SCORING_PRESETS[name] == Scoring(*numbers)
    fields = ("made_base", "made_per_trick", "per_trick", "missed_per_trick_off")
    assert game.options_mapping()["scoring"] == dict(zip(fields, numbers, strict=True))


def test_ten_plus_bid_is_the_default_scoring():
    assert new_game(5).options.scoring == SCORING_PRESETS["ten-plus-bid"]


ALL_FOUR = "made_base, made_per_trick, per_trick and missed_per_trick_off"


@pytest.mark.parametrize(
    ("scoring", "message"),
    [
        (
            "wizard",
            f"Scoring is ten-plus-bid, trick-each, wizard-style or the four numbers {ALL_FOUR}",
        ),
        (10, f"Scoring is ten-plus-bid, trick-each, wizard-style or the four numbers {ALL_FOUR}"),
        (
            [10, 1, 0, 0],
            f"Scoring is ten-plus-bid, trick-each, wizard-style or the four numbers {ALL_FOUR}",
        ),
        (
            {"made_base": 10, "made_per_trick": 1, "per_trick": 0},
            "Scoring needs missed_per_trick_off too: give made_base, made_per_trick,"
            " per_trick and missed_per_trick_off",
        ),
        (
            {
                "made_base": 10,
                "made_per_trick": 1,
                "per_trick": 0,
                "missed_per_trick_off": 0,
                "bonus": 5,
            },
            "Scoring has no number “bonus”: give made_base, made_per_trick, per_trick and"
            " missed_per_trick_off",
        ),
        (
            {"made_base": -1, "made_per_trick": 1, "per_trick": 0, "missed_per_trick_off": 0},
            "Each scoring number is a whole number from 0 to 100",
        ),
        (
            {"made_base": 10, "made_per_trick": 101, "per_trick": 0, "missed_per_trick_off": 0},
            "Each scoring number is a whole number from 0 to 100",
        ),
        (
            {"made_base": 10, "made_per_trick": 1, "per_trick": 0.5, "missed_per_trick_off": 0},
            "Each scoring number is a whole number from 0 to 100",
        ),
        (
            {"made_base": 10, "made_per_trick": 1, "per_trick": 0, "missed_per_trick_off": True},
            "Each scoring number is a whole number from 0 to 100",
        ),
    ],
    ids=[
        "unknown-preset",
        "a-number",
        "a-list",
        "a-number-missing",
        "an-unknown-number",
        "negative",
        "too-large",
        "fraction",
        "true",
    ],
)
def test_scoring_the_rules_cannot_read_is_refused(scoring, message):
    refused = refusal(lambda: new_game(4, scoring=scoring))
    assert [(type(e), e.field, str(e)) for e in refused.errors] == [
        (OptionError, "scoring", message)
    ]


# -- options, round-tripped ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {"schedule": "up-down", "top": 4, "hook": False}),
        (5, {"schedule": [1, 10, 1], "scoring": "wizard-style"}),
        (6, {"schedule": "down", "scoring": "trick-each"}),
        (
            7,
            {
                "schedule": "up",
                "top": 2,
                "scoring": {
                    "made_base": 3,
                    "made_per_trick": 2,
                    "per_trick": 1,
                    "missed_per_trick_off": 4,
                },
            },
        ),
    ],
    ids=["defaults", "named-with-top", "list-and-preset", "named-default-top", "custom-scoring"],
)
def test_options_read_back_from_their_resolved_mapping(players, options):
    game = new_game(players, **options)
    mapping = game.options_mapping()
    assert set(mapping) == {"schedule", "hook", "scoring"}
    assert isinstance(mapping["schedule"], list)
    assert set(mapping["scoring"]) == {
        "made_base",
        "made_per_trick",
        "per_trick",
        "missed_per_trick_off",
    }
    assert options_from_mapping(mapping, players) == game.options
    assert options_mapping(game.options) == mapping
    again = OhHellGame.new(game.players, 0, mapping)
    assert again.options == game.options
    # The options value itself is accepted too.
    assert OhHellGame.new(game.players, 0, game.options).options == game.options


def test_the_hook_is_on_by_default():
    assert new_game(4).options.hook is True
    assert new_game(4, hook=False).options.hook is False
    assert OhHellOptions(schedule=(1,)).hook is True


# -- a round's deal, dealer and first bidder ---------------------------------------------


def test_the_deal_passes_left_and_left_of_the_dealer_bids_first():
    game = new_game(5, first_dealer=3, schedule=[2, 3, 4])
    info = game.next_round
    assert (info.number, info.dealer, info.cards, info.first_bidder, info.planned) == (
        1,
        3,
        2,
        4,
        3,
    )
    assert game.bidding_order(3) == [4, 0, 1, 2, 3]
    game = play(game, quiet_round(game))
    assert (game.next_round.dealer, game.next_round.first_bidder, game.next_round.cards) == (
        4,
        0,
        3,
    )


def test_a_dealer_overridden_carries_on_into_the_next_rounds():
    game = new_game(4, schedule=[1, 1, 1])
    game = play(game, quiet_round(game, dealer=2))
    assert game.rounds[0].dealer == 2
    assert game.next_round.dealer == 3


def test_a_game_ends_after_its_schedule_and_the_highest_totals_share_the_win():
    game = new_game(3, schedule=[1, 1])
    game = play(
        game,
        {"turned": "qs", "bids": [1, 1, 0], "tricks": [0, 1, 0]},  # 0, 11, 10
        {"turned": "qs", "bids": [1, 0, 1], "tricks": [0, 0, 1]},  # 0, 10, 11
    )
    assert game.finished
    assert game.totals == (0, 21, 21)
    assert game.winners == (1, 2)
    with pytest.raises(GameOverError, match="The game is over: Oh Hell ended after round 2"):
        game.parse_round(quiet_round(new_game(3, schedule=[1, 1])))


def test_a_round_outside_the_plan_is_refused():
    game = new_game(3, schedule=[1])
    with pytest.raises(RoundError, match="Round 3 is not in this game"):
        game.deal_size(3)
    with pytest.raises(RoundError, match="Round 2 has not been played in this game"):
        game.parse_round(quiet_round(game), 2)


def test_statistics_see_each_seats_bid_tricks_and_whether_it_was_made():
    game = new_game(3, schedule=[3])
    game = play(game, {"turned": "4d", "bids": [1, 1, 2], "tricks": [1, 0, 2]})
    assert game.seat_outcomes(game.rounds[0]) == (
        SeatOutcome(bid=1, took=1, made=True),
        SeatOutcome(bid=1, took=0, made=False),
        SeatOutcome(bid=2, took=2, made=True),
    )
    assert game.derived(game.rounds[0]) == {}


# -- trump --------------------------------------------------------------------------------
# RULES.md, Oh Hell › Trump


@pytest.mark.parametrize(
    ("facts", "trump", "turned"),
    [
        ({"turned": "7h"}, "hearts", "7h"),
        ({"turned": "10S"}, "spades", "10s"),
        ({"turned": "ac", "trump": "clubs"}, "clubs", "ac"),
        ({"trump": "diamonds"}, "diamonds", None),
        ({"trump": " Hearts "}, "hearts", None),
    ],
    ids=["turned-alone", "turned-upper-case", "both", "trump-alone", "trump-spaced"],
)
def test_the_turned_card_makes_its_suit_trump(facts, trump, turned):
    game = new_game(3, schedule=[1])
    record = game.parse_round({"bids": [0, 0, 0], "tricks": [1, 0, 0], **facts})
    assert isinstance(record, OhHellRound)
    assert (record.to_mapping()["trump"], record.to_mapping()["turned"]) == (trump, turned)


@pytest.mark.parametrize(
    ("facts", "extra"),
    [({}, {}), ({"trump": "none"}, {}), ({"trump": "none", "turned": None}, {})],
    ids=["nothing-said", "none", "none-and-no-card"],
)
def test_a_round_that_deals_every_card_has_no_trump(facts, extra):
    game = new_game(4, schedule=[13, 12])
    assert not game.turns_trump(1)
    assert game.turns_trump(2)
    record = game.parse_round({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], **facts, **extra})
    assert record.trump is None and record.turned is None
    assert record.to_mapping()["trump"] == "none"


# -- what the scoresheet must refuse -----------------------------------------------------
# RULES.md, Oh Hell › What the scoresheet must refuse (the player count and the schedule
# are above, with the options)

REFUSED_ROUNDS = [
    # a bid or trick count that is not a whole number from 0 to the hand size
    ({"bids": [-1, 0, 0]}, BidError, "bids", "Ana's bid must be a whole number from 0 to 3"),
    ({"bids": [4, 0, 0]}, BidError, "bids", "Ana's bid must be a whole number from 0 to 3"),
    ({"bids": [0, "1", 0]}, RuleError, "bids", "Each bid must be a whole number"),
    ({"bids": [0, 1.5, 0]}, RuleError, "bids", "Each bid must be a whole number"),
    ({"bids": [0, True, 0]}, RuleError, "bids", "Each bid must be a whole number"),
    (
        {"bids": [0, 0]},
        RuleError,
        "bids",
        "Give one bid for each of the 3 players, in seat order",
    ),
    (
        {"tricks": [4, -1, 0]},
        TrickError,
        "tricks",
        "Ana cannot take 4 tricks in a round of 3",
    ),
    (
        {"tricks": [3, 1, -1]},
        TrickError,
        "tricks",
        "Cai cannot take -1 tricks in a round of 3",
    ),
    (
        {"tricks": [1, None, 2]},
        RuleError,
        "tricks",
        "Each number of tricks must be a whole number",
    ),
    (
        {"tricks": "3,0,0"},
        RuleError,
        "tricks",
        "Give one number of tricks for each of the 3 players, in seat order",
    ),
    # tricks whose sum is not the hand size
    ({"tricks": [1, 1, 0]}, TrickError, "tricks", "Tricks add up to 2, but 3 cards were dealt"),
    ({"tricks": [3, 1, 0]}, TrickError, "tricks", "Tricks add up to 4, but 3 cards were dealt"),
    # a hooked bid under the hook (Ana deals; Ben and Cai bid 1 and 1)
    (
        {"bids": [1, 1, 1]},
        BidError,
        "bids",
        "Hook: Ana deals and may not bid 1, or the bids would add up to 3, one for every trick",
    ),
    # a turned card that is not a plain card of the pack
    (
        {"turned": "wizard"},
        CardError,
        "turned",
        "There is no Wizard in Oh Hell: the turned card is one of the 52 cards of the pack",
    ),
    (
        {"turned": "jester", "trump": "none"},
        CardError,
        "turned",
        "There is no Jester in Oh Hell: the turned card is one of the 52 cards of the pack",
    ),
    (
        {"turned": "joker", "trump": "spades"},
        CardError,
        "turned",
        "There is no Joker in Oh Hell: the turned card is one of the 52 cards of the pack",
    ),
    (
        {"turned": "1h"},
        CardError,
        "turned",
        "“1h” is not a card: write a rank and a suit letter, like 10h or qs,"
        " or wizard, jester or joker",
    ),
    # a trump that contradicts it
    (
        {"turned": "7h", "trump": "spades"},
        TrumpError,
        "trump",
        "The turned card is the 7♥, so hearts are trump",
    ),
    (
        {"turned": "7h", "trump": "none"},
        TrumpError,
        "trump",
        "The turned card is the 7♥, so hearts are trump",
    ),
    (
        {"turned": None, "trump": "none"},
        TrumpError,
        "trump",
        "A card is turned in round 1, so there is a trump: say its suit",
    ),
    (
        {"turned": None, "trump": None},
        TrumpError,
        "trump",
        "Say which card was turned, or which suit is trump",
    ),
    ({"trump": "no"}, TrumpError, "trump", "Trump must be clubs, diamonds, hearts, spades or none"),
    ({"trump": 3}, TrumpError, "trump", "Trump must be clubs, diamonds, hearts, spades or none"),
]


@pytest.mark.parametrize(
    ("change", "kind", "field", "message"),
    REFUSED_ROUNDS,
    ids=[
        "negative-bid",
        "bid-over-the-hand",
        "text-bid",
        "fraction-bid",
        "true-bid",
        "bids-too-few",
        "tricks-over-the-hand",
        "negative-tricks",
        "missing-tricks",
        "tricks-not-a-list",
        "tricks-under",
        "tricks-over",
        "hooked-bid",
        "wizard-turned",
        "jester-turned",
        "joker-turned",
        "not-a-card",
        "trump-against-the-card",
        "no-trump-against-the-card",
        "no-trump-though-a-card-is-turned",
        "nothing-said-of-trump",
        "trump-word-unknown",
        "trump-not-a-word",
    ],
)
def test_a_round_that_cannot_have_happened_is_refused(change, kind, field, message):
    game = new_game(3, schedule=[3])
    facts = {"turned": "5d", "bids": [0, 1, 1], "tricks": [1, 1, 1], **change}
    refused = refusal(lambda: game.parse_round(facts))
    assert type(refused.errors[0]) is kind
    assert (refused.errors[0].field, str(refused.errors[0])) == (field, message)
    if _readable(game, facts):  # read as a round, it is still not a legal one
        assert not game.is_legal_round(game.record_from_mapping(facts, 1))


def _readable(game: OhHellGame, facts: dict[str, Any]) -> bool:
    try:
        game.record_from_mapping(facts, 1)
    except RuleError:
        return False
    return True


@pytest.mark.parametrize(
    ("change", "fields", "message"),
    [
        ({"turned": "2c"}, ["turned"], "Nothing is turned in round 1: every card is dealt"),
        ({"trump": "hearts"}, ["trump"], "There is no trump in round 1: every card is dealt"),
        (
            {"turned": "2c", "trump": "clubs"},
            ["turned", "trump"],
            "Nothing is turned in round 1: every card is dealt",
        ),
        (
            {"turned": "wizard"},
            ["turned"],
            "There is no Wizard in Oh Hell: the turned card is one of the 52 cards of the pack",
        ),
    ],
    ids=["a-card-turned", "a-trump", "both", "a-wizard"],
)
def test_no_trump_and_no_turned_card_in_a_round_that_deals_every_card(change, fields, message):
    game = new_game(4, schedule=[13])
    facts = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], **change}
    refused = refusal(lambda: game.parse_round(facts))
    assert [error.field for error in refused.errors] == fields
    assert str(refused) == message


def test_every_problem_of_a_round_is_refused_at_once():
    game = new_game(3, schedule=[3])
    refused = refusal(
        lambda: game.parse_round(
            {"turned": "7h", "trump": "clubs", "bids": [1, 1, 1], "tricks": [0, 0, 0]}
        )
    )
    assert [error.field for error in refused.errors] == ["trump", "bids", "tricks"]


def test_a_round_entered_in_part_is_judged_on_what_is_there():
    game = new_game(3, schedule=[2])
    entered = {"turned": "3s", "bids": [1, None, 0], "tricks": [1, 0, 0]}
    assert [str(e) for e in game.entered_errors(entered)] == [
        "Tricks add up to 1, but 2 cards were dealt"
    ]


# -- the hook -----------------------------------------------------------------------------
# RULES.md, Oh Hell › Bidding


@pytest.mark.parametrize(
    ("hook", "earlier", "seat", "forbidden", "legal"),
    [
        (True, [1, 0], 0, 2, [0, 1, 3]),
        (True, [0, 0], 0, 3, [0, 1, 2]),
        (True, [3, 0], 0, 0, [1, 2, 3]),
        (True, [2, 2], 0, None, [0, 1, 2, 3]),
        (True, [], 1, None, [0, 1, 2, 3]),
        (False, [1, 0], 0, None, [0, 1, 2, 3]),
    ],
    ids=[
        "dealer-may-not-make-it-fit",
        "dealer-may-not-take-all",
        "dealer-may-not-bid-nil",
        "earlier-bids-already-over",
        "only-the-dealer",
        "hook-off",
    ],
)
def test_the_hook_forbids_the_dealer_the_bid_that_makes_the_bids_fit(
    hook, earlier, seat, forbidden, legal
):
    game = new_game(3, schedule=[3], hook=hook)
    info = game.next_round
    assert info.dealer == 0
    assert game.forbidden_bid(info, earlier, seat) == forbidden
    assert game.legal_bids(info, earlier, seat) == legal
    for bid in range(4):
        assert game.is_legal_bid(info, earlier, seat, bid) == (bid in legal)


def test_without_the_hook_the_bids_may_add_up_to_the_hand():
    game = new_game(3, schedule=[3], hook=False)
    game = play(game, {"turned": "5d", "bids": [1, 1, 1], "tricks": [1, 1, 1]})
    assert game.totals == (11, 11, 11)


def test_a_bid_for_a_seat_not_at_the_table_is_refused():
    game = new_game(3, schedule=[3])
    with pytest.raises(BidError, match="There is no seat 4 at this table"):
        game.check_bid(game.next_round, [], 3, 0)
