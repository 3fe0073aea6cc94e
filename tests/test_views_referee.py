"""The referee: the trick builder and play checker pages, the rules pages, and the API."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.games.kinds import KINDS
from tests.conftest import ApiClient
from tests.conftest import page_errors as alerts


def reason(response: Any) -> str:
    found = re.findall(r'<p class="reason">([^<]*)</p>', response.get_data(as_text=True))
    return html.unescape(found[0]) if found else ""


def test_the_referee_needs_no_account_even_on_a_fresh_install(client: FlaskClient) -> None:
    for path in ("/referee", "/referee/wizard/trick", "/referee/one_card/play", "/rules/wizard"):
        assert client.get(path).status_code == 200, path
    assert client.get("/referee/poker/trick").status_code == 404
    assert client.get("/rules/poker").status_code == 404


def test_tapping_cards_builds_the_trick(client: FlaskClient) -> None:
    url = "/referee/wizard/trick"
    response = client.get(url, query_string={"trump": "hearts", "suit": "c", "add": "jester"})
    assert 'name="plays" value="jester"' in response.get_data(as_text=True)
    response = client.get(url, query_string={"trump": "hearts", "plays": "jester", "add": "7c"})
    response = client.get(
        url, query_string={"trump": "hearts", "plays": "jester,7c", "add": "wizard"}
    )
    page = response.get_data(as_text=True)
    assert 'name="plays" value="jester,7c,wizard"' in page
    assert "<strong>Wizard</strong> wins (card 3)." in page
    assert reason(response).startswith("The Wizard wins: the first Wizard played")


def test_the_picker_switches_suit_and_offers_the_games_cards(client: FlaskClient) -> None:
    page = client.get("/referee/wizard/trick?suit=c&suit=h").get_data(as_text=True)
    # The two-step picker (the page without scripts); the whole deck waits in a template.
    picker, deck = page.split("<template data-deck>")
    assert 'value="qh"' in picker and 'value="qc"' not in picker
    assert all(f'value="{rank}{suit}"' in deck for rank in ("2", "10", "q", "a") for suit in "cdhs")
    assert 'value="wizard"' in page and 'value="jester"' in page and 'value="joker"' not in page
    page = client.get("/referee/one_card/trick").get_data(as_text=True)
    assert 'value="9c"' in page and 'value="8c"' not in page
    assert 'value="joker"' in page and 'value="wizard"' not in page
    assert 'name="order"' in page


def test_remove_and_reorder_with_taps(client: FlaskClient) -> None:
    url = "/referee/wizard/trick"
    page = client.get(url, query_string={"plays": "7c,kh,2c", "up": "2"}).get_data(as_text=True)
    assert 'name="plays" value="7c,2c,kh"' in page
    page = client.get(url, query_string={"plays": "7c,kh,2c", "remove": "0"}).get_data(as_text=True)
    assert 'name="plays" value="kh,2c"' in page
    # A reload of the same address shows the same trick: every tap is in the address.
    again = client.get(url, query_string={"plays": "7c,kh,2c", "remove": "0"}).get_data(
        as_text=True
    )
    assert 'name="plays" value="kh,2c"' in again


@pytest.mark.parametrize(
    ("path", "query", "message"),
    [
        ("/referee/wizard/trick", {"plays": "7h", "add": "7h"}, "The deck has only one 7♥"),
        ("/referee/wizard/trick", {"add": "joker"}, "There is no Joker in Wizard"),
        ("/referee/one_card/trick", {"add": "5s"}, "There is no 5♠ in One Card"),
        (
            "/referee/one_card/trick",
            {"plays": "joker", "add": "2d"},
            "The 2♦ stands in for a missing Joker",
        ),
        ("/referee/wizard/trick", {"plays": "7x"}, "“7x” is not a card"),
    ],
    ids=["same card twice", "joker in wizard", "five in one card", "two jokers", "unreadable"],
)
def test_impossible_cards_are_refused_and_the_trick_kept(
    client: FlaskClient, path: str, query: dict[str, str], message: str
) -> None:
    response = client.get(path, query_string=query)
    assert response.status_code == 200
    assert any(a.startswith(message) for a in alerts(response)), alerts(response)


def test_the_play_checker(client: FlaskClient) -> None:
    url = "/referee/one_card/play"
    response = client.get(
        url,
        query_string={
            "trump": "hearts",
            "plays": "ks",
            "hand": "9s,joker",
            "to": "card",
            "add": "joker",
        },
    )
    page = response.get_data(as_text=True)
    assert "Joker: not allowed." in page
    assert (
        reason(response)
        == "Spades were led and the hand holds the 9♠: the Joker may be played only as the lead"
        " or when the hand cannot follow suit."
    )
    # The card in question joins the hand when it is not there yet.
    response = client.get(
        url, query_string={"plays": "ks", "hand": "9h", "to": "card", "add": "10s"}
    )
    assert 'name="hand" value="9h,10s"' in response.get_data(as_text=True)
    assert "10♠: allowed." in response.get_data(as_text=True)


def test_rules_pages_say_the_apps_decisions(client: FlaskClient) -> None:
    page = client.get("/rules/one_card").get_data(as_text=True)
    assert "With 3 players no one sits opposite the dealer" in page
    assert "the 2♦ stands in" in page.replace("The 2♦", "the 2♦")
    page = client.get("/rules/wizard").get_data(as_text=True)
    assert "20 points, plus 10 for every trick" in page
    assert "hook" in page


def test_round_screens_link_the_referee_and_rules(table: Any) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    page = table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert "/referee/wizard/trick" in page and "/rules/wizard" in page
    assert "<dt>Leads</dt><dd>Ben</dd>" in page


# -- the API ------------------------------------------------------------------------


def test_api_trick(api: ApiClient) -> None:
    api.login("ana")
    response = api.post(
        "/api/v1/referee/trick",
        {"game": "wizard", "trump": "hearts", "plays": ["jester", "7h", "wizard"]},
    )
    assert response.status_code == 200
    assert response.json["winner"] == 2
    assert "Wizard" in response.json["reason"]
    response = api.post(
        "/api/v1/referee/trick",
        {"game": "one_card", "trump": "none", "order": "downtown", "plays": ["as", "9s", "ks"]},
    )
    assert response.json == {
        "winner": 1,
        "next_leader": 1,
        "reason": "The 9♠ wins: it is the highest spade, the suit led, and there is no trump;"
        " downtown, 9 high.",
    }


def test_api_play(api: ApiClient) -> None:
    api.login("ana")
    response = api.post(
        "/api/v1/referee/play",
        {"game": "wizard", "trump": "hearts", "plays": ["7s"], "hand": ["2s", "qh"], "card": "qs"},
    )
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "card"
    response = api.post(
        "/api/v1/referee/play",
        {"game": "wizard", "trump": "hearts", "plays": ["7s"], "hand": ["2s", "qh"], "card": "qh"},
    )
    assert response.status_code == 200
    assert response.json["legal"] is False


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "poker", "plays": ["7h"]}, "game"),
        ({"game": "wizard", "trump": "stars", "plays": ["7h"]}, "trump"),
        ({"game": "wizard", "plays": "7h"}, "plays"),
        ({"game": "wizard", "plays": ["7h", "77"]}, "plays"),
        ({"game": "wizard", "plays": []}, "plays"),
        ({"game": "wizard", "plays": ["joker"]}, "plays"),
        ({"game": "one_card", "plays": ["5h"]}, "plays"),
        ({"game": "one_card", "order": "sideways", "plays": ["9h"]}, "order"),
        ({"game": "wizard", "plays": ["2c", "3c", "4c", "5c", "6c", "7c", "8c"]}, "plays"),
    ],
    ids=["game", "trump", "not a list", "unreadable", "empty", "joker", "five", "order", "seven"],
)
def test_api_refusals(api: ApiClient, body: dict[str, Any], field: str) -> None:
    api.login("ana")
    response = api.post("/api/v1/referee/trick", body)
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == field


def test_api_referee_needs_a_token(client: FlaskClient) -> None:
    response = client.post("/api/v1/referee/trick", json={"game": "wizard", "plays": ["7h"]})
    assert response.status_code == 401


# -- limits: nothing is read or drawn for a table no one could sit at -----------------


def test_eighty_thousand_cards_are_refused_before_any_is_read(client: FlaskClient) -> None:
    plays = ",".join(["7h"] * 80_000)
    response = client.get(
        "/referee/wizard/trick",
        query_string={"trump": "hearts", "plays": plays},
        headers={"Accept-Language": "nl"},
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert '<html lang="nl">' in page
    assert len(page) < 30_000, "the cards were drawn"
    assert "7h,7h" not in page
    assert alerts(response) == [
        "80000 kaarten zijn hier te veel: hoogstens 6 bij Wizard, één van elke speler"
    ]


@pytest.mark.parametrize(
    ("path", "query", "message"),
    [
        (
            "/referee/wizard/trick",
            {"player": ["Ana", "Ben", "Cai", "Dan"], "plays": "2c,3c,4c,5c,6c"},
            "5 cards is too many here: at most 4 in Wizard, one from each player",
        ),
        (
            "/referee/one_card/trick",
            {"plays": "9c,10c,jc,qc,kc"},
            "5 cards is too many here: at most 4 in One Card, one from each player",
        ),
        (
            "/referee/wizard/play",
            {"deal": "2", "hand": "2c,3c,4c", "card": "2c"},
            "A hand holds at most 2 cards this round, not 3",
        ),
        (
            "/referee/one_card/play",
            {"hand": ",".join(f"{r}{s}" for r in ("9", "10", "j", "q") for s in "cdhs")},
            "A hand in One Card holds at most 12 cards, not 16",
        ),
        (
            "/referee/wizard/trick",
            {"player": ["Ana", "Ben", "Cai", "Dan", "Eve", "Fay", "Gus"]},
            "Wizard is played by 3 to 6 players, not 7",
        ),
        (
            "/referee/wizard/trick",
            {"player": ["Ana", "Ben", "x" * 5000]},
            "“xxxxxxxxxxxx…” is too long: a name has at most 40 characters",
        ),
    ],
    ids=[
        "trick past the players",
        "trick past the game",
        "hand past the deal",
        "hand past the game",
        "seven players",
        "a name too long",
    ],
)
def test_an_address_no_table_could_make_is_refused(
    client: FlaskClient, path: str, query: dict[str, Any], message: str
) -> None:
    response = client.get(path, query_string=query)
    assert response.status_code == 400
    assert alerts(response) == [message]
    assert 'name="plays" value=""' in response.get_data(as_text=True)


def test_a_tap_past_the_table_is_refused_and_the_trick_kept(client: FlaskClient) -> None:
    query = {"player": ["Ana", "Ben", "Cai"], "lead": "0", "plays": "2c,3c,4c", "add": "5c"}
    response = client.get("/referee/wizard/trick", query_string=query)
    assert response.status_code == 200
    assert alerts(response) == [
        "4 cards is too many here: at most 3 in Wizard, one from each player"
    ]
    assert 'name="plays" value="2c,3c,4c"' in response.get_data(as_text=True)


def test_a_long_unreadable_card_is_quoted_short(client: FlaskClient) -> None:
    response = client.get("/referee/wizard/trick", query_string={"add": "q" * 100_000})
    assert response.status_code == 200
    assert len(response.get_data(as_text=True)) < 30_000
    assert alerts(response)[0].startswith("“qqqqqqqqqqqq…” is not a card")


def test_api_refuses_eighty_thousand_cards_before_reading_them(api: ApiClient) -> None:
    api.login("ana")
    body = {"game": "wizard", "trump": "hearts", "plays": ["7h"] * 80_000}
    response = api.post("/api/v1/referee/trick", body)
    assert response.status_code == 422
    assert response.json["errors"] == [
        {
            "field": "plays",
            "message": "80000 cards is too many here: at most 6 in Wizard, one from each player",
        }
    ]


# -- opened from a game: the names, the deal and the saved trump come along -----------


def referee_link(page: str) -> str:
    found = re.search(r'<a href="([^"]+)" data-referee-link>', page)
    assert found, "no referee link on the page"
    return html.unescape(found.group(1))


def test_a_round_opens_the_referee_with_the_table_and_the_saved_trump(table: Any) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai", "Dan"])
    round_one = {"turned": "h", "tricks_0": "1"}
    round_one.update({f"bid_{seat}": "0" for seat in range(4)})
    round_one.update({f"tricks_{seat}": "0" for seat in range(1, 4)})
    assert table.post(f"/games/{game_id}/rounds/new", round_one).status_code == 302
    link = referee_link(table.client.get(f"/games/{game_id}/rounds/1/edit").get_data(as_text=True))
    assert link.startswith("/referee/wizard/trick?")
    assert "player=Ana&player=Ben&player=Cai&player=Dan" in link
    assert "trump=hearts" in link and "deal=1" in link
    # The next round is not saved yet: its trump comes from the page as it is entered.
    link = referee_link(table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True))
    assert "trump=" not in link and "deal=2" in link
    # The referee names the player: Ben led, so Dan played the third card.
    response = table.client.get(link + "&trump=hearts&lead=1&plays=2h,3h,ah,4c")
    assert "<strong>Dan</strong> wins, with the A♥." in response.get_data(as_text=True)


def test_names_are_shown_as_text(client: FlaskClient) -> None:
    query = {"player": ["<b>Ana</b>", "Ben", "Cai"], "lead": "0", "plays": "7c"}
    page = client.get("/referee/wizard/trick", query_string=query).get_data(as_text=True)
    assert "<b>Ana</b>" not in page
    assert "<strong>&lt;b&gt;Ana&lt;/b&gt;</strong> wins" in page


def test_without_the_lead_the_answer_names_the_card_and_asks_who_led(client: FlaskClient) -> None:
    query = {"player": ["Ana", "Ben", "Cai"], "plays": "7c,9c"}
    page = client.get("/referee/wizard/trick", query_string=query).get_data(as_text=True)
    assert "<strong>9♣</strong> wins (card 2)." in page
    assert "Tap who led, and the answer names the player." in page


# -- Wizard's special cards (RULES.md, Wizard with the anniversary special cards) --------


def answer(response: Any) -> tuple[str, str, list[str]]:
    """The winner line, the reason and the notes, as a person reads them."""
    page = response.get_data(as_text=True)

    def text(pattern: str) -> list[str]:
        found = re.findall(pattern, page, re.S)
        return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", f)).split()) for f in found]

    line = text(r'<p class="winner-line[^"]*">(.*?)</p>')
    return (line[0] if line else "", reason(response), text(r'<p class="note">(.*?)</p>'))


SPECIAL_CASES = [
    (
        {"special": ["dragon", "fairy"], "plays": "wizard,dragon,7h"},
        "Dragon wins (card 2).",
        "The Dragon wins: it beats every card, Wizards too; only the Fairy beats it.",
    ),
    (
        {"special": ["dragon", "fairy"], "plays": "dragon,wizard,fairy"},
        "Fairy wins (card 3).",
        "The Fairy wins: it takes a trick that holds the Dragon.",
    ),
    (
        {"special": ["bomb"], "plays": "7h,bomb,9h"},
        "Nobody takes this trick. Whoever played the 9♥ (card 3) leads next: it would have won.",
        "The Bomb was played, so nobody wins the trick. Without it the 9♥ would have won, so"
        " its player leads next.",
    ),
    (
        {"special": ["juggler"], "plays": "juggler:h,7h"},
        "Juggler (7½♥) wins (the card led).",
        "The Juggler (7½♥) wins: it is the highest heart, the suit led; there is no trump this"
        " round and no Wizard was played.",
    ),
    (
        {"special": ["cloud"], "plays": "9s,cloud:s,10s", "trump": "hearts"},
        "10♠ wins (card 3).",
        "The 10♠ wins: it is the highest spade, the suit led; no heart was played and no"
        " Wizard was played.",
    ),
    (
        {"special": ["cloud"], "plays": "9s,cloud:s", "trump": "hearts"},
        "Cloud (9¾♠) wins (card 2).",
        "The Cloud (9¾♠) wins: it is the highest spade, the suit led; no heart was played and"
        " no Wizard was played.",
    ),
    (
        {"special": ["shapeshifter"], "plays": "7h,shapeshifter:wizard,wizard"},
        "Shapeshifter (Wizard) wins (card 2).",
        "The Shapeshifter (Wizard) wins: declared a Wizard, it is the first Wizard played.",
    ),
    (
        {"special": ["shapeshifter"], "plays": "shapeshifter:jester,2c"},
        "2♣ wins (card 2).",
        "The 2♣ wins: the Shapeshifter (Jester) was led, so the first suited card set clubs to"
        " follow; it is the highest club, with no trump or Wizard played.",
    ),
]


@pytest.mark.parametrize(
    ("query", "line", "why"),
    SPECIAL_CASES,
    ids=["dragon", "fairy", "bomb", "juggler", "cloud low", "cloud", "as wizard", "as jester"],
)
def test_the_trick_page_explains_each_special_card(
    client: FlaskClient, query: dict[str, Any], line: str, why: str
) -> None:
    response = client.get("/referee/wizard/trick", query_string=query)
    assert response.status_code == 200
    assert alerts(response) == []
    assert answer(response)[:2] == (line, why)


def test_the_bomb_names_who_leads_next_and_marks_them(client: FlaskClient) -> None:
    query = {"special": "bomb", "player": ["Ana", "Ben", "Cai"], "lead": "1", "plays": "7h,bomb,9h"}
    response = client.get("/referee/wizard/trick", query_string=query)
    assert answer(response)[0] == (
        "Nobody takes this trick. Ana leads next, who would have won it with the 9♥."
    )
    page = response.get_data(as_text=True)
    assert 'class="winning"' not in page, "nobody takes a Bomb trick"
    strip = page.split('<ol class="trick-strip"', 1)[1].split("</ol>", 1)[0]
    assert re.findall(r'<li class="([^"]*)">', strip) == ["", "", "leads-next"]
    # The Bomb alone: its own player leads.
    query["plays"] = "bomb"
    response = client.get("/referee/wizard/trick", query_string=query)
    assert answer(response)[0] == "Nobody takes this trick. Ben, who played the Bomb, leads next."


def test_the_cloud_and_the_juggler_say_what_follows_their_trick(client: FlaskClient) -> None:
    query = {"special": ["cloud", "juggler", "bomb"], "plays": "juggler:d,cloud:d"}
    notes = answer(client.get("/referee/wizard/trick", query_string=query))[2]
    assert notes == [
        "Whoever takes the Cloud’s trick changes their bid by one, up or down.",
        "After the Juggler’s trick, unless it was the round’s last, every player passes one"
        " card face down to the left.",
    ]
    query["plays"] = "cloud:d,bomb"
    notes = answer(client.get("/referee/wizard/trick", query_string=query))[2]
    assert notes == ["The Cloud was in this trick, but nobody takes it: no bid changes."]


def test_a_special_card_may_always_be_played(client: FlaskClient) -> None:
    query = {"special": "dragon", "trump": "hearts", "plays": "7s", "hand": "2s,dragon"}
    response = client.get("/referee/wizard/play", query_string={**query, "card": "dragon"})
    assert "Dragon: allowed." in response.get_data(as_text=True)
    assert reason(response) == "The Dragon may always be played, like a Wizard or a Jester."
    response = client.get("/referee/wizard/play", query_string={**query, "hand": "2s,qh"})
    response = client.get(
        "/referee/wizard/play", query_string={**query, "hand": "2s,qh", "card": "qh"}
    )
    assert reason(response) == (
        "Spades were led and the hand holds the 2♠: follow suit, or play a Wizard, a Jester or"
        " a special card."
    )


def offered(page: str) -> set[str]:
    """The cards the page's picker and deck offer, as the address writes them."""
    return set(re.findall(r'name="add" value="([^"]+)"', page))


