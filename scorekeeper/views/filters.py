"""Template filters: numbers as a score pad writes them, dates as the reader's language
writes them."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal, format_percent, get_decimal_symbol
from flask import Flask, current_app, has_request_context, request, url_for
from markupsafe import Markup, escape

from ..assets import static_version
from ..i18n import current_language, date_long, date_medium, date_short
from ..rules.names import MAX_NAME_LENGTH

MINUS = "\u2212"  # a real minus sign: a hyphen is easy to miss on a phone


def points(value: int) -> str:
    """A total: ``120``, ``−30``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A round's score: ``+40``, ``−20``, ``0``."""
    if value > 0:
        return f"+{value}"
    return points(value)


def percent(value: float | None) -> str:
    """A share as a whole percentage, half rounded up: ``33%``; Greek ``33%``, Welsh ``33%``;
    a dash when there is none."""
    if value is None:
        return "—"
    whole = int(value * 100 + 0.5)
    return format_percent(whole / 100, locale=current_language())


def tenths(value: float | None, sign: bool = False, language: str | None = None) -> str:
    """An average to a tenth: ``1.5``, Dutch ``1,5``; ``+1.5`` / ``−0.5`` with ``sign``
    (in the request's language unless ``language`` is given)."""
    if value is None:
        return "—"
    text = to_a_tenth(abs(value), language or current_language())
    if text.strip("0.,") == "":
        return text if not sign else f"+{text}"
    if value < 0:
        return f"{MINUS}{text}"
    return f"+{text}" if sign else text


def signed_tenths(value: float | None) -> str:
    return tenths(value, sign=True)


_TENTH = Decimal("0.1")
_DECIMAL_POINTS: dict[str, str | None] = {}
"""Each language's decimal point, where :func:`to_a_tenth` writes a number as Babel does
(None where it does not: Babel writes them)."""


def to_a_tenth(value: float, language: str) -> str:
    """``format_decimal(value, "0.0", locale=language)``, as Babel writes it, without
    Babel's pattern and locale looked up again for every number (a season's standings
    write two for each of hundreds of players: half the page's time).

    >>> to_a_tenth(0.25, "en"), to_a_tenth(0.15, "nl"), to_a_tenth(1234.56, "el")
    ('0.2', '0,2', '1234,6')
    """
    point = _DECIMAL_POINTS.get(language, "")
    if point == "":
        point = _DECIMAL_POINTS[language] = _decimal_point(language)
    if point is None:
        return format_decimal(value, "0.0", locale=language)
    # Babel's own steps: the float's shortest text as a decimal, rounded to a tenth by the
    # decimal context (half to even), its integer part left ungrouped by the pattern.
    whole, _, tenth = f"{Decimal(str(value)).quantize(_TENTH):f}".partition(".")
    return f"{whole}{point}{tenth}"


def _decimal_point(language: str) -> str | None:
    point = get_decimal_symbol(language)
    probes = (0.0, 0.05, 0.15, 0.25, 1.45, 2.5, 12.35, 99.95, 1234.56, 1e7 + 0.05, 3e-9)
    for probe in probes:
        whole, _, tenth = f"{Decimal(str(probe)).quantize(_TENTH):f}".partition(".")
        if format_decimal(probe, "0.0", locale=language) != f"{whole}{point}{tenth}":
            return None
    return point


# A game's address by where the app is mounted: a list of games links each of them, and
# building each address through the URL map costs more than the rest of its line.
_GAME_PATHS: dict[str, str] = {}


def game_path(game_id: str) -> str:
    """``/games/<id>``, as ``url_for("games.show_game", ...)`` builds it (ids are URL-safe)."""
    root = request.script_root
    prefix = _GAME_PATHS.get(root)
    if prefix is None:
        prefix = _GAME_PATHS[root] = url_for("games.show_game", game_id="-")[:-1]
    return prefix + game_id


_PLAYER_PATHS: dict[str, str] = {}


def player_path(player_id: int) -> str:
    """``/players/<id>``, as ``url_for("history.player", ...)`` builds it: a season's
    standings link each of its players, hundreds of them."""
    root = request.script_root
    prefix = _PLAYER_PATHS.get(root)
    if prefix is None:
        prefix = _PLAYER_PATHS[root] = url_for("history.player", player_id=0)[:-1]
    return f"{prefix}{int(player_id)}"


# Addresses the pages build, each once: a page builds a dozen or more (the frame's links, a
# scoreboard's link to correct each round), and Werkzeug's URL building costs 10 to 30 µs
# each. Kept for each app (in its extensions), keyed by everything the address depends on:
# where the app is mounted, the host and scheme (for an external one), the blueprint (for
# a relative endpoint), and for a static file its version, which follows the file's
# modification time (assets.static_version).
PAGE_URLS = "scorekeeper.page_urls"
PAGE_URLS_KEPT = 4096


