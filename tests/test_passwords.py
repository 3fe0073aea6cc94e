"""Passwords: judged by zxcvbn and refused in the reader's words, checked at the same cost
whether the username exists or not, hashed a few at a time."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask

from scorekeeper import passwords, services
from scorekeeper.services import AccountError


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("12345678", "This is one of the most common passwords"),
        ("password", "This is one of the most common passwords"),
        ("qwertyuiop", "This is one of the most common passwords"),
        ("secret-12", "This password is much like a common one"),
        ("aaaaaaaaaa", "Repeated letters or words are easy to guess."),
        ("abcdefgh1", "Runs like abc or 6543 are easy to guess."),
        ("summer2019", "This password is much like a common one"),
        ("scorekeeper", "A password made of your username or this app's words"),
        ("ana12345", "A password made of your username or this app's words"),
        ("zxcvbnm,./", "Keys in a row on a keyboard are easy to guess."),
    ],
    ids=lambda value: value if len(value) < 12 else None,
)
def test_a_guessable_password_is_refused_with_our_reason(
    app: Flask, password: str, reason: str
) -> None:
    with app.test_request_context(), pytest.raises(AccountError) as refused:
        services.create_user("ana", password)
    assert refused.value.field == "password"
    assert reason in refused.value.message
    # zxcvbn's own English never reaches the reader.
    assert "top-10" not in refused.value.message and "similar to" not in refused.value.message


@pytest.mark.parametrize(
    "password",
    [
        "correct horse",
        "a long enough password",
        "Tr0ub4dor&3",
        "μια μακριά φράση",
        "the owls are not what they seem " * 8,
    ],
    ids=["two words", "four words", "mixed", "Greek", "very long"],
)
def test_a_good_password_is_taken(app: Flask, password: str) -> None:
    with app.test_request_context():
        assert passwords.weakness(password, ["ana"]) is None


def test_every_zxcvbn_warning_has_our_sentence(app: Flask) -> None:
    with app.test_request_context():
        for warning, said in passwords._SAID.items():
            assert said() and said() != warning


def test_the_reason_is_in_the_readers_language(app: Flask) -> None:
    from flask_babel import force_locale

    with app.test_request_context(), force_locale("nl"), pytest.raises(AccountError) as refused:
        services.create_user("ana", "password")
    english = "This is one of the most common passwords: it is the first anyone would try."
    assert refused.value.message and refused.value.message != english


def test_an_unknown_username_costs_one_password_check_like_a_known_one(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[str] = []
    real_check = passwords.check

    def counted(stored: str, password: str) -> bool:
        checks.append(stored.split("$")[0])
        return real_check(stored, password)

    with app.app_context():
        services.create_user("ana", "correct horse")
        monkeypatch.setattr(passwords, "check", counted)
        assert services.authenticate("ana", "wrong password") is None
        assert services.authenticate("nobody", "wrong password") is None
        assert services.authenticate("nobody", "correct horse") is None
    # Each ran one check, with the same hashing method and cost.
    assert checks == ["pbkdf2:sha256:1000"] * 3


def test_at_most_a_few_password_hashes_at_once(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    running, most = 0, 0
    lock = threading.Lock()

    def slow_check(stored: str, password: str) -> bool:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.05)
        with lock:
            running -= 1
        return False

    monkeypatch.setattr(passwords, "check_password_hash", slow_check)

    def login(_: Any) -> None:
        with app.app_context():
            passwords.check("pbkdf2:sha256:1000$x$y", "guess")

    threads = [threading.Thread(target=login, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == app.config["PASSWORD_HASHING_AT_ONCE"] == 2
