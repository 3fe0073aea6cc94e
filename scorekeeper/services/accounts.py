"""Accounts: making one, checking a password, the login throttle, claiming a fresh
install with its setup code, the logins kept on the server (sessions), changing and
resetting a password, API tokens."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from flask import current_app
from sqlalchemy import (
    ColumnElement,
    CursorResult,
    Select,
    and_,
    bindparam,
    case,
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from werkzeug.security import generate_password_hash

from .. import passwords
from ..extensions import db
from ..i18n import N_
from ..models import (
    ApiToken,
    InstallClaim,
    KnownDevice,
    LoginAttempt,
    LoginSession,
    User,
    utcnow,
)
from ..rules.names import MAX_NAME_LENGTH, NameRefused, name_key, readable_name
from . import counts, writes
from .errors import SAID, AccountError, N_plural, StorageError
from .text import plain_text, storable

USERNAME_LENGTH = (1, MAX_NAME_LENGTH)
PASSWORD_MIN_LENGTH = 8

# -- accounts ---------------------------------------------------------------


def has_users() -> bool:
    return bool(db.session.scalar(select(func.count()).select_from(User)))


def create_user(username: str, password: str) -> User:
    user = new_user(username, password)
    db.session.add(user)
    try:
        writes.commit()
    except IntegrityError:
        db.session.rollback()
        raise AccountError(
            N_("The username %(name)s is taken"), "username", name=user.username
        ) from None
    return user


def new_user(username: str, password: str) -> User:
    """An account checked and ready to store (not yet added to the session)."""
    try:
        # As people read it: NFKC, nothing invisible; unique whatever its case and width.
        username = readable_name(username or "", "username", USERNAME_LENGTH[1])
    except NameRefused as refused:
        raise AccountError(SAID, "username", sentence=refused) from None
    check_new_password(password, username)
    key = name_key(username)
    if db.session.scalar(select(User.id).where(User.username_key == key)) is not None:
        raise AccountError(N_("The username %(name)s is taken"), "username", name=username)
    return User(username=username, username_key=key, password_hash=password_hash(password))


def user_named(username: str) -> User | None:
    """The account a typed username means: that very name first (two accounts from before
    keys, "bob" and "Bob", stay apart), else case and width set aside."""
    user: User | None = None
    if isinstance(username, str) and storable(username):
        user = db.session.scalar(select(User).where(User.username == username.strip()))
    key = username_key(username)
    if user is None and key is not None:
        user = db.session.scalar(select(User).where(User.username_key == key))
    return user


def username_key(username: str) -> str | None:
    """The key of a typed username, or None for one no account can have."""
    if not isinstance(username, str) or not storable(username):
        return None
    try:
        return name_key(readable_name(username, "username", USERNAME_LENGTH[1]))
    except NameRefused:
        return None


def check_new_password(password: str, username: str = "", field: str = "password") -> None:
    """Refuse a password that cannot be kept or is too short, saying why (AccountError)."""
    if not storable(password or ""):
        raise AccountError(N_("A password cannot hold that character"), field)
    if len(password or "") < PASSWORD_MIN_LENGTH:
        raise AccountError(
            N_plural(
                "A password has at least %(num)s character",
                "A password has at least %(num)s characters",
            ),
            field,
            num=PASSWORD_MIN_LENGTH,
        )
    weakness = passwords.weakness(password, [username])
    if weakness is not None:
        raise AccountError(SAID, field, sentence=weakness)


def password_hash(password: str) -> str:
    return passwords.hashed(password, _hash_method())


def authenticate(username: str, password: str) -> User | None:
    """The account when the password is its own, else None. Checking costs the same
    whether the username exists or not (an unknown one is checked against a stand-in
    hash), so the time of an answer does not tell which usernames exist."""
    if not storable(username or "") or not storable(password or ""):
        return None
    user = user_named(username or "")
    stored = user.password_hash if user is not None else _stand_in_hash(_hash_method())
    if not passwords.check(stored, password or "") or user is None:
        return None
    return user


@cache
def _stand_in_hash(method: str) -> str:
    return generate_password_hash(secrets.token_hex(16), method)


def _hash_method() -> str:
    return str(current_app.config.get("PASSWORD_HASH_METHOD", "scrypt"))


def claim_login_attempt(username: str, device: str | None = None) -> int:
    """Count a password attempt for ``username`` before its password is checked: 0 when
    it may be checked now, else the seconds to wait (the attempt is then not counted).

    ``device``: a browser this account has logged in from before (its device cookie,
    known on the server: :func:`remember_device`) has a count of its own, so a
    stranger's guesses, which fill the username's count, never keep the owner's phone
    waiting. A device unknown, dropped or ended (a password change, "Log out
    everywhere") counts with the username.

    The first LOGIN_FREE_ATTEMPTS attempts since the last successful login go through;
    from then on each opens a wait, doubling from LOGIN_FIRST_WAIT_SECONDS up to
    LOGIN_LONGEST_WAIT_SECONDS, during which no attempt is checked, from any address.
    Counting and the wait are one UPDATE guarded by its WHERE, so that any number of
    attempts at once, in any number of threads and processes, each count once and no
    more than the allowed ones are checked. A stranger's guesses cost the owner minutes
    at most, never the account.
    """
    config = current_app.config
    now = int(time.time())
    db.session.execute(
        delete(LoginAttempt).where(
            LoginAttempt.last_attempt < now - int(config["LOGIN_ATTEMPTS_KEPT_SECONDS"]),
            LoginAttempt.wait_until <= now,
        )
    )
    known = _device_row(username, device)
    if known is not None:
        # The device's own count, in its own table: no username's count is this one.
        return _count_attempt(KnownDevice, KnownDevice.key_hash == known, now)
    key = login_key(username)
    dialect = db.session.get_bind().dialect.name
    insert_new = sqlite_insert if dialect == "sqlite" else postgresql_insert
    db.session.execute(
        insert_new(LoginAttempt)
        .values(username_key=key, failures=0, last_attempt=now, wait_until=0)
        .on_conflict_do_nothing()
    )
    return _count_attempt(LoginAttempt, LoginAttempt.username_key == key, now)


def _count_attempt(
    counter: type[LoginAttempt] | type[KnownDevice], row: ColumnElement[bool], now: int
) -> int:
    """Count one attempt in ``counter``'s ``row`` unless a wait is running (see
    :func:`claim_login_attempt`): 0 when counted, else the seconds to wait."""
    config = current_app.config
    free = int(config["LOGIN_FREE_ATTEMPTS"])
    first, longest = (
        int(config["LOGIN_FIRST_WAIT_SECONDS"]),
        int(config["LOGIN_LONGEST_WAIT_SECONDS"]),
    )
    attempt = counter.failures + 1
    waits = []
    wait, step = first, 0
    while wait < longest:
        waits.append((attempt == free + step, wait))
        wait, step = wait * 2, step + 1
    opened = now + (case(*waits, else_=longest) if waits else longest)
    counted = db.session.execute(
        update(counter)
        .where(row, counter.wait_until <= now)
        .values(
            failures=attempt,
            last_attempt=now,
            # A free attempt opens no wait: 0, not "now", which a concurrent attempt whose
            # clock read a second earlier would take for a wait still running.
            wait_until=case((attempt < free, 0), else_=opened),
        )
        .execution_options(synchronize_session=False)
    )
    if counted.rowcount:  # type: ignore[attr-defined]
        writes.commit()
        return 0
    wait_until = db.session.scalar(select(counter.wait_until).where(row))
    writes.commit()
    return max(int(wait_until or 0) - now, 1)


@dataclass(frozen=True)
class LoginOutcome:
    """What a login attempt came to: the account, or a wait, or neither (a wrong password)."""

    user: User | None = None
    wait: int = 0
    """Seconds before the next attempt is checked; the password was not checked at all."""


def log_in(username: str, password: str, device: str | None = None) -> LoginOutcome:
    """One password attempt, throttled: counted first (:func:`claim_login_attempt`), the
    password checked only when no wait is running, the count forgotten when it is right.
    The login page, the API's tokens and a password change all come this way."""
    wait = claim_login_attempt(username, device)
    if wait:
        return LoginOutcome(wait=wait)
    user = authenticate(username, password)
    if user is not None:
        forget_login_attempts(username, device)
    return LoginOutcome(user=user)


