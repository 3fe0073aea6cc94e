"""What the games of bidding tricks share on their pages: Wizard and Oh Hell.

In both, a round's page takes the card turned for trump, every seat's bid and the tricks
each took; the hook may forbid the dealer one bid. :class:`TrickRoundForm` holds that
shape once (the way ``rules.bidding.TrickBiddingGame`` holds the rules once); each game
says which cards can be turned and what the page knows of the turned card.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from flask_babel import gettext, lazy_gettext
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
    ValidationError,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional

from ..forms import NOT_A_WHOLE_NUMBER, RoundForm, suit_word
from ..i18n import current_language
from ..rules import RoundInfo, Suit, TrickBiddingGame, TrickRound

# The values are what the page sends (a suit's letter); the labels are read (``hearts``).
SUIT_CHOICES = [SelectChoice(suit.value, suit_word(suit)) for suit in Suit]


OWN_SCHEDULE = "own"
"""The schedule chosen as the table's own list of hand sizes, typed in ``hand_sizes``."""


def own_hand_sizes(text: str | None) -> list[int]:
    """A table's own schedule as typed (``5, 4, 3`` or ``5 4 3``); empty when it is not a
    list of whole numbers (the rules judge the sizes).

    >>> own_hand_sizes("3, 2,1 2 13"), own_hand_sizes("3, two"), own_hand_sizes(None)
    ([3, 2, 1, 2, 13], [], [])
    """
    parts = (text or "").replace(",", " ").split()
    if (
        not parts
        or len(parts) > 100
        or not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts)
    ):
        return []
    return [int(part) for part in parts]


def hand_sizes_field() -> StringField:
    """The box of a table's own list of hand sizes, on a new game's page."""
    return StringField(
        lazy_gettext("Cards each, round by round"), validators=[Optional(), Length(max=400)]
    )


class OwnSchedule:
    """A new game's schedule that may be the table's own list: a ``schedule`` choice, one
    of them :data:`OWN_SCHEDULE`, and the ``hand_sizes`` typed for it (mixed into a
    ``NewGameForm``)."""

    schedule: RadioField
    hand_sizes: StringField

    def validate_hand_sizes(self, field: StringField) -> None:
        if self.schedule.data != OWN_SCHEDULE:
            return
        if not own_hand_sizes(field.data):
            raise ValidationError(
                gettext("Give the cards each round deals, in order, as whole numbers: 5, 4, 3")
            )

    def schedule_option(self) -> str | list[int]:
        """The schedule as the rules take it: the choice's name, or the list typed."""
        if self.schedule.data == OWN_SCHEDULE:
            return own_hand_sizes(self.hand_sizes.data)
        chosen: str = self.schedule.data
        return chosen


def hidden_bids_field() -> BooleanField:
    """The new-game option of the games of bidding tricks: bids made secretly on each
    player's own phone, shown together once all are in."""
    return BooleanField(lazy_gettext("Hidden bids: each player bids on their own phone"))


SIZED_KEPT = 256
"""Form classes kept, each for a table, a round and a language (``sized_for``)."""
_SIZED: dict[Any, Any] = {}


