"""Whole games recorded at the table, replayed through the rules end to end.

Each file in ``tests/data/wizard-*.json`` holds the facts of every round (dealer,
trump, turned card, bids, tricks) and the scores and totals worked out by hand.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules.errors import GameOverError
from scorekeeper.rules.wizard import WizardGame
from tests.rules import recorded

SHEETS = recorded.sheets("wizard-*.json")
FACTS = ("dealer", "trump", "turned", "bids", "tricks")


def load(path: Path) -> dict[str, Any]:
    return recorded.load(path)


def facts_of(round_: dict[str, Any]) -> dict[str, Any]:
    return recorded.facts_of(round_)


def new_game(sheet: dict[str, Any]) -> WizardGame:
    game: WizardGame = recorded.new_game(WizardGame, sheet)
    return game


def replay(sheet: dict[str, Any], rounds: list[dict[str, Any]] | None = None) -> WizardGame:
    game: WizardGame = recorded.replay(WizardGame, sheet, rounds)
    return game


@pytest.fixture(params=SHEETS, ids=[path.stem for path in SHEETS])
def sheet(request) -> dict[str, Any]:
    return load(request.param)


def test_the_recorded_games_are_there():
    assert {path.stem for path in SHEETS} >= {"wizard-3p-full", "wizard-6p-hook"}


def test_a_recorded_game_replays_round_by_round(sheet):
    game = new_game(sheet)
    assert game.planned_rounds == len(sheet["rounds"])
    for number, round_ in enumerate(sheet["rounds"], start=1):
        assert not game.finished
        assert game.next_round.number == number
        game = game.apply_round(game.parse_round(facts_of(round_)))
        scored = game.scored_rounds[-1]
        assert (scored.number, scored.cards) == (number, number)
        assert list(scored.scores) == round_["scores"], f"scores of round {number}"
        assert list(scored.totals) == round_["totals"], f"totals after round {number}"
    assert game.finished
    assert game.next_round is None
    assert list(game.totals) == sheet["totals"]
    assert list(game.winners) == sheet["winners"]


def test_a_recorded_game_keeps_the_facts_as_written(sheet):
    game = replay(sheet)
    assert list(game.players) == sheet["players"]
    assert game.options_mapping() == sheet["options"]
    for record, round_ in zip(game.rounds, sheet["rounds"], strict=True):
        assert record.to_mapping() == {key: round_[key] for key in FACTS}


def test_no_round_is_recorded_after_a_recorded_game(sheet):
    game = replay(sheet)
    last = sheet["rounds"][-1]
    with pytest.raises(GameOverError):
        game.parse_round(facts_of(last))
    with pytest.raises(GameOverError):
        game.apply_round(game.rounds[-1])


def test_a_sheet_that_names_only_the_dealer_overrides_replays_the_same(sheet):
    """The deal passes left from the dealer recorded before (RULES.md, Wizard › Rounds
    and dealing), so a sheet needs a dealer only where the table overrode the deal."""
    rounds: list[dict[str, Any]] = []
    expected = sheet["first_dealer"]
    for round_ in sheet["rounds"]:
        if round_["dealer"] == expected:
            round_ = {key: value for key, value in round_.items() if key != "dealer"}
        rounds.append(round_)
        expected = (round_.get("dealer", expected) + 1) % len(sheet["players"])
    assert [r.dealer for r in replay(sheet, rounds).rounds] == [
        r["dealer"] for r in sheet["rounds"]
    ]


# -- the sheets themselves, checked without the rules --------------------------------


def test_a_recorded_sheet_adds_up(sheet):
    players = len(sheet["players"])
    totals = [0] * players
    for number, round_ in enumerate(sheet["rounds"], start=1):
        assert len(round_["bids"]) == len(round_["tricks"]) == players
        assert sum(round_["tricks"]) == number
        totals = [total + score for total, score in zip(totals, round_["scores"], strict=True)]
        assert round_["totals"] == totals
    assert sheet["totals"] == totals
    assert sheet["winners"] == [seat for seat, total in enumerate(totals) if total == max(totals)]


def test_the_six_player_game_is_hooked_and_overrides_a_dealer():
    sheet = load(recorded.DATA / "wizard-6p-hook.json")
    assert sheet["options"]["hook"] is True
    dealers = [r["dealer"] for r in sheet["rounds"]]
    assert dealers[0] == sheet["first_dealer"]
    passed_left = [(before + 1) % 6 == after for before, after in pairwise(dealers)]
    assert not all(passed_left)
    for number, round_ in enumerate(sheet["rounds"], start=1):
        assert sum(round_["bids"]) != number


def test_the_three_player_game_turns_every_kind_of_card():
    sheet = load(recorded.DATA / "wizard-3p-full.json")
    turned = [r["turned"] for r in sheet["rounds"]]
    assert "jester" in turned
    assert "wizard" in turned
    assert any(card not in ("jester", "wizard", None) for card in turned)
    assert (sheet["rounds"][-1]["trump"], sheet["rounds"][-1]["turned"]) == ("none", None)
