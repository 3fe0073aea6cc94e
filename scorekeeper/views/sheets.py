"""Score sheets to print: blank ones for any table (no login), a game's own, and a
game night's (a cover with the standings, then each game's sheet).

Both are GETs that change nothing, so they carry no CSRF token. Every sheet opens the
same way: in the browser (``inline``), from where a phone prints or shares it; with
``download=1`` in its address (the pages' "Download the PDF" buttons) as a file to keep
(``attachment``), under the same name. A finished game's
sheet is kept once made (see ``sheets.SheetCache``); every sheet of a game has an
ETag, its fingerprint, so a browser that has it already gets a 304. A sheet is printed
in the reader's language: the cache and the ETag keep one copy per language.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, abort, current_app, render_template, request
from flask_babel import gettext, ngettext
from flask_login import current_user, login_required
from markupsafe import Markup
from werkzeug.wrappers import Response
from wtforms.fields.core import UnboundField

from .. import history, pdf, printing, services, sheets
from ..forms import BlankSheetForm
from ..games.kinds import KINDS, KindError, kind
from ..i18n import current_language, game_word, translate
from ..rules import Game as RulesGame
from ..rules import RoundRefused, RuleError
from . import paper

bp = Blueprint("sheets", __name__)

LETTER_REGIONS = ("US", "CA", "MX", "PH", "CL", "CO", "VE")
"""Where US Letter is the usual paper; everyone else gets A4 unless they choose."""

NIGHT_COVER = 2
"""The night cover's version, in its PDF's ETag: raised when the cover shows its games
otherwise, so no copy of the old cover is taken as current."""


def default_paper() -> str:
    """Letter for the browsers of the Americas that use it, A4 for the rest of the world."""
    best = request.accept_languages.best or ""
    region = best.replace("_", "-").rsplit("-", 1)[-1].upper() if "-" in best else ""
    return "letter" if region in LETTER_REGIONS else "a4"


@cache
def blank_sheet_form() -> type[BlankSheetForm]:
    """The blank-sheet form with every game's own options, each asked of its kind."""
    parts = tuple(game.sheet_form for game in KINDS.values())
    names = [name for part in parts for name in _field_names(part)]
    clashes = {name for name in names if names.count(name) > 1}
    if clashes:
        raise KindError(f"games' blank-sheet options share field names: {sorted(clashes)}")
    return type("BlankSheetForm", (BlankSheetForm, *parts), {})


def _field_names(part: type[Any]) -> list[str]:
    """The fields a game's blank-sheet form declares (not its methods nor constants)."""
    return [name for name, value in vars(part).items() if isinstance(value, UnboundField)]


def valid_for_its_game(form: BlankSheetForm) -> bool:
    """The form judged as a sheet of the game it asks for: another game's options, which
    the page shows too, are left out of it (their errors dropped)."""
    form.validate()
    chosen = KINDS.get(form.game.data)
    others = {
        name
        for game in KINDS.values()
        if game is not chosen
        for name in _field_names(game.sheet_form)
    }
    for name in others:
        form[name].errors = []
    if chosen is not None and form.columns.data == "pad" and not chosen.sheet.pad:
        form.columns.errors = [
            # TRANSLATORS: the blank sheets' page, when the score pad's columns are asked
            # for a game whose sheet has one layout.
            gettext(
                "A %(game)s sheet has one layout only: choose the first.",
                game=game_word(chosen.title),
            )
        ]
    return not any(field.errors for field in form)


@bp.route("/sheets")
def blank_sheets() -> str:
    """The blank sheets: one link a game and player count, and a form for the rest."""
    asked = request.args.get("game")
    game = asked if asked in KINDS else next(iter(KINDS))
    form = blank_sheet_form()(paper=default_paper(), game=game)
    return _form_page(form, {})


