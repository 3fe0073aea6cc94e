"""The players' language: which one a request is answered in, and the rules' sentences
translated.

The rules (``scorekeeper/rules/``) know nothing of languages: an error or a referee's
reason keeps its English template and the values that fill it. Here the template is looked
up in the catalog and filled again, with the game's own words among the values (a suit, a
special card, "round" or "hand") translated too; a player's name is never translated.

Translations live in ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``;
``python -m scorekeeper.catalogs`` extracts the messages and compiles the catalogs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from babel import Locale
from babel.dates import format_date
from flask import Flask, has_request_context, request
from flask_babel import LazyString, get_locale, get_translations
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

# The no-op marker for messages translated when shown, the rules' own: the web side uses it too.
from .rules.errors import N_ as N_

# The languages a player can pick, each named in itself, in the switcher's order.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "cy": "Cymraeg",
    "nl": "Nederlands",
    "el": "Ελληνικά",
    "ne": "नेपाली",
}
DEFAULT_LANGUAGE = "en"

# The cookie that remembers a player's pick, for a year.
LANGUAGE_COOKIE = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600

# The game's own words, as the rules put them into sentences' values. Each is translated
# where it stands alone; the sentences around them are translated whole.
VOCABULARY: frozenset[str] = frozenset(
    {
        # suits, as a trump or the suit led ("hearts are trump"), alone and at a sentence's start
        N_("clubs"),
        N_("diamonds"),
        N_("hearts"),
        N_("spades"),
        N_("Clubs"),
        N_("Diamonds"),
        N_("Hearts"),
        N_("Spades"),
        # one card of a suit ("the highest heart")
        N_("club"),
        N_("diamond"),
        N_("heart"),
        N_("spade"),
        # the special cards
        N_("Wizard"),
        N_("Jester"),
        N_("Joker"),
        N_("Wizards"),
        N_("Jesters"),
        N_("Jokers"),
        # what a game calls its rounds, and the games' names
        N_("round"),
        N_("Round"),
        N_("hand"),
        N_("Hand"),
        N_("rounds"),
        N_("hands"),
        # what a list of numbers given to the API should hold
        N_("bid"),
        N_("number of tricks"),
        N_("One Card"),
    }
)

# Values that are what a person typed or a name: never looked up.
VERBATIM_VALUES = frozenset({"name", "text", "names"})


def select_language() -> str:
    """The pick remembered in the cookie, else the browser's best match, else English;
    English outside a request (the CLI, a script)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    # The JSON API answers what its client asks for, never a phone's cookie.
    picked = request.cookies.get(LANGUAGE_COOKIE) if request.blueprint != "api" else None
    if picked in LANGUAGES:
        return picked
    return browser_language(request.accept_languages) or DEFAULT_LANGUAGE


def browser_language(accepted: Iterable[tuple[str, float]]) -> str | None:
    """The first language the browser asks for, by preference, that the app speaks, a
    region's variant standing for its language (``nl-BE`` is Dutch).

    >>> browser_language([("cy-GB", 1.0), ("nl", 0.5)])
    'cy'
    >>> browser_language([("fr", 1.0), ("el-GR", 0.8)])
    'el'
    >>> browser_language([("fr", 1.0)]) is None
    True
    """
    for tag, quality in sorted(accepted, key=lambda pair: -pair[1]):
        language = tag.replace("_", "-").split("-")[0].lower()
        if quality > 0 and language in LANGUAGES:
            return language
    return None


def current_language() -> str:
    locale = get_locale()
    # The languages are plain language codes (no region): the locale's language is all.
    return locale.language if locale is not None else DEFAULT_LANGUAGE


# English keeps the app's own way (28 Nov 2026, day before month); every other language
# writes a date as its speakers do (CLDR's medium, long and full dates).
ENGLISH_DATES = {"short": "d MMM y", "medium": "d MMMM y", "long": "EEEE d MMMM y"}
LOCALE_DATES = {"short": "medium", "medium": "long", "long": "full"}


