"""flask --app scorekeeper init-db / create-user."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from sqlalchemy import inspect, select

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import User


def fresh_app(tmp_path: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
    )


def test_init_db_creates_the_schema_and_is_safe_to_run_twice(tmp_path: Path) -> None:
    app = fresh_app(tmp_path)
    runner = app.test_cli_runner()
    for _ in range(2):
        result = runner.invoke(args=["init-db"])
        assert result.exit_code == 0, result.output
        assert "The database is ready." in result.output
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
    assert {"users", "games", "seats", "rounds", "players", "api_tokens"} <= tables


def test_create_user_with_a_password(runner, app: Flask) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(args=["create-user", "cai", "--password", "long enough"])
    assert result.exit_code == 0, result.output
    assert "Created the account cai." in result.output
    with app.app_context():
        assert services.authenticate("cai", "long enough") is not None


def test_create_user_prompts_for_the_password(runner, app: Flask) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(args=["create-user", "dee"], input="s3cret-pass\ns3cret-pass\n")
    assert result.exit_code == 0, result.output
    assert "s3cret-pass" not in result.output
    with app.app_context():
        assert services.authenticate("dee", "s3cret-pass") is not None


def test_create_user_refuses_clearly(runner, app: Flask) -> None:  # type: ignore[no-untyped-def]
    assert runner.invoke(args=["create-user", "eve", "--password", "short"]).exit_code == 1
    runner.invoke(args=["create-user", "eve", "--password", "long enough"])
    result = runner.invoke(args=["create-user", "eve", "--password", "long enough"])
    assert result.exit_code == 1
    assert "The username eve is taken" in result.output
    with app.app_context():
        assert len(db.session.scalars(select(User).where(User.username == "eve")).all()) == 1


def test_setup_code_is_fresh_each_time_kept_as_a_private_hash(  # type: ignore[no-untyped-def]
    runner, app: Flask
) -> None:
    from scorekeeper.services import accounts

    first = runner.invoke(args=["setup-code"])
    second = runner.invoke(args=["setup-code"])
    assert first.exit_code == second.exit_code == 0, first.output
    codes = [r.output.strip().rsplit(" ", 1)[-1] for r in (first, second)]
    assert codes[0] != codes[1]
    kept = Path(app.config["SETUP_CODE_FILE"])
    assert kept.stat().st_mode & 0o777 == 0o600
    assert codes[1] not in kept.read_text()  # only a hash of it
    with app.app_context():
        assert not accounts.setup_code_matches(codes[0])  # the older one is gone
        assert accounts.setup_code_matches(codes[1])
        services.create_user("ana", "long enough")
    done = runner.invoke(args=["setup-code"])
    assert "no setup code is needed" in done.output
