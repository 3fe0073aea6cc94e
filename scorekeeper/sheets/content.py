"""What a blank sheet and a completed one hold, asking the game's layout for all that
is the game's own (:class:`~.layout.SheetLayout`).

Its words are Flask-Babel's, in the reader's language when a request is being answered
(English otherwise), and the grid's widths follow the labels' length in that language.
"""

from __future__ import annotations

import math
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from flask_babel import gettext, ngettext
from markupsafe import Markup

from ..charts import STYLES, ChartLook, running_totals_svg
from ..i18n import and_names, date_medium, game_word
from ..names import distinct_within
from ..rules import Game
from .grid import Grid, layout_grid, number, orientation_for
from .layout import Fact, Row, SheetLayout
from .paper import PAPERS, PT, Paper, page_size, usable

# Heights in millimetres, as static/print.css lays the sheet out (measured, with room
# to spare): what the page holds besides the rows, to size the rows and the chart. The
# notes' height is the layout's (``foot_height``).
TITLE_HEIGHT = 14.5
"""The title and the line of facts."""
NAMES_HEIGHT = {"blank": 9.5, "completed": 7.0}
"""The players' names, on one line (a blank sheet leaves room to write them)."""
NAME_LINE = 4.0
"""Each further line of a long name."""
LABELS_HEIGHT = 4.5
SLACK = 3.0
CHART_HEIGHT = (40.0, 80.0)
"""The chart's least and greatest height; with less room it goes on the next page."""
CHART_EXTRA = 9.0
"""The chart's margin and its legend's line."""
BLANK_ROW_MAX = 13.0
BLANK_ROW_MIN = 7.0
PLAYED_ROW = 5.8
"""A completed sheet's rows: one line of numbers."""
TOTALS_ROW = 7.0

G = TypeVar("G", bound=Game[Any, Any])


@dataclass(frozen=True)
class Key:
    """A player in the chart's legend: their line's look in characters (coloured by
    print.css ``.k0`` … ``.k5``), their name and total."""

    look: str
    seat: int
    name: str
    total: str


@dataclass(frozen=True)
class Sheet:
    kind: str
    """``blank`` or ``completed``."""
    game: str
    """The game's key: its kind gives the notes' template."""
    title: str
    paper: Paper
    orientation: str
    grid: Grid
    players: tuple[str, ...]
    """Names in seat order; empty on a blank sheet without names."""
    facts: tuple[Fact, ...]
    rows: tuple[Row, ...]
    row_height: float
    winners: tuple[int, ...] = ()
    totals: tuple[str, ...] = ()
    """Each player's final total, for a completed sheet's last row."""
    chart: Markup | None = None
    keys: tuple[Key, ...] = ()
    """The chart's legend, one line of text under it: WeasyPrint draws SVG text
    letter by letter, which would break names in scripts whose letters join."""
    notes: Mapping[str, Any] = field(default_factory=dict)
    """What the game's notes under the grid need (the layout's ``notes``)."""

    @property
    def page_size(self) -> tuple[float, float]:
        return page_size(self.paper, self.orientation)


def _head_height(grid: Grid, names: Sequence[str], kind: str) -> float:
    """The title, the facts and the grid's header, the longest name wrapped to fit."""
    per_line = max(1, int((grid.player_width - 2.0) / (0.6 * 9 * PT)))
    lines = max((math.ceil(len(name) / per_line) for name in names), default=1)
    return TITLE_HEIGHT + NAMES_HEIGHT[kind] + max(lines - 1, 0) * NAME_LINE + LABELS_HEIGHT


def _rotation(first: int, players: int, count: int) -> list[int]:
    """Who deals each of ``count`` rounds from ``first``: the deal passes left
    (RULES.md, Wizard › Rounds and dealing; One Card › Dealing)."""
    return [(first + i) % players for i in range(count)]


# -- blank sheets ----------------------------------------------------------------


def blank_sheet(
    rules: type[G],
    layout: SheetLayout[G],
    players: int,
    *,
    names: Sequence[str] = (),
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    paper: str = "a4",
) -> Sheet:
    """A sheet of the game ``rules``, laid out by ``layout``, to fill in by hand for
    ``players`` players.

    With ``names`` (as many as players), each round's dealer is printed, the deal
    passing left from ``first_dealer``. Raises the rules' ``RoundRefused`` for a
    player count, names or options the game does not allow; ``KeyError`` for a paper
    not in :data:`PAPERS`.
    """
    named = bool(names)
    # Stand-ins the rules need, never printed: a sheet without names leaves them blank.
    seats = list(names) if named else [f"Player {seat + 1}" for seat in range(players)]
    state = rules.new(seats, first_dealer if named else 0, options)
    sheet_paper = PAPERS[paper]
    orientation = orientation_for(layout, state.player_count, sheet_paper)
    width, height = usable(sheet_paper, orientation)
    grid = layout_grid(layout, state.player_count, width)
    shown = state.players if named else ("",) * state.player_count
    room = height - _head_height(grid, shown, "blank") - layout.foot_height["blank"] - SLACK

    count = layout.blank_rows(state)
    facts = [
        Fact(gettext("Date"), ""),
        Fact(gettext("Players"), str(state.player_count)),
        *layout.facts(state, "blank"),
    ]
    if named:
        facts.append(Fact(gettext("First dealer"), state.players[state.first_dealer]))

    dealers = _rotation(state.first_dealer, state.player_count, count)
    rows = tuple(
        layout.to_play_row(state, grid, number_, state.players[dealer] if named else "", "")
        for number_, dealer in enumerate(dealers, start=1)
    )
    return Sheet(
        kind="blank",
        game=rules.key,
        title=game_word(rules.title),
        paper=sheet_paper,
        orientation=orientation,
        grid=grid,
        players=shown,
        facts=tuple(facts),
        rows=rows,
        row_height=max(BLANK_ROW_MIN, min(BLANK_ROW_MAX, room / count)),
        notes=layout.notes(state),
    )


