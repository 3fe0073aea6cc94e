"""The JSON API, /api/v1, described by /api/v1/openapi.json.

Its messages (refusals, the referee's reasons) follow the request's Accept-Language like
the pages do: without one, English. Field names and values stay as they are.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar

from flask import Blueprint, g, jsonify, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import services
from ..api_spec import openapi_document
from ..games import DEFAULT_GAME, REFEREES
from ..games.kinds import KINDS
from ..i18n import N_, translate
from ..models import User
from ..parsing import NO_TRUMP, parse_trump
from ..rules import Card, RoundRefused, RuleError, Suit
from ..rules.referee import DOWNTOWN, UPTOWN, Referee
from ..services import accounts
from . import errors

bp = Blueprint("api", __name__, url_prefix="/api/v1")

F = TypeVar("F", bound=Callable[..., Any])
Answer = tuple[Response, int] | Response


def error_answer(status: int, *errors: dict[str, Any]) -> tuple[Response, int]:
    return jsonify(errors=list(errors)), status


def refusal(
    errors: list[RuleError], fields: Mapping[str, str] | None = None
) -> tuple[Response, int]:
    """422 with every error; ``fields`` renames a rules' field to the API's."""
    return error_answer(422, *(_error_item(e, fields or {}) for e in errors))


def _error_item(error: RuleError, fields: Mapping[str, str]) -> dict[str, Any]:
    field = fields.get(error.field, error.field) if error.field is not None else None
    item: dict[str, Any] = {"field": field, "message": translate(error)}
    if "seat" in error.values:
        item["seat"] = error.values["seat"]
    return item


def token_required(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        found = services.token_in_use(token.strip()) if scheme.lower() == "bearer" else None
        if found is None:
            answer, status = error_answer(
                401,
                {
                    "field": None,
                    "message": gettext("Send a valid token: Authorization: Bearer …"),
                },
            )
            answer.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
            return answer, status
        g.api_user, g.api_token_id = found.user, found.id
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def api_user() -> User:
    return g.api_user  # type: ignore[no-any-return]


def json_body() -> dict[str, Any] | None:
    try:
        body = request.get_json(force=True, silent=True)
    except RecursionError:
        return None
    return body if isinstance(body, dict) else None


def body_refusal() -> tuple[Response, int]:
    return error_answer(422, {"field": "body", "message": gettext("Send a JSON object")})


def load(game_id: str) -> services.StoredGame | None:
    try:
        return services.get_game(api_user(), game_id)
    except services.NotFound:
        return None


def not_found(what: str = "game") -> tuple[Response, int]:
    message = gettext("No such round") if what == "round" else gettext("No such game")
    return error_answer(404, {"field": None, "message": message})


def conflict(error: services.Conflict) -> tuple[Response, int]:
    return error_answer(409, {"field": error.field, "message": error.message})


def storage_error(stored: services.StorageError) -> tuple[Response, int]:
    message = errors.storage_message(stored)
    answer, status = error_answer(503, {"field": None, "message": message})
    answer.headers["Retry-After"] = errors.RETRY_AFTER
    return answer, status


def edit_basis() -> services.Edit:
    """The version a change is based on (If-Match) and its one-time key (Idempotency-Key).

    Both are optional: a change sent without If-Match applies as before.
    """
    version: int | None = None
    raw = request.headers.get("If-Match", "").strip()
    if raw and raw != "*":
        tag = raw.removeprefix("W/").strip('"')
        is_version = tag.isascii() and tag.isdigit() and len(tag) <= 18
        version = int(tag) if is_version else -1  # an unknown tag can never match
    key = request.headers.get("Idempotency-Key", "").strip() or None
    if key is not None and (len(key) > 64 or not key.replace("-", "").isalnum()):
        key = None
    return services.Edit(version=version, key=key, digest=_digest() if key else None)


def _digest() -> str:
    """What a one-time key came with: the call and its body, however the JSON was spaced."""
    body = request.get_json(silent=True)
    sent = json.dumps([request.method, request.path, body], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(sent.encode()).hexdigest()


def key_reused(error: services.KeyReused) -> tuple[Response, int]:
    return error_answer(422, {"field": "Idempotency-Key", "message": error.message})


class BadNumber(ValueError):
    """A round's ``number`` that is not a round's number."""


def round_number(body: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """A round's body without its optional ``number`` (the round the client means), and
    that number; a number that is not a whole number from 1 up is refused."""
    if body.get("number") is None:
        return {k: v for k, v in body.items() if k != "number"}, None
    rest = dict(body)
    number = rest.pop("number")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10_000:
        raise BadNumber
    return rest, number


def bad_number() -> tuple[Response, int]:
    message = gettext("The round's number must be a whole number from 1")
    return error_answer(422, {"field": "number", "message": message})


def with_etag(answer: Response, record: services.StoredGame) -> Response:
    answer.set_etag(str(record.row.version))
    return answer


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())


@bp.post("/tokens")
def create_token() -> Answer:
    body = json_body()
    if body is None:
        return body_refusal()
    username, password = body.get("username"), body.get("password")
    if not isinstance(username, str) or not isinstance(password, str):
        return error_answer(
            422,
            {"field": "username", "message": gettext("Send a username and a password as text")},
        )
    attempt = services.log_in(username, password)
    if attempt.wait:
        answer, status = error_answer(
            429,
            {
                "field": None,
                "message": gettext("Too many wrong passwords: wait before trying again"),
            },
        )
        answer.headers["Retry-After"] = str(attempt.wait)
        return answer, status
    if attempt.user is None:
        return error_answer(
            401, {"field": None, "message": gettext("That username and password do not match")}
        )
    return jsonify(token=services.issue_token(attempt.user, token_name(body))), 201


def token_name(body: dict[str, Any]) -> str:
    """What the client calls its token (``name``), or else what the request says it is."""
    name = body.get("name")
    if not isinstance(name, str) or not services.plain_text(name) or not name.strip():
        name = request.headers.get("User-Agent", "")
        name = name if services.plain_text(name) else ""
    return " ".join(name.split())[:60]


@bp.delete("/tokens/current")
@token_required
def revoke_current_token() -> Answer:
    accounts.revoke_token(api_user(), g.api_token_id)
    return Response(status=204)


@bp.delete("/tokens/<int:token_id>")
@token_required
def revoke_token(token_id: int) -> Answer:
    if not accounts.revoke_token(api_user(), token_id):
        return error_answer(404, {"field": None, "message": gettext("No such token")})
    return Response(status=204)


@bp.get("/games")
@token_required
def list_games() -> Answer:
    return jsonify(games=[game_document(g) for g in services.list_games(api_user())])


@bp.post("/games")
@token_required
def create_game() -> Answer:
    body = json_body()
    if body is None:
        return body_refusal()
    try:
        record = services.create_game(
            api_user(),
            body.get("game", DEFAULT_GAME),
            body.get("players"),  # type: ignore[arg-type]
            body.get("first_dealer", 0),
            body.get("options"),
            key=edit_basis().key,
            digest=edit_basis().digest,
        )
    except services.KeyReused as reused:
        return key_reused(reused)
    except RoundRefused as refused:
        return refusal(refused.errors, _error_fields(body.get("game", DEFAULT_GAME)))
    except services.Conflict as error:
        return conflict(error)
    except services.StorageError as stored:
        return storage_error(stored)
    answer = with_etag(jsonify(game_document(record)), record)
    answer.headers["Location"] = url_for("api.get_game", game_id=record.id)
    # The same Idempotency-Key again: the game the first call made, not a second one.
    return answer, 200 if record.replayed else 201


def _error_fields(game: Any) -> Mapping[str, str]:
    """The game's own names for a refusal's fields, where its contract has them."""
    found = KINDS.get(game) if isinstance(game, str) else None
    return found.api.error_fields if found is not None else {}


@bp.get("/games/<game_id>")
@token_required
def get_game(game_id: str) -> Answer:
    record = load(game_id)
    if record is None:
        return not_found()
    answer = with_etag(jsonify(game_document(record)), record)
    return answer.make_conditional(request)


def _change_game(
    game_id: str,
    status: int,
    change: Callable[[services.StoredGame, dict[str, Any]], services.StoredGame],
    *,
    with_body: bool = True,
) -> Answer:
    """Load the caller's game, apply ``change`` through the services, and answer with
    the game (and its new ETag), or with the refusal, conflict or error."""
    record = load(game_id)
    if record is None:
        return not_found()
    body: dict[str, Any] = {}
    if with_body:
        read = json_body()
        if read is None:
            return body_refusal()
        body = read
    try:
        record = change(record, body)
    except BadNumber:
        return bad_number()
    except services.KeyReused as reused:
        return key_reused(reused)
    except services.NotFound:
        return not_found("round")
    except RoundRefused as refused:
        return refusal(refused.errors)
    except services.Conflict as error:
        return conflict(error)
    except services.StorageError as stored:
        return storage_error(stored)
    return with_etag(jsonify(game_document(record)), record), status


@bp.post("/games/<game_id>/rounds")
@token_required
def record_round(game_id: str) -> Answer:
    def change(record: services.StoredGame, body: dict[str, Any]) -> services.StoredGame:
        data, number = round_number(body)
        return services.record_round(record, data, edit_basis(), number=number)

    return _change_game(game_id, 201, change)


@bp.put("/games/<game_id>/rounds/<int:number>")
@token_required
def correct_round(game_id: str, number: int) -> Answer:
    return _change_game(
        game_id,
        200,
        lambda record, body: services.correct_round(record, number, body, edit_basis()),
    )


@bp.post("/games/<game_id>/rematch")
@token_required
def rematch(game_id: str) -> Answer:
    """A finished game's rematch: the same players, seats and options, the next dealer."""
    record = load(game_id)
    if record is None:
        return not_found()
    basis = edit_basis()
    try:
        started = services.rematch(record, basis.key, basis.digest)
    except services.KeyReused as reused:
        return key_reused(reused)
    except services.Conflict as error:
        return conflict(error)
    except services.StorageError as stored:
        return storage_error(stored)
    except RoundRefused as refused:
        return refusal(refused.errors)
    answer = with_etag(jsonify(game_document(started)), started)
    answer.headers["Location"] = url_for("api.get_game", game_id=started.id)
    return answer, 200 if started.replayed else 201