SPECIAL_FORMS = {
    "bomb",
    "dragon",
    "fairy",
    *(f"{name}:{suit}" for name in ("juggler", "cloud") for suit in "cdhs"),
    "shapeshifter:wizard",
    "shapeshifter:jester",
}


def test_standalone_the_page_plays_plain_wizard_and_offers_the_choice(client: FlaskClient) -> None:
    page = client.get("/referee/wizard/trick").get_data(as_text=True)
    assert offered(page) & SPECIAL_FORMS == set()
    assert {"wizard", "jester"} <= offered(page)
    choices = re.findall(r'<input type="checkbox"[^>]*name="special" value="(\w+)"', page)
    assert choices == ["bomb", "cloud", "dragon", "fairy", "juggler", "shapeshifter"]
    assert "Special cards in play" in page
    # Chosen, they are carried in the address and offered in the picker, and only they.
    query = {"special": ["juggler", "shapeshifter"], "suit": "h"}
    page = client.get("/referee/wizard/trick", query_string=query).get_data(as_text=True)
    assert offered(page) & SPECIAL_FORMS == {
        *(f"juggler:{suit}" for suit in "cdhs"),
        "shapeshifter:wizard",
        "shapeshifter:jester",
    }
    assert re.findall(r'name="special" value="(\w+)" data-autosubmit checked', page) == [
        "juggler",
        "shapeshifter",
    ]
    assert "special=juggler&amp;special=shapeshifter" in page, "the links keep the choice"
    # The picker without scripts offers the Juggler in the suit picked.
    picker = page.split("<template data-deck>")[0]
    assert 'value="juggler:h"' in picker and 'value="juggler:c"' not in picker
    assert "Juggler 7½♥" in picker


def test_games_without_special_cards_offer_no_choice(client: FlaskClient) -> None:
    for game in ("one_card", "oh_hell"):
        page = client.get(f"/referee/{game}/trick").get_data(as_text=True)
        assert 'name="special"' not in page and "Special cards in play" not in page
    response = client.get("/referee/oh_hell/trick", query_string={"special": "bomb"})
    assert alerts(response) == ["“bomb” is not a special card of Oh Hell: playing without it"]


def test_a_special_card_not_in_play_is_refused_on_the_page(client: FlaskClient) -> None:
    response = client.get(
        "/referee/wizard/trick", query_string={"special": "bomb", "add": "dragon"}
    )
    assert alerts(response) == ["The Dragon is not among this game's special cards"]
    response = client.get("/referee/wizard/trick", query_string={"plays": "7h,bomb"})
    assert alerts(response) == ["The Bomb is not among this game's special cards"]
    assert answer(response)[0] == ""


def new_api_game(table: Any, special_cards: list[str]) -> str:
    api = ApiClient(table.client).login("ana")
    body = {"game": "wizard", "players": ["Ana", "Ben", "Cai"]}
    if special_cards:
        body["options"] = {"special_cards": special_cards}
    response = api.post("/api/v1/games", body)
    assert response.status_code == 201, response.json
    game_id: str = response.json["id"]
    return game_id


