"""A correction of a One Card hand as the reader says it: the auction and its contract
(who won it, with which bid), the trump and the order, each seat's points and who won the
last trick (RULES.md › One Card)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import gettext
from ...rules import Game
from ..changes import NONE, ChangeWords, listed, number, seat_name


def _seat_or_nobody(state: Game[Any, Any], seat: Any) -> str:
    return gettext("nobody") if seat is None else seat_name(state, seat)


def _points(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    name, old, new = (
        seat_name(state, change.get("seat")),
        number(change.get("old")),
        number(change.get("new")),
    )
    return gettext("%(name)s's points %(old)s → %(new)s", name=name, old=old, new=new)


def _bidder(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old = _seat_or_nobody(state, change.get("old"))
    new = _seat_or_nobody(state, change.get("new"))
    return gettext("Highest bidder %(old)s → %(new)s", old=old, new=new)


def _bid(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = number(change.get("old")), number(change.get("new"))
    return gettext("Bid %(old)s → %(new)s", old=old, new=new)


def _order_word(value: Any) -> str:
    if value == "uptown":
        return gettext("Uptown")
    if value == "downtown":
        return gettext("Downtown")
    return NONE


def _order(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = _order_word(change.get("old")), _order_word(change.get("new"))
    return gettext("Order %(old)s → %(new)s", old=old, new=new)


def _last_trick(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old = _seat_or_nobody(state, change.get("old"))
    new = _seat_or_nobody(state, change.get("new"))
    return gettext("Last trick %(old)s → %(new)s", old=old, new=new)


def _calls(value: Any) -> str:
    """An auction's calls in turn: "7, pass, 8"; a dash for none recorded."""
    if not isinstance(value, list):
        return NONE
    return listed(gettext("pass") if call is None else number(call) for call in value)


def _auction(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    old, new = _calls(change.get("old")), _calls(change.get("new"))
    return gettext("Auction %(old)s → %(new)s", old=old, new=new)


CHANGE_WORDS: ChangeWords = {
    "points": _points,
    "bidder": _bidder,
    "bid": _bid,
    "order": _order,
    "last_trick": _last_trick,
    "auction": _auction,
}
