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


_CARD_PATTERN = re.compile(r"^(10|[2-9]|[jqka])([cdhs])$")


@dataclass(frozen=True)
class Card:
    """One card: a rank and a suit, or a special card (Wizard, Jester, Joker)."""

    rank: Rank | None = None
    suit: Suit | None = None
    special: Special | None = None

    def __post_init__(self) -> None:
        suited = self.rank is not None and self.suit is not None
        if suited == (self.special is not None) or (
            not suited and (self.rank is not None or self.suit is not None)
        ):
            raise ValueError("a card is either a rank and a suit or a special card")

    @classmethod
    def parse(cls, text: str, *, field: str | None = None) -> Card:
        """Read a card written as the API writes it, in any case."""
        if not isinstance(text, str):
            raise CardError("{text} is not a card", text=repr(text), field=field)
        key = text.strip().lower()
        for special in Special:
            if key == special.value:
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
        if self.special is not None:
            return self.special.value.capitalize()
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.letter}{self.suit.symbol}"

    def __str__(self) -> str:
        if self.special is not None:
            return self.special.value
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.letter.lower()}{self.suit.value}"
