"""The round screen's sentences in each game's word for a round ("round", "hand").

A game kind names its word (``Game.round_word``); a sentence is looked up by that word and
never falls back to another game's: a kind with a word of its own needs its sentences here
first (a missing one raises ``KeyError``, which the conformance of every kind would show).
"""

from __future__ import annotations

from typing import Any

from .i18n import gettext
from .rules.errors import N_

SENTENCES: dict[str, dict[str, str]] = {
    "round": {
        "undone": N_("Round %(number)s was undone."),
        "sent": N_("Round %(number)s sent."),
        "saved, game over": N_("Round %(number)s saved: the game is over."),
        "saved": N_("Round %(number)s saved — round %(next)s next."),
        "saved already": N_("Round %(number)s is saved: the second tap changed nothing."),
        "corrected": N_("Round %(number)s corrected; totals updated."),
        "page of a recorded round": N_(
            "That page was for round %(old)s: nothing from it was saved."
        ),
        "page of a past round": N_(
            "That page was for round %(old)s, but the game is now at round %(number)s."
            " Nothing from it was saved: enter round %(number)s here."
        ),
        "undone meanwhile": N_("Round %(number)s was undone meanwhile: nothing was saved."),
        "changed meanwhile": N_(
            "Changed on another phone meanwhile: %(changes)s. Nothing was saved yet: what you"
            " entered for round %(number)s is kept; check it, then Save again."
        ),
    },
    "hand": {
        "undone": N_("Hand %(number)s was undone."),
        "sent": N_("Hand %(number)s sent."),
        "saved, game over": N_("Hand %(number)s saved: the game is over."),
        "saved": N_("Hand %(number)s saved — hand %(next)s next."),
        "saved already": N_("Hand %(number)s is saved: the second tap changed nothing."),
        "corrected": N_("Hand %(number)s corrected; totals updated."),
        "page of a recorded round": N_(
            "That page was for hand %(old)s: nothing from it was saved."
        ),
        "page of a past round": N_(
            "That page was for hand %(old)s, but the game is now at hand %(number)s."
            " Nothing from it was saved: enter hand %(number)s here."
        ),
        "undone meanwhile": N_("Hand %(number)s was undone meanwhile: nothing was saved."),
        "changed meanwhile": N_(
            "Changed on another phone meanwhile: %(changes)s. Nothing was saved yet: what you"
            " entered for hand %(number)s is kept; check it, then Save again."
        ),
    },
}


def say(word: str, sentence: str, **values: Any) -> str:
    """``sentence`` in the game's ``word``, translated, with its values."""
    return gettext(SENTENCES[word][sentence], **values)
