"""Wizard's schedules: the tournament deal and a table's own list of hand sizes
(RULES.md, Wizard schedules), through the rules alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from scorekeeper.games.wizard.rules import (
    WizardGame,
    full_deal,
    schedule_name,
    tournament_deal,
)
from scorekeeper.rules.bidding import MAX_SCHEDULE
from scorekeeper.rules.errors import OptionError, RoundRefused, TrickError, TrumpError

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
SPECIAL_SIX = [1, 2, 4, 11, 16, 20]
"""A table's own list ("Special 6"), at three players: its last round deals every card."""


def new_game(players: int = 3, **options: Any) -> WizardGame:
    return WizardGame.new(NAMES[:players], options=options)


def refusal(action: Callable[[], object]) -> RoundRefused:
    with pytest.raises(RoundRefused) as refused:
        action()
    return refused.value


def said(refused: RoundRefused) -> list[tuple[str | None, str]]:
    return [(error.field, str(error)) for error in refused.errors]


def quiet_round(game: WizardGame, **facts: Any) -> dict[str, Any]:
    """A legal next round: nobody bids (legal under the hook), the first bidder takes
    every trick, a jester turned or nothing where every card is dealt."""
    info = game.next_round
    assert info is not None
    tricks = [0] * game.player_count
    tricks[info.first_bidder] = info.cards
    trump = {"turned": "jester"} if game.turns_trump(info.number) else {}
    return {**trump, "bids": [0] * game.player_count, "tricks": tricks, **facts}


def play(game: WizardGame, *rounds: Mapping[str, Any]) -> WizardGame:
    for facts in rounds:
        game = game.apply_round(game.parse_round(facts))
    return game


def play_quietly(game: WizardGame, count: int) -> WizardGame:
    for _ in range(count):
        game = play(game, quiet_round(game))
    return game


# -- the named deals -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]),
        (4, [1, 3, 5, 7, 9, 11, 13, 15]),
        (5, [1, 3, 5, 7, 9, 11]),
        (6, [1, 3, 5, 7, 9]),
    ],
    ids=["3-players", "4-players", "5-players", "6-players"],
)
def test_the_tournament_deals_the_odd_hand_sizes_up_to_60_by_players(players, sizes):
    game = new_game(players, schedule="tournament")
    assert [game.deal_size(n) for n in range(1, game.planned_rounds + 1)] == sizes
    assert game.planned_rounds == len(sizes) == game.options.rounds
    assert game.options_mapping()["schedule"] == sizes
    assert game.options_mapping()["rounds"] == len(sizes)
    assert tournament_deal(players) == tuple(sizes)
    assert game.schedule_name == "tournament"
    assert not game.is_short_game


