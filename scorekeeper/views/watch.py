"""The read-only watch link: the live scoreboard for anyone holding the address."""

from __future__ import annotations

import hashlib
import hmac
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from flask_login import current_user, login_required
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import services
from ..assets import static_version
from ..forms import EmptyForm
from ..i18n import current_language
from ..names import distinct_within
from ..sheets.measure import char_em
from .addresses import loopback_url, shared_url
from .games import load_game

bp = Blueprint("watch", __name__)

REFRESH_SECONDS = 4  # a change shows on watchers' phones within 5 seconds


@bp.route("/games/<game_id>/share", methods=["GET", "POST"])
@login_required
def share(game_id: str) -> Response | str:
    record = load_game(game_id)
    form = EmptyForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        services.share_game(record)
        return redirect(url_for("watch.share", game_id=game_id))
    token = record.row.watch_token
    link = shared_url("watch.board", token=token) if token else None
    qr = Markup(segno.make(link, error="m").svg_inline(scale=5)) if link else None
    return render_template(
        "watch/share.html",
        game=record,
        link=link,
        qr=qr,
        form=form,
        loopback=link is not None and loopback_url(link),
    )


@bp.route("/games/<game_id>/share/revoke", methods=["POST"])
@login_required
def revoke(game_id: str) -> Response:
    record = load_game(game_id)
    if not EmptyForm().validate_on_submit():
        abort(400)
    services.stop_sharing(record)
    flash(
        gettext(
            "The watch link is revoked, and the players' own bidding links with it: their"
            " addresses show nothing any more."
        ),
        "info",
    )
    return redirect(url_for("watch.share", game_id=game_id))


@bp.route("/watch/<token>")
def board(token: str) -> Response:
    return watch_page(token, "board")


@bp.route("/watch/<token>/big")
def big(token: str) -> Response:
    """The big board: the totals and the round being played in large print, for a phone
    or tablet propped in the middle of the table (the same link, revoked with it)."""
    return watch_page(token, "big")


WATCH_PAGES = {"board": "watch/board.html", "big": "watch/big.html"}
"""Each page of a watch link, by its name in :func:`board_key` and :func:`board_tag`."""


BIG_NAME_EMS = range(4, 17)
"""The widths, in ems, the big board sizes its type for (static/app.css, ``name-ems-N``):
type large enough to read across the table, and small enough that the widest name fits
its line, up to 16 ems (a name wider than that wraps onto a second line)."""
BIG_NAME_ROOM = 1.08
"""A phone's own font may be a little wider than Noto Sans, which the widths are read from."""
BIG_NAME_SHORT = 20
"""What a name longer than two lines can hold on a phone is shortened to (still telling
it from the others), where the screen is narrow; anywhere wider the name is whole."""


@dataclass(frozen=True)
class BigNames:
    """The players' names as the big board lays them out."""

    ems: int
    """The width of the widest name, in ems, as the type is sized for it."""
    short: list[str]
    """Each name shortened for a narrow screen, told apart from the others (the name
    itself where it is short enough)."""

    @classmethod
    def of(cls, players: Sequence[str]) -> BigNames:
        """
        >>> names = BigNames.of(["Ana", "Bartholomew", "x" * 40, "x" * 39 + "y"])
        >>> names.ems, names.short[:2], names.short[2] != names.short[3]
        (16, ['Ana', 'Bartholomew'], True)
        >>> BigNames.of(["Ana", "Ben"]).ems
        4
        """
        widest = max(sum(char_em(char) for char in name) for name in players)
        ems = math.ceil(widest * BIG_NAME_ROOM)
        return cls(
            ems=min(max(ems, BIG_NAME_EMS.start), BIG_NAME_EMS.stop - 1),
            short=[distinct_within(name, players, BIG_NAME_SHORT) for name in players],
        )


def watch_page(token: str, view: str) -> Response:
    # A phone reloading a board it already shows gets a 304 before anything is drawn.
    try:
        game_id, version = services.watched_stamp(token)
    except services.NotFound:
        abort(404)
    tag = board_tag(game_id, version, view)
    if known_tag(tag):
        return not_modified(tag)
    # A page with a message for this watcher, or sent back to by an address with a
    # query (the language switcher's "next"), is drawn for it alone.
    shared = not request.query_string and "_flashes" not in session
    kept = boards().get(board_key(token, game_id, view), version) if shared else None
    if kept is not None:
        page = kept.replace(CSRF_PLACEHOLDER, generate_csrf()) if CSRF_PLACEHOLDER in kept else kept
    else:
        try:
            record = services.watched_game(token)
        except services.NotFound:
            abort(404)
        # The version read with the rounds, a round entered meanwhile included: the tag
        # and the kept copy name the board as drawn.
        version = record.row.version
        tag = board_tag(record.id, version, view)
        page = render_template(
            WATCH_PAGES[view],
            game=record,
            token=token,
            refresh=REFRESH_SECONDS,
            read_only=True,
            names=BigNames.of(record.state.players) if view == "big" else None,
        )
        if shared:
            keep_board(board_key(token, record.id, view), version, page)
    answer = Response(page, mimetype="text/html")
    answer.set_etag(tag)
    answer.headers["Cache-Control"] = "no-cache"
    return answer.make_conditional(request)


