"""Spades through the app (RULES.md › Spades; issue 31's JSON API contract): the API's
sides, hands, refusals, pending bids and referee; the pages' sides, bags, nil chips and
refusals beside their field; the sheet's column a side. The rules alone are in
tests/rules/test_spades.py; the shared flows in tests/test_conformance.py."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime
from typing import Any

import pytest
from flask import Flask

from scorekeeper import sheets
from scorekeeper.games.kinds import kind
from tests.test_api import assert_refused, check_response, fetch, spec_document

pytestmark = pytest.mark.data_layer

NAMES = ["Ana", "Ben", "Cai", "Dee"]
GAMES = "/api/v1/games"
HAND = {"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5, 5]}
"""Ana and Cai bid 7 and take 8: 70 and a bag; Ben's nil holds (+100); Dee bids 2 and
takes 5: 20 and 3 bags (RULES.md, Spades › Scoring)."""


@pytest.fixture
def ana(api: Any) -> Any:
    return api.login("ana")


def new_spades(api: Any, **options: Any) -> dict[str, Any]:
    answer = api.post(GAMES, {"game": "spades", "players": NAMES, "options": options})
    assert answer.status_code == 201, answer.json
    game: dict[str, Any] = answer.json
    return game


def shown(html: str) -> str:
    """A page's text as read: tags out, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").split())


# -- the JSON API --------------------------------------------------------------------------


def test_a_new_game_shows_its_sides_and_options(ana: Any) -> None:
    game = new_spades(ana)
    assert game["options"] == {"target": 500, "blind_nil": False, "bag_penalty": True}
    assert game["sides"] == [
        {"seats": [0, 2], "total": 0, "bags": 0},
        {"seats": [1, 3], "total": 0, "bags": 0},
    ]
    assert game["next"] == {"number": 1, "dealer": 0, "cards": 13, "first_bidder": 1}
    assert game["winners"] == [] and game["totals"] == [0, 0, 0, 0]


def test_a_hand_adds_side_scores_and_bags(ana: Any, client: Any) -> None:
    game = new_spades(ana)
    answer = ana.post(f"{GAMES}/{game['id']}/rounds", HAND)
    assert answer.status_code == 201, answer.json
    game = answer.json
    hand = game["rounds"][0]
    assert hand["bids"] == [3, "nil", 4, 2] and hand["tricks"] == [3, 0, 5, 5]
    assert hand["side_scores"] == [71, 123] and hand["bags"] == [1, 3]
    assert hand["scores"] == [71, 123, 71, 123]
    assert game["totals"] == [71, 123, 71, 123]
    assert game["sides"][1] == {"seats": [1, 3], "total": 123, "bags": 3}
    assert game["next"] == {"number": 2, "dealer": 1, "cards": 13, "first_bidder": 2}
    check_response(spec_document(client), "/games/{game_id}/rounds", "post", answer)


def test_a_bid_of_0_is_nil_and_blind_nil_needs_the_option(ana: Any) -> None:
    game = new_spades(ana, blind_nil=True)
    hand = {"bids": [0, "blind_nil", 5, 4], "tricks": [0, 0, 7, 6]}
    answer = ana.post(f"{GAMES}/{game['id']}/rounds", hand)
    assert answer.status_code == 201, answer.json
    row = answer.json["rounds"][0]
    # Ana's nil +100 and Cai's 5 made with 2 over: 152; Ben's blind nil +200 and Dee's 4
    # with 2 over: 242.
    assert row["bids"] == ["nil", "blind_nil", 5, 4] and row["side_scores"] == [152, 242]
    plain = new_spades(ana)
    refused = ana.post(f"{GAMES}/{plain['id']}/rounds", hand)
    assert "blind nil" in assert_refused(refused, "bids")[0]["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["Ana", "Ben", "Cai"]}, "players"),
        ({"players": [*NAMES, "Eve"]}, "players"),
        ({"options": {"target": 99}}, "target"),
        ({"options": {"target": 1001}}, "target"),
        ({"options": {"blind_nil": "yes"}}, "blind_nil"),
        ({"options": {"bag_penalty": 1}}, "bag_penalty"),
    ],
    ids=["three", "five", "target-low", "target-high", "blind-nil-word", "bag-penalty-number"],
)
def test_a_new_game_refuses(ana: Any, body: dict[str, Any], field: str) -> None:
    answer = ana.post(GAMES, {"game": "spades", "players": NAMES, **body})
    assert_refused(answer, field)


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"bids": [3, "nil", 4, 14], "tricks": [3, 0, 5, 5]}, "bids"),
        ({"bids": [3, "nul", 4, 2], "tricks": [3, 0, 5, 5]}, "bids"),
        ({"bids": [3, "nil", 4], "tricks": [3, 0, 5, 5]}, "bids"),
        ({"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5, 4]}, "tricks"),
        ({"bids": [3, "nil", 4, 2], "tricks": [3, 0, 14, -1]}, "tricks"),
    ],
    ids=["bid-14", "bid-word", "three-bids", "tricks-12", "tricks-14"],
)
def test_a_hand_refuses_and_stores_nothing(ana: Any, hand: dict[str, Any], field: str) -> None:
    game = new_spades(ana)
    assert_refused(ana.post(f"{GAMES}/{game['id']}/rounds", hand), field)
    assert fetch(ana, game["id"])["rounds"] == []


