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
from .grid import MIN_ROW, SMALLEST_PT, THICK, Grid, layout_grid, number, orientation_for
from .layout import Fact, Row, SheetLayout
from .measure import text_width
from .paper import PAPERS, PT, Paper, page_size, usable

# Heights in millimetres, as static/print.css lays the sheet out (measured, with room
# to spare): what the page holds besides the rows, to size the rows and the chart. The
# notes' height is the layout's (``foot_height``).
TITLE_HEIGHT = 10.5
"""The title, and the space under the line of facts."""
FACTS_LINE = 4.0
"""Each line of facts (9 pt, 1.25)."""
NAMES_HEIGHT = {"blank": 9.5, "completed": 7.0}
"""The players' names, on one line (a blank sheet leaves room to write them)."""
NAME_LINE = 3.8
"""Each line of a name (9 pt, 1.15)."""
LABELS_HEIGHT = 4.8
SLACK = 3.0
CHART_HEIGHT = (40.0, 80.0)
"""The chart's least and greatest height; with less room it goes on the next page."""
CHART_EXTRA = 9.0
"""The chart's margin and its legend's line."""
BLANK_ROW_MAX = 13.0
"""The highest row to write in: more room than that is left under the grid."""
PLAYED_ROW = 5.8
"""A completed sheet's rows: one line of numbers."""
TOTALS_ROW = 7.0
"""The totals' row of numbers printed; one to write in is a handwritten row's height."""
NAME_SIZES = (9.0, SMALLEST_PT)
"""The names over the grid, in points: 8 where a word of a name is too wide at 9."""
MORE_PAGES = 2
"""A blank sheet of a game that ends by score fills at most this many pages."""

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
    """The rounds played (a completed sheet), or the rounds to write in (a blank one)."""
    row_height: float
    pages: int
    """How many pages the sheet is planned to fill (the chart's page included)."""
    to_play: tuple[Row, ...] = ()
    """A game still being played: the rounds left, to go on with on paper, under the
    totals so far; each a handwritten row's height (``write_height``)."""
    write_height: float = MIN_ROW
    """The rows written by hand: the rounds to play, the last totals and the places."""
    totals_label: str = ""
    totals: tuple[str, ...] = ()
    """Each player's total after the last round played; empty before any."""
    places: tuple[str, ...] = ()
    """A finished game's places, first to last in seat order (``1``, ``2``, ``2``)."""
    write_totals: bool = False
    """Rows to write the final totals and places in by hand (blank sheets, and the
    sheets of a game still being played)."""
    in_progress: bool = False
    names_pt: float = NAME_SIZES[0]
    """The names over the grid, in points (:func:`names_pt`)."""
    breaks: frozenset[int] = frozenset()
    """Indexes into ``rows`` before which a new page starts, so every page holds rows
    and the last one the notes with its rows."""
    winners: tuple[int, ...] = ()
    chart: Markup | None = None
    keys: tuple[Key, ...] = ()
    """The chart's legend, one line of text under it: WeasyPrint draws SVG text
    letter by letter, which would break names in scripts whose letters join."""
    notes: Mapping[str, Any] = field(default_factory=dict)
    """What the game's notes under the grid need (the layout's ``notes``)."""

    @property
    def page_size(self) -> tuple[float, float]:
        return page_size(self.paper, self.orientation)


def names_pt(grid: Grid, names: Sequence[str]) -> float:
    """The size the names over the grid are printed at: the largest at which no word of
    theirs is wider than a player's column, else the smallest."""
    for size in NAME_SIZES:
        if not _words_broken(grid, names, size):
            return size
    return NAME_SIZES[-1]


def _words_broken(grid: Grid, names: Sequence[str], size: float | None = None) -> int:
    """How many words of the names over the grid are wider than a player's column at
    ``size`` points (the size they are printed at), so broken between their letters."""
    size = names_pt(grid, names) if size is None else size
    width = grid.player_width - 1.2
    return sum(text_width(word, size) > width for name in names for word in name.split())