@bp.route("/sheets/blank.pdf")
def blank_sheet() -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """A blank sheet as asked in the query string, or the form saying what is wrong."""
    form = blank_sheet_form()(request.args)
    if not form.paper.data:
        form.paper.data = default_paper()
    errors: dict[str, list[str]] = {}
    if valid_for_its_game(form):
        count, names = int(form.players.data), form.typed_names()
        if names and len(names) != count:
            errors["names"] = [
                # TRANSLATORS: a blank sheet asked for with some of the names typed, not all.
                ngettext(
                    "%(num)s player: give %(num)s name, or none for a sheet to write it on",
                    "%(num)s players: give %(num)s names, or none for a sheet to write them on",
                    count,
                )
            ]
            return _form_page(form, errors), 422
        # Without names, a blank sheet is the same for everyone: kept once made (with
        # the code on it, which the same sheet always has, and the address it opens).
        cache_id = f"{_blank_key(form)}-{paper.address_key()}" if not names else ""
        try:
            body = kept_pdf(
                cache_id, cache_id, bool(cache_id), lambda: _blank_pdf(form, count, names)
            )
        except RoundRefused as refused:
            for error in refused.errors:
                errors.setdefault(_field_for(error.field), []).append(translate(error))
        except sheets.SheetTooWide:
            errors["players"] = [
                # TRANSLATORS: the blank sheets' page, when the players' columns, as wide
                # as the game's largest scores need, do not fit on the paper.
                gettext(
                    "So many players' columns, as wide as these scores need, do not fit on"
                    " this paper: fewer players, smaller numbers or the other columns."
                )
            ]
        except _StrangerWaits as waits:
            return _too_many_sheets(waits.seconds)
        else:
            # The same every day.
            return _pdf_response(body, _blank_filename(form, count), max_age=86400)
    return _form_page(form, errors), 422


class _StrangerWaits(Exception):
    """A visitor without an account asked for more blank sheets than they may, for now."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"wait {seconds} s")
        self.seconds = seconds


def _blank_pdf(form: BlankSheetForm, count: int, names: list[str]) -> bytes:
    """The blank sheet's PDF: the rules' ``RoundRefused`` for what the game does not
    allow, :class:`_StrangerWaits` before rendering one more for a visitor too many
    (or storing its code)."""
    sheet = _blank_from(form, count, names)
    wait = _stranger_wait()
    if wait:
        raise _StrangerWaits(wait)
    return render_sheet(sheet, _printed_code(form, count, names))


def _printed_code(form: BlankSheetForm, count: int, names: list[str]) -> paper.PrintedCode | None:
    """The code printed under the sheet's QR code, which opens a page to type the played
    sheet in (views/paper.py); None for a sheet the rules refuse (the page says why)."""
    game, options = kind(form.game.data), kind(form.game.data).sheet_options(form)
    first_dealer = int(form.first_dealer.data)
    try:
        game.rules.new(names or [f"Player {seat + 1}" for seat in range(count)], 0, options)
    except (RoundRefused, RuleError):
        return None
    return paper.code_for_blank(
        game.key, count, names, first_dealer, options, form.columns.data == "pad"
    )


def _blank_key(form: BlankSheetForm) -> str:
    """What makes a blank sheet without names what it is, in the reader's language."""
    chosen = kind(form.game.data).sheet_options(form)
    options = ",".join(f"{k}={v}" for k, v in sorted(chosen.items()))
    parts = (
        form.game.data,
        form.players.data,
        form.first_dealer.data,
        form.paper.data,
        form.columns.data,
    )
    return "blank-" + "-".join(map(str, parts)) + f"-{options}-{current_language()}"


def _blank_filename(form: BlankSheetForm, count: int) -> str:
    return f"{str(form.game.data).replace('_', '-')}-{count}-players-{form.paper.data}.pdf"


