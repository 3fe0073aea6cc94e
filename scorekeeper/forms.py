"""The shape of what the pages send: types and presence. Legality is the rules' job.

Every label and message is in the reader's language: ``lazy_gettext`` where the form is
declared, ``gettext`` where a form is made for a game at a request. Each validator and
field that can refuse says so in our own words (WTForms' English defaults never reach a
page; ``WTF_I18N_ENABLED`` is off, so neither do WTForms' own catalogs).
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext, lazy_ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    DateField,
    FieldList,
    Form,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    EqualTo,
    InputRequired,
    Length,
    NumberRange,
    Optional,
)

from . import sheets
from .i18n import lazy_game_word
from .rules import GAMES, Suit
from .rules.oh_hell import OhHellGame, largest_hand
from .rules.one_card import TARGET_RANGE

MAX_SEATS = 6
RANDOM_DEALER = "random"
TONIGHT = "tonight"

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


def suit_word(suit: Suit) -> Any:
    """A suit's name as a choice's label (``hearts``), in the reader's language."""
    return lazy_game_word(suit.word)


class EmptyForm(FlaskForm):
    """A POST-only button (log out): nothing but its CSRF token."""


class EditForm(FlaskForm):
    """A change to a game: the version it was based on and a one-time key, so a second
    phone's stale edit is refused and a double tap or a reloaded POST is stored once."""

    version = HiddenField()
    key = HiddenField()

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
        key = self.key.data or None
        if key is not None and (len(key) > 64 or not key.isalnum()):
            key = None
        return version, key


class RoundForm(EditForm):
    """A round's page: also the number of the round it was made for, so a page kept by
    the browser (Back after Save) can never be saved into another round (the view reads
    it before it knows which round's form to make)."""

    number = HiddenField()

    anchors: ClassVar[dict[str, str]] = {}
    """The id of the part of the page where a field's problems are shown."""
    seat_anchors: ClassVar[dict[str, str]] = {}
    """The same for a field with a row per seat (``bid_2``, ``bids_2``): the id's stem."""
    sections: ClassVar[tuple[str, ...]] = ()
    """The parts' ids in the order the page shows them."""

    def anchor(self, key: str) -> str | None:
        """Where the page shows a problem with ``key`` (a field, or a rules' field with
        its seat: ``tricks_2``); None for the form as a whole."""
        if key in self.anchors:
            return self.anchors[key]
        name, _, seat = key.rpartition("_")
        if seat.isdigit() and name in self.seat_anchors:
            return f"{self.seat_anchors[name]}-{seat}"
        return None


class LoginForm(FlaskForm):
    username = StringField(
        lazy_gettext("Username"), validators=[InputRequired(REQUIRED), at_most(40)]
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
        lazy_gettext("Setup code"), validators=[InputRequired(REQUIRED), at_most(40)]
    )
    username = StringField(
        lazy_gettext("Username"), validators=[InputRequired(REQUIRED), at_most(40)]
    )
    password = PasswordField(
        lazy_gettext("Password"),
        validators=[
            InputRequired(REQUIRED),
            Length(
                min=8,
                message=lazy_ngettext(
                    "At least %(num)s character", "At least %(num)s characters", 8
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


def players_field(seats: int) -> FieldList:
    return FieldList(
        StringField(lazy_gettext("Player"), validators=[Optional(), at_most(40)]),
        min_entries=seats,
        max_entries=seats,
    )


def first_dealer_field(seats: int) -> SelectField:
    return SelectField(
        lazy_gettext("First dealer"),
        choices=[SelectChoice(RANDOM_DEALER, lazy_gettext("Draw at random"))]
        + [
            SelectChoice(str(seat), lazy_gettext("Player %(num)s", num=seat + 1))
            for seat in range(seats)
        ],
        default=RANDOM_DEALER,
        invalid_choice_message=NOT_A_CHOICE,
    )


class NewGameForm(FlaskForm):
    """Names in seating order and the first dealer; each game adds its options."""

    game_key: ClassVar[str]
    seats: ClassVar[int]
    players: FieldList
    first_dealer: SelectField
    night = SelectField(
        lazy_gettext("Game night"),
        choices=[SelectChoice(TONIGHT, lazy_gettext("Tonight"))],
        default=TONIGHT,
        invalid_choice_message=NOT_A_CHOICE,
    )
    # A one-time key, like a round's (EditForm): the same Start sent twice makes one game.
    key = HiddenField()

    def new_key(self) -> None:
        """On a fresh page: a key for this one Start."""
        if not self.is_submitted():
            self.key.data = secrets.token_hex(16)

    def one_time_key(self) -> str | None:
        """The key as sent; None when missing or unreadable."""
        key = self.key.data or None
        if key is not None and (len(key) > 64 or not key.isalnum()):
            return None
        return key

    def offer_nights(self, nights: list[tuple[int, str]]) -> None:
        """Tonight (the default), or one of these recent nights."""
        self.night.choices = [SelectChoice(TONIGHT, gettext("Tonight"))] + [
            SelectChoice(str(night_id), label) for night_id, label in nights
        ]

    def night_id(self) -> int | None:
        try:
            return None if self.night.data in (None, "", TONIGHT) else int(self.night.data)
        except ValueError:
            return None

    def player_names(self) -> list[str]:
        """The names typed, in seating order, blanks left out."""
        return [name.strip() for name in self.players.data if name and name.strip()]

    def options(self) -> dict[str, Any]:
        raise NotImplementedError


class NightForm(FlaskForm):
    date = DateField(
        lazy_gettext("Date"),
        validators=[InputRequired(lazy_gettext("Give the night's date"))],
        invalid_value_message=NOT_A_DATE,
    )
    place = StringField(lazy_gettext("Place"), validators=[Optional(), at_most(80)])
    note = TextAreaField(lazy_gettext("Note"), validators=[Optional(), at_most(500)])


class RenamePlayerForm(FlaskForm):
    name = StringField(lazy_gettext("New name"), validators=[InputRequired(REQUIRED), at_most(40)])


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
        StringField(lazy_gettext("Name"), validators=[Optional(), at_most(40)]),
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
        choices=[SelectChoice(p.key, p.label) for p in sheets.PAPERS.values()],
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
        validators=[Optional()],
        invalid_choice_message=NOT_A_CHOICE,
    )
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
