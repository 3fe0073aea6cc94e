"""The first account, logging in and out, the account page.

A login is a row on the server (``accounts.start_session``): the session cookie carries
its key under ``login``, and a remember cookie the same key when the phone is to stay
logged in. Logging out deletes the row, so a copy of either cookie opens nothing.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask import Request as FlaskRequest
from flask_babel import gettext, ngettext
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from .. import services
from ..extensions import login_manager
from ..forms import ChangePasswordForm, EmptyForm, FirstAccountForm, LoginForm
from ..models import User
from ..services import accounts

bp = Blueprint("auth", __name__)

# The session cookie's name for a login's key.
LOGIN_KEY = "login"


@login_manager.request_loader
def load_login(request: FlaskRequest) -> User | None:
    """The account of this browser's login: from the session cookie, or else from the
    remember cookie (which then starts the session again)."""
    user = accounts.user_for_session(session.get(LOGIN_KEY))
    if user is None:
        remembered = request.cookies.get(current_app.config["REMEMBER_ME_COOKIE"])
        user = accounts.user_for_session(remembered, remembered_only=True)
        if user is not None:
            session[LOGIN_KEY] = remembered
        elif session.get(LOGIN_KEY):
            session.pop(LOGIN_KEY)
    return user


# Pages that hold no one's data: open to everyone, even before the first account (the
# language switcher too: the first account's page offers it). The hall's standings
# screens ask every few seconds: nothing to count for them.
PUBLIC_ENDPOINTS = (
    "watch.board",
    "watch.version",
    "language.choose",
    "tournaments.screen",
    "tournaments.screen_version",
)
PUBLIC_BLUEPRINTS = ("api", "referee", "sheets", "pwa", "health")


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
    # A login is an account: its lookup (needed by the page anyway) stands for the count.
    if current_user.is_authenticated:
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
        username = form.username.data
        device = device_cookie()
        attempt = services.log_in(username, form.password.data, device)
        if attempt.wait:
            form.password.errors.append(wait_message(username, attempt.wait))
            status = 429
        elif attempt.user is not None:
            answer = redirect(safe_next(request.args.get("next")))
            start_session(attempt.user, remember=bool(form.remember.data), answer=answer)
            remember_device(answer, attempt.user, device)
            return answer
        else:
            form.password.errors.append(gettext("That username and password do not match"))
    if form.errors and status == 200:
        status = 422
    return render_template("auth/login.html", form=form), status


DEVICE_COOKIE = "scorekeeper_device"
DEVICE_COOKIE_DAYS = 400


def device_cookie() -> str | None:
    """This browser's device id, as its cookie holds it (known or not: the server says)."""
    raw = request.cookies.get(DEVICE_COOKIE, "")
    return raw if 0 < len(raw) <= 100 else None


def remember_device(answer: Response, user: User, device: str | None) -> None:
    """Mark this browser as one the account logs in from (see claim_login_attempt): kept
    on the server, a few an account, ended with the password."""
    answer.set_cookie(
        DEVICE_COOKIE,
        accounts.remember_device(user, device),
        max_age=DEVICE_COOKIE_DAYS * 24 * 3600,
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        httponly=True,
        samesite="Lax",
    )


def wait_message(username: str, seconds: int) -> str:
    """How long before ``username``'s password is checked again, in words."""
    said: str
    if seconds < 90:
        said = ngettext(
            "Too many wrong passwords for %(name)s: try again in %(num)s second.",
            "Too many wrong passwords for %(name)s: try again in %(num)s seconds.",
            seconds,
            name=username,
        )
    else:
        said = ngettext(
            "Too many wrong passwords for %(name)s: try again in %(num)s minute.",
            "Too many wrong passwords for %(name)s: try again in %(num)s minutes.",
            (seconds + 59) // 60,
            name=username,
        )
    return said


def start_session(user: User, remember: bool = False, answer: Response | None = None) -> None:
    """A new login: nothing of the session before is carried over. With ``remember``,
    ``answer`` sets the remember cookie too."""
    session.clear()
    key = accounts.start_session(user, remember=remember)
    session[LOGIN_KEY] = key
    if remember and answer is not None:
        config = current_app.config
        answer.set_cookie(
            config["REMEMBER_ME_COOKIE"],
            key,
            max_age=int(config["REMEMBER_DAYS"]) * 24 * 3600,
            httponly=True,
            samesite="Lax",
            secure=bool(config.get("REMEMBER_COOKIE_SECURE") or request.is_secure),
        )


def end_session(answer: Response) -> Response:
    """This browser's login ends: its row, its session, its remember cookie."""
    accounts.end_session(session.get(LOGIN_KEY))
    accounts.end_session(request.cookies.get(current_app.config["REMEMBER_ME_COOKIE"]))
    session.clear()
    forget_remembering(answer)
    # The device stays known (its own count of attempts, so the owner logging in again
    # is never kept waiting by a stranger's guesses); a password change or "Log out
    # everywhere" ends it.
    return answer


def forget_remembering(answer: Response) -> None:
    answer.delete_cookie(current_app.config["REMEMBER_ME_COOKIE"], httponly=True, samesite="Lax")


@bp.route("/logout", methods=["POST"])
@login_required
def logout() -> Response:
    form = EmptyForm()
    if form.validate_on_submit():
        answer = end_session(redirect(url_for("auth.login")))
        flash(gettext("Logged out."), "info")
        return answer
    flash(gettext("That button had expired: try again."), "error")
    return redirect(url_for("history.games"))


@bp.route("/account")
@login_required
def account() -> str:
    return render_account(ChangePasswordForm(formdata=None))


def render_account(form: ChangePasswordForm) -> str:
    return render_template(
        "auth/account.html",
        form=form,
        button=EmptyForm(),
        tokens=accounts.tokens(current_user),
    )


@bp.route("/account/password", methods=["POST"])
@login_required
def change_password() -> Response | tuple[str, int]:
    form = ChangePasswordForm()
    if form.validate_on_submit():
        try:
            key = accounts.change_password(
                current_user, form.current_password.data, form.new_password.data
            )
        except services.AccountError as error:
            form[error.field].errors.append(error.message)
        else:
            # This phone goes on with a fresh login; every other one, and any remember
            # cookie (this phone's too), is over.
            session.clear()
            session[LOGIN_KEY] = key
            answer = redirect(url_for("auth.account"))
            forget_remembering(answer)
            flash(
                gettext("Password changed. Every other phone and browser is logged out."),
                "info",
            )
            return answer
    return render_account(form), 422


@bp.route("/account/logout-everywhere", methods=["POST"])
@login_required
def logout_everywhere() -> Response:
    form = EmptyForm()
    if not form.validate_on_submit():
        flash(gettext("That button had expired: try again."), "error")
        return redirect(url_for("auth.account"))
    accounts.end_sessions(current_user)
    answer = end_session(redirect(url_for("auth.login")))
    flash(gettext("Logged out everywhere: every phone and browser must log in again."), "info")
    return answer


@bp.route("/account/tokens/<int:token_id>/revoke", methods=["POST"])
@login_required
def revoke_token(token_id: int) -> Response:
    form = EmptyForm()
    if not form.validate_on_submit():
        flash(gettext("That button had expired: try again."), "error")
    elif accounts.revoke_token(current_user, token_id):
        flash(gettext("The token is revoked: it opens nothing any more."), "info")
    else:
        flash(gettext("No such token: it was revoked already."), "error")
    return redirect(url_for("auth.account"))


def safe_next(target: str | None) -> str:
    """Only a path on this site, never another host; nothing a header cannot carry
    (CR, LF or any control character, which would otherwise break the redirect)."""
    if target and target.isprintable() and len(target) <= 2000:
        try:
            parts = urlsplit(target)
        except ValueError:
            parts = None
        if (
            parts is not None
            and not parts.scheme
            and not parts.netloc
            and target.startswith("/")
            and "\\" not in target
        ):
            return target
    return url_for("history.games")
