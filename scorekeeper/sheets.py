"""Score sheets to print: what a blank sheet and a completed one hold, laid out on paper.

A sheet is a ruled grid like a score pad's: a row a round, a column a player, each
player's column split into the game's sub-columns (Wizard: bid, won, score, total;
One Card: points, total), the totals shaded.

WeasyPrint's time grows with the boxes it lays out (about a millisecond each), so
the grid is lean. A round's row is one cell for its numbers and dealer, one for each
other thing written in the lead (trump, contract), and *one* for all the players'
numbers; every vertical rule, and the shading, is one image behind the grid. The
numbers are lines of text in which every character is exactly one digit wide
(digits, ``+``, the figure space and the figure dash, in Noto Sans; the labels in
DejaVu Sans Mono sized to match), set on a grid of digit widths so that each number
ends half a digit inside its sub-column. That is why the widths here are computed,
in millimetres, and why every player's column is a whole number of digits wide.

This module knows nothing of Flask or WeasyPrint: views render a :class:`Sheet`
with ``templates/sheets/sheet.html`` and hand the HTML to :mod:`scorekeeper.pdf`. Its
words are Flask-Babel's, in the reader's language when a request is being answered
(English otherwise), and the grid's widths follow the labels' length in that language.

>>> plan = blank_sheet("wizard", 4, names=["Ana", "Ben", "Cai", "Dee"], first_dealer=2)
>>> [row.lead[:2] for row in plan.rows[:5]]
[('1', 'Cai'), ('2', 'Dee'), ('3', 'Ana'), ('4', 'Ben'), ('5', 'Cai')]
>>> plan.orientation, len(plan.rows), plan.rows[-1].lead
('landscape', 15, ('15', 'Ana', 'none'))
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
import urllib.parse
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext
from markupsafe import Markup, escape

from .charts import STYLES, ChartLook, running_totals_svg
from .i18n import and_names, date_medium, game_word
from .names import distinct_within
from .rules import GAMES, Game, Suit
from .rules.one_card import HAND_POINTS, OneCardGame, OneCardHand
from .rules.wizard import WizardGame, WizardRound, full_game_rounds

# -- paper and type ------------------------------------------------------------

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
BOTTOM_MARGIN = 13.0
"""Room under the grid for the page's footer line (static/print.css, @page)."""

NUMBER_SIZES = (9.0, 8.5, 8.0)
"""The grid's numbers, in points: the largest that lets every column fit. Nothing on
a sheet is smaller than 8 pt."""
DIGIT_EM = 0.572
"""Noto Sans draws the digits, ``+``, the figure space and the figure dash all
572/1000 em wide, regular and bold: a line of them is as even as a typewriter's."""
MONO_EM = 1233 / 2048
"""DejaVu Sans Mono draws every character this wide: the sub-columns' labels, set in
it at the right size, fall on the same grid as the digits."""
FIGURE_SPACE = "\u2007"
FIGURE_DASH = "\u2012"
"""The minus sign on paper: a digit wide, so columns of numbers stay aligned."""
THICK = 1.2 * PT
"""The rules round the grid and between players."""
LEAD_MARGIN = 2
"""Digits between a lead number (round, cards) and its column's right rule."""

# Heights in millimetres, as static/print.css lays the sheet out (measured, with room
# to spare): what the page holds besides the rows, to size the rows and the chart.
TITLE_HEIGHT = 14.5
"""The title and the line of facts."""
NAMES_HEIGHT = {"blank": 9.5, "completed": 7.0}
"""The players' names, on one line (a blank sheet leaves room to write them)."""
NAME_LINE = 4.0
"""Each further line of a long name."""
LABELS_HEIGHT = 4.5
FOOT_HEIGHT = {
    ("wizard", "blank"): 17.0,
    ("one_card", "blank"): 17.0,
    ("wizard", "completed"): 12.0,
    ("one_card", "completed"): 20.0,
}
"""The scoring reminder under the grid (and the lines to sign, on a blank sheet)."""
SLACK = 3.0
CHART_HEIGHT = (40.0, 80.0)
"""The chart's least and greatest height; with less room it goes on the next page."""
CHART_EXTRA = 9.0
"""The chart's margin and its legend's line."""
BLANK_ROW_MAX = 13.0
BLANK_ROW_MIN = 7.0
ONE_CARD_ROWS = 16
"""The fewest hands on a blank One Card sheet: twice a typical game to 30, and more."""
PLAYED_ROW = 5.8
"""A completed sheet's rows: one line of numbers."""
TOTALS_ROW = 7.0


