"""Wizard with the anniversary special cards on the pages: the new game's options, the round
screen's Bomb, Cloud and Werewolf, the board, corrections and statistics (RULES.md, Wizard
with the anniversary special cards)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from scorekeeper.models import RoundResult
from tests.conftest import PASSWORD, Table
from tests.conftest import page_errors as errors
from tests.conftest import stored_state as state

ALL_CARDS = ["bomb", "cloud", "dragon", "fairy", "juggler", "werewolf", "shapeshifter"]


def text(response: Any) -> str:
    return " ".join(response.get_data(as_text=True).split())


def taps(bids: list[int], tricks: list[int], **extra: Any) -> dict[str, Any]:
    form: dict[str, Any] = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}
    form.update({f"tricks_{seat}": str(took) for seat, took in enumerate(tricks)})
    form.update(extra)
    return form


def new_game(table: Table, **options: Any) -> Any:
    data: dict[str, Any] = {"players-0": "Ana", "players-1": "Ben", "players-2": "Cai"}
    data.update(first_dealer="0", game="wizard", **options)
    return table.post("/games/new", data)


def game_with(table: Table, cards: list[str], **options: Any) -> str:
    response = new_game(table, special_cards=cards, **options)
    assert response.status_code == 302, response.get_data(as_text=True)
    game_id: str = response.headers["Location"].rsplit("/", 1)[-1]
    return game_id


def play_round_1(table: Table, game_id: str) -> None:
    """Round 1 (1 card, Ana deals): a plain round to reach round 2's two cards."""
    response = table.post(f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], turned="h"))
    assert response.status_code == 302


# -- the new game -----------------------------------------------------------------------


def test_a_new_game_offers_the_special_cards_the_hook_from_and_the_tie_break(
    table: Table,
) -> None:
    page = text(table.client.get("/games/new?game=wizard"))
    for card in ALL_CARDS:
        assert f'name="special_cards" type="checkbox" value="{card}"' in page
    assert 'name="hook_from"' in page
    assert 'name="tie_break" type="radio" value="exact_bids"' in page


def test_the_options_are_stored_with_the_game_and_shown_on_its_page(
    app: Flask, table: Table
) -> None:
    game_id = game_with(
        table, ["werewolf", "bomb"], hook="y", hook_from="3", tie_break="exact_bids"
    )
    options = state(app, game_id).options
    assert options.special_cards == {"bomb", "werewolf"}
    assert (options.hook, options.hook_from, options.tie_break) == (True, 3, "exact_bids")
    page = text(table.client.get(f"/games/{game_id}"))
    line = re.search(r"data-options-line>(.*?)</p>", page)
    assert line is not None
    assert line.group(1) == (
        "hook from round 3 · special cards: Bomb, Werewolf · equal top totals: most bids met wins"
    )


def test_a_plain_game_states_no_options_line(table: Table) -> None:
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    assert "data-options-line" not in text(table.client.get(f"/games/{game_id}"))


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        (["dragon"], "The Dragon is played only with the Fairy, which beats it: add the Fairy too"),
        (
            ["fairy", "bomb"],
            "The Fairy is played only with the Dragon, the one card it beats: add the Dragon too",
        ),
        (["joker"], "“joker” is not a special card"),
    ],
    ids=["dragon-alone", "fairy-alone", "no-such-card"],
)
def test_special_cards_that_cannot_go_together_are_refused_and_nothing_is_stored(
    app: Flask, table: Table, cards: list[str], said: str
) -> None:
    response = new_game(table, special_cards=cards)
    assert response.status_code == 422
    assert any(message.startswith(said) for message in errors(response)), errors(response)
    # The boxes ticked stay ticked, to put right.
    page = text(response)
    for card in cards:
        if card in ALL_CARDS:
            assert f'checked id="special_cards-{ALL_CARDS.index(card)}"' in page or (
                f'value="{card}" checked' in page
            )
    assert table.client.get("/games").status_code in (200, 302)
    with app.app_context():
        from scorekeeper.models import Game

        assert Game.query.count() == 0


