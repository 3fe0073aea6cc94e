"""Whole games of One Card recorded at the table, replayed through the rules end to end.

Each file in ``scorekeeper/games/one_card/recorded/*.json`` holds the facts of every hand (dealer,
auction when it was written down, bidder, bid, trump, order, points, last trick) and
whether the bid was made, the scores and the totals, all worked out by hand.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.games.one_card.rules import OneCardGame
from scorekeeper.rules.errors import GameOverError
from tests.rules import recorded

SHEETS = recorded.sheets("one-card-*.json")
FACTS = ("dealer", "bidder", "bid", "trump", "order", "points", "last_trick")
WORKED_OUT = ("made", "scores", "totals")
LOWEST_BIDS = {2: 8, 3: 7, 4: 6}  # RULES.md, One Card › Bidding


def load(path: Path) -> dict[str, Any]:
    return recorded.load(path)


def facts_of(hand: dict[str, Any]) -> dict[str, Any]:
    return recorded.facts_of(hand, WORKED_OUT)


def new_game(sheet: dict[str, Any]) -> OneCardGame:
    game: OneCardGame = recorded.new_game(OneCardGame, sheet)
    return game


def replay(sheet: dict[str, Any], rounds: list[dict[str, Any]] | None = None) -> OneCardGame:
    game: OneCardGame = recorded.replay(OneCardGame, sheet, rounds, worked_out=WORKED_OUT)
    return game


@pytest.fixture(params=SHEETS, ids=[path.stem for path in SHEETS])
def sheet(request) -> dict[str, Any]:
    return load(request.param)


def test_the_recorded_games_are_there():
    assert {path.stem for path in SHEETS} >= {"one-card-2p", "one-card-3p", "one-card-4p-tie"}


def test_a_recorded_game_replays_hand_by_hand(sheet):
    game = new_game(sheet)
    assert sheet["game"] == game.key
    last = len(sheet["rounds"])
    for number, hand in enumerate(sheet["rounds"], start=1):
        assert not game.finished
        assert game.winners == ()
        assert game.next_round.number == number
        game = game.apply_round(game.parse_round(facts_of(hand)))
        scored = game.scored_rounds[-1]
        assert scored.number == number
        assert scored.cards == {2: 12, 3: 8, 4: 6}[len(sheet["players"])]
        assert game.rounds[-1].made is hand["made"], f"made in hand {number}"
        assert game.derived(game.rounds[-1]) == {"made": hand["made"]}
        assert list(scored.scores) == hand["scores"], f"scores of hand {number}"
        assert list(scored.totals) == hand["totals"], f"totals after hand {number}"
        assert game.finished is (number == last), f"the end after hand {number}"
    assert game.next_round is None
    assert list(game.totals) == sheet["totals"]
    assert list(game.winners) == sheet["winners"]


def test_a_recorded_game_keeps_the_facts_as_written(sheet):
    game = replay(sheet)
    assert list(game.players) == sheet["players"]
    assert game.options_mapping() == sheet["options"]
    for record, hand in zip(game.rounds, sheet["rounds"], strict=True):
        expected = {key: hand[key] for key in FACTS}
        assert record.to_mapping() == {**expected, "auction": hand.get("auction")}


def test_no_hand_is_recorded_after_a_recorded_game(sheet):
    game = replay(sheet)
    with pytest.raises(GameOverError):
        game.parse_round(facts_of(sheet["rounds"][-1]))
    with pytest.raises(GameOverError):
        game.apply_round(game.rounds[-1])


def test_a_sheet_that_names_only_the_dealer_overrides_replays_the_same(sheet):
    """The deal passes left from the dealer recorded before (RULES.md, One Card ›
    Dealing), so a sheet needs a dealer only where the table overrode the deal."""
    hands: list[dict[str, Any]] = []
    expected = sheet["first_dealer"]
    for hand in sheet["rounds"]:
        if hand["dealer"] == expected:
            hand = {key: value for key, value in hand.items() if key != "dealer"}
        hands.append(hand)
        expected = (hand.get("dealer", expected) + 1) % len(sheet["players"])
    assert [r.dealer for r in replay(sheet, hands).rounds] == [h["dealer"] for h in sheet["rounds"]]


def test_a_sheet_that_leaves_the_contract_to_the_auction_replays_the_same(sheet):
    """Where the calls were written down, the bidder and the bid follow from them."""
    hands = [
        {key: value for key, value in hand.items() if key not in ("bidder", "bid")}
        if "auction" in hand
        else hand
        for hand in sheet["rounds"]
    ]
    assert replay(sheet, hands).rounds == replay(sheet).rounds


# -- the sheets themselves, checked without the rules --------------------------------


def test_a_recorded_sheet_adds_up(sheet):
    players = len(sheet["players"])
    target = sheet["options"]["target"]
    totals = [0] * players
    ended = []
    for hand in sheet["rounds"]:
        assert len(hand["points"]) == players
        assert sum(hand["points"]) == 15
        assert 0 <= hand["last_trick"] < players
        if hand["bidder"] is None:
            assert (hand["bid"], hand["trump"], hand["made"]) == (None, "none", None)
            assert hand["scores"] == hand["points"]
        else:
            assert LOWEST_BIDS[players] <= hand["bid"] <= 15
            assert hand["trump"] != "none"
            assert hand["made"] is (hand["points"][hand["bidder"]] >= hand["bid"])
            short = [0 if seat == hand["bidder"] else p for seat, p in enumerate(hand["points"])]
            assert hand["scores"] == (hand["points"] if hand["made"] else short)
        totals = [total + score for total, score in zip(totals, hand["scores"], strict=True)]
        assert hand["totals"] == totals
        top = max(totals)
        ended.append(top >= target and totals.count(top) == 1)
    assert ended == [False] * (len(ended) - 1) + [True]
    assert sheet["totals"] == totals
    assert sheet["winners"] == [totals.index(max(totals))]


def test_the_three_player_game_passes_fails_and_calls():
    hands = load(recorded.sheet("one-card-3p.json"))["rounds"]
    assert any(hand["bidder"] is None for hand in hands)
    assert any(hand["made"] is False for hand in hands)
    assert any("auction" in hand for hand in hands)


def test_the_four_player_game_ties_on_top_past_the_target_and_plays_on():
    sheet = load(recorded.sheet("one-card-4p-tie.json"))
    target = sheet["options"]["target"]
    tied = [
        number
        for number, hand in enumerate(sheet["rounds"], start=1)
        if max(hand["totals"]) >= target and hand["totals"].count(max(hand["totals"])) > 1
    ]
    assert tied and tied[-1] < len(sheet["rounds"])
    dealers = [hand["dealer"] for hand in sheet["rounds"]]
    assert any((before + 1) % 4 != after for before, after in pairwise(dealers))
