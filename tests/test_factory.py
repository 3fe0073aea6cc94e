"""create_app(): where settings come from, and the install's own secret key."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import create_app


def instance_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **config: object) -> Flask:
    """An app whose instance folder is tmp_path/instance."""
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "instance"))
    return create_app(config or None)


def test_the_mapping_passed_in_overrides_everything(tmp_path, monkeypatch) -> None:
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text("SECRET_KEY = 'from-file'\n")
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    app = instance_app(tmp_path, monkeypatch, SECRET_KEY="from-mapping", TESTING=True)
    assert app.config["SECRET_KEY"] == "from-mapping"
    assert app.testing


def test_environment_overrides_the_instance_file(tmp_path, monkeypatch) -> None:
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text(
        "SECRET_KEY = 'from-file'\nSQLALCHEMY_DATABASE_URI = 'sqlite:///from-file.db'\n"
    )
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    app = instance_app(tmp_path, monkeypatch)
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///from-file.db"


def test_defaults_use_sqlite_in_the_instance_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_SQLALCHEMY_DATABASE_URI", raising=False)
    app = instance_app(tmp_path, monkeypatch)
    assert app.config["SQLALCHEMY_DATABASE_URI"] == (
        f"sqlite:///{tmp_path / 'instance' / 'scorekeeper.sqlite3'}"
    )
    assert not app.testing
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    assert app.config["SESSION_COOKIE_HTTPONLY"]
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"


def test_a_fresh_install_writes_its_own_random_secret_key(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    first = instance_app(tmp_path, monkeypatch).config["SECRET_KEY"]
    key_file = tmp_path / "instance" / "secret_key"
    assert key_file.read_text().strip() == first
    assert len(first) == 64
    assert key_file.stat().st_mode & 0o077 == 0
    assert instance_app(tmp_path, monkeypatch).config["SECRET_KEY"] == first
    other = tmp_path / "other"
    other.mkdir()
    assert instance_app(other, monkeypatch).config["SECRET_KEY"] != first


def test_no_secret_is_shipped() -> None:
    from scorekeeper import config

    assert not hasattr(config, "SECRET_KEY")
    assert not (Path(__file__).parent.parent / "instance" / "secret_key").exists() or (
        "instance/*" in (Path(__file__).parent.parent / ".gitignore").read_text()
    )


def test_templates_and_static_come_from_the_top_level(app: Flask) -> None:
    root = Path(__file__).resolve().parent.parent
    assert Path(app.template_folder).resolve() == root / "templates"  # type: ignore[arg-type]
    assert Path(app.static_folder).resolve() == root / "static"  # type: ignore[arg-type]
