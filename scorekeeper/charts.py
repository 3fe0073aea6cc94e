"""The running-totals chart, drawn on the server as SVG: no JavaScript, the same
drawing on the game's page and on its printed sheet.

Each player keeps one look, in colour and in black and white alike: a colour, a
dash pattern and a marker (filled or open), so that a photocopy still tells the
lines apart. Names go through ElementTree, which escapes whatever a user typed.

>>> svg = running_totals_svg(["Ana", "<b>Ben</b>"], [(30, -10), (50, 20)])
>>> "&lt;b&gt;Ben&lt;/b&gt;" in svg and "<b>" not in svg
True
>>> nice_ticks(-30, 250)
[-50, 0, 50, 100, 150, 200, 250]
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from flask_babel import format_date, gettext
from markupsafe import Markup

from .names import distinct_within
from .rules.errors import N_

MINUS = "\u2212"


@dataclass(frozen=True)
class SeriesStyle:
    colour: str
    dash: str | None
    """``stroke-dasharray`` in line widths; None for a solid line."""
    marker: str
    filled: bool
    key: str
    """The look written in characters, for a legend set as text: line, marker, line."""


# Okabe and Ito's colours (told apart with every common colour blindness), each
# with its own dash and marker for black and white.
STYLES = (
    SeriesStyle("#0072b2", None, "circle", True, "━●━"),
    SeriesStyle("#d55e00", "5 2", "square", False, "╍□╍"),
    SeriesStyle("#009e73", "1.2 1.6", "triangle", True, "┉▲┉"),
    SeriesStyle("#cc79a7", "6 2 1.2 2", "diamond", False, "╍◇╍"),
    SeriesStyle("#e69f00", "9 3", "down", True, "━▼━"),
    SeriesStyle("#56b4e9", "2.5 2.5", "cross", False, "┅✕┅"),
    SeriesStyle("#000000", "7 1.6 1.2 1.6 1.2 1.6", "plus", False, "┄✚┄"),
)
"""One look a seat, as many as the largest table (7): no two players share one."""


@dataclass(frozen=True)
class ChartLook:
    """Sizes in the SVG's own units: on paper one unit is a point, on a page a CSS px."""

    width: float = 360
    height: float = 250
    font_size: float = 12
    ink: str = "currentColor"
    """Axes, labels, and the outline of a crossed marker."""
    paper: str = "none"
    """The fill inside open markers: the background they sit on."""
    grid: str = "#8888884d"
    line_width: float = 1.6
    font_family: str = "inherit"
    y_ticks: int = 7
    """At most this many values marked up the side."""
    x_labels: int = 12
    """At most this many round numbers along the bottom."""


PAGE_LOOK = ChartLook()


def nice_ticks(low: float, high: float, most: int = 7) -> list[int]:
    """Round numbers (1, 2 or 5 times a power of ten apart) from ``low`` to ``high``."""
    if high <= low:
        high = low + 10
    raw = (high - low) / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = max(int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw)), 1)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + step, step))


