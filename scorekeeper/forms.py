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
    ValidationError,
)

from . import sheets
from .i18n import lazy_game_word
from .rules import GAMES, RoundInfo, Suit
from .rules.one_card import TARGET_RANGE, OneCardGame, OneCardHand
from .rules.wizard import WizardGame, WizardRound

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


def _players_field(seats: int) -> FieldList:
    return FieldList(
        StringField(lazy_gettext("Player"), validators=[Optional(), at_most(40)]),
        min_entries=seats,
        max_entries=seats,
    )


def _first_dealer_field(seats: int) -> SelectField:
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


class NewWizardGameForm(NewGameForm):
    game_key = "wizard"
    seats = 6
    players = _players_field(6)
    first_dealer = _first_dealer_field(6)
    hook = BooleanField(lazy_gettext("Hook: the dealer's bid may not make the bids add up"))
    rounds = IntegerField(
        lazy_gettext("Rounds"), validators=[Optional()], invalid_value_message=NOT_A_WHOLE_NUMBER
    )

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"hook": bool(self.hook.data)}
        if self.rounds.data is not None:
            options["rounds"] = self.rounds.data
        return options


class NewOneCardGameForm(NewGameForm):
    game_key = "one_card"
    seats = 4
    players = _players_field(4)
    first_dealer = _first_dealer_field(4)
    target = IntegerField(
        lazy_gettext("Target"), validators=[Optional()], invalid_value_message=NOT_A_WHOLE_NUMBER
    )

    def options(self) -> dict[str, Any]:
        return {} if self.target.data is None else {"target": self.target.data}


# The values are what the page sends; the labels are read (a suit's name: ``hearts``).
TURNED_CHOICES = [SelectChoice(suit.value, suit_word(suit)) for suit in Suit] + [
    SelectChoice("wizard", lazy_gettext("Wizard")),
    SelectChoice("jester", lazy_gettext("Jester")),
]


