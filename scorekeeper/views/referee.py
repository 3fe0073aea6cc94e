"""The referee's pages: a trick builder, a play checker and the rules, for everyone.

They hold no one's data, so they need no account. The pages are GET forms: each tap
sends the whole state in the address, so the back button, a reload or a shared link
all show the same trick, and everything works without scripts. Opened from a game, the
address also carries the table's names (``player``, in seat order), who led (``lead``),
the round's deal (``deal``) and the special cards the game plays with (``special``, once
for each), so the answer names a player, the limits are the table's own and the picker
offers only the game's cards. Opened on its own, a game with special cards to choose
(Wizard's anniversary cards) lets the page pick them, carried the same way.

An address no table could make (more cards than players, a hand bigger than the deal) is
refused with 400 before a card is read, and nothing of it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ..games import GAMES, REFEREES
from ..games.kinds import KINDS
from ..i18n import card_word, game_word, translate
from ..parsing import NO_TRUMP, parse_trump
from ..rules import Card, Game, RoundInfo, Suit
from ..rules.cards import NAMES_A_SUIT, SHAPES, Special
from ..rules.errors import CardError, RuleError
from ..rules.referee import UPTOWN, PlayVerdict, Referee, TrickRuling

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
    players: tuple[str, ...] = ()
    """The table's names in seat order, when opened from a game; else empty."""
    lead: int | None = None
    """The seat that led the trick, when the names are known and someone picked it."""
    deal: int | None = None
    """Cards each player was dealt this round, when opened from a round."""
    refused: list[str] = field(default_factory=list)
    """Why the tap the address carries was refused (the table is as it was before it)."""
    flags: frozenset[str] = frozenset()
    """The referee's yes-or-no facts of the hand that are true (``Referee.flags``: Spades'
    "broken"); the others are false."""
    untapped: tuple[list[Card], list[Card], Card | None] | None = None
    """The trick, the hand and the card before the card the address adds, if it adds one."""

    @property
    def special_cards(self) -> list[Special]:
        """The optional special cards in play, in the order the game lists them."""
        return [s for s in self.referee.optional_specials if s in self.referee.special_cards]

    @property
    def playable_specials(self) -> list[Special]:
        """The optional special cards that come to a trick (not the Werewolf, swapped for
        the turned card before the bidding): the ones the page offers to choose."""
        every = self.referee.with_special_cards(self.referee.optional_specials)
        return [s for s in self.referee.optional_specials if s in every.specials]

    @property
    def chooses_special_cards(self) -> bool:
        """Whether the page picks the special cards in play: opened on its own, for a
        game that has some to choose. Opened from a game, they are the game's."""
        return bool(self.referee.optional_specials) and not self.players

    @property
    def player_count(self) -> int | None:
        return len(self.players) or None

    def player_of(self, index: int) -> str | None:
        """Who played the trick's card ``index``: the play goes left from the lead."""
        if self.lead is None or not self.players:
            return None
        return self.players[(self.lead + index) % len(self.players)]

    def check_sizes(self) -> None:
        self.referee.check_sizes(
            len(self.plays), len(self.hand), players=self.player_count, deal_size=self.deal
        )

    def query(self, **changes: Any) -> dict[str, Any]:
        """The address of this table, with ``changes``: for links that keep the state."""
        state: dict[str, Any] = {
            "trump": self.trump.word if self.trump else "none",
            "plays": ",".join(str(c) for c in self.plays),
            "hand": ",".join(str(c) for c in self.hand),
            "card": str(self.card) if self.card else "",
            "suit": self.suit.value,
            "to": self.target,
        }
        if self.referee.has_order:
            state["order"] = self.order
        if self.players:
            state["player"] = list(self.players)
        if self.lead is not None:
            state["lead"] = str(self.lead)
        if self.deal is not None:
            state["deal"] = str(self.deal)
        if self.special_cards:
            state["special"] = [special.value for special in self.special_cards]
        for flag in sorted(self.flags):
            state[flag] = "1"
        state.update({k: str(v) for k, v in changes.items()})
        return {k: v for k, v in state.items() if v not in ("", [])}


@dataclass(frozen=True)
class Ruling:
    """Who won the trick (None: nobody, with the Bomb), who leads next, and why, in the
    reader's language; the players when known; what else the trick sets off."""

    winner: int | None
    next_leader: int
    reason: str
    player: str | None = None
    leader: str | None = None
    """Who leads next, when the names are known."""
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, ruling: TrickRuling, table: Table) -> Ruling:
        player = None if ruling.winner is None else table.player_of(ruling.winner)
        notes = table.referee.trick_notes(table.plays, ruling)
        return cls(
            ruling.winner,
            ruling.next_leader,
            translate(ruling.reason),
            player,
            table.player_of(ruling.next_leader),
            tuple(translate(note) for note in notes),
            ruling.winner is None and table.plays[ruling.next_leader].special is not Special.BOMB,
        )

    would_have_won: bool = False
    """Nobody takes the trick, and who leads next would have taken it without the Bomb
    (False when the Bomb was the trick's only card: its player leads)."""


@dataclass(frozen=True)
class Verdict:
    """Whether the card may be played, and why, in the reader's language."""

    legal: bool
    reason: str

    @classmethod
    def of(cls, verdict: PlayVerdict) -> Verdict:
        return cls(verdict.legal, translate(verdict.reason))


class AddressTooBig(Exception):
    """An address no table could make: refused whole, with the rule it breaks."""

    def __init__(self, table: Table, error: RuleError) -> None:
        super().__init__(str(error))
        self.table = table
        self.error = error


def read_table(referee: Referee, args: MultiDict[str, str]) -> Table:
    """The table from the address, then the tap it carries (add, remove, move up).

    Raises :class:`AddressTooBig` for more names, or more cards in the trick or the hand,
    than the table holds: counted before any card is read.
    """
    names = args.getlist("special")[:16]
    table = Table(_with_special_cards(referee, names))
    for name in names:
        if name.strip().lower() not in {s.value for s in referee.optional_specials}:
            table.errors.append(
                gettext(
                    "“%(text)s” is not a special card of %(game)s: playing without it",
                    text=name[:12],
                    game=game_word(referee.title),
                )
            )
    table.flags = frozenset(flag for flag in referee.flags if args.get(flag) in ("1", "y", "on"))
    table.referee = table.referee.with_flags(
        **{flag: flag in table.flags for flag in referee.flags}
    )
    referee = table.referee
    trump = args.get("trump", NO_TRUMP).strip().lower()
    try:
        table.trump = parse_trump(trump)
    except RuleError:
        table.errors.append(gettext("“%(text)s” is not a suit: showing no trump", text=trump[:12]))
    order = args.get("order", UPTOWN)
    table.order = order if order in ("uptown", "downtown") else UPTOWN
    # The picker's suit button comes after the hidden field that carries the last choice.
    suits = args.getlist("suit")
    table.suit = _suit_or(suits[-1] if suits else None, table.trump or Suit.CLUBS)
    target = args.get("to", "plays")
    table.target = target if target in TARGETS else "plays"
    _read_seats(table, args)
    table.plays = _cards(args.get("plays", ""), table)
    table.hand = _cards(args.get("hand", ""), table)
    cards = _cards(args.get("card", "").split(",", 1)[0], table)
    table.card = cards[0] if cards else None
    _apply_tap(table, args)
    return table


def _with_special_cards(referee: Referee, names: list[str]) -> Referee:
    """The game's own referee, knowing the special cards named in the address. A name
    that is not one of the game's special cards to choose is left out."""
    choosable = {special.value for special in referee.optional_specials}
    chosen = {name.strip().lower() for name in names} & choosable
    return referee.with_special_cards(sorted(chosen)) if chosen else referee


def _read_seats(table: Table, args: MultiDict[str, str]) -> None:
    """The names, the lead and the deal; then the sizes, counted before a card is read."""
    referee = table.referee
    names = args.getlist("player")
    table.deal = _number(args.get("deal"), 1, referee.max_hand)
    try:
        if names:
            # One name past the most is enough to refuse the count, however many came.
            table.players = GAMES[referee.key].check_players(names[: referee.max_players + 1])
        referee.check_sizes(
            _count(args.get("plays", "")),
            _count(args.get("hand", "")),
            players=table.player_count,
            deal_size=table.deal,
        )
    except RuleError as error:
        raise AddressTooBig(Table(referee, trump=table.trump, order=table.order), error) from None
    if table.players:
        table.lead = _number(args.get("lead"), 0, len(table.players) - 1)


def _count(text: str) -> int:
    """The cards a list names. A list of many is measured by its commas alone (in C, with
    nothing allocated): it is refused whatever its blanks, and the count is for the message."""
    commas = text.count(",")
    if commas > 64:
        return commas + 1
    return sum(1 for part in text.split(",") if part.strip())


def _number(raw: str | None, low: int, high: int) -> int | None:
    try:
        number = int(raw) if raw is not None and len(raw) < 4 else None
    except ValueError:
        return None
    return number if number is not None and low <= number <= high else None


def _suit_or(text: str | None, default: Suit) -> Suit:
    try:
        return parse_trump(text) or default
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
        table.untapped = before
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
    # A tap that makes an impossible deck, or a trick or hand bigger than the table's, is
    # refused, and the table stays as it was.
    try:
        table.check_sizes()
        _check_deck(table)
    except CardError as error:
        table.refused.append(translate(error))
        table.plays, table.hand, table.card = before


def _check_deck(table: Table) -> None:
    table.referee.check_deck([*table.plays, *table.hand])


def _index(raw: str | None, length: int) -> int | None:
    try:
        index = int(raw) if raw is not None else -1
    except ValueError:
        return None
    return index if 0 <= index < length else None


def table_fields(referee: Referee) -> str:
    """The template of the referee's table for ``referee``'s game: the shared one, or the
    game's own extending it (its special cards, its order of the cards)."""
    return KINDS[referee.key].templates.referee_table


def picker(referee: Referee) -> dict[str, Any]:
    """The picker's cards: the ranks of each suit; the special cards played as they are
    (and which of them the deck holds several of); those played as a card of a named suit
    (the Juggler, the Cloud), each with its value there; and those declared as another
    card (the Shapeshifter), with their shapes."""
    specials = [
        Card(special=s)
        for s in referee.specials
        if s not in NAMES_A_SUIT and s is not Special.SHAPESHIFTER
    ]
    return {
        "ranks": [rank for rank in referee.ranks],
        "specials": specials,
        "several": {str(card) for card in specials if _several(referee, card)},
        "named": [(s, NAMES_A_SUIT[s]) for s in referee.specials if s in NAMES_A_SUIT],
        "shapes": [
            [Card(special=s, declared=shape) for shape in SHAPES]
            for s in referee.specials
            if s is Special.SHAPESHIFTER
        ],
        "suits": list(Suit),
        "special_kinds": Special,
    }


def _several(referee: Referee, card: Card) -> bool:
    """Whether the game's deck holds the card more than once (Wizard's Wizards and
    Jesters): the deck's own rule asked about two of it."""
    try:
        referee.check_deck([card, card])
    except CardError:
        return False
    return True


@bp.app_template_filter()
def card_words(card: Card) -> str:
    """A card as the page shows it, in the reader's language: the rank and suit symbol as
    printed ("Q♥"); a special card's name translated, with the suit and value named for
    the Juggler and the Cloud ("Juggler (7½♥)") or the shape declared for the Shapeshifter."""
    if card.special is None:
        return card.label
    name = card_word(card.special.label)
    if card.named is not None:
        return f"{name} ({NAMES_A_SUIT[card.special]}{card.named.symbol})"
    if card.declared is not None:
        return f"{name} ({card_word(card.declared.label)})"
    return name


@bp.app_template_global()
def referee_query(state: Game[Any, Any], info: RoundInfo) -> dict[str, Any]:
    """The referee's address opened from a round: the table's names (so the answer names
    a player), the round's deal (the hand's limit), the special cards the game plays with
    (the picker's cards), and for a round already saved its trump and order as saved. A
    round being entered adds its trump in the page's script."""
    query: dict[str, Any] = {"player": list(state.players), "deal": info.cards}
    special_cards = state.options_mapping().get("special_cards")
    if special_cards:
        query["special"] = list(special_cards)
    if info.number <= len(state.rounds):
        saved = state.rounds[info.number - 1].to_mapping()
        for key in ("trump", "order"):
            if isinstance(saved.get(key), str):
                query[key] = saved[key]
    return query


@bp.route("/referee")
def index() -> str:
    return render_template("referee/index.html", referees=REFEREES)


def refuse_address(template: str, referee: Referee, refused: AddressTooBig) -> ResponseReturnValue:
    """The page again with an empty table and the rule the address broke: 400."""
    refused.table.errors.append(translate(refused.error))
    referee = refused.table.referee
    page = render_template(
        template,
        referee=referee,
        table=refused.table,
        ruling=None,
        verdict=None,
        table_fields=table_fields(referee),
        **picker(referee),
    )
    return page, 400


@bp.route("/referee/<game>/trick")
def trick(game: str) -> ResponseReturnValue:
    referee = referee_for(game)
    try:
        table = read_table(referee, request.args)
    except AddressTooBig as refused:
        return refuse_address("referee/trick.html", referee, refused)
    table.errors.extend(table.refused)  # in the answer's place, the trick kept under it
    referee = table.referee
    ruling = None
    if table.plays and not table.errors:
        try:
            ruling = Ruling.of(
                referee.trick_winner(
                    table.plays, table.trump, table.order, players=table.player_count
                ),
                table,
            )
        except CardError as error:
            table.errors.append(translate(error))
    return render_template(
        "referee/trick.html",
        referee=referee,
        table=table,
        ruling=ruling,
        table_fields=table_fields(referee),
        **picker(referee),
    )


def judge_play(table: Table) -> tuple[Verdict | None, str | None]:
    """Whether the table's card may be played (None without a card or with an error in
    the address), or why the question cannot be asked."""
    if table.card is None or table.errors:
        return None, None
    try:
        verdict = table.referee.check_play(
            table.plays,
            table.hand,
            table.card,
            table.trump,
            table.order,
            players=table.player_count,
            deal_size=table.deal,
        )
    except CardError as error:
        return None, translate(error)
    return Verdict.of(verdict), None


@bp.route("/referee/<game>/play")
def play(game: str) -> ResponseReturnValue:
    referee = referee_for(game)
    try:
        table = read_table(referee, request.args)
    except AddressTooBig as refused:
        return refuse_address("referee/play.html", referee, refused)
    verdict, error = judge_play(table)
    if error is not None and table.untapped is not None and not table.refused:
        # A card too many: refused beside the cards, the answer before it kept.
        table.refused.append(error)
        table.plays, table.hand, table.card = table.untapped
        verdict, error = judge_play(table)
    if error is not None:
        table.errors.append(error)
    referee = table.referee
    return render_template(
        "referee/play.html",
        referee=referee,
        table=table,
        verdict=verdict,
        table_fields=table_fields(referee),
        **picker(referee),
    )


@bp.route("/rules/<game>")
def rules(game: str) -> str:
    if game not in KINDS:
        abort(404)
    return render_template(KINDS[game].templates.rules, game=KINDS[game].rules)
