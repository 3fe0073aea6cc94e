"""Installable as an app: the web manifest, the service worker and the offline page.

The service worker sits at the site's root so it looks after every page; it keeps the
app's shell (styles, scripts, icons, the offline page) and never caches a POST or an
account's page.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from flask import Blueprint, current_app, jsonify, render_template, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ..games.kinds import KINDS

bp = Blueprint("pwa", __name__)

# The shell's files as sw.js names them: served with their versioned addresses.
SHELL_PATTERN = re.compile(r'"/static/([^"?]+)"')
GAME_SCRIPTS = "\n  /* and each game's own script, named here by the server */"


@bp.route("/manifest.webmanifest")
def manifest() -> Response:
    answer = jsonify(
        {
            "name": "Scorekeeper",
            "short_name": "Scorekeeper",
            "description": gettext("The scoresheet and referee for card games at the table"),
            "start_url": url_for("games.index"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#f7f5f0",
            "theme_color": "#1f5f8b",
            "icons": [
                {
                    "src": url_for("static", filename=f"icons/{name}-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
                for name, purpose in (("icon", "any"), ("maskable", "maskable"))
                for size in (192, 512)
            ],
        }
    )
    answer.mimetype = "application/manifest+json"
    return answer


@bp.route("/sw.js")
def service_worker() -> Response:
    script = Path(current_app.static_folder or "static", "sw.js").read_text(encoding="utf-8")
    # Each game's own script is in the shell too, where the file's marker says.
    games = "".join(f',\n  "/static/{game.script_file}"' for game in KINDS.values() if game.script)
    script = script.replace(GAME_SCRIPTS, games, 1)
    # The shell is kept under the versioned addresses the pages use; a release changes
    # them, and with them the cache's name, so the phone drops the old shell.
    script = SHELL_PATTERN.sub(
        lambda found: json.dumps(url_for("static", filename=found.group(1))), script
    )
    # The offline page is in the shell too: a change to it (or to the page it extends)
    # names a new cache as well, or phones would keep showing the old one.
    kept = script + "".join(_template_source(name) for name in ("offline.html", "base.html"))
    shell = hashlib.sha256(kept.encode()).hexdigest()[:12]
    script = SHELL_NAME.sub(json.dumps(f"scorekeeper-shell-{shell}"), script)
    answer = Response(script, mimetype="text/javascript")
    answer.headers["Cache-Control"] = "no-cache"
    answer.headers["Service-Worker-Allowed"] = "/"
    return answer


SHELL_NAME = re.compile(r'"scorekeeper-shell-[^"]*"')


def _template_source(name: str) -> str:
    loader = current_app.jinja_env.loader
    return loader.get_source(current_app.jinja_env, name)[0] if loader else ""


@bp.route("/offline")
def offline() -> str:
    return render_template("offline.html")
