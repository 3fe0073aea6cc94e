"""Limits on what one request can ask of the server: how much it sends, how deeply its
JSON nests, which numbers a URL can name, and how many blank sheets a stranger prints.

Each refusal says why, in the reader's language: a page for people, a JSON error for
the API; nothing is stored.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections import OrderedDict, deque
from itertools import accumulate

import flask
from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import format_decimal
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.routing import IntegerConverter, Map
from werkzeug.wrappers import Response

from .i18n import gettext

# The largest id or number a URL may name: PostgreSQL's INTEGER (SQLite's is 2⁶³ − 1).
# A bigger one cannot be any row, so it is a 404, never an overflow in the database.
LARGEST_ID = 2**31 - 1

# Endpoints allowed a bigger body than MAX_CONTENT_LENGTH, and the setting that says how
# much: an export of years of games is more than a form.
LARGE_BODIES = {"history.import_account": "IMPORT_MAX_CONTENT_LENGTH"}


class Request(flask.Request):
    """The app's request: MAX_CONTENT_LENGTH, except where LARGE_BODIES allows more."""

    @property
    def max_content_length(self) -> int | None:
        setting = LARGE_BODIES.get(self.endpoint or "")
        if self._max_content_length is None and setting and current_app:
            return int(current_app.config[setting])
        return super().max_content_length

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value


def digits_at_most(limit: int) -> str:
    r"""A regular expression for the numbers from 0 to ``limit``, written without signs.

    >>> print(digits_at_most(255))
    (?:\d{1,2}|1\d{2}|2[0-4]\d{1}|25[0-4]|255)
    """
    written = str(limit)
    parts = [rf"\d{{1,{len(written) - 1}}}"] if len(written) > 1 else []
    for place, digit in enumerate(written):
        lowest = 1 if place == 0 and len(written) > 1 else 0
        rest = len(written) - place - 1
        if int(digit) > lowest:
            below = f"[{lowest}-{int(digit) - 1}]" if int(digit) - 1 > lowest else str(lowest)
            parts.append(written[:place] + below + (rf"\d{{{rest}}}" if rest else ""))
    parts.append(written)
    return "(?:" + "|".join(parts) + ")"


class BoundedIntConverter(IntegerConverter):
    """``<int:...>`` in every route: a number no row can have is a 404 like any other
    missing thing (werkzeug's converter takes any length of digits). The bound is in the
    pattern, not only in :meth:`to_python`: a path no rule matches is a 404 for every
    method, where a failed conversion could make it a 405."""

    regex = digits_at_most(LARGEST_ID)

    def __init__(
        self,
        map: Map,
        fixed_digits: int = 0,
        min: int | None = None,
        max: int | None = LARGEST_ID,
        signed: bool = False,
    ) -> None:
        super().__init__(map, fixed_digits, min, max, signed)


def register(app: Flask) -> None:
    """The request class, the bounded ``int`` converter (before any route is added), the
    JSON depth check and the 413 answer."""
    app.request_class = Request
    app.url_map.converters["int"] = BoundedIntConverter
    app.before_request(refuse_deep_json)
    app.register_error_handler(RequestEntityTooLarge, too_large)


# -- how much a request sends ---------------------------------------------------


def size_words(size: int) -> str:
    """A limit as a person reads it: ``1 MB``, ``20 MB`` (in the reader's digits)."""
    megabytes = size / (1024 * 1024)
    if megabytes >= 1:
        return gettext("%(size)s MB", size=format_decimal(math.floor(megabytes * 10) / 10))
    return gettext("%(size)s kB", size=format_decimal(max(size // 1024, 1)))


def too_large(error: RequestEntityTooLarge) -> tuple[Response | str, int]:
    """413: what the limit is, so the sender knows what would fit."""
    limit = request.max_content_length or 0
    if request.endpoint in LARGE_BODIES:
        message = gettext(
            "The file is bigger than %(limit)s, more than an export of this app can be:"
            " nothing was imported.",
            limit=size_words(limit),
        )
    else:
        message = gettext(
            "That is more than %(limit)s at once, more than any form or request here needs:"
            " nothing was stored.",
            limit=size_words(limit),
        )
    if request.path.startswith("/api/"):
        return jsonify(errors=[{"field": "body", "message": message}]), 413
    return render_template("error.html", code=413, message=message), 413


# -- how deeply JSON nests ------------------------------------------------------

# A JSON string (escapes included), whose brackets are text, not structure. One left open
# runs to the end of the text: a match that cannot fail, so no start is tried twice (with
# a closing quote required, a body of unclosed strings costs time growing as its square).
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


def json_depth(raw: bytes) -> int:
    """How deeply a JSON text nests, found without parsing it (Python's parser recurses,
    and a deep enough document costs it time and memory before it gives up).

    >>> json_depth(b'{"a": [1, [2, "]]]"]]}')
    3
    >>> json_depth(b"[[[[") , json_depth(b"42"), json_depth(b'[["[[[')
    (4, 0, 2)
    """
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def too_deep(raw: bytes) -> bool:
    return json_depth(raw) > int(current_app.config["JSON_MAX_DEPTH"])


def depth_message() -> str:
    return gettext(
        "The JSON nests more than %(limit)s levels deep, deeper than anything this app"
        " reads: nothing was stored.",
        limit=current_app.config["JSON_MAX_DEPTH"],
    )


def refuse_deep_json() -> tuple[Response, int] | None:
    """Every body sent to the API is looked at before it is parsed: too deep is a 422."""
    if not request.path.startswith("/api/") or request.method not in ("POST", "PUT", "PATCH"):
        return None
    if too_deep(request.get_data(cache=True)):
        return jsonify(errors=[{"field": "body", "message": depth_message()}]), 422
    return None


# -- blank sheets for strangers --------------------------------------------------


class RateLimit:
    """At most ``count`` events an address in ``seconds``, counted in this process.

    Kept for at most ``addresses`` addresses (the longest quiet forgotten first), so a
    flood of addresses cannot grow it without end.
    """

    def __init__(self, count: int, seconds: float, addresses: int = 10_000) -> None:
        self.count = count
        self.seconds = seconds
        self.addresses = addresses
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, address: str, now: float | None = None) -> int:
        """Seconds before ``address`` may go on (0: now, and it is counted)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._seen.pop(address, None) or deque()
            while times and times[0] <= now - self.seconds:
                times.popleft()
            self._seen[address] = times
            while len(self._seen) > self.addresses:
                self._seen.popitem(last=False)
            if len(times) >= self.count:
                return max(math.ceil(times[0] + self.seconds - now), 1)
            times.append(now)
            return 0
