"""The past: the games list with filters, game nights, players, export and import."""

from __future__ import annotations

import json
from datetime import date

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_decimal, gettext, ngettext
from flask_login import current_user, login_required
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse
from wtforms.fields.choices import SelectChoice

from .. import history, services
from ..forms import (
    EmptyForm,
    GameFilterForm,
    ImportForm,
    MergePlayerForm,
    NightForm,
    RenamePlayerForm,
)
from ..games import GAMES
from ..games.kinds import KINDS
from ..i18n import translate_value
from ..services import ratings, transfer
from .games import load_game

bp = Blueprint("history", __name__)


def _page_number() -> int:
    try:
        return max(int(request.args.get("page", "1")), 1)
    except ValueError:
        return 1


@bp.route("/games")
@login_required
def games() -> str:
    form = GameFilterForm(request.args)
    people = history.players(current_user)
    form.player.choices = [SelectChoice("", gettext("Anyone"))] + [
        SelectChoice(str(p.id), p.name) for p in people
    ]
    form.game.choices = [SelectChoice("", gettext("Any game"))] + [
        SelectChoice(k, str(translate_value("game", g.title))) for k, g in GAMES.items()
    ]
    form.validate()  # a date that cannot be read is shown as an error and left out
    own = {str(p.id) for p in people}
    filters = history.GameFilter(
        player_id=int(form.player.data) if form.player.data in own else None,
        kind=form.game.data or None,
        since=form.since.data if not form.since.errors else None,
        until=form.until.data if not form.until.errors else None,
        status=form.status.data or None,
    )
    page = history.games_page(current_user, filters, _page_number())
    query = {k: v for k, v in request.args.items() if k != "page" and v}
    filtered = any(query.values())
    return render_template(
        "history/games.html", form=form, page=page, query=query, filtered=filtered
    )


@bp.route("/nights")
@login_required
def nights() -> str:
    lines, page = history.nights_page(current_user, _page_number())
    return render_template("history/nights.html", nights=lines, page=page)


@bp.route("/nights/<int:night_id>", methods=["GET", "POST"])
@login_required
def night(night_id: int) -> BaseResponse | tuple[str, int]:
    try:
        report = history.night_report(current_user, night_id)
    except services.NotFound:
        abort(404)
    form = NightForm(obj=report.night)
    if form.validate_on_submit():
        try:
            services.update_night(
                current_user, night_id, form.date.data, form.place.data or "", form.note.data or ""
            )
        except services.PlayerError as error:
            field = form.note if error.field == "note" else form.place
            field.errors = [*field.errors, error.message]
        else:
            flash(gettext("The night is saved."), "info")
            return redirect(url_for("history.night", night_id=night_id))
    status = 422 if form.errors else 200
    return (
        render_template("history/night.html", night=report.night, report=report, form=form),
        status,
    )


@bp.route("/players")
@login_required
def players() -> str:
    return render_template("history/players.html", players=history.players(current_user))


@bp.route("/players/<int:player_id>", methods=["GET", "POST"])
@login_required
def player(player_id: int) -> BaseResponse | tuple[str, int]:
    try:
        stats = history.player_stats(current_user, player_id)
    except services.NotFound:
        abort(404)
    rename = RenamePlayerForm(prefix="rename")
    merge = MergePlayerForm(prefix="merge")
    others = [p for p in history.players(current_user) if p.id != player_id]
    merge.other.choices = [SelectChoice(str(p.id), p.name) for p in others]
    status = 200
    try:
        if request.form.get("action") == "rename" and rename.validate_on_submit():
            services.rename_player(current_user, player_id, rename.name.data)
            flash(gettext("Renamed: every game shows the new name."), "info")
            return redirect(url_for("history.player", player_id=player_id))
        if request.form.get("action") == "merge" and merge.validate_on_submit():
            gone = merge.other.data
            kept = services.merge_players(current_user, player_id, int(gone))
            flash(
                gettext(
                    "Merged: the games of the other player are now %(name)s's.", name=kept.name
                ),
                "info",
            )
            return redirect(url_for("history.player", player_id=player_id))
    except services.PlayerError as error:
        target = rename.name if error.field == "name" else merge.other
        target.errors = [*target.errors, error.message]
    except services.NotFound:
        abort(404)
    if rename.errors or merge.errors:
        status = 422
    # Each game's own section, as its kind makes it of the player's bids in that game.
    stats.by_game = {
        key: game.statistics(stats.bidding.get(key, [])) for key, game in KINDS.items()
    }
    return (
        render_template(
            "history/player.html",
            stats=stats,
            rename=rename,
            merge=merge,
            charts=_timeline_charts(stats),
            ratings=_ratings(stats),
        ),
        status,
    )


