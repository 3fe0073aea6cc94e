"""The watch board drawn once for all its watchers, each given its own CSRF token."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, template_rendered
from flask.testing import FlaskClient

from scorekeeper import i18n
from scorekeeper.views.watch import CSRF_PLACEHOLDER, KeptBoards
from tests.conftest import Table, csrf_token
from tests.test_trust import ROUND_ONE, open_form


def watched(table: Table) -> tuple[str, str]:
    """A 3-player game shared by its scorekeeper: its id and its watch token."""
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    table.post(f"/games/{game_id}/share")
    share = table.client.get(f"/games/{game_id}/share").get_data(as_text=True)
    link = re.search(r'<p class="watch-link"><a href="([^"]+)">', share)
    assert link
    return game_id, link.group(1).rsplit("/", 1)[-1]


def enter_round_one(table: Table, game_id: str) -> None:
    url = f"/games/{game_id}/rounds/new"
    assert table.post(url, {**ROUND_ONE, **open_form(table, url)}).status_code == 302


@contextmanager
def boards_drawn(app: Flask) -> Iterator[list[str]]:
    """The watch boards drawn while inside (one entry each)."""
    drawn: list[str] = []

    def record(sender: Any, template: Any, context: Any, **extra: Any) -> None:
        if template.name == "watch/board.html":
            drawn.append(template.name)

    template_rendered.connect(record, app)
    try:
        yield drawn
    finally:
        template_rendered.disconnect(record, app)


def without_token(page: str) -> str:
    return page.replace(csrf_token(page), "TOKEN")


def switch_language(watcher: FlaskClient, page: str, token: str, language: str) -> Any:
    return watcher.post(
        "/language",
        data={"csrf_token": csrf_token(page), "language": language, "next": f"/watch/{token}"},
    )


def test_the_second_watcher_gets_the_same_board_with_its_own_token(
    app: Flask, table: Table
) -> None:
    game_id, token = watched(table)
    enter_round_one(table, game_id)
    first, second = app.test_client(), app.test_client()
    with boards_drawn(app) as drawn:
        one = first.get(f"/watch/{token}")
        two = second.get(f"/watch/{token}")
    assert drawn == ["watch/board.html"]  # drawn once, for both
    page_one, page_two = one.get_data(as_text=True), two.get_data(as_text=True)
    assert csrf_token(page_one) != csrf_token(page_two)
    assert without_token(page_one) == without_token(page_two)
    assert "Ana" in page_two and CSRF_PLACEHOLDER not in page_two
    # The same headers: the tag, the cache's, Vary and the security headers.
    for name in ("ETag", "Cache-Control", "Vary", "Content-Type", "Content-Security-Policy"):
        assert one.headers.get(name) == two.headers.get(name), name
    assert set(one.headers.keys()) == set(two.headers.keys())
    # Each token is its own watcher's: both switch the language.
    for watcher, page in ((first, page_one), (second, page_two)):
        switched = switch_language(watcher, page, token, "nl")
        assert switched.status_code == 302
        assert "language=nl" in switched.headers.get("Set-Cookie", "")
    # Swapped, neither token works for the other watcher.
    refused = switch_language(first, page_two, token, "cy")
    assert "language=cy" not in refused.headers.get("Set-Cookie", "")


def test_a_new_round_draws_a_new_board(app: Flask, table: Table) -> None:
    game_id, token = watched(table)
    watcher = app.test_client()
    with boards_drawn(app) as drawn:
        before = watcher.get(f"/watch/{token}")
        assert app.test_client().get(f"/watch/{token}").status_code == 200
        enter_round_one(table, game_id)
        after = watcher.get(f"/watch/{token}")
    assert len(drawn) == 2
    assert before.headers["ETag"] != after.headers["ETag"]
    assert "Scoreboard" not in before.get_data(as_text=True)
    assert "Scoreboard" in after.get_data(as_text=True)


def test_languages_do_not_mix(app: Flask, table: Table) -> None:
    _, token = watched(table)
    english, welsh, dutch = app.test_client(), app.test_client(), app.test_client()
    welsh.set_cookie(i18n.LANGUAGE_COOKIE, "cy")
    with boards_drawn(app) as drawn:
        pages = [
            client.get(f"/watch/{token}", headers=headers)
            for client, headers in (
                (english, {}),
                (welsh, {}),
                (dutch, {"Accept-Language": "nl"}),
                (english, {}),
                (welsh, {}),
                (dutch, {"Accept-Language": "nl"}),
            )
        ]
    assert len(drawn) == 3  # once each language
    languages = [re.search(r'<html lang="(\w+)">', p.get_data(as_text=True)) for p in pages]
    assert [match.group(1) for match in languages if match] == ["en", "cy", "nl"] * 2
    assert len({p.headers["ETag"] for p in pages}) == 3


def test_the_scorekeepers_own_board_shows_its_links_and_a_strangers_does_not(
    app: Flask, table: Table
) -> None:
    _, token = watched(table)
    games_link = '<a href="/games">Games</a>'  # the top bar's link to the account's games
    stranger = app.test_client()
    with boards_drawn(app) as drawn:
        mine = table.client.get(f"/watch/{token}").get_data(as_text=True)
        theirs = stranger.get(f"/watch/{token}").get_data(as_text=True)
        mine_again = table.client.get(f"/watch/{token}").get_data(as_text=True)
        theirs_again = stranger.get(f"/watch/{token}").get_data(as_text=True)
    assert len(drawn) == 2
    assert games_link in mine and games_link in mine_again
    assert games_link not in theirs and games_link not in theirs_again


def test_a_board_with_a_message_is_the_watchers_own(app: Flask, table: Table) -> None:
    _, token = watched(table)
    watcher, other = app.test_client(), app.test_client()
    page = watcher.get(f"/watch/{token}").get_data(as_text=True)
    switch_language(watcher, page, token, "nl")
    with boards_drawn(app) as drawn:
        told = watcher.get(f"/watch/{token}").get_data(as_text=True)  # "Taal: Nederlands"
        other.set_cookie(i18n.LANGUAGE_COOKIE, "nl")
        plain = other.get(f"/watch/{token}").get_data(as_text=True)
        again = watcher.get(f"/watch/{token}").get_data(as_text=True)
    assert 'class="flash' in told
    assert 'class="flash' not in plain and 'class="flash' not in again
    assert len(drawn) == 2  # the message's page is never kept nor served from the cache


def test_an_address_with_a_query_is_sent_back_to_as_it_was(app: Flask, table: Table) -> None:
    _, token = watched(table)
    watcher = app.test_client()
    watcher.get(f"/watch/{token}")
    page = watcher.get(f"/watch/{token}?from=qr").get_data(as_text=True)
    assert f'name="next" value="/watch/{token}?from=qr"' in page
    assert f'name="next" value="/watch/{token}"' in watcher.get(f"/watch/{token}").get_data(
        as_text=True
    )


def test_a_revoked_link_is_not_found_though_its_board_was_kept(app: Flask, table: Table) -> None:
    game_id, token = watched(table)
    watcher = app.test_client()
    assert watcher.get(f"/watch/{token}").status_code == 200
    assert watcher.get(f"/watch/{token}").status_code == 200
    table.post(f"/games/{game_id}/share/revoke")
    assert watcher.get(f"/watch/{token}").status_code == 404
    assert app.test_client().get(f"/watch/{token}").status_code == 404


def test_an_unchanged_board_is_still_answered_304(app: Flask, table: Table) -> None:
    _, token = watched(table)
    watcher = app.test_client()
    first = watcher.get(f"/watch/{token}")
    kept = app.test_client().get(f"/watch/{token}")  # from the cache
    assert kept.headers["ETag"] == first.headers["ETag"]
    with boards_drawn(app) as drawn:
        again = watcher.get(f"/watch/{token}", headers={"If-None-Match": kept.headers["ETag"]})
    assert again.status_code == 304 and not again.data and not drawn
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Cache-Control"] == "no-cache"


def test_the_kept_boards_are_bounded_least_recently_asked_first() -> None:
    kept = KeptBoards(2)
    kept.put(("a",), 1, "A")
    kept.put(("b",), 1, "B")
    assert kept.get(("a",), 1) == "A"
    kept.put(("c",), 1, "C")
    assert len(kept) == 2 and kept.get(("b",), 1) is None
    assert kept.get(("a",), 1) == "A" and kept.get(("c",), 1) == "C"


def test_a_boards_new_version_takes_the_old_ones_place() -> None:
    kept = KeptBoards(2)
    kept.put(("a",), 1, "A1")
    kept.put(("a",), 2, "A2")
    assert len(kept) == 1 and kept.get(("a",), 1) is None and kept.get(("a",), 2) == "A2"
    kept.put(("a",), 1, "A1")  # drawn late, by a request that read the older version
    assert kept.get(("a",), 2) == "A2"