# -- completed sheets --------------------------------------------------------------


def completed_sheet(
    state: G, layout: SheetLayout[G], created_at: datetime, paper: str = "a4"
) -> Sheet:
    """A game as recorded, running or finished, laid out by ``layout``: every round,
    the totals, the winners and the chart. A game still being played keeps rows to go
    on with on paper: the rest of its plan, or the layout's ``unplanned_rows``."""
    sheet_paper = PAPERS[paper]
    orientation = orientation_for(layout, state.player_count, sheet_paper)
    width, height = usable(sheet_paper, orientation)
    grid = layout_grid(layout, state.player_count, width)

    rows = [layout.played_row(state, scored, grid) for scored in state.scored_rounds]
    upcoming = state.next_round
    if upcoming is not None:
        planned = state.planned_rounds
        to_come = planned - len(rows) if planned is not None else layout.unplanned_rows
        for offset, dealer in enumerate(_rotation(upcoming.dealer, state.player_count, to_come)):
            number_ = upcoming.number + offset
            rows.append(layout.to_play_row(state, grid, number_, state.players[dealer], "to-play"))

    facts = [
        Fact(gettext("Date"), date_medium(created_at)),
        *layout.facts(state, "completed"),
        Fact(gettext("First dealer"), state.players[state.first_dealer]),
    ]
    if state.finished:
        facts.append(Fact(gettext("Result"), _result(state)))
    else:
        played = len(state.rounds)
        facts.append(Fact(gettext("Being played"), layout.progress(played, state.planned_rounds)))

    room = (
        height
        - _head_height(grid, state.players, "completed")
        - len(rows) * PLAYED_ROW
        - TOTALS_ROW
        - layout.foot_height["completed"]
        - CHART_EXTRA
        - SLACK
    )
    chart = _sheet_chart(state, layout, grid, room)
    keys = tuple(
        Key(
            STYLES[seat % len(STYLES)].key,
            seat % len(STYLES),
            distinct_within(name, state.players, 24),
            number(total),
        )
        for seat, (name, total) in enumerate(zip(state.players, state.totals, strict=True))
    )
    return Sheet(
        kind="completed",
        game=state.key,
        title=game_word(state.title),
        paper=sheet_paper,
        orientation=orientation,
        grid=grid,
        players=state.players,
        facts=tuple(facts),
        rows=tuple(rows),
        row_height=PLAYED_ROW,
        winners=state.winners,
        totals=tuple(number(total) for total in state.totals),
        chart=chart,
        keys=keys,
        notes=layout.notes(state),
    )


def _result(state: Game[Any, Any]) -> str:
    """Who won, and with how many points: ``Ana and Ben share the win with 120``."""
    winners = [state.players[seat] for seat in state.winners]
    names = and_names(winners)
    said: str = ngettext(
        "%(names)s wins with %(points)s",
        "%(names)s share the win with %(points)s",
        len(winners),
        names=names,
        points=number(state.totals[state.winners[0]]),
    )
    return said


# -- the chart ---------------------------------------------------------------------

SHEET_FONTS = "Noto Sans, Noto Sans Devanagari, DejaVu Sans Mono, sans-serif"
"""As static/print.css names them: DejaVu Sans Mono, already there for the labels,
draws the symbols Noto Sans lacks (suits, − ✓ ✗ ★ ↓), one font fewer to embed."""


def _sheet_chart(state: G, layout: SheetLayout[G], grid: Grid, room: float) -> Markup | None:
    """The chart under the grid: as wide as the grid, as tall as the page leaves
    (within reason). When a long game leaves too little room, it takes the next page."""
    if not state.rounds:
        return None
    least, most = CHART_HEIGHT
    height = min(most, room) if room >= least else most
    look = ChartLook(
        width=round(grid.width / PT, 1),
        height=round(height / PT, 1),
        font_size=9.0,  # the sheet's own size: each new size of a font costs time
        ink="#222222",
        paper="#ffffff",
        grid="#cccccc",
        line_width=1.3,
        font_family=SHEET_FONTS,
        y_ticks=5,
        x_labels=6,
    )
    chart = running_totals_svg(
        state.players,
        [scored.totals for scored in state.scored_rounds],
        rounds=state.planned_rounds,
        target=layout.chart_target(state),
        words=layout.chart_words,
        look=look,
        legend="none",
        unit="pt",
    )
    # As an image: WeasyPrint reads an inline <svg> back out of the page first.
    uri = "data:image/svg+xml," + urllib.parse.quote(str(chart), safe="")
    return Markup('<img src="{}" alt="">').format(uri)


def page_chart(state: G, layout: SheetLayout[G]) -> Markup | None:
    """The chart for the game's page, or None before the first round."""
    if not state.rounds:
        return None
    return running_totals_svg(
        state.players,
        [scored.totals for scored in state.scored_rounds],
        rounds=state.planned_rounds,
        target=layout.chart_target(state),
        words=layout.chart_words,
    )
