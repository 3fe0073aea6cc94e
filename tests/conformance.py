"""What the conformance suite needs to walk a game kind's flows as a person would: its
recorded game, the forms of a page read back from the HTML, and the words left in English.

Nothing here names a game: every answer comes from the kind, its rules and its recorded
games in its folder.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest

from tests.test_i18n import language_words, page_texts, untranslated, words

EXPECTED = ("scores", "totals", "made", "side_scores", "bags")
"""What a recorded round says came of it, not what happened at the table (a game of sides:
each side's change of total and what it carries, Spades' bags)."""


# -- recorded games -------------------------------------------------------------------------


def recorded_games(key: str) -> list[dict[str, Any]]:
    """The kind's recorded games (``scorekeeper/games/<key>/recorded/``)."""
    from scorekeeper.games.kinds import kind

    found = []
    for path in kind(key).samples.recorded:
        game = json.loads(path.read_text(encoding="utf-8"))
        assert game.get("game") == key, path
        found.append({**game, "path": path.name})
    return found


def recorded_game(key: str) -> dict[str, Any]:
    """The kind's shortest recorded game (fewest entries to make), or a loud failure."""
    games = recorded_games(key)
    if not games:
        pytest.fail(f"no recorded game of {key} in its folder", pytrace=False)
    return min(games, key=lambda g: (len(g["rounds"]) * len(g["players"]), g["path"]))


def round_payload(played: dict[str, Any], expected_dealer: int | None) -> dict[str, Any]:
    """A recorded round as the API takes it: its facts, the dealer only when overridden."""
    payload = {k: v for k, v in played.items() if k not in (*EXPECTED, "dealer")}
    if played["dealer"] != expected_dealer:
        payload["dealer"] = played["dealer"]
    return payload


# -- forms as the browser sends them -------------------------------------------------------


@dataclass
class Form:
    attrs: dict[str, str]
    fields: list[dict[str, Any]] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def names(self) -> set[str]:
        return {f["name"] for f in self.fields}

    def field(self, name: str) -> dict[str, Any]:
        found = [f for f in self.fields if f["name"] == name]
        assert found, f"no field {name!r} in the form (it has {sorted(self.names())})"
        return found[0]

    def values(self) -> dict[str, str]:
        """What the browser sends for the form as it stands: hidden and typed values, the
        radios and boxes checked, each select's chosen option."""
        sent: dict[str, str] = {}
        for f in self.fields:
            kind = f["type"]
            if kind in ("submit", "button", "reset", "image", "file"):
                continue
            if kind in ("radio", "checkbox"):
                if f["checked"]:
                    sent[f["name"]] = f["value"] if f["value"] is not None else "on"
                continue
            if kind == "select":
                chosen = [v for v, selected in f["options"] if selected]
                if chosen or f["options"]:
                    sent[f["name"]] = chosen[0] if chosen else f["options"][0][0]
                continue
            sent[f["name"]] = f["value"] or ""
        return sent

    def choices(self, name: str) -> list[str]:
        """The values a field offers: a radio group's, a select's options."""
        offered = []
        for f in self.fields:
            if f["name"] != name:
                continue
            if f["type"] == "select":
                offered += [v for v, _ in f["options"]]
            elif f["value"] is not None:
                offered.append(f["value"])
        return offered


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: dict[str, Any] | None = None
        self._option: list[Any] | None = None
        self._textarea: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self._form = Form(found)
            self.forms.append(self._form)
            return
        if self._form is None:
            return
        name = found.get("name")
        if tag == "input" and name:
            self._form.fields.append(
                {
                    "name": name,
                    "type": found.get("type", "text").lower(),
                    "value": found.get("value"),
                    "checked": "checked" in found,
                }
            )
        elif tag == "select" and name:
            self._select = {"name": name, "type": "select", "options": [], "value": None}
            self._form.fields.append(self._select)
        elif tag == "option" and self._select is not None:
            self._option = [found.get("value"), "selected" in found, ""]
            self._select["options"].append(self._option)
        elif tag == "textarea" and name:
            self._textarea = {"name": name, "type": "textarea", "value": "", "checked": False}
            self._form.fields.append(self._textarea)
        elif tag == "button" and name:
            self._form.fields.append(
                {"name": name, "type": "submit", "value": found.get("value"), "checked": False}
            )

    def handle_data(self, data: str) -> None:
        if self._option is not None:
            self._option[2] += data
        if self._textarea is not None:
            self._textarea["value"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            if self._select is not None:
                # An option without a value sends its text, as the browser does.
                self._select["options"] = [
                    (v if v is not None else text.strip(), selected)
                    for v, selected, text in self._select["options"]
                ]
            self._select = None
            self._option = None
        elif tag == "option":
            self._option = None
        elif tag == "textarea":
            self._textarea = None


def forms(page: str) -> list[Form]:
    reader = _Forms()
    reader.feed(page)
    return reader.forms


def post_form(page: str, *, action: str | None = None, css: str | None = None) -> Form:
    """The page's one POST form sent to ``action`` (or carrying the class ``css``)."""
    found = [
        f
        for f in forms(page)
        if f.attrs.get("method", "get").lower() == "post"
        and (action is None or f.attrs.get("action") == action)
        and (css is None or css in f.classes)
    ]
    assert len(found) == 1, f"{len(found)} POST forms for action={action!r} css={css!r}"
    return found[0]


# -- what a person reads -------------------------------------------------------------------


def shown(page: str) -> str:
    """The page's text with entities read, whitespace made single: to look for a sentence."""
    return " ".join(html.unescape(page).split())


def english_left(
    english: str, translated: str, language: str, typed: set[str]
) -> tuple[str | None, list[str]]:
    """The translated page's language, and the texts of it still the English page's.

    ``typed``: the players' names and other text that is nobody's to translate.
    """
    _, english_texts = page_texts(english)
    lang, texts = page_texts(translated)
    ours = language_words(language) | {w for name in typed for w in words(name)}
    left = [t for t in untranslated(english_texts, texts, language) if words(t) - ours]
    return lang, left
