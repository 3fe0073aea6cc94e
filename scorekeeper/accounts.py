"""Accounts beyond creating one: claiming a fresh install with its setup code.

Like services, this module opens and commits its own transactions; views, the API and
the CLI call it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from flask import current_app
from sqlalchemy.exc import IntegrityError, OperationalError

from .extensions import db
from .i18n import gettext
from .models import InstallClaim, User
from .services import AccountError, has_users, new_user

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
    except (IntegrityError, OperationalError):
        db.session.rollback()
        raise taken from None
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
