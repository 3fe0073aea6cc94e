"""Whole games of Oh Hell recorded at the table, replayed through the rules end to end.

Each file in ``scorekeeper/games/oh_hell/recorded/*.json`` holds the options as the table
gave them (and,
when they were given by name, as the rules resolve them), the facts of every round
(dealer, trump, turned card, bids, tricks) and the scores and totals worked out by hand.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.games.oh_hell.rules import DECK_SIZE, OhHellGame
from scorekeeper.rules.errors import GameOverError
from tests.rules import recorded

SHEETS = recorded.sheets("oh-hell-*.json")
FACTS = ("dealer", "trump", "turned", "bids", "tricks")


def load(path: Path) -> dict[str, Any]:
    return recorded.load(path)


def facts_of(round_: dict[str, Any]) -> dict[str, Any]:
    return recorded.facts_of(round_)


def new_game(sheet: dict[str, Any]) -> OhHellGame:
    game: OhHellGame = recorded.new_game(OhHellGame, sheet)
    return game


def replay(sheet: dict[str, Any], rounds: list[dict[str, Any]] | None = None) -> OhHellGame:
    game: OhHellGame = recorded.replay(OhHellGame, sheet, rounds)
    return game


@pytest.fixture(params=SHEETS, ids=[path.stem for path in SHEETS])
def sheet(request) -> dict[str, Any]:
    return load(request.param)


def test_the_recorded_games_are_there():
    assert {path.stem for path in SHEETS} >= {"oh-hell-4p", "oh-hell-7p-full"}


def test_a_recorded_game_replays_round_by_round(sheet):
    game = new_game(sheet)
    assert sheet["game"] == game.key
    schedule = game.options.schedule
    assert game.planned_rounds == len(sheet["rounds"]) == len(schedule)
    for number, round_ in enumerate(sheet["rounds"], start=1):
        assert not game.finished
        assert game.next_round.number == number
        game = game.apply_round(game.parse_round(facts_of(round_)))
        scored = game.scored_rounds[-1]
        assert (scored.number, scored.cards) == (number, schedule[number - 1])
        assert list(scored.scores) == round_["scores"], f"scores of round {number}"
        assert list(scored.totals) == round_["totals"], f"totals after round {number}"
    assert game.finished
    assert game.next_round is None
    assert list(game.totals) == sheet["totals"]
    assert list(game.winners) == sheet["winners"]


def test_a_recorded_game_keeps_the_facts_as_written(sheet):
    game = replay(sheet)
    assert list(game.players) == sheet["players"]
    assert game.options_mapping() == sheet.get("resolved_options", sheet["options"])
    for record, round_ in zip(game.rounds, sheet["rounds"], strict=True):
        assert record.to_mapping() == {key: round_[key] for key in FACTS}


def test_a_recorded_game_reimports_from_its_own_options(sheet):
    game = replay(sheet)
    again = OhHellGame.new(game.players, game.first_dealer, game.options_mapping())
    assert again.options == game.options
    for record in game.rounds:
        again = again.apply_round(again.parse_round(record.to_mapping()))
    assert again.totals == game.totals


def test_no_round_is_recorded_after_a_recorded_game(sheet):
    game = replay(sheet)
    last = sheet["rounds"][-1]
    with pytest.raises(GameOverError):
        game.parse_round(facts_of(last))
    with pytest.raises(GameOverError):
        game.apply_round(game.rounds[-1])


def test_a_sheet_that_names_only_the_dealer_overrides_replays_the_same(sheet):
    """The deal passes left from the dealer recorded before (RULES.md, Oh Hell › Rounds
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


def test_a_sheet_read_from_its_turned_cards_alone_replays_the_same(sheet):
    """The turned card decides the trump (RULES.md, Oh Hell › Trump): a sheet need not
    say it twice."""
    rounds = [
        {key: value for key, value in round_.items() if key != "trump" or not round_["turned"]}
        for round_ in sheet["rounds"]
    ]
    assert replay(sheet, rounds).rounds == replay(sheet).rounds


# -- the sheets themselves, checked without the rules --------------------------------


def test_a_recorded_sheet_adds_up(sheet):
    players = len(sheet["players"])
    schedule = sheet.get("resolved_options", sheet["options"])["schedule"]
    totals = [0] * players
    for cards, round_ in zip(schedule, sheet["rounds"], strict=True):
        assert len(round_["bids"]) == len(round_["tricks"]) == players
        assert sum(round_["tricks"]) == cards
        assert sum(round_["bids"]) != cards  # both games are played under the hook
        assert (round_["turned"] is None) == (cards * players == DECK_SIZE)
        totals = [total + score for total, score in zip(totals, round_["scores"], strict=True)]
        assert round_["totals"] == totals
    assert sheet["totals"] == totals
    assert sheet["winners"] == [seat for seat, total in enumerate(totals) if total == max(totals)]


def test_the_four_player_game_deals_the_whole_pack_and_overrides_a_dealer():
    sheet = load(recorded.sheet("oh-hell-4p.json"))
    dealers = [r["dealer"] for r in sheet["rounds"]]
    assert not all((before + 1) % 4 == after for before, after in pairwise(dealers))
    last = sheet["rounds"][-1]
    assert (last["trump"], last["turned"]) == ("none", None)
    assert len(sheet["winners"]) == 2


def test_the_seven_player_game_goes_down_the_river_and_back_up():
    sheet = load(recorded.sheet("oh-hell-7p-full.json"))
    assert sheet["options"]["schedule"] == [*range(7, 0, -1), *range(2, 8)]
    assert OhHellGame.new(sheet["players"]).options_mapping() == sheet["options"]
