"""The history pages: the games list with filters and pages, nights, players, export
and import, through the test client."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from flask import Flask
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Player, PlayerSummary, User
from tests.conftest import PASSWORD, Table


def text(response: Any) -> str:
    """The page's words, tags left out."""
    words = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return " ".join(html.unescape(words).split())


ROUND_ONE = {
    "turned": "s",
    "bid_0": "1",
    "bid_1": "0",
    "bid_2": "0",
    "tricks_0": "1",
    "tricks_1": "0",
    "tricks_2": "0",
}


def finished_game(table: Table, players: list[str]) -> str:
    game_id = table.new_game(players, rounds=1)
    assert table.post(f"/games/{game_id}/rounds/new", ROUND_ONE).status_code == 302
    return game_id


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        from scorekeeper.extensions import db

        return db.session.query(Player).filter_by(name=name).one().id


def test_the_games_list_filters_and_pages(app: Flask, table: Table) -> None:
    finished_game(table, ["Ana", "Ben", "Cai"])
    for _ in range(21):
        table.new_game(["Dee", "Eve", "Fay"])
    page = text(table.client.get("/games"))
    assert "22 games." in page and "Page 1 of 2" in page and "Older →" in page
    second = text(table.client.get("/games?page=2"))
    assert "Page 2 of 2" in second and "← Newer" in second
    finished = text(table.client.get("/games?status=finished"))
    assert "1 game found." in finished and "Won by Ana with 30" in finished
    ana = player_id(app, "Ana")
    assert "1 game found." in text(table.client.get(f"/games?player={ana}"))
    assert "No game matches" in text(table.client.get("/games?game=one_card"))
    bad = text(table.client.get("/games?since=yesterday&page=x"))
    assert "Not a valid date value" in bad and "22 games" in bad


def test_a_night_page_with_its_standings_and_edit(app: Flask, table: Table) -> None:
    game_id = finished_game(table, ["Ana", "Ben", "Cai"])
    nights = text(table.client.get("/nights"))
    night_link = re.search(
        r'href="/nights/(\d+)"', table.client.get("/nights").get_data(as_text=True)
    )
    assert night_link and "Won by Ana" in nights
    url = f"/nights/{night_link.group(1)}"
    page = table.client.get(url).get_data(as_text=True)
    assert "The night's standings" in page and f"/games/{game_id}" in page
    response = table.post(
        url, {"date": "2026-11-28", "place": "Tŷ Siôn", "note": "Cake & <b>tea</b>"}
    )
    assert response.status_code == 302
    page = table.client.get(url).get_data(as_text=True)
    assert "Saturday 28 November 2026" in page and "Tŷ Siôn" in page
    assert "&lt;b&gt;tea&lt;/b&gt;" in page
    assert table.post(url, {"date": "not a date"}).status_code == 422
    table.post("/logout")
    table.login("ben")
    assert table.client.get(url).status_code == 404


def test_a_new_game_can_join_another_night(app: Flask, table: Table) -> None:
    finished_game(table, ["Ana", "Ben", "Cai"])
    page = table.client.get("/games/new").get_data(as_text=True)
    night = re.search(r'<option value="(\d+)">', page.split('name="night"')[1]).group(1)
    response = table.post(
        "/games/new",
        {
            "players-0": "Ana",
            "players-1": "Ben",
            "players-2": "Cai",
            "first_dealer": "0",
            "night": night,
        },
    )
    assert response.status_code == 302
    response = table.post(
        "/games/new",
        {
            "players-0": "Ana",
            "players-1": "Ben",
            "players-2": "Cai",
            "first_dealer": "0",
            "night": "999",
        },
    )
    assert response.status_code == 422


def test_a_player_page_rename_and_merge(app: Flask, table: Table) -> None:
    finished_game(table, ["Ana", "Ben", "Cai"])
    finished_game(table, ["Ana", "Benny", "Dee"])
    ana, ben, benny = player_id(app, "Ana"), player_id(app, "Ben"), player_id(app, "Benny")
    page = text(table.client.get(f"/players/{ana}"))
    assert "Bid exactly in 100%" in page and "Wizard 2 2 100%" in page
    response = table.post(f"/players/{ben}", {"action": "rename", "rename-name": "Benny"})
    assert response.status_code == 422 and "already a player here" in text(response)
    response = table.post(f"/players/{ben}", {"action": "merge", "merge-other": str(benny)})
    assert response.status_code == 302
    page = text(table.client.get(f"/players/{ben}"))
    assert "Wizard 2 0 0%" in page
    assert table.client.get(f"/players/{benny}").status_code == 404
    response = table.post(f"/players/{ben}", {"action": "merge", "merge-other": str(ana)})
    assert response.status_code == 422 and "sat at the same table" in text(response)
    response = table.post(f"/players/{ben}", {"action": "rename", "rename-name": "Bendigeidfran"})
    assert response.status_code == 302
    assert "Bendigeidfran" in text(table.client.get("/players"))