@bp.put("/games/<game_id>/pending")
@token_required
def save_pending(game_id: str) -> Answer:
    """The round being played: its trump and bids, before its tricks."""

    def change(record: services.StoredGame, body: dict[str, Any]) -> services.StoredGame:
        data, number = round_number(body)
        return services.save_pending(record, data, edit_basis(), number=number)

    return _change_game(game_id, 200, change)


@bp.delete("/games/<game_id>/pending")
@token_required
def clear_pending(game_id: str) -> Answer:
    return _change_game(
        game_id,
        200,
        lambda record, _body: services.clear_pending(record, edit_basis()),
        with_body=False,
    )


@bp.post("/games/<game_id>/pending/reveal")
@token_required
def reveal_bids(game_id: str) -> Answer:
    """Hidden bids: show the bids made so far, before every bid is in."""
    return _change_game(
        game_id,
        200,
        lambda record, _body: services.reveal_bids(record, edit_basis()),
        with_body=False,
    )


@bp.delete("/games/<game_id>/rounds/<int:number>")
@token_required
def undo_round(game_id: str, number: int) -> Answer:
    return _change_game(
        game_id,
        200,
        lambda record, _body: services.undo_round(record, number, edit_basis()),
        with_body=False,
    )


# -- the referee ------------------------------------------------------------------


