"""The corrections the table can see on the game's page: every change after the fact, with
what it changed, newest first; never a round recorded in turn nor the bids being said."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from tests.conftest import ApiClient, Table

pytestmark = pytest.mark.data_layer


def corrections_shown(page: Any) -> list[str]:
    source = page.get_data(as_text=True)
    section = re.search(r'<section class="corrections".*?</section>', source, re.S)
    if section is None:
        return []
    items = re.findall(r"<li>(.*?)</li>", section.group(0), re.S)
    return [
        html.unescape(" ".join(re.sub(r"<[^>]+>", " ", item).split()).replace(" :", ":"))
        for item in items
    ]


def at_time(line: str) -> str:
    """The line with its time of day as HH:MM."""
    return re.sub(r"at \d\d:\d\d", "at HH:MM", line)


def test_a_correction_through_the_page_says_what_it_changed(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    page = table.client.get(f"/games/{game_id}")
    assert corrections_shown(page) == []  # no section at all before a correction
    assert "Corrections" not in page.get_data(as_text=True)
    form = {"turned": "h", "bid_0": "1", "bid_1": "0", "bid_2": "0"}
    form |= {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0"}
    assert table.post(f"/games/{game_id}/rounds/new", form).status_code == 302
    assert corrections_shown(table.client.get(f"/games/{game_id}")) == []
    corrected = {**form, "turned": "s", "bid_0": "0", "tricks_0": "0", "tricks_1": "1"}
    assert table.post(f"/games/{game_id}/rounds/1/edit", corrected).status_code == 302
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert [at_time(line) for line in shown] == [
        "Round 1 corrected at HH:MM: Ana's bid 1 → 0; Ana's tricks 1 → 0; Ben's tricks 0 → 1;"
        " Trump hearts → spades"
    ]


def test_an_undo_and_a_correction_through_the_api_newest_first(app: Flask, api: ApiClient) -> None:
    api.login()
    game = api.post("/api/v1/games", {"game": "wizard", "players": ["Ana", "Ben", "Cai"]}).json
    rounds = f"/api/v1/games/{game['id']}/rounds"
    api.post(rounds, {"trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]})
    api.post(rounds, {"trump": "clubs", "bids": [1, 1, 0], "tricks": [1, 1, 0]})
    api.put(f"{rounds}/1", {"trump": "hearts", "bids": [0, 0, 0], "tricks": [1, 0, 0], "dealer": 1})
    api.delete(f"{rounds}/2")
    api.put(f"/api/v1/games/{game['id']}/pending", {"trump": "none", "bids": [0, 0, 0]})
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        listed = services.corrections(services.get_game(owner, game["id"]))
    assert [(c.number, c.done) for c in listed] == [(2, "undone"), (1, "corrected")]
    assert listed[1].changes == [
        {"field": "dealer", "old": 0, "new": 1},
        {"field": "bids", "seat": 0, "old": 1, "new": 0},
    ]


def test_the_page_lists_them_for_every_game_and_escapes_names(app: Flask, table: Table) -> None:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        record = services.create_game(owner, "one_card", ["<b>Ana</b>", "Ben"], 0)
        hand = {"bidder": 0, "bid": 8, "trump": "clubs", "points": [9, 6], "last_trick": 0}
        record = services.record_round(record, hand)
        record = services.correct_round(record, 1, {**hand, "points": [8, 7], "bidder": 1})
        game_id = record.id
    page = table.client.get(f"/games/{game_id}")
    source = page.get_data(as_text=True)
    assert "<b>Ana</b>" not in source
    shown = [at_time(line) for line in corrections_shown(page)]
    assert shown == [
        "Hand 1 corrected at HH:MM: <b>Ana</b>'s points 9 → 8; Ben's points 6 → 7;"
        " Highest bidder <b>Ana</b> → Ben"
    ]


def test_every_language_says_the_corrections(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    form = {"turned": "h", "bid_0": "1", "bid_1": "0", "bid_2": "0"}
    form |= {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0"}
    table.post(f"/games/{game_id}/rounds/new", form)
    table.post(f"/games/{game_id}/rounds/1/edit", {**form, "turned": "c"})
    for language in ("cy", "nl", "el", "ne"):
        table.client.set_cookie("language", language)
        shown = corrections_shown(table.client.get(f"/games/{game_id}"))
        assert len(shown) == 1 and "Round 1 corrected" not in shown[0], (language, shown)
    table.client.set_cookie("language", "en")