def written_date(value: date, width: str = "medium") -> str:
    """A date (or the day of a datetime) in the reader's language: ``short`` (28 Nov
    2026), ``medium`` (28 November 2026) or ``long`` (Saturday 28 November 2026).

    Outside a request (a script, the CLI) there is no reader to ask: English."""
    day = value.date() if isinstance(value, datetime) else value
    return _written_day(day, width, current_language())


@functools.lru_cache(maxsize=4096)
def _written_day(day: date, width: str, language: str) -> str:
    # Kept: a list of games writes the same few nights' dates over and over.
    pattern = ENGLISH_DATES[width] if language == "en" else LOCALE_DATES[width]
    return format_date(day, pattern, locale=language)


def and_names(names: Iterable[str]) -> str:
    """Names joined as the language joins them: "Ana and Ben and Cai". Plain text: a
    template escapes it where it puts it."""
    joined: str | None = None
    for name in names:
        # TRANSLATORS: Joins the names of the players who share a win, one more at a
        # time: "Ana and Ben", then "Ana and Ben and Cai".
        joined = (
            name if joined is None else gettext("%(names)s and %(name)s", names=joined, name=name)
        )
    return joined or ""


def comma_names(names: Iterable[str]) -> str:
    """Names listed as the language lists them: "Ana, Ben, Cai"."""
    joined: str | None = None
    for name in names:
        # TRANSLATORS: Joins the names of the players who share the lead, one more at a
        # time: "Ana, Ben", then "Ana, Ben, Cai".
        joined = name if joined is None else gettext("%(names)s, %(name)s", names=joined, name=name)
    return joined or ""


def date_short(value: date) -> str:
    """``28 Nov 2026``; Welsh ``28 Tach 2026``."""
    return written_date(value, "short")


def date_medium(value: date) -> str:
    """``28 November 2026``; Dutch ``28 november 2026``."""
    return written_date(value, "medium")


def date_long(value: date) -> str:
    """``Saturday 28 November 2026``; Greek ``Σάββατο 28 Νοεμβρίου 2026``."""
    return written_date(value, "long")


# Each language's catalog, once loaded: Flask-Babel finds the request's through several
# context lookups (about 5 µs), and a page asks for a hundred messages or more.
_CATALOGS: dict[str, Any] = {}


def catalog() -> Any:
    """The request's language's translations (English's, empty, outside a request)."""
    language = current_language()
    found = _CATALOGS.get(language)
    if found is None:
        found = get_translations()
        if has_request_context():  # outside, Flask-Babel has only a stand-in to give
            _CATALOGS[language] = found
    return found


def gettext(message: str, **values: Any) -> str:
    """The message in the request's language (English outside a request), filled with
    ``values`` (``%(name)s``)."""
    text = catalog().ugettext(message)
    return str(text % values if values else text)


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    """The form the count ``num`` takes in the request's language (Welsh has six), with
    ``%(num)s`` and ``values`` filled."""
    values.setdefault("num", num)
    return str(catalog().ungettext(singular, plural, num) % values)


def _template_gettext(message: str) -> str:
    return str(catalog().ugettext(message))


def _template_ngettext(singular: str, plural: str, num: int) -> str:
    return str(catalog().ungettext(singular, plural, num))


def translate(sentence: Any) -> str:
    """A rules error, a referee's reason, or anything with ``template`` and ``values``, in
    the request's language.

    A plural sentence (``plural_template`` and ``plural_by``) takes the form its count asks
    for in that language: Welsh has six.
    """
    if getattr(sentence, "percent_placeholders", False):
        return _translate_percent(sentence)
    values = {key: translate_value(key, value) for key, value in sentence.values.items()}
    plural = getattr(sentence, "plural_template", None)
    plural_by = getattr(sentence, "plural_by", None)
    if plural is not None and plural_by is not None:
        # Babel's own lookup: flask_babel's would apply %-formatting to a {}-template.
        template = catalog().ungettext(sentence.template, plural, int(sentence.values[plural_by]))
    else:
        template = catalog().ugettext(sentence.template)
    try:
        return str(template).format(**values)
    except (KeyError, IndexError, ValueError):
        # A catalog whose translation lost or misspelled a placeholder: the English
        # sentence is better than none (the test suite checks every catalog for this).
        return str(sentence.template).format(**values)


