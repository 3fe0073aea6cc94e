"""The big board (the watch link in large print for the middle of the table) and the
dealer's mark on every scoreboard row."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask, template_rendered

from scorekeeper import services
from tests.conftest import Table

pytestmark = pytest.mark.data_layer

OPEN_BIDS = [1, 1, 0, 1]  # round 1: one card each, Ana deals, Ben bids first


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def main_part(page: str) -> str:
    match = re.search(r"<main[^>]*>(.*)</main>", page, re.S)
    assert match
    return match.group(1)


def owner() -> Any:
    ana = services.user_named("ana")
    assert ana is not None
    return ana


def shared(
    app: Flask,
    kind: str,
    players: list[str],
    options: dict[str, Any] | None = None,
    rounds: tuple[dict[str, Any], ...] = (),
) -> tuple[str, str]:
    """Ana's game with ``rounds`` played, shared: its id and its watch token."""
    with app.app_context():
        record = services.create_game(owner(), kind, players, 0, options)
        for played in rounds:
            record = services.record_round(record, played)
        return record.id, services.share_game(record)


def say(app: Flask, game_id: str, pending: dict[str, Any]) -> None:
    with app.app_context():
        services.save_pending(services.get_game(owner(), game_id), pending)


@contextmanager
def drawn_pages(app: Flask) -> Iterator[list[str]]:
    """The watch pages drawn while inside, by template."""
    drawn: list[str] = []

    def record(sender: Any, template: Any, context: Any, **extra: Any) -> None:
        if template.name in ("watch/board.html", "watch/big.html"):
            drawn.append(template.name)

    template_rendered.connect(record, app)
    try:
        yield drawn
    finally:
        template_rendered.disconnect(record, app)


# -- the big board -----------------------------------------------------------------


def test_the_big_board_shows_the_bids_the_over_under_and_the_dealer(
    app: Flask, table: Table
) -> None:
    game_id, token = shared(app, "wizard", ["Ana", "Ben", "Cai", "Dee"])
    say(app, game_id, {"trump": "hearts", "bids": OPEN_BIDS})
    page = app.test_client().get(f"/watch/{token}/big")
    assert page.status_code == 200
    source = page.get_data(as_text=True)
    shown = text(main_part(source))
    assert "Round 1 is being played" in shown
    assert "1 card each" in shown
    assert "Ana deals." in shown and "Ben bids first." in shown
    assert "Trump: ♥ hearts" in shown
    assert "Bids 3 for 1 trick: over by 2" in shown
    # Each bid by its bidder, in bidding order: Ben, Cai, Dee, then Ana who deals.
    said = re.findall(
        r'<span class="name">([^<]+?)(?: <small>[^<]*</small>)?</span>\s*<b class="bid">(\d)</b>',
        source,
    )
    assert said == [("Ben", "1"), ("Cai", "0"), ("Dee", "1"), ("Ana", "1")]
    assert 'class="pending big"' in source
    # Follows the game: the cheap poll, the screen kept awake, a refresh without script.
    assert f'data-watch="/watch/{token}/version"' in source
    assert "data-wake-lock" in source
    assert '<noscript><meta http-equiv="refresh" content="4"></noscript>' in source
    # Read-only, nothing to tap but the way to the full board.
    assert "<form" not in source and "<button" not in source
    assert f'href="/watch/{token}"' in source


