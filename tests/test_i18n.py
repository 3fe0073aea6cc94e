"""The players' language: every page and every sheet in English, Welsh, Dutch, Greek and
Nepali, with nothing left in English; the pick remembered; the catalogs complete."""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Callable
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.numbers import format_decimal
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from scorekeeper import catalogs, i18n, services
from scorekeeper.games.kinds import KINDS
from scorekeeper.games.wizard.referee import wizard_trick_winner
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.errors import TrickError
from scorekeeper.services import seasons
from scorekeeper.views import filters
from tests.conftest import PASSWORD, Table, csrf_token

LANGUAGES = ["cy", "nl", "el", "ne"]
EVERY_SPECIAL_CARD = ["bomb", "cloud", "dragon", "fairy", "juggler", "werewolf", "shapeshifter"]

# What the players typed, and the app's own names for the languages: the same in every
# language by right.
TYPED = {
    "Ana",
    "Ben",
    "Cai",
    "Dee",
    "Eli",
    "Fay",
    "Cwpan Caerdydd",
    "ana",
    "The Crown",
    "Birthday rematch",
    "Score bot",
}
LANGUAGE_NAMES = set(i18n.LANGUAGES.values())  # the switcher names each in itself


# -- reading a page as a person does ---------------------------------------------------


class _Texts(HTMLParser):
    """The text a person reads or hears on a page: text between tags, and the attributes a
    screen reader speaks or a browser shows."""

    SPOKEN = ("title", "aria-label", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.lang: str | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        for name in self.SPOKEN:
            self._add(found.get(name))
        if tag == "input" and found.get("type") in ("submit", "button"):
            self._add(found.get("value"))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._add(data)

    def _add(self, text: str | None) -> None:
        text = " ".join((text or "").split())
        if text:
            self.texts.append(text)


def page_texts(html: str) -> tuple[str | None, list[str]]:
    reader = _Texts()
    reader.feed(html)
    return reader.lang, reader.texts


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{2,}", text))


@functools.cache
def language_words(language: str) -> frozenset[str]:
    """Every Latin-letter word the language's translations use: Dutch "met" and
    "contract" are Dutch too; a player's name is nobody's to translate."""
    found = set()
    for message in catalogs.read_catalog(language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            found |= words(re.sub(r"%\(\w+\)s|\{\w+\}|<[^>]*>", " ", text))
    for typed in TYPED | LANGUAGE_NAMES:
        found |= words(typed)
    return frozenset(found)


def untranslated(english: list[str], translated: list[str], language: str) -> list[str]:
    """Texts of the translated page that are the English page's word for word, with an
    English word in them that the language's translations never use: what is left of a
    sentence nobody translated (a player's name, a URL, a number are not)."""
    seen = set(english)
    ours = language_words(language)
    left = set()
    for text in translated:
        if text not in seen:
            continue
        rest = re.sub(r"https?://\S+", " ", text)
        if words(rest) - ours:
            left.add(text)
    return sorted(left)


def leftovers(texts: list[str]) -> list[str]:
    """Placeholders a catalog or a template forgot to fill."""
    return [text for text in texts if re.search(r"%\(\w+\)|\{\w+\}|%s", text)]


# -- an evening to show: games of both kinds, a night, a shared board --------------------


def evening(app: Flask, table: Table) -> dict[str, Any]:
    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        assert ana is not None
        running = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], 0, {"hook": True})
        for number in (1, 2):
            tricks = [0, 0, 0]
            tricks[number % 3] = number
            bids = [0, 0, 0]  # with the hook, the bids may not add up to the cards
            running = services.record_round(
                running, {"trump": "hearts", "turned": "7h", "bids": bids, "tricks": tricks}
            )
        # A round corrected: the game's page says what changed.
        first = {"trump": "spades", "turned": "9s", "bids": [0, 0, 0], "tricks": [0, 1, 0]}
        running = services.correct_round(running, 1, first)
        finished = services.create_game(ana, "wizard", ["Ana", "Ben", "Dee"], 1, {"rounds": 2})
        for number in (1, 2):
            finished = services.record_round(
                finished, {"trump": "none", "bids": [number, 0, 1], "tricks": [number, 0, 0]}
            )
        one_card = services.create_game(ana, "one_card", ["Ana", "Ben", "Cai"], 0)
        # A round being played: its bids said; and one with hidden bids, one bid in.
        said = services.create_game(ana, "wizard", ["Ana", "Ben", "Cai"], 0, {"rounds": 5})
        services.save_pending(said, {"trump": "spades", "bids": [1, 1, 0]})
        hidden = services.create_game(
            ana, "wizard", ["Ana", "Ben", "Cai"], 0, {"hidden_bids": True, "hook": True}
        )
        seats = services.seat_links(hidden)
        services.seat_bid(seats[1], 1, 1)
        # Wizard with every special card: a Werewolf's trump, then the Bomb and the Cloud.
        special = services.create_game(
            ana,
            "wizard",
            ["Ana", "Ben", "Cai"],
            0,
            {"special_cards": EVERY_SPECIAL_CARD, "hook_from": 3, "tie_break": "exact_bids"},
        )
        special = services.record_round(
            special,
            {
                "trump": "clubs",
                "turned": "7h",
                "werewolf": {"seat": 1, "trump": "clubs"},
                "bids": [0, 1, 0],
                "tricks": [0, 1, 0],
            },
        )
        special = services.record_round(
            special,
            {
                "trump": "spades",
                "turned": "dragon",
                "bomb": True,
                "cloud": {"seat": 0, "change": 1},
                "bids": [1, 0, 0],
                "tricks": [1, 0, 0],
            },
        )
        # A tournament, its first stage drawn, a table's link and the hall's screen given.
        from scorekeeper.services import tournaments

        cup = tournaments.create_tournament(
            ana,
            tournaments.Plan(
                name="Cwpan Caerdydd",
                date="2026-12-07",
                kind="wizard",
                options={"schedule": "tournament"},
                stages=2,
                table_size=3,
                final_size=3,
                players=["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"],
            ),
        )
        stage = tournaments.draw_stage(cup, seed=1)
        keeper = tournaments.keeper_links(cup, stage)[1]
        screen = tournaments.share_screen(cup)
        watch = services.share_game(running)
        night = running.row.night
        night.place = "The Crown"
        night.note = "Birthday rematch"
        player = running.row.seats[0].player_id
        # A season with the finished game in it (and a minimum the others are short of).
        night_date = finished.row.night.date
        season = seasons.create_season(ana, "2026–27", "wizard", night_date, night_date, 2)
        ids = {
            "running": running.id,
            "finished": finished.id,
            "one_card": one_card.id,
            "watch": watch,
            "said": said.id,
            "special": special.id,
            "hidden": hidden.id,
            "seat": seats[2],
            "dealer seat": seats[0],
            "night": night.id,
            "player": player,
            "tournament": cup.id,
            "keeper": keeper,
            "screen": screen,
            "season": season.id,
        }
        from scorekeeper.extensions import db

        db.session.commit()
    answer = table.post(
        f"/games/{ids['one_card']}/rounds/new",
        {
            "points_0": "5",
            "points_1": "7",
            "points_2": "3",
            "last_trick": "0",
            "bidder": "1",
            "bid": "8",
            "trump": "hearts",
            "order": "downtown",
        },
    )
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return ids


