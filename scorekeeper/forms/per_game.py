"""Each game's own forms: a new game's options, a round's page, a blank sheet's options.

Each game's kind (``scorekeeper/games/``) names these; they build on the shared pieces
of :mod:`.games`, :mod:`.rounds` and :mod:`.sheets`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext
from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional, ValidationError

from ..rules import RoundInfo, Suit
from ..rules.one_card import OneCardGame, OneCardHand
from ..rules.wizard import WizardGame, WizardRound
from .common import NOT_A_WHOLE_NUMBER, suit_word
from .games import NewGameForm, _first_dealer_field, _players_field
from .rounds import RoundForm
from .sheets import BlankSheetForm


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


def wizard_sheet_options(form: BlankSheetForm) -> dict[str, Any]:
    """Wizard's options on a blank sheet: the hook, and a short game's rounds."""
    options: dict[str, Any] = {"hook": bool(form.hook.data)}
    if form.rounds.data is not None:
        options["rounds"] = form.rounds.data
    return options


def one_card_sheet_options(form: BlankSheetForm) -> dict[str, Any]:
    """One Card's options on a blank sheet: the target."""
    return {"target": form.target.data} if form.target.data is not None else {}