def _referee_question(
    body: dict[str, Any], *, with_hand: bool
) -> tuple[dict[str, Any] | None, list[RuleError]]:
    """The referee's question read from a body, or the refusals that say what is wrong."""
    errors: list[RuleError] = []
    game = body.get("game")
    referee = REFEREES.get(game) if isinstance(game, str) else None
    if referee is None:
        errors.append(
            # TRANSLATORS: names are the games' keys as the API writes them: wizard, one_card.
            RuleError(N_("The game is one of {names}"), names=", ".join(REFEREES), field="game")
        )
    trump: Suit | None = None
    try:
        trump = parse_trump(body.get("trump") or NO_TRUMP, words_only=True)
    except RuleError:
        errors.append(
            RuleError(N_("Trump must be clubs, diamonds, hearts, spades or none"), field="trump")
        )
    order = body.get("order", UPTOWN)
    if order not in (UPTOWN, DOWNTOWN):
        errors.append(RuleError(N_("The order is uptown or downtown"), field="order"))
    # The sizes are counted before a card is read: no table holds more, whatever is sent.
    plays, hand = body.get("plays"), body.get("hand") if with_hand else None
    if referee is None:
        return None, errors
    try:
        referee = _special_cards(referee, body.get("special_cards"))
    except RuleError as error:
        errors.append(error)
    question: dict[str, Any] = {"referee": referee, "trump": trump, "order": order}
    try:
        referee.check_sizes(
            len(plays) if isinstance(plays, list) else 0,
            len(hand) if isinstance(hand, list) else 0,
        )
    except RuleError as error:
        return None, [*errors, error]
    question["plays"] = _card_list(plays, "plays", errors)
    if with_hand:
        flags = {}
        for flag in referee.flags:
            said = body.get(flag, False)
            if isinstance(said, bool):
                flags[flag] = said
            else:
                errors.append(RuleError(N_("{name} is true or false"), name=flag, field=flag))
        question["referee"] = referee.with_flags(**flags)
        question["hand"] = _card_list(hand, "hand", errors)
        try:
            question["card"] = Card.parse(body.get("card"), field="card")  # type: ignore[arg-type]
        except RuleError as error:
            errors.append(error)
    return (None if errors else question), errors


