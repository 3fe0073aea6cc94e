"""The paper a sheet is printed on: its sizes, and the room inside the margins."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext

PT = 25.4 / 72
"""Millimetres in a point."""


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    width: float
    height: float
    """Portrait, in millimetres."""


PAPERS = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", lazy_gettext("US Letter"), 215.9, 279.4),
}

MARGIN = 10.0
BOTTOM_MARGIN = 16.0
"""Room under the grid for the page's footer line (static/print.css, @page), which sits
at its top: the footer's text ends more than 10 mm from the paper's edge, where home
printers still print."""


def usable(paper: Paper, orientation: str) -> tuple[float, float]:
    """The page's width and height inside the margins, in millimetres.

    >>> usable(PAPERS["a4"], "portrait"), usable(PAPERS["a4"], "landscape")
    ((190.0, 271.0), (277.0, 184.0))
    """
    width, height = paper.width, paper.height
    if orientation == "landscape":
        width, height = height, width
    return width - 2 * MARGIN, height - MARGIN - BOTTOM_MARGIN


def page_size(paper: Paper, orientation: str) -> tuple[float, float]:
    """The page's width and height, in millimetres, as it is turned."""
    width, height = paper.width, paper.height
    return (height, width) if orientation == "landscape" else (width, height)
