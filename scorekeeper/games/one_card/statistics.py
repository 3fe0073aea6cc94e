"""One Card's section of a player's page: contracts made and failed (RULES.md › One Card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...history import BidLine


@dataclass(frozen=True)
class Contracts:
    made: int
    failed: int


def section(rows: Sequence[BidLine]) -> Contracts:
    """The player's contracts over their finished games, whatever the deal size.

    >>> from scorekeeper.history import BidLine
    >>> section([BidLine(1, 3, 2, 1, 0), BidLine(2, 1, 1, 0, 0)])
    Contracts(made=3, failed=1)
    """
    return Contracts(sum(row.made for row in rows), sum(row.failed for row in rows))
