"""The language switcher at the foot of every page: the pick is kept in a cookie."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request
from flask_babel import force_locale, gettext
from werkzeug.wrappers import Response

from ..forms import EmptyForm
from ..i18n import LANGUAGE_COOKIE, LANGUAGE_COOKIE_AGE, LANGUAGES
from .auth import safe_next

bp = Blueprint("language", __name__)


@bp.post("/language")
def choose() -> Response:
    """Answer in the language picked from now on, and go back to the page it was picked on."""
    form = EmptyForm()
    picked = request.form.get("language", "")
    back = redirect(safe_next(request.form.get("next")))
    if not form.validate_on_submit():
        flash(gettext("That button had expired: try again."), "error")
        return back
    if picked not in LANGUAGES:
        flash(gettext("That language is not one the app speaks."), "error")
        return back
    back.set_cookie(
        LANGUAGE_COOKIE,
        picked,
        max_age=LANGUAGE_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
    )
    with force_locale(picked):
        flash(gettext("Language: English"), "info")
    return back
