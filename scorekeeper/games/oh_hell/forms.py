"""Oh Hell's forms: a new game's options, a round's page, a blank sheet's options."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext
from wtforms import (
    BooleanField,
    Form,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    ValidationError,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, NumberRange, Optional

from ...forms import (
    NOT_A_CHOICE,
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    NewGameForm,
    first_dealer_field,
    players_field,
)
from ...rules import Rank, Suit, TrickRound
from ..tricks import (
    OWN_SCHEDULE,
    SUIT_CHOICES,
    OwnSchedule,
    TrickRoundForm,
    hand_sizes_field,
    hidden_bids_field,
    own_hand_sizes,
)
from .rules import (
    DEFAULT_SCORING,
    MAX_SCORING_NUMBER,
    SCORING_FIELDS,
    OhHellGame,
    largest_hand,
)

SEATS = OhHellGame.max_players
OWN_SCORING = "own"
SCORING_CHOICES = [
    SelectChoice("ten-plus-bid", lazy_gettext("Ten plus the bid")),
    SelectChoice("trick-each", lazy_gettext("A point a trick")),
    SelectChoice("wizard-style", lazy_gettext("As Wizard scores")),
    SelectChoice(OWN_SCORING, lazy_gettext("Our own numbers")),
]
SCORING_NUMBER_LABELS = {
    "made_base": lazy_gettext("Bid made: points for making it"),
    "made_per_trick": lazy_gettext("Bid made: points a trick bid"),
    "per_trick": lazy_gettext("Points for every trick taken"),
    "missed_per_trick_off": lazy_gettext("Bid missed: points off a trick off"),
}


def _scoring_number(name: str) -> IntegerField:
    return IntegerField(
        SCORING_NUMBER_LABELS[name],
        validators=[
            Optional(),
            NumberRange(min=0, max=MAX_SCORING_NUMBER, message=OUT_OF_RANGE),
        ],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )


# Oh Hell's schedules by name (RULES.md, Oh Hell › Rounds and dealing), as a new game and a
# blank sheet offer them; the values are the rules' names.
SCHEDULE_CHOICES = [
    SelectChoice("down-up", lazy_gettext("Down and up")),
    SelectChoice("up-down", lazy_gettext("Up and down")),
    SelectChoice("down", lazy_gettext("Down only")),
    SelectChoice("up", lazy_gettext("Up only")),
]


class NewOhHellGameForm(OwnSchedule, NewGameForm):
    """Oh Hell's options: the schedule and its top hand, the hook, the scoring
    (RULES.md, Oh Hell › Rounds and dealing, › Bidding, › Scoring)."""

    game_key = OhHellGame.key
    seats = SEATS
    players = players_field(SEATS)
    first_dealer = first_dealer_field(SEATS)
    schedule = RadioField(
        lazy_gettext("Hand sizes, round by round"),
        choices=[*SCHEDULE_CHOICES, SelectChoice(OWN_SCHEDULE, lazy_gettext("Our own list"))],
        default="down-up",
        invalid_choice_message=NOT_A_CHOICE,
    )
    hand_sizes = hand_sizes_field()
    top = IntegerField(
        lazy_gettext("Top hand size"),
        validators=[Optional()],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    hook = BooleanField(
        lazy_gettext("Hook: the dealer's bid may not make the bids add up"), default=True
    )
    hidden_bids = hidden_bids_field()
    scoring = RadioField(
        lazy_gettext("Scoring"),
        choices=SCORING_CHOICES,
        default=DEFAULT_SCORING,
        invalid_choice_message=NOT_A_CHOICE,
    )
    made_base = _scoring_number("made_base")
    made_per_trick = _scoring_number("made_per_trick")
    per_trick = _scoring_number("per_trick")
    missed_per_trick_off = _scoring_number("missed_per_trick_off")

    def scoring_fields(self) -> list[IntegerField]:
        """The four numbers of the table's own scoring, in the rules' order."""
        return [self[name] for name in SCORING_FIELDS]

    def validate_scoring(self, field: RadioField) -> None:
        own = field.data == OWN_SCORING
        if own and any(number.data is None for number in self.scoring_fields()):
            raise ValidationError(gettext("Give all four numbers of your own scoring"))

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {
            "schedule": self.schedule_option(),
            "hook": bool(self.hook.data),
        }
        if self.schedule.data != OWN_SCHEDULE and self.top.data is not None:
            options["top"] = self.top.data
        if self.scoring.data == OWN_SCORING:
            options["scoring"] = {number.name: number.data for number in self.scoring_fields()}
        else:
            options["scoring"] = self.scoring.data
        if self.hidden_bids.data:
            options["hidden_bids"] = True
        return options


# A rank's value is how the API writes it (10, q); empty when the page does not say.
RANK_CHOICES = [SelectChoice("", lazy_gettext("Rank?"))] + [
    SelectChoice(rank.letter.lower(), rank.letter) for rank in sorted(Rank, reverse=True)
]


class OhHellRoundForm(TrickRoundForm):
    """One Oh Hell round: the turned card (its suit, and its rank if the table says),
    bids and tricks; nothing turned when every card is dealt (RULES.md, Oh Hell › Trump)."""

    # Choices are checked by the validate_ methods, with messages for people.
    turned = RadioField(lazy_gettext("Turned card"), choices=SUIT_CHOICES, validate_choice=False)
    turned_rank = SelectField(
        lazy_gettext("Its rank"), choices=RANK_CHOICES, default="", validate_choice=False
    )

    anchors: ClassVar[dict[str, str]] = {**TrickRoundForm.anchors, "turned_rank": "at-trump"}

    @classmethod
    def turned_data(cls, record: TrickRound) -> dict[str, Any]:
        data = super().turned_data(record)
        if record.turned is not None and record.turned.rank is not None:
            data["turned_rank"] = record.turned.rank.letter.lower()
        return data

    def validate_turned_rank(self, field: SelectField) -> None:
        if field.data and field.data not in [choice.value for choice in RANK_CHOICES]:
            raise ValidationError(gettext("Pick one of the ranks shown"))

    def known_turned_card(self, suit: Suit) -> str | None:
        rank = self.turned_rank.data
        return f"{rank}{suit.value}" if rank else None


class OhHellSheetForm(Form):
    """Oh Hell's options on the blank-sheet form (its fields joined to ``BlankSheetForm``):
    the schedule, by name or the table's own list, its top hand, the hook, the scoring."""

    schedule = RadioField(
        lazy_gettext("Hand sizes, round by round"),
        choices=[*SCHEDULE_CHOICES, SelectChoice(OWN_SCHEDULE, lazy_gettext("Our own list"))],
        default="down-up",
        validators=[Optional()],
        invalid_choice_message=NOT_A_CHOICE,
    )
    hand_sizes = StringField(
        lazy_gettext("Cards each, round by round"), validators=[Optional(), Length(max=400)]
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
    scoring = RadioField(
        lazy_gettext("Scoring"),
        choices=SCORING_CHOICES,
        default=DEFAULT_SCORING,
        validators=[Optional()],
        invalid_choice_message=NOT_A_CHOICE,
    )
    made_base = _scoring_number("made_base")
    made_per_trick = _scoring_number("made_per_trick")
    per_trick = _scoring_number("per_trick")
    missed_per_trick_off = _scoring_number("missed_per_trick_off")

    examples: ClassVar[tuple[dict[str, str], ...]] = (
        {"schedule": OWN_SCHEDULE, "hand_sizes": "4, 2, 2, 1, 3, 5"},
        {"scoring": OWN_SCORING, "made_base": "5", "made_per_trick": "0", "per_trick": "2"}
        | {"missed_per_trick_off": "3"},
    )
    """Choices that go together, as a blank sheet's address sends them (tests print each)."""

    def scoring_fields(self) -> list[IntegerField]:
        """The four numbers of the table's own scoring, in the rules' order."""
        return [self[name] for name in SCORING_FIELDS]

    def validate_hand_sizes(self, field: StringField) -> None:
        if self.schedule.data == OWN_SCHEDULE and not own_hand_sizes(field.data):
            raise ValidationError(
                gettext("Give the cards each round deals, in order, as whole numbers: 5, 4, 3")
            )

    def validate_scoring(self, field: RadioField) -> None:
        own = field.data == OWN_SCORING
        if own and any(number.data is None for number in self.scoring_fields()):
            raise ValidationError(gettext("Give all four numbers of your own scoring"))


def oh_hell_sheet_options(form: Any) -> dict[str, Any]:
    """Oh Hell's options on a blank sheet: the schedule (by name and its top hand, or the
    table's own list), the hook, the scoring (a preset or the table's own numbers)."""
    options: dict[str, Any] = {
        "schedule": form.schedule.data or "down-up",
        "hook": not form.no_hook.data,
    }
    if options["schedule"] == OWN_SCHEDULE:
        options["schedule"] = own_hand_sizes(form.hand_sizes.data)
    elif form.top.data is not None:
        options["top"] = form.top.data
    if form.scoring.data == OWN_SCORING:
        options["scoring"] = {name: form[name].data for name in SCORING_FIELDS}
    elif form.scoring.data:
        options["scoring"] = form.scoring.data
    return options
