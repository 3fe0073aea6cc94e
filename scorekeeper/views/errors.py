"""Error pages for people, JSON errors for the API; both in the reader's language."""

from __future__ import annotations

import logging

from flask import Flask, g, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ..services import writes
from ..services.errors import StorageError

log = logging.getLogger(__name__)

RETRY_AFTER = "2"
"""Seconds a client is asked to wait before it sends again, when the storage failed."""

MESSAGES = {
    400: lazy_gettext("The request could not be read."),
    401: lazy_gettext("Log in first."),
    403: lazy_gettext("That is not yours to change."),
    404: lazy_gettext("There is nothing here: the game or round does not exist, or is not yours."),
    405: lazy_gettext("That cannot be done here."),
    409: lazy_gettext("That does not fit the game as it stands."),
    413: lazy_gettext("That is too much to send at once."),
    422: lazy_gettext("Something in that is not right."),
    500: lazy_gettext(
        "Something went wrong on our side. Nothing half-written was kept; try again."
    ),
    503: lazy_gettext(
        "The scoresheet is busy just now: nothing was stored; try again in a moment."
    ),
}


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(CSRFError, handle_csrf_error)
    for failure in (DBAPIError, PoolTimeout, StorageError):
        app.register_error_handler(failure, handle_storage_error)
    app.after_request(say_when_to_come_back)


def say_when_to_come_back(response: Response) -> Response:
    """Every 503 says when to send again, the pages that keep what was typed (a round,
    bids, a new game, refused for a full or busy storage) as much as the error page."""
    if response.status_code == 503:
        response.headers.setdefault("Retry-After", RETRY_AFTER)
    return response


def handle_storage_error(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """The database is locked too long, full, frozen or gone: a 503 that says what became
    of the request's change, drawn without asking the database anything more."""
    writes.safe_rollback()
    log.warning("%s %s answered 503: %s", request.method, request.path, _said(error))
    # The page's header asks who is logged in; the answer must not need the database.
    from ..extensions import login_manager

    g._login_user = login_manager.anonymous_user()
    message = storage_message(error)
    headers = {"Retry-After": RETRY_AFTER}
    if wants_json():
        return jsonify(errors=[{"field": None, "message": message}]), 503, headers
    return render_template("error.html", code=503, message=message), 503, headers


def _said(error: Exception) -> str:
    """The failure in a line for the log: the driver's own words, not the statement."""
    cause = getattr(error, "orig", None) or error
    return f"{type(cause).__name__}: {str(cause).splitlines()[0] if str(cause) else ''}"


def storage_message(error: Exception) -> str:
    """What the person is told: by what this request's changes came to, not by guess."""
    outcome = writes.request_outcome()
    if outcome == "unknown":
        return str(writes.OutcomeUnknown().message)
    if outcome == "stored":
        return str(
            gettext(
                "This was stored, but the answer could not be made just now:"
                " reload the page in a moment instead of sending it again."
            )
        )
    if isinstance(error, StorageError):
        return str(error.message)
    return str(
        gettext(
            "The scoresheet's storage is busy or full just now. Nothing was stored;"
            " go back and send it again in a moment."
        )
    )


def wants_json() -> bool:
    return request.path.startswith("/api/")


def handle_http_error(error: HTTPException) -> tuple[Response | str, int]:
    code = error.code or 500
    # A code of its own (a rare one) keeps Werkzeug's English description.
    known = MESSAGES.get(code)
    message = str(known) if known is not None else error.description or ""
    if code >= 500 and writes.request_outcome() is not None:
        # A failure after the change went out: never "nothing was kept".
        message = storage_message(error)
    if wants_json():
        return jsonify(errors=[{"field": None, "message": message}]), code
    return render_template("error.html", code=code, message=message), code


def handle_csrf_error(error: CSRFError) -> tuple[str, int]:
    message = gettext(
        "This form had expired or came from elsewhere, so nothing was saved. "
        "Go back, reload the page and send it again."
    )
    return render_template("error.html", code=400, message=message), 400
