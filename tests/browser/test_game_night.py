"""A whole game night on one phone at 360×780 with touch, played the way a tired
scorekeeper plays it: Back after Save, a double tap, tricks that don't add up, a forgotten
trump, a correction after later rounds, an undo, a second phone saving the same round,
the connection dropping, the phone turned sideways.

After each step the test asserts what the person sees: the message is inside the screen,
the round, dealer and first bidder are right, and the stored game is exactly what was meant
(never a stale page's numbers). Nothing waits a fixed time: every wait is for a condition.

``SCOREKEEPER_NIGHT_SHOTS=DIR`` writes a screenshot of each trap, before and after, into DIR.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import (
    PASSWORD,
    TALL_SCREEN,
    USERNAME,
    Page,
    assert_in_view,
    expect,
    fits,
    install_with_a_game,
    log_in,
    new_phone,
    settled_box,
    stored_game,
    wizard_score,
)
from tests.browser.test_accessibility import violations

GAME_URL = re.compile(r"/games/[^/?#]+$")
ROUND_URL = re.compile(r"/games/[^/?#]+/rounds/new$")  # where a Save lands
# How long to wait for an answer from the server (a loaded machine is slow, never wrong).
ANSWER_MS = 20_000


class Phone:
    """One phone at the table: taps, what the screen shows, and the stored game."""

    def __init__(self, page: Page, server: Any, game_id: str = "") -> None:
        self.page = page
        self.server = server
        self.game_id = game_id
        self.taps = 0
        shots = os.environ.get("SCOREKEEPER_NIGHT_SHOTS", "")
        self.shots = Path(shots) if shots else None

    # -- taps ------------------------------------------------------------------

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.taps += 1

    def chip(self, name: str, value: int | str) -> None:
        self.tap(f"label[for='{name}-{value}']")

    def tap_anyway(self, selector: str, shown: str) -> None:
        """Tap a control that says it waits (aria-disabled, which Playwright will not tap
        unforced) as a thumb does, and see ``shown`` brought onto the screen by it.

        A forced tap skips Playwright's wait for a still target: the control is waited
        for to stop moving first. On a busy machine a synthetic tap now and then comes to
        nothing (the touch's end arrives so late that it is a long press, no click): the
        answer is waited for, and the tap made again if none came, as a thumb would.
        """
        for _ in range(3):
            settled_box(self.page, selector)
            self.page.locator(selector).tap(force=True)
            try:
                assert_in_view(self.page, shown, timeout=5_000)
                return
            except AssertionError:
                continue
        assert_in_view(self.page, shown, timeout=ANSWER_MS)

    def save(self, button: str) -> None:
        """Tap Save and wait for the answer (the scoreboard, or the page refused)."""
        with self.page.expect_navigation(timeout=ANSWER_MS):
            self.page.get_by_role("button", name=button).tap()
        self.taps += 1

    def follow(self, link: str) -> None:
        with self.page.expect_navigation(timeout=ANSWER_MS):
            self.page.locator("main").get_by_role("link", name=link, exact=True).tap()
        self.taps += 1

    def back(self) -> None:
        self.page.go_back()
        self.page.wait_for_load_state()

    # -- what the screen shows -------------------------------------------------

    def heading(self) -> str:
        return self.page.get_by_role("heading", level=1).inner_text()

    def deal(self) -> dict[str, str]:
        facts = {}
        for item in self.page.locator("dl.deal > div").all():
            facts[item.locator("dt").inner_text()] = item.locator("dd").inner_text()
        return facts

    def in_view(self, selector: str) -> None:
        """The element is on the screen once the page has settled, not a scroll away."""
        assert_in_view(self.page, selector, timeout=ANSWER_MS)

    def checked(self) -> list[str]:
        return self.page.locator("form[data-draft] input:checked").evaluate_all(
            "inputs => inputs.map(i => i.id)"
        )

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(self.shots / f"{name}.png"), animations="disabled")

    # -- the stored game -------------------------------------------------------

    def stored(self) -> Any:
        return stored_game(self.server, self.game_id)


# Wizard, 4 players, 8 rounds, the hook on: seats 0..3, Ana deals first.
WIZARD = ["Ana", "Ben", "Cai", "Dee"]
ANA, BEN, CAI, DEE = 0, 1, 2, 3


class WizardNight(Phone):
    """Ana's phone keeping the Wizard game, and what she meant to store."""

    def __init__(self, page: Page, server: Any, game_id: str) -> None:
        super().__init__(page, server, game_id)
        self.meant: list[tuple[str | None, tuple[int, ...], tuple[int, ...]]] = []

    def open_round(self, number: int) -> None:
        """Round ``number`` on screen: its heading, dealer and first bidder. A Save opens
        it; from the scoreboard, its button."""
        if not ROUND_URL.search(self.page.url):
            self.follow(f"Enter round {number}")
        self.expect_round(number)

    def expect_round(self, number: int) -> None:
        dealer = (number - 1) % 4
        expect(self.page.get_by_role("heading", level=1)).to_have_text(f"Round {number} of 8")
        facts = self.deal()
        assert (facts["Dealer"], facts["Bids first"]) == (
            WIZARD[dealer],
            WIZARD[(dealer + 1) % 4],
        ), facts

    def enter(
        self,
        turned: str,
        bids: list[tuple[int, int]],
        tricks: list[tuple[int, int]],
        wizard_trump: str | None = None,
    ) -> None:
        """Tap a round in: the turned card, each bid in bidding order, the tricks."""
        self.chip("turned", turned)
        if wizard_trump:
            self.chip("wizard-trump", wizard_trump)
        for seat, bid in bids:
            self.chip(f"bid_{seat}", bid)
        for seat, took in tricks:
            self.chip(f"tricks_{seat}", took)

    def mean(
        self, trump: str | None, bids: list[tuple[int, int]], tricks: list[tuple[int, int]]
    ) -> None:
        self.meant.append((trump, by_seat(bids), by_seat(tricks)))

    def assert_stored(self) -> None:
        """The stored game is what was meant: every round, and nothing else."""
        stored = [
            (r.trump.word if r.trump else None, r.bids, r.tricks) for r in self.stored().rounds
        ]
        assert stored == self.meant

    def assert_totals(self) -> None:
        """The totals on the board, or at the top of the round a Save opened."""
        totals = [0] * 4
        for _trump, bids, tricks in self.meant:
            for seat in range(4):
                totals[seat] += wizard_score(bids[seat], tricks[seat])
        cells = self.page.locator(".board tfoot td, .totals-line b").all_inner_texts()
        assert [int(cell.replace("−", "-")) for cell in cells] == totals

    def done(self, message: str, landing: re.Pattern[str] = ROUND_URL) -> None:
        """Where Save lands (the next round; the scoreboard once the game is over), the
        message at its top, on the screen, with the new totals."""
        expect(self.page).to_have_url(landing, timeout=ANSWER_MS)
        expect(self.page.locator(".flash-done")).to_have_text(message, timeout=ANSWER_MS)
        self.in_view(".flash-done")
        self.assert_stored()
        self.assert_totals()
        if landing is ROUND_URL:
            self.in_view(".totals-line")


def by_seat(pairs: list[tuple[int, int]]) -> tuple[int, ...]:
    values = dict(pairs)
    return tuple(values[seat] for seat in range(len(values)))


def form_sent(page: Page) -> str:
    """What the round form sends as it stands (for a request the phone sent twice)."""
    return str(
        page.evaluate(
            "() => new URLSearchParams(new FormData(document.querySelector('form[data-draft]')))"
            ".toString()"
        )
    )


def test_a_game_night_at_the_table(browser: Any, tall_phone: Page, live_server: Any) -> None:
    game_id = install_with_a_game(live_server, "wizard", WIZARD, ANA, {"rounds": 8, "hook": True})
    page = tall_phone
    log_in(page, live_server)
    ana = WizardNight(page, live_server, game_id)
    page.goto(f"{live_server.url}/games/{game_id}")

    # -- Round 1, clean: the taps from the scoreboard to round 2, ready to enter.
    ana.taps = 0
    ana.open_round(1)
    bids, tricks = (
        [(BEN, 1), (CAI, 0), (DEE, 0), (ANA, 1)],
        [(BEN, 1), (CAI, 0), (DEE, 0), (ANA, 0)],
    )
    ana.enter("h", bids, tricks)
    ana.save("Save round 1")
    ana.mean("hearts", bids, tricks)
    ana.done("Round 1 saved — round 2 next.")
    clean_round_taps = ana.taps
    assert clean_round_taps == 3 + 2 * len(WIZARD)  # enter, trump, a bid and tricks each, save
    ana.expect_round(2)

    # -- Trap: Back after Save. Round 1's taps must not come back into round 2.
    ana.shot("back-after-save-1-saved")
    ana.back()
    ana.expect_round(2)
    ana.shot("back-after-save-2-back")
    assert ana.checked() == [], "the browser put the last round's taps back"
    expect(page.locator(".unsaved")).to_be_hidden()  # no draft of round 1 offered here
    assert page.locator("input[name=number]").input_value() == "2"

    # -- Round 2: with the hook, an earlier bid changed takes back the dealer's bid: said.
    bids = [(CAI, 1), (DEE, 0), (ANA, 0), (BEN, 0)]
    for seat, bid in bids:
        ana.chip(f"bid_{seat}", bid)
    ana.chip(f"bid_{ANA}", 1)  # Ana meant 1: now Ben, dealing, may not bid 0
    note = page.locator("[data-forbidden-note]")
    expect(note).to_have_text(
        "Ben's bid of 0 was taken back: after that change the hook forbids it. Tap Ben's bid again."
    )
    ana.in_view("[data-forbidden-note]")
    ana.shot("hook-taken-back")
    expect(page.locator(f"#bid_{BEN}-0")).not_to_be_checked()
    ana.chip(f"bid_{ANA}", 0)  # ...no, 0 after all
    ana.chip(f"bid_{BEN}", 0)
    expect(note).to_have_text("Ben may not bid 1 (hook).")

    # -- Trap: tricks that don't add up, and the trump forgotten. Save waits, saying why
    # beside the button; the server's refusal opens on the list of what to put right.
    for seat, took in ((CAI, 1), (DEE, 1), (ANA, 1), (BEN, 0)):
        ana.chip(f"tricks_{seat}", took)
    expect(page.locator("output[data-trick-count]")).to_have_text("3 of 2 tricks: too many")
    save = page.get_by_role("button", name="Save round 2")
    expect(save).to_have_attribute("aria-disabled", "true")
    ana.tap_anyway(
        "form[data-draft] [data-save]", "[data-save-status]"
    )  # a thumb taps it all the same
    status = page.locator("[data-save-status]")
    expect(status).to_have_text("The tricks add up to 3, not 2: Save waits until they do.")
    ana.shot("tricks-held")
    assert violations(page) == []
    ana.assert_stored()
    ana.chip(f"tricks_{ANA}", 0)
    expect(status).to_be_hidden()
    ana.save("Save round 2")
    problems = page.locator("#problems")
    expect(problems).to_be_focused()
    ana.in_view("#problems")
    expect(problems.get_by_role("link")).to_have_text(
        ["Tap the turned card: a suit, a Wizard or a Jester"]
    )
    ana.shot("forgotten-trump-refused")
    assert violations(page) == []
    ana.expect_round(2)
    problems.get_by_role("link").first.tap()
    ana.in_view("#at-trump")
    ana.chip("turned", "s")
    ana.save("Save round 2")
    ana.mean("spades", bids, [(CAI, 1), (DEE, 1), (ANA, 0), (BEN, 0)])
    ana.done("Round 2 saved — round 3 next.")

    # -- Trap: a second phone (Ben's) saves round 3 while Ana's is still open on it.
    ben_context = new_phone(browser, viewport=TALL_SCREEN)
    try:
        # Logged in to the same account (its session cookie), as a second phone would be.
        ben_context.add_cookies(page.context.cookies())
        ben_page = ben_context.new_page()
        ben = WizardNight(ben_page, live_server, game_id)
        ben_page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
        ben.expect_round(3)
        ana.open_round(3)
        bids = [(DEE, 1), (ANA, 1), (BEN, 0), (CAI, 0)]
        tricks = [(DEE, 1), (ANA, 1), (BEN, 1), (CAI, 0)]
        ben.enter("c", bids, tricks)
        ben.save("Save round 3")
        expect(ben_page).to_have_url(ROUND_URL, timeout=ANSWER_MS)
        ben.expect_round(4)
        ana.mean("clubs", bids, tricks)
        ana.enter(
            "d", [(DEE, 0), (ANA, 0), (BEN, 0), (CAI, 0)], [(DEE, 3), (ANA, 0), (BEN, 0), (CAI, 0)]
        )
        ana.shot("second-phone-1-before-save")
        ana.save("Save round 3")
        # Ana's phone shows the game as it is now: round 4, Dee deals, Ana bids first.
        ana.expect_round(4)
        expect(page.locator("#problems")).to_contain_text(
            "That page was for round 3, but the game is now at round 4."
        )
        expect(page.locator("#problems")).to_contain_text("Since then: Round 3 recorded.")
        ana.in_view("#problems")
        assert ana.checked() == []
        ana.shot("second-phone-2-refused")
        assert violations(page) == []
        ana.assert_stored()
        # Nor does round 3's refused page live on as round 4's draft on this phone.
        page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
        ana.expect_round(4)
        assert ana.checked() == []
        expect(page.locator(".unsaved")).to_be_hidden()
    finally:
        ben_context.close()

    # -- Round 4 on the page offered, then a double tap: the first tap's answer slow to
    # come, the second sent as well. Stored once, and said as reassurance.
    bids = [(ANA, 1), (BEN, 1), (CAI, 1), (DEE, 0)]
    tricks = [(ANA, 1), (BEN, 1), (CAI, 1), (DEE, 1)]
    ana.enter("wizard", bids, tricks, wizard_trump="hearts")
    page.evaluate(
        "([url, body]) => fetch(url, {method: 'POST', body: new URLSearchParams(body),"
        " redirect: 'manual'})",
        [page.url, form_sent(page)],
    )
    ana.save("Save round 4")
    ana.mean("hearts", bids, tricks)
    # The first tap's answer says it; no refusal, nothing stored twice.
    ana.done("Round 4 saved — round 5 next.")
    expect(page.locator(".flash-error, .error")).to_have_count(0)
    ana.shot("double-tap")

    # -- Round 5 with the connection gone, the phone turned sideways and back.
    ana.open_round(5)
    page.context.set_offline(True)
    bids = [(BEN, 2), (CAI, 1), (DEE, 1), (ANA, 0)]
    tricks = [(BEN, 2), (CAI, 1), (DEE, 1), (ANA, 1)]
    ana.enter("jester", bids, tricks)
    page.set_viewport_size({"width": TALL_SCREEN["height"], "height": TALL_SCREEN["width"]})
    expect(page.locator("output[data-trick-count]")).to_have_text("5 of 5 tricks ✓")
    fits(page, TALL_SCREEN["height"])
    assert len(ana.checked()) == 9
    ana.shot("rotated")
    page.set_viewport_size(TALL_SCREEN)
    page.get_by_role("button", name="Save round 5").tap()
    ana.taps += 1
    expect(page.locator("[data-save-status]")).to_have_text(
        "No connection: kept on this phone, will send when back."
    )
    ana.in_view("[data-save-status]")
    ana.shot("offline-kept")
    ana.assert_stored()  # nothing of round 5 yet
    page.context.set_offline(False)
    ana.mean(None, bids, tricks)
    ana.done("Round 5 sent.")
    ana.shot("offline-sent")
    assert page.evaluate("Object.keys(localStorage).length") == 0

    # -- Round 6, clean.
    ana.open_round(6)
    bids = [(CAI, 2), (DEE, 1), (ANA, 1), (BEN, 1)]
    tricks = [(CAI, 2), (DEE, 2), (ANA, 1), (BEN, 1)]
    ana.enter("d", bids, tricks)
    ana.save("Save round 6")
    ana.mean("diamonds", bids, tricks)
    ana.done("Round 6 saved — round 7 next.")

    # -- A correction of round 3 after later rounds: Ben took Dee's trick. The board is
    # a tap away from the round a Save opened.
    ana.expect_round(7)
    ana.follow("Full scoreboard")
    expect(page).to_have_url(GAME_URL)
    ana.assert_totals()
    ana.follow("Correct round 3")
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct round 3")
    expect(page.locator(f"#tricks_{DEE}-1")).to_be_checked()
    ana.chip(f"tricks_{DEE}", 0)
    ana.chip(f"tricks_{BEN}", 2)
    ana.save("Save the correction")
    expect(page.locator(".flash")).to_have_text("Round 3 corrected; totals updated.")
    ana.in_view(".flash")
    trump, bids3, _tricks = ana.meant[2]
    ana.meant[2] = (trump, bids3, by_seat([(ANA, 1), (BEN, 2), (CAI, 0), (DEE, 0)]))
    ana.assert_stored()
    ana.assert_totals()
    expect(page.locator("#next-title")).to_have_text("Round 7 of 8")

    # -- Round 7, then undone (after the confirmation) and entered again.
    ana.open_round(7)
    bids = [(DEE, 2), (ANA, 2), (BEN, 1), (CAI, 1)]
    ana.enter("s", bids, [(DEE, 2), (ANA, 2), (BEN, 2), (CAI, 1)])
    ana.save("Save round 7")
    ana.mean("spades", bids, [(DEE, 2), (ANA, 2), (BEN, 2), (CAI, 1)])
    ana.done("Round 7 saved — round 8 next.")
    ana.follow("Full scoreboard")
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Undo round 7").tap()
    expect(page.locator(".flash")).to_have_text("Round 7 was undone.")
    ana.in_view(".flash")
    ana.meant.pop()
    ana.assert_stored()
    ana.open_round(7)
    assert ana.checked() == []  # nothing of the undone round offered again
    tricks = [(DEE, 2), (ANA, 2), (BEN, 1), (CAI, 2)]
    ana.enter("s", bids, tricks)
    ana.save("Save round 7")
    ana.mean("spades", bids, tricks)
    ana.done("Round 7 saved — round 8 next.")

    # -- Round 8, the last.
    ana.open_round(8)
    bids = [(ANA, 2), (BEN, 2), (CAI, 2), (DEE, 3)]
    tricks = [(ANA, 2), (BEN, 2), (CAI, 2), (DEE, 2)]
    ana.enter("h", bids, tricks)
    ana.save("Save round 8")
    ana.mean("hearts", bids, tricks)
    ana.done("Round 8 saved: the game is over.", GAME_URL)
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    ana.shot("wizard-final")

    one_card_night(page, live_server)


# One Card, 3 players to 30: Ana deals first; the auction widget, the points.
ONE_CARD = ["Ana", "Ben", "Cai"]


def one_card_night(page: Page, server: Any) -> None:
    with server.app.app_context():
        ana_user = services.authenticate(USERNAME, PASSWORD)
        game_id = services.create_game(ana_user, "one_card", ONE_CARD, ANA).id
        db.session.remove()
    ana = Phone(page, server, game_id)
    page.goto(f"{server.url}/games/{game_id}")
    # (bidder, bid, trump, points by seat) as meant.
    meant: list[tuple[int | None, int | None, str | None, tuple[int, ...]]] = []

    def hand(number: int, calls: list[str], trump: str, points: dict[int, int], typed: int) -> None:
        """Enter hand ``number``: the calls, the trump, the first ``typed`` players' points
        in bidding order (the last one's taken as the suggestion), the last trick."""
        dealer = (number - 1) % 3
        if not ROUND_URL.search(page.url):  # the hand before's Save opened this one
            ana.follow(f"Enter hand {number}")
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number}")
        assert ana.deal()["Dealer"] == ONE_CARD[dealer]
        for made in calls:
            page.locator("[data-call-buttons]").get_by_role("button", name=made, exact=True).tap()
            ana.taps += 1
        ana.chip("trump", trump)
        order = [(dealer + 1 + step) % 3 for step in range(3)]
        for seat in order[:typed]:
            page.locator(f"#points_{seat}").tap()
            ana.taps += 1
            page.keyboard.type(str(points[seat]))

    def saved(
        number: int, bidder: int, bid: int, trump: str, points: dict[int, int], said: str
    ) -> None:
        meant.append((bidder, bid, trump, tuple(points[seat] for seat in range(3))))
        over = said.endswith("the game is over.")
        expect(page).to_have_url(GAME_URL if over else ROUND_URL, timeout=ANSWER_MS)
        expect(page.locator(".flash-done")).to_have_text(said, timeout=ANSWER_MS)
        ana.in_view(".flash-done")
        stored = [
            (h.bidder, h.bid, h.trump.word if h.trump else None, h.points)
            for h in ana.stored().rounds
        ]
        assert stored == meant

    # -- Hand 1: the remainder is a suggestion. Typed over, it is replaced, not joined;
    # cleared, it comes back as a suggestion; Save takes it.
    points = {BEN: 8, CAI: 4, ANA: 3}
    hand(1, ["7", "Pass", "Pass"], "hearts", points, typed=2)
    box = page.locator(f"#points_{ANA}")
    count = page.locator("output[data-points-count]")
    expect(box).to_have_attribute("placeholder", "3")
    expect(box).to_have_value("")
    expect(count).to_have_text("15 of 15 points ✓")
    ana.shot("remainder-1-suggested")
    box.tap()
    page.keyboard.type("2")
    expect(box).to_have_value("2")
    expect(count).to_have_text("14 of 15 points")
    expect(page.locator("[data-save-status]")).to_have_text(
        "The points add up to 14, not 15: Save waits until they do."
    )
    ana.shot("remainder-2-typed-over")
    assert violations(page) == []
    page.keyboard.press("Backspace")
    expect(box).to_have_value("")
    expect(box).to_have_attribute("placeholder", "3")
    expect(count).to_have_text("15 of 15 points ✓")
    ana.chip("last-trick", BEN)
    ana.save("Save hand 1")
    saved(1, BEN, 7, "hearts", points, "Hand 1 saved — hand 2 next.")

    # -- Back after Save: hand 2 offered afresh.
    ana.back()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    assert ana.deal()["Dealer"] == "Ben"
    assert ana.checked() == ["order-uptown"]
    expect(page.locator(".points").first).to_have_value("")
    page.goto(f"{server.url}/games/{game_id}")

    # -- Hand 2, clean: the taps.
    ana.taps = 0
    points = {CAI: 3, ANA: 2, BEN: 10}
    hand(2, ["8", "Pass", "9", "Pass"], "spades", points, typed=2)
    ana.chip("last-trick", BEN)
    ana.save("Save hand 2")
    clean_hand_taps = ana.taps
    saved(2, BEN, 9, "spades", points, "Hand 2 saved — hand 3 next.")
    assert clean_hand_taps == 10  # enter, 4 calls, trump, 2 boxes, last trick, save

    # -- Hand 3: Ben short of his bid, scoring 0.
    points = {ANA: 4, BEN: 5, CAI: 6}
    hand(3, ["Pass", "7", "Pass"], "clubs", points, typed=2)
    ana.chip("last-trick", CAI)
    ana.save("Save hand 3")
    saved(3, BEN, 7, "clubs", points, "Hand 3 saved — hand 4 next.")

    # -- Hand 4: Ben to 30, alone at the top: the end.
    points = {BEN: 12, CAI: 2, ANA: 1}
    hand(4, ["10", "Pass", "Pass"], "diamonds", points, typed=2)
    ana.chip("last-trick", BEN)
    ana.save("Save hand 4")
    saved(4, BEN, 10, "diamonds", points, "Hand 4 saved: the game is over.")
    expect(page.locator(".final .winners")).to_have_text("🏆 Ben wins with 30 points.")
    ana.shot("one-card-final")


SIX = ["Christopher", "Christina", "Ana", "Bartholomew", "Νίκος", "सीता"]


def test_a_long_board_tells_the_players_apart_and_keeps_names_and_totals_in_view(
    tall_phone: Page, live_server: Any
) -> None:
    game_id = install_with_a_game(live_server, "wizard", SIX, 0)
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        for number in range(1, 10):
            bids = [0] * 6
            bids[number % 6] = number
            game = services.get_game(ana, game_id)
            services.record_round(game, {"trump": "hearts", "bids": bids, "tricks": bids})
        db.session.remove()
    page = tall_phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}")
    heads = page.locator(".board thead th:not(.round-col)")
    shown = heads.evaluate_all(
        "ths => ths.map(th => (th.querySelector('.name-short') || th).innerText"
        ".replace(/\\n/g, ''))"
    )
    assert shown == ["Christo…", "Christi…", "Ana", "Bart…", "Νίκος", "सीता"]
    assert len(set(shown)) == 6
    fits(page)
    # The board's start on the screen, its end below: its totals at the screen's foot.
    height = page.evaluate("window.innerHeight")
    board_top = page.evaluate("document.querySelector('.board').getBoundingClientRect().top")
    page.evaluate(f"window.scrollBy(0, {board_top - 400})")
    totals = settled_box(page, ".board tfoot td")
    assert abs(totals["y"] + totals["height"] - height) < 2, totals
    Phone(page, live_server).shot("board-six-totals-stuck")
    # Scrolled past its start: its names at the screen's top, over the rounds.
    page.evaluate("window.scrollBy(0, 700)")
    names = settled_box(page, ".board thead th:nth-child(2)")
    assert abs(names["y"]) < 2, names
    expect(page.locator(".board thead th").nth(1)).to_be_visible()
    Phone(page, live_server).shot("board-six-scrolled")


