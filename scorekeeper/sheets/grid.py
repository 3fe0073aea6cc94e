"""The ruled grid: lead columns, then a column per player split into sub-columns, every
width computed in millimetres on a grid of digit widths.

The numbers are lines of text in which every character is exactly one digit wide
(digits, ``+``, the figure space and the figure dash, in Noto Sans; the labels in
DejaVu Sans Mono sized to match), set on a grid of digit widths so that each number
ends half a digit inside its sub-column. That is why the widths here are computed,
in millimetres, and why every player's column is a whole number of digits wide.
"""

from __future__ import annotations

import math
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from markupsafe import Markup, escape

from ..names import distinct_within
from .measure import text_width
from .paper import PT, Paper, usable

SMALLEST_PT = 8.0
"""Nothing on a sheet is smaller."""
NUMBER_SIZES = (9.0, 8.5, SMALLEST_PT)
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
THIN = 0.15
"""The rules between sub-columns and lead columns."""
LEAD_MARGIN = 2
"""Digits between a lead number (round, cards) and its column's right rule."""
DEALER_WIDTH = (24.0, 18.0, 14.0, 10.0)
"""The dealer's column: wide enough for most names, and narrower for a wide table (a
name shortened to fit)."""
CLEAR = 0.6
"""The least room between any text and a rule, in millimetres (half a millimetre, and
a hair for the measure)."""
CELL_PAD = 1.0
"""A lead cell's padding each side, in millimetres (static/print.css ``th, td``)."""


def fit_text(name: str, among: Sequence[str], room: float, size_pt: float) -> str:
    """``name`` in as many letters as fit ``room`` millimetres at ``size_pt`` points,
    an ellipsis for the rest, told apart from ``among`` (:func:`distinct_within`).

    >>> fit_text("Ana", [], 10.0, 9.0), fit_text("Bartholomew-Alexander", [], 15.0, 9.0)
    ('Ana', 'Barthol…')
    """
    if text_width(name, size_pt) <= room:
        return name
    limit = len(name)
    while limit > 2:
        limit -= 1
        short = distinct_within(name, among, limit)
        if text_width(short, size_pt) <= room:
            return short
    return distinct_within(name, among, 2)


@dataclass(frozen=True)
class Column:
    """A lead column. Numbers on the digit grid (round, cards) come first; the dealer's
    column takes what the players leave; the others are as wide as what they hold and
    their heading."""

    key: str
    """A CSS class: what the column holds."""
    label: str
    """Its heading (laid out: the one printed, perhaps the short form)."""
    width: float = 0.0
    """Millimetres: the least for a column of text; laid out, its width."""
    units: int = 0
    """For a column of numbers on the digit grid (round, cards): its width in digits."""
    short: str = ""
    """The heading's catalogued short form, printed where the heading does not fit."""
    holds: str = ""
    """The widest text the column holds, at the numbers' size (a trump's ``10 ♥``)."""
    full: str = ""
    """Laid out with its short form: the heading it stands for (the sheet's key says it)."""


@dataclass(frozen=True)
class Sub:
    """A sub-column of every player's column."""

    key: str
    label: str
    """Its label (laid out: the one printed, perhaps the short form)."""
    chars: int
    """The longest number it holds, in digits (a sign counts as one), unless the game
    says more for its options (:func:`layout_grid`'s ``chars``)."""
    weight: float
    """Its share of the player's width."""
    short: str = ""
    """The label's catalogued short form, printed where the label does not fit."""
    full: str = ""
    """Laid out with its short form: the label it stands for (the sheet's key says it)."""
    hand: bool = False
    """Its numbers are written by hand as long as they come (the round's score): its
    boxes as wide as :func:`hand_box` of its longest."""


class Columns(Protocol):
    """What a grid is laid out from: a game's lead columns and sub-columns (a
    :class:`~scorekeeper.sheets.layout.SheetLayout`)."""

    @property
    def lead(self) -> tuple[Column, ...]: ...

    @property
    def subs(self) -> tuple[Sub, ...]: ...


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

# For the examples: a lead of round, cards and dealer; a player's bid, won, score, total.
_LEAD = (Column("rnd", "Round", units=6), Column("cards", "Cards", units=6), Column("dealer", ""))
_SUBS = (Sub("bid", "bid", 2, 1.0), Sub("won", "won", 2, 1.0), Sub("score", "score", 4, 1.3))


