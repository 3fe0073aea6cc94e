"""What a blank sheet and a completed one hold, asking the game's layout for all that
is the game's own (:class:`~.layout.SheetLayout`).

Its words are Flask-Babel's, in the reader's language when a request is being answered
(English otherwise), and the grid's widths follow the labels' length in that language.
"""

from __future__ import annotations

import math
import re
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from flask_babel import gettext, ngettext
from markupsafe import Markup

from ..charts import STYLES, TARGET_KEY, ChartLook, running_totals_svg, target_words
from ..i18n import and_names, date_medium, game_word
from ..names import distinct_within
from ..rules import Game
from .grid import (
    CLEAR,
    MIN_ROW,
    SMALLEST_PT,
    THICK,
    Grid,
    fit_text,
    layout_grid,
    number,
    orientation_for,
)
from .layout import KEY, Fact, Row, SheetLayout
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
NAME_PAD = 0.5
"""The names' cells' padding each side, in millimetres (static/print.css ``thead th``)."""

G = TypeVar("G", bound=Game[Any, Any])


class SheetTooWide(ValueError):
    """The players' columns, as wide as the game's numbers need, fit neither way round
    the paper (a table's own scoring of large numbers, at a large table)."""


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
    """The names over the columns, in seat order: a column a side, partners sharing
    theirs (:func:`column_names`); empty on a blank sheet without names."""
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
    headings: tuple[str, ...] = ()
    """The names over the grid as printed: a part of a name too wide for a player's
    column (between spaces and after hyphens) shortened to fit, never broken inside."""
    to_play_breaks: frozenset[int] = frozenset()
    """Indexes into ``to_play`` before which a new page starts."""
    key_first: bool = False
    """The key goes over the grid, on the first page with its rows, rather than under it
    on the last: the sheet's rows take more than one page."""
    target_key: str = ""
    """The chart's target line in the legend (``╌╌ target 30``), or empty."""

    @property
    def page_size(self) -> tuple[float, float]:
        return page_size(self.paper, self.orientation)


def name_parts(name: str) -> list[str]:
    """The pieces a name may be broken between on its lines: its words, and the parts
    of a double-barrelled one after each hyphen (``Llywelyn-``, ``Fychan``).

    >>> name_parts("Gwen Llywelyn-Fychan")
    ['Gwen', 'Llywelyn-', 'Fychan']
    """
    return [part for word in name.split() for part in _hyphen_parts(word)]


def _hyphen_parts(word: str) -> list[str]:
    """A word cut after each hyphen, the hyphen kept: ``Llywelyn-``, ``Fychan``."""
    return [part for part in re.split(r"(?<=[-‐])", word) if part]


def _heading_room(grid: Grid) -> float:
    """The width a name's line has over a player's column, in millimetres."""
    return grid.player_width - THICK - 2 * NAME_PAD - 2 * CLEAR


def heading(grid: Grid, name: str, size: float) -> str:
    """``name`` as printed over its column: each part wider than the column (a word, a
    part of a double-barrelled one) shortened to fit, so no line breaks inside one."""
    room = _heading_room(grid)
    if all(text_width(part, size) <= room for part in name_parts(name)):
        return name
    words = []
    for word in name.split():
        words.append("".join(_fit_part(part, room, size) for part in _hyphen_parts(word)))
    return " ".join(words)


def _fit_part(part: str, room: float, size: float) -> str:
    """A part of a name shortened to ``room``, its hyphen kept (``Χριστοδουλοπ…-``)."""
    hyphen = part[-1] if part[-1] in "-‐" else ""
    stem = part[: len(part) - len(hyphen)]
    return fit_text(stem, (), room - text_width(hyphen, size), size) + hyphen


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
    width = _heading_room(grid)
    return sum(text_width(part, size) > width for name in names for part in name_parts(name))


def _name_lines(name: str, width: float, size: float = 9.0) -> int:
    """How many lines ``name`` takes in a column ``width`` millimetres wide at ``size``
    points, broken between words (a word longer than the column, between its letters)."""
    lines, line = 1, 0.0
    space = text_width(" ", size)
    for word in name.split():
        for index, part in enumerate(_hyphen_parts(word)):
            gap = space if line and index == 0 else 0.0
            wide = min(text_width(part, size), width)  # a wider part is shortened
            if line and line + gap + wide > width:
                lines, line, gap = lines + 1, 0.0, 0.0
            line += gap + wide
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
    lines = max((_name_lines(name, _heading_room(grid), size) for name in names), default=1)
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


