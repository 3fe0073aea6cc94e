"""What every game's referee shares: who won a trick, and may this card be played.

Each game's referee (``scorekeeper/games/<key>/referee.py``) knows its deck, who takes a
trick and which cards may be played; the questions' sizes are judged here, the same for
all, and every answer carries its reason as a sentence that names the rule:

>>> from scorekeeper.games import REFEREES
>>> from scorekeeper.rules.cards import Card, Suit
>>> ruling = REFEREES["wizard"].trick_winner([Card.parse(c) for c in ("3h", "2h", "ks")],
...                                          Suit.HEARTS)
>>> ruling.winner, str(ruling.reason)
(0, 'The 3♥ wins: hearts are trump and no Wizard was played.')
"""

from __future__ import annotations

import abc
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import Card, Rank, Special, Suit
from .errors import N_, CardError

UPTOWN, DOWNTOWN = "uptown", "downtown"


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


def suit_plural(suit: Suit) -> str:
    return suit.word


def capital(suit: Suit) -> str:
    return suit.word.capitalize()


def check_copies(cards: Sequence[Card], specials: dict[Special, int], field: str) -> None:
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

    flags: ClassVar[Mapping[str, str]] = {}
    """Yes-or-no facts of the hand so far that a play's ruling depends on (Spades: whether
    spades are broken), each with what it says; false unless asked (:meth:`with_flags`)."""

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

        >>> from scorekeeper.games import REFEREES
        >>> REFEREES["oh_hell"].with_special_cards([]) is REFEREES["oh_hell"]
        True
        """
        if list(names):
            raise ValueError(f"{self.title} has no special cards to choose")
        return self

    def with_flags(self, **flags: bool) -> Referee:
        """The referee of a hand with these :attr:`flags`; a game without flags: itself."""
        return self

    def deck(self) -> tuple[Card, ...]:
        """Every card the game's deck has, and the stand-ins it accepts, once each.

        >>> from scorekeeper.games import REFEREES
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

        >>> from scorekeeper.games import REFEREES
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


# -- shared -------------------------------------------------------------------------


def rank_of(card: Card) -> int:
    assert card.rank is not None
    return int(card.rank)


def require_plays(plays: Sequence[Card]) -> None:
    if not plays:
        raise CardError("Give the cards of the trick, the card led first", field="plays")


def require_in_hand(hand: Sequence[Card], card: Card) -> None:
    if card.bare not in [held.bare for held in hand]:
        raise CardError(
            "The {card} is not in the hand: list the hand with the card in question",
            card=card.label,
            field="card",
        )


def highest_trump_or_led(plays: Sequence[Card], trump: Suit | None) -> TrickRuling:
    """The plain trick games' winner: the highest trump played, else the highest card of
    the suit led; ``plays`` checked against the game's deck already, the card led first.

    >>> plays = [Card.parse(text) for text in ("9h", "kh", "2s", "ah")]
    >>> ruled = highest_trump_or_led(plays, Suit.SPADES)
    >>> ruled.winner, str(ruled.reason)
    (2, 'The 2♠ wins: spades are trump, and it is the highest trump played.')
    >>> str(highest_trump_or_led(plays[:2], None).reason)
    'The K♥ wins: it is the highest heart, the suit led, and there is no trump this round.'
    """
    trumps = [(i, c) for i, c in enumerate(plays) if trump is not None and c.suit is trump]
    if trumps:
        index, card = max(trumps, key=lambda pair: rank_of(pair[1]))
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
        ((i, c) for i, c in enumerate(plays) if c.suit is led), key=lambda pair: rank_of(pair[1])
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


FOLLOW_SUIT = N_("{Led} were led and the hand holds the {held}: follow suit.")
"""The plain trick games' refusal of a card that does not follow the suit led."""


def follow_suit(
    card: Card, hand: Sequence[Card], led: Suit, refusal: str = FOLLOW_SUIT
) -> PlayVerdict:
    """The plain rule of the trick games: a card of the suit led follows; any other card is
    refused while the hand holds that suit (``refusal`` says why, with ``{Led}`` and
    ``{held}``: a game whose other cards may always be played says so); without it, any
    card may be played.

    >>> hand = [Card.parse("2s"), Card.parse("qh")]
    >>> str(follow_suit(Card.parse("qh"), hand, Suit.SPADES).reason)
    'Spades were led and the hand holds the 2♠: follow suit.'
    >>> follow_suit(Card.parse("qh"), hand[1:], Suit.SPADES).legal
    True
    """
    if card.suit is led:
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    holding = [c for c in hand if c.suit is led]
    if holding:
        return PlayVerdict(False, Reason(refusal, {"Led": capital(led), "held": holding[0].label}))
    return PlayVerdict(
        True,
        Reason("No {led} in the hand, so any card may be played.", {"led": suit_plural(led)}),
    )
