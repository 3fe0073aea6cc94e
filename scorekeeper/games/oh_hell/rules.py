"""Oh Hell, as RULES.md › Oh Hell decides it: the scoresheet's side of the game.

>>> game = OhHellGame.new(["Ana", "Ben", "Cai", "Dai"])
>>> game.options.schedule[:4], game.planned_rounds
((10, 9, 8, 7), 19)
>>> info = game.next_round
>>> info.cards, info.dealer, info.first_bidder
(10, 0, 1)
>>> record = game.record_from_mapping(
...     {"turned": "7h", "bids": [3, 2, 4, 2], "tricks": [3, 3, 2, 2]}, 1)
>>> record.trump
<Suit.HEARTS: 'h'>
>>> game = game.apply_round(record)
>>> game.totals
(13, 0, 0, 12)

The hook is on by default: the dealer may not make the bids add up to the hand.

>>> game.forbidden_bid(game.next_round, [2, 3, 1], seat=1)
3
>>> try:
...     game.parse_round({"turned": "2c", "bids": [2, 3, 1, 3], "tricks": [2, 3, 1, 3]})
... except RuleError as error:
...     print(error)
Hook: Ben deals and may not bid 3, or the bids would add up to 9, one for every trick
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...rules.bidding import (
    TrickBiddingGame,
    TrickRound,
    hand_sizes,
    hidden_bids_option,
    is_whole,
)
from ...rules.cards import Card, Suit
from ...rules.errors import N_, CardError, OptionError, RoundError, RuleError, TrumpError
from ...rules.game import RoundInfo

DECK_SIZE = 52  # the plain pack (RULES.md, Oh Hell › Deck and players)
DEFAULT_TOP = 10
MAX_SCORING_NUMBER = 100
"""The largest of the four scoring numbers (the app's decision)."""

SCHEDULE_NAMES = ("down-up", "up-down", "down", "up")
SCORING_FIELDS = ("made_base", "made_per_trick", "per_trick", "missed_per_trick_off")


def largest_hand(player_count: int) -> int:
    """The largest hand a schedule may deal: 52 / players, rounded down.

    >>> [largest_hand(n) for n in (3, 4, 5, 6, 7)]
    [17, 13, 10, 8, 7]
    """
    return DECK_SIZE // player_count


def default_top(player_count: int) -> int:
    """The top hand size unless the table picks another: 10, but never so many that no
    card is left to turn for trump (51 / players, rounded down).

    >>> [default_top(n) for n in (3, 4, 5, 6, 7)]
    [10, 10, 10, 8, 7]
    """
    return min(DEFAULT_TOP, (DECK_SIZE - 1) // player_count)


def named_schedule(name: str, top: int) -> tuple[int, ...]:
    """The hand sizes of a named schedule (RULES.md, Oh Hell › Rounds and dealing).

    >>> named_schedule("down-up", 3), named_schedule("up-down", 3)
    ((3, 2, 1, 2, 3), (1, 2, 3, 2, 1))
    >>> named_schedule("down", 3), named_schedule("up", 3)
    ((3, 2, 1), (1, 2, 3))
    """
    down = tuple(range(top, 0, -1))
    up = tuple(range(1, top + 1))
    sizes = {"down-up": down + up[1:], "up-down": up + down[1:], "down": down, "up": up}
    return sizes[name]


@dataclass(frozen=True)
class Scoring:
    """The four numbers a bid made or missed scores by (RULES.md, Oh Hell › Scoring).

    >>> ten_plus_bid = SCORING_PRESETS["ten-plus-bid"]
    >>> ten_plus_bid.score(bid=3, took=3), ten_plus_bid.score(bid=3, took=1)
    (13, 0)
    >>> SCORING_PRESETS["trick-each"].score(bid=2, took=4)
    4
    >>> SCORING_PRESETS["wizard-style"].score(bid=5, took=3)
    -20
    """

    made_base: int
    made_per_trick: int
    per_trick: int
    missed_per_trick_off: int

    def score(self, bid: int, took: int) -> int:
        if took == bid:
            return self.made_base + self.made_per_trick * took + self.per_trick * took
        return self.per_trick * took - self.missed_per_trick_off * abs(took - bid)

    def to_mapping(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in SCORING_FIELDS}


SCORING_PRESETS: dict[str, Scoring] = {
    "ten-plus-bid": Scoring(made_base=10, made_per_trick=1, per_trick=0, missed_per_trick_off=0),
    "trick-each": Scoring(made_base=10, made_per_trick=0, per_trick=1, missed_per_trick_off=0),
    "wizard-style": Scoring(made_base=20, made_per_trick=10, per_trick=0, missed_per_trick_off=10),
}
DEFAULT_SCORING = "ten-plus-bid"


@dataclass(frozen=True)
class OhHellOptions:
    """The options resolved: the hand size of every round, the hook, the scoring."""

    schedule: tuple[int, ...]
    hook: bool = True
    scoring: Scoring = field(default_factory=lambda: SCORING_PRESETS[DEFAULT_SCORING])
    hidden_bids: bool = False
    """Each player bids secretly on their own phone; the bids are revealed together."""


@dataclass(frozen=True)
class OhHellRound(TrickRound):
    """The facts of one round: who dealt, the card turned and the trump it made (none
    when every card was dealt), and each seat's bid and tricks."""


def options_from_mapping(data: Mapping[str, Any] | None, player_count: int) -> OhHellOptions:
    """Read and check Oh Hell's options as the API writes them; raise OptionError.

    A schedule is a name (with the ``top`` option) or the list of hand sizes; scoring is
    a preset's name or its four numbers. The resolved form reads back as itself.

    >>> options = options_from_mapping({"schedule": "up", "top": 3, "scoring": "trick-each"}, 5)
    >>> options.schedule, options.hook, options.scoring.per_trick
    ((1, 2, 3), True, 1)
    >>> options_from_mapping(options_mapping(options), 5) == options
    True
    """
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise OptionError("Options must be an object", field="options")
    unknown = sorted(set(data) - {"schedule", "top", "hook", "scoring", "hidden_bids"})
    if unknown:
        raise OptionError("Oh Hell has no option “{name}”", name=unknown[0], field="options")
    hook = data.get("hook", True)
    if not isinstance(hook, bool):
        raise OptionError("The hook option is true or false", field="hook")
    schedule = _schedule(data.get("schedule"), data.get("top"), player_count)
    scoring = _scoring(data.get("scoring"))
    return OhHellOptions(
        schedule=schedule, hook=hook, scoring=scoring, hidden_bids=hidden_bids_option(data)
    )


def options_mapping(options: OhHellOptions) -> dict[str, Any]:
    """The options with everything resolved: the list of hand sizes and the four numbers."""
    mapping = {
        "schedule": list(options.schedule),
        "hook": options.hook,
        "scoring": options.scoring.to_mapping(),
    }
    if options.hidden_bids:
        mapping["hidden_bids"] = True
    return mapping


def _schedule(raw: Any, top: Any, player_count: int) -> tuple[int, ...]:
    most = largest_hand(player_count)
    if raw is None:
        raw = "down-up"
    if isinstance(raw, str):
        if raw not in SCHEDULE_NAMES:
            raise _schedule_kinds_error()
        if top is None:
            top = default_top(player_count)
        if not is_whole(top) or not 1 <= top <= most:
            raise OptionError(
                "With {players} players the top hand size is a whole number from 1 to {most}",
                players=player_count,
                most=most,
                field="top",
            )
        return named_schedule(raw, top)
    if not isinstance(raw, list | tuple):
        raise _schedule_kinds_error()
    if top is not None:
        raise OptionError(
            "The top option goes with a named schedule: a list gives its hand sizes itself",
            field="top",
        )
    return hand_sizes(raw, most, player_count)


def _schedule_kinds_error() -> OptionError:
    return OptionError(
        "The schedule is down-up, up-down, down, up or a list of hand sizes",
        field="schedule",
    )


def _scoring(raw: Any) -> Scoring:
    if raw is None:
        raw = DEFAULT_SCORING
    if isinstance(raw, str) and raw in SCORING_PRESETS:
        return SCORING_PRESETS[raw]
    if not isinstance(raw, Mapping):
        raise OptionError(
            "Scoring is ten-plus-bid, trick-each, wizard-style or the four numbers"
            " made_base, made_per_trick, per_trick and missed_per_trick_off",
            field="scoring",
        )
    unknown = sorted(str(name) for name in set(raw) - set(SCORING_FIELDS))
    if unknown:
        raise OptionError(
            "Scoring has no number “{name}”: give made_base, made_per_trick, per_trick"
            " and missed_per_trick_off",
            name=unknown[0],
            field="scoring",
        )
    for name in SCORING_FIELDS:
        if name not in raw:
            raise OptionError(
                "Scoring needs {name} too: give made_base, made_per_trick, per_trick"
                " and missed_per_trick_off",
                name=name,
                field="scoring",
            )
        value = raw[name]
        if not is_whole(value) or not 0 <= value <= MAX_SCORING_NUMBER:
            raise OptionError(
                "Each scoring number is a whole number from 0 to {most}",
                most=MAX_SCORING_NUMBER,
                field="scoring",
            )
    return Scoring(**{name: raw[name] for name in SCORING_FIELDS})


@dataclass(frozen=True)
class OhHellGame(TrickBiddingGame[OhHellRound, OhHellOptions]):
    key: ClassVar[str] = "oh_hell"
    round_record = OhHellRound
    title: ClassVar[str] = N_("Oh Hell")
    """The game's name, in English (translated where it is shown)."""
    round_word: ClassVar[str] = "round"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7

    # -- options -------------------------------------------------------------

    @classmethod
    def default_options(cls, player_count: int) -> OhHellOptions:
        return options_from_mapping(None, player_count)

    @classmethod
    def options_from_mapping(
        cls, data: Mapping[str, Any] | None, player_count: int
    ) -> OhHellOptions:
        return options_from_mapping(data, player_count)

    def options_mapping(self) -> dict[str, Any]:
        return options_mapping(self.options)

    # -- the deal ------------------------------------------------------------

    @property
    def planned_rounds(self) -> int:
        return len(self.options.schedule)

    def deal_size(self, number: int) -> int:
        """The schedule's hand size for round ``number``."""
        if not 1 <= number <= len(self.options.schedule):
            raise RoundError(self.round_sentence("not in game"), number=number, field="number")
        return self.options.schedule[number - 1]

    def turns_trump(self, number: int) -> bool:
        """Whether a card is turned for trump in round ``number``: not when the hands
        take the whole pack (RULES.md, Oh Hell › Trump).

        >>> game = OhHellGame.new(["Ana", "Ben", "Cai", "Dai"], 0, {"schedule": [12, 13]})
        >>> game.turns_trump(1), game.turns_trump(2)
        (True, False)
        """
        if not 1 <= number <= len(self.options.schedule):
            return True  # outside the plan: read as an ordinary round, refused elsewhere
        return self.deal_size(number) * self.player_count < DECK_SIZE

    # -- trump ---------------------------------------------------------------

    def trump_when_unsaid(
        self, turned: Card | None, number: int, errors: list[RuleError]
    ) -> Suit | None:
        """The turned card's suit (RULES.md, Oh Hell › Trump); nothing at all when every
        card is dealt."""
        if not self.turns_trump(number):
            return None
        if turned is None:
            errors.append(
                TrumpError(
                    "Say which card was turned, or which suit is trump",
                    field="trump",
                )
            )
            return None
        return turned.suit

    def trump_errors(self, record: OhHellRound, info: RoundInfo) -> list[RuleError]:
        """RULES.md, Oh Hell › Trump: a plain card turned makes its suit trump; nothing
        is turned, and there is no trump, when the hands take the whole pack."""
        turned, trump = record.turned, record.trump
        if turned is not None and turned.special is not None:
            return [
                CardError(
                    "There is no {card} in Oh Hell: the turned card is one of the 52 cards"
                    " of the pack",
                    card=turned.label,
                    field="turned",
                )
            ]
        if not self.turns_trump(info.number):
            errors: list[RuleError] = []
            if turned is not None:
                errors.append(self.nothing_turned_error(info))
            if trump is not None:
                errors.append(
                    TrumpError(
                        "There is no trump in round {number}: every card is dealt",
                        number=info.number,
                        field="trump",
                    )
                )
            return errors
        if turned is None and trump is None:
            return [
                TrumpError(
                    "A card is turned in round {number}, so there is a trump: say its suit",
                    number=info.number,
                    field="trump",
                )
            ]
        return self.turned_suit_errors(record)

    # -- scores --------------------------------------------------------------

    def score(self, bid: int, took: int) -> int:
        return self.options.scoring.score(bid, took)


GAME = OhHellGame
"""The game this folder holds (``scorekeeper.games.GAMES``)."""
