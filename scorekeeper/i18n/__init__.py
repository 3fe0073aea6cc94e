"""The players' language: which one a request is answered in, and everything read in it.

:mod:`.choice` picks the language (the player's pick, the browser's, English);
:mod:`.wording` looks sentences up in the catalogs and translates the rules' sentences
and the game's own words; :mod:`.formatting` writes dates and lists of names as the
language does; :mod:`.script` gives the page's script its sentences. Every name is
importable from here; :func:`register` sets them up on the app.

Translations live in ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``;
``flask --app scorekeeper translations`` (or ``python -m scorekeeper.catalogs``) extracts
the messages and compiles the catalogs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Flask, request

if TYPE_CHECKING:
    from flask_babel import Babel

from .choice import (
    DEFAULT_LANGUAGE,
    LANGUAGE_COOKIE,
    LANGUAGE_COOKIE_AGE,
    LANGUAGES,
    browser_language,
    current_language,
    select_language,
)
from .formatting import (
    ENGLISH_DATES,
    LOCALE_DATES,
    and_names,
    comma_names,
    date_long,
    date_medium,
    date_short,
    page_footer_css,
    written_date,
)
from .script import (
    PLACEHOLDERS,
    game_script_messages_json,
    plural_examples,
    plural_forms,
    script_messages,
    script_messages_json,
)
from .wording import (
    CARD,
    N_,
    NC_,
    VERBATIM_VALUES,
    VOCABULARY,
    card_word,
    catalog,
    game_word,
    gettext,
    lazy_card_word,
    lazy_game_word,
    ngettext,
    page_gettext,
    page_ngettext,
    template_gettext,
    template_ngettext,
    translate,
    translate_all,
    translate_value,
)

__all__ = [
    "CARD",
    "DEFAULT_LANGUAGE",
    "ENGLISH_DATES",
    "LANGUAGES",
    "LANGUAGE_COOKIE",
    "LANGUAGE_COOKIE_AGE",
    "LOCALE_DATES",
    "NC_",
    "N_",
    "PLACEHOLDERS",
    "VERBATIM_VALUES",
    "VOCABULARY",
    "and_names",
    "browser_language",
    "card_word",
    "catalog",
    "comma_names",
    "current_language",
    "date_long",
    "date_medium",
    "date_short",
    "game_script_messages_json",
    "game_word",
    "gettext",
    "lazy_card_word",
    "lazy_game_word",
    "ngettext",
    "page_footer_css",
    "plural_examples",
    "plural_forms",
    "register",
    "script_messages",
    "script_messages_json",
    "select_language",
    "template_gettext",
    "template_ngettext",
    "translate",
    "translate_all",
    "translate_value",
    "written_date",
]


def register(app: Flask, babel: Babel | None = None) -> None:
    """Flask-Babel with our language choice, the templates' lookups and filters, and a
    ``Vary`` on what the language is chosen by. ``babel``: the extension to set up, the
    app's own (``extensions.babel``) unless given one (a render process's app, which
    imports none of the extensions)."""
    if babel is None:
        from ..extensions import babel as shared

        babel = shared

    babel.init_app(
        app,
        locale_selector=select_language,
        default_translation_directories="translations",
    )

    # A {% trans %} block's text is looked up with its lines joined, as it is extracted.
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    # The templates' _() and ngettext(): Jinja fills and escapes the values (newstyle).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by Jinja's i18n extension
        template_gettext, template_ngettext, newstyle=True
    )
    app.jinja_env.globals.update(_=page_gettext, gettext=page_gettext, ngettext=page_ngettext)
    app.add_template_filter(game_word, "game_word")
    app.add_template_filter(card_word, "card_word")
    app.add_template_filter(and_names, "and_names")
    app.add_template_filter(comma_names, "comma_names")

    @app.context_processor
    def language_context() -> dict[str, Any]:
        return {
            "languages": LANGUAGES,
            "current_language": current_language(),
            "script_messages_json": script_messages_json,
            "game_script_messages_json": game_script_messages_json,
            "page_footer_css": page_footer_css,
        }

    @app.after_request
    def vary_on_language(response: Any) -> Any:
        # A page depends on the language cookie and the browser's languages: a cache
        # between the phone and the server must keep one copy per language.
        if request.endpoint not in ("static", "pwa.service_worker"):
            # Both in one update: the header is read and written once, not twice.
            response.vary.update(("Accept-Language", "Cookie"))
        return response
