"""Rule errors: refusals that carry a sentence a player understands.

A rule error is a value. It keeps its English message as a template with
``{name}`` placeholders and the values that fill it, so that a translating
layer can look the template up and fill it again; ``str(error)`` is the
English sentence.

>>> error = TrickError(
...     "Tricks add up to {taken}, but {cards} card was dealt",
...     "Tricks add up to {taken}, but {cards} cards were dealt",
...     plural_by="cards", taken=4, cards=5, field="tricks")
>>> str(error)
'Tricks add up to 4, but 5 cards were dealt'
>>> error.field
'tricks'
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Marks a sentence for the translation catalogs; returns it as it is."""
    return message


class RuleError(ValueError):
    """Something that cannot be true at the table.

    ``field`` names the input the refusal concerns (``"bids"``, ``"tricks"``,
    ``"trump"``, ...), so a form can show the message next to it.
    """

    def __init__(
        self,
        message: str,
        plural: str | None = None,
        *,
        plural_by: str | None = None,
        field: str | None = None,
        **values: Any,
    ) -> None:
        self.template = message
        self.plural_template = plural
        self.plural_by = plural_by
        self.field = field
        self.values = values
        super().__init__(self.message)

    @property
    def message(self) -> str:
        template = self.template
        if self.plural_template is not None and self.plural_by is not None:  # noqa: SIM102
            if self.values.get(self.plural_by) != 1:
                template = self.plural_template
        return template.format(**self.values)

    def __str__(self) -> str:
        return self.message

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, RuleError)
            and (other.message, other.field) == (self.message, self.field)
        )

    def __hash__(self) -> int:
        return hash((type(self), self.message, self.field))


class CardError(RuleError):
    """A card that cannot be read or does not exist in the game's deck."""


class PlayerCountError(RuleError):
    """Too few or too many players for the game."""


class PlayerError(RuleError):
    """A seat that is not at the table, or a name that cannot be used."""


class OptionError(RuleError):
    """An option the game does not allow."""


class RoundError(RuleError):
    """A round that is not in the game's plan (or the game is over)."""


class GameOverError(RoundError):
    """A round recorded after the game has ended."""


class TrumpError(RuleError):
    """A trump that contradicts the turned card or the round."""


class BidError(RuleError):
    """A bid the rules do not allow."""


class TrickError(RuleError):
    """Tricks taken that cannot have been taken."""


class PointsError(RuleError):
    """Card points that cannot have been taken."""


class RoundRefused(RuleError):
    """A round with one or more refusals; ``errors`` lists them all."""

    def __init__(self, errors: list[RuleError]) -> None:
        if not errors:
            raise ValueError("RoundRefused needs at least one error")
        self.errors = list(errors)
        first = self.errors[0]
        super().__init__(
            first.template,
            first.plural_template,
            plural_by=first.plural_by,
            field=first.field,
            **first.values,
        )
