"""Sheets that cannot eat the server: one font configuration a thread (memory stays flat),
a time limit on every render, blank sheets without names kept once made, and a visitor
without an account limited in how many blank sheets they have made a minute."""

from __future__ import annotations

import contextlib
import html
import json
import re
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template
from flask.testing import FlaskClient

from bench.memory import rss_mb
from scorekeeper import limits, pdf, printing, services, sheets
from scorekeeper.games.kinds import KINDS, kind
from scorekeeper.i18n import LANGUAGES
from scorekeeper.views.sheets import completed_sheet
from tests.conftest import PASSWORD, Table
from tests.live import live_server
from tests.rules import recorded

BLANK = "/sheets/blank.pdf?game=wizard&players=4&paper=a4"
NAMED = BLANK + "&names-0=Ana&names-1=Ben&names-2=Cai&names-3=Dee&first_dealer=1"


# A stop raised in the rendering thread may land in a finalizer running there (Python
# reports it as ignored; the render is stopped by the next one): not a failure here.
IGNORED_IN_A_FINALIZER = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnraisableExceptionWarning"
)


def text(response: Any) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every render the app asks WeasyPrint for."""
    done: list[str] = []
    render = pdf.render_pdf

    def counted(*args: Any, **kwargs: Any) -> bytes:
        done.append(args[0][:20])
        return render(*args, **kwargs)

    monkeypatch.setattr(pdf, "render_pdf", counted)
    yield done


def test_renders_share_a_few_font_configurations() -> None:
    """Reused, not made a document (each made one left ~0.3 MB behind for good), and
    at most RENDERS_AT_ONCE of them however many threads print at once."""
    pool = pdf.FontConfigurations(2)
    with pool.lend(1) as first:
        pass
    with pool.lend(1) as again:
        assert again is first
    seen: list[int] = []
    inside = threading.Barrier(2)

    def render() -> None:
        with pool.lend(30) as config:
            seen.append(id(config))
            inside.wait(timeout=5)  # two at once; the others wait their turn

    threads = [threading.Thread(target=render) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 4 and len(set(seen)) == 2 and pool.made == 2


def test_a_render_waits_for_its_turn_only_so_long() -> None:
    pool = pdf.FontConfigurations(1)
    with pool.lend(1), pytest.raises(pdf.RenderTooSlow), pool.lend(0.05):
        pass


def test_the_app_renders_with_the_shared_configurations() -> None:
    pdf.render_pdf("<p>one</p>")
    made = pdf.font_configurations.made
    for _ in range(3):
        pdf.render_pdf("<p>again</p>")
    assert pdf.font_configurations.made == made <= pdf.RENDERS_AT_ONCE


@IGNORED_IN_A_FINALIZER
def test_a_render_past_its_time_limit_is_stopped() -> None:
    with pytest.raises(pdf.RenderTooSlow):
        pdf.render_pdf("<p>slow</p>" * 2000, time_limit=0.01)
    # The thread goes on rendering as before, and no stop is left pending for it.
    assert pdf.render_pdf("<p>quick</p>", time_limit=20).startswith(b"%PDF")
    total = sum(range(3_000_000))  # long enough for a stray stop to land, if one were left
    assert total > 0


def test_a_stop_swallowed_on_the_way_is_raised_again() -> None:
    """As when it lands in a finalizer: the render is stopped all the same, soon after."""
    swallowed: list[float] = []

    def stubborn() -> bytes:
        deadline = time.monotonic() + 10
        while True:
            # The stop may land on any line of the loop, its condition included: each
            # is inside the try, so the first is always the one swallowed.
            try:
                while time.monotonic() < deadline:
                    sum(range(1000))
                return b""
            except pdf._Stop:
                if swallowed:
                    raise
                swallowed.append(time.monotonic())

    with pytest.raises(pdf.RenderTooSlow):
        pdf._within(0.02, stubborn)
    assert len(swallowed) == 1 and time.monotonic() - swallowed[0] < 2


def test_a_stop_never_reaches_the_requests_thread() -> None:
    """The render runs in a thread of its own: whenever the time runs out, even as the
    work ends, the caller's thread goes on untouched afterwards."""
    for limit in (0.001, 0.005, 0.02):
        with contextlib.suppress(pdf.RenderTooSlow):
            pdf._within(limit, lambda: bytes(sum(range(200_000)) % 2))
        total = 0
        for n in range(2_000_000):  # long enough for a stray stop to land, if one could
            total += n
        assert total > 0
    assert all(thread.name != "sheet-render" for thread in threading.enumerate())