def _translate_percent(sentence: Any) -> str:
    """A services' refusal (``%(name)s`` placeholders, as gettext's): its values are what
    the person typed or numbers, kept as they are, but for sentences within it."""
    values = {
        key: translate(value) if hasattr(value, "template") and hasattr(value, "values") else value
        for key, value in sentence.values.items()
    }
    plural, plural_by = sentence.plural_template, sentence.plural_by
    if plural is not None and plural_by is not None:
        template = catalog().ungettext(sentence.template, plural, int(sentence.values[plural_by]))
    else:
        template = catalog().ugettext(sentence.template)
    try:
        return str(template) % values if values else str(template)
    except (KeyError, TypeError, ValueError):
        # A catalog whose translation lost a placeholder: the English sentence instead.
        english = plural if plural and plural_by and values[plural_by] != 1 else sentence.template
        return str(english) % values if values else str(english)


def translate_value(key: str, value: Any) -> Any:
    if hasattr(value, "template") and hasattr(value, "values"):
        return translate(value)
    if key in VERBATIM_VALUES or not isinstance(value, str):
        return value
    return catalog().ugettext(value) if value in VOCABULARY else value


def game_word(word: str) -> str:
    """One of the game's own words (a game's name, a suit, a special card) in the request's
    language: ``{{ state.title|game_word }}``."""
    return str(translate_value("", word))


def lazy_game_word(word: str) -> Any:
    """:func:`game_word` when shown, not now: for a form's choices, made at import."""
    return LazyString(game_word, word)


def page_footer_css() -> Markup:
    """The printed sheet's footer as a CSS ``content`` value: the translated sentence with
    the page counters where its placeholders are (``"page " counter(page) " of " …``)."""
    # TRANSLATORS: at the foot of every printed page; keep both placeholders.
    text = gettext("Scorekeeper · page %(page)s of %(pages)s", page="\0page", pages="\0pages")
    parts = []
    for piece in re.split(r"(\0pages|\0page)", str(text)):
        if piece in ("\0page", "\0pages"):
            parts.append(f"counter({piece[1:]})")
        elif piece:
            escaped = piece.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
            escaped = escaped.replace("\n", "\\a ").replace("\r", "")
            parts.append(f'"{escaped}"')
    return Markup(f"@page {{ @bottom-right {{ content: {' '.join(parts)}; }} }}")


def translate_all(sentences: Any) -> list[str]:
    return [translate(sentence) for sentence in sentences]


@functools.lru_cache(maxsize=len(LANGUAGES))
def plural_examples(language: str) -> dict[str, int]:
    """One count for each plural category of a language (``one``, ``few``, ``other``…),
    the smallest that falls in it: the page's script picks a form by category with
    ``Intl.PluralRules`` and the server fills each category with that count's form."""
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


def register(app: Flask) -> None:
    from .extensions import babel

    babel.init_app(
        app,
        locale_selector=select_language,
        default_translation_directories="translations",
    )

    # A {% trans %} block's text is looked up with its lines joined, as it is extracted.
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    # The templates' _() and ngettext(): Jinja fills and escapes the values (newstyle).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        _template_gettext, _template_ngettext, newstyle=True
    )
    app.add_template_filter(game_word, "game_word")
    app.add_template_filter(and_names, "and_names")
    app.add_template_filter(comma_names, "comma_names")

    @app.context_processor
    def language_context() -> Mapping[str, Any]:
        return {
            "languages": LANGUAGES,
            "current_language": current_language(),
            "script_messages_json": script_messages_json,
            "page_footer_css": page_footer_css,
        }

    @app.after_request
    def vary_on_language(response: Any) -> Any:
        # A page depends on the language cookie and the browser's languages: a cache
        # between the phone and the server must keep one copy per language.
        if request.endpoint not in ("static", "pwa.service_worker"):
            response.vary.add("Accept-Language")
            response.vary.add("Cookie")
        return response


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
    keep = {key: f"%({key})s" for key in ("sum", "name", "bid", "cards", "number")}
    return {
        "tricks": plural_forms("%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks", **keep),
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
        "held_points": gettext(
            "The points add up to %(sum)s, not 15: Save waits until they do.", sum=keep["sum"]
        ),
    }