def usable(paper: Paper, orientation: str) -> tuple[float, float]:
    """The page's width and height inside the margins, in millimetres."""
    width, height = paper.width, paper.height
    if orientation == "landscape":
        width, height = height, width
    return width - 2 * MARGIN, height - MARGIN - BOTTOM_MARGIN


# -- the grid ------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    key: str
    """A CSS class: what the column holds."""
    label: str
    width: float = 0.0
    """Millimetres; for a column of numbers, set from ``units``."""
    units: int = 0
    """For a column of numbers on the digit grid (round, cards): its width in digits."""


@dataclass(frozen=True)
class Sub:
    """A sub-column of every player's column."""

    key: str
    label: str
    chars: int
    """The longest number it holds, in digits (a sign counts as one)."""
    weight: float
    """Its share of the player's width."""

    @property
    def least(self) -> int:
        """Its narrowest, in digits: its longest number or its label (in the reader's
        language), and half a digit clear of the rule on each side."""
        return max(self.chars, len(self.label)) + 1

    @property
    def least_for_numbers(self) -> int:
        """Its narrowest for its numbers alone, its label shortened to fit."""
        return self.chars + 1


@dataclass(frozen=True)
class Field:
    """A number (or a label) in a sub-column, perhaps marked."""

    text: str
    style: str = ""
    """HTML elements to wrap it in, letter by letter: One Card's ``u`` underlined (took
    the last trick) and ``s`` struck out (a short bidder's points, which score 0).
    Neither changes a character's width."""

    def markup(self) -> Markup:
        text = escape(self.text)
        for tag in self.style:
            text = Markup(f"<{tag}>{text}</{tag}>")
        return text


def digit_line(fields: Sequence[Field], units: Sequence[int]) -> Markup:
    """Numbers on the digit grid, as one right-aligned line of digit-wide characters:
    field ``i`` ends where the ``i``-th span of ``units`` digits ends.

    >>> str(digit_line([Field("2"), Field("+40")], [4, 5])).replace(FIGURE_SPACE, "_")
    '2__+40'
    """
    pieces: list[str] = []
    end = used = 0
    for width, item in zip(units, fields, strict=True):
        end += width
        start = end - len(item.text)
        pieces.append(FIGURE_SPACE * max(start - used, 0))
        pieces.append(item.markup())
        used = max(start, used) + len(item.text)
    # Right-aligned: spaces before the first number would only widen the line.
    while pieces and not pieces[0].strip(FIGURE_SPACE):
        pieces.pop(0)
    return Markup("").join(pieces)


MONOSPACED_BELOW = 0x0530
"""DejaVu Sans Mono draws Latin, Greek and Cyrillic a digit wide: code points below this."""


