"""Wizard's samples for the shared tests: its recorded games (``recorded/``) and how a
scorekeeper enters them on the pages."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...rules import Card, Suit
from ..kind import Samples, Taps
from ..tricks_sheet import trick_sheet_line
from .rules import WizardGame


def new_game_taps(options: Mapping[str, Any]) -> Taps:
    """The new-game page: a box for each special card, a box for the hook, the numbers;
    a schedule by its name, or the table's own list typed."""
    taps: Taps = {}
    for option, value in options.items():
        if option == "schedule" and isinstance(value, list):
            taps["schedule"] = "own"
            taps["hand_sizes"] = ", ".join(str(size) for size in value)
        elif isinstance(value, list):
            taps[option] = [str(card) for card in value]
        elif value is True:
            taps[option] = "y"
        elif value is not False:
            taps[option] = str(value)
    return taps


def round_taps(played: Mapping[str, Any]) -> Taps:
    """The round screen: the turned card (its suit, then the card; a Wizard's or a special
    card's name, and the dealer's suit where it names one), the bids and the tricks, the
    special cards' boxes."""
    taps: Taps = {"dealer": str(played["dealer"])}
    for seat, (bid, took) in enumerate(zip(played["bids"], played["tricks"], strict=True)):
        taps[f"bid_{seat}"] = str(bid)
        taps[f"tricks_{seat}"] = str(took)
    turned = played.get("turned")
    werewolf = played.get("werewolf")
    if turned is not None and not turned[:1].isdigit() and len(turned) > 3:
        taps["turned"] = turned
        if played["trump"] != "none" and werewolf is None:
            taps["wizard_trump"] = played["trump"]
    elif turned:
        suit = Card.parse(turned).suit
        assert suit is not None
        taps["turned"] = suit.value
        taps["turned_card"] = turned
    elif played["trump"] != "none":
        taps["turned"] = Suit.parse(played["trump"]).value
    if played.get("bomb"):
        taps["bomb"] = "y"
    if played.get("cloud") is not None:
        taps["cloud_seat"] = str(played["cloud"]["seat"])
        taps["cloud_change"] = str(played["cloud"]["change"])
    if werewolf is not None:
        taps["werewolf_seat"] = str(werewolf["seat"])
        taps["werewolf_trump"] = werewolf["trump"]
    return taps


SAMPLES: Samples[WizardGame] = Samples(
    folder=Path(__file__).parent,
    new_game_taps=new_game_taps,
    round_taps=round_taps,
    sheet_line=trick_sheet_line,
)
