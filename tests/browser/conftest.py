"""Browser tests: the real app behind a real HTTP server, driven by Chromium on a phone.

Each pytest worker (``-n auto``) starts its own server and browser, once:

* ``live_server``: the app on a fresh SQLite database built by the migrations, served by
  werkzeug on a port the OS picks, in a daemon thread. ``live_server.reset()`` swaps in
  a fresh database (a fresh install) for the test that calls it.
* ``browser``: Debian's Chromium through Playwright. Missing, the tests skip, except when
  ``SCOREKEEPER_REQUIRE_BROWSER=1`` or ``CI=true``: then they fail (CI never skips them).
* ``phone``: a new page at 360×740 CSS pixels, touch, device scale 2; ``tall_phone`` the
  same at 360×780; ``phone_without_js`` with JavaScript off.

The helpers the test files share live here too: Playwright's ``Page`` and ``expect`` (or
stand-ins where Playwright is missing, for the ``browser`` fixture to skip on), Ana's
fresh install with a game (:func:`install_with_a_game`), :func:`log_in`, :func:`fits`,
:func:`settled_box` and :func:`assert_in_view` (which wait for the page to stop moving
before they measure: never a fixed sleep).

``SCOREKEEPER_SCREENSHOTS=1`` makes the tests write the screenshots in docs/screenshots/.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper.database import upgrade

try:
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as WaitedInVain
except ImportError:  # no Playwright: the browser fixture skips the tests (fails them in CI)
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]
    WaitedInVain = TimeoutError  # type: ignore[misc,assignment]

from scorekeeper import create_app, services
from scorekeeper.extensions import db

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCREENSHOTS = ROOT / "docs" / "screenshots"


def find_chromium() -> str:
    """``CHROMIUM`` from the environment, else Debian's or Ubuntu's Chromium on the PATH."""
    names = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome")
    found = [shutil.which(name) for name in names]
    return os.environ.get("CHROMIUM") or next(filter(None, found), "/usr/bin/chromium")


CHROMIUM = find_chromium()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
    "color_scheme": "light",
}
# A taller phone: the screen the round, the referee and a whole game night must fit.
TALL_SCREEN = {"width": 360, "height": 780}
TIMEOUT_MS = 10_000

# The account most tests play in: Ana's.
USERNAME = "ana"
PASSWORD = "secret-123"

SECRET_KEY = "browser-test-secret"
FAST_HASH = "pbkdf2:sha256:1000"


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in tests/browser is a browser test (``-m "not browser"`` leaves them out)."""
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


def browser_required() -> bool:
    return (
        os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1"
        or os.environ.get("CI", "").lower() == "true"
    )


def no_browser(reason: str) -> NoReturn:
    """Skip, or fail where the browser tests must run (CI)."""
    if browser_required():
        pytest.fail(f"{reason} (browser tests are required here: they may not skip)")
    pytest.skip(reason)


def screenshots_wanted() -> bool:
    return os.environ.get("SCOREKEEPER_SCREENSHOTS") == "1"


def app_config(database: Path) -> dict[str, Any]:
    return {
        "SECRET_KEY": SECRET_KEY,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        "PASSWORD_HASH_METHOD": FAST_HASH,
        "SETUP_CODE_FILE": str(database.with_suffix(".setup_code")),
    }


