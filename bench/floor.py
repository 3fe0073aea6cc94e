"""The stack's floor: the least a logged-in page can cost with the libraries the app is
built on, and nothing of the app.

A Flask app with Flask-SQLAlchemy, Flask-Login, Flask-WTF's CSRF and Flask-Babel, set up
as their documentation shows, whose one page is a logged-in account's frame: the account
found from the session's key by one query (``Session.get`` on its primary key), a
template of the size of the app's frame (its ten links by ``url_for``, eight messages by
``gettext``, a form's CSRF token, the language's buttons) and nothing in it. No security
headers, no compression, no language chosen from a cookie, no login kept on the server:
everything the app adds is left out.

``bench/served.py`` serves it beside the bare Flask page and the app (its row says what
the libraries alone cost, against which the app's empty page is read). Served by
``bench.served`` as ``bench.floor:floor_app()``; ``GET /floor/login`` logs the client in.
"""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import String, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

FRAME = """<!doctype html>
<html lang="{{ get_locale() }}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{ _('Scorekeeper') }}</title>
  <link rel="manifest" href="{{ url_for('page', name='manifest') }}">
  <link rel="icon" href="{{ url_for('static', filename='favicon.svg') }}">
  <link rel="apple-touch-icon" href="{{ url_for('static', filename='icons/icon-192.png') }}">
  <link rel="stylesheet" href="{{ url_for('static', filename='app.css') }}">
  <script src="{{ url_for('static', filename='app.js') }}" defer></script>
</head>
<body>
  <header class="topbar">
    <a class="brand" href="{{ url_for('page', name='games') }}">{{ _('Scorekeeper') }}</a>
    <nav class="topnav" aria-label="{{ _('Main') }}">
      {% if current_user.is_authenticated %}<a href="{{ url_for('page', name='history') }}">{{ _('Games') }}</a>
      <a href="{{ url_for('page', name='tournaments') }}">{{ _('Tournaments') }}</a>{% endif %}
      <a href="{{ url_for('page', name='referee') }}">{{ _('Referee') }}</a>
    </nav>
  </header>
  <main id="main"><p>{{ current_user.name }}</p></main>
  <footer class="footbar">
    <form method="post" action="{{ url_for('page', name='language') }}">
      <input type="hidden" name="csrf_token" value="{{ csrf_token() }}">
      <span>{{ _('Language') }}</span>
      {% for code, name in languages %}
        <button type="submit" name="language" value="{{ code }}" lang="{{ code }}"{% if code == 'en' %} aria-current="true" disabled{% endif %}>{{ name }}</button>
      {% endfor %}
    </form>
  </footer>
</body>
</html>
"""  # noqa: E501

LANGUAGES = [
    ("en", "English"),
    ("cy", "Cymraeg"),
    ("nl", "Nederlands"),
    ("el", "Ελληνικά"),
    ("ne", "नेपाली"),
]
KEY = "floor-login-key"


def floor_app() -> Any:
    from flask import Flask, render_template, session
    from flask_babel import Babel, get_locale
    from flask_login import LoginManager, UserMixin, login_required
    from flask_sqlalchemy import SQLAlchemy
    from flask_wtf.csrf import CSRFProtect
    from jinja2 import DictLoader

    class Base(DeclarativeBase):
        pass

    db = SQLAlchemy(model_class=Base)

    class Account(db.Model, UserMixin):  # type: ignore[name-defined,misc]
        __tablename__ = "floor_accounts"
        key: Mapped[str] = mapped_column(String(64), primary_key=True)
        name: Mapped[str] = mapped_column(String(80))

        def get_id(self) -> str:
            return self.key

    app = Flask("floor", static_folder=None)
    app.config.update(
        SECRET_KEY=os.environ.get("FLASK_SECRET_KEY", "floor"),
        SQLALCHEMY_DATABASE_URI=os.environ.get(
            "FLASK_SQLALCHEMY_DATABASE_URI", "sqlite:///:memory:"
        ),
    )
    app.jinja_env.loader = DictLoader({"frame.html": FRAME})  # compiled once, as a file is
    db.init_app(app)
    Babel(app)
    CSRFProtect(app)
    logins = LoginManager(app)

    @logins.request_loader
    def load(_request: Any) -> Account | None:
        key = session.get("login")
        return db.session.get(Account, key) if key else None

    with app.app_context():
        # Several workers start at once: the table and its one row made by whichever
        # comes first, the others finding them.
        db.session.execute(
            text(
                "CREATE TABLE IF NOT EXISTS floor_accounts"
                " (key VARCHAR(64) PRIMARY KEY, name VARCHAR(80) NOT NULL)"
            )
        )
        db.session.execute(
            text("INSERT OR IGNORE INTO floor_accounts (key, name) VALUES (:key, 'Ana')"),
            {"key": KEY},
        )
        db.session.commit()

    @app.get("/floor/login")
    def log_in() -> str:
        session["login"] = KEY
        return "in"

    @app.get("/static/<path:filename>")
    def static(filename: str) -> str:
        return filename

    @app.get("/<name>")
    def page(name: str) -> str:
        return name

    @app.get("/")
    @login_required
    def frame() -> str:
        return render_template("frame.html", languages=LANGUAGES, get_locale=get_locale)

    return app