# -- the boards drawn once for all their watchers ----------------------------------
#
# Every round makes each of a table's watchers reload its board: the same page for all
# of them but for the CSRF token of the language switcher's form (templates/base.html).
# A board is drawn once per game version, language and what else the page shows, kept
# with its token replaced by a placeholder, and each watcher gets it with its own token.

BOARDS_KEPT = 256  # each game watched at once, in each language it is read in
BOARD_KEPT_SECONDS = 30.0
"""How long a drawn board is shared. A round's reloads all come within a few seconds of
it; what changes a board without a new version (a player renamed or merged on the
history pages) shows on a freshly opened link within this time."""
# Never in a drawn page (checked before one is kept): user text cannot make it.
CSRF_PLACEHOLDER = "\x00csrf-token\x00"
# The switcher's field, as only a template writes it (user text has its quotes escaped).
CSRF_FIELD = 'name="csrf_token"'
# The files base.html names by their content-hashed address (scorekeeper/assets.py).
PAGE_ASSETS = ("app.css", "app.js", "favicon.svg", "icons/icon-192.png")

BoardKey = tuple[object, ...]


class KeptBoards:
    """The latest version drawn of each board, at most ``size`` boards, the least recently
    asked for dropped first, each for ``seconds`` at most; shared by the worker's threads.
    An older version is never asked for again (a watcher is answered the game's current
    one), so a new version takes its place.

    >>> kept = KeptBoards(2, seconds=30)
    >>> kept.put(("a",), 3, "page", now=100.0)
    >>> kept.get(("a",), 3, now=120.0), kept.get(("a",), 4, now=120.0)
    ('page', None)
    >>> kept.get(("a",), 3, now=131.0) is None  # drawn too long ago: drawn again
    True
    """

    def __init__(self, size: int, seconds: float = BOARD_KEPT_SECONDS) -> None:
        self.size, self.seconds = size, seconds
        self._pages: OrderedDict[BoardKey, tuple[int, str, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: BoardKey, version: int, now: float | None = None) -> str | None:
        now = time.monotonic() if now is None else now
        with self._lock:
            kept = self._pages.get(key)
            if kept is None or kept[0] != version or now - kept[2] > self.seconds:
                return None
            self._pages.move_to_end(key)
            return kept[1]

    def put(self, key: BoardKey, version: int, page: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        with self._lock:
            kept = self._pages.get(key)
            if kept is not None and kept[0] > version:
                return  # drawn late: a newer version is kept already
            self._pages[key] = (version, page, now)
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)

    def __len__(self) -> int:
        return len(self._pages)


def boards() -> KeptBoards:
    """This app's kept boards (each app its own: its own games, secret and templates)."""
    kept = current_app.extensions.get("watch_boards")
    if kept is None:
        kept = current_app.extensions.setdefault("watch_boards", KeptBoards(BOARDS_KEPT))
    return kept  # type: ignore[no-any-return]


def board_key(token: str, game_id: str, view: str) -> BoardKey:
    """Everything a shared board's page is drawn from besides the game's version: the
    page (the board or the big board), the game, and what the page shows of the request."""
    return (
        view,
        token,  # in the page: the version's address
        game_id,
        current_language(),
        bool(current_user.is_authenticated),  # the top bar's links
        request.script_root,  # every address in the page
        tuple(static_version(name) for name in PAGE_ASSETS),
    )


def keep_board(key: BoardKey, version: int, page: str) -> None:
    """Keep the page drawn for this watcher, its CSRF token taken out; a page holding
    the token other than once in the switcher's form is not kept. A page without the
    form (the big board) is kept as drawn."""
    if CSRF_FIELD not in page:
        if CSRF_PLACEHOLDER not in page:
            boards().put(key, version, page)
        return
    csrf = generate_csrf()
    if page.count(csrf) != 1 or CSRF_PLACEHOLDER in page:
        return
    boards().put(key, version, page.replace(csrf, CSRF_PLACEHOLDER))


def board_tag(game_id: str, version: int, view: str) -> str:
    """The board changes with the game and with the reader's language; the big board's
    tag is never the board's. The tag is derived with the install's secret key: it
    names no game, so a watch link's page tells nothing of the account's game ids."""
    secret = current_app.config["SECRET_KEY"]
    key = secret.encode() if isinstance(secret, str) else bytes(secret)
    digest = hmac.new(key, f"watch:{view}:{game_id}:{version}".encode(), hashlib.sha256)
    return f"{digest.hexdigest()[:32]}-{current_language()}"


def known_tag(tag: str) -> bool:
    """The phone holds this version of the board, sent plain or compressed (the
    compression marks its copy's tag with the encoding: ``"tag:br"``)."""
    encodings = ("", ":br", ":gzip", ":zstd", ":deflate")
    return any(request.if_none_match.contains(tag + encoding) for encoding in encodings)


def not_modified(tag: str) -> Response:
    answer = Response(status=304)
    answer.set_etag(tag)
    answer.headers["Cache-Control"] = "no-cache"
    return answer


@bp.route("/watch/<token>/version")
def version(token: str) -> Response:
    """The game's version alone, for the watch page's script to poll cheaply.

    Always a small 200: a 304 has no length, and the server would close the
    connection after it, so every watcher would open a new one every few seconds.
    """
    try:
        current = services.watched_version(token)
    except services.NotFound:
        abort(404)
    # What jsonify writes for {"version": n}, without its JSON provider: the body is a
    # number, and this answer is asked for by every watcher every few seconds.
    return Response(
        b'{"version":%d}\n' % current,
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )
