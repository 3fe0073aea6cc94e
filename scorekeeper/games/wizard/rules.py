"""Wizard, as RULES.md › Wizard decides it: the scoresheet's side of the game.

>>> game = WizardGame.new(["Ana", "Ben", "Cai"])
>>> game.planned_rounds, game.next_round.cards, game.next_round.first_bidder
(20, 1, 1)
>>> record = game.record_from_mapping(
...     {"trump": "hearts", "turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]}, 1)
>>> game = game.apply_round(record)
>>> game.totals
(30, 20, 20)
>>> round_score(bid=5, took=3)
-20

With the anniversary special cards (RULES.md, Wizard with the anniversary special cards),
a round also records the Bomb, the Cloud's change of a bid and the Werewolf's trump:

>>> game = WizardGame.new(["Ana", "Ben", "Cai"], options={"special_cards": ["bomb", "cloud"]})
>>> game = game.apply_round(game.parse_round({"trump": "hearts", "bids": [0, 1, 0],
...     "tricks": [0, 0, 1], "cloud": {"seat": 2, "change": 1}}))
>>> game.rounds[0].counted_bids, game.totals
((0, 1, 1), (20, -10, 30))
>>> game = game.apply_round(game.parse_round({"trump": "spades", "bids": [1, 0, 0],
...     "tricks": [1, 0, 0], "bomb": True}))
>>> game.totals
(50, 10, 50)

A schedule (RULES.md, Wizard schedules) names the hand sizes round by round: the full
deal, the tournaments' odd sizes, or a table's own list; ``rounds`` plays its first rounds.

>>> game = WizardGame.new(["Ana", "Ben", "Cai", "Dai"], options={"schedule": "tournament"})
>>> game.options_mapping()["schedule"], game.planned_rounds, game.turns_trump(8)
([1, 3, 5, 7, 9, 11, 13, 15], 8, False)
>>> WizardGame.new(["Ana", "Ben", "Cai"], options={"schedule": [1, 2, 4], "rounds": 2}
...     ).options.schedule
(1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ...rules.bidding import (
    TRUMP_WORDS,
    TrickBiddingGame,
    TrickRound,
    forbidden_bid,
    hand_sizes,
    hidden_bids_option,
    is_whole,
)
from ...rules.cards import ANNIVERSARY_CARDS, Card, Special, Suit
from ...rules.errors import (
    N_,
    BidError,
    CardError,
    OptionError,
    PlayerError,
    RoundError,
    RoundRefused,
    RuleError,
    TrickError,
    TrumpError,
)
from ...rules.game import RoundInfo

DECK_SIZE = 60  # 52 suited cards, 4 Wizards, 4 Jesters (RULES.md, Wizard › Deck)
SPECIAL_CARDS = tuple(card.value for card in ANNIVERSARY_CARDS)
"""The option "special cards" names them so: bomb, cloud, dragon, fairy, juggler, werewolf,
shapeshifter."""
SUIT_WORDS = tuple(suit.word for suit in Suit)
TIE_BREAKS = ("share", "exact_bids")
"""Equal top totals share the win, or go to whoever met their bid in the most rounds."""
NO_TRUMP_TURNED = (Special.FAIRY, Special.BOMB)
"""Special cards that, turned, mean no trump; the others turned, the dealer names a suit."""
SCHEDULE_NAMES = ("full", "tournament")
"""The named lists of hand sizes (RULES.md, Wizard schedules); a table may give its own."""

__all__ = [
    "DECK_SIZE",
    "SCHEDULE_NAMES",
    "SPECIAL_CARDS",
    "TIE_BREAKS",
    "TRUMP_WORDS",
    "CloudChange",
    "WerewolfSwap",
    "WizardGame",
    "WizardOptions",
    "WizardRound",
    "forbidden_bid",
    "full_deal",
    "full_game_rounds",
    "named_schedule",
    "round_score",
    "schedule_name",
    "tournament_deal",
    "trump_for_turned",
]


def full_game_rounds(player_count: int) -> int:
    """Rounds in a full game: the whole deck is dealt in the last one.

    >>> [full_game_rounds(n) for n in (3, 4, 5, 6)]
    [20, 15, 12, 10]
    """
    return DECK_SIZE // player_count


def full_deal(player_count: int) -> tuple[int, ...]:
    """The full game's hand sizes: round *r* deals *r* cards, up to 60 / players.

    >>> full_deal(6)
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    """
    return tuple(range(1, full_game_rounds(player_count) + 1))


def tournament_deal(player_count: int) -> tuple[int, ...]:
    """The tournaments' hand sizes: the odd ones, 1, 3, 5 … up to 60 / players
    (RULES.md, Wizard schedules).

    >>> [tournament_deal(n) for n in (5, 6)]
    [(1, 3, 5, 7, 9, 11), (1, 3, 5, 7, 9)]
    """
    return tuple(range(1, full_game_rounds(player_count) + 1, 2))


def named_schedule(name: str, player_count: int) -> tuple[int, ...]:
    """The hand sizes of a named schedule, ``"full"`` or ``"tournament"``."""
    return tournament_deal(player_count) if name == "tournament" else full_deal(player_count)


def schedule_name(sizes: tuple[int, ...], player_count: int) -> str | None:
    """The named schedule these hand sizes are, whole or its first rounds (a short game);
    None for a table's own list.

    >>> schedule_name((1, 2, 3), 4), schedule_name((1, 3, 5), 4), schedule_name((1, 2, 4), 4)
    ('full', 'tournament', None)
    """
    for name in SCHEDULE_NAMES:
        if named_schedule(name, player_count)[: len(sizes)] == sizes:
            return name
    return None


def round_score(bid: int, took: int) -> int:
    """20 and 10 a trick for a bid met exactly; minus 10 a trick off otherwise.

    >>> round_score(4, 4), round_score(0, 0), round_score(0, 2)
    (60, 20, -20)
    """
    if bid == took:
        return 20 + 10 * took
    return -10 * abs(bid - took)


def trump_for_turned(card: Card | None) -> Suit | None:
    """The trump a turned card makes, when the card alone decides it.

    A Jester means no trump; a Wizard lets the dealer choose, so it decides
    nothing by itself (returns None, as does no card at all).
    """
    if card is None or card.special is not None:
        return None
    return card.suit


@dataclass(frozen=True)
class WizardOptions:
    hook: bool = False
    schedule: tuple[int, ...] = full_deal(3)
    """The cards each player is dealt, round by round, in the order played: one entry a
    round to play (RULES.md, Wizard schedules). By default the full game of three."""
    special_cards: frozenset[str] = field(default_factory=frozenset)
    """The anniversary cards played with (:data:`SPECIAL_CARDS`); none by default."""
    hook_from: int = 1
    """With the hook, the round it applies from (RULES.md, Wizard › Bidding)."""
    tie_break: str = "share"
    """How equal top totals end: ``"share"`` or ``"exact_bids"`` (:data:`TIE_BREAKS`)."""
    hidden_bids: bool = False
    """Each player bids secretly on their own phone; the bids are revealed together."""

    @property
    def rounds(self) -> int:
        """Rounds to play: one for each hand size of the schedule."""
        return len(self.schedule)


@dataclass(frozen=True)
class CloudChange:
    """The Cloud's trick was won by ``seat``, who changed their bid by ``change`` (±1)."""

    seat: int
    change: int

    def to_mapping(self) -> dict[str, int]:
        return {"seat": self.seat, "change": self.change}


