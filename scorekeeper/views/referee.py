"""The referee's pages: a trick builder, a play checker and the rules, for everyone.

They hold no one's data, so they need no account. The pages are GET forms: each tap
sends the whole state in the address, so the back button, a reload or a shared link
all show the same trick, and everything works without scripts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ..i18n import translate
from ..rules import GAMES, Card, Suit
from ..rules.cards import Special
from ..rules.errors import CardError, RuleError
from ..rules.referee import REFEREES, UPTOWN, PlayVerdict, Referee, TrickRuling

bp = Blueprint("referee", __name__)

TARGETS = ("plays", "hand", "card")


def referee_for(game: str) -> Referee:
    referee = REFEREES.get(game)
    if referee is None:
        abort(404)
    return referee


@dataclass
class Table:
    """What the referee is shown: the trump, the order, the trick, a hand, a card."""

    referee: Referee
    trump: Suit | None = None
    order: str = UPTOWN
    plays: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    card: Card | None = None
    suit: Suit = Suit.CLUBS
    target: str = "plays"
    errors: list[str] = field(default_factory=list)

    def query(self, **changes: Any) -> dict[str, str]:
        """The address of this table, with ``changes``: for links that keep the state."""
        state = {
            "trump": self.trump.word if self.trump else "none",
            "plays": ",".join(str(c) for c in self.plays),
            "hand": ",".join(str(c) for c in self.hand),
            "card": str(self.card) if self.card else "",
            "suit": self.suit.value,
            "to": self.target,
        }
        if self.referee.has_order:
            state["order"] = self.order
        state.update({k: str(v) for k, v in changes.items()})
        return {k: v for k, v in state.items() if v != ""}


@dataclass(frozen=True)
class Ruling:
    """Who won the trick, and why, in the reader's language."""

    winner: int
    reason: str

    @classmethod
    def of(cls, ruling: TrickRuling) -> Ruling:
        return cls(ruling.winner, translate(ruling.reason))


@dataclass(frozen=True)
class Verdict:
    """Whether the card may be played, and why, in the reader's language."""

    legal: bool
    reason: str

    @classmethod
    def of(cls, verdict: PlayVerdict) -> Verdict:
        return cls(verdict.legal, translate(verdict.reason))


def read_table(referee: Referee, args: MultiDict[str, str]) -> Table:
    """The table from the address, then the tap it carries (add, remove, move up)."""
    table = Table(referee)
    trump = args.get("trump", "none").strip().lower()
    if trump not in ("", "none"):
        try:
            table.trump = Suit.parse(trump)
        except RuleError:
            table.errors.append(gettext("“%(text)s” is not a suit: showing no trump", text=trump))
    order = args.get("order", UPTOWN)
    table.order = order if order in ("uptown", "downtown") else UPTOWN
    # The picker's suit button comes after the hidden field that carries the last choice.
    suits = args.getlist("suit")
    table.suit = _suit_or(suits[-1] if suits else None, table.trump or Suit.CLUBS)
    table.target = args.get("to") if args.get("to") in TARGETS else "plays"
    table.plays = _cards(args.get("plays", ""), table)
    table.hand = _cards(args.get("hand", ""), table)
    cards = _cards(args.get("card", ""), table)
    table.card = cards[0] if cards else None
    _apply_tap(table, args)
    return table


def _suit_or(text: str | None, default: Suit) -> Suit:
    try:
        return Suit.parse(text) if text else default
    except RuleError:
        return default


def _cards(text: str, table: Table) -> list[Card]:
    cards = []
    for part in text.split(","):
        if not part.strip():
            continue
        try:
            cards.append(Card.parse(part))
        except CardError as error:
            table.errors.append(translate(error))
    return cards


def _apply_tap(table: Table, args: MultiDict[str, str]) -> None:
    before = (list(table.plays), list(table.hand), table.card)
    target = table.target
    if "add" in args:
        try:
            card = Card.parse(args["add"])
        except CardError as error:
            table.errors.append(translate(error))
            return
        if target == "card":
            table.card = card
            if card not in table.hand:
                table.hand.append(card)
        else:
            getattr(table, target).append(card)
    for key, cards in (("remove", table.plays), ("remove_hand", table.hand)):
        index = _index(args.get(key), len(cards))
        if index is not None:
            removed = cards.pop(index)
            if cards is table.hand and removed == table.card:
                table.card = None
    index = _index(args.get("up"), len(table.plays))
    if index:
        table.plays[index - 1], table.plays[index] = table.plays[index], table.plays[index - 1]
    if "clear" in args:
        table.plays, table.hand, table.card = [], [], None
    # A tap that makes an impossible deck is refused, and the table stays as it was.
    try:
        _check_deck(table)
    except CardError as error:
        table.errors.append(translate(error))
        table.plays, table.hand, table.card = before


def _check_deck(table: Table) -> None:
    from ..rules.referee import one_card_deck_check, wizard_deck_check

    cards = [*table.plays, *table.hand]
    if table.referee.key == "wizard":
        wizard_deck_check(cards)
    else:
        one_card_deck_check(cards)


def _index(raw: str | None, length: int) -> int | None:
    try:
        index = int(raw) if raw is not None else -1
    except ValueError:
        return None
    return index if 0 <= index < length else None


def picker(referee: Referee) -> dict[str, Any]:
    return {
        "ranks": [rank for rank in referee.ranks],
        "specials": [Card(special=s) for s in referee.specials],
        "suits": list(Suit),
        "special_kinds": Special,
    }


@bp.route("/referee")
def index() -> str:
    return render_template("referee/index.html", referees=REFEREES)


@bp.route("/referee/<game>/trick")
def trick(game: str) -> str:
    referee = referee_for(game)
    table = read_table(referee, request.args)
    ruling = None
    if table.plays and not table.errors:
        try:
            ruling = Ruling.of(referee.trick_winner(table.plays, table.trump, table.order))
        except CardError as error:
            table.errors.append(translate(error))
    return render_template(
        "referee/trick.html", referee=referee, table=table, ruling=ruling, **picker(referee)
    )


@bp.route("/referee/<game>/play")
def play(game: str) -> str:
    referee = referee_for(game)
    table = read_table(referee, request.args)
    verdict = None
    if table.card is not None and not table.errors:
        try:
            verdict = Verdict.of(
                referee.check_play(table.plays, table.hand, table.card, table.trump, table.order)
            )
        except CardError as error:
            table.errors.append(translate(error))
    return render_template(
        "referee/play.html", referee=referee, table=table, verdict=verdict, **picker(referee)
    )


@bp.route("/rules/<game>")
def rules(game: str) -> str:
    if game not in GAMES:
        abort(404)
    return render_template(f"rules/{game}.html", game=GAMES[game])
