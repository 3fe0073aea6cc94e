"""One Card's samples for the shared tests: its recorded games (``recorded/``) and how a
scorekeeper enters them on the pages."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...rules.game import ScoredRound
from ..kind import Samples, SheetLine, Taps, figure
from .rules import OneCardGame


def new_game_taps(options: Mapping[str, Any]) -> Taps:
    """The new-game page: the target typed."""
    return {option: str(value) for option, value in options.items()}


def round_taps(played: Mapping[str, Any]) -> Taps:
    """The hand screen: the points, the last trick, the order and trump, and the contract
    (the auction's calls, everyone passed, or the bidder and the bid)."""
    taps: Taps = {"dealer": str(played["dealer"]), "last_trick": str(played["last_trick"])}
    taps.update({f"points_{seat}": str(p) for seat, p in enumerate(played["points"])})
    taps["order"] = played.get("order", "uptown")
    if played["trump"] != "none":
        taps["trump"] = played["trump"]
    if played.get("auction"):
        taps["auction"] = ",".join("p" if c is None else str(c) for c in played["auction"])
    elif played["bidder"] is None:
        taps["bidder"] = "none"
    else:
        taps.update(bidder=str(played["bidder"]), bid=str(played["bid"]))
    return taps


def sheet_line(state: OneCardGame, scored: ScoredRound[Any]) -> SheetLine:
    """How a hand reads on the completed sheet: its number and dealer, the contract (the
    bid and ✓ or ✗, or "all passed"), then each player's points and total; a bidder who
    fell short has ✗ before their points (they score 0)."""
    record = scored.record
    ends: list[str] = []
    for seat in range(state.player_count):
        if seat == record.bidder and record.made is False:
            ends.append("✗")
        ends += [str(record.points[seat]), figure(scored.totals[seat])]
    said = "all passed" if record.bidder is None else f"{record.bid} {'✓' if record.made else '✗'}"
    return SheetLine(f"{scored.number} {state.players[record.dealer]} ", tuple(ends), (said,))


SAMPLES: Samples[OneCardGame] = Samples(
    folder=Path(__file__).parent,
    new_game_taps=new_game_taps,
    round_taps=round_taps,
    sheet_line=sheet_line,
)