def test_a_hook_from_past_the_last_round_is_refused(table: Table) -> None:
    response = new_game(table, hook="y", hook_from="30")
    assert response.status_code == 422
    assert "The hook starts in one of the game's rounds, from 1 to 20" in errors(response)


def test_the_hook_holds_from_its_round_on_the_round_screen_too(app: Flask, table: Table) -> None:
    """Before the hook's first round the screen neither forbids the dealer a bid nor
    says the hook holds (its script reads ``data-hook``); from that round on, both."""
    response = new_game(table, hook="y", hook_from="3")
    assert response.status_code == 302, errors(response)
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    url = f"/games/{game_id}/rounds/new"
    page = text(table.client.get(url))
    assert 'data-hook="off"' in page and "data-forbidden" not in page
    assert "The hook holds from round 3 on." in page
    assert "Hook: the dealer may not" not in page
    # Round 1, Ana deals one card: her bid makes the bids add up to 1, which is allowed.
    assert table.post(url, taps([1, 0, 0], [1, 0, 0], turned="h")).status_code == 302
    assert table.post(url, taps([1, 1, 0], [1, 1, 0], turned="s")).status_code == 302
    page = text(table.client.get(url))
    assert 'data-hook="on"' in page
    assert "Hook: the dealer may not bid so that the bids add up to 3." in page
    refused = table.post(url, taps([1, 1, 1], [1, 1, 1], turned="d"))
    assert refused.status_code == 422
    assert len(state(app, game_id).rounds) == 2


# -- the round screen -------------------------------------------------------------------


def test_the_round_screen_asks_only_about_the_cards_in_play(table: Table) -> None:
    plain = table.new_game(["Ana", "Ben", "Cai"])
    page = text(table.client.get(f"/games/{plain}/rounds/new"))
    for name in ("bomb", "cloud_seat", "werewolf_seat"):
        assert f'name="{name}"' not in page
    game_id = game_with(table, ["bomb", "juggler"])
    page = text(table.client.get(f"/games/{game_id}/rounds/new"))
    assert 'name="bomb"' in page
    assert 'name="cloud_seat"' not in page and 'name="werewolf_seat"' not in page
    assert 'name="turned" value="bomb"' in page and 'name="turned" value="juggler"' in page
    assert 'name="turned" value="dragon"' not in page


def test_a_bomb_round_adds_up_to_one_less_and_the_board_shows_it(app: Flask, table: Table) -> None:
    game_id = game_with(table, ["bomb"])
    play_round_1(table, game_id)
    url = f"/games/{game_id}/rounds/new"
    # Round 2: 2 cards, the Bomb in one trick, so 1 trick taken.
    response = table.post(url, taps([1, 0, 0], [1, 0, 1], turned="s", bomb="y"))
    assert response.status_code == 422
    assert (
        "Tricks add up to 2, but the Bomb was played: nobody takes its trick, so they add up"
        " to 1, one less than the 2 cards dealt" in errors(response)
    )
    # The Bomb stays ticked, and the count says so.
    page = text(response)
    assert 'id="bomb" name="bomb" type="checkbox" value="y" checked' in page or (
        re.search(r'<input[^>]*checked[^>]*name="bomb"|<input[^>]*name="bomb"[^>]*checked', page)
    )
    assert "The Bomb was played: the tricks must add up to 1, one less than the 2 cards." in page
    assert len(state(app, game_id).rounds) == 1
    response = table.post(url, taps([1, 0, 0], [1, 0, 0], turned="s", bomb="y"))
    assert response.status_code == 302
    stored = state(app, game_id)
    assert stored.rounds[1].bomb is True
    assert stored.totals[0] == 20 + 30
    board = text(table.client.get(f"/games/{game_id}"))
    assert 'title="The Bomb was played"' in board


