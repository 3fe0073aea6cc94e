"""Names a table can tell apart and free text with nothing hidden, through the pages and
the API: look-alike names at one table and in one night refused with the name they look
like; every language and every emoji kept; a night's place and note, a token's name."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import ApiToken, Game, Night, Player
from tests.conftest import PASSWORD, Table, csrf_token, page_errors


def start(table: Table, players: list[str]) -> Any:
    data = {f"players-{i}": name for i, name in enumerate(players)}
    return table.post("/games/new", {**data, "first_dealer": "0"})


def counts(app: Flask) -> tuple[int, int]:
    with app.app_context():
        return db.session.query(Game).count(), db.session.query(Player).count()


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ana", "Ana\u3164", "Ben"], "“Ana” has an invisible character (U+1160)"),
        (["Ana", "Ana\u2800", "Ben"], "“Ana” has an invisible character (U+2800)"),
        (["\u3164", "\u2800", "\u115f"], "A name needs at least one letter, digit or sign"),
        (["Ana", "\ufe0f", "Ben"], "A name needs at least one letter, digit or sign"),
        (["Ana", "Ben\u034f", "Cai"], "“Ben” has an invisible character (U+034F)"),
        (["Ana", "Ben\u17b5", "Cai"], "“Ben” has an invisible character (U+17B5)"),
        (
            ["ana", "\u0430na", "Ben"],
            "“\u0430na” looks the same as “ana”: choose names the table can tell apart",
        ),
        (
            ["Ivan", "\u04c0van", "Ben"],
            "“\u04c0van” looks the same as “Ivan”: choose names the table can tell apart",
        ),
    ],
    ids=[
        "Hangul filler",
        "Braille blank",
        "three blanks",
        "a lone selector",
        "CGJ",
        "Khmer",
        "Cyrillic a",
        "palochka",
    ],
)
def test_a_table_whose_names_look_the_same_is_refused(
    app: Flask, table: Table, players: list[str], message: str
) -> None:
    response = start(table, players)
    assert response.status_code == 422
    assert any(message in error for error in page_errors(response)), page_errors(response)
    assert counts(app) == (0, 0)


NAMES = [
    "👩\u200d👩\u200d👧",
    "👍🏽 Siân",
    "🏴\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f Dai",
    "IJsbrand",
    "Νίκος",
    "ज्ञानेन्द्र",
    "अर्\u200dजुन",
    "सन्\u200cतोष",
]


def test_names_in_every_language_and_emoji_start_a_game(app: Flask, table: Table) -> None:
    for first in range(0, len(NAMES), 4):
        game_id = table.new_game(NAMES[first : first + 4])
        page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
        for name in NAMES[first : first + 4]:
            assert name in page
    with app.app_context():
        assert {p.name for p in db.session.query(Player)} == set(NAMES)


def test_a_name_like_another_players_of_the_same_night_is_refused(app: Flask, table: Table) -> None:
    table.new_game(["ana", "Ben", "Cai"])
    response = start(table, ["\u0430na", "Dai", "Eve"])  # the same evening: one night
    assert response.status_code == 422
    assert "“\u0430na” looks the same as “ana”" in " ".join(page_errors(response))
    assert counts(app) == (1, 3)
    # The same name is the same player, and a name unlike any is new.
    table.new_game(["ana", "Dai", "Eve"])
    assert counts(app) == (2, 5)


def test_the_api_refuses_look_alike_names_on_the_players_field(app: Flask, api: Any) -> None:
    api.login()
    response = api.post("/api/v1/games", {"game": "wizard", "players": ["ana", "\u0430na", "Bo"]})
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "players"
    assert "looks the same as “ana”" in response.json["errors"][0]["message"]
    assert counts(app) == (0, 0)


def test_renaming_a_player_to_a_look_alike_is_refused(app: Flask, table: Table) -> None:
    table.new_game(["ana", "Ben", "Cai"])
    with app.app_context():
        ben = db.session.query(Player).filter_by(name="Ben").one().id
    table.token = csrf_token(table.client.get(f"/players/{ben}").get_data(as_text=True))
    response = table.post(f"/players/{ben}", {"action": "rename", "rename-name": "\u0430na"})
    assert response.status_code == 422
    assert any("looks the same as “ana”" in e for e in page_errors(response))
    with app.app_context():
        assert db.session.get(Player, ben).name == "Ben"


def night_url(table: Table) -> str:
    table.new_game(["Ana", "Ben", "Cai"])
    found = re.search(r'href="/nights/(\d+)"', table.client.get("/nights").get_data(as_text=True))
    assert found
    return f"/nights/{found.group(1)}"


@pytest.mark.parametrize(
    ("place", "note", "message"),
    [
        ("The pub\u202e", "", "Place has an invisible character (U+202E)"),
        ("\u2066Home", "", "Place has an invisible character (U+2066)"),
        ("Home", "Cake\u200b", "Note has an invisible character (U+200B)"),
        ("Home", "line\n\u2060two", "Note has an invisible character (U+2060)"),
        ("Home\x1b", "", "Place has an invisible character (U+001B)"),
    ],
    ids=["override in place", "isolate in place", "zero width in note", "word joiner", "escape"],
)
def test_a_nights_place_and_note_refuse_hidden_characters(
    app: Flask, table: Table, place: str, note: str, message: str
) -> None:
    url = night_url(table)
    response = table.post(url, {"date": "2026-11-28", "place": place, "note": note})
    assert response.status_code == 422
    assert any(message in e for e in page_errors(response)), page_errors(response)
    with app.app_context():
        night = db.session.query(Night).one()
        assert (night.place or "", night.note or "") == ("", "")


def test_a_note_keeps_its_lines_joins_and_emoji(app: Flask, table: Table) -> None:
    url = night_url(table)
    note = "Ana won 👩\u200d👩\u200d👧\nसन्\u200cतोष brought tea"
    response = table.post(url, {"date": "2026-11-28", "place": "Tŷ Siôn", "note": note})
    assert response.status_code == 302
    with app.app_context():
        assert db.session.query(Night).one().note in (note, note.replace("\n", "\r\n"))


def test_a_token_name_with_hidden_characters_is_not_kept(app: Flask, api: Any) -> None:
    response = api.client.post(
        "/api/v1/tokens",
        json={"username": "ana", "password": PASSWORD, "name": "phone\u202eenohp"},
        headers={"User-Agent": "Scoreboard/1.0"},
    )
    assert response.status_code == 201
    with app.app_context():
        assert db.session.query(ApiToken).one().name == "Scoreboard/1.0"