def page_url_for(endpoint: str, **values: Any) -> str:
    """The templates' ``url_for``: Flask's, its addresses kept once built."""
    if not has_request_context():
        return url_for(endpoint, **values)
    try:
        key = (
            endpoint,
            request.blueprint if endpoint.startswith(".") else None,
            request.script_root,
            request.host,
            request.scheme,
            static_version(values.get("filename", "")) if endpoint == "static" else None,
            *sorted(values.items()),
        )
        kept: dict[tuple[object, ...], str] = current_app.extensions.setdefault(PAGE_URLS, {})
        found = kept.get(key)
    except TypeError:  # a value that cannot be a key (a list): built each time
        return url_for(endpoint, **values)
    if found is None:
        found = url_for(endpoint, **values)
        if len(kept) >= PAGE_URLS_KEPT:
            kept.clear()
        kept[key] = found
    return found


def number_chips(field: Any, cards: int, forbidden: int | None, not_allowed: str) -> Markup:
    """A number's radio chips, 0 to ``cards``, the one the field holds checked (as sent,
    or as given): a round screen has a row of them for each seat's bid and tricks, and
    drawn by a template loop they were a fifth of the page's time. ``forbidden``: the
    value the hook disallows, shown disabled with ``not_allowed`` (translated: as is)."""
    name = escape(field.name)
    sent = field.raw_data[0] if field.raw_data else None
    parts = []
    for value in range(cards + 1):
        barred = forbidden is not None and value == forbidden
        if barred:
            checked = ""
        elif field.raw_data:
            checked = "checked" if sent == str(value) else ""
        else:
            checked = "checked" if field.data == value else ""
        disabled = "disabled data-forbidden" if barred else ""
        marked = ' forbidden"' + f' title="{not_allowed}"' if barred else '"'
        # The whitespace is the template loop's that this replaces, to the byte.
        parts.append(
            "\n      \n"
            f'      <input type="radio" class="chip-input" id="{name}-{value}" name="{name}"'
            f' value="{value}"\n        {checked}\n        {disabled}>\n'
            f'      <label for="{name}-{value}" class="chip{marked}>{value}</label>\n    '
        )
    return Markup("".join(parts))


UNRANKED = ' class="unranked"'


def season_rows(standings: Iterable[Any], too_few: str) -> Markup:
    """A season's standings, a player a row group (their name across the table, their
    figures under it), to the byte as the template's loop wrote them: a club's season
    has hundreds of players, and the loop was three quarters of the page's time.
    ``too_few``: the title of an unranked player's dash (translated: as is)."""
    language = current_language()
    title = escape(too_few)
    players = player_path(0)[:-1]
    parts = []
    for line in standings:
        unranked = line.rank is None
        rank = f'<span title="{title}">–</span>' if unranked else f"{int(line.rank)}."
        parts.append(
            f"\n    <tbody{UNRANKED if unranked else ''}>\n"
            '      <tr class="player-row"><th scope="rowgroup" colspan="6">'
            f'<a href="{players}{int(line.player_id)}">{escape(line.name)}</a></th></tr>\n'
            "      <tr>\n"
            f"        <td>{rank}</td>\n"
            f"        <td>{int(line.games)}</td>\n"
            f"        <td>{int(line.wins)}</td>\n"
            f"        <td>{tenths(line.average_place, language=language)}</td>\n"
            f"        <td>{points(line.points)}</td>\n"
            f'        <td class="rating-value">{tenths(line.rating, language=language)}</td>\n'
            "      </tr>\n"
            "    </tbody>\n    "
        )
    return Markup("".join(parts))


def given(attributes: dict[str, object]) -> dict[str, object]:
    """The HTML attributes that have a value: a None is left out, never written as "None"."""
    return {name: value for name, value in attributes.items() if value is not None}


def register(app: Flask) -> None:
    from ..names import board_names

    app.add_template_global(board_names)
    app.extensions[PAGE_URLS] = {}
    app.jinja_env.globals["url_for"] = page_url_for
    app.add_template_global(number_chips)
    app.add_template_global(season_rows)
    # A name box's maxlength: the rules' limit, which the forms and the API share.
    app.jinja_env.globals["MAX_NAME_LENGTH"] = MAX_NAME_LENGTH
    app.add_template_filter(given)
    app.add_template_filter(game_path)
    app.add_template_filter(player_path)
    app.add_template_filter(points)
    app.add_template_filter(signed)
    app.add_template_filter(percent)
    app.add_template_filter(tenths)
    app.add_template_filter(signed_tenths)
    app.add_template_filter(date_short)
    app.add_template_filter(date_medium)
    app.add_template_filter(date_long)
