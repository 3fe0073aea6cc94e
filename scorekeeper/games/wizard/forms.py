"""Wizard's forms: a new game's options, a round's page, a blank sheet's options."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext
from wtforms import BooleanField, Form, HiddenField, IntegerField, RadioField, ValidationError
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from ...forms import (
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    NewGameForm,
    first_dealer_field,
    players_field,
    suit_word,
)
from ...rules import Suit
from ...rules.wizard import WizardRound
from ..tricks import SUIT_CHOICES, TrickRoundForm


class NewWizardGameForm(NewGameForm):
    game_key = "wizard"
    seats = 6
    players = players_field(6)
    first_dealer = first_dealer_field(6)
    hook = BooleanField(lazy_gettext("Hook: the dealer's bid may not make the bids add up"))
    rounds = IntegerField(
        lazy_gettext("Rounds"), validators=[Optional()], invalid_value_message=NOT_A_WHOLE_NUMBER
    )

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"hook": bool(self.hook.data)}
        if self.rounds.data is not None:
            options["rounds"] = self.rounds.data
        return options


# The values are what the page sends; the labels are read (a suit's name: ``hearts``).
TURNED_CHOICES = [
    *SUIT_CHOICES,
    SelectChoice("wizard", lazy_gettext("Wizard")),
    SelectChoice("jester", lazy_gettext("Jester")),
]


class WizardRoundForm(TrickRoundForm):
    """One Wizard round as the scorekeeper enters it: turned card, bids, tricks.

    Beyond the suits, a Wizard may be turned (the dealer chooses trump) or a Jester
    (no trump); a card the API recorded (``7h``) is kept while its suit holds.
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
    anchors: ClassVar[dict[str, str]] = {**TrickRoundForm.anchors, "wizard_trump": "at-trump"}

    @classmethod
    def turned_data(cls, record: Any) -> dict[str, Any]:
        return _turned_choice(record)

    def validate_wizard_trump(self, field: RadioField) -> None:
        wizard_turned = self.turns_trump and self.turned.data == "wizard"
        if wizard_turned and field.data not in [suit.word for suit in Suit]:
            raise ValidationError(gettext("A Wizard was turned: tap the suit the dealer chose"))

    def trump_mapping(self, turned: str | None) -> dict[str, Any]:
        # RULES.md, Wizard › Trump: a Wizard lets the dealer choose; a Jester, no trump.
        if turned in ("wizard", "jester"):
            return {
                "turned": turned,
                "trump": self.wizard_trump.data if turned == "wizard" else "none",
            }
        return super().trump_mapping(turned)

    def known_turned_card(self, suit: Suit) -> str | None:
        # A correction keeps a card the API recorded (7h) while its suit still holds.
        kept = self.turned_card.data or ""
        return kept if kept[-1:].lower() == suit.value else None


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


class WizardSheetForm(Form):
    """Wizard's options on the blank-sheet form (its fields joined to ``BlankSheetForm``).

    The special cards are a box each, the Dragon and the Fairy one box: they are played
    only together (RULES.md, Wizard with the anniversary special cards)."""

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
    played), a short game's rounds, the special cards and the tie-break."""
    hook_from = form.hook_from.data
    options: dict[str, Any] = {"hook": bool(form.hook.data) or hook_from is not None}
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