def _plan_rows(count: int, first: float, later: float, last: float, before: int = 0) -> _Plan:
    """``count`` rows to write in, on pages with ``first`` millimetres for them on the
    first page, ``later`` on each further one, and ``last`` taken on the last page by
    what follows them (totals, notes): as high as fits on one page (up to
    :data:`BLANK_ROW_MAX`), else on as few pages as hold them :data:`MIN_ROW` high, as
    high as those pages let them be, the first pages filled and none left with under a
    third of the rows of the fullest (:func:`_shares`; the first page holds ``before``
    rows already, a game's rounds played).

    >>> _plan_rows(10, 200.0, 240.0, 30.0)
    _Plan(height=13.0, pages=1, breaks=frozenset())
    >>> _plan_rows(10, 150.0, 240.0, 50.0)
    _Plan(height=9.4, pages=1, breaks=frozenset())
    >>> _plan_rows(20, 180.0, 240.0, 20.0)  # 20 rows fit, the notes do not: 7 go along
    _Plan(height=13.0, pages=2, breaks=frozenset({13}))
    >>> plan = _plan_rows(60, 180.0, 240.0, 20.0)  # 17, then 23, then 20 and the notes
    >>> plan.height, plan.pages, sorted(plan.breaks)
    (10.3, 3, [17, 40])
    """
    if first < MIN_ROW and count:
        # No row fits under what the first page holds already: they all start a page.
        rest = _plan_rows(count, later, later, last)
        return _Plan(rest.height, rest.pages + 1, frozenset({0, *rest.breaks}))
    if count * MIN_ROW + last <= first:
        # Rows grown to the room, less a little: the notes' lines vary with the language.
        return _Plan(max(MIN_ROW, min(BLANK_ROW_MAX, (first - last - 6.0) / count)), 1, frozenset())
    pages = 2
    while _holds(pages, first, later, last) < count and pages < count:
        pages += 1
    rooms = [first, *[later] * (pages - 2), max(later - last, MIN_ROW)]
    # As high as the rows can be with every page holding them, a little to spare on
    # each (a row that does not fit starts the next page).
    height = BLANK_ROW_MAX
    while height > MIN_ROW and sum(_fills(rooms, height)) < count:
        height = round(height - 0.1, 1)
    most = _fills(rooms, height) if sum(_fills(rooms, height)) >= count else _fills(rooms, 0.0)
    shares = _shares(count, most, before)
    breaks, at = [], 0
    for rows in shares[:-1]:
        at += rows
        breaks.append(at)
    return _Plan(max(height, MIN_ROW), pages, frozenset(b for b in breaks if 0 < b < count))


def _fills(rooms: Sequence[float], height: float) -> list[int]:
    """How many rows ``height`` mm high each page's room holds, 2 mm to spare (with no
    ``height``: :data:`MIN_ROW` high, none to spare)."""
    if not height:
        return [max(int(room / MIN_ROW), 1) for room in rooms]
    return [max(int((room - 2.0) / height), 1) for room in rooms]


def _shares(count: int, most: Sequence[int], before: int = 0) -> list[int]:
    """``count`` rows on pages holding at most ``most`` each: the first pages filled,
    then rows moved on from the fullest page until none holds under a third of it (the
    first page holding ``before`` rows more, which stay).

    >>> _shares(13, [9, 9]), _shares(20, [19, 25]), _shares(10, [7, 20], before=10)
    ([9, 4], [15, 5], [5, 5])
    """
    shares, left = [], count
    for index, cap in enumerate(most):
        after = len(most) - index - 1  # a row at least for each page after this one
        take = max(min(cap, left - after), 0)
        shares.append(take)
        left -= take
    held = [before, *[0] * (len(most) - 1)]
    for _ in range(count):
        rows = [share + extra for share, extra in zip(shares, held, strict=True)]
        low = min(range(len(rows)), key=lambda i: rows[i])
        high = max(range(len(rows)), key=lambda i: (rows[i], shares[i]))
        if 3 * rows[low] >= rows[high] or shares[low] >= most[low] or not shares[high]:
            break
        shares[high] -= 1
        shares[low] += 1
    return shares


