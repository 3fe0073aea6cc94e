"""The read-only watch link: the live scoreboard for anyone holding the address."""

from __future__ import annotations

import hashlib
import hmac

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from flask_login import login_required
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import services
from ..forms import EmptyForm
from ..i18n import current_language
from .games import load_game

bp = Blueprint("watch", __name__)

REFRESH_SECONDS = 4  # a change shows on watchers' phones within 5 seconds


@bp.route("/games/<game_id>/share", methods=["GET", "POST"])
@login_required
def share(game_id: str) -> Response | str:
    record = load_game(game_id)
    form = EmptyForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        services.share_game(record)
        return redirect(url_for("watch.share", game_id=game_id))
    token = record.row.watch_token
    link = url_for("watch.board", token=token, _external=True) if token else None
    qr = Markup(segno.make(link, error="m").svg_inline(scale=5)) if link else None
    return render_template("watch/share.html", game=record, link=link, qr=qr, form=form)


@bp.route("/games/<game_id>/share/revoke", methods=["POST"])
@login_required
def revoke(game_id: str) -> Response:
    record = load_game(game_id)
    if not EmptyForm().validate_on_submit():
        abort(400)
    services.stop_sharing(record)
    flash(gettext("The watch link is revoked: its address shows nothing any more."), "info")
    return redirect(url_for("watch.share", game_id=game_id))


@bp.route("/watch/<token>")
def board(token: str) -> Response:
    # A phone reloading a board it already shows gets a 304 before anything is drawn.
    try:
        game_id, version = services.watched_stamp(token)
    except services.NotFound:
        abort(404)
    if known_tag(board_tag(game_id, version)):
        return not_modified(board_tag(game_id, version))
    try:
        record = services.watched_game(token)
    except services.NotFound:
        abort(404)
    page = render_template(
        "watch/board.html",
        game=record,
        token=token,
        refresh=REFRESH_SECONDS,
        read_only=True,
    )
    answer = Response(page, mimetype="text/html")
    answer.set_etag(board_tag(record.id, record.row.version))
    answer.headers["Cache-Control"] = "no-cache"
    return answer.make_conditional(request)


def board_tag(game_id: str, version: int) -> str:
    """The board changes with the game and with the reader's language. The tag is
    derived with the install's secret key: it names no game, so a watch link's page
    tells nothing of the account's game ids."""
    secret = current_app.config["SECRET_KEY"]
    key = secret.encode() if isinstance(secret, str) else bytes(secret)
    digest = hmac.new(key, f"watch:{game_id}:{version}".encode(), hashlib.sha256)
    return f"{digest.hexdigest()[:32]}-{current_language()}"


def known_tag(tag: str) -> bool:
    """The phone holds this version of the board, sent plain or compressed (the
    compression marks its copy's tag with the encoding: ``"tag:br"``)."""
    encodings = ("", ":br", ":gzip", ":zstd", ":deflate")
    return any(request.if_none_match.contains(tag + encoding) for encoding in encodings)


def not_modified(tag: str) -> Response:
    answer = Response(status=304)
    answer.set_etag(tag)
    answer.headers["Cache-Control"] = "no-cache"
    return answer


@bp.route("/watch/<token>/version")
def version(token: str) -> Response:
    """The game's version alone, for the watch page's script to poll cheaply.

    Always a small 200: a 304 has no length, and the server would close the
    connection after it, so every watcher would open a new one every few seconds.
    """
    try:
        current = services.watched_version(token)
    except services.NotFound:
        abort(404)
    # What jsonify writes for {"version": n}, without its JSON provider: the body is a
    # number, and this answer is asked for by every watcher every few seconds.
    return Response(
        b'{"version":%d}\n' % current,
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )
