"""Wizard with the anniversary special cards, the hook from round N and the tie-break
(RULES.md, Wizard with the anniversary special cards; Wizard › Bidding; Wizard › Scoring).

Each clause has a case the rules accept and one they refuse, with the sentence they say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.games.wizard.rules import (
    SPECIAL_CARDS,
    CloudChange,
    WerewolfSwap,
    WizardGame,
    WizardOptions,
    WizardRound,
)
from scorekeeper.rules.cards import Suit
from scorekeeper.rules.errors import (
    BidError,
    CardError,
    OptionError,
    PlayerError,
    RoundRefused,
    RuleError,
    TrickError,
    TrumpError,
)

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
ALL = list(SPECIAL_CARDS)


def new_game(special: list[str] | None = None, players: int = 3, **options: Any) -> WizardGame:
    if special is not None:
        options["special_cards"] = special
    return WizardGame.new(NAMES[:players], 0, options)


def play_to(game: WizardGame, number: int) -> WizardGame:
    """The game with quiet rounds (no trump, nobody bids, the first bidder takes every
    trick) played up to round ``number``."""
    while len(game.rounds) + 1 < number:
        info = game.next_round
        assert info is not None
        tricks = [0] * game.player_count
        tricks[info.first_bidder] = info.cards
        facts = {"trump": "none", "bids": [0] * game.player_count, "tricks": tricks}
        game = game.apply_round(game.parse_round(facts))
    return game


def refusal(action: Callable[[], object]) -> RoundRefused:
    with pytest.raises(RoundRefused) as refused:
        action()
    return refused.value


def said(refused: RoundRefused) -> list[tuple[type[RuleError], str | None, str]]:
    return [(type(error), error.field, str(error)) for error in refused.errors]


# -- the options ---------------------------------------------------------------------


def test_a_game_without_the_new_options_is_as_it_always_was():
    game = new_game()
    assert game.options == WizardOptions(hook=False, schedule=tuple(range(1, 21)))
    assert game.options.special_cards == frozenset()
    assert (game.options.hook_from, game.options.tie_break) == (1, "share")
    assert game.options_mapping() == {
        "hook": False,
        "rounds": 20,
        "schedule": list(range(1, 21)),
    }


def test_options_stored_before_the_new_ones_existed_read_with_their_defaults():
    options = WizardGame.options_from_mapping({"hook": True, "rounds": 7}, 3)
    assert options == WizardOptions(hook=True, schedule=(1, 2, 3, 4, 5, 6, 7))
    assert options == WizardOptions(
        hook=True,
        schedule=(1, 2, 3, 4, 5, 6, 7),
        special_cards=frozenset(),
        hook_from=1,
        tie_break="share",
    )


@pytest.mark.parametrize(
    "special",
    [[], ["bomb"], ["cloud", "werewolf"], ["dragon", "fairy"], ALL, ["shapeshifter", "juggler"]],
    ids=["none", "bomb", "cloud-werewolf", "dragon-and-fairy", "all", "any-order"],
)
def test_any_set_of_special_cards_is_a_game_option(special):
    game = new_game(special)
    assert game.options.special_cards == frozenset(special)
    written = game.options_mapping().get("special_cards", [])
    assert written == [name for name in SPECIAL_CARDS if name in special]
    again = WizardGame.new(game.players, 0, game.options_mapping())
    assert again.options == game.options
    # A game's options given as its own value come back the same.
    assert WizardGame.new(game.players, 0, game.options).options == game.options


@pytest.mark.parametrize(
    ("special", "field", "message"),
    [
        (
            ["dragon"],
            "special_cards",
            "The Dragon is played only with the Fairy, which beats it: add the Fairy too",
        ),
        (
            ["fairy", "bomb"],
            "special_cards",
            "The Fairy is played only with the Dragon, the one card it beats: add the Dragon too",
        ),
        (
            ["phoenix"],
            "special_cards",
            "“phoenix” is not a special card: they are bomb, cloud, dragon, fairy, juggler,"
            " werewolf and shapeshifter",
        ),
        (
            "bomb",
            "special_cards",
            "The special cards are a list of any of bomb, cloud, dragon, fairy, juggler,"
            " werewolf and shapeshifter",
        ),
        (
            {"bomb": True},
            "special_cards",
            "The special cards are a list of any of bomb, cloud, dragon, fairy, juggler,"
            " werewolf and shapeshifter",
        ),
        ([1], "special_cards", None),
        (["Bomb"], "special_cards", None),
    ],
    ids=[
        "dragon-without-fairy",
        "fairy-without-dragon",
        "an-unknown-card",
        "a-string",
        "an-object",
        "a-number",
        "a-capital",
    ],
)
def test_a_set_of_special_cards_that_cannot_be_is_refused(special, field, message):
    refused = refusal(lambda: new_game(special))
    (error,) = refused.errors
    assert isinstance(error, OptionError)
    assert error.field == field
    if message is not None:
        assert str(error) == message


@pytest.mark.parametrize(
    ("options", "hook_from"),
    [({}, 1), ({"hook_from": 3}, 3), ({"hook_from": 20}, 20), ({"hook_from": None}, 1)],
    ids=["default", "round-3", "the-last-round", "null"],
)
def test_the_hook_may_start_in_any_round_of_the_game(options, hook_from):
    game = new_game(hook=True, **options)
    assert game.options.hook_from == hook_from
    assert ("hook_from" in game.options_mapping()) == (hook_from != 1)


@pytest.mark.parametrize(
    "options",
    [
        {"hook_from": 0},
        {"hook_from": -2},
        {"hook_from": 21},
        {"rounds": 5, "hook_from": 6},
        {"hook_from": "3"},
        {"hook_from": 3.0},
        {"hook_from": True},
    ],
    ids=["zero", "negative", "past-the-game", "past-a-short-game", "text", "float", "true"],
)
def test_a_hook_from_outside_the_game_is_refused(options):
    refused = refusal(lambda: new_game(hook=True, **options))
    (error,) = refused.errors
    assert isinstance(error, OptionError)
    assert error.field == "hook_from"
    assert str(error).startswith("The hook starts in one of the game's rounds, from 1 to ")


@pytest.mark.parametrize("tie_break", ["share", "exact_bids"])
def test_the_tie_break_is_share_or_exact_bids(tie_break):
    game = new_game(tie_break=tie_break)
    assert game.options.tie_break == tie_break
    assert game.options_mapping().get("tie_break", "share") == tie_break


@pytest.mark.parametrize("tie_break", ["exact", "", 1, True, ["share"]])
def test_another_tie_break_is_refused(tie_break):
    refused = refusal(lambda: new_game(tie_break=tie_break))
    (error,) = refused.errors
    assert isinstance(error, OptionError) and error.field == "tie_break"
    assert "“share”" in str(error) and "“exact_bids”" in str(error)


# -- the hook from round N -------------------------------------------------------------


def test_before_the_hook_starts_the_dealer_may_make_the_bids_add_up():
    game = play_to(new_game(hook=True, hook_from=3), 2)  # round 2: Ben deals
    info = game.next_round
    assert game.forbidden_bid(info, [1, 0], seat=1) is None
    facts = {"trump": "none", "bids": [1, 1, 0], "tricks": [1, 1, 0]}
    game = game.apply_round(game.parse_round(facts))
    assert game.scored_rounds[-1].scores == (30, 30, 20)


def test_from_the_round_it_starts_the_hook_forbids_the_dealers_bid():
    game = play_to(new_game(hook=True, hook_from=3), 3)  # round 3: Cai deals
    info = game.next_round
    assert game.forbidden_bid(info, [1, 1], seat=2) == 1
    facts = {"trump": "none", "bids": [1, 1, 1], "tricks": [1, 1, 1]}
    refused = refusal(lambda: game.parse_round(facts))
    assert said(refused) == [
        (
            BidError,
            "bids",
            "Hook: Cai deals and may not bid 1, or the bids would add up to 3, one for every trick",
        )
    ]


def test_hook_from_means_nothing_without_the_hook():
    game = play_to(new_game(hook=False, hook_from=2), 3)
    assert game.forbidden_bid(game.next_round, [1, 1], seat=2) is None


# -- the turned card ---------------------------------------------------------------------
# RULES.md: "Turned as the trump card: the Fairy or the Bomb means no trump; the Dragon,
# Cloud, Juggler, Werewolf or Shapeshifter means the dealer chooses a suit (not "no trump")."

ROUND_ONE = {"bids": [1, 0, 0], "tricks": [1, 0, 0]}


@pytest.mark.parametrize(
    ("turned", "trump", "expected"),
    [
        ("fairy", "none", None),
        ("fairy", None, None),
        ("bomb", "none", None),
        ("bomb", None, None),
        ("dragon", "spades", Suit.SPADES),
        ("cloud", "hearts", Suit.HEARTS),
        ("juggler", "clubs", Suit.CLUBS),
        ("werewolf", "diamonds", Suit.DIAMONDS),
        ("shapeshifter", "hearts", Suit.HEARTS),
        ("Juggler", "hearts", Suit.HEARTS),
    ],
    ids=[
        "fairy-no-trump",
        "fairy-trump-unsaid",
        "bomb-no-trump",
        "bomb-trump-unsaid",
        "dragon-dealer-names-spades",
        "cloud-dealer-names-hearts",
        "juggler-dealer-names-clubs",
        "werewolf-dealer-names-diamonds",
        "shapeshifter-dealer-names-hearts",
        "any-case",
    ],
)
def test_a_turned_special_card_gives_its_trump(turned, trump, expected):
    game = new_game(ALL)
    facts = {**ROUND_ONE, "turned": turned}
    if trump is not None:
        facts["trump"] = trump
    record = game.parse_round(facts)
    assert record.trump is expected
    assert str(record.turned) == turned.lower()


@pytest.mark.parametrize(
    ("turned", "trump", "error"),
    [
        ("fairy", "hearts", "The Fairy was turned, so there is no trump this round"),
        ("bomb", "clubs", "The Bomb was turned, so there is no trump this round"),
        (
            "dragon",
            "none",
            "The Dragon was turned: the dealer names a trump suit, and “no trump” is not a choice",
        ),
        (
            "cloud",
            "none",
            "The Cloud was turned: the dealer names a trump suit, and “no trump” is not a choice",
        ),
        (
            "juggler",
            "none",
            "The Juggler was turned: the dealer names a trump suit, and “no trump” is not a choice",
        ),
        (
            "werewolf",
            "none",
            "The Werewolf was turned: the dealer names a trump suit, and “no trump” is not a"
            " choice",
        ),
        (
            "shapeshifter",
            "none",
            "The Shapeshifter was turned: the dealer names a trump suit, and “no trump” is"
            " not a choice",
        ),
        ("dragon", None, "The Dragon was turned: say which suit the dealer chose as trump"),
        ("juggler", None, "The Juggler was turned: say which suit the dealer chose as trump"),
    ],
    ids=[
        "fairy-with-a-trump",
        "bomb-with-a-trump",
        "dragon-no-trump",
        "cloud-no-trump",
        "juggler-no-trump",
        "werewolf-no-trump",
        "shapeshifter-no-trump",
        "dragon-trump-unsaid",
        "juggler-trump-unsaid",
    ],
)
def test_a_trump_against_the_turned_special_card_is_refused(turned, trump, error):
    game = new_game(ALL)
    facts = {**ROUND_ONE, "turned": turned}
    if trump is not None:
        facts["trump"] = trump
    refused = refusal(lambda: game.parse_round(facts))
    assert said(refused) == [(TrumpError, "trump", error)]


@pytest.mark.parametrize(
    ("special", "turned"),
    [([], "dragon"), (["bomb"], "cloud"), (["cloud"], "werewolf"), (["bomb"], "shapeshifter")],
    ids=["no-special-cards", "cloud-not-in-play", "werewolf-not-in-play", "shapeshifter"],
)
def test_a_turned_special_card_the_game_does_not_play_is_refused(special, turned):
    game = new_game(special)
    refused = refusal(lambda: game.parse_round({**ROUND_ONE, "trump": "hearts", "turned": turned}))
    label = turned.capitalize()
    assert said(refused) == [
        (CardError, "turned", f"The {label} is not among this game's special cards")
    ]


@pytest.mark.parametrize("turned", ["juggler:h", "cloud:s", "shapeshifter:wizard"])
def test_a_turned_card_names_no_suit_or_shape(turned):
    game = new_game(ALL)
    refused = refusal(lambda: game.parse_round({**ROUND_ONE, "trump": "hearts", "turned": turned}))
    (error,) = refused.errors
    assert error.field == "turned"
    assert "is written alone: the dealer names the trump, not the card" in str(error)


def test_the_last_round_of_a_full_game_turns_a_card_with_special_cards():
    game = play_to(new_game(["bomb"], players=6), 10)
    info = game.next_round
    assert info.number == 10 and info.number == game.planned_rounds
    assert game.turns_trump(10)
    tricks = [10, 0, 0, 0, 0, 0]
    record = game.parse_round({"turned": "7h", "bids": [0] * 6, "tricks": tricks})
    assert record.trump is Suit.HEARTS
    refused = refusal(lambda: game.parse_round({"bids": [0] * 6, "tricks": tricks}))
    assert said(refused) == [
        (
            TrumpError,
            "trump",
            "Say which suit is trump: clubs, diamonds, hearts, spades or none",
        )
    ]


def test_the_last_round_of_a_full_game_without_special_cards_still_turns_nothing():
    game = play_to(new_game(players=6), 10)
    assert not game.turns_trump(10)
    refused = refusal(
        lambda: game.parse_round(
            {"trump": "hearts", "turned": "7h", "bids": [0] * 6, "tricks": [10, 0, 0, 0, 0, 0]}
        )
    )
    assert [error.field for error in refused.errors] == ["turned", "trump"]


# -- the Bomb ----------------------------------------------------------------------------
# "In a round where the Bomb was played, the tricks taken add up to the cards minus one."


def test_with_the_bomb_the_tricks_add_up_to_one_less_than_the_cards():
    game = play_to(new_game(["bomb"]), 3)
    facts = {"trump": "none", "bids": [1, 1, 0], "tricks": [1, 1, 0], "bomb": True}
    game = game.apply_round(game.parse_round(facts))
    assert game.rounds[-1].bomb
    assert game.rounds[-1].to_mapping()["bomb"] is True
    assert game.scored_rounds[-1].scores == (30, 30, 20)


def test_with_the_bomb_tricks_adding_up_to_the_cards_are_refused():
    game = play_to(new_game(["bomb"]), 3)
    facts = {"trump": "none", "bids": [1, 1, 0], "tricks": [1, 1, 1], "bomb": True}
    refused = refusal(lambda: game.parse_round(facts))
    assert said(refused) == [
        (
            TrickError,
            "tricks",
            "Tricks add up to 3, but the Bomb was played: nobody takes its trick, so they add"
            " up to 2, one less than the 3 cards dealt",
        )
    ]


def test_with_the_bomb_in_a_round_of_one_card_nobody_takes_a_trick():
    game = new_game(["bomb"])
    record = game.parse_round(
        {"trump": "none", "bids": [0, 1, 0], "tricks": [0, 0, 0], "bomb": True}
    )
    assert game.apply_round(record).totals == (20, -10, 20)
    refused = refusal(
        lambda: game.parse_round(
            {"trump": "none", "bids": [0, 1, 0], "tricks": [0, 1, 0], "bomb": True}
        )
    )
    assert str(refused.errors[0]).endswith("one less than the 1 card dealt")


def test_without_the_bomb_the_tricks_still_add_up_to_the_cards():
    game = play_to(new_game(["bomb"]), 3)
    refused = refusal(
        lambda: game.parse_round({"trump": "none", "bids": [1, 1, 0], "tricks": [1, 1, 0]})
    )
    assert said(refused) == [(TrickError, "tricks", "Tricks add up to 2, but 3 cards were dealt")]


@pytest.mark.parametrize(
    ("special", "facts", "error"),
    [
        (
            ["cloud"],
            {"bomb": True},
            (CardError, "bomb", "The Bomb is not among this game's special cards"),
        ),
        (
            [],
            {"bomb": True},
            (CardError, "bomb", "The Bomb is not among this game's special cards"),
        ),
        (
            ["bomb"],
            {"bomb": "yes"},
            (RuleError, "bomb", "Whether the Bomb was played is true or false"),
        ),
        (
            ["bomb"],
            {"bomb": 1},
            (RuleError, "bomb", "Whether the Bomb was played is true or false"),
        ),
        (
            ["bomb"],
            {"bomb": True, "turned": "bomb", "trump": "none"},
            (
                RuleError,
                "bomb",
                "The Bomb was turned for trump, so nobody could play it this round",
            ),
        ),
    ],
    ids=["not-in-play", "no-special-cards", "text", "a-number", "the-bomb-was-turned"],
)
def test_a_bomb_that_cannot_be_is_refused(special, facts, error):
    game = play_to(new_game(special), 3)
    round_ = {"trump": "none", "bids": [1, 1, 0], "tricks": [1, 1, 0], **facts}
    refused = refusal(lambda: game.parse_round(round_))
    assert said(refused) == [error]


def test_the_bomb_turned_and_taken_by_the_werewolf_may_be_played():
    """RULES.md: "A Werewolf swap still happens when another special card was turned (the
    card goes into the holder's hand)"."""
    game = play_to(new_game(["bomb", "werewolf"]), 3)
    round_ = {
        "turned": "bomb",
        "werewolf": {"seat": 1, "trump": "spades"},
        "bids": [1, 1, 0],
        "tricks": [1, 1, 0],
        "bomb": True,
    }
    record = game.parse_round(round_)
    assert (record.trump, record.bomb) == (Suit.SPADES, True)