def _ratings(stats: history.PlayerStats) -> list[tuple[ratings.RatingLine, Markup]]:
    """The player's rating at each game they have finished, with its chart."""
    from ..charts import rating_svg

    return [
        (rating, rating_svg(stats.player.name, rating.history))
        for rating in ratings.rating_lines(stats.player.owner_id, stats.player.id)
    ]


def _timeline_charts(stats: history.PlayerStats) -> list[tuple[str, Markup]]:
    """The player's score in each of their latest finished games, as SVG: a chart for
    each game kind with two games or more (a Wizard total and a One Card total are not
    points on one line)."""
    from ..charts import final_scores_svg

    return [
        (GAMES[kind].title if kind in GAMES else kind, final_scores_svg(stats.player.name, games))
        for kind, games in stats.timeline_by_kind()
        if len(games) >= 2
    ]


@bp.route("/export.json")
@login_required
def export_account() -> Response:
    document = transfer.export_account(current_user)
    body = json.dumps(document, ensure_ascii=False, indent=1)
    name = f"scorekeeper-{current_user.username}-{date.today():%Y-%m-%d}.json"
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": _attachment(name)},
    )


@bp.route("/games/<game_id>/export.csv")
@login_required
def export_game(game_id: str) -> Response:
    record = load_game(game_id)
    name = f"{record.state.key}-{record.row.created_at:%Y-%m-%d}-{record.id}.csv"
    return Response(
        transfer.game_csv(record.row),
        mimetype="text/csv",
        headers={"Content-Disposition": _attachment(name)},
    )


def imported_message(added: dict[str, int]) -> str:
    """What an import added, each count in the form its number asks for (and written
    as the reader's language writes a number: 1,234)."""
    games = ngettext(
        "%(count)s game", "%(count)s games", added["games"], count=format_decimal(added["games"])
    )
    nights = ngettext(
        "%(count)s night",
        "%(count)s nights",
        added["nights"],
        count=format_decimal(added["nights"]),
    )
    skipped = ngettext(
        "%(count)s game was here already",
        "%(count)s games were here already",
        added["skipped"],
        count=format_decimal(added["skipped"]),
    )
    # TRANSLATORS: games, nights: "3 games", "2 nights"; skipped: "1 game was here already".
    said: str = gettext(
        "Imported %(games)s and %(nights)s; %(skipped)s.",
        games=games,
        nights=nights,
        skipped=skipped,
    )
    return said


def _attachment(name: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in name)
    return f'attachment; filename="{safe}"'


@bp.route("/import", methods=["GET", "POST"])
@login_required
def import_account() -> BaseResponse | tuple[str, int]:
    form = ImportForm()
    status = 200
    if form.validate_on_submit():
        largest = current_app.config["IMPORT_MAX_CONTENT_LENGTH"]
        raw = form.file.data.read(largest + 1)
        try:
            added = transfer.import_file(current_user, raw)
        except services.ImportRefused as refused:
            form.file.errors = [refused.message]
            status = 422
        else:
            flash(imported_message(added), "info")
            return redirect(url_for("history.games"))
    elif form.errors:
        status = 422
    return render_template("history/import.html", form=form, logout=EmptyForm()), status
