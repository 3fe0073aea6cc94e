"""Oh Hell's samples for the shared tests: its recorded games (``recorded/``) and how a
scorekeeper enters them on the pages."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...rules import Card
from ..kind import Samples, Taps
from ..tricks_sheet import trick_sheet_line
from .rules import OhHellGame


def new_game_taps(options: Mapping[str, Any]) -> Taps:
    """The new-game page: a table's own hand sizes or scoring typed under "own"."""
    taps: Taps = {}
    for option, value in options.items():
        if isinstance(value, list):
            taps.update({option: "own", "hand_sizes": ", ".join(map(str, value))})
        elif isinstance(value, dict):
            taps.update({option: "own", **{k: str(v) for k, v in value.items()}})
        elif value is True:
            taps[option] = "y"
        elif value is not False:
            taps[option] = str(value)
    return taps


def round_taps(played: Mapping[str, Any]) -> Taps:
    """The round screen: the turned card's suit and rank, the bids and the tricks."""
    taps: Taps = {"dealer": str(played["dealer"])}
    for seat, (bid, took) in enumerate(zip(played["bids"], played["tricks"], strict=True)):
        taps[f"bid_{seat}"] = str(bid)
        taps[f"tricks_{seat}"] = str(took)
    turned = played.get("turned")
    if turned:
        card = Card.parse(turned)
        assert card.suit is not None and card.rank is not None
        taps["turned"] = card.suit.value
        taps["turned_rank"] = card.rank.letter.lower()
    return taps


SAMPLES: Samples[OhHellGame] = Samples(
    folder=Path(__file__).parent,
    new_game_taps=new_game_taps,
    round_taps=round_taps,
    sheet_line=trick_sheet_line,
)
