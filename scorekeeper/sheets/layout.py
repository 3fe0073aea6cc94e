"""A game's sheet layout: what its sheets print, asked by :mod:`.content`.

Each game's kind holds one (``kind(key).sheet``, made in the game's own package, as
``scorekeeper/games/wizard/sheet.py``): its lead columns and sub-columns, how a recorded
round becomes a row and a round to come a row to fill in, the facts over the grid, what
its notes under the grid need, how many rows a blank sheet plans and how much room those
notes take. The sheets ask it and never test which game they hold; a layout lacking a
piece fails when it is made, not inside a PDF. Its notes' template is the kind's
(``kind(key).templates.sheet_notes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

from markupsafe import Markup

from ..charts import ChartWords
from ..rules import Card, Game, Suit
from ..rules.game import ScoredRound
from .grid import Column, Field, Grid, Sub

SHEET_KINDS = ("blank", "completed")
"""A sheet to fill in by hand, or a game as recorded."""
KEY = "key"
"""The notes' key alone (over the grid of a sheet of several pages), in
:attr:`SheetLayout.foot_height` and :attr:`SheetLayout.foot_for` beside the kinds."""


@dataclass(frozen=True)
class Cell:
    text: str = ""
    """Plain text (escaped by the template), or Markup made here."""
    css: str = ""
    span: int = 1


@dataclass(frozen=True)
class Row:
    """A round's row: what it prints in the lead columns, and its cells."""

    number: int
    lead: tuple[str, ...]
    """The text of each lead column after the round's number (cards, dealer, ...)."""
    cells: tuple[Cell, ...]
    """As few as the row needs: the round's numbers in one, what is written (dealer,
    trump, ...) each in its own, the players' numbers in one, and each empty stretch
    in one (the grid's background draws the rules inside it)."""
    css: str = ""


@dataclass(frozen=True)
class Fact:
    label: str
    value: str
    """Empty: a line to write on."""


def row(
    grid: Grid,
    number: int,
    numbers: Sequence[int],
    written: Sequence[Cell],
    players: Markup | None = None,
    css: str = "",
) -> Row:
    """A row of as few cells as it needs (see :class:`Row`).

    ``numbers`` are the lead numbers after the round's (Wizard's cards); ``written``
    the other lead cells in order, the dealer's first, empty ones with no text;
    ``players`` the line of the players' numbers, or None for a row still to be
    filled in.
    """
    numbered = [Field(str(number)), *(Field(str(n)) for n in numbers)]
    dealer, *others = written
    # The numbers and the dealer share a cell: columns round, cards and dealer.
    cells = [Cell(grid.lead_line(numbered, str(dealer.text)), "num", grid.lead_digits + 1)]
    empty = 0
    for cell in others:
        if not cell.text:
            empty += 1
            continue
        if empty:
            cells.append(Cell(span=empty))
            empty = 0
        cells.append(cell)
    span = grid.players
    if players is None:
        cells.append(Cell(span=empty + span))
    else:
        if empty:
            cells.append(Cell(span=empty))
        cells.append(Cell(players, "p", span))
    lead = (*(str(n) for n in numbers), *(str(cell.text) for cell in written))
    return Row(number, lead, tuple(cells), css)


def trump_cell(trump: Suit | None, prefix: str = "") -> Cell:
    """A trump suit as the lead's trump column prints it (red suits in red), or – for none."""
    if trump is None:
        return Cell(f"{prefix}–", "trump")
    return Cell(f"{prefix}{trump.symbol}", "trump red" if trump.is_red else "trump")


def turned_cell(turned: Card, trump: Suit | None) -> Cell:
    """A suited card turned for trump, as the trump column prints it (in red for a red
    trump)."""
    red = trump is not None and trump.is_red
    return Cell(turned.label, "trump red" if red else "trump")


G = TypeVar("G", bound=Game[Any, Any])