def test_opened_from_a_game_the_picker_offers_only_its_special_cards(table: Any) -> None:
    game_id = new_api_game(table, ["bomb", "dragon", "fairy", "werewolf"])
    link = referee_link(table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True))
    assert "special=bomb&special=dragon&special=fairy" in link
    page = table.client.get(link).get_data(as_text=True)
    assert offered(page) & SPECIAL_FORMS == {"bomb", "dragon", "fairy"}
    assert "werewolf" not in offered(page)
    # The game's cards are fixed: said, carried, and not to be chosen.
    assert "Special cards in play: Bomb, Dragon, Fairy" in page
    assert 'type="checkbox"' not in page
    assert '<input type="hidden" name="special" value="dragon">' in page
    response = table.client.get(link + "&lead=0&plays=wizard,dragon,fairy")
    assert answer(response)[0] == "Cai wins, with the Fairy."


def test_opened_from_a_game_without_them_the_picker_offers_none(table: Any) -> None:
    game_id = new_api_game(table, [])
    link = referee_link(table.client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True))
    assert "special=" not in link
    page = table.client.get(link).get_data(as_text=True)
    assert offered(page) & SPECIAL_FORMS == set()
    assert 'name="special"' not in page


def test_the_special_cards_are_named_in_the_readers_language(client: FlaskClient) -> None:
    query = {"special": ["dragon", "fairy"], "plays": "wizard,dragon"}
    response = client.get(
        "/referee/wizard/trick", query_string=query, headers={"Accept-Language": "nl"}
    )
    line, why, _ = answer(response)
    assert why.startswith("De Draak wint"), why
    assert (
        "Dragon" not in line
        and "Dragon"
        not in response.get_data(as_text=True)
        .split("<template data-deck>")[1]
        .split("</template>")[0]
    )


