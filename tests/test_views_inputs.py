"""Every input is what it says: every page of the app, walked through its URL map logged out
and logged in, has no attribute written from a Python ``None`` (``type="None"`` draws a
password box as a text box showing the password) and every password box is a password box
that a password manager recognises."""

from __future__ import annotations

import itertools
from datetime import date, timedelta
from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.services import seasons, tournaments
from tests.conftest import PASSWORD, Table, csrf_token

PASSWORD_AUTOCOMPLETE = {"current-password", "new-password"}


class Inputs(HTMLParser):
    """The faults of one page: attributes valued "None", password boxes that are not."""

    def __init__(self) -> None:
        super().__init__()
        self.faults: list[str] = []
        self.password_boxes = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if value == "None":
                self.faults.append(f'<{tag} {name}="None">')
        if tag != "input":
            return
        name = values.get("name") or ""
        kind = values.get("type") or "text"
        if "password" in name or name == "confirm" or kind == "password":
            self.password_boxes += 1
            if kind != "password":
                self.faults.append(f'<input name="{name}" type="{kind}">: not a password box')
            if values.get("autocomplete") not in PASSWORD_AUTOCOMPLETE:
                self.faults.append(
                    f'<input name="{name}" autocomplete="{values.get("autocomplete")}">:'
                    " a password box without current-password or new-password"
                )
        if values.get("autocomplete") == "username" and kind != "text":
            self.faults.append(f'<input name="{name}" type="{kind}">: a username box')


def faults(html: str) -> tuple[list[str], int]:
    parser = Inputs()
    parser.feed(html)
    return parser.faults, parser.password_boxes


def data_behind(app: Flask) -> dict[str, list[str]]:
    """A game of each kind with rounds, a night, a player and a watch link: the values
    each URL argument of the map is filled with."""
    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        assert ana is not None
        wizard = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"])
        wizard = services.record_round(
            wizard, {"trump": "hearts", "bids": [1, 0, 1], "tricks": [1, 0, 0]}
        )
        one_card = services.create_game(ana, "one_card", ["Ana", "Dai"])
        one_card = services.record_round(
            one_card, {"bidder": 0, "bid": 8, "trump": "clubs", "points": [9, 6], "last_trick": 0}
        )
        token = services.share_game(wizard)
        cup = tournaments.create_tournament(
            ana,
            tournaments.Plan(
                name="Cup",
                date="2026-12-07",
                kind="wizard",
                options={"rounds": 1},
                stages=1,
                table_size=3,
                ranking="placement",
                final_size=0,
                players=["Ana", "Ben", "Cai"],
            ),
        )
        tournaments.draw_stage(cup, seed=1)
        today = date.today()
        season = seasons.create_season(
            ana, "Winter", "wizard", today - timedelta(days=2), today + timedelta(days=2)
        )
        values = {
            "game_id": [wizard.id, one_card.id],
            "number": ["1"],
            "night_id": [str(wizard.row.night_id)],
            "player_id": [str(wizard.row.seats[0].player_id)],
            "token": [token],
            "game": ["wizard", "one_card"],
            "code": ["4821093755", "nosuchcode"],
            "tournament_id": [str(cup.id)],
            "season_id": [str(season.id)],
        }
        db.session.remove()
    return values


def every_page(app: Flask, values: dict[str, list[str]]) -> list[str]:
    """Every address of the URL map that answers GET, with each of its arguments filled."""
    paths = set()
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.endpoint == "static":
            continue
        names = sorted(rule.arguments)
        missing = [name for name in names if name not in values]
        assert not missing, f"{rule.rule}: no test value for {missing}"
        for combination in itertools.product(*(values[name] for name in names)):
            path = rule.rule
            for name, value in zip(names, combination, strict=True):
                path = path.replace(f"<{name}>", value).replace(f"<int:{name}>", value)
            paths.add(path)
    return sorted(paths)


def walk(client: FlaskClient, paths: list[str]) -> tuple[dict[str, list[str]], int, int]:
    found: dict[str, list[str]] = {}
    pages = boxes = 0
    for path in paths:
        response = client.get(path, follow_redirects=True)
        if response.mimetype != "text/html":
            continue
        pages += 1
        problems, count = faults(response.get_data(as_text=True))
        boxes += count
        if problems:
            found[path] = problems
    return found, pages, boxes


def test_the_first_account_page_has_real_password_boxes(client: FlaskClient) -> None:
    page = client.get("/welcome")
    problems, boxes = faults(page.get_data(as_text=True))
    assert problems == []
    assert boxes == 2


def test_every_page_logged_out_and_in(app: Flask, client: FlaskClient, table: Table) -> None:
    paths = every_page(app, data_behind(app))
    assert "/login" in paths and "/welcome" in paths
    found_in, pages_in, _ = walk(client, paths)
    client.post("/logout", data={"csrf_token": table.token})
    found_out, pages_out, boxes_out = walk(client, paths)
    assert found_in == {}
    assert found_out == {}
    assert pages_in > 20 and pages_out > 10
    assert boxes_out > 0  # the login page (every account page leads to it) was seen


def test_fields_with_errors_say_so_without_none(client: FlaskClient, table: Table) -> None:
    """aria-invalid is "true" on a refused field and absent elsewhere, never "None"."""
    client.post("/logout", data={"csrf_token": table.token})
    page = client.get("/login")
    response = client.post(
        "/login",
        data={"username": "ana", "password": "wrong", "csrf_token": csrf_token(page.text)},
    )
    html = response.get_data(as_text=True)
    assert faults(html) == ([], 1)
    assert 'aria-invalid="true"' in html


def test_the_night_and_rename_boxes_are_plain_text(app: Flask, table: Table) -> None:
    values = data_behind(app)
    for path in (f"/nights/{values['night_id'][0]}", f"/players/{values['player_id'][0]}"):
        html = table.client.get(path).get_data(as_text=True)
        assert faults(html) == ([], 0)
        assert 'type="None"' not in html
