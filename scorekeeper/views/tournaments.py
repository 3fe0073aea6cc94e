"""A tournament's pages: the organiser's (make one, register the players or take
tonight's, draw a stage, the tables with their scorekeeper links), the hall's standings
screen (public, large print, following every saved round), the printed standings with
every table's sheet, and a table's scorekeeper link, which opens that table's game's round
screen without an account."""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from collections.abc import Callable, Sequence
from datetime import date

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from flask_login import current_user, login_required
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import services, sheets
from ..forms import EmptyForm, PlayersForm, TournamentForm, TournamentPlanForm
from ..games.kinds import KINDS
from ..i18n import current_language, translate
from ..models import Tournament
from ..rules import RoundRefused
from ..services import tournaments
from .addresses import shared_url
from .keeper import KEEPER
from .watch import REFRESH_SECONDS

bp = Blueprint("tournaments", __name__)

# -- a table's scorekeeper, without an account ---------------------------------------------


@bp.route("/table/<token>")
def keeper(token: str) -> Response:
    """A table's scorekeeper link: this browser may keep that one game's score."""
    try:
        record = tournaments.keeper_game(token)
    except services.NotFound:
        abort(404)
    session[KEEPER] = token
    return redirect(url_for("rounds.new_round", game_id=record.id))


# -- the organiser's pages -------------------------------------------------------------


def load(tournament_id: int) -> Tournament:
    try:
        return tournaments.get_tournament(current_user, tournament_id)
    except services.NotFound:
        abort(404)


@bp.route("/tournaments")
@login_required
def index() -> str:
    return render_template(
        "tournaments/index.html", tournaments=tournaments.list_tournaments(current_user)
    )


@bp.route("/tournaments/new", methods=["GET", "POST"])
@login_required
def new() -> Response | tuple[str, int]:
    key = request.values.get("game", next(iter(KINDS)))
    if key not in KINDS:
        abort(404)
    kind = KINDS[key]
    form = TournamentForm()
    options_form = kind.new_game_form()
    if not form.is_submitted():
        form.date.data = date.today()
        form.table_size.data = min(max(4, kind.rules.min_players), kind.rules.max_players)
    problems: dict[str, list[str]] = {}
    status = 200
    if form.validate_on_submit():
        try:
            options = options_form.options()
        except (TypeError, ValueError):
            options = {}
        plan = tournaments.Plan(
            name=form.name.data,
            date=form.date.data,
            kind=key,
            options=options,
            stages=form.stages.data,
            table_size=form.table_size.data,
            ranking=form.ranking.data,
            final_size=form.final_size.data or 0,
            players=form.player_names(),
        )
        try:
            made = tournaments.create_tournament(current_user, plan)
        except RoundRefused as refused:
            for error in refused.errors:
                problems.setdefault(error.field or "name", []).append(translate(error))
        except services.StorageError as stored:
            problems["name"] = [stored.message]
            status = 503
        else:
            flash(gettext("Tournament made: draw its first stage when everyone is here."), "done")
            return redirect(url_for("tournaments.show", tournament_id=made.id))
    if status == 200 and (form.errors or problems):
        status = 422
    page = render_template(
        "tournaments/new.html",
        form=form,
        options_form=options_form,
        game=kind.rules,
        problems=problems,
        rule_errors=problems,
        **kind.page_values(),
    )
    return page, status


@bp.route("/tournaments/<int:tournament_id>")
@login_required
def show(tournament_id: int) -> str:
    tournament = load(tournament_id)
    players = PlayersForm()
    players.players.data = "\n".join(tournaments.player_names(tournament))
    return _show(tournament, players)


