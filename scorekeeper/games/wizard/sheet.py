"""Wizard's score sheet: round, cards, dealer and trump in the lead; each player's bid,
tricks won, score and running total (RULES.md › Wizard › Scoring).

With the anniversary special cards (RULES.md, Wizard with the anniversary special cards)
the trump column writes a special card turned as its short word and the trump
(``Drg ♠``), and the trump named by whoever swapped the Werewolf apart from that
(``Wlf⇄♣``); a game with the Bomb has a column to tick the rounds it was played in, and
a bid the Cloud changed reads ``2→3`` in its box (a game with the Cloud has boxes of
bids that wide):

>>> game = WizardGame.new(["Ana", "Ben", "Cai"], options={"special_cards": ["bomb", "cloud"]})
>>> [col.key for col in SHEET.columns(state=game).lead]
['rnd', 'cards', 'dealer', 'trump', 'bomb', 'bids']
>>> SHEET.widest(game)["bid"], SHEET.widest(WizardGame.new(["Ana", "Ben", "Cai"]))["bid"]
(5, 2)

>>> from scorekeeper.sheets import PAPERS, blank_sheet, orientation_for
>>> [orientation_for(SHEET.columns(), n, PAPERS["a4"]) for n in (3, 4, 5, 6)]
['portrait', 'landscape', 'landscape', 'landscape']
>>> plan = blank_sheet(WizardGame, SHEET, 4, names=["Ana", "Ben", "Cai", "Dee"], first_dealer=2)
>>> [row.lead[:2] for row in plan.rows[:5]]
[('1', 'Cai'), ('2', 'Dee'), ('3', 'Ana'), ('4', 'Ben'), ('5', 'Cai')]
>>> plan.orientation, len(plan.rows), plan.rows[-1].lead
('portrait', 15, ('15', 'Ana', '–', ''))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext
from markupsafe import Markup, escape

from ...charts import BY_ROUND
from ...rules.cards import ANNIVERSARY_CARDS, Special
from ...rules.game import ScoredRound
from ...sheets.grid import Column, Field, Grid
from ...sheets.layout import Cell, Fact, Row, SheetLayout, row, trump_cell, turned_cell
from ...sheets.measure import text_width
from ..tricks_sheet import (
    TRICK_LEAD,
    TRICK_PAD,
    TRICK_SUBS,
    bids_cell,
    rounds_progress,
    totals_after,
    trick_line,
    trick_widest,
)
from .cards import SPECIAL_CARD_WORDS
from .rules import WizardGame, WizardRound, full_game_rounds

# The anniversary cards' short words on a printed sheet, in its narrow columns ("Drg ♠":
# the Dragon turned, the dealer named spades).
SHORT_WORDS = {
    # TRANSLATORS: the Bomb's short word on a printed Wizard sheet ("Bmb –": turned, no
    # trump): 2-3 letters, not a card's letter (J, Q, K, A) nor another card's word.
    Special.BOMB: lazy_gettext("Bmb"),
    # TRANSLATORS: the Cloud's short word on a printed Wizard sheet ("Cld ♠"): 2-3
    # letters, not a card's letter (J, Q, K, A) nor another card's word.
    Special.CLOUD: lazy_gettext("Cld"),
    # TRANSLATORS: the Dragon's short word on a printed Wizard sheet ("Drg ♠"): 2-3
    # letters, not a card's letter (J, Q, K, A) nor another card's word.
    Special.DRAGON: lazy_gettext("Drg"),
    # TRANSLATORS: the Fairy's short word on a printed Wizard sheet ("Fai –"): 2-3
    # letters, not a card's letter (J, Q, K, A) nor another card's word.
    Special.FAIRY: lazy_gettext("Fai"),
    # TRANSLATORS: the Juggler's short word on a printed Wizard sheet ("Jug ♠"): 2-3
    # letters, not a card's letter (J, Q, K, A) nor another card's word (a Jester's).
    Special.JUGGLER: lazy_gettext("Jug"),
    # TRANSLATORS: the Werewolf's short word on a printed Wizard sheet ("Wlf ♠"): 2-3
    # letters, not a card's letter (J, Q, K, A) nor another card's word (a Wizard's).
    Special.WEREWOLF: lazy_gettext("Wlf"),
    # TRANSLATORS: the Shapeshifter's short word on a printed Wizard sheet ("Shp ♠"): 2-3
    # letters, not a card's letter (J, Q, K, A) nor another card's word.
    Special.SHAPESHIFTER: lazy_gettext("Shp"),
}


SWAPPED = "⇄"
"""Between the Werewolf's short word and the trump its holder named when they swapped it
(``Wlf⇄♥``); the Werewolf turned reads as any special card turned (``Wlf ♥``)."""


BOMB_COLUMN = Column("bomb", SPECIAL_CARD_WORDS[Special.BOMB], 7.0, short=SHORT_WORDS[Special.BOMB])
"""The column of the rounds in which the Bomb was played (✓): its trick nobody took, so
the tricks add up to one less than the cards (the Cloud's change of a bid is written in
the bid's box, the Werewolf's trump in the trump column)."""


def played_row(state: WizardGame, scored: ScoredRound[WizardRound], grid: Grid) -> Row:
    """Round, cards, dealer, the trump as it came (the turned card, "Wiz" for a Wizard
    and the suit the dealer named, "Jes" for a Jester, a special card's short word, the
    Werewolf's trump), the Bomb and the Cloud where the game has them, and the bids
    added up (as made), then bid (``2→3`` as the Cloud changed it), took, score, total."""
    record, number_ = scored.record, scored.number
    line = trick_line(grid, scored, _bid_fields(record))
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    written = [dealer, _trump(record)]
    if _has_bomb_column(grid):
        written.append(Cell("✓", "bomb") if record.bomb else Cell("·", "bomb none"))
    written.append(bids_cell(record.bids))
    return row(grid, number_, [state.deal_size(number_)], written, line, "played")


def _trump(record: WizardRound) -> Cell:
    """The trump column's cell: the Werewolf's trump, else the trump as the turned card
    made it."""
    turned = record.turned
    if record.werewolf is not None:
        # RULES.md, Wizard with the anniversary special cards › Werewolf: its holder
        # swapped it for the turned card and named the round's trump; written apart
        # from the Werewolf turned (``Wlf ♥``, the dealer named ♥).
        return trump_cell(record.werewolf.trump, short_word(Special.WEREWOLF) + SWAPPED)
    if turned is None:
        return trump_cell(record.trump)
    if turned.is_wizard:
        return trump_cell(record.trump, wizard_short() + " ")
    if turned.is_jester:
        return Cell(jester_short() + " –", "trump")
    if turned.special in ANNIVERSARY_CARDS:
        assert turned.special is not None
        return trump_cell(record.trump, short_word(turned.special) + " ")
    return turned_cell(turned, record.trump)


class ChangedBid(Field):
    """A bid the Cloud changed, ``2→3``: the arrow, which Noto Sans lacks, is drawn a
    digit wide (print.css ``.to``), so the line stays on the digit grid."""

    def markup(self) -> Markup:
        made, _, changed = self.text.partition("→")
        return Markup('{}<span class="to">→</span>{}').format(escape(made), escape(changed))


def _bid_fields(record: WizardRound) -> list[Field]:
    """Each seat's bid as made, and the Cloud's change beside it."""
    fields = [Field(str(bid)) for bid in record.bids]
    cloud = record.cloud
    if cloud is not None:
        bid = record.bids[cloud.seat]
        fields[cloud.seat] = ChangedBid(f"{bid}→{bid + cloud.change}")
    return fields


def _has_bomb_column(grid: Grid) -> bool:
    """Whether the grid has the column of the Bomb. A round's printed cells are never
    empty (an empty box is one to write in): a round without the Bomb has a dot there."""
    return any(col.key == BOMB_COLUMN.key for col in grid.lead)


def to_play_row(state: WizardGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A round still to be played: its number, cards and dealer, and – for the trump
    of a round that turns none."""
    # RULES.md, Wizard › Trump: nothing is turned in the last round of a full game.
    trump = Cell() if state.turns_trump(number_) else Cell("–", "none")
    written = [Cell(grid.fit(dealer, among=state.players), "dealer"), trump, Cell()]
    if _has_bomb_column(grid):
        written.append(Cell())
    return row(grid, number_, [state.deal_size(number_)], written, css=css)


def in_play(state: WizardGame) -> tuple[Special, ...]:
    """The game's anniversary cards, in the order the sheet lists them."""
    return tuple(card for card in ANNIVERSARY_CARDS if state.plays_with(card))


def lead(state: WizardGame) -> tuple[Column, ...]:
    """The lead columns: with special cards, a trump column wide enough for their short
    words (``Drg ♥``), and with the Bomb, its column before the bids added up."""
    cards = in_play(state)
    if not cards:
        return TRICK_LEAD
    rnd, cards_col, dealer, trump, bids = TRICK_LEAD
    written = [f"{wizard_short()} ♥", *(f"{short_word(c)} ♥" for c in cards)]
    if Special.WEREWOLF in cards:
        written.append(f"{short_word(Special.WEREWOLF)}{SWAPPED}♥")
    trump = replace(trump, width=max(trump.width, *(_cell_width(text) for text in written)))
    if Special.BOMB not in cards:
        return (rnd, cards_col, dealer, trump, bids)
    return (rnd, cards_col, dealer, trump, BOMB_COLUMN, bids)


def _cell_width(text: str) -> float:
    """A lead cell's width for ``text``: at 9 pt (print.css), a millimetre's padding each
    side and a little to spare."""
    return text_width(text, 9.0) + 2.2


def widest(state: WizardGame) -> dict[str, int]:
    """Each sub-column's longest number; with the Cloud, a bid is as long as ``19→20``."""
    chars = trick_widest(state)
    if state.plays_with(Special.CLOUD):
        most = max(state.deal_size(n) for n in range(1, state.planned_rounds + 1))
        chars["bid"] = max(len(f"{bid}→{bid + 1}") for bid in range(most))
    return chars


def facts(state: WizardGame, kind: str) -> tuple[Fact, ...]:
    """The rounds to play, of the full game's (or the hand sizes of another schedule),
    the hook (and the round it holds from), the special cards in play and the
    tournaments' tie-break."""
    options = state.options
    said = [_rounds_fact(state), _hook_fact(options.hook)]
    if options.hook and options.hook_from > 1:
        # TRANSLATORS: on a printed sheet: Hook from round 3 (the hook holds from there on).
        said[-1] = Fact(gettext("Hook"), gettext("from round %(num)s", num=options.hook_from))
    cards = in_play(state)
    if cards:
        said.append(Fact(gettext("Special cards"), _listed(card_name(c) for c in cards)))
    if options.tie_break == "exact_bids":
        # TRANSLATORS: on a printed sheet, the Wizard tournaments' tie-break: equal top
        # totals go to whoever met their bid in the most rounds.
        said.append(Fact(gettext("Tie-break"), gettext("most bids met")))
    return tuple(said)


def _rounds_fact(state: WizardGame) -> Fact:
    """The full deal's rounds (RULES.md, Wizard › Rounds and dealing), or the hand sizes
    of another schedule (RULES.md, Wizard schedules), as the cards column prints them."""
    rounds, full = state.planned_rounds, full_game_rounds(state.player_count)
    name = state.schedule_name
    if name != "full":
        sizes = state.options.schedule
        listed = (
            "–".join(str(size) for size in sizes)
            if len(sizes) <= 16
            else ngettext("%(num)s round", "%(num)s rounds", len(sizes))
        )
        if name == "tournament":
            # TRANSLATORS: on a printed Wizard sheet, after "Hand sizes, round by round":
            # the tournaments' odd hand sizes, "tournament: 1–3–5–7".
            listed = gettext("tournament: %(sizes)s", sizes=listed)
        return Fact(gettext("Hand sizes, round by round"), listed)
    if rounds == full:
        return Fact(gettext("Rounds"), gettext("%(rounds)s, the full game", rounds=full))
    return Fact(
        gettext("Rounds"),
        gettext("%(rounds)s of %(full)s, a short game", rounds=rounds, full=full),
    )


def _hook_fact(hook: bool) -> Fact:
    # TRANSLATORS: whether a Wizard game plays with the hook, on a printed sheet: Hook on.
    return Fact(gettext("Hook"), gettext("on") if hook else gettext("off"))


def wizard_short() -> str:
    """A Wizard turned up, as the trump column writes it (no card's letter)."""
    # TRANSLATORS: a Wizard turned up, in a printed sheet's narrow trump column, before
    # the suit the dealer named ("Wiz ♥"): 2-3 letters, not a card's letter (J, Q, K, A)
    # nor your short word for a Jester.
    said: str = gettext("Wiz")
    return said


def jester_short() -> str:
    """A Jester turned up, as the trump column writes it (no card's letter)."""
    # TRANSLATORS: a Jester turned up, in a printed sheet's narrow trump column ("Jes –"):
    # 2-3 letters, not a card's letter (J, Q, K, A) nor your short word for a Wizard.
    said: str = gettext("Jes")
    return said


def _listed(items: Iterable[str]) -> str:
    """Items joined as the language lists them: ``Bomb, Cloud, Werewolf``."""
    joined = ""
    for item in items:
        # TRANSLATORS: Joins the items of a list, one more at a time: "7 with 3 players,
        # 6 with 4 players".
        joined = gettext("%(items)s, %(item)s", items=joined, item=item) if joined else item
    return joined


def short_word(card: Special) -> str:
    """An anniversary card as the sheet writes it, in the trump column or the column
    "Special" (``Bmb``): no card's letter, no other card's word."""
    said: str = str(SHORT_WORDS[card])
    return said


def card_name(card: Special) -> str:
    """An anniversary card's name, in the sheet's facts."""
    said: str = str(SPECIAL_CARD_WORDS[card])
    return said


def special_key(state: WizardGame) -> tuple[str, ...]:
    """The key's lines for the special cards in play: what each one's word means."""
    said: list[str] = []
    for card in in_play(state):
        word = short_word(card)
        if card is Special.BOMB:
            # TRANSLATORS: the key on a printed Wizard sheet; bomb is the short word for
            # the Bomb ("Bmb"); ✓ is the tick in the column of the Bomb; keep ‒ 1.
            said.append(
                gettext(
                    "✓: the Bomb was played and nobody took its trick, so the tricks add up"
                    " to the cards ‒ 1 · %(bomb)s –: the Bomb was turned, no trump",
                    bomb=word,
                )
            )
        elif card is Special.CLOUD:
            # TRANSLATORS: the key on a printed Wizard sheet; cloud is the short word for
            # the Cloud ("Cld"); 2→3 is a bid changed from 2 to 3: keep the arrow.
            said.append(
                gettext(
                    "2→3: a bid the Cloud changed (whoever won its trick goes up or down"
                    " one), scored as 3 · %(cloud)s ♥: the Cloud was turned, the dealer"
                    " named ♥",
                    cloud=word,
                )
            )
        elif card is Special.WEREWOLF:
            # TRANSLATORS: the key on a printed Wizard sheet; werewolf is the short word
            # for the Werewolf ("Wlf"); keep the arrows ⇄ between it and ♥.
            said.append(
                gettext(
                    "%(werewolf)s ♥: the Werewolf was turned, the dealer named ♥ ·"
                    " %(werewolf)s⇄♥: the Werewolf was swapped for the turned card, ♥ named"
                    " by whoever held it",
                    werewolf=word,
                )
            )
        elif card is Special.FAIRY:
            # TRANSLATORS: the key on a printed Wizard sheet; fairy is the short word for
            # the Fairy ("Fai").
            said.append(gettext("%(fairy)s –: the Fairy was turned, no trump", fairy=word))
        else:
            said.append(_turned_key(card, word))
    return tuple(said)


def _turned_key(card: Special, word: str) -> str:
    """The key's line for a card that, turned, lets the dealer name a suit."""
    if card is Special.DRAGON:
        # TRANSLATORS: the key on a printed Wizard sheet; dragon is the short word for
        # the Dragon ("Drg").
        said: str = gettext("%(dragon)s ♥: the Dragon was turned, the dealer named ♥", dragon=word)
    elif card is Special.JUGGLER:
        # TRANSLATORS: the key on a printed Wizard sheet; juggler is the short word for
        # the Juggler ("Jug").
        said = gettext("%(juggler)s ♥: the Juggler was turned, the dealer named ♥", juggler=word)
    else:
        # TRANSLATORS: the key on a printed Wizard sheet; shapeshifter is the short word
        # for the Shapeshifter ("Shp").
        said = gettext(
            "%(shapeshifter)s ♥: the Shapeshifter was turned, the dealer named ♥",
            shapeshifter=word,
        )
    return said


KEY_LINE = 8.0 * 1.25 * 25.4 / 72
"""A line of the notes (8 pt, 1.25), in millimetres."""


def foot_for(state: WizardGame, kind: str, width: float) -> float:
    """The notes' height under a grid ``width`` millimetres wide: the key's lines for
    the special cards and the tie-break's note take as many lines as their words fill
    (and half a line to spare) beyond the usual notes, which leave room for a line
    begun; the key alone (``kind`` "key") its usual lines and the special cards'."""
    extra = [*special_key(state)]
    if kind != "key" and state.options.tie_break == "exact_bids":
        extra.append(tie_break_note())
    holders = werewolf_holders(state) if kind != "key" else ""
    if holders:
        extra.append(gettext("Werewolf swapped by") + " " + holders)
    if not extra:
        return FOOT_HEIGHT[kind]
    said = sum(text_width(line + " · ", 8.0) for line in extra)
    return FOOT_HEIGHT[kind] + (said / width + 0.5) * KEY_LINE


def werewolf_holders(state: WizardGame) -> str:
    """Who swapped the Werewolf, in each round it was swapped, for a played sheet's
    notes (the trump column shows the trump they named): ``Dee (round 4), Fay (round 6)``.
    """
    return _listed(
        # TRANSLATORS: under a printed Wizard sheet, after "Werewolf swapped by": the
        # player who held the Werewolf and swapped it, and the round.
        gettext("%(name)s (round %(number)s)", number=number, name=state.players[swap.seat])
        for number, swap in enumerate((r.werewolf for r in state.rounds), 1)
        if swap is not None
    )


def tie_break_note() -> str:
    # TRANSLATORS: under a printed Wizard sheet with the tournaments' tie-break.
    said: str = gettext(
        "equal top totals go to whoever met their bid in the most rounds; still equal,"
        " they share the win."
    )
    return said


def notes(state: WizardGame) -> Mapping[str, Any]:
    options = state.options
    return {
        "hook": options.hook,
        "hook_from": options.hook_from if options.hook and options.hook_from > 1 else None,
        "tie_break": tie_break_note() if options.tie_break == "exact_bids" else "",
        "wizard": wizard_short(),
        "jester": jester_short(),
        "special": special_key(state),
        "werewolf": werewolf_holders(state),
    }


FOOT_HEIGHT = {"blank": 25.0, "completed": 20.0, "key": 10.0}


SHEET: SheetLayout[WizardGame] = SheetLayout(
    lead=TRICK_LEAD,
    subs=TRICK_SUBS,
    pad=TRICK_PAD,
    widest=widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=lambda state: state.planned_rounds,
    unplanned_rows=lambda state: 0,  # every Wizard game has its planned rounds
    facts=facts,
    notes=notes,
    foot_height=FOOT_HEIGHT,
    progress=rounds_progress,
    chart_words=BY_ROUND,
    chart_target=lambda state: None,
    lead_for=lead,
    foot_for=foot_for,
)
