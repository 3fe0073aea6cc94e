"""Sentences in the reader's language: the catalogs' lookups, the rules' sentences
translated, the game's own words.

The rules (``scorekeeper/rules/``) know nothing of languages: an error or a referee's
reason keeps its English template and the values that fill it. Here the template is looked
up in the catalog and filled again, with the game's own words among the values (a suit, a
special card, "round" or "hand") translated too; a player's name is never translated.
"""

from __future__ import annotations

from typing import Any

from flask import has_request_context
from flask_babel import LazyString, get_translations
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

# The no-op marker for messages translated when shown, the rules' own: the web side uses it too.
from ..games import GAMES
from ..rules.errors import N_ as N_
from .choice import current_language

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
        # the anniversary editions' special cards ("The Bomb was turned for trump")
        N_("Bomb"),
        N_("Cloud"),
        N_("Dragon"),
        N_("Fairy"),
        N_("Juggler"),
        N_("Werewolf"),
        N_("Shapeshifter"),
        # what a game calls its rounds
        N_("round"),
        N_("Round"),
        N_("hand"),
        N_("Hand"),
        N_("rounds"),
        N_("hands"),
        # what a list of numbers given to the API should hold
        N_("bid"),
        N_("number of tricks"),
    }
)
"""The shared words; each game's name is one too (:data:`GAME_NAMES`)."""

GAME_NAMES: frozenset[str] = frozenset(game.title for game in GAMES.values())
"""Every game's name in English, marked for translation where each game defines it."""

# Values that are what a person typed or a name: never looked up.
VERBATIM_VALUES = frozenset({"name", "text", "names"})

# The context a card's name is looked up in when the same word names a game too: the
# card and the game "Wizard" are one word in English, not in every language (Greek calls
# the card Μάγος and keeps the game's name, Wizard).
CARD = "card"


def NC_(context: str, message: str) -> str:
    """The no-op marker for a message looked up in a context: extracted with its
    ``msgctxt``, translated when shown (:func:`card_word`)."""
    return message


# A card's name that is also a game's name, looked up in the context :data:`CARD`.
CARD_WORDS_IN_CONTEXT: frozenset[str] = frozenset(
    {
        # TRANSLATORS: the card, one of the 4 Wizards in Wizard's deck, that beat every
        # other card ("Add the Wizard", "The Wizard wins"); not the game's name.
        NC_("card", "Wizard"),
    }
)

# Values of the rules' sentences that are a game's name ("{title}"): the rest that are a
# card's name are the card ("The {card} wins").
GAME_VALUES = frozenset({"title", "game"})

# Each language's catalog, once loaded: Flask-Babel finds the request's through several
# context lookups (about 5 µs), and a page asks for a hundred messages or more.
_CATALOGS: dict[str, Any] = {}


# Any: Babel's translations (a ``gettext.NullTranslations`` with Babel's ``ugettext``
# and ``ungettext``), which flask_babel gives untyped.
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


def template_gettext(message: str) -> str:
    """The templates' ``_()``: looked up only; Jinja fills and escapes the values."""
    return str(catalog().ugettext(message))


def template_ngettext(singular: str, plural: str, num: int) -> str:
    """The templates' ``ngettext()``: looked up only; Jinja fills and escapes the values."""
    return str(catalog().ungettext(singular, plural, num))


# The templates' ``_()``, ``gettext()`` and ``ngettext()`` as Jinja's i18n extension makes
# them (newstyle: the message always filled as a format string, its values escaped on an
# autoescaped page), in one call rather than three: a scoreboard asks for 150 messages.


@pass_eval_context
def page_gettext(eval_context: EvalContext, message: str, **values: Any) -> str:
    text: str = catalog().ugettext(message)
    if eval_context.autoescape:
        text = Markup(text)
    return text % values


@pass_eval_context
def page_ngettext(
    eval_context: EvalContext, singular: str, plural: str, num: int, **values: Any
) -> str:
    values.setdefault("num", num)
    text: str = catalog().ungettext(singular, plural, num)
    if eval_context.autoescape:
        text = Markup(text)
    return text % values


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
    """One value of a sentence as shown: a sentence within it translated, one of the
    game's words (:data:`VOCABULARY`) looked up, a name or typed text as it is."""
    if hasattr(value, "template") and hasattr(value, "values"):
        return translate(value)
    if key in VERBATIM_VALUES or not isinstance(value, str):
        return value
    if key in GAME_VALUES:
        return game_word(value)
    return card_word(value)


def translate_all(sentences: Any) -> list[str]:
    """Each sentence (:func:`translate`), in order."""
    return [translate(sentence) for sentence in sentences]


def game_word(word: str) -> str:
    """One of the game's own words (a game's name, a suit, "round") in the request's
    language: ``{{ state.title|game_word }}``. A word that is not one is kept as it is."""
    if word in VOCABULARY or word in GAME_NAMES:
        return str(catalog().ugettext(word))
    return word


def card_word(word: str) -> str:
    """A card's name (a special card, "Wizard", "Bomb"; a suit) in the request's language:
    ``{{ special.label|card_word }}``. Where a game has the same name, the card's is
    looked up in its own context, so that a language may tell the two apart.

    >>> card_word("Wizard"), card_word("7♥")
    ('Wizard', '7♥')
    """
    if word in CARD_WORDS_IN_CONTEXT:
        return str(catalog().upgettext(CARD, word))
    return game_word(word)


def lazy_game_word(word: str) -> Any:
    """:func:`game_word` when shown, not now: for a form's choices, made at import."""
    return LazyString(game_word, word)


def lazy_card_word(word: str) -> Any:
    """:func:`card_word` when shown, not now: for a form's choices, made at import."""
    return LazyString(card_word, word)
