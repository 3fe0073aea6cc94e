"""Static files under content-hashed addresses, kept by browsers for a year.

Every ``url_for("static", filename=...)`` gains ``?v=<hash of the file>``: a page names
the exact version of the script and style it was written for, so a browser may keep them
without asking again (``immutable``), and a release changes the address, never a stale copy.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from flask import Flask, Response, current_app, request, send_from_directory
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer

YEAR_SECONDS = 365 * 24 * 3600


@lru_cache(maxsize=256)
def _file_hash(path: str, mtime_ns: int) -> str:
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return digest[:12]


@lru_cache(maxsize=256)
def _static_path(folder: str, filename: str) -> str | None:
    """Where ``filename`` is in the static folder, or None for a name outside it: resolved
    once a name (a page names the same few files on every request)."""
    root = Path(folder).resolve()
    path = (root / filename).resolve()
    return str(path) if root in path.parents else None


MOUNTS = "static_mounts"
"""The app's extension entry of folders served among the static files, each under a prefix
of its own (a game's scripts, in its folder: ``games/<key>/…``)."""


def mount_static(app: Flask, prefix: str, folder: Path) -> None:
    """Serve ``folder``'s files as the static files ``<prefix>/<name>``: versioned and kept
    like every other (a game's own script, kept in the game's folder)."""
    app.extensions.setdefault(MOUNTS, {})[prefix] = str(folder)


def static_source(filename: str) -> tuple[str, str]:
    """The folder a static file's name is served from, and its name there."""
    for prefix, folder in current_app.extensions.get(MOUNTS, {}).items():
        if filename.startswith(prefix + "/"):
            return folder, filename[len(prefix) + 1 :]
    return current_app.static_folder or "static", filename


def send_static(filename: str) -> Response:
    """The ``static`` endpoint's view: the static folder's file, or a mounted folder's."""
    folder, name = static_source(filename)
    return send_from_directory(folder, name, max_age=current_app.get_send_file_max_age(name))


def static_version(filename: str) -> str | None:
    """The first 12 hex digits of the file's SHA-256, or None for a file that is not there."""
    path = _static_path(*static_source(filename))
    if path is None:
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    # The modification time in the key: a file edited while the app runs gets a new hash.
    return _file_hash(path, found.st_mtime_ns)


def _add_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = static_version(values["filename"])
        if version:
            values["v"] = version


def _cache_versioned(response: Response) -> Response:
    """A versioned address is forever; an unversioned one is checked on each use."""
    if request.endpoint == "static" and response.status_code == 200:
        if response.mimetype in current_app.config["COMPRESS_MIMETYPES"]:
            # Read whole (scripts and styles are small) so they are compressed in one go,
            # and the file closed at once, whatever becomes of the connection.
            # A static file's body is the file's bytes (never str): what send_file gives.
            parts = cast(Iterable[bytes], response.response)
            response.direct_passthrough = False
            try:
                body = b"".join(parts)
            finally:
                close = getattr(parts, "close", None)
                if close is not None:
                    close()
            response.set_data(body)
        filename = (request.view_args or {}).get("filename", "")
        if request.args.get("v") and request.args.get("v") == static_version(filename):
            response.cache_control.no_cache = None  # send_file's default, for unversioned
            response.cache_control.public = True
            response.cache_control.max_age = YEAR_SECONDS
            response.cache_control.immutable = True
        else:
            response.cache_control.no_cache = True
    return response


class _StaticOutsideSession(SecureCookieSessionInterface):
    """A static file is the same for everyone: its answer neither sets the session's cookie
    nor varies by it. (Flask-Login reads the session on every answer, and an answer that
    read it says ``Vary: Cookie``: a browser would then fetch the file again each time the
    cookie changed, as it does after every Save.)"""

    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], URLSafeTimedSerializer] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made once a secret key (Flask makes one every request)."""
        key = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        found = self._serializers.get(key)
        if found is None:
            found = super().get_signing_serializer(app)
            if found is not None:
                self._serializers[key] = found
        return found

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if request.endpoint != "static":
            super().save_session(app, session, response)


def register(app: Flask) -> None:
    app.session_interface = _StaticOutsideSession()
    app.view_functions["static"] = send_static
    app.url_defaults(_add_version)
    app.after_request(_cache_versioned)
