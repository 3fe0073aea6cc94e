"""The sentences of a game that calls its rounds "rounds" (Wizard, Oh Hell), and of one
that calls them "hands" (One Card, Spades).

Each table is whole, in its own word: sentences are never put together from a translated
word, so each reads right in every language.
"""

from __future__ import annotations

from ..rules.errors import N_

ROUND_SENTENCES: dict[str, str] = {
    "undone": N_("Round %(number)s was undone."),
    "sent": N_("Round %(number)s sent."),
    "saved, game over": N_("Round %(number)s saved: the game is over."),
    "saved": N_("Round %(number)s saved — round %(next)s next."),
    "saved already": N_("Round %(number)s is saved: the second tap changed nothing."),
    "corrected": N_("Round %(number)s corrected; totals updated."),
    "page of a recorded round": N_("That page was for round %(old)s: nothing from it was saved."),
    "page of a past round": N_(
        "That page was for round %(old)s, but the game is now at round %(number)s."
        " Nothing from it was saved: enter round %(number)s here."
    ),
    "undone meanwhile": N_("Round %(number)s was undone meanwhile: nothing was saved."),
    "changed meanwhile": N_(
        "Changed on another phone meanwhile: %(changes)s. Nothing was saved yet: what you"
        " entered for round %(number)s is kept; check it, then Save again."
    ),
    "now playing": N_("Round %(number)s is being played"),
    "corrected at": N_("Round %(number)s corrected at %(time)s"),
    "undone at": N_("Round %(number)s undone at %(time)s"),
    "corrected on": N_("Round %(number)s corrected on %(date)s at %(time)s"),
    "undone on": N_("Round %(number)s undone on %(date)s at %(time)s"),
    "help": N_("Help with this round"),
    "correct": N_("Correct round %(number)s"),
    "later dealers": N_("Later rounds go on from the dealer you choose."),
    "running totals": N_("Running totals by round:"),
    "title": N_("Round %(number)s"),
    "title of": N_("Round %(number)s of %(planned)s"),
    "enter": N_("Enter round %(number)s"),
    "to play": N_("Round %(number)s to play"),
    "to play of": N_("Round %(number)s of %(planned)s to play"),
    "tap to correct": N_("Tap a round's number to correct it."),
    "undo": N_("Undo round %(number)s"),
    "undo?": N_("Undo round %(number)s?"),
}
"""Every sentence of ``kind.WORDS`` but the game's own two ("first dealer hint", "new game")."""

HAND_SENTENCES: dict[str, str] = {
    "undone": N_("Hand %(number)s was undone."),
    "sent": N_("Hand %(number)s sent."),
    "saved, game over": N_("Hand %(number)s saved: the game is over."),
    "saved": N_("Hand %(number)s saved — hand %(next)s next."),
    "saved already": N_("Hand %(number)s is saved: the second tap changed nothing."),
    "corrected": N_("Hand %(number)s corrected; totals updated."),
    "page of a recorded round": N_("That page was for hand %(old)s: nothing from it was saved."),
    "page of a past round": N_(
        "That page was for hand %(old)s, but the game is now at hand %(number)s."
        " Nothing from it was saved: enter hand %(number)s here."
    ),
    "undone meanwhile": N_("Hand %(number)s was undone meanwhile: nothing was saved."),
    "changed meanwhile": N_(
        "Changed on another phone meanwhile: %(changes)s. Nothing was saved yet: what you"
        " entered for hand %(number)s is kept; check it, then Save again."
    ),
    "now playing": N_("Hand %(number)s is being played"),
    "corrected at": N_("Hand %(number)s corrected at %(time)s"),
    "undone at": N_("Hand %(number)s undone at %(time)s"),
    "corrected on": N_("Hand %(number)s corrected on %(date)s at %(time)s"),
    "undone on": N_("Hand %(number)s undone on %(date)s at %(time)s"),
    "help": N_("Help with this hand"),
    "correct": N_("Correct hand %(number)s"),
    "later dealers": N_("Later hands go on from the dealer you choose."),
    "running totals": N_("Running totals by hand:"),
    "title": N_("Hand %(number)s"),
    "title of": N_("Hand %(number)s of %(planned)s"),
    "enter": N_("Enter hand %(number)s"),
    "to play": N_("Hand %(number)s to play"),
    "to play of": N_("Hand %(number)s of %(planned)s to play"),
    "tap to correct": N_("Tap a hand's number to correct it."),
    "undo": N_("Undo hand %(number)s"),
    "undo?": N_("Undo hand %(number)s?"),
}
"""The same sentences for a game that calls its rounds "hands"."""