@dataclass(frozen=True)
class WerewolfSwap:
    """``seat`` held the Werewolf, swapped it for the turned card and named ``trump``
    (None: no trump). ``turned_suit``: the turned card's suit, when the table said only
    its suit (the round's trump no longer tells it; a card said whole is the round's
    ``turned``)."""

    seat: int
    trump: Suit | None
    turned_suit: Suit | None = None

    def to_mapping(self) -> dict[str, Any]:
        facts: dict[str, Any] = {
            "seat": self.seat,
            "trump": self.trump.word if self.trump else "none",
        }
        if self.turned_suit is not None:
            facts["turned_suit"] = self.turned_suit.word
        return facts


@dataclass(frozen=True)
class WizardRound(TrickRound):
    """The facts of one round: who dealt, the trump, and each seat's bid and tricks; with
    the anniversary cards, whether the Bomb was played, the Cloud's change of a bid and
    the Werewolf's swap. ``bids`` are the bids as made."""

    bomb: bool = False
    cloud: CloudChange | None = None
    werewolf: WerewolfSwap | None = None

    @property
    def counted_bids(self) -> tuple[int, ...]:
        """The bids as made, with the Cloud's change: what the round is scored against."""
        if self.cloud is None or not 0 <= self.cloud.seat < len(self.bids):
            return self.bids
        bids = list(self.bids)
        bids[self.cloud.seat] += self.cloud.change
        return tuple(bids)

    def to_mapping(self) -> dict[str, Any]:
        """The facts; the special cards' only where they happened, so that a round of a
        game without them reads as it always has."""
        facts = super().to_mapping()
        if self.bomb:
            facts["bomb"] = True
        if self.cloud is not None:
            facts["cloud"] = self.cloud.to_mapping()
        if self.werewolf is not None:
            facts["werewolf"] = self.werewolf.to_mapping()
        return facts


@dataclass(frozen=True)
class WizardGame(TrickBiddingGame[WizardRound, WizardOptions]):
    key: ClassVar[str] = "wizard"
    # The Werewolf's swap comes before the bids; the Bomb and the Cloud with the tricks.
    play_fields: ClassVar[tuple[str, ...]] = ("tricks", "bomb", "cloud")
    round_record = WizardRound
    title: ClassVar[str] = N_("Wizard")
    """The game's name, in English (translated where it is shown)."""
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6

    # -- options -------------------------------------------------------------

    @classmethod
    def default_options(cls, player_count: int) -> WizardOptions:
        return WizardOptions(hook=False, schedule=full_deal(player_count))

    @classmethod
    def options_from_mapping(
        cls, data: Mapping[str, Any] | None, player_count: int
    ) -> WizardOptions:
        """Options as the API writes them; a game stored before an option existed reads
        with that option's default.

        The schedule is ``"full"`` (the default), ``"tournament"`` or a list of hand sizes;
        ``rounds``, when given, plays the first rounds of it: a short game of the full
        deal as ever, or of the tournament deal or of a table's own list. A ``rounds``
        beyond the schedule's is refused (field "rounds"), so the two written together,
        as the game document writes them, read back as the same game (the app's decision,
        RULES.md, Wizard schedules).

        >>> options = WizardGame.options_from_mapping({"schedule": "tournament", "rounds": 3}, 6)
        >>> options.schedule, options.rounds
        ((1, 3, 5), 3)
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise OptionError("Options must be an object", field="options")
        known = {
            "hook",
            "rounds",
            "schedule",
            "special_cards",
            "hook_from",
            "tie_break",
            "hidden_bids",
        }
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionError("Wizard has no option “{name}”", name=unknown[0], field="options")
        hook = data.get("hook", False)
        if not isinstance(hook, bool):
            raise OptionError("The hook option is true or false", field="hook")
        schedule = _schedule(data.get("schedule"), player_count)
        rounds = data.get("rounds")
        if rounds is None:
            rounds = len(schedule)
        if not is_whole(rounds) or not 1 <= rounds <= len(schedule):
            raise _rounds_error(schedule, player_count)
        schedule = schedule[:rounds]
        hook_from = data.get("hook_from")
        if hook_from is None:
            hook_from = 1
        if not is_whole(hook_from) or not 1 <= hook_from <= rounds:
            raise OptionError(
                "The hook starts in one of the game's rounds, from 1 to {rounds}",
                rounds=rounds,
                field="hook_from",
            )
        tie_break = data.get("tie_break")
        if tie_break is None:
            tie_break = "share"
        if tie_break not in TIE_BREAKS:
            raise OptionError(
                "The tie-break is “share” (equal top totals share the win) or “exact_bids”"
                " (they go to whoever met their bid in the most rounds)",
                field="tie_break",
            )
        return WizardOptions(
            hook=hook,
            schedule=schedule,
            special_cards=_special_cards(data.get("special_cards")),
            hook_from=hook_from,
            tie_break=tie_break,
            hidden_bids=hidden_bids_option(data),
        )

    def options_mapping(self) -> dict[str, Any]:
        """The options as the API writes them: the schedule always as its list of hand
        sizes, with its rounds. The ones added with the anniversary cards are written
        only when they differ from their defaults, so a game without them reads as it
        always has."""
        options: dict[str, Any] = {
            "hook": self.options.hook,
            "rounds": self.options.rounds,
            "schedule": list(self.options.schedule),
        }
        if self.options.special_cards:
            options["special_cards"] = [
                name for name in SPECIAL_CARDS if name in self.options.special_cards
            ]
        if self.options.hook_from != 1:
            options["hook_from"] = self.options.hook_from
        if self.options.tie_break != "share":
            options["tie_break"] = self.options.tie_break
        if self.options.hidden_bids:
            options["hidden_bids"] = True
        return options

    def plays_with(self, card: Special) -> bool:
        """Whether the game's deck has this anniversary card (Wizards and Jesters: always)."""
        if card in ANNIVERSARY_CARDS:
            return card.value in self.options.special_cards
        return card in (Special.WIZARD, Special.JESTER)

    @property
    def deck_size(self) -> int:
        """60 cards, and one for each anniversary card played with."""
        return DECK_SIZE + len(self.options.special_cards)

    # -- the deal ------------------------------------------------------------

    @property
    def planned_rounds(self) -> int:
        return self.options.rounds

    @property
    def schedule_name(self) -> str | None:
        """``"full"`` or ``"tournament"`` when the game plays that deal (or its first
        rounds), None for a table's own list."""
        return schedule_name(self.options.schedule, self.player_count)

    @property
    def is_short_game(self) -> bool:
        """Fewer rounds than the named deal it plays (a table's own list is whole)."""
        name = self.schedule_name
        return name is not None and self.planned_rounds < len(
            named_schedule(name, self.player_count)
        )

    def deal_size(self, number: int) -> int:
        """The schedule's hand size for round ``number``: *r* cards in round *r* of the
        full game."""
        if not 1 <= number <= self.planned_rounds:
            raise RoundError(self.round_sentence("not in game"), number=number, field="number")
        return self.options.schedule[number - 1]

    def turns_trump(self, number: int) -> bool:
        """Whether a card is turned for trump in round ``number``.

        Not in a round that deals every card (RULES.md, Wizard › Trump; Wizard
        schedules): the full game's last, the tournament deal's last with four players,
        any round of a table's list that deals 60 / players. Every round of a short game
        of the full deal turns one, and so does every round with the anniversary cards,
        whose deck is bigger than 60 cards while the hands stay at most 60 / players
        (RULES.md, Wizard with the anniversary special cards).

        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], options={"schedule": [20, 1]})
        >>> game.turns_trump(1), game.turns_trump(2)
        (False, True)
        """
        if not 1 <= number <= self.planned_rounds:
            return True  # outside the plan: read as an ordinary round, refused elsewhere
        return self.deal_size(number) * self.player_count < self.deck_size

    def hook_applies(self, info: RoundInfo) -> bool:
        """The hook, when played, holds from the round the option "hook from" names."""
        return self.options.hook and info.number >= self.options.hook_from

    # -- a round -------------------------------------------------------------

    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> WizardRound:
        """The shared facts, and the special cards' (their shape only: whether the game
        plays with them is judged with the round)."""
        if not isinstance(data, Mapping):
            raise RuleError("A round must be an object", field="round")
        errors: list[RuleError] = []
        bomb = data.get("bomb", False)
        if bomb is None:
            bomb = False
        if not isinstance(bomb, bool):
            errors.append(RuleError("Whether the Bomb was played is true or false", field="bomb"))
            bomb = False
        cloud = self._cloud_from(data.get("cloud"), errors)
        werewolf = self._werewolf_from(data.get("werewolf"), errors)
        if werewolf is not None and data.get("trump") is None:
            # The Werewolf's holder named the round's trump (RULES.md, Wizard with the
            # anniversary special cards): a trump left unsaid is that one.
            data = {**data, "trump": werewolf.trump.word if werewolf.trump else "none"}
        try:
            record = super().record_from_mapping(data, number)
        except RoundRefused as refused:
            raise RoundRefused([*refused.errors, *errors]) from None
        if errors:
            raise RoundRefused(errors)
        return replace(record, bomb=bomb, cloud=cloud, werewolf=werewolf)

    def _seat_of(self, value: Any, field: str, errors: list[RuleError]) -> int | None:
        """The seat that won the Cloud's trick or held the Werewolf (``field``)."""
        if is_whole(value) and 0 <= value < self.player_count:
            return value
        last = self.player_count - 1
        if field == "cloud":
            error = PlayerError(
                "Say which seat won the Cloud's trick: a seat from 0 to {last}",
                last=last,
                field=field,
            )
        else:
            error = PlayerError(
                "Say which seat held the Werewolf: a seat from 0 to {last}",
                last=last,
                field=field,
            )
        errors.append(error)
        return None

    def _cloud_from(self, value: Any, errors: list[RuleError]) -> CloudChange | None:
        if value is None:
            return None
        if not isinstance(value, Mapping):
            errors.append(
                RuleError(
                    "The Cloud is recorded as who won its trick and whether their bid went"
                    " up (1) or down (-1)",
                    field="cloud",
                )
            )
            return None
        seat = self._seat_of(value.get("seat"), "cloud", errors)
        change = value.get("change")
        if not is_whole(change) or change not in (1, -1):
            errors.append(
                BidError(
                    "The Cloud changes a bid by exactly one: up (1) or down (-1)",
                    field="cloud",
                )
            )
            return None
        return None if seat is None else CloudChange(seat=seat, change=change)

    def _werewolf_from(self, value: Any, errors: list[RuleError]) -> WerewolfSwap | None:
        if value is None:
            return None
        if not isinstance(value, Mapping):
            errors.append(
                RuleError(
                    "The Werewolf is recorded as who held it and the trump they named",
                    field="werewolf",
                )
            )
            return None
        seat = self._seat_of(value.get("seat"), "werewolf", errors)
        word = value.get("trump")
        if not isinstance(word, str) or word.strip().lower() not in TRUMP_WORDS:
            errors.append(
                TrumpError(
                    "The Werewolf's holder names clubs, diamonds, hearts, spades or none",
                    field="werewolf",
                )
            )
            return None
        word = word.strip().lower()
        trump = None if word == "none" else Suit.parse(word)
        turned_suit = None
        raw_turned = value.get("turned_suit")
        if raw_turned is not None:
            if isinstance(raw_turned, str) and raw_turned.strip().lower() in SUIT_WORDS:
                turned_suit = Suit.parse(raw_turned)
            else:  # refused, and the swap judged without it
                errors.append(
                    CardError(
                        "The turned card's suit is clubs, diamonds, hearts or spades",
                        field="werewolf",
                    )
                )
        if seat is None:
            return None
        return WerewolfSwap(seat=seat, trump=trump, turned_suit=turned_suit)

    def record_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        return [*super().record_errors(record, info), *self.special_card_errors(record, info)]

    def _not_in_game(self, card: Special, field: str) -> RuleError:
        return CardError(
            "The {card} is not among this game's special cards", card=card.label, field=field
        )

    def _turned_and_kept(self, record: WizardRound, card: Special) -> bool:
        """Whether ``card`` was turned for trump and so nobody held it: unless the
        Werewolf's holder took it into their hand."""
        turned = record.turned
        return turned is not None and turned.special is card and record.werewolf is None

    def special_card_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        """RULES.md, Wizard with the anniversary special cards › What it must refuse: the
        Bomb, the Cloud and the Werewolf recorded only when the game plays with them and
        they could have happened."""
        errors: list[RuleError] = []
        if record.bomb:
            if not self.plays_with(Special.BOMB):
                errors.append(self._not_in_game(Special.BOMB, "bomb"))
            elif self._turned_and_kept(record, Special.BOMB):
                errors.append(
                    RuleError(
                        "The Bomb was turned for trump, so nobody could play it this round",
                        field="bomb",
                    )
                )
        if record.cloud is not None:
            errors += self.cloud_errors(record, record.cloud, info)
        if record.werewolf is not None:
            if not self.plays_with(Special.WEREWOLF):
                errors.append(self._not_in_game(Special.WEREWOLF, "werewolf"))
            elif record.turned is not None and record.turned.special is Special.WEREWOLF:
                errors.append(
                    RuleError(
                        "The Werewolf was turned for trump, so nobody held it to swap:"
                        " the turned card's trump stands",
                        field="werewolf",
                    )
                )
            elif record.werewolf.turned_suit is not None and record.turned is not None:
                turned = record.turned
                if turned.suit is not record.werewolf.turned_suit:
                    errors.append(
                        CardError(
                            "The turned card is the {card}: its suit is not {suit}",
                            card=turned.label,
                            suit=record.werewolf.turned_suit.word,
                            field="werewolf",
                        )
                    )
        return errors

    def cloud_errors(
        self, record: WizardRound, cloud: CloudChange, info: RoundInfo
    ) -> list[RuleError]:
        """Whoever won the Cloud's trick took a trick, and their bid stays from 0 to the
        cards (RULES.md: a bid of 0 must go up, a bid of every trick must go down)."""
        if not self.plays_with(Special.CLOUD):
            return [self._not_in_game(Special.CLOUD, "cloud")]
        if self._turned_and_kept(record, Special.CLOUD):
            return [
                RuleError(
                    "The Cloud was turned for trump, so nobody could play it this round",
                    field="cloud",
                )
            ]
        seat, count = cloud.seat, self.player_count
        errors: list[RuleError] = []
        if self._seat_of(seat, "cloud", errors) is None:
            return errors
        name = self.player_name(seat)
        took = record.tricks[seat] if len(record.tricks) == count else None
        if is_whole(took) and took < 1:
            errors.append(
                TrickError(
                    "{name} won the Cloud's trick, so {name} took at least one trick",
                    name=name,
                    field="cloud",
                    seat=seat,
                )
            )
        if len(record.bids) == count and is_whole(record.bids[seat]):
            bid = record.bids[seat]
            if bid + cloud.change < 0:
                errors.append(
                    BidError(
                        "{name} bid 0, so the Cloud can only raise {name}'s bid",
                        name=name,
                        field="cloud",
                        seat=seat,
                    )
                )
            elif bid + cloud.change > info.cards and bid <= info.cards:
                errors.append(
                    BidError(
                        "{name} bid {bid}, every trick, so the Cloud can only lower {name}'s bid",
                        name=name,
                        bid=bid,
                        field="cloud",
                        seat=seat,
                    )
                )
        return errors

    def tricks_won(self, record: WizardRound, info: RoundInfo) -> int:
        """Nobody takes the Bomb's trick: the tricks taken add up to one less."""
        return info.cards - 1 if record.bomb else info.cards

    def tricks_sum_error(self, record: WizardRound, info: RoundInfo, taken: int) -> RuleError:
        if not record.bomb:
            return super().tricks_sum_error(record, info, taken)
        return TrickError(
            "Tricks add up to {taken}, but the Bomb was played: nobody takes its trick, so"
            " they add up to {won}, one less than the {cards} card dealt",
            "Tricks add up to {taken}, but the Bomb was played: nobody takes its trick, so"
            " they add up to {won}, one less than the {cards} cards dealt",
            plural_by="cards",
            taken=taken,
            won=info.cards - 1,
            cards=info.cards,
            field="tricks",
        )

    # -- trump ---------------------------------------------------------------

    def trump_when_unsaid(
        self, turned: Card | None, number: int, errors: list[RuleError]
    ) -> Suit | None:
        """The turned card's suit; a Jester, the Fairy or the Bomb, no trump; a Wizard
        (or another special card), the dealer's choice, which must then be said
        (RULES.md, Wizard › Trump; Wizard with the anniversary special cards)."""
        if turned is None and self.turns_trump(number):
            errors.append(
                TrumpError(
                    "Say which suit is trump: clubs, diamonds, hearts, spades or none",
                    field="trump",
                )
            )
        if turned is not None and turned.is_wizard and self.turns_trump(number):
            errors.append(
                TrumpError(
                    "A Wizard was turned: say which suit the dealer chose as trump",
                    field="trump",
                )
            )
        if turned is not None and turned.special in ANNIVERSARY_CARDS:
            assert turned.special is not None
            if not self.plays_with(turned.special):
                # Whatever the trump, the card itself cannot have been turned.
                errors.append(self._not_in_game(turned.special, "turned"))
                return None
        if _dealer_names_suit(turned) and self.turns_trump(number):
            assert turned is not None and turned.special is not None
            errors.append(
                TrumpError(
                    "The {card} was turned: say which suit the dealer chose as trump",
                    card=turned.special.label,
                    field="trump",
                )
            )
        return trump_for_turned(turned)

    def trump_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        """RULES.md, Wizard › Trump: the trump must agree with the turned card, or with
        the trump the Werewolf's holder named."""
        turned, trump = record.turned, record.trump
        if turned is not None and turned.is_joker:
            return [
                CardError(
                    "There is no Joker in Wizard: the turned card is a suited card,"
                    " a Wizard or a Jester",
                    field="turned",
                )
            ]
        if turned is not None and turned.special in ANNIVERSARY_CARDS:
            assert turned.special is not None
            if not self.plays_with(turned.special):
                return [self._not_in_game(turned.special, "turned")]
            if turned.bare != turned:
                return [
                    CardError(
                        "A turned {card} is written alone: the dealer names the trump, not"
                        " the card",
                        card=turned.special.label,
                        field="turned",
                    )
                ]
        if not self.turns_trump(info.number):
            errors: list[RuleError] = []
            if turned is not None:
                errors.append(self.nothing_turned_error(info))
            if trump is not None and info.number == self.planned_rounds:
                errors.append(
                    TrumpError(
                        "There is no trump in round {number}, the last round: every card is dealt",
                        number=info.number,
                        field="trump",
                    )
                )
            elif trump is not None:
                errors.append(
                    TrumpError(
                        "There is no trump in round {number}: every card is dealt",
                        number=info.number,
                        field="trump",
                    )
                )
            return errors
        werewolf = record.werewolf
        if werewolf is not None and not (turned is not None and turned.special is Special.WEREWOLF):
            return self.werewolf_trump_errors(record, werewolf)
        if turned is None:
            return []
        if turned.is_jester and trump is not None:
            return [
                TrumpError(
                    "A Jester was turned, so there is no trump this round",
                    field="trump",
                )
            ]
        if turned.special in NO_TRUMP_TURNED and trump is not None:
            return [
                TrumpError(
                    "The {card} was turned, so there is no trump this round",
                    card=turned.label,
                    field="trump",
                )
            ]
        if turned.is_wizard and trump is None:
            return [
                TrumpError(
                    "A Wizard was turned: the dealer names a trump suit, and"
                    " “no trump” is not a choice",
                    field="trump",
                )
            ]
        if _dealer_names_suit(turned) and trump is None:
            return [
                TrumpError(
                    "The {card} was turned: the dealer names a trump suit, and"
                    " “no trump” is not a choice",
                    card=turned.label,
                    field="trump",
                )
            ]
        return self.turned_suit_errors(record)

    def werewolf_trump_errors(self, record: WizardRound, werewolf: WerewolfSwap) -> list[RuleError]:
        """The Werewolf's holder named the round's trump, whatever was turned."""
        if record.trump is werewolf.trump:
            return []
        name = self.player_name(werewolf.seat) if 0 <= werewolf.seat < self.player_count else ""
        if werewolf.trump is None:
            return [
                TrumpError(
                    "{name} swapped the Werewolf and named no trump, so there is no trump"
                    " this round",
                    name=name,
                    field="trump",
                )
            ]
        return [
            TrumpError(
                "{name} swapped the Werewolf and named {suit}, so {suit} are trump",
                name=name,
                suit=werewolf.trump.word,
                field="trump",
            )
        ]

    def score(self, bid: int, took: int) -> int:
        return round_score(bid, took)

    def derived(self, record: WizardRound) -> dict[str, Any]:
        """In a game with the anniversary cards, the facts of each card played with
        (the Bomb not played: false; no Cloud or Werewolf: None) and, with the Cloud,
        the bids the round was scored against.

        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], options={"special_cards": ["cloud"]})
        >>> game.derived(game.parse_round({"trump": "hearts", "bids": [0, 1, 0],
        ...     "tricks": [0, 0, 1], "cloud": {"seat": 2, "change": 1}}))
        {'cloud': {'seat': 2, 'change': 1}, 'counted_bids': [0, 1, 1]}
        """
        facts: dict[str, Any] = {}
        if self.plays_with(Special.BOMB):
            facts["bomb"] = record.bomb
        if self.plays_with(Special.CLOUD):
            facts["cloud"] = record.cloud.to_mapping() if record.cloud else None
            facts["counted_bids"] = list(record.counted_bids)
        if self.plays_with(Special.WEREWOLF):
            facts["werewolf"] = record.werewolf.to_mapping() if record.werewolf else None
        return facts

    # -- results -------------------------------------------------------------

    @property
    def bids_met(self) -> tuple[int, ...]:
        """How many rounds each seat met its bid exactly (a bid the Cloud changed,
        as changed)."""
        met = [0] * self.player_count
        for record in self.rounds:
            for seat, outcome in enumerate(self.seat_outcomes(record)):
                met[seat] += bool(outcome.made)
        return tuple(met)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that share the win once the game is over. Under the tie-break
        "exact_bids", equal top totals go to whoever met their bid in the most rounds;
        still equal, they share (RULES.md, Wizard › Scoring)."""
        top = super().winners
        if self.options.tie_break != "exact_bids" or len(top) < 2:
            return top
        met = self.bids_met
        most = max(met[seat] for seat in top)
        return tuple(seat for seat in top if met[seat] == most)

    @property
    def standings(self) -> list[tuple[int, int, int]]:
        """``(place, seat, total)`` from first to last; equal totals share a place, except
        that once the game is over the tie-break "exact_bids" orders the equal top
        totals by the rounds each met their bid."""
        if not self.finished or self.options.tie_break != "exact_bids":
            return super().standings
        totals, met, top = self.totals, self.bids_met, max(self.totals)

        def rank(seat: int) -> tuple[int, int]:
            return (-totals[seat], -met[seat] if totals[seat] == top else 0)

        order = sorted(range(self.player_count), key=rank)
        result: list[tuple[int, int, int]] = []
        for index, seat in enumerate(order):
            tied = index and rank(seat) == rank(order[index - 1])
            place = result[-1][0] if tied else index + 1
            result.append((place, seat, totals[seat]))
        return result


def _dealer_names_suit(turned: Card | None) -> bool:
    """An anniversary card turned for which the dealer names a suit (RULES.md: all but
    the Fairy and the Bomb)."""
    return (
        turned is not None
        and turned.special in ANNIVERSARY_CARDS
        and turned.special not in NO_TRUMP_TURNED
    )


def _schedule(value: Any, player_count: int) -> tuple[int, ...]:
    """The option "schedule": a named deal, or a table's own list of hand sizes, each
    from 1 to 60 / players (RULES.md, Wizard schedules)."""
    if value is None:
        value = "full"
    if isinstance(value, str) and value in SCHEDULE_NAMES:
        return named_schedule(value, player_count)
    if not isinstance(value, list | tuple):
        raise OptionError(
            "The schedule is “full”, “tournament” or a list of hand sizes, round by round",
            field="schedule",
        )
    return hand_sizes(value, full_game_rounds(player_count), player_count)


def _rounds_error(schedule: tuple[int, ...], player_count: int) -> OptionError:
    """A ``rounds`` that is not one of the schedule's: the full game's as it always said,
    another schedule's in its own words."""
    if schedule == full_deal(player_count):
        return OptionError(
            "A game of {players} players has 1 to {full} rounds",
            players=player_count,
            full=len(schedule),
            field="rounds",
        )
    return OptionError(
        "The schedule has {count} round: a short game plays just that one",
        "The schedule has {count} rounds: a short game plays the first 1 to {count} of them",
        plural_by="count",
        count=len(schedule),
        field="rounds",
    )


def _special_cards(value: Any) -> frozenset[str]:
    """The option "special cards": any of :data:`SPECIAL_CARDS`, the Dragon and the Fairy
    only together (RULES.md, Wizard with the anniversary special cards)."""
    if value is None:
        return frozenset()
    if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
        raise OptionError(
            "The special cards are a list of any of bomb, cloud, dragon, fairy, juggler,"
            " werewolf and shapeshifter",
            field="special_cards",
        )
    for name in value:
        if name not in SPECIAL_CARDS:
            raise OptionError(
                "“{name}” is not a special card: they are bomb, cloud, dragon, fairy,"
                " juggler, werewolf and shapeshifter",
                name=str(name)[:16],
                field="special_cards",
            )
    cards = frozenset(value)
    if "dragon" in cards and "fairy" not in cards:
        raise OptionError(
            "The Dragon is played only with the Fairy, which beats it: add the Fairy too",
            field="special_cards",
        )
    if "fairy" in cards and "dragon" not in cards:
        raise OptionError(
            "The Fairy is played only with the Dragon, the one card it beats: add the Dragon too",
            field="special_cards",
        )
    return cards


GAME = WizardGame
"""The game this folder holds (``scorekeeper.games.GAMES``)."""