def _holds(pages: int, first: float, later: float, last: float) -> int:
    """How many rows :data:`MIN_ROW` high ``pages`` pages hold, the last one with what
    follows them."""
    return int(first / MIN_ROW) + (pages - 2) * int(later / MIN_ROW) + int((later - last) / MIN_ROW)


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
    page it takes (:data:`MORE_PAGES` at most). A sheet of several pages has its key
    over the grid on the first (:func:`_key_height`)."""
    head = _head_height(grid, shown, "blank", facts)
    # The totals and places, the notes.
    after = 2 * MIN_ROW + layout.foot(state, "blank", grid.width)
    first = height - head - SLACK
    later = height - _header_height(grid, shown, "blank") - SLACK
    count = layout.blank_rows(state)
    plan = _plan_rows(count, first, later, after)
    if plan.pages > 1 and count * MIN_ROW + after <= first + SLACK:
        # Rows at their least that miss one page by less than the slack keep to it: the
        # notes' height as the layout gives it keeps room for a line begun already.
        first += SLACK
        plan = _plan_rows(count, first, later, after)
    if plan.pages > 1:
        # The key goes over the grid: less room on the first page, more on the last.
        key = _key_height(layout, state, grid)
        first, after = first - key, after - key
    if state.planned_rounds is None and plan.pages > 1:
        # A game that ends by score: fill whole pages.
        pages = min(plan.pages, MORE_PAGES)
        count = int(first / MIN_ROW) + (pages - 1) * int(later / MIN_ROW)
        count -= math.ceil(after / MIN_ROW)
    return count, _plan_rows(count, first, later, after)


def _key_height(layout: SheetLayout[G], state: G, grid: Grid) -> float:
    """The key's height over the grid, as the game's layout says it."""
    return layout.foot(state, KEY, grid.width)


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
    preferred = orientation_for(columns, len(state.sides), paper, chars)
    ways = []
    # The lead at its narrowest only where the grid fits no way round the paper else
    # (seven players' widest scores on Letter): no other sheet's lead changes.
    for narrowest in (False, True):
        for orientation in (preferred, "landscape" if preferred == "portrait" else "portrait"):
            width, height = usable(paper, orientation)
            try:
                # The grid's outer rules are drawn outside its width: inside the margins.
                grid = layout_grid(columns, len(state.sides), width - 2 * THICK, chars, narrowest)
            except ValueError:
                continue
            ways.append((orientation, grid, height))
        if ways:
            break
    return ways


def _places(state: Game[Any, Any]) -> tuple[str, ...]:
    """Each column's place, in the columns' order (equal totals share one)."""
    places = {side: place for place, side, _total in state.side_standings}
    return tuple(str(places[side]) for side in range(len(state.sides)))


def column_names(state: Game[Any, Any]) -> tuple[str, ...]:
    """The names over the grid, a column a side (:attr:`Game.sides`): a player's own
    column, or partners' names sharing their side's."""
    return tuple(" & ".join(state.players[seat] for seat in seats) for seats in state.sides)


def _winning_columns(state: Game[Any, Any]) -> tuple[int, ...]:
    """The columns of the sides that won."""
    won = set(state.winners)
    return tuple(side for side, seats in enumerate(state.sides) if won and set(seats) <= won)


def _column_totals(state: Game[Any, Any]) -> list[tuple[int, ...]]:
    """Each column's running total, round by round."""
    return [
        tuple(scored.totals[seats[0]] for seats in state.sides) for scored in state.scored_rounds
    ]


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
    shown = column_names(state) if named else ("",) * len(state.sides)

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
        raise SheetTooWide(f"{players} players' columns do not fit on {paper}")
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
        headings=_headings(grid, shown),
        key_first=plan.pages > 1,
    )