def _stranger_wait() -> int:
    """Seconds a visitor without an account waits before another blank sheet is made
    for them (0: now); an account's own sheets are not counted."""
    if current_user.is_authenticated:
        return 0
    # Counted in the database: every worker and server of the install shares the count.
    address = (request.remote_addr or "unknown")[:64]
    limit = int(current_app.config["BLANK_SHEETS_PER_MINUTE"])
    return services.counts.take(f"blank-sheet:{address}", limit, 60)


def _too_many_sheets(wait: int) -> tuple[str, int, dict[str, str]]:
    message = ngettext(
        "That is more blank sheets than one phone needs: wait %(num)s second, or log in"
        " to print more.",
        "That is more blank sheets than one phone needs: wait %(num)s seconds, or log in"
        " to print more.",
        wait,
    )
    page = render_template("error.html", code=429, message=message)
    return page, 429, {"Retry-After": str(wait)}


def _blank_from(form: BlankSheetForm, count: int, names: list[str]) -> sheets.Sheet:
    """The sheet the form asks for (as many names as players, or none)."""
    game = kind(form.game.data)
    return sheets.blank_sheet(
        game.rules,
        game.sheet,
        count,
        names=names,
        first_dealer=int(form.first_dealer.data),
        options=game.sheet_options(form),
        paper=form.paper.data,
        pad=form.columns.data == "pad",
    )


def _field_for(field: str | None) -> str:
    """Where the page shows a rules error: by its field, or by the game's choice."""
    return "game" if field in (None, "options") else field


def _options_asked(form: BlankSheetForm, part: type[Any], errors: dict[str, list[str]]) -> bool:
    """Whether a game's options on the form say more than their defaults (or are refused):
    those open on the page, so the reader sees what the sheet will be made of; options
    left as they are stay folded under their heading, which keeps the page short."""
    for name in _field_names(part):
        field = form[name]
        if field.errors or errors.get(name):
            return True
        if (field.data or None) != (field.default or None):
            return True
    return False


def _form_page(form: BlankSheetForm, errors: dict[str, list[str]]) -> str:
    # A rules refusal about the chosen game's options names an option, not a shared field.
    shared = set(_field_names(BlankSheetForm)) | {"game"}
    opened = {
        key
        for key, game in KINDS.items()
        if _options_asked(form, game.sheet_form, errors)
        or (key == form.game.data and any(field not in shared for field in errors))
    }
    return render_template(
        "sheets/blank.html",
        form=form,
        errors=errors,
        opened=opened,
        paper=form.paper.data or default_paper(),
        **{name: value for game in KINDS.values() for name, value in game.page_values().items()},
    )


@bp.route("/games/<game_id>/sheet.pdf")
@login_required
def game_sheet(game_id: str) -> Response:
    """The game's sheet as recorded so far: 404 for another account's game."""
    try:
        record = services.get_game(current_user, game_id)
    except services.NotFound:
        abort(404)
    paper = request.args.get("paper") or default_paper()
    if paper not in sheets.PAPERS:
        abort(404)
    state, created = record.state, record.row.created_at
    language = current_language()
    facts = sheets.sheet_facts(state, created, paper)
    key = f"{sheets.facts_fingerprint(facts)}-{language}"
    if key in request.if_none_match:
        # The browser has this very sheet: nothing to render or send.
        return Response(status=304, headers={"ETag": f'"{key}"'})
    # Made where it is laid out, from the facts the fingerprint hashes: the worker reads
    # the game and waits (scorekeeper/printing.py).
    order = pdf.Order(
        printing.COMPLETED_SHEET, {**facts, "language": language}, (sheets.SheetTooWide,)
    )
    # One copy a language: a Welsh sheet is never handed to a Dutch reader.
    body = kept_pdf(f"{record.id}-{language}", key, state.finished, lambda: render(order))
    filename = f"{state.key.replace('_', '-')}-{created:%Y-%m-%d}-{record.id}.pdf"
    response = _pdf_response(body, filename, max_age=0)
    response.set_etag(key)
    return response


