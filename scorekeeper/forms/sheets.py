"""A blank sheet to print: the game, the table, the paper; read from the query string."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from ..i18n import lazy_game_word
from ..rules import GAMES
from ..rules.oh_hell import OhHellGame, largest_hand
from ..rules.one_card import TARGET_RANGE
from ..sheets import PAPERS
from .common import NOT_A_CHOICE, NOT_A_WHOLE_NUMBER, OUT_OF_RANGE, name_length

MAX_SEATS = max(game.max_players for game in GAMES.values())
"""The most players of any game: a blank sheet offers that many seats."""
"""The most seats a blank sheet is printed for."""


# Oh Hell's schedules by name (RULES.md, Oh Hell › Rounds and dealing), as a new game and a
# blank sheet offer them; the values are the rules' names.
SCHEDULE_CHOICES = [
    SelectChoice("down-up", lazy_gettext("Down and up")),
    SelectChoice("up-down", lazy_gettext("Up and down")),
    SelectChoice("down", lazy_gettext("Down only")),
    SelectChoice("up", lazy_gettext("Up only")),
]


class BlankSheetForm(Form):
    """What a blank sheet is for: the shape of the input only; the rules judge the rest.

    A plain WTForms form read from the query string: the sheet is a GET that changes
    nothing, so there is no CSRF token to carry.
    """

    game = RadioField(
        lazy_gettext("Game"),
        # The games' names, translated among the game's words.
        choices=[SelectChoice(key, lazy_game_word(cls.title)) for key, cls in GAMES.items()],
        default="wizard",
        invalid_choice_message=NOT_A_CHOICE,
    )
    players = SelectField(
        lazy_gettext("Players"),
        choices=[SelectChoice(str(n), str(n)) for n in range(2, MAX_SEATS + 1)],
        default="4",
        invalid_choice_message=NOT_A_CHOICE,
    )
    names = FieldList(
        StringField(lazy_gettext("Name"), validators=[Optional(), name_length()]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    first_dealer = SelectField(
        lazy_gettext("First dealer"),
        choices=[
            SelectChoice(str(seat), lazy_gettext("Seat %(num)s", num=seat + 1))
            for seat in range(MAX_SEATS)
        ],
        default="0",
        invalid_choice_message=NOT_A_CHOICE,
    )
    paper = RadioField(
        lazy_gettext("Paper"),
        choices=[SelectChoice(p.key, p.label) for p in PAPERS.values()],
        invalid_choice_message=NOT_A_CHOICE,
    )
    hook = BooleanField(lazy_gettext("Hook: the dealer's bid may not make the bids add up"))
    rounds = IntegerField(
        lazy_gettext("Rounds (a short game)"),
        validators=[Optional(), NumberRange(min=1, max=60, message=OUT_OF_RANGE)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    target = IntegerField(
        lazy_gettext("Target"),
        validators=[
            Optional(),
            NumberRange(min=TARGET_RANGE[0], max=TARGET_RANGE[1], message=OUT_OF_RANGE),
        ],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )

    schedule = RadioField(
        lazy_gettext("Hand sizes, round by round"),
        choices=SCHEDULE_CHOICES,
        default="down-up",
        validators=[Optional()],
        invalid_choice_message=NOT_A_CHOICE,
    )
    no_hook = BooleanField(lazy_gettext("Without the hook"))
    """Oh Hell plays with the hook unless the table says not (a ready-made link has it on)."""
    top = IntegerField(
        lazy_gettext("Top hand size"),
        validators=[
            Optional(),
            NumberRange(min=1, max=largest_hand(OhHellGame.min_players), message=OUT_OF_RANGE),
        ],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )

    def typed_names(self) -> list[str]:
        return [name.strip() for name in self.names.data if name and name.strip()]