@IGNORED_IN_A_FINALIZER
def test_a_sheet_too_slow_to_print_says_so(app: Flask, client: FlaskClient) -> None:
    app.config["SHEET_RENDER_SECONDS"] = 0.001
    response = client.get(BLANK)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "30"
    assert "took more than 1 second to print, so it was stopped" in text(response)
    app.config["SHEET_RENDER_SECONDS"] = 20
    response = client.get(BLANK)
    assert response.status_code == 200 and response.mimetype == "application/pdf"


@IGNORED_IN_A_FINALIZER
def test_a_night_too_slow_to_print_says_so(app: Flask, table: Table) -> None:
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    game_id = table.new_game(["Ana", "Ben", "Cai"])
    with app.app_context():
        night_id = db.session.get(Game, game_id).night_id
    app.config["SHEET_RENDER_SECONDS"] = 0.001
    response = table.client.get(f"/nights/{night_id}/sheet.pdf")
    assert response.status_code == 503
    assert "print fewer games at once" in text(response)


def test_a_blank_sheet_without_names_is_made_once(
    app: Flask, client: FlaskClient, renders: list[str]
) -> None:
    first = client.get(BLANK)
    again = client.get(BLANK)
    assert first.status_code == again.status_code == 200
    assert first.data == again.data
    assert len(renders) == 1
    # Another language is another sheet; names make a sheet of its own, never kept.
    assert client.get(BLANK, headers={"Accept-Language": "cy"}).status_code == 200
    assert len(renders) == 2
    client.get(NAMED)
    client.get(NAMED)
    assert len(renders) == 4