@dataclass(frozen=True)
class Grid:
    """The lead columns, then a column per player, ``units`` digits wide, split into
    sub-columns of ``sub_units`` digits; numbers ``number_pt`` points."""

    lead: tuple[Column, ...]
    subs: tuple[Sub, ...]
    sub_units: tuple[int, ...]
    players: int
    number_pt: float = NUMBER_SIZES[0]

    @property
    def digit(self) -> float:
        """One digit's width, in millimetres."""
        return DIGIT_EM * self.number_pt * PT

    @property
    def label_pt(self) -> float:
        """The labels' size in DejaVu Sans Mono: each character a digit wide."""
        return self.number_pt * DIGIT_EM / MONO_EM

    @property
    def units(self) -> int:
        return sum(self.sub_units)

    @property
    def player_width(self) -> float:
        return self.units * self.digit

    @property
    def lead_width(self) -> float:
        return sum(col.width for col in self.lead)

    @property
    def width(self) -> float:
        return self.lead_width + self.players * self.player_width

    @property
    def widths(self) -> list[float]:
        """The table's columns: the lead's, then one a player."""
        return [*(col.width for col in self.lead), *[self.player_width] * self.players]

    @property
    def lead_digits(self) -> int:
        """How many lead columns are numbers on the digit grid (one cell holds them)."""
        return sum(1 for col in self.lead if col.units)

    @property
    def pad(self) -> float:
        """The right padding of the players' cell: each number ends half a digit
        before its sub-column's rule."""
        return self.digit / 2

    def line(self, players: Sequence[Sequence[Field]]) -> Markup:
        """All the players' numbers in a row, as one line.

        >>> grid = Grid((), WIZARD_SUBS, (3, 3, 5, 6), 2)
        >>> row = [[Field("2"), Field("2"), Field("+40"), Field("120")]] * 2
        >>> str(grid.line(row)).replace(FIGURE_SPACE, "_")
        '2__2__+40___120__2__2__+40___120'
        """
        fields = [field for row in players for field in row]
        return digit_line(fields, self.sub_units * len(players))

    def labels(self) -> Markup:
        """Every player's sub-column labels, as one line; a label too long for its
        sub-column (a language's longer word) is shortened.

        Latin, Greek and Cyrillic labels are set like the numbers, a letter a digit wide
        in DejaVu Sans Mono; a script it lacks (Devanagari) is not, so each label of such
        a language is right-aligned in a box its sub-column's width (which costs more
        to lay out)."""
        texts = [
            shorten(str(sub.label), units - 1)
            for sub, units in zip(self.subs, self.sub_units, strict=True)
        ]
        if all(ord(ch) < MONOSPACED_BELOW for text in texts for ch in text):
            return self.line([[Field(text) for text in texts]] * self.players)
        boxes = [
            Markup('<span style="width:{:.3f}mm">{}</span>').format(units * self.digit, text)
            for text, units in zip(texts, self.sub_units, strict=True)
        ]
        return Markup("<div>{}</div>").format(Markup("").join(boxes * self.players))

    def lead_line(self, fields: Sequence[Field], dealer: str) -> Markup:
        """The round's numbers (round, cards), each ``LEAD_MARGIN`` digits before its
        column's rule, then the dealer's name a digit past the next rule: one line,
        left-aligned, in one cell (the name's own width moves no number).

        >>> grid = Grid(WIZARD_LEAD, WIZARD_SUBS, (3, 3, 5, 6), 3)
        >>> str(grid.lead_line([Field("7"), Field("12")], "Ana")).replace(FIGURE_SPACE, "_")
        '___7____12___Ana'
        """
        pieces: list[str] = []
        end = used = 0
        for col, item in zip([col for col in self.lead if col.units], fields, strict=True):
            end += col.units
            start = end - LEAD_MARGIN - len(item.text)
            pieces += [FIGURE_SPACE * max(start - used, 0), item.markup()]
            used = max(start, used) + len(item.text)
        if dealer:
            pieces += [FIGURE_SPACE * (end + 1 - used), escape(dealer)]
        return Markup("").join(pieces)

    def fit(self, name: str, key: str = "dealer", among: Sequence[str] = ()) -> str:
        """``name`` shortened to fit lead column ``key`` on one line (cheaper to lay
        out than clipping it; the full name heads its own column), still told apart
        from the other players' names ``among``."""
        width = next(col.width for col in self.lead if col.key == key)
        if key == "dealer":  # the name starts a digit past the rule
            width -= self.digit - 1.0
        return distinct_within(name, among, int((width - 2.0) / (0.6 * self.number_pt * PT)))

    def background(self) -> str:
        """Every vertical rule in the grid and the shaded totals, as a ``data:`` URI
        of an SVG stretched over the grid's height (the rules are vertical, so
        stretching keeps their width). A row needs no cell for each column: the
        rules are drawn anyway. The rules between players lie just right of the
        boundary, where the header's and totals' cells draw their left borders."""
        shades: list[str] = []
        thin: list[str] = []
        thick: list[str] = []
        x = 0.0
        for col in self.lead[:-1]:
            x += col.width
            thin.append(f"M{x:.2f} 0V10")
        for seat in range(self.players):
            x = self.lead_width + seat * self.player_width
            thick.append(f"M{x + THICK / 2:.2f} 0V10")
            for units in self.sub_units[:-1]:
                x += units * self.digit
                thin.append(f"M{x:.2f} 0V10")
            total = self.sub_units[-1] * self.digit
            shades.append(f'<rect x="{x:.2f}" width="{total:.2f}" height="10"/>')
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:.2f} 10"'
            f' preserveAspectRatio="none"><g fill="#e9e9e9">{"".join(shades)}</g>'
            f'<path d="{"".join(thin)}" stroke="#8c8c8c" stroke-width="0.15"/>'
            f'<path d="{"".join(thick)}" stroke="#222" stroke-width="{THICK:.2f}"/></svg>'
        )
        return "data:image/svg+xml," + urllib.parse.quote(svg, safe="")


def layout_grid(game: str, players: int, width: float) -> Grid:
    """Share the page's width: the lead columns, then every player alike, a whole
    number of digits wide, split by the sub-columns' weights.

    The numbers are as large, and the dealer's column as wide, as still lets every
    sub-column hold its number and its label; the dealer's column then takes what
    the players leave. Labels too long for any of that (a language's longer words)
    give way: the numbers alone decide, and the labels are shortened.
    """
    subs = SUBS[game]
    weights = sum(sub.weight for sub in subs)
    tries = [(size, dealer) for size in NUMBER_SIZES for dealer in DEALER_WIDTH]
    for size, dealer, with_labels in [*((s, d, True) for s, d in tries), (*tries[-1], False)]:
        units = _player_units(game, players, width, size, dealer)
        least = [sub.least if with_labels else sub.least_for_numbers for sub in subs]
        if units >= sum(least):
            break
    else:
        raise ValueError(f"{players} players' columns do not fit in {width:.0f} mm")
    digit = DIGIT_EM * size * PT
    lead = [
        Column(col.key, col.label, col.units * digit, col.units) if col.units else col
        for col in LEAD[game]
    ]
    sub_units = [max(least[i], round(units * sub.weight / weights)) for i, sub in enumerate(subs)]
    while sum(sub_units) > units:  # rounding overshot: take from the roomiest
        pick = max(range(len(subs)), key=lambda i: sub_units[i] - least[i])
        if sub_units[pick] <= least[pick]:
            break
        sub_units[pick] -= 1
    while sum(sub_units) < units:
        pick = max(range(len(subs)), key=lambda i: subs[i].weight / sub_units[i])
        sub_units[pick] += 1
    spare = width - sum(col.width for col in lead) - players * sum(sub_units) * digit
    lead = [
        Column(col.key, col.label, spare, col.units) if col.key == "dealer" else col for col in lead
    ]
    return Grid(tuple(lead), subs, tuple(sub_units), players, size)


def _player_units(game: str, players: int, width: float, size: float, dealer: float) -> int:
    """How many digits wide each player's column can be, with numbers ``size`` points
    and the dealer's column ``dealer`` millimetres."""
    digit = DIGIT_EM * size * PT
    lead = sum(col.units * digit or col.width for col in LEAD[game]) + dealer
    return int((width - lead) / players / digit)


def shorten(name: str, limit: int) -> str:
    """``name`` in at most ``limit`` characters, an ellipsis for the rest.

    >>> shorten("Bartholomew-Alexander", 10), shorten("Ana", 10)
    ('Bartholom…', 'Ana')
    """
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def number(value: int, *, signed: bool = False) -> str:
    """A number as the grid prints it: ``+40``, ``‒20`` (a figure dash), ``120``.

    >>> number(40, signed=True), number(-20, signed=True), number(0, signed=True), number(-5)
    ('+40', '‒20', '0', '‒5')
    """
    if value < 0:
        return f"{FIGURE_DASH}{-value}"
    return f"+{value}" if signed and value > 0 else str(value)


# The lead columns: numbers on the digit grid, the rest in millimetres, wide enough
# for their 8 pt labels. The dealer's takes what the players leave, at least 18 mm.
# TRANSLATORS: the headings of a printed score sheet's first columns (Round, Cards,
# Dealer, Trump; Hand, Bidder, Bid): narrow columns, so as short as your language allows.
WIZARD_LEAD = (
    Column("rnd", lazy_gettext("Round"), units=6),
    Column("cards", lazy_gettext("Cards"), units=6),
    Column("dealer", lazy_gettext("Dealer")),
    Column("trump", lazy_gettext("Trump"), 11.5),
)
ONE_CARD_LEAD = (
    Column("rnd", lazy_gettext("Hand"), units=6),
    Column("dealer", lazy_gettext("Dealer")),
    Column("bidder", lazy_gettext("Bidder"), 20.0),
    Column("bid", lazy_gettext("Bid"), 12.0),
    Column("trump", lazy_gettext("Trump"), 11.5),
)
DEALER_WIDTH = (24.0, 18.0)
"""The dealer's column: wide enough for most names, and at the least."""
# The labels over each player's sub-columns, a letter a digit wide: a label longer than
# its numbers widens every player's column (and a much longer one is cut short).
WIZARD_SUBS = (
    # TRANSLATORS: a sub-column's label on a printed sheet (what a player bid): 3-5 letters.
    Sub("bid", lazy_gettext("bid"), 2, 1.0),
    # TRANSLATORS: a sub-column's label on a printed sheet (tricks won): 3-5 letters.
    Sub("won", lazy_gettext("won"), 2, 1.0),
    # TRANSLATORS: a sub-column's label on a printed sheet (the round's score): 4-6 letters.
    Sub("score", lazy_gettext("score"), 4, 1.3),
    # TRANSLATORS: a sub-column's label on a printed sheet (the running total): 4-6 letters.
    Sub("total", lazy_gettext("total"), 5, 1.5),
)
ONE_CARD_SUBS = (
    # TRANSLATORS: a sub-column's label on a printed sheet (card points taken): 4-6 letters.
    Sub("points", lazy_gettext("points"), 2, 1.0),
    Sub("total", lazy_gettext("total"), 4, 1.2),
)
LEAD = {"wizard": WIZARD_LEAD, "one_card": ONE_CARD_LEAD}
SUBS = {"wizard": WIZARD_SUBS, "one_card": ONE_CARD_SUBS}