Ask = Callable[[FlaskClient, dict[str, Any], str], Any]


def post_with_token(client: FlaskClient, url: str, data: dict[str, str]) -> Any:
    token = csrf_token(client.get(url).get_data(as_text=True))
    return client.post(url, data={**data, "csrf_token": token})


def paper_code(client: FlaskClient, names: tuple[str, ...] = (), **options: Any) -> str:
    """The code of a blank Wizard sheet for three, as printed (views/paper.py)."""
    from scorekeeper.services import paper

    with client.application.app_context():
        sheet = paper.SheetParameters("wizard", 3, names, 0, {"hook": True, **options})
        return paper.sheet_code(sheet)


def account_page(client: FlaskClient) -> Any:
    """The account page with an API token listed (one made the first time)."""
    page = client.get("/account")
    if "Score bot" not in page.get_data(as_text=True):
        client.post(
            "/api/v1/tokens", json={"username": "ana", "password": PASSWORD, "name": "Score bot"}
        )
        page = client.get("/account")
    return page


def password_change_refused(client: FlaskClient) -> Any:
    token = csrf_token(client.get("/account").get_data(as_text=True))
    return client.post(
        "/account/password",
        data={
            "current_password": PASSWORD,
            "new_password": "password",
            "confirm": "password",
            "csrf_token": token,
        },
    )


