"""Whist's forms: a new game's target, a hand's page (the trump, then the tricks each
side took: no bids), a blank sheet's target."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from flask_babel import gettext, lazy_gettext
from wtforms import Form, HiddenField, IntegerField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional, ValidationError

from ...forms import (
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    NewGameForm,
    RoundForm,
    first_dealer_field,
    per_seat,
    players_field,
    seat_number_field,
    suit_word,
)
from ...rules import RoundInfo, Suit
from .rules import TARGET_RANGE, WhistGame, WhistRound

SEATS = WhistGame.max_players
TRUMP_CHOICES = [SelectChoice(suit.word, suit_word(suit)) for suit in Suit]


def _target_field(label: Any) -> IntegerField:
    low, high = TARGET_RANGE
    return IntegerField(
        label,
        validators=[Optional(), NumberRange(min=low, max=high, message=OUT_OF_RANGE)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )


class NewWhistGameForm(NewGameForm):
    """Whist's one option, the target. Exactly four names: the first and third against
    the second and fourth."""

    game_key = WhistGame.key
    seats = SEATS
    players = players_field(SEATS)
    first_dealer = first_dealer_field(SEATS)
    target = _target_field(lazy_gettext("Target"))

    def options(self) -> dict[str, Any]:
        if self.target.data is None:
            return {}
        return {"target": self.target.data}


class WhistRoundForm(RoundForm):
    """One hand of Whist: the trump (the suit of the dealer's last card, turned up) and
    the tricks each side took (``tricks_0`` for the first and third seats' side,
    ``tricks_1`` for the other), 13 together. Nothing is bid."""

    dealer = HiddenField()
    trump = RadioField(lazy_gettext("Trump"), choices=TRUMP_CHOICES, validate_choice=False)
    sides: int = 0
    seat_fields: ClassVar[frozenset[str]] = frozenset()
    anchors: ClassVar[dict[str, str]] = {
        "trump": "at-trump",
        "tricks": "at-tricks",
        "dealer": "dealer-change",
    }
    seat_anchors: ClassVar[dict[str, str]] = {"tricks": "at-tricks"}
    sections: ClassVar[tuple[str, ...]] = ("dealer-change", "at-trump", "at-tricks")
    play_fields: ClassVar[tuple[str, ...]] = ("tricks_",)

    @classmethod
    def for_round(
        cls, game: WhistGame, info: RoundInfo, record: WhistRound | None = None, **kwargs: Any
    ) -> Self:
        """A form for the table, a box a side, pre-filled from a recorded hand if given."""
        names = [game.side_name(side) for side in range(len(game.sides))]
        sized = type(
            cls.__name__,
            (cls,),
            {
                "sides": len(names),
                **per_seat(
                    "tricks",
                    names,
                    lambda name: seat_number_field(
                        gettext("%(name)s's tricks", name=name),
                        gettext("Enter the tricks %(name)s took", name=name),
                    ),
                ),
            },
        )
        data: dict[str, Any] = {"dealer": str(info.dealer), "number": str(info.number)}
        if record is not None:
            data["trump"] = record.trump.word
            for side, took in enumerate(record.tricks):
                data[f"tricks_{side}"] = took
        form: Self = sized(data=data, **kwargs)
        return form

    def tricks_field(self, side: int) -> IntegerField:
        field: IntegerField = self[f"tricks_{side}"]
        return field

    def validate_trump(self, field: RadioField) -> None:
        if not field.data:
            raise ValidationError(gettext("Tap the suit of the turned card"))

    def round_mapping(self) -> dict[str, Any]:
        """The hand as the API writes it, for the services to judge."""
        mapping: dict[str, Any] = {
            "trump": self.trump.data or None,
            "tricks": [self.tricks_field(side).data for side in range(self.sides)],
        }
        try:
            mapping["dealer"] = int(self.dealer.data)
        except (TypeError, ValueError):
            mapping["dealer"] = self.dealer.data or None
        return mapping


class WhistSheetForm(Form):
    """Whist's option on the blank-sheet form (named apart from every other game's)."""

    whist_target = _target_field(lazy_gettext("Points a side needs to win"))


def whist_sheet_options(form: Any) -> dict[str, Any]:
    """Whist's options on a blank sheet: the target."""
    if form.whist_target.data is None:
        return {}
    return {"target": form.whist_target.data}
