"""What a phone downloads: pages compressed, static files under versioned addresses
kept for a year, and the service worker's shell under the same addresses."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import brotli
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from scorekeeper.games.kinds import kind
from tests.conftest import Table

STATIC = Path(__file__).resolve().parents[1] / "static"
VERSIONED = re.compile(r'"/static/([\w./-]+)\?v=([0-9a-f]{12})"')


def test_every_static_address_on_a_page_names_the_files_content(
    table: Table, client: FlaskClient
) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    found = dict(VERSIONED.findall(page))
    assert {"app.css", "app.js", "favicon.svg"} <= set(found)
    assert 'href="/static/app.css"' not in page and 'src="/static/app.js"' not in page
    for name, version in found.items():
        assert version == hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def test_a_versioned_address_is_kept_for_a_year_and_another_is_checked_each_time(
    client: FlaskClient,
) -> None:
    page = client.get("/referee").get_data(as_text=True)
    css = next(f"/static/{n}?v={v}" for n, v in VERSIONED.findall(page) if n == "app.css")
    kept = client.get(css)
    assert kept.status_code == 200
    assert kept.cache_control.max_age == 365 * 24 * 3600
    assert kept.cache_control.immutable and kept.cache_control.public
    kept.close()
    for address in ("/static/app.css", "/static/app.css?v=000000000000"):
        checked = client.get(address)
        assert checked.status_code == 200 and checked.cache_control.no_cache, address
        assert not checked.cache_control.immutable
        checked.close()


def test_pages_travel_compressed_when_the_phone_accepts_it(
    app: Flask, table: Table, client: FlaskClient
) -> None:
    game = table.new_game(["Ana", "Ben", "Cai", "Dee"])
    url = f"/games/{game}/rounds/new"
    plain = client.get(url)
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    html = plain.get_data()
    assert len(html) > 8_000
    # The same page each time, but for the form's hidden keys (CSRF, one-time key).
    same = re.compile(rb'<input[^>]*type="hidden"[^>]*>')
    as_brotli = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert as_brotli.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in as_brotli.headers["Vary"]
    unpacked = brotli.decompress(as_brotli.get_data())
    assert len(unpacked) == len(html) and unpacked.rstrip().endswith(b"</html>")
    assert len(as_brotli.get_data()) < len(html) / 4
    as_gzip = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert as_gzip.headers["Content-Encoding"] == "gzip"
    assert same.sub(b"", gzip.decompress(as_gzip.get_data())) == same.sub(b"", html)


def test_sheets_are_not_compressed_twice(table: Table, client: FlaskClient) -> None:
    sheet = client.get("/sheets/blank.pdf?players=4", headers={"Accept-Encoding": "br, gzip"})
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    assert "Content-Encoding" not in sheet.headers
    assert sheet.get_data().startswith(b"%PDF")


def test_the_service_worker_keeps_the_shell_under_the_pages_addresses(
    client: FlaskClient,
) -> None:
    script = client.get("/sw.js").get_data(as_text=True)
    page = client.get("/referee").get_data(as_text=True)
    for name, version in VERSIONED.findall(page):
        if name in ("app.css", "app.js"):
            assert f'"/static/{name}?v={version}"' in script
    assert '"/static/app.css"' not in script
    assert re.search(r'var SHELL = "scorekeeper-shell-[0-9a-f]{12}";', script)


def test_a_changed_offline_page_names_a_new_shell(app: Flask) -> None:
    """The offline page is kept in the shell: changed, the cache's name changes too, so
    phones fetch the new one instead of showing the old for ever."""
    from jinja2 import ChoiceLoader, DictLoader

    shell = re.compile(r'var SHELL = "(scorekeeper-shell-[0-9a-f]{12})";')
    before = shell.search(app.test_client().get("/sw.js").get_data(as_text=True))
    original = app.jinja_env.loader
    assert original is not None
    changed = DictLoader({"offline.html": '{% extends "base.html" %}{# changed #}'})
    app.jinja_env.loader = ChoiceLoader([changed, original])
    try:
        after = shell.search(app.test_client().get("/sw.js").get_data(as_text=True))
    finally:
        app.jinja_env.loader = original
    assert before and after and before.group(1) != after.group(1)


def test_a_watchers_compressed_copy_of_an_unchanged_board_is_answered_304(
    app: Flask, table: Table
) -> None:
    from tests.test_query_counts import owner, play

    with app.app_context():
        record = play(owner("ana"), 4, 3)
        token = services.share_game(record)
    watcher = app.test_client()
    first = watcher.get(f"/watch/{token}", headers={"Accept-Encoding": "br"})
    assert first.headers["Content-Encoding"] == "br"
    tag = first.headers["ETag"]
    assert tag.endswith(':br"')
    again = watcher.get(f"/watch/{token}", headers={"Accept-Encoding": "br", "If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""


def test_scripts_and_styles_travel_compressed_too(client: FlaskClient) -> None:
    page = client.get("/referee").get_data(as_text=True)
    for name, version in VERSIONED.findall(page):
        if name.endswith((".js", ".css")):
            answer = client.get(f"/static/{name}?v={version}", headers={"Accept-Encoding": "br"})
            assert answer.headers["Content-Encoding"] == "br", name
            assert brotli.decompress(answer.get_data()) == (STATIC / name).read_bytes()
            answer.close()


def test_a_games_own_script_is_versioned_and_loaded_before_app_js_on_its_round_screen_only(
    table: Table, client: FlaskClient
) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])  # Wizard: its round screen has a script
    own = kind("wizard")
    assert own.script is not None and own.script_file is not None
    page = client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    version = dict(VERSIONED.findall(page))[own.script_file]
    source = Path(__file__).resolve().parents[1] / "scorekeeper" / "games" / "wizard" / "static"
    assert version == hashlib.sha256((source / own.script.file).read_bytes()).hexdigest()[:12]
    # before app.js, which asks it; its sentences on its element, in the page's language
    assert page.index(f"/static/{own.script_file}") < page.index("/static/app.js")
    element = re.search(rf'<script src="/static/{own.script_file}[^>]*>', page)
    assert element and "data-messages=" in element.group() and "tricks_bomb" in element.group()
    assert own.script_file not in client.get(f"/games/{game_id}").get_data(as_text=True)

    answer = client.get(f"/static/{own.script_file}?v={version}")
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.cache_control.immutable
    assert client.get("/static/games/wizard/../kind.py").status_code == 404
    script = client.get("/sw.js").get_data(as_text=True)
    assert f'"/static/{own.script_file}?v={version}"' in script
