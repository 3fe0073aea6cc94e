"""Default settings. ``instance/config.py`` and ``FLASK_*`` variables override them;
a mapping passed to ``create_app()`` overrides everything."""

# SQLite in the instance folder unless told otherwise; create_app() fills in the path.
SQLALCHEMY_DATABASE_URI = None
SQLALCHEMY_ENGINE_OPTIONS: dict[str, object] = {}

# A game night is long: a form's CSRF token must not expire in the middle of it.
WTF_CSRF_TIME_LIMIT = None

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
REMEMBER_COOKIE_HTTPONLY = True
REMEMBER_COOKIE_SAMESITE = "Lax"

# JSON answers keep non-ASCII names readable.
JSON_AS_ASCII = False
