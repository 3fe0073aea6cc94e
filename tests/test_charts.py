"""The running-totals chart: well-formed SVG, every player told apart in colour and in
black and white, names escaped, the axis fitted to the game."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scorekeeper.charts import MINUS, STYLES, ChartLook, nice_ticks, running_totals_svg

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Siôn", "Ŵyn", "Νίκος", "प्रिया", "Ana", "Dee"]
TOTALS = [(20, 30, 20, -10, 40, 0), (50, 10, 40, -30, 20, 60), (40, 70, 110, 0, 60, 30)]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


@pytest.mark.parametrize(
    ("low", "high", "most", "expected"),
    [
        (0, 100, 7, [0, 20, 40, 60, 80, 100]),
        (-30, 250, 7, [-50, 0, 50, 100, 150, 200, 250]),
        (0, 31, 5, [0, 10, 20, 30, 40]),
        (0, 0, 7, [0, 2, 4, 6, 8, 10]),
        (-200, -10, 5, [-200, -150, -100, -50, 0]),
    ],
    ids=["round", "negative start", "one card", "nothing yet", "all negative"],
)
def test_the_axis_marks_round_numbers(low: int, high: int, most: int, expected: list[int]) -> None:
    assert nice_ticks(low, high, most) == expected


def test_every_player_keeps_a_look_of_their_own() -> None:
    root = parse(running_totals_svg(NAMES, TOTALS))
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) == len(NAMES)
    looks = {(line.get("stroke"), line.get("stroke-dasharray")) for line in lines}
    assert len(looks) == len(NAMES)
    # In black and white the dash patterns alone tell the lines apart.
    assert len({line.get("stroke-dasharray") for line in lines}) == len(NAMES)
    assert len({(style.marker, style.filled) for style in STYLES}) == len(STYLES)
    for line in lines:
        assert len(line.get("points", "").split()) == len(TOTALS) + 1  # from 0 before round 1


def test_the_legend_names_each_player_with_their_total() -> None:
    root = parse(running_totals_svg(NAMES, TOTALS))
    shown = texts(root)
    for name, total in zip(NAMES, TOTALS[-1], strict=True):
        assert f"{name} {total}" in shown
    assert f"{MINUS}10" in "".join(shown) or f"{MINUS}" in "".join(shown)


def test_names_are_escaped() -> None:
    names = ["<script>alert(1)</script>", '<b>"A&B"', "Dee"]
    svg = str(running_totals_svg(names, [(10, 20, 30)]))
    assert "<script>" not in svg and "<b>" not in svg
    assert "&lt;script&gt;" in svg
    root = parse(svg)
    assert '<b>"A&B" 20' in texts(root)
    assert "<script>alert(1)</script> 10" in (root.get("aria-label") or "")


def test_a_game_being_played_shows_how_far_it_has_come() -> None:
    root = parse(running_totals_svg(NAMES[:3], [(20, 30, 20)], rounds=20))
    assert "20" in texts(root)  # the axis runs to the last round planned


def test_one_cards_target_is_drawn() -> None:
    root = parse(running_totals_svg(NAMES[:2], [(5, 10), (14, 11)], target=30))
    assert "target 30" in texts(root)
    assert max(int(t.replace(MINUS, "-")) for t in texts(root) if t.lstrip(MINUS).isdigit()) >= 30


def test_on_paper_the_legend_is_left_to_the_page() -> None:
    look = ChartLook(width=500, height=200, font_size=8.5, y_ticks=5, x_labels=6)
    root = parse(running_totals_svg(NAMES, TOTALS * 4, look=look, legend="none", unit="pt"))
    assert root.get("width") == "500pt" and root.get("height") == "200pt"
    assert not any(name in text for name in NAMES for text in texts(root))
    # Few labels: WeasyPrint lays out every letter of SVG text on its own.
    assert len(texts(root)) <= 5 + 6
    # The page writes each player's look in characters: a line, the marker, a line.
    assert [style.key[1] for style in STYLES] == ["●", "□", "▲", "◇", "▼", "✕", "✚"]


def test_seven_seats_have_seven_looks() -> None:
    """The largest table (Oh Hell, 7): no two lines alike, in colour or in black and
    white (dashes, markers)."""
    seven = [f"P{seat}" for seat in range(7)]
    root = parse(running_totals_svg(seven, [tuple(range(7)), tuple(range(7, 14))]))
    lines = [el for el in root.iter() if el.tag.endswith("polyline")]
    looks = {(el.get("stroke"), el.get("stroke-dasharray")) for el in lines}
    assert len(lines) == len(looks) == 7
    assert len({(style.dash, style.marker, style.filled) for style in STYLES}) == 7


def test_on_paper_the_target_is_left_to_the_page() -> None:
    """WeasyPrint draws SVG text letter by letter: "लक्ष्य 30" would come apart, so a
    sheet's chart leaves the target's label to its legend."""
    root = parse(running_totals_svg(NAMES[:2], [(5, 10)], target=30, target_label=False))
    assert "target 30" not in texts(root)
