"""Wizard's forms: a new game's options, a round's page, a blank sheet's options."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext
from wtforms import (
    BooleanField,
    Form,
    HiddenField,
    IntegerField,
    RadioField,
    SelectMultipleField,
    StringField,
    ValidationError,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from ...forms import (
    NOT_A_CHOICE,
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    NewGameForm,
    first_dealer_field,
    players_field,
    suit_word,
)
from ...i18n import lazy_card_word
from ...rules import RoundInfo, Special, Suit
from ...rules.cards import ANNIVERSARY_CARDS
from ..tricks import (
    OWN_SCHEDULE,
    SUIT_CHOICES,
    OwnSchedule,
    TrickRoundForm,
    hand_sizes_field,
    hidden_bids_field,
    own_hand_sizes,
)
from .cards import SPECIAL_CARD_WORDS
from .rules import NO_TRUMP_TURNED, WizardGame, WizardRound

SPECIAL_CARD_CHOICES = [
    SelectChoice(card.value, SPECIAL_CARD_WORDS[card]) for card in ANNIVERSARY_CARDS
]
DEALER_NAMES_SUIT = frozenset(
    ["wizard", *(card.value for card in ANNIVERSARY_CARDS if card not in NO_TRUMP_TURNED)]
)
"""Turned cards after which the dealer names the trump suit (RULES.md, Wizard › Trump;
Wizard with the anniversary special cards)."""
NO_TRUMP_WORD = "none"


class CheckboxesField(SelectMultipleField):
    """Any of its choices, each a checkbox (a page without JavaScript ticks several)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


# Wizard's deals by name (RULES.md, Wizard schedules), as a new game and a blank sheet
# offer them; the values are the rules' names.
SCHEDULE_CHOICES = [
    SelectChoice("full", lazy_gettext("Full game: 1, 2, 3 … cards")),
    SelectChoice("tournament", lazy_gettext("Tournament: 1, 3, 5 … cards")),
]


