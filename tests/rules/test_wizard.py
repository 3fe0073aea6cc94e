"""Wizard as the scoresheet keeps and referees it (RULES.md, Wizard)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.wizard.rules import (
    WizardGame,
    WizardOptions,
    WizardRound,
    forbidden_bid,
    full_deal,
    full_game_rounds,
    round_score,
    trump_for_turned,
)
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.errors import (
    BidError,
    CardError,
    GameOverError,
    OptionError,
    PlayerCountError,
    PlayerError,
    RoundError,
    RoundRefused,
    RuleError,
    TrickError,
    TrumpError,
)
from scorekeeper.rules.game import MAX_NAME_LENGTH, RoundInfo

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]


def new_game(
    players: int = 3, *, hook: bool = False, rounds: int | None = None, first_dealer: int = 0
) -> WizardGame:
    options: dict[str, Any] = {"hook": hook}
    if rounds is not None:
        options["rounds"] = rounds
    return WizardGame.new(NAMES[:players], first_dealer=first_dealer, options=options)


def quiet_round(game: WizardGame, **facts: Any) -> dict[str, Any]:
    """A legal next round: nobody bids, the first bidder takes every trick, no trump.

    Bids of 0 never add up to the cards, so the round is legal under the hook too.
    """
    info = game.next_round
    assert info is not None
    dealer = facts.get("dealer", info.dealer)
    tricks = [0] * game.player_count
    tricks[game.first_bidder(dealer)] = info.cards
    return {"trump": "none", "bids": [0] * game.player_count, "tricks": tricks, **facts}


def play(game: WizardGame, *rounds: Mapping[str, Any]) -> WizardGame:
    for facts in rounds:
        game = game.apply_round(game.parse_round(facts))
    return game


def play_quietly(game: WizardGame, count: int) -> WizardGame:
    for _ in range(count):
        game = play(game, quiet_round(game))
    return game


def refusal(action: Callable[[], object]) -> RoundRefused:
    with pytest.raises(RoundRefused) as refused:
        action()
    return refused.value


def fields(refused: RoundRefused) -> list[str | None]:
    return [error.field for error in refused.errors]


def messages(refused: RoundRefused) -> list[str]:
    return [str(error) for error in refused.errors]


# -- rounds in a game ------------------------------------------------------------
# RULES.md, Wizard › Rounds and dealing


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(3, 20), (4, 15), (5, 12), (6, 10)],
    ids=["3-players", "4-players", "5-players", "6-players"],
)
def test_a_full_game_deals_the_whole_deck_in_its_last_round(players, rounds):
    assert full_game_rounds(players) == rounds
    game = new_game(players)
    assert game.planned_rounds == rounds
    assert game.options == WizardOptions(hook=False, schedule=full_deal(players))
    assert not game.is_short_game
    assert rounds * players == 60


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(3, 1), (3, 7), (3, 19), (4, 1), (4, 14), (5, 6), (6, 1), (6, 9)],
    ids=[
        "3-players-1",
        "3-players-7",
        "3-players-19",
        "4-players-1",
        "4-players-14",
        "5-players-6",
        "6-players-1",
        "6-players-9",
    ],
)
def test_a_short_game_plays_the_first_rounds_only(players, rounds):
    game = new_game(players, rounds=rounds)
    assert game.planned_rounds == rounds
    assert game.is_short_game
    assert game.options_mapping() == {
        "hook": False,
        "rounds": rounds,
        "schedule": list(range(1, rounds + 1)),
    }


@pytest.mark.parametrize("number", [1, 2, 5, 20], ids=["round-1", "round-2", "round-5", "round-20"])
def test_round_r_deals_r_cards(number):
    game = play_quietly(new_game(3), number - 1)
    assert game.deal_size(number) == number
    assert game.next_round.cards == number
    assert game.next_round.number == number


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"rounds": 0}, "A game of 3 players has 1 to 20 rounds"),
        (3, {"rounds": 21}, "A game of 3 players has 1 to 20 rounds"),
        (3, {"rounds": -1}, "A game of 3 players has 1 to 20 rounds"),
        (4, {"rounds": 16}, "A game of 4 players has 1 to 15 rounds"),
        (5, {"rounds": 13}, "A game of 5 players has 1 to 12 rounds"),
        (6, {"rounds": 11}, "A game of 6 players has 1 to 10 rounds"),
        (3, {"rounds": "7"}, "A game of 3 players has 1 to 20 rounds"),
        (3, {"rounds": 7.0}, "A game of 3 players has 1 to 20 rounds"),
        (3, {"rounds": True}, "A game of 3 players has 1 to 20 rounds"),
        (3, {"rounds": [7]}, "A game of 3 players has 1 to 20 rounds"),
    ],
    ids=[
        "zero",
        "one-too-many-3",
        "negative",
        "one-too-many-4",
        "one-too-many-5",
        "one-too-many-6",
        "string",
        "float",
        "bool",
        "list",
    ],
)
def test_a_short_game_outside_the_plan_is_refused(players, options, message):
    refused = refusal(lambda: WizardGame.new(NAMES[:players], options=options))
    assert fields(refused) == ["rounds"]
    assert messages(refused) == [message]
    assert isinstance(refused.errors[0], OptionError)


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"hook": "yes"}, "hook", "The hook option is true or false"),
        ({"hook": 1}, "hook", "The hook option is true or false"),
        ({"hook": None}, "hook", "The hook option is true or false"),
        ({"screw": True}, "options", "Wizard has no option “screw”"),
    ],
    ids=["hook-string", "hook-number", "hook-null", "unknown-option"],
)
def test_other_options_that_wizard_does_not_have_are_refused(options, field, message):
    refused = refusal(lambda: WizardGame.new(NAMES[:3], options=options))
    assert fields(refused) == [field]
    assert messages(refused) == [message]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (None, WizardOptions(hook=False, schedule=full_deal(4))),
        ({}, WizardOptions(hook=False, schedule=full_deal(4))),
        ({"hook": True}, WizardOptions(hook=True, schedule=full_deal(4))),
        ({"rounds": None}, WizardOptions(hook=False, schedule=full_deal(4))),
        ({"hook": True, "rounds": 4}, WizardOptions(hook=True, schedule=(1, 2, 3, 4))),
    ],
    ids=["none", "empty", "hook", "rounds-null", "hook-short"],
)
def test_options_not_given_mean_a_full_game_without_the_hook(options, expected):
    assert WizardGame.new(NAMES[:4], options=options).options == expected


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (6, WizardOptions(hook=True)),
        (3, WizardOptions(schedule=tuple(range(1, 100)))),
        (3, WizardOptions(schedule=())),
    ],
    ids=["default-20-rounds-for-6-players", "99-rounds", "no-rounds"],
)
def test_an_options_value_outside_the_plan_is_refused(players, options):
    refused = refusal(lambda: WizardGame.new(NAMES[:players], options=options))
    assert fields(refused) == ["schedule"]


# -- the table -------------------------------------------------------------------
# RULES.md, Wizard › Deck and players


@pytest.mark.parametrize("count", [3, 4, 5, 6], ids=["3", "4", "5", "6"])
def test_three_to_six_players_sit_down(count):
    game = WizardGame.new(NAMES[:count])
    assert game.players == tuple(NAMES[:count])
    assert game.player_count == count


@pytest.mark.parametrize(
    ("players", "message"),
    [
        pytest.param([], "Wizard is played by 3 to 6 players, not 0", id="nobody"),
        pytest.param(["Ana"], "Wizard is played by 3 to 6 players, not 1", id="one-player"),
        pytest.param(
            ["Ana", "Ben"],
            "Wizard is played by 3 to 6 players, not 2",
            id="two-players",
        ),
        pytest.param(
            [*NAMES, "Gus"],
            "Wizard is played by 3 to 6 players, not 7",
            id="seven-players",
        ),
    ],
)
def test_too_few_or_too_many_players_are_refused(players, message):
    refused = refusal(lambda: WizardGame.new(players))
    assert fields(refused) == ["players"]
    assert messages(refused) == [message]
    assert isinstance(refused.errors[0], PlayerCountError)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ana", "", "Cai"], "Every player needs a name"),
        (["Ana", "   ", "Cai"], "Every player needs a name"),
        (["Ana", None, "Cai"], "Every player needs a name"),
        (["Ana", 7, "Cai"], "Every player needs a name"),
        (["Ana", "Ben", "ana"], "ana is at the table twice: every player needs a different name"),
        (["Ana", "Ben", " ANA "], "ANA is at the table twice: every player needs a different name"),
        (
            ["Siôn", "Ben", "SIÔN"],
            "SIÔN is at the table twice: every player needs a different name",
        ),
        (
            ["Νίκος", "ΝΊΚΟΣ", "Cai"],
            "ΝΊΚΟΣ is at the table twice: every player needs a different name",
        ),
        (
            ["Straße", "Ben", "STRASSE"],
            "STRASSE is at the table twice: every player needs a different name",
        ),
        (
            ["Ana Lee", "Ben", "Ana  Lee"],
            "Ana Lee is at the table twice: every player needs a different name",
        ),
        (
            ["Ana", "Ben", "x" * (MAX_NAME_LENGTH + 1)],
            "“xxxxxxxxxxxx…” is too long: a name has at most 40 characters",
        ),
        ("AnaBenCai", "Players must be a list of names"),
    ],
    ids=[
        "empty-name",
        "blank-name",
        "null-name",
        "number-name",
        "repeat-other-case",
        "repeat-with-spaces",
        "repeat-welsh",
        "repeat-greek",
        "repeat-casefold",
        "repeat-inner-spaces",
        "too-long",
        "one-string",
    ],
)
def test_names_that_cannot_be_told_apart_are_refused(players, message):
    refused = refusal(lambda: WizardGame.new(players))
    assert fields(refused) == ["players"]
    assert messages(refused) == [message]
    assert isinstance(refused.errors[0], PlayerError)


@pytest.mark.parametrize(
    ("players", "seated"),
    [
        (["  Ana ", "Ben\tLee", "Cai"], ("Ana", "Ben Lee", "Cai")),
        (["Siôn", "Ŵyn", "Νίκος", "सीता"], ("Siôn", "Ŵyn", "Νίκος", "सीता")),
        (["Ana", "Ben", "x" * MAX_NAME_LENGTH], ("Ana", "Ben", "x" * MAX_NAME_LENGTH)),
        (("Ana", "Ben", "Cai"), ("Ana", "Ben", "Cai")),
    ],
    ids=["spaces-tidied", "non-ascii", "longest-name", "tuple"],
)
def test_names_are_kept_as_written_with_spaces_tidied(players, seated):
    assert WizardGame.new(players).players == seated


@pytest.mark.parametrize(
    "players", [None, 5, "", {}], ids=["null", "number", "empty-string", "empty-object"]
)
def test_players_that_are_not_a_list_are_refused(players):
    refused = refusal(lambda: WizardGame.new(players))
    assert fields(refused) == ["players"]


@pytest.mark.parametrize(
    ("players", "first_dealer"),
    [(3, 0), (3, 2), (4, 3), (6, 5)],
    ids=["3-seat-0", "3-last-seat", "4-last-seat", "6-last-seat"],
)
def test_the_first_dealer_is_a_seat_at_the_table(players, first_dealer):
    game = new_game(players, first_dealer=first_dealer)
    assert game.first_dealer == first_dealer
    assert game.next_round.dealer == first_dealer


@pytest.mark.parametrize(
    ("first_dealer", "message"),
    [
        (3, "There is no seat 4 at this table to deal first"),
        (-1, "There is no seat 0 at this table to deal first"),
        (True, "The first dealer must be a seat number"),
        ("0", "The first dealer must be a seat number"),
        (1.0, "The first dealer must be a seat number"),
        (None, "The first dealer must be a seat number"),
    ],
    ids=["past-the-last-seat", "negative", "bool", "string", "float", "null"],
)
def test_a_first_dealer_not_at_the_table_is_refused(first_dealer, message):
    refused = refusal(lambda: WizardGame.new(NAMES[:3], first_dealer=first_dealer))
    assert fields(refused) == ["first_dealer"]
    assert messages(refused) == [message]


def test_a_new_game_lists_every_problem_with_the_table_at_once():
    refused = refusal(
        lambda: WizardGame.new(["Ana", "Ben", ""], first_dealer=9, options={"rounds": 30})
    )
    assert fields(refused) == ["players", "first_dealer", "rounds"]


# -- the deal passing left ---------------------------------------------------------
# RULES.md, Wizard › Rounds and dealing


@pytest.mark.parametrize(
    ("players", "first_dealer", "played", "dealer"),
    [
        (3, 0, 0, 0),
        (3, 0, 1, 1),
        (3, 0, 2, 2),
        (3, 0, 3, 0),
        (3, 2, 1, 0),
        (4, 3, 1, 0),
        (4, 1, 6, 3),
        (6, 5, 1, 0),
        (6, 0, 9, 3),
    ],
    ids=[
        "round-1",
        "round-2",
        "round-3",
        "round-4-back-to-seat-0",
        "from-last-seat",
        "4-players-wraps",
        "4-players-round-7",
        "6-players-wraps",
        "6-players-last-round",
    ],
)
def test_the_deal_passes_left_every_round(players, first_dealer, played, dealer):
    game = play_quietly(new_game(players, first_dealer=first_dealer), played)
    assert game.next_round.dealer == dealer
    assert game.default_dealer(played + 1) == dealer
    assert game.round_info(played + 1).dealer == dealer


def test_a_dealer_override_carries_into_later_rounds():
    game = new_game(4)
    game = play(game, quiet_round(game))  # seat 0 deals round 1
    assert game.next_round.dealer == 1
    game = play(game, quiet_round(game, dealer=3))  # the table says seat 3 dealt round 2
    assert game.rounds[1].dealer == 3
    assert game.round_info(2).dealer == 3
    assert game.next_round.dealer == 0
    assert game.default_dealer(3) == 0
    game = play(game, quiet_round(game))  # no dealer given: the deal passes on from seat 3
    assert game.rounds[2].dealer == 0
    assert game.next_round.dealer == 1


def test_an_override_moves_the_first_bidder_and_the_hook_with_it():
    game = play(new_game(3, hook=True), quiet_round(new_game(3, hook=True)))
    info = game.round_info(2, dealer=0)
    assert (info.dealer, info.first_bidder) == (0, 1)
    assert game.forbidden_bid(info, [1, 0], seat=0) == 1
    assert game.forbidden_bid(info, [1, 0], seat=2) is None  # seat 2 would deal by default


def test_a_round_without_a_dealer_keeps_the_dealer_recorded_for_it():
    game = play(new_game(3), quiet_round(new_game(3), dealer=2))
    record = game.record_from_mapping({"trump": "none", "bids": [0, 0, 0], "tricks": [1, 0, 0]}, 1)
    assert record.dealer == 2


def test_round_info_of_a_round_not_yet_reached_is_refused():
    game = new_game(3)
    with pytest.raises(RoundError) as refused:
        game.round_info(2)
    assert refused.value.field == "number"
    assert str(refused.value) == "Round 2 is not in this game"


# -- bidding order -----------------------------------------------------------------
# RULES.md, Wizard › Bidding: left of the dealer first, the dealer last


@pytest.mark.parametrize(
    ("players", "dealer", "first_bidder"),
    [(3, 0, 1), (3, 1, 2), (3, 2, 0), (4, 1, 2), (5, 4, 0), (6, 5, 0)],
    ids=["3-seat-0", "3-seat-1", "3-last-seat", "4-seat-1", "5-last-seat", "6-last-seat"],
)
def test_the_player_left_of_the_dealer_bids_first(players, dealer, first_bidder):
    game = new_game(players, first_dealer=dealer)
    assert game.first_bidder(dealer) == first_bidder
    assert game.next_round.first_bidder == first_bidder
    assert game.left_of(dealer) == first_bidder


@pytest.mark.parametrize(
    ("players", "dealer", "order"),
    [
        (3, 0, [1, 2, 0]),
        (3, 2, [0, 1, 2]),
        (4, 2, [3, 0, 1, 2]),
        (5, 0, [1, 2, 3, 4, 0]),
        (6, 3, [4, 5, 0, 1, 2, 3]),
    ],
    ids=["3-seat-0", "3-last-seat", "4-seat-2", "5-seat-0", "6-seat-3"],
)
def test_bidding_goes_clockwise_and_ends_with_the_dealer(players, dealer, order):
    assert new_game(players).bidding_order(dealer) == order


# -- trump and the turned card -------------------------------------------------------
# RULES.md, Wizard › Trump


def round_one(**facts: Any) -> dict[str, Any]:
    return {"bids": [0, 1, 0], "tricks": [0, 1, 0], **facts}


def without_none(**facts: Any) -> dict[str, Any]:
    return {key: value for key, value in facts.items() if value is not None}


@pytest.mark.parametrize(
    ("turned", "trump", "expected"),
    [
        ("7h", "hearts", Suit.HEARTS),
        ("7h", None, Suit.HEARTS),
        ("QS", "spades", Suit.SPADES),
        ("10d", None, Suit.DIAMONDS),
        ("jester", "none", None),
        ("jester", None, None),
        ("wizard", "clubs", Suit.CLUBS),
        ("wizard", "hearts", Suit.HEARTS),
        (None, "none", None),
        (None, "spades", Suit.SPADES),
    ],
    ids=[
        "suited-card-its-suit",
        "suited-card-decides",
        "any-case-card",
        "ten-decides",
        "jester-no-trump",
        "jester-decides",
        "wizard-dealer-chose-clubs",
        "wizard-dealer-chose-hearts",
        "nothing-recorded-no-trump",
        "nothing-recorded-a-suit",
    ],
)
def test_the_trump_agrees_with_the_turned_card(turned, trump, expected):
    game = new_game(3)
    record = game.parse_round(round_one(**without_none(turned=turned, trump=trump)))
    assert record.trump is expected
    assert record.turned == (Card.parse(turned) if turned else None)


@pytest.mark.parametrize(
    ("turned", "trump", "field", "message"),
    [
        ("7h", "spades", "trump", "The turned card is the 7♥, so hearts are trump"),
        ("7h", "none", "trump", "The turned card is the 7♥, so hearts are trump"),
        ("10c", "diamonds", "trump", "The turned card is the 10♣, so clubs are trump"),
        ("jester", "clubs", "trump", "A Jester was turned, so there is no trump this round"),
        (
            "wizard",
            "none",
            "trump",
            "A Wizard was turned: the dealer names a trump suit, and “no trump” is not a choice",
        ),
        ("wizard", None, "trump", "A Wizard was turned: say which suit the dealer chose as trump"),
        (
            "joker",
            "hearts",
            "turned",
            "There is no Joker in Wizard: the turned card is a suited card, a Wizard or a Jester",
        ),
        (
            "joker",
            None,
            "turned",
            "There is no Joker in Wizard: the turned card is a suited card, a Wizard or a Jester",
        ),
        (None, None, "trump", "Say which suit is trump: clubs, diamonds, hearts, spades or none"),
        (
            "11h",
            "hearts",
            "turned",
            "“11h” is not a card: write a rank and a suit letter, like 10h or qs,"
            " or wizard, jester or joker",
        ),
        (None, "trumps", "trump", "Trump must be clubs, diamonds, hearts, spades or none"),
        (None, "h", "trump", "Trump must be clubs, diamonds, hearts, spades or none"),
        (None, 1, "trump", "Trump must be clubs, diamonds, hearts, spades or none"),
    ],
    ids=[
        "suited-card-other-suit",
        "suited-card-no-trump",
        "ten-other-suit",
        "jester-with-a-suit",
        "wizard-no-trump",
        "wizard-choice-not-said",
        "joker-turned",
        "joker-turned-no-trump",
        "nothing-said",
        "card-not-read",
        "unknown-trump-word",
        "trump-letter",
        "trump-number",
    ],
)
def test_a_trump_that_contradicts_the_turned_card_is_refused(turned, trump, field, message):
    game = new_game(3)
    refused = refusal(
        lambda: game.parse_round(round_one(**without_none(turned=turned, trump=trump)))
    )
    assert fields(refused) == [field]
    assert messages(refused) == [message]
    assert isinstance(refused.errors[0], TrumpError | CardError)
    assert not game.rounds


@pytest.mark.parametrize(
    ("card", "trump"),
    [(None, None), ("7h", Suit.HEARTS), ("ac", Suit.CLUBS), ("jester", None), ("wizard", None)],
    ids=["nothing", "seven-of-hearts", "ace-of-clubs", "jester", "wizard-dealer-chooses"],
)
def test_what_a_turned_card_decides_by_itself(card, trump):
    assert trump_for_turned(Card.parse(card) if card else None) is trump


@pytest.mark.parametrize(
    ("players", "rounds", "number", "turns"),
    [
        (3, 20, 1, True),
        (3, 20, 19, True),
        (3, 20, 20, False),
        (4, 15, 15, False),
        (5, 12, 12, False),
        (6, 10, 9, True),
        (6, 10, 10, False),
        (3, 5, 5, True),
        (6, 9, 9, True),
    ],
    ids=[
        "3-first-round",
        "3-next-to-last",
        "3-last-round",
        "4-last-round",
        "5-last-round",
        "6-next-to-last",
        "6-last-round",
        "short-3-last-round",
        "short-6-last-round",
    ],
)
def test_a_card_is_turned_unless_every_card_is_dealt(players, rounds, number, turns):
    assert new_game(players, rounds=rounds).turns_trump(number) is turns


@pytest.fixture(params=[3, 6], ids=["3-players-round-20", "6-players-round-10"])
def last_round_of_a_full_game(request) -> WizardGame:
    game = new_game(request.param)
    return play_quietly(game, game.planned_rounds - 1)


def last_round_facts(game: WizardGame, **facts: Any) -> dict[str, Any]:
    return {key: value for key, value in quiet_round(game, **facts).items() if value is not None}


@pytest.mark.parametrize(
    "facts",
    [{"trump": "none"}, {"trump": None}, {"trump": "none", "turned": None}],
    ids=["no-trump", "trump-not-said", "turned-null"],
)
def test_the_last_round_of_a_full_game_has_no_trump(last_round_of_a_full_game, facts):
    game = last_round_of_a_full_game
    record = game.parse_round(last_round_facts(game, **facts))
    assert (record.trump, record.turned) == (None, None)
    assert play(game, last_round_facts(game, **facts)).finished


@pytest.mark.parametrize(
    ("facts", "field", "message"),
    [
        (
            {"trump": "hearts"},
            "trump",
            "There is no trump in round {n}, the last round: every card is dealt",
        ),
        (
            {"turned": "7h", "trump": "none"},
            "turned",
            "Nothing is turned in round {n}: every card is dealt",
        ),
        (
            {"turned": "jester", "trump": "none"},
            "turned",
            "Nothing is turned in round {n}: every card is dealt",
        ),
    ],
    ids=["a-trump", "a-turned-card", "a-turned-jester"],
)
def test_the_last_round_of_a_full_game_refuses_a_trump_or_a_turned_card(
    last_round_of_a_full_game, facts, field, message
):
    game = last_round_of_a_full_game
    refused = refusal(lambda: game.parse_round(last_round_facts(game, **facts)))
    assert fields(refused) == [field]
    assert messages(refused) == [message.format(n=game.planned_rounds)]


def test_the_last_round_of_a_full_game_refuses_both_a_turned_card_and_a_trump():
    game = play_quietly(new_game(6), 9)
    refused = refusal(lambda: game.parse_round(quiet_round(game, turned="7h", trump="hearts")))
    assert fields(refused) == ["turned", "trump"]


def test_the_last_round_of_a_short_game_still_turns_a_card():
    game = play_quietly(new_game(3, rounds=5), 4)
    assert game.next_round.number == game.planned_rounds == 5
    refused = refusal(lambda: game.parse_round(last_round_facts(game, trump=None)))
    assert messages(refused) == ["Say which suit is trump: clubs, diamonds, hearts, spades or none"]
    record = game.parse_round(quiet_round(game, turned="7h", trump="hearts"))
    assert (record.trump, record.turned) == (Suit.HEARTS, Card.parse("7h"))
    assert play(game, quiet_round(game, turned="7h", trump="hearts")).finished


# -- bids ------------------------------------------------------------------------------
# RULES.md, Wizard › Bidding


def info_for(game: WizardGame, cards: int, dealer: int) -> RoundInfo:
    return RoundInfo(
        number=cards,
        dealer=dealer,
        cards=cards,
        first_bidder=game.first_bidder(dealer),
        planned=game.planned_rounds,
    )


@pytest.mark.parametrize(
    ("cards", "bid", "legal"),
    [
        (3, 0, True),
        (3, 1, True),
        (3, 3, True),
        (3, 4, False),
        (3, -1, False),
        (1, 2, False),
        (20, 20, True),
        (3, 1.0, False),
        (3, "1", False),
        (3, True, False),
        (3, None, False),
    ],
    ids=[
        "zero",
        "one",
        "every-card",
        "more-than-the-cards",
        "negative",
        "two-of-one",
        "twenty-of-twenty",
        "float",
        "string",
        "bool",
        "null",
    ],
)
def test_a_bid_is_a_whole_number_from_zero_to_the_cards(cards, bid, legal):
    game = new_game(3)
    info = info_for(game, cards, dealer=0)
    assert game.is_legal_bid(info, [], 1, bid) is legal
    if not legal:
        with pytest.raises(BidError) as refused:
            game.check_bid(info, [], 1, bid)
        assert refused.value.field == "bids"
        assert str(refused.value) == f"Ben's bid must be a whole number from 0 to {cards}"


@pytest.mark.parametrize(
    ("earlier_bids", "cards", "forbidden"),
    [
        ([1, 2], 5, 2),
        ([3, 2], 5, 0),
        ([2, 2, 1], 5, 0),
        ([0, 0], 1, 1),
        ([1, 0], 1, 0),
        ([0, 0, 0, 0, 0], 10, 10),
        ([4, 3], 5, None),
        ([1, 1], 1, None),
        ([6], 5, None),
        ([10, 0, 0, 0, 0], 9, None),
    ],
    ids=[
        "rest-is-two",
        "earlier-bids-add-up-forbid-zero",
        "four-players-forbid-zero",
        "nobody-bid-forbid-the-one-card",
        "one-card-bid-forbid-zero",
        "six-players-all-zero",
        "earlier-bids-exceed-nothing-forbidden",
        "one-card-overbid-nothing-forbidden",
        "one-bid-exceeds",
        "six-players-exceed",
    ],
)
def test_the_hook_forbids_the_bid_that_would_add_up_to_the_cards(earlier_bids, cards, forbidden):
    assert forbidden_bid(earlier_bids, cards) == forbidden


@pytest.mark.parametrize(
    ("hook", "seat", "forbidden"),
    [(True, 0, 2), (True, 1, None), (True, 2, None), (False, 0, None), (False, 1, None)],
    ids=[
        "hook-dealer",
        "hook-first-bidder",
        "hook-second-bidder",
        "no-hook-dealer",
        "no-hook-first-bidder",
    ],
)
def test_only_the_dealer_is_hooked(hook, seat, forbidden):
    game = new_game(3, hook=hook)
    info = info_for(game, cards=3, dealer=0)
    assert game.forbidden_bid(info, [1, 0], seat) == forbidden


@pytest.mark.parametrize(
    ("hook", "earlier_bids", "seat", "legal"),
    [
        (True, [1, 1], 0, [0, 2, 3]),
        (True, [2, 1], 0, [1, 2, 3]),
        (True, [0, 0], 0, [0, 1, 2]),
        (True, [3, 0], 0, [1, 2, 3]),
        (True, [2, 2], 0, [0, 1, 2, 3]),
        (True, [3, 3], 0, [0, 1, 2, 3]),
        (True, [1], 2, [0, 1, 2, 3]),
        (True, [], 1, [0, 1, 2, 3]),
        (False, [1, 1], 0, [0, 1, 2, 3]),
    ],
    ids=[
        "dealer-may-not-bid-one",
        "dealer-may-not-bid-zero",
        "dealer-may-not-bid-three",
        "dealer-forbidden-zero",
        "earlier-bids-exceed",
        "earlier-bids-far-exceed",
        "second-bidder-free",
        "first-bidder-free",
        "no-hook",
    ],
)
def test_legal_bids(hook, earlier_bids, seat, legal):
    game = new_game(3, hook=hook)
    info = info_for(game, cards=3, dealer=0)
    assert game.legal_bids(info, earlier_bids, seat) == legal
    for bid in range(4):
        assert game.is_legal_bid(info, earlier_bids, seat, bid) is (bid in legal)


def hook_refusal(name: str, bid: int, cards: int) -> str:
    return (
        f"Hook: {name} deals and may not bid {bid}, or the bids would add up to {cards},"
        " one for every trick"
    )


def test_a_hooked_bid_says_why_the_dealer_may_not_make_it():
    game = new_game(3, hook=True)
    info = info_for(game, cards=3, dealer=2)
    with pytest.raises(BidError) as refused:
        game.check_bid(info, [1, 1], 2, 1)
    assert str(refused.value) == hook_refusal("Cai", 1, 3)
    assert refused.value.field == "bids"


def test_a_hooked_bid_in_round_one_reads_well():
    game = new_game(3, hook=True)
    with pytest.raises(BidError) as refused:
        game.check_bid(game.next_round, [0, 0], 0, 1)
    assert str(refused.value) == hook_refusal("Ana", 1, 1)
    assert "1 cards" not in str(refused.value)


@pytest.mark.parametrize(
    ("hook", "bids", "legal"),
    [
        (True, [1, 1, 0], False),
        (True, [0, 0, 2], False),
        (True, [0, 0, 0], True),
        (True, [1, 1, 1], True),
        (True, [2, 2, 0], True),
        (False, [1, 1, 0], True),
        (False, [0, 0, 2], True),
    ],
    ids=[
        "hook-adds-up",
        "hook-first-bidder-takes-all",
        "hook-all-zero",
        "hook-over",
        "hook-earlier-exceed-dealer-zero",
        "no-hook-adds-up",
        "no-hook-one-bids-all",
    ],
)
def test_a_round_whose_bids_add_up_to_the_cards_is_refused_under_the_hook(hook, bids, legal):
    game = play(new_game(3, hook=hook), quiet_round(new_game(3, hook=hook)))  # seat 1 deals next
    facts = {"trump": "none", "bids": bids, "tricks": [1, 1, 0]}
    assert game.is_legal_round(game.record_from_mapping(facts, 2)) is legal
    if not legal:
        refused = refusal(lambda: game.parse_round(facts))
        assert fields(refused) == ["bids"]
        assert messages(refused) == [hook_refusal("Ben", bids[1], 2)]


@pytest.mark.parametrize(
    ("bids", "message"),
    [
        ([4, 0, 0], "Ana's bid must be a whole number from 0 to 3"),
        ([0, -1, 0], "Ben's bid must be a whole number from 0 to 3"),
        ([0, 0, 9], "Cai's bid must be a whole number from 0 to 3"),
    ],
    ids=["over-the-cards", "negative", "far-over"],
)
def test_a_round_with_a_bid_out_of_range_is_refused(bids, message):
    game = play_quietly(new_game(3), 2)
    refused = refusal(
        lambda: game.parse_round({"trump": "none", "bids": bids, "tricks": [1, 1, 1]})
    )
    assert fields(refused) == ["bids"]
    assert messages(refused) == [message]
    assert isinstance(refused.errors[0], BidError)


# -- tricks ----------------------------------------------------------------------------
# RULES.md, Wizard › What the scoresheet must refuse


@pytest.mark.parametrize(
    ("played", "tricks", "message"),
    [
        (4, [2, 1, 1], "Tricks add up to 4, but 5 cards were dealt"),
        (4, [2, 2, 2], "Tricks add up to 6, but 5 cards were dealt"),
        (0, [0, 0, 0], "Tricks add up to 0, but 1 card was dealt"),
        (0, [1, 1, 0], "Tricks add up to 2, but 1 card was dealt"),
        (1, [1, 0, 0], "Tricks add up to 1, but 2 cards were dealt"),
        (0, [2, 0, -1], "Ana cannot take 2 tricks in a round of 1"),
        (2, [-1, 2, 2], "Ana cannot take -1 tricks in a round of 3"),
        (2, [0, 0, 4], "Cai cannot take 4 tricks in a round of 3"),
    ],
    ids=[
        "too-few-of-five",
        "too-many-of-five",
        "none-of-one",
        "two-of-one",
        "one-of-two",
        "two-tricks-of-one-card",
        "negative",
        "more-than-the-cards",
    ],
)
def test_tricks_are_refused_unless_they_add_up_to_the_cards(played, tricks, message):
    game = play_quietly(new_game(3), played)
    refused = refusal(
        lambda: game.parse_round({"trump": "none", "bids": [0, 0, 0], "tricks": tricks})
    )
    assert fields(refused) == ["tricks"]
    assert messages(refused) == [message]
    assert isinstance(refused.errors[0], TrickError)


def test_bad_bids_and_bad_tricks_are_refused_together():
    game = new_game(3)
    refused = refusal(
        lambda: game.parse_round(
            {"trump": "spades", "turned": "7h", "bids": [2, 0, 0], "tricks": [0, 0, 0]}
        )
    )
    assert fields(refused) == ["trump", "bids", "tricks"]
    assert refused.field == "trump"
    assert str(refused) == "The turned card is the 7♥, so hearts are trump"


# -- scoring -----------------------------------------------------------------------------
# RULES.md, Wizard › Scoring


@pytest.mark.parametrize(
    ("bid", "took", "score"),
    [
        (0, 0, 20),
        (1, 1, 30),
        (4, 4, 60),
        (10, 10, 120),
        (20, 20, 220),
        (5, 3, -20),
        (3, 5, -20),
        (0, 2, -20),
        (2, 3, -10),
        (3, 0, -30),
        (0, 20, -200),
    ],
    ids=[
        "bid-nothing-took-nothing",
        "met-one",
        "met-four",
        "met-ten",
        "met-twenty",
        "two-under",
        "two-over",
        "bid-nothing-took-two",
        "one-over",
        "took-nothing",
        "twenty-over",
    ],
)
def test_round_score(bid, took, score):
    assert round_score(bid, took) == score


def test_a_round_is_scored_and_added_to_the_totals():
    game = new_game(3)
    game = play(game, {"turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    game = play(game, {"turned": "jester", "bids": [1, 1, 1], "tricks": [0, 2, 0]})
    first, second = game.scored_rounds
    assert (first.number, first.cards, first.scores, first.totals) == (
        1,
        1,
        (30, 20, 20),
        (30, 20, 20),
    )
    assert (second.number, second.cards, second.scores, second.totals) == (
        2,
        2,
        (-10, -10, -10),
        (20, 10, 10),
    )
    assert game.totals == (20, 10, 10)


def test_totals_start_at_nothing():
    game = new_game(4)
    assert game.totals == (0, 0, 0, 0)
    assert game.scored_rounds == ()
    assert game.leaders == (0, 1, 2, 3)


def short_game(*rounds: Mapping[str, Any]) -> WizardGame:
    """Three players, a short game of as many rounds as given, no trump."""
    game = new_game(3, rounds=len(rounds))
    return play(game, *({"trump": "none", **facts} for facts in rounds))


@pytest.mark.parametrize(
    ("rounds", "totals", "winners"),
    [
        ([{"bids": [1, 0, 0], "tricks": [1, 0, 0]}], (30, 20, 20), (0,)),
        ([{"bids": [0, 0, 0], "tricks": [1, 0, 0]}], (-10, 20, 20), (1, 2)),
        ([{"bids": [1, 1, 0], "tricks": [0, 0, 1]}], (-10, -10, -10), (0, 1, 2)),
        (
            [{"bids": [1, 1, 0], "tricks": [0, 0, 1]}, {"bids": [1, 0, 2], "tricks": [0, 2, 0]}],
            (-20, -30, -30),
            (0,),
        ),
        (
            [{"bids": [1, 1, 0], "tricks": [0, 0, 1]}, {"bids": [0, 2, 2], "tricks": [1, 1, 0]}],
            (-20, -20, -30),
            (0, 1),
        ),
    ],
    ids=[
        "one-winner",
        "two-share-the-win",
        "everyone-shares-a-negative-win",
        "a-negative-winner",
        "two-share-a-negative-win",
    ],
)
def test_the_highest_total_wins_and_equal_totals_share_the_win(rounds, totals, winners):
    game = short_game(*rounds)
    assert game.finished
    assert game.totals == totals
    assert game.winners == winners
    assert game.next_round is None


def test_there_are_no_winners_before_the_last_round():
    game = play(new_game(3, rounds=2), {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert not game.finished
    assert game.leaders == (0,)
    assert game.winners == ()
    assert game.next_round.number == 2


def test_standings_share_a_place_on_equal_totals():
    game = short_game({"bids": [0, 0, 0], "tricks": [1, 0, 0]})
    assert game.standings == [(1, 1, 20), (1, 2, 20), (3, 0, -10)]


# -- corrections and the end of the game ------------------------------------------------


def three_rounds() -> WizardGame:
    return play(
        new_game(3),
        {"turned": "2c", "bids": [0, 0, 1], "tricks": [0, 0, 1]},
        {"turned": "jester", "bids": [1, 1, 0], "tricks": [1, 1, 0]},
        {"turned": "wizard", "trump": "spades", "bids": [1, 1, 1], "tricks": [3, 0, 0]},
    )


def test_undo_takes_back_the_last_round():
    game = three_rounds()
    assert game.totals == (30, 40, 40)
    undone = game.undo_round()
    assert len(undone.rounds) == 2
    assert undone.totals == (50, 50, 50)
    assert undone.next_round.number == 3
    assert undone.next_round.dealer == 2
    assert game.totals == (30, 40, 40)  # the game itself is a value and does not change


def test_undo_before_any_round_is_refused():
    with pytest.raises(RoundError) as refused:
        new_game(3).undo_round()
    assert refused.value.field == "number"
    assert str(refused.value) == "No round has been recorded yet"


def test_undo_after_the_last_round_opens_the_game_again():
    game = short_game({"bids": [0, 0, 0], "tricks": [1, 0, 0]})
    undone = game.undo_round()
    assert not undone.finished
    assert undone.winners == ()
    assert undone.next_round.number == 1


def test_a_correction_recomputes_the_totals():
    game = three_rounds()
    corrected = game.replace_round(
        2, game.parse_round({"turned": "jester", "bids": [1, 1, 0], "tricks": [0, 1, 1]}, 2)
    )
    assert [s.scores for s in corrected.scored_rounds] == [
        (20, 20, 30),
        (-10, 30, -10),
        (-20, -10, -10),
    ]
    assert [s.totals for s in corrected.scored_rounds] == [
        (20, 20, 30),
        (10, 50, 20),
        (-10, 40, 10),
    ]
    assert corrected.totals == (-10, 40, 10)
    assert game.totals == (30, 40, 40)


def test_a_correction_of_the_last_round_of_a_finished_game_changes_the_winners():
    game = short_game({"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert game.winners == (0,)
    corrected = game.replace_round(
        1, game.parse_round({"trump": "none", "bids": [1, 0, 0], "tricks": [0, 0, 1]}, 1)
    )
    assert corrected.finished
    assert corrected.totals == (-10, 20, -10)
    assert corrected.winners == (1,)


@pytest.mark.parametrize("number", [0, 4, -1], ids=["round-0", "not-yet-played", "negative"])
def test_a_correction_of_a_round_not_played_is_refused(number):
    game = three_rounds()
    record = game.rounds[0]
    with pytest.raises(RoundError) as refused:
        game.replace_round(number, record)
    assert refused.value.field == "number"


def test_an_impossible_correction_is_refused():
    game = three_rounds()
    bad = WizardRound(dealer=1, trump=None, turned=None, bids=(0, 0, 0), tricks=(1, 0, 0))
    refused = refusal(lambda: game.replace_round(2, bad))
    assert messages(refused) == ["Tricks add up to 1, but 2 cards were dealt"]


def test_a_round_after_the_game_is_over_is_refused():
    game = short_game({"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    record = game.rounds[0]
    with pytest.raises(GameOverError) as refused:
        game.apply_round(record)
    assert refused.value.field == "number"
    assert str(refused.value) == "The game is over: Wizard ended after round 1"
    with pytest.raises(GameOverError):
        game.parse_round({"trump": "none", "bids": [0, 0, 0], "tricks": [2, 0, 0]})


def test_a_full_game_ends_after_its_last_round():
    game = play_quietly(new_game(6), 10)
    assert game.finished
    assert game.next_round is None
    with pytest.raises(GameOverError):
        game.apply_round(game.rounds[-1])


def test_a_record_reads_back_from_its_mapping():
    game = three_rounds()
    for number, record in enumerate(game.rounds, start=1):
        assert game.record_from_mapping(record.to_mapping(), number) == record
    assert game.rounds[2].to_mapping() == {
        "dealer": 2,
        "trump": "spades",
        "turned": "wizard",
        "bids": [1, 1, 1],
        "tricks": [3, 0, 0],
    }


# -- every refusal names its field --------------------------------------------------------


def _bad_dealer() -> object:
    game = new_game(3)
    return game.check_round(
        WizardRound(dealer=5, trump=None, turned=None, bids=(0, 0, 0), tricks=(1, 0, 0))
    )


REFUSALS: list[Any] = [
    (
        lambda: new_game(3).parse_round({"trump": "none", "bids": [2, 0, 0], "tricks": [1, 0, 0]}),
        "bids",
        "Ana's bid must be a whole number from 0 to 1",
    ),
    (
        lambda: new_game(3).parse_round({"trump": "none", "bids": [0, 0, 0], "tricks": [0, 0, 0]}),
        "tricks",
        "Tricks add up to 0, but 1 card was dealt",
    ),
    (
        lambda: new_game(3).parse_round(round_one(turned="jester", trump="hearts")),
        "trump",
        "A Jester was turned, so there is no trump this round",
    ),
    (
        lambda: new_game(3).parse_round(round_one(turned="joker", trump="hearts")),
        "turned",
        "There is no Joker in Wizard: the turned card is a suited card, a Wizard or a Jester",
    ),
    (
        lambda: new_game(3).parse_round(round_one(dealer=3, trump="none")),
        "dealer",
        "The dealer must be a seat from 0 to 2",
    ),
    (_bad_dealer, "dealer", "There is no seat 6 at this table to deal"),
    pytest.param(
        lambda: WizardGame.new(["Ana", "Ben"]),
        "players",
        "Wizard is played by 3 to 6 players, not 2",
        id="players-count",
    ),
    (
        lambda: WizardGame.new(["Ana", "Ben", "ana"]),
        "players",
        "ana is at the table twice: every player needs a different name",
    ),
    (
        lambda: WizardGame.new(NAMES[:3], options={"rounds": 21}),
        "rounds",
        "A game of 3 players has 1 to 20 rounds",
    ),
    (
        lambda: WizardGame.new(NAMES[:3], first_dealer=3),
        "first_dealer",
        "There is no seat 4 at this table to deal first",
    ),
]


@pytest.mark.parametrize(
    ("action", "field", "message"),
    REFUSALS,
    ids=[
        "bids",
        "tricks",
        "trump",
        "turned",
        "dealer",
        "dealer-of-a-record",
        "players-count",
        "players",
        "rounds",
        "first_dealer",
    ],
)
def test_every_refusal_names_the_field_it_concerns(action, field, message):
    refused = refusal(action)
    assert refused.field == field
    assert str(refused) == message
    assert all(isinstance(error, RuleError) for error in refused.errors)


# -- the shape of a round as the API writes it ---------------------------------------------


@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        pytest.param(
            {"trump": "none", "tricks": [1, 0, 0]},
            [("bids", "Give one bid for each of the 3 players, in seat order")],
            id="bids-missing",
        ),
        pytest.param(
            {"trump": "none", "bids": [1, 0], "tricks": [1, 0, 0]},
            [("bids", "Give one bid for each of the 3 players, in seat order")],
            id="bids-too-few",
        ),
        pytest.param(
            {"trump": "none", "bids": [1, 0, 0, 0], "tricks": [1, 0, 0]},
            [("bids", "Give one bid for each of the 3 players, in seat order")],
            id="bids-too-many",
        ),
        pytest.param(
            {"trump": "none", "bids": "100", "tricks": [1, 0, 0]},
            [("bids", "Give one bid for each of the 3 players, in seat order")],
            id="bids-a-string",
        ),
        (
            {"trump": "none", "bids": [1, "0", 0], "tricks": [1, 0, 0]},
            [("bids", "Each bid must be a whole number")],
        ),
        (
            {"trump": "none", "bids": [1.0, 0, 0], "tricks": [1, 0, 0]},
            [("bids", "Each bid must be a whole number")],
        ),
        (
            {"trump": "none", "bids": [1, 0, 0], "tricks": [True, False, False]},
            [("tricks", "Each number of tricks must be a whole number")],
        ),
        (
            {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, None]},
            [("tricks", "Each number of tricks must be a whole number")],
        ),
        pytest.param(
            {"trump": "none", "bids": [1, 0, 0]},
            [("tricks", "Give one number of tricks for each of the 3 players, in seat order")],
            id="tricks-missing",
        ),
        (
            {"trump": "diamond", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
            [("trump", "Trump must be clubs, diamonds, hearts, spades or none")],
        ),
        (
            {"trump": "none", "dealer": True, "bids": [1, 0, 0], "tricks": [1, 0, 0]},
            [("dealer", "The dealer must be a seat from 0 to 2")],
        ),
        (
            {"trump": "none", "dealer": -1, "bids": [1, 0, 0], "tricks": [1, 0, 0]},
            [("dealer", "The dealer must be a seat from 0 to 2")],
        ),
        pytest.param(
            {"dealer": 9, "turned": "1h", "trump": "red", "bids": [1, 0], "tricks": "1,0,0"},
            [
                ("dealer", "The dealer must be a seat from 0 to 2"),
                (
                    "turned",
                    "“1h” is not a card: write a rank and a suit letter, like 10h or qs,"
                    " or wizard, jester or joker",
                ),
                ("trump", "Trump must be clubs, diamonds, hearts, spades or none"),
                ("bids", "Give one bid for each of the 3 players, in seat order"),
                ("tricks", "Give one number of tricks for each of the 3 players, in seat order"),
            ],
            id="everything-wrong",
        ),
        (
            {"bids": ["1", 0, 0], "tricks": [1, 0.0, 0]},
            [
                ("trump", "Say which suit is trump: clubs, diamonds, hearts, spades or none"),
                ("bids", "Each bid must be a whole number"),
                ("tricks", "Each number of tricks must be a whole number"),
            ],
        ),
    ],
    ids=[
        "bids-missing",
        "bids-too-few",
        "bids-too-many",
        "bids-a-string",
        "bid-a-string",
        "bid-a-float",
        "tricks-bools",
        "trick-null",
        "tricks-missing",
        "unknown-trump-word",
        "dealer-a-bool",
        "dealer-negative",
        "everything-wrong",
        "trump-bids-and-tricks",
    ],
)
def test_a_round_of_the_wrong_shape_is_refused_with_every_error(facts, expected):
    game = new_game(3)
    refused = refusal(lambda: game.record_from_mapping(facts, 1))
    assert [(error.field, str(error)) for error in refused.errors] == expected
    refused_again = refusal(lambda: game.parse_round(facts))
    assert refused_again.errors == refused.errors


@pytest.mark.parametrize("facts", [None, [], "round", 3], ids=["null", "list", "string", "number"])
def test_a_round_that_is_not_an_object_is_refused(facts):
    with pytest.raises(RuleError) as refused:
        new_game(3).record_from_mapping(facts, 1)
    assert refused.value.field == "round"


@pytest.mark.parametrize(
    ("bids", "tricks"),
    [
        ((1, 0), (1, 0, 0)),
        ((1, 0, 0), (1, 0)),
        ((1, 0, 0, 0), (1, 0, 0, 0)),
        ((0, 0, 1), (0.5, 0.5, 0)),
        ((1, 0, 0), (True, False, False)),
    ],
    ids=["two-bids", "two-tricks", "four-seats", "half-tricks", "bool-tricks"],
)
def test_a_record_that_does_not_fit_the_table_is_refused(bids, tricks):
    game = new_game(3)
    record = WizardRound(dealer=0, trump=None, turned=None, bids=bids, tricks=tricks)
    assert not game.is_legal_round(record)


# -- property: totals are the sum of the round scores ------------------------------------

TURNED_AND_TRUMP = [
    ("7h", "hearts"),
    ("ac", "clubs"),
    ("10s", "spades"),
    ("2d", "diamonds"),
    ("jester", "none"),
    ("wizard", "clubs"),
    ("wizard", "diamonds"),
    ("wizard", "hearts"),
    ("wizard", "spades"),
    (None, "none"),
    (None, "hearts"),
]


@st.composite
def legal_games(draw: st.DrawFn) -> tuple[WizardGame, list[dict[str, Any]]]:
    players = draw(st.integers(3, 6))
    full = full_game_rounds(players)
    hook = draw(st.booleans())
    rounds = draw(st.integers(1, full))
    first_dealer = draw(st.integers(0, players - 1))
    game = WizardGame.new(NAMES[:players], first_dealer, {"hook": hook, "rounds": rounds})
    played = draw(st.integers(0, rounds))
    sheet: list[dict[str, Any]] = []
    dealer = first_dealer
    for number in range(1, played + 1):
        if number > 1:
            dealer = (dealer + 1) % players
            if draw(st.integers(0, 9)) == 0:  # now and then the table corrects the dealer
                dealer = draw(st.integers(0, players - 1))
        cuts = sorted(
            draw(st.lists(st.integers(0, number), min_size=players - 1, max_size=players - 1))
        )
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, number], strict=True)]
        bids = draw(st.lists(st.integers(0, number), min_size=players, max_size=players))
        if hook and sum(bids) == number:
            bids[dealer] += 1 if bids[dealer] < number else -1
        turned, trump = draw(st.sampled_from(TURNED_AND_TRUMP))
        if number * players == 60:
            turned, trump = None, "none"
        sheet.append(
            {"dealer": dealer, "turned": turned, "trump": trump, "bids": bids, "tricks": tricks}
        )
    return game, sheet


def score_by_hand(bid: int, took: int) -> int:
    return 20 + 10 * took if bid == took else -10 * abs(bid - took)


@settings(
    max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(legal_games())
def test_totals_are_the_sum_of_the_round_scores(table):
    game, sheet = table
    for facts in sheet:
        game = game.apply_round(game.parse_round(facts))
    expected = [0] * game.player_count
    for facts, scored in zip(sheet, game.scored_rounds, strict=True):
        scores = [score_by_hand(b, t) for b, t in zip(facts["bids"], facts["tricks"], strict=True)]
        assert list(scored.scores) == scores
        assert list(scored.scores) == [
            round_score(b, t) for b, t in zip(facts["bids"], facts["tricks"], strict=True)
        ]
        expected = [total + score for total, score in zip(expected, scores, strict=True)]
        assert list(scored.totals) == expected
    assert list(game.totals) == expected
    assert game.finished is (len(sheet) == game.planned_rounds)
    top = max(game.totals)
    assert set(game.winners) <= {
        seat for seat in range(game.player_count) if game.totals[seat] == top
    }
    if game.finished:
        assert game.winners == tuple(s for s, t in enumerate(game.totals) if t == top)
    else:
        assert game.winners == ()