def _special_cards(referee: Referee, value: Any) -> Referee:
    """The game's own referee, knowing the special cards in play (``special_cards``, a
    list of names; left out, none). A card of the others is then refused as not in play."""
    if value is None:
        return referee
    choosable = [special.value for special in referee.optional_specials]
    if not choosable and value == []:
        return referee
    if not choosable:
        raise RuleError(
            N_("{title} has no special cards to choose: leave special_cards out"),
            title=referee.title,
            field="special_cards",
        )
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise RuleError(
            # TRANSLATORS: names are the special cards' keys as the API writes them.
            N_("Give special_cards as a list of the special cards in play: any of {names}"),
            names=", ".join(choosable),
            field="special_cards",
        )
    for name in value:
        if name not in choosable:
            raise RuleError(
                N_("“{text}” is not a special card: they are {names}"),
                text=name[:16],
                names=", ".join(choosable),
                field="special_cards",
            )
    return referee.with_special_cards(value)


def _card_list(value: Any, field: str, errors: list[RuleError]) -> list[Card]:
    if not isinstance(value, list):
        # The field's own name ("plays", "hand"), never translated: it is the JSON's.
        errors.append(RuleError(N_("Give {name} as a list of cards"), name=field, field=field))
        return []
    cards = []
    for text in value:
        try:
            cards.append(Card.parse(text, field=field))
        except RuleError as error:
            errors.append(error)
    return cards


@bp.post("/referee/trick")
@token_required
def referee_trick() -> Answer:
    body = json_body()
    if body is None:
        return body_refusal()
    question, errors = _referee_question(body, with_hand=False)
    if question is None:
        return refusal(errors)
    try:
        ruling = question["referee"].trick_winner(
            question["plays"], question["trump"], question["order"]
        )
    except RuleError as error:
        return refusal([error])
    return (
        jsonify(
            winner=ruling.winner, next_leader=ruling.next_leader, reason=translate(ruling.reason)
        ),
        200,
    )


@bp.post("/referee/play")
@token_required
def referee_play() -> Answer:
    body = json_body()
    if body is None:
        return body_refusal()
    question, errors = _referee_question(body, with_hand=True)
    if question is None:
        return refusal(errors)
    try:
        verdict = question["referee"].check_play(
            question["plays"],
            question["hand"],
            question["card"],
            question["trump"],
            question["order"],
        )
    except RuleError as error:
        return refusal([error])
    return jsonify(legal=verdict.legal, reason=translate(verdict.reason)), 200


def game_document(record: services.StoredGame) -> dict[str, Any]:
    """The game as the API shows it (see the OpenAPI document's Game schema)."""
    state = record.state
    rounds = []
    for scored in state.scored_rounds:
        facts = scored.record.to_mapping()
        rounds.append(
            {
                "number": scored.number,
                "dealer": facts.pop("dealer"),
                "cards": scored.cards,
                **facts,
                **state.scored_facts(scored),
                "scores": list(scored.scores),
                "totals": list(scored.totals),
            }
        )
    upcoming = state.next_round
    document: dict[str, Any] = {
        "id": record.id,
        "game": state.key,
        "players": list(state.players),
        "first_dealer": state.first_dealer,
        "options": options_document(state),
        "created_at": record.row.created_at.isoformat() + "Z",
        "rounds": rounds,
        "totals": list(state.totals),
        "next": None
        if upcoming is None
        else {
            "number": upcoming.number,
            "dealer": upcoming.dealer,
            "cards": upcoming.cards,
            "first_bidder": upcoming.first_bidder,
        },
        "finished": state.finished,
        "winners": list(state.winners),
        "version": record.row.version,
        "pending": pending_document(record.pending),
    }
    if state.has_sides:
        # A game of partnerships: each side's seats, total and what else the game keeps
        # of it; ``totals`` and ``winners`` stay by seat.
        document["sides"] = [
            {"seats": list(seats), "total": total, **state.side_facts(side)}
            for side, (seats, total) in enumerate(zip(state.sides, state.side_totals, strict=True))
        ]
    return document


def pending_document(pending: services.Pending | None) -> dict[str, Any] | None:
    """The round being played as every client may see it: with hidden bids, ``bids``
    (and the over/under they would tell) stay null until the reveal, for everyone."""
    if pending is None:
        return None
    return {
        "number": pending.number,
        "dealer": pending.dealer,
        "cards": pending.cards,
        **pending.shown(),
        "over_under": pending.over_under,
        "bid_in": list(pending.bid_in),
        "hidden": pending.hidden,
    }


def options_document(state: services.State) -> dict[str, Any]:
    """Every option of the game: as it was started, and each left out at its default (the
    kind's schema says which), so that a client sees the rules the game is played by."""
    schemas = KINDS[state.key].api.options()
    defaults = {
        name: copy.deepcopy(spec["default"]) for name, spec in schemas.items() if "default" in spec
    }
    return {**defaults, **state.options_mapping()}