@dataclass(frozen=True)
class Grid:
    """The lead columns, then a column per player, ``units`` digits wide, split into
    sub-columns of ``sub_units`` digits; numbers ``number_pt`` points."""

    lead: tuple[Column, ...]
    subs: tuple[Sub, ...]
    sub_units: tuple[int, ...]
    players: int
    number_pt: float = NUMBER_SIZES[0]
    dealer_pt: float = 0.0
    """The dealer's name in the lead, in points, where smaller than the numbers (a lead
    at its narrowest, :data:`TIGHTEST`); 0: as large as the numbers."""

    @property
    def name_pt(self) -> float:
        """The size of the dealer's name in the lead, in points."""
        return self.dealer_pt or self.number_pt

    @property
    def digit(self) -> float:
        """One digit's width, in millimetres."""
        return DIGIT_EM * self.number_pt * PT

    @property
    def label_pt(self) -> float:
        """The labels' size: in DejaVu Sans Mono each character a digit wide, unless that
        is under the sheet's 8 pt floor (the smallest numbers): then 8 pt, each label in a
        box its sub-column's width (:meth:`labels`).

        >>> round(Grid((), (), (), 7, 9.0).label_pt, 2), Grid((), (), (), 7, 8.0).label_pt
        (8.55, 8.0)
        """
        return max(SMALLEST_PT, self.number_pt * DIGIT_EM / MONO_EM)

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

    @property
    def abbreviations(self) -> tuple[tuple[str, str], ...]:
        """Each heading and label printed in its short form, with what it stands for,
        for the sheet's key: ``("tk", "took")``."""
        said: list[tuple[str, str]] = []
        for short, full in [
            *((str(col.label), str(col.full)) for col in self.lead if col.full),
            *((str(sub.label), str(sub.full)) for sub in self.subs if sub.full),
        ]:
            if short != full and (short, full) not in said:
                said.append((short, full))
        return tuple(said)

    def line(self, players: Sequence[Sequence[Field]]) -> Markup:
        """All the players' numbers in a row, as one line.

        >>> grid = Grid((), _SUBS, (3, 3, 5), 2)
        >>> row = [[Field("2"), Field("2"), Field("+40")]] * 2
        >>> str(grid.line(row)).replace(FIGURE_SPACE, "_")
        '2__2__+40__2__2__+40'
        """
        fields = [field for row in players for field in row]
        return digit_line(fields, self.sub_units * len(players))

    def labels(self) -> Markup:
        """Every player's sub-column labels, as one line; each label is the one the
        layout chose to fit its sub-column (a language's long word gives way to its
        catalogued short form, never to a cut one).

        Latin, Greek and Cyrillic labels are set like the numbers, a letter a digit wide
        in DejaVu Sans Mono; a script it lacks (Devanagari) is not, nor a label that would
        be under 8 pt that way (the smallest numbers), so each such label is right-aligned
        in a box its sub-column's width (which costs more to lay out)."""
        texts = [str(sub.label) for sub in self.subs]
        if self.digit_wide_labels and all(
            ord(ch) < MONOSPACED_BELOW for text in texts for ch in text
        ):
            return self.line([[Field(text) for text in texts]] * self.players)
        boxes = [
            Markup('<span class="l{}">{}</span>').format(i, text) for i, text in enumerate(texts)
        ]
        return Markup("<div>{}</div>").format(Markup("").join(boxes * self.players))

    @property
    def label_widths(self) -> list[float]:
        """The width of each sub-column's label box, in mm: the stylesheet sizes the
        boxes by class (``l0``, ``l1``, …), which lays out faster than a style on each."""
        return [units * self.digit for units in self.sub_units]

    @property
    def digit_wide_labels(self) -> bool:
        """Whether DejaVu Sans Mono a digit wide is at least 8 pt (the labels' size then)."""
        return self.number_pt * DIGIT_EM / MONO_EM >= SMALLEST_PT

    def lead_line(self, fields: Sequence[Field], dealer: str) -> Markup:
        """The round's numbers (round, cards), each ``LEAD_MARGIN`` digits (in a narrow
        column, half what the number leaves) before its
        column's rule, then the dealer's name a digit past the next rule: one line,
        left-aligned, in one cell (the name's own width moves no number).

        >>> grid = Grid(_LEAD, _SUBS, (3, 3, 5), 3)
        >>> str(grid.lead_line([Field("7"), Field("12")], "Ana")).replace(FIGURE_SPACE, "_")
        '___7____12___Ana'
        """
        pieces: list[str] = []
        end = used = 0
        for col, item in zip([col for col in self.lead if col.units], fields, strict=True):
            end += col.units
            margin = (
                (col.units - len(item.text)) // 2
                if col.units < 2 * LEAD_MARGIN + 2
                else LEAD_MARGIN
            )
            start = end - margin - len(item.text)
            pieces += [FIGURE_SPACE * max(start - used, 0), item.markup()]
            used = max(start, used) + len(item.text)
        if dealer and self.name_pt < self.number_pt:
            # Smaller, and a digit of its own size past the rule.
            pieces.append(FIGURE_SPACE * max(end - used, 0))
            pieces.append(Markup('<span class="dn">{}</span>').format(FIGURE_SPACE + dealer))
        elif dealer:
            pieces += [FIGURE_SPACE * (end + 1 - used), escape(dealer)]
        return Markup("").join(pieces)

    def fit(self, name: str, key: str = "dealer", among: Sequence[str] = ()) -> str:
        """``name`` shortened to fit lead column ``key`` on one line (cheaper to lay
        out than clipping it; the full name heads its own column), still told apart
        from the other players' names ``among``: measured in the sheet's font, so a
        name in any script ends :data:`CLEAR` clear of the column's rules."""
        width = next(col.width for col in self.lead if col.key == key)
        if key == "dealer":
            # The dealer's name starts a digit (of its size) past the rule.
            size = self.name_pt
            return fit_text(name, among, width - DIGIT_EM * size * PT - CLEAR, size)
        # Another cell has its padding each side (static/print.css).
        return fit_text(name, among, width - 2 * (CELL_PAD + CLEAR), self.number_pt)

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