def orientation_for(game: str, players: int, paper: Paper) -> str:
    """Upright while the grid keeps its largest numbers and a roomy dealer's column;
    else across the page.

    >>> [orientation_for("wizard", n, PAPERS["a4"]) for n in (3, 4, 5, 6)]
    ['portrait', 'landscape', 'landscape', 'landscape']
    >>> [orientation_for("one_card", n, PAPERS["letter"]) for n in (2, 3, 4)]
    ['portrait', 'portrait', 'portrait']
    """
    width, _ = usable(paper, "portrait")
    units = _player_units(game, players, width, NUMBER_SIZES[0], DEALER_WIDTH[0])
    roomy = units >= sum(sub.least for sub in SUBS[game])
    return "portrait" if roomy else "landscape"


# -- what a sheet holds ----------------------------------------------------------


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
    """What the scoring reminder needs: hook; target and lowest bid."""

    @property
    def page_size(self) -> tuple[float, float]:
        width, height = self.paper.width, self.paper.height
        return (height, width) if self.orientation == "landscape" else (width, height)


def _head_height(grid: Grid, names: Sequence[str], kind: str) -> float:
    """The title, the facts and the grid's header, the longest name wrapped to fit."""
    per_line = max(1, int((grid.player_width - 2.0) / (0.6 * 9 * PT)))
    lines = max((math.ceil(len(name) / per_line) for name in names), default=1)
    return TITLE_HEIGHT + NAMES_HEIGHT[kind] + max(lines - 1, 0) * NAME_LINE + LABELS_HEIGHT


def _rotation(first: int, players: int, count: int) -> list[int]:
    """Who deals each of ``count`` rounds from ``first``: the deal passes left
    (RULES.md, Wizard › Rounds and dealing; One Card › Dealing)."""
    return [(first + i) % players for i in range(count)]


def _rounds_fact(rounds: int, players: int) -> Fact:
    full = full_game_rounds(players)
    if rounds == full:
        return Fact(gettext("Rounds"), gettext("%(rounds)s, the full game", rounds=full))
    return Fact(
        gettext("Rounds"),
        gettext("%(rounds)s of %(full)s, a short game", rounds=rounds, full=full),
    )


def _target_fact(target: int) -> Fact:
    return Fact(gettext("Target"), ngettext("%(num)s point", "%(num)s points", target))


def _hook_fact(hook: bool) -> Fact:
    # TRANSLATORS: whether a Wizard game plays with the hook, on a printed sheet: Hook on.
    return Fact(gettext("Hook"), gettext("on") if hook else gettext("off"))


def typical_hands(players: int, target: int) -> int:
    """About how many hands a One Card game lasts: 15 points are shared each hand,
    and the leader takes a little more than an even share.

    >>> [typical_hands(n, 30) for n in (2, 3, 4)]
    [4, 5, 7]
    """
    return math.ceil(target / (1.3 * HAND_POINTS / players))


def _row(
    grid: Grid,
    number_: int,
    numbers: Sequence[int],
    written: Sequence[Cell],
    players: Markup | None = None,
    css: str = "",
) -> Row:
    """A row of as few cells as it needs (see :class:`Row`).

    ``numbers`` are the lead numbers after the round's (Wizard's cards); ``written``
    the other lead cells in order, empty ones with no text; ``players`` the line of
    the players' numbers, or None for a row still to be filled in.
    """
    fields = [Field(str(number_)), *(Field(str(n)) for n in numbers)]
    dealer, *others = written
    # The numbers and the dealer share a cell: columns round, cards and dealer.
    cells = [Cell(grid.lead_line(fields, str(dealer.text)), "num", grid.lead_digits + 1)]
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
    return Row(number_, lead, tuple(cells), css)