class WizardRoundForm(RoundForm):
    """One Wizard round as the scorekeeper enters it: turned card, bids, tricks.

    The bid and trick fields (``bid_0``, ``tricks_0``, ...) are added for the
    table's size by :meth:`for_round`.
    """

    dealer = HiddenField()
    # Choices are checked by the validate_ methods below, with messages for people.
    turned = RadioField(lazy_gettext("Turned card"), choices=TURNED_CHOICES, validate_choice=False)
    wizard_trump = RadioField(
        lazy_gettext("Dealer's choice of trump"),
        choices=[SelectChoice(suit.word, suit_word(suit)) for suit in Suit],
        validate_choice=False,
    )
    turned_card = HiddenField()

    seats: int = 0
    turns_trump: bool = True
    seat_fields: ClassVar[frozenset[str]] = frozenset({"bids", "tricks"})
    """Fields whose refusals are shown next to one player's row."""
    anchors: ClassVar[dict[str, str]] = {
        "turned": "at-trump",
        "wizard_trump": "at-trump",
        "trump": "at-trump",
        "bids": "at-bids",
        "tricks": "at-tricks",
        "dealer": "dealer-change",
    }
    seat_anchors: ClassVar[dict[str, str]] = {
        "bid": "at-bids",
        "bids": "at-bids",
        "tricks": "at-tricks",
    }
    sections: ClassVar[tuple[str, ...]] = ("dealer-change", "at-trump", "at-bids", "at-tricks")

    @classmethod
    def for_round(
        cls,
        game: WizardGame,
        info: RoundInfo,
        record: WizardRound | None = None,
        **kwargs: Any,
    ) -> WizardRoundForm:
        """A form sized for the table, pre-filled from a recorded round if given."""
        sized = type(
            cls.__name__,
            (cls,),
            {
                "seats": game.player_count,
                "turns_trump": game.turns_trump(info.number),
                **{
                    f"bid_{seat}": IntegerField(
                        gettext("%(name)s's bid", name=name),
                        validators=[InputRequired(gettext("Enter %(name)s's bid", name=name))],
                        invalid_value_message=NOT_A_WHOLE_NUMBER,
                    )
                    for seat, name in enumerate(game.players)
                },
                **{
                    f"tricks_{seat}": IntegerField(
                        gettext("%(name)s's tricks", name=name),
                        validators=[
                            InputRequired(gettext("Enter the tricks %(name)s took", name=name))
                        ],
                        invalid_value_message=NOT_A_WHOLE_NUMBER,
                    )
                    for seat, name in enumerate(game.players)
                },
            },
        )
        data: dict[str, Any] = {"dealer": str(info.dealer), "number": str(info.number)}
        if record is not None:
            for seat in range(game.player_count):
                data[f"bid_{seat}"] = record.bids[seat]
                data[f"tricks_{seat}"] = record.tricks[seat]
            data.update(_turned_choice(record))
        form: WizardRoundForm = sized(data=data, **kwargs)
        return form

    def bid_field(self, seat: int) -> IntegerField:
        return self[f"bid_{seat}"]  # type: ignore[no-any-return]

    def tricks_field(self, seat: int) -> IntegerField:
        return self[f"tricks_{seat}"]  # type: ignore[no-any-return]

    def forbidden_bid(self, game: WizardGame, info: RoundInfo) -> int | None:
        """The dealer's bid the hook forbids, once the other bids are entered."""
        others = [
            self.bid_field(seat).data
            for seat in game.bidding_order(info.dealer)
            if seat != info.dealer
        ]
        if not all(isinstance(bid, int) for bid in others):
            return None
        return game.forbidden_bid(info, others, info.dealer)

    def validate_turned(self, field: RadioField) -> None:
        if not self.turns_trump:
            return
        if not field.data:
            raise ValidationError(gettext("Tap the turned card: a suit, a Wizard or a Jester"))
        if field.data not in [choice.value for choice in TURNED_CHOICES]:
            raise ValidationError(gettext("Tap one of the cards shown"))

    def validate_wizard_trump(self, field: RadioField) -> None:
        wizard_turned = self.turns_trump and self.turned.data == "wizard"
        if wizard_turned and field.data not in [suit.word for suit in Suit]:
            raise ValidationError(gettext("A Wizard was turned: tap the suit the dealer chose"))

    def round_mapping(self) -> dict[str, Any]:
        """The round as the API writes it, for the services to judge."""
        mapping: dict[str, Any] = {
            "bids": [self.bid_field(seat).data for seat in range(self.seats)],
            "tricks": [self.tricks_field(seat).data for seat in range(self.seats)],
        }
        try:
            mapping["dealer"] = int(self.dealer.data)
        except (TypeError, ValueError):
            mapping["dealer"] = self.dealer.data or None
        turned = self.turned.data if self.turns_trump else None
        if not turned:
            mapping["trump"] = "none"
        elif turned in ("wizard", "jester"):
            mapping["turned"] = turned
            mapping["trump"] = self.wizard_trump.data if turned == "wizard" else "none"
        else:
            suit = Suit(turned)
            mapping["trump"] = suit.word
            kept = self.turned_card.data or ""
            # A correction keeps a card the API recorded (7h) while its suit still holds.
            if kept[-1:].lower() == suit.value:
                mapping["turned"] = kept
        return mapping


def _turned_choice(record: WizardRound) -> dict[str, Any]:
    if record.turned is not None and record.turned.special is not None:
        choice = record.turned.special.value
        trump = record.trump.word if record.trump else None
        return {"turned": choice, "wizard_trump": trump}
    if record.trump is not None:
        return {
            "turned": record.trump.value,
            "turned_card": str(record.turned) if record.turned else "",
        }
    return {}


ALL_PASSED = "none"
ORDER_CHOICES = [
    SelectChoice("uptown", lazy_gettext("Uptown")),
    SelectChoice("downtown", lazy_gettext("Downtown")),
]