def test_export_and_import_through_the_pages(app: Flask, table: Table) -> None:
    game_id = finished_game(table, ["=cmd", "Ben", "Cai"])
    exported = table.client.get("/export.json")
    assert exported.headers["Content-Disposition"].startswith("attachment;")
    document = exported.get_json(force=True)
    assert len(document["games"]) == 1
    csv_answer = table.client.get(f"/games/{game_id}/export.csv")
    assert csv_answer.mimetype == "text/csv" and "'=cmd" in csv_answer.get_data(as_text=True)
    table.post("/logout")
    table.login("ben")
    assert table.client.get(f"/games/{game_id}/export.csv").status_code == 404
    upload = {"file": (io.BytesIO(json.dumps(document).encode()), "export.json")}
    response = table.post("/import", upload, content_type="multipart/form-data")
    assert response.status_code == 302
    assert "Imported 1 game and 1 night" in text(table.client.get("/games"))
    again = {"file": (io.BytesIO(json.dumps(document).encode()), "export.json")}
    table.post("/import", again, content_type="multipart/form-data")
    assert "1 game was here already" in text(table.client.get("/games"))
    broken = {"file": (io.BytesIO(b"{not json"), "export.json")}
    response = table.post("/import", broken, content_type="multipart/form-data")
    assert response.status_code == 422 and "not readable JSON" in text(response)
    with app.app_context():
        ben = services.authenticate("ben", PASSWORD)
        assert len(services.list_games(ben)) == 1


def test_a_player_page_charts_each_game_kind_and_counts_finished_games_only(
    app: Flask, table: Table
) -> None:
    finished_game(table, ["Ana", "Ben", "Cai"])  # Ana 30, Ben 20, Cai 20
    finished_game(table, ["Ana", "Ben", "Cai"])
    running = table.new_game(["Ana", "Ben", "Dee"])
    missed = {**ROUND_ONE, "bid_0": "0", "bid_1": "1"}  # Ana bids 0 and takes the trick
    assert table.post(f"/games/{running}/rounds/new", missed).status_code == 302
    with app.app_context():
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        for points, bidder in (([10, 5], 0), ([5, 10], None)):
            game = services.create_game(ana, "one_card", ["Ana", "Ben"], options={"target": 10})
            services.record_round(
                game,
                {
                    "bidder": bidder,
                    "bid": 8 if bidder is not None else None,
                    "trump": "clubs" if bidder is not None else "none",
                    "points": points,
                    "last_trick": 0,
                },
            )
    response = table.client.get(f"/players/{player_id(app, 'Ana')}")
    page = response.get_data(as_text=True)
    # One chart a game kind, each under its game's name: no line joins their totals.
    assert re.findall(r'<figure class="chart">\s*<h3>([^<]+)</h3>', page) == ["Wizard", "One Card"]
    words = text(response)
    assert "counts finished games only" in words
    # The running game's missed bid is not counted, like its result.
    assert "Bid exactly in 100% of 2 rounds" in words
    assert "Opponent Games Ahead Level Behind" in words
    assert "Ben 4 3 0 1" in words  # ahead in both Wizard games and one One Card game
    assert "Cai 2 2 0 0" in words


def test_a_partner_is_no_opponent_on_the_player_page(app: Flask, table: Table) -> None:
    """Spades' partners finish on one total: the player page counts the players of the
    other side as opponents, never a partner (the summary kept and a fresh count alike)."""
    hand = {"bids": [6, 2, 5, 1], "tricks": [6, 1, 5, 1]}  # seats 0 and 2 make 110 and win
    with app.app_context():
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        for players in (["Ana", "Ben", "Cai", "Dee"], ["Ana", "Cai", "Ben", "Dee"]):
            game = services.create_game(ana, "spades", players, options={"target": 100})
            assert services.record_round(game, hand).state.finished
    response = table.client.get(f"/players/{player_id(app, 'Ana')}")
    words = text(response)
    assert "Spades 2 2 100% 110.0 110" in words
    # Cai was Ana's partner in the first game and Ben in the second; Dee never.
    assert "Opponent Games Ahead Level Behind Dee 2 2 0 0 Ben 1 1 0 0 Cai 1 1 0 0" in words
    with app.app_context():
        kept = db.session.get(PlayerSummary, player_id(app, "Ana"))
        assert kept is not None
        assert (
            kept.data["opponents"] == services.summarize_player(player_id(app, "Ana"))["opponents"]
        )


