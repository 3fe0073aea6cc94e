"""How wide a piece of text prints, in millimetres, measured from the sheet's own fonts.

The sheet decides its columns from what is written in them (a heading, a label, a name),
so it needs the width of a text before WeasyPrint lays it out. The widths here are the
sum of each character's advance in the font static/print.css names for it (Noto Sans,
Noto Sans Devanagari for what Noto Sans lacks, DejaVu Sans Mono for the labels and the
symbols), without kerning or shaping: for the scripts we print, that is never narrower
than the shaped text by more than a hair, and :data:`ROOM` covers the hair. The fonts are
found through fontconfig (``fc-match``), as WeasyPrint finds them; a host without one of
them gets a generous estimate (:data:`UNKNOWN_EM` a character) rather than an error.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

from .paper import PT

ROOM = 1.01
"""Kerning and shaping may widen a text a little: every measure is this much wider."""
MONOSPACED_BELOW = 0x0530
"""DejaVu Sans Mono draws Latin, Greek and Cyrillic, code points below this."""
UNKNOWN_EM = 0.65
"""A character no font here draws is counted this wide (wider than most)."""

FACES = {
    "sans": ("Noto Sans:style=Regular", "Noto Sans Devanagari:style=Regular", "DejaVu Sans Mono"),
    "bold": ("Noto Sans:style=Bold", "Noto Sans Devanagari:style=Bold", "DejaVu Sans Mono:bold"),
    "mono": ("DejaVu Sans Mono", "Noto Sans Devanagari:style=Regular", "Noto Sans:style=Regular"),
}
"""Each face's fonts, in the order print.css falls back through them."""


@cache
def _font_file(pattern: str) -> Path | None:
    """The file fontconfig gives for ``pattern``, if it is the family asked for."""
    if shutil.which("fc-match") is None:
        return None
    family = pattern.split(":")[0]
    found = subprocess.run(
        ["fc-match", "-f", "%{family}\t%{file}", pattern],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    families, _, file = found.partition("\t")
    if family not in families.split(",") or not file:
        return None
    return Path(file)


@cache
def _advances(pattern: str) -> tuple[dict[int, float], float] | None:
    """Each character's advance in ems, and the font's average, for the font of ``pattern``."""
    path = _font_file(pattern)
    if path is None:
        return None
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(path, lazy=True)
    per_em = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    widths = {code: metrics[glyph][0] / per_em for code, glyph in font.getBestCmap().items()}
    font.close()
    average = sum(widths.values()) / max(len(widths), 1)
    return widths, average


def char_em(char: str, face: str = "sans") -> float:
    """One character's advance, in ems, in the first of the face's fonts that draws it."""
    code = ord(char)
    for pattern in FACES[face]:
        font = _advances(pattern)
        if font is not None and code in font[0]:
            return font[0][code]
    return UNKNOWN_EM


def text_width(text: str, size_pt: float, face: str = "sans") -> float:
    """``text``'s width in millimetres at ``size_pt`` points, in ``face``.

    >>> round(text_width("0000", 9.0), 2)  # 4 digits of 0.572 em, and the room to spare
    7.34
    >>> text_width("Cardiau", 8.0, "bold") > text_width("Cards", 8.0, "bold")
    True
    """
    ems = sum(char_em(char, face) for char in text)
    # A monospaced line of Latin, Greek or Cyrillic has nothing to kern or shape.
    exact = face == "mono" and all(ord(char) < MONOSPACED_BELOW for char in text)
    return ems * size_pt * PT * (1.0 if exact else ROOM)