def test_a_game_without_bids_says_who_leads_not_who_bids(
    app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The big board of a game whose rules say it has no bids (``has_bids``) names who
    leads, before its next round is said and while it is played, and shows or waits for
    no bid; nor does the game's page."""
    from scorekeeper.games import GAMES

    game_id, token = shared(app, "wizard", ["Ana", "Ben", "Cai", "Dee"])
    monkeypatch.setattr(GAMES["wizard"], "has_bids", False)
    shown = text(main_part(app.test_client().get(f"/watch/{token}/big").get_data(as_text=True)))
    assert "Ana deals." in shown and "Ben leads." in shown
    assert "bids first" not in shown and "Waiting for the bids." not in shown
    say(app, game_id, {"trump": "hearts", "bids": OPEN_BIDS})
    for page in (
        app.test_client().get(f"/watch/{token}/big"),
        table.client.get(f"/games/{game_id}"),
    ):
        source = main_part(page.get_data(as_text=True))
        shown = text(source)
        assert "Round 1 is being played" in shown and "Trump: ♥ hearts" in shown
        assert "Ben leads." in shown and "bids first" not in shown
        assert "pending-bids" not in source and "over-under" not in source


def test_the_totals_in_order_with_the_leader_marked(app: Flask, table: Table) -> None:
    played = {"trump": "none", "turned": "jester", "bids": [0, 1, 0], "tricks": [0, 1, 0]}
    _, token = shared(app, "wizard", ["Ana", "Ben", "Cai"], None, (played,))
    source = app.test_client().get(f"/watch/{token}/big").get_data(as_text=True)
    rows = re.findall(r"<li( class=\"leader\")?>\s*(.*?)</li>", source, re.S)
    standings = [(bool(leader), text(row)) for leader, row in rows[:3]]
    assert standings == [(True, "1 Ben ★ leads 30"), (False, "2 Ana 20"), (False, "2 Cai 20")]
    # No bids yet for round 2: who deals and who bids first.
    shown = text(main_part(source))
    assert "Round 2 of 20 to play" in shown
    assert "2 cards each" in shown and "Ben deals." in shown and "Cai bids first." in shown
    assert "Waiting for the bids." in shown


def test_a_finished_game_shows_the_final_standings_and_lets_the_screen_sleep(
    app: Flask, table: Table
) -> None:
    played = {"trump": "none", "turned": "jester", "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    _, token = shared(app, "wizard", ["Ana", "Ben", "Cai"], {"rounds": 1}, (played,))
    source = app.test_client().get(f"/watch/{token}/big").get_data(as_text=True)
    shown = text(main_part(source))
    assert "Final standings" in shown and "Ana wins with 30 points." in shown
    assert "🏆 won" in shown
    assert "to play" not in shown and "data-wake-lock" not in source


def test_hidden_bids_reach_no_big_board_before_the_reveal(app: Flask, table: Table) -> None:
    # Oh Hell deals ten cards each in round 1: bids no other number on the page makes.
    game_id, token = shared(app, "oh_hell", ["Ana", "Ben", "Cai"], {"hidden_bids": True})
    with app.app_context():
        seats = services.seat_links(services.get_game(owner(), game_id))
        services.seat_bid(seats[1], 1, 8)
        services.seat_bid(seats[2], 1, 9)
    board = app.test_client().get(f"/watch/{token}/big")
    source = board.get_data(as_text=True)
    shown = text(main_part(source))
    assert "Hidden bids: 2 of 3 in" in shown
    assert source.count("✓") == 2
    assert not re.search(r"\b[89]\b", text(source)), shown
    assert 'class="bid"' not in source and "over by" not in source and "under by" not in source
    # The scorekeeper reveals them: on the big board at once.
    with app.app_context():
        services.reveal_bids(services.get_game(owner(), game_id))
    shown = text(main_part(app.test_client().get(f"/watch/{token}/big").get_data(as_text=True)))
    assert "Hidden bids" not in shown
    assert re.search(r"Ben 8 Cai 9 Ana \(deals\) –", shown), shown


def test_one_card_on_the_big_board(app: Flask, table: Table) -> None:
    game_id, token = shared(app, "one_card", ["Ana", "Ben", "Cai"])
    say(app, game_id, {"bidder": 1, "bid": 9, "trump": "spades"})
    shown = text(main_part(app.test_client().get(f"/watch/{token}/big").get_data(as_text=True)))
    assert "Hand 1 is being played" in shown
    assert "8 cards each" in shown and "Ana deals." in shown
    assert "Ben bid 9 points." in shown and "Trump: ♠ spades" in shown


def test_a_revoked_or_unknown_link_shows_no_big_board(app: Flask, table: Table) -> None:
    game_id, token = shared(app, "wizard", ["Ana", "Ben", "Cai"])
    watcher = app.test_client()
    assert watcher.get(f"/watch/{token}/big").status_code == 200
    assert watcher.get(f"/watch/{token}/big").status_code == 200  # kept, for everyone
    table.post(f"/games/{game_id}/share/revoke")
    gone = watcher.get(f"/watch/{token}/big")
    assert gone.status_code == 404 and "Ana" not in gone.get_data(as_text=True)
    assert app.test_client().get("/watch/no-such-token/big").status_code == 404


def test_an_unchanged_big_board_is_answered_304(app: Flask, table: Table) -> None:
    game_id, token = shared(app, "wizard", ["Ana", "Ben", "Cai"])
    watcher = app.test_client()
    first = watcher.get(f"/watch/{token}/big")
    tag = first.headers["ETag"]
    with drawn_pages(app) as drawn:
        again = watcher.get(f"/watch/{token}/big", headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.data and not drawn
    assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == "no-cache"
    # A new version (the bids said) is a new page.
    say(app, game_id, {"trump": "hearts", "bids": [1, 0, 1]})
    changed = watcher.get(f"/watch/{token}/big", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert "Round 1 is being played" in text(changed.get_data(as_text=True))


def test_the_board_and_the_big_board_never_swap_pages(app: Flask, table: Table) -> None:
    _, token = shared(app, "wizard", ["Ana", "Ben", "Cai"])
    one, two = app.test_client(), app.test_client()
    with drawn_pages(app) as drawn:
        board = one.get(f"/watch/{token}")
        big = two.get(f"/watch/{token}/big")
        board_again = two.get(f"/watch/{token}")  # each from its own kept copy
        big_again = one.get(f"/watch/{token}/big")
    assert drawn == ["watch/board.html", "watch/big.html"]
    for page in (board, board_again):
        assert "Watching live" in page.get_data(as_text=True)
        assert "big-standings" not in page.get_data(as_text=True)
    for page in (big, big_again):
        assert "big-standings" in page.get_data(as_text=True)
        assert "Watching live" not in page.get_data(as_text=True)
    assert big_again.get_data() == big.get_data()  # no token in it to replace
    # Neither page's tag stands for the other: a phone holding one gets the other whole.
    assert board.headers["ETag"] != big.headers["ETag"]
    crossed = one.get(f"/watch/{token}/big", headers={"If-None-Match": board.headers["ETag"]})
    assert crossed.status_code == 200 and "big-standings" in crossed.get_data(as_text=True)
    crossed = one.get(f"/watch/{token}", headers={"If-None-Match": big.headers["ETag"]})
    assert crossed.status_code == 200 and "Watching live" in crossed.get_data(as_text=True)


def test_the_board_and_the_share_page_link_to_the_big_board(app: Flask, table: Table) -> None:
    game_id, token = shared(app, "wizard", ["Ana", "Ben", "Cai"])
    link = f'<a href="/watch/{token}/big">Big board for the middle of the table</a>'
    assert link in app.test_client().get(f"/watch/{token}").get_data(as_text=True)
    assert link in table.client.get(f"/games/{game_id}/share").get_data(as_text=True)


@pytest.mark.parametrize("language", ["cy", "nl", "el", "ne"])
def test_the_big_board_in_every_language(app: Flask, table: Table, language: str) -> None:
    game_id, token = shared(app, "wizard", ["Ana", "Ben", "Cai"])
    say(app, game_id, {"trump": "hearts", "bids": [1, 0, 1]})
    watcher = app.test_client()
    watcher.set_cookie("language", language)
    page = watcher.get(f"/watch/{token}/big")
    assert page.status_code == 200
    source = page.get_data(as_text=True)
    assert f'<html lang="{language}">' in source
    assert "Round 1 is being played" not in source and "card each" not in source


def test_long_names_are_escaped_on_the_big_board(app: Flask, table: Table) -> None:
    names = ["<b>Ana</b>", 'Ben & "Co"', "x" * 40]
    game_id, token = shared(app, "wizard", names)
    say(app, game_id, {"trump": "hearts", "bids": [1, 0, 1]})
    source = app.test_client().get(f"/watch/{token}/big").get_data(as_text=True)
    assert "<b>Ana</b>" not in source and "&lt;b&gt;Ana&lt;/b&gt;" in source
    assert "x" * 40 in source


# -- the dealer on every scoreboard row ----------------------------------------------


class BoardRows(HTMLParser):
    """Per row of the scoreboard's body: the seats whose cell carries the dealer's mark."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[int]] = []
        self.in_body = False
        self.seat = -1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "board" in classes:
            self.rows = []
        elif tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append([])
            self.seat = -1
        elif tag == "td" and self.in_body:
            self.seat += 1
        elif tag == "span" and "dealt" in classes and self.in_body:
            self.rows[-1].append(self.seat)

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self.in_body = False


def dealer_marks(page: str) -> list[list[int]]:
    parser = BoardRows()
    parser.feed(page)
    return parser.rows


@pytest.mark.parametrize(
    ("kind", "first_dealer", "rounds", "dealers"),
    [
        (
            "wizard",
            2,
            [
                {"trump": "none", "turned": "jester", "bids": [0, 0, 1], "tricks": [0, 0, 1]},
                {"trump": "hearts", "bids": [1, 1, 0], "tricks": [1, 1, 0]},
                {"trump": "clubs", "bids": [1, 1, 1], "tricks": [1, 1, 1]},
                # Dealt by Ana out of turn, entered so: the deal goes on from her.
                {"trump": "clubs", "bids": [1, 1, 1], "tricks": [2, 1, 1], "dealer": 0},
                {"trump": "spades", "bids": [1, 1, 1], "tricks": [2, 2, 1]},
            ],
            [2, 0, 1, 0, 1],
        ),
        (
            "one_card",
            1,
            [
                {"bidder": 0, "bid": 9, "trump": "hearts", "points": [9, 3, 3], "last_trick": 0},
                {"bidder": None, "points": [5, 5, 5], "last_trick": 1},
            ],
            [1, 2],
        ),
    ],
    ids=["wizard", "one card"],
)
def test_every_row_marks_who_dealt(
    app: Flask,
    table: Table,
    kind: str,
    first_dealer: int,
    rounds: list[dict[str, Any]],
    dealers: list[int],
) -> None:
    with app.app_context():
        record = services.create_game(owner(), kind, ["Ana", "Ben", "Cai"], first_dealer)
        for played in rounds:
            record = services.record_round(record, played)
        game_id, token = record.id, services.share_game(record)
    game_page = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    watch_page = app.test_client().get(f"/watch/{token}").get_data(as_text=True)
    word = "hand" if kind == "one_card" else "round"
    for page in (game_page, watch_page):
        # One mark a row, in the cell of the seat that dealt it.
        assert dealer_marks(page) == [[seat] for seat in dealers]
        assert (
            '<span class="dealt" title="dealt"><span aria-hidden="true">D</span>'
            '<span class="visually-hidden">dealt</span></span>'
        ) in page
        assert f'<span class="dealt-key" aria-hidden="true">D</span> dealt the {word}' in page
