"""Whole games recorded at the table, replayed through the rules end to end.

Each file in ``scorekeeper/games/wizard/recorded/*.json`` holds the facts of every round (dealer,
trump, turned card, bids, tricks; with the anniversary special cards, the Bomb, the
Cloud and the Werewolf where they happened) and the scores and totals worked out by hand.
A game with a schedule (RULES.md, Wizard schedules) gives it as the API takes it
(``"tournament"``) and, as ``resolved_options``, the options the game document shows.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.games.wizard.rules import WizardGame
from scorekeeper.rules.errors import GameOverError, RuleError
from tests.rules import recorded

SHEETS = [*recorded.sheets("wizard-*.json"), *recorded.sheets("anniversary/wizard-*.json")]
"""The games of plain Wizard, and in ``anniversary/`` two with its anniversary special
cards, replayed here through the rules alone."""
FACTS = ("dealer", "trump", "turned", "bids", "tricks")
SPECIAL_FACTS = ("bomb", "cloud", "werewolf")
"""Written in a round only where the special card did something."""


def load(path: Path) -> dict[str, Any]:
    return recorded.load(path)


def facts_of(round_: dict[str, Any]) -> dict[str, Any]:
    return recorded.facts_of(round_)


def resolved_options(sheet: dict[str, Any]) -> dict[str, Any]:
    """The options as the game document writes them: a sheet recorded before schedules
    says only its rounds, which deal 1, 2, 3 … cards."""
    if "resolved_options" in sheet:
        resolved: dict[str, Any] = sheet["resolved_options"]
        return resolved
    return {**sheet["options"], "schedule": list(range(1, sheet["options"]["rounds"] + 1))}


def hand_sizes(sheet: dict[str, Any]) -> list[int]:
    """The cards each player is dealt, round by round."""
    sizes: list[int] = resolved_options(sheet)["schedule"]
    return sizes


def new_game(sheet: dict[str, Any]) -> WizardGame:
    game: WizardGame = recorded.new_game(WizardGame, sheet)
    return game


def replay(sheet: dict[str, Any], rounds: list[dict[str, Any]] | None = None) -> WizardGame:
    game: WizardGame = recorded.replay(WizardGame, sheet, rounds)
    return game


@pytest.fixture(params=SHEETS, ids=[recorded.name_of(path) + ".json" for path in SHEETS])
def sheet(request) -> dict[str, Any]:
    return load(request.param)


def test_the_recorded_games_are_there():
    found = {recorded.name_of(path) for path in SHEETS}
    assert found >= {
        "wizard-3p-full",
        "wizard-6p-hook",
        "anniversary/wizard-6p-full",
        "anniversary/wizard-4p-short",
        "wizard-4p-tournament",
    }


def test_a_recorded_game_replays_round_by_round(sheet):
    game = new_game(sheet)
    assert game.planned_rounds == len(sheet["rounds"])
    sizes = hand_sizes(sheet)
    for number, round_ in enumerate(sheet["rounds"], start=1):
        assert not game.finished
        assert game.next_round.number == number
        assert game.next_round.cards == sizes[number - 1]
        game = game.apply_round(game.parse_round(facts_of(round_)))
        scored = game.scored_rounds[-1]
        assert (scored.number, scored.cards) == (number, sizes[number - 1])
        assert list(scored.scores) == round_["scores"], f"scores of round {number}"
        assert list(scored.totals) == round_["totals"], f"totals after round {number}"
    assert game.finished
    assert game.next_round is None
    assert list(game.totals) == sheet["totals"]
    assert list(game.winners) == sheet["winners"]


def test_a_recorded_game_keeps_the_facts_as_written(sheet):
    game = replay(sheet)
    assert list(game.players) == sheet["players"]
    assert game.options_mapping() == resolved_options(sheet)
    for record, round_ in zip(game.rounds, sheet["rounds"], strict=True):
        written = [*FACTS, *(key for key in SPECIAL_FACTS if key in round_)]
        assert record.to_mapping() == {key: round_[key] for key in written}


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


def counted_bids(round_: dict[str, Any]) -> list[int]:
    """The bids as the sheet scores them: the Cloud's change added to its winner's bid."""
    bids = list(round_["bids"])
    if "cloud" in round_:
        bids[round_["cloud"]["seat"]] += round_["cloud"]["change"]
    return bids


def test_a_recorded_sheet_adds_up(sheet):
    players = len(sheet["players"])
    totals = [0] * players
    met = [0] * players
    for cards, round_ in zip(hand_sizes(sheet), sheet["rounds"], strict=True):
        assert len(round_["bids"]) == len(round_["tricks"]) == players
        # Nobody takes the Bomb's trick.
        assert sum(round_["tricks"]) == cards - round_.get("bomb", False)
        totals = [total + score for total, score in zip(totals, round_["scores"], strict=True)]
        assert round_["totals"] == totals
        bids = counted_bids(round_)
        met = [m + (bids[seat] == round_["tricks"][seat]) for seat, m in enumerate(met)]
    assert sheet["totals"] == totals
    top = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if sheet["options"].get("tie_break") == "exact_bids":
        top = [seat for seat in top if met[seat] == max(met[s] for s in top)]
    assert sheet["winners"] == top


def test_the_six_player_game_is_hooked_and_overrides_a_dealer():
    sheet = load(recorded.sheet("wizard-6p-hook.json"))
    assert sheet["options"]["hook"] is True
    dealers = [r["dealer"] for r in sheet["rounds"]]
    assert dealers[0] == sheet["first_dealer"]
    passed_left = [(before + 1) % 6 == after for before, after in pairwise(dealers)]
    assert not all(passed_left)
    for number, round_ in enumerate(sheet["rounds"], start=1):
        assert sum(round_["bids"]) != number


def test_the_three_player_game_turns_every_kind_of_card():
    sheet = load(recorded.sheet("wizard-3p-full.json"))
    turned = [r["turned"] for r in sheet["rounds"]]
    assert "jester" in turned
    assert "wizard" in turned
    assert any(card not in ("jester", "wizard", None) for card in turned)
    assert (sheet["rounds"][-1]["trump"], sheet["rounds"][-1]["turned"]) == ("none", None)


def test_the_anniversary_games_have_every_special_card():
    """Between them, every special card turned and every one recorded in a round."""
    sheets = [
        load(recorded.sheet("anniversary") / f"wizard-{name}.json")
        for name in ("6p-full", "4p-short")
    ]
    rounds = [round_ for sheet in sheets for round_ in sheet["rounds"]]
    turned = {round_["turned"] for round_ in rounds}
    assert turned >= {"fairy", "dragon", "bomb", "juggler", "cloud", "shapeshifter"}
    assert any(round_.get("bomb") for round_ in rounds)
    assert {round_["cloud"]["change"] for round_ in rounds if "cloud" in round_} == {1, -1}
    named = {round_["werewolf"]["trump"] for round_ in rounds if "werewolf" in round_}
    assert "none" in named and len(named) > 1
    full = sheets[0]
    assert full["options"]["rounds"] * len(full["players"]) == 60
    assert full["rounds"][-1]["turned"] is not None, "the last round of a full game turns a card"
    bombed_and_swapped = [r for r in rounds if r["turned"] == "bomb" and "werewolf" in r]
    assert bombed_and_swapped and bombed_and_swapped[0]["bomb"]


def test_the_anniversary_game_with_the_tie_break_is_won_on_bids_met():
    sheet = load(recorded.sheet("anniversary/wizard-6p-full.json"))
    game = replay(sheet)
    level = [seat for seat, total in enumerate(game.totals) if total == max(game.totals)]
    assert level == [0, 2]
    assert game.bids_met[0] < game.bids_met[2]
    assert game.winners == (2,)
    assert game.standings[:2] == [(1, 2, 270), (2, 0, 270)]


def test_a_cloud_round_keeps_the_bids_as_made_and_scores_the_changed_bid():
    sheet = load(recorded.sheet("anniversary/wizard-4p-short.json"))
    game = replay(sheet)
    record = game.rounds[1]
    assert record.bids == (0, 1, 1, 0)
    assert record.counted_bids == (1, 1, 1, 0)
    assert game.seat_outcomes(record)[0].made


def test_the_anniversary_game_needs_its_hook_from_round_3():
    """Its first two rounds' bids add up to the cards, which the hook from round 1 refuses."""
    sheet = load(recorded.sheet("anniversary/wizard-6p-full.json"))
    options = {**sheet["options"], "hook_from": 1}
    with pytest.raises(RuleError) as refused:
        replay({**sheet, "options": options})
    assert refused.value.field == "bids"


def test_the_tournament_game_deals_the_odd_hand_sizes_and_every_card_last():
    """RULES.md, Wizard schedules: 1, 3, 5 … 15 cards at four players; the last round
    deals all 60 cards, so nothing is turned and there is no trump; the hook holds."""
    sheet = load(recorded.sheet("wizard-4p-tournament.json"))
    assert sheet["options"]["schedule"] == "tournament"
    assert hand_sizes(sheet) == [1, 3, 5, 7, 9, 11, 13, 15]
    assert hand_sizes(sheet)[-1] * len(sheet["players"]) == 60
    last = sheet["rounds"][-1]
    assert (last["trump"], last["turned"]) == ("none", None)
    assert all(r["turned"] is not None for r in sheet["rounds"][:-1])
    for cards, round_ in zip(hand_sizes(sheet), sheet["rounds"], strict=True):
        assert sum(round_["bids"]) != cards, "the hook"
    game = replay(sheet)
    assert [game.turns_trump(n) for n in range(1, 9)] == [True] * 7 + [False]
    with pytest.raises(RuleError) as refused:
        replay(sheet, [*sheet["rounds"][:-1], {**last, "trump": "hearts", "turned": "7h"}])
    assert refused.value.field == "turned"
