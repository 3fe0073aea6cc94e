"""The shape of what the pages send: types and presence. Legality is the rules' job."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    EqualTo,
    InputRequired,
    Length,
    Optional,
    ValidationError,
)

from .rules import Game as RulesGame
from .rules import RoundInfo, Suit
from .rules.wizard import WizardGame, WizardRound

MAX_SEATS = 6
RANDOM_DEALER = "random"


class EmptyForm(FlaskForm):
    """A POST-only button (undo, log out): nothing but its CSRF token."""


class LoginForm(FlaskForm):
    username = StringField("Username", validators=[InputRequired(), Length(max=40)])
    password = PasswordField("Password", validators=[InputRequired()])


class FirstAccountForm(FlaskForm):
    username = StringField("Username", validators=[InputRequired(), Length(max=40)])
    password = PasswordField(
        "Password",
        validators=[InputRequired(), Length(min=8, message="At least 8 characters")],
    )
    confirm = PasswordField(
        "Password again",
        validators=[InputRequired(), EqualTo("password", message="The passwords differ")],
    )


class NewWizardGameForm(FlaskForm):
    players = FieldList(
        StringField("Player", validators=[Optional(), Length(max=40)]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    first_dealer = SelectField(
        "First dealer",
        choices=[SelectChoice(RANDOM_DEALER, "Draw at random")]
        + [SelectChoice(str(seat), f"Player {seat + 1}") for seat in range(MAX_SEATS)],
        default=RANDOM_DEALER,
    )
    hook = BooleanField("Hook: the dealer's bid may not make the bids add up")
    rounds = IntegerField(
        "Rounds",
        validators=[Optional()],
    )

    def player_names(self) -> list[str]:
        """The names typed, in seating order, blanks left out."""
        return [name.strip() for name in self.players.data if name and name.strip()]

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"hook": bool(self.hook.data)}
        if self.rounds.data is not None:
            options["rounds"] = self.rounds.data
        return options


TURNED_CHOICES = [SelectChoice(suit.value, suit.word) for suit in Suit] + [
    SelectChoice("wizard", "Wizard"),
    SelectChoice("jester", "Jester"),
]


class WizardRoundForm(FlaskForm):
    """One Wizard round as the scorekeeper enters it: turned card, bids, tricks.

    The bid and trick fields (``bid_0``, ``tricks_0``, ...) are added for the
    table's size by :meth:`for_round`.
    """

    dealer = HiddenField()
    # Choices are checked by the validate_ methods below, with messages for people.
    turned = RadioField("Turned card", choices=TURNED_CHOICES, validate_choice=False)
    wizard_trump = RadioField(
        "Dealer's choice of trump",
        choices=[SelectChoice(suit.word, suit.word) for suit in Suit],
        validate_choice=False,
    )
    turned_card = HiddenField()

    seats: int = 0
    turns_trump: bool = True

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
                        f"{name}'s bid", validators=[InputRequired(f"Enter {name}'s bid")]
                    )
                    for seat, name in enumerate(game.players)
                },
                **{
                    f"tricks_{seat}": IntegerField(
                        f"{name}'s tricks",
                        validators=[InputRequired(f"Enter the tricks {name} took")],
                    )
                    for seat, name in enumerate(game.players)
                },
            },
        )
        data: dict[str, Any] = {"dealer": str(info.dealer)}
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
            raise ValidationError("Tap the turned card: a suit, a Wizard or a Jester")
        if field.data not in [choice.value for choice in TURNED_CHOICES]:
            raise ValidationError("Tap one of the cards shown")

    def validate_wizard_trump(self, field: RadioField) -> None:
        wizard_turned = self.turns_trump and self.turned.data == "wizard"
        if wizard_turned and field.data not in [suit.word for suit in Suit]:
            raise ValidationError("A Wizard was turned: tap the suit the dealer chose")

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


ROUND_FORMS: dict[str, type[FlaskForm]] = {WizardGame.key: WizardRoundForm}


def round_form(game: RulesGame, info: RoundInfo, record: Any = None, **kwargs: Any) -> Any:
    """The round form of the game's kind."""
    return ROUND_FORMS[game.key].for_round(game, info, record, **kwargs)  # type: ignore[attr-defined]
