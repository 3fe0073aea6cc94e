"""Save shows the next round at once: the round screen draws the round after it the moment
Save is tapped (drawn by the server ahead, the totals added up in the browser) while the
round is sent; the server's answer confirms it, or puts the round as entered back with the
reason; no connection keeps it on the phone. The POST is held (``page.route``) until what
the screen shows before the server answers is asserted."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.games.kinds import KINDS
from tests.browser.conftest import (
    PASSWORD,
    USERNAME,
    Page,
    expect,
    install_with_a_game,
    log_in,
    stored_game,
)

PLAYERS = ["Ana", "Ben", "Cai"]
ROUND_SCREEN = re.compile(r"/games/[^/]+/rounds/new(\?.*)?$")  # ?dealer=: another dealer

# The recorded games of every kind whose rounds the browser scores: each game's own
# (recorded/), and the games of the exports kept in tests/data.
SCORED = {key for key, game in KINDS.items() if game.scoring is not None}
RECORDED = {
    f"{path.parent.name}/{path.stem}": json.loads(path.read_text(encoding="utf-8"))
    for key in sorted(SCORED)
    for path in sorted(KINDS[key].samples.folder.glob("recorded/**/*.json"))
}
EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"
RECORDED.update(
    {
        f"{path.stem}/{number}-{game['game']}": game
        for path in sorted(EXPORTS.glob("*.json"))
        for number, game in enumerate(json.loads(path.read_text(encoding="utf-8"))["games"])
        if game["game"] in SCORED and game["rounds"]
    }
)


class Held:
    """The round screen's POSTs, held until the test lets them go."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Any] = []
        self.posts = 0
        page.route(ROUND_SCREEN, self._route)

    def _route(self, route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        self.posts += 1
        self.routes.append(route)

    def arrived(self) -> None:
        """Until a POST is held (each call into the browser lets its events reach us)."""
        for _ in range(500):
            if self.routes:
                return
            self.page.evaluate("0")
        said = self.page.locator("main").inner_text()
        raise AssertionError(f"no POST was sent: {said}")

    def release(self) -> None:
        self.arrived()
        while self.routes:
            self.routes.pop(0).continue_()

    def drop(self) -> None:
        """The held POST lost on the way: no connection."""
        self.arrived()
        while self.routes:
            self.routes.pop(0).abort("internetdisconnected")

    def stop(self) -> None:
        self.page.unroute(ROUND_SCREEN)


def start(page: Page, live_server: Any) -> str:
    game_id = install_with_a_game(live_server, "wizard", PLAYERS)
    log_in(page, live_server)
    open_round(page, live_server, game_id)
    return game_id


def open_round(
    page: Page, live_server: Any, game_id: str, query: str = "", *, ahead: bool = True
) -> None:
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new{query}")
    # The round after this one, asked of the server as the page is set up.
    expect(page.locator("form[data-draft][data-ahead-ready]")).to_have_count(1 if ahead else 0)


def rounds_stored(live_server: Any, game_id: str) -> int:
    return len(stored_game(live_server, game_id).rounds)


def stored_version(live_server: Any, game_id: str) -> int:
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        version = services.get_game(ana, game_id).row.version
        db.session.remove()
    return version


def enter_round_one(page: Page, turned: str | None = "h") -> None:
    """Ana bids 1 and takes the trick; Ben and Cai bid and take none."""
    if turned:
        page.locator(f"label[for=turned-{turned}]").tap()
    for seat, bid in ((1, 0), (2, 0), (0, 1)):
        page.locator(f"label[for=bid_{seat}-{bid}]").tap()
    for seat, took in ((1, 0), (2, 0), (0, 1)):
        page.locator(f"label[for=tricks_{seat}-{took}]").tap()


def deal(page: Page) -> dict[str, str]:
    """The deal's boxes as the screen shows them: "Cards each", "Dealer", "Bids first"."""
    return page.evaluate(
        """() => Object.fromEntries(Array.from(document.querySelectorAll("main dl.deal > div"))
             .map((row) => [row.querySelector("dt").textContent.trim(),
                            row.querySelector("dd").textContent.trim()]))"""
    )


def totals(page: Page) -> list[str]:
    return page.locator(".totals-line li").all_inner_texts()


def test_save_shows_the_next_round_before_the_server_answers(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    held = Held(page)
    enter_round_one(page)
    page.get_by_role("button", name="Save round 1").tap()
    held.arrived()

    # Drawn in the browser, the POST still on its way.
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    assert deal(page) | {"Cards each": "2", "Dealer": "Ben", "Bids first": "Cai"} == deal(page)
    assert [line.replace("\n", " ") for line in totals(page)] == [
        "Ana 30★ leader",
        "Ben 20",
        "Cai 20",
    ]
    expect(page.locator(".totals-line li.leader")).to_have_count(1)
    expect(page.locator(".flash-done")).to_have_text("Saving…")
    expect(page.get_by_role("button", name="Save round 2")).to_be_visible()
    expect(page.locator("main input[type=radio]:checked")).to_have_count(0)
    assert page.evaluate("window.scrollY") == 0
    assert rounds_stored(live_server, game_id) == 0

    # ...and usable already: the bids of round 2 go in while round 1 is still unanswered.
    page.locator("label[for=turned-s]").tap()
    page.locator("label[for=bid_2-1]").tap()
    expect(page.locator("#turned-s")).to_be_checked()
    expect(page.locator("#bid_2-1")).to_be_checked()

    held.release()
    expect(page.locator(".flash-done")).to_have_text("Round 1 saved — round 2 next.")
    expect(page.locator("form[data-draft][data-confirming]")).to_have_count(0)
    assert rounds_stored(live_server, game_id) == 1
    expect(page.locator("form[data-draft]")).to_have_attribute("data-number", "2")
    expect(page.locator("#bid_2-1")).to_be_checked()  # what was tapped meanwhile stays

    # Round 2 saved in turn, drawn from what the server sent with its answer.
    for seat, bid in ((0, 0), (1, 1)):
        page.locator(f"label[for=bid_{seat}-{bid}]").tap()
    for seat, took in ((2, 1), (0, 1), (1, 0)):
        page.locator(f"label[for=tricks_{seat}-{took}]").tap()
    page.get_by_role("button", name="Save round 2").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3 of 20")
    assert [line.split("\n")[0] for line in totals(page)] == ["Ana 20", "Ben 10", "Cai 50★"]
    held.release()
    expect(page.locator(".flash-done")).to_have_text("Round 2 saved — round 3 next.")
    assert stored_game(live_server, game_id).totals == (20, 10, 50)
    held.stop()


def test_a_save_before_the_round_before_is_answered_waits_for_it(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    held = Held(page)
    enter_round_one(page)
    page.get_by_role("button", name="Save round 1").tap()
    held.arrived()
    page.locator("label[for=turned-c]").tap()
    for seat, bid in ((2, 0), (0, 0), (1, 2)):
        page.locator(f"label[for=bid_{seat}-{bid}]").tap()
    for seat, took in ((2, 0), (0, 0), (1, 2)):
        page.locator(f"label[for=tricks_{seat}-{took}]").tap()
    page.get_by_role("button", name="Save round 2").tap()
    # Round 1's answer gives round 2's form the game's version: until then, round 2 waits.
    expect(page.locator("[data-save-status]")).to_have_text("Saving…")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    assert held.posts == 1

    held.release()  # round 1 answered: round 2 drawn at once, then sent
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3 of 20")
    held.release()
    expect(page.locator(".flash-done")).to_have_text("Round 2 saved — round 3 next.")
    assert held.posts == 2
    assert stored_game(live_server, game_id).totals == (50, 60, 40)
    held.stop()


def test_a_refusal_puts_the_round_back_with_its_reason(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    held = Held(page)
    enter_round_one(page, turned=None)  # no turned card: the server refuses
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    held.release()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 20")
    problems = page.locator("[data-problems]")
    expect(problems).to_contain_text("Tap the turned card")
    expect(problems).to_be_in_viewport()
    expect(page.locator("#bid_0-1")).to_be_checked()
    expect(page.locator("#tricks_0-1")).to_be_checked()
    assert rounds_stored(live_server, game_id) == 0

    # Put right and saved again: the next round drawn once more.
    expect(page.locator("form[data-draft][data-ahead-ready]")).to_have_count(1)
    page.locator("label[for=turned-h]").tap()
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    held.release()
    expect(page.locator(".flash-done")).to_have_text("Round 1 saved — round 2 next.")
    assert stored_game(live_server, game_id).totals == (30, 20, 20)
    held.stop()


def test_a_round_saved_meanwhile_on_another_phone_is_said(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    held = Held(page)
    enter_round_one(page)
    page.get_by_role("button", name="Save round 1").tap()
    held.arrived()
    # Another phone saves round 1 first, otherwise: Ben took the trick.
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        record = services.get_game(ana, game_id)
        other = {"dealer": 0, "trump": "hearts", "bids": [1, 0, 0], "tricks": [0, 1, 0]}
        services.record_round(record, other)
        db.session.remove()
    held.release()

    expect(page.locator("[data-problems]")).to_contain_text("round 1")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    # The totals as the server has them, not as this phone added them up.
    assert [line.split("\n")[0] for line in totals(page)] == ["Ana −10", "Ben −10", "Cai 20★"]
    assert rounds_stored(live_server, game_id) == 1
    held.stop()


def test_a_round_without_a_connection_is_kept_and_sent_when_it_is_back(
    tall_phone: Page, live_server: Any
) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    held = Held(page)
    enter_round_one(page)
    page.get_by_role("button", name="Save round 1").tap()
    held.drop()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 20")
    expect(page.locator(".unsaved")).to_have_text(
        "Not yet saved: no connection. It is sent when the connection is back."
    )
    status = page.locator("[data-save-status]")
    expect(status).to_have_text("No connection: kept on this phone, will send when back.")
    expect(status).to_be_in_viewport()
    expect(page.locator("#tricks_0-1")).to_be_checked()
    assert rounds_stored(live_server, game_id) == 0

    held.stop()
    page.context.set_offline(True)
    with page.expect_navigation():
        page.context.set_offline(False)  # the connection back: the kept round is sent
    expect(page.locator(".flash-done")).to_have_text("Round 1 sent.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    assert stored_game(live_server, game_id).totals == (30, 20, 20)


def test_a_double_tap_on_save_is_stored_once(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    held = Held(page)
    enter_round_one(page)
    save = page.get_by_role("button", name="Save round 1")
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)  # the thumb again, on the round drawn in its place
    held.release()

    expect(page.locator(".flash-done")).to_have_text("Round 1 saved — round 2 next.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    # The second tap landed on round 2 as it was drawn: it takes no tap for that moment,
    # so nothing is tapped there, and nothing sent.
    expect(page.locator("main input:checked")).to_have_count(0)
    assert held.posts == 1
    assert rounds_stored(live_server, game_id) == 1
    held.stop()


def test_back_after_save_shows_the_game_as_it_is(tall_phone: Page, live_server: Any) -> None:
    page = tall_phone
    game_id = start(page, live_server)
    enter_round_one(page)
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator(".flash-done")).to_have_text("Round 1 saved — round 2 next.")

    # Back stays on the round screen, as after a Save that lands on the next round's page:
    # the game as it is, the round still to enter after the one saved.
    page.go_back()
    assert page.url.endswith(f"/games/{game_id}/rounds/new")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 20")
    assert [line.split("\n")[0] for line in totals(page)] == ["Ana 30★", "Ben 20", "Cai 20"]
    form = page.locator("form[data-draft]")
    expect(form).to_have_attribute("data-version", str(stored_version(live_server, game_id)))
    # Saved from there, it is round 2 that is stored; and the page the server draws agrees.
    page.locator("label[for=turned-c]").tap()
    for seat, bid in ((2, 0), (0, 0), (1, 2)):
        page.locator(f"label[for=bid_{seat}-{bid}]").tap()
    for seat, took in ((2, 0), (0, 0), (1, 2)):
        page.locator(f"label[for=tricks_{seat}-{took}]").tap()
    page.get_by_role("button", name="Save round 2").tap()
    expect(page.locator(".flash-done")).to_have_text("Round 2 saved — round 3 next.")
    assert stored_game(live_server, game_id).totals == (50, 60, 40)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3 of 20")
    assert [line.split("\n")[0] for line in totals(page)] == ["Ana 50", "Ben 60★", "Cai 40"]


# Each field of a round as the samples tap it, set on the form as a thumb would.
FILL = """(taps) => {
  const form = document.querySelector("form[data-draft]");
  for (const [name, said] of Object.entries(taps)) {
    const values = Array.isArray(said) ? said : [said];
    form.querySelectorAll(`[name="${name}"]`).forEach((input) => {
      if (input.type === "radio" || input.type === "checkbox") {
        const ticked = input.type === "checkbox" && values.includes("y");
        input.checked = values.includes(input.value) || ticked;
      } else {
        input.value = values[0];
      }
    });
  }
  form.dispatchEvent(new Event("change", { bubbles: true }));
  form.dispatchEvent(new Event("input", { bubbles: true }));
}"""

# What the screen shows of the round drawn ahead: its number, its totals, its deal.
DRAWN = """() => ({
  number: document.querySelector("form[data-draft]").dataset.number,
  totals: Array.from(document.querySelectorAll(".totals-line [data-total]"))
    .map((total) => total.textContent),
  leaders: Array.from(document.querySelectorAll(".totals-line li.leader"))
    .map((item) => item.dataset.side),
  drawn: !!document.querySelector("[data-drawn-saved]"),
})"""


def points(value: int) -> str:
    return f"\u2212{-value}" if value < 0 else str(value)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_browser_adds_up_every_recorded_game_as_the_rules_do(
    phone: Page, live_server: Any, name: str
) -> None:
    """Each round entered and saved: the round drawn ahead (before the server answers)
    has the totals the rules work out, and the dealer, cards and first bidder of the
    server's own round screen; the game is stored whole."""
    recorded = RECORDED[name]
    game_kind = KINDS[recorded["game"]]
    page = phone
    game_id = install_with_a_game(
        live_server,
        recorded["game"],
        recorded["players"],
        recorded["first_dealer"],
        recorded["options"],
    )
    log_in(page, live_server)
    state = stored_game(live_server, game_id)
    first_ahead = state.round_after(state.next_round) is not None
    open_round(page, live_server, game_id, ahead=first_ahead)
    held = Held(page)
    drawn_rounds = 0
    for number, played in enumerate(recorded["rounds"], start=1):
        info = state.next_round
        if played["dealer"] != info.dealer:  # the scorekeeper's "Someone else dealt?"
            info = state.round_info(number, played["dealer"])
            last = state.round_after(info) is None
            open_round(page, live_server, game_id, f"?dealer={played['dealer']}", ahead=not last)
        assert page.locator("form[data-draft]").get_attribute("data-number") == str(number)
        ahead = state.round_after(info)
        taps = game_kind.samples.round_taps(played)
        if "auction" in taps:  # the contract the auction's chips set as they are tapped
            bidder = played["bidder"]
            taps.update(bidder="none" if bidder is None else str(bidder), bid=str(played["bid"]))
        page.evaluate(FILL, taps)
        state = state.apply_round(state.parse_round(played))
        assert list(state.totals) == played.get("totals", list(state.totals)), number
        if ahead is None or state.finished:  # the last round: the server's page, as without scripts
            held.stop()
            with page.expect_navigation():
                page.locator("button[data-save]").tap()
            break
        page.locator("button[data-save]").tap()
        held.arrived()
        shown = page.evaluate(DRAWN)
        assert shown["drawn"] and shown["number"] == str(number + 1), number
        assert shown["totals"] == [points(state.totals[seats[0]]) for seats in state.sides]
        top = max(state.side_totals)
        assert shown["leaders"] == [str(i) for i, t in enumerate(state.side_totals) if t == top]
        assert state.round_info(number + 1) == ahead
        shown_deal = deal(page)
        assert shown_deal["Cards each"] == str(ahead.cards), number
        assert shown_deal["Dealer"] == state.players[ahead.dealer], number
        assert shown_deal["Bids first"] == state.players[ahead.first_bidder], number
        drawn_rounds += 1
        held.release()
        expect(page.locator("form[data-draft][data-confirming]")).to_have_count(0)
        more = state.round_after(ahead) is not None  # the round after it, drawn in turn
        expect(page.locator("form[data-draft][data-ahead-ready]")).to_have_count(int(more))
    # Every round drawn ahead but a game's last (an export's may stop before its end).
    assert drawn_rounds == len(recorded["rounds"]) - int(state.finished)
    expect(page.locator(".flash-done")).to_contain_text(str(len(recorded["rounds"])))
    final = stored_game(live_server, game_id)
    assert final.totals == state.totals
    assert list(final.totals) == recorded.get("totals", list(state.totals))
    assert final.finished == state.finished
