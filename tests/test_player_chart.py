"""The player page's chart: each game's final score as a point of its own, by the game's
date, never a running line from 0; its axis and legend say what the points are."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date

import pytest
from flask import Flask

from scorekeeper.charts import final_scores_svg
from tests.conftest import Table
from tests.test_views_history import finished_game, player_id

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [
    (date(2024, 5, 1), 80, True),
    (date(2024, 5, 3), -20, False),
    (date(2024, 6, 9), 40, False),
]


def chart(page: str) -> ET.Element:
    found = re.search(r"<svg.*?</svg>", page, re.S)
    assert found, "no chart on the page"
    return ET.fromstring(found.group(0))


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_each_game_is_a_point_of_its_own_by_date(app: Flask) -> None:
    with app.test_request_context():
        root = ET.fromstring(final_scores_svg("Ana", GAMES))
    shown = texts(root)
    assert "Ana: final score per game (filled: won)" in shown
    assert "points" in shown
    assert [t for t in shown if re.fullmatch(r"\d+ \w+", t)] == ["1 May", "3 May", "9 Jun"]
    # Three points, no fourth at 0 before the first game; the line between them only.
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) == 1 and len(lines[0].get("points", "").split()) == 3
    # A won game's point filled, the others open.
    marks = [p for p in root.iter(f"{SVG}path") if "a" in (p.get("d") or "")]
    filled = [p.get("d", "").count("M") for p in marks if p.get("fill") not in (None, "none")]
    assert filled[:1] == [1]
    label = root.get("aria-label") or ""
    assert label.startswith("Ana: final score per game:") and "80" in label and "−20" in label


@pytest.mark.data_layer
@pytest.mark.parametrize(
    ("language", "legend"),
    [
        ("en", "Ana: final score per game (filled: won)"),
        ("cy", "Ana: sgôr derfynol pob gêm (llawn: wedi ennill)"),
        ("nl", "Ana: eindscore per spel (gevuld: gewonnen)"),
        ("el", "Ana: τελικό σκορ ανά παιχνίδι (γεμάτο: νίκη)"),
        ("ne", "Ana: प्रत्येक खेलको अन्तिम अंक (भरिएको: जितेको)"),
    ],
)
def test_the_player_page_charts_final_scores_not_running_totals(
    app: Flask, table: Table, language: str, legend: str
) -> None:
    finished_game(table, ["Ana", "Ben", "Cai"])  # Ana 30
    finished_game(table, ["Ana", "Ben", "Cai"])
    table.client.set_cookie("language", language)
    page = table.client.get(f"/players/{player_id(app, 'Ana')}").get_data(as_text=True)
    root = chart(page)
    shown = texts(root)
    assert legend in shown
    assert not any("Running totals" in t for t in shown)
    assert "Running totals" not in (root.get("aria-label") or "")
    # Two games, two points: no line drawn up from (0, 0).
    (line,) = root.iter(f"{SVG}polyline")
    assert len(line.get("points", "").split()) == 2
