"""One Card's forms: a new game's target, a hand's page, a blank sheet's target."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext
from wtforms import Form, HiddenField, IntegerField, RadioField, ValidationError
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from ...forms import (
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    NewGameForm,
    RoundForm,
    first_dealer_field,
    players_field,
    suit_word,
)
from ...rules import RoundInfo, Suit
from .rules import TARGET_RANGE, OneCardGame, OneCardHand


class NewOneCardGameForm(NewGameForm):
    game_key = "one_card"
    seats = 4
    players = players_field(4)
    first_dealer = first_dealer_field(4)
    target = IntegerField(
        lazy_gettext("Target"), validators=[Optional()], invalid_value_message=NOT_A_WHOLE_NUMBER
    )

    def options(self) -> dict[str, Any]:
        return {} if self.target.data is None else {"target": self.target.data}


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
    play_fields: ClassVar[tuple[str, ...]] = ("points_", "last_trick")
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
        return self[f"points_{seat}"]

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


class OneCardSheetForm(Form):
    """One Card's options on the blank-sheet form (its fields joined to ``BlankSheetForm``)."""

    target = IntegerField(
        lazy_gettext("Target"),
        validators=[
            Optional(),
            NumberRange(min=TARGET_RANGE[0], max=TARGET_RANGE[1], message=OUT_OF_RANGE),
        ],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )


def one_card_sheet_options(form: Any) -> dict[str, Any]:
    """One Card's options on a blank sheet: the target."""
    return {"target": form.target.data} if form.target.data is not None else {}
