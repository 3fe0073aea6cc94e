"""The shape of what the pages send: types and presence. Legality is the rules' job.

One module a blueprint: :mod:`.auth`, :mod:`.games` (a new game), :mod:`.rounds` (a
round's page), :mod:`.sheets` (a blank sheet), :mod:`.history`; :mod:`.common` holds what
they share;
each game's own forms are in its kind (``scorekeeper/games/<key>/forms.py``).

Every label and message is in the reader's language: ``lazy_gettext`` where the form is
declared, ``gettext`` where a form is made for a game at a request. Each validator and
field that can refuse says so in our own words (WTForms' English defaults never reach a
page; ``WTF_I18N_ENABLED`` is off, so neither do WTForms' own catalogs).
"""

from __future__ import annotations

from .auth import ChangePasswordForm, FirstAccountForm, LoginForm
from .common import (
    MAX_NAME_LENGTH,
    NOT_A_CHOICE,
    NOT_A_DATE,
    NOT_A_WHOLE_NUMBER,
    OUT_OF_RANGE,
    REQUIRED,
    EditForm,
    EmptyForm,
    at_most,
    name_length,
    one_time_key,
    suit_word,
)
from .games import (
    RANDOM_DEALER,
    TONIGHT,
    NewGameForm,
    _first_dealer_field,
    _players_field,
    first_dealer_field,
    players_field,
)
from .history import (
    GameFilterForm,
    ImportForm,
    MergePlayerForm,
    NightForm,
    RenamePlayerForm,
    SeasonForm,
)
from .rounds import (
    RoundForm,
    bid_fields,
    per_seat,
    points_fields,
    seat_number_field,
    tricks_fields,
)
from .sheets import MAX_SEATS, BlankSheetForm
from .tournaments import PlayersForm, TournamentForm, TournamentPlanForm

__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_SEATS",
    "NOT_A_CHOICE",
    "NOT_A_DATE",
    "NOT_A_WHOLE_NUMBER",
    "OUT_OF_RANGE",
    "RANDOM_DEALER",
    "REQUIRED",
    "TONIGHT",
    "BlankSheetForm",
    "ChangePasswordForm",
    "EditForm",
    "EmptyForm",
    "FirstAccountForm",
    "GameFilterForm",
    "ImportForm",
    "LoginForm",
    "MergePlayerForm",
    "NewGameForm",
    "NightForm",
    "PlayersForm",
    "RenamePlayerForm",
    "RoundForm",
    "SeasonForm",
    "TournamentForm",
    "TournamentPlanForm",
    "_first_dealer_field",
    "_players_field",
    "at_most",
    "bid_fields",
    "first_dealer_field",
    "name_length",
    "one_time_key",
    "per_seat",
    "players_field",
    "points_fields",
    "seat_number_field",
    "suit_word",
    "tricks_fields",
]