@bp.route("/tournaments/<int:tournament_id>/edit", methods=["GET", "POST"])
@login_required
def edit(tournament_id: int) -> Response | tuple[str, int]:
    """Change the tournament's name, date, ranking rule or plan of the stages to draw."""
    tournament = load(tournament_id)
    form = TournamentPlanForm(obj=None if request.method == "POST" else tournament)
    problems: dict[str, list[str]] = {}
    status = 200
    if form.validate_on_submit():
        changes = {name: form[name].data for name in tournaments.CHANGEABLE}
        changes["final_size"] = changes["final_size"] or 0
        try:
            tournaments.change_tournament(tournament, changes)
        except RoundRefused as refused:
            for error in refused.errors:
                problems.setdefault(error.field or "name", []).append(translate(error))
        except services.Conflict as refused:
            problems.setdefault(refused.field or "name", []).append(refused.message)
        except services.StorageError as stored:
            problems["stage"] = [stored.message]
            status = 503
        else:
            flash(gettext("The tournament is changed."), "done")
            return _back(tournament)
    elif form.is_submitted() and "csrf_token" in form.errors:
        abort(400)
    if status == 200 and (form.errors or problems):
        status = 422
    page = render_template(
        "tournaments/edit.html",
        tournament=tournament,
        kind=KINDS[tournament.kind],
        game=KINDS[tournament.kind].rules,
        form=form,
        problems=problems,
    )
    return page, status


def _show(tournament: Tournament, players: PlayersForm, problems: Sequence[str] = ()) -> str:
    standings = tournaments.current_standings(tournament)
    links = {
        table.id: shared_url("tournaments.keeper", token=table.keeper_token)
        for stage in tournament.drawn
        for table in stage.tables
        if table.keeper_token
    }
    return render_template(
        "tournaments/show.html",
        tournament=tournament,
        kind=KINDS[tournament.kind],
        standings=standings,
        players_form=players,
        form=EmptyForm(),
        upcoming=tournaments.next_stage(tournament),
        links=links,
        codes={table_id: qr(link) for table_id, link in links.items()},
        screen=shared_url("tournaments.screen", token=tournament.screen_token)
        if tournament.screen_token
        else None,
        problems=problems,
    )


def _post(tournament_id: int) -> Tournament:
    tournament = load(tournament_id)
    if not EmptyForm().validate_on_submit():
        abort(400)
    return tournament


def _back(tournament: Tournament) -> Response:
    return redirect(url_for("tournaments.show", tournament_id=tournament.id))


@bp.route("/tournaments/<int:tournament_id>/players", methods=["POST"])
@login_required
def register(tournament_id: int) -> Response | tuple[str, int]:
    tournament = load(tournament_id)
    form = PlayersForm()
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            abort(400)
        return _show(tournament, form, [m for ms in form.errors.values() for m in ms]), 422
    try:
        tournaments.register_players(current_user, tournament, form.player_names())
    except RoundRefused as refused:
        return _show(tournament, form, [translate(e) for e in refused.errors]), 422
    except services.Conflict as refused:
        return _show(tournament, form, [refused.message]), 422
    except services.StorageError as stored:
        return _show(tournament, form, [stored.message]), 503
    count = len(tournament.entries)
    flash(gettext("Players registered: %(count)s.", count=count), "done")
    return _back(tournament)


@bp.route("/tournaments/<int:tournament_id>/tonight", methods=["POST"])
@login_required
def take_tonight(tournament_id: int) -> Response | tuple[str, int]:
    """Tonight's players into the box of names, to look over and register."""
    tournament = _post(tournament_id)
    form = PlayersForm(formdata=None)
    names = tournaments.tonight_names(current_user)
    known = tournaments.player_names(tournament)
    form.players.data = "\n".join([*known, *(name for name in names if name not in known)])
    if not names:
        flash(gettext("Nobody has played tonight yet."), "info")
    return _show(tournament, form), 200


