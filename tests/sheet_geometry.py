"""A score sheet judged by its PDF's own layout: what a player with a pen would find.

Read with pdfminer.six, as drawn: every glyph with its box and size, gathered into
words, and every straight rule of ink. The grid's vertical rules are lines inside its
background image (a Form XObject, which pdfminer opens); its horizontal ones are cell
borders, each drawn as a border box and a padding box filled even-odd, whose difference
is the rule. Painting is followed in order, so a cell's background hides the rules
drawn under it (the names' cells hide the background's rules), and a line through or
under a run of words (a strike-through, an underline) is no rule. From the rules alone
the checker finds each grid (rules that touch one another) and its boxes; it knows
nothing of how the sheet was made.

Each check is a small function returning readable problems ("page 1: text 'Cardiau'
(x 21.8–32.8 mm, y 32.6 mm) crosses the rule at x 32.2 mm"). Positions are in
millimetres from the page's left and top edges; a box's size is from the centre of one
rule to the centre of the next.

- :func:`check_page_count`: the pages expected, and none after the first without a row
  of the grid or a chart (a page holding only a signature line or the notes);
- :func:`check_type_size`: no text under 8 pt;
- :func:`check_margins`: nothing within 10 mm of an edge, the grid's border and the
  footer named as such;
- :func:`check_text_overlaps`: no two words on top of each other;
- :func:`check_text_crosses_rules`: no word crossed by a rule;
- :func:`check_box_sizes`: every empty box of a grid (a box to write in) at least 7 mm
  wide and 9 mm high;
- :func:`check_cut_words`: no word cut to a stub ("cy…") or inside a letter;
- :func:`check_baselines`: the words of a row of the grid on one baseline;
- :func:`check_broken_words`: no word of a player's name broken across lines;
- :func:`check_rule_clearance`: every word at least 0.5 mm from every rule beside it
  (its cell's, the grid's, the chart's);
- :func:`check_row_rules`: a rule under every row a pen writes in (no box of the sheet's
  grid taller than the highest row to write in);
- :func:`check_shaping`: no shaping failure in any run of text (no dotted circle U+25CC,
  no combining mark standing alone, as a script drawn letter by letter shows);
- :func:`check_page_balance`: no page of rows holding fewer than a third of the rows of
  the fullest;
- :func:`check_hand_boxes`: each box a number is written in by hand as wide as the
  longest the game can reach needs (``+170`` in 9 mm);
- :func:`check_chart_styles`: each seat's line in the chart a look of its own.

:func:`problems` runs them all on a PDF. As a command, this module renders one sheet
through the app, as the views do, and prints its problems (exit status 1 when any)::

    python -m tests.sheet_geometry --game wizard --players 6 --paper letter --lang cy \\
        [--long-names | --no-names] [--completed | --unfinished] [--option hook=y] \\
        [--pdf out.pdf] [--png out.png]

``--png`` writes each page at 150 dpi in grey through poppler's ``pdftoppm`` (Debian:
poppler-utils); the checks themselves need nothing but pdfminer.six.
"""

from __future__ import annotations

import argparse
import io
import itertools
import math
import random
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTComponent, LTCurve, LTFigure, LTLine, LTPage
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

MM = 25.4 / 72
"""Millimetres in a point."""

MARGIN = 10.0
"""Every mark on a page at least this far from each edge, in millimetres."""
MIN_TEXT_PT = 8.0
BOX_WIDTH = 7.0
BOX_HEIGHT = 9.0
"""The least box a hand writes a two-digit number in, in millimetres."""

TOLERANCE = 0.15
"""Millimetres of slack for rounding in positions (a 0.4 pt rule is 0.14 mm)."""
RULE_MIN_LENGTH = 4.0
"""A straight mark shorter than this (mm) is a glyph's stroke or a mark, not a rule."""
RULE_MAX_THICKNESS = 1.2
"""A filled strip thicker than this (mm) is shading, not a rule."""
INK = 0.8
"""A mark lighter than this grey (0 black, 1 white) is shading, not ink."""
SAME_LINE = 0.8
"""Rules closer than this (mm) are one rule as the eye sees it (a border beside a rule)."""
CLEARANCE = 0.5
"""The least room between a word and a rule beside it, in millimetres, from the rule's
edge (its centre less half its thickness)."""
MEASURE_SLACK = 0.05
"""Millimetres a clearance may fall short by, for the positions' rounding."""
WRITE_ROW_MAX = 13.5
"""The highest box of a sheet's grid, in millimetres: its rows to write in are at most
13 mm high, so a taller box is rows that lack their rules."""
SHEET_RULE = 0.35
"""A grid with a rule at least this thick (mm) is a sheet's grid (1.2 pt), not a
chart's (whose lines are under 0.3 mm)."""


# -- what a page holds ------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    """A run of glyphs without a space, on one baseline, in one size."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    """The glyphs' boxes (the font's size, from its descent), mm from the top edge."""
    baseline: float
    size: float
    """In points."""

    @property
    def core(self) -> tuple[float, float]:
        """Top and bottom of where the letters' bodies are: from the baseline up to
        60 % of the size (x-height and a little more), mm from the top edge."""
        return self.baseline - 0.6 * self.size * MM, self.baseline

    def where(self) -> str:
        return f"'{self.text}' (x {self.x0:.1f}–{self.x1:.1f} mm, y {self.top:.1f} mm)"


@dataclass(frozen=True)
class Rule:
    """A straight line of ink: vertical (``x0 == x1``) or horizontal (``y0 == y1``), its
    centre line in mm from the left and top edges."""

    x0: float
    y0: float
    x1: float
    y1: float
    thickness: float

    @property
    def vertical(self) -> bool:
        return self.y1 - self.y0 > self.x1 - self.x0

    @property
    def length(self) -> float:
        return max(self.x1 - self.x0, self.y1 - self.y0)


@dataclass(frozen=True)
class Box:
    """A cell the rules enclose, mm from the left and top edges."""

    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass
class Page:
    number: int
    width: float
    height: float
    words: list[Word] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    grids: list[Grid] = field(default_factory=list)
    drawings: int = 0
    """Paths of more than four points (a chart's lines): what a page may hold besides
    the grid."""


@dataclass(frozen=True)
class Grid:
    """A ruled table: the rules that touch one another, and the boxes they make."""

    rules: tuple[Rule, ...]
    boxes: tuple[Box, ...]

    @property
    def frame(self) -> Box:
        return Box(
            min(r.x0 for r in self.rules),
            min(r.y0 for r in self.rules),
            max(r.x1 for r in self.rules),
            max(r.y1 for r in self.rules),
        )


# -- reading a PDF ----------------------------------------------------------------------


def read_pages(data: bytes) -> list[Page]:
    """Every page's words, rules and grids."""
    pages = []
    for number, layout in enumerate(_layouts(data), start=1):
        page = Page(number, layout.width * MM, layout.height * MM)
        chars: list[LTChar] = []
        marks: list[LTCurve] = []
        _gather(layout, chars, marks)
        page.words = words_of(chars, layout.height)
        page.rules = rules_of(marks, layout.height, page.words)
        page.grids = grids_of(page.rules)
        page.drawings = sum(1 for mark in marks if len(mark.pts) > 5)
        pages.append(page)
    return pages


