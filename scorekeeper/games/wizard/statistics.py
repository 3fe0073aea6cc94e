"""Wizard's section of a player's page: bidding by cards dealt (RULES.md › Wizard)."""

from __future__ import annotations

from ..tricks_statistics import TrickBids, bids_by_cards

section = bids_by_cards
"""Wizard's bids are tricks: its section is the one every game of trick bids shares."""

__all__ = ["TrickBids", "section"]
