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


def shared_screen(table: Table) -> tuple[str, str]:
    """A tournament drawn and its screen shared: the organiser's page and the screen's."""
    url = make(table)
    table.post(f"{url}/draw")
    table.post(f"{url}/screen")
    (screen,) = links(table.client.get(url).get_data(as_text=True), "data-screen-link")
    return url, screen


def player_id(app: Flask, name: str) -> int:
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import Player

    with app.app_context():
        found = db.session.scalar(select(Player.id).where(Player.name == name))
        assert found is not None
        return found


def test_the_hall_screen_shows_a_player_renamed_while_it_was_kept(table: Table, app: Flask) -> None:
    app.config["STANDINGS_STAMP_SECONDS"] = 0  # every poll reads the stamp
    url, screen = shared_screen(table)
    hall = app.test_client()
    first = hall.get(screen).get_data(as_text=True)
    assert ">Cai<" in first
    assert hall.get(screen).get_data(as_text=True) == first  # kept, drawn once
    stamp = hall.get(screen + "/version").json["version"]
    renamed = table.post(
        f"/players/{player_id(app, 'Cai')}", {"action": "rename", "rename-name": "Iolo"}
    )
    assert renamed.status_code == 302
    now = hall.get(screen + "/version").json["version"]
    assert now != stamp
    page = hall.get(screen).get_data(as_text=True)
    assert ">Iolo<" in page and "Cai" not in page
    assert f'data-version="{now}"' in page
    # The organiser's page, its standings kept as well, shows it too.
    assert ">Iolo<" in table.client.get(url).get_data(as_text=True)