@pytest.mark.parametrize(
    ("players", "last_turns"),
    [(3, True), (4, False), (5, True), (6, True)],
    ids=["3-players-19-cards", "4-players-15-cards", "5-players-11-cards", "6-players-9-cards"],
)
def test_the_tournaments_last_round_has_no_trump_only_when_it_deals_every_card(players, last_turns):
    game = new_game(players, schedule="tournament")
    assert game.turns_trump(game.planned_rounds) is last_turns
    assert all(game.turns_trump(n) for n in range(1, game.planned_rounds))


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        ({}, list(range(1, 21))),
        ({"schedule": "full"}, list(range(1, 21))),
        ({"schedule": None}, list(range(1, 21))),
        ({"rounds": 4}, [1, 2, 3, 4]),
        ({"schedule": "full", "rounds": 4}, [1, 2, 3, 4]),
        ({"schedule": "tournament", "rounds": 4}, [1, 3, 5, 7]),
        ({"schedule": SPECIAL_SIX, "rounds": 3}, [1, 2, 4]),
        ({"schedule": SPECIAL_SIX, "rounds": 6}, SPECIAL_SIX),
        ({"schedule": [1, 2, 4], "rounds": None}, [1, 2, 4]),
    ],
    ids=[
        "nothing-said",
        "full",
        "schedule-null",
        "rounds-alone",
        "full-and-rounds",
        "tournament-and-rounds",
        "own-list-and-rounds",
        "own-list-and-its-own-rounds",
        "rounds-null",
    ],
)
def test_rounds_plays_the_first_rounds_of_the_schedule(options, sizes):
    """Our decision: ``rounds`` cuts any schedule short, as it always cut the full deal."""
    game = new_game(3, **options)
    assert list(game.options.schedule) == sizes
    assert game.planned_rounds == len(sizes)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"rounds": 21}, "A game of 3 players has 1 to 20 rounds"),
        (3, {"schedule": "full", "rounds": 0}, "A game of 3 players has 1 to 20 rounds"),
        (
            4,
            {"schedule": "tournament", "rounds": 9},
            "The schedule has 8 rounds: a short game plays the first 1 to 8 of them",
        ),
        (
            3,
            {"schedule": SPECIAL_SIX, "rounds": 7},
            "The schedule has 6 rounds: a short game plays the first 1 to 6 of them",
        ),
        (
            3,
            {"schedule": SPECIAL_SIX, "rounds": "3"},
            "The schedule has 6 rounds: a short game plays the first 1 to 6 of them",
        ),
        (
            3,
            {"schedule": [7], "rounds": 2},
            "The schedule has 1 round: a short game plays just that one",
        ),
    ],
    ids=["full-21", "full-0", "tournament-9", "own-list-7", "own-list-text", "one-round-2"],
)
def test_more_rounds_than_the_schedule_has_are_refused(players, options, message):
    refused = refusal(lambda: new_game(players, **options))
    assert said(refused) == [("rounds", message)]
    assert isinstance(refused.errors[0], OptionError)


# -- a table's own list -----------------------------------------------------------------


def test_a_tables_own_list_deals_its_sizes_in_the_order_played():
    game = new_game(3, schedule=SPECIAL_SIX)
    assert game.planned_rounds == 6
    assert game.options_mapping()["schedule"] == SPECIAL_SIX
    assert game.schedule_name is None
    assert not game.is_short_game
    cards = []
    while not game.finished:
        cards.append(game.next_round.cards)
        game = play_quietly(game, 1)
    assert cards == SPECIAL_SIX


@pytest.mark.parametrize(
    ("players", "schedule", "turns"),
    [
        (3, SPECIAL_SIX, [True, True, True, True, True, False]),
        (3, [20, 1, 20], [False, True, False]),
        (4, [15, 14], [False, True]),
        (5, [12, 11, 12], [False, True, False]),
        (6, [10], [False]),
    ],
    ids=["special-six", "3-every-card-first", "4-every-card-first", "5-twice", "6-one-round"],
)
def test_a_round_that_deals_every_card_has_no_trump_wherever_it_comes(players, schedule, turns):
    game = new_game(players, schedule=schedule)
    assert [game.turns_trump(n) for n in range(1, len(schedule) + 1)] == turns


def test_a_round_of_every_card_before_the_last_refuses_a_trump():
    game = new_game(3, schedule=[20, 1])
    refused = refusal(lambda: game.parse_round(quiet_round(game, turned="7h", trump="hearts")))
    assert said(refused) == [
        ("turned", "Nothing is turned in round 1: every card is dealt"),
        ("trump", "There is no trump in round 1: every card is dealt"),
    ]
    assert isinstance(refused.errors[1], TrumpError)
    record = game.parse_round(quiet_round(game))
    assert (record.trump, record.turned) == (None, None)


def test_the_last_round_of_a_list_that_deals_every_card_says_it_is_the_last():
    game = play_quietly(new_game(3, schedule=SPECIAL_SIX), 5)
    refused = refusal(lambda: game.parse_round(quiet_round(game, trump="clubs")))
    assert said(refused) == [
        ("trump", "There is no trump in round 6, the last round: every card is dealt")
    ]


