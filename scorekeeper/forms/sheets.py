"""A blank sheet to print: the game, the table, the paper; read from the query string."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import (
    FieldList,
    Form,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from ..games import GAMES
from ..i18n import lazy_game_word
from ..sheets import PAPERS
from .common import NOT_A_CHOICE, name_length

MAX_SEATS = max(game.max_players for game in GAMES.values())
"""The most players of any game: a blank sheet offers that many seats."""
"""The most seats a blank sheet is printed for."""


class BlankSheetForm(Form):
    """What a blank sheet is for: the shape of the input only; the rules judge the rest.
    Each game's own options come from its kind (``GameKind.sheet_form``), joined to this
    form by the blank sheets' view.

    A plain WTForms form read from the query string: the sheet is a GET that changes
    nothing, so there is no CSRF token to carry.
    """

    game = RadioField(
        lazy_gettext("Game"),
        # The games' names, translated among the game's words.
        choices=[SelectChoice(key, lazy_game_word(cls.title)) for key, cls in GAMES.items()],
        default=next(iter(GAMES)),
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
    columns = RadioField(
        lazy_gettext("Each player's columns"),
        choices=[
            SelectChoice("full", lazy_gettext("Bid, took, score and total")),
            # TRANSLATORS: a choice on the blank sheets' page, as on a printed score pad.
            SelectChoice("pad", lazy_gettext("Bid and total only, in bigger boxes")),
        ],
        default="full",
        invalid_choice_message=NOT_A_CHOICE,
    )
    paper = RadioField(
        lazy_gettext("Paper"),
        choices=[SelectChoice(p.key, p.label) for p in PAPERS.values()],
        invalid_choice_message=NOT_A_CHOICE,
    )

    def typed_names(self) -> list[str]:
        return [name.strip() for name in self.names.data if name and name.strip()]