def test_bids_said_first_then_the_tricks_alone_complete_the_hand(ana: Any) -> None:
    game = new_spades(ana)
    url = f"{GAMES}/{game['id']}"
    said = ana.put(f"{url}/pending", {"number": 1, "bids": [3, 0, 4, 2]})
    assert said.status_code == 200, said.json
    pending = said.json["pending"]
    assert pending["bids"] == [3, "nil", 4, 2] and pending["over_under"] == -4
    assert_refused(ana.put(f"{url}/pending", {"number": 1, "bids": [3, 0, 4, 15]}), "bids")
    done = ana.post(f"{url}/rounds", {"number": 1, "tricks": [3, 0, 5, 5]})
    assert done.status_code == 201, done.json
    assert done.json["pending"] is None and done.json["rounds"][0]["side_scores"] == [71, 123]


def test_the_winning_side_is_the_winners(ana: Any) -> None:
    game = new_spades(ana, target=100)
    answer = ana.post(
        f"{GAMES}/{game['id']}/rounds", {"bids": [6, 2, 5, 1], "tricks": [6, 1, 5, 1]}
    )
    assert answer.status_code == 201, answer.json
    game = answer.json
    # Ana and Cai: 11 bid, 11 taken: 110; Ben and Dee broke 3: −30.
    assert game["finished"] and game["winners"] == [0, 2] and game["next"] is None
    assert game["sides"] == [
        {"seats": [0, 2], "total": 110, "bags": 0},
        {"seats": [1, 3], "total": -30, "bags": 0},
    ]


def test_the_referee_knows_spades_are_trump_and_when_they_are_broken(ana: Any) -> None:
    trick = ana.post("/api/v1/referee/trick", {"game": "spades", "plays": ["ah", "2s", "kh"]})
    assert trick.status_code == 200 and trick.json["winner"] == 1
    ask = {"game": "spades", "plays": [], "hand": ["as", "3d"], "card": "as"}
    assert ana.post("/api/v1/referee/play", ask).json["legal"] is False
    assert ana.post("/api/v1/referee/play", {**ask, "broken": True}).json["legal"] is True
    only = {**ask, "hand": ["as", "3s"]}
    assert ana.post("/api/v1/referee/play", only).json["legal"] is True
    assert_refused(ana.post("/api/v1/referee/play", {**ask, "broken": "yes"}), "broken")
    # Another game takes no such flag: it is not read.
    wizard = {"game": "wizard", "trump": "hearts", "plays": [], "hand": ["qs"], "card": "qs"}
    assert ana.post("/api/v1/referee/play", {**wizard, "broken": "yes"}).status_code == 200


def test_the_openapi_document_describes_sides_and_the_broken_flag(client: Any) -> None:
    document = spec_document(client)
    schemas = document["components"]["schemas"]
    assert "sides" in schemas["Game"]["properties"]
    assert {"side_scores", "bags"} <= set(schemas["Round"]["properties"])
    assert schemas["SpadesHandInput"]["example"] == HAND
    assert schemas["PlayQuestion"]["properties"]["broken"]["default"] is False


# -- the pages -----------------------------------------------------------------------------


def play_on_pages(table: Any, **taps: str) -> str:
    setup = {f"players-{seat}": name for seat, name in enumerate(NAMES)}
    setup.update(game="spades", first_dealer="0", bag_penalty="y", **taps)
    answer = table.post("/games/new", setup)
    assert answer.status_code == 302, shown(answer.get_data(as_text=True))[:2000]
    game_id: str = answer.headers["Location"].rsplit("/", 1)[-1]
    return game_id


def test_the_new_game_page_says_who_plays_with_whom(table: Any) -> None:
    page = shown(table.client.get("/games/new?game=spades").get_data(as_text=True))
    assert "seats 1 and 3 are one side, seats 2 and 4 the other" in page
    assert "Blind nil" in page and "Bag penalty" in page
    three = {f"players-{seat}": name for seat, name in enumerate(NAMES[:3])}
    refused = table.post("/games/new", {**three, "game": "spades", "first_dealer": "0"})
    assert refused.status_code == 422
    assert "Spades is played by exactly 4 players, not 3" in shown(refused.get_data(as_text=True))