def test_with_the_anniversary_cards_every_round_of_a_list_turns_a_card():
    """Their deck is bigger than 60 cards (RULES.md, Wizard with the anniversary special
    cards): even 20 cards each at three players leaves one to turn."""
    game = new_game(3, schedule=[20, 1], special_cards=["bomb"])
    assert [game.turns_trump(1), game.turns_trump(2)] == [True, True]


def test_a_round_of_the_list_takes_as_many_tricks_as_its_cards():
    game = play_quietly(new_game(3, schedule=SPECIAL_SIX), 3)
    assert game.next_round.cards == 11
    refused = refusal(
        lambda: game.parse_round({"turned": "jester", "bids": [0, 0, 0], "tricks": [4, 0, 0]})
    )
    assert said(refused) == [("tricks", "Tricks add up to 4, but 11 cards were dealt")]
    assert isinstance(refused.errors[0], TrickError)


@pytest.mark.parametrize(
    ("players", "schedule", "message"),
    [
        (3, [], "A schedule needs at least one round"),
        (3, (), "A schedule needs at least one round"),
        (
            3,
            [1, 0, 3],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (
            3,
            [1, -2],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (
            3,
            [1, 21],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (4, [16], "With 4 players each hand size in the schedule is a whole number from 1 to 15"),
        (
            6,
            [1, 3, 11],
            "With 6 players each hand size in the schedule is a whole number from 1 to 10",
        ),
        (
            3,
            ["1", "2"],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (
            3,
            [1, 2.5],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (3, [1.0], "With 3 players each hand size in the schedule is a whole number from 1 to 20"),
        (
            3,
            [True, 2],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (3, [None], "With 3 players each hand size in the schedule is a whole number from 1 to 20"),
        (
            3,
            [[1, 2]],
            "With 3 players each hand size in the schedule is a whole number from 1 to 20",
        ),
        (3, [1] * (MAX_SCHEDULE + 1), "A schedule has at most 100 rounds"),
        (3, "odd", "The schedule is “full”, “tournament” or a list of hand sizes, round by round"),
        (
            3,
            "Tournament",
            "The schedule is “full”, “tournament” or a list of hand sizes, round by round",
        ),
        (
            3,
            "1, 3, 5",
            "The schedule is “full”, “tournament” or a list of hand sizes, round by round",
        ),
        (3, 5, "The schedule is “full”, “tournament” or a list of hand sizes, round by round"),
        (
            3,
            {"sizes": [1]},
            "The schedule is “full”, “tournament” or a list of hand sizes, round by round",
        ),
        (3, True, "The schedule is “full”, “tournament” or a list of hand sizes, round by round"),
    ],
    ids=[
        "empty",
        "empty-tuple",
        "zero",
        "negative",
        "too-big-3",
        "too-big-4",
        "too-big-6",
        "strings",
        "fraction",
        "float",
        "true",
        "null",
        "nested",
        "too-long",
        "unknown-name",
        "name-capitalised",
        "typed-text",
        "a-number",
        "an-object",
        "a-truth-value",
    ],
)
def test_a_schedule_that_cannot_be_dealt_is_refused(players, schedule, message):
    refused = refusal(lambda: new_game(players, schedule=schedule))
    assert said(refused) == [("schedule", message)]
    assert isinstance(refused.errors[0], OptionError)


def test_a_list_as_long_as_the_bound_is_a_game():
    game = new_game(3, schedule=[1] * MAX_SCHEDULE)
    assert game.planned_rounds == MAX_SCHEDULE


# -- the hook ---------------------------------------------------------------------------


def test_the_hook_forbids_the_bid_that_adds_up_to_the_lists_cards():
    game = play_quietly(new_game(3, schedule=SPECIAL_SIX, hook=True), 3)
    info = game.next_round
    assert (info.number, info.cards, info.dealer) == (4, 11, 0)
    assert game.forbidden_bid(info, [5, 4], seat=0) == 2
    refused = refusal(
        lambda: game.parse_round({"turned": "jester", "bids": [2, 5, 4], "tricks": [2, 5, 4]})
    )
    assert [field for field, _ in said(refused)] == ["bids"]
    assert "11" in said(refused)[0][1]


@pytest.mark.parametrize(
    ("number", "hooked"),
    [(1, False), (2, False), (3, True), (4, True)],
    ids=["round-1-5-cards", "round-2-1-card", "round-3-3-cards", "round-4-7-cards"],
)
def test_the_hook_from_round_n_counts_the_lists_rounds(number, hooked):
    game = play_quietly(new_game(4, schedule=[5, 1, 3, 7], hook=True, hook_from=3), number - 1)
    info = game.next_round
    assert info.number == number
    assert game.hook_applies(info) is hooked
    bids = [0] * 4
    bids[info.dealer] = info.cards  # the dealer's bid makes them add up to the cards
    facts = quiet_round(game, bids=bids)
    if hooked:
        assert [field for field, _ in said(refusal(lambda: game.parse_round(facts)))] == ["bids"]
    else:
        assert game.parse_round(facts).bids == tuple(bids)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"schedule": [5, 1, 3], "hook": True, "hook_from": 4},
            "The hook starts in one of the game's rounds, from 1 to 3",
        ),
        (
            {"schedule": "tournament", "rounds": 2, "hook": True, "hook_from": 3},
            "The hook starts in one of the game's rounds, from 1 to 2",
        ),
    ],
    ids=["past-the-list", "past-a-short-tournament"],
)
def test_the_hook_starts_in_a_round_of_the_list(options, message):
    assert said(refusal(lambda: new_game(4, **options))) == [("hook_from", message)]


# -- as the game document writes it ----------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rounds": 7},
        {"schedule": "tournament"},
        {"schedule": "tournament", "rounds": 3, "hook": True, "hook_from": 2},
        {"schedule": SPECIAL_SIX, "special_cards": ["bomb"]},
        {"schedule": [20, 20, 1]},
    ],
    ids=["full", "short", "tournament", "short-tournament-hooked", "own-list-bomb", "repeats"],
)
def test_the_written_options_read_back_as_the_same_game(options):
    game = new_game(3, **options)
    mapping = game.options_mapping()
    assert mapping["schedule"] == list(game.options.schedule)
    assert mapping["rounds"] == len(mapping["schedule"])
    assert WizardGame.new(game.players, 0, mapping).options == game.options
    assert WizardGame.new(game.players, 0, game.options).options == game.options


@pytest.mark.parametrize(
    ("sizes", "players", "name"),
    [
        ((1, 2, 3), 3, "full"),
        (full_deal(5), 5, "full"),
        ((1, 3, 5), 3, "tournament"),
        (tournament_deal(6), 6, "tournament"),
        ((1,), 4, "full"),
        ((1, 2, 4), 3, None),
        ((3, 5), 3, None),
        ((2, 1), 3, None),
    ],
    ids=[
        "full-short",
        "full-whole",
        "tournament-short",
        "tournament-whole",
        "one-card",
        "own",
        "odd-not-from-1",
        "down",
    ],
)
def test_a_schedule_is_named_when_it_is_a_named_deal_or_its_first_rounds(sizes, players, name):
    assert schedule_name(sizes, players) == name


@pytest.mark.parametrize(
    ("options", "short"),
    [
        ({}, False),
        ({"rounds": 5}, True),
        ({"schedule": "tournament"}, False),
        ({"schedule": "tournament", "rounds": 5}, True),
        ({"schedule": SPECIAL_SIX}, False),
        ({"schedule": SPECIAL_SIX, "rounds": 5}, False),
    ],
    ids=["full", "full-short", "tournament", "tournament-short", "own", "own-cut"],
)
def test_a_short_game_is_fewer_rounds_than_its_named_deal(options, short):
    assert new_game(3, **options).is_short_game is short
