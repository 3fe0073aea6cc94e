"""Score sheets to print: what a blank sheet and a completed one hold, laid out on paper.

A sheet is a ruled grid like a score pad's: a row a round, a column a player, each
player's column split into the game's sub-columns (Wizard: bid, won, score, total;
One Card: points, total), the totals shaded.

WeasyPrint's time grows with the boxes it lays out (about a millisecond each), so
the grid is lean. A round's row is one cell for its numbers and dealer, one for each
other thing written in the lead (trump, contract), and *one* for all the players'
numbers; every vertical rule, and the shading, is one image behind the grid.

- :mod:`.paper`: the papers, their sizes and the room inside the margins;
- :mod:`.grid`: the grid's columns and their widths, on a grid of digit widths;
- :mod:`.layout`: what a game says of its sheets (:class:`SheetLayout`), each game's
  made in its own package and held by its kind (``kind(key).sheet``);
- :mod:`.content`: blank and completed sheets, asking the layout for the game's part;
- :mod:`.cache`: a sheet's facts as plain data and their fingerprint, and finished games'
  PDFs kept in memory.

This package knows nothing of Flask's app or WeasyPrint, nor of any game in particular:
views get a game's layout from its kind, render a :class:`Sheet` with
``templates/sheets/sheet.html`` and hand the HTML to :mod:`scorekeeper.pdf`; a game's
sheet is made from its facts where it is laid out (:mod:`scorekeeper.printing`).
"""

from __future__ import annotations

from .cache import SheetCache, facts_fingerprint, fingerprint, night_fingerprint, sheet_facts
from .content import Key, Sheet, SheetTooWide, blank_sheet, completed_sheet, page_chart
from .grid import Column, Field, Grid, Sub, layout_grid, number, orientation_for, shorten
from .layout import Cell, Fact, LayoutError, Row, SheetLayout
from .paper import PAPERS, Paper, usable

__all__ = [
    "PAPERS",
    "Cell",
    "Column",
    "Fact",
    "Field",
    "Grid",
    "Key",
    "LayoutError",
    "Paper",
    "Row",
    "Sheet",
    "SheetCache",
    "SheetLayout",
    "SheetTooWide",
    "Sub",
    "blank_sheet",
    "completed_sheet",
    "facts_fingerprint",
    "fingerprint",
    "layout_grid",
    "night_fingerprint",
    "number",
    "orientation_for",
    "page_chart",
    "sheet_facts",
    "shorten",
    "usable",
]
