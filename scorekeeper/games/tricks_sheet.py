"""The score sheet's pieces every game of bidding tricks shares (Wizard, Oh Hell): round,
cards, dealer and trump in the lead; each player's bid, tricks won, score and running total."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext, ngettext
from markupsafe import Markup

from ..rules.game import ScoredRound
from ..sheets.grid import Column, Field, Grid, Sub, number

# The lead columns: numbers on the digit grid, the rest in millimetres, wide enough
# for their 8 pt labels. The dealer's takes what the players leave, at least 18 mm.
# TRANSLATORS: the headings of a printed score sheet's first columns (Round, Cards,
# Dealer, Trump; Hand, Bidder, Bid): narrow columns, so as short as your language allows.
TRICK_LEAD = (
    Column("rnd", lazy_gettext("Round"), units=6),
    Column("cards", lazy_gettext("Cards"), units=6),
    Column("dealer", lazy_gettext("Dealer")),
    Column("trump", lazy_gettext("Trump"), 11.5),
)
# The labels over each player's sub-columns, a letter a digit wide: a label longer than
# its numbers widens every player's column (and a much longer one is cut short).
TRICK_SUBS = (
    # TRANSLATORS: a sub-column's label on a printed sheet (what a player bid): 3-5 letters.
    Sub("bid", lazy_gettext("bid"), 2, 1.0),
    # TRANSLATORS: a sub-column's label on a printed sheet (tricks won): 3-5 letters.
    Sub("won", lazy_gettext("won"), 2, 1.0),
    # TRANSLATORS: a sub-column's label on a printed sheet (the round's score): 4-6 letters.
    Sub("score", lazy_gettext("score"), 4, 1.3),
    # TRANSLATORS: a sub-column's label on a printed sheet (the running total): 4-6 letters.
    Sub("total", lazy_gettext("total"), 5, 1.5),
)


def trick_line(grid: Grid, scored: ScoredRound[Any]) -> Markup:
    """Every player's bid, tricks won, score and running total, on one line."""
    record = scored.record
    return grid.line(
        [
            [
                Field(str(record.bids[seat])),
                Field(str(record.tricks[seat])),
                Field(number(scored.scores[seat], signed=True)),
                Field(number(scored.totals[seat])),
            ]
            for seat in range(len(record.bids))
        ]
    )


def rounds_progress(played: int, planned: int | None) -> str:
    """How far a game still being played has come: ``3 of 20 rounds so far``."""
    if planned:
        said: str = ngettext(
            "%(played)s of %(num)s round so far",
            "%(played)s of %(num)s rounds so far",
            planned,
            played=played,
        )
    else:
        said = ngettext("%(num)s round so far", "%(num)s rounds so far", played)
    return said
