"""The accounts' forms: logging in, a new password, the install's first account."""

from __future__ import annotations

from flask_babel import lazy_gettext, lazy_ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length

from .common import REQUIRED, at_most, name_length

# Longer than any setup code the install makes (``accounts.new_setup_code``), so a code
# pasted with a space around it is still read; anything longer is not a code.
SETUP_CODE_LONGEST = 40
# The form's early word; the services judge it (``services.PASSWORD_MIN_LENGTH``).
SHORTEST_PASSWORD = 8


class LoginForm(FlaskForm):
    username = StringField(
        lazy_gettext("Username"), validators=[InputRequired(REQUIRED), name_length()]
    )
    password = PasswordField(lazy_gettext("Password"), validators=[InputRequired(REQUIRED)])
    remember = BooleanField(lazy_gettext("Keep me logged in on this phone"))


class ChangePasswordForm(FlaskForm):
    current_password = PasswordField(
        lazy_gettext("Current password"), validators=[InputRequired(REQUIRED)]
    )
    new_password = PasswordField(lazy_gettext("New password"), validators=[InputRequired(REQUIRED)])
    confirm = PasswordField(
        lazy_gettext("New password again"),
        validators=[
            InputRequired(REQUIRED),
            EqualTo("new_password", message=lazy_gettext("The passwords differ")),
        ],
    )


class FirstAccountForm(FlaskForm):
    setup_code = StringField(
        lazy_gettext("Setup code"),
        validators=[InputRequired(REQUIRED), at_most(SETUP_CODE_LONGEST)],
    )
    username = StringField(
        lazy_gettext("Username"), validators=[InputRequired(REQUIRED), name_length()]
    )
    password = PasswordField(
        lazy_gettext("Password"),
        validators=[
            InputRequired(REQUIRED),
            Length(
                min=SHORTEST_PASSWORD,
                message=lazy_ngettext(
                    "At least %(num)s character",
                    "At least %(num)s characters",
                    SHORTEST_PASSWORD,
                ),
            ),
        ],
    )
    confirm = PasswordField(
        lazy_gettext("Password again"),
        validators=[
            InputRequired(REQUIRED),
            EqualTo("password", message=lazy_gettext("The passwords differ")),
        ],
    )