class NewWizardGameForm(OwnSchedule, NewGameForm):
    """Wizard's options: the hook and the round it holds from, the schedule and a short
    game's rounds, the tie-break, the special cards, hidden bids (RULES.md, Wizard;
    Wizard schedules; Wizard with the anniversary special cards)."""

    game_key = "wizard"
    seats = 6
    players = players_field(6)
    first_dealer = first_dealer_field(6)
    hook = BooleanField(lazy_gettext("Hook: the dealer's bid may not make the bids add up"))
    schedule = RadioField(
        lazy_gettext("Hand sizes, round by round"),
        choices=[*SCHEDULE_CHOICES, SelectChoice(OWN_SCHEDULE, lazy_gettext("Our own list"))],
        default="full",
        invalid_choice_message=NOT_A_CHOICE,
    )
    hand_sizes = hand_sizes_field()
    rounds = IntegerField(
        lazy_gettext("Rounds"), validators=[Optional()], invalid_value_message=NOT_A_WHOLE_NUMBER
    )
    hook_from = IntegerField(
        lazy_gettext("The hook from round"),
        validators=[Optional()],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    tie_break = RadioField(
        lazy_gettext("Equal top totals"),
        choices=[
            SelectChoice("share", lazy_gettext("share the win")),
            SelectChoice(
                "exact_bids",
                lazy_gettext("go to whoever met their bid in the most rounds (tournaments)"),
            ),
        ],
        default="share",
        validate_choice=False,
    )
    special_cards = CheckboxesField(
        lazy_gettext("Special cards (the anniversary editions)"),
        choices=SPECIAL_CARD_CHOICES,
        validate_choice=False,
    )
    hidden_bids = hidden_bids_field()

    def validate_tie_break(self, field: RadioField) -> None:
        if field.data not in (None, "", "share", "exact_bids"):
            raise ValidationError(gettext("Tap one of the ways shown"))

    def options(self) -> dict[str, Any]:
        """The options as the API writes them; the rules judge them (the Dragon only with
        the Fairy, a special card that does not exist)."""
        options: dict[str, Any] = {"hook": bool(self.hook.data)}
        if self.schedule.data != "full":
            options["schedule"] = self.schedule_option()
        if self.rounds.data is not None:
            options["rounds"] = self.rounds.data
        # The hook's first round means something only with the hook.
        if self.hook.data and self.hook_from.data is not None:
            options["hook_from"] = self.hook_from.data
        if self.tie_break.data and self.tie_break.data != "share":
            options["tie_break"] = self.tie_break.data
        if self.special_cards.data:
            options["special_cards"] = list(self.special_cards.data)
        if self.hidden_bids.data:
            options["hidden_bids"] = True
        return options


SUIT_LETTERS = frozenset(suit.value for suit in Suit)
# The values are what the page sends; the labels are read (a suit's name: ``hearts``).
TURNED_CHOICES = [
    *SUIT_CHOICES,
    SelectChoice("wizard", lazy_card_word("Wizard")),
    SelectChoice("jester", lazy_gettext("Jester")),
]
NAMED_TRUMP_CHOICES = [
    *(SelectChoice(suit.word, suit_word(suit)) for suit in Suit),
    SelectChoice(NO_TRUMP_WORD, lazy_gettext("no trump")),
]
CLOUD_CHANGES = [
    SelectChoice("1", lazy_gettext("up by one")),
    SelectChoice("-1", lazy_gettext("down by one")),
]
NOBODY = ""


class WizardRoundForm(TrickRoundForm):
    """One Wizard round as the scorekeeper enters it: turned card, bids, tricks.

    Beyond the suits, a Wizard may be turned (the dealer chooses trump) or a Jester
    (no trump); a card the API recorded (``7h``) is kept while its suit holds. With the
    anniversary special cards, any of them in play may be turned, and the round asks for
    those in play: whether the Bomb was played, who won the Cloud's trick and whether
    their bid went up or down, who held the Werewolf and the trump they named.
    """

    # Choices are checked by the validate_ methods, with messages for people.
    turned = RadioField(lazy_gettext("Turned card"), choices=TURNED_CHOICES, validate_choice=False)
    wizard_trump = RadioField(
        lazy_gettext("Dealer's choice of trump"),
        choices=[SelectChoice(suit.word, suit_word(suit)) for suit in Suit],
        validate_choice=False,
    )
    turned_card = HiddenField()

    turned_choices: ClassVar[list[SelectChoice]] = TURNED_CHOICES
    turned_missing: ClassVar[Any] = lazy_gettext(
        "Tap the turned card: a suit, a Wizard or a Jester"
    )
    special_cards: ClassVar[frozenset[str]] = frozenset()
    """The anniversary cards the game plays with (the sized form's)."""
    player_names: ClassVar[tuple[str, ...]] = ()
    anchors: ClassVar[dict[str, str]] = {
        **TrickRoundForm.anchors,
        "wizard_trump": "at-trump",
        "werewolf": "at-werewolf",
        "werewolf_seat": "at-werewolf",
        "werewolf_trump": "at-werewolf",
        "bomb": "at-bomb",
        "cloud": "at-cloud",
        "cloud_seat": "at-cloud",
        "cloud_change": "at-cloud",
    }
    # The Bomb and the Cloud happen in the play, with the tricks; the Werewolf before it.
    play_fields: ClassVar[tuple[str, ...]] = ("tricks_", "bomb", "cloud_seat", "cloud_change")
    sections: ClassVar[tuple[str, ...]] = (
        "dealer-change",
        "at-trump",
        "at-werewolf",
        "at-bids",
        "at-bomb",
        "at-tricks",
        "at-cloud",
    )

    @classmethod
    def game_fields(cls, game: Any, info: RoundInfo) -> dict[str, Any]:
        """The special cards' fields, only for those the game plays with."""
        if not isinstance(game, WizardGame) or not game.options.special_cards:
            return {}
        special = game.options.special_cards
        seats = [SelectChoice(NOBODY, lazy_gettext("nobody"))] + [
            SelectChoice(str(seat), name) for seat, name in enumerate(game.players)
        ]
        turned = [
            *TURNED_CHOICES,
            *(
                SelectChoice(card.value, SPECIAL_CARD_WORDS[card])
                for card in ANNIVERSARY_CARDS
                if card.value in special
            ),
        ]
        fields: dict[str, Any] = {
            "special_cards": special,
            "player_names": tuple(game.players),
            "turned": RadioField(
                lazy_gettext("Turned card"), choices=turned, validate_choice=False
            ),
            "turned_choices": turned,
            "turned_missing": lazy_gettext("Tap the turned card: a suit or a special card"),
        }
        if "bomb" in special:
            fields["bomb"] = BooleanField(lazy_gettext("The Bomb was played"))
        if "cloud" in special:
            fields["cloud_seat"] = RadioField(
                lazy_gettext("Who won the Cloud's trick?"), choices=seats, validate_choice=False
            )
            fields["cloud_change"] = RadioField(
                lazy_gettext("Their bid went:"), choices=CLOUD_CHANGES, validate_choice=False
            )
        if "werewolf" in special:
            fields["werewolf_seat"] = RadioField(
                lazy_gettext("Who held the Werewolf?"), choices=seats, validate_choice=False
            )
            fields["werewolf_trump"] = RadioField(
                lazy_gettext("The trump they named:"),
                choices=NAMED_TRUMP_CHOICES,
                validate_choice=False,
            )
        return fields

    @classmethod
    def turned_data(cls, record: Any) -> dict[str, Any]:
        return _recorded_choices(record)

    def plays(self, card: str) -> bool:
        """Whether the page asks about this special card (the game plays with it)."""
        return card in self.special_cards

    def _seat(self, name: str) -> int | None:
        """The seat tapped in ``name`` (None: nobody, or a field the game lacks)."""
        field = getattr(self, name, None)
        value = field.data if field is not None else None
        if value in (None, NOBODY):
            return None
        try:
            return int(value)
        except (TypeError, ValueError):
            return -1

    def _seat_word(self, seat: int | None) -> str:
        names = self.player_names
        return names[seat] if seat is not None and 0 <= seat < len(names) else ""

    def validate_turned(self, field: RadioField) -> None:
        # The Werewolf's holder named the trump: the turned card changes nothing then,
        # unless it was a special card (RULES.md, Wizard with the anniversary special cards).
        if not field.data and self._seat("werewolf_seat") is not None:
            return
        super().validate_turned(field)

    def validate_wizard_trump(self, field: RadioField) -> None:
        turned = self.turned.data if self.turns_trump else None
        if turned not in DEALER_NAMES_SUIT or self._seat("werewolf_seat") is not None:
            return
        if field.data in [suit.word for suit in Suit]:
            return
        if turned == "wizard":
            raise ValidationError(gettext("A Wizard was turned: tap the suit the dealer chose"))
        raise ValidationError(
            gettext(
                "The %(card)s was turned: tap the suit the dealer chose",
                card=SPECIAL_CARD_WORDS[Special(turned)],
            )
        )

    def _seat_errors(self, name: str, ask: str) -> None:
        seat = self._seat(name)
        if seat is not None and not 0 <= seat < self.seats:
            raise ValidationError(ask)

    def validate_cloud_seat(self, field: RadioField) -> None:
        self._seat_errors("cloud_seat", gettext("Tap who won the Cloud's trick, or nobody"))

    def validate_cloud_change(self, field: RadioField) -> None:
        seat = self._seat("cloud_seat")
        if seat is None:
            if field.data:
                raise ValidationError(
                    gettext(
                        "Tap who won the Cloud's trick, whose bid went up or down"
                        " (or leave both empty)"
                    )
                )
            return
        if field.data not in ("1", "-1"):
            raise ValidationError(
                gettext(
                    "Tap whether %(name)s's bid went up or down with the Cloud",
                    name=self._seat_word(seat),
                )
            )

    def validate_werewolf_seat(self, field: RadioField) -> None:
        self._seat_errors("werewolf_seat", gettext("Tap who held the Werewolf, or nobody"))

    def validate_werewolf_trump(self, field: RadioField) -> None:
        seat = self._seat("werewolf_seat")
        named = [choice.value for choice in NAMED_TRUMP_CHOICES]
        if seat is None:
            if field.data:
                raise ValidationError(
                    gettext("Tap who held the Werewolf and named the trump (or leave both empty)")
                )
            return
        if field.data not in named:
            raise ValidationError(
                gettext(
                    "Tap the trump %(name)s named with the Werewolf, or no trump",
                    name=self._seat_word(seat),
                )
            )

    def round_mapping(self) -> dict[str, Any]:
        mapping = super().round_mapping()
        if self.plays("bomb") and self["bomb"].data:
            mapping["bomb"] = True
        cloud = self._seat("cloud_seat")
        if cloud is not None:
            change = self["cloud_change"].data
            mapping["cloud"] = {"seat": cloud, "change": int(change) if change else None}
        werewolf = self._seat("werewolf_seat")
        if werewolf is not None:
            named = self["werewolf_trump"].data
            mapping["werewolf"] = {"seat": werewolf, "trump": named}
            turned = self.turned.data if self.turns_trump else None
            if turned in SUIT_LETTERS and "turned" not in mapping:
                # Only the turned card's suit was tapped, and the trump named replaces
                # it: the swap keeps it, for the correction screen to show.
                mapping["werewolf"]["turned_suit"] = Suit(turned).word
            # RULES.md: the trump the Werewolf's holder named is the round's.
            mapping["trump"] = named
        return mapping

    def trump_mapping(self, turned: str | None) -> dict[str, Any]:
        # RULES.md, Wizard › Trump: a Wizard lets the dealer choose; a Jester, no trump.
        # An anniversary card turned: the Fairy or the Bomb, no trump; the others, the
        # dealer names a suit.
        if turned in DEALER_NAMES_SUIT:
            return {"turned": turned, "trump": self.wizard_trump.data}
        if turned == "jester" or (turned in self.special_cards):
            return {"turned": turned, "trump": NO_TRUMP_WORD}
        return super().trump_mapping(turned)

    def known_turned_card(self, suit: Suit) -> str | None:
        # A correction keeps a card the API recorded (7h) while its suit still holds.
        kept = self.turned_card.data or ""
        return kept if kept[-1:].lower() == suit.value else None


def _recorded_choices(record: WizardRound) -> dict[str, Any]:
    """A recorded round as the page's choices: its turned card (a suit, a Wizard, a
    Jester or a special card, with the dealer's suit), and the special cards' facts."""
    data: dict[str, Any] = {}
    werewolf = record.werewolf
    if record.turned is not None and record.turned.special is not None:
        data["turned"] = record.turned.special.value
        if record.trump is not None and werewolf is None:
            data["wizard_trump"] = record.trump.word
    elif record.turned is not None and record.turned.suit is not None:
        data["turned"] = record.turned.suit.value
        data["turned_card"] = str(record.turned)
    elif record.trump is not None and werewolf is None:
        data["turned"] = record.trump.value
    elif werewolf is not None and werewolf.turned_suit is not None:
        data["turned"] = werewolf.turned_suit.value
    if record.bomb:
        data["bomb"] = True
    if record.cloud is not None:
        data["cloud_seat"] = str(record.cloud.seat)
        data["cloud_change"] = str(record.cloud.change)
    if werewolf is not None:
        data["werewolf_seat"] = str(werewolf.seat)
        data["werewolf_trump"] = werewolf.trump.word if werewolf.trump else NO_TRUMP_WORD
    return data


def _own_sizes_typed(form: Any, field: StringField) -> None:
    """The blank sheet's own list, typed when it is chosen (a validator, not a method:
    the sheet form's names are its fields)."""
    if form.deal.data == OWN_SCHEDULE and not own_hand_sizes(field.data):
        raise ValidationError(
            gettext("Give the cards each round deals, in order, as whole numbers: 5, 4, 3")
        )


class WizardSheetForm(Form):
    """Wizard's options on the blank-sheet form (its fields joined to ``BlankSheetForm``).

    The special cards are a box each, the Dragon and the Fairy one box: they are played
    only together (RULES.md, Wizard with the anniversary special cards)."""

    examples: ClassVar[tuple[dict[str, str], ...]] = (
        {"deal": OWN_SCHEDULE, "deal_sizes": "1, 2, 4, 7, 10"},
    )
    """Choices that go together: the table's own list (one every table size may deal) typed
    with the radio that asks for it."""

    hook = BooleanField(lazy_gettext("Hook: the dealer's bid may not make the bids add up"))
    hook_from = IntegerField(
        lazy_gettext("The hook from round"),
        validators=[Optional(), NumberRange(min=1, max=60, message=OUT_OF_RANGE)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    rounds = IntegerField(
        lazy_gettext("Rounds (a short game)"),
        validators=[Optional(), NumberRange(min=1, max=60, message=OUT_OF_RANGE)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )
    # Named apart from the other games' blank-sheet options ("schedule" is Oh Hell's there).
    deal = RadioField(
        lazy_gettext("Hand sizes, round by round"),
        choices=[*SCHEDULE_CHOICES, SelectChoice(OWN_SCHEDULE, lazy_gettext("Our own list"))],
        default="full",
        validators=[Optional()],
        invalid_choice_message=NOT_A_CHOICE,
    )
    deal_sizes = StringField(
        lazy_gettext("Cards each, round by round"),
        validators=[_own_sizes_typed, Optional(), Length(max=400)],
    )
    special_bomb = BooleanField(lazy_gettext("Bomb"))
    special_cloud = BooleanField(lazy_gettext("Cloud"))
    special_dragon_fairy = BooleanField(lazy_gettext("Dragon and Fairy"))
    special_juggler = BooleanField(lazy_gettext("Juggler"))
    special_werewolf = BooleanField(lazy_gettext("Werewolf"))
    special_shapeshifter = BooleanField(lazy_gettext("Shapeshifter"))
    tie_break = BooleanField(
        lazy_gettext(
            "Tie-break of the tournaments: equal top totals go to whoever met their bid"
            " in the most rounds"
        )
    )


SHEET_SPECIAL_CARDS = {
    "special_bomb": ("bomb",),
    "special_cloud": ("cloud",),
    "special_dragon_fairy": ("dragon", "fairy"),
    "special_juggler": ("juggler",),
    "special_werewolf": ("werewolf",),
    "special_shapeshifter": ("shapeshifter",),
}
"""The blank-sheet form's boxes of special cards, and the cards each one adds."""


def wizard_sheet_options(form: Any) -> dict[str, Any]:
    """Wizard's options on a blank sheet: the hook (a round to hold from says it is
    played), the hand sizes and a short game's rounds, the special cards and the
    tie-break."""
    hook_from = form.hook_from.data
    options: dict[str, Any] = {"hook": bool(form.hook.data) or hook_from is not None}
    if form.deal.data == OWN_SCHEDULE:
        options["schedule"] = own_hand_sizes(form.deal_sizes.data)
    elif form.deal.data == "tournament":
        options["schedule"] = "tournament"
    if form.rounds.data is not None:
        options["rounds"] = form.rounds.data
    if hook_from is not None:
        options["hook_from"] = hook_from
    cards = [card for name, adds in SHEET_SPECIAL_CARDS.items() if form[name].data for card in adds]
    if cards:
        options["special_cards"] = cards
    if form.tie_break.data:
        options["tie_break"] = "exact_bids"
    return options
