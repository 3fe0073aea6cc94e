"""Error pages for people, JSON errors for the API; both in the reader's language."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

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
    app.register_error_handler(OperationalError, handle_storage_error)


def handle_storage_error(error: OperationalError) -> tuple[Response | str, int]:
    """The database is locked too long or the disk is full: say so, store nothing."""
    from ..extensions import db

    db.session.rollback()
    message = gettext(
        "The scoresheet's storage is busy or full just now. Nothing was stored;"
        " go back and send it again in a moment."
    )
    if wants_json():
        return jsonify(errors=[{"field": None, "message": message}]), 503
    return render_template("error.html", code=503, message=message), 503


def wants_json() -> bool:
    return request.path.startswith("/api/")


def handle_http_error(error: HTTPException) -> tuple[Response | str, int]:
    code = error.code or 500
    # A code of its own (a rare one) keeps Werkzeug's English description.
    known = MESSAGES.get(code)
    message = str(known) if known is not None else error.description or ""
    if wants_json():
        return jsonify(errors=[{"field": None, "message": message}]), code
    return render_template("error.html", code=code, message=message), code


def handle_csrf_error(error: CSRFError) -> tuple[str, int]:
    message = gettext(
        "This form had expired or came from elsewhere, so nothing was saved. "
        "Go back, reload the page and send it again."
    )
    return render_template("error.html", code=400, message=message), 400
