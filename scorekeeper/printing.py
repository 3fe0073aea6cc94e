"""A game's sheet made from its facts, where it is laid out.

A worker that lays its sheets out in render processes (``SHEET_RENDER_PROCESSES``, see
:mod:`scorekeeper.pdf`) sends a game's sheet as a :class:`~scorekeeper.pdf.Order`: the
facts its fingerprint hashes (``sheets.sheet_facts``) and the reader's language. The render
process replays the game, lays the sheet out (its names fitted, its text measured, its
chart drawn) and writes its HTML with :func:`completed_sheet_html`, 20 to 50 ms of Python
that would otherwise hold the worker's interpreter lock while its other threads draw pages.

There it has no request and no app of the worker's: it makes one of its own
(:func:`printing_app`), the templates, translations, template filters and game kinds a
sheet is written with, and nothing else: no database, no views, none of the extensions
(SQLAlchemy alone is 20 MB a process). A worker that lays its sheets out itself runs the same
function in the request being answered. ``tests/test_sheet_limits.py`` checks that both
write the same HTML, for every recorded game in every language.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from typing import Any

from flask import Flask, has_request_context, render_template
from flask_babel import Babel, force_locale

from . import sheets
from .games.kinds import kind
from .rules import Game

COMPLETED_SHEET = f"{__name__}:completed_sheet_html"
"""The builder of a game's sheet, in a :class:`~scorekeeper.pdf.Order`."""


def completed_sheet_html(facts: Mapping[str, Any]) -> str:
    """A game's sheet from its ``sheets.sheet_facts`` and the reader's ``language``: the
    game replayed, its sheet laid out as its kind says, and its HTML."""
    with printing(facts["language"]):
        state = game_from_facts(facts)
        created = datetime.fromisoformat(facts["created"])
        sheet = sheets.completed_sheet(state, kind(state.key).sheet, created, facts["paper"])
        return render_template("sheets/sheet.html", sheet=sheet, paper_code=None)


def game_from_facts(facts: Mapping[str, Any]) -> Game[Any, Any]:
    """The rules' value of a game from its sheet's facts (``sheets.sheet_facts``), its
    rounds read back in order as ``services.rules_game`` reads a stored game's."""
    rules = kind(facts["game"]).rules
    players = tuple(facts["players"])
    state: Game[Any, Any] = rules(
        players=players,
        first_dealer=facts["first_dealer"],
        options=rules.options_from_mapping(facts["options"], len(players)),
    )
    for record in facts["rounds"]:
        state = state.load_round(record)
    return state


@contextmanager
def printing(language: str) -> Iterator[None]:
    """Where a sheet's HTML is made, in ``language``: the request being answered, in an
    app that lays its sheets out itself; else a request of :func:`printing_app`'s."""
    if has_request_context():
        with force_locale(language):
            yield
        return
    with printing_app().test_request_context(), force_locale(language):
        yield


@cache
def printing_app() -> Flask:
    """The app a render process writes sheets with: the app's defaults (nothing a sheet
    shows depends on an install's settings), its translations, its template filters and
    its game kinds, set up by the same steps as ``create_app``'s."""
    from . import _resource_dir, register_game_kinds
    from . import config as default_config
    from .i18n import register as register_languages
    from .views.filters import register as register_filters

    app = Flask(
        __package__ or "scorekeeper",
        template_folder=str(_resource_dir("templates")),
        static_folder=str(_resource_dir("static")),
    )
    app.config.from_object(default_config)
    register_languages(app, Babel())
    register_filters(app)
    # The filter views/sheets.py gives every page, which a sheet's template uses too.
    app.add_template_filter(sheets.number, "sheet_number")
    register_game_kinds(app)
    return app