class OneCardRoundForm(RoundForm):
    """One hand of One Card: the contract (or everyone passed), trump, order, points.

    The points fields (``points_0``, ...) are added for the table by :meth:`for_round`.
    With scripts on, the page records the auction call by call into ``auction``.
    """

    dealer = HiddenField()
    auction = HiddenField()
    bidder = RadioField(lazy_gettext("Highest bidder"), validate_choice=False)
    bid = IntegerField(lazy_gettext("Bid"), invalid_value_message=NOT_A_WHOLE_NUMBER)
    trump = RadioField(
        lazy_gettext("Trump"),
        choices=[SelectChoice(suit.word, suit_word(suit)) for suit in Suit],
        validate_choice=False,
    )
    order = RadioField(
        lazy_gettext("Order"), choices=ORDER_CHOICES, default="uptown", validate_choice=False
    )
    last_trick = RadioField(lazy_gettext("Last trick"), validate_choice=False)

    seats: int = 0
    seat_fields: ClassVar[frozenset[str]] = frozenset({"points"})
    anchors: ClassVar[dict[str, str]] = {
        "auction": "at-auction",
        "bidder": "at-auction",
        "bid": "at-auction",
        "trump": "at-trump",
        "order": "at-trump",
        "points": "at-points",
        "last_trick": "at-last-trick",
        "dealer": "dealer-change",
    }
    seat_anchors: ClassVar[dict[str, str]] = {"points": "at-points"}
    sections: ClassVar[tuple[str, ...]] = (
        "dealer-change",
        "at-auction",
        "at-trump",
        "at-points",
        "at-last-trick",
    )

    @classmethod
    def for_round(
        cls,
        game: OneCardGame,
        info: RoundInfo,
        record: OneCardHand | None = None,
        **kwargs: Any,
    ) -> OneCardRoundForm:
        seat_choices = [SelectChoice(str(seat), name) for seat, name in enumerate(game.players)]
        sized = type(
            cls.__name__,
            (cls,),
            {
                "seats": game.player_count,
                **{
                    f"points_{seat}": IntegerField(
                        gettext("%(name)s's points", name=name),
                        validators=[
                            InputRequired(gettext("Enter the points %(name)s took", name=name))
                        ],
                        invalid_value_message=NOT_A_WHOLE_NUMBER,
                    )
                    for seat, name in enumerate(game.players)
                },
            },
        )
        data: dict[str, Any] = {
            "dealer": str(info.dealer),
            "number": str(info.number),
            "order": "uptown",
        }
        if record is not None:
            data.update(
                bidder=ALL_PASSED if record.bidder is None else str(record.bidder),
                bid=record.bid,
                trump=record.trump.word if record.trump else None,
                order=record.order,
                last_trick=str(record.last_trick),
            )
            if record.auction is not None:
                data["auction"] = ",".join("p" if c is None else str(c) for c in record.auction)
            for seat, took in enumerate(record.points):
                data[f"points_{seat}"] = took
        form: OneCardRoundForm = sized(data=data, **kwargs)
        form.bidder.choices = [*seat_choices, SelectChoice(ALL_PASSED, gettext("Everyone passed"))]
        form.last_trick.choices = seat_choices
        return form

    def points_field(self, seat: int) -> IntegerField:
        return self[f"points_{seat}"]  # type: ignore[no-any-return]

    def validate_bidder(self, field: RadioField) -> None:
        if not field.data and not self.auction.data:
            raise ValidationError(gettext("Say who won the auction, or that everyone passed"))

    def validate_bid(self, field: IntegerField) -> None:
        has_bidder = self.bidder.data not in (None, "", ALL_PASSED)
        if has_bidder and field.data is None and not self.auction.data:
            raise ValidationError(gettext("Enter the winning bid"))

    def validate_last_trick(self, field: RadioField) -> None:
        if not field.data:
            raise ValidationError(gettext("Tap who won the last trick (and with it the one card)"))

    def round_mapping(self) -> dict[str, Any]:
        mapping: dict[str, Any] = {
            "dealer": _whole_or_text(self.dealer.data),
            "trump": self.trump.data or "none",
            "order": self.order.data or "uptown",
            "points": [self.points_field(seat).data for seat in range(self.seats)],
            "last_trick": _whole_or_text(self.last_trick.data),
        }
        if self.auction.data:
            mapping["auction"] = [
                None if call.strip() in ("p", "pass") else _whole_or_text(call.strip())
                for call in self.auction.data.split(",")
                if call.strip()
            ]
        else:
            passed = self.bidder.data == ALL_PASSED
            mapping["bidder"] = None if passed else _whole_or_text(self.bidder.data)
            mapping["bid"] = None if passed else self.bid.data
        return mapping


def _whole_or_text(value: str | None) -> Any:
    """A seat or number as the rules read it: an int when it is one, else as typed."""
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return value


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

    def typed_names(self) -> list[str]:
        return [name.strip() for name in self.names.data if name and name.strip()]


def wizard_sheet_options(form: BlankSheetForm) -> dict[str, Any]:
    """Wizard's options on a blank sheet: the hook, and a short game's rounds."""
    options: dict[str, Any] = {"hook": bool(form.hook.data)}
    if form.rounds.data is not None:
        options["rounds"] = form.rounds.data
    return options


def one_card_sheet_options(form: BlankSheetForm) -> dict[str, Any]:
    """One Card's options on a blank sheet: the target."""
    return {"target": form.target.data} if form.target.data is not None else {}
