"""A game night's PDF read back: the cover's standings (a table a game, of its finished
games, the games still being played listed apart) and winners, then each game's sheet
with its own numbers, each on a page of its own; what is typed printed as text; another
account's night not found; the night's page with the cover's standings."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper import pdf, services
from scorekeeper.extensions import db
from scorekeeper.models import Game, Night
from tests.conftest import PASSWORD, Table
from tests.rules import recorded as recorded_games
from tests.test_pdf import ReadPdf, figures, read_pdf, recorded, state_of, store

pytestmark = pytest.mark.data_layer

GAMES = ["wizard-4p-short", "one-card-3p", "wizard-6p-hook"]
"""Tonight's games, in the order they were played (Ben plays in two)."""


def night_of(app: Flask, game_id: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Game.night_id).where(Game.id == game_id))


@pytest.fixture
def tonight(table: Table) -> dict[str, Any]:
    games = [recorded(recorded_games.sheet(f"{name}.json")) for name in GAMES]
    ids = [store(table.app, game) for game in games]
    return {"games": games, "ids": ids, "night": night_of(table.app, ids[0])}


def night_pdf(table: Table, night_id: int, **query: str) -> ReadPdf:
    response = table.client.get(f"/nights/{night_id}/sheet.pdf", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    assert response.mimetype == "application/pdf"
    return read_pdf(response.data)


def without_footer(lines: list[str]) -> list[str]:
    """A page's lines but its footer: "page 2 of 4" in the night, "1 of 1" alone (read
    back on one line with whatever shares its height)."""
    footer = re.compile(r"\s*Scorekeeper · page \d+ of \d+\s*")
    return [kept for line in lines if (kept := footer.sub(" ", line).strip())]


def standings_of(cover: list[str]) -> list[str]:
    """The cover's lines from its standings' heading to its games' results (a Devanagari
    name read back with a space after it, taken out)."""
    lines = cover[cover.index("STANDINGS") + 1 : cover.index("GAMES", cover.index("STANDINGS"))]
    return [line.replace(" ,", ",") for line in lines]


def rows_of(games: list[dict[str, Any]]) -> list[str]:
    """A standings table's rows as printed, worked out from finished recorded games of one
    game: by wins, then points; the rank shared on a tie."""
    players: dict[str, list[int]] = {}
    for game in games:
        for seat, name in enumerate(game["players"]):
            played = players.setdefault(name, [0, 0, 0])
            played[0] += 1
            played[1] += seat in game["winners"]
            played[2] += game["totals"][seat]
    ordered = sorted(players.items(), key=lambda p: (-p[1][1], -p[1][2], p[0].lower()))
    rows, rank, before = [], 0, None
    for place, (name, (played, wins, points)) in enumerate(ordered, start=1):
        rank = rank if (wins, points) == before else place
        before = (wins, points)
        rows.append(f"{rank}. {name} {played} {wins} {figures([points])[0]}")
    return rows


HEADER = "Rank Player Games Wins Points"


def test_the_cover_has_a_table_a_game_and_each_games_winners(
    table: Table, tonight: dict[str, Any]
) -> None:
    document = night_pdf(table, tonight["night"])
    cover = document.pages[0].lines
    assert cover[0].startswith("Game night")
    wizards = [g for g in tonight["games"] if g["game"] == "wizard"]
    one_card = [g for g in tonight["games"] if g["game"] == "one_card"]
    # Ben plays Wizard and One Card: a row in each table, his points never added up.
    assert standings_of(cover) == [
        "Wizard",
        HEADER,
        *rows_of(wizards),
        "One Card",
        HEADER,
        *rows_of(one_card),
    ]
    # Each game's result, in the order they were played.
    results = [line for line in cover if "★" in line]
    assert len(results) == 3
    for line, game in zip(results, tonight["games"], strict=True):
        winners = [game["players"][seat] for seat in game["winners"]]
        verb = "share the win" if len(winners) > 1 else "wins"
        total = figures([game["totals"][game["winners"][0]]])[0]
        assert line.endswith(f"★ {' and '.join(winners)} {verb} with {total}"), line


def test_the_cover_names_a_game_of_partnerships_a_side_at_a_time(table: Table) -> None:
    """Partners win as one side, named together ("Siân & Ελένη win with 585"), as their
    game's own sheet says; they share no win."""
    game = recorded(recorded_games.sheet("spades-4p.json"))
    game_id = store(table.app, game)
    cover = night_pdf(table, night_of(table.app, game_id)).pages[0].lines
    (result,) = [line for line in cover if "★" in line]
    assert "Siân & Ελένη, Bram & Dee" in result
    assert result.endswith("★ Siân & Ελένη win with 585"), result
    sheet = read_pdf(table.client.get(f"/games/{game_id}/sheet.pdf").data)
    assert "RESULT Siân & Ελένη win with 585" in " ".join(sheet.text.split())  # may wrap


@pytest.fixture
def mixed(table: Table) -> dict[str, Any]:
    """A finished Wizard game, a finished One Card game, then a Wizard game at round 7
    of 10 (Ben in it too, with 110 points so far)."""
    games = [recorded(recorded_games.sheet(f"{name}.json")) for name in GAMES]
    games[2]["rounds"] = games[2]["rounds"][:6]
    ids = [store(table.app, game) for game in games]
    return {"games": games, "ids": ids, "night": night_of(table.app, ids[0])}


def test_a_game_still_being_played_is_listed_apart_and_counted_nowhere(
    table: Table, mixed: dict[str, Any]
) -> None:
    document = night_pdf(table, mixed["night"])
    cover = document.pages[0].lines
    wizard, one_card, running = mixed["games"]
    assert state_of(running).totals[1] == 110  # Ben's, in no table: One Card's 25 alone
    assert standings_of(cover) == [
        "Wizard",
        HEADER,
        *rows_of([wizard]),
        "One Card",
        HEADER,
        *rows_of([one_card]),
        "Not counted",
        f"3. Wizard · {', '.join(running['players'])} — not finished: Round 7 of 10 to play",
    ]
    results = [line for line in cover if line.startswith(("1. ", "2. ", "3. "))]
    assert results[-1].endswith("Round 7 of 10 to play")  # its result, as every game's
    alone = [table.client.get(f"/games/{game_id}/sheet.pdf").data for game_id in mixed["ids"]]
    # and its sheet, as every game's
    assert len(document.pages) == 1 + sum(len(read_pdf(body).pages) for body in alone)


def test_each_game_follows_on_its_own_page_with_its_numbers(
    table: Table, tonight: dict[str, Any]
) -> None:
    document = night_pdf(table, tonight["night"])
    assert len(document.pages) == 1 + len(GAMES)  # the cover, then a page a game
    for page, game in zip(document.pages[1:], tonight["games"], strict=True):
        title = "Wizard" if game["game"] == "wizard" else "One Card"
        assert page.lines[0] == f"{title} score sheet"
        totals = next(line for line in page.lines if line.startswith("Total ")).split()[1:]
        assert [t for t in totals if t != "★"] == figures(game["totals"])
        first = state_of(game).scored_rounds[0]
        line = next(line for line in page.lines if line.startswith("1 "))
        assert line.split()[-1] == figures([first.totals[-1]])[0]  # the last seat's total
    # The sheets are the games' own sheets: the same lines as each printed alone.
    for page, game_id in zip(document.pages[1:], tonight["ids"], strict=True):
        alone = read_pdf(table.client.get(f"/games/{game_id}/sheet.pdf").data)
        assert without_footer(page.lines) == without_footer(alone.pages[0].lines)


def test_a_night_on_letter_paper_and_a_game_still_being_played(table: Table) -> None:
    game = recorded(recorded_games.sheet("wizard-3p-full.json"))
    game["rounds"] = game["rounds"][:3]
    game_id = store(table.app, game)
    night_id = night_of(table.app, game_id)
    document = night_pdf(table, night_id, paper="letter")
    alone = read_pdf(table.client.get(f"/games/{game_id}/sheet.pdf?paper=letter").data)
    assert len(document.pages) == 1 + len(alone.pages)
    assert standings_of(document.pages[0].lines) == [
        "No game of the night is finished yet: the standings count finished games only.",
        "Not counted",
        "1. Wizard · Siôn, Ŵyn, Νίκος — not finished: Round 4 of 20 to play",
    ]
    assert any(line.endswith("Round 4 of 20 to play") for line in document.pages[0].lines)
    assert "BEING PLAYED 3 of 20 rounds so far" in document.text


def test_what_was_typed_prints_as_text_never_as_markup(table: Table) -> None:
    names = ["<script>alert(1)</script>", "A & B", "<b>Ben</b>"]
    game = recorded(recorded_games.sheet("wizard-4p-short.json"))
    game["players"] = [*names, "Dee"]
    night_id = night_of(table.app, store(table.app, game))
    place, note = "<script>alert('place')</script>", "Bring <i>snacks</i> & cards"
    with table.app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        assert ana is not None
        night = db.session.get(Night, night_id)
        assert night is not None
        services.update_night(ana, night_id, night.date, place, note)
    document = night_pdf(table, night_id)
    cover = "\n".join(document.pages[0].lines)
    for text in [*names, place, note]:
        assert text in cover
    sheet = "\n".join(document.pages[1].lines)
    for name in names:  # a name too long for its column is broken over two lines
        assert name[:16] in sheet


def test_another_accounts_night_is_not_found(table: Table) -> None:
    game_id = store(table.app, recorded(recorded_games.sheet("one-card-2p.json")), username="ben")
    night_id = night_of(table.app, game_id)
    assert table.client.get(f"/nights/{night_id}/sheet.pdf").status_code == 404
    assert table.client.get("/nights/999999/sheet.pdf").status_code == 404
    visitor = table.app.test_client()
    assert visitor.get(f"/nights/{night_id}/sheet.pdf").status_code == 302  # to the login


def test_a_finished_nights_pdf_is_kept_until_the_night_changes(
    table: Table, tonight: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    renders = []
    render = pdf.render_pdf

    def counted(*args: Any, **kwargs: Any) -> bytes:
        renders.append(1)
        return render(*args, **kwargs)

    monkeypatch.setattr(pdf, "render_pdf", counted)
    url = f"/nights/{tonight['night']}/sheet.pdf"
    first = table.client.get(url)
    assert table.client.get(url).data == first.data
    assert len(renders) == 1
    assert (
        table.client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    )
    with table.app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        assert ana is not None
        night = db.session.get(Night, tonight["night"])
        assert night is not None
        services.update_night(ana, night.id, night.date, "Caerdydd", "")
    again = table.client.get(url)
    assert len(renders) == 2 and again.headers["ETag"] != first.headers["ETag"]
    assert "Place Caerdydd" in " ".join(read_pdf(again.data).pages[0].lines).replace(
        "PLACE", "Place"
    )


def test_the_night_page_links_to_its_pdf(table: Table, tonight: dict[str, Any]) -> None:
    page = table.client.get(f"/nights/{tonight['night']}").get_data(as_text=True)
    # A form to open it in the browser or download it, on the paper chosen.
    assert f'action="/nights/{tonight["night"]}/sheet.pdf"' in page
    assert 'name="paper"' in page and 'name="download" value="1"' in page


def test_the_night_page_shows_the_covers_standings(table: Table, mixed: dict[str, Any]) -> None:
    page = table.client.get(f"/nights/{mixed['night']}").get_data(as_text=True)
    section = page.split('id="standings-title"')[1].split("</section>")[0]

    def words(markup: str) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())

    headings = [words(h) for h in re.findall(r"<h3[^>]*>(.*?)</h3>", section, re.S)]
    assert headings == ["Wizard", "One Card", "Not counted"]
    tables = [
        [words(row) for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
        for body in re.findall(r"<tbody>(.*?)</tbody>", section, re.S)
    ]
    wizard, one_card, running = mixed["games"]
    assert tables == [rows_of([wizard]), rows_of([one_card])]
    listed = [words(item) for item in re.findall(r"<li>(.*?)</li>", section, re.S)]
    assert listed == [
        f"Wizard · {', '.join(running['players'])} — not finished: Round 7 of 10 to play"
    ]
    assert f'href="/games/{mixed["ids"][2]}"' in section