def test_a_round_without_the_bomb_says_nothing_of_it():
    game = new_game(["bomb"])
    record = game.parse_round({"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert record.bomb is False
    assert "bomb" not in record.to_mapping()
    assert game.parse_round({**record.to_mapping(), "bomb": None}) == record


# -- the Cloud -----------------------------------------------------------------------------
# "The player who wins the Cloud's trick must change their bid by exactly one, up or down
# ... the bid stays between 0 and the round's cards ... That player's score is counted
# against the changed bid. ... The hook (when played) applies to the bids as first made."


def cloud_round(game: WizardGame, **facts: Any) -> WizardRound:
    return game.parse_round({"trump": "none", **facts})


@pytest.mark.parametrize(
    ("bids", "tricks", "cloud", "counted", "scores"),
    [
        ([1, 0, 1], [1, 1, 1], {"seat": 1, "change": 1}, (1, 1, 1), (30, 30, 30)),
        ([1, 2, 0], [1, 1, 1], {"seat": 1, "change": -1}, (1, 1, 0), (30, 30, -10)),
        ([0, 0, 0], [3, 0, 0], {"seat": 0, "change": 1}, (1, 0, 0), (-20, 20, 20)),
        ([3, 0, 0], [1, 2, 0], {"seat": 0, "change": -1}, (2, 0, 0), (-10, -20, 20)),
    ],
    ids=[
        "up-and-met",
        "down-and-met",
        "a-bid-of-0-goes-up-and-misses",
        "a-bid-of-every-trick-goes-down",
    ],
)
def test_the_cloud_changes_a_bid_and_the_round_is_scored_against_it(
    bids, tricks, cloud, counted, scores
):
    game = play_to(new_game(["cloud"]), 3)
    record = cloud_round(game, bids=bids, tricks=tricks, cloud=cloud)
    assert record.bids == tuple(bids), "the bids as made stay recorded"
    assert record.counted_bids == counted
    assert record.cloud == CloudChange(seat=cloud["seat"], change=cloud["change"])
    played = game.apply_round(record)
    assert played.scored_rounds[-1].scores == scores
    outcomes = played.seat_outcomes(record)
    assert [o.bid for o in outcomes] == list(counted)
    assert [o.made for o in outcomes] == [b == t for b, t in zip(counted, tricks, strict=True)]
    assert record.to_mapping()["cloud"] == cloud
    assert record.to_mapping()["bids"] == bids


@pytest.mark.parametrize(
    ("bids", "tricks", "cloud", "error"),
    [
        (
            [1, 0, 1],
            [2, 0, 1],
            {"seat": 1, "change": 1},
            (TrickError, "cloud", "Ben won the Cloud's trick, so Ben took at least one trick"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": 1, "change": -1},
            (BidError, "cloud", "Ben bid 0, so the Cloud can only raise Ben's bid"),
        ),
        (
            [3, 0, 0],
            [2, 1, 0],
            {"seat": 0, "change": 1},
            (BidError, "cloud", "Ana bid 3, every trick, so the Cloud can only lower Ana's bid"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": 1, "change": 2},
            (BidError, "cloud", "The Cloud changes a bid by exactly one: up (1) or down (-1)"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": 1, "change": 0},
            (BidError, "cloud", "The Cloud changes a bid by exactly one: up (1) or down (-1)"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": 1, "change": True},
            (BidError, "cloud", "The Cloud changes a bid by exactly one: up (1) or down (-1)"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": 1},
            (BidError, "cloud", "The Cloud changes a bid by exactly one: up (1) or down (-1)"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": 3, "change": 1},
            (PlayerError, "cloud", "Say which seat won the Cloud's trick: a seat from 0 to 2"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            {"seat": "Ben", "change": 1},
            (PlayerError, "cloud", "Say which seat won the Cloud's trick: a seat from 0 to 2"),
        ),
        (
            [1, 0, 1],
            [1, 1, 1],
            [1, 1],
            (
                RuleError,
                "cloud",
                "The Cloud is recorded as who won its trick and whether their bid went up (1)"
                " or down (-1)",
            ),
        ),
    ],
    ids=[
        "the-winner-took-no-trick",
        "a-bid-of-0-cannot-go-down",
        "a-bid-of-every-trick-cannot-go-up",
        "a-change-of-2",
        "a-change-of-0",
        "a-change-of-true",
        "no-change",
        "no-such-seat",
        "a-name-not-a-seat",
        "not-an-object",
    ],
)
def test_a_cloud_that_cannot_be_is_refused(bids, tricks, cloud, error):
    game = play_to(new_game(["cloud"]), 3)
    refused = refusal(lambda: cloud_round(game, bids=bids, tricks=tricks, cloud=cloud))
    assert said(refused) == [error]


def test_the_cloud_is_refused_when_the_game_does_not_play_it():
    game = play_to(new_game(["bomb"]), 3)
    refused = refusal(
        lambda: cloud_round(game, bids=[1, 0, 1], tricks=[1, 1, 1], cloud={"seat": 1, "change": 1})
    )
    assert said(refused) == [
        (CardError, "cloud", "The Cloud is not among this game's special cards")
    ]


def test_the_cloud_turned_for_trump_changes_no_bid_unless_the_werewolf_took_it():
    game = play_to(new_game(["cloud", "werewolf"]), 3)
    facts = {
        "turned": "cloud",
        "trump": "hearts",
        "bids": [1, 0, 1],
        "tricks": [1, 1, 1],
        "cloud": {"seat": 1, "change": 1},
    }
    refused = refusal(lambda: game.parse_round(facts))
    assert said(refused) == [
        (
            RuleError,
            "cloud",
            "The Cloud was turned for trump, so nobody could play it this round",
        )
    ]
    swapped = game.parse_round({**facts, "werewolf": {"seat": 2, "trump": "hearts"}})
    assert swapped.counted_bids == (1, 1, 1)


def test_the_hook_judges_the_bids_as_made_not_as_the_cloud_changed_them():
    game = play_to(new_game(["cloud"], hook=True), 3)  # round 3: Cai deals
    # As made the bids add up to 2, so Cai's bid stands; the Cloud makes them add up to 3.
    record = cloud_round(game, bids=[1, 1, 0], tricks=[2, 1, 0], cloud={"seat": 0, "change": 1})
    assert sum(record.counted_bids) == 3
    game.check_round(record)
    # As made they add up to 3: the hook refuses Cai's bid, whatever the Cloud did after.
    refused = refusal(
        lambda: cloud_round(game, bids=[1, 1, 1], tricks=[1, 1, 1], cloud={"seat": 0, "change": -1})
    )
    assert [type(error) for error in refused.errors] == [BidError]
    assert refused.errors[0].field == "bids"


# -- the Werewolf ----------------------------------------------------------------------------
# "When the trump card has been turned, before any bid, the player holding the Werewolf must
# swap it for the turned card ... and names a trump suit or no trump; that is the round's
# trump." The scoresheet refuses "a Werewolf swap in a round whose turned card was the
# Werewolf itself".


@pytest.mark.parametrize(
    ("turned", "trump", "named", "expected"),
    [
        ("7h", None, "spades", Suit.SPADES),
        ("7h", "none", "none", None),
        ("7h", None, "none", None),
        ("wizard", None, "clubs", Suit.CLUBS),
        ("jester", "diamonds", "diamonds", Suit.DIAMONDS),
        ("fairy", "hearts", "hearts", Suit.HEARTS),
        ("dragon", None, "none", None),
        (None, None, "hearts", Suit.HEARTS),
    ],
    ids=[
        "a-suit-over-a-suited-card",
        "no-trump-said-twice",
        "no-trump-unsaid",
        "over-a-wizard-no-dealer-choice",
        "over-a-jester",
        "over-the-fairy",
        "no-trump-over-the-dragon",
        "nothing-turned-written",
    ],
)
def test_the_werewolfs_trump_is_the_rounds_trump(turned, trump, named, expected):
    game = new_game(ALL)
    facts: dict[str, Any] = {**ROUND_ONE, "werewolf": {"seat": 2, "trump": named}}
    if turned is not None:
        facts["turned"] = turned
    if trump is not None:
        facts["trump"] = trump
    record = game.parse_round(facts)
    assert record.trump is expected
    assert record.werewolf == WerewolfSwap(seat=2, trump=expected)
    assert record.to_mapping()["werewolf"] == {"seat": 2, "trump": named}


@pytest.mark.parametrize(
    ("facts", "error"),
    [
        (
            {"turned": "7h", "trump": "hearts", "werewolf": {"seat": 1, "trump": "spades"}},
            (TrumpError, "trump", "Ben swapped the Werewolf and named spades, so spades are trump"),
        ),
        (
            {"turned": "7h", "trump": "hearts", "werewolf": {"seat": 1, "trump": "none"}},
            (
                TrumpError,
                "trump",
                "Ben swapped the Werewolf and named no trump, so there is no trump this round",
            ),
        ),
        (
            {"turned": "werewolf", "trump": "hearts", "werewolf": {"seat": 1, "trump": "hearts"}},
            (
                RuleError,
                "werewolf",
                "The Werewolf was turned for trump, so nobody held it to swap: the turned"
                " card's trump stands",
            ),
        ),
        (
            {"trump": "hearts", "werewolf": {"seat": 1, "trump": "stars"}},
            (
                TrumpError,
                "werewolf",
                "The Werewolf's holder names clubs, diamonds, hearts, spades or none",
            ),
        ),
        (
            {"trump": "hearts", "werewolf": {"seat": 1}},
            (
                TrumpError,
                "werewolf",
                "The Werewolf's holder names clubs, diamonds, hearts, spades or none",
            ),
        ),
        (
            {"trump": "hearts", "werewolf": {"seat": -1, "trump": "hearts"}},
            (PlayerError, "werewolf", "Say which seat held the Werewolf: a seat from 0 to 2"),
        ),
        (
            {"trump": "hearts", "werewolf": "Ben"},
            (
                RuleError,
                "werewolf",
                "The Werewolf is recorded as who held it and the trump they named",
            ),
        ),
    ],
    ids=[
        "a-trump-against-the-named-suit",
        "a-trump-against-no-trump-named",
        "the-werewolf-was-turned",
        "not-a-trump",
        "no-trump-named",
        "no-such-seat",
        "not-an-object",
    ],
)
def test_a_werewolf_swap_that_cannot_be_is_refused(facts, error):
    game = new_game(ALL)
    refused = refusal(lambda: game.parse_round({**ROUND_ONE, **facts}))
    assert said(refused) == [error]


def test_the_suit_turned_before_the_swap_is_kept_with_it():
    """Only the turned card's suit said (as the round screen taps it): the swap keeps it,
    since the round's trump is the one named."""
    game = new_game(ALL)
    swap = {"seat": 2, "trump": "clubs", "turned_suit": "hearts"}
    record = game.parse_round({**ROUND_ONE, "werewolf": swap})
    assert record.trump is Suit.CLUBS
    assert record.werewolf == WerewolfSwap(seat=2, trump=Suit.CLUBS, turned_suit=Suit.HEARTS)
    assert record.to_mapping()["werewolf"] == swap
    assert game.parse_round(record.to_mapping()) == record
    # A whole card turned of that suit agrees with it.
    whole = game.parse_round({**ROUND_ONE, "turned": "7h", "werewolf": swap})
    assert whole.werewolf is not None and whole.werewolf.turned_suit is Suit.HEARTS


@pytest.mark.parametrize(
    ("facts", "error"),
    [
        (
            {"turned": "7d", "werewolf": {"seat": 1, "trump": "clubs", "turned_suit": "hearts"}},
            (CardError, "werewolf", "The turned card is the 7♦: its suit is not hearts"),
        ),
        (
            {"turned": "wizard", "werewolf": {"seat": 1, "trump": "clubs", "turned_suit": "h"}},
            (CardError, "werewolf", "The turned card's suit is clubs, diamonds, hearts or spades"),
        ),
        (
            {
                "turned": "wizard",
                "werewolf": {"seat": 1, "trump": "clubs", "turned_suit": "hearts"},
            },
            (CardError, "werewolf", "The turned card is the Wizard: its suit is not hearts"),
        ),
    ],
    ids=["another-suit-than-the-card", "not-a-suit-word", "a-special-card-turned"],
)
def test_a_turned_suit_that_cannot_be_is_refused(facts, error):
    game = new_game(ALL)
    refused = refusal(lambda: game.parse_round({**ROUND_ONE, **facts}))
    assert said(refused) == [error]


def test_the_werewolf_is_refused_when_the_game_does_not_play_it():
    game = new_game(["bomb", "cloud"])
    refused = refusal(
        lambda: game.parse_round({**ROUND_ONE, "werewolf": {"seat": 1, "trump": "spades"}})
    )
    assert said(refused) == [
        (CardError, "werewolf", "The Werewolf is not among this game's special cards")
    ]


# -- every field at once, and the record ------------------------------------------------------


def test_every_special_field_of_a_game_without_them_is_refused_at_once():
    game = play_to(new_game(), 2)
    facts = {
        "trump": "none",
        "bids": [0, 1],
        "tricks": [1, 0, 0],
        "bomb": True,
        "cloud": {"seat": 0, "change": 1},
        "werewolf": {"seat": 1, "trump": "none"},
    }
    refused = refusal(lambda: game.parse_round(facts))
    assert [error.field for error in refused.errors] == ["bids"]
    refused = refusal(lambda: game.parse_round({**facts, "bids": [0, 1, 0]}))
    assert said(refused) == [
        (CardError, "bomb", "The Bomb is not among this game's special cards"),
        (CardError, "cloud", "The Cloud is not among this game's special cards"),
        (CardError, "werewolf", "The Werewolf is not among this game's special cards"),
    ]


def test_a_round_of_a_plain_game_reads_and_writes_as_it_always_has():
    game = new_game()
    record = game.parse_round({"trump": "hearts", "turned": "7h", **ROUND_ONE})
    assert record == WizardRound(
        dealer=0, trump=Suit.HEARTS, turned=record.turned, bids=(1, 0, 0), tricks=(1, 0, 0)
    )
    assert record.to_mapping() == {
        "dealer": 0,
        "trump": "hearts",
        "turned": "7h",
        "bids": [1, 0, 0],
        "tricks": [1, 0, 0],
    }
    assert record.counted_bids == record.bids


def test_a_round_with_every_special_field_reads_back_what_it_writes():
    game = play_to(new_game(ALL), 3)
    record = game.parse_round(
        {
            "turned": "qh",
            "bids": [1, 0, 1],
            "tricks": [1, 1, 0],
            "bomb": True,
            "cloud": {"seat": 1, "change": 1},
            "werewolf": {"seat": 0, "trump": "none"},
        }
    )
    stored = record.to_mapping()
    assert game.parse_round(stored) == record
    assert game.load_round(stored).rounds[-1] == record


# -- the tie-break -------------------------------------------------------------------------------
# "Option "tie-break" (as the Wizard tournaments play): among equal top totals, whoever met
# their bid exactly in the most rounds wins; still equal, they share."

# Three rounds at a table of three: Ana and Ben end level on 20 at the top; Ana met her bid
# in one round, Ben in two.
LEVEL_ON_TOP = [
    {"trump": "none", "bids": [0, 0, 0], "tricks": [1, 0, 0]},  # -10, 20, 20
    {"trump": "none", "bids": [2, 0, 1], "tricks": [2, 0, 0]},  # 40, 20, -10
    {"trump": "none", "bids": [0, 0, 1], "tricks": [1, 2, 0]},  # -10, -20, -10
]
# Two rounds: Ana and Ben level on 50, each with two bids met.
LEVEL_AND_EQUAL = [
    {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]},  # 30, 20, 20
    {"trump": "none", "bids": [0, 1, 0], "tricks": [0, 1, 1]},  # 20, 30, -10
]


def finished(rounds: list[dict[str, Any]], special: list[str] | None = None, **options: Any):
    game = new_game(special, rounds=len(rounds), **options)
    for facts in rounds:
        game = game.apply_round(game.parse_round(facts))
    assert game.finished
    return game


def test_equal_top_totals_share_the_win_by_default():
    game = finished(LEVEL_ON_TOP)
    assert game.totals == (20, 20, 0)
    assert game.winners == (0, 1)
    assert game.standings == [(1, 0, 20), (1, 1, 20), (3, 2, 0)]


def test_with_the_tie_break_equal_top_totals_go_to_the_most_bids_met():
    game = finished(LEVEL_ON_TOP, tie_break="exact_bids")
    assert game.totals == (20, 20, 0)
    assert game.bids_met == (1, 2, 1)
    assert game.winners == (1,)
    assert game.standings == [(1, 1, 20), (2, 0, 20), (3, 2, 0)]


def test_with_the_tie_break_equal_bids_met_still_share():
    game = finished(LEVEL_AND_EQUAL, tie_break="exact_bids")
    assert game.totals == (50, 50, 10)
    assert game.bids_met == (2, 2, 1)
    assert game.winners == (0, 1)
    assert game.standings == [(1, 0, 50), (1, 1, 50), (3, 2, 10)]


def test_the_tie_break_leaves_a_single_top_total_alone():
    rounds = [LEVEL_ON_TOP[0], LEVEL_ON_TOP[1], {**LEVEL_ON_TOP[2], "tricks": [3, 0, 0]}]
    game = finished(rounds, tie_break="exact_bids")
    assert game.totals == (0, 60, 0)
    assert game.winners == (1,)
    # Ana and Cai are level below Ben: the tie-break is for the win only.
    assert game.standings == [(1, 1, 60), (2, 0, 0), (2, 2, 0)]


def test_the_tie_break_counts_a_bid_the_cloud_changed_as_changed():
    rounds = [
        {"trump": "none", "bids": [1, 0, 0], "tricks": [1, 0, 0]},  # 30, 20, 20
        # Ben bids 0, wins the Cloud's trick, goes up to 1 and takes 1: met.
        {
            "trump": "none",
            "bids": [1, 0, 0],
            "tricks": [0, 1, 1],
            "cloud": {"seat": 1, "change": 1},
        },  # -10, 30, -10
    ]
    game = finished(rounds, ["cloud"], tie_break="exact_bids")
    assert game.totals == (20, 50, 10)
    assert game.bids_met == (1, 2, 1)


def test_before_the_end_the_tie_break_decides_nothing():
    game = new_game(rounds=3, tie_break="exact_bids")
    game = game.apply_round(game.parse_round(LEVEL_ON_TOP[0]))
    assert game.winners == ()
    plain = new_game(rounds=3).apply_round(game.rounds[0])
    assert game.standings == plain.standings


@pytest.mark.parametrize("turned", ["dragon", "fairy", "werewolf"])
def test_a_turned_special_card_not_in_play_is_refused_whatever_the_trump_said(turned):
    game = new_game()
    refused = refusal(lambda: game.parse_round({**ROUND_ONE, "turned": turned}))
    assert [error.field for error in refused.errors] == ["turned"]
    assert "is not among this game's special cards" in str(refused.errors[0])
