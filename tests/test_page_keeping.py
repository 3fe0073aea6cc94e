"""What the pages keep between requests to draw faster (a round form's class, the
addresses they build) never shows one reader's page to another: the language, a static
file's new version and where the app is mounted each get their own."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from scorekeeper import assets
from scorekeeper.views import filters
from tests.conftest import Table


def refused_round(table: Table, game_id: str, language: str) -> str:
    """A round sent with the tricks and no bids, in ``language``: the page that refuses it."""
    table.client.set_cookie("language", language)
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    assert version
    answer = table.post(
        f"/games/{game_id}/rounds/new",
        {"version": version.group(1), "trump": "hearts", "turned": "h", "tricks_0": "1"},
    )
    assert answer.status_code == 422
    return str(answer.get_data(as_text=True))


def test_a_round_form_made_in_one_language_refuses_in_the_next_ones_own(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    english = refused_round(table, game_id, "en")
    welsh = refused_round(table, game_id, "cy")
    assert "Enter Ana&#39;s bid" in english or "Enter Ana's bid" in english
    assert "Rhowch gynnig Ana" in welsh
    assert "Enter Ana" not in welsh
    assert "Enter Ana" in refused_round(table, game_id, "en")


def test_a_static_files_new_version_shows_on_the_next_page(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = table.client.get("/games/new").get_data(as_text=True)
    assert re.search(r'/static/app\.css\?v=[0-9a-f]{12}"', before)
    # The file edited while the app runs: its version (its content's hash) changes.
    monkeypatch.setattr(assets, "static_version", lambda filename: "0123456789ab")
    monkeypatch.setattr(filters, "static_version", lambda filename: "0123456789ab")
    after = table.client.get("/games/new").get_data(as_text=True)
    assert '/static/app.css?v=0123456789ab"' in after


def test_an_app_mounted_under_a_path_has_its_own_addresses(app: Flask, table: Table) -> None:
    plain = table.client.get("/games/new").get_data(as_text=True)
    mounted = table.client.get("/games/new", environ_overrides={"SCRIPT_NAME": "/scores"}).get_data(
        as_text=True
    )
    assert 'href="/static/app.css?v=' in plain and 'action="/language"' in plain
    assert 'href="/scores/static/app.css?v=' in mounted and 'action="/scores/language"' in mounted
    assert 'href="/static/app.css?v=' not in mounted and 'action="/language"' not in mounted
