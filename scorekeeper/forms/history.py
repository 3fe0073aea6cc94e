"""The history's forms: a game night, a player's name, an import, the games list's filters,
a season."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    DateField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from .common import (
    NOT_A_CHOICE,
    NOT_A_DATE,
    OUT_OF_RANGE,
    REQUIRED,
    at_most,
    name_length,
)

PLACE_LONGEST = 80
NOTE_LONGEST = 500
SEASON_NAME_LONGEST = 80


class NightForm(FlaskForm):
    date = DateField(
        lazy_gettext("Date"),
        validators=[InputRequired(lazy_gettext("Give the night's date"))],
        invalid_value_message=NOT_A_DATE,
    )
    place = StringField(lazy_gettext("Place"), validators=[Optional(), at_most(PLACE_LONGEST)])
    note = TextAreaField(lazy_gettext("Note"), validators=[Optional(), at_most(NOTE_LONGEST)])


class RenamePlayerForm(FlaskForm):
    name = StringField(
        lazy_gettext("New name"), validators=[InputRequired(REQUIRED), name_length()]
    )


class MergePlayerForm(FlaskForm):
    other = SelectField(
        lazy_gettext("The same person as"),
        validate_choice=True,
        invalid_choice_message=NOT_A_CHOICE,
    )


class ImportForm(FlaskForm):
    file = FileField(
        lazy_gettext("Export file (.json)"),
        validators=[InputRequired(lazy_gettext("Choose a file"))],
    )


class GameFilterForm(FlaskForm):
    """The games list's filters: a GET form, so no CSRF and every filter is a link."""

    class Meta:
        csrf = False

    player = SelectField(lazy_gettext("Player"), validate_choice=False)
    game = SelectField(lazy_gettext("Game"), validate_choice=False)
    since = DateField(
        lazy_gettext("From"), validators=[Optional()], invalid_value_message=NOT_A_DATE
    )
    until = DateField(lazy_gettext("To"), validators=[Optional()], invalid_value_message=NOT_A_DATE)
    status = SelectField(
        lazy_gettext("Status"),
        choices=[
            SelectChoice("", lazy_gettext("Any")),
            SelectChoice("running", lazy_gettext("Being played")),
            SelectChoice("finished", lazy_gettext("Finished")),
        ],
        validate_choice=False,
    )


class SeasonForm(FlaskForm):
    """A new season: its name, game, dates and the games a player needs to be ranked."""

    name = StringField(
        lazy_gettext("Name"), validators=[InputRequired(REQUIRED), at_most(SEASON_NAME_LONGEST)]
    )
    game = SelectField(
        lazy_gettext("Game"), validate_choice=True, invalid_choice_message=NOT_A_CHOICE
    )
    since = DateField(
        lazy_gettext("From"),
        validators=[InputRequired(lazy_gettext("Give the first day"))],
        invalid_value_message=NOT_A_DATE,
    )
    until = DateField(
        lazy_gettext("To"),
        validators=[InputRequired(lazy_gettext("Give the last day"))],
        invalid_value_message=NOT_A_DATE,
    )
    min_games = IntegerField(
        lazy_gettext("Games to be ranked"),
        default=1,
        validators=[InputRequired(REQUIRED), NumberRange(1, 1000, message=OUT_OF_RANGE)],
        description=lazy_gettext("A player with fewer finished games is listed, not ranked."),
    )
    tournament_only = BooleanField(lazy_gettext("Tournament games only"))