def _name_lines(name: str, width: float, size: float = 9.0) -> int:
    """How many lines ``name`` takes in a column ``width`` millimetres wide at ``size``
    points, broken between words (a word longer than the column, between its letters)."""
    lines, line = 1, 0.0
    space = text_width(" ", size)
    for word in name.split():
        wide = text_width(word, size)
        if line and line + space + wide > width:
            lines, line = lines + 1, 0.0
        if wide > width:
            lines += math.ceil(wide / width) - 1
            wide = wide % width
        line += (space if line else 0.0) + wide
    return lines


def _facts_lines(facts: Sequence[Fact], width: float) -> int:
    """How many lines the facts over the grid take, ``width`` millimetres wide."""
    said = sum(
        text_width(str(fact.label).upper(), 8.0) + 0.04 * 8.0 * PT * len(str(fact.label))
        for fact in facts
    ) + sum(
        text_width(f" {fact.value}", 9.0) if fact.value else 32.0 + text_width(" ", 9.0)
        for fact in facts
    )
    said += text_width(" · ", 9.0) * (len(facts) - 1)
    return max(1, math.ceil(said / width))


def _head_height(grid: Grid, names: Sequence[str], kind: str, facts: Sequence[Fact]) -> float:
    """The title, the facts and the grid's header (see :func:`_header_height`)."""
    return (
        TITLE_HEIGHT
        + _facts_lines(facts, grid.width) * FACTS_LINE
        + _header_height(grid, names, kind)
    )


def _header_height(grid: Grid, names: Sequence[str], kind: str) -> float:
    """The grid's header, repeated on every page: the longest name wrapped to fit, and
    the sub-columns' labels."""
    size = names_pt(grid, names)
    lines = max((_name_lines(name, grid.player_width - 1.2, size) for name in names), default=1)
    # A blank sheet without names leaves room to write them.
    least = (
        NAMES_HEIGHT[kind] if kind == "completed" or not any(names) else NAMES_HEIGHT["completed"]
    )
    return max(least, lines * NAME_LINE + 1.5) + LABELS_HEIGHT


@dataclass(frozen=True)
class _Plan:
    height: float
    """Each row's height."""
    pages: int
    breaks: frozenset[int]


def _plan_rows(count: int, first: float, later: float, last: float) -> _Plan:
    """``count`` rows to write in, on pages with ``first`` millimetres for them on the
    first page, ``later`` on each further one, and ``last`` taken on the last page by
    what follows them (totals, notes): as high as fits on one page (up to
    :data:`BLANK_ROW_MAX`), else :data:`MIN_ROW` high over as many pages as it takes,
    the last page keeping at least two rows with what follows them.

    >>> _plan_rows(10, 200.0, 240.0, 30.0)
    _Plan(height=13.0, pages=1, breaks=frozenset())
    >>> _plan_rows(10, 150.0, 240.0, 50.0)
    _Plan(height=9.4, pages=1, breaks=frozenset())
    >>> _plan_rows(20, 180.0, 240.0, 20.0)  # 20 rows fit, the notes do not: 2 go along
    _Plan(height=9.0, pages=2, breaks=frozenset({18}))
    >>> _plan_rows(60, 180.0, 240.0, 20.0)  # 20, then 26, then 14 and the notes
    _Plan(height=9.0, pages=3, breaks=frozenset({20, 46}))
    """
    if count * MIN_ROW + last <= first:
        # Rows grown to the room, less a little: the notes' lines vary with the language.
        return _Plan(max(MIN_ROW, min(BLANK_ROW_MAX, (first - last - 6.0) / count)), 1, frozenset())
    breaks: list[int] = []
    start, room = 0, first
    while (count - start) * MIN_ROW + last > room:
        fit = max(int(room / MIN_ROW), 1)
        cut = min(start + fit, max(count - 2, start + 1))
        breaks.append(cut)
        start, room = cut, later
    return _Plan(MIN_ROW, len(breaks) + 1, frozenset(breaks))


