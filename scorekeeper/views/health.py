"""Health checks for whatever watches the server (a supervisor, a load balancer).

``/healthz``: the process answers (it asks the database nothing, so a stalled database
never makes a supervisor restart healthy workers). ``/readyz``: the database answers too;
a 503 with Retry-After when it does not, within the statement limit.
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text
from werkzeug.wrappers import Response

from ..extensions import db
from ..services import writes
from .errors import RETRY_AFTER

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def alive() -> Response:
    return _plain(jsonify(status="ok"))


@bp.get("/readyz")
def ready() -> Response | tuple[Response, int, dict[str, str]]:
    try:
        db.session.execute(text("SELECT 1"))
    except writes.STORAGE_ERRORS:
        writes.safe_rollback()
        answer = _plain(jsonify(status="unavailable", database="not answering"))
        return answer, 503, {"Retry-After": RETRY_AFTER}
    finally:
        writes.safe_rollback()
    return _plain(jsonify(status="ok", database="ok"))


def _plain(answer: Response) -> Response:
    answer.headers["Cache-Control"] = "no-store"
    return answer