def _label(value: int) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _marker_path(kind: str, points: Sequence[tuple[float, float]], r: float) -> str:
    """One path for every marker of a series: fewer elements to draw. Each marker is a
    move to its corner, then the same relative strokes (written once)."""
    if kind == "circle":
        start, shape = (
            (-r, 0.0),
            (
                f"a{_fmt(r)} {_fmt(r)} 0 1 0 {_fmt(2 * r)} 0"
                f"a{_fmt(r)} {_fmt(r)} 0 1 0 {_fmt(-2 * r)} 0z"
            ),
        )
    elif kind == "square":
        q = r * 0.9
        start, shape = (-q, -q), f"h{_fmt(2 * q)}v{_fmt(2 * q)}h{_fmt(-2 * q)}z"
    elif kind in ("triangle", "down"):
        t = r * 1.2 * (1 if kind == "triangle" else -1)
        start, shape = (0.0, -t), f"l{_fmt(t)} {_fmt(1.7 * t)}h{_fmt(-2 * t)}z"
    elif kind == "diamond":
        d = r * 1.25
        start, shape = (
            (0.0, -d),
            f"l{_fmt(d)} {_fmt(d)}l{_fmt(-d)} {_fmt(d)}l{_fmt(-d)} {_fmt(-d)}z",
        )
    elif kind == "plus":
        p = r * 1.15
        start, shape = (
            (-p, 0.0),
            f"h{_fmt(2 * p)}m{_fmt(-p)} {_fmt(-p)}v{_fmt(2 * p)}",
        )
    else:  # cross
        c = r * 0.95
        start, shape = (
            (-c, -c),
            f"l{_fmt(2 * c)} {_fmt(2 * c)}m0 {_fmt(-2 * c)}l{_fmt(-2 * c)} {_fmt(2 * c)}",
        )
    dx, dy = start
    return "".join(f"M{_fmt(x + dx)} {_fmt(y + dy)}{shape}" for x, y in points)


def _series_attributes(seat: int, look: ChartLook) -> tuple[dict[str, str], dict[str, str]]:
    """A player's line, and their markers."""
    style = STYLES[seat % len(STYLES)]
    line = {"stroke": style.colour, "stroke-width": _fmt(look.line_width), "fill": "none"}
    if style.dash:
        line["stroke-dasharray"] = " ".join(
            _fmt(float(d) * look.line_width) for d in style.dash.split()
        )
    filled = style.filled and style.marker not in ("cross", "plus")
    marks = {
        "stroke": style.colour,
        "stroke-width": _fmt(look.line_width * 0.8),
        "fill": style.colour if filled else look.paper,
    }
    return line, marks


def _radius(look: ChartLook) -> float:
    return max(look.line_width * 1.7, look.font_size * 0.24)


def _key(parent: ET.Element, seat: int, look: ChartLook, x: float, y: float) -> None:
    """A player's key: a stretch of their line with their marker on it."""
    line, marks = _series_attributes(seat, look)
    fs = look.font_size
    ET.SubElement(parent, "path", {**line, "d": f"M{_fmt(x)} {_fmt(y)}h{_fmt(fs * 2.6)}"})
    marker = STYLES[seat % len(STYLES)].marker
    path = _marker_path(marker, [(x + fs * 1.3, y)], _radius(look))
    ET.SubElement(parent, "path", {**marks, "d": path})


@dataclass(frozen=True)
class ChartWords:
    """A chart's title and its spoken label, untranslated, in the words of what its steps
    are (a game's rounds or hands)."""

    title: str
    label: str
    """The title with every player's total: ``%(totals)s``."""

    def said(self, summary: str) -> tuple[str, str]:
        """The title and the spoken label in the reader's language."""
        return gettext(self.title), gettext(self.label, totals=summary)


BY_ROUND = ChartWords(N_("Running totals by round"), N_("Running totals by round: %(totals)s"))
BY_HAND = ChartWords(N_("Running totals by hand"), N_("Running totals by hand: %(totals)s"))


def target_words(target: int) -> str:
    """The label of the chart's line of the target: ``target 30``."""
    # TRANSLATORS: the label on the chart's line of One Card's target ("target 30").
    said: str = gettext("target %(points)s", points=target)
    return said


TARGET_KEY = "╌╌"
"""The target's dashed line, written in characters for a legend set as text."""


