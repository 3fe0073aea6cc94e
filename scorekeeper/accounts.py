"""Accounts beyond creating one: claiming a fresh install with its setup code, the
logins kept on the server (sessions), changing and resetting a password, API tokens.

Like services, this module opens and commits its own transactions; views, the API and
the CLI call it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from flask import current_app
from sqlalchemy import CursorResult, and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from .extensions import db
from .i18n import gettext, ngettext
from .models import ApiToken, InstallClaim, LoginSession, User, utcnow
from .services import (
    AccountError,
    StorageError,
    authenticate,
    check_new_password,
    claim_login_attempt,
    forget_login_attempts,
    has_users,
    new_user,
    note_in_passing,
    password_hash,
    user_named,
)

# -- claiming the install -----------------------------------------------------

# A router's setup PIN, in letters and digits nobody misreads (no 0/O, 1/I/L).
SETUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
SETUP_CODE_GROUPS = 3
SETUP_CODE_GROUP_LENGTH = 4  # 12 characters: about 59 bits, beyond guessing over a network


def setup_code_path() -> Path:
    configured = current_app.config.get("SETUP_CODE_FILE")
    return Path(configured) if configured else Path(current_app.instance_path) / "setup_code"


def new_setup_code() -> str | None:
    """A fresh one-time code for creating the first account, or None once the install
    has accounts. Only its hash is kept (in the instance folder, readable by its owner
    alone); the code itself is shown once, by whoever starts the server."""
    if has_users():
        return None
    groups = [
        "".join(secrets.choice(SETUP_CODE_ALPHABET) for _ in range(SETUP_CODE_GROUP_LENGTH))
        for _ in range(SETUP_CODE_GROUPS)
    ]
    code = "-".join(groups)
    write_private(setup_code_path(), _setup_code_hash(code) + "\n")
    return code


def setup_code_matches(code: str) -> bool:
    path = setup_code_path()
    try:
        kept = path.read_text().strip()
    except (FileNotFoundError, PermissionError):
        return False
    return bool(kept) and hmac.compare_digest(kept, _setup_code_hash(code))


def _setup_code_hash(code: str) -> str:
    # Spaces, dashes and case as anyone may type them: "abcd efgh jkmn" is "ABCD-EFGH-JKMN".
    cleaned = "".join(ch for ch in (code or "").upper() if ch.isalnum() and ch.isascii())
    return hashlib.sha256(f"scorekeeper setup code:{cleaned}".encode()).hexdigest()


def forget_setup_code() -> None:
    setup_code_path().unlink(missing_ok=True)


def create_first_account(username: str, password: str, setup_code: str) -> User:
    """The install's first account, for whoever holds the setup code, and only one.

    The account and the install's single claim row are stored in one transaction: of
    any number of first accounts asked for at once, one commits and the rest break the
    claim's primary key and store nothing.
    """
    if not setup_code_matches(setup_code):
        raise AccountError(
            gettext(
                "That is not this install's setup code. It is shown where Scorekeeper was"
                " started (./scripts/start), or made afresh with"
                " flask --app scorekeeper setup-code."
            ),
            "setup_code",
        )
    user = new_user(username, password)
    taken = AccountError(
        gettext("This install has its first account already: log in with it."), "username"
    )
    if has_users():
        raise taken
    db.session.add(user)
    try:
        db.session.flush()
        db.session.add(InstallClaim(id=1, user_id=user.id))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise taken from None
    except OperationalError:
        db.session.rollback()
        raise AccountError(str(StorageError.message), "username") from None
    forget_setup_code()
    return user


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable and writable by its owner alone (0600), the
    whole file or nothing: a new file beside it, then renamed over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(fresh, path)
    except BaseException:
        fresh.unlink(missing_ok=True)
        raise


# -- logins kept on the server ------------------------------------------------

# A login's last request is noted at most this often: a page is not a write.
SEEN_EVERY = timedelta(minutes=10)


def start_session(user: User, remember: bool = False) -> str:
    """A new login for ``user``: its key, for the session cookie (and the remember
    cookie). Logins ended by time are cleared out on the way."""
    key = secrets.token_urlsafe(32)
    _prune_sessions()
    db.session.add(LoginSession(user_id=user.id, key_hash=_key_hash(key), remember=remember))
    db.session.commit()
    return key


def user_for_session(key: str | None, remembered_only: bool = False) -> User | None:
    """The account a login's key opens, or None: never issued, logged out, ended by a
    password change or "log out everywhere", or unused for too long."""
    if not key or not isinstance(key, str) or len(key) > 100:
        return None
    found = db.session.execute(
        select(LoginSession, User).join(User).where(LoginSession.key_hash == _key_hash(key))
    ).first()
    if found is None:
        return None
    login, user = found
    if remembered_only and not login.remember:
        return None
    now = utcnow()
    if login.last_seen_at < now - _lasts(login.remember):
        db.session.delete(login)
        db.session.commit()
        return None
    if login.last_seen_at < now - SEEN_EVERY:
        login.last_seen_at = now
        note_in_passing()
    return user


def end_session(key: str | None) -> None:
    if key and isinstance(key, str):
        db.session.execute(delete(LoginSession).where(LoginSession.key_hash == _key_hash(key)))
        db.session.commit()


def end_sessions(user: User, keep: str | None = None) -> int:
    """End every login of ``user`` but the one with the key ``keep``; how many ended."""
    query = delete(LoginSession).where(LoginSession.user_id == user.id)
    if keep:
        query = query.where(LoginSession.key_hash != _key_hash(keep))
    ended: CursorResult[Any] = db.session.execute(query)  # type: ignore[assignment]
    db.session.commit()
    return int(ended.rowcount or 0)


def _lasts(remember: bool) -> timedelta:
    config = current_app.config
    if remember:
        return timedelta(days=config["REMEMBER_DAYS"])
    return timedelta(hours=config["SESSION_IDLE_HOURS"])


def _prune_sessions() -> None:
    now = utcnow()
    db.session.execute(
        delete(LoginSession).where(
            or_(
                and_(
                    LoginSession.remember.is_(False),
                    LoginSession.last_seen_at < now - _lasts(False),
                ),
                LoginSession.last_seen_at < now - _lasts(True),
            )
        )
    )


def _key_hash(key: str) -> str:
    return hashlib.sha256(f"login:{key}".encode()).hexdigest()


# -- passwords ------------------------------------------------------------------


def change_password(user: User, current: str, new: str) -> str:
    """Set ``user``'s password to ``new`` when ``current`` is right. Every login of the
    account ends, remembered ones too; the key of a fresh one for the phone that made
    the change is returned, so it stays logged in."""
    # Someone who finds a phone logged in guesses no faster here than at the login page.
    wait = claim_login_attempt(user.username)
    if wait:
        raise AccountError(
            ngettext(
                "Too many wrong passwords: try again in %(num)s second.",
                "Too many wrong passwords: try again in %(num)s seconds.",
                wait,
            ),
            "current_password",
        )
    if authenticate(user.username, current) is None:
        raise AccountError(gettext("That is not your current password"), "current_password")
    forget_login_attempts(user.username)
    if new == current:
        raise AccountError(gettext("The new password is the one you have"), "new_password")
    check_new_password(new, user.username, field="new_password")
    db.session.execute(
        update(User).where(User.id == user.id).values(password_hash=password_hash(new))
    )
    db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
    db.session.commit()
    return start_session(user)


def reset_password(username: str, new: str) -> User:
    """The machine's owner sets a password (flask reset-password): every login and
    every API token of the account ends."""
    user = user_named(username)
    if user is None:
        raise AccountError(gettext("No account is called %(name)s", name=username), "username")
    check_new_password(new, user.username)
    user.password_hash = password_hash(new)
    db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
    db.session.execute(delete(ApiToken).where(ApiToken.user_id == user.id))
    db.session.commit()
    return user


# -- API tokens -----------------------------------------------------------------


@dataclass(frozen=True)
class TokenLine:
    """An API token as the account page lists it (never the token itself)."""

    id: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


def tokens(user: User) -> list[TokenLine]:
    """The account's tokens still in use, newest first."""
    cutoff = utcnow() - timedelta(days=current_app.config["TOKEN_IDLE_DAYS"])
    rows = db.session.scalars(
        select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.id.desc())
    ).all()
    return [
        TokenLine(row.id, row.name, row.created_at, row.last_used_at)
        for row in rows
        if (row.last_used_at or row.created_at) >= cutoff
    ]


def revoke_token(user: User, token_id: int) -> bool:
    """Revoke one of ``user``'s tokens; False when there is no such token of theirs."""
    if not 0 < token_id < 2**31:
        return False
    gone: CursorResult[Any] = db.session.execute(  # type: ignore[assignment]
        delete(ApiToken).where(ApiToken.id == token_id, ApiToken.user_id == user.id)
    )
    db.session.commit()
    return bool(gone.rowcount)
