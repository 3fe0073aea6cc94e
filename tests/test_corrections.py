"""The corrections the table can see on the game's page: every change after the fact, with
what it changed, newest first; never a round recorded in turn nor the bids being said."""

from __future__ import annotations

import html
import re
from datetime import datetime
from typing import Any

import pytest
from flask import Flask

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameChange
from scorekeeper.rules.names import MAX_NAME_LENGTH
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
    """The line with its time of day as HH:MM (a change made the evening the game was
    played: no date)."""
    return re.sub(r"(corrected|undone) at \d\d:\d\d", r"\1 at HH:MM", line)


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
    """Every field of every game, and a day, in every language: nothing of it in English."""
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        options = {"special_cards": ["bomb", "cloud", "werewolf"]}
        wizard = services.create_game(owner, "wizard", ["Ana", "Ben", "Cai"], 0, options)
        for bids in ([1, 0, 0], [1, 1, 0]):
            wizard = services.record_round(wizard, {"trump": "none", "bids": bids, "tricks": bids})
        third = {"trump": "spades", "turned": "qs", "bids": [1, 1, 1], "tricks": [1, 1, 1]}
        wizard = services.record_round(wizard, third)
        changed = {**third, "werewolf": {"seat": 1, "trump": "diamonds"}, "trump": "diamonds"}
        changed |= {"bomb": True, "cloud": {"seat": 0, "change": -1}, "tricks": [1, 0, 1]}
        wizard = services.correct_round(wizard, 3, {**changed, "dealer": 1})
        wizard = services.correct_round(wizard, 3, {**third, "turned": "wizard", "dealer": 1})
        wizard = services.correct_round(wizard, 3, {**third, "turned": "wizard", "dealer": 1})
        one_card = services.create_game(owner, "one_card", ["Ana", "Ben", "Cai"], 0)
        hand = {"auction": [7, None, 8, None], "trump": "clubs", "order": "uptown"}
        hand |= {"points": [4, 8, 3], "last_trick": 1}
        one_card = services.record_round(one_card, hand)
        one_card = services.record_round(one_card, hand)
        passed = {"auction": [None, None, None], "points": [5, 5, 5], "last_trick": 0}
        one_card = services.correct_round(one_card, 1, {**passed, "order": "downtown"})
        one_card = services.undo_round(one_card, 2)
        games = [wizard.id, one_card.id]
    store_change(app, wizard.id, "round 1 undone", None, datetime(2026, 11, 28, 21, 14))
    english = re.compile(
        r"corrected|undone|Dealer|Trump|Turned|Bomb|Cloud|Werewolf|nobody|Auction|pass\b"
        r"|Order|Uptown|Downtown|Highest|Last trick|nothing|points|tricks|bid\b|hearts|spades"
    )
    for game_id in games:
        table.client.set_cookie("language", "en")
        english_lines = corrections_shown(table.client.get(f"/games/{game_id}"))
        assert all(english.search(line) for line in english_lines), english_lines
        for language in ("cy", "nl", "el", "ne"):
            table.client.set_cookie("language", language)
            page = table.client.get(f"/games/{game_id}")
            assert page.status_code == 200
            shown = corrections_shown(page)
            assert len(shown) == len(english_lines), (language, shown)
            left = [line for line in shown if english.search(line)]
            assert left == [], (language, left)
    table.client.set_cookie("language", "en")


@pytest.fixture
def phone(table: Table) -> ApiClient:
    """Ana's account through the API, from another phone than the page's."""
    return ApiClient(table.app.test_client()).login()


def wizard_rounds(phone: ApiClient, options: dict[str, Any] | None = None) -> str:
    """A Wizard game of Ana, Ben and Cai through the API, two rounds in."""
    game = {"game": "wizard", "players": ["Ana", "Ben", "Cai"], "options": options or {}}
    game_id: str = phone.post("/api/v1/games", game).json["id"]
    rounds = f"/api/v1/games/{game_id}/rounds"
    for trump, bids in (("hearts", [1, 0, 0]), ("clubs", [1, 1, 0])):
        answer = phone.post(rounds, {"trump": trump, "bids": bids, "tricks": bids})
        assert answer.status_code == 201, answer.json
    return game_id


def test_an_api_correction_and_a_page_undo_as_the_page_says_them(
    phone: ApiClient, table: Table
) -> None:
    # One account: the page on one phone, the API on another.
    game_id = wizard_rounds(phone)
    corrected = {"trump": "spades", "bids": [1, 0, 1], "tricks": [0, 0, 1], "dealer": 1}
    assert phone.put(f"/api/v1/games/{game_id}/rounds/1", corrected).status_code == 200
    assert table.post(f"/games/{game_id}/rounds/2/undo").status_code == 302
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert [at_time(line) for line in shown] == [
        "Round 2 undone at HH:MM",
        "Round 1 corrected at HH:MM: Dealer Ana → Ben; Cai's bid 0 → 1;"
        " Ana's tricks 1 → 0; Cai's tricks 0 → 1; Trump hearts → spades",
    ]