def _headings(grid: Grid, names: Sequence[str]) -> tuple[str, ...]:
    """The names over the grid as printed (:func:`heading`)."""
    size = names_pt(grid, names)
    return tuple(heading(grid, name, size) for name in names)


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
    ways = list(_ways(layout, state, sheet_paper))
    if not ways:
        raise SheetTooWide(f"{state.player_count} players' columns do not fit on {paper}")
    names = column_names(state)
    orientation, grid, height = min(ways, key=lambda way: _words_broken(way[1], names))

    rows = tuple(layout.played_row(state, scored, grid) for scored in state.scored_rounds)
    to_play: list[Row] = []
    upcoming = state.next_round
    if upcoming is not None:
        planned = state.planned_rounds
        to_come = planned - len(rows) if planned is not None else layout.unplanned_rows(state)
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
    head = _head_height(grid, names, "completed", facts)
    totals_rows = (TOTALS_ROW if rows else 0.0) + (TOTALS_ROW if state.finished else 0.0)
    writes = 2 * MIN_ROW if in_progress else 0.0
    room = height - head - len(rows) * PLAYED_ROW - totals_rows - SLACK
    later = height - _header_height(grid, names, "completed") - SLACK
    foot = layout.foot(state, "completed", grid.width)
    # The chart at its least under the rows, if they leave it room on their page.
    chart_least = CHART_HEIGHT[0] + CHART_EXTRA if state.rounds else 0.0
    after = writes + foot + chart_least
    plan = _plan_rows(len(to_play), room, later, after, len(rows)) if to_play else None
    if plan is not None and plan.pages > 1:
        # Rows that fit on one page without the chart keep to it: the chart follows.
        alone = _plan_rows(len(to_play), room, later, writes + foot, len(rows))
        if alone.pages < plan.pages:
            plan, after = alone, writes + foot
    key_first = plan is not None and plan.pages > 1
    if plan is not None and key_first:
        key = _key_height(layout, state, grid)
        room, after, foot = room - key, after - key, foot - key
        plan = _plan_rows(len(to_play), room, later, after, len(rows))
    # A hair over the least: the first one's thick rule over it is inside its height.
    write_height = max(min(plan.height, BLANK_ROW_MAX), MIN_ROW + 0.4) if plan else MIN_ROW
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
            distinct_within(name, names, 24),
            number(total),
        )
        for seat, (name, total) in enumerate(zip(names, state.side_totals, strict=True))
    )
    target = layout.chart_target(state)
    label = gettext("Total") if state.finished else layout.totals_after(len(rows))
    return Sheet(
        kind="completed",
        game=state.key,
        title=game_word(state.title),
        paper=sheet_paper,
        orientation=orientation,
        grid=grid,
        players=names,
        facts=tuple(facts),
        rows=rows,
        row_height=PLAYED_ROW,
        pages=pages,
        to_play=tuple(to_play),
        write_height=write_height,
        totals_label=label,
        totals=tuple(number(total) for total in state.side_totals) if rows else (),
        places=_places(state) if state.finished else (),
        write_totals=in_progress,
        in_progress=in_progress,
        names_pt=names_pt(grid, names),
        winners=_winning_columns(state),
        chart=chart,
        keys=keys,
        notes=layout.notes(state),
        headings=_headings(grid, names),
        to_play_breaks=plan.breaks if plan is not None else frozenset(),
        key_first=key_first,
        target_key=f"{TARGET_KEY} {target_words(target)}" if chart and target is not None else "",
    )


def _result(state: Game[Any, Any]) -> str:
    """Who won, and with how many points: ``Ana and Ben share the win with 120``; a side
    of partners named together, winning as one: ``Ana & Cai win with 500``."""
    sides = [seats for seats in state.sides if seats[0] in state.winners]
    names = and_names(" & ".join(state.players[seat] for seat in seats) for seats in sides)
    points = number(state.totals[state.winners[0]])
    if len(sides) == 1 and len(sides[0]) > 1:
        # TRANSLATORS: a printed sheet's result: the side of partners that won, named by
        # its players ("Ana & Cai win with 500"): several players, one win.
        partners: str = gettext("%(sides)s win with %(points)s", sides=names, points=points)
        return partners
    said: str = ngettext(
        "%(names)s wins with %(points)s",
        "%(names)s share the win with %(points)s",
        len(sides),
        names=names,
        points=points,
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
        column_names(state),
        _column_totals(state),
        rounds=state.planned_rounds,
        target=layout.chart_target(state),
        words=layout.chart_words,
        look=look,
        legend="none",
        unit="pt",
        target_label=False,
    )
    # As an image: WeasyPrint reads an inline <svg> back out of the page first.
    uri = "data:image/svg+xml," + urllib.parse.quote(str(chart), safe="")
    return Markup('<img src="{}" alt="">').format(uri)


def page_chart(state: G, layout: SheetLayout[G]) -> Markup | None:
    """The chart for the game's page, or None before the first round."""
    if not state.rounds:
        return None
    return running_totals_svg(
        column_names(state),
        _column_totals(state),
        rounds=state.planned_rounds,
        target=layout.chart_target(state),
        words=layout.chart_words,
    )