def test_a_screen_that_has_the_page_is_answered_304(table: Table, app: Flask) -> None:
    app.config["STANDINGS_STAMP_SECONDS"] = 0
    _url, screen = shared_screen(table)
    hall = app.test_client()
    first = hall.get(screen)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = hall.get(screen, headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.get_data()
    table.post(f"/players/{player_id(app, 'Ana')}", {"action": "rename", "rename-name": "Anwen"})
    changed = hall.get(screen, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert ">Anwen<" in changed.get_data(as_text=True)
    # Another language is another page.
    welsh = hall.get(screen, headers={"If-None-Match": tag, "Accept-Language": "cy"})
    assert welsh.status_code == 200


def test_the_stamp_a_worker_answers_is_at_most_seconds_old(table: Table, app: Flask) -> None:
    """Every screen asks every few seconds: the stamp is answered from memory for
    STANDINGS_STAMP_SECONDS (no session, no login, no query), and only delays a change;
    the page itself is drawn from what is stored."""
    import sqlalchemy as sa

    from scorekeeper.extensions import db
    from scorekeeper.views.tournaments import kept_stamps

    app.config["STANDINGS_STAMP_SECONDS"] = 3600
    url, screen = shared_screen(table)
    hall = app.test_client()
    stamp = hall.get(screen + "/version").json["version"]
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        polled = hall.get(screen + "/version")
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)
    assert polled.json["version"] == stamp and statements == []
    assert "Set-Cookie" not in polled.headers
    table.post(f"/players/{player_id(app, 'Ben')}", {"action": "rename", "rename-name": "Bryn"})
    assert hall.get(screen + "/version").json["version"] == stamp  # kept: a reload later
    page = hall.get(screen).get_data(as_text=True)
    assert ">Bryn<" in page and f'data-version="{stamp}"' not in page
    with app.app_context():
        kept_stamps()._stamps.clear()  # as when the kept one is too old
    assert hall.get(screen + "/version").json["version"] != stamp
    # A link taken back opens nothing at once, whatever stamp is kept.
    table.post(f"{url}/screen", {"stop": "1"})
    assert hall.get(screen).status_code == 404


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


def plan_of(page: str) -> dict[str, str]:
    """The change page's fields as it shows them."""
    fields = dict(re.findall(r'<input [^>]*?name="(\w+)"[^>]*? value="([^"]*)"', page))
    fields |= dict(re.findall(r'<input [^>]*?value="([^"]*)"[^>]*? name="(\w+)"', page)[::-1])
    chosen = re.search(r'<option selected value="(\w+)"|<option value="(\w+)" selected', page)
    assert chosen is not None
    fields["ranking"] = chosen.group(1) or chosen.group(2)
    return {k: html.unescape(v) for k, v in fields.items() if k != "csrf_token"}


def test_the_organiser_changes_the_name_ranking_and_plan(table: Table, app: Flask) -> None:
    app.config["STANDINGS_STAMP_SECONDS"] = 0  # every poll reads the stamp
    url, screen = shared_screen(table)
    page = table.client.get(url).get_data(as_text=True)
    (edit,) = links(page, "data-edit")
    shown = table.client.get(edit)
    assert shown.status_code == 200
    form = shown.get_data(as_text=True)
    assert 'value="Club night"' in form and 'value="2026-12-07"' in form
    hall = app.test_client()
    stamp = hall.get(screen + "/version").json["version"]

    changed = table.post(
        edit,
        {
            "name": "Club night <i>cup</i>",
            "date": "2026-12-08",
            "stages": "3",
            "table_size": "3",
            "ranking": "placement",
            "final_size": "0",
        },
    )
    assert changed.status_code == 302 and changed.headers["Location"] == url
    page = html.unescape(table.client.get(url).get_data(as_text=True))
    assert "The tournament is changed." in page
    assert "Club night <i>cup</i>" in page  # unescaped here: the page escaped it
    assert "<i>cup</i>" not in table.client.get(url).get_data(as_text=True)
    assert "ranked by places at each table" in page
    assert "Draw stage 2 of 3" in page
    # The hall's screen follows.
    assert hall.get(screen + "/version").json["version"] != stamp
    assert "Club night &lt;i&gt;cup&lt;/i&gt;" in hall.get(screen).get_data(as_text=True)

    # One stage is drawn: fewer is refused beside the field, what was typed kept.
    table.post(edit, {"name": "x", "date": "2026-12-08", "stages": "2", "table_size": "3"})
    refused = table.post(
        edit,
        {"name": "Kept", "date": "2026-12-08", "stages": "0", "table_size": "9", "ranking": "x"},
    )
    assert refused.status_code == 422
    said = html.unescape(refused.get_data(as_text=True))
    assert 'value="Kept"' in said
    assert "Number must be between 1 and 12." in said
    assert "Not a valid choice." in said
    page = html.unescape(table.client.get(url).get_data(as_text=True))
    assert "<h1>Kept</h1>" not in page and "<h1>x</h1>" in page


def test_a_change_the_drawn_stages_forbid_is_said_beside_its_field(table: Table) -> None:
    url = make(table, stages="1", final_size="0")
    table.post(f"{url}/draw")
    answer = table.post(
        f"{url}/edit",
        {
            "name": "Club night",
            "date": "2026-12-07",
            "stages": "1",
            "table_size": "4",
            "ranking": "scores",
            "final_size": "7",
        },
    )
    assert answer.status_code == 422
    said = html.unescape(answer.get_data(as_text=True))
    assert "The final table seats 3 to 6 players, or 0 for no final" in said
    assert table.client.post(f"{url}/edit", data={"name": "x"}).status_code == 400  # no CSRF


def test_the_change_page_in_another_language_and_for_another_account(
    table: Table, app: Flask
) -> None:
    url = make(table)
    table.client.set_cookie("language", "cy")
    page = table.client.get(f"{url}/edit").get_data(as_text=True)
    assert '<html lang="cy"' in page
    assert "Change the tournament" not in page
    ben = Table(app, app.test_client())
    ben.login("ben")
    assert ben.client.get(f"{url}/edit").status_code == 404
    assert ben.post(f"{url}/edit", {"name": "Mine"}).status_code == 404