def _layouts(data: bytes) -> Iterator[LTPage]:
    """Each page as drawn, glyph by glyph and path by path (no text analysis)."""
    resources = PDFResourceManager()
    device = PDFPageAggregator(resources, laparams=None)
    interpreter = PDFPageInterpreter(resources, device)
    for page in PDFPage.get_pages(io.BytesIO(data)):
        interpreter.process_page(page)
        yield device.get_result()


def _gather(item: LTComponent, chars: list[LTChar], marks: list[LTCurve]) -> None:
    """Glyphs and paths in the order drawn, inside figures (Form XObjects) too."""
    if isinstance(item, LTChar):
        chars.append(item)
    elif isinstance(item, LTCurve):
        marks.append(item)
    if isinstance(item, LTPage | LTFigure):
        for child in item:
            _gather(child, chars, marks)


UNKNOWN = "\ufffd"
"""A glyph's text where the PDF gives none."""


def words_of(chars: Sequence[LTChar], page_height: float) -> list[Word]:
    """Glyphs gathered into words: a new word at a space, a change of size or baseline,
    or a gap wider than a fifth of the size between one glyph and the next."""
    words: list[Word] = []
    run: list[LTChar] = []

    def close() -> None:
        if run:
            size = max(c.size for c in run)
            baseline = page_height - run[0].matrix[5]
            words.append(
                Word(
                    # A glyph the PDF maps to no text (a shaped form its font's map
                    # gives another cluster) is a letter unknown, not a space.
                    "".join(c.get_text() or UNKNOWN for c in run),
                    min(c.x0 for c in run) * MM,
                    max(c.x1 for c in run) * MM,
                    (page_height - max(c.y1 for c in run)) * MM,
                    (page_height - min(c.y0 for c in run)) * MM,
                    baseline * MM,
                    size,
                )
            )
            run.clear()

    for char in chars:
        text = char.get_text()
        if text and not text.strip():
            close()
            continue
        if run:
            last = run[-1]
            size = max(last.size, char.size)
            # From the run's right end: a mark drawn over its letter ends before it.
            apart = char.x0 - max(c.x1 for c in run)
            # Marks of Devanagari and other joining scripts may sit before the glyph
            # drawn first: a step back within the size is the same word.
            if (
                abs(char.size - last.size) > 0.5
                or abs(char.matrix[5] - last.matrix[5]) > 0.3 * size
                or apart > 0.2 * size
                or apart < -size
            ):
                close()
        run.append(char)
    close()
    return words


def _grey(color: Any) -> float:
    """A fill or stroke colour as a grey level (0 black, 1 white); white for none."""
    if color is None:
        return 1.0
    if isinstance(color, int | float):
        return float(color)
    values = [float(v) for v in color if isinstance(v, int | float)]
    if not values:
        return 0.0  # a pattern or a colour space pdfminer cannot read: count it as ink
    if len(values) == 4:  # CMYK
        c, m, y, k = values
        return 1.0 - min(1.0, (c + m + y) / 3 + k)
    return sum(values) / len(values)


def _strip(x0: float, y0: float, x1: float, y1: float) -> Rule | None:
    """A filled rectangle (mm, top-down) as a rule, if it is one: long and thin."""
    width, height = x1 - x0, y1 - y0
    if width <= 0 or height <= 0:
        return None
    if height <= RULE_MAX_THICKNESS and width >= RULE_MIN_LENGTH:
        mid = (y0 + y1) / 2
        return Rule(x0, mid, x1, mid, height)
    if width <= RULE_MAX_THICKNESS and height >= RULE_MIN_LENGTH:
        mid = (x0 + x1) / 2
        return Rule(mid, y0, mid, y1, width)
    return None


def _mm_box(mark: LTCurve, page_height: float) -> tuple[float, float, float, float]:
    return (
        mark.x0 * MM,
        (page_height - mark.y1) * MM,
        mark.x1 * MM,
        (page_height - mark.y0) * MM,
    )


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    slack = 0.01
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def rules_of(marks: Sequence[LTCurve], page_height: float, words: Sequence[Word]) -> list[Rule]:
    """The page's rules: stroked straight lines, thin filled strips, and the sides of
    borders (a border box and its padding box filled even-odd: their difference).

    Shading (lighter than :data:`INK`), curves (a chart's lines) and a line drawn within
    a word's own box (a strike-through, an underline) are not rules."""
    found: list[Rule] = []
    index = 0
    while index < len(marks):
        mark = marks[index]
        index += 1
        if isinstance(mark, LTLine) or (mark.stroke and len(mark.pts) == 2):
            if _grey(mark.stroking_color) > INK:
                continue
            x0, y0, x1, y1 = _mm_box(mark, page_height)
            thickness = max(mark.linewidth * MM, 0.05)
            if x1 - x0 < 0.05 and y1 - y0 >= RULE_MIN_LENGTH:
                found.append(Rule(x0, y0, x0, y1, thickness))
            elif y1 - y0 < 0.05 and x1 - x0 >= RULE_MIN_LENGTH:
                found.append(Rule(x0, y0, x1, y0, thickness))
            continue
        if not mark.fill or len(mark.pts) not in (4, 5):
            continue
        box = _mm_box(mark, page_height)
        ink = _grey(mark.non_stroking_color) <= INK
        following = marks[index] if index < len(marks) else None
        if (
            mark.evenodd
            and isinstance(following, LTCurve)
            and following.evenodd
            and following.fill
            and following.non_stroking_color == mark.non_stroking_color
        ):
            other = _mm_box(following, page_height)
            outer, inner = (box, other) if _inside(other, box) else (other, box)
            if _inside(inner, outer):
                index += 1
                if not ink:
                    continue
                ox0, oy0, ox1, oy1 = outer
                ix0, iy0, ix1, iy1 = inner
                sides = (
                    _strip(ox0, oy0, ox1, iy0),  # top
                    _strip(ox0, iy1, ox1, oy1),  # bottom
                    _strip(ox0, oy0, ix0, oy1),  # left
                    _strip(ix1, oy0, ox1, oy1),  # right
                )
                found.extend(side for side in sides if side is not None)
                continue
        rule = _strip(*box) if ink else None
        if rule is not None:
            found.append(rule)
        else:
            # A cell's background painted over the rules drawn before it hides them.
            found = [part for earlier in found for part in _uncovered(earlier, box)]
    return [rule for rule in found if not _decoration(rule, words)]


def _uncovered(rule: Rule, box: tuple[float, float, float, float]) -> list[Rule]:
    """What of ``rule`` is left in sight when ``box`` (mm) is painted over it."""
    x0, y0, x1, y1 = box
    slack = 0.05
    if rule.vertical:
        if not (x0 + slack < rule.x0 < x1 - slack) or rule.y1 <= y0 or rule.y0 >= y1:
            return [rule]
        spans = [(rule.y0, min(rule.y1, y0)), (max(rule.y0, y1), rule.y1)]
        return [
            Rule(rule.x0, a, rule.x1, b, rule.thickness)
            for a, b in spans
            if b - a >= RULE_MIN_LENGTH / 4
        ]
    if not (y0 + slack < rule.y0 < y1 - slack) or rule.x1 <= x0 or rule.x0 >= x1:
        return [rule]
    spans = [(rule.x0, min(rule.x1, x0)), (max(rule.x0, x1), rule.x1)]
    return [
        Rule(a, rule.y0, b, rule.y1, rule.thickness)
        for a, b in spans
        if b - a >= RULE_MIN_LENGTH / 4
    ]


def _decoration(rule: Rule, words: Sequence[Word]) -> bool:
    """A line through or under a run of words on one line, end to end within them: a
    strike-through or an underline, not a rule."""
    if rule.vertical:
        return False
    along = sorted(
        (
            w
            for w in words
            if w.top - 0.3 <= rule.y0 <= w.bottom + 0.3 and w.x1 > rule.x0 and w.x0 < rule.x1
        ),
        key=lambda w: w.x0,
    )
    if not along or along[0].x0 > rule.x0 + 0.5:
        return False
    reached = along[0].x1
    for word in along[1:]:
        if word.x0 > reached + 2.0:  # more than a space apart
            break
        reached = max(reached, word.x1)
    return reached >= rule.x1 - 0.5


# -- grids and boxes --------------------------------------------------------------------


def _touch(a: Rule, b: Rule) -> bool:
    slack = SAME_LINE
    return (
        a.x0 - slack <= b.x1
        and b.x0 - slack <= a.x1
        and a.y0 - slack <= b.y1
        and b.y0 - slack <= a.y1
    )


