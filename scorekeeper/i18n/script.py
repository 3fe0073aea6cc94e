"""The sentences the page's script writes, in the reader's language, carried by every page.

A plural goes to the script in every form the language has, keyed by CLDR category; the
script picks one with ``Intl.PluralRules``. Placeholders are ``%(name)s``, filled by the
script.
"""

from __future__ import annotations

import functools
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


def script_messages() -> dict[str, Any]:
    """The sentences the page's script writes, in the request's language.

    A plural is a mapping from CLDR category to form; the script picks one with
    ``Intl.PluralRules``. Placeholders are ``%(name)s``, filled by the script.
    """
    keep = {key: f"%({key})s" for key in ("sum", "name", "bid", "cards", "number", "changed")}
    return {
        "tricks": plural_forms("%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks", **keep),
        # Wizard's Bomb played: nobody takes its trick (RULES.md, Wizard with the
        # anniversary special cards).
        "tricks_bomb": plural_forms(
            "%(sum)s of %(num)s trick (the Bomb took one)",
            "%(sum)s of %(num)s tricks (the Bomb took one)",
            **keep,
        ),
        "points": gettext("%(sum)s of 15 points", sum=keep["sum"]),
        "too_many": gettext("too many"),
        "too_few": gettext("too few"),
        "hook": gettext("%(name)s may not bid %(bid)s (hook).", **keep),
        "hook_dropped": gettext(
            "%(name)s's bid of %(bid)s was taken back: after that change the hook forbids it."
            " Tap %(name)s's bid again.",
            name=keep["name"],
            bid=keep["bid"],
        ),
        "bid": gettext("bid %(bid)s", bid=keep["bid"]),
        "bid_changed": gettext(
            "bid %(bid)s → %(changed)s", bid=keep["bid"], changed=keep["changed"]
        ),
        "player": gettext("Player %(num)s", num="%(num)s"),
        "pass": gettext("pass"),
        "pass_button": gettext("Pass"),
        "all_passed": gettext("Everyone passed: no bid, no trump."),
        "contract": gettext("Contract: %(name)s bids %(bid)s.", **keep),
        "to_bid": gettext("%(name)s to bid or pass:", name=keep["name"]),
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
            sum=keep["sum"],
            cards=keep["cards"],
        ),
        "held_tricks_bomb": gettext(
            "The Bomb was played: the tricks add up to %(sum)s, not %(cards)s. Save waits"
            " until they do.",
            sum=keep["sum"],
            cards=keep["cards"],
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
        "held_points": gettext(
            "The points add up to %(sum)s, not 15: Save waits until they do.", sum=keep["sum"]
        ),
    }