def forget_login_attempts(username: str, device: str | None = None) -> None:
    """A successful login: the username's count starts again (and the device's)."""
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.username_key == login_key(username)))
    known = _device_row(username, device)
    if known is not None:
        db.session.execute(
            update(KnownDevice)
            .where(KnownDevice.key_hash == known)
            .values(failures=0, wait_until=0, last_used_at=utcnow())
        )
    writes.commit()


# -- known devices ---------------------------------------------------------------------


def _device_hash(device: str) -> str:
    return hashlib.sha256(f"device:{device}".encode()).hexdigest()


def _device_row(username: str, device: str | None) -> str | None:
    """The stored key of ``device`` when it is a known device of the account
    ``username`` names, else None (never issued, dropped, ended, or another account's)."""
    if not device or not isinstance(device, str) or len(device) > 100 or not storable(device):
        return None
    found = db.session.execute(
        select(KnownDevice.key_hash, KnownDevice.user_id).where(
            KnownDevice.key_hash == _device_hash(device)
        )
    ).first()
    if found is None:
        return None
    user = user_named(username)
    return found.key_hash if user is not None and user.id == found.user_id else None


def known_device(user: User, device: str | None) -> bool:
    """Whether ``device`` (a browser's device cookie) is one of ``user``'s known devices."""
    return _device_row(user.username, device) is not None