def grids_of(rules: Sequence[Rule]) -> list[Grid]:
    """The ruled tables of a page: sets of rules that touch one another, with at least
    two vertical and two horizontal rules, each with the boxes its rules enclose."""
    parent = list(range(len(rules)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(rules):
        for j in range(i + 1, len(rules)):
            if _touch(a, rules[j]):
                parent[root(i)] = root(j)
    groups: dict[int, list[Rule]] = {}
    for i, rule in enumerate(rules):
        groups.setdefault(root(i), []).append(rule)
    grids = []
    for members in groups.values():
        vertical = [r for r in members if r.vertical]
        if len(vertical) >= 2 and len(members) - len(vertical) >= 2:
            grids.append(Grid(tuple(members), tuple(boxes_of(members))))
    return sorted(grids, key=lambda g: (g.frame.top, g.frame.x0))


def _positions(values: Iterable[float]) -> list[float]:
    """Positions closer than :data:`SAME_LINE` merged into one (their mean)."""
    merged: list[list[float]] = []
    for value in sorted(values):
        if merged and value - merged[-1][-1] < SAME_LINE:
            merged[-1].append(value)
        else:
            merged.append([value])
    return [sum(group) / len(group) for group in merged]


def _snap(value: float, positions: Sequence[float]) -> float:
    return min(positions, key=lambda p: abs(p - value))


def boxes_of(rules: Sequence[Rule]) -> list[Box]:
    """The boxes rules enclose: the plane cut at every rule's position into small
    cells, then cells joined wherever no rule stands between them."""
    xs = _positions(r.x0 for r in rules if r.vertical)
    ys = _positions(r.y0 for r in rules if not r.vertical)
    if len(xs) < 2 or len(ys) < 2:
        return []
    vertical = [(_snap(r.x0, xs), r.y0, r.y1) for r in rules if r.vertical]
    horizontal = [(_snap(r.y0, ys), r.x0, r.x1) for r in rules if not r.vertical]

    def wall_at_x(x: float, top: float, bottom: float) -> bool:
        mid = (top + bottom) / 2
        return any(abs(at - x) < 0.01 and y0 - 0.3 <= mid <= y1 + 0.3 for at, y0, y1 in vertical)

    def wall_at_y(y: float, left: float, right: float) -> bool:
        mid = (left + right) / 2
        return any(abs(at - y) < 0.01 and x0 - 0.3 <= mid <= x1 + 0.3 for at, x0, x1 in horizontal)

    columns, rows = len(xs) - 1, len(ys) - 1
    parent = list(range(columns * rows))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for row in range(rows):
        for col in range(columns):
            here = row * columns + col
            if col + 1 < columns and not wall_at_x(xs[col + 1], ys[row], ys[row + 1]):
                parent[root(here)] = root(here + 1)
            if row + 1 < rows and not wall_at_y(ys[row + 1], xs[col], xs[col + 1]):
                parent[root(here)] = root(here + columns)
    cells: dict[int, list[int]] = {}
    for i in range(columns * rows):
        cells.setdefault(root(i), []).append(i)
    boxes = []
    for members in cells.values():
        cols = [i % columns for i in members]
        rws = [i // columns for i in members]
        box = Box(xs[min(cols)], ys[min(rws)], xs[max(cols) + 1], ys[max(rws) + 1])
        # A region open to the outside of the grid is no box.
        if len(members) == (max(cols) - min(cols) + 1) * (max(rws) - min(rws) + 1) and _closed(
            box, wall_at_x, wall_at_y, xs, ys
        ):
            boxes.append(box)
    return sorted(boxes, key=lambda b: (b.top, b.x0))


def _closed(box: Box, wall_at_x: Any, wall_at_y: Any, xs: list[float], ys: list[float]) -> bool:
    """Whether rules stand on every side of ``box`` along its whole length."""
    inner_ys = [y for y in ys if box.top - 0.01 <= y <= box.bottom + 0.01]
    inner_xs = [x for x in xs if box.x0 - 0.01 <= x <= box.x1 + 0.01]
    for top, bottom in itertools.pairwise(inner_ys):
        if not (wall_at_x(box.x0, top, bottom) and wall_at_x(box.x1, top, bottom)):
            return False
    for left, right in itertools.pairwise(inner_xs):
        if not (wall_at_y(box.top, left, right) and wall_at_y(box.bottom, left, right)):
            return False
    return True


# -- the checks -------------------------------------------------------------------------


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def pages_wanted(low: int, high: int) -> str:
    """``1``, ``1 or 2``, ``1 to 3``."""
    if low == high:
        return f"{low}"
    return f"{low} or {high}" if high == low + 1 else f"{low} to {high}"


def check_page_count(pages: Sequence[Page], expected: int | tuple[int, int] | None) -> list[str]:
    """As many pages as expected (a number, or the least and most), and none after the
    first without a row of the grid or a drawing (a chart): a page holding only a
    signature line or the notes."""
    problems = []
    low, high = (expected, expected) if isinstance(expected, int) else expected or (0, 0)
    if expected is not None and not low <= len(pages) <= high:
        wanted = pages_wanted(low, high)
        problems.append(f"{len(pages)} page(s), expected {wanted}")
    for page in pages[1:]:
        if not any(grid.boxes for grid in page.grids) and not page.drawings:
            held = " ".join(w.text for w in page.words)
            held = held if len(held) <= 60 else held[:57] + "…"
            problems.append(f"page {page.number} holds no row of the grid, only '{held}'")
    return problems


def check_type_size(page: Page, least: float = MIN_TEXT_PT) -> list[str]:
    """No text under ``least`` points."""
    return [
        f"page {page.number}: text {w.where()} at {w.size:.1f} pt, under {least:g} pt"
        for w in page.words
        if w.size < least - 0.05
    ]


def check_margins(page: Page, margin: float = MARGIN) -> list[str]:
    """Every word and rule at least ``margin`` mm from every edge: the grid's border, and
    the footer (the page's last line of text) named as such."""
    problems = []
    last_line = max((w.baseline for w in page.words), default=None)

    def edges(x0: float, top: float, x1: float, bottom: float) -> list[tuple[str, float]]:
        return [
            ("left", x0),
            ("right", page.width - x1),
            ("top", top),
            ("bottom", page.height - bottom),
        ]

    lines: dict[tuple[float, str], list[tuple[Word, float]]] = {}
    for word in page.words:
        for edge, distance in edges(word.x0, word.top, word.x1, word.bottom):
            if distance < margin - TOLERANCE:
                lines.setdefault((round(word.baseline), edge), []).append((word, distance))
    for (_baseline, edge), found in lines.items():
        text = " ".join(w.text for w, _ in sorted(found, key=lambda f: f[0].x0))
        closest = min(distance for _, distance in found)
        footer = last_line is not None and abs(found[0][0].baseline - last_line) < 1
        problems.append(
            f"page {page.number}: {'footer' if footer else 'text'} '{text}' {closest:.1f} mm"
            f" from the {edge} edge, under the {margin:g} mm margin"
        )
    for grid in page.grids:
        frame = grid.frame
        for edge, distance in edges(frame.x0, frame.top, frame.x1, frame.bottom):
            if distance < margin - TOLERANCE:
                problems.append(
                    f"page {page.number}: grid border at {distance:.1f} mm from the {edge}"
                    f" edge, under the {margin:g} mm margin"
                )
    in_grids = set().union(*(grid.rules for grid in page.grids)) if page.grids else set()
    for rule in page.rules:
        if rule in in_grids:
            continue
        for edge, distance in edges(rule.x0, rule.y0, rule.x1, rule.y1):
            if distance < margin - TOLERANCE:
                problems.append(
                    f"page {page.number}: rule at ({rule.x0:.1f}, {rule.y0:.1f}) mm"
                    f" {distance:.1f} mm from the {edge} edge, under the {margin:g} mm margin"
                )
    return problems


def check_text_overlaps(page: Page) -> list[str]:
    """No two words on top of each other: their boxes may touch (0.2 mm across, a
    quarter of the smaller one's height), not overlap more."""
    problems = []
    words = sorted(page.words, key=lambda w: w.x0)
    for i, a in enumerate(words):
        for b in words[i + 1 :]:
            if b.x0 >= a.x1 - 0.2:
                break
            across = _overlap(a.x0, a.x1, b.x0, b.x1)
            down = _overlap(a.top, a.bottom, b.top, b.bottom)
            least = min(a.bottom - a.top, b.bottom - b.top)
            if across > 0.2 and down > 0.25 * least:
                problems.append(f"page {page.number}: text {a.where()} overlaps {b.where()}")
    return problems


def _told_once(page: Page, found: Sequence[tuple[Word, str]]) -> list[str]:
    """``(word, what is wrong)`` pairs as lines, the same word at the same place across
    in several rows (a column's every row) told once, with its count and its rows."""
    seen: dict[tuple[str, float, str], list[Word]] = {}
    for word, wrong in found:
        seen.setdefault((word.text, round(word.x0, 1), wrong), []).append(word)
    lines = []
    for (_text, _x, wrong), words in seen.items():
        first = words[0]
        if len(words) == 1:
            lines.append(f"page {page.number}: text {first.where()} {wrong}")
            continue
        tops = [w.top for w in words]
        lines.append(
            f"page {page.number}: text '{first.text}' (x {first.x0:.1f}–{first.x1:.1f} mm,"
            f" {len(words)} times from y {min(tops):.1f} to {max(tops):.1f} mm) {wrong}"
        )
    return lines


def check_text_crosses_rules(page: Page) -> list[str]:
    """No word crossed by a rule: a vertical rule inside a word's width within its
    height, or a horizontal one through the body of its letters."""
    found: list[tuple[Word, str]] = []
    for word in page.words:
        top, bottom = word.core
        for rule in page.rules:
            if rule.vertical:
                if (
                    word.x0 + TOLERANCE < rule.x0 < word.x1 - TOLERANCE
                    and _overlap(rule.y0, rule.y1, top, bottom) > 0
                ):
                    found.append((word, f"crosses the rule at x {rule.x0:.1f} mm"))
            elif (
                top + TOLERANCE < rule.y0 < bottom - TOLERANCE
                and _overlap(rule.x0, rule.x1, word.x0, word.x1) > TOLERANCE
            ):
                found.append((word, f"crosses the rule at y {rule.y0:.1f} mm"))
    return _told_once(page, found)


def _label(box: Box, words: Sequence[Word]) -> str:
    """What names a box: the nearest word with a letter above it within its column
    (its column's label, past the numbers of the rows above)."""
    above = [
        w
        for w in words
        if w.bottom <= box.top + 0.5
        and box.x0 <= (w.x0 + w.x1) / 2 <= box.x1
        and any(c.isalpha() for c in w.text)
    ]
    if not above:
        return "box"
    nearest = max(above, key=lambda w: w.bottom)
    return f"box under '{nearest.text}'"


def empty(box: Box, words: Sequence[Word]) -> bool:
    """Whether no word stands in ``box``."""
    return not any(
        _overlap(w.x0, w.x1, box.x0, box.x1) > 0.2
        and _overlap(w.top, w.bottom, box.top, box.bottom) > 0.2
        for w in words
    )


def check_box_sizes(page: Page, width: float = BOX_WIDTH, height: float = BOX_HEIGHT) -> list[str]:
    """Every box of a grid left empty (a box to write in: a blank sheet's, a running
    game's rows still to play) at least ``width`` × ``height`` mm, measured from the
    centre of one rule to the centre of the next, as a ruler on the paper would.

    The boxes of one column too small are told in one line."""
    small: dict[tuple[float, float], list[Box]] = {}
    for grid in page.grids:
        for box in grid.boxes:
            if empty(box, page.words) and (box.width < width - 0.05 or box.height < height - 0.05):
                small.setdefault((round(box.x0, 1), round(box.width, 1)), []).append(box)
    problems = []
    for boxes in small.values():
        first = boxes[0]
        low, high = min(b.height for b in boxes), max(b.height for b in boxes)
        heights = f"{low:.1f}" if high - low < 0.1 else f"{low:.1f}–{high:.1f}"
        count = f"{len(boxes)} boxes" if len(boxes) > 1 else "box"
        problems.append(
            f"page {page.number}: {count} {_label(first, page.words)[4:] or ''}".rstrip()
            + f" {first.width:.1f} × {heights} mm (x {first.x0:.1f} mm, from y"
            f" {first.top:.1f} mm), under {width:g} × {height:g} mm"
        )
    return problems


def _rule_between(page: Page, left: float, right: float, at: float) -> bool:
    """Whether a vertical rule stands between ``left`` and ``right`` at height ``at``."""
    return any(
        r.vertical and left - 0.1 <= r.x0 <= right + 0.1 and r.y0 <= at <= r.y1 for r in page.rules
    )


def check_cut_words(page: Page) -> list[str]:
    """No word cut to a stub ("cy…": under three letters before the ellipsis, with no
    word before it on its line) nor cut inside a letter (before the ellipsis a virama,
    whose letter is left unfinished)."""
    found: list[tuple[Word, str]] = []
    for word in page.words:
        if not word.text.endswith("…"):
            continue
        kept = word.text[:-1]
        letters = [c for c in kept if unicodedata.category(c).startswith("L")]
        # "Gwenllian A…" is a name shortened to an initial: a stub stands alone in its
        # box, with no word a space before it and no rule between.
        alone = not any(
            other is not word
            and abs(other.baseline - word.baseline) < 0.5
            and 0 <= word.x0 - other.x1 < 0.6 * word.size * MM
            and not _rule_between(page, other.x1, word.x0, word.baseline)
            for other in page.words
        )
        if len(letters) < 3 and alone:
            found.append((word, "cut to a stub"))
        elif kept and unicodedata.name(kept[-1], "").endswith("SIGN VIRAMA"):
            found.append((word, "cut inside a letter"))
    return _told_once(page, found)


def check_baselines(page: Page, tolerance: float = 0.3) -> list[str]:
    """Words of one size in one row of a grid on one baseline: a script set higher or
    lower than the others (Devanagari from another face) shows as a step. Boxes holding
    more than one line (a name wrapped) are left out of the comparison."""
    problems = []
    for grid in page.grids:
        rows: dict[tuple[float, float], list[tuple[Box, list[Word]]]] = {}
        for box in grid.boxes:
            inside = [
                w
                for w in page.words
                if box.x0 <= (w.x0 + w.x1) / 2 <= box.x1
                and box.top <= (w.top + w.bottom) / 2 <= box.bottom
            ]
            if inside:
                rows.setdefault((round(box.top, 1), round(box.bottom, 1)), []).append((box, inside))
        for (top, _bottom), boxes in sorted(rows.items()):
            by_size: dict[float, list[Word]] = {}
            for _box, inside in boxes:
                lines = {round(w.baseline, 0) for w in inside}
                if len(lines) > 1:
                    continue
                for word in inside:
                    by_size.setdefault(round(word.size * 2) / 2, []).append(word)
            for words in by_size.values():
                low = min(words, key=lambda w: w.baseline)
                high = max(words, key=lambda w: w.baseline)
                if high.baseline - low.baseline > tolerance:
                    problems.append(
                        f"page {page.number}: baselines in the row at y {top:.1f} mm differ by"
                        f" {high.baseline - low.baseline:.1f} mm ('{low.text}' above"
                        f" '{high.text}')"
                    )
    return problems


def check_broken_words(page: Page, names: Sequence[str]) -> list[str]:
    """No word of a name broken across two lines but after a hyphen ("Cadwaladr-" then
    "Pritchard" is a break, "Cadwala" then "dr" is not)."""
    whole = {word for name in names for word in name.split()}
    whole |= {part for word in whole for part in re.split(r"(?<=[-‐])", word) if part}
    problems = []
    for first in page.words:
        if first.text in whole or first.text.endswith(("-", "‐")):
            continue
        for rest in page.words:
            below = rest.baseline - first.baseline
            if (
                first.text + rest.text in whole
                and 0.5 < below < 3 * first.size * MM
                and abs(rest.x0 - first.x0) < 40
            ):
                problems.append(
                    f"page {page.number}: '{first.text + rest.text}' broken across lines as"
                    f" '{first.text}' / '{rest.text}' (x {first.x0:.1f} mm, y {first.top:.1f} mm)"
                )
    return problems


def check_rule_clearance(page: Page, clearance: float = CLEARANCE) -> list[str]:
    """Every word at least ``clearance`` mm from the edge of each vertical rule beside
    it (within the height of its letters), and from each horizontal rule over or under
    the body of its letters. A word a rule crosses is told by
    :func:`check_text_crosses_rules`."""
    found: list[tuple[Word, str]] = []
    for word in page.words:
        top, bottom = word.core
        for rule in page.rules:
            half = rule.thickness / 2
            if rule.vertical:
                if _overlap(rule.y0, rule.y1, top, bottom) <= 0:
                    continue
                if word.x0 + TOLERANCE < rule.x0 < word.x1 - TOLERANCE:
                    continue  # crossed
                if rule.x0 <= word.x0 + TOLERANCE:
                    gap = word.x0 - (rule.x0 + half)
                else:
                    gap = rule.x0 - half - word.x1
                if gap < clearance - MEASURE_SLACK:
                    found.append(
                        (word, f"is {max(gap, 0):.2f} mm from the rule at x {rule.x0:.1f} mm")
                    )
            else:
                if _overlap(rule.x0, rule.x1, word.x0, word.x1) <= TOLERANCE:
                    continue
                if top + TOLERANCE < rule.y0 < bottom - TOLERANCE:
                    continue  # crossed
                if rule.y0 <= top + TOLERANCE:
                    gap = top - (rule.y0 + half)
                else:
                    gap = rule.y0 - half - bottom
                if gap < clearance - MEASURE_SLACK:
                    found.append(
                        (word, f"is {max(gap, 0):.2f} mm from the rule at y {rule.y0:.1f} mm")
                    )
    return _told_once(page, found)


def sheet_grids(page: Page) -> list[Grid]:
    """The page's sheet grids (ruled with a thick rule), not a chart's lines."""
    return [g for g in page.grids if any(r.thickness >= SHEET_RULE for r in g.rules)]


def check_row_rules(page: Page, highest: float = WRITE_ROW_MAX) -> list[str]:
    """A rule under every row a pen writes in: no empty box of a sheet's grid taller
    than ``highest`` mm (a stretch of rows without their rules makes one tall box)."""
    problems = []
    for grid in sheet_grids(page):
        for box in grid.boxes:
            if box.height > highest and empty(box, page.words):
                problems.append(
                    f"page {page.number}: {_label(box, page.words)} {box.width:.1f} ×"
                    f" {box.height:.1f} mm (x {box.x0:.1f} mm, from y {box.top:.1f} mm) is"
                    f" taller than a row to write in ({highest:g} mm): rows without rules"
                )
    return problems


MARKS = ("Mn", "Mc", "Me")
PRE_BASE = frozenset("\u093f")
"""Devanagari's vowel sign I, drawn before the consonant it follows in the text."""


def check_shaping(page: Page) -> list[str]:
    """No shaping failure in any run of text: no dotted circle (U+25CC, which a shaper
    draws for a mark it cannot attach), and no word that is a combining mark alone or
    starts with one (a script drawn letter by letter, as WeasyPrint draws SVG text)."""
    found: list[tuple[Word, str]] = []
    for word in page.words:
        if "\u25cc" in word.text:
            found.append((word, "holds a dotted circle (U+25CC): a mark drawn unattached"))
            continue
        first = word.text[0]
        if unicodedata.category(first) in MARKS and first not in PRE_BASE:
            found.append((word, "starts with a combining mark: its letters drawn one by one"))
        elif all(unicodedata.category(c) in MARKS for c in word.text):
            found.append((word, "is a combining mark alone"))
    return _told_once(page, found)


def rows_of(page: Page) -> int:
    """The rows of the sheet's grid on ``page``: the boxes of its first column, less the
    header's; a box wider than the column (a totals' label across the lead) is no row."""
    rows = 0
    for grid in sheet_grids(page):
        left = grid.frame.x0
        column = [b for b in grid.boxes if abs(b.x0 - left) < SAME_LINE]
        if not column:
            continue
        narrow = min(b.width for b in column)
        rows += max(sum(1 for b in column if b.width < narrow + SAME_LINE) - 1, 0)
    return rows


def check_page_balance(pages: Sequence[Page]) -> list[str]:
    """No page of a sheet's rows holding fewer than a third of the rows of the fullest
    one (a page carrying two rounds over, the rest of the paper blank)."""
    counts = [(page.number, rows_of(page)) for page in pages]
    counts = [(number, rows) for number, rows in counts if rows]
    if len(counts) < 2:
        return []
    most = max(rows for _, rows in counts)
    return [
        f"page {number} holds {rows} row(s) of the grid, under a third of the {most} of"
        f" the fullest page"
        for number, rows in counts
        if 3 * rows < most
    ]


def check_hand_boxes(page: Page, least: dict[str, float]) -> list[str]:
    """Every empty box under a label of ``least`` (a sub-column whose numbers are
    written by hand, by its label as printed) at least that many mm wide."""
    small: dict[tuple[float, str], list[Box]] = {}
    for grid in sheet_grids(page):
        for box in grid.boxes:
            if not empty(box, page.words):
                continue
            label = _label(box, page.words)[len("box under '") : -1]
            need = least.get(label)
            if need is not None and box.width < need - MEASURE_SLACK:
                small.setdefault((round(box.x0, 1), label), []).append(box)
    return [
        f"page {page.number}: {len(boxes)} box(es) under '{label}' {boxes[0].width:.1f} mm"
        f" wide (x {x:.1f} mm), under the {least[label]:.1f} mm its longest number needs"
        for (x, label), boxes in small.items()
    ]


def check_chart_styles(svg: str, seats: int) -> list[str]:
    """Each seat's line in a chart (an SVG) a look of its own: colour and dashes, and
    its markers' colour, fill and shape, none shared with another seat."""
    import xml.etree.ElementTree as ET

    tree = ET.fromstring(svg)
    lines = [el for el in tree.iter() if el.tag.endswith("polyline")]
    looks = [(el.get("stroke"), el.get("stroke-dasharray")) for el in lines]
    problems = []
    if len(lines) != seats:
        problems.append(f"the chart draws {len(lines)} line(s) for {seats} seat(s)")
    shared = {look for look in looks if looks.count(look) > 1}
    for look in shared:
        seats_ = [i + 1 for i, other in enumerate(looks) if other == look]
        problems.append(f"seats {seats_} share the chart's look {look}")
    return problems


def chart_svg(html: str) -> str | None:
    """The chart's SVG out of a sheet's HTML (an ``img`` of a ``data:`` URI), or None."""
    import urllib.parse

    found = re.search(r'<img src="data:image/svg\+xml,([^"]+)"', html)
    return urllib.parse.unquote(found.group(1)) if found else None


CHECKS = (
    check_type_size,
    check_margins,
    check_text_overlaps,
    check_text_crosses_rules,
    check_cut_words,
    check_baselines,
    check_rule_clearance,
    check_row_rules,
    check_shaping,
)


def problems(
    data: bytes,
    *,
    expected_pages: int | tuple[int, int] | None = None,
    paper: tuple[float, float] | None = None,
    writable: bool = True,
    names: Sequence[str] = (),
) -> list[str]:
    """Everything wrong with the sheet ``data`` (a PDF), one readable line each.

    ``paper``: its width and height in mm, either way round (each page must be that
    paper, portrait or landscape); ``writable``: whether empty boxes are there to be
    written in (every sheet's are: a blank sheet's, a running game's rows to play);
    ``names``: the players' names, whose words no line may break."""
    return judge_pages(
        read_pages(data),
        expected_pages=expected_pages,
        paper=paper,
        writable=writable,
        names=names,
    )


def judge_pages(
    pages: Sequence[Page],
    *,
    expected_pages: int | tuple[int, int] | None = None,
    paper: tuple[float, float] | None = None,
    writable: bool = True,
    names: Sequence[str] = (),
    hand: dict[str, float] | None = None,
) -> list[str]:
    """:func:`problems` of pages already read; ``hand``: the least width of the boxes
    under each label whose numbers are written by hand (:func:`check_hand_boxes`)."""
    found = check_page_count(pages, expected_pages)
    found.extend(check_page_balance(pages))
    for page in pages:
        if paper is not None and sorted((round(page.width), round(page.height))) != sorted(
            (round(paper[0]), round(paper[1]))
        ):
            found.append(
                f"page {page.number}: {page.width:.1f} × {page.height:.1f} mm, expected"
                f" {paper[0]:g} × {paper[1]:g} mm"
            )
        if not page.grids and page.number == 1:
            found.append(f"page {page.number}: no grid found")
        for check in CHECKS:
            found.extend(check(page))
        if writable:
            found.extend(check_box_sizes(page))
            found.extend(check_hand_boxes(page, hand or {}))
        found.extend(check_broken_words(page, names))
    return found


# -- sheets to judge --------------------------------------------------------------------


LONG_NAMES = (
    "Gwenllian Angharad Llywelyn-Fychan Jones",
    "Αικατερίνη Παπαδοπούλου-Κωνσταντινίδη Α.",
    "ज्ञानेन्द्र बहादुर श्रेष्ठ क्षेत्री थापा",
    "Maria Theresia van den Bosch-Oudshoornen",
    "Bartholomew Fitzgerald-Worthington Smith",
    "Rhiannon Eirlys Cadwaladr-Pritchard Owen",
    "Χαράλαμπος Ιωάννης Αντωνόπουλος-Χατζάκης",
)
"""Names of 40 characters (code points), with spaces, in the sheets' scripts."""
SHORT_NAMES = ("Ana", "Ben", "Siôn", "Νίκος", "राम", "Dee", "Eli")
HARD_NAMES = (
    "ज्ञानेन्द्रप्रसाद श्रेष्ठक्षेत्री थापा",
    "Χριστοδουλοπούλου-Αναστασιάδη Ελένη",
    "Llywelyn-Fychan ap Gruffydd-Cadwaladr",
    "Bartholomewfitzgeraldworthingtonsmith",
    "Ana Παπαδοπούλου राम Jones-Ιωάννου",
    "सरस्वतीकुमारीश्रेष्ठक्षेत्रीथापामगरगुरुङ",
    "Gwenllian-Angharad Llywelyn-Fychan",
)
"""Names chosen to break a layout: Devanagari of 30 to 40 characters (with spaces and
without), Greek and Welsh double-barrelled names, a name without a space, mixed scripts."""
MIXED_NAMES = (
    "Ana",
    "Maximiliane-Wilhelmina Oudshoorn-Bosch",
    "Bo",
    "राम",
    "Eli",
    "Νίκος",
    "Dee",
)
"""One very long name beside short ones."""
NAME_SETS = {"short": SHORT_NAMES, "long": LONG_NAMES, "hard": HARD_NAMES, "mixed": MIXED_NAMES}


def names_for(count: int, long: bool | str) -> list[str]:
    """``count`` names of a set (``short``, ``long``, ``hard``, ``mixed``; True for
    ``long``, False for ``short``)."""
    key = {True: "long", False: "short"}.get(long, long) if isinstance(long, bool) else long
    return list(NAME_SETS[key][:count])


@dataclass(frozen=True)
class Case:
    """One sheet to render and judge."""

    game: str
    players: int
    paper: str
    language: str
    names: str = "short"
    """``none`` (a blank sheet to write the names on), or a set of :data:`NAME_SETS`."""
    state: str = "blank"
    """``blank``, ``finished`` or ``unfinished`` (halfway)."""
    options: tuple[tuple[str, str], ...] = ()
    """The game's sheet-form fields, as the blank-sheet form would send them."""

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return "-".join(
            part
            for part in (
                self.game,
                f"{self.players}p",
                self.paper,
                self.language,
                self.names,
                self.state,
                opts,
            )
            if part
        )


def make_app() -> Any:
    from scorekeeper import create_app

    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "sheet-geometry",
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SHEET_RENDER_SECONDS": 120,
        }
    )


def options_of(case: Case) -> dict[str, Any]:
    """The rules' options for the case, read by the game's own blank-sheet form."""
    from werkzeug.datastructures import MultiDict

    from scorekeeper.games.kinds import kind

    game = kind(case.game)
    form = game.sheet_form(MultiDict(case.options))
    if not form.validate():
        raise ValueError(f"{case.id}: the sheet form refuses {form.errors}")
    options: dict[str, Any] = game.sheet_options(form)
    return options


def played(state: Any, rounds: int | None, rng: random.Random, near: bool = False) -> Any:
    """``state`` played on through its rules, ``rounds`` more rounds (to the end when
    None), each a plausible round made from what the rules ask of it; ``near``: up to
    the round that would end it, not that one."""
    from scorekeeper.rules import RoundRefused

    count = 0
    while not state.finished and (rounds is None or count < rounds):
        for _attempt in range(200):
            try:
                after = state.load_round(_a_round(state, rng))
                break
            except RoundRefused:
                continue
        else:
            raise RuntimeError(f"no round of {state.key} was accepted after 200 tries")
        if near and after.finished:
            return state
        state = after
        count += 1
    return state


def _a_round(state: Any, rng: random.Random) -> dict[str, Any]:
    """A round's facts, shaped by what the game's rules ask: bids and tricks for a
    game of bidding tricks (one with a ``turns_trump``), else an auction's contract and
    card points (one with a ``lowest_bid``)."""
    from scorekeeper.games.kinds import kind

    drawn = kind(state.key).samples.a_round
    if drawn is not None:  # the game draws its own
        return drawn(state, rng)
    number = len(state.rounds) + 1
    players = state.player_count
    cards = state.deal_size(number)
    if hasattr(state, "turns_trump"):
        tricks = [0] * players
        for _ in range(cards):
            tricks[rng.randrange(players)] += 1
        bids = [min(cards, max(0, t + rng.choice((0, 0, 1, -1)))) for t in tricks]
        trump = rng.choice(("hearts", "spades", "clubs", "diamonds"))
        return {
            "trump": trump if state.turns_trump(number) else "none",
            "bids": bids,
            "tricks": tricks,
        }
    if hasattr(state, "lowest_bid"):
        points = [0] * players
        for _ in range(15):
            points[rng.randrange(players)] += 1
        bidder = rng.randrange(players) if rng.random() < 0.85 else None
        return {
            "bidder": bidder,
            "bid": rng.randint(state.lowest_bid, state.lowest_bid + 2)
            if bidder is not None
            else None,
            "trump": rng.choice(("spades", "hearts")) if bidder is not None else "none",
            "points": points,
            "last_trick": rng.randrange(players),
        }
    raise NotImplementedError(f"no way to play a round of {state.key} here: add one")


def sheet_of(case: Case) -> Any:
    """The case's :class:`scorekeeper.sheets.Sheet` (call in a request in its language)."""
    return sheet_and_state(case)[0]


UNFINISHED = ("unfinished", "started", "nearly")
"""A game still being played: halfway, after its first round, a round from its end (a
game that ends by score: its leader a hand from the target)."""


def sheet_and_state(case: Case) -> tuple[Any, Any]:
    """The case's sheet and the rules' game it was made of (call in a request)."""
    from scorekeeper import sheets
    from scorekeeper.games.kinds import kind
    from scorekeeper.views.sheets import completed_sheet

    game = kind(case.game)
    options = options_of(case)
    names = [] if case.names == "none" else names_for(case.players, case.names)
    if case.state == "blank":
        sheet = sheets.blank_sheet(
            game.rules,
            game.sheet,
            case.players,
            names=names,
            first_dealer=1 % case.players,
            options=options,
            paper=case.paper,
            pad=dict(case.options).get("columns") == "pad",
        )
        stand_ins = names or [f"P{seat}" for seat in range(case.players)]
        return sheet, game.rules.new(stand_ins, 0, options)
    names = names or names_for(case.players, "short")
    rng = random.Random(case.id)
    state = game.rules.new(names, 0, options)
    planned = state.planned_rounds
    if case.state == "finished":
        state = played(state, None, rng)
    elif case.state == "started":
        state = played(state, 1, rng)
    elif case.state == "nearly":
        state = played(state, max(1, planned - 1) if planned else None, rng, near=True)
    else:
        state = played(state, max(1, (planned or 10) // 2), rng)
    return completed_sheet(state, datetime(2026, 3, 3, 20, 15), case.paper), state


HEAD_AND_FOOT = (30.0, 75.0)
"""Millimetres of a page inside its margins that are not rows, least and most: the
title and facts (7–15), the grid's header with the names on one to four lines and the
labels (13–25), and the notes with the key and the lines to sign (10–35)."""


def expected_pages(sheet: Any) -> tuple[int, int]:
    """The pages a sheet should take, least and most, from what it plans: its rows at
    their least heights (9 mm a row to be written in, 5 mm a played row, 7 mm a printed
    totals' or places' row, 9 mm each of the totals and places to write in) on pages
    giving them their height less the margins (10 mm at the top, 16 mm at the bottom,
    for the footer) and :data:`HEAD_AND_FOOT`. One page whenever the rows fit on one;
    a completed sheet's chart may take one more page of its own."""
    height = sheet.page_size[1] - 26.0
    per_row = 5.0 if sheet.kind == "completed" else BOX_HEIGHT
    total = per_row * len(sheet.rows) + BOX_HEIGHT * len(sheet.to_play)
    total += 7.0 * (bool(sheet.totals) + bool(sheet.places))
    total += 2 * BOX_HEIGHT if sheet.write_totals else 0.0
    least, most = (max(1, math.ceil(total / (height - room))) for room in HEAD_AND_FOOT)
    return least, most + 1 if sheet.chart is not None else most


@dataclass(frozen=True)
class Judged:
    case: Case
    pages: int
    expected: tuple[int, int]
    problems: tuple[str, ...]
    pdf: bytes = b""


def judge(app: Any, case: Case, keep_pdf: bool = False) -> Judged:
    """Render the case's sheet through the app, in its language, and judge its PDF."""
    from scorekeeper.views.sheets import render_sheet

    with app.test_request_context("/", headers={"Accept-Language": case.language}):
        sheet, state = sheet_and_state(case)
        data = render_sheet(sheet)
    return judged_sheet(case, sheet, state, data, keep_pdf)


def judged_sheet(case: Case, sheet: Any, state: Any, data: bytes, keep_pdf: bool = False) -> Judged:
    """The sheet's PDF ``data`` judged: its pages, and its chart's looks."""
    from scorekeeper import sheets

    paper = sheets.PAPERS[case.paper]
    expected = expected_pages(sheet)
    pages = read_pages(data)
    found = judge_pages(
        pages,
        expected_pages=expected,
        paper=(paper.width, paper.height),
        names=[*sheet.players, *sheet.headings],
        hand=hand_widths(sheet, state),
    )
    svg = chart_svg(str(sheet.chart)) if sheet.chart is not None else None
    if svg is not None:
        found.extend(check_chart_styles(svg, len(state.sides)))  # a line a column
    return Judged(case, len(pages), expected, tuple(found), data if keep_pdf else b"")


HAND_CHAR = 2.25
"""A handwritten character's width, in millimetres: a box for a number of ``n``
characters is ``n`` of them wide, and never under :data:`BOX_WIDTH`."""


def hand_widths(sheet: Any, state: Any) -> dict[str, float]:
    """The least width of the boxes of each sub-column whose numbers are written by hand
    at their longest (the round's score), by its label as printed: for the longest
    number the game can reach at its player count and options."""
    from scorekeeper.games.kinds import kind

    longest = kind(state.key).sheet.widest(state)
    return {
        str(sub.label): max(BOX_WIDTH, HAND_CHAR * longest.get(sub.key, sub.chars))
        for sub in sheet.grid.subs
        if getattr(sub, "hand", False)
    }


# -- the command ------------------------------------------------------------------------


def _png(data: bytes, path: str) -> None:
    """The PDF's pages as one PNG, through poppler's pdftoppm (150 dpi, grey)."""
    import shutil
    import subprocess
    import tempfile

    tool = shutil.which("pdftoppm")
    if tool is None:
        raise SystemExit("--png needs poppler's pdftoppm (Debian: poppler-utils)")
    with tempfile.TemporaryDirectory() as scratch:
        source = f"{scratch}/sheet.pdf"
        with open(source, "wb") as out:
            out.write(data)
        subprocess.run([tool, "-r", "150", "-gray", "-png", source, f"{scratch}/page"], check=True)
        import glob

        made = sorted(glob.glob(f"{scratch}/page*.png"))
        if path.endswith(".png") and len(made) > 1:
            stem = path[: -len(".png")]
            for number, page in enumerate(made, start=1):
                shutil.copy(page, f"{stem}-{number}.png")
                print(f"wrote {stem}-{number}.png")
        else:
            shutil.copy(made[0], path)
            print(f"wrote {path}")


def _option(text: str) -> tuple[str, str]:
    name, _, value = text.partition("=")
    if not value:
        raise SystemExit(f"--option {text}: say FIELD=VALUE (hook=y, rounds=5, target=100)")
    return name, value


def main(argv: Sequence[str] | None = None) -> int:
    from scorekeeper.games.kinds import KINDS
    from scorekeeper.i18n import LANGUAGES
    from scorekeeper.sheets import PAPERS

    parser = argparse.ArgumentParser(
        prog="python -m tests.sheet_geometry",
        description="Render one score sheet and print what is wrong with its layout.",
    )
    parser.add_argument("--game", choices=sorted(KINDS), required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="en")
    names = parser.add_mutually_exclusive_group()
    names.add_argument("--long-names", action="store_true", help="names of 40 characters")
    names.add_argument("--no-names", action="store_true", help="a blank sheet without names")
    names.add_argument("--names", choices=sorted(NAME_SETS), help="a set of names")
    state = parser.add_mutually_exclusive_group()
    state.add_argument("--completed", action="store_true", help="a finished game's sheet")
    state.add_argument("--unfinished", action="store_true", help="a game played halfway")
    state.add_argument(
        "--state",
        choices=UNFINISHED,
        help="a game still being played: halfway, after its first round, a round from its end",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a field of the game's blank-sheet form (hook=y, rounds=5, target=100, …)",
    )
    parser.add_argument("--png", metavar="OUT.png", help="also write the pages as PNG")
    parser.add_argument("--pdf", metavar="OUT.pdf", help="also write the PDF")
    args = parser.parse_args(argv)

    case = Case(
        game=args.game,
        players=args.players,
        paper=args.paper,
        language=args.lang,
        names=args.names or ("long" if args.long_names else "none" if args.no_names else "short"),
        state=args.state
        or ("finished" if args.completed else "unfinished" if args.unfinished else "blank"),
        options=tuple(_option(text) for text in args.option),
    )
    app = make_app()
    judged = judge(app, case, keep_pdf=True)
    if args.pdf:
        with open(args.pdf, "wb") as out:
            out.write(judged.pdf)
    if args.png:
        _png(judged.pdf, args.png)
    low, high = judged.expected
    wanted = pages_wanted(low, high)
    print(f"{case.id}: {judged.pages} page(s), expected {wanted}")
    for line in judged.problems:
        print(f"  {line}")
    print(f"{len(judged.problems)} problem(s)")
    return 1 if judged.problems else 0


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped to head
    sys.exit(main())