def _to_play(state: Game[Any, Any], grid: Grid, number_: int, dealer: str, css: str = "") -> Row:
    """A round still to be played: its deal printed, the rest left to write."""
    if isinstance(state, WizardGame):
        # RULES.md, Wizard › Trump: nothing is turned in the last round of a full game.
        # TRANSLATORS: a round with no trump, in a printed sheet's narrow trump column.
        trump = Cell() if state.turns_trump(number_) else Cell(gettext("none"), "none")
        written: tuple[Cell, ...] = (Cell(grid.fit(dealer, among=state.players), "dealer"), trump)
        return _row(grid, number_, [state.deal_size(number_)], written, css=css)
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), Cell(), Cell(), Cell())
    return _row(grid, number_, [], written, css=css)


# -- blank sheets ----------------------------------------------------------------


def blank_sheet(
    game: str,
    players: int,
    *,
    names: Sequence[str] = (),
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    paper: str = "a4",
) -> Sheet:
    """A sheet to fill in by hand for ``players`` players.

    With ``names`` (as many as players), each round's dealer is printed, the deal
    passing left from ``first_dealer``. Raises the rules' ``RoundRefused`` for a
    player count, names or options the game does not allow.
    """
    rules = GAMES[game]
    named = bool(names)
    # Stand-ins the rules need, never printed: a sheet without names leaves them blank.
    seats = list(names) if named else [f"Player {seat + 1}" for seat in range(players)]
    state = rules.new(seats, first_dealer if named else 0, options)
    sheet_paper = PAPERS[paper]
    orientation = orientation_for(game, state.player_count, sheet_paper)
    width, height = usable(sheet_paper, orientation)
    grid = layout_grid(game, state.player_count, width)
    shown = state.players if named else ("",) * state.player_count
    room = height - _head_height(grid, shown, "blank") - FOOT_HEIGHT[game, "blank"] - SLACK

    facts = [Fact(gettext("Date"), ""), Fact(gettext("Players"), str(state.player_count))]
    if isinstance(state, WizardGame):
        count = state.planned_rounds
        facts += [_rounds_fact(count, state.player_count), _hook_fact(state.options.hook)]
        notes: dict[str, Any] = {"hook": state.options.hook}
    else:
        assert isinstance(state, OneCardGame)
        target = state.options.target
        # Room for twice a typical game (a tie plays on), and never less than a page.
        count = max(ONE_CARD_ROWS, 2 * typical_hands(state.player_count, target))
        facts += [_target_fact(target), Fact(gettext("Lowest bid"), str(state.lowest_bid))]
        notes = {"target": target, "lowest": state.lowest_bid}
    if named:
        facts.append(Fact(gettext("First dealer"), state.players[state.first_dealer]))

    dealers = _rotation(state.first_dealer, state.player_count, count)
    rows = tuple(
        _to_play(state, grid, number_, state.players[dealer] if named else "")
        for number_, dealer in enumerate(dealers, start=1)
    )
    return Sheet(
        kind="blank",
        game=game,
        title=game_word(rules.title),
        paper=sheet_paper,
        orientation=orientation,
        grid=grid,
        players=shown,
        facts=tuple(facts),
        rows=rows,
        row_height=max(BLANK_ROW_MIN, min(BLANK_ROW_MAX, room / count)),
        notes=notes,
    )


# -- completed sheets --------------------------------------------------------------


def _trump_cell(trump: Suit | None, prefix: str = "") -> Cell:
    if trump is None:
        return Cell(f"{prefix}–", "trump")
    return Cell(f"{prefix}{trump.symbol}", "trump red" if trump.is_red else "trump")


def _wizard_row(
    state: WizardGame,
    number_: int,
    record: WizardRound,
    scores: Sequence[int],
    totals: Sequence[int],
    grid: Grid,
) -> Row:
    """Round, cards, dealer, the trump as it came (the turned card, W for a Wizard
    and the suit the dealer named, J for a Jester), then bid, took, score, total."""
    turned = record.turned
    if turned is None:
        trump = _trump_cell(record.trump)
    elif turned.is_wizard:
        # TRANSLATORS: a Wizard turned up, on a printed sheet: its first letter ("W ♥").
        trump = _trump_cell(record.trump, gettext("W") + " ")
    elif turned.is_jester:
        # TRANSLATORS: a Jester turned up, on a printed sheet: its first letter ("J –").
        trump = Cell(gettext("J") + " –", "trump")
    else:
        red = record.trump is not None and record.trump.is_red
        trump = Cell(turned.label, "trump red" if red else "trump")
    line = grid.line(
        [
            [
                Field(str(record.bids[seat])),
                Field(str(record.tricks[seat])),
                Field(number(scores[seat], signed=True)),
                Field(number(totals[seat])),
            ]
            for seat in range(state.player_count)
        ]
    )
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    return _row(grid, number_, [state.deal_size(number_)], (dealer, trump), line, "played")


def _one_card_row(
    state: OneCardGame, number_: int, record: OneCardHand, totals: Sequence[int], grid: Grid
) -> Row:
    """Hand, dealer, the contract (✓ made, ✗ short) and trump (↓ downtown), then each
    player's points (underlined: took the last trick and the one card; struck out: a
    bidder short of the bid, who scores 0) and total."""
    if record.bidder is None or record.bid is None:
        # TRANSLATORS: a One Card hand nobody bid on, in a printed sheet's bidder column.
        passed = Cell(gettext("all passed"), "bidder")
        bidder, bid, trump = passed, Cell("–", "bid"), Cell("–", "trump")
    else:
        bidder = Cell(grid.fit(state.players[record.bidder], "bidder", state.players), "bidder")
        made = bool(record.made)
        bid = Cell(f"{record.bid} {'✓' if made else '✗'}", "bid" if made else "bid missed")
        trump = _trump_cell(record.trump)
    if record.order == "downtown":
        trump = Cell(f"{trump.text} ↓", trump.css)
    fields = []
    for seat in range(state.player_count):
        style = "s" if seat == record.bidder and record.made is False else ""
        if seat == record.last_trick:
            style += "u"
        points = Field(str(record.points[seat]), style)
        fields.append([points, Field(number(totals[seat]))])
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    return _row(grid, number_, [], (dealer, bidder, bid, trump), grid.line(fields), "played")


def completed_sheet(state: Game[Any, Any], created_at: datetime, paper: str = "a4") -> Sheet:
    """A game as recorded, running or finished: every round, the totals, the
    winners and the chart. A game still being played keeps rows to go on with on
    paper: the rest of Wizard's plan, four more hands of One Card."""
    game = state.key
    sheet_paper = PAPERS[paper]
    orientation = orientation_for(game, state.player_count, sheet_paper)
    width, height = usable(sheet_paper, orientation)
    grid = layout_grid(game, state.player_count, width)

    rows: list[Row] = []
    for scored in state.scored_rounds:
        if isinstance(state, WizardGame):
            rows.append(
                _wizard_row(state, scored.number, scored.record, scored.scores, scored.totals, grid)
            )
        else:
            assert isinstance(state, OneCardGame)
            rows.append(_one_card_row(state, scored.number, scored.record, scored.totals, grid))
    upcoming = state.next_round
    if upcoming is not None:
        planned = state.planned_rounds
        to_come = planned - len(rows) if planned is not None else 4
        for offset, dealer in enumerate(_rotation(upcoming.dealer, state.player_count, to_come)):
            number_ = upcoming.number + offset
            rows.append(_to_play(state, grid, number_, state.players[dealer], "to-play"))

    winners = state.winners
    facts = [Fact(gettext("Date"), date_medium(created_at))]
    target: int | None = None
    if isinstance(state, WizardGame):
        facts += [
            _rounds_fact(state.options.rounds, state.player_count),
            _hook_fact(state.options.hook),
        ]
        notes: dict[str, Any] = {"hook": state.options.hook}
    else:
        assert isinstance(state, OneCardGame)
        target = state.options.target
        facts.append(_target_fact(target))
        notes = {"target": target, "lowest": state.lowest_bid}
    facts.append(Fact(gettext("First dealer"), state.players[state.first_dealer]))
    if state.finished:
        facts.append(Fact(gettext("Result"), _result(state)))
    else:
        facts.append(Fact(gettext("Being played"), _so_far(state)))

    room = (
        height
        - _head_height(grid, state.players, "completed")
        - len(rows) * PLAYED_ROW
        - TOTALS_ROW
        - FOOT_HEIGHT[game, "completed"]
        - CHART_EXTRA
        - SLACK
    )
    chart = _sheet_chart(state, grid, room)
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
        game=game,
        title=game_word(state.title),
        paper=sheet_paper,
        orientation=orientation,
        grid=grid,
        players=state.players,
        facts=tuple(facts),
        rows=tuple(rows),
        row_height=PLAYED_ROW,
        winners=winners,
        totals=tuple(number(total) for total in state.totals),
        chart=chart,
        keys=keys,
        notes=notes,
    )


def _result(state: Game[Any, Any]) -> str:
    """Who won, and with how many points: ``Ana and Ben share the win with 120``."""
    winners = [state.players[seat] for seat in state.winners]
    names = and_names(winners)
    return ngettext(
        "%(names)s wins with %(points)s",
        "%(names)s share the win with %(points)s",
        len(winners),
        names=names,
        points=number(state.totals[state.winners[0]]),
    )


def _so_far(state: Game[Any, Any]) -> str:
    """How far a game still being played has come: ``3 of 20 rounds so far``."""
    played, planned = len(state.rounds), state.planned_rounds
    if state.round_word == "hand" and planned:
        return ngettext(
            "%(played)s of %(num)s hand so far",
            "%(played)s of %(num)s hands so far",
            planned,
            played=played,
        )
    if state.round_word == "hand":
        return ngettext("%(num)s hand so far", "%(num)s hands so far", played)
    if planned:
        return ngettext(
            "%(played)s of %(num)s round so far",
            "%(played)s of %(num)s rounds so far",
            planned,
            played=played,
        )
    return ngettext("%(num)s round so far", "%(num)s rounds so far", played)


SHEET_FONTS = "Noto Sans, Noto Sans Devanagari, DejaVu Sans Mono, sans-serif"
"""As static/print.css names them: DejaVu Sans Mono, already there for the labels,
draws the symbols Noto Sans lacks (suits, − ✓ ✗ ★ ↓), one font fewer to embed."""


def _sheet_chart(state: Game[Any, Any], grid: Grid, room: float) -> Markup | None:
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
        target=state.options.target if isinstance(state, OneCardGame) else None,
        round_word=state.round_word,
        look=look,
        legend="none",
        unit="pt",
    )
    # As an image: WeasyPrint reads an inline <svg> back out of the page first.
    uri = "data:image/svg+xml," + urllib.parse.quote(str(chart), safe="")
    return Markup('<img src="{}" alt="">').format(uri)


def page_chart(state: Game[Any, Any]) -> Markup | None:
    """The chart for the game's page, or None before the first round."""
    if not state.rounds:
        return None
    return running_totals_svg(
        state.players,
        [scored.totals for scored in state.scored_rounds],
        rounds=state.planned_rounds,
        target=state.options.target if isinstance(state, OneCardGame) else None,
        round_word=state.round_word,
    )


# -- the same sheet, not made twice ------------------------------------------------


def fingerprint(state: Game[Any, Any], created_at: datetime, paper: str) -> str:
    """Everything a completed sheet shows, hashed: any change to the game changes it."""
    facts = {
        "game": state.key,
        "players": list(state.players),
        "first_dealer": state.first_dealer,
        "options": state.options_mapping(),
        "rounds": [record.to_mapping() for record in state.rounds],
        "created": created_at.isoformat(),
        "paper": paper,
    }
    encoded = json.dumps(facts, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(encoded).hexdigest()[:32]


def night_fingerprint(facts: Mapping[str, Any], games: Sequence[str]) -> str:
    """A night's printed facts (date, place, note, paper) and its games' fingerprints,
    hashed: a night's PDF changes with any of its games, or with what is said of it."""
    encoded = json.dumps([facts, list(games)], sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(encoded).hexdigest()[:32]


class SheetCache:
    """Finished games' PDFs in memory, the least recently used dropped first.

    Keyed by the game's id and its :func:`fingerprint`, so a corrected or undone
    round makes a new key: the old PDF is never served again. Only the newest
    version of a game is kept.
    """

    def __init__(self, max_entries: int = 32, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, game_id: str, key: str) -> bytes | None:
        with self._lock:
            pdf = self._items.get((game_id, key))
            if pdf is not None:
                self._items.move_to_end((game_id, key))
            return pdf

    def put(self, game_id: str, key: str, pdf: bytes) -> None:
        with self._lock:
            for stale in [k for k in self._items if k[0] == game_id and k[1] != key]:
                self._bytes -= len(self._items.pop(stale))
            if (game_id, key) in self._items:
                return
            self._items[(game_id, key)] = pdf
            self._bytes += len(pdf)
            while self._items and (
                len(self._items) > self.max_entries or self._bytes > self.max_bytes
            ):
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)

    def __len__(self) -> int:
        return len(self._items)
