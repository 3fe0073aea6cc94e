"""A correction of a Wizard round as the reader says it: beyond the bids, the tricks and
the turned card, the anniversary cards (RULES.md, Wizard with the anniversary special
cards): whether the Bomb was played, whose bid the Cloud changed, who swapped the Werewolf
and named which trump."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import gettext
from ...rules import Game
from ..changes import NONE, TRICK_WORDS, ChangeWords, seat_name, trump_word


def _bomb(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    if change.get("new"):
        return gettext("The Bomb was played")
    return gettext("The Bomb was not played")


def _cloud_said(state: Game[Any, Any], cloud: Any) -> str:
    """Whose bid the Cloud changed, and which way: "Ana, up by one"; "nobody"."""
    if not isinstance(cloud, Mapping):
        return gettext("nobody")
    name = seat_name(state, cloud.get("seat"))
    change = cloud.get("change")
    if change == 1:
        return gettext("%(name)s, up by one", name=name)
    if change == -1:
        return gettext("%(name)s, down by one", name=name)
    return name


def _cloud(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = _cloud_said(state, change.get("old")), _cloud_said(state, change.get("new"))
    return gettext("Cloud %(old)s → %(new)s", old=old, new=new)


def _werewolf_said(state: Game[Any, Any], swap: Any) -> str:
    """Who swapped the Werewolf, and the trump they named: "Ana, hearts"; "nobody"."""
    if not isinstance(swap, Mapping):
        return gettext("nobody")
    name, trump = seat_name(state, swap.get("seat")), trump_word(swap.get("trump"))
    return name if trump == NONE else gettext("%(name)s, %(trump)s", name=name, trump=trump)


def _turned_suit(swap: Any) -> str:
    """The turned card's suit the swap keeps (only its suit was said), or a dash."""
    return trump_word(swap.get("turned_suit")) if isinstance(swap, Mapping) else NONE


def _werewolf(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = _werewolf_said(state, change.get("old")), _werewolf_said(state, change.get("new"))
    if old == new:
        # The same swap; only the suit of the card turned changed.
        old, new = _turned_suit(change.get("old")), _turned_suit(change.get("new"))
        return gettext("Turned card %(old)s → %(new)s", old=old, new=new)
    return gettext("Werewolf %(old)s → %(new)s", old=old, new=new)


CHANGE_WORDS: ChangeWords = {
    **TRICK_WORDS,
    "bomb": _bomb,
    "cloud": _cloud,
    "werewolf": _werewolf,
}
