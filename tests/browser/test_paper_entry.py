"""A played paper sheet typed back in on a phone: the code printed on a blank sheet opens,
after a login, a page laid out like the sheet, typed cell by cell on the number keypad;
the game saved from it shows the recorded game's totals on its page.

The keystrokes are counted: one per number typed (a number moves on by itself when
complete), and the Save tap."""

from __future__ import annotations

import re
from typing import Any

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import PASSWORD, USERNAME, Page, expect, fits
from tests.browser.test_sheets_download import pdf_text
from tests.rules import recorded as recorded_games

SUIT_DIGITS = {"clubs": "1", "diamonds": "2", "hearts": "3", "spades": "4", "none": "0"}


def recorded(name: str) -> dict[str, Any]:
    """A recorded game, from its game's folder."""
    game: dict[str, Any] = recorded_games.load(recorded_games.sheet(name))
    return game


def fresh_install(server: Any) -> None:
    server.reset()
    with server.app.app_context():
        services.create_user(USERNAME, PASSWORD)
        db.session.remove()


def printed_code(page: Page, server: Any, query: str) -> str:
    """The code printed on the blank sheet asked for with ``query``."""
    # A PDF is made on a busy machine in its own time: waited for, never timed.
    answer = page.request.get(f"{server.url}/sheets/blank.pdf?{query}", timeout=120_000)
    assert answer.status == 200, answer.text()
    found = re.search(r"type (\d{5}-\d{5})", pdf_text(answer.body()))
    assert found, "no code on the sheet"
    return found.group(1)


def sheet_query(game: dict[str, Any], names: bool = True) -> str:
    parts = [f"game={game['game']}", f"players={len(game['players'])}", "paper=a4"]
    options = game["options"]
    if "rounds" in options:
        parts.append(f"rounds={options['rounds']}")
    if options.get("hook"):
        parts.append("hook=y")
    parts.append(f"first_dealer={game['first_dealer']}")
    if names:
        parts += [f"names-{seat}={name}" for seat, name in enumerate(game["players"])]
    return "&".join(parts)


def type_rounds(page: Page, rounds: list[dict[str, Any]]) -> int:
    """Type every round as a pen fills the row (trump, bids, tricks); the keys pressed."""
    keys = 0
    for number, entered in enumerate(rounds, start=1):
        cards = int(page.locator(f'tr[data-row="{number}"] td.num').inner_text())
        for digit in [
            SUIT_DIGITS[entered["trump"]],
            *map(str, entered["bids"]),
            *map(str, entered["tricks"]),
        ]:
            for key in digit:
                page.keyboard.press(key)
                keys += 1
            if digit == "1" and cards >= 10:
                page.keyboard.press("Enter")  # "1" could still become 10: moved on by hand
                keys += 1
    return keys