def test_the_cloud_changes_a_bid_which_is_scored_and_shown_as_changed(
    app: Flask, table: Table
) -> None:
    game_id = game_with(table, ["cloud"])
    play_round_1(table, game_id)
    # Round 2 (Ben deals, 2 cards): Cai bids 0 and wins the Cloud's trick: 0 → 1, took 1.
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps([1, 0, 0], [1, 0, 1], turned="d", cloud_seat="2", cloud_change="1"),
    )
    assert response.status_code == 302, errors(response)
    stored = state(app, game_id)
    assert stored.rounds[1].cloud is not None
    assert stored.rounds[1].bids == (1, 0, 0)
    assert stored.rounds[1].counted_bids == (1, 0, 1)
    assert stored.scored_rounds[1].scores == (30, 20, 30)
    board = text(table.client.get(f"/games/{game_id}"))
    assert ">0→1/1</span>" in board
    assert "bid 0, changed by the Cloud to 1, took 1" in board
    watch = table.client.get(f"/games/{game_id}/watch")
    if watch.status_code == 200:
        assert ">0→1/1</span>" in text(watch)


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (
            {"cloud_seat": "1", "cloud_change": "1"},
            "Ben won the Cloud's trick, so Ben took at least one trick",
        ),
        (
            {"cloud_seat": "2", "cloud_change": "-1"},
            "Cai bid 0, so the Cloud can only raise Cai's bid",
        ),
        ({"cloud_seat": "2"}, "Tap whether Cai's bid went up or down with the Cloud"),
        (
            {"cloud_change": "1"},
            "Tap who won the Cloud's trick, whose bid went up or down (or leave both empty)",
        ),
        ({"cloud_seat": "7", "cloud_change": "1"}, "Tap who won the Cloud's trick, or nobody"),
    ],
    ids=["winner-without-trick", "zero-down", "no-change", "no-winner", "no-such-seat"],
)
def test_a_cloud_that_cannot_be_is_refused_and_nothing_is_stored(
    app: Flask, table: Table, extra: dict[str, str], said: str
) -> None:
    game_id = game_with(table, ["cloud"])
    play_round_1(table, game_id)
    response = table.post(
        f"/games/{game_id}/rounds/new", taps([1, 0, 0], [1, 0, 1], turned="d", **extra)
    )
    assert response.status_code == 422
    assert said in errors(response), errors(response)
    assert 'href="#at-cloud"' in response.get_data(as_text=True)
    assert len(state(app, game_id).rounds) == 1


def test_the_werewolf_names_the_rounds_trump(app: Flask, table: Table) -> None:
    game_id = game_with(table, ["werewolf"])
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps([0, 1, 0], [0, 1, 0], turned="h", werewolf_seat="1", werewolf_trump="clubs"),
    )
    assert response.status_code == 302, errors(response)
    record = state(app, game_id).rounds[0]
    assert record.werewolf is not None and record.werewolf.seat == 1
    assert record.trump is not None and record.trump.word == "clubs"
    board = text(table.client.get(f"/games/{game_id}"))
    assert "Ben swapped the Werewolf: trump clubs" in board
    assert "♣" in board


def test_the_werewolf_may_name_no_trump_with_no_card_tapped(app: Flask, table: Table) -> None:
    game_id = game_with(table, ["werewolf"])
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps([0, 1, 0], [0, 1, 0], werewolf_seat="2", werewolf_trump="none"),
    )
    assert response.status_code == 302, errors(response)
    assert state(app, game_id).rounds[0].trump is None


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (
            {
                "turned": "werewolf",
                "wizard_trump": "spades",
                "werewolf_seat": "1",
                "werewolf_trump": "clubs",
            },
            "The Werewolf was turned for trump, so nobody held it to swap: the turned card's"
            " trump stands",
        ),
        (
            {"turned": "h", "werewolf_seat": "1"},
            "Tap the trump Ben named with the Werewolf, or no trump",
        ),
        (
            {"turned": "h", "werewolf_trump": "clubs"},
            "Tap who held the Werewolf and named the trump (or leave both empty)",
        ),
    ],
    ids=["werewolf-turned", "no-trump-named", "nobody-held-it"],
)
def test_a_werewolf_that_cannot_be_is_refused(
    app: Flask, table: Table, extra: dict[str, str], said: str
) -> None:
    game_id = game_with(table, ["werewolf"])
    response = table.post(f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], **extra))
    assert response.status_code == 422
    assert said in errors(response), errors(response)
    assert not state(app, game_id).rounds