MIN_BOX = 7.0
"""The narrowest box a number is written in by hand (two digits), in millimetres."""
MIN_ROW = 9.0
"""The lowest row a number is written in by hand, in millimetres."""
HAND_DIGIT = 2.25
"""Each handwritten character past two, in millimetres."""
HEADING_PT = SMALLEST_PT
"""The lead columns' headings, in bold (static/print.css ``thead th``)."""
HEADING_PAD = 1.2
"""The headings' padding and a hair to spare, in millimetres."""


def layout_grid(
    columns: Columns,
    players: int,
    width: float,
    chars: Mapping[str, int] | None = None,
    narrowest: bool = False,
) -> Grid:
    """Share the page's width: the lead columns, then every player alike, a whole
    number of digits wide, split by the sub-columns' weights.

    Each column is as wide as what is written in it: a sub-column holds its longest
    number (``chars``, by sub-column, where the game's options make it longer than the
    sub-column's own) and a handwritten one (:data:`MIN_BOX`), and its label, or the
    label's short form where the label would not fit; a lead column its heading (or
    the heading's short form) and what it holds. The numbers are as large, and the
    dealer's column as wide, as still lets all that fit; the dealer's column then
    takes what the players leave; with ``narrowest``, at last the lead at its narrowest
    (:data:`TIGHTEST`), for a grid that fits no way round its paper otherwise. Raises
    ValueError when nothing fits.

    >>> class Plain:
    ...     lead, subs = _LEAD, _SUBS
    >>> grid = layout_grid(Plain(), 4, 190.0)
    >>> grid.number_pt, grid.sub_units, round(grid.width, 6)
    (9.0, (6, 6, 7), 190.0)
    """
    chars = dict(chars or {})
    columns = _in_words(columns)
    # A narrower dealer's column only when no size of the numbers leaves a wider one.
    roomy, narrow = DEALER_WIDTH[:2], DEALER_WIDTH[2:]
    tries = [
        (size, dealer, tight)
        for widths in (roomy, narrow)
        for tight in (LOOSE, TIGHT)
        for size in NUMBER_SIZES
        for dealer in widths
    ]
    if narrowest:
        tries += [(size, dealer, TIGHTEST) for size in NUMBER_SIZES for dealer in narrow]
    for size, dealer, tight in tries:
        fitted = _fit(columns, players, width, size, dealer, chars, tight)
        if fitted is not None:
            return fitted
    raise ValueError(f"{players} players' columns do not fit in {width:.0f} mm")


@dataclass(frozen=True)
class _Worded:
    """Columns whose headings and labels are words already (:func:`_in_words`)."""

    lead: tuple[Column, ...]
    subs: tuple[Sub, ...]


