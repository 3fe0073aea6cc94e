"""Entering a round, correcting one, undoing the last."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext
from flask_login import login_required
from werkzeug.wrappers import Response

from .. import services
from ..forms import EditForm
from ..games import kind
from ..i18n import translate
from ..rules import RoundRefused, RuleError
from .games import load_game

bp = Blueprint("rounds", __name__, url_prefix="/games/<game_id>/rounds")


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new_round(game_id: str) -> Response | tuple[str, int]:
    record = load_game(game_id)
    info = record.state.next_round
    if info is None:
        if request.method == "POST":
            flash(gettext("The game is over: nothing from that page was saved."), "info")
        else:
            flash(gettext("The game is over: there is nothing more to enter."), "info")
        return redirect(url_for("games.show_game", game_id=game_id))
    made_for = _made_for()
    if made_for is not None and made_for != info.number:
        if services.was_stored(record, request.form.get("key")):
            # The same page sent twice (a double tap): the first one was stored.
            return _saved_already(record, made_for, _after_save(record))
        # A page of another round (Back after Save, a second phone): the round it was
        # for is not this one; show this one afresh, with its own dealer.
        return _moved_on(record, record.state.round_info(info.number), None, made_for)
    info = record.state.round_info(info.number, _dealer_override(record))
    return _round_page(record, info, None)


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@login_required
def edit_round(game_id: str, number: int) -> Response | tuple[str, int]:
    record = load_game(game_id)
    if not 1 <= number <= len(record.state.rounds):
        abort(404)
    info = record.state.round_info(number, _dealer_override(record))
    recorded = record.state.rounds[number - 1]
    made_for = _made_for()
    if made_for is not None and made_for != number:
        if services.was_stored(record, request.form.get("key")):
            return _saved_already(record, made_for, _game_page(record))
        return _moved_on(record, record.state.round_info(number), recorded, made_for)
    return _round_page(record, info, recorded)


@bp.route("/<int:number>/undo", methods=["POST"])
@login_required
def undo_round(game_id: str, number: int) -> Response:
    record = load_game(game_id)
    form = EditForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        done = services.undo_round(record, number, services.Edit(*form.basis()))
    except services.NotFound:
        abort(404)
    except services.Conflict as conflict:
        flash(conflict.message, "error")
    except services.StorageError as stored:
        flash(stored.message, "error")
    else:
        if not done.replayed:
            flash(kind(record.state.key).say("undone", number=number), "info")
    return redirect(url_for("games.show_game", game_id=game_id))


def _dealer_override(record: services.StoredGame) -> int | None:
    """A dealer other than the rotation's, chosen on the page (?dealer=2)."""
    raw = request.values.get("dealer", "")
    try:
        seat = int(raw)
    except ValueError:
        return None
    return seat if 0 <= seat < record.state.player_count else None


def _saved(state: Any, sent_later: bool) -> str:
    """What the game's page says, by the next round's button, once a round is stored."""
    number = len(state.rounds)
    if sent_later:
        # Kept on the phone while the connection was down, and sent when it came back.
        return kind(state.key).say("sent", number=number)
    if state.finished:
        return kind(state.key).say("saved, game over", number=number)
    return kind(state.key).say("saved", number=number, next=number + 1)


def _after_save(record: services.StoredGame) -> str:
    """Where a round's Save lands: the next round's screen, its totals at the top and the
    whole board a tap away; the game's page (its final standings) once the game is over."""
    if record.state.next_round is None:
        return _game_page(record)
    return url_for("rounds.new_round", game_id=record.id)


def _game_page(record: services.StoredGame) -> str:
    return url_for("games.show_game", game_id=record.id)


def _saved_already(record: services.StoredGame, number: int | None, landing: str) -> Response:
    """A page that was stored already (a double tap): said as reassurance, not as an error,
    on the page the first tap lands on (``landing``).

    When the first tap's own answer ("Round 4 saved — round 5 next") is still waiting
    to be shown (its page was left for the second tap's), that says it already."""
    if any(category == "done" for category, _message in session.get("_flashes", [])):
        return redirect(landing)
    if number is None:
        said = gettext("Saved already: the second tap changed nothing.")
    else:
        said = kind(record.state.key).say("saved already", number=number)
    flash(said, "info")
    return redirect(landing)


def _made_for() -> int | None:
    """The round a posted page says it was made for (None: not said, or not a POST)."""
    if request.method != "POST" or "number" not in request.form:
        return None
    try:
        return int(request.form["number"])
    except ValueError:
        return -1  # no round's: refused like any other round's page


def _moved_on(
    record: services.StoredGame, info: Any, recorded: Any, made_for: int
) -> tuple[str, int]:
    """A page made for another round than this one: nothing from it is stored, nor shown;
    this round is offered afresh, with what has happened since the page was made."""
    state = record.state
    form = kind(state.key).round_form.for_round(state, info, recorded, formdata=None)
    form.base_on(record.row.version, again=True)
    if recorded is not None:
        said = kind(state.key).say("page of a recorded round", old=made_for)
    else:
        said = kind(state.key).say("page of a past round", old=made_for, number=info.number)
    messages = [said]
    changes = services.said_changes_since(record, form_version())
    if changes:
        messages.append(gettext("Since then: %(changes)s.", changes="; ".join(changes)))
    problems = [(None, message) for message in messages]
    return _page(record, info, form, {}, problems, recorded is not None, fresh=True, status=409)


