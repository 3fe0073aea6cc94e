"""A played paper sheet typed back in: the code under a blank sheet's QR code opens a page
laid out like that sheet (the same players, columns, options and dealers), typed cell by
cell in the order a pen fills it, each row judged by the rules, the running totals beside
it to compare with the paper's; saving stores an ordinary game on the sheet's evening.

The page works as a plain form (every row posted at once, each row's refusal beside it);
static/paper.js moves from cell to cell as each number is complete and has each finished
row judged as it is typed (``/paper/<code>/check``, the same judging, as JSON).

What a game's rows hold is asked of its kind (``kind(key).paper``, scorekeeper.games.paper).
"""

from __future__ import annotations

import hashlib
import secrets
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import segno
from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, ngettext
from flask_login import current_user, login_required
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from .. import services
from ..forms.common import one_time_key
from ..games.kinds import KindError, kind
from ..games.paper import PaperEntry
from ..i18n import game_word, translate
from ..rules import RoundRefused
from ..rules.errors import RuleError
from ..rules.names import MAX_NAME_LENGTH
from ..services import paper as printed
from ..sheets import number as sheet_number
from .addresses import shared_url

bp = Blueprint("paper", __name__)

QR_MILLIMETRES = 7.0
"""The printed QR code's side: as tall as the sheet's title line, beside it (modules of
0.28 mm, read from a photo of the page at 100 dpi)."""


# -- the code on a blank sheet -----------------------------------------------------


@dataclass(frozen=True)
class PrintedCode:
    """The code printed on a blank sheet, and the address its QR code opens."""

    code: str
    link: str
    """The QR code's address: ``HTTP://HOST/P/CODE``, in capitals where they change
    nothing, so the QR code holds it in its compact alphanumeric mode (version 2)."""
    typed_at: str
    """Where to type the code without a camera (``192.168.1.20:5000/p``)."""

    @property
    def shown(self) -> str:
        """The code as printed, in two halves: ``48210-93755``."""
        return printed.shown_code(self.code)

    def qr(self) -> segno.QRCode:
        return segno.make(self.link, error="m", boost_error=False)

    def qr_image(self) -> Markup:
        """The QR code as an image in the sheet's PDF, drawn as vectors."""
        code = self.qr()
        size = code.symbol_size(border=0)[0]
        drawn = code.svg_inline(unit="mm", scale=QR_MILLIMETRES / size, border=0, omitsize=False)
        svg = drawn.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
        uri = "data:image/svg+xml," + urllib.parse.quote(svg, safe="")
        return Markup('<img src="{}" alt="">').format(uri)


def code_for_blank(
    key: str,
    player_count: int,
    names: Sequence[str],
    first_dealer: int,
    options: Mapping[str, Any],
    pad: bool,
) -> PrintedCode | None:
    """The code for a blank sheet of these parameters (its row made the first time), or
    None when the code cannot be stored now (the sheet is still printed, without it).
    Every game's blank sheet has one, the same way, even a game whose sheets cannot be
    typed in yet: its page says so."""
    parameters = printed.SheetParameters(
        key, player_count, tuple(names), first_dealer, dict(options), pad
    )
    try:
        code = printed.sheet_code(parameters)
    except services.StorageError:
        return None
    short = shared_url("paper.short", code=code)
    scheme, _, rest = short.partition("://")
    host, _, path = rest.partition("/")
    link = f"{scheme.upper()}://{host.upper()}/{path}"
    typed_at = shared_url("paper.find").partition("://")[2]
    return PrintedCode(code, link, typed_at)


def address_key() -> str:
    """What a blank sheet's QR code depends on besides the sheet: the address it opens."""
    return shared_url("paper.find")


# -- finding a sheet by its code ---------------------------------------------------


@bp.route("/P/<code>")
def short(code: str) -> Response:
    """The QR code's short address: the sheet's page."""
    return redirect(url_for("paper.enter", code=printed.normal_code(code)))


@bp.route("/p")
@login_required
def find() -> Response | tuple[str, int]:
    """Type a sheet's code (printed beside its QR code) to open its page."""
    typed = request.args.get("code", "")
    error = ""
    if typed:
        code = printed.normal_code(typed)
        try:
            printed.printed_sheet(code)
        except services.NotFound:
            error = gettext(
                "No sheet has the code %(code)s: check it against the one printed beside"
                " the QR code",
                code=typed[:24],
            )
        else:
            return redirect(url_for("paper.enter", code=code))
    page = render_template("paper/find.html", typed=typed[:24], error=error)
    return page, 422 if error else 200


# -- the page of a sheet -------------------------------------------------------------


@dataclass
class RowView:
    """A round's row as typed, judged and worked out."""

    number: int
    cards: int
    dealer: int
    lead: dict[str, str]
    """Each lead cell as typed, by its key (a round that writes none has no key)."""
    seats: dict[str, list[str]]
    """Each seat cell as typed, by its key, in seat order."""
    most: dict[str, int]
    """The largest number each seat cell can hold in this round."""
    errors: list[str] = field(default_factory=list)
    scores: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()

    @property
    def filled(self) -> bool:
        return any(self.lead.values()) or any(v for values in self.seats.values() for v in values)

    @property
    def judged(self) -> bool:
        return bool(self.totals)


