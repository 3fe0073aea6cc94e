"""Tens' samples for the shared tests: its recorded game and how it is entered."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...rules import Card
from ..kind import Samples, Taps
from .rules import TensGame


def new_game_taps(options: Mapping[str, Any]) -> Taps:
    return {name: "y" if value is True else str(value) for name, value in options.items()}


def round_taps(played: Mapping[str, Any]) -> Taps:
    taps: Taps = {"dealer": str(played["dealer"])}
    for seat, (bid, took) in enumerate(zip(played["bids"], played["tricks"], strict=True)):
        taps[f"bid_{seat}"] = str(bid)
        taps[f"tricks_{seat}"] = str(took)
    suit = Card.parse(played["turned"]).suit
    assert suit is not None
    taps["turned"] = suit.value
    return taps


SAMPLES: Samples[TensGame] = Samples(
    folder=Path(__file__).parent, new_game_taps=new_game_taps, round_taps=round_taps
)