class LiveServer:
    """The app served over HTTP; :meth:`reset` puts a fresh database behind the same URL."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.template = workdir / "template.sqlite3"
        template_app = create_app(app_config(self.template))
        with template_app.app_context():
            upgrade()
            db.engine.dispose()
        self.resets = 0
        self.app: Flask = self._fresh_app()
        self.server = make_server("127.0.0.1", 0, self._dispatch, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def _dispatch(self, environ: dict[str, Any], start_response: Any) -> Any:
        # The answer read whole and closed here, before a byte is sent. Werkzeug's server
        # skips closing it when the browser drops the connection as it is sent (a page
        # closed while its icons load): the file left open was a ResourceWarning at the
        # next garbage collection, which failed whichever test was running then.
        body = self.app(environ, start_response)
        try:
            return [b"".join(body)]
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()

    def _fresh_app(self) -> Flask:
        self.resets += 1
        database = self.workdir / f"scorekeeper-{self.resets}.sqlite3"
        shutil.copy(self.template, database)
        return create_app(app_config(database))

    def setup_code(self) -> str:
        """A fresh setup code for the first account, as ./scripts/start shows it."""
        from scorekeeper.services import accounts

        with self.app.app_context():
            code = accounts.new_setup_code()
            db.session.remove()
        assert code is not None
        return code

    def reset(self) -> None:
        """A fresh install: a new, empty database (no account yet)."""
        old, self.app = self.app, self._fresh_app()
        self._dispose(old)

    @staticmethod
    def _dispose(app: Flask) -> None:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
        self._dispose(self.app)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("live_server"))
    yield server
    server.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser("Playwright for Python is not installed")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        no_browser(
            f"No Chromium at {CHROMIUM} (Debian's chromium, Ubuntu's chromium-browser,"
            " or CHROMIUM=/path/to/chrome)"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def new_phone(browser: Any, **options: Any) -> Any:
    context = browser.new_context(**{**PHONE, **options})
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A fresh phone (its own cookies) with one page open."""
    context = new_phone(browser)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def tall_phone(browser: Any) -> Iterator[Any]:
    """A fresh phone at 360×780 CSS pixels, touch, with one page open."""
    context = new_phone(browser, viewport=TALL_SCREEN)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screenshot() -> Any:
    """``screenshot(page, "round.png")``: the whole page into docs/screenshots/, only when
    SCOREKEEPER_SCREENSHOTS=1 (so that ordinary runs leave the committed ones alone)."""

    def take(page: Any, name: str) -> None:
        if screenshots_wanted():
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / name), full_page=True, animations="disabled")

    return take


@pytest.fixture
def phone_without_js(browser: Any) -> Iterator[Any]:
    """The same phone with JavaScript turned off."""
    context = new_phone(browser, java_script_enabled=False)
    page = context.new_page()
    yield page
    context.close()


# -- helpers -----------------------------------------------------------------------


def install_with_a_game(
    server: LiveServer,
    kind: str,
    players: list[str],
    first_dealer: int = 0,
    options: dict[str, Any] | None = None,
    rounds: tuple[dict[str, Any], ...] = (),
) -> str:
    """A fresh install with Ana's account and one game of hers, ``rounds`` recorded in it;
    nobody logged in. The game's id."""
    server.reset()
    with server.app.app_context():
        ana = services.create_user(USERNAME, PASSWORD)
        game = services.create_game(ana, kind, players, first_dealer, options)
        for entered in rounds:
            game = services.record_round(game, entered)
        game_id = game.id
        db.session.remove()
    return game_id


def stored_game(server: LiveServer, game_id: str) -> Any:
    """Ana's game as stored now: its rules state."""
    with server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        state = services.get_game(ana, game_id).state
        db.session.remove()
    return state


def log_in(page: Page, server: LiveServer) -> None:
    """Ana logs in on ``page`` from the login page, landing on her games. By the fields'
    ids, not their labels: the page may be in any language."""
    page.goto(server.url + "/login")
    page.locator("#username").fill(USERNAME)
    page.locator("#password").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()
    expect(page).to_have_url(re.compile(r"/games$"))


