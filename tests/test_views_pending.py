"""The round as the table lives it, on the pages: the bids saved before the play and shown
on every screen with the over/under line, the tricks after; hidden bids from the players'
own phones, never in another page's source before the reveal."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from tests.conftest import PASSWORD, Table, csrf_token
from tests.conftest import stored_state as state

pytestmark = pytest.mark.data_layer


def text(response: Any) -> str:
    return " ".join(html.unescape(response.get_data(as_text=True)).split())


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Shown(HTMLParser):
    """A page's words as the screen shows them: nothing inside an element with the
    ``hidden`` attribute, nor scripts or styles."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.unseen = 0  # depth inside a hidden element

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        if self.unseen or any(name == "hidden" for name, _ in attrs) or tag in ("script", "style"):
            self.unseen += 1

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.unseen:
            self.unseen -= 1

    def handle_data(self, data: str) -> None:
        if not self.unseen:
            self.words.append(data)


def shown(response: Any) -> str:
    """The page's main part as a person reads it, whitespace collapsed."""
    source = response.get_data(as_text=True)
    start = source.find("<main")
    parser = _Shown()
    parser.feed(source[start:] if start >= 0 else source)
    return " ".join(" ".join(parser.words).split())


def bids_form(bids: list[int | None], **extra: str) -> dict[str, str]:
    form = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids) if bid is not None}
    form.update(extra)
    return form


def owner_game(app: Flask, game_id: str) -> services.StoredGame:
    owner = services.user_named("ana")
    assert owner is not None
    return services.get_game(owner, game_id)


@pytest.fixture
def game_id(table: Table) -> str:
    # Four players, Ana deals round 1 (one card each); Ben bids first.
    return table.new_game(["Ana", "Ben", "Cai", "Dee"])


def round_page(table: Table, game_id: str) -> Any:
    return table.client.get(f"/games/{game_id}/rounds/new")


def test_the_bids_are_saved_before_the_play_and_shown_on_the_game_page(
    app: Flask, table: Table, game_id: str
) -> None:
    saved = table.post(
        f"/games/{game_id}/rounds/1/bids", bids_form([1, 1, 0, 1], turned="h", number="1")
    )
    assert saved.status_code == 302, saved.get_data(as_text=True)
    assert saved.headers["Location"].endswith(f"/games/{game_id}/rounds/new")
    assert state(app, game_id).rounds == ()  # no round recorded: its bids only
    page = text(table.client.get(f"/games/{game_id}"))
    assert "Round 1 is being played" in page
    assert "Ana deals." in page and "Ben bids first." in page
    assert "Trump: ♥ hearts" in page
    assert "Bids 3 for 1 trick: over by 2" in page
    # The round's screen comes back with the bids and the trump tapped, the tricks empty.
    screen = round_page(table, game_id).get_data(as_text=True)
    for seat, bid in enumerate([1, 1, 0, 1]):
        assert re.search(rf'name="bid_{seat}" value="{bid}"\s+checked', screen), seat
    assert re.search(r'name="turned" value="h"[^>]*checked', screen)
    assert not re.search(r'name="tricks_\d" value="\d"\s+checked', screen)
    assert "Bids saved: every screen at the table shows them." in screen
    assert "Bids 3 for 1 trick: over by 2" in html.unescape(screen)


def test_the_tricks_complete_the_round_once(app: Flask, table: Table, game_id: str) -> None:
    table.post(f"/games/{game_id}/rounds/1/bids", bids_form([1, 0, 0, 0], turned="s", number="1"))
    screen = round_page(table, game_id).get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', screen)
    key = re.search(r'name="key" type="hidden" value="(\w+)"', screen)
    assert version and key
    form = bids_form([1, 0, 0, 0], turned="s", number="1", version=version[1], key=key[1])
    form.update({f"tricks_{seat}": str(took) for seat, took in enumerate([1, 0, 0, 0])})
    done = table.post(f"/games/{game_id}/rounds/new", form)
    assert done.status_code == 302, text(done)
    recorded = state(app, game_id)
    assert len(recorded.rounds) == 1 and recorded.totals == (30, 20, 20, 20)
    with app.app_context():
        stored = owner_game(app, game_id)
        assert stored.pending is None
        changes = services.changes_since(stored.row, 0)
    assert changes == ["round 1 recorded"]  # the history records the round once