def test_headings_are_whole_in_greek_and_inside_their_boxes(
    tall_phone: Page, live_server: Any
) -> None:
    game_id = install_with_a_game(live_server, "one_card", ONE_CARD, ANA)
    with live_server.app.app_context():
        ana = services.authenticate(USERNAME, PASSWORD)
        game = services.get_game(ana, game_id)
        hand = {"bidder": 1, "bid": 7, "trump": "hearts", "points": [5, 7, 3], "last_trick": 1}
        services.record_round(game, hand)
        wizard_id = services.create_game(ana, "wizard", WIZARD, ANA).id
        db.session.remove()
    page = tall_phone
    log_in(page, live_server)
    page.context.add_cookies([{"name": "language", "value": "el", "url": live_server.url}])
    page.goto(f"{live_server.url}/games/{game_id}")
    heading = page.locator(".board thead th.round-col")
    expect(heading).to_have_text("Γύρος")
    # Whole: nothing of it cut off or pushed out of its column, nor split over two lines.
    assert heading.evaluate("th => th.scrollWidth <= th.clientWidth"), "the heading is cut"
    lines = heading.evaluate(
        "th => { const r = document.createRange(); r.selectNodeContents(th);"
        " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
    )
    assert lines == 1, f"the heading is split over {lines} lines"
    page.goto(f"{live_server.url}/games/{wizard_id}/rounds/new")
    page.locator("label[for='turned-wizard']").tap()
    legend = page.locator("[data-wizard-trump] legend")
    expect(legend).to_be_visible()
    outer, inner = (
        settled_box(page, "[data-wizard-trump]"),
        settled_box(page, "[data-wizard-trump] legend"),
    )
    # The legend sits inside the box, under its top border, not across it.
    assert inner["y"] > outer["y"] and inner["x"] >= outer["x"], (outer, inner)
    assert inner["x"] + inner["width"] <= outer["x"] + outer["width"]


