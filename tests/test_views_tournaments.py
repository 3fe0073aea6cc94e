"""The tournament's pages: the organiser's, a table's scorekeeper link, the hall's screen
and the printed standings."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask

from scorekeeper.games.kinds import KINDS
from tests.conftest import Table, csrf_token, stored_state

NAMES = ["Ana", "Ben", "Cai", "Dai", "Eli", "<b>Fay</b>"]


def make(table: Table, **fields: Any) -> str:
    page = table.client.get("/tournaments/new?game=wizard")
    assert page.status_code == 200
    data = {
        "game": "wizard",
        "name": "Club night",
        "date": "2026-12-07",
        "stages": "2",
        "table_size": "3",
        "ranking": "scores",
        "final_size": "3",
        "players": "\n".join(NAMES),
        "schedule": "tournament",
        **fields,
    }
    answer = table.post("/tournaments/new", data)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return str(answer.headers["Location"])


def links(page: str, mark: str) -> list[str]:
    return re.findall(rf'<a href="([^"]+)" {mark}>', page)


def test_make_draw_and_keep_a_table_by_its_link(table: Table, app: Flask) -> None:
    url = make(table)
    page = table.client.get(url).get_data(as_text=True)
    assert "&lt;b&gt;Fay&lt;/b&gt;" in page and "<b>Fay</b>" not in page
    drawn = table.post(f"{url}/draw")
    assert drawn.status_code == 302
    page = table.client.get(url).get_data(as_text=True)
    assert "Stage 1 is drawn." in page
    keeper_links = links(page, "data-keeper-link")
    assert len(keeper_links) == 2
    # A phone without an account opens the table's round screen.
    phone = app.test_client()
    opened = phone.get(keeper_links[0])
    assert opened.status_code == 302 and "/rounds/new" in opened.headers["Location"]
    game_path = opened.headers["Location"]
    screen = phone.get(game_path)
    assert screen.status_code == 200, screen.headers
    shown = screen.get_data(as_text=True)
    assert "data-round" in shown or "<form" in shown, shown[:3000]
    token = csrf_token(shown)
    game_id = game_path.split("/")[2]
    with app.app_context():
        dealer = stored_state(app, game_id).next_round.dealer
    hidden = dict(re.findall(r'name="([^"]+)" type="hidden" value="([^"]*)"', shown))
    taps = KINDS["wizard"].samples.round_taps(
        {"dealer": dealer, "trump": "clubs", "turned": "9c", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    )
    saved = phone.post(game_path, data={**hidden, **taps, "csrf_token": token})
    assert saved.status_code == 302, saved.get_data(as_text=True)[:2000]
    standings = table.client.get(url).get_data(as_text=True)
    assert ">30<" in standings
    # Only that game: another table's round screen is not this phone's.
    other = table.client.get(keeper_links[1])
    assert other.status_code == 302
    other_game = other.headers["Location"]
    assert phone.get(other_game).status_code in (302, 401, 404)
    # Taken back: the link and the phone's session open nothing any more.
    table_ids = re.findall(r"/tables/(\d+)/link", page)
    revoked = table.post(f"{url}/tables/{table_ids[0]}/link", {"revoke": "1"})
    assert revoked.status_code == 302
    assert phone.get(keeper_links[0]).status_code == 404
    assert phone.get(game_path).status_code in (302, 401, 404)
    assert token


def test_every_post_needs_its_csrf_token(table: Table) -> None:
    url = make(table)
    assert table.client.post(f"{url}/draw").status_code == 400
    assert table.client.post(f"{url}/screen").status_code == 400


def test_the_hall_screen_follows_and_can_be_stopped(table: Table, app: Flask) -> None:
    url = make(table)
    table.post(f"{url}/draw")
    table.post(f"{url}/screen")
    page = table.client.get(url).get_data(as_text=True)
    (screen,) = links(page, "data-screen-link")
    hall = app.test_client()
    shown = hall.get(screen)
    assert shown.status_code == 200
    assert "&lt;b&gt;Fay&lt;/b&gt;" in shown.get_data(as_text=True)
    stamp = hall.get(screen + "/version").json["version"]
    assert f'data-version="{stamp}"' in shown.get_data(as_text=True)
    table.post(f"{url}/screen", {"stop": "1"})
    assert hall.get(screen).status_code == 404
    assert hall.get(screen + "/version").status_code == 404


def test_refusals_on_the_page_keep_what_was_typed(table: Table) -> None:
    table.client.get("/tournaments/new")
    answer = table.post(
        "/tournaments/new",
        {
            "game": "wizard",
            "name": "Cup",
            "date": "2026-12-07",
            "stages": "1",
            "table_size": "9",
            "ranking": "scores",
            "final_size": "0",
            "players": "Ana\nAna",
        },
    )
    assert answer.status_code == 422
    said = html.unescape(answer.get_data(as_text=True))
    assert "tables seat 3 to 6 players" in said
    assert "Cup" in said


def test_another_account_sees_no_such_tournament(table: Table, app: Flask) -> None:
    url = make(table)
    ben = Table(app, app.test_client())
    ben.login("ben")
    assert ben.client.get(url).status_code == 404
    assert ben.client.get(f"{url}/standings.pdf").status_code == 404
    assert ben.post(f"{url}/draw").status_code == 404


def test_the_printed_standings(table: Table) -> None:
    url = make(table)
    table.post(f"{url}/draw")
    answer = table.client.get(f"{url}/standings.pdf")
    assert answer.status_code == 200
    assert answer.mimetype == "application/pdf"
    assert answer.data.startswith(b"%PDF")