def test_a_played_wizard_sheet_typed_in_on_a_phone(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    game = recorded("wizard-4p-short.json")
    fresh_install(live_server)
    code = printed_code(page, live_server, sheet_query(game))

    # Logged out: the QR code's address asks for a login, then comes back to the sheet.
    page.goto(f"{live_server.url}/P/{code.replace('-', '')}")
    expect(page).to_have_url(re.compile(r"/login\?next="))
    page.locator("#username").fill(USERNAME)
    page.locator("#password").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()
    expect(page).to_have_url(re.compile(rf"/paper/{code.replace('-', '')}$"))
    # The code as printed, in two halves.
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Wizard sheet {code}")

    # Laid out like the sheet: its names over the columns, its dealers, its rows.
    names = page.locator(".paper-grid thead th.name")
    expect(names).to_have_text(game["players"])
    expect(page.locator(".paper-grid tr[data-row]")).to_have_count(len(game["rounds"]))
    first_dealer = game["players"][game["first_dealer"]]
    expect(page.locator('tr[data-row="1"] td.dealer')).to_have_text(first_dealer)
    # The first cell has the focus: typing starts at once.
    expect(page.locator('input[name="r1-trump"]')).to_be_focused()

    keys = type_rounds(page, game["rounds"])
    # Every row judged as it was finished: the last row's totals are the paper's.
    last = page.locator(f'tr[data-row="{len(game["rounds"])}"]')
    expect(last.locator("[data-total]")).to_have_text([str(t) for t in game["totals"]])
    expect(page.locator("tr.says:visible")).to_have_count(0)
    fits_rows = page.locator("tr.ok")
    expect(fits_rows).to_have_count(len(game["rounds"]))

    with page.expect_navigation():
        page.get_by_role("button", name="Save the game").tap()
    taps = 1
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    expect(page.get_by_role("status").first).to_have_text("The sheet is saved: 7 rows typed in.")
    cells = page.locator(".board tfoot td").all_inner_texts()
    assert [int(c.replace("−", "-")) for c in cells] == game["totals"]

    # The count: one key a number typed (trump, bids, tricks: 9 a row of 4 players), none
    # for the numbers the rules work out, and the Save tap. The paper holds 18 numbers a
    # row (the trump, the bids added up, each player's bid, took, score, total).
    numbers = len(game["rounds"]) * (1 + 2 * len(game["players"]))
    on_paper = len(game["rounds"]) * (2 + 4 * len(game["players"]))
    assert keys == numbers, f"{keys} keys for {numbers} numbers typed"
    assert keys + taps <= on_paper + 2 * len(game["rounds"]), (
        f"{keys} keys and {taps} tap for a {len(game['rounds'])}-row sheet of {on_paper}"
        " numbers on paper"
    )
    print(f"keystrokes: {keys} keys + {taps} tap for {on_paper} numbers on paper")


def test_a_wrong_row_is_refused_beside_it_and_the_sheet_without_names(
    tall_phone: Page, live_server: Any, screenshot: Any
) -> None:
    page = tall_phone
    game = recorded("wizard-4p-short.json")
    fresh_install(live_server)
    code = printed_code(page, live_server, sheet_query(game, names=False)).replace("-", "")
    page.goto(f"{live_server.url}/login?next=/paper/{code}")
    page.locator("#username").fill(USERNAME)
    page.locator("#password").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()

    # A sheet printed without names asks them first.
    long_name = "Χριστοδουλοπούλου-Αναστασιάδη"
    players = [long_name, *game["players"][1:]]
    for seat, name in enumerate(players):
        page.get_by_label(f"Column {seat + 1}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(str(game["first_dealer"]))
    with page.expect_navigation():
        page.get_by_role("button", name="Type the rows in").tap()
    expect(page.locator(".paper-grid thead th.name").first).to_have_text(long_name)
    fits(page)  # the grid scrolls inside itself, the page does not

    # Round 1 deals 1 card: two players' tricks add up to 2.
    expect(page.locator('input[name="r1-trump"]')).to_be_focused()
    for key in "2" + "0010" + "0110":
        page.keyboard.press(key)
    says = page.locator('tr[data-says="1"]')
    expect(says).to_be_visible()
    expect(says).to_have_text("Row 1: Tricks add up to 2, but 1 card was dealt")
    expect(page.locator('tr[data-row="1"]')).to_have_class(re.compile(r"\bbad\b"))
    screenshot(page, "paper-entry.png")

    # Put right: the refusal goes, the totals come.
    page.locator('input[name="r1-tricks-1"]').fill("0")
    page.locator('input[name="r1-tricks-1"]').press("Enter")
    expect(says).to_be_hidden()
    expect(page.locator('tr[data-row="1"] [data-total]')).to_have_text(["20", "20", "30", "20"])

    # The table began with the next player: every row's dealer follows round the table.
    after = (game["first_dealer"] + 1) % len(players)
    page.get_by_label("First dealer").select_option(str(after))
    dealers = page.locator("tr[data-row] td.dealer")
    expect(dealers.nth(0)).to_have_text(players[after])
    expect(dealers.nth(1)).to_have_text(players[(after + 1) % len(players)])
    expect(page.locator('tr[data-row="1"] [data-total]')).to_have_text(["20", "20", "30", "20"])


def test_without_scripts_the_rows_are_posted_at_once(
    phone_without_js: Page, live_server: Any
) -> None:
    page = phone_without_js
    game = recorded("oh-hell-7p-full.json")
    fresh_install(live_server)
    code = printed_code(page, live_server, sheet_query(game) + "&schedule=down-up")
    page.goto(f"{live_server.url}/login?next=/paper/{code.replace('-', '')}")
    page.locator("#username").fill(USERNAME)
    page.locator("#password").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Oh Hell sheet {code}")

    # Two rows, the second one wrong: checked, each refusal under its row.
    for number, entered in enumerate(game["rounds"][:2], start=1):
        page.locator(f'input[name="r{number}-trump"]').fill(SUIT_DIGITS[entered["trump"]])
        for key in ("bids", "tricks"):
            for seat, value in enumerate(entered[key]):
                wrong = number == 2 and key == "tricks" and seat == 0
                page.locator(f'input[name="r{number}-{key}-{seat}"]').fill(
                    str(value + 1 if wrong else value)
                )
    with page.expect_navigation():
        page.get_by_role("button", name="Check the rows").tap()
    says = page.locator('tr[data-says="2"]').get_by_role("alert")
    expect(says).to_have_text("Row 2: Tricks add up to 7, but 6 cards were dealt")
    totals = game["rounds"][0]["totals"]
    expect(page.locator('tr[data-row="1"] [data-total]')).to_have_text([str(t) for t in totals])

    page.locator('input[name="r2-tricks-0"]').fill(str(game["rounds"][1]["tricks"][0]))
    with page.expect_navigation():
        page.get_by_role("button", name="Save the game").tap()
    expect(page.get_by_role("status").first).to_have_text("The sheet is saved: 2 rows typed in.")
    cells = page.locator(".board tfoot td").all_inner_texts()
    assert [int(c.replace("−", "-")) for c in cells] == game["rounds"][1]["totals"]