def _in_words(columns: Columns) -> _Worded:
    """``columns`` with each heading, label and short form put in the reader's language
    once: a game's are catalogued words looked up in the language on each use, and
    :func:`layout_grid` reads them in each of its dozens of tries.

    >>> from flask_babel import LazyString
    >>> class Lazy:
    ...     lead = (Column("round", LazyString(lambda: "Round"), units=2),)
    ...     subs = (Sub("bid", LazyString(lambda: "Bid"), 2, 1.0),)
    >>> worded = _in_words(Lazy())
    >>> type(worded.lead[0].label), type(worded.subs[0].label), worded.subs[0].short
    (<class 'str'>, <class 'str'>, '')
    """
    return _Worded(
        tuple(
            replace(col, label=str(col.label), short=str(col.short), holds=str(col.holds))
            for col in columns.lead
        ),
        tuple(replace(sub, label=str(sub.label), short=str(sub.short)) for sub in columns.subs),
    )


LOOSE, TIGHT, TIGHTEST = 0, 1, 2
"""How narrow a grid's lead is laid out (:func:`_lay_lead`): its columns of numbers with
their margins; only as wide as two digits and their margin; and besides, its columns of
words only as wide as what they hold (a box to write in at least), the dealer's heading
in its short form where the full one would widen it."""


def _fit(
    columns: Columns,
    players: int,
    width: float,
    size: float,
    dealer: float,
    chars: Mapping[str, int],
    tight: int = LOOSE,
) -> Grid | None:
    """The grid with numbers ``size`` points and the dealer's column at least ``dealer``
    millimetres, or None if the players' columns cannot hold what they must; ``tight``,
    how narrow its lead is (:data:`TIGHT`: the lead's columns of numbers no wider than
    their numbers and short headings; :data:`TIGHTEST`, its columns of words too)."""
    digit = DIGIT_EM * size * PT
    lead = [_lay_lead(col, digit, tight) for col in columns.lead]
    others = sum(col.width for col in lead if col.key != "dealer")
    label_pt = max(SMALLEST_PT, size * DIGIT_EM / MONO_EM)
    least = [_sub_least(sub, chars.get(sub.key, sub.chars), digit) for sub in columns.subs]
    # Each label as it needs, or its short form if it has one.
    full = [
        _label_units(str(sub.label), digit, label_pt, i == 0) for i, sub in enumerate(columns.subs)
    ]
    short = [
        _label_units(str(sub.short), digit, label_pt, i == 0) if sub.short else need
        for i, (sub, need) in enumerate(zip(columns.subs, full, strict=True))
    ]
    sub_units = [max(base, need) for base, need in zip(least, short, strict=True)]
    if tight == TIGHTEST:
        # The dealer's heading in its short form if the full one is wider than what the
        # players' narrowest columns leave it.
        room = width - others - players * sum(sub_units) * digit
        lead = [_short_dealer(col, room) if col.key == "dealer" else col for col in lead]
    dealer_col = next(col for col in lead if col.key == "dealer")
    dealer = max(dealer, dealer_col.width)
    units = int((width - others - dealer) / players / digit)
    if sum(sub_units) > units:
        return None
    # Room to spare goes first to full labels (the fewest digits first), then by weight.
    for i in sorted(range(len(sub_units)), key=lambda i: full[i] - sub_units[i]):
        more = full[i] - sub_units[i]
        if 0 < more <= units - sum(sub_units):
            sub_units[i] += more
    weights = [sub.weight for sub in columns.subs]
    while sum(sub_units) < units:
        pick = max(range(len(sub_units)), key=lambda i: weights[i] / sub_units[i])
        sub_units[pick] += 1
    subs = tuple(
        sub if full[i] <= sub_units[i] else replace(sub, label=sub.short, full=str(sub.label))
        for i, sub in enumerate(columns.subs)
    )
    spare = width - others - players * sum(sub_units) * digit
    lead = [replace(col, width=spare) if col.key == "dealer" else col for col in lead]
    # A lead at its narrowest leaves the dealer's name little room: the smallest size.
    dealer_pt = SMALLEST_PT if tight == TIGHTEST and size > SMALLEST_PT else 0.0
    return Grid(tuple(lead), subs, tuple(sub_units), players, size, dealer_pt)


