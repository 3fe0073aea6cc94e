"""Setting up a game, the list of games, and a game's scoreboard."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from .. import services
from ..forms import RANDOM_DEALER, EditForm
from ..games import DEFAULT_GAME
from ..games.kinds import KINDS
from ..i18n import date_short, translate
from ..rules import RoundRefused
from .keeper import login_or_keeper

bp = Blueprint("games", __name__)


@bp.route("/")
@login_required
def index() -> Response:
    return redirect(url_for("history.games"))


@bp.route("/games/new", methods=["GET", "POST"])
@login_required
def new_game() -> Response | tuple[str, int]:
    kind = request.values.get("game", DEFAULT_GAME)
    if kind not in KINDS:
        abort(404)
    game = KINDS[kind]
    form = game.new_game_form()
    form.offer_nights(
        [
            (night.id, f"{date_short(night.date)}{' · ' + night.place if night.place else ''}")
            for night in services.recent_nights(current_user)
        ]
    )
    form.new_key()
    rule_errors: dict[str, list[str]] = {}
    status = 200
    if form.validate_on_submit():
        names = form.player_names()
        first_dealer = _first_dealer(form.first_dealer.data, len(names))
        night_id = form.night_id()
        try:
            night = services.get_night(current_user, night_id) if night_id else None
            record = services.create_game(
                current_user,
                kind,
                names,
                first_dealer,
                form.options(),
                night=night,
                key=form.one_time_key(),
            )
        except RoundRefused as refused:
            for error in refused.errors:
                rule_errors.setdefault(error.field or "players", []).append(translate(error))
        except services.NotFound:
            rule_errors["night"] = [gettext("That night is not one of yours")]
        except services.Conflict as conflict:
            rule_errors["players"] = [conflict.message]
        except services.StorageError as stored:
            rule_errors["players"] = [stored.message]
            status = 503
        else:
            if record.replayed:
                flash(gettext("That was saved already."), "info")
            return redirect(url_for("games.show_game", game_id=record.id))
    if status == 200 and (form.errors or rule_errors):
        status = 422
    return (
        render_template(
            "games/new.html",
            form=form,
            game=game.rules,
            rule_errors=rule_errors,
            known_names=services.known_player_names(current_user),
            **game.page_values(),
        ),
        status,
    )


def _first_dealer(choice: str | None, player_count: int) -> int:
    """The seat chosen, or one drawn at random (RULES.md: the highest card deals)."""
    if choice in (None, "", RANDOM_DEALER):
        return secrets.randbelow(max(player_count, 1))
    try:
        return int(choice)
    except ValueError:
        return -1


@bp.route("/games/<game_id>")
@login_or_keeper
def show_game(game_id: str) -> str:
    record = load_game(game_id, keeper=True)
    form = EditForm()
    form.base_on(record.row.version)
    return render_template(
        "games/show.html", game=record, form=form, corrections=services.corrections(record)
    )


@bp.route("/games/<game_id>/rematch", methods=["POST"])
@login_required
def rematch(game_id: str) -> Response:
    """A finished game's rematch, in one tap: the same table, the next dealer."""
    record = load_game(game_id)
    form = EditForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        started = services.rematch(record, form.basis()[1])
    except (services.Conflict, services.StorageError) as refused:
        flash(refused.message, "error")
        return redirect(url_for("games.show_game", game_id=game_id))
    except RoundRefused as refused:  # options the rules no longer take
        flash(" ".join(translate(error) for error in refused.errors), "error")
        return redirect(url_for("games.show_game", game_id=game_id))
    if not started.replayed:
        state = started.state
        dealer = state.players[state.first_dealer]
        flash(gettext("Rematch: a new game, %(name)s deals first.", name=dealer), "info")
    return redirect(url_for("games.show_game", game_id=started.id))


def load_game(game_id: str, *, keeper: bool = False) -> services.StoredGame:
    """The signed-in account's game, or 404 for any other; with ``keeper``, also the game
    this browser's table link opens (a tournament's table: its round screen and board)."""
    if current_user.is_authenticated:
        try:
            return services.get_game(current_user, game_id)
        except services.NotFound:
            if not keeper:
                abort(404)
    if keeper:
        token = session.get("table_link")
        try:
            record = services.tournaments.keeper_game(token)
        except services.NotFound:
            abort(404)
        if record.id == game_id:
            return record
    abort(404)