def _changed_elsewhere(
    game_id: str, form: Any, info: Any, recorded: Any, stale: services.StaleEdit
) -> Response | tuple[str, int]:
    """Another phone changed the game after this page was made: nothing was stored.

    The page is answered as the game now is: the round still to enter keeps what this
    phone entered for it, on the game's new version (so Save works again); a round that
    is already past is offered afresh, like a page sent after Back."""
    record = load_game(game_id)
    state = record.state
    number = info.number
    if recorded is None:
        upcoming = state.next_round
        if upcoming is None:
            flash(gettext("The game is over: nothing from that page was saved."), "info")
            return redirect(url_for("games.show_game", game_id=game_id))
        if upcoming.number != number:
            return _moved_on(record, state.round_info(upcoming.number), None, number)
    elif number > len(state.rounds):
        flash(kind(state.key).say("undone meanwhile", number=number), "error")
        return redirect(url_for("games.show_game", game_id=game_id))
    else:
        recorded = state.rounds[number - 1]
    form.base_on(record.row.version, again=True)
    changes = "; ".join(stale.changes) or gettext("it was changed")
    said = kind(state.key).say("changed meanwhile", changes=changes, number=number)
    info = state.round_info(number, _dealer_override(record))
    return _page(record, info, form, {}, [(None, said)], recorded is not None, False, 409)


def form_version() -> int | None:
    """The game's version a posted page was made from, or None."""
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return None


def _round_page(
    record: services.StoredGame, info: Any, recorded: Any
) -> Response | tuple[str, int]:
    state = record.state
    form = kind(state.key).round_form.for_round(state, info, recorded)
    form.base_on(record.row.version)
    rule_errors: dict[str, list[str]] = {}
    status = 200
    if form.is_submitted() and not form.validate():
        # The shape is wrong somewhere; the rules still judge every part that was given,
        # so that one Save says everything there is to put right.
        entered = errors_by_field(entered_errors(form, state, recorded, info), form.seat_fields)
        rule_errors = _beside(form, entered)
    elif form.is_submitted():
        mapping = form.round_mapping()
        edit = services.Edit(*form.basis())
        try:
            if recorded is None:
                done = services.record_round(record, mapping, edit)
            else:
                done = services.correct_round(record, info.number, mapping, edit)
        except RoundRefused as refused:
            rule_errors = errors_by_field(refused.errors, form.seat_fields)
        except services.StaleEdit as stale:
            return _changed_elsewhere(record.id, form, info, recorded, stale)
        except services.Conflict as conflict:
            field = conflict.field if conflict.field in ("number", "dealer") else "form"
            rule_errors = {field: [conflict.message]}
        except services.StorageError as stored:
            rule_errors = {"form": [stored.message]}
            status = 503
        else:
            if recorded is not None:
                if done.replayed:
                    return _saved_already(record, _made_for(), _game_page(record))
                # To the game's board, where the correction changed the totals.
                flash(kind(state.key).say("corrected", number=info.number), "info")
                return redirect(_game_page(record))
            landing = _after_save(done)  # the game as it now stands
            if done.replayed:
                return _saved_already(record, _made_for(), landing)
            flash(_saved(done.state, request.form.get("sent_later") == "1"), "done")
            return redirect(landing)
    if status == 200 and (form.errors or rule_errors):
        status = 422
    listed = problems(form, rule_errors, state.bidding_order(info.dealer))
    fresh = not form.is_submitted()
    return _page(record, info, form, rule_errors, listed, recorded is not None, fresh, status)


def _page(
    record: services.StoredGame,
    info: Any,
    form: Any,
    rule_errors: dict[str, list[str]],
    listed: list[Any],
    correcting: bool,
    fresh: bool,
    status: int,
) -> tuple[str, int]:
    """A round's page: the game's own template, the problems listed at its top."""
    page = render_template(
        kind(record.state.key).templates.round,
        game=record,
        info=info,
        form=form,
        rule_errors=rule_errors,
        problems=listed,
        correcting=correcting,
        fresh=fresh,
    )
    return page, status


def entered_errors(form: Any, state: Any, recorded: Any, info: Any) -> list[RuleError]:
    """What the rules say about the parts of a round the page sent in good shape."""
    try:
        mapping = form.round_mapping()
    except (TypeError, ValueError):
        return []
    return list(state.entered_errors(mapping, None if recorded is None else info.number))


def _beside(form: Any, rule_errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """The rules' problems with the parts the form has nothing to say about: one thing to
    put right at a time for each part of the page."""
    taken = {form.anchor(name) for name in form.errors if name}
    return {key: said for key, said in rule_errors.items() if form.anchor(key) not in taken}


def problems(
    form: Any, rule_errors: dict[str, list[str]], order: list[int]
) -> list[tuple[str | None, str]]:
    """Every problem of a submission, the form's and the rules', in the order of the page:
    each with the id of the part it concerns (None: the page as a whole)."""
    found: list[tuple[str | None, str]] = []
    for source in (form.errors, rule_errors):
        for key, messages in source.items():
            anchor = form.anchor(key) if key else None
            found.extend((anchor, str(message)) for message in messages)

    def place(problem: tuple[str | None, str]) -> tuple[int, int]:
        anchor = problem[0]
        if anchor is None:
            return (-1, 0)
        for index, section in enumerate(form.sections):
            if anchor == section:
                return (index, -1)
            if anchor.startswith(section + "-"):
                seat = int(anchor.rpartition("-")[2])
                return (index, order.index(seat) if seat in order else seat)
        return (len(form.sections), 0)

    return sorted(found, key=place)


def errors_by_field(
    errors: list[RuleError], seat_fields: frozenset[str] = frozenset()
) -> dict[str, list[str]]:
    """Messages keyed by field, and by ``field_seat`` when one seat is at fault
    and the page shows that field a row per seat; in the reader's language."""
    by_field: dict[str, list[str]] = {}
    for error in errors:
        key = error.field or "form"
        seat = error.values.get("seat")
        if seat is not None and key in seat_fields:
            key = f"{key}_{seat}"
        by_field.setdefault(key, []).append(translate(error))
    return by_field
