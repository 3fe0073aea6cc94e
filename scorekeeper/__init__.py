"""Scorekeeper: the scoresheet and referee for card games at a real table."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

# Flask and the extensions are imported inside the factory's steps, so that
# ``import scorekeeper.rules`` loads nothing of the web app.
PACKAGE_DIR = Path(__file__).resolve().parent


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: settings, extensions, blueprints, error pages, CLI."""
    from flask import Flask

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(_resource_dir("templates")),
        static_folder=str(_resource_dir("static")),
    )
    load_config(app, test_config)
    register_limits(app)
    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_template_filters(app)
    register_security_headers(app)
    register_cli(app)
    register_game_kinds(app)
    return app


def _resource_dir(name: str) -> Path:
    """Top-level folders (templates, static, migrations) in a checkout, or
    inside the package when installed from a wheel."""
    packaged = PACKAGE_DIR / name
    return packaged if packaged.is_dir() else PACKAGE_DIR.parent / name


def load_config(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Defaults, then instance/config.py, then FLASK_* variables, then the mapping."""
    from . import config as default_config
    from .views.addresses import check_public_url

    app.config.from_object(default_config)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env()
    if test_config is not None:
        app.config.from_mapping(test_config)
    check_public_url(app.config.get("PUBLIC_URL"))
    keep_instance_private(Path(app.instance_path))
    if not app.config.get("SQLALCHEMY_DATABASE_URI"):
        os.makedirs(app.instance_path, mode=0o700, exist_ok=True)
        database = Path(app.instance_path) / "scorekeeper.sqlite3"
        app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{database}"
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))


def keep_instance_private(instance_path: Path) -> None:
    """The instance folder (the database, the secret key, the setup code, backups) is
    its owner's alone: made 0700 at every start, the web app's and every flask
    command's, whatever made it before (an older install, a copy, an umask)."""
    try:
        if instance_path.is_dir() and instance_path.stat().st_mode & 0o077:
            instance_path.chmod(0o700)
    except PermissionError:  # another user's folder: theirs to mend
        pass


def instance_secret_key(instance_path: Path) -> str:
    """The install's own secret key, written once into the instance folder."""
    key_file = instance_path / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    instance_path.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key + "\n")
    return key


def register_limits(app: Flask) -> None:
    """What one request may ask for; before the blueprints, whose routes use its ``int``."""
    from . import limits

    limits.register(app)


def register_extensions(app: Flask) -> None:
    from flask_babel import gettext

    from . import assets, database, i18n
    from .extensions import compress, csrf, db, login_manager
    from .rules.errors import N_

    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = database.engine_options(app.config)
    db.init_app(app)
    database.configure_engine(app)
    app.extensions["scorekeeper.migrations"] = _resource_dir("migrations")
    csrf.init_app(app)
    compress.init_app(app)
    assets.register(app)
    i18n.register(app)
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    login_manager.login_message = N_("Log in to keep score.")
    login_manager.localize_callback = gettext
    login_manager.login_message_category = "info"


def register_blueprints(app: Flask) -> None:
    from .extensions import csrf
    from .views import (
        api,
        api_seasons,  # noqa: F401 (its routes are the api blueprint's)
        api_tournaments,
        auth,
        games,
        health,
        history,
        language,
        paper,
        pwa,
        referee,
        rounds,
        seasons,
        seats,
        sheets,
        tournaments,
        watch,
    )

    app.register_blueprint(auth.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(seasons.bp)
    app.register_blueprint(rounds.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(paper.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(watch.bp)
    app.register_blueprint(seats.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(language.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(api_tournaments.bp)
    csrf.exempt(api.bp)
    csrf.exempt(api_tournaments.bp)  # the API authenticates every request with a bearer token
    # The switcher checks its own token, and says so on the page it goes back to.
    csrf.exempt(language.bp)


def register_errorhandlers(app: Flask) -> None:
    from .views import errors

    errors.register(app)


def register_template_filters(app: Flask) -> None:
    from .views import filters

    filters.register(app)


def register_security_headers(app: Flask) -> None:
    from .views import security

    security.register(app)
    if app.config.get("TRUST_PROXY"):
        # Behind a reverse proxy that terminates HTTPS: believe its X-Forwarded-* headers.
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(app.config["TRUST_PROXY"])
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )


def register_game_kinds(app: Flask) -> None:
    """Every game's kind, checked whole, and asked for by templates as ``game_kind(key)``;
    a game's own templates, in its folder's ``templates/``, are named ``<key>/...``, and
    its static files (its script), in its folder's ``static/``, ``games/<key>/...``."""
    from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

    from .assets import mount_static
    from .games import PACKAGES
    from .games.kinds import KINDS, STATIC_PREFIX, check_kinds, kind, static_folder

    folders = Path(__file__).parent / "games"
    own = {key: FileSystemLoader(folders / key / "templates") for key in PACKAGES}
    assert app.jinja_loader is not None
    app.jinja_loader = ChoiceLoader([app.jinja_loader, PrefixLoader(own)])
    for key in PACKAGES:
        mount_static(app, f"{STATIC_PREFIX}/{key}", static_folder(key))
    app.jinja_env.globals["game_kind"] = kind
    app.jinja_env.globals["game_kinds"] = tuple(KINDS.values())
    check_kinds(app)


def register_cli(app: Flask) -> None:
    from . import cli

    cli.register(app)