def test_bids_said_for_the_next_round_and_rounds_in_turn_are_not_corrections(
    phone: ApiClient, table: Table
) -> None:
    game_id = wizard_rounds(phone)
    pending = f"/api/v1/games/{game_id}/pending"
    assert phone.put(pending, {"trump": "none", "bids": [0, 0, 0]}).status_code == 200
    assert phone.put(pending, {"trump": "none", "bids": [1, 0, 0]}).status_code == 200
    page = table.client.get(f"/games/{game_id}")
    assert corrections_shown(page) == []
    assert 'class="corrections"' not in page.get_data(as_text=True)


def test_a_correction_that_changed_nothing_says_so(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    form = {"turned": "h", "bid_0": "1", "bid_1": "0", "bid_2": "0"}
    form |= {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0"}
    assert table.post(f"/games/{game_id}/rounds/new", form).status_code == 302
    assert table.post(f"/games/{game_id}/rounds/1/edit", form).status_code == 302
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert [at_time(line) for line in shown] == ["Round 1 corrected at HH:MM: nothing changed"]


def store_change(app: Flask, game_id: str, summary: str, detail: Any, when: datetime) -> None:
    """A change as an older version of the app stored it, or as no version ever did."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        game.version += 1
        db.session.add(
            GameChange(
                game_id=game_id,
                version=game.version,
                summary=summary,
                detail=detail,
                changed_at=when,
            )
        )
        db.session.commit()


def test_changes_stored_before_their_detail_or_unknown_say_what_they_can(
    app: Flask, table: Table
) -> None:
    app.config["TIMEZONE"] = "Asia/Kathmandu"  # UTC+5:45: no whole hour hides an error
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    when = datetime(2026, 11, 28, 15, 29)  # stored in UTC, as the app stores it
    store_change(app, game_id, "round 1 recorded", None, when)
    store_change(app, game_id, "round 1 corrected", None, when)
    odd = [
        {"field": "colour", "old": "red", "new": "blue"},
        {"field": "feathers", "old": 1, "new": 2},
        {"field": "bids", "seat": 9, "old": "two", "new": None},
        {"field": "dealer", "old": [1], "new": {"seat": 1}},
        {"field": "trump", "old": "stars", "new": 3},
        {"field": "turned", "old": "xx", "new": "wizard"},
        {"no field": True},
        "not a change",
    ]
    store_change(app, game_id, "round 1 corrected", odd, when)
    store_change(app, game_id, "round 1 bids", None, when)
    store_change(app, game_id, "round one corrected", [], when)
    store_change(app, game_id, "the whole game tidied", [], when)
    store_change(app, game_id, "hand 4 undone", None, when)
    page = table.client.get(f"/games/{game_id}")
    assert page.status_code == 200
    # Made on another evening than the game was played: the day is said too.
    assert corrections_shown(page) == [
        "Round 4 undone on 28 Nov 2026 at 21:14",
        "Round 1 corrected on 28 Nov 2026 at 21:14: another detail changed; –'s bid – → –;"
        " Dealer – → –; Trump – → –; Turned card – → Wizard",
        "Round 1 corrected on 28 Nov 2026 at 21:14",
    ]


def test_the_anniversary_cards_corrected(app: Flask, phone: ApiClient, table: Table) -> None:
    options = {"special_cards": ["bomb", "cloud", "werewolf"]}
    game_id = wizard_rounds(phone, options)
    rounds = f"/api/v1/games/{game_id}/rounds"
    third = {"trump": "spades", "turned": "qs", "bids": [1, 1, 1], "tricks": [1, 1, 1]}
    assert phone.post(rounds, third).status_code == 201
    werewolf = {"seat": 1, "trump": "diamonds"}
    corrected = {**third, "werewolf": werewolf, "trump": "diamonds", "tricks": [1, 0, 1]}
    corrected |= {"bomb": True, "cloud": {"seat": 0, "change": 1}, "bids": [0, 1, 1]}
    answer = phone.put(f"{rounds}/3", corrected)
    assert answer.status_code == 200, answer.json
    back = {**third, "turned": "wizard", "trump": "hearts"}
    assert phone.put(f"{rounds}/3", back).status_code == 200
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert [at_time(line) for line in shown] == [
        "Round 3 corrected at HH:MM: Ana's bid 0 → 1; Ben's tricks 0 → 1;"
        " The Bomb was not played; Cloud Ana, up by one → nobody; Trump diamonds → hearts;"
        " Turned card Q♠ → Wizard; Werewolf Ben, diamonds → nobody",
        "Round 3 corrected at HH:MM: Ana's bid 1 → 0; Ben's tricks 1 → 0;"
        " The Bomb was played; Cloud nobody → Ana, up by one; Trump spades → diamonds;"
        " Werewolf nobody → Ben, diamonds",
    ]


def test_a_one_card_hand_corrected_field_by_field(app: Flask, table: Table) -> None:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        record = services.create_game(owner, "one_card", ["Ana", "Ben", "Cai"], 0)
        hand = {"auction": [7, None, 8, None], "trump": "clubs", "order": "uptown"}
        hand |= {"points": [4, 8, 3], "last_trick": 1}
        record = services.record_round(record, hand)
        passed = {"auction": [None, None, None], "points": [5, 5, 5], "last_trick": 0}
        record = services.correct_round(record, 1, {**passed, "order": "downtown"})
        game_id = record.id
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert [at_time(line) for line in shown] == [
        "Hand 1 corrected at HH:MM: Ana's points 4 → 5; Ben's points 8 → 5;"
        " Cai's points 3 → 5; Auction 7, pass, 8, pass → pass, pass, pass;"
        " Bid 8 → –; Highest bidder Ana → nobody; Last trick Ben → Ana;"
        " Order Uptown → Downtown; Trump clubs → no trump"
    ]


def test_the_longest_names_are_said_whole_and_escaped(app: Flask, table: Table) -> None:
    longest = "W" * MAX_NAME_LENGTH
    game_id = table.new_game([longest, "<script>x</script>", "Cai & Dee"])
    form = {"turned": "h", "bid_0": "1", "bid_1": "0", "bid_2": "0"}
    form |= {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0"}
    assert table.post(f"/games/{game_id}/rounds/new", form).status_code == 302
    corrected = {**form, "tricks_0": "0", "tricks_1": "1", "bid_2": "1"}
    assert table.post(f"/games/{game_id}/rounds/1/edit", corrected).status_code == 302
    page = table.client.get(f"/games/{game_id}")
    source = page.get_data(as_text=True)
    assert "<script>x</script>" not in source
    assert [at_time(line) for line in corrections_shown(page)] == [
        f"Round 1 corrected at HH:MM: Cai & Dee's bid 0 → 1; {longest}'s tricks 1 → 0;"
        " <script>x</script>'s tricks 0 → 1"
    ]


def test_the_names_said_are_the_players_names_now(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    form = {"turned": "h", "bid_0": "1", "bid_1": "0", "bid_2": "0"}
    form |= {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0"}
    table.post(f"/games/{game_id}/rounds/new", form)
    table.post(f"/games/{game_id}/rounds/1/edit", {**form, "bid_1": "1"})
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        ben = services.get_game(owner, game_id).row.seats[1].player
        services.rename_player(owner, ben.id, "Benedict")
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert [at_time(line) for line in shown] == ["Round 1 corrected at HH:MM: Benedict's bid 0 → 1"]


def test_another_accounts_game_shows_nothing_of_it(phone: ApiClient, table: Table) -> None:
    game_id = wizard_rounds(phone)
    phone.put(
        f"/api/v1/games/{game_id}/rounds/1",
        {"trump": "none", "bids": [0, 0, 0], "tricks": [1, 0, 0]},
    )
    ben = Table(table.app, table.app.test_client())
    ben.login("ben")
    page = ben.client.get(f"/games/{game_id}")
    assert page.status_code == 404
    assert "corrected" not in page.get_data(as_text=True)


def test_the_time_is_the_tables_and_the_evening_runs_past_midnight(
    app: Flask, table: Table
) -> None:
    app.config["TIMEZONE"] = "Europe/Amsterdam"  # UTC+1 in November
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        record = services.create_game(owner, "wizard", ["Ana", "Ben", "Cai"], 0)
        record.row.created_at = datetime(2026, 11, 28, 19, 30)  # 20:30 at the table
        db.session.commit()
        game_id = record.id
    store_change(app, game_id, "round 2 corrected", [], datetime(2026, 11, 28, 23, 55))
    store_change(app, game_id, "round 3 undone", None, datetime(2026, 11, 29, 4, 50))
    store_change(app, game_id, "round 3 undone", None, datetime(2026, 11, 29, 5, 10))
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert shown == [
        "Round 3 undone on 29 Nov 2026 at 06:10",  # the night is over at 6 in the morning
        "Round 3 undone at 05:50",
        "Round 2 corrected at 00:55: nothing changed",
    ]
    table.client.set_cookie("language", "nl")
    shown = corrections_shown(table.client.get(f"/games/{game_id}"))
    assert "29 nov 2026" in shown[0] and "06:10" in shown[0], shown