# Every page a person can open, and the refusals a person can meet, as the scorekeeper
# logged in asks for them.
PAGES: dict[str, Ask] = {
    "start": lambda c, g, lang: c.get("/", follow_redirects=True),
    "games": lambda c, g, lang: c.get("/games"),
    "games filtered": lambda c, g, lang: c.get(f"/games?player={g['player']}&state=finished"),
    "new wizard game": lambda c, g, lang: c.get("/games/new"),
    "new one card game": lambda c, g, lang: c.get("/games/new?game=one_card"),
    "new game refused": lambda c, g, lang: post_with_token(
        c, "/games/new", {"players-0": "Ana", "players-1": "Ana", "first_dealer": "0"}
    ),
    "wizard game": lambda c, g, lang: c.get(f"/games/{g['running']}"),
    "tournaments": lambda c, g, lang: c.get("/tournaments"),
    "new tournament": lambda c, g, lang: c.get("/tournaments/new"),
    "new tournament refused": lambda c, g, lang: post_with_token(
        c,
        "/tournaments/new",
        {"name": "", "date": "2026-12-07", "stages": "0", "table_size": "9", "players": "Ana"},
    ),
    "tournament": lambda c, g, lang: c.get(f"/tournaments/{g['tournament']}"),
    "tournament's players refused": lambda c, g, lang: post_with_token(
        c, f"/tournaments/{g['tournament']}/players", {"players": "Ana\nBen"}
    ),
    "tournament with tonight's players": lambda c, g, lang: post_with_token(
        c, f"/tournaments/{g['tournament']}/tonight", {}
    ),
    "tournament's change": lambda c, g, lang: c.get(f"/tournaments/{g['tournament']}/edit"),
    "tournament's change refused": lambda c, g, lang: post_with_token(
        c,
        f"/tournaments/{g['tournament']}/edit",
        {"name": "Cup", "date": "2026-12-07", "stages": "0", "table_size": "3", "final_size": "9"},
    ),
    "wizard round": lambda c, g, lang: c.get(f"/games/{g['running']}/rounds/new"),
    "wizard round refused": lambda c, g, lang: post_with_token(
        c,
        f"/games/{g['running']}/rounds/new",
        {"turned": "7h", "bid_0": "1", "bid_1": "1", "bid_2": "0", "tricks_0": "3"},
    ),
    "wizard correction": lambda c, g, lang: c.get(f"/games/{g['running']}/rounds/1/edit"),
    "wizard game, bids said": lambda c, g, lang: c.get(f"/games/{g['said']}"),
    "wizard round, bids said": lambda c, g, lang: c.get(f"/games/{g['said']}/rounds/new"),
    "wizard bids refused": lambda c, g, lang: post_with_token(
        c, f"/games/{g['said']}/rounds/1/bids", {"turned": "s", "bid_0": "9", "number": "1"}
    ),
    "hidden bids game": lambda c, g, lang: c.get(f"/games/{g['hidden']}"),
    "hidden bids round": lambda c, g, lang: c.get(f"/games/{g['hidden']}/rounds/new"),
    "finished wizard game": lambda c, g, lang: c.get(f"/games/{g['finished']}"),
    "special cards game": lambda c, g, lang: c.get(f"/games/{g['special']}"),
    "special cards round": lambda c, g, lang: c.get(f"/games/{g['special']}/rounds/new"),
    "special cards round refused": lambda c, g, lang: post_with_token(
        c,
        f"/games/{g['special']}/rounds/new",
        {
            "turned": "juggler",
            "bomb": "y",
            "cloud_seat": "1",
            "werewolf_seat": "2",
            **{f"bid_{seat}": "1" for seat in range(3)},
            **{f"tricks_{seat}": "1" for seat in range(3)},
        },
    ),
    "special cards correction": lambda c, g, lang: c.get(f"/games/{g['special']}/rounds/2/edit"),
    "special cards trick": lambda c, g, lang: c.get(
        "/referee/wizard/trick?trump=hearts&plays=juggler:h,dragon,cloud:s,fairy"
        "&special=juggler&special=dragon&special=fairy&special=cloud"
    ),
    "special cards trick with the Bomb": lambda c, g, lang: c.get(
        "/referee/wizard/trick?trump=none&plays=fairy,shapeshifter:wizard,bomb,9c"
        "&special=bomb&special=dragon&special=fairy&special=shapeshifter"
    ),
    "special cards picker": lambda c, g, lang: c.get(
        "/referee/wizard/trick?special=bomb&special=cloud&special=juggler&special=werewolf"
    ),
    "one card game": lambda c, g, lang: c.get(f"/games/{g['one_card']}"),
    "one card hand": lambda c, g, lang: c.get(f"/games/{g['one_card']}/rounds/new"),
    "one card hand refused": lambda c, g, lang: post_with_token(
        c,
        f"/games/{g['one_card']}/rounds/new",
        {"points_0": "5", "points_1": "7", "points_2": "2", "last_trick": "0", "bidder": "none"},
    ),
    "one card correction": lambda c, g, lang: c.get(f"/games/{g['one_card']}/rounds/1/edit"),
    "share": lambda c, g, lang: c.get(f"/games/{g['running']}/share"),
    "watch board": lambda c, g, lang: c.get(f"/watch/{g['watch']}"),
    "big board": lambda c, g, lang: c.get(f"/watch/{g['watch']}/big"),
    "nights": lambda c, g, lang: c.get("/nights"),
    "night": lambda c, g, lang: c.get(f"/nights/{g['night']}"),
    "night refused": lambda c, g, lang: post_with_token(
        c, f"/nights/{g['night']}", {"date": "yesterday", "place": "x" * 90}
    ),
    "players": lambda c, g, lang: c.get("/players"),
    "player refused": lambda c, g, lang: post_with_token(
        c, f"/players/{g['player']}", {"action": "rename", "rename-name": ""}
    ),
    "player": lambda c, g, lang: c.get(f"/players/{g['player']}"),
    "seasons": lambda c, g, lang: c.get("/seasons"),
    "new season refused": lambda c, g, lang: post_with_token(
        c,
        "/seasons",
        {"name": "2027", "game": "wizard", "since": "2026-05-01", "until": "2026-03-01"},
    ),
    "season": lambda c, g, lang: c.get(f"/seasons/{g['season']}"),
    "import": lambda c, g, lang: c.get("/import"),
    "import refused": lambda c, g, lang: post_with_token(c, "/import", {}),
    "referee": lambda c, g, lang: c.get("/referee"),
    "wizard trick": lambda c, g, lang: c.get("/referee/wizard/trick?trump=hearts&plays=7c,kh,2c"),
    "wizard trick with a Jester led": lambda c, g, lang: c.get(
        "/referee/wizard/trick?trump=none&plays=jester,7c,9c"
    ),
    "wizard play": lambda c, g, lang: c.get(
        "/referee/wizard/play?trump=hearts&plays=7c&hand=2c,kh&card=kh"
    ),
    "one card trick": lambda c, g, lang: c.get(
        "/referee/one_card/trick?trump=spades&plays=ac,9s,joker&order=uptown"
    ),
    "one card play": lambda c, g, lang: c.get(
        "/referee/one_card/play?trump=spades&plays=ac&hand=kc,9s&card=9s"
    ),
    "referee refused": lambda c, g, lang: c.get("/referee/wizard/trick?add=joker"),
    "wizard trick from a game": lambda c, g, lang: c.get(
        "/referee/wizard/trick?trump=hearts&player=Ana&player=Ben&player=Cai&lead=2&plays=7c,kh"
    ),
    "wizard trick, who led?": lambda c, g, lang: c.get(
        "/referee/wizard/trick?trump=hearts&player=Ana&player=Ben&player=Cai&plays=7c"
    ),
    "referee, a trick too big": lambda c, g, lang: c.get(
        "/referee/wizard/trick?player=Ana&player=Ben&player=Cai&plays=2c,3c,4c,5c"
    ),
    "wizard rules": lambda c, g, lang: c.get("/rules/wizard"),
    "one card rules": lambda c, g, lang: c.get("/rules/one_card"),
    "blank sheets": lambda c, g, lang: c.get("/sheets"),
    "offline": lambda c, g, lang: c.get("/offline"),
    "not found": lambda c, g, lang: c.get("/games/nothing-here"),
    "account": lambda c, g, lang: account_page(c),
    "paper code": lambda c, g, lang: c.get("/p"),
    "paper code refused": lambda c, g, lang: c.get("/p?code=00000-00000"),
    "paper names": lambda c, g, lang: c.get(f"/paper/{paper_code(c)}"),
    "paper sheet": lambda c, g, lang: c.get(f"/paper/{paper_code(c, ('Ana', 'Ben', 'Cai'))}"),
    "paper rows refused": lambda c, g, lang: post_with_token(
        c,
        f"/paper/{paper_code(c, ('Ana', 'Ben', 'Cai'))}",
        {"r1-trump": "7", "r2-trump": "1", "date": "2026-12-01", "action": "save"},
    ),
    "paper sheet not typed in yet": lambda c, g, lang: c.get(
        f"/paper/{paper_code(c, ('Ana', 'Ben', 'Cai'), special_cards=['bomb'])}"
    ),
    "password change refused": lambda c, g, lang: password_change_refused(c),
}