@dataclass
class SheetView:
    code: str
    parameters: printed.SheetParameters
    entry: PaperEntry
    state: Any
    """The game as the rules start it (the names, the first dealer, the options)."""
    rows: list[RowView]
    played: Any = None
    """The game after the rows judged so far."""

    @property
    def title(self) -> str:
        return game_word(self.state.title)


def _sheet(code: str) -> tuple[printed.SheetParameters, PaperEntry]:
    """The sheet of this code, and how its game is typed in (404 for no such sheet, or a
    game not typed in this way)."""
    parameters, entry = _printed(code)
    if entry is None:
        abort(404)
    return parameters, entry


def _printed(code: str) -> tuple[printed.SheetParameters, PaperEntry | None]:
    try:
        parameters = printed.printed_sheet(code)
        return parameters, kind(parameters.kind).paper
    except (services.NotFound, KindError):
        abort(404)


def _names(values: MultiDict[str, str], parameters: printed.SheetParameters) -> list[str]:
    """The names printed on the sheet, else the names typed on the page (seat order)."""
    if parameters.names:
        return list(parameters.names)
    return [
        values.get(f"names-{seat}", "").strip()[: MAX_NAME_LENGTH + 1]
        for seat in range(parameters.player_count)
    ]


def _first_dealer(values: MultiDict[str, str], parameters: printed.SheetParameters) -> int:
    """The first dealer as the page gives it: the sheet's, unless the table changed it
    (another player dealt first than the one printed)."""
    try:
        return int(values.get("first_dealer", parameters.first_dealer))
    except ValueError:
        return -1


def _rows(values: MultiDict[str, str], view: SheetView) -> None:
    """Read every row as typed, and judge them in order: a row is judged once the rows
    above it are right (the rules need the game as it stood); a row partly typed, or
    typed below an empty one, is said so beside it."""
    state, entry = view.state, view.entry
    judging = True
    empty_above: int | None = None
    for row in view.rows:
        if not row.filled:
            if empty_above is None:
                empty_above = row.number
            continue
        if empty_above is not None:
            row.errors.append(
                gettext(
                    "Row %(number)s is empty: type the rows in order, from the first",
                    number=empty_above,
                )
            )
            judging = False
            continue
        missing = [key for key, typed in row.lead.items() if not typed.strip()]
        missing += [key for key, typed in row.seats.items() if not all(t.strip() for t in typed)]
        if missing:
            row.errors.append(gettext("Fill in every box of this row, or leave them all empty"))
            judging = False
            continue
        wrong = [
            cell
            for cell in entry.lead
            if cell.key in row.lead and not cell.choice(row.lead[cell.key])
        ]
        for cell in wrong:
            row.errors.append(
                gettext("%(column)s: type one of %(choices)s", column=cell.label, choices=cell.said)
            )
        if wrong:
            judging = False
            continue
        if not judging:
            continue
        seats = {key: [_number(t) for t in typed] for key, typed in row.seats.items()}
        data = entry.round_data(state, row.number, row.dealer, row.lead, seats)
        try:
            record = state.parse_round(data, row.number)
            state = state.apply_round(record)
        except RoundRefused as refused:
            row.errors.extend(translate(error) for error in refused.errors)
            judging = False
            continue
        except RuleError as error:
            row.errors.append(translate(error))
            judging = False
            continue
        scored = state.scored_rounds[-1]
        row.scores, row.totals = scored.scores, scored.totals
    view.played = state


def _number(typed: str) -> int | str:
    """A typed number as the rules read it; anything else as typed, for them to refuse."""
    text = typed.strip()
    return int(text) if text.isdigit() and len(text) <= 3 else text


def _view(code: str, values: MultiDict[str, str]) -> tuple[SheetView | None, list[str]]:
    """The sheet's page as typed so far, or (None, the problems with its names)."""
    parameters, entry = _sheet(code)
    names = _names(values, parameters)
    first_dealer = _first_dealer(values, parameters)
    rules = kind(parameters.kind).rules
    try:
        state = rules.new(names, first_dealer, parameters.options)
    except RoundRefused as refused:
        return None, [translate(error) for error in refused.errors]
    count = kind(parameters.kind).sheet.blank_rows(state)
    rows = []
    for offset in range(count):
        number_ = offset + 1
        dealer = (state.first_dealer + offset) % state.player_count
        lead = {
            cell.key: values.get(f"r{number_}-{cell.key}", "")[:3]
            for cell in entry.lead
            if cell.asked(state, number_)
        }
        seats = {
            cell.key: [
                values.get(f"r{number_}-{cell.key}-{seat}", "")[:3]
                for seat in range(state.player_count)
            ]
            for cell in entry.seats
        }
        most = {cell.key: cell.most(state, number_) for cell in entry.seats}
        rows.append(RowView(number_, state.deal_size(number_), dealer, lead, seats, most))
    view = SheetView(printed.normal_code(code), parameters, entry, state, rows)
    _rows(values, view)
    return view, []


def _evening(typed: str | None) -> date | None:
    """The date written on the sheet, within reason (not after tomorrow, nor before 1900)."""
    try:
        when = date.fromisoformat((typed or "").strip())
    except ValueError:
        return None
    latest = printed.this_evening() + timedelta(days=1)
    return when if date(1900, 1, 1) <= when <= latest else None


@bp.route("/paper/<code>", methods=["GET", "POST"])
@login_required
def enter(code: str) -> Response | tuple[str, int]:
    """The sheet's page: its names first when the sheet had none, then its rows."""
    values = request.form if request.method == "POST" else request.args
    parameters, entry = _printed(code)
    kind_ = kind(parameters.kind)
    start = kind_.rules.new(
        [f"Player {seat + 1}" for seat in range(parameters.player_count)],
        0,
        parameters.options,
    )
    if entry is None:
        unsupported = gettext(
            "Sheets of %(game)s cannot be typed in here yet: start a game and enter it on the"
            " round screen.",
            game=game_word(start.title),
        )
        return _page("paper/enter.html", 200, code=code, parameters=parameters, why=unsupported)
    unsupported = entry.unsupported(start)
    if unsupported:
        return _page("paper/enter.html", 200, code=code, parameters=parameters, why=unsupported)
    asks_names = not parameters.names and (
        request.method == "GET" and "names-0" not in request.args
    )
    view, name_errors = (None, []) if asks_names else _view(code, values)
    if view is None:
        return _page(
            "paper/names.html",
            422 if name_errors else 200,
            code=code,
            parameters=parameters,
            title=game_word(start.title),
            names=_names(values, parameters),
            first_dealer=_first_dealer(values, parameters),
            errors=name_errors,
        )
    evening = _evening(values.get("date")) if request.method == "POST" else None
    errors: list[str] = []
    if request.method == "POST" and values.get("action") != "check":
        saved = _save(view, values, evening, errors)
        if saved is not None:
            return saved
    status = 422 if errors or any(row.errors for row in view.rows) else 200
    return _page(
        "paper/enter.html",
        status,
        code=code,
        parameters=parameters,
        view=view,
        errors=errors,
        evening=(evening or printed.this_evening()).isoformat()
        if request.method == "GET" or evening
        else values.get("date", "")[:10],
        date_error=request.method == "POST" and evening is None,
        key=one_time_key(values.get("key")) or _new_key(),
    )


def _save(
    view: SheetView, values: MultiDict[str, str], evening: date | None, errors: list[str]
) -> Response | None:
    """Store the sheet, when every typed row is right: the game's page; else None, with
    what to put right in ``errors`` (the rows say their own)."""
    rows = [row for row in view.rows if row.filled]
    if any(row.errors for row in view.rows):
        errors.append(gettext("Some rows need putting right: see beside them. Nothing was saved."))
        return None
    if not rows:
        errors.append(gettext("Type at least the first row before saving."))
        return None
    if evening is None:
        return None
    key = one_time_key(values.get("key"))
    state = view.state
    rounds = [
        view.entry.round_data(
            state,
            row.number,
            row.dealer,
            row.lead,
            {k: [_number(t) for t in typed] for k, typed in row.seats.items()},
        )
        for row in rows
    ]
    digest = hashlib.sha256(repr((view.code, state.players, rounds)).encode()).hexdigest()
    try:
        stored = printed.store_played_sheet(
            current_user,
            view.parameters,
            state.players,
            state.first_dealer,
            rounds,
            evening,
            key=key,
            digest=digest,
        )
    except RoundRefused as refused:
        errors.extend(translate(error) for error in refused.errors)
        return None
    except services.KeyReused:
        errors.append(gettext("That page was saved already with other rows: reload it."))
        return None
    except (services.Conflict, services.StorageError) as failed:
        errors.append(failed.message)
        return None
    if stored.replayed:
        flash(gettext("That was saved already."), "info")
    else:
        flash(
            ngettext(
                "The sheet is saved: %(num)s row typed in.",
                "The sheet is saved: %(num)s rows typed in.",
                len(stored.state.rounds),
            ),
            "info",
        )
    return redirect(url_for("games.show_game", game_id=stored.id))


def _new_key() -> str:
    return secrets.token_hex(16)


def _page(template: str, status: int, **values: Any) -> tuple[str, int]:
    code = printed.normal_code(values.pop("code"))
    page = render_template(
        template, number=sheet_number, code=code, shown=printed.shown_code(code), **values
    )
    return page, status


@bp.route("/paper/<code>/check", methods=["POST"])
@login_required
def check(code: str) -> Response:
    """The rows as typed, judged (for static/paper.js): each row's refusals, scores and
    running totals."""
    view, name_errors = _view(code, request.form)
    if view is None:
        return jsonify({"errors": name_errors, "rows": []})
    return jsonify(
        {
            "errors": [],
            "rows": [
                {
                    "number": row.number,
                    "errors": row.errors,
                    "scores": [sheet_number(s, signed=True) for s in row.scores],
                    "totals": [sheet_number(t) for t in row.totals],
                }
                for row in view.rows
                if row.filled or row.errors
            ],
        }
    )