def test_a_hand_on_the_round_screen_scores_by_side(table: Any) -> None:
    game_id = play_on_pages(table)
    screen = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert 'value="0"' in screen and ">nil<" in screen and "blind_nil" not in screen
    assert "with Cai" in shown(screen)  # Ana's partner, beside her name
    # A round kept on the phone is named by its game, a side at a time.
    assert 'data-game-title="Spades · Ana &amp; Cai, Ben &amp; Dee"' in screen
    taps = kind("spades").samples.round_taps({**HAND, "dealer": 0})
    answer = table.post(f"/games/{game_id}/rounds/new", taps)
    assert answer.status_code == 302
    board = shown(table.client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "1. Ben & Dee 3 bags ★ leader 123" in board and "2. Ana & Cai 1 bag 71" in board
    assert "3/3 · 4/5 +71 1 bag 71" in board and "Σ 71 1 bag 123 3 bags" in board
    assert "3/3 · 4/5" in board and "0/0 · 2/5" in board  # partner by partner


def test_a_refused_hand_says_why_beside_the_tricks(table: Any) -> None:
    game_id = play_on_pages(table)
    taps = kind("spades").samples.round_taps({"bids": [3, 0, 4, 2], "tricks": [3, 0, 5, 4]})
    answer = table.post(f"/games/{game_id}/rounds/new", taps)
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    tricks = page.split('id="at-tricks"')[1].split("</fieldset>")[0]
    assert "Tricks add up to 12, but every hand has 13 tricks" in shown(tricks)


def test_the_watch_board_and_big_board_show_sides_and_bags(table: Any) -> None:
    game_id = play_on_pages(table)
    taps = kind("spades").samples.round_taps({**HAND, "dealer": 0})
    table.post(f"/games/{game_id}/rounds/new", taps)
    table.post(f"/games/{game_id}/share")
    share = table.client.get(f"/games/{game_id}/share").get_data(as_text=True)
    link = re.search(r"https?://[^/\s\"<]+(/watch/[A-Za-z0-9_\-]+)", share)
    assert link is not None, shown(share)[:800]
    board = shown(table.client.get(link.group(1)).get_data(as_text=True))
    assert "1. Ben & Dee 3 bags 123" in board
    big = shown(table.client.get(link.group(1) + "/big").get_data(as_text=True))
    assert "Ben" in big and "Dee" in big and "3 bags" in big


def test_the_sheet_has_a_column_a_side(app: Flask) -> None:
    game = kind("spades")
    with app.test_request_context():
        blank = sheets.blank_sheet(game.rules, game.sheet, 4, names=NAMES)
        assert blank.players == ("Ana & Cai", "Ben & Dee")
        assert [sub.key for sub in blank.grid.subs] == ["bid", "took", "score", "bags", "total"]
        state = game.rules.new(NAMES).apply_round(game.rules.new(NAMES).parse_round(HAND))
        done = sheets.completed_sheet(state, game.sheet, datetime(2026, 1, 1))
        assert done.totals == ("71", "123")


def test_the_referee_page_asks_whether_spades_are_broken(table: Any) -> None:
    url = "/referee/spades/play?hand=as,3d&card=as"
    page = table.client.get(url).get_data(as_text=True)
    assert 'name="broken"' in page and "Spades are broken" in shown(page)
    assert "Spades are not broken yet and the hand holds the 3♦" in shown(page)
    broken = table.client.get(url + "&broken=1").get_data(as_text=True)
    assert "Spades are broken, so a spade may be led." in shown(broken)
    assert 'name="broken" value="1" data-autosubmit checked' in broken
    # Another game's page has no such box.
    assert 'name="broken"' not in table.client.get("/referee/wizard/play").get_data(as_text=True)


def test_the_games_csv_has_a_column_a_side_and_writes_nil(table: Any) -> None:
    game_id = play_on_pages(table)
    taps = kind("spades").samples.round_taps({**HAND, "dealer": 0})
    assert table.post(f"/games/{game_id}/rounds/new", taps).status_code == 302
    rows = list(csv.reader(io.StringIO(table.client.get(f"/games/{game_id}/export.csv").text)))
    header, hand = rows[0], dict(zip(rows[0], rows[1], strict=True))
    assert header[-6:] == [
        "Ana & Cai side scores",
        "Ana & Cai bags",
        "Ana & Cai total",
        "Ben & Dee side scores",
        "Ben & Dee bags",
        "Ben & Dee total",
    ]
    assert [hand[f"Ana & Cai {column}"] for column in ("side scores", "bags", "total")] == [
        "71",
        "1",
        "71",
    ]
    assert [hand[f"Ben & Dee {column}"] for column in ("side scores", "bags", "total")] == [
        "123",
        "3",
        "123",
    ]
    # Ben's nil as the table said it, not a bid of 0 tricks.
    assert (hand["Ben bid"], hand["Ben took"], hand["Ben score"]) == ("nil", "0", "123")
