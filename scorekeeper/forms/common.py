"""What every form shares: WTForms' refusals in our words, a length limit that says so in
the reader's language, the empty form of a POST-only button and the edit's one-time key."""

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import lazy_gettext, lazy_ngettext
from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from wtforms import HiddenField
from wtforms.validators import Length
from wtforms.widgets import HiddenInput

from ..i18n import lazy_game_word
from ..rules import Suit
from ..rules.names import MAX_NAME_LENGTH

__all__ = [
    "MAX_NAME_LENGTH",
    "NOT_A_CHOICE",
    "NOT_A_DATE",
    "NOT_A_WHOLE_NUMBER",
    "OUT_OF_RANGE",
    "REQUIRED",
    "EditForm",
    "EmptyForm",
    "at_most",
    "name_length",
    "one_time_key",
    "suit_word",
]

# WTForms' own refusals, in our words (the English is WTForms').
REQUIRED = lazy_gettext("This field is required.")
NOT_A_WHOLE_NUMBER = lazy_gettext("Not a valid integer value.")
NOT_A_DATE = lazy_gettext("Not a valid date value.")
NOT_A_CHOICE = lazy_gettext("Not a valid choice.")
# NumberRange fills in its bounds.
OUT_OF_RANGE = lazy_gettext("Number must be between %(min)s and %(max)s.")


def at_most(characters: int) -> Length:
    """At most ``characters`` characters, saying so in the reader's language."""
    return Length(
        max=characters,
        message=lazy_ngettext(
            "Field cannot be longer than %(num)s character.",
            "Field cannot be longer than %(num)s characters.",
            characters,
        ),
    )


def name_length() -> Length:
    """A player's name or a username: at most :data:`MAX_NAME_LENGTH` characters, the
    rules' limit (``rules/names.py``), which the pages' ``maxlength`` and the API share."""
    return at_most(MAX_NAME_LENGTH)


def suit_word(suit: Suit) -> Any:
    """A suit's name as a choice's label (``hearts``), in the reader's language."""
    return lazy_game_word(suit.word)


def one_time_key(sent: str | None) -> str | None:
    """A one-time key as sent, or None when missing or unreadable (too long, not letters
    and digits).

    >>> one_time_key("3f9a"), one_time_key(""), one_time_key("a b"), one_time_key("a" * 65)
    ('3f9a', None, None, None)
    """
    key = sent or None
    if key is not None and (len(key) > 64 or not key.isalnum()):
        return None
    return key


class EmptyForm(FlaskForm):
    """A POST-only button (log out): nothing but its CSRF token."""


def _attribute(value: Any) -> str:
    """A value in an attribute, as WTForms' ``html_params`` writes it."""
    return str(escape(value).replace(Markup('"'), Markup("&quot;")))


def _plain_hidden(field: Any) -> bool:
    """A hidden field its widget writes as id, name, type and value alone: no attributes
    of its own, no list, no flag the widget turns into an attribute (every hidden field
    has the flag ``hidden``, which the widget does not write)."""
    widget = field.widget
    return (
        type(widget) is HiddenInput
        and not field.render_kw
        and getattr(field, "_datalist", None) is None
        and not any(flag in widget.validation_attrs for flag in vars(field.flags))
    )


class EditForm(FlaskForm):
    """A change to a game: the version it was based on and a one-time key, so a second
    phone's stale edit is refused and a double tap or a reloaded POST is stored once."""

    version = HiddenField()
    key = HiddenField()

    def hidden_tag(self, *fields: Any) -> Markup:
        """Flask-WTF's hidden fields, each plain one (no attributes of its own, no flags)
        written straight out as its widget writes it: the widget's machinery cost more
        than the rest of the form's top. Any other hidden field goes through its widget."""
        if fields:
            return Markup(super().hidden_tag(*fields))
        drawn = []
        for field in self:
            if not isinstance(field.widget, HiddenInput):
                continue
            value = field._value() if _plain_hidden(field) else None
            if isinstance(value, str):
                drawn.append(
                    f'<input id="{_attribute(field.id)}" name="{_attribute(field.name)}"'
                    f' type="hidden" value="{_attribute(value)}">'
                )
            else:
                drawn.append(str(field))
        return Markup("\n".join(drawn))

    def base_on(self, version: int, *, again: bool = False) -> None:
        """On a fresh page: the version shown, and a new key for this one change.

        ``again``: the page is answered anew after the game moved on (another phone, a
        page sent from the history): what it offers now rests on the game as it is.
        """
        if again or not self.is_submitted():
            self.version.data = str(version)
            self.key.data = secrets.token_hex(16)

    def basis(self) -> tuple[int | None, str | None]:
        """(version, key) as sent; either None when missing or unreadable."""
        try:
            version = int(self.version.data)
        except (TypeError, ValueError):
            version = None
        return version, one_time_key(self.key.data)
