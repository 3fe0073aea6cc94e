"""The first account, logging in and out."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext, ngettext
from flask_login import current_user, login_required, login_user, logout_user
from werkzeug.wrappers import Response

from .. import accounts, services
from ..extensions import login_manager
from ..forms import EmptyForm, FirstAccountForm, LoginForm
from ..models import User

bp = Blueprint("auth", __name__)

login_manager.user_loader(services.load_user)


# Pages that hold no one's data: open to everyone, even before the first account (the
# language switcher too: the first account's page offers it).
PUBLIC_ENDPOINTS = ("watch.board", "watch.version", "language.choose")
PUBLIC_BLUEPRINTS = ("api", "referee", "sheets", "pwa")


@bp.before_app_request
def ask_for_first_account() -> Response | None:
    """On a fresh install every page of the scoresheet leads to creating the first account."""
    endpoint = request.endpoint or ""
    public = (
        endpoint.split(".")[0] in PUBLIC_BLUEPRINTS
        or endpoint in PUBLIC_ENDPOINTS
        or endpoint == "static"
    )
    if public or endpoint == "auth.first_account":
        return None
    if not services.has_users():
        return redirect(url_for("auth.first_account"))
    return None


@bp.route("/welcome", methods=["GET", "POST"])
def first_account() -> Response | str | tuple[str, int]:
    if services.has_users():
        return redirect(url_for("auth.login"))
    form = FirstAccountForm()
    if form.validate_on_submit():
        try:
            user = accounts.create_first_account(
                form.username.data, form.password.data, form.setup_code.data
            )
        except services.AccountError as error:
            form[error.field].errors.append(error.message)
        else:
            start_session(user)
            flash(
                gettext(
                    "Welcome, %(name)s. Start a game when the cards are out.", name=user.username
                ),
                "info",
            )
            return redirect(url_for("games.new_game"))
    status = 422 if form.errors else 200
    return render_template("auth/first_account.html", form=form), status


@bp.route("/login", methods=["GET", "POST"])
def login() -> Response | str | tuple[str, int]:
    if current_user.is_authenticated:
        return redirect(url_for("history.games"))
    form = LoginForm()
    status = 200
    if form.validate_on_submit():
        username, remote = form.username.data, request.remote_addr or "unknown"
        wait = services.login_wait(username, remote)
        if wait:
            minutes = (wait + 59) // 60
            form.password.errors.append(
                ngettext(
                    "Too many wrong passwords for %(name)s from here: try again in"
                    " %(num)s minute, or from another device.",
                    "Too many wrong passwords for %(name)s from here: try again in"
                    " %(num)s minutes, or from another device.",
                    minutes,
                    name=username,
                )
            )
            status = 429
        else:
            user = services.authenticate(username, form.password.data)
            if user is not None:
                services.forget_login_failures(username, remote)
                start_session(user)
                return redirect(safe_next(request.args.get("next")))
            services.note_login_failure(username, remote)
            form.password.errors.append(gettext("That username and password do not match"))
    if form.errors and status == 200:
        status = 422
    return render_template("auth/login.html", form=form), status


def start_session(user: User) -> None:
    """A new session for a new login: nothing of the one before is carried over."""
    session.clear()
    login_user(user)


@bp.route("/logout", methods=["POST"])
@login_required
def logout() -> Response:
    form = EmptyForm()
    if form.validate_on_submit():
        logout_user()
        session.clear()
        flash(gettext("Logged out."), "info")
        return redirect(url_for("auth.login"))
    flash(gettext("That button had expired: try again."), "error")
    return redirect(url_for("history.games"))


def safe_next(target: str | None) -> str:
    """Only a path on this site, never another host."""
    if target:
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc and target.startswith("/") and "\\" not in target:
            return target
    return url_for("history.games")