# Pages of a visitor who is not logged in.
VISITOR_PAGES: dict[str, Ask] = {
    "login": lambda c, g, lang: c.get("/login"),
    "login refused": lambda c, g, lang: post_with_token(
        c, "/login", {"username": "ana", "password": "wrong"}
    ),
    "watch board": lambda c, g, lang: c.get(f"/watch/{g['watch']}"),
    "big board": lambda c, g, lang: c.get(f"/watch/{g['watch']}/big"),
    "seat": lambda c, g, lang: c.get(f"/bid/{g['seat']}"),
    "dealer's seat, waiting": lambda c, g, lang: c.get(f"/bid/{g['dealer seat']}"),
    "seat refused": lambda c, g, lang: post_with_token(
        c, f"/bid/{g['seat']}", {"number": "1", "bid": "7"}
    ),
    "hall's standings": lambda c, g, lang: c.get(f"/standings/{g['screen']}"),
    "table's round screen by its link": lambda c, g, lang: c.get(
        f"/table/{g['keeper']}", follow_redirects=True
    ),
}

# Routes that answer with something other than a page for people (data, scripts) or
# a PDF (checked below), or only a redirect.
NOT_PAGES = {
    "static",
    "pwa.manifest",
    "pwa.service_worker",
    "watch.version",
    "health.alive",  # JSON for a supervisor
    "health.ready",
    "history.export_account",
    "history.export_game",
    "sheets.game_sheet",
    "sheets.night_sheet",
    "sheets.blank_sheet",
    "language.choose",
    "auth.logout",
    "auth.logout_everywhere",
    "auth.revoke_token",
    "rounds.undo_round",
    "rounds.reveal_bids",
    "games.rematch",
    "rounds.bids_in",
    "rounds.round_ahead",  # JSON for the page's script: the round screen's own template
    "seats.version",
    "watch.revoke",
    "paper.short",  # the redirect of a sheet's QR code
    "paper.check",  # JSON for the page's script
    "tournaments.keeper",  # the redirect of a table's link
    "tournaments.screen_version",  # JSON for the hall's screen
    "tournaments.printed",  # a PDF
    "tournaments.draw",  # buttons that redirect
    "tournaments.table_link",
    "tournaments.share",
    "seasons.season_plays",  # CSV
    "seasons.player_plays",
}
COVERED = {
    "games.index",
    "history.games",
    "games.new_game",
    "games.show_game",
    "rounds.new_round",
    "rounds.edit_round",
    "rounds.save_bids",
    "seats.bid",
    "watch.share",
    "watch.board",
    "watch.big",
    "history.nights",
    "history.night",
    "history.players",
    "history.player",
    "seasons.index",
    "seasons.season",
    "history.import_account",
    "referee.index",
    "referee.trick",
    "referee.play",
    "referee.rules",
    "sheets.blank_sheets",
    "pwa.offline",
    "auth.login",
    "auth.first_account",  # below, on an app with no account yet
    "auth.account",
    "auth.change_password",
    "paper.find",
    "paper.enter",
    "tournaments.index",
    "tournaments.new",
    "tournaments.show",
    "tournaments.register",
    "tournaments.take_tonight",
    "tournaments.edit",
    "tournaments.screen",
}


