"""What a correction changed, as the reader says it: "Ana's bid 2 → 1", "Trump hearts →
spades", "Dealer Ana → Ben".

A correction is stored field by field (``services.corrections.round_changes``): a seat's
number in a list the round gives for every seat (``{"field": "bids", "seat": 0, "old": 2,
"new": 1}``), any other field whole (``{"field": "trump", "old": "hearts", "new":
"spades"}``). Each game kind says its own fields (``GameKind.change_words``); this module
says the fields every game shares, those of the games of bidding tricks, and, for a field
a kind has no words for, a sentence that says only that something else changed. Whatever
is stored, saying it never fails: a value that is not what the field holds reads as a dash.

Each sentence is whole for translators; the values in it are names, numbers and the game's
own words (suits, cards), never a translated word put in a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..i18n import card_word as named_card
from ..i18n import comma_names, game_word, gettext
from ..rules import Card, Game

ChangeWords = Mapping[str, Callable[[Game[Any, Any], Mapping[str, Any]], str]]
"""A kind's sentences for its own fields: the field's name, then what says a change of it
(given the game as it is now, for its players' names)."""

NONE = "–"
"""A value that is not there (nobody, no card), or not one the field can hold."""


def say_change(state: Game[Any, Any], change: Mapping[str, Any], words: ChangeWords) -> str:
    """One stored change as the reader says it: in the kind's ``words`` for the field,
    else the words every game shares, else that some other detail changed.

    >>> from scorekeeper.games.wizard.rules import WizardGame
    >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
    >>> say_change(game, {"field": "bids", "seat": 0, "old": 2, "new": 1}, TRICK_WORDS)
    "Ana's bid 2 → 1"
    >>> say_change(game, {"field": "dealer", "old": 0, "new": 7}, {})
    'Dealer Ana → –'
    >>> say_change(game, {"field": "colour"}, {})
    'another detail changed'
    """
    name = change.get("field")
    said = (words.get(name) or SHARED_WORDS.get(name)) if isinstance(name, str) else None
    if said is None:
        return gettext("another detail changed")
    return said(state, change)


def say_changes(
    state: Game[Any, Any], changes: Iterable[Mapping[str, Any]], words: ChangeWords
) -> str:
    """What one correction changed, each field once, joined as the language joins the
    parts of a list of changes: "Ana's bid 2 → 1; Ben's tricks 0 → 1" (Greek with its
    own semicolon, the ano teleia: a ";" reads as a question mark there).

    >>> from scorekeeper.games.wizard.rules import WizardGame
    >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
    >>> bid = {"field": "bids", "seat": 0, "old": 2, "new": 1}
    >>> say_changes(game, [bid, {"field": "a"}, {"field": "b"}], TRICK_WORDS)
    "Ana's bid 2 → 1; another detail changed"
    """
    said: list[str] = []
    for change in changes:
        sentence = say_change(state, change, words)
        if sentence not in said:
            said.append(sentence)
    joined: str | None = None
    for sentence in said:
        # TRANSLATORS: Joins the changes one correction made, one more at a time: "Ana's
        # bid 2 → 1; Ben's tricks 0 → 1".
        joined = (
            sentence
            if joined is None
            else gettext("%(changes)s; %(change)s", changes=joined, change=sentence)
        )
    return joined or ""


# -- the values in a sentence -----------------------------------------------------------


def seat_name(state: Game[Any, Any], seat: Any) -> str:
    """The name of the player now in ``seat``; a dash for nobody (None) or no seat.

    >>> from scorekeeper.games.wizard.rules import WizardGame
    >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
    >>> seat_name(game, 1), seat_name(game, 3), seat_name(game, None), seat_name(game, True)
    ('Ben', '–', '–', '–')
    """
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return state.players[seat]
    return NONE


def number(value: Any) -> str:
    """A number as the round holds it; a dash for none."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return NONE


def trump_word(value: Any) -> str:
    """A trump as the round stores it (``hearts``, ``none``), in the reader's language."""
    if value == "none":
        return gettext("no trump")
    if isinstance(value, str) and value in ("clubs", "diamonds", "hearts", "spades"):
        return game_word(value)
    return NONE


def card_word(value: Any) -> str:
    """A card as the round stores it (``qh``, ``wizard``) as a person writes it: ``Q♥``,
    a special card by its name in the reader's language."""
    if not isinstance(value, str):
        return NONE
    try:
        card = Card.parse(value)
    except ValueError:
        return NONE
    return named_card(card.label)


def listed(values: Iterable[str]) -> str:
    """Values listed as the language lists them ("7, pass, 8"); a dash for none."""
    return comma_names(values) or NONE


# -- the fields every game shares ---------------------------------------------------------


def _dealer(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = seat_name(state, change.get("old")), seat_name(state, change.get("new"))
    return gettext("Dealer %(old)s → %(new)s", old=old, new=new)


def _trump(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = trump_word(change.get("old")), trump_word(change.get("new"))
    return gettext("Trump %(old)s → %(new)s", old=old, new=new)


SHARED_WORDS: ChangeWords = {"dealer": _dealer, "trump": _trump}


# -- the games of bidding tricks (Wizard, Oh Hell) ----------------------------------------


def _bid(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    name, old, new = (
        seat_name(state, change.get("seat")),
        number(change.get("old")),
        number(change.get("new")),
    )
    return gettext("%(name)s's bid %(old)s → %(new)s", name=name, old=old, new=new)


def _tricks(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    name, old, new = (
        seat_name(state, change.get("seat")),
        number(change.get("old")),
        number(change.get("new")),
    )
    return gettext("%(name)s's tricks %(old)s → %(new)s", name=name, old=old, new=new)


def _turned(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = card_word(change.get("old")), card_word(change.get("new"))
    return gettext("Turned card %(old)s → %(new)s", old=old, new=new)


TRICK_WORDS: ChangeWords = {"bids": _bid, "tricks": _tricks, "turned": _turned}
"""The fields of a round of bidding tricks beyond the shared ones."""