@pytest.mark.parametrize("language", ["cy", "nl", "el", "ne"])
def test_a_bomb_trick_reads_in_every_language(client: FlaskClient, language: str) -> None:
    query = {"special": ["bomb", "juggler"], "player": ["Ana", "Ben", "Cai"], "lead": "0"}
    query["plays"] = "7h,bomb,juggler:h"
    response = client.get(
        "/referee/wizard/trick", query_string=query, headers={"Accept-Language": language}
    )
    line, why, notes = answer(response)
    assert "Cai" in line and "Nobody" not in line, line
    assert "Bomb" not in why and "Juggler" not in " ".join(notes), (why, notes)
    assert "7½♥" in line


@pytest.mark.parametrize("game", list(KINDS))
def test_a_games_own_referee_fields_are_drawn_from_its_folder(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The referee's table is the shared one, extended by the game's own template in its
    folder (its kind's ``templates.referee_table``): One Card's order beside the trump,
    Wizard's special cards; a game with neither draws neither."""
    own = KINDS[game].templates.referee_table
    drawn: list[str] = []
    fetch = app.jinja_env.get_template

    def fetched(name: Any, *args: Any, **kwargs: Any) -> Any:
        template = fetch(name, *args, **kwargs)
        drawn.append(template.name)  # included templates too
        return template

    monkeypatch.setattr(app.jinja_env, "get_template", fetched)
    pages = [client.get(f"/referee/{game}/{page}") for page in ("trick", "play")]
    assert drawn.count(own) == 2, drawn
    assert "referee/_table_fields.html" in drawn
    for page in pages:
        html_text = page.get_data(as_text=True)
        assert page.status_code == 200
        assert ('name="order"' in html_text) == KINDS[game].referee.has_order
        chooses = bool(KINDS[game].referee.optional_specials)
        assert ("Special cards in play" in html_text) == chooses
        assert 'name="trump"' in html_text and 'name="plays"' in html_text