@bp.route("/nights/<int:night_id>/sheet.pdf")
@login_required
def night_sheet(night_id: int) -> Response:
    """The night in one PDF: a cover with its standings and its games' winners, then
    each game's sheet, each on a page of its own. 404 for another account's night.

    One document, laid out once (the fonts embedded once, not once a game); kept like
    a finished game's sheet once every game of the night is finished."""
    try:
        report = history.night_report(current_user, night_id, rounds=True)
    except services.NotFound:
        abort(404)
    night = report.night
    paper = request.args.get("paper") or default_paper()
    if paper not in sheets.PAPERS:
        abort(404)
    games = [(line, services.rules_game(line.game)) for line in report.lines]
    facts = {"date": night.date.isoformat(), "place": night.place, "note": night.note}
    language = current_language()
    key = sheets.night_fingerprint(
        {**facts, "paper": paper, "language": language, "cover": NIGHT_COVER},
        [sheets.fingerprint(state, line.game.created_at, paper) for line, state in games],
    )
    if key in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{key}"'})
    finished = all(state.finished for _line, state in games)

    def make() -> bytes:
        html = render_template(
            "sheets/night.html",
            night=night,
            paper=sheets.PAPERS[paper],
            report=report,
            games=[
                (line, completed_sheet(state, line.game.created_at, paper)) for line, state in games
            ],
        )
        return render(html)

    body = kept_pdf(f"night-{night.id}-{language}", key, finished, make)
    response = _pdf_response(body, f"night-{night.date:%Y-%m-%d}-{night.id}.pdf", max_age=0)
    response.set_etag(key)
    return response


def completed_sheet(state: RulesGame[Any, Any], created_at: datetime, paper: str) -> sheets.Sheet:
    """The game's sheet as recorded, laid out as its kind says."""
    return sheets.completed_sheet(state, kind(state.key).sheet, created_at, paper)


def kept_pdf(cache_id: str, key: str, keep: bool, make: Callable[[], bytes]) -> bytes:
    """The PDF kept as ``cache_id`` at version ``key`` (see ``sheets.SheetCache``), else
    ``make()``'s; kept when ``keep`` (a finished game's, a night's of finished games,
    a blank sheet's without names)."""
    cache = sheet_cache(current_app)
    body = cache.get(cache_id, key) if keep else None
    if body is None:
        body = make()
        if keep:
            cache.put(cache_id, key, body)
    return body


def render_sheet(sheet: sheets.Sheet, code: paper.PrintedCode | None = None) -> bytes:
    """The sheet's PDF: its template, print.css, WeasyPrint; ``code``: a blank sheet's
    code and QR code, to type it in once played."""
    html = render_template("sheets/sheet.html", sheet=sheet, paper_code=code)
    return render(html)


def render(html: str | pdf.Order) -> bytes:
    """A PDF within the time a sheet may take (SHEET_RENDER_SECONDS), of ``html`` or of
    the HTML an order makes where it is laid out."""
    config = current_app.config
    return pdf.render_pdf(
        html,
        (_print_css(),),
        time_limit=config["SHEET_RENDER_SECONDS"],
        processes=config["SHEET_RENDER_PROCESSES"],
        niceness=config["SHEET_RENDER_NICENESS"],
        waiting=config["SHEET_RENDER_WAITING"],
    )


@bp.app_errorhandler(pdf.RenderTooSlow)
def render_too_slow(error: pdf.RenderTooSlow) -> tuple[str, int, dict[str, str]]:
    """503: the render was stopped, so it cannot hold the server; say what to do instead."""
    message = ngettext(
        "This sheet took more than %(num)s second to print, so it was stopped to keep the"
        " scoresheet quick for everyone. Try again in a moment, or print fewer games at once.",
        "This sheet took more than %(num)s seconds to print, so it was stopped to keep the"
        " scoresheet quick for everyone. Try again in a moment, or print fewer games at once.",
        max(round(error.seconds), 1),
    )
    page = render_template("error.html", code=503, message=message)
    return page, 503, {"Retry-After": "30"}


