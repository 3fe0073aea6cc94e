"""Spades' forms: a new game's target and options, a hand's page (bids with nil and blind
nil, tricks), a blank sheet's options (RULES.md › Spades)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from flask_babel import gettext, lazy_gettext
from wtforms import BooleanField, Form, HiddenField, IntegerField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional

from ...forms import (
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    NewGameForm,
    RoundForm,
    first_dealer_field,
    players_field,
)
from ...rules import RoundInfo
from .rules import (
    BLIND_NIL,
    DEFAULT_TARGET,
    HAND,
    TARGET_RANGE,
    Bid,
    SpadesGame,
    SpadesRound,
    is_nil,
    read_bid,
    tricks_bid,
)

SEATS = SpadesGame.max_players


def _target_field(name: Any) -> IntegerField:
    low, high = TARGET_RANGE
    return IntegerField(
        name,
        validators=[Optional(), NumberRange(min=low, max=high, message=OUT_OF_RANGE)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )


class NewSpadesGameForm(NewGameForm):
    """Spades' options: the target, blind nil, the bag penalty (RULES.md, Spades ›
    Bidding, › Scoring). Exactly four names: the first and third against the second and
    fourth."""

    game_key = SpadesGame.key
    seats = SEATS
    players = players_field(SEATS)
    first_dealer = first_dealer_field(SEATS)
    target = _target_field(lazy_gettext("Target"))
    blind_nil = BooleanField(lazy_gettext("Blind nil: a player may bid nil before looking"))
    bag_penalty = BooleanField(
        lazy_gettext("Bag penalty: every 10 bags cost the side 100 points"), default=True
    )

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {
            "blind_nil": bool(self.blind_nil.data),
            "bag_penalty": bool(self.bag_penalty.data),
        }
        if self.target.data is not None:
            options["target"] = self.target.data
        return options


class BidField(StringField):
    """A bid as the page sends it: a number of tricks, ``0`` or ``nil`` for nil,
    ``blind_nil``; read as the rules write it (the rules judge it)."""

    def process_formdata(self, valuelist: Sequence[Any]) -> None:
        if not valuelist:
            return
        raw = str(valuelist[0]).strip()
        if not raw:
            self.data = None
        elif raw.isascii() and raw.isdigit() and len(raw) <= 3:
            self.data = read_bid(int(raw))
        else:
            self.data = read_bid(raw)


def bid_value(bid: Bid | None) -> str:
    """A bid as its chip's value: nil as 0 (the rules read 0 as nil)."""
    if bid is None:
        return ""
    return "0" if bid == "nil" else str(bid)


class SpadesRoundForm(RoundForm):
    """One hand of Spades: every seat's bid (nil, blind nil with the option, 1 to 13) and
    the tricks each took (RULES.md, Spades › Bidding, › Scoring)."""

    dealer = HiddenField()
    seats: int = 0
    seat_fields: ClassVar[frozenset[str]] = frozenset({"bids", "tricks"})
    anchors: ClassVar[dict[str, str]] = {
        "bids": "at-bids",
        "tricks": "at-tricks",
        "dealer": "dealer-change",
    }
    seat_anchors: ClassVar[dict[str, str]] = {
        "bid": "at-bids",
        "bids": "at-bids",
        "tricks": "at-tricks",
    }
    sections: ClassVar[tuple[str, ...]] = ("dealer-change", "at-bids", "at-tricks")
    play_fields: ClassVar[tuple[str, ...]] = ("tricks_",)

    @classmethod
    def for_round(
        cls,
        game: SpadesGame,
        info: RoundInfo,
        record: SpadesRound | None = None,
        **kwargs: Any,
    ) -> Self:
        """A form for the table, pre-filled from a recorded hand if given."""
        sized = type(
            cls.__name__,
            (cls,),
            {
                "seats": game.player_count,
                **{
                    f"bid_{seat}": BidField(
                        gettext("%(name)s's bid", name=name),
                        validators=[
                            InputRequired(gettext("Enter %(name)s's bid", name=name)),
                        ],
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
        form: Self = sized(data=data, **kwargs)
        return form

    def bid_field(self, seat: int) -> BidField:
        field: BidField = self[f"bid_{seat}"]
        return field

    def tricks_field(self, seat: int) -> IntegerField:
        field: IntegerField = self[f"tricks_{seat}"]
        return field

    def bid_chips(self, game: SpadesGame) -> list[tuple[str, str]]:
        """The chips of a bid: its value as sent, and its label (nil, blind nil, 1–13)."""
        nils = [("0", gettext("nil"))]
        if game.options.blind_nil:
            nils.append((BLIND_NIL, gettext("blind nil")))
        return [*nils, *((str(n), str(n)) for n in range(1, HAND + 1))]

    def chosen(self, seat: int) -> str:
        """The chip of ``seat``'s bid as the page holds it."""
        field = self.bid_field(seat)
        if field.raw_data:
            return bid_value(read_bid(field.data))
        return bid_value(field.data)

    def bids_said(self) -> list[int] | None:
        """The tricks every seat bid (nil: none) as the page holds them, or None while a
        bid is missing or not one the rules know."""
        bids: list[Bid] = []
        for seat in range(self.seats):
            bid = self.bid_field(seat).data
            if bid is None or not (is_nil(bid) or (isinstance(bid, int) and 1 <= bid <= HAND)):
                return None
            bids.append(bid)
        return [tricks_bid(bid) for bid in bids]

    def round_mapping(self) -> dict[str, Any]:
        """The hand as the API writes it, for the services to judge."""
        mapping: dict[str, Any] = {
            "bids": [self.bid_field(seat).data for seat in range(self.seats)],
            "tricks": [self.tricks_field(seat).data for seat in range(self.seats)],
        }
        try:
            mapping["dealer"] = int(self.dealer.data)
        except (TypeError, ValueError):
            mapping["dealer"] = self.dealer.data or None
        return mapping


class SpadesSheetForm(Form):
    """Spades' options on the blank-sheet form (its fields joined to ``BlankSheetForm``,
    named apart from every other game's)."""

    # Not "Target": One Card's blank-sheet field is that, on the same page.
    spades_target = _target_field(lazy_gettext("Points a side needs to win"))
    blind_nil = BooleanField(lazy_gettext("Blind nil"))
    no_bag_penalty = BooleanField(lazy_gettext("Without the bag penalty"))


def spades_sheet_options(form: Any) -> dict[str, Any]:
    """Spades' options on a blank sheet: the target, blind nil, the bag penalty."""
    options: dict[str, Any] = {
        "blind_nil": bool(form.blind_nil.data),
        "bag_penalty": not form.no_bag_penalty.data,
    }
    if form.spades_target.data is not None:
        options["target"] = form.spades_target.data
    return options


assert DEFAULT_TARGET in range(TARGET_RANGE[0], TARGET_RANGE[1] + 1)
