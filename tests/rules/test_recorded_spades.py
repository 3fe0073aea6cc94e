"""A whole game of Spades recorded at the table, replayed through the rules end to end.

``tests/data/spades-*.json`` holds the facts of every hand (dealer, bids, tricks) and what
came of it, worked out by hand from RULES.md › Spades: each side's change of total
(``side_scores``), each side's bags after the hand, and every seat's total.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from scorekeeper.games.spades.rules import SpadesGame
from scorekeeper.rules.errors import GameOverError
from tests.rules import recorded

SHEETS = recorded.sheets("spades-*.json")
FACTS = ("dealer", "bids", "tricks")
WORKED_OUT = ("side_scores", "bags", "totals")


def replay(sheet: dict[str, Any], rounds: list[dict[str, Any]] | None = None) -> SpadesGame:
    game: SpadesGame = recorded.replay(SpadesGame, sheet, rounds, worked_out=WORKED_OUT)
    return game


@pytest.fixture(params=SHEETS, ids=[path.stem for path in SHEETS])
def sheet(request) -> dict[str, Any]:
    return recorded.load(request.param)


def test_the_recorded_game_is_there():
    assert {path.stem for path in SHEETS} >= {"spades-4p"}


def test_a_recorded_game_replays_hand_by_hand(sheet):
    game: SpadesGame = recorded.new_game(SpadesGame, sheet)
    assert sheet["game"] == game.key
    last = len(sheet["rounds"])
    for number, hand in enumerate(sheet["rounds"], start=1):
        assert not game.finished
        assert game.winners == ()
        upcoming = game.next_round
        assert (upcoming.number, upcoming.cards) == (number, 13)
        game = game.apply_round(game.parse_round(recorded.facts_of(hand, WORKED_OUT)))
        scored = game.scored_rounds[-1]
        assert game.scored_facts(scored) == {
            "side_scores": hand["side_scores"],
            "bags": hand["bags"],
        }, f"hand {number}"
        assert list(scored.totals) == hand["totals"], f"totals after hand {number}"
        assert list(game.bags) == hand["bags"]
        assert game.finished is (number == last), f"the end after hand {number}"
    assert game.next_round is None
    assert list(game.totals) == sheet["totals"]
    assert list(game.winners) == sheet["winners"]


def test_a_replayed_game_scores_the_same_as_one_scored_at_once(sheet):
    played = replay(sheet)
    fresh = SpadesGame(played.players, played.first_dealer, played.options, played.rounds)
    assert fresh.scored_rounds == played.scored_rounds


def test_a_recorded_game_keeps_the_facts_as_written(sheet):
    game = replay(sheet)
    assert list(game.players) == sheet["players"]
    assert game.options_mapping() == sheet["options"]
    for record, hand in zip(game.rounds, sheet["rounds"], strict=True):
        assert record.to_mapping() == {key: hand[key] for key in FACTS}


def test_no_hand_is_recorded_after_a_recorded_game(sheet):
    game = replay(sheet)
    with pytest.raises(GameOverError):
        game.parse_round(recorded.facts_of(sheet["rounds"][-1], WORKED_OUT))


def test_a_sheet_that_names_only_the_dealer_overrides_replays_the_same(sheet):
    """The deal passes left from the dealer recorded before (RULES.md, Spades › Dealing)."""
    hands: list[dict[str, Any]] = []
    expected = sheet["first_dealer"]
    for hand in sheet["rounds"]:
        if hand["dealer"] == expected:
            hand = {key: value for key, value in hand.items() if key != "dealer"}
        hands.append(hand)
        expected = (hand.get("dealer", expected) + 1) % 4
    assert any("dealer" in hand for hand in hands)
    assert [r.dealer for r in replay(sheet, hands).rounds] == [h["dealer"] for h in sheet["rounds"]]


# -- the sheet itself, checked without the rules -------------------------------------


def test_the_recorded_sheet_adds_up(sheet):
    sides = [0, 0]
    for hand in sheet["rounds"]:
        assert sum(hand["tricks"]) == 13
        sides = [total + score for total, score in zip(sides, hand["side_scores"], strict=True)]
        assert hand["totals"] == [sides[0], sides[1], sides[0], sides[1]]
        assert all(0 <= bags <= 9 for bags in hand["bags"])
    assert sheet["totals"] == hand["totals"]


def test_the_recorded_game_plays_nil_blind_nil_both_nil_bags_and_a_tie_at_the_target():
    sheet = recorded.load(recorded.sheet("spades-4p.json"))
    hands = sheet["rounds"]
    bids = [bid for hand in hands for bid in hand["bids"]]
    assert "nil" in bids and "blind_nil" in bids
    assert any(hand["bids"][1] == hand["bids"][3] == "nil" for hand in hands)
    # A side's bags went past 10: fewer after the hand than before it.
    assert any(b["bags"][0] < a["bags"][0] for a, b in pairwise(hands))
    target = sheet["options"]["target"]
    tied = [h for h in hands if h["totals"][0] == h["totals"][1] >= target]
    assert tied and tied[-1] is not hands[-1]
