"""Players' names made short where room is short, always still telling them apart."""

from __future__ import annotations

from collections.abc import Sequence

ELLIPSIS = "…"


def distinct_prefix(name: str, others: Sequence[str], limit: int) -> str:
    """``name`` in at most ``limit`` characters where that still tells it from every name
    in ``others``; else the shortest start of it that no other name shares. An ellipsis
    marks what is left out.

    >>> distinct_prefix("Christopher", ["Christina", "Ana"], 5)
    'Christo…'
    >>> distinct_prefix("Christina", ["Christopher", "Ana"], 5)
    'Christi…'
    >>> distinct_prefix("Bartholomew", ["Ana"], 5), distinct_prefix("Ana", ["Bartholomew"], 5)
    ('Bart…', 'Ana')
    >>> distinct_prefix("Christine", ["Christina"], 5)  # shorter would say no more
    'Christine'
    """
    if len(name) <= limit:
        return name
    keep = max(limit - len(ELLIPSIS), 1)
    rivals = [other for other in others if other != name]
    while keep < len(name) and any(other.startswith(name[:keep]) for other in rivals):
        keep += 1
    if keep + len(ELLIPSIS) >= len(name):
        return name
    return name[:keep].rstrip() + ELLIPSIS


def distinct_within(name: str, others: Sequence[str], limit: int) -> str:
    """``name`` in at most ``limit`` characters (for a column that cannot grow), telling
    it from ``others`` where the start alone cannot: the start, an ellipsis, and as much
    of the end as it takes.

    >>> pair = ["Christopher", "Christina"]
    >>> distinct_within(pair[0], pair, 6), distinct_within(pair[1], pair, 6)
    ('Chri…r', 'Chri…a')
    >>> distinct_within("Bartholomew", ["Ana"], 6)
    'Barth…'
    >>> distinct_within("Christopher", ["Christophe"], 6), distinct_within("Ana", ["Anabel"], 6)
    ('Chri…r', 'Ana')
    """
    short = distinct_prefix(name, others, limit)
    if len(short) <= limit:
        return short
    rivals = [other for other in others if other != name]
    for tail in range(1, limit - 1):
        head = limit - len(ELLIPSIS) - tail
        candidate = name[:head] + ELLIPSIS + name[-tail:]
        if not any(_squeezed(other, head, tail) == candidate for other in rivals):
            return candidate
    return name[: limit - len(ELLIPSIS)] + ELLIPSIS


def _squeezed(name: str, head: int, tail: int) -> str:
    if len(name) <= head + tail + len(ELLIPSIS):
        return name
    return name[:head] + ELLIPSIS + name[-tail:]


def short_names(names: Sequence[str], limit: int) -> list[str]:
    """Each name as :func:`distinct_prefix` shortens it among the others.

    >>> short_names(["Christopher", "Christina", "Ana"], 5)
    ['Christo…', 'Christi…', 'Ana']
    """
    return [distinct_prefix(name, names, limit) for name in names]


# Characters a board's column heading shows on a phone, by the number of players.
BOARD_LIMITS = {2: 16, 3: 12, 4: 9, 5: 7, 6: 5}


def board_names(names: Sequence[str]) -> list[str]:
    """The players' names as a scoreboard's narrow columns head them on a phone."""
    return short_names(names, BOARD_LIMITS.get(len(names), 5))