@pytest.mark.parametrize(
    ("turned", "trump", "stored"),
    [
        ("dragon", "spades", "spades"),
        ("juggler", "hearts", "hearts"),
        ("fairy", None, None),
        ("bomb", None, None),
    ],
    ids=["dragon", "juggler", "fairy", "bomb"],
)
def test_a_special_card_turned_has_its_trump_rule(
    app: Flask, table: Table, turned: str, trump: str | None, stored: str | None
) -> None:
    game_id = game_with(table, ["bomb", "dragon", "fairy", "juggler"])
    extra = {"turned": turned} | ({"wizard_trump": trump} if trump else {})
    response = table.post(f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], **extra))
    assert response.status_code == 302, errors(response)
    record = state(app, game_id).rounds[0]
    assert record.turned is not None and record.turned.special is not None
    assert record.turned.special.value == turned
    assert (record.trump.word if record.trump else None) == stored


def test_a_special_card_turned_that_names_a_suit_asks_for_it(table: Table) -> None:
    game_id = game_with(table, ["dragon", "fairy"])
    response = table.post(
        f"/games/{game_id}/rounds/new", taps([0, 1, 0], [0, 1, 0], turned="dragon")
    )
    assert response.status_code == 422
    assert "The Dragon was turned: tap the suit the dealer chose" in errors(response)


def test_a_special_card_not_in_play_cannot_be_turned(app: Flask, table: Table) -> None:
    game_id = game_with(table, ["bomb"])
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps([0, 1, 0], [0, 1, 0], turned="dragon", wizard_trump="clubs"),
    )
    assert response.status_code == 422
    assert "Tap one of the cards shown" in errors(response)
    assert not state(app, game_id).rounds


def last_round_page(app: Flask, table: Table, options: dict[str, Any]) -> str:
    """The round screen of the last round (10) of a full game for six."""
    from scorekeeper import services

    players = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay"]
    with app.app_context():
        ana = services.authenticate("ana", PASSWORD)
        game = services.create_game(ana, "wizard", players, 0, options)
        for number in range(1, 10):
            took = [number, 0, 0, 0, 0, 0]
            game = services.record_round(
                game, {"trump": "hearts", "turned": "7h", "bids": took, "tricks": took}
            )
        game_id = game.id
    return text(table.client.get(f"/games/{game_id}/rounds/new"))


def test_the_last_round_of_a_full_game_turns_a_card_too(app: Flask, table: Table) -> None:
    page = last_round_page(app, table, {"special_cards": ["bomb"]})
    assert "Round 10 of 10" in page
    assert 'name="turned" value="bomb"' in page
    assert "every card is dealt" not in page
    # Without the special cards, nothing is turned in the last round.
    plain = last_round_page(app, table, {})
    assert 'name="turned"' not in plain
    assert "No trump: in the last round every card is dealt, so nothing is turned." in plain


