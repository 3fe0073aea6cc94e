"""Every game of the rules is served by a kind, whole: no piece missing, none borrowed."""

from __future__ import annotations

import dataclasses
import re

import pytest
from flask import Flask

from scorekeeper.games import GAMES
from scorekeeper.games.kinds import KINDS, WORDS, KindError, Script, Words, check_kinds, kind
from scorekeeper.games.words import ROUND_SENTENCES

KEYS = sorted(KINDS)


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)s", text))


def test_every_game_has_a_kind_and_every_kind_a_game() -> None:
    assert set(KINDS) == set(GAMES)


@pytest.mark.parametrize("key", KEYS, ids=KEYS)
def test_a_kind_holds_its_own_game(key: str) -> None:
    game = kind(key)
    assert game.key == key
    assert game.rules is GAMES[key]
    assert game.referee.key == key
    assert set(game.words.sentences) == WORDS


@pytest.mark.parametrize("key", KEYS, ids=KEYS)
def test_each_sentence_keeps_the_placeholders_of_the_round_games(key: str) -> None:
    for name, text in kind(key).words.sentences.items():
        if name in ROUND_SENTENCES:
            assert placeholders(text) == placeholders(ROUND_SENTENCES[name]), name


def test_an_unknown_key_is_refused_not_served_by_another_game() -> None:
    for key in ("chess", "", "WIZARD", None):
        with pytest.raises(KindError):
            kind(key)  # type: ignore[arg-type]


def test_a_kind_without_a_sentence_is_refused_when_made() -> None:
    with pytest.raises(KindError, match="missing"):
        Words({name: "x" for name in WORDS if name != "help"})


def test_the_app_checks_every_kinds_templates_when_it_starts(app: Flask) -> None:
    check_kinds(app)  # every template there: no error
    loader = app.jinja_env.loader
    app.jinja_env.loader = None
    try:
        with pytest.raises(KindError, match="template"):
            check_kinds(app)
    finally:
        app.jinja_env.loader = loader


def test_the_app_checks_every_kinds_script_when_it_starts(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    lacking = dataclasses.replace(kind("wizard"), script=Script("gone.js", dict))
    monkeypatch.setitem(KINDS, "wizard", lacking)
    with pytest.raises(KindError, match=r"script 'gone\.js'"):
        check_kinds(app)
