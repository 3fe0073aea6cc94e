"""Wizard's anniversary special cards by their names in the reader's language, for its
forms, its board and its sheets."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext

from ...rules import Special

# The anniversary cards by their names in the reader's language (RULES.md, Wizard with the
# anniversary special cards); the values are the option's and the API's words.
SPECIAL_CARD_WORDS: dict[Special, Any] = {
    # TRANSLATORS: an anniversary special card of Wizard (on the round screen, the new
    # game's options, a printed sheet's facts and its Bomb column's heading).
    Special.BOMB: lazy_gettext("Bomb"),
    Special.CLOUD: lazy_gettext("Cloud"),
    Special.DRAGON: lazy_gettext("Dragon"),
    Special.FAIRY: lazy_gettext("Fairy"),
    Special.JUGGLER: lazy_gettext("Juggler"),
    Special.WEREWOLF: lazy_gettext("Werewolf"),
    Special.SHAPESHIFTER: lazy_gettext("Shapeshifter"),
}
