"""Passwords: hashing them a few at a time, and judging a new one with zxcvbn.

A password hash (scrypt) takes about 32 MB and a CPU for a moment: eight logins at once
would take eight times that. At most PASSWORD_HASHING_AT_ONCE hashes run together in the
whole install, every worker and server counted (turns kept in the database,
``services.counts``); the others wait their turn.

zxcvbn says why a password is weak in English; we say it in the reader's language, with
our own sentences for each of its warnings.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from functools import cache

from flask import current_app
from werkzeug.security import check_password_hash, generate_password_hash

from .games import GAMES
from .i18n import gettext

# zxcvbn's score: 0 too guessable, 1 very guessable, 2 somewhat guessable (about 10^8
# guesses: safe from guessing over the network, with the login limits).
LEAST_SCORE = 2
# zxcvbn refuses longer passwords; a password that long is judged by its start.
JUDGED_LENGTH = 72


def _spellings(name: str) -> tuple[str, str]:
    return name, name.replace(" ", "")


# Words anyone would try first against this app.
APP_WORDS = (
    "scorekeeper",
    "jester",
    "trump",
    # each game's name, with and without its spaces
    *sorted(
        {w for g in GAMES.values() for w in (g.title.lower(), g.title.lower().replace(" ", ""))}
    ),
)


@cache
def _hashing_slots(count: int) -> threading.BoundedSemaphore:
    return threading.BoundedSemaphore(count)


def _slots() -> threading.BoundedSemaphore:
    return _hashing_slots(max(int(current_app.config.get("PASSWORD_HASHING_AT_ONCE", 2)), 1))


def _install_turn() -> AbstractContextManager[None]:
    """One of the install's PASSWORD_HASHING_AT_ONCE turns, shared by every process."""
    from .services import counts  # the services import this module

    config = current_app.config
    return counts.turn(
        "password-hashing",
        max(int(config.get("PASSWORD_HASHING_AT_ONCE", 2)), 1),
        lease=int(config.get("PASSWORD_HASHING_LEASE_SECONDS", 30)),
        wait=float(config.get("PASSWORD_HASHING_WAIT_SECONDS", 20)),
    )


def hashed(password: str, method: str) -> str:
    # This process's threads queue first, so that only a few of them ask the database.
    with _slots(), _install_turn():
        return generate_password_hash(password, method)


def check(stored_hash: str, password: str) -> bool:
    with _slots(), _install_turn():
        return check_password_hash(stored_hash, password)


def weakness(password: str, personal: Iterable[str] = ()) -> str | None:
    """Why ``password`` is too easy to guess, in the reader's language; None when it
    will do. ``personal`` are words of the account (its username)."""
    # Imported here: its word lists take some 12 MB, which a worker only needs once
    # somebody chooses a password.
    from zxcvbn import zxcvbn

    words = [w for w in personal if w] + list(APP_WORDS)
    judged = zxcvbn(password[:JUDGED_LENGTH], user_inputs=words)
    if judged["score"] >= LEAST_SCORE:
        return None
    if any(
        match.get("pattern") == "dictionary" and match.get("dictionary_name") == "user_inputs"
        for match in judged.get("sequence", [])
    ):
        return gettext("A password made of your username or this app's words is easy to guess.")
    said = _SAID.get(judged["feedback"].get("warning", ""))
    return said() if said is not None else _too_guessable()


def _too_guessable() -> str:
    return gettext(
        "This password is too easy to guess. A few uncommon words together make a good one."
    )


def _common() -> str:
    return gettext("This is one of the most common passwords: it is the first anyone would try.")


# zxcvbn 4.5's warnings (its English), each said in our own words.
_SAID: dict[str, Callable[[], str]] = {
    "This is a top-10 common password.": _common,
    "This is a top-100 common password.": _common,
    "This is a very common password.": _common,
    "This is similar to a commonly used password.": lambda: gettext(
        "This password is much like a common one: anyone guessing tries those first."
    ),
    "A word by itself is easy to guess.": lambda: gettext(
        "A single word is easy to guess: put a few uncommon words together."
    ),
    "Names and surnames by themselves are easy to guess.": lambda: gettext(
        "A name on its own is easy to guess: add a few uncommon words."
    ),
    "Common names and surnames are easy to guess.": lambda: gettext(
        "A name on its own is easy to guess: add a few uncommon words."
    ),
    "Straight rows of keys are easy to guess.": lambda: gettext(
        "Keys in a row on a keyboard are easy to guess."
    ),
    "Short keyboard patterns are easy to guess.": lambda: gettext(
        "Keys in a row on a keyboard are easy to guess."
    ),
    'Repeats like "aaa" are easy to guess.': lambda: gettext(
        "Repeated letters or words are easy to guess."
    ),
    'Repeats like "abcabcabc" are only slightly harder to guess than "abc".': lambda: gettext(
        "Repeated letters or words are easy to guess."
    ),
    'Sequences like "abc" or "6543" are easy to guess.': lambda: gettext(
        "Runs like abc or 6543 are easy to guess."
    ),
    "Recent years are easy to guess.": lambda: gettext("Dates and years are easy to guess."),
    "Dates are often easy to guess.": lambda: gettext("Dates and years are easy to guess."),
}
