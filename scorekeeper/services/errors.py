"""The services' refusals: one base, :class:`ServiceError`, carrying its sentence the way a
rules error does.

A refusal keeps its English sentence as a template (marked with ``N_()``, its
placeholders ``%(name)s`` as the catalogs hold them), the values that fill it and the
field it concerns. It is translated where it is shown, by :func:`scorekeeper.i18n.translate`
(``error.message`` does it in the request's language): a service never picks a language.

>>> error = Conflict(N_("The game is over: it ended after round %(number)s"), "number", number=5)
>>> error.english, error.field
('The game is over: it ended after round 5', 'number')
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, translate

SAID = "%(sentence)s"
"""The template of a refusal said elsewhere (a name's, a password's), whole: its
``sentence`` value is translated where the refusal is shown."""


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted sentence for the catalogs (as ``ngettext`` would); returns both.

    Give it as a refusal's template, with the count as ``num``."""
    return singular, plural


class Sentence:
    """A sentence within a refusal (its ``%(name)s`` values), translated with it."""

    plural_template: str | None = None
    plural_by: str | None = None
    percent_placeholders = True

    def __init__(self, template: str, **values: Any) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        return self.template % self.values if self.values else self.template


class ServiceError(Exception):
    """A change or a question the services refuse, with a sentence a person reads."""

    template: str
    """The English sentence (``N_()``): given when raised, or a subclass's own."""
    plural_template: str | None = None
    plural_by: str | None = None
    percent_placeholders = True
    """The template's placeholders are ``%(name)s`` (gettext's), not the rules' ``{name}``."""

    def __init__(
        self, template: str | tuple[str, str] | None = None, field: str | None = None, **values: Any
    ) -> None:
        if isinstance(template, tuple):  # N_plural(...): counted by ``num``
            self.template, self.plural_template = template
            self.plural_by = "num"
        elif template is not None:
            self.template = template
        self.field = field
        self.values = values
        super().__init__(self.english)

    @property
    def english(self) -> str:
        """The sentence in English, filled (for logs and the CLI's tests)."""
        template = self.template
        if self.plural_template is not None and self.plural_by is not None:  # noqa: SIM102
            if self.values.get(self.plural_by) != 1:
                template = self.plural_template
        return template % self.values if self.values else template

    @property
    def message(self) -> str:
        """The sentence in the reader's language: read it where it is shown."""
        return translate(self)

    def __str__(self) -> str:
        try:
            return self.message
        except RuntimeError:  # outside the app: no catalog to look in
            return self.english


class NotFound(ServiceError, LookupError):
    """No such thing, or not the caller's: both look the same from outside (HTTP 404)."""

    # Never shown: a page answers 404 in its own words.
    template = "Not found: %(what)s"

    def __init__(self, what: str) -> None:
        super().__init__(what=str(what))


class Conflict(ServiceError):
    """A change that does not fit the game as it stands (HTTP 409)."""


class StaleEdit(Conflict):
    """An edit based on an older version of the game: refused, never applied on top."""

    template = N_(
        "This game was changed elsewhere meanwhile (another phone?): %(changes)s."
        " Nothing was saved: check the scoreboard, then enter it again if still needed."
    )

    def __init__(self, changes: list[str]) -> None:
        # ``changes`` are said already, in the reader's language (rounds.said_change).
        said: Any = "; ".join(changes) if changes else Sentence(N_("it was changed"))
        super().__init__(field="version", changes=said)
        self.changes = changes


class StorageError(ServiceError):
    """The database could not take the change (locked too long, disk full): nothing
    was stored, and the same change can be sent again. ``detail``: the database's word."""

    template = N_(
        "The scoresheet could not be saved just now (the storage is busy or full)."
        " Nothing was stored; what you entered is still here: try again in a moment."
    )

    def __init__(self, detail: str = "", field: str | None = None) -> None:
        super().__init__(field=field)
        self.detail = detail


class KeyReused(ServiceError, ValueError):
    """A one-time key sent again with another change than the one it was first sent with:
    refused (HTTP 422), so that a client's mix-up never passes as a stored change."""

    template = N_(
        "This Idempotency-Key was already used for another change: send a new key with"
        " a new change, or the same change with the same key"
    )

    def __init__(self) -> None:
        super().__init__(field="key")


class AccountError(ServiceError, ValueError):
    """An account, a password or a login refused."""


class PlayerError(ServiceError, ValueError):
    """A player's or a night's change refused."""


class ImportRefused(ServiceError, ValueError):
    """An import refused whole: nothing was imported."""