def test_every_page_route_is_read_in_every_language(app: Flask) -> None:
    routes = {rule.endpoint for rule in app.url_map.iter_rules()}
    routes = {r for r in routes if not r.split(".")[0].startswith("api")}
    assert routes - NOT_PAGES == COVERED


def with_language(client: FlaskClient, language: str) -> FlaskClient:
    client.set_cookie(i18n.LANGUAGE_COOKIE, language)
    return client


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_is_translated(
    app: Flask, table: Table, client: FlaskClient, language: str
) -> None:
    game = evening(app, table)
    visitor = app.test_client()
    problems = {}
    for pages, reader in ((PAGES, table.client), (VISITOR_PAGES, visitor)):
        for name, ask in pages.items():
            english = ask(with_language(reader, "en"), game, "en")
            theirs = ask(with_language(reader, language), game, language)
            assert english.status_code == theirs.status_code, name
            assert english.status_code in (200, 400, 404, 422), (name, english.status_code)
            lang, english_texts = page_texts(english.get_data(as_text=True))
            assert lang == "en"
            lang, texts = page_texts(theirs.get_data(as_text=True))
            assert lang == language, name
            found = untranslated(english_texts, texts, language) + leftovers(texts)
            if found:
                problems[name] = found
    assert not problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_account_page_is_translated(
    app: Flask, client: FlaskClient, language: str
) -> None:
    english = with_language(client, "en").get("/welcome").get_data(as_text=True)
    theirs = with_language(client, language).get("/welcome").get_data(as_text=True)
    assert untranslated(page_texts(english)[1], page_texts(theirs)[1], language) == []


# -- sheets ----------------------------------------------------------------------------


def pdf_text(data: bytes) -> tuple[str, set[str]]:
    reader = PdfReader(io.BytesIO(data))
    fonts = set()
    for page in reader.pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            fonts.add(str(font.get_object().get("/BaseFont")))
    return "\n".join(page.extract_text() for page in reader.pages), fonts


def english_words(text: str) -> set[str]:
    return {word for word in re.findall(r"[A-Za-z]{3,}", text)}


SHEETS: dict[str, Callable[[dict[str, Any]], str]] = {
    "finished wizard game": lambda g: f"/games/{g['finished']}/sheet.pdf",
    "running wizard game": lambda g: f"/games/{g['running']}/sheet.pdf",
    "one card game": lambda g: f"/games/{g['one_card']}/sheet.pdf",
    "night": lambda g: f"/nights/{g['night']}/sheet.pdf",
    "tournament": lambda g: f"/tournaments/{g['tournament']}/standings.pdf",
    "blank wizard sheet": lambda g: "/sheets/blank.pdf?game=wizard&players=4",
    "blank one card sheet": lambda g: "/sheets/blank.pdf?game=one_card&players=3",
}

