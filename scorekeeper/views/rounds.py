"""Entering a round, correcting one, undoing the last."""

from __future__ import annotations

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
    session,
    url_for,
)
from flask_babel import gettext
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import services
from ..forms import EditForm
from ..games.kinds import kind
from ..i18n import translate
from ..rules import RoundRefused, RuleError
from .addresses import shared_url
from .games import load_game as load_owned
from .keeper import login_or_keeper

bp = Blueprint("rounds", __name__, url_prefix="/games/<game_id>/rounds")


def load_game(game_id: str) -> services.StoredGame:
    """The account's game, or the one a table's scorekeeper link opens."""
    return load_owned(game_id, keeper=True)


@bp.route("/new", methods=["GET", "POST"])
@login_or_keeper
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
@login_or_keeper
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
@login_or_keeper
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
    waiting = [said for category, said in session.get("_flashes", []) if category == "done"]
    if waiting and _wants_json():
        # Said to the script that sent the second tap, which shows the next round already.
        session["_flashes"] = [kept for kept in session["_flashes"] if kept[0] != "done"]
        return _stored(record, waiting[-1], replayed=True)
    if waiting:
        return redirect(landing)
    if number is None:
        said = gettext("Saved already: the second tap changed nothing.")
    else:
        said = kind(record.state.key).say("saved already", number=number)
    if _wants_json():
        return _stored(record, said, replayed=True)
    flash(said, "info")
    return redirect(landing)


def _stored(record: services.StoredGame, said: str, *, replayed: bool = False) -> Response:
    """A round stored, answered to the round screen's script that sent it (it shows the
    next round already): the game's version for that round's form, what the page says of
    the save, and the totals the rules worked out, which the script's own must equal."""
    state = record.state
    upcoming = state.next_round
    # The round after the one the script shows now, for its Save in turn.
    ahead = None if upcoming is None else _drawn_ahead(record, upcoming)
    return jsonify(
        stored=True,
        replayed=replayed,
        version=record.row.version,
        rounds=len(state.rounds),
        next=None if upcoming is None else upcoming.number,
        message=said,
        totals=list(state.totals),
        ahead=ahead,
    )


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


@bp.route("/<int:number>/bids", methods=["POST"])
@login_or_keeper
def save_bids(game_id: str, number: int) -> Response | tuple[str, int]:
    """The round's bids (and trump) saved before its play: its pending part, which every
    screen at the table shows. The round screen's script sends it as soon as every bid is
    in (and answers in JSON); without scripts, the bids' own Save button."""
    record = load_game(game_id)
    state = record.state
    upcoming = state.next_round
    if upcoming is None or upcoming.number != number:
        return _bids_refused(record, number, None, [], 409)
    form = kind(state.key).round_form.for_round(state, upcoming)
    form.validate()
    if "csrf_token" in form.errors:
        abort(400)
    info = state.round_info(number, _form_dealer(form, state))
    hidden = services.hides_bids(state) and (record.pending is None or record.pending.hidden)
    shape = {
        name: said
        for name, said in form.said_errors().items()
        if not (hidden and name.startswith("bid_") and not form[name].raw_data)
    }
    if shape:
        return _bids_refused(record, number, form, _listed(form, shape, state, info), 422, info)
    mapping = {
        name: value for name, value in form.round_mapping().items() if name not in state.play_fields
    }
    if hidden:
        mapping["bids"] = [
            form.bid_field(seat).data if form.bid_field(seat).raw_data else None
            for seat in range(state.player_count)
        ]
    try:
        saved = services.save_bids_said(
            record,
            mapping,
            services.Edit(version=form.basis()[0]),
            number=number,
            replacing=_replacing(state),
        )
    except RoundRefused as refused:
        rule_errors = errors_by_field(refused.errors, form.seat_fields)
        return _bids_refused(
            record, number, form, _listed(form, rule_errors, state, info), 422, info, rule_errors
        )
    except services.Conflict as conflict:
        return _bids_refused(record, number, None, [(None, conflict.message)], 409)
    except services.StorageError as stored:
        return _bids_refused(record, number, form, [(None, stored.message)], 503, info)
    done = saved.stored
    pending = done.pending
    if pending is not None and pending.hidden:
        said = gettext("Saved: the bids stay hidden until every bid is in.")
    else:
        said = gettext("Bids saved: every screen at the table shows them.")
    # A bid the rules refused on its own (the dealer's, bidding before the others under
    # the hook) is not taken; the rest of the page is, and the page says which is which.
    set_aside = [
        gettext(
            "%(why)s. Everything else tapped here is saved, but not that bid.",
            why=translate(error),
        )
        for error in saved.set_aside
    ]
    not_taken = sorted(
        {f"bid_{error.values['seat']}" for error in saved.set_aside if "seat" in error.values}
    )
    if _wants_json():
        return jsonify(
            version=done.row.version,
            message=" ".join(set_aside) or said,
            set_aside=[
                {"anchor": form.anchor(name), "message": message}
                for name, message in zip(not_taken, set_aside, strict=False)
            ],
            not_taken=not_taken,
            over_under=None if pending is None else pending.over_under,
        )
    if set_aside:
        for message in set_aside:
            flash(message, "error")
    else:
        flash(said, "done")
    return redirect(url_for("rounds.new_round", game_id=game_id))