@bp.app_errorhandler(pdf.RenderBusy)
def render_busy(error: pdf.RenderBusy) -> tuple[str, int, dict[str, str]]:
    """503 at once: as many sheets as may wait for their turn are waiting; the page asks
    again by itself (a sheet is a GET: asking again stores nothing)."""
    message = gettext(
        "Many sheets are being printed right now. This page tries again by itself in a few seconds."
    )
    page = render_template("error.html", code=503, message=message, retry_in=RETRY_BUSY_SECONDS)
    return page, 503, {"Retry-After": str(RETRY_BUSY_SECONDS)}


RETRY_BUSY_SECONDS = 5


@bp.app_errorhandler(pdf.RenderFailed)
def render_failed(error: pdf.RenderFailed) -> tuple[str, int, dict[str, str]]:
    """503: the process laying the sheet out ended without it (it is made anew for the
    next sheet); nothing was stored, so asking again is safe."""
    current_app.logger.error("A sheet's render failed: %s", error)
    message = gettext("This sheet could not be printed just now. Try again in a moment.")
    page = render_template("error.html", code=503, message=message)
    return page, 503, {"Retry-After": "5"}


@bp.app_errorhandler(sheets.SheetTooWide)
def too_wide(error: sheets.SheetTooWide) -> tuple[str, int]:
    """422: a game's columns, as wide as its scores need, fit no way round this paper."""
    # TRANSLATORS: a game's or a night's printed sheet, when its players' columns, as wide
    # as the game's largest scores need, do not fit on the paper asked for.
    message = gettext(
        "This game's columns, as wide as its scores need, do not fit on this paper: print it"
        " on the other paper size (A4 or US Letter)."
    )
    return render_template("error.html", code=422, message=message), 422


def _print_css() -> Path:
    return Path(current_app.static_folder or "static") / "print.css"


def sheet_cache(app: Flask) -> sheets.SheetCache:
    """The app's cache of finished games' sheets (``SHEET_CACHE_ENTRIES``, 32 at most)."""
    cache = app.extensions.get("scorekeeper_sheets")
    if cache is None:
        cache = app.extensions.setdefault(
            "scorekeeper_sheets",
            sheets.SheetCache(max_entries=app.config.get("SHEET_CACHE_ENTRIES", 32)),
        )
    assert isinstance(cache, sheets.SheetCache)
    return cache


def _pdf_response(body: bytes, filename: str, *, max_age: int) -> Response:
    response = Response(body, mimetype="application/pdf")
    disposition = "attachment" if request.args.get("download") == "1" else "inline"
    response.headers.set("Content-Disposition", disposition, filename=filename)
    # Names are printed on a sheet: shared caches may not keep it. A game's sheet changes
    # with the game, so the browser asks again each time (ETag); an account's answers are
    # made no-store on their way out (views/security.py).
    response.headers["Cache-Control"] = (
        f"private, max-age={max_age}" if max_age else "private, no-cache"
    )
    return response


@bp.app_template_filter()
def sheet_number(value: int) -> str:
    """A number as a sheet prints it (``‒20`` with a figure dash: see sheets.number)."""
    return sheets.number(value)


@bp.app_template_global()
def paper_choices() -> list[tuple[str, str, bool]]:
    """The papers a sheet prints on, the reader's usual one chosen: (key, label, chosen)."""
    usual = default_paper()
    return [(paper.key, str(paper.label), paper.key == usual) for paper in sheets.PAPERS.values()]


@bp.app_template_global()
def game_chart(state: RulesGame[Any, Any]) -> Markup | None:
    """The running-totals chart on the game's page (None before the first round)."""
    return sheets.page_chart(state, kind(state.key).sheet)