def test_a_visitor_without_an_account_is_limited(
    app: Flask, client: FlaskClient, renders: list[str]
) -> None:
    app.config["BLANK_SHEETS_PER_MINUTE"] = 3
    answers = [client.get(BLANK).status_code] + [
        client.get(NAMED.replace("Ana", f"Ana{n}")).status_code for n in range(2)
    ]
    assert answers == [200, 200, 200]
    refused = client.get(NAMED.replace("Ana", "Ana9"))
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "more blank sheets than one phone needs" in text(refused)
    assert "or log in to print more" in text(refused)
    # A sheet already made costs nothing, so it is never refused.
    assert client.get(BLANK).status_code == 200
    assert len(renders) == 3
    # Another address has its own count.
    other = client.get(NAMED, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 200


def test_an_account_prints_without_a_limit(app: Flask, table: Table, renders: list[str]) -> None:
    app.config["BLANK_SHEETS_PER_MINUTE"] = 1
    for n in range(3):
        assert table.client.get(NAMED.replace("Ana", f"Ana{n}")).status_code == 200
    assert len(renders) == 3


def test_the_rate_limit_forgets_the_past_and_old_addresses() -> None:
    limit = limits.RateLimit(2, 60, addresses=3)
    assert [limit.wait("a", now=t) for t in (0, 1, 2)] == [0, 0, 58]
    assert limit.wait("a", now=60.5) == 0  # the first has left the window
    for address in ("b", "c", "d"):
        limit.wait(address, now=61)
    assert "a" not in limit._seen and len(limit._seen) == 3


def test_a_thousand_blank_sheets_keep_the_worker_flat(tmp_path: Path) -> None:
    """A real server: the worker's memory after 20 sheets and after 170 more differs by
    a few MB (a new font configuration a sheet left ~0.3 MB each for good)."""
    with live_server(tmp_path, threads=2, BLANK_SHEETS_PER_MINUTE="100000") as live:
        assert live.process is not None
        phone = live.phone()

        def sheets(start: int, count: int) -> None:
            for n in range(start, start + count):
                answer = phone.get(NAMED.replace("Ana", f"Ana{n}"))
                assert answer.status == 200, answer.status

        sheets(0, 20)
        after_20 = rss_mb(live.process.pid)
        sheets(20, 170)
        after_190 = rss_mb(live.process.pid)
    assert after_20 is not None and after_190 is not None
    assert after_190 - after_20 < 15, (after_20, after_190)


# -- renders in processes of their own ------------------------------------------------


def test_a_sheet_is_laid_out_in_a_render_process_kept_for_the_next(
    app: Flask, client: FlaskClient
) -> None:
    assert app.config["SHEET_RENDER_PROCESSES"] == 1
    first = client.get(NAMED)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    [renderer] = list(pdf.renderers._idle.queue)
    again = client.get(NAMED.replace("Ana", "Ann"))
    assert again.status_code == 200 and again.data.startswith(b"%PDF")
    # The same process laid out the second sheet: none is made a sheet.
    assert list(pdf.renderers._idle.queue) == [renderer] and renderer.alive()
    assert pdf.renderers.made == 1


def test_a_render_past_its_time_ends_its_process(app: Flask, client: FlaskClient) -> None:
    assert client.get(NAMED).status_code == 200
    [renderer] = list(pdf.renderers._idle.queue)
    app.config["SHEET_RENDER_SECONDS"] = 0.001
    response = client.get(NAMED.replace("Ana", "Ann"))
    assert response.status_code == 503
    assert "took more than 1 second to print, so it was stopped" in text(response)
    # Stopped by ending its process, which is never lent again.
    assert renderer.process.wait(10) is not None
    assert pdf.renderers.made == 0
    app.config["SHEET_RENDER_SECONDS"] = 300
    assert client.get(NAMED.replace("Ana", "Amy")).status_code == 200
    assert pdf.renderers.made == 1


def test_a_render_process_killed_mid_sheet_is_a_503_and_replaced(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed while laying a sheet out (out of memory, say): the sheet is answered 503
    with a time to try again, never a 500; the next sheet gets a new process."""
    assert client.get(NAMED).status_code == 200
    [renderer] = list(pdf.renderers._idle.queue)
    render = pdf._Renderer.render

    def killed_on_the_way(self: Any, *args: Any) -> bytes:
        self.process.kill()
        self.process.wait(10)
        return render(self, *args)

    monkeypatch.setattr(pdf._Renderer, "render", killed_on_the_way)
    response = client.get(NAMED.replace("Ana", "Ann"))
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert "could not be printed just now. Try again in a moment" in text(response)
    monkeypatch.setattr(pdf._Renderer, "render", render)
    # A process that ended while idle is not lent either.
    answer = client.get(NAMED.replace("Ana", "Amy"))
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    [fresh] = list(pdf.renderers._idle.queue)
    assert fresh is not renderer and fresh.alive()
    fresh.process.kill()
    fresh.process.wait(10)
    assert client.get(NAMED.replace("Ana", "Abi")).status_code == 200
    assert pdf.renderers.made == 1


def test_a_forked_process_starts_without_its_parents_renderers() -> None:
    """A served worker forked from a process that printed (gunicorn with its app loaded
    first) makes its own: the parent's pipes are never shared."""
    renderers = pdf.Renderers()
    assert renderers.render("<p>one</p>", (), 60, 1, 0).startswith(b"%PDF")
    assert renderers.made == 1
    [parents] = list(renderers._idle.queue)
    renderers._owner = -1  # as a forked child sees it
    try:
        renderers._here()
        assert renderers.made == 0 and renderers._idle.empty()
        assert renderers.render("<p>own</p>", (), 60, 1, 0).startswith(b"%PDF")
        [own] = list(renderers._idle.queue)
        assert own is not parents and parents.alive()
    finally:
        parents.end()
        renderers.end_all()


def test_a_sheet_past_those_that_may_wait_is_refused_at_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rush of sheets never takes every thread a worker has for its pages: past the
    sheets being laid out and those waiting their turn, one more is answered 503 at once,
    and its page asks again by itself."""
    app.config["SHEET_RENDER_WAITING"] = 0  # one sheet at a time, none waiting
    held, started = threading.Event(), threading.Event()
    render = pdf._render

    def slow(*args: Any) -> bytes:
        started.set()
        assert held.wait(60)
        return render(*args)

    monkeypatch.setattr(pdf, "_render", slow)
    answers: list[Any] = []
    first = threading.Thread(target=lambda: answers.append(app.test_client().get(NAMED)))
    first.start()
    try:
        assert started.wait(60)
        refused = client.get(NAMED.replace("Ana", "Ann"))
    finally:
        held.set()
        first.join(120)
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "5"
    assert "Many sheets are being printed right now" in text(refused)
    assert '<meta http-equiv="refresh" content="5">' in refused.get_data(as_text=True)
    [answer] = answers
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    # Its turn come, the sheet is made.
    assert pdf.turns.inside == 0
    assert client.get(NAMED.replace("Ana", "Ann")).status_code == 200


# -- a game's sheet made from its facts, in its render process -------------------------

RECORDED = [path for game in KINDS.values() for path in game.samples.recorded]
NOW = datetime(2026, 3, 3, 20, 15)


def replayed(path: Path, rounds: int | None = None) -> Any:
    """A recorded game's rules value, its first ``rounds`` rounds (all by default)."""
    game = recorded.load(path)
    state = kind(game["game"]).rules.new(game["players"], game["first_dealer"], game["options"])
    for played in game["rounds"][:rounds]:
        state = state.load_round(recorded.facts_of(played))
    return state


def stored(app: Flask, path: Path, rounds: int | None = None) -> str:
    """A recorded game entered through the services (its first ``rounds`` rounds)."""
    game = recorded.load(path)
    with app.app_context():
        owner = services.authenticate("ana", PASSWORD)
        assert owner is not None
        record = services.create_game(
            owner, game["game"], game["players"], game["first_dealer"], game["options"]
        )
        for played in game["rounds"][:rounds]:
            record = services.record_round(
                record, recorded.facts_of(played, ("scores", "totals", "made"))
            )
        return record.id


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("path", RECORDED, ids=[path.stem for path in RECORDED])
def test_a_sheet_made_from_its_facts_is_the_one_made_in_a_request(
    app: Flask, path: Path, language: str
) -> None:
    """What a render process is sent (the facts the sheet's fingerprint hashes, through
    JSON) gives back the game, and the sheet's HTML made from it outside any request, by
    the render process's own small app, is the HTML the app's request would have made."""
    for state in (replayed(path), replayed(path, 3)):
        headers = {"Accept-Language": language}
        with app.test_request_context(headers=headers):
            sheet = completed_sheet(state, NOW, "letter")
            expected = render_template("sheets/sheet.html", sheet=sheet, paper_code=None)
        facts = {**sheets.sheet_facts(state, NOW, "letter"), "language": language}
        sent = json.loads(json.dumps(facts))
        assert printing.game_from_facts(sent) == state
        assert printing.completed_sheet_html(sent) == expected


def test_a_games_sheet_is_laid_out_in_its_render_process_alone(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker reads the game and waits: the replay, the layout and the HTML, 20 to
    50 ms of Python, are the render process's, off the worker's interpreter lock. Laid
    out in the worker (``SHEET_RENDER_PROCESSES`` 0), the same order makes the same PDF."""
    path = next(path for path in RECORDED if path.stem == "wizard-3p-full")
    game_id = stored(table.app, path, 5)  # being played: never kept, made each time
    address = f"/games/{game_id}/sheet.pdf"
    made_here: list[str] = []
    lay_out = sheets.completed_sheet

    def counted(*args: Any) -> sheets.Sheet:
        made_here.append("laid out in the worker")
        return lay_out(*args)

    monkeypatch.setattr(sheets, "completed_sheet", counted)
    apart = table.client.get(address, headers={"Accept-Language": "cy"})
    assert apart.status_code == 200 and apart.data.startswith(b"%PDF")
    assert made_here == [] and pdf.renderers.made == 1
    table.app.config["SHEET_RENDER_PROCESSES"] = 0
    here = table.client.get(address, headers={"Accept-Language": "cy"})
    assert made_here == ["laid out in the worker"]
    assert here.data == apart.data and here.headers["ETag"] == apart.headers["ETag"]


def test_a_sheet_refused_in_its_render_process_is_refused_in_the_worker(
    table: Table,
) -> None:
    """A game's columns too wide for the paper are found as the render process lays the
    sheet out: the worker answers the same page as ever, and the process, having answered,
    lays out the next sheet."""
    game_id = stored(table.app, next(path for path in RECORDED if path.stem == "wizard-3p-full"))
    assert table.client.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    [renderer] = list(pdf.renderers._idle.queue)
    with table.app.app_context():
        owner = services.authenticate("ana", PASSWORD)
        assert owner is not None
        scoring = {"made_base": 100, "made_per_trick": 100, "per_trick": 100}
        seven = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus"]
        options = {"scoring": {**scoring, "missed_per_trick_off": 100}}
        wide = services.create_game(owner, "oh_hell", seven, 0, options).id
    refused = table.client.get(f"/games/{wide}/sheet.pdf", query_string={"paper": "letter"})
    assert refused.status_code == 422
    assert "do not fit on this paper" in refused.get_data(as_text=True)
    assert list(pdf.renderers._idle.queue) == [renderer] and renderer.alive()


def test_an_order_names_a_builder_of_ours_alone(app: Flask) -> None:
    with pytest.raises(ValueError, match="not a builder of ours"):
        pdf.render_pdf(pdf.Order("os:getcwd", {}))
    with pytest.raises(pdf.RenderFailed, match="not a builder of ours"):
        pdf.render_pdf(pdf.Order("os:getcwd", {}), processes=1)