def test_the_games_list_and_night_name_a_game_of_partnerships_by_side(
    app: Flask, table: Table
) -> None:
    with app.app_context():
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        game = services.create_game(ana, "spades", ["Ana", "Ben", "Cai", "Dee"])
        services.record_round(game, {"bids": [6, 2, 5, 1], "tricks": [6, 1, 5, 1]})
        night_id = game.row.night_id
    listed = "Spades · Ana & Cai, Ben & Dee Hand 2 · Ana & Cai lead with 110"
    assert listed in text(table.client.get("/games"))
    assert listed in text(table.client.get("/nights"))
    night = text(table.client.get(f"/nights/{night_id}"))
    assert "Spades · Ana & Cai, Ben & Dee — not finished" in night
    assert "Hand 2 · Ana & Cai lead with 110" in night


SPADES = ["Ana", "Ben", "Cai", "Dee"]
MADE = {"bids": [6, 2, 5, 1], "tricks": [6, 1, 5, 1]}
"""Ana and Cai (seats 0 and 2) bid 11 and take 11: 110; Ben and Dee break 3: −30."""


def spades_game(app: Flask, *hands: dict[str, Any], **options: Any) -> str:
    with app.app_context():
        ana = db.session.scalar(select(User).where(User.username == "ana"))
        assert ana is not None
        game = services.create_game(ana, "spades", SPADES, options=options)
        for hand in hands:
            game = services.record_round(game, hand)
        return game.id


def test_a_game_of_partnerships_names_its_leading_side_once_with_its_total(
    app: Flask, table: Table
) -> None:
    """The side ahead, named by its players and once (not each partner), in every
    language; a seat game's leader as before."""
    spades_game(app, MADE)
    wizard = table.new_game(["Eve", "Fay", "Gus"])
    table.post(f"/games/{wizard}/rounds/new", {**ROUND_ONE, "turned": "s"})
    page = text(table.client.get("/games"))
    assert "Hand 2 · Ana & Cai lead with 110 ·" in page
    assert "Ana, Cai" not in page and "Ana & Cai, Ben & Dee lead" not in page
    assert "Round 2 of 20 · Eve leads with 30 ·" in page
    dutch = text(table.client.get("/games", headers={"Accept-Language": "nl"}))
    assert "Ana & Cai staan aan kop met 110" in dutch
    assert "Eve staat aan kop met 30" in dutch
    welsh = text(table.client.get("/games", headers={"Accept-Language": "cy"}))
    assert "Ana & Cai sydd ar y blaen gyda 110" in welsh


def test_sides_level_at_the_top_lead_together(app: Flask, table: Table) -> None:
    """Each side bids 6 in both hands and takes 7 in one of them: 121 each, both lead, a
    side at a time."""
    first = {"bids": [2, 3, 4, 3], "tricks": [3, 3, 4, 3]}  # 61 and a bag, 60
    second = {"bids": [3, 2, 3, 4], "tricks": [3, 3, 3, 4]}  # 60, 61 and a bag
    spades_game(app, first, second)
    page = text(table.client.get("/games"))
    assert "Hand 3 · Ana & Cai, Ben & Dee lead with 121 ·" in page
    greek = text(table.client.get("/games", headers={"Accept-Language": "el"}))
    assert "Προηγούνται: Ana & Cai, Ben & Dee, με 121" in greek


def test_a_finished_game_of_partnerships_is_won_by_a_side(app: Flask, table: Table) -> None:
    game_id = spades_game(app, MADE, target=100)
    listed = text(table.client.get("/games"))
    assert "Spades · Ana & Cai, Ben & Dee Won by Ana & Cai with 110" in listed
    assert "Gewonnen door Ana & Cai met 110" in text(
        table.client.get("/games", headers={"Accept-Language": "nl"})
    )
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Spades · Ana & Cai, Ben & Dee" in page
    assert "🏆 Ana & Cai win with 110 points." in page
    assert "share the win" not in page
    welsh = text(table.client.get(f"/games/{game_id}", headers={"Accept-Language": "cy"}))
    assert "🏆 Ana & Cai sy'n ennill gyda 110 pwynt." in welsh


def test_a_seat_games_winner_and_page_read_as_before(table: Table) -> None:
    game_id = finished_game(table, ["Ana", "Ben", "Cai"])
    assert "Wizard · Ana, Ben, Cai Won by Ana with 30" in text(table.client.get("/games"))
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Wizard · Ana, Ben, Cai" in page and "🏆 Ana wins with 30 points." in page
