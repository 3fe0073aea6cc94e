"""What a game's played paper sheet is typed back in as: the cells of a round's row, in
the order a pen fills them, asked of the game's kind (``kind(key).paper``).

A row is its lead cells (a choice typed as one digit: the trump's suit) and each player's
numbers (the bid, the tricks taken), then what the rules work out and the paper also
holds (the score and the running total), shown beside the row to compare with the
paper's. A game whose rounds need more than that (a special card played) says so:
:attr:`PaperEntry.unsupported`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.game import Game


@dataclass(frozen=True)
class Choice:
    """One answer of a lead cell: the digit typed, the value the rules read, the mark
    the sheet writes (``♥``)."""

    digit: str
    value: str
    mark: str
    red: bool = False


@dataclass(frozen=True)
class LeadCell:
    """A cell of the round's lead written with a choice (the trump)."""

    key: str
    """The round's field, as the rules read it (``trump``)."""
    label: Any
    """Its heading: the sheet's own (a lazy string)."""
    choices: tuple[Choice, ...]
    asked: Callable[[Any, int], bool]
    """Whether round ``number`` of the game writes it (no trump is turned when every card
    is dealt): a round that does not leaves the rules to decide."""

    def choice(self, typed: str) -> Choice | None:
        return next((c for c in self.choices if c.digit == typed.strip()), None)

    @property
    def said(self) -> str:
        """The choices as the page lists them: ``1 ♣, 2 ♦, 3 ♥, 4 ♠, 0 –``."""
        return ", ".join(f"{choice.digit} {choice.mark}" for choice in self.choices)

    @property
    def marks(self) -> dict[str, list[Any]]:
        """Each digit's mark, and whether it is red (for the page's script)."""
        return {choice.digit: [choice.mark, choice.red] for choice in self.choices}

    @property
    def most(self) -> int:
        """The largest digit of a choice."""
        return max(int(choice.digit) for choice in self.choices)


@dataclass(frozen=True)
class SeatCell:
    """A number each player has in a round (the bid, the tricks taken)."""

    key: str
    """The round's field, a number a seat (``bids``)."""
    label: Any
    most: Callable[[Any, int], int]
    """The largest number the cell can hold in round ``number`` of the game: how many
    digits complete it."""


@dataclass(frozen=True)
class PaperEntry:
    """How a game's played sheet is typed in."""

    lead: tuple[LeadCell, ...]
    seats: tuple[SeatCell, ...]
    worked_out: tuple[Any, ...]
    """The labels of what the rules work out for each player beside the typed numbers,
    as the sheet heads them (score, total)."""
    unsupported: Callable[[Any], str | None] = lambda _state: None
    """Why this game, with its options, cannot be typed in this way yet (translated),
    or None."""

    def round_data(
        self,
        state: Game[Any, Any],
        number: int,
        dealer: int,
        lead: Mapping[str, str],
        seats: Mapping[str, Sequence[Any]],
    ) -> dict[str, Any]:
        """The round as the rules read it (``Game.parse_round``), from its typed cells;
        a digit that is no choice is passed on as typed, for the rules to refuse."""
        data: dict[str, Any] = {"dealer": dealer}
        for cell in self.lead:
            if cell.asked(state, number):
                typed = lead.get(cell.key, "")
                chosen = cell.choice(typed)
                data[cell.key] = chosen.value if chosen else typed
        for seat_cell in self.seats:
            data[seat_cell.key] = list(seats.get(seat_cell.key, ()))
        return data
