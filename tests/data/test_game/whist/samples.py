"""Whist's samples for the shared tests: its recorded game (``recorded/``), how a
scorekeeper enters it on the pages, and a plausible hand to play a game on with."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

from ...rules.cards import Suit
from ..kind import Samples, Taps
from .rules import HAND, WhistGame


def new_game_taps(options: Mapping[str, Any]) -> Taps:
    """The new-game page: the target typed."""
    return {"target": str(options["target"])} if "target" in options else {}


def round_taps(played: Mapping[str, Any]) -> Taps:
    """The round screen: the trump's chip, and each side's tricks."""
    taps: Taps = {"trump": str(played["trump"])}
    if "dealer" in played:
        taps["dealer"] = str(played["dealer"])
    for side, took in enumerate(played["tricks"]):
        taps[f"tricks_{side}"] = str(took)
    return taps


def a_round(state: WhistGame, rng: Random) -> dict[str, Any]:
    """A hand as a table might play it: any suit turned, the 13 tricks shared out."""
    first = sum(rng.random() < 0.5 for _ in range(HAND))
    return {"trump": rng.choice(list(Suit)).word, "tricks": [first, HAND - first]}


SAMPLES: Samples[WhistGame] = Samples(
    folder=Path(__file__).parent,
    new_game_taps=new_game_taps,
    round_taps=round_taps,
    a_round=a_round,
)