def running_totals_svg(
    players: Sequence[str],
    totals: Sequence[Sequence[int]],
    *,
    rounds: int | None = None,
    target: int | None = None,
    words: ChartWords = BY_ROUND,
    look: ChartLook = PAGE_LOOK,
    legend: str = "below",
    unit: str | None = None,
    target_label: bool = True,
) -> Markup:
    """Each player's running total after every round, from 0 before the first.

    ``totals[i]`` holds every player's total after round ``i + 1``. ``words``
    name the steps in the chart's title (a game's rounds or hands). ``rounds``
    stretches the axis to the rounds planned (a game still being played shows how
    far it has come); ``target`` draws One Card's target as a line.

    ``legend="below"`` names the players under the chart; ``legend="none"`` leaves
    the legend to the page, set as text with :data:`STYLES`' ``key`` characters:
    WeasyPrint draws SVG text one letter at a time, which breaks scripts whose
    letters join (Devanagari), and costs time for each letter. ``unit`` ("pt")
    gives the drawing its size on paper, one SVG unit to the unit; without it, the
    drawing takes the page's width. ``target_label=False`` leaves the target line's
    label to the page too (for the same reason: "लक्ष्य 30" is one shaped word).
    """
    n = len(players)
    last_round = max(rounds or 0, len(totals), 1)
    values = [0, *(v for row in totals for v in row)]
    if target is not None:
        values.append(round(target * 1.1))  # room above the line for its label
    ticks = nice_ticks(min(values), max(values), look.y_ticks)
    low, high = ticks[0], ticks[-1]
    final = totals[-1] if totals else (0,) * n

    fs = look.font_size
    # Below: as many names a row as fit, shortened to fit.
    entry_width = min(look.width, max(fs * 14, look.width / min(n, 3)))
    per_row = max(1, int(look.width // entry_width))
    below_rows = math.ceil(n / per_row) if legend == "below" else 0
    left = fs * 0.62 * max(len(_label(t)) for t in ticks) + fs * 0.5 + 2
    right = look.width - fs * 0.8
    top = fs * 0.8
    bottom = look.height - below_rows * fs * 1.55 - fs * (2.3 if below_rows else 1.5)
    plot_w, plot_h = right - left, bottom - top

    def x_of(number: int) -> float:
        return left + plot_w * number / last_round

    def y_of(value: float) -> float:
        return bottom - plot_h * (value - low) / (high - low)

    summary = ", ".join(f"{name} {_label(t)}" for name, t in zip(players, final, strict=True))
    title, spoken = words.said(summary)
    # On paper, its size; on a page, the page's width (its height follows the viewBox).
    size = {"width": f"{_fmt(look.width)}{unit}", "height": f"{_fmt(look.height)}{unit}"}
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            **(size if unit else {"width": "100%"}),
            "viewBox": f"0 0 {_fmt(look.width)} {_fmt(look.height)}",
            "class": "chart",
            "role": "img",
            "aria-label": spoken,
            "font-family": look.font_family,
            "font-size": _fmt(fs),
            "fill": look.ink,
        },
    )
    ET.SubElement(svg, "title").text = title

    # The grid: a line for each value marked, and a faint one for each round.
    step = next(s for s in (1, 2, 5, 10, 20, 50) if last_round / s <= look.x_labels)
    grid_path = [f"M{_fmt(left)} {_fmt(y_of(t))}H{_fmt(right)}" for t in ticks if t]
    grid_path += [
        f"M{_fmt(x_of(r))} {_fmt(top)}V{_fmt(bottom)}" for r in range(step, last_round + 1, step)
    ]
    ET.SubElement(
        svg,
        "path",
        {"d": "".join(grid_path), "stroke": look.grid, "stroke-width": "0.6", "fill": "none"},
    )
    labels = ET.SubElement(svg, "g", {"text-anchor": "end"})
    for tick in ticks:
        text = ET.SubElement(
            labels, "text", {"x": _fmt(left - fs * 0.35), "y": _fmt(y_of(tick) + fs * 0.35)}
        )
        text.text = _label(tick)
    axes = f"M{_fmt(left)} {_fmt(y_of(0))}H{_fmt(right)}M{_fmt(left)} {_fmt(top)}V{_fmt(bottom)}"
    ET.SubElement(
        svg, "path", {"d": axes, "stroke": look.ink, "stroke-width": "0.8", "fill": "none"}
    )
    if target is not None:
        y = y_of(target)
        ET.SubElement(
            svg,
            "path",
            {
                "d": f"M{_fmt(left)} {_fmt(y)}H{_fmt(right)}",
                "stroke": look.ink,
                "stroke-width": "0.8",
                "stroke-dasharray": "3 2",
                "fill": "none",
            },
        )
        if target_label:
            # Clear of the line: a script's marks below its letters keep off it.
            note = ET.SubElement(svg, "text", {"x": _fmt(left + fs * 0.3), "y": _fmt(y - fs * 0.6)})
            note.text = target_words(target)
    numbers = ET.SubElement(svg, "g", {"text-anchor": "middle"})
    for number in range(step, last_round + 1, step):
        text = ET.SubElement(
            numbers, "text", {"x": _fmt(x_of(number)), "y": _fmt(bottom + fs * 1.1)}
        )
        text.text = str(number)

    radius = _radius(look)
    series = ET.SubElement(svg, "g", {"stroke-linejoin": "round"})
    keys = ET.SubElement(svg, "g")
    for seat, name in enumerate(players):
        line, marks = _series_attributes(seat, look)
        points = [(x_of(0), y_of(0))] + [
            (x_of(number), y_of(row[seat])) for number, row in enumerate(totals, start=1)
        ]
        if len(points) > 1:
            path = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
            ET.SubElement(series, "polyline", {**line, "points": path})
            marker = STYLES[seat % len(STYLES)].marker
            ET.SubElement(series, "path", {**marks, "d": _marker_path(marker, points[1:], radius)})
        if legend == "below":
            row, column = divmod(seat, per_row)
            lx = column * entry_width
            ly = bottom + fs * 2.2 + row * fs * 1.55
            _key(keys, seat, look, lx, ly - fs * 0.35)
            entry = ET.SubElement(keys, "text", {"x": _fmt(lx + fs * 3.1), "y": _fmt(ly)})
            chars = max(6, int((entry_width - fs * 5.5) / (fs * 0.58)))
            entry.text = f"{distinct_within(name, players, chars)} {_label(final[seat])}"
    return Markup(ET.tostring(svg, encoding="unicode"))