def remember_device(user: User, device: str | None) -> str:
    """This browser as one of ``user``'s known devices after a successful login: its id,
    kept when it is known already, else a new one (only its hash is stored). An account
    keeps DEVICES_PER_ACCOUNT at most: the least recently used are dropped."""
    if device and known_device(user, device):
        return device
    device = secrets.token_urlsafe(24)
    db.session.add(KnownDevice(key_hash=_device_hash(device), user_id=user.id))
    db.session.flush()
    keep = max(int(current_app.config["DEVICES_PER_ACCOUNT"]), 1)
    kept = select(KnownDevice.key_hash).where(KnownDevice.user_id == user.id)
    newest = kept.order_by(KnownDevice.last_used_at.desc(), KnownDevice.created_at.desc())
    db.session.execute(
        delete(KnownDevice).where(
            KnownDevice.user_id == user.id,
            KnownDevice.key_hash.not_in(select(newest.limit(keep).subquery().c.key_hash)),
            KnownDevice.key_hash != _device_hash(device),
        )
    )
    writes.commit()
    return device


def forget_devices(user: User) -> None:
    """None of ``user``'s browsers is a known device any more (and their counts go): a
    password change, "Log out everywhere", a reset. In the caller's transaction."""
    db.session.execute(delete(KnownDevice).where(KnownDevice.user_id == user.id))


def login_key(username: str) -> str:
    """The name attempts are counted under: whatever the username, known or not (the
    account's key when it could be one, so ``ANA`` and ``ａｎａ`` count for ``ana``)."""
    key = username_key(username)
    if key is not None:
        return key[:160]
    name = (username or "").strip()[:MAX_NAME_LENGTH]
    return "".join(ch for ch in name if storable(ch)).casefold()


def issue_token(user: User, name: str = "") -> str:
    """A new API token for ``user``, called ``name``; only its hash is stored."""
    token = secrets.token_urlsafe(32)
    name = name if plain_text(name, lines=False) else ""  # nothing hidden in what is listed
    db.session.add(ApiToken(user_id=user.id, token_hash=_token_hash(token), name=name[:60]))
    writes.commit()
    return token


def user_for_token(token: str) -> User | None:
    found = token_in_use(token)
    return found.user if found is not None else None


def token_in_use(token: str) -> ApiToken | None:
    """The stored token a client sent, its last use noted (to the minute); None for a
    token never issued, revoked, or unused for longer than TOKEN_IDLE_DAYS."""
    if not token or len(token) > 100 or not storable(token):
        return None
    found: ApiToken | None = db.session.scalar(
        select(ApiToken).where(ApiToken.token_hash == _token_hash(token))
    )
    if found is None:
        return None
    now = utcnow()
    last = found.last_used_at or found.created_at
    if last < now - timedelta(days=current_app.config["TOKEN_IDLE_DAYS"]):
        return None
    if found.created_at <= now - token_lifetime():
        return None  # however much it is used, a token ends (a copy cannot live on)
    if found.last_used_at is None or found.last_used_at < now - timedelta(minutes=1):
        found.last_used_at = now
        note_in_passing()
    return found


def token_lifetime() -> timedelta:
    """How long any API token lasts from when it was made (TOKEN_LIFETIME_DAYS)."""
    return timedelta(days=current_app.config["TOKEN_LIFETIME_DAYS"])


def note_in_passing() -> None:
    """Commit a note made while reading (a token's or a login's last use): a busy or
    full database loses the note, never the request."""
    writes.commit_note()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# -- claiming the install -----------------------------------------------------

# A router's setup PIN, in letters and digits nobody misreads (no 0/O, 1/I/L).
SETUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
SETUP_CODE_GROUPS = 3
SETUP_CODE_GROUP_LENGTH = 4  # 12 characters: about 59 bits, beyond guessing over a network
# The setup code's attempts, in the install's shared counts (SETUP_CODE_ATTEMPTS a window).
SETUP_CODE_COUNT = "setup-code"


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
    counts.forget(SETUP_CODE_COUNT)  # a fresh code: its attempts counted afresh
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
    config = current_app.config
    # Counted before the code is read, from anywhere together, by every worker.
    wait = counts.take(
        SETUP_CODE_COUNT,
        int(config["SETUP_CODE_ATTEMPTS"]),
        int(config["SETUP_CODE_WINDOW_SECONDS"]),
    )
    if wait:
        raise AccountError(
            N_plural(
                "Too many wrong setup codes: try again in %(num)s minute.",
                "Too many wrong setup codes: try again in %(num)s minutes.",
            ),
            "setup_code",
            num=(wait + 59) // 60,
        )
    if not setup_code_matches(setup_code):
        raise AccountError(
            N_(
                "That is not this install's setup code. It is shown where Scorekeeper was"
                " started (./scripts/start), or made afresh with"
                " flask --app scorekeeper setup-code."
            ),
            "setup_code",
        )
    user = new_user(username, password)
    taken = AccountError(
        N_("This install has its first account already: log in with it."), "username"
    )
    if has_users():
        raise taken
    db.session.add(user)
    try:
        db.session.flush()
        db.session.add(InstallClaim(id=1, user_id=user.id))
        writes.commit()
    except IntegrityError:
        raise taken from None
    except StorageError:
        raise AccountError(StorageError.template, "username") from None
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
    writes.commit()
    return key


