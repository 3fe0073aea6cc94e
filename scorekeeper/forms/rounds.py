"""A round's page: the base every game's round form builds on, and the fields it adds a
seat at a time for the table it is made for.

A game's round form (``WizardRoundForm``) is sized in its ``for_round``: a subclass made
for the table, with a field a seat from :func:`per_seat` (:func:`bid_fields`,
:func:`tricks_fields`, :func:`points_fields`), each labelled and refused with that
player's name. The names are a person's, put into the sentence whole; the field's name
is ``<stem>_<seat>`` (``bid_0``), which :meth:`RoundForm.anchor` and the rules' refusals
(``bids`` with a seat) both read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from flask_babel import gettext
from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired

from .common import NOT_A_WHOLE_NUMBER, EditForm

__all__ = [
    "RoundForm",
    "bid_fields",
    "per_seat",
    "points_fields",
    "seat_number_field",
    "tricks_fields",
]


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
    play_fields: ClassVar[tuple[str, ...]] = ()
    """The fields entered after the play (``tricks_`` stands for every ``tricks_<seat>``):
    left out when the page saves the bids alone, and empty on a page made from them."""

    def is_play_field(self, name: str) -> bool:
        return any(
            name == stem or (stem.endswith("_") and name.startswith(stem))
            for stem in self.play_fields
        )

    def without_play(self) -> None:
        """Empty the play's fields: the page shows a round whose bids alone are said."""
        for field in self:
            if self.is_play_field(field.name):
                field.data = field.default if field.type == "BooleanField" else None
                field.raw_data = None

    BOOKKEEPING: ClassVar[frozenset[str]] = frozenset(
        {"csrf_token", "number", "version", "key", "dealer", "sent_later"}
    )
    """The fields a page sends of itself, whatever was tapped on it."""

    def nothing_entered(self) -> bool:
        """Whether the page was sent as it was drawn: not one thing tapped or typed (a
        Save on a round's fresh page, as after Back from the round just saved)."""
        for field in self:
            if field.name in self.BOOKKEEPING:
                continue
            sent = [value for value in field.raw_data or () if value not in ("", None)]
            if not sent:
                continue
            default = field.default
            if default is not None and sent == [str(default)]:
                continue  # a choice the page makes for you (One Card's order)
            return False
        return True

    def said_errors(self) -> dict[str, list[str]]:
        """The form's problems but the play's: those that keep the bids from being saved."""
        return {
            name: list(errors)
            for name, errors in self.errors.items()
            if not (name and self.is_play_field(name))
        }

    def anchor(self, key: str) -> str | None:
        """Where the page shows a problem with ``key`` (a field, or a rules' field with
        its seat: ``tricks_2``); None for the form as a whole."""
        if key in self.anchors:
            return self.anchors[key]
        name, _, seat = key.rpartition("_")
        if seat.isdigit() and name in self.seat_anchors:
            return f"{self.seat_anchors[name]}-{seat}"
        return None

    def seat_field(self, stem: str, seat: int) -> IntegerField:
        """The field :func:`per_seat` made for ``seat`` under ``stem`` (``bid``, 2)."""
        field: IntegerField = self[f"{stem}_{seat}"]
        return field


def seat_number_field(label: str, missing: str) -> IntegerField:
    """A whole number one player's row asks for; ``label`` and ``missing`` (the refusal
    of an empty box) are already in the reader's language, with the player's name."""
    return IntegerField(
        label,
        validators=[InputRequired(missing)],
        invalid_value_message=NOT_A_WHOLE_NUMBER,
    )


def per_seat(
    stem: str, players: Sequence[str], field: Callable[[str], IntegerField]
) -> dict[str, IntegerField]:
    """A field a seat, ``<stem>_<seat>``, made by ``field`` from the seat's player's name:
    the attributes a round form's ``for_round`` adds to the subclass it sizes."""
    return {f"{stem}_{seat}": field(name) for seat, name in enumerate(players)}


def bid_fields(players: Sequence[str]) -> dict[str, IntegerField]:
    """Each player's bid, ``bid_0``, ``bid_1``, … (Wizard, Oh Hell)."""
    return per_seat(
        "bid",
        players,
        lambda name: seat_number_field(
            gettext("%(name)s's bid", name=name), gettext("Enter %(name)s's bid", name=name)
        ),
    )


def tricks_fields(players: Sequence[str]) -> dict[str, IntegerField]:
    """The tricks each player took, ``tricks_0``, ``tricks_1``, … (Wizard, Oh Hell)."""
    return per_seat(
        "tricks",
        players,
        lambda name: seat_number_field(
            gettext("%(name)s's tricks", name=name),
            gettext("Enter the tricks %(name)s took", name=name),
        ),
    )


def points_fields(players: Sequence[str]) -> dict[str, IntegerField]:
    """The points each player took, ``points_0``, ``points_1``, … (One Card)."""
    return per_seat(
        "points",
        players,
        lambda name: seat_number_field(
            gettext("%(name)s's points", name=name),
            gettext("Enter the points %(name)s took", name=name),
        ),
    )