def _lay_lead(col: Column, digit: float, tight: int = LOOSE) -> Column:
    """A lead column laid out for digits ``digit`` millimetres wide: as wide as its
    heading (the short form where the heading would widen a column that has one) and
    what it holds; the dealer's column its heading's width (it takes what is left).
    ``tight`` (:data:`TIGHT`): a column of numbers only as wide as two digits and its
    margin; :data:`TIGHTEST`, besides, a column of words only as wide as what it holds
    and a box to write in, not its usual ``width``."""
    units = LEAD_MARGIN + 2 if tight and col.units else col.units
    least = units * digit if units else col.width
    # What it holds, in a cell's padding and clear of its rules.
    held = text_width(col.holds, digit / DIGIT_EM / PT) + 2 * (CELL_PAD + CLEAR)
    if tight == TIGHTEST and col.holds and not units:
        least = max(held, MIN_BOX)
    least = max(least, held if col.holds else 0.0)
    heading = str(col.label)
    need = text_width(heading, HEADING_PT, "bold") + HEADING_PAD
    full = ""
    if col.key == "dealer":
        return replace(col, label=heading, width=need)
    if need > least and col.short:
        full, heading = heading, str(col.short)
        need = text_width(heading, HEADING_PT, "bold") + HEADING_PAD
    col = replace(col, full=full)
    if units:
        units = max(units, math.ceil(need / digit))
        return replace(col, label=heading, width=units * digit, units=units)
    return replace(col, label=heading, width=max(least, need))


def _short_dealer(col: Column, room: float) -> Column:
    """The dealer's column, laid out, with its heading's short form if the heading is
    wider than ``room`` millimetres (the key then says it in full)."""
    if col.width <= room or not col.short:
        return col
    short = str(col.short)
    need = text_width(short, HEADING_PT, "bold") + HEADING_PAD
    return replace(col, label=short, width=need, full=str(col.label))


def hand_box(chars: int) -> float:
    """The narrowest box a number of ``chars`` characters (a sign counts as one) is
    written in by hand, in millimetres: :data:`HAND_DIGIT` a character, and never under
    :data:`MIN_BOX` (``+170`` in 9 mm).

    >>> hand_box(1), hand_box(2), hand_box(3), hand_box(4)
    (7.0, 7.0, 7.0, 9.0)
    """
    return max(MIN_BOX, HAND_DIGIT * chars)


def _sub_least(sub: Sub, chars: int, digit: float) -> int:
    """A sub-column's narrowest, in digits, for its numbers: its longest, half a digit
    clear of the rule on each side, and never under a box its longest number is written
    in by hand (:func:`hand_box`)."""
    box = hand_box(chars) if sub.hand else MIN_BOX
    return max(chars + 1, math.ceil(box / digit - 1e-9))


def _label_units(label: str, digit: float, label_pt: float, first: bool = False) -> int:
    """The digits a label needs: half a digit clear of the rule on its right (where the
    numbers end), and half a millimetre past the rule on its left (the thick rule
    between players, for a player's ``first`` sub-column)."""
    left = THICK if first else THIN
    need = (text_width(label, label_pt, "mono") + 0.5 + left) / digit + 0.5
    return math.ceil(need - 0.05)


def orientation_for(
    columns: Columns, players: int, paper: Paper, chars: Mapping[str, int] | None = None
) -> str:
    """Upright while the grid keeps its largest numbers and a roomy dealer's column;
    else across the page."""
    width, _ = usable(paper, "portrait")
    fits = _fit(columns, players, width - 2 * THICK, NUMBER_SIZES[0], DEALER_WIDTH[0], chars or {})
    return "portrait" if fits is not None else "landscape"


def shorten(name: str, limit: int) -> str:
    """``name`` in at most ``limit`` characters, an ellipsis for the rest, cut between
    letters as a reader sees them (a conjunct, a letter and its accent stay whole).

    >>> shorten("Bartholomew-Alexander", 10), shorten("Ana", 10)
    ('Bartholom…', 'Ana')
    >>> shorten("ज्ञानेन्द्र", 3), shorten("ज्ञानेन्द्र बहादुर", 4)
    ('ज्ञानेन्द्र', 'ज्ञानेन्द्र…')
    >>> shorten("Ευτυχι\u0301α Λι\u0301νου", 7), shorten("Sio\u0302n ap Dafydd", 4) == "Sio\u0302…"
    ('Ευτυχι\u0301…', True)
    """
    return distinct_within(name, (), limit)


def number(value: int, *, signed: bool = False) -> str:
    """A number as the grid prints it: ``+40``, ``‒20`` (a figure dash), ``120``.

    >>> number(40, signed=True), number(-20, signed=True), number(0, signed=True), number(-5)
    ('+40', '‒20', '0', '‒5')
    """
    if value < 0:
        return f"{FIGURE_DASH}{-value}"
    return f"+{value}" if signed and value > 0 else str(value)