@dataclass(frozen=True)
class SheetLayout(Generic[G]):
    """How one game's sheets are laid out and filled in; ``G`` is its rules' game."""

    lead: tuple[Column, ...]
    """The lead columns: the round's number first (a column of numbers, ``units``
    set), any other numbers (Wizard's cards), then the dealer's, then what else is
    written in the lead (trump, contract)."""
    subs: tuple[Sub, ...]
    """Every player's sub-columns, the running total last (it is shaded)."""
    pad: tuple[Sub, ...]
    """The score pad's sub-columns for a blank sheet (fewer numbers a round, in bigger
    boxes: the bid and the running total), or none for a game whose sheet has one way."""
    widest: Callable[[G], Mapping[str, int]]
    """The longest number each sub-column can hold in this game (by its key, in digits,
    a sign counting as one), for its options and player count; a sub-column it leaves
    out holds its own ``chars``."""
    totals_after: Callable[[int], str]
    """The totals' row of a game still being played, after so many rounds, in the
    game's own word for a round (``Total after round 5``)."""
    played_row: Callable[[G, ScoredRound[Any], Grid], Row]
    """A recorded round's row: its lead, and every player's numbers on one line."""
    to_play_row: Callable[[G, Grid, int, str, str], Row]
    """A round still to be played (the game, the grid, its number, its dealer's name
    or "", the row's CSS class): its deal printed, the rest left to write."""
    blank_rows: Callable[[G], int]
    """How many rounds a blank sheet plans for this game."""
    unplanned_rows: Callable[[G], int]
    """Rows a completed sheet of a game still being played keeps to go on with on
    paper, when the game has no planned number of rounds (it ends by score): as many
    as it can still need, from its target and totals."""
    facts: Callable[[G, str], Sequence[Fact]]
    """The game's own facts over the grid, on a ``blank`` or ``completed`` sheet
    (its options); the date, players, first dealer and result are every game's."""
    notes: Callable[[G], Mapping[str, Any]]
    """What the notes under the grid (the kind's ``sheet_notes`` template) need."""
    foot_height: Mapping[str, float]
    """The notes' height in millimetres, on a ``blank`` and a ``completed`` sheet
    (the scoring reminder, the key, and the lines to sign on a blank sheet), and of the
    key alone (:data:`KEY`), which a sheet of several pages prints over its grid."""
    progress: Callable[[int, int | None], str]
    """How far a game still being played has come, in the game's own word for a
    round: played, and planned or None (``3 of 20 rounds so far``)."""
    chart_words: ChartWords
    """The running-totals chart's title, in the game's word for a round."""
    chart_target: Callable[[G], int | None]
    """The score that ends the game, drawn across the running totals' chart, if any."""
    lead_for: Callable[[G], tuple[Column, ...]] | None = None
    """The lead columns for a game whose options add some (Wizard's special cards: a
    column to note them), in the order :attr:`lead` keeps; None: always :attr:`lead`."""
    foot_for: Callable[[G, str, float], float] | None = None
    """The notes' height for a game whose options lengthen them (a longer key), on a
    ``blank`` or ``completed`` sheet or of the key alone (:data:`KEY`), the notes as
    wide as the grid (mm); None: always :attr:`foot_height`."""

    def __post_init__(self) -> None:
        for piece in fields(self):
            value = getattr(self, piece.name)
            if value is None and piece.name not in OPTIONAL:
                raise LayoutError(f"a sheet layout lacks its {piece.name}")
            if piece.name in CALLED and not callable(value):
                raise LayoutError(f"a sheet layout's {piece.name} is not a function")
        for piece_name in OPTIONAL:
            value = getattr(self, piece_name)
            if value is not None and not callable(value):
                raise LayoutError(f"a sheet layout's {piece_name} is not a function")
        _check_lead(self.lead)
        if not self.subs:
            raise LayoutError("a sheet layout has sub-columns for every player")
        if self.pad and self.pad[-1].key != self.subs[-1].key:
            raise LayoutError("a sheet layout's pad ends with the running total, as its grid")
        missing = {*SHEET_KINDS, KEY} - set(self.foot_height)
        if missing:
            raise LayoutError(f"a sheet layout's foot height lacks {sorted(missing)}")

    def columns(self, pad: bool = False, state: G | None = None) -> Columns:
        """The grid's columns: the score pad's with ``pad``, else the full ones; the
        lead as ``state``'s options make it (:attr:`lead_for`), when given."""
        if pad and not self.pad:
            raise LayoutError("this game's sheet has no score pad's columns")
        lead = self.lead
        if state is not None and self.lead_for is not None:
            lead = self.lead_for(state)
            _check_lead(lead)
        return Columns(lead, self.pad if pad else self.subs)

    def foot(self, state: G, kind: str, width: float) -> float:
        """The notes' height for ``state`` on a ``blank`` or ``completed`` sheet (or of
        the key alone, :data:`KEY`), under a grid ``width`` millimetres wide."""
        if self.foot_for is not None:
            return self.foot_for(state, kind, width)
        return self.foot_height[kind]


def _check_lead(lead: tuple[Column, ...]) -> None:
    """A lead starts with its numbers (the round's first), then the dealer's column."""
    numbers = [col for col in lead if col.units]
    rest = lead[len(numbers) :]
    if not numbers or lead[: len(numbers)] != tuple(numbers):
        raise LayoutError("a sheet layout's lead starts with its numbers, the round's first")
    if not rest or rest[0].key != "dealer" or any(col.units for col in rest):
        raise LayoutError("a sheet layout's lead has the dealer's column after its numbers")


@dataclass(frozen=True)
class Columns:
    """A grid's columns: the lead, and each player's sub-columns."""

    lead: tuple[Column, ...]
    subs: tuple[Sub, ...]


CALLED = frozenset(
    {
        "played_row",
        "to_play_row",
        "blank_rows",
        "facts",
        "notes",
        "progress",
        "chart_target",
        "widest",
        "totals_after",
        "unplanned_rows",
    }
)
"""The pieces of a layout that are functions."""
OPTIONAL = frozenset({"lead_for", "foot_for"})
"""The pieces of a layout it may lack."""


class LayoutError(ValueError):
    """A sheet layout lacks a piece, or holds one the sheets cannot print."""
