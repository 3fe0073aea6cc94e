"""A trump as a page or a client sends it, read one way everywhere outside the rules.

The rules read a suit (``Suit.parse``: ``hearts``, ``h``, ``♥``); a trump may also be no
suit at all, said ``none`` or left blank. The API takes only the words it documents
(``hearts`` … ``none``, any case); the referee's pages take a letter or a symbol too.
"""

from __future__ import annotations

from .rules import Suit
from .rules.errors import CardError

NO_TRUMP = "none"
"""The word for a round played without trump."""
TRUMP_WORDS: tuple[str, ...] = (*(suit.word for suit in Suit), NO_TRUMP)
"""A trump as the API writes it: the suits' words, then ``none``."""


def parse_trump(text: object, *, words_only: bool = False) -> Suit | None:
    """The trump ``text`` names: a suit, or None for ``none`` or a blank.

    Raises :class:`CardError` (its field ``trump``) for anything else: a text that names
    no suit, or not a text at all. ``words_only``: only :data:`TRUMP_WORDS` (the API's).

    >>> parse_trump("Hearts"), parse_trump(" none "), parse_trump(""), parse_trump("♠")
    (<Suit.HEARTS: 'h'>, None, None, <Suit.SPADES: 's'>)
    >>> parse_trump("h", words_only=True)
    Traceback (most recent call last):
    scorekeeper.rules.errors.CardError: 'h' is not a suit
    """
    if not isinstance(text, str):
        raise CardError("{text} is not a suit", text=repr(text), field="trump")
    word = text.strip().lower()
    if word in ("", NO_TRUMP):
        return None
    if words_only and word not in TRUMP_WORDS:
        raise CardError("{text} is not a suit", text=repr(text), field="trump")
    return Suit.parse(word)