def test_bids_the_rules_refuse_are_not_saved_and_say_why(app: Flask, table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"], hook=True)
    refused = table.post(
        f"/games/{game_id}/rounds/1/bids", bids_form([0, 1, 0], turned="h", number="1")
    )
    assert refused.status_code == 422
    assert "Hook: Ana deals and may not bid 0" in text(refused)
    with app.app_context():
        assert owner_game(app, game_id).pending is None


def test_a_bids_page_of_a_past_round_saves_nothing(app: Flask, table: Table, game_id: str) -> None:
    table.post(
        f"/games/{game_id}/rounds/new",
        {
            **bids_form([1, 0, 0, 0], turned="h", number="1"),
            **{f"tricks_{seat}": str(t) for seat, t in enumerate([1, 0, 0, 0])},
        },
    )
    stale = table.post(f"/games/{game_id}/rounds/1/bids", bids_form([1, 0, 0, 0], turned="h"))
    assert stale.status_code == 302
    assert "That page was for round 1" in text(table.client.get(stale.headers["Location"]))
    with app.app_context():
        assert owner_game(app, game_id).pending is None


def test_the_script_gets_its_answer_in_json(app: Flask, table: Table, game_id: str) -> None:
    answer = table.post(
        f"/games/{game_id}/rounds/1/bids",
        bids_form([1, 1, 0, 0], turned="c", number="1"),
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 200
    assert answer.json["over_under"] == 1
    assert answer.json["message"] == "Bids saved: every screen at the table shows them."
    refused = table.post(
        f"/games/{game_id}/rounds/1/bids",
        bids_form([5, 1, 0, 0], turned="c", number="1"),
        headers={"Accept": "application/json"},
    )
    assert refused.status_code == 422
    assert refused.json["errors"]


def test_bids_without_csrf_or_logged_out_store_nothing(
    app: Flask, table: Table, client: FlaskClient, game_id: str
) -> None:
    no_csrf = client.post(f"/games/{game_id}/rounds/1/bids", data=bids_form([1, 0, 0, 0]))
    assert no_csrf.status_code == 400
    stranger = app.test_client()
    page = stranger.get("/login")
    token = csrf_token(page.get_data(as_text=True))
    out = stranger.post(
        f"/games/{game_id}/rounds/1/bids", data={**bids_form([1, 0, 0, 0]), "csrf_token": token}
    )
    assert out.status_code == 302 and "/login" in out.headers["Location"]
    with app.app_context():
        assert owner_game(app, game_id).pending is None


def test_the_watch_board_shows_the_pending_bids(app: Flask, table: Table, game_id: str) -> None:
    table.post(f"/games/{game_id}/share", {})
    with app.app_context():
        token = owner_game(app, game_id).row.watch_token
    table.post(f"/games/{game_id}/rounds/1/bids", bids_form([0, 0, 0, 0], turned="d", number="1"))
    board = text(table.client.get(f"/watch/{token}"))
    assert "Round 1 is being played" in board
    assert "Bids 0 for 1 trick: under by 1" in board


def test_the_round_screen_offers_everyone_made_it(table: Table, game_id: str) -> None:
    screen = round_page(table, game_id).get_data(as_text=True)
    assert "data-all-made hidden" in screen  # shown by the page's script
    assert "Everyone made their bid" in screen


# -- hidden bids ------------------------------------------------------------------


@pytest.fixture
def hidden_game(app: Flask, table: Table) -> str:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        record = services.create_game(
            owner, "wizard", ["Ana", "Ben", "Cai"], 0, {"hidden_bids": True, "hook": True}
        )
        return record.id


def seat_tokens(app: Flask, game_id: str) -> dict[int, str]:
    with app.app_context():
        return services.seat_links(owner_game(app, game_id))


def seat_bids(client: FlaskClient, token: str, number: int, bid: int) -> Any:
    page = client.get(f"/bid/{token}")
    token_value = csrf_token(page.get_data(as_text=True))
    return client.post(
        f"/bid/{token}", data={"csrf_token": token_value, "number": str(number), "bid": str(bid)}
    )


def test_hidden_bids_reach_no_other_page_before_the_reveal(
    app: Flask, table: Table, hidden_game: str
) -> None:
    tokens = seat_tokens(app, hidden_game)
    ben = app.test_client()
    cai = app.test_client()
    answer = seat_bids(ben, tokens[1], 1, 1)
    assert answer.status_code == 302
    ben_page = text(ben.get(f"/bid/{tokens[1]}"))
    assert "Your bid is in: 1." in ben_page and "Your bid: 1" in ben_page
    # Cai's phone, the scorekeeper's screens, the watch board: who has bid, never what.
    cai_page = cai.get(f"/bid/{tokens[2]}").get_data(as_text=True)
    assert "Bids in: 1 of 3." in cai_page
    assert 'value="1" checked' not in cai_page
    screen = round_page(table, hidden_game).get_data(as_text=True)
    assert re.search(r'data-bid-in="1">✓ has bid', screen)
    assert not re.search(r'name="bid_1" value="\d"\s+checked', screen)
    assert "Hidden bids: 1 of 3 in" in text(table.client.get(f"/games/{hidden_game}"))
    # Ana deals: under the hook her phone waits for the others.
    ana = app.test_client()
    assert "you bid last" in text(ana.get(f"/bid/{tokens[0]}"))
    seat_bids(cai, tokens[2], 1, 0)
    ana_page = text(ana.get(f"/bid/{tokens[0]}"))
    assert "Hook: you may not bid 0." in ana_page
    refused = seat_bids(ana, tokens[0], 1, 0)
    assert refused.status_code == 422
    assert "Hook: Ana deals and may not bid 0" in text(refused)
    seat_bids(ana, tokens[0], 1, 1)
    # Every bid in: shown on every screen at once.
    for page in (cai.get(f"/bid/{tokens[2]}"), table.client.get(f"/games/{hidden_game}")):
        assert "Bids 2 for 1 trick: over by 1" in text(page)


def test_the_scorekeeper_enters_a_bid_and_reveals_early(
    app: Flask, table: Table, hidden_game: str
) -> None:
    tokens = seat_tokens(app, hidden_game)
    seat_bids(app.test_client(), tokens[1], 1, 0)
    entered = table.post(
        f"/games/{hidden_game}/rounds/1/bids", bids_form([None, None, 1], turned="h", number="1")
    )
    assert entered.status_code == 302, text(entered)
    screen = round_page(table, hidden_game).get_data(as_text=True)
    assert len(re.findall(r'data-bid-in="\d">✓ has bid', screen)) == 2
    revealed = table.post(f"/games/{hidden_game}/rounds/1/reveal", {"number": "1"})
    assert revealed.status_code == 302
    assert "The bids are revealed on every screen." in text(round_page(table, hidden_game))
    page = text(table.client.get(f"/games/{hidden_game}"))
    assert "Round 1 is being played" in page and "Hidden bids" not in page
    # Revealed: Ben's phone may no longer change his bid; it says so.
    refused = seat_bids(app.test_client(), tokens[1], 1, 1)
    assert refused.status_code == 409
    assert "The bids are revealed: ask the scorekeeper to change yours" in text(refused)


def test_a_seat_link_that_was_never_made_is_not_found(table: Table, client: FlaskClient) -> None:
    assert client.get("/bid/nosuchtoken").status_code == 404
    assert client.get("/bid/nosuchtoken/version").status_code == 404


def test_a_seat_page_in_every_language(app: Flask, table: Table, hidden_game: str) -> None:
    tokens = seat_tokens(app, hidden_game)
    for language in ("cy", "nl", "el", "ne", "en"):
        phone = app.test_client()
        phone.set_cookie("language", language)
        page = phone.get(f"/bid/{tokens[1]}")
        assert page.status_code == 200, language


def test_password_is_not_needed_for_a_seat_page(app: Flask, hidden_game: str) -> None:
    tokens = seat_tokens(app, hidden_game)
    assert app.test_client().get(f"/bid/{tokens[0]}").status_code == 200
    assert PASSWORD


def test_hidden_bids_is_an_option_of_a_new_game(app: Flask, table: Table) -> None:
    for game in ("wizard", "oh_hell"):
        page = table.client.get(f"/games/new?game={game}").get_data(as_text=True)
        assert 'name="hidden_bids"' in page, game
    data = {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai", "first_dealer": "0"}
    started = table.post("/games/new", {**data, "hidden_bids": "y"})
    assert started.status_code == 302
    game_id = started.headers["Location"].rsplit("/", 1)[-1]
    assert state(app, game_id).options.hidden_bids is True
    assert "hidden bids" in text(table.client.get(f"/games/{game_id}"))


def test_bids_revealed_before_the_trump_is_said_fill_the_round_screen(
    app: Flask, table: Table, hidden_game: str
) -> None:
    tokens = seat_tokens(app, hidden_game)
    for seat, bid in ((1, 0), (2, 0), (0, 0)):  # the dealer last, under the hook
        assert seat_bids(app.test_client(), tokens[seat], 1, bid).status_code == 302
    screen = round_page(table, hidden_game).get_data(as_text=True)
    for seat in range(3):
        assert re.search(rf'name="bid_{seat}" value="0"\s+checked', screen), seat
    assert not re.search(r'name="turned" value="\w+"[^>]*checked', screen)
    assert "Bids 0 for 1 trick: under by 1" in html.unescape(screen)


def test_names_are_escaped_on_every_screen_of_the_round_being_played(
    app: Flask, table: Table
) -> None:
    names = ["<b>Ana</b>", 'Ben & "Co"', "x" * 40]
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        record = services.create_game(owner, "wizard", names, 0, {"hidden_bids": True})
        game_id = record.id
        tokens = services.seat_links(record)
        services.share_game(record)
        watch = record.row.watch_token
    seat_bids(app.test_client(), tokens[1], 1, 1)
    pages = [
        table.client.get(f"/games/{game_id}"),
        round_page(table, game_id),
        app.test_client().get(f"/bid/{tokens[0]}"),
        app.test_client().get(f"/watch/{watch}"),
    ]
    for page in pages:
        source = page.get_data(as_text=True)
        assert page.status_code == 200
        assert "<b>Ana</b>" not in source
        assert "&lt;b&gt;Ana&lt;/b&gt;" in source


def test_a_bid_made_on_a_players_phone_is_replaced_only_when_confirmed(
    app: Flask, table: Table, hidden_game: str
) -> None:
    tokens = seat_tokens(app, hidden_game)
    cai = app.test_client()
    assert seat_bids(cai, tokens[2], 1, 1).status_code == 302
    screen = shown(round_page(table, hidden_game))
    # The scorekeeper's screen says where the bid was made, and offers no silent change.
    assert "Cai ✓ has bid on their phone Replace the bid Cai made on their phone" in screen
    assert "Yes: replace the bid Cai made on their own phone with the one tapped here" in screen
    assert "Enter the bid for Cai (no phone)" not in screen
    refused = table.post(
        f"/games/{hidden_game}/rounds/1/bids", bids_form([None, None, 0], turned="h", number="1")
    )
    assert refused.status_code == 422
    said = shown(refused)
    assert (
        "Cai bid on their own phone: nothing was saved. To replace that bid, tick the box to"
        " confirm it first" in said
    )
    # Nothing changed: neither Cai's bid nor the trump tapped with it.
    assert "Your bid: 1" in text(cai.get(f"/bid/{tokens[2]}"))
    with app.app_context():
        pending = owner_game(app, hidden_game).pending
        assert pending is not None
        assert pending.bid_of(2) == 1 and pending.facts.get("trump") is None
    # The script is told the same, in JSON.
    answer = table.post(
        f"/games/{hidden_game}/rounds/1/bids",
        bids_form([None, None, 0], turned="h", number="1"),
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 422
    assert "Cai bid on their own phone" in answer.get_json()["errors"][0]["message"]
    # Confirmed: replaced, and from then on it is a bid entered here.
    confirmed = table.post(
        f"/games/{hidden_game}/rounds/1/bids",
        bids_form([None, None, 0], turned="h", number="1", replace="2"),
    )
    assert confirmed.status_code == 302, text(confirmed)
    assert "Your bid: 0" in text(cai.get(f"/bid/{tokens[2]}"))
    screen = shown(round_page(table, hidden_game))
    assert "Cai ✓ has bid Enter the bid for Cai (no phone)" in screen
    assert "has bid on their phone" not in screen


def test_the_poll_says_which_bids_were_made_on_a_phone(
    app: Flask, table: Table, hidden_game: str
) -> None:
    tokens = seat_tokens(app, hidden_game)
    seat_bids(app.test_client(), tokens[1], 1, 0)
    table.post(
        f"/games/{hidden_game}/rounds/1/bids", bids_form([None, None, 1], turned="c", number="1")
    )
    answer = table.client.get(f"/games/{hidden_game}/rounds/1/bids-in").get_json()
    assert answer["bid_in"] == [False, True, True]
    assert answer["by_phone"] == [False, True, False]


def test_the_dealers_bid_tapped_first_under_the_hook_keeps_the_trump_tapped_with_it(
    app: Flask, table: Table, hidden_game: str
) -> None:
    # Ana deals: under the hook she bids last. The trump and her bid, tapped first.
    saved = table.post(
        f"/games/{hidden_game}/rounds/1/bids", bids_form([0, None, None], turned="h", number="1")
    )
    assert saved.status_code == 302
    screen = round_page(table, hidden_game)
    page = shown(screen)
    assert (
        "Hook: Ana deals and bids last, once every other bid is in. Everything else tapped"
        " here is saved, but not that bid." in page
    )
    # The trump is kept; Ana's bid is not in, and the screen does not claim it is.
    raw = screen.get_data(as_text=True)
    assert re.search(r'name="turned" value="h"[^>]*checked', raw)
    assert not re.search(r'name="bid_0" value="\d"\s*checked', raw)
    assert re.search(r'data-bid-waiting="0">not yet', raw)
    with app.app_context():
        pending = owner_game(app, hidden_game).pending
        assert pending is not None and pending.facts["trump"] == "hearts"
        assert pending.bid_in == (False, False, False)
    # The script's answer names the bid not taken, for the page to untick it.
    answer = table.post(
        f"/games/{hidden_game}/rounds/1/bids",
        bids_form([1, None, 0], turned="d", number="1"),
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["not_taken"] == ["bid_0"]
    assert data["message"].startswith("Hook: Ana deals and bids last")
    with app.app_context():
        pending = owner_game(app, hidden_game).pending
        assert pending is not None and pending.facts["trump"] == "diamonds"
        assert pending.bid_in == (False, False, True)
    # The round goes on: the others bid, then Ana.
    tokens = seat_tokens(app, hidden_game)
    seat_bids(app.test_client(), tokens[1], 1, 0)
    done = table.post(
        f"/games/{hidden_game}/rounds/1/bids", bids_form([0, None, None], turned="d", number="1")
    )
    assert done.status_code == 302
    assert "Bids 0 for 1 trick: under by 1" in text(table.client.get(f"/games/{hidden_game}"))
