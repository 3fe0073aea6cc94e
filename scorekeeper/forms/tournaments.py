"""A tournament's forms: its plan, and its players (a name a line)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import DateField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from .common import NOT_A_CHOICE, NOT_A_DATE, NOT_A_WHOLE_NUMBER, OUT_OF_RANGE, REQUIRED, at_most

NAME_LONGEST = 80
PLAYERS_LONGEST = 200 * 42


class TournamentPlanForm(FlaskForm):
    """What of a tournament may change once it is made: its name, date, ranking rule and
    plan of stages (services.tournaments.CHANGEABLE)."""

    name = StringField(
        lazy_gettext("Name of the tournament"),
        validators=[InputRequired(REQUIRED), at_most(NAME_LONGEST)],
    )
    date = DateField(
        lazy_gettext("Date"),
        validators=[InputRequired(lazy_gettext("Give the tournament's date"))],
        invalid_value_message=NOT_A_DATE,
    )
    stages = IntegerField(
        lazy_gettext("Stages before the final"),
        default=3,
        validators=[InputRequired(REQUIRED), NumberRange(1, 12, OUT_OF_RANGE)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    table_size = IntegerField(
        lazy_gettext("Players at a table"),
        default=4,
        validators=[InputRequired(REQUIRED)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    ranking = SelectField(
        lazy_gettext("Rank players by"),
        choices=[
            SelectChoice("scores", lazy_gettext("the sum of their scores")),
            SelectChoice(
                "placement", lazy_gettext("their places at each table (1st = players at it)")
            ),
        ],
        default="scores",
        invalid_choice_message=NOT_A_CHOICE,
    )
    final_size = IntegerField(
        lazy_gettext("Players at the final table (0: no final)"),
        default=0,
        validators=[Optional()],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )


class TournamentForm(TournamentPlanForm):
    players = TextAreaField(
        lazy_gettext("Players, one name a line"),
        validators=[Optional(), at_most(PLAYERS_LONGEST)],
    )

    def player_names(self) -> list[str]:
        return names_of(self.players.data)


class PlayersForm(FlaskForm):
    players = TextAreaField(
        lazy_gettext("Players, one name a line"),
        validators=[Optional(), at_most(PLAYERS_LONGEST)],
    )

    def player_names(self) -> list[str]:
        return names_of(self.players.data)


def names_of(text: str | None) -> list[str]:
    """The names of a box of names, one a line, blank lines left out."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]