class TrickRoundForm(RoundForm):
    """One round of a game of bidding tricks: the turned card, bids, tricks.

    The bid and trick fields (``bid_0``, ``tricks_0``, ...) are added for the table's
    size by :meth:`for_round`. A game declares ``turned`` with ``turned_choices``.
    """

    dealer = HiddenField()
    turned: RadioField

    turned_choices: ClassVar[list[SelectChoice]] = SUIT_CHOICES
    """The cards the page offers as turned: the suits, and whatever else the pack holds."""
    turned_missing: ClassVar[Any] = lazy_gettext("Tap the suit of the turned card")
    """What the page says when no turned card was tapped."""

    seats: int = 0
    turns_trump: bool = True
    seat_fields: ClassVar[frozenset[str]] = frozenset({"bids", "tricks"})
    """Fields whose refusals are shown next to one player's row."""
    anchors: ClassVar[dict[str, str]] = {
        "turned": "at-trump",
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
    play_fields: ClassVar[tuple[str, ...]] = ("tricks_",)

    @classmethod
    def for_round(
        cls,
        game: TrickBiddingGame[Any, Any],
        info: RoundInfo,
        record: TrickRound | None = None,
        **kwargs: Any,
    ) -> Self:
        """A form sized for the table, pre-filled from a recorded round if given."""
        sized = cls.sized_for(game, info)
        data: dict[str, Any] = {"dealer": str(info.dealer), "number": str(info.number)}
        if record is not None:
            for seat in range(game.player_count):
                data[f"bid_{seat}"] = record.bids[seat]
                data[f"tricks_{seat}"] = record.tricks[seat]
            data.update(cls.turned_data(record))
        form: Self = sized(data=data, **kwargs)
        return form

    @classmethod
    def sized_for(cls, game: TrickBiddingGame[Any, Any], info: RoundInfo) -> type[Self]:
        """The form's class for this table and round, in the reader's language: made once
        and kept (a page asks for it on every view and every Save, and making a form class
        costs more than filling it); a table, round or language not seen lately gets its own."""
        try:
            key = (cls, type(game), tuple(game.players), game.options, info, current_language())
            hash(key)
        except TypeError:  # options that cannot be a key: made afresh
            return cls._sized(game, info)
        sized = _SIZED.get(key)
        if sized is None:
            sized = cls._sized(game, info)
            if len(_SIZED) >= SIZED_KEPT:
                _SIZED.pop(next(iter(_SIZED)), None)
            _SIZED[key] = sized
        return sized

    @classmethod
    def _sized(cls, game: TrickBiddingGame[Any, Any], info: RoundInfo) -> type[Self]:
        return type(
            cls.__name__,
            (cls,),
            {
                "seats": game.player_count,
                "turns_trump": game.turns_trump(info.number),
                **cls.game_fields(game, info),
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

    @classmethod
    def game_fields(cls, game: TrickBiddingGame[Any, Any], info: RoundInfo) -> dict[str, Any]:
        """The game's own fields and class values for this table and round (Wizard's
        special cards); none by default."""
        return {}

    @classmethod
    def turned_data(cls, record: TrickRound) -> dict[str, Any]:
        """A recorded round's turned card as the page shows it: its suit."""
        return {"turned": record.trump.value} if record.trump is not None else {}

    def bid_field(self, seat: int) -> IntegerField:
        return self[f"bid_{seat}"]

    def tricks_field(self, seat: int) -> IntegerField:
        return self[f"tricks_{seat}"]

    def forbidden_bid(self, game: TrickBiddingGame[Any, Any], info: RoundInfo) -> int | None:
        """The dealer's bid the hook forbids, once the other bids are entered."""
        others = [
            self.bid_field(seat).data
            for seat in game.bidding_order(info.dealer)
            if seat != info.dealer
        ]
        if not all(isinstance(bid, int) for bid in others):
            return None
        return game.forbidden_bid(info, others, info.dealer)

    def bids_said(self) -> list[int] | None:
        """Every seat's bid as the page holds it, or None while one is missing."""
        bids = [self.bid_field(seat).data for seat in range(self.seats)]
        return bids if all(isinstance(bid, int) for bid in bids) else None

    def validate_turned(self, field: RadioField) -> None:
        if not self.turns_trump:
            return
        if not field.data:
            raise ValidationError(str(self.turned_missing))
        if field.data not in [choice.value for choice in self.turned_choices]:
            raise ValidationError(gettext("Tap one of the cards shown"))

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
        mapping.update(self.trump_mapping(self.turned.data if self.turns_trump else None))
        return mapping

    def trump_mapping(self, turned: str | None) -> dict[str, Any]:
        """Trump from the suit tapped (none when nothing is turned), with the turned card
        itself when the page knows its rank (RULES.md, Wizard › Trump; Oh Hell › Trump)."""
        if not turned:
            return {"trump": "none"}
        suit = Suit(turned)
        mapping: dict[str, Any] = {"trump": suit.word}
        card = self.known_turned_card(suit)
        if card:
            mapping["turned"] = card
        return mapping

    def known_turned_card(self, suit: Suit) -> str | None:
        """The turned card as the API writes it (``7h``), when the page knows it."""
        return None


def bid_scores(game: TrickBiddingGame[Any, Any], info: RoundInfo) -> dict[str, object]:
    """What a round of ``info``'s deal scores, as the game's rules score it, for the round
    screen's script: ``bid_scores[bid][took]``, every bid from 0 to one more than the
    cards (a bid a special card raised) and every count of tricks taken. The script reads
    each seat's bid (as counted) and tricks off the page and looks its score up: the
    scoring stays the rules' own."""
    return {
        "bid_scores": [
            [game.score(bid, took) for took in range(info.cards + 1)]
            for bid in range(info.cards + 2)
        ]
    }
