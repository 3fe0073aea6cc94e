"""Every control a thumb taps is at least 44×44 CSS pixels, on every page a user reaches,
on a 360×780 phone.

What is measured, once the page has settled and every ``<details>`` is opened (what a
tap there shows): each visible ``a``, ``button``, ``summary``, ``select``,
``[role=button]``, ``input[type=submit]`` and, for a checkbox or a radio, the box a
tap on it lands in: its label's, when a label wraps it or is ``for`` it (the larger of
the two), else its own.

The one exception, kept narrow: a link in running text. A link is in running text when it
is laid out inline inside a paragraph or a list item (its nearest block) that says at
least three words besides its links ("No phone at the table? Print a blank score sheet,
no account needed."). "Paper: A4 · US Letter" says one word besides its links, so those
two are controls and measured.

Checked in every language (the phone's language chooses the page's): a short word, as
Nepali's "रेफ्री", makes a narrow link. A failure lists each offender by page, with a
selector to find it, its text and its size.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper import services
from scorekeeper.extensions import db
from tests.browser.conftest import (
    PASSWORD,
    TALL_SCREEN,
    USERNAME,
    Page,
    fits,
    log_in,
    new_phone,
    settled_box,
)

TAP = 44
PLAYERS = ["Ana", "Ben", "Cai", "Dee"]

# Every offender on the page: [selector, text, width, height]. The selector names the
# element by id, or by its tag, classes and a distinguishing attribute.
OFFENDERS = """(tap) => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const words = (text) => (text.match(/[\\p{L}\\p{N}]+/gu) || []).length;
  const blockOf = (el) => {
    let node = el.parentElement;
    while (node && getComputedStyle(node).display.startsWith("inline")) node = node.parentElement;
    return node;
  };
  const inRunningText = (el) => {
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const block = blockOf(el);
    if (!block || !["P", "LI"].includes(block.tagName)) return false;
    const copy = block.cloneNode(true);
    copy.querySelectorAll("a").forEach((a) => a.remove());
    return words(copy.textContent) >= 3;
  };
  const shown = (el) => el.checkVisibility({ checkVisibilityCSS: true });
  const name = (el) => {
    if (el.id) return `${el.tagName.toLowerCase()}#${el.id}`;
    let s = el.tagName.toLowerCase();
    el.classList.forEach((c) => { s += "." + c; });
    for (const attr of ["name", "value", "for", "type", "href"]) {
      if (el.hasAttribute(attr)) { s += `[${attr}="${el.getAttribute(attr)}"]`; break; }
    }
    const parent = el.parentElement && el.parentElement.closest("[id]");
    return parent ? `#${parent.id} ${s}` : s;
  };
  const labelsOf = (input) => {
    const found = [];
    const wrapping = input.closest("label");
    if (wrapping) found.push(wrapping);
    if (input.id) document.querySelectorAll(`label[for="${CSS.escape(input.id)}"]`)
      .forEach((l) => found.push(l));
    return found.filter(shown);
  };
  const offenders = [];
  const seen = new Set();
  const selector = "a[href], button, summary, select, [role=button], input[type=submit]," +
    " input[type=checkbox], input[type=radio]";
  for (const el of document.querySelectorAll(selector)) {
    let boxes, text = el.textContent;
    if (el.matches("input[type=checkbox], input[type=radio]")) {
      const labels = labelsOf(el);
      if (!labels.length && !shown(el)) continue;
      if (labels.length && labels.every((l) => seen.has(l))) continue;
      labels.forEach((l) => seen.add(l));
      boxes = [el, ...labels].filter(shown).map((e) => e.getBoundingClientRect());
      text = labels.map((l) => l.textContent).join(" ");
    } else {
      if (!shown(el) || inRunningText(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) continue;  // visually hidden (clipped to 1 px)
      boxes = [r];
    }
    const best = boxes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    // Half a pixel of rounding: 2.75rem and the like are 43.99… in some layouts.
    if (best.width + 0.5 < tap || best.height + 0.5 < tap) {
      offenders.push([name(el), text.replace(/\\s+/g, " ").trim().slice(0, 40),
        Math.round(best.width), Math.round(best.height)]);
    }
  }
  return offenders;
}"""


def offenders(page: Page) -> list[list[Any]]:
    settled_box(page, "main")
    found: list[list[Any]] = page.evaluate(OFFENDERS, TAP)
    return found


def said(small: list[list[Any]]) -> str:
    """The offenders a line each, ``selector "text" W×H``; the same selector and size
    once, with how many and the first few texts (a deck of 52 cards is one line)."""
    alike: dict[tuple[str, int, int], list[str]] = {}
    for selector, text, width, height in small:
        alike.setdefault((selector, width, height), []).append(text)
    lines = []
    for (selector, width, height), texts in alike.items():
        more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
        shown = ", ".join(json.dumps(t, ensure_ascii=False) for t in texts[:3])
        lines.append(f"  {selector} {shown}{more}: {width}×{height}")
    return "\n".join(lines)


def install(live_server: Any) -> dict[str, str]:
    """A fresh install with Ana's account and a game of each kind, with a correction,
    Wizard's special cards, hidden bids, a shared game and a night: the paths to visit."""
    live_server.reset()
    with live_server.app.app_context():
        ana = services.create_user(USERNAME, PASSWORD)
        services.issue_token(ana, "The club's laptop")
        wizard = services.create_game(ana, "wizard", PLAYERS, options={"hook": True})
        wizard = services.record_round(
            wizard, {"trump": "hearts", "bids": [0, 1, 1, 0], "tricks": [0, 1, 0, 0]}
        )
        wizard = services.correct_round(
            wizard, 1, {"trump": "hearts", "bids": [0, 1, 1, 0], "tricks": [0, 0, 1, 0]}
        )
        special = services.create_game(
            ana,
            "wizard",
            PLAYERS,
            options={"special_cards": ["bomb", "cloud", "werewolf", "juggler", "shapeshifter"]},
        )
        hidden = services.create_game(ana, "oh_hell", PLAYERS, options={"hidden_bids": True})
        seat = services.seat_links(hidden)[1]
        one_card = services.create_game(ana, "one_card", PLAYERS[:2], options={"target": 10})
        one_card = services.record_round(
            one_card, {"bidder": 0, "bid": 8, "trump": "clubs", "points": [9, 6], "last_trick": 0}
        )
        oh_hell = services.create_game(ana, "oh_hell", PLAYERS)
        token = services.share_game(wizard)
        night = wizard.row.night_id
        player = wizard.row.seats[0].player_id
        w, s, o, h, b = wizard.id, special.id, one_card.id, oh_hell.id, hidden.id
        db.session.remove()
    return {
        "games": "/games",
        "finished games": "/games?status=finished",
        "new Wizard": "/games/new?game=wizard",
        "new One Card": "/games/new?game=one_card",
        "new Oh Hell": "/games/new?game=oh_hell",
        "Wizard's game page (scoreboard, corrections, sheet)": f"/games/{w}",
        "One Card's game page": f"/games/{o}",
        "Oh Hell's game page": f"/games/{h}",
        "Wizard's round": f"/games/{w}/rounds/new",
        "Wizard's round with special cards": f"/games/{s}/rounds/new",
        "One Card's hand": f"/games/{o}/rounds/new",
        "Oh Hell's round": f"/games/{h}/rounds/new",
        "a round with hidden bids": f"/games/{b}/rounds/new",
        "Wizard's correction": f"/games/{w}/rounds/1/edit",
        "One Card's correction": f"/games/{o}/rounds/1/edit",
        "share": f"/games/{w}/share",
        "seat links": f"/games/{b}/share",
        "nights": "/nights",
        "night": f"/nights/{night}",
        "players": "/players",
        "player": f"/players/{player}",
        "import": "/import",
        "account": "/account",
        # Logged out as well as in: everyone reaches these.
        "watch board": f"/watch/{token}",
        "big board": f"/watch/{token}/big",
        "seat page": f"/bid/{seat}",
        "referee": "/referee",
        "referee, Wizard's trick (card grid)": "/referee/wizard/trick?trump=hearts&plays=jester,7c",
        "referee, Wizard with special cards": (
            "/referee/wizard/trick?special=bomb&special=juggler&special=shapeshifter"
            "&special=cloud&special=werewolf&special=dragon_fairy&plays=7h,bomb"
        ),
        "referee, One Card's play": "/referee/one_card/play?trump=hearts&plays=ks&hand=9s,joker",
        "referee, Oh Hell's trick": "/referee/oh_hell/trick?trump=spades&plays=7c",
        "referee, Wizard's play": "/referee/wizard/play?special=cloud&plays=cloud:s&hand=2s,qh",
        "Wizard's rules": "/rules/wizard",
        "One Card's rules": "/rules/one_card",
        "Oh Hell's rules": "/rules/oh_hell",
        "sheets": "/sheets",
        "sheets, One Card chosen": "/sheets?game=one_card",
        "offline": "/offline",
        "not found": "/no-such-page",
    }


LOGGED_OUT = ("watch", "big board", "seat page", "referee", "rules", "sheets", "offline")


@pytest.mark.parametrize("language", ["en-GB", "cy", "nl", "el", "ne"])
def test_every_control_a_thumb_taps_is_44_px_square(
    browser: Any, live_server: Any, language: str
) -> None:
    context = new_phone(browser, viewport=TALL_SCREEN, locale=language)
    page = context.new_page()
    found: dict[str, list[list[Any]]] = {}

    def visit(what: str, path: str) -> None:
        page.goto(live_server.url + path)
        fits(page)
        small = offenders(page)
        if small:
            found[f"{what} ({path})"] = small

    try:
        live_server.reset()
        visit("first account (fresh install)", "/welcome")
        paths = install(live_server)
        visit("login", "/login")
        for what, path in paths.items():
            if any(word in what for word in LOGGED_OUT):
                visit(what + ", logged out", path)
        log_in(page, live_server)
        for what, path in paths.items():
            visit(what, path)
        assert not found, "Tap targets under 44×44 px:\n" + "\n".join(
            f"{where}:\n{said(small)}" for where, small in found.items()
        )
    finally:
        context.close()