# Words of the sheets that are no language's: the players' names, fonts' names in the
# PDF's own bookkeeping, the card symbols' letters.
SHEET_WORDS = TYPED | {"Scorekeeper"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sheet_is_translated(
    app: Flask, table: Table, client: FlaskClient, language: str
) -> None:
    game = evening(app, table)
    problems = {}
    for name, url in SHEETS.items():
        english = with_language(table.client, "en").get(url(game))
        theirs = with_language(table.client, language).get(url(game))
        assert english.status_code == theirs.status_code == 200, name
        english_text, _ = pdf_text(english.data)
        text, fonts = pdf_text(theirs.data)
        same = english_words(text) & english_words(english_text)
        left = sorted(same - SHEET_WORDS - language_words(language))
        if left:
            problems[name] = left
        if language == "ne":
            assert any("Noto-Sans-Devanagari" in font for font in fonts), (name, fonts)
        if language == "el":
            assert re.search("[α-ω]", text), name
    assert not problems


# -- choosing the language -------------------------------------------------------------


def test_the_browser_language_is_followed(client: FlaskClient) -> None:
    page = client.get("/referee", headers={"Accept-Language": "nl-BE,nl;q=0.9,en;q=0.5"})
    assert page_texts(page.get_data(as_text=True))[0] == "nl"
    page = client.get("/referee", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert page_texts(page.get_data(as_text=True))[0] == "en"
    page = client.get("/referee", headers={"Accept-Language": "el"})
    assert page_texts(page.get_data(as_text=True))[0] == "el"
    assert "Accept-Language" in page.headers["Vary"]


def pick(client: FlaskClient, language: str, back: str = "/referee") -> Any:
    token = csrf_token(client.get(back).get_data(as_text=True))
    return client.post("/language", data={"language": language, "next": back, "csrf_token": token})


def test_the_language_picked_is_remembered_over_the_browsers(client: FlaskClient) -> None:
    answer = pick(client, "cy", back="/rules/wizard?x=1")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/rules/wizard?x=1"
    cookie = answer.headers["Set-Cookie"]
    assert "language=cy" in cookie and "Max-Age=31536000" in cookie and "HttpOnly" in cookie
    page = client.get("/referee", headers={"Accept-Language": "nl"})
    assert page_texts(page.get_data(as_text=True))[0] == "cy"
    # ...and across logging out: it is the phone's, not the account's.
    pick(client, "ne")
    assert page_texts(client.get("/welcome").get_data(as_text=True))[0] == "ne"


def test_every_page_offers_every_language(client: FlaskClient) -> None:
    page = client.get("/referee").get_data(as_text=True)
    for code, name in i18n.LANGUAGES.items():
        assert f'value="{code}" lang="{code}"' in page
        assert name in page
    assert 'aria-current="true"' in page


@pytest.mark.parametrize(
    ("form", "why"),
    [
        ({"language": "fr"}, "a language the app does not speak"),
        ({"language": "cy", "csrf_token": "forged"}, "a forged token"),
        ({"language": "cy"}, "no token"),
    ],
)
def test_a_bad_pick_changes_nothing(client: FlaskClient, form: dict[str, str], why: str) -> None:
    if form["language"] == "fr":
        form = {**form, "csrf_token": csrf_token(client.get("/referee").get_data(as_text=True))}
    answer = client.post("/language", data={**form, "next": "/referee"})
    assert answer.status_code == 302, why
    assert "language=" not in answer.headers.get("Set-Cookie", ""), why
    page = client.get("/referee").get_data(as_text=True)
    assert page_texts(page)[0] == "en"
    assert 'class="flash flash-error"' in page


def test_going_back_never_leaves_the_site(client: FlaskClient) -> None:
    token = csrf_token(client.get("/referee").get_data(as_text=True))
    for elsewhere in ("https://evil.example/", "//evil.example/x", "/\\evil.example"):
        answer = client.post(
            "/language", data={"language": "nl", "next": elsewhere, "csrf_token": token}
        )
        assert answer.status_code == 302
        assert "evil" not in answer.headers["Location"]


# -- the rules' sentences, plurals, dates ------------------------------------------------


def test_a_rules_error_is_translated_by_its_message_and_values(app: Flask) -> None:
    error = TrickError(
        "Tricks add up to {taken}, but {cards} card was dealt",
        "Tricks add up to {taken}, but {cards} cards were dealt",
        plural_by="cards",
        taken=4,
        cards=5,
        field="tricks",
    )
    with app.test_request_context():
        assert i18n.translate(error) == "Tricks add up to 4, but 5 cards were dealt"
        for language in LANGUAGES:
            with force_locale(language):
                sentence = i18n.translate(error)
                assert sentence != str(error) and "4" in sentence and "5" in sentence


def test_the_referees_words_are_translated_with_the_sentence(app: Flask) -> None:
    ruling = wizard_trick_winner(
        [Card.parse("7c"), Card.parse("kh"), Card.parse("2c")], Suit.HEARTS
    )
    with app.test_request_context(), force_locale("nl"):
        sentence = i18n.translate(ruling.reason)
    assert "K♥" in sentence
    assert "hearts" not in sentence and "trump" not in sentence


# Welsh counts: zero, one, two, few (3), many (6) and other, each with the mutation the
# number asks of the noun after it (2 dric, 3 thric, 6 thric; 2 gerdyn, 3 cherdyn).
TRICK_COUNT = ("%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks")
WELSH_TRICK_COUNTS = {
    0: "0 o 0 tric",
    1: "0 o 1 tric",
    2: "0 o 2 dric",
    3: "0 o 3 thric",
    4: "0 o 4 tric",
    5: "0 o 5 tric",
    6: "0 o 6 thric",
    7: "0 o 7 tric",
}
WELSH_CARDS_DEALT = {
    0: "0 cerdyn",
    1: "1 cerdyn",
    2: "2 gerdyn",
    3: "3 cherdyn",
    4: "4 cerdyn",
    5: "5 cerdyn",
    6: "6 cherdyn",
    7: "7 cerdyn",
}


@pytest.mark.parametrize("count", range(8))
def test_welsh_counts_take_their_own_forms(app: Flask, count: int) -> None:
    """The round screen's running count of tricks, and a rules error's count of cards."""
    error = TrickError(
        "Tricks add up to {taken}, but {cards} card was dealt",
        "Tricks add up to {taken}, but {cards} cards were dealt",
        plural_by="cards",
        taken=9,
        cards=count,
        field="tricks",
    )
    with app.test_request_context(), force_locale("cy"):
        tricks = i18n.ngettext(
            "%(sum)s of %(num)s trick", "%(sum)s of %(num)s tricks", count, sum=0
        )
        refusal = i18n.translate(error)
        forms = i18n.plural_forms(*TRICK_COUNT, sum="%(sum)s")
    assert tricks == WELSH_TRICK_COUNTS[count]
    assert refusal.endswith(WELSH_CARDS_DEALT[count]) and "9" in refusal
    # What the page's script gets: one form per CLDR category, six for Welsh.
    assert set(forms) == {"zero", "one", "two", "few", "many", "other"}
    assert forms["few"] == "%(sum)s o %(num)s thric"


def test_dates_are_written_the_languages_way(app: Flask) -> None:
    from datetime import date

    day = date(2026, 11, 28)
    with app.test_request_context():
        written = {}
        for language in ["en", *LANGUAGES]:
            with force_locale(language):
                written[language] = i18n.date_long(day)
    assert written["en"] == "Saturday 28 November 2026" or "November" in written["en"]
    assert "november" in written["nl"]
    assert "Νοεμβρίου" in written["el"]
    assert "Tachwedd" in written["cy"]
    assert len(set(written.values())) == len(written)


# -- the catalogs --------------------------------------------------------------------------


def test_the_catalogs_are_complete_and_current() -> None:
    """Every message of the code in every catalog, translated, with its placeholders, and
    compiled: ``python -m scorekeeper.catalogs update`` then ``compile`` mends staleness."""
    assert catalogs.problems() == []


def test_the_rules_sentences_are_in_the_catalog() -> None:
    template = catalogs.extract()
    assert template.get(
        (
            "Tricks add up to {taken}, but {cards} card was dealt",
            "Tricks add up to {taken}, but {cards} cards were dealt",
        )
    ) or any("Tricks add up to" in str(m.id) for m in template)
    assert template.get("The Wizard led wins: the first Wizard takes the trick.")


# -- the JSON API: English unless its client asks -----------------------------------------


def test_the_api_answers_in_english_whatever_the_phones_cookie(api: Any) -> None:
    client = api.login()
    client.client.set_cookie(i18n.LANGUAGE_COOKIE, "cy")
    body = {"players": ["Ana", "Ana", "Ben"], "first_dealer": 0, "options": {}}
    answer = client.post("/api/v1/games", body)
    assert answer.status_code == 422
    fields = {error["field"] for error in answer.json["errors"]}
    messages = [error["message"] for error in answer.json["errors"]]
    assert "players" in fields
    assert any("Ana" in message and "twice" in message for message in messages), messages
    asked = client.client.post(
        "/api/v1/games", json=body, headers={**client.headers, "Accept-Language": "nl"}
    )
    assert asked.status_code == 422
    assert {error["field"] for error in asked.json["errors"]} == fields  # the contract
    assert [error["message"] for error in asked.json["errors"]] != messages


def test_the_watch_boards_tag_is_the_languages_own(app: Flask, table: Table) -> None:
    game = evening(app, table)
    watcher = app.test_client()
    english = watcher.get(f"/watch/{game['watch']}")
    tag = english.headers["ETag"]
    assert watcher.get(f"/watch/{game['watch']}", headers={"If-None-Match": tag}).status_code == 304
    watcher.set_cookie(i18n.LANGUAGE_COOKIE, "cy")
    welsh = watcher.get(f"/watch/{game['watch']}", headers={"If-None-Match": tag})
    assert welsh.status_code == 200 and page_texts(welsh.get_data(as_text=True))[0] == "cy"
    assert welsh.headers["ETag"] != tag


def test_greek_tells_the_card_wizard_from_the_game_wizard(table: Table) -> None:
    """One English word, two Greek ones: the card is the Μάγος (looked up in the context
    "card"), the game keeps its name, Wizard; on the referee's page both are in view."""
    client = with_language(table.client, "el")
    response = client.get("/referee/wizard/trick", query_string={"plays": "7h,wizard"})
    html = response.get_data(as_text=True)
    _, texts = page_texts(html.split("<template data-deck>")[0])
    assert "Wizard" in texts[texts.index("Ποιος πήρε την μπάζα;") + 1]  # the game, by the title
    strip = html.split('class="trick-strip"')[1].split("</ol>")[0]
    assert "Μάγος" in strip and "Wizard" not in strip  # the card played
    deck = html.split("<template data-deck>")[1].split("</template>")[0]
    assert ">Μάγος</button>" in deck and "Wizard" not in deck
    winner = html.split('class="winner-line"')[1].split("</p>")[0]
    assert "Μάγος" in winner and "Wizard" not in winner, winner
    with table.app.test_request_context(), force_locale("el"):
        assert (i18n.card_word("Wizard"), i18n.game_word("Wizard")) == ("Μάγος", "Wizard")
    with table.app.test_request_context(), force_locale("en"):
        assert i18n.card_word("Wizard") == i18n.game_word("Wizard") == "Wizard"
    # The round screen's chip for a Wizard turned up is the card.
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    page = client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    chip = page.split('for="turned-wizard"')[1].split("</label>")[0]
    assert "Μάγος" in chip and "Wizard" not in chip, chip


def test_greek_names_the_wizard_and_jester_cards_and_keeps_the_games_name(
    table: Table,
) -> None:
    """Greek: the cards are the Μάγος and the Γελωτοποιός in every sentence, the paper is
    Letter ΗΠΑ; the game's own name, a brand, stays Wizard."""
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    client = with_language(table.client, "el")
    _, game_page = page_texts(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Wizard" in game_page  # the title
    assert "Letter ΗΠΑ" in game_page and "US Letter" not in game_page
    _, round_page = page_texts(client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True))
    assert "Γελωτοποιός" in round_page  # the turned card's chip
    _, rules = page_texts(client.get("/rules/wizard").get_data(as_text=True))
    said = " ".join(rules)
    assert "Οι κανόνες του Wizard" in said
    assert "4 Μάγοι και 4 Γελωτοποιοί" in said
    assert "Jester" not in said
    # "Wizard" is left only as the game's name: never a card's in a Greek sentence.
    for text in rules:
        for found in re.finditer(r"\w*\s*Wizard", text):
            assert found.group(0).strip() in ("Wizard", "του Wizard", "Στο Wizard", "το Wizard"), (
                text
            )


def game_script_messages(page: str, key: str) -> dict[str, Any]:
    """The sentences the round screen sends with the game's own script (its element's
    ``data-messages``), as the script reads them."""
    found = re.search(
        rf"<script src=\"[^\"]*/games/{key}/[^\"]+\"[^>]*data-messages='([^']*)'", page
    )
    assert found, f"the round screen loads no script of {key}"
    messages: dict[str, Any] = json.loads(unescape(found.group(1)))
    return messages


def flat(messages: dict[str, Any]) -> list[str]:
    """Every sentence of a script's messages, a plural's forms each."""
    return [
        text
        for value in messages.values()
        for text in (value.values() if isinstance(value, dict) else [value])
    ]


@pytest.mark.parametrize("key", [key for key, kind in KINDS.items() if kind.script is not None])
def test_a_games_script_writes_in_the_pages_language(app: Flask, table: Table, key: str) -> None:
    """The sentences a game's own script writes (its kind's ``Script.messages``) reach
    its round screen translated, in every language, with the placeholders it fills."""
    recorded = json.loads(KINDS[key].samples.recorded[0].read_text())
    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        game = services.create_game(ana, key, recorded["players"], options=recorded["options"])
    url = f"/games/{game.id}/rounds/new"
    english = game_script_messages(table.client.get(url).get_data(as_text=True), key)
    assert all(flat(english))  # a script may write no sentence at all (Spades' scores)
    for language in LANGUAGES:
        page = table.client.get(url, headers={"Accept-Language": language})
        assert page.status_code == 200, language
        said = game_script_messages(page.get_data(as_text=True), key)
        assert set(said) == set(english), language
        assert untranslated(flat(english), flat(said), language) == [], language
        for name, sentence in english.items():
            placeholders = set(re.findall(r"%\(\w+\)s", " ".join(flat({name: sentence}))))
            theirs = flat({name: said[name]})
            assert all(set(re.findall(r"%\(\w+\)s", t)) <= placeholders for t in theirs), (
                language,
                name,
            )


@given(
    st.one_of(
        st.floats(min_value=0, max_value=1e9, allow_nan=False),
        st.integers(min_value=0, max_value=10**9).map(lambda n: n / 20),  # halves of tenths
        st.integers(min_value=0, max_value=10**6).map(lambda n: n / 7),  # averages of 7
    )
)
def test_a_number_to_a_tenth_is_written_as_babel_writes_it(value: float) -> None:
    """The averages and ratings of the history and the seasons' standings, written without
    Babel looking up its pattern and locale each time: the same text in every language."""
    for language in i18n.LANGUAGES:
        assert filters.to_a_tenth(value, language) == format_decimal(value, "0.0", locale=language)


def test_every_language_writes_its_tenths_the_quick_way() -> None:
    for language in i18n.LANGUAGES:
        filters.to_a_tenth(1.5, language)
        assert filters._DECIMAL_POINTS[language] is not None, language
