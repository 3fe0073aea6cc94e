"""How long a game of One Card can be, and what replaying a long one costs: a tie at the
top is played off (RULES.md, One Card › Scoring), but not for ever, and each hand of a
replay is scored once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.one_card.rules import TIE_BREAK_HANDS, OneCardGame, most_hands
from scorekeeper.games.wizard.rules import WizardGame
from scorekeeper.rules.errors import RoundError, RoundRefused

# Everyone passes and the points are shared out evenly: the totals stay tied for ever.
TIED = {
    3: {"bidder": None, "bid": None, "trump": "none", "points": [5, 5, 5], "last_trick": 0},
    # With 2 or 4 players 15 points cannot be shared evenly in one hand: two hands can.
    2: {"bidder": None, "bid": None, "trump": "none", "points": [7, 8], "last_trick": 0},
}


@pytest.mark.parametrize(
    ("players", "target", "most"),
    [(2, 30, 159), (3, 30, 188), (4, 30, 217), (3, 1, 101), (4, 999, 4093)],
    ids=["2p-30", "3p-30", "4p-30", "3p-1", "4p-999"],
)
def test_the_most_hands_leave_room_to_reach_the_target_and_play_off_a_tie(
    players: int, target: int, most: int
) -> None:
    assert most_hands(players, target) == most
    # Someone reaches the target by then even at the slowest pace (a point a hand).
    assert most - TIE_BREAK_HANDS >= players * (target - 1) + 1
    game = OneCardGame.new(["Ana", "Ben", "Cai", "Dee"][:players], 0, {"target": target})
    assert game.most_rounds == most


def played(game: OneCardGame, hands: int, hand: dict[str, Any]) -> OneCardGame:
    for _ in range(hands):
        game = game.apply_round(game.parse_round(hand))
    return game


def test_a_game_tied_at_the_top_takes_no_hand_past_the_most() -> None:
    game = OneCardGame.new(["Ana", "Ben", "Cai"], 0, {"target": 10})
    game = played(game, most_hands(3, 10), TIED[3])
    assert not game.finished and game.totals == (640, 640, 640)
    message = "A game of One Card to 10 points with 3 players has at most 128 hands"
    with pytest.raises(RoundError, match=message) as refused:
        game.parse_round(TIED[3])
    assert refused.value.field == "number"
    # Nor may the next hand's bids be said, nor a hand be given its number.
    with pytest.raises(RoundError, match=message):
        game.parse_pending({"auction": [None, None, None]})
    with pytest.raises(RoundError, match=message):
        game.parse_round(TIED[3], 129)
    assert not game.is_legal_round(game.record_from_mapping(TIED[3], 129))
    # Hands already played can still be corrected.
    corrected = game.replace_round(128, game.record_from_mapping(TIED[3], 128))
    assert corrected.totals == game.totals


def test_a_game_that_ends_before_the_most_is_over_as_ever() -> None:
    game = OneCardGame.new(["Ana", "Ben"], 0, {"target": 10})
    game = played(game, 1, {**TIED[2], "points": [10, 5]})
    assert game.finished and game.winners == (0,)


def test_wizard_keeps_to_its_plan() -> None:
    game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
    assert game.most_rounds == game.planned_rounds == 20


def test_a_replay_scores_each_hand_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Judging hand n asks whether the game is over after the n − 1 before it: their
    scores are carried on, not worked out again (the old way, 4,000 hands took a minute)."""
    scored = 0
    original = OneCardGame.round_scores

    def counting(self: OneCardGame, record: Any, info: Any) -> tuple[int, ...]:
        nonlocal scored
        scored += 1
        return original(self, record, info)

    monkeypatch.setattr(OneCardGame, "round_scores", counting)
    game = played(OneCardGame.new(["Ana", "Ben", "Cai"], 0, {"target": 999}), 400, TIED[3])
    assert game.totals == (2000, 2000, 2000)
    assert scored == 400
    # A stored game read back (not judged) scores its hands once, when asked.
    loaded = OneCardGame.new(["Ana", "Ben", "Cai"], 0, {"target": 999})
    for record in game.rounds:
        loaded = loaded.load_round(record.to_mapping())
    scored = 0
    assert loaded.totals == game.totals and scored == 400


HANDS_3P = st.fixed_dictionaries(
    {
        "bidder": st.sampled_from([None, 0, 1, 2]),
        "points": st.sampled_from([[5, 5, 5], [15, 0, 0], [0, 8, 7], [2, 6, 7], [7, 7, 1]]),
        "bid": st.integers(7, 15),
    }
)


def legal(hand: dict[str, Any]) -> dict[str, Any]:
    if hand["bidder"] is None:
        return {**hand, "bid": None, "trump": "none", "last_trick": 0}
    return {**hand, "trump": "hearts", "last_trick": 0}


@settings(max_examples=60, deadline=None)
@given(st.lists(HANDS_3P, max_size=40), st.integers(1, 60))
def test_carried_scores_are_the_scores_worked_out_afresh(
    hands: list[dict[str, Any]], target: int
) -> None:
    game = OneCardGame.new(["Ana", "Ben", "Cai"], 0, {"target": target})
    for hand in hands:
        try:
            game = game.apply_round(game.parse_round(legal(hand)))
        except RoundRefused:
            continue
        except RoundError:  # the game is over
            break
        fresh = replace(game)  # the same rounds, nothing known yet
        assert game.scored_rounds == fresh.scored_rounds
        assert (game.finished, game.winners) == (fresh.finished, fresh.winners)
