"""A game kind: everything the web side needs of one game, in one frozen descriptor.

The rules say what a game *is* (``scorekeeper.rules``); a kind says how the app shows and
takes it: its forms, its templates, its sheet, its statistics, its API schema, its referee
and its words for a round. Pages, sheets and the API ask the kind (``kind("wizard")``) and
never test which game they hold, the way python-chess's board asks its variant.

A kind is checked whole when it is made, and every kind again when the app starts
(:func:`scorekeeper.games.check_kinds`): a piece a kind lacks fails there, not on a table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ..i18n import gettext
from ..rules.game import Game, ScoredRound
from ..rules.referee import Referee
from ..sheets.layout import SheetLayout
from .changes import ChangeWords, say_change, say_changes
from .paper import PaperEntry

if TYPE_CHECKING:
    from wtforms import Form

    from ..forms.games import NewGameForm
    from ..forms.rounds import RoundForm
    from ..history import BidLine
    from ..rules.game import RoundInfo

G = TypeVar("G", bound=Game[Any, Any])
"""A kind's game: its rules' class."""
G_contra = TypeVar("G_contra", bound=Game[Any, Any], contravariant=True)

JsonSchema = Mapping[str, object]
"""A JSON Schema (or a part of the API's document), as the API's document writes it;
read only (a game's may be a literal of any shape)."""


class RoundForms(Protocol[G_contra]):
    """A game's round form (its class): made for one round of a game of its kind."""

    def for_round(
        self, game: G_contra, info: RoundInfo, record: Any = None, **kwargs: Any
    ) -> RoundForm:
        """The form of the round ``info`` of ``game``, filled from ``record`` (the round
        as recorded, being corrected) if given; ``formdata`` as WTForms takes it."""
        ...


WORDS = frozenset(
    {
        # the round screen's sentences, by what happened
        "undone",
        "sent",
        "saved, game over",
        "saved",
        "saved already",
        "corrected",
        "page of a recorded round",
        "page of a past round",
        "undone meanwhile",
        "changed meanwhile",
        "now playing",
        "corrected at",
        "undone at",
        "corrected on",
        "undone on",
        # labels and hints on pages
        "help",
        "correct",
        "later dealers",
        "running totals",
        "title",
        "title of",
        "enter",
        "to play",
        "to play of",
        "tap to correct",
        "undo",
        "undo?",
        "first dealer hint",
        "new game",
    }
)
"""Every sentence a kind names in its own word for a round ("round", "hand")."""


@dataclass(frozen=True)
class Templates:
    """The game's own templates, by what they draw."""

    board: str
    """The scoreboard's table of rounds (game page and watch board)."""
    round: str
    """The round screen's form."""
    options: str
    """The new-game page's options."""
    deal: str
    """What the table needs before a round, and the round's help."""
    rules: str
    """The rules page."""
    sheet_notes: str
    """The notes printed under a score sheet."""
    statistics: str
    """The player page's section for this game."""
    sheet_options: str
    """The game's options on the blank-sheet page."""
    pending: str = "kinds/_tricks_pending.html"
    """The round being played (its bids said, its tricks not yet in), as the game page,
    the watch board and the big board show it."""
    options_line: str = "kinds/_options_line.html"
    """The game's options as its page states them under the title; by default none."""
    players_note: str = "kinds/_players_note.html"
    """What the new-game page says of the seats beyond their count (a game of sides: who
    plays with whom); by default nothing."""
    standing: str = "kinds/_standing.html"
    """What the standings (game page, watch board, big board) say of a side beyond its
    name and total (Spades' bags); by default nothing."""
    referee_table: str = "referee/_table_fields.html"
    """The referee pages' table (its cards, trump, who led), extended by a game with its
    own fields in the blocks it leaves (Wizard's special cards, One Card's order)."""


@dataclass(frozen=True)
class Words:
    """The game's sentences that carry its word for a round, each whole for translators."""

    sentences: Mapping[str, str]

    def __post_init__(self) -> None:
        missing = WORDS - set(self.sentences)
        extra = set(self.sentences) - WORDS
        if missing or extra:
            raise KindError(f"words missing {sorted(missing)}, unknown {sorted(extra)}")

    def say(self, name: str, **values: object) -> str:
        """The sentence ``name``, translated, with its values."""
        return gettext(self.sentences[name], **values)


@dataclass(frozen=True)
class ApiSchema:
    """The game in the OpenAPI document (``scorekeeper.api_spec``)."""

    round_input: str
    """The name of the component describing a round as the API takes it."""
    round_schema: Callable[[], JsonSchema]
    """That component: a JSON Schema with an example."""
    options: Callable[[], Mapping[str, JsonSchema]]
    """The game's options, each a JSON Schema, by name. The game document shows every
    option: one the game was started without, as its schema's default."""
    round_fields: Callable[[], Mapping[str, JsonSchema]] = dict
    """What the game adds to a round of the game document, each a JSON Schema, by name."""
    game_fields: Callable[[], Mapping[str, JsonSchema]] = dict
    """What the game adds to the game document itself (a game of sides: its ``sides``),
    each a JSON Schema, by name."""
    example_options: Callable[[], Mapping[str, object]] = dict
    """Options for the example of a new game, when the game is the API's default."""
    error_fields: Mapping[str, str] = field(default_factory=dict)
    """A refusal's field as the API names it, where the contract names it otherwise than
    the rules do (the rules' field, then the API's)."""


STATIC_PREFIX = "games"
"""A game's static files (its folder's ``static/``) are served as ``games/<key>/<name>``."""


@dataclass(frozen=True)
class Script:
    """The game's own part of the page's script, in its folder's ``static/``: what its
    round screen does beyond the shared one (static/app.js asks it), loaded on that game's
    pages only."""

    file: str
    """The script's name in the game's ``static/`` folder."""
    messages: Callable[[], Mapping[str, str | Mapping[str, str]]]
    """The sentences it writes, in the request's language, by the name the script gives
    them (a plural as its forms by CLDR category: ``scorekeeper.i18n.plural_forms``)."""


Taps = dict[str, "str | list[str]"]
"""A page's fields as a browser sends them: one value a field, a list for boxes ticked."""


@dataclass(frozen=True)
class SheetLine:
    """A played round's line on the completed sheet as a reader copies it out: the
    round's cells left to right, spaces between them, a figure dash read as a minus."""

    starts: str
    """What the line starts with, telling it from every other line ("3 3 ": the round's
    number and its cards; "2 Ana ": the hand's and its dealer)."""
    ends: tuple[str, ...]
    """The cells it ends with, each as read (``+40``, ``-20``, ``3+2``)."""
    holds: tuple[str, ...] = ()
    """Text found elsewhere in it (the dealer's name, a contract)."""


def figure(value: int, *, signed: bool = False) -> str:
    """A number as a reader copies it off a sheet: a score signed, a total not.

    >>> figure(40, signed=True), figure(-20, signed=True), figure(0, signed=True), figure(7)
    ('+40', '-20', '0', '7')
    """
    return f"+{value}" if signed and value > 0 else str(value)


@dataclass(frozen=True)
class Samples(Generic[G]):
    """What the shared tests need of a game, kept in its folder: games played at a table
    (``recorded/*.json``, in the API's words, their scores and totals worked out by hand)
    and how a person enters them on the pages."""

    folder: Path
    """The game's folder; its recorded games are ``recorded/*.json`` under it."""
    new_game_taps: Callable[[Mapping[str, object]], Taps]
    """The new-game page's fields for the game's options as the API writes them."""
    round_taps: Callable[[Mapping[str, object]], Taps]
    """The round screen's fields for a round as the API writes it: what the scorekeeper
    taps to enter it."""

    a_round: Callable[[G, Random], dict[str, object]] | None = None
    """A plausible next round of a game (its rules' game), in the API's words, drawn with
    the random source given: how the shared tests play a game on to any point (the sheets'
    checker); None where those tests know the game's shape already (bids and tricks, an
    auction and points)."""

    sheet_line: Callable[[G, ScoredRound[Any]], SheetLine] | None = None
    """How a played round of a game (its rules' game, after the round) reads on its
    completed sheet, worked out from the round and its score as a person would, never
    from the sheet's layout: what the shared tests read back from each recorded game's
    PDF. None only while a game is being added: that test fails for it until it is given."""

    @property
    def recorded(self) -> tuple[Path, ...]:
        """The folder's recorded games, by name."""
        return tuple(sorted((self.folder / "recorded").glob("*.json")))


OPTIONAL = frozenset({"paper", "script", "scoring"})
"""The pieces a kind may go without."""


class KindError(LookupError):
    """A game kind lacks a piece, or a key names no kind."""


@dataclass(frozen=True)
class GameKind(Generic[G]):
    """One game as the app serves it; registered in ``scorekeeper.games.KINDS``. Its
    pieces are its game's (``G``, its rules): the type check holds a kind to one game."""

    key: str
    rules: type[G]
    referee: Referee
    new_game_form: type[NewGameForm]
    """Players, first dealer and the game's options."""
    round_form: RoundForms[G]
    """A ``RoundForm`` subclass, made for a round by its ``for_round``."""
    sheet_form: type[Form]
    """A WTForms ``Form`` of the game's options on a blank sheet, joined to the blank-sheet
    form (its field names apart from every other game's)."""
    sheet_options: Callable[[Form], dict[str, object]]
    """The game's options from the blank-sheet form, as the rules read them."""
    sheet: SheetLayout[G]
    """Its score sheets' layout: columns, rows, facts and notes (``scorekeeper.sheets``)."""
    templates: Templates
    words: Words
    api: ApiSchema
    """How the JSON API's document describes the game's rounds and options."""
    page_values: Callable[[], Mapping[str, object]]
    """What the game's own templates show beyond the game itself (its options' hints)."""
    statistics: Callable[[Sequence[BidLine]], object]
    """The player page's section for this game (its template reads it as ``section``),
    made of the player's bids by deal size in this game (``history.BidLine`` rows)."""
    samples: Samples[G]
    """Its recorded games and how they are entered, for the shared tests."""
    change_words: ChangeWords = field(default_factory=dict)
    """How a correction of one of the game's own fields is said ("Ana's bid 2 → 1"),
    beyond the dealer and the trump (``games.changes``)."""
    paper: PaperEntry | None = None
    """How a played paper sheet of the game is typed back in (``games.paper``); None
    for a game whose sheets cannot be typed in this way yet."""
    script: Script | None = None
    """The game's own part of its round screen's script; None where the shared one does
    all (the page works without any script as well)."""
    scoring: Callable[[G, RoundInfo], Mapping[str, object]] | None = None
    """What the round screen's script needs to score the round being entered (``info``'s)
    the way the game's rules do, sent with the page as JSON: with it, Save shows the next
    round at once, drawn by the server ahead, while the round is sent (a game of bidding
    tricks: ``games.tricks.bid_scores``). None where the browser does not score the game's
    rounds: Save waits for the server's next page."""

    def __post_init__(self) -> None:
        for piece in fields(self):
            if getattr(self, piece.name) is None and piece.name not in OPTIONAL:
                raise KindError(f"game kind {self.key!r} lacks its {piece.name}")
        if self.rules.key != self.key or self.referee.key != self.key:
            raise KindError(
                f"game kind {self.key!r} holds the rules of {self.rules.key!r}"
                f" and the referee of {self.referee.key!r}"
            )

    @property
    def script_file(self) -> str | None:
        """The game's script as a static file's name (``url_for("static", ...)``)."""
        return f"{STATIC_PREFIX}/{self.key}/{self.script.file}" if self.script else None

    @property
    def title(self) -> str:
        """The game's name in English (translated among the game's words)."""
        return self.rules.title

    @property
    def round_word(self) -> str:
        return self.rules.round_word

    def say(self, name: str, **values: object) -> str:
        return self.words.say(name, **values)

    def say_change(self, state: G, change: Mapping[str, object]) -> str:
        """One field a correction changed, as the reader says it (plain text)."""
        return say_change(state, change, self.change_words)

    def say_changes(self, state: G, changes: Sequence[Mapping[str, object]]) -> str:
        """Every field a correction changed, each said once, in one line (plain text)."""
        return say_changes(state, changes, self.change_words)
