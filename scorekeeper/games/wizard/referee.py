"""Wizard's referee: who won a trick, and may this card be played (RULES.md › Wizard › Play,
and the anniversary special cards).

Every answer carries its reason as a sentence that names the rule:

>>> from scorekeeper.rules.cards import Card, Suit
>>> ruling = wizard_trick_winner([Card.parse(c) for c in ("3h", "2h", "ks")], Suit.HEARTS)
>>> ruling.winner, str(ruling.reason)
(0, 'The 3♥ wins: hearts are trump and no Wizard was played.')
>>> verdict = wizard_check_play([Card.parse("7s")], [Card.parse(c) for c in ("2s", "qh")],
...                             Card.parse("qh"), Suit.HEARTS)
>>> verdict.legal, str(verdict.reason)
(False, 'Spades were led and the hand holds the 2♠: follow suit, or play a Wizard or a Jester.')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ...rules.cards import ANNIVERSARY_CARDS, NAMES_A_SUIT, Card, Rank, Special, Suit
from ...rules.errors import N_, CardError
from ...rules.referee import (
    PlayVerdict,
    Reason,
    Referee,
    TrickRuling,
    check_copies,
    follow_suit,
    rank_of,
    require_in_hand,
    require_plays,
)

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
    return rank_of(card)


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
    check_copies(cards, copies, field)


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
    require_plays(plays)
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
    require_in_hand(hand, card)
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
    if special_cards:
        refusal = N_(
            "{Led} were led and the hand holds the {held}: follow suit, or play a"
            " Wizard, a Jester or a special card."
        )
    else:
        refusal = N_(
            "{Led} were led and the hand holds the {held}: follow suit, or play a"
            " Wizard or a Jester."
        )
    return follow_suit(card, hand, led, refusal)


@dataclass(frozen=True)
class WizardReferee(Referee):
    """RULES.md, Wizard › Play; the order of the ranks is always the same.

    A game with the anniversary special cards has its own referee, which knows the cards
    in play (:meth:`with_special_cards`); the registered one plays without them.

    >>> referee = REFEREE.with_special_cards({"bomb", "dragon", "fairy"})
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


REFEREE = WizardReferee(
    key="wizard",
    title="Wizard",
    max_players=6,
    max_hand=20,
    has_order=False,
    ranks=tuple(Rank),
    specials=(Special.WIZARD, Special.JESTER),
    optional_specials=ANNIVERSARY_CARDS,
)