def final_scores_svg(
    name: str,
    games: Sequence[tuple[date, int, bool]],
    *,
    look: ChartLook = PAGE_LOOK,
) -> Markup:
    """One player's final score in each of their games, a point a game placed by its date
    (games on one day side by side), joined in the order played: no line from 0, since each
    game starts afresh. A won game's point is filled, a lost one open. The axes say what
    they hold (points up the side, the games' dates along the bottom) and the legend says
    what the points are ("Ana: final score per game").
    """
    fs = look.font_size
    values = [total for _when, total, _won in games] or [0]
    ticks = nice_ticks(min(0, *values), max(values), look.y_ticks)
    low, high = ticks[0], ticks[-1]
    left = fs * 0.62 * max(len(_label(t)) for t in ticks) + fs * 0.5 + 2
    right = look.width - fs * 1.2
    top = fs * 1.6  # room for the axis' name
    bottom = look.height - fs * 4.2  # the dates, then the legend
    count = max(len(games), 1)

    def x_of(index: int) -> float:
        return left + (right - left) * (index + 0.5) / count

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    spoken_games = ", ".join(
        f"{format_date(when, 'short')} {_label(total)}" for when, total, _won in games
    )
    title = gettext("%(name)s: final score per game", name=name)
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": "100%",
            "viewBox": f"0 0 {_fmt(look.width)} {_fmt(look.height)}",
            "class": "chart",
            "role": "img",
            "aria-label": f"{title}: {spoken_games}",
            "font-family": look.font_family,
            "font-size": _fmt(fs),
            "fill": look.ink,
        },
    )
    ET.SubElement(svg, "title").text = title
    grid = "".join(f"M{_fmt(left)} {_fmt(y_of(t))}H{_fmt(right)}" for t in ticks if t)
    ET.SubElement(
        svg, "path", {"d": grid, "stroke": look.grid, "stroke-width": "0.6", "fill": "none"}
    )
    labels = ET.SubElement(svg, "g", {"text-anchor": "end"})
    for tick in ticks:
        text = ET.SubElement(
            labels, "text", {"x": _fmt(left - fs * 0.35), "y": _fmt(y_of(tick) + fs * 0.35)}
        )
        text.text = _label(tick)
    # TRANSLATORS: the name of the side axis of a player's chart of final scores.
    axis = ET.SubElement(svg, "text", {"x": _fmt(left), "y": _fmt(fs * 0.9)})
    axis.text = gettext("points")
    axes = f"M{_fmt(left)} {_fmt(y_of(0))}H{_fmt(right)}M{_fmt(left)} {_fmt(top)}V{_fmt(bottom)}"
    ET.SubElement(
        svg, "path", {"d": axes, "stroke": look.ink, "stroke-width": "0.8", "fill": "none"}
    )
    # The dates along the bottom: at most x_labels of them, the first and the last kept.
    dates = ET.SubElement(svg, "g", {"text-anchor": "middle", "class": "chart-dates"})
    every = max(1, math.ceil(count / max(look.x_labels // 2, 1)))
    shown = [i for i in range(len(games)) if i % every == 0 or i == len(games) - 1]
    for index in shown:
        when = games[index][0]
        text = ET.SubElement(dates, "text", {"x": _fmt(x_of(index)), "y": _fmt(bottom + fs * 1.2)})
        text.text = format_date(when, "d MMM")
    line, marks = _series_attributes(0, look)
    points = [(x_of(i), y_of(total)) for i, (_when, total, _won) in enumerate(games)]
    if len(points) > 1:
        line = {**line, "stroke-dasharray": "2 3", "stroke-width": _fmt(look.line_width * 0.6)}
        path = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        ET.SubElement(svg, "polyline", {**line, "points": path})
    radius = _radius(look) * 1.2
    won = [p for p, game in zip(points, games, strict=True) if game[2]]
    lost = [p for p, game in zip(points, games, strict=True) if not game[2]]
    if won:
        ET.SubElement(svg, "path", {**marks, "d": _marker_path("circle", won, radius)})
    if lost:
        open_marks = {**marks, "fill": look.paper}
        ET.SubElement(svg, "path", {**open_marks, "d": _marker_path("circle", lost, radius)})
    # The legend: what a point is.
    ly = look.height - fs * 0.8
    key = ET.SubElement(svg, "g")
    ET.SubElement(
        key, "path", {**marks, "d": _marker_path("circle", [(fs * 0.6, ly - fs * 0.35)], radius)}
    )
    entry = ET.SubElement(key, "text", {"x": _fmt(fs * 1.4), "y": _fmt(ly)})
    entry.text = gettext(
        "%(name)s: final score per game (filled: won)",
        name=distinct_within(name, [], max(6, int((look.width - fs * 14) / (fs * 0.58)))),
    )
    return Markup(ET.tostring(svg, encoding="unicode"))


RATING_POINTS = 240
"""The most points a rating's line is drawn through: more than a phone's chart has pixels
across for them (a regular's thousands of games are thinned to these)."""


def thinned(points: Sequence[tuple[date, float]], most: int) -> list[tuple[date, float]]:
    """At most about ``most`` of ``points``, in order: the lowest and the highest of each
    run of neighbours (so the line keeps every peak and trough it would show), and the
    last point (the rating now).

    >>> days = [(date(2026, 1, d), float(v)) for d, v in enumerate([0, 5, 1, 9, 2, 3], 1)]
    >>> [v for _d, v in thinned(days, 6)]
    [0.0, 5.0, 1.0, 9.0, 2.0, 3.0]
    >>> [v for _d, v in thinned(days, 4)]
    [0.0, 5.0, 9.0, 2.0, 3.0]
    >>> [v for _d, v in thinned(days * 10, 8)]
    [0.0, 9.0, 9.0, 0.0, 0.0, 9.0, 9.0, 0.0, 3.0]
    """
    if len(points) <= most:
        return list(points)
    run = math.ceil(len(points) / max(most // 2, 1))
    kept: list[tuple[date, float]] = []
    for first in range(0, len(points), run):
        part = range(first, min(first + run, len(points)))
        low = min(part, key=lambda index: points[index][1])
        high = max(part, key=lambda index: points[index][1])
        kept.extend(points[index] for index in sorted({low, high}))
    if kept[-1] != points[-1]:
        kept.append(points[-1])
    return kept


def rating_svg(
    name: str,
    points: Sequence[tuple[date, float]],
    *,
    look: ChartLook = PAGE_LOOK,
) -> Markup:
    """One player's rating (μ − 3σ) after each of their games of one kind, in the order
    played: a line, since each rating starts from the one before."""
    fs = look.font_size
    values = [value for _when, value in points] or [0.0]
    ticks = nice_ticks(min(0.0, *values), max(1.0, *values), look.y_ticks)
    low, high = ticks[0], ticks[-1]
    left = fs * 0.62 * max(len(_label(t)) for t in ticks) + fs * 0.5 + 2
    right = look.width - fs * 1.2
    top = fs * 1.6
    bottom = look.height - fs * 2.6
    count = max(len(points), 1)

    def x_of(index: int) -> float:
        return left + (right - left) * (index + 0.5) / count

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    title = gettext("%(name)s: rating after each game", name=name)
    spoken = ", ".join(f"{format_date(when, 'short')} {value:.1f}" for when, value in points[-12:])
    points = thinned(points, RATING_POINTS)
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": "100%",
            "viewBox": f"0 0 {_fmt(look.width)} {_fmt(look.height)}",
            "class": "chart rating-chart",
            "role": "img",
            "aria-label": f"{title}: {spoken}",
            "font-family": look.font_family,
            "font-size": _fmt(fs),
            "fill": look.ink,
        },
    )
    ET.SubElement(svg, "title").text = title
    grid = "".join(f"M{_fmt(left)} {_fmt(y_of(t))}H{_fmt(right)}" for t in ticks if t)
    ET.SubElement(
        svg, "path", {"d": grid, "stroke": look.grid, "stroke-width": "0.6", "fill": "none"}
    )
    labels = ET.SubElement(svg, "g", {"text-anchor": "end"})
    for tick in ticks:
        text = ET.SubElement(
            labels, "text", {"x": _fmt(left - fs * 0.35), "y": _fmt(y_of(tick) + fs * 0.35)}
        )
        text.text = _label(tick)
    # TRANSLATORS: the name of the side axis of a player's rating chart.
    axis = ET.SubElement(svg, "text", {"x": _fmt(left), "y": _fmt(fs * 0.9)})
    axis.text = gettext("rating")
    axes = f"M{_fmt(left)} {_fmt(y_of(0))}H{_fmt(right)}M{_fmt(left)} {_fmt(top)}V{_fmt(bottom)}"
    ET.SubElement(
        svg, "path", {"d": axes, "stroke": look.ink, "stroke-width": "0.8", "fill": "none"}
    )
    dates = ET.SubElement(svg, "g", {"text-anchor": "middle", "class": "chart-dates"})
    every = max(1, math.ceil(count / max(look.x_labels // 2, 1)))
    shown = [i for i in range(len(points)) if i % every == 0 or i == len(points) - 1]
    for index in shown:
        text = ET.SubElement(dates, "text", {"x": _fmt(x_of(index)), "y": _fmt(bottom + fs * 1.2)})
        text.text = format_date(points[index][0], "d MMM")
    line, _marks = _series_attributes(0, look)
    path = " ".join(f"{_fmt(x_of(i))},{_fmt(y_of(v))}" for i, (_w, v) in enumerate(points))
    if path:
        ET.SubElement(svg, "polyline", {**line, "points": path})
    return Markup(ET.tostring(svg, encoding="unicode"))
