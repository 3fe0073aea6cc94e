"""What every game on the scoresheet shares: seats, the deal passing left,
rounds recorded one after another, running totals and winners.

A game is an immutable value. Each game (``wizard``, ...) subclasses
:class:`Game` and says how many cards a round deals, how many rounds the
game has, what makes a round impossible and what each player scores; this
module does the rest the same way for all of them::

    game.check_round(record)      # raises a RuleError saying what is wrong
    game.is_legal_round(record)   # True or False
    game.apply_round(record)      # a new game with the round added

A game may score sides rather than seats (:attr:`Game.sides`: Spades' partnerships): a
side's total is each of its players' total, and the winners are the winning side's
seats. A game may carry state of its own from one round to the next (Spades' bags):
:meth:`Game.score_round` scores a round given what the round before left, and each
:class:`ScoredRound` keeps what it leaves (``carried``).
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar, Generic, NoReturn, Protocol, Self, TypeVar

from .errors import (
    N_,
    GameOverError,
    PlayerCountError,
    PlayerError,
    RoundError,
    RoundRefused,
    RuleError,
)
from .names import readable_name

MAX_NAME_LENGTH = 40

# The sentences that speak of a game's rounds, whole, in each game's word for a round
# (``Game.round_word``), so that a translator sees every sentence as a player reads it.
ROUND_SENTENCES: dict[str, dict[str, str]] = {
    "round": {
        "not in game": N_("Round {number} is not in this game"),
        "not played": N_("Round {number} has not been played in this game"),
        "none recorded": N_("No round has been recorded yet"),
        "game over": N_("The game is over: {title} ended after round {played}"),
        "correction ends game": N_(
            "With this correction the game ends after round {played}: undo the later rounds first"
        ),
    },
    "hand": {
        "not in game": N_("Hand {number} is not in this game"),
        "not played": N_("Hand {number} has not been played in this game"),
        "none recorded": N_("No hand has been recorded yet"),
        "game over": N_("The game is over: {title} ended after hand {played}"),
        "correction ends game": N_(
            "With this correction the game ends after hand {played}: undo the later hands first"
        ),
    },
}


class Record(Protocol):
    """The facts of one round as they happened at the table."""

    @property
    def dealer(self) -> int: ...

    def to_mapping(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Record)
Opts = TypeVar("Opts")


@dataclass(frozen=True)
class RoundInfo:
    """What the table needs to know before a round starts."""

    number: int
    dealer: int
    cards: int
    first_bidder: int
    planned: int | None
    """Rounds in the game's plan, or None when the game has no fixed length."""


@dataclass(frozen=True)
class SeatOutcome:
    """One player's round as statistics see it."""

    bid: int | None
    """Wizard and Oh Hell: the bid. One Card: the contract's bid, for the bidder only.
    Spades: the tricks bid, nil and blind nil counting as 0."""
    took: int
    """Tricks taken (Wizard, Oh Hell, Spades) or card points taken (One Card)."""
    made: bool | None
    """The bid met (Wizard, Oh Hell: exactly; One Card: the bidder's contract; Spades: a
    nil bidder's own nil, anyone else's side's contract); None otherwise."""


@dataclass(frozen=True)
class ScoredRound(Generic[R]):
    number: int
    cards: int
    record: R
    scores: tuple[int, ...]
    """What each seat scored in the round (in a game of sides, its side's change)."""
    totals: tuple[int, ...]
    carried: Any = None
    """What the game carries out of this round into the next (Spades' bags); None for a
    game whose rounds are scored each on its own."""


@dataclass(frozen=True)
class Game(abc.ABC, Generic[R, Opts]):
    """A game in progress: the table, the options, and the rounds played so far."""

    players: tuple[str, ...]
    first_dealer: int
    options: Opts
    rounds: tuple[R, ...] = field(default=())

    key: ClassVar[str]
    title: ClassVar[str]
    round_word: ClassVar[str] = "round"
    """What the game calls a round: "round" in Wizard, "hand" in One Card; its sentences
    are in :data:`ROUND_SENTENCES`."""
    seat_lists: ClassVar[tuple[str, ...]] = ()
    """A round's fields that give a number for every seat (Wizard's bids and tricks)."""
    seat_choices: ClassVar[tuple[str, ...]] = ()
    """A round's fields that name one seat (One Card's winner of the last trick)."""
    has_bids: ClassVar[bool] = True
    """Whether the players bid before the play. A game without bids says so, and the
    shared pages show no bid of it: the deal names nobody to bid first, the round being
    played shows no bids, the big board waits for none, its CSV has no bid column."""
    play_fields: ClassVar[tuple[str, ...]] = ()
    """A round's fields known only once its cards are played (Wizard's tricks, One Card's
    points). The others (the trump, the bids) are said before the play: the round's
    pending part, which the table may see while the round is played."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    # -- what each game says -------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def default_options(cls, player_count: int) -> Opts: ...

    @classmethod
    @abc.abstractmethod
    def options_from_mapping(cls, data: Mapping[str, Any] | None, player_count: int) -> Opts:
        """Read and check options as the API writes them; raise OptionError."""

    @abc.abstractmethod
    def options_mapping(self) -> dict[str, Any]: ...

    @abc.abstractmethod
    def deal_size(self, number: int) -> int:
        """Cards each player is dealt in round ``number``."""

    @property
    @abc.abstractmethod
    def planned_rounds(self) -> int | None:
        """Rounds the game lasts, or None when it ends by score."""

    @property
    def most_rounds(self) -> int | None:
        """The most rounds the game can have: its plan, unless the game says otherwise (a
        game that ends by score, which could go on for ever, has a bound of its own)."""
        return self.planned_rounds

    def round_limit_error(self, number: int) -> RuleError:
        """Why round ``number``, past :attr:`most_rounds`, cannot be recorded."""
        return RoundError(self.round_sentence("not in game"), number=number, field="number")

    @abc.abstractmethod
    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> R:
        """Read a round as the API writes it, checking only its shape."""

    @abc.abstractmethod
    def record_errors(self, record: R, info: RoundInfo) -> list[RuleError]:
        """Every reason the round cannot have happened; empty when it could."""

    def round_scores(self, record: R, info: RoundInfo) -> tuple[int, ...]:
        """What each seat scores in a round, the round alone deciding (Wizard, Oh Hell,
        One Card). A game that carries state from round to round says
        :meth:`score_round` instead."""
        raise NotImplementedError(f"{type(self).__name__} scores its rounds by score_round")

    @property
    def initial_carried(self) -> Any:
        """What the game carries into its first round (Spades: no bags); None by default."""
        return None

    def score_round(self, record: R, info: RoundInfo, carried: Any) -> tuple[tuple[int, ...], Any]:
        """A round's scores for each seat, given what the round before carried out of it
        (:attr:`initial_carried` before the first), and what this one carries out. By
        default the round alone decides (:meth:`round_scores`) and nothing is carried."""
        return self.round_scores(record, info), carried

    @abc.abstractmethod
    def seat_outcomes(self, record: R) -> tuple[SeatOutcome, ...]:
        """Each seat's bid, what it took and whether the bid was made, in seat order."""

    def derived(self, record: R) -> dict[str, Any]:
        """Facts that follow from a round alone (One Card's "made"), for display."""
        return {}

    def scored_facts(self, scored: ScoredRound[R]) -> dict[str, Any]:
        """Facts of a scored round for display: :meth:`derived`, and what follows from the
        rounds before it too (Spades' side scores and bags)."""
        return self.derived(scored.record)

    # -- sides ---------------------------------------------------------------

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, in the order the game names its sides. By default each
        seat is a side of its own; a game of partnerships (Spades) says its own.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> WizardGame.new(["Ana", "Ben", "Cai"]).sides
        ((0,), (1,), (2,))
        """
        return tuple((seat,) for seat in range(self.player_count))

    @property
    def has_sides(self) -> bool:
        """Whether some side holds more than one seat (a game of partnerships)."""
        return any(len(seats) > 1 for seats in self.sides)

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` plays for."""
        return next(index for index, seats in enumerate(self.sides) if seat in seats)

    def seat_scores(self, side_scores: Sequence[int]) -> tuple[int, ...]:
        """Each seat's score, from each side's: every player scores what the side scores."""
        return tuple(side_scores[self.side_of(seat)] for seat in range(self.player_count))

    def side_scores(self, scored: ScoredRound[R]) -> tuple[int, ...]:
        """Each side's score in a round: the change of its total."""
        return tuple(scored.scores[seats[0]] for seats in self.sides)

    def side_facts(self, side: int) -> dict[str, Any]:
        """What the game says of side ``side`` now, beyond its seats and total (Spades: its
        bags); nothing by default."""
        return {}

    def is_over(self, scored: Sequence[ScoredRound[R]]) -> bool:
        """Whether the game ends after these rounds; by default, after the plan."""
        return len(scored) == self.planned_rounds

    # -- setting up ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        first_dealer: int = 0,
        options: Opts | Mapping[str, Any] | None = None,
    ) -> Self:
        """A new game, after checking the table and the options.

        Raises :class:`RoundRefused` listing every problem found.
        """
        errors: list[RuleError] = []
        names: tuple[str, ...] = ()
        try:
            names = cls.check_players(players)
        except RuleError as error:
            errors.append(error)
        # The seats and options can still be judged when only a name is wrong.
        is_list = isinstance(players, Sequence) and not isinstance(players, str)
        count = len(players) if is_list else 0
        if not (isinstance(first_dealer, int) and not isinstance(first_dealer, bool)):
            errors.append(
                PlayerError("The first dealer must be a seat number", field="first_dealer")
            )
        elif count and not 0 <= first_dealer < count:
            errors.append(
                PlayerError(
                    "There is no seat {seat} at this table to deal first",
                    seat=first_dealer + 1,
                    field="first_dealer",
                )
            )
        resolved: Opts | None = None
        if cls.min_players <= count <= cls.max_players:  # options depend on the count
            if dataclasses.is_dataclass(options) and not isinstance(options, type):
                options = dataclasses.asdict(options)
            try:
                resolved = cls.options_from_mapping(options, count)  # type: ignore[arg-type]
            except RuleError as error:
                errors.append(error)
        if errors:
            raise RoundRefused(errors)
        assert resolved is not None
        return cls(players=names, first_dealer=first_dealer, options=resolved)

    @classmethod
    def check_players(cls, players: Sequence[str]) -> tuple[str, ...]:
        """The table's names, spaces tidied; refuses a wrong count, blanks and repeats."""
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise PlayerError("Players must be a list of names", field="players")
        if len(players) > cls.max_players:
            # Counted before any name is read: a list of 20,000 names costs nothing.
            cls._refuse_count(len(players))
        names: list[str] = []
        seen: set[str] = set()
        for name in players:
            if not isinstance(name, str):
                raise PlayerError("Every player needs a name", field="players")
            name = readable_name(name, field="players")  # NFKC, nothing invisible
            if len(name) > MAX_NAME_LENGTH:
                raise PlayerError(
                    "“{name}…” is too long: a name has at most {limit} characters",
                    name=name[:12],
                    limit=MAX_NAME_LENGTH,
                    field="players",
                )
            if name.casefold() in seen:
                raise PlayerError(
                    "{name} is at the table twice: every player needs a different name",
                    name=name,
                    field="players",
                )
            seen.add(name.casefold())
            names.append(name)
        if not cls.min_players <= len(names) <= cls.max_players:
            cls._refuse_count(len(names))
        return tuple(names)

    @classmethod
    def _refuse_count(cls, count: int) -> NoReturn:
        if cls.min_players == cls.max_players:
            raise PlayerCountError(
                "{title} is played by exactly {players} players, not {count}",
                title=cls.title,
                players=cls.min_players,
                count=count,
                field="players",
            )
        raise PlayerCountError(
            "{title} is played by {low} to {high} players, not {count}",
            title=cls.title,
            low=cls.min_players,
            high=cls.max_players,
            count=count,
            field="players",
        )

    @classmethod
    def round_sentence(cls, name: str) -> str:
        """One of :data:`ROUND_SENTENCES` in the game's word for a round.

        >>> from scorekeeper.games.one_card.rules import OneCardGame
        >>> OneCardGame.round_sentence("none recorded")
        'No hand has been recorded yet'
        """
        return ROUND_SENTENCES[cls.round_word][name]

    # -- the table -----------------------------------------------------------

    @property
    def player_count(self) -> int:
        return len(self.players)

    def left_of(self, seat: int) -> int:
        """The next seat clockwise (RULES.md: "left" is the next seat)."""
        return (seat + 1) % self.player_count

    def default_dealer(self, number: int) -> int:
        """Who deals round ``number`` unless the scorekeeper says otherwise.

        The deal passes left each round, from the dealer actually recorded for
        the round before, so an override carries on into later rounds.
        """
        if number == 1:
            return self.first_dealer
        return self.left_of(self.rounds[number - 2].dealer)

    def first_bidder(self, dealer: int) -> int:
        return self.left_of(dealer)

    def round_info(self, number: int, dealer: int | None = None) -> RoundInfo:
        """The deal of round ``number`` (recorded, or the next one)."""
        if not 1 <= number <= len(self.rounds) + 1:
            raise RoundError("Round {number} is not in this game", number=number, field="number")
        if dealer is None:
            if number <= len(self.rounds):
                dealer = self.rounds[number - 1].dealer
            else:
                dealer = self.default_dealer(number)
        return RoundInfo(
            number=number,
            dealer=dealer,
            cards=self.deal_size(number),
            first_bidder=self.first_bidder(dealer),
            planned=self.planned_rounds,
        )

    def round_after(self, info: RoundInfo) -> RoundInfo | None:
        """The deal of the round after ``info``'s (the next round, still to enter), as it
        will be once that round is stored, whatever its result: dealt by the seat left of
        ``info``'s dealer. None when the game's plan ends with ``info``'s round (or, in a
        game without a plan, the most rounds it can have). A game that ends by its score
        may end with any round: whether it does is known only with that round's score.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], first_dealer=2)
        >>> after = game.round_after(game.round_info(1))
        >>> after.number, after.dealer, after.cards, after.first_bidder
        (2, 0, 2, 1)
        >>> game.round_after(game.round_info(1, dealer=1)).dealer
        2
        >>> game.round_after(replace(game.round_info(1), number=20)) is None
        True
        """
        last = self.most_rounds
        if last is not None and info.number >= last:
            return None
        dealer = self.left_of(info.dealer)
        return RoundInfo(
            number=info.number + 1,
            dealer=dealer,
            cards=self.deal_size(info.number + 1),
            first_bidder=self.first_bidder(dealer),
            planned=self.planned_rounds,
        )

    @property
    def next_round(self) -> RoundInfo | None:
        """The round to play next, or None once the game is over."""
        if self.finished:
            return None
        return self.round_info(len(self.rounds) + 1)

    def bidding_order(self, dealer: int) -> list[int]:
        """Seats in the order they bid: left of the dealer first, the dealer last."""
        first = self.first_bidder(dealer)
        return [(first + i) % self.player_count for i in range(self.player_count)]

    def player_name(self, seat: int) -> str:
        return self.players[seat]

    def dealer_from_mapping(
        self, data: Mapping[str, Any], number: int, errors: list[RuleError]
    ) -> int:
        """The dealer a mapping names, or the one the round has by default.

        A recorded round keeps its dealer; the next round's follows the rotation.
        Problems are added to ``errors`` (and seat 0 stands in so reading can go on).
        """
        dealer = data.get("dealer")
        if dealer is None:
            if number <= len(self.rounds):
                return self.rounds[number - 1].dealer
            if number == len(self.rounds) + 1:
                return self.default_dealer(number)
            errors.append(
                RoundError(self.round_sentence("not in game"), number=number, field="number")
            )
            return 0
        whole = isinstance(dealer, int) and not isinstance(dealer, bool)
        if not whole or not 0 <= dealer < self.player_count:
            errors.append(
                PlayerError(
                    "The dealer must be a seat from 0 to {last}",
                    last=self.player_count - 1,
                    field="dealer",
                )
            )
            return 0
        return int(dealer)

    # -- verify / can / do ---------------------------------------------------

    def parse_round(self, data: Mapping[str, Any], number: int | None = None) -> R:
        """A record read from the API's mapping, checked for shape and legality."""
        number = self._target_number(number)
        record = self.record_from_mapping(data, number)
        self.check_round(record, number)
        return record

    def entered_errors(self, data: Mapping[str, Any], number: int | None = None) -> list[RuleError]:
        """Every problem with a round entered in part, all at once: a list of seats with
        a number left out is not judged (whoever entered it is asked for the missing
        number), every other part is. Nothing when the round could have happened.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
        >>> round_one = {"trump": "hearts", "bids": [1, None, 0], "tricks": [1, 1, 0]}
        >>> [str(error) for error in game.entered_errors(round_one)]
        ['Tricks add up to 2, but 1 card was dealt']
        """
        given = dict(data) if isinstance(data, Mapping) else data
        unjudged: set[str] = set()
        for name in self.seat_lists:
            values = given.get(name) if isinstance(given, dict) else None
            if isinstance(values, list | tuple) and not all(self.entered(name, v) for v in values):
                given[name] = [0] * len(values)
                unjudged.add(name)
        for name in self.seat_choices:
            if isinstance(given, dict) and not self.entered(name, given.get(name)):
                given[name] = 0
                unjudged.add(name)
        try:
            self.parse_round(given, number)
        except RoundRefused as refused:
            return [error for error in refused.errors if error.field not in unjudged]
        except RuleError as error:
            return [error]
        return []

    def entered(self, field: str, value: Any) -> bool:
        """Whether a seat's value in a round's ``field`` was entered at all, and so is
        judged: by default a whole number (a game whose bids are words too, Spades'
        "nil", says so for them)."""
        return _whole(value)

    # -- the round being played ----------------------------------------------

    def play_placeholder(self, info: RoundInfo) -> dict[str, Any]:
        """Play fields that stand in while the pending part of a round is judged on its
        own (their own problems are set aside)."""
        return {}

    def parse_pending(self, data: Mapping[str, Any], number: int | None = None) -> dict[str, Any]:
        """The next round's pending part (every field but :attr:`play_fields`, the dealer
        included), checked as a round's would be: as the round's mapping reads it, without
        its play fields. Raises :class:`RoundRefused` with every problem.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0, {"hook": True})
        >>> game.parse_pending({"trump": "hearts", "bids": [1, 0, 1]})
        {'dealer': 0, 'trump': 'hearts', 'turned': None, 'bids': [1, 0, 1]}
        >>> try:
        ...     game.parse_pending({"trump": "hearts", "bids": [0, 1, 0], "tricks": [9, 9, 9]})
        ... except RoundRefused as refused:
        ...     print(refused.errors[0].field, refused.errors[0].values["bid"])
        bids 0
        """
        number = self._target_number(number)
        if not isinstance(data, Mapping):
            raise RuleError("A round must be an object", field="round")
        errors: list[RuleError] = []
        dealer = self.dealer_from_mapping(data, number, errors)
        if errors:
            raise RoundRefused(errors)
        said = {key: value for key, value in data.items() if key not in self.play_fields}
        given = {**said, **self.play_placeholder(self.round_info(number, dealer))}
        try:
            record = self.record_from_mapping(given, number)
        except RoundRefused as refused:
            problems = [e for e in refused.errors if e.field not in self.play_fields]
            raise RoundRefused(problems or refused.errors) from None
        problems = [e for e in self.round_errors(record, number) if e.field not in self.play_fields]
        if problems:
            raise RoundRefused(problems)
        facts = record.to_mapping()
        return {key: value for key, value in facts.items() if key not in self.play_fields}

    @property
    def hides_bids(self) -> bool:
        """Whether the players bid secretly, each on their own phone, the bids shown
        together once all are in; a game without bids to hide: never."""
        return False

    def hidden_bid_errors(
        self, info: RoundInfo, given: Sequence[Any], bids: Sequence[Any]
    ) -> list[RuleError]:
        """Problems with bids made secretly, before every bid is in: ``given`` the bids
        just made (None: not this time), ``bids`` all those in so far. A game without
        bids of its own to hide refuses them all."""
        return [RuleError("This game has no hidden bids", field="bids")]

    def hidden_bid_turn(
        self, info: RoundInfo, bids: Sequence[Any], seat: int
    ) -> tuple[bool, int | None]:
        """For a seat bidding secretly: whether it must wait for the others' bids, and
        the bid it may not make (None: any)."""
        return False, None

    def over_under(self, pending: Mapping[str, Any], cards: int) -> int | None:
        """How far the pending bids add up above (positive) or below the tricks there are
        to take; None for a game whose bids do not share out the tricks."""
        return None

    def round_errors(self, record: R, number: int | None = None) -> list[RuleError]:
        number = self._target_number(number)
        if not 0 <= record.dealer < self.player_count:
            return [
                PlayerError(
                    "There is no seat {seat} at this table to deal",
                    seat=record.dealer + 1,
                    field="dealer",
                )
            ]
        return self.record_errors(record, self.round_info(number, record.dealer))

    def check_round(self, record: R, number: int | None = None) -> None:
        """Raise :class:`RoundRefused` if the round cannot have happened."""
        errors = self.round_errors(record, number)
        if errors:
            raise RoundRefused(errors)

    def is_legal_round(self, record: R, number: int | None = None) -> bool:
        try:
            return not self.round_errors(record, number)
        except RuleError:
            return False

    def apply_round(self, record: R) -> Self:
        """The game with ``record`` played as the next round."""
        self.check_round(record)
        return self._played(record)

    def replace_round(self, number: int, record: R) -> Self:
        """The game with round ``number`` corrected to ``record``."""
        self._check_recorded(number)
        self.check_round(record, number)
        rounds = list(self.rounds)
        rounds[number - 1] = record
        corrected = replace(self, rounds=tuple(rounds))
        scored = corrected.scored_rounds
        # A game that ends by score may not end, after the correction, before
        # rounds that were played after it.
        for played in range(number, len(scored)):
            if corrected.is_over(scored[:played]):
                raise RoundRefused(
                    [
                        RoundError(
                            self.round_sentence("correction ends game"),
                            played=played,
                            field="number",
                        )
                    ]
                )
        return corrected

    def load_round(self, data: Mapping[str, Any]) -> Self:
        """The game with a stored round appended: read, but not judged again.

        Rounds were checked when they were recorded; a stored game must still
        open (and score) even if it would be refused today.
        """
        record = self.record_from_mapping(data, len(self.rounds) + 1)
        return self._played(record)

    def _played(self, record: R) -> Self:
        """The game with ``record`` as its next round. The rounds scored so far, when this
        game knows them, are carried on with the new one scored alone: a game replayed
        round by round, each judged as it comes, scores every round once, not the whole
        game again for each round (a 4,000-hand game of One Card: seconds, not minutes).

        >>> from scorekeeper.games.one_card.rules import OneCardGame
        >>> game = OneCardGame.new(["Ana", "Ben"], 0, {"target": 999})
        >>> hand = {"bidder": None, "bid": None, "trump": "none", "points": [7, 8],
        ...         "last_trick": 0}
        >>> for _ in range(3):
        ...     game = game.apply_round(game.parse_round(hand))
        >>> game.scored_rounds == replace(game).scored_rounds, game.totals
        (True, (21, 24))
        """
        played = replace(self, rounds=(*self.rounds, record))
        known: tuple[ScoredRound[R], ...] | None = self.__dict__.get("scored_rounds")
        if known is not None:
            scored = played._scored(len(played.rounds), record, known[-1] if known else None)
            # The cached property's own slot: what ``scored_rounds`` would work out.
            played.__dict__["scored_rounds"] = (*known, scored)
        return played

    def _scored(self, number: int, record: R, before: ScoredRound[R] | None) -> ScoredRound[R]:
        """Round ``number`` scored after ``before``, the round before it (None: the first)."""
        info = self.round_info(number)
        if before is None:
            totals, carried = (0,) * self.player_count, self.initial_carried
        else:
            totals, carried = before.totals, before.carried
        scores, carried = self.score_round(record, info, carried)
        totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
        return ScoredRound(number, info.cards, record, scores, totals, carried)

    def undo_round(self) -> Self:
        """The game without its last round."""
        if not self.rounds:
            raise RoundError(self.round_sentence("none recorded"), field="number")
        return replace(self, rounds=self.rounds[:-1])

    def _target_number(self, number: int | None) -> int:
        if number is None:
            if self.finished:
                raise GameOverError(
                    self.round_sentence("game over"),
                    title=self.title,
                    played=len(self.rounds),
                    field="number",
                )
            return self._within_limit(len(self.rounds) + 1)
        if number == len(self.rounds) + 1 and not self.finished:
            return self._within_limit(number)
        self._check_recorded(number)
        return number

    def _within_limit(self, number: int) -> int:
        most = self.most_rounds
        if most is not None and number > most:
            raise self.round_limit_error(number)
        return number

    def _check_recorded(self, number: int) -> None:
        if not 1 <= number <= len(self.rounds):
            raise RoundError(self.round_sentence("not played"), number=number, field="number")

    # -- results -------------------------------------------------------------

    @cached_property
    def scored_rounds(self) -> tuple[ScoredRound[R], ...]:
        scored: list[ScoredRound[R]] = []
        for number, record in enumerate(self.rounds, start=1):
            scored.append(self._scored(number, record, scored[-1] if scored else None))
        return tuple(scored)

    @property
    def totals(self) -> tuple[int, ...]:
        if not self.scored_rounds:
            return (0,) * self.player_count
        return self.scored_rounds[-1].totals

    @cached_property
    def finished(self) -> bool:
        return bool(self.rounds) and self.is_over(self.scored_rounds)

    @property
    def side_totals(self) -> tuple[int, ...]:
        """Each side's total (:attr:`sides`): the total of each of its players."""
        return tuple(self.totals[seats[0]] for seats in self.sides)

    @property
    def leaders(self) -> tuple[int, ...]:
        """Seats of the sides with the highest total so far (every seat before round 1):
        the players with the highest total, or in a game of sides both partners."""
        top = max(self.side_totals)
        return tuple(
            sorted(
                seat
                for seats, total in zip(self.sides, self.side_totals, strict=True)
                if total == top
                for seat in seats
            )
        )

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that share the win once the game is over; empty before."""
        return self.leaders if self.finished else ()

    @property
    def standings(self) -> list[tuple[int, int, int]]:
        """``(place, seat, total)`` from first to last; equal totals share a place."""
        order = sorted(range(self.player_count), key=lambda s: -self.totals[s])
        result: list[tuple[int, int, int]] = []
        for index, seat in enumerate(order):
            if index and self.totals[seat] == self.totals[order[index - 1]]:
                place = result[-1][0]
            else:
                place = index + 1
            result.append((place, seat, self.totals[seat]))
        return result

    @property
    def side_standings(self) -> list[tuple[int, int, int]]:
        """``(place, side, total)`` from first to last, ``side`` an index in :attr:`sides`;
        equal totals share a place. Without partnerships, :attr:`standings` by side."""
        totals = self.side_totals
        order = sorted(range(len(totals)), key=lambda side: -totals[side])
        result: list[tuple[int, int, int]] = []
        for index, side in enumerate(order):
            if index and totals[side] == totals[order[index - 1]]:
                place = result[-1][0]
            else:
                place = index + 1
            result.append((place, side, totals[side]))
        return result


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