@bp.route("/tournaments/<int:tournament_id>/draw", methods=["POST"])
@login_required
def draw(tournament_id: int) -> Response:
    tournament = _post(tournament_id)
    try:
        stage = tournaments.draw_stage(tournament)
    except RoundRefused as refused:
        for error in refused.errors:
            flash(translate(error), "error")
    except (services.Conflict, services.StorageError) as refused:
        flash(refused.message, "error")
    else:
        tournaments.keeper_links(tournament, stage)
        if stage.final:
            flash(gettext("The final is drawn."), "done")
        else:
            flash(gettext("Stage %(number)s is drawn.", number=stage.number), "done")
    return _back(tournament)


@bp.route("/tournaments/<int:tournament_id>/tables/<int:table_id>/link", methods=["POST"])
@login_required
def table_link(tournament_id: int, table_id: int) -> Response:
    """Give out a table's scorekeeper link again, or (``revoke``) take it back."""
    tournament = _post(tournament_id)
    table = next((t for stage in tournament.drawn for t in stage.tables if t.id == table_id), None)
    if table is None:
        abort(404)
    try:
        if request.form.get("revoke"):
            tournaments.revoke_keeper_link(table)
            flash(gettext("The table's link opens nothing any more."), "done")
        else:
            tournaments.keeper_link(table)
    except services.StorageError as stored:
        flash(stored.message, "error")
    return _back(tournament)


@bp.route("/tournaments/<int:tournament_id>/screen", methods=["POST"])
@login_required
def share(tournament_id: int) -> Response:
    tournament = _post(tournament_id)
    try:
        if request.form.get("stop"):
            token = tournament.screen_token
            tournaments.stop_screen(tournament)
            # The other workers answer its stamp STANDINGS_STAMP_SECONDS at most.
            kept_stamps().forget(token)
            flash(gettext("The standings link opens nothing any more."), "done")
        else:
            tournaments.share_screen(tournament)
    except services.StorageError as stored:
        flash(stored.message, "error")
    return _back(tournament)


# -- the hall's screen and the printed standings ------------------------------------------------


_SCREENS: dict[tuple[str, str, str], str] = {}
"""The hall's screen as last drawn, by its link, the standings' stamp and the language:
for a screen without an account (nothing of anyone's own on it). Every screen in the hall
reloads within a refresh of a change; one of them draws the page, the others read it."""

_SCREENS_KEPT = 64


@bp.route("/standings/<token>")
def screen(token: str) -> Response:
    """The hall's screen. Its stamp is read from the database, never a kept one: a page
    is at least as new as the stamp it carries (its ``data-version``)."""
    try:
        stamp = tournaments.screen_stamp(token)
    except services.NotFound:
        abort(404)
    language = current_language()
    # A page with a message of the browser's own (a flash) is drawn for it alone.
    if current_user.is_authenticated or "_flashes" in session:
        return Response(_draw_screen(token)[0], mimetype="text/html")
    page = _SCREENS.get((token, stamp, language))
    if page is None:
        # After a change, the screens asking at once wait for one of them to draw it.
        with _DRAWING:
            page = _SCREENS.get((token, stamp, language))
            if page is None:
                page, stamp = _draw_screen(token)
                if len(_SCREENS) >= _SCREENS_KEPT:
                    _SCREENS.clear()
                # Drawn from standings newer than the stamp read first: kept as theirs.
                _SCREENS[(token, stamp, language)] = page
    # A screen that has this page (its noscript refresh, a reload) is answered 304.
    answer = Response(page, mimetype="text/html")
    answer.set_etag(_screen_tag(token, stamp, language))
    answer.headers["Cache-Control"] = "no-cache"
    return answer.make_conditional(request)


_DRAWING = threading.Lock()


def _draw_screen(token: str) -> tuple[str, str]:
    """The hall's screen as the standings stand, and their stamp."""
    try:
        tournament = tournaments.screen_tournament(token)
    except services.NotFound:
        abort(404)
    standings = tournaments.current_standings(tournament)
    page = render_template(
        "tournaments/screen.html",
        tournament=tournament,
        kind=KINDS[tournament.kind],
        standings=standings,
        token=token,
        refresh=REFRESH_SECONDS,
    )
    return page, standings.stamp


def _screen_tag(token: str, stamp: str, language: str) -> str:
    """The page's tag: its standings and language, derived with the install's secret
    (the tag tells nothing of the tournament's id or its link)."""
    secret = current_app.config["SECRET_KEY"]
    key = secret.encode() if isinstance(secret, str) else bytes(secret)
    digest = hmac.new(key, f"standings:{token}:{stamp}".encode(), hashlib.sha256)
    return f"{digest.hexdigest()[:32]}-{language}"


@bp.route("/standings/<token>/version")
def screen_version(token: str) -> Response:
    """What the hall's screen follows: it reloads when this changes. Asked by every
    screen every few seconds: the stamp this worker read at most
    ``STANDINGS_STAMP_SECONDS`` ago, without the session, the login or the database."""
    try:
        stamp = kept_stamps().read(token, current_app.config["STANDINGS_STAMP_SECONDS"])
    except services.NotFound:
        abort(404)
    return Response(
        b'{"version":"%s"}\n' % stamp.encode(),
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )


class KeptStamps:
    """The standings' stamps this worker read lately, by link (at most ``size``), shared by
    its threads. A stamp read ``seconds`` ago or more is read again; a link that opens
    nothing is never kept (it may open something the next time).

    >>> reads = []
    >>> kept = KeptStamps(read=lambda token: reads.append(token) or f"{len(reads)}")
    >>> kept.read("a", 1.0, now=10.0), kept.read("a", 1.0, now=10.9), kept.read("a", 1.0, now=11.0)
    ('1', '1', '2')
    >>> kept.read("a", 0, now=11.0)
    '3'
    """

    def __init__(self, read: Callable[[str], str], size: int = 256) -> None:
        self._read, self.size = read, size
        self._stamps: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def forget(self, token: str | None) -> None:
        with self._lock:
            self._stamps.pop(token or "", None)

    def read(self, token: str, seconds: float, now: float | None = None) -> str:
        now = time.monotonic() if now is None else now
        with self._lock:
            kept = self._stamps.get(token)
        if kept is not None and now - kept[1] < seconds:
            return kept[0]
        stamp = self._read(token)
        with self._lock:
            if len(self._stamps) >= self.size:
                self._stamps.clear()
            self._stamps[token] = (stamp, now)
        return stamp


def kept_stamps() -> KeptStamps:
    """This app's kept stamps (each app its own database)."""
    kept = current_app.extensions.get("standings_stamps")
    if kept is None:
        kept = current_app.extensions.setdefault(
            "standings_stamps", KeptStamps(tournaments.screen_stamp)
        )
    return kept  # type: ignore[no-any-return]


@bp.route("/tournaments/<int:tournament_id>/standings.pdf")
@login_required
def printed(tournament_id: int) -> Response:
    """The standings and every table's result, then each table's own sheet."""
    from . import sheets as printing

    tournament = load(tournament_id)
    standings = tournaments.current_standings(tournament)
    paper = request.args.get("paper") or printing.default_paper()
    if paper not in sheets.PAPERS:
        abort(404)
    tables = [
        (table, printing.completed_sheet(table.state, table.started, paper))
        for table in standings.tables
    ]
    html = render_template(
        "sheets/tournament.html",
        tournament=tournament,
        kind=KINDS[tournament.kind],
        standings=standings,
        paper=sheets.PAPERS[paper],
        tables=tables,
        language=current_language(),
    )
    response = Response(printing.render(html), mimetype="application/pdf")
    disposition = "attachment" if request.args.get("download") == "1" else "inline"
    name = f"tournament-{tournament.date:%Y-%m-%d}-{tournament.id}.pdf"
    response.headers.set("Content-Disposition", disposition, filename=name)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def qr(link: str) -> Markup:
    """A table's link as a QR code, for its scorekeeper's phone to scan."""
    return Markup(segno.make(link, error="m").svg_inline(scale=3))