def fits(page: Page, width: int = PHONE["viewport"]["width"]) -> None:
    """The page is no wider than the phone (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def wizard_score(bid: int, took: int) -> int:
    """RULES.md, Wizard › Scoring, worked out independently of the app."""
    return 20 + 10 * took if bid == took else -10 * abs(bid - took)


# Resolves once the element's box, the page's scroll and the screen's height have stayed
# the same over two animation frames in a row (a scroll or a layout change still under
# way moves one of them); and, when asked, once the element is on the screen as well.
# A page without scripts has no animation frames nor timers to poll with: there, the test
# asks again itself, every 50 ms, until it has seen the same twice in a row.
SETTLED = """([selector, onScreen]) => {
  const el = document.querySelector(selector);
  const state = window.__settled || (window.__settled = {});
  if (!el) { delete state[selector]; return false; }
  const r = el.getBoundingClientRect();
  const now = [r.top, r.left, r.width, r.height, scrollX, scrollY, innerHeight].join();
  const seen = state[selector];
  if (!seen || seen.at !== now) { state[selector] = { at: now, frames: 0 }; return false; }
  seen.frames += 1;
  if (seen.frames < 2) return false;
  if (!onScreen) return true;
  return r.top >= -1 && r.top + Math.min(r.height, 80) <= innerHeight + 1;
}"""


def _settle(page: Page, selector: str, on_screen: bool, timeout: float) -> None:
    if page.evaluate("document.documentElement.classList.contains('js')"):
        page.wait_for_function(SETTLED, arg=[selector, on_screen], polling="raf", timeout=timeout)
        return
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(SETTLED, [selector, on_screen]):
        if time.monotonic() > deadline:
            raise WaitedInVain(f"{selector} did not settle in {timeout:.0f} ms")
        time.sleep(0.05)  # the interval of a poll, not a wait for anything to happen


def until(page: Page, predicate: str, arg: Any = None, timeout: float = TIMEOUT_MS) -> Any:
    """Ask the page ``predicate`` (a function, which may be ``async``) until it answers
    with something true, and return that answer.

    Playwright's ``wait_for_function`` does not wait for a promise: an ``async``
    predicate answers it with one, which is true at once, so it would wait for nothing.
    ``page.evaluate`` waits for the promise; this asks again every 50 ms."""
    deadline = time.monotonic() + timeout / 1000
    while not (answer := page.evaluate(predicate, arg)):
        if time.monotonic() > deadline:
            raise WaitedInVain(f"the page did not answer true in {timeout:.0f} ms: {predicate}")
        time.sleep(0.05)  # the interval of a poll, not a wait for anything to happen
    return answer


def settled_box(page: Page, selector: str, timeout: float = TIMEOUT_MS) -> dict[str, float]:
    """The element's box once it and the page's scroll have stopped moving."""
    _settle(page, selector, False, timeout)
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def assert_in_view(page: Page, selector: str, timeout: float = TIMEOUT_MS) -> None:
    """The element is on the screen as it stands once the page has settled (the scroll
    the app makes to show it has ended), not a scroll away: waited for, and said with
    where it is when it never gets there."""
    expect(page.locator(selector).first).to_be_visible(timeout=timeout)
    try:
        _settle(page, selector, True, timeout)
    except WaitedInVain:
        box = page.locator(selector).first.bounding_box()
        height = page.evaluate("window.innerHeight")
        where = "nowhere" if box is None else f"at y={box['y']:.0f}"
        raise AssertionError(f"{selector} is {where} on a screen {height}px high") from None


# Before a Save: the line of a round drawn ahead that says what became of the round before
# is marked as old, and the page itself, so that SAVED waits for this Save's answer.
BEFORE_SAVE = """() => {
  window.__beforeSave = true;
  document.querySelectorAll("[data-drawn-saved]").forEach((line) => { line.dataset.old = ""; });
}"""
# This Save answered: another page (the server's), or the next round drawn at once by the
# page's script and confirmed by the server (docs/performance.md).
SAVED = """() => !window.__beforeSave || (
  !!document.querySelector("[data-drawn-saved]:not([data-old])") &&
  !document.querySelector("form[data-confirming]"))"""


def save_round(page: Page, save: Any) -> None:
    """Tap a round screen's Save (the locator ``save``) and wait until it is answered:
    stored by the server, whether the page's script drew the next round at once or the
    server answered with a page."""
    page.evaluate(BEFORE_SAVE)
    save.tap()
    page.wait_for_function(SAVED, timeout=TIMEOUT_MS)
