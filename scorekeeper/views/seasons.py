"""Seasons: the account's seasons and a new one, a season's standings with each player's
rating, and plays exported for other loggers (a season's, a player's)."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, Response, abort, flash, redirect, render_template, url_for
from flask_babel import gettext
from flask_login import current_user, login_required
from werkzeug.wrappers import Response as BaseResponse
from wtforms.fields.choices import SelectChoice

from .. import services
from ..forms import SeasonForm
from ..games import GAMES
from ..i18n import translate_value
from ..models import Season
from ..services import seasons
from .history import _attachment

bp = Blueprint("seasons", __name__)


def _season(season_id: int) -> Season:
    try:
        return seasons.get_season(current_user, season_id)
    except services.NotFound:
        abort(404)


@bp.route("/seasons", methods=["GET", "POST"])
@login_required
def index() -> BaseResponse | tuple[str, int]:
    form = SeasonForm()
    form.game.choices = [
        SelectChoice(key, str(translate_value("game", game.title))) for key, game in GAMES.items()
    ]
    if not form.is_submitted():
        today = date.today()
        form.since.data = form.since.data or date(today.year, 1, 1)
        form.until.data = form.until.data or date(today.year, 12, 31)
    if form.validate_on_submit():
        try:
            season = seasons.create_season(
                current_user,
                form.name.data or "",
                form.game.data,
                form.since.data,
                form.until.data,
                form.min_games.data,
                bool(form.tournament_only.data),
            )
        except services.PlayerError as error:
            field = {"game": form.game, "until": form.until, "min_games": form.min_games}.get(
                error.field or "", form.name
            )
            field.errors = [*field.errors, error.message]
        else:
            flash(gettext("The season is made."), "info")
            return redirect(url_for("seasons.season", season_id=season.id))
    status = 422 if form.errors else 200
    listed = seasons.list_seasons(current_user)
    return render_template("seasons/index.html", form=form, seasons=listed), status


@bp.route("/seasons/<int:season_id>")
@login_required
def season(season_id: int) -> str:
    found = _season(season_id)
    return render_template("seasons/season.html", season=found, standings=seasons.standings(found))


@bp.route("/seasons/<int:season_id>/plays.csv")
@login_required
def season_plays(season_id: int) -> Response:
    found = _season(season_id)
    name = f"season-{found.since:%Y-%m-%d}-{found.until:%Y-%m-%d}-{found.kind}.csv"
    return Response(
        seasons.plays_csv(seasons.season_plays(found)),
        mimetype="text/csv",
        headers={"Content-Disposition": _attachment(name)},
    )


@bp.route("/players/<int:player_id>/plays.csv")
@login_required
def player_plays(player_id: int) -> Response:
    try:
        player = services.get_player(current_user, player_id)
    except services.NotFound:
        abort(404)
    name = f"plays-{player.name}.csv"
    return Response(
        seasons.plays_csv(seasons.player_plays(current_user, player)),
        mimetype="text/csv",
        headers={"Content-Disposition": _attachment(name)},
    )