def _replacing(state: Any) -> frozenset[int]:
    """The seats whose bid, made on the player's own phone, the scorekeeper confirmed to
    replace (the box ticked beside it)."""
    seats = set()
    for raw in request.form.getlist("replace"):
        try:
            seat = int(raw)
        except ValueError:
            continue
        if 0 <= seat < state.player_count:
            seats.add(seat)
    return frozenset(seats)


@bp.route("/<int:number>/bids-in")
@login_or_keeper
def bids_in(game_id: str, number: int) -> Response:
    """Who has bid in the round being played (never what, while the bids are hidden):
    the scorekeeper's screen follows the players' phones with it."""
    record = load_game(game_id)
    pending = record.pending
    phone = services.phone_bids(record)
    upcoming = record.state.next_round
    answer = jsonify(
        version=record.row.version,
        number=None if upcoming is None else upcoming.number,
        bid_in=[] if pending is None else list(pending.bid_in),
        by_phone=[
            seat in phone for seat in range(len(pending.bid_in) if pending is not None else 0)
        ],
        hidden=services.hides_bids(record.state) and (pending is None or pending.hidden),
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


@bp.route("/<int:number>/reveal", methods=["POST"])
@login_or_keeper
def reveal_bids(game_id: str, number: int) -> Response:
    """Hidden bids: show everyone the bids made so far, without waiting for the rest."""
    record = load_game(game_id)
    form = EditForm()
    if not form.validate_on_submit():
        abort(400)
    upcoming = record.state.next_round
    if upcoming is None or upcoming.number != number:
        flash(kind(record.state.key).say("page of a recorded round", old=number), "error")
        return redirect(url_for("games.show_game", game_id=game_id))
    try:
        services.reveal_bids(record)
    except (services.Conflict, services.StorageError) as refused:
        flash(refused.message, "error")
    else:
        flash(gettext("The bids are revealed on every screen."), "done")
    return redirect(url_for("rounds.new_round", game_id=game_id))


def _wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def _form_dealer(form: Any, state: Any) -> int | None:
    try:
        seat = int(form.dealer.data)
    except (TypeError, ValueError):
        return None
    return seat if 0 <= seat < state.player_count else None


def _listed(
    form: Any, errors: dict[str, list[str]], state: Any, info: Any
) -> list[tuple[str | None, str]]:
    found: list[tuple[str | None, str]] = []
    for key, messages in errors.items():
        anchor = form.anchor(key) if key else None
        found.extend((anchor, str(message)) for message in messages)
    return found


def _bids_refused(
    record: services.StoredGame,
    number: int,
    form: Any,
    listed: list[tuple[str | None, str]],
    status: int,
    info: Any = None,
    rule_errors: dict[str, list[str]] | None = None,
) -> Response | tuple[str, int]:
    """The bids were not saved: said in JSON to the page's script, or on the round's page."""
    if not listed:
        listed = [(None, kind(record.state.key).say("page of a recorded round", old=number))]
    if _wants_json():
        answer = jsonify(errors=[{"anchor": anchor, "message": said} for anchor, said in listed])
        return answer, status  # type: ignore[return-value]
    if form is None or info is None:
        for _anchor, said in listed:
            flash(said, "error")
        return redirect(url_for("rounds.new_round", game_id=record.id))
    form.base_on(record.row.version, again=False)
    return _page(record, info, form, rule_errors or {}, listed, False, False, status)


def _round_page(
    record: services.StoredGame, info: Any, recorded: Any
) -> Response | tuple[str, int]:
    state = record.state
    form = kind(state.key).round_form.for_round(state, info, recorded)
    pending = record.pending if recorded is None else None
    if pending is not None and not form.is_submitted():
        info = state.round_info(info.number, _dealer_override(record) or pending.dealer)
        form = _form_from_pending(state, info, pending)
    form.base_on(record.row.version)
    rule_errors: dict[str, list[str]] = {}
    status = 200
    if recorded is None and form.is_submitted() and form.nothing_entered():
        return _nothing_entered(record, info)
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
            said = _saved(done.state, request.form.get("sent_later") == "1")
            if _wants_json():
                return _stored(done, said)
            flash(said, "done")
            return redirect(landing)
    if status == 200 and (form.errors or rule_errors):
        status = 422
    listed = problems(form, rule_errors, state.bidding_order(info.dealer))
    fresh = not form.is_submitted()
    return _page(record, info, form, rule_errors, listed, recorded is not None, fresh, status)


def _nothing_entered(record: services.StoredGame, info: Any) -> tuple[str, int]:
    """A Save with nothing tapped (Back after a Save shows the next round afresh, and a
    thumb taps Save again): one sentence, not a refusal for every empty part, and the
    round offered as it was."""
    state = record.state
    form = kind(state.key).round_form.for_round(state, info, None, formdata=None)
    form.base_on(record.row.version, again=True)
    said = [gettext("Nothing was entered on this page, so nothing was saved.")]
    if state.rounds:
        # What the thumb most likely meant: the round before, which is saved.
        said.insert(0, kind(state.key).say("saved already", number=len(state.rounds)))
    problems = [(None, " ".join(said))]
    # Not "fresh": the page answers what was sent, so the phone's draft of it is done
    # with (a fresh page would send a draft it keeps again, and be answered the same).
    return _page(record, info, form, {}, problems, False, fresh=False, status=422)


def _form_from_pending(state: Any, info: Any, pending: services.Pending) -> Any:
    """The round's page made from its pending part: the trump and the bids as saved (not
    the bids while they are hidden), the play's fields empty."""
    round_form = kind(state.key).round_form
    count = state.player_count
    facts = dict(pending.facts)
    bids = pending.bids if "bids" in facts else None
    if "bids" in facts:
        facts["bids"] = [0 if bid is None else bid for bid in (bids or [0] * count)]
    said = {**facts, "dealer": info.dealer, **state.play_placeholder(info)}
    if all(facts.get(name) is None for name in ("trump", "turned")):
        said["trump"] = "none"  # not said yet (hidden bids came first): nothing tapped
    try:
        record = state.record_from_mapping(said, info.number)
    except RuleError:
        return round_form.for_round(state, info)
    form = round_form.for_round(state, info, record)
    form.without_play()
    for seat in range(count):
        if (bids is None or bids[seat] is None) and f"bid_{seat}" in form:
            form[f"bid_{seat}"].data = None
    return form


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
    pending = None if correcting else record.pending
    bids_hidden = (
        not correcting and services.hides_bids(record.state) and (pending is None or pending.hidden)
    )
    ahead = None
    if not correcting and not bids_hidden and _draws_ahead(record, info):
        ahead = url_for(
            "rounds.round_ahead", game_id=record.id, number=info.number, dealer=info.dealer
        )
    page = render_template(
        kind(record.state.key).templates.round,
        game=record,
        info=info,
        form=form,
        rule_errors=rule_errors,
        problems=listed,
        correcting=correcting,
        fresh=fresh,
        bids_hidden=bids_hidden,
        seat_links=_seat_links(record) if bids_hidden else [],
        phone_bids=services.phone_bids(record) if bids_hidden else frozenset(),
        ahead=ahead,
    )
    return page, status


AHEAD_MARK = "<!--drawn ahead-->"
"""Where the round screen's content begins and ends, on a page drawn ahead."""


@bp.route("/<int:number>/ahead")
@login_or_keeper
def round_ahead(game_id: str, number: int) -> Response:
    """The round after round ``number`` (the round still to enter, dealt by ``?dealer=``),
    drawn for the round screen's script to show the moment Save is tapped, with what it
    needs to score round ``number`` (:func:`_drawn_ahead`); ``ahead`` is null when the
    game is not at that round or its next round cannot be drawn before it is saved."""
    record = load_game(game_id)
    state = record.state
    upcoming = state.next_round
    ahead = None
    if upcoming is not None and upcoming.number == number:
        ahead = _drawn_ahead(record, state.round_info(number, _dealer_override(record)))
    answer = jsonify(ahead=ahead)
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _draws_ahead(record: services.StoredGame, info: Any) -> bool:
    """Whether the round after ``info``'s can be drawn before ``info``'s is saved: the
    game's kind scores a round in the browser, ``info``'s round is not the plan's last,
    and the bids are not hidden (the next round's screen then depends on the players'
    phones)."""
    state = record.state
    return (
        kind(state.key).scoring is not None
        and info.number == len(state.rounds) + 1
        and not services.hides_bids(state)
        and state.round_after(info) is not None
    )


def _drawn_ahead(record: services.StoredGame, info: Any) -> dict[str, Any] | None:
    """The round after ``info``'s (the round still to enter), drawn now for the page's
    script to show the moment Save is tapped, and what it needs to score ``info``'s round
    as the rules do and add it to the totals: the scores of the game's kind
    (``GameKind.scoring``), the totals so far and the sides that share one. None when the
    browser cannot know the next round before the server answers: a game whose kind
    scores nothing in the browser, or whose plan ends with this round (a game that ends
    by its score is ended by the script, which knows the round's score, with what its
    kind's scoring says of the game's end: docs/performance.md)."""
    state = record.state
    round_kind = kind(state.key)
    after = state.round_after(info)
    if round_kind.scoring is None or after is None or not _draws_ahead(record, info):
        return None
    form = round_kind.round_form.for_round(state, after, None, formdata=None)
    form.base_on(record.row.version, again=True)
    whole = render_template(
        round_kind.templates.round,
        game=record,
        info=after,
        form=form,
        rule_errors={},
        problems=[],
        correcting=False,
        fresh=True,
        bids_hidden=False,
        seat_links=[],
        phone_bids=frozenset(),
        drawn_ahead=True,
    )
    start = whole.index(AHEAD_MARK) + len(AHEAD_MARK)
    content = whole[start : whole.index(AHEAD_MARK, start)]
    scoring = {
        "number": info.number,
        "totals": list(state.totals),
        "sides": [list(seats) for seats in state.sides],
        **round_kind.scoring(state, info),
    }
    return {"page": content, "scoring": scoring}


def _seat_links(record: services.StoredGame) -> list[tuple[int, str, Markup]]:
    """Each seat's own bidding link, with its QR code for the player's phone."""
    links = []
    for seat, token in sorted(services.seat_links(record).items()):
        link = shared_url("seats.bid", token=token)
        qr = Markup(segno.make(link, error="m").svg_inline(scale=4))
        links.append((seat, link, qr))
    return links


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
