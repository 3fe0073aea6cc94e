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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import ANNIVERSARY_CARDS, NAMES_A_SUIT, Card, Rank, Special, Suit
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
    winner: int | None
    """Index into the plays: 0 is the card led. None when nobody takes the trick (the
    Bomb, RULES.md › Wizard with the anniversary special cards)."""
    reason: Reason
    next_leader: int = -1
    """Index into the plays of whoever leads the next trick: the winner, or with the Bomb
    whoever would have won without it. Left out, the winner."""

    def __post_init__(self) -> None:
        if self.next_leader == -1:
            if self.winner is None:
                raise ValueError("a trick nobody wins must say who leads next")
            object.__setattr__(self, "next_leader", self.winner)


@dataclass(frozen=True)
class PlayVerdict:
    legal: bool
    reason: Reason


def _suit_plural(suit: Suit) -> str:
    return suit.word


def _capital(suit: Suit) -> str:
    return suit.word.capitalize()


# -- the decks ------------------------------------------------------------------


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
    counts = Counter(card.bare for card in cards)
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

SpecialCards = frozenset[Special]
"""The anniversary editions' special cards a Wizard game plays with (none by default)."""


def _acts_as_wizard(card: Card) -> bool:
    """A Wizard, or the Shapeshifter declared one."""
    return card.is_wizard or card.declared is Special.WIZARD


def _acts_as_jester(card: Card) -> bool:
    """A Jester, or the Shapeshifter declared one."""
    return card.is_jester or card.declared is Special.JESTER


def _lets_anything_follow(card: Card) -> bool:
    """A card that, coming before any suited card, lets the rest play anything: a Wizard
    (or the Shapeshifter as one), and the Dragon, which is led like a Wizard."""
    return _acts_as_wizard(card) or card.special is Special.DRAGON


def _played_suit(card: Card) -> Suit | None:
    """The suit a card counts in: its own, or the one named for the Juggler or the Cloud."""
    return card.suit if card.suit is not None else card.named


def _value(card: Card) -> float:
    """A card's place in its suit: 2 … Ace (14); the Juggler 7½, the Cloud 9¾."""
    if card.special is Special.JUGGLER:
        return 7.5
    if card.special is Special.CLOUD:
        return 9.75
    return _rank(card)


def _words(card: Card) -> Reason | str:
    """The card's name in a sentence: its label, or for a card played as something its
    player named, the same words put so that the card's own name can be translated."""
    if card.named is not None:
        assert card.special is not None
        return Reason(
            "{card} ({value}{symbol})",
            {
                "card": card.special.label,
                "value": NAMES_A_SUIT[card.special],
                "symbol": card.named.symbol,
            },
        )
    if card.declared is not None:
        assert card.special is not None
        return Reason(
            "{card} ({shape})", {"card": card.special.label, "shape": card.declared.label}
        )
    return card.label


def wizard_deck_check(
    cards: Sequence[Card], *, field: str = "plays", special_cards: SpecialCards = frozenset()
) -> None:
    """Refuse a card Wizard's deck does not have, or more copies than it has.

    60 cards: each of the 52 suited cards once, 4 Wizards, 4 Jesters; and each of the
    anniversary cards the game plays with once (RULES.md, Wizard with the anniversary
    special cards). The Werewolf never comes to a trick or stays in a hand.
    """
    for card in cards:
        if card.is_joker:
            raise CardError(
                "There is no Joker in Wizard: its deck has 4 Wizards and 4 Jesters",
                field=field,
            )
        if card.special in ANNIVERSARY_CARDS and card.special not in special_cards:
            raise CardError(
                "The {card} is not among this game's special cards",
                card=card.special.label if card.special else card.label,
                field=field,
            )
        if card.special is Special.WEREWOLF:
            raise CardError(
                "The Werewolf is never played: its holder swaps it for the turned card"
                " before the bidding",
                field=field,
            )
    copies = {Special.WIZARD: 4, Special.JESTER: 4, **{special: 1 for special in special_cards}}
    _check_copies(cards, copies, field)


def _require_named(plays: Sequence[Card]) -> None:
    """A Juggler or a Cloud in a trick carries its named suit, a Shapeshifter its shape."""
    for card in plays:
        if card.special in NAMES_A_SUIT and card.named is None:
            raise CardError(
                "Write the {card} with the suit its player named, by its letter:"
                " {key}:c, {key}:d, {key}:h or {key}:s",
                card=card.special.label if card.special else card.label,
                key=str(card),
                field="plays",
            )
        if card.special is Special.SHAPESHIFTER and card.declared is None:
            raise CardError(
                "Write the Shapeshifter as the card its player declared it:"
                " shapeshifter:wizard or shapeshifter:jester",
                field="plays",
            )


def wizard_led_suit(plays: Sequence[Card]) -> Suit | None:
    """The suit to follow: set by the first suited card (a Juggler or a Cloud in its named
    suit), unless a Wizard or the Dragon came first; Jesters, the Fairy and the Bomb set
    nothing."""
    for card in plays:
        if _lets_anything_follow(card):
            return None
        suit = _played_suit(card)
        if suit is not None:
            return suit
    return None


def wizard_trick_winner(
    plays: Sequence[Card], trump: Suit | None, special_cards: SpecialCards = frozenset()
) -> TrickRuling:
    """RULES.md, Wizard › Play: the first Wizard; else the highest trump; else the
    highest card of the suit led; a trick of Jesters only goes to the first Jester.

    With the anniversary cards: the Dragon beats every card unless the Fairy is in the
    trick, which then takes it; with the Bomb nobody takes the trick, and whoever would
    have taken it without the Bomb leads next (``winner`` is None, ``next_leader`` says
    who leads)."""
    _require_plays(plays)
    wizard_deck_check(plays, special_cards=special_cards)
    _require_named(plays)
    bomb = next((i for i, c in enumerate(plays) if c.special is Special.BOMB), None)
    if bomb is None:
        return _wizard_taker(plays, trump)
    rest = [i for i in range(len(plays)) if i != bomb]
    if not rest:
        return TrickRuling(
            None,
            Reason("The Bomb was played, so nobody wins the trick; its player leads next."),
            next_leader=bomb,
        )
    would_have = _wizard_taker([plays[i] for i in rest], trump)
    assert would_have.winner is not None
    leader = rest[would_have.winner]
    return TrickRuling(
        None,
        Reason(
            "The Bomb was played, so nobody wins the trick. Without it the {card} would"
            " have won, so its player leads next.",
            {"card": _words(plays[leader])},
        ),
        next_leader=leader,
    )


def wizard_trick_notes(plays: Sequence[Card], ruling: TrickRuling) -> tuple[Reason, ...]:
    """What else a trick sets off beyond who takes it (RULES.md, Wizard with the
    anniversary special cards): the Cloud's taker changes their bid; after the Juggler's
    trick every player passes a card.

    >>> plays = [Card.parse(c) for c in ("cloud:h", "9h")]
    >>> [str(note) for note in wizard_trick_notes(plays, wizard_trick_winner(plays, None,
    ...     frozenset({Special.CLOUD})))]
    ['Whoever takes the Cloud’s trick changes their bid by one, up or down.']
    """
    notes = []
    specials = {card.special for card in plays}
    if Special.CLOUD in specials:
        if ruling.winner is None:
            notes.append(
                Reason("The Cloud was in this trick, but nobody takes it: no bid changes.")
            )
        else:
            notes.append(
                Reason("Whoever takes the Cloud’s trick changes their bid by one, up or down.")
            )
    if Special.JUGGLER in specials:
        notes.append(
            Reason(
                "After the Juggler’s trick, unless it was the round’s last, every player"
                " passes one card face down to the left."
            )
        )
    return tuple(notes)


def _wizard_taker(plays: Sequence[Card], trump: Suit | None) -> TrickRuling:
    """Who takes a trick with no Bomb in it."""
    dragon = next((i for i, c in enumerate(plays) if c.special is Special.DRAGON), None)
    if dragon is not None:
        fairy = next((i for i, c in enumerate(plays) if c.special is Special.FAIRY), None)
        if fairy is not None:
            return TrickRuling(
                fairy, Reason("The Fairy wins: it takes a trick that holds the Dragon.")
            )
        return TrickRuling(
            dragon,
            Reason("The Dragon wins: it beats every card, Wizards too; only the Fairy beats it."),
        )
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
        if _acts_as_wizard(card):
            return TrickRuling(
                index,
                Reason(
                    "The {card} wins: declared a Wizard, it is the first Wizard played.",
                    {"card": _words(card)},
                ),
            )
    suited = [(i, c, s) for i, c in enumerate(plays) if (s := _played_suit(c)) is not None]
    if not suited:
        jester = next((i for i, c in enumerate(plays) if _acts_as_jester(c)), None)
        if jester is None:
            return TrickRuling(0, Reason("The Fairy is the only card, so it takes the trick."))
        if all(c.is_jester for c in plays):
            return TrickRuling(
                0, Reason("Every card is a Jester, so the first Jester played wins the trick.")
            )
        return TrickRuling(
            jester,
            Reason(
                "The {card} wins: no suited card and no Wizard was played, so the first"
                " Jester takes the trick; the Fairy is lower than a Jester.",
                {"card": _words(plays[jester])},
            ),
        )
    trumps = [(i, c) for i, c, s in suited if trump is not None and s is trump]
    if trumps:
        index, card = max(trumps, key=lambda pair: _value(pair[1]))
        assert trump is not None
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: {trump} are trump and no Wizard was played.",
                {"card": _words(card), "trump": trump.word},
            ),
        )
    led = suited[0][2]
    index, card = max(((i, c) for i, c, s in suited if s is led), key=lambda pair: _value(pair[1]))
    lead = plays[0]
    if lead.is_jester:
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: a Jester was led, so the first suited card set {led} to"
                " follow; it is the highest {led_one}, with no trump or Wizard played.",
                {"card": _words(card), "led": led.word, "led_one": led.word[:-1]},
            ),
        )
    if _played_suit(lead) is None:
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: the {lead} was led, so the first suited card set {led} to"
                " follow; it is the highest {led_one}, with no trump or Wizard played.",
                {
                    "card": _words(card),
                    "lead": _words(lead),
                    "led": led.word,
                    "led_one": led.word[:-1],
                },
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
            {"card": _words(card), "led_one": led.word[:-1], "no_trump": no_trump},
        ),
    )


def wizard_check_play(
    plays: Sequence[Card],
    hand: Sequence[Card],
    card: Card,
    trump: Suit | None,
    special_cards: SpecialCards = frozenset(),
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far (RULES.md, Wizard › Play;
    Wizard with the anniversary special cards: each may be played at any time)?"""
    wizard_deck_check(plays, special_cards=special_cards)
    wizard_deck_check(hand, field="hand", special_cards=special_cards)
    wizard_deck_check([*plays, *hand], field="hand", special_cards=special_cards)
    _require_named(plays)
    _require_in_hand(hand, card)
    if card.is_wizard or card.is_jester:
        return PlayVerdict(True, Reason("A {card} may always be played.", {"card": card.label}))
    if card.special is not None:
        return PlayVerdict(
            True,
            Reason(
                "The {card} may always be played, like a Wizard or a Jester.",
                {"card": card.special.label},
            ),
        )
    if not plays:
        return PlayVerdict(True, Reason("The first card of a trick may be any card."))
    lead = plays[0]
    if lead.is_wizard:
        return PlayVerdict(True, Reason("A Wizard was led: the others may play any card."))
    if _lets_anything_follow(lead):
        return PlayVerdict(
            True,
            Reason(
                "The {lead} was led, which counts as a led Wizard: the others may play any card.",
                {"lead": _words(lead)},
            ),
        )
    led = wizard_led_suit(plays)
    if led is None:
        first = next((c for c in plays if _lets_anything_follow(c)), None)
        if first is not None and first.is_wizard:
            return PlayVerdict(
                True,
                Reason("A Wizard came before any suited card: the rest may play any card."),
            )
        if first is not None:
            return PlayVerdict(
                True,
                Reason(
                    "The {card} came before any suited card: like a Wizard, it lets the rest"
                    " play any card.",
                    {"card": _words(first)},
                ),
            )
        if all(c.is_jester for c in plays):
            return PlayVerdict(
                True,
                Reason(
                    "Only Jesters so far: any card may be played, and the first suited card"
                    " sets the suit to follow."
                ),
            )
        return PlayVerdict(
            True,
            Reason(
                "No suited card so far (Jesters, the Fairy and the Bomb set no suit): any"
                " card may be played, and the first suited card sets the suit to follow."
            ),
        )
    if card.suit is led:
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    holding = [c for c in hand if c.suit is led]
    if holding:
        if special_cards:
            return PlayVerdict(
                False,
                Reason(
                    "{Led} were led and the hand holds the {held}: follow suit, or play a"
                    " Wizard, a Jester or a special card.",
                    {"Led": _capital(led), "held": holding[0].label},
                ),
            )
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
    optional_specials: tuple[Special, ...] = ()
    """Special cards a table may choose to play with (Wizard's anniversary cards); the
    game's own referee knows which it plays with (:meth:`with_special_cards`)."""
    special_cards: frozenset[Special] = frozenset()
    """The optional special cards this referee's game plays with."""

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

    def trick_notes(self, plays: Sequence[Card], ruling: TrickRuling) -> tuple[Reason, ...]:
        """What else the trick sets off beyond who takes it; most games: nothing."""
        return ()

    # -- the same for every game -------------------------------------------------

    def with_special_cards(self, names: Iterable[str | Special]) -> Referee:
        """The referee of a game that plays with these optional special cards: a game
        without any to choose takes none (``ValueError``).

        >>> REFEREES["oh_hell"].with_special_cards([]) is REFEREES["oh_hell"]
        True
        """
        if list(names):
            raise ValueError(f"{self.title} has no special cards to choose")
        return self

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
    """RULES.md, Wizard › Play; the order of the ranks is always the same.

    A game with the anniversary special cards has its own referee, which knows the cards
    in play (:meth:`with_special_cards`); the registered one plays without them.

    >>> referee = REFEREES["wizard"].with_special_cards({"bomb", "dragon", "fairy"})
    >>> [str(card) for card in referee.deck()][52:]
    ['wizard', 'jester', 'bomb', 'dragon', 'fairy']
    >>> ruling = referee.trick_winner([Card.parse(c) for c in ("7h", "bomb", "9h")], None)
    >>> ruling.winner, ruling.next_leader
    (None, 2)
    """

    def with_special_cards(self, names: Iterable[str | Special]) -> WizardReferee:
        """The referee of a game that plays with these special cards (``"dragon"``, ...).

        Its deck lists the cards that can come to a trick: not the Werewolf, which its
        holder swaps for the turned card before the bidding.
        """
        cards = frozenset(Special(name) for name in names)
        unknown = cards - set(ANNIVERSARY_CARDS)
        if unknown:
            raise ValueError(f"not an anniversary card: {sorted(c.value for c in unknown)}")
        played = tuple(c for c in ANNIVERSARY_CARDS if c in cards and c is not Special.WEREWOLF)
        return replace(
            self, special_cards=cards, specials=(Special.WIZARD, Special.JESTER, *played)
        )

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        wizard_deck_check(cards, field=field, special_cards=self.special_cards)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return wizard_trick_winner(plays, trump, self.special_cards)

    def trick_notes(self, plays: Sequence[Card], ruling: TrickRuling) -> tuple[Reason, ...]:
        return wizard_trick_notes(plays, ruling)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return wizard_check_play(plays, hand, card, trump, self.special_cards)


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
        optional_specials=ANNIVERSARY_CARDS,
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
    if card.bare not in [held.bare for held in hand]:
        raise CardError(
            "The {card} is not in the hand: list the hand with the card in question",
            card=card.label,
            field="card",
        )