def user_for_session(key: str | None, remembered_only: bool = False) -> User | None:
    """The account a login's key opens, or None: never issued, logged out, ended by a
    password change or "log out everywhere", or unused for too long."""
    if not key or not isinstance(key, str) or len(key) > 100:
        return None
    found = db.session.execute(_login_lookup(), {"key_hash": _key_hash(key)}).first()
    if found is None:
        return None
    login, user = found
    if remembered_only and not login.remember:
        return None
    now = utcnow()
    if login.last_seen_at < now - _lasts(login.remember):
        db.session.delete(login)
        writes.commit()
        return None
    if login.last_seen_at < now - SEEN_EVERY:
        login.last_seen_at = now
        note_in_passing()
    return user


@cache
def _login_lookup() -> Select[LoginSession, User]:
    """The login and its account in one statement, built once (every page asks it)."""
    return (
        select(LoginSession, User).join(User).where(LoginSession.key_hash == bindparam("key_hash"))
    )


def end_session(key: str | None) -> None:
    if key and isinstance(key, str):
        db.session.execute(delete(LoginSession).where(LoginSession.key_hash == _key_hash(key)))
        writes.commit()


def end_sessions(user: User, keep: str | None = None) -> int:
    """End every login of ``user`` but the one with the key ``keep``; how many ended."""
    query = delete(LoginSession).where(LoginSession.user_id == user.id)
    if keep:
        query = query.where(LoginSession.key_hash != _key_hash(keep))
    ended: CursorResult[Any] = db.session.execute(query)  # type: ignore[assignment]
    if not keep:
        forget_devices(user)  # "Log out everywhere": no browser keeps a count of its own
    writes.commit()
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
    attempt = log_in(user.username, current)
    if attempt.wait:
        raise AccountError(
            N_plural(
                "Too many wrong passwords: try again in %(num)s second.",
                "Too many wrong passwords: try again in %(num)s seconds.",
            ),
            "current_password",
            num=attempt.wait,
        )
    if attempt.user is None:
        raise AccountError(N_("That is not your current password"), "current_password")
    if new == current:
        raise AccountError(N_("The new password is the one you have"), "new_password")
    check_new_password(new, user.username, field="new_password")
    db.session.execute(
        update(User).where(User.id == user.id).values(password_hash=password_hash(new))
    )
    db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
    forget_devices(user)
    writes.commit()
    return start_session(user)


def reset_password(username: str, new: str) -> User:
    """The machine's owner sets a password (flask reset-password): every login and
    every API token of the account ends."""
    user = user_named(username)
    if user is None:
        raise AccountError(N_("No account is called %(name)s"), "username", name=username)
    check_new_password(new, user.username)
    user.password_hash = password_hash(new)
    db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
    db.session.execute(delete(ApiToken).where(ApiToken.user_id == user.id))
    forget_devices(user)
    writes.commit()
    return user


# -- API tokens -----------------------------------------------------------------


@dataclass(frozen=True)
class TokenLine:
    """An API token as the account page lists it (never the token itself)."""

    id: int
    name: str
    created_at: datetime
    last_used_at: datetime | None
    ends_at: datetime
    """When it stops working, used or not (TOKEN_LIFETIME_DAYS after it was made)."""


def tokens(user: User) -> list[TokenLine]:
    """The account's tokens still in use, newest first."""
    now = utcnow()
    cutoff = now - timedelta(days=current_app.config["TOKEN_IDLE_DAYS"])
    rows = db.session.scalars(
        select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.id.desc())
    ).all()
    return [
        TokenLine(
            row.id, row.name, row.created_at, row.last_used_at, row.created_at + token_lifetime()
        )
        for row in rows
        if (row.last_used_at or row.created_at) >= cutoff
        and row.created_at > now - token_lifetime()
    ]


def revoke_token(user: User, token_id: int) -> bool:
    """Revoke one of ``user``'s tokens; False when there is no such token of theirs."""
    if not 0 < token_id < 2**31:
        return False
    gone: CursorResult[Any] = db.session.execute(  # type: ignore[assignment]
        delete(ApiToken).where(ApiToken.id == token_id, ApiToken.user_id == user.id)
    )
    writes.commit()
    return bool(gone.rowcount)
