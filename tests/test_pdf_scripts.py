"""Sheets in every script: the fonts a Nepali sheet embeds are the stylesheet's own, whatever
else the system has installed (a second Devanagari face, such as Lohit Devanagari, would
otherwise be picked by the system's font fallback), and its text copies out as written.

Read from the PDF itself: each font's /FontDescriptor /FontName, and the /ActualText of the
marked spans Devanagari is drawn in (what copying and text extraction read where they
honour it, rather than the glyphs: see scorekeeper/pdf.py, needs_actual_text)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from scorekeeper import i18n, pdf, services
from tests.conftest import PASSWORD, Table

pytestmark = pytest.mark.data_layer

# The faces static/print.css names, in regular and bold (Debian: fonts-noto-core and
# fonts-dejavu-core, installed by scripts/lib.sh ensure_sheet_libraries).
SHEET_FACES = {
    "Noto-Sans",
    "Noto-Sans-Bold",
    "Noto-Sans-Devanagari",
    "Noto-Sans-Devanagari-Bold",
    "DejaVu-Sans-Mono",
    "DejaVu-Sans-Mono-Bold",
}
NAMES = ["ज्ञानेन्द्र", "सीता", "Siôn", "Νίκος"]


def font_names(data: bytes) -> set[str]:
    """The name of every font the PDF embeds, without its subset's tag (``ABCDEF+``)."""
    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            font = font.get_object()
            for descendant in font.get("/DescendantFonts", [font]):
                descriptor = descendant.get_object()["/FontDescriptor"].get_object()
                names.add(str(descriptor["/FontName"]).lstrip("/").split("+", 1)[-1])
    return names


def nepali_sheets(table: Table) -> dict[str, bytes]:
    """A blank sheet and a running game's sheet (with its chart), in Nepali."""
    table.client.set_cookie(i18n.LANGUAGE_COOKIE, "ne")
    query = {f"names-{seat}": name for seat, name in enumerate(NAMES)}
    blank = table.client.get("/sheets/blank.pdf", query_string={"game": "wizard", **query})
    with table.app.app_context():
        owner = services.authenticate("ana", PASSWORD)
        assert owner is not None
        record = services.create_game(owner, "wizard", NAMES, 0, {})
        for number, (bids, tricks) in enumerate(
            [([1, 0, 0, 0], [1, 0, 0, 0]), ([0, 1, 1, 0], [0, 1, 0, 1])], start=1
        ):
            played = {"trump": "hearts", "turned": "7h", "bids": bids, "tricks": tricks}
            assert sum(tricks) == number
            record = services.record_round(record, played)
        game = record.id
    running = table.client.get(f"/games/{game}/sheet.pdf")
    sheets = {"blank": blank, "running": running}
    for response in sheets.values():
        assert response.status_code == 200 and response.mimetype == "application/pdf"
    return {name: response.data for name, response in sheets.items()}


def other_devanagari_faces() -> list[str]:
    """Devanagari faces installed besides Noto's: the ones fallback could pick."""
    if not shutil.which("fc-list"):
        return []
    listed = subprocess.run(
        ["fc-list", ":lang=ne", "family"], capture_output=True, text=True, check=False
    ).stdout
    return sorted({line for line in listed.splitlines() if not line.startswith("Noto")})


def test_a_nepali_sheet_embeds_only_the_stylesheets_faces(table: Table) -> None:
    """Run with another Devanagari face installed (Debian: fonts-lohit-deva) to prove it:
    the system's fallback would pick that one for every text the stylesheet leaves to it."""
    for name, data in nepali_sheets(table).items():
        faces = font_names(data)
        assert faces <= SHEET_FACES, (name, faces - SHEET_FACES, other_devanagari_faces())
        assert "Noto-Sans-Devanagari" in faces, (name, faces)


def test_every_family_list_in_the_stylesheet_names_the_devanagari_face() -> None:
    """A family list without a Devanagari face leaves Devanagari to the system's fallback."""
    css = (Path(__file__).resolve().parents[1] / "static" / "print.css").read_text()
    lists = re.findall(r"font(?:-family)?\s*:\s*([^;]*\"[^;]*);", css)
    assert lists
    for families in lists:
        assert '"Noto Sans Devanagari"' in families, families


def actual_texts(data: bytes) -> list[str]:
    """The text each marked span of the PDF says it reads (its /ActualText), in order."""
    reader = PdfReader(io.BytesIO(data))
    said = []
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"BDC" and operands[0] == "/Span" and "/ActualText" in operands[1]:
                said.append(str(operands[1]["/ActualText"]))
    return said


def test_devanagari_on_a_sheet_says_what_it_reads() -> None:
    """Drawn, "डिलर" puts its vowel sign's glyph before the consonant's, and a glyph copies
    out as the first text it was drawn for: without its span it copies as "डलर"."""
    words = ["डिलर", "लिएको", "ज्ञानेन्द्र", "सीता"]
    html = f'<html lang="ne"><body>{"".join(f"<p>{word}</p>" for word in words)}</body></html>'
    css = Path(__file__).resolve().parents[1] / "static" / "print.css"
    assert actual_texts(pdf.render_pdf(html, (css,))) == words


def test_a_nepali_sheet_copies_out_as_written(table: Table) -> None:
    for name, data in nepali_sheets(table).items():
        said = " ".join(actual_texts(data))
        for words in ["डिलर", "लिएको", "ज्ञानेन्द्र", "सीता"]:
            assert words in said, (name, words)
