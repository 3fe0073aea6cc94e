"""The sentences the page's script writes, in the reader's language, carried by every page.

A plural goes to the script in every form the language has, keyed by CLDR category; the
script picks one with ``Intl.PluralRules``. Placeholders are ``%(name)s``, filled by the
script.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from babel import Locale
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from .choice import LANGUAGES, current_language
from .wording import catalog, gettext


@functools.lru_cache(maxsize=len(LANGUAGES))
def plural_examples(language: str) -> dict[str, int]:
    """One count for each plural category of a language (``one``, ``few``, ``other``…),
    the smallest that falls in it: the page's script picks a form by category with
    ``Intl.PluralRules`` and the server fills each category with that count's form.

    >>> plural_examples("nl")
    {'other': 0, 'one': 1}
    """
    locale = Locale.parse(language)
    examples: dict[str, int] = {}
    for count in range(0, 200):
        examples.setdefault(locale.plural_form(count), count)
    return examples


def plural_forms(singular: str, plural: str, **values: Any) -> dict[str, str]:
    """A plural message in every form the current language has, keyed by CLDR category,
    with ``%(num)s`` left for the script to fill."""
    forms = {}
    for category, count in plural_examples(current_language()).items():
        text = catalog().ungettext(singular, plural, count)
        forms[category] = text % {**values, "num": "%(num)s"}
    return forms


_SCRIPT_MESSAGES: dict[str, Markup] = {}


def script_messages_json() -> Markup:
    """:func:`script_messages` as JSON safe in a single-quoted HTML attribute, made once a
    language: every page carries it."""
    language = current_language()
    cached = _SCRIPT_MESSAGES.get(language)
    if cached is None:
        cached = _SCRIPT_MESSAGES[language] = htmlsafe_json_dumps(script_messages())
    return cached


_GAME_MESSAGES: dict[tuple[str, str], Markup] = {}


def game_script_messages_json(key: str, messages: Callable[[], Mapping[str, Any]]) -> Markup:
    """A game's script's sentences (``messages()``, its kind's) as JSON safe in a
    single-quoted HTML attribute, made once a game and language; its script element
    carries them."""
    found = (key, current_language())
    cached = _GAME_MESSAGES.get(found)
    if cached is None:
        cached = _GAME_MESSAGES[found] = htmlsafe_json_dumps(dict(messages()))
    return cached


PLACEHOLDERS = {key: f"%({key})s" for key in ("sum", "name", "bid", "cards", "number", "changed")}
"""Values left for the script to fill, as ``gettext`` is given them
(``name=PLACEHOLDERS["name"]``)."""


def script_messages() -> dict[str, Any]:
    """The sentences the page's script writes, in the request's language.

    A plural is a mapping from CLDR category to form; the script picks one with
    ``Intl.PluralRules``. Placeholders are ``%(name)s``, filled by the script.
    """
    return {
        "tricks": plural_forms(
            "%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks", **PLACEHOLDERS
        ),
        "too_many": gettext("too many"),
        "too_few": gettext("too few"),
        "hook": gettext("%(name)s may not bid %(bid)s (hook).", **PLACEHOLDERS),
        "hook_dropped": gettext(
            "%(name)s's bid of %(bid)s was taken back: after that change the hook forbids it."
            " Tap %(name)s's bid again.",
            name=PLACEHOLDERS["name"],
            bid=PLACEHOLDERS["bid"],
        ),
        "bid": gettext("bid %(bid)s", bid=PLACEHOLDERS["bid"]),
        "player": gettext("Player %(num)s", num="%(num)s"),
        "sending": gettext("Sending what was entered before the connection dropped…"),
        "waiting": gettext("Not yet saved: it is sent when the connection is back."),
        "restored": gettext("Not yet saved: what you had entered is back."),
        "unsaved": gettext("Not yet saved."),
        "offline": gettext("Not yet saved: no connection. It is sent when the connection is back."),
        # The round screen's Save button: what became of the round, why it waits.
        "saving": gettext("Saving…"),
        "kept": gettext("No connection: kept on this phone, will send when back."),
        "held_tricks": gettext(
            "The tricks add up to %(sum)s, not %(cards)s: Save waits until they do.",
            sum=PLACEHOLDERS["sum"],
            cards=PLACEHOLDERS["cards"],
        ),
        # The banner of a round kept on this phone, on its game's pages and the games list.
        "kept_round": gettext(
            "Kept on this phone, not yet saved: there was no connection when it was saved."
        ),
        "kept_bids": gettext(
            "These bids are kept on this phone, not yet saved: there was no connection."
        ),
        "send_now": gettext("Send it now"),
        "still_offline": gettext(
            "Still no connection: it stays on this phone. Tap again once the connection is back."
        ),
    }