def _blank_rows(
    layout: SheetLayout[G],
    state: G,
    grid: Grid,
    shown: Sequence[str],
    facts: Sequence[Fact],
    height: float,
) -> tuple[int, _Plan]:
    """How many rounds a blank sheet holds and how they fall on its pages: the game's
    plan, or for a game that ends by score as many as the layout asks, filling every
    page it takes (:data:`MORE_PAGES` at most)."""
    head = _head_height(grid, shown, "blank", facts)
    after = 2 * MIN_ROW + layout.foot(
        state, "blank", grid.width
    )  # the totals and places, the notes
    first = height - head - SLACK
    later = height - _header_height(grid, shown, "blank") - SLACK
    count = layout.blank_rows(state)
    if state.planned_rounds is None:  # a game that ends by score: fill whole pages
        plan = _plan_rows(count, first, later, after)
        if plan.pages > 1:
            pages = min(plan.pages, MORE_PAGES)
            count = int(first / MIN_ROW) + (pages - 1) * int(later / MIN_ROW)
            count -= math.ceil(after / MIN_ROW)
    return count, _plan_rows(count, first, later, after)


def _rotation(first: int, players: int, count: int) -> list[int]:
    """Who deals each of ``count`` rounds from ``first``: the deal passes left
    (RULES.md, Wizard › Rounds and dealing; One Card › Dealing)."""
    return [(first + i) % players for i in range(count)]


def _ways(
    layout: SheetLayout[G], state: G, paper: Paper, pad: bool = False
) -> list[tuple[str, Grid, float]]:
    """Each way round the paper that the grid fits across: its orientation, the grid,
    and the page's height inside the margins; upright first while the grid is roomy that
    way, else across the page first."""
    columns = layout.columns(pad, state)
    chars = layout.widest(state)
    preferred = orientation_for(columns, state.player_count, paper, chars)
    ways = []
    for orientation in (preferred, "landscape" if preferred == "portrait" else "portrait"):
        width, height = usable(paper, orientation)
        try:
            # The grid's outer rules are drawn outside its width: inside the margins.
            grid = layout_grid(columns, state.player_count, width - 2 * THICK, chars)
        except ValueError:
            continue
        ways.append((orientation, grid, height))
    return ways


def _places(state: Game[Any, Any]) -> tuple[str, ...]:
    """Each seat's place, in seat order (equal totals share one)."""
    places = {seat: place for place, seat, _total in state.standings}
    return tuple(str(places[seat]) for seat in range(state.player_count))


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
    pad: bool = False,
) -> Sheet:
    """A sheet of the game ``rules``, laid out by ``layout``, to fill in by hand for
    ``players`` players; with ``pad``, the score pad's columns (the layout's ``pad``:
    fewer numbers a round, in bigger boxes).

    With ``names`` (as many as players), each round's dealer is printed, the deal
    passing left from ``first_dealer``. Raises the rules' ``RoundRefused`` for a
    player count, names or options the game does not allow; ``KeyError`` for a paper
    not in :data:`PAPERS`; :class:`~.layout.LayoutError` for the pad of a game that
    has none.
    """
    named = bool(names)
    # Stand-ins the rules need, never printed: a sheet without names leaves them blank.
    seats = list(names) if named else [f"Player {seat + 1}" for seat in range(players)]
    state = rules.new(seats, first_dealer if named else 0, options)
    sheet_paper = PAPERS[paper]
    shown = state.players if named else ("",) * state.player_count

    facts = [
        Fact(gettext("Date"), ""),
        Fact(gettext("Players"), str(state.player_count)),
        *layout.facts(state, "blank"),
    ]
    if named:
        facts.append(Fact(gettext("First dealer"), state.players[state.first_dealer]))

    # The way round that takes fewer pages, then breaks fewer names inside a word;
    # upright if the grid is roomy that way.
    chosen: tuple[tuple[int, int], _Plan, str, Grid, int] | None = None
    for orientation, grid, height in _ways(layout, state, sheet_paper, pad):
        count, plan = _blank_rows(layout, state, grid, shown, facts, height)
        cost = (plan.pages, _words_broken(grid, shown))
        if chosen is None or cost < chosen[0]:
            chosen = (cost, plan, orientation, grid, count)
    if chosen is None:
        raise ValueError(f"{players} players' columns do not fit on {paper}")
    _cost, plan, orientation, grid, count = chosen

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
        row_height=plan.height,
        pages=plan.pages,
        breaks=plan.breaks,
        names_pt=names_pt(grid, shown),
        write_totals=True,
        totals_label=gettext("Total"),
        notes=layout.notes(state),
    )


