"""The rules pages tell the printed rules from the app's own decisions.

RULES.md (the project's rules reference, kept beside the repository in ``shared/``) marks
every point no printed rule text makes: a decision, a gap filled, an option. Each must be
on its game's rules page tagged "Our decision", in every language; ``DECISIONS`` says which
tagged item stands for which marked sentence of RULES.md.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper.i18n import LANGUAGES

# (game, the item's key on the page, a phrase of the RULES.md sentence marked as ours,
# or None for a decision the app tags that RULES.md states without the mark)
DECISIONS = [
    ("wizard", "short-game", None),
    # RULES.md, Wizard schedules: a section of its own, the option marked as a decision.
    ("wizard", "schedule", None),
    ("wizard", "schedule-short-game", None),
    ("wizard", "schedule-no-trump", None),
    ("wizard", "random-first-dealer", None),
    ("wizard", "dealer-override", None),
    ("wizard", "wizard-turned-no-trump", 'not "no trump", *decision*'),
    ("wizard", "wizard-turned-look", "may look at their hand first (*decision*)"),
    ("wizard", "hook", None),
    ("wizard", "winner-leads", "the winner of a trick leads the next"),
    ("wizard", "trump-beats-led", "no seed mentions trump here"),
    ("wizard", "jester-jester-wizard", "after several Jesters the same holds"),
    ("wizard", "ties-share", "equal top totals share the win"),
    ("one_card", "bidding-order", None),
    ("one_card", "pass-is-out", "A player who passes is out of the auction"),
    ("one_card", "three-pass-lead", "the app's own decision, shown on its rules page"),
    ("one_card", "joker-lead-names-trump", "the bidder names the trump suit as they lead it"),
    ("one_card", "joker-is-trump", None),
    ("one_card", "joker-lead-no-trump", None),
    ("one_card", "who-calls-downtown", None),
    ("one_card", "made-bid-scores-all", "A bidder who makes the bid scores all the points"),
    ("one_card", "target-option", None),
    ("one_card", "tie-plays-on", None),
]
SECTIONS = {"wizard": "## Wizard", "one_card": "## One Card"}
TAG = {"en": "Our decision"}


def rules_md() -> Path | None:
    """RULES.md: named by SCOREKEEPER_RULES_MD, or in a ``shared/`` folder above the code."""
    named = os.environ.get("SCOREKEEPER_RULES_MD")
    if named:
        return Path(named)
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / "RULES.md"
        if candidate.is_file():
            return candidate
    return None


def marked_sentences(text: str, heading: str) -> list[str]:
    """The bullets of one game's section of RULES.md that mark something as the app's."""
    lines = text.split("\n")
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    bullets: list[str] = []
    for line in lines[start:end]:
        if line.startswith("- "):
            bullets.append(line[2:])
        elif line.startswith("  ") and bullets and line.strip():
            bullets[-1] += " " + line.strip()
        elif bullets and bullets[-1]:
            bullets.append("")  # any other line ends the bullet
    return [" ".join(b.split()) for b in bullets if re.search(r"\bdecision\b", b, re.I)]


def tagged_items(page: str) -> dict[str, str]:
    """Each tagged item's key on the page, with the tag's words."""
    found = re.findall(
        r'<li class="decision" data-decision="([^"]+)"><strong class="decision-tag">([^<]+)'
        r"</strong>\s*\S",
        page,
    )
    return dict(found)


def test_every_decision_rules_md_marks_has_its_item() -> None:
    path = rules_md()
    if path is None:
        pytest.skip("RULES.md is not beside the code (set SCOREKEEPER_RULES_MD)")
    text = path.read_text(encoding="utf-8")
    for game, heading in SECTIONS.items():
        phrases = [phrase for kind, _key, phrase in DECISIONS if kind == game and phrase]
        for sentence in marked_sentences(text, heading):
            covered = [phrase for phrase in phrases if phrase in sentence]
            marks = len(re.findall(r"\bdecision\b", sentence, re.I))
            assert len(covered) == marks, f"{game}: not tagged on the page: {sentence}"
        for phrase in phrases:
            assert any(phrase in s for s in marked_sentences(text, heading)), phrase


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("game", list(SECTIONS))
def test_the_rules_page_tags_each_decision(client: FlaskClient, game: str, language: str) -> None:
    response = client.get(f"/rules/{game}", headers={"Accept-Language": language})
    assert response.status_code == 200
    items = tagged_items(response.get_data(as_text=True))
    expected = {key for kind, key, _phrase in DECISIONS if kind == game}
    assert set(items) == expected
    tags = set(items.values())
    assert len(tags) == 1, tags
    if language == "en":
        assert tags == {TAG["en"]}
    else:
        assert tags != {TAG["en"]}, f"the tag is not translated into {language}"


def test_printed_rules_are_not_tagged(client: FlaskClient) -> None:
    page = client.get("/rules/wizard").get_data(as_text=True)
    # The seeds say who leads the first trick, and that the first Wizard wins.
    assert "<li>The player left of the dealer leads the first trick.</li>" in page
    assert "Whoever wins a trick leads the next one." in tagged_items_text(page, "winner-leads")


def tagged_items_text(page: str, key: str) -> str:
    found = re.search(rf'data-decision="{key}">(.*?)</li>', page, re.S)
    return found.group(1) if found else ""