def test_without_scripts_a_refusal_opens_on_its_summary_and_echoes_only_real_bids(
    phone_without_js: Page, live_server: Any
) -> None:
    page = phone_without_js
    game_id = install_with_a_game(live_server, "wizard", ["Ana", "Ben", "Cai"], ANA, {"hook": True})
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game_id}/rounds/new")
    # Ben 1, Cai 0: Ana, dealing, may not bid 0, and taps it all the same (no script
    # greys it out); the tricks add up to 2 of 1; no trump.
    for chip in ("bid_1-1", "bid_2-0", "bid_0-0", "tricks_1-1", "tricks_2-1", "tricks_0-0"):
        page.locator(f"label[for='{chip}']").tap()
    with page.expect_navigation(timeout=ANSWER_MS):
        page.get_by_role("button", name="Save round 1").tap()
    phone = Phone(page, live_server, game_id)
    phone.in_view("#problems")
    expect(page.locator("#problems li")).to_have_text(
        [
            "Tap the turned card: a suit, a Wizard or a Jester",
            "Hook: Ana deals and may not bid 0, or the bids would add up to 1, one for every trick",
            "Tricks add up to 2, but 1 card was dealt",
        ]
    )
    phone.shot("no-script-refused")
    # Ana's refused 0 is not selected, and her tricks row does not claim it.
    expect(page.locator("#bid_0-0")).not_to_be_checked()
    expect(page.locator("[data-bid-echo='0']")).to_have_text("")
    expect(page.locator("[data-bid-echo='1']")).to_have_text("bid 1")
    assert phone.stored().rounds == ()