# -- completed sheets --------------------------------------------------------------


def completed_sheet(
    state: G, layout: SheetLayout[G], created_at: datetime, paper: str = "a4"
) -> Sheet:
    """A game as recorded, running or finished, laid out by ``layout``: every round,
    the totals, the winners and the chart. A game still being played keeps rows to go
    on with on paper, under its totals so far: the rest of its plan, or the layout's
    ``unplanned_rows``, as high as a blank sheet's, and rows for the final totals."""
    sheet_paper = PAPERS[paper]
    # Upright if the grid is roomy that way, unless a name's word breaks there and not
    # across the page.
    # The first way round (upright if roomy) unless a name's word breaks there and not the other.
    orientation, grid, height = min(
        _ways(layout, state, sheet_paper), key=lambda way: _words_broken(way[1], state.players)
    )

    rows = tuple(layout.played_row(state, scored, grid) for scored in state.scored_rounds)
    to_play: list[Row] = []
    upcoming = state.next_round
    if upcoming is not None:
        planned = state.planned_rounds
        to_come = planned - len(rows) if planned is not None else layout.unplanned_rows
        for offset, dealer in enumerate(_rotation(upcoming.dealer, state.player_count, to_come)):
            number_ = upcoming.number + offset
            to_play.append(layout.to_play_row(state, grid, number_, state.players[dealer], ""))

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

    in_progress = upcoming is not None
    head = _head_height(grid, state.players, "completed", facts)
    totals_rows = (TOTALS_ROW if rows else 0.0) + (TOTALS_ROW if state.finished else 0.0)
    writes = 2 * MIN_ROW if in_progress else 0.0
    room = height - head - len(rows) * PLAYED_ROW - totals_rows - SLACK
    later = height - _header_height(grid, state.players, "completed") - SLACK
    foot = layout.foot(state, "completed", grid.width)
    plan = _plan_rows(len(to_play), room, later, writes + foot) if to_play else None
    write_height = min(plan.height, BLANK_ROW_MAX) if plan else MIN_ROW
    used = len(to_play) * write_height + writes + foot + CHART_EXTRA
    chart_room = room - used if plan is None or plan.pages == 1 else later - used
    chart = _sheet_chart(state, layout, grid, chart_room)
    pages = plan.pages if plan else 1
    if chart is not None and chart_room < CHART_HEIGHT[0]:
        pages += 1
    keys = tuple(
        Key(
            STYLES[seat % len(STYLES)].key,
            seat % len(STYLES),
            distinct_within(name, state.players, 24),
            number(total),
        )
        for seat, (name, total) in enumerate(zip(state.players, state.totals, strict=True))
    )
    label = gettext("Total") if state.finished else layout.totals_after(len(rows))
    return Sheet(
        kind="completed",
        game=state.key,
        title=game_word(state.title),
        paper=sheet_paper,
        orientation=orientation,
        grid=grid,
        players=state.players,
        facts=tuple(facts),
        rows=rows,
        row_height=PLAYED_ROW,
        pages=pages,
        to_play=tuple(to_play),
        write_height=write_height,
        totals_label=label,
        totals=tuple(number(total) for total in state.totals) if rows else (),
        places=_places(state) if state.finished else (),
        write_totals=in_progress,
        in_progress=in_progress,
        names_pt=names_pt(grid, state.players),
        winners=state.winners,
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
