"""The committed migrations build exactly the schema the models describe."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask

from scorekeeper.extensions import db


@pytest.mark.data_layer
def test_migrations_match_the_models(app: Flask) -> None:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        differences = compare_metadata(context, db.metadata)
    assert differences == []


def test_sqlite_connections_enforce_foreign_keys(app: Flask) -> None:
    with app.app_context(), db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000


def test_upgrading_keeps_every_seat_and_round(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Games recorded under the first schema survive every later migration, and get
    their night, uid and cached results."""
    import json

    from sqlalchemy import text

    from scorekeeper import create_app
    from scorekeeper.database import upgrade

    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite3'}",
        }
    )
    with app.app_context():
        upgrade(revision="0001")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO users (id, username, password_hash, created_at)"
                    " VALUES (1, 'ana', 'x', '2026-11-01 20:00:00')"
                )
            )
            for player, name in enumerate(["Ana", "Ben", "Cai"], start=1):
                connection.execute(
                    text(
                        "INSERT INTO players (id, owner_id, name, created_at)"
                        " VALUES (:id, 1, :name, '2026-11-01 20:00:00')"
                    ),
                    {"id": player, "name": name},
                )
            connection.execute(
                text(
                    "INSERT INTO games (id, owner_id, kind, first_dealer, options, created_at,"
                    " updated_at) VALUES ('g1', 1, 'wizard', 0, :options,"
                    " '2026-11-01 20:00:00', '2026-11-01 20:00:00')"
                ),
                {"options": json.dumps({"hook": False, "rounds": 2})},
            )
            for seat in range(3):
                connection.execute(
                    text("INSERT INTO seats (game_id, seat, player_id) VALUES ('g1', :s, :p)"),
                    {"s": seat, "p": seat + 1},
                )
            for number, facts in enumerate(
                [
                    {"trump": "hearts", "turned": None, "bids": [1, 0, 0], "tricks": [1, 0, 0]},
                    {"trump": "none", "turned": "jester", "bids": [0, 1, 1], "tricks": [0, 1, 1]},
                ],
                start=1,
            ):
                connection.execute(
                    text(
                        "INSERT INTO rounds (game_id, number, dealer, facts, recorded_at)"
                        " VALUES ('g1', :n, :d, :f, '2026-11-01 20:10:00')"
                    ),
                    {"n": number, "d": number - 1, "f": json.dumps(facts)},
                )
        upgrade()
        with db.engine.connect() as connection:
            seats = connection.execute(
                text("SELECT seat, total, won FROM seats ORDER BY seat")
            ).all()
            assert [tuple(row) for row in seats] == [(0, 50, 1), (1, 50, 1), (2, 50, 1)]
            assert connection.execute(text("SELECT count(*) FROM rounds")).scalar() == 2
            assert connection.execute(text("SELECT count(*) FROM round_results")).scalar() == 6
            game = connection.execute(text("SELECT finished, night_id, uid FROM games")).one()
            assert game.finished and game.night_id and len(game.uid) == 32
            night = connection.execute(text("SELECT date FROM nights")).scalar()
            assert str(night) == "2026-11-01"
        db.engine.dispose()


@pytest.mark.data_layer
def test_the_accounts_migration_goes_down_and_up_again(backend: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """0006 on a database with accounts in it: down to 0005 and up again, the accounts
    kept, their keys made, the install claimed by the first."""
    import uuid

    import sqlalchemy as sa

    from scorekeeper import create_app
    from scorekeeper.database import downgrade, upgrade
    from tests.conftest import TEST_DATABASE_URL, postgresql_url

    schema = ""
    if backend == "postgresql":
        schema = f"sk_mig_{uuid.uuid4().hex[:10]}"
        engine = sa.create_engine(TEST_DATABASE_URL)
        with engine.begin() as connection:
            connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        uri = postgresql_url(schema)
    else:
        uri = f"sqlite:///{tmp_path / 'updown.sqlite3'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": uri})
    try:
        with app.app_context():
            upgrade(revision="0005")
            with db.engine.begin() as connection:
                for user_id, name in ((1, "Ana"), (2, "ｂｅｎ"), (3, "ANA")):
                    connection.execute(
                        sa.text(
                            "INSERT INTO users (id, username, password_hash, created_at)"
                            " VALUES (:id, :name, 'x', '2026-11-01 20:00:00')"
                        ),
                        {"id": user_id, "name": name},
                    )
            for _ in range(2):
                upgrade()
                with db.engine.connect() as connection:
                    keys = connection.execute(
                        sa.text("SELECT username_key FROM users ORDER BY id")
                    ).scalars()
                    assert list(keys) == ["ana", "ben", "ana#3"]
                    claim = connection.execute(sa.text("SELECT user_id FROM install_claim"))
                    assert claim.scalar() == 1
                downgrade(revision="0005")
                with db.engine.connect() as connection:
                    count = connection.execute(sa.text("SELECT COUNT(*) FROM users")).scalar()
                    assert count == 3
            db.session.remove()
            db.engine.dispose()
    finally:
        if schema:
            with engine.begin() as connection:
                connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
            engine.dispose()