def test_a_correction_keeps_the_special_cards_fields(app: Flask, table: Table) -> None:
    game_id = game_with(table, ["bomb", "cloud", "werewolf"])
    play_round_1(table, game_id)
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps(
            [1, 0, 0],
            [0, 0, 1],
            turned="d",
            bomb="y",
            cloud_seat="2",
            cloud_change="1",
            werewolf_seat="0",
            werewolf_trump="spades",
        ),
    )
    assert response.status_code == 302, errors(response)
    page = text(table.client.get(f"/games/{game_id}/rounds/2/edit"))
    assert re.search(r'<input[^>]*checked[^>]*name="bomb"|<input[^>]*name="bomb"[^>]*checked', page)
    assert 'name="cloud_seat" value="2" checked' in page
    assert 'name="cloud_change" value="1" checked' in page
    assert 'name="werewolf_seat" value="0" checked' in page
    assert 'name="werewolf_trump" value="spades" checked' in page
    assert "bid 0 → 1" in page
    # Saved again as it stands: nothing changes.
    before = state(app, game_id).rounds[1]
    form = {
        "bid_0": "1",
        "bid_1": "0",
        "bid_2": "0",
        "tricks_0": "0",
        "tricks_1": "0",
        "tricks_2": "1",
        "turned": "d",
        "bomb": "y",
        "cloud_seat": "2",
        "cloud_change": "1",
        "werewolf_seat": "0",
        "werewolf_trump": "spades",
        "number": "2",
        "version": re.search(r'name="version"[^>]*value="(\d+)"', page).group(1),  # type: ignore[union-attr]
    }
    response = table.post(f"/games/{game_id}/rounds/2/edit", form)
    assert response.status_code == 302, errors(response)
    assert state(app, game_id).rounds[1] == before
    # A correction that takes the Bomb away is judged again: the tricks no longer add up.
    page = text(table.client.get(f"/games/{game_id}/rounds/2/edit"))
    form["version"] = re.search(r'name="version"[^>]*value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    del form["bomb"]
    response = table.post(f"/games/{game_id}/rounds/2/edit", form)
    assert response.status_code == 422
    assert state(app, game_id).rounds[1] == before


def test_statistics_count_a_bid_met_against_the_changed_bid(app: Flask, table: Table) -> None:
    game_id = game_with(table, ["cloud"])
    play_round_1(table, game_id)
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps([1, 0, 0], [1, 0, 1], turned="d", cloud_seat="2", cloud_change="1"),
    )
    assert response.status_code == 302
    with app.app_context():
        cai = RoundResult.query.filter_by(game_id=game_id, number=2, seat=2).one()
        assert (cai.bid, cai.took, cai.made) == (1, 1, True)


def test_the_card_turned_before_the_werewolf_swap_is_on_the_correction_screen(
    app: Flask, table: Table
) -> None:
    game_id = game_with(table, ["werewolf"])
    response = table.post(
        f"/games/{game_id}/rounds/new",
        taps([0, 1, 0], [0, 1, 0], turned="h", werewolf_seat="1", werewolf_trump="clubs"),
    )
    assert response.status_code == 302, errors(response)
    page = text(table.client.get(f"/games/{game_id}/rounds/1/edit"))
    # The hearts were turned; Ben swapped the Werewolf for that card and named clubs.
    turned = re.findall(r'<input[^>]*name="turned"[^>]*>', page)
    assert [tag for tag in turned if "checked" in tag] == [
        next(tag for tag in turned if 'value="h"' in tag)
    ]
    assert 'name="werewolf_trump" value="clubs" checked' in page
    # Corrected to diamonds turned: the correction says so, and the trump stays clubs.
    form = {
        **taps([0, 1, 0], [0, 1, 0], turned="d", werewolf_seat="1", werewolf_trump="clubs"),
        "number": "1",
        "version": re.search(r'name="version"[^>]*value="(\d+)"', page).group(1),  # type: ignore[union-attr]
    }
    response = table.post(f"/games/{game_id}/rounds/1/edit", form)
    assert response.status_code == 302, errors(response)
    record = state(app, game_id).rounds[0]
    assert record.trump is not None and record.trump.word == "clubs"
    page = text(table.client.get(f"/games/{game_id}/rounds/1/edit"))
    assert re.search(r'<input[^>]*checked[^>]*name="turned"[^>]*value="d"', page) or re.search(
        r'<input[^>]*name="turned"[^>]*value="d"[^>]*checked', page
    )
    assert "Turned card hearts → diamonds" in text(table.client.get(f"/games/{game_id}"))
