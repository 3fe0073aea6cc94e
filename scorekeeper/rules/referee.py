"""The referee: who won a trick, and may this card be played. Every game.

Every answer carries its reason as a sentence that names the rule:

>>> from .cards import Card, Suit
>>> ruling = wizard_trick_winner([Card.parse(c) for c in ("3h", "2h", "ks")], Suit.HEARTS)
>>> ruling.winner, str(ruling.reason)
(0, 'The 3♥ wins: hearts are trump and no Wizard was played.')
>>> verdict = wizard_check_play([Card.parse("7s")], [Card.parse(c) for c in ("2s", "qh")],
...                             Card.parse("qh"), Suit.HEARTS)
>>> verdict.legal, str(verdict.reason)
(False, 'Spades were led and the hand holds the 2♠: follow suit, or play a Wizard or a Jester.')
"""

from __future__ import annotations

import abc
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Rank, Special, Suit
from .errors import N_, CardError

UPTOWN, DOWNTOWN = "uptown", "downtown"
ONE_CARD_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
JOKER_STAND_IN = Card(rank=Rank.TWO, suit=Suit.DIAMONDS)  # RULES.md, One Card › Deck


@dataclass(frozen=True)
class Reason:
    """A sentence with its template and values, so it can be translated later."""

    template: str
    values: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.values)


@dataclass(frozen=True)
class TrickRuling:
    winner: int
    """Index into the plays: 0 is the card led."""
    reason: Reason


@dataclass(frozen=True)
class PlayVerdict:
    legal: bool
    reason: Reason


def _suit_plural(suit: Suit) -> str:
    return suit.word


def _capital(suit: Suit) -> str:
    return suit.word.capitalize()


# -- the decks ------------------------------------------------------------------


def wizard_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card Wizard's deck does not have, or more copies than it has.

    60 cards: each of the 52 suited cards once, 4 Wizards, 4 Jesters.
    """
    for card in cards:
        if card.is_joker:
            raise CardError(
                "There is no Joker in Wizard: its deck has 4 Wizards and 4 Jesters",
                field=field,
            )
    _check_copies(cards, {Special.WIZARD: 4, Special.JESTER: 4}, field)


def one_card_deck_card(card: Card) -> Card:
    """The card as One Card counts it: the 2♦ stands in for a missing Joker."""
    return Card(special=Special.JOKER) if card == JOKER_STAND_IN else card


def one_card_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card One Card's 25-card deck does not have (A, K, Q, J, 10, 9 and a Joker)."""
    if JOKER_STAND_IN in cards and any(c.is_joker for c in cards):
        raise CardError(
            "The 2♦ stands in for a missing Joker, so it cannot be played with the Joker",
            field=field,
        )
    cards = [one_card_deck_card(c) for c in cards]
    for card in cards:
        if card.special is not None and not card.is_joker:
            raise CardError(
                "There is no {card} in One Card: its deck is A, K, Q, J, 10 and 9 in four"
                " suits, and one Joker",
                card=card.label,
                field=field,
            )
        if card.rank is not None and card.rank not in ONE_CARD_RANKS:
            raise CardError(
                "There is no {card} in One Card: its deck is A, K, Q, J, 10 and 9 in four"
                " suits, and one Joker",
                card=card.label,
                field=field,
            )
    _check_copies(cards, {Special.JOKER: 1}, field)


def _check_copies(cards: Sequence[Card], specials: dict[Special, int], field: str) -> None:
    counts = Counter(cards)
    for card, count in counts.items():
        allowed = specials.get(card.special, 0) if card.special is not None else 1
        if count > allowed:
            raise CardError(
                "The deck has {allowed} {card}: it cannot be here {count} times",
                card=card.label if allowed == 1 else f"{card.label}s",
                count=count,
                allowed=_copies(allowed),
                field=field,
            )


def _copies(count: int) -> Reason | str:
    words = {1: Reason("only one"), 4: Reason("only four")}
    return words.get(count, str(count))


# -- Wizard -----------------------------------------------------------------------


def wizard_led_suit(plays: Sequence[Card]) -> Suit | None:
    """The suit to follow: set by the first suited card, unless a Wizard came first."""
    for card in plays:
        if card.is_wizard:
            return None
        if card.suit is not None:
            return card.suit
    return None


def wizard_trick_winner(plays: Sequence[Card], trump: Suit | None) -> TrickRuling:
    """RULES.md, Wizard › Play: the first Wizard; else the highest trump; else the
    highest card of the suit led; a trick of Jesters only goes to the first Jester."""
    _require_plays(plays)
    wizard_deck_check(plays)
    for index, card in enumerate(plays):
        if card.is_wizard:
            if index == 0:
                return TrickRuling(
                    index, Reason("The Wizard led wins: the first Wizard takes the trick.")
                )
            return TrickRuling(
                index,
                Reason(
                    "The Wizard wins: the first Wizard played takes the trick, whatever came"
                    " before it."
                ),
            )
    suited = [(i, c) for i, c in enumerate(plays) if c.suit is not None]
    if not suited:
        return TrickRuling(
            0, Reason("Every card is a Jester, so the first Jester played wins the trick.")
        )
    trumps = [(i, c) for i, c in suited if trump is not None and c.suit is trump]
    if trumps:
        index, card = max(trumps, key=lambda pair: _rank(pair[1]))
        assert trump is not None
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: {trump} are trump and no Wizard was played.",
                {"card": card.label, "trump": trump.word},
            ),
        )
    led = suited[0][1].suit
    assert led is not None
    index, card = max(((i, c) for i, c in suited if c.suit is led), key=lambda pair: _rank(pair[1]))
    if plays[0].is_jester:
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: a Jester was led, so the first suited card set {led} to"
                " follow; it is the highest {led_one}, with no trump or Wizard played.",
                {"card": card.label, "led": led.word, "led_one": led.word[:-1]},
            ),
        )
    no_trump = (
        Reason("there is no trump this round")
        if trump is None
        else Reason("no {trump_one} was played", {"trump_one": trump.word[:-1]})
    )
    return TrickRuling(
        index,
        Reason(
            "The {card} wins: it is the highest {led_one}, the suit led; {no_trump} and no"
            " Wizard was played.",
            {"card": card.label, "led_one": led.word[:-1], "no_trump": no_trump},
        ),
    )


def wizard_check_play(
    plays: Sequence[Card], hand: Sequence[Card], card: Card, trump: Suit | None
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far (RULES.md, Wizard › Play)?"""
    wizard_deck_check(plays)
    wizard_deck_check(hand, field="hand")
    wizard_deck_check([*plays, *hand], field="hand")
    _require_in_hand(hand, card)
    if card.is_wizard or card.is_jester:
        return PlayVerdict(True, Reason("A {card} may always be played.", {"card": card.label}))
    if not plays:
        return PlayVerdict(True, Reason("The first card of a trick may be any card."))
    if plays[0].is_wizard:
        return PlayVerdict(True, Reason("A Wizard was led: the others may play any card."))
    led = wizard_led_suit(plays)
    if led is None:
        if any(c.is_wizard for c in plays):
            return PlayVerdict(
                True,
                Reason("A Wizard came before any suited card: the rest may play any card."),
            )
        return PlayVerdict(
            True,
            Reason(
                "Only Jesters so far: any card may be played, and the first suited card"
                " sets the suit to follow."
            ),
        )
    if card.suit is led:
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    holding = [c for c in hand if c.suit is led]
    if holding:
        return PlayVerdict(
            False,
            Reason(
                "{Led} were led and the hand holds the {held}: follow suit, or play a"
                " Wizard or a Jester.",
                {"Led": _capital(led), "held": holding[0].label},
            ),
        )
    return PlayVerdict(
        True,
        Reason("No {led} in the hand, so any card may be played.", {"led": _suit_plural(led)}),
    )


# -- One Card ---------------------------------------------------------------------


def one_card_trick_winner(
    plays: Sequence[Card], trump: Suit | None, order: str = UPTOWN
) -> TrickRuling:
    """RULES.md, One Card › Play: the highest trump (the Joker the lowest trump when
    trumps are called); with no trump the Joker; otherwise the highest card of the suit
    led, in the hand's order (uptown: A high; downtown: 9 high)."""
    _require_plays(plays)
    one_card_deck_check(plays)
    plays = [one_card_deck_card(c) for c in plays]
    _check_order(order)
    joker = next((i for i, c in enumerate(plays) if c.is_joker), None)
    if trump is not None:
        trumps = [(i, c) for i, c in enumerate(plays) if c.suit is trump]
        if trumps:
            index, card = max(trumps, key=lambda pair: _one_card_rank(pair[1], order))
            beaten = Reason(" (the Joker is the lowest trump)") if joker is not None else ""
            return TrickRuling(
                index,
                Reason(
                    "The {card} wins: it is the highest of the {trump}, which are trump"
                    "{beaten}; {order}.",
                    {
                        "card": card.label,
                        "trump": trump.word,
                        "beaten": beaten,
                        "order": _order_words(order),
                    },
                ),
            )
        if joker is not None:
            return TrickRuling(
                joker,
                Reason(
                    "The Joker wins: {trump} are trump and the Joker is a trump, the only"
                    " one played.",
                    {"trump": trump.word},
                ),
            )
    elif joker is not None:
        return TrickRuling(
            joker,
            Reason("The Joker wins: with no trump it ranks above every card of the plain suits."),
        )
    led = plays[0].suit
    assert led is not None
    index, card = max(
        ((i, c) for i, c in enumerate(plays) if c.suit is led),
        key=lambda pair: _one_card_rank(pair[1], order),
    )
    no_trump = (
        Reason("there is no trump")
        if trump is None
        else Reason("no {trump_one} was played", {"trump_one": trump.word[:-1]})
    )
    return TrickRuling(
        index,
        Reason(
            "The {card} wins: it is the highest {led_one}, the suit led, and {no_trump}; {order}.",
            {
                "card": card.label,
                "led_one": led.word[:-1],
                "no_trump": no_trump,
                "order": _order_words(order),
            },
        ),
    )


def one_card_check_play(
    plays: Sequence[Card],
    hand: Sequence[Card],
    card: Card,
    trump: Suit | None,
    order: str = UPTOWN,
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far (RULES.md, One Card › Play)?"""
    one_card_deck_check(plays)
    one_card_deck_check(hand, field="hand")
    one_card_deck_check([*plays, *hand], field="hand")
    _check_order(order)
    _require_in_hand(hand, card)
    plays = [one_card_deck_card(c) for c in plays]
    hand = [one_card_deck_card(c) for c in hand]
    card = one_card_deck_card(card)
    if not plays:
        return PlayVerdict(
            True, Reason("The first card of a trick may be any card, the Joker too.")
        )
    lead = plays[0]
    if lead.is_joker and trump is None:
        return PlayVerdict(
            True, Reason("The Joker was led with no trump: the others may play any card.")
        )
    # With trumps called the Joker belongs to the trump suit.
    led = trump if lead.is_joker else lead.suit
    assert led is not None

    def follows(c: Card) -> bool:
        return c.suit is led or (c.is_joker and trump is not None and led is trump)

    holding = [c for c in hand if follows(c)]
    if follows(card):
        if card.is_joker:
            return PlayVerdict(
                True,
                Reason("Trump was led and the Joker is a trump: it follows suit."),
            )
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    if holding:
        if led is trump:
            return PlayVerdict(
                False,
                Reason(
                    "Trump was led and the hand holds the {held}: a trump must be played.",
                    {"held": holding[0].label},
                ),
            )
        if card.is_joker:
            template = N_(
                "{Led} were led and the hand holds the {held}: the Joker may be played only"
                " as the lead or when the hand cannot follow suit."
            )
        elif trump is not None and card.suit is trump:
            template = N_(
                "{Led} were led and the hand holds the {held}: follow suit, even when"
                " holding trumps."
            )
        else:
            template = N_("{Led} were led and the hand holds the {held}: follow suit.")
        return PlayVerdict(
            False, Reason(template, {"Led": _capital(led), "held": holding[0].label})
        )
    if card.is_joker:
        return PlayVerdict(
            True,
            Reason("No {led} in the hand, so the Joker may be played.", {"led": _suit_plural(led)}),
        )
    if led is trump:
        return PlayVerdict(
            True, Reason("Trump was led and the hand holds no trump, so any card may be played.")
        )
    if trump is None:
        return PlayVerdict(
            True,
            Reason("No {led} in the hand, so any card may be played.", {"led": _suit_plural(led)}),
        )
    return PlayVerdict(
        True,
        Reason(
            "No {led} in the hand, so a trump or any card may be played.",
            {"led": _suit_plural(led)},
        ),
    )


# -- Oh Hell ----------------------------------------------------------------------


def oh_hell_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card Oh Hell's deck does not have, or a card twice: its deck is the 52
    cards of the four suits, each once (RULES.md, Oh Hell › Deck and players)."""
    for card in cards:
        if card.special is not None:
            raise CardError(
                "There is no {card} in Oh Hell: its deck is the 52 cards of the four suits",
                card=card.label,
                field=field,
            )
    _check_copies(cards, {}, field)


def oh_hell_trick_winner(plays: Sequence[Card], trump: Suit | None) -> TrickRuling:
    """RULES.md, Oh Hell › Play: the highest trump wins the trick; if none, the highest
    card of the suit led."""
    _require_plays(plays)
    oh_hell_deck_check(plays)
    trumps = [(i, c) for i, c in enumerate(plays) if trump is not None and c.suit is trump]
    if trumps:
        index, card = max(trumps, key=lambda pair: _rank(pair[1]))
        assert trump is not None
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: {trump} are trump, and it is the highest trump played.",
                {"card": card.label, "trump": trump.word},
            ),
        )
    led = plays[0].suit
    assert led is not None
    index, card = max(
        ((i, c) for i, c in enumerate(plays) if c.suit is led), key=lambda pair: _rank(pair[1])
    )
    if trump is None:
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: it is the highest {led_one}, the suit led, and there is"
                " no trump this round.",
                {"card": card.label, "led_one": led.word[:-1]},
            ),
        )
    return TrickRuling(
        index,
        Reason(
            "The {card} wins: it is the highest {led_one}, the suit led, and no"
            " {trump_one} was played.",
            {"card": card.label, "led_one": led.word[:-1], "trump_one": trump.word[:-1]},
        ),
    )


def oh_hell_check_play(
    plays: Sequence[Card], hand: Sequence[Card], card: Card, trump: Suit | None
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far (RULES.md, Oh Hell ›
    Play)? Follow the suit led if you can; if you cannot, play any card."""
    oh_hell_deck_check(plays)
    oh_hell_deck_check(hand, field="hand")
    oh_hell_deck_check([*plays, *hand], field="hand")
    _require_in_hand(hand, card)
    if not plays:
        return PlayVerdict(True, Reason("The first card of a trick may be any card."))
    led = plays[0].suit
    assert led is not None
    if card.suit is led:
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    holding = [c for c in hand if c.suit is led]
    if holding:
        return PlayVerdict(
            False,
            Reason(
                "{Led} were led and the hand holds the {held}: follow suit.",
                {"Led": _capital(led), "held": holding[0].label},
            ),
        )
    return PlayVerdict(
        True,
        Reason("No {led} in the hand, so any card may be played.", {"led": _suit_plural(led)}),
    )


# -- every game, one way in ----------------------------------------------------------


@dataclass(frozen=True)
class Referee(abc.ABC):
    """One game's referee: the same questions asked the same way for every game.

    Each game's referee is its own kind (:class:`WizardReferee`, ...): it knows its deck,
    who takes a trick and which cards may be played; the questions' sizes are judged
    here, the same for all.
    """

    key: str
    title: str
    max_players: int
    max_hand: int
    has_order: bool
    ranks: tuple[Rank, ...]
    specials: tuple[Special, ...]
    stand_ins: tuple[Card, ...] = ()
    """Cards the game reads as another (One Card's 2♦ for a missing Joker)."""

    # -- what each game's referee says ----------------------------------------

    @abc.abstractmethod
    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        """Refuse a card the game's deck does not have, or more copies than it has."""

    @abc.abstractmethod
    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        """Who takes the trick, by the game's rules (its size already judged)."""

    @abc.abstractmethod
    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        """Whether the card may be played, by the game's rules (sizes already judged)."""

    # -- the same for every game -------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """Every card the game's deck has, and the stand-ins it accepts, once each.

        >>> [str(card) for card in REFEREES["one_card"].deck()][-3:]
        ['as', 'joker', '2d']
        """
        suited = tuple(Card(rank=rank, suit=suit) for suit in Suit for rank in self.ranks)
        return (*suited, *(Card(special=special) for special in self.specials), *self.stand_ins)

    def check_sizes(
        self,
        plays: int,
        hand: int = 0,
        *,
        players: int | None = None,
        deal_size: int | None = None,
    ) -> None:
        """Refuse a trick or a hand bigger than the table can hold, from the counts alone,
        so that nothing is read or drawn for a question no table could ask: a trick has
        one card from each player, a hand at most the round's deal (or the game's largest).

        >>> try:
        ...     REFEREES["wizard"].check_sizes(5, players=4)
        ... except CardError as error:
        ...     print(error)
        5 cards is too many here: at most 4 in Wizard, one from each player
        """
        self._check_trick_size(plays, self.trick_size(players))
        if deal_size is not None and 0 < deal_size < self.max_hand:
            if hand > deal_size:
                raise CardError(
                    "A hand holds at most {most} cards this round, not {count}",
                    most=deal_size,
                    count=hand,
                    field="hand",
                )
        elif hand > self.max_hand:
            raise CardError(
                "A hand in {title} holds at most {most} cards, not {count}",
                title=self.title,
                most=self.max_hand,
                count=hand,
                field="hand",
            )

    def trick_size(self, players: int | None = None) -> int:
        """Cards in a full trick: one from each player at the table (or the game's most)."""
        if players is None or not 0 < players <= self.max_players:
            return self.max_players
        return players

    def trick_winner(
        self,
        plays: Sequence[Card],
        trump: Suit | None,
        order: str = UPTOWN,
        *,
        players: int | None = None,
    ) -> TrickRuling:
        self._check_trick_size(plays, self.trick_size(players))
        return self.rule_trick(plays, trump, order)

    def check_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str = UPTOWN,
        *,
        players: int | None = None,
        deal_size: int | None = None,
    ) -> PlayVerdict:
        most = self.trick_size(players)
        if len(plays) >= most:
            raise CardError(
                "{count} cards is too many before this one: a trick in {title} has at most"
                " {most} cards, one from each player",
                count=len(plays),
                most=most,
                title=self.title,
                field="plays",
            )
        self.check_sizes(len(plays), len(hand), players=players, deal_size=deal_size)
        return self.rule_play(plays, hand, card, trump, order)

    def _check_trick_size(self, plays: Sequence[Card] | int, most: int) -> None:
        count = plays if isinstance(plays, int) else len(plays)
        if count > most:
            raise CardError(
                "{count} cards is too many here: at most {most} in {title}, one from each player",
                count=count,
                most=most,
                title=self.title,
                field="plays",
            )


@dataclass(frozen=True)
class WizardReferee(Referee):
    """RULES.md, Wizard › Play; the order of the ranks is always the same."""

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        wizard_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return wizard_trick_winner(plays, trump)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return wizard_check_play(plays, hand, card, trump)


@dataclass(frozen=True)
class OneCardReferee(Referee):
    """RULES.md, One Card › Play, uptown or downtown."""

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        one_card_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return one_card_trick_winner(plays, trump, order)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return one_card_check_play(plays, hand, card, trump, order)


@dataclass(frozen=True)
class OhHellReferee(Referee):
    """RULES.md, Oh Hell › Play; the order of the ranks is always the same."""

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        oh_hell_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return oh_hell_trick_winner(plays, trump)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return oh_hell_check_play(plays, hand, card, trump)


OH_HELL_REFEREE = OhHellReferee(
    key="oh_hell",
    title="Oh Hell",
    max_players=7,
    max_hand=52 // 3,  # the largest hand of a schedule, at a table of 3 (RULES.md, Oh Hell)
    has_order=False,
    ranks=tuple(Rank),
    specials=(),
)

REFEREES: dict[str, Referee] = {
    "wizard": WizardReferee(
        key="wizard",
        title="Wizard",
        max_players=6,
        max_hand=20,
        has_order=False,
        ranks=tuple(Rank),
        specials=(Special.WIZARD, Special.JESTER),
    ),
    "one_card": OneCardReferee(
        key="one_card",
        title="One Card",
        max_players=4,
        max_hand=12,
        has_order=True,
        ranks=ONE_CARD_RANKS,
        specials=(Special.JOKER,),
        stand_ins=(JOKER_STAND_IN,),
    ),
    OH_HELL_REFEREE.key: OH_HELL_REFEREE,
}


# -- shared -------------------------------------------------------------------------


def _rank(card: Card) -> int:
    assert card.rank is not None
    return int(card.rank)


def _one_card_rank(card: Card, order: str) -> int:
    """Uptown: A high … 9 low; downtown the other way round. The Joker, as a trump,
    is below every trump."""
    if card.is_joker:
        return -1
    rank = _rank(card)
    return rank if order == UPTOWN else -rank


def _order_words(order: str) -> Reason:
    return Reason("uptown, A high") if order == UPTOWN else Reason("downtown, 9 high")


def _check_order(order: str) -> None:
    if order not in (UPTOWN, DOWNTOWN):
        raise CardError("The order is uptown or downtown", field="order")


def _require_plays(plays: Sequence[Card]) -> None:
    if not plays:
        raise CardError("Give the cards of the trick, the card led first", field="plays")


def _require_in_hand(hand: Sequence[Card], card: Card) -> None:
    if card not in hand:
        raise CardError(
            "The {card} is not in the hand: list the hand with the card in question",
            card=card.label,
            field="card",
        )
