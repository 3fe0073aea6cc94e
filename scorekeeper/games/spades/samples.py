"""Spades' samples for the shared tests: its recorded games (``recorded/``), how a
scorekeeper enters them on the pages, and a plausible hand to play a game on with."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

from ...rules.game import ScoredRound
from ..kind import Samples, SheetLine, Taps, figure
from .forms import bid_value
from .rules import BLIND_NIL, HAND, NIL, SpadesGame


def new_game_taps(options: Mapping[str, Any]) -> Taps:
    """The new-game page: the target typed, a box each for blind nil and the bag penalty
    (ticked by default: left out of a page's fields, it is off)."""
    taps: Taps = {}
    if "target" in options:
        taps["target"] = str(options["target"])
    if options.get("blind_nil"):
        taps["blind_nil"] = "y"
    if options.get("bag_penalty", True):
        taps["bag_penalty"] = "y"
    return taps


def round_taps(played: Mapping[str, Any]) -> Taps:
    """The round screen: a chip for each bid (nil is the 0 chip) and each trick count."""
    taps: Taps = {}
    if "dealer" in played:
        taps["dealer"] = str(played["dealer"])
    for seat, (bid, took) in enumerate(zip(played["bids"], played["tricks"], strict=True)):
        taps[f"bid_{seat}"] = bid_value(NIL if bid == 0 else bid)
        taps[f"tricks_{seat}"] = str(took)
    return taps


def a_round(state: SpadesGame, rng: Random) -> dict[str, Any]:
    """A hand as a table might play it: the 13 tricks shared out, each bid at or a little
    under what was taken (sides mostly make their contracts, and a game to 500 lasts about
    ten hands), now and then one over, a nil kept or set, or with the option a blind nil."""
    tricks = [0] * state.player_count
    for _ in range(HAND):
        tricks[rng.randrange(state.player_count)] += 1
    bids: list[int | str] = []
    for took in tricks:
        if (took == 0 and rng.random() < 0.6) or (took == 1 and rng.random() < 0.15):
            bids.append(BLIND_NIL if state.options.blind_nil and rng.random() < 0.3 else NIL)
        else:
            bids.append(min(HAND, max(1, took + rng.choice((0, 0, 0, -1, -1, 1)))))
    return {"bids": bids, "tricks": tricks}


def sheet_line(state: SpadesGame, scored: ScoredRound[Any]) -> SheetLine:
    """How a hand reads on the completed sheet: its number and dealer, then each side's
    bids and tricks partner by partner (``3+4``; a nil 0, a blind nil 00), its score, its
    bags and its total."""
    record = scored.record
    marks = {NIL: "0", BLIND_NIL: "00"}
    bids = [marks.get(str(bid), str(bid)) for bid in record.bids]
    ends: list[str] = []
    for side, seats in enumerate(state.sides):
        ends.append("+".join(bids[seat] for seat in seats))
        ends.append("+".join(str(record.tricks[seat]) for seat in seats))
        ends.append(figure(state.side_scores(scored)[side], signed=True))
        ends += [str(scored.carried[side]), figure(scored.totals[seats[0]])]
    return SheetLine(f"{scored.number} {state.players[record.dealer]} ", tuple(ends))


SAMPLES = Samples(
    folder=Path(__file__).parent,
    new_game_taps=new_game_taps,
    round_taps=round_taps,
    a_round=a_round,
    sheet_line=sheet_line,
)
