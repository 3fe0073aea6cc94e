"""A player's own phone with hidden bids: their seat's link, where they bid secretly and
see only their own bid until every bid is in; then everyone's, on every screen at once."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import services
from ..forms import EmptyForm
from ..i18n import translate
from ..rules import RoundRefused
from .watch import REFRESH_SECONDS

bp = Blueprint("seats", __name__)


@bp.route("/bid/<token>", methods=["GET", "POST"])
def bid(token: str) -> Response | tuple[str, int]:
    try:
        record, seat = services.bidding_seat(token)
    except services.NotFound:
        abort(404)
    form = EmptyForm()
    problems: list[str] = []
    status = 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        problems, status = _take_bid(token, record, seat)
        if not problems:
            return redirect(url_for("seats.bid", token=token))
        record, seat = services.bidding_seat(token)
    page = render_template(
        "seats/bid.html",
        game=record,
        seat=seat,
        token=token,
        form=form,
        problems=problems,
        refresh=REFRESH_SECONDS,
        turn=_turn(record, seat),
    )
    return page, status


@dataclass(frozen=True)
class Turn:
    """What this seat's page lets it bid: the dealer under the hook waits for every other
    bid, then may not bid the one that makes the bids add up to the cards."""

    waits: bool = False
    forbidden: int | None = None


def _turn(record: services.StoredGame, seat: int) -> Turn:
    state = record.state
    upcoming = state.next_round
    pending = record.pending
    if upcoming is None or not services.hides_bids(state):
        return Turn()
    dealer = pending.dealer if pending else upcoming.dealer
    info = state.round_info(upcoming.number, dealer)
    bids = (pending.facts.get("bids") if pending else None) or [None] * state.player_count
    waits, forbidden = state.hidden_bid_turn(info, bids, seat)
    return Turn(waits=waits, forbidden=forbidden)


def _take_bid(token: str, record: services.StoredGame, seat: int) -> tuple[list[str], int]:
    """Store the bid the page sent: nothing, and why, when it cannot be taken."""
    try:
        number = int(request.form.get("number", ""))
        said = int(request.form.get("bid", ""))
    except ValueError:
        return [gettext("Tap a number for your bid.")], 422
    try:
        services.seat_bid(token, number, said)
    except RoundRefused as refused:
        return [translate(error) for error in refused.errors], 422
    except services.Conflict as conflict:
        return [conflict.message], 409
    except services.StorageError as stored:
        return [stored.message], 503
    except services.NotFound:
        abort(404)
    flash(
        gettext("Your bid is in: %(bid)s. Nobody else sees it until every bid is in.", bid=said),
        "done",
    )
    return [], 200


@bp.route("/bid/<token>/version")
def version(token: str) -> Response:
    """The game's version, for the seat page's script to follow the round."""
    try:
        current = services.seat_version(token)
    except services.NotFound:
        abort(404)
    return Response(
        b'{"version":%d}\n' % current,
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )
