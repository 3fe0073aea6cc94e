"""Cards as the scoresheet writes them: rank then suit letter, or a special card.

>>> Card.parse("Qh")
Card(rank=<Rank.QUEEN: 12>, suit=<Suit.HEARTS: 'h'>, special=None)
>>> str(Card.parse("10S"))
'10s'
>>> Card.parse("wizard").label
'Wizard'
>>> Card.parse("qh").label
'Q♥'
>>> Suit.parse("hearts") is Suit.HEARTS
True

The anniversary editions' special cards are written by name; the Juggler and the Cloud
with the suit their player names, the Shapeshifter with the card it is played as:

>>> juggler = Card.parse("juggler:h")
>>> str(juggler), juggler.label, str(juggler.bare)
('juggler:h', 'Juggler (7½♥)', 'juggler')
>>> Card.parse("Shapeshifter:Wizard").label
'Shapeshifter (Wizard)'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .errors import CardError


class Suit(enum.Enum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def word(self) -> str:
        """The suit's name as the API writes it: ``"hearts"``."""
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its word (``"hearts"``), letter (``"h"``) or symbol."""
        key = text.strip().lower() if isinstance(text, str) else None
        for suit in cls:
            if key in (suit.word, suit.value, suit.symbol):
                return suit
        raise CardError("{text} is not a suit", text=repr(text), field="trump")


_SUIT_SYMBOLS = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}


class Rank(enum.IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """``"2"``–``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return _FACE_LETTERS.get(self, str(int(self)))


_FACE_LETTERS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
_RANKS_BY_TEXT = {rank.letter.lower(): rank for rank in Rank}


class Special(enum.Enum):
    WIZARD = "wizard"
    JESTER = "jester"
    JOKER = "joker"
    # The anniversary editions of Wizard (RULES.md, Wizard with the anniversary special cards)
    BOMB = "bomb"
    CLOUD = "cloud"
    DRAGON = "dragon"
    FAIRY = "fairy"
    JUGGLER = "juggler"
    WEREWOLF = "werewolf"
    SHAPESHIFTER = "shapeshifter"

    @property
    def label(self) -> str:
        """How a person writes the card: ``Wizard``, ``Dragon``."""
        return self.value.capitalize()


ANNIVERSARY_CARDS = (
    Special.BOMB,
    Special.CLOUD,
    Special.DRAGON,
    Special.FAIRY,
    Special.JUGGLER,
    Special.WEREWOLF,
    Special.SHAPESHIFTER,
)
"""The anniversary editions' special cards, in the order the scoresheet lists them."""

NAMES_A_SUIT = {Special.JUGGLER: "7½", Special.CLOUD: "9¾"}
"""The special cards played as a card of a suit their player names, and their value there:
the Juggler between the 7 and the 8, the Cloud between the 9 and the 10."""

SHAPES = (Special.WIZARD, Special.JESTER)
"""What the Shapeshifter may be played as."""

_CARD_PATTERN = re.compile(r"^(10|[2-9]|[jqka])([cdhs])$")


@dataclass(frozen=True, repr=False)
class Card:
    """One card: a rank and a suit, or a special card (Wizard, Jester, Joker, or one of
    the anniversary editions' cards).

    A Juggler or a Cloud played to a trick carries the suit its player ``named``; a
    Shapeshifter played carries the card it was ``declared`` (a Wizard or a Jester). The
    same cards held, or turned for trump, carry neither.
    """

    rank: Rank | None = None
    suit: Suit | None = None
    special: Special | None = None
    named: Suit | None = None
    declared: Special | None = None

    def __post_init__(self) -> None:
        suited = self.rank is not None and self.suit is not None
        if suited == (self.special is not None) or (
            not suited and (self.rank is not None or self.suit is not None)
        ):
            raise ValueError("a card is either a rank and a suit or a special card")
        if self.named is not None and self.special not in NAMES_A_SUIT:
            raise ValueError("only the Juggler and the Cloud are played with a suit named")
        if self.declared is not None and (
            self.special is not Special.SHAPESHIFTER or self.declared not in SHAPES
        ):
            raise ValueError("only the Shapeshifter is played as a Wizard or a Jester")

    def __repr__(self) -> str:
        parts = [f"rank={self.rank!r}", f"suit={self.suit!r}", f"special={self.special!r}"]
        if self.named is not None:
            parts.append(f"named={self.named!r}")
        if self.declared is not None:
            parts.append(f"declared={self.declared!r}")
        return f"Card({', '.join(parts)})"

    @classmethod
    def parse(cls, text: str, *, field: str | None = None) -> Card:
        """Read a card written as the API writes it, in any case."""
        if not isinstance(text, str):
            raise CardError("{text} is not a card", text=repr(text), field=field)
        key = text.strip().lower()
        name, colon, said = key.partition(":")
        for special in Special:
            if name == special.value:
                if colon:
                    return cls._played_as(special, said.strip(), field)
                return cls(special=special)
        match = _CARD_PATTERN.match(key)
        if match is None:
            raise CardError(
                "“{text}” is not a card: write a rank and a suit letter, like 10h or qs,"
                " or wizard, jester or joker",
                # However long the text, the sentence quotes only its start.
                text=text if len(text) <= 16 else f"{text[:12]}…",
                field=field,
            )
        return cls(rank=_RANKS_BY_TEXT[match.group(1)], suit=Suit(match.group(2)))

    @classmethod
    def _played_as(cls, special: Special, said: str, field: str | None) -> Card:
        """A Juggler or a Cloud with its named suit, a Shapeshifter with its shape."""
        if special in NAMES_A_SUIT:
            suit = next((s for s in Suit if said in (s.value, s.word, s.symbol)), None)
            if suit is None:
                raise CardError(
                    "Write the {card} with the suit its player named, by its letter:"
                    " {key}:c, {key}:d, {key}:h or {key}:s",
                    card=special.label,
                    key=special.value,
                    field=field,
                )
            return cls(special=special, named=suit)
        if special is Special.SHAPESHIFTER:
            shape = next((s for s in SHAPES if said == s.value), None)
            if shape is None:
                raise CardError(
                    "Write the Shapeshifter as the card its player declared it:"
                    " shapeshifter:wizard or shapeshifter:jester",
                    field=field,
                )
            return cls(special=special, declared=shape)
        raise CardError(
            "The {card} is written alone: only the Juggler and the Cloud name a suit,"
            " and the Shapeshifter a Wizard or a Jester",
            card=special.label,
            field=field,
        )

    @property
    def bare(self) -> Card:
        """The card itself, without the suit or the shape its player named: as it is
        held, counted in the deck or turned for trump."""
        if self.named is None and self.declared is None:
            return self
        return Card(special=self.special)

    @property
    def is_wizard(self) -> bool:
        return self.special is Special.WIZARD

    @property
    def is_jester(self) -> bool:
        return self.special is Special.JESTER

    @property
    def is_joker(self) -> bool:
        return self.special is Special.JOKER

    @property
    def label(self) -> str:
        """How a person writes the card: ``Q♥``, ``10♠``, ``Wizard``."""
        if self.named is not None:
            assert self.special is not None
            return f"{self.special.label} ({NAMES_A_SUIT[self.special]}{self.named.symbol})"
        if self.declared is not None:
            assert self.special is not None
            return f"{self.special.label} ({self.declared.label})"
        if self.special is not None:
            return self.special.label
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.letter}{self.suit.symbol}"

    def __str__(self) -> str:
        if self.named is not None:
            return f"{self.bare}:{self.named.value}"
        if self.declared is not None:
            return f"{self.bare}:{self.declared.value}"
        if self.special is not None:
            return self.special.value
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.letter.lower()}{self.suit.value}"
