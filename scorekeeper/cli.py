"""Flask commands: ``flask --app scorekeeper init-db``, ``create-user``."""

from __future__ import annotations

import os
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_migrate import upgrade

from . import services


def register(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(create_user)
    app.cli.add_command(backup)
    app.cli.add_command(setup_code)
    app.cli.add_command(reset_password)


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Create the database schema, or bring it up to date (safe to run again)."""
    upgrade()
    click.echo("The database is ready.")


@click.command("create-user")
@click.argument("username")
@click.option(
    "--password",
    prompt=True,
    hide_input=True,
    confirmation_prompt=True,
    help="Asked for when left out.",
)
@with_appcontext
def create_user(username: str, password: str) -> None:
    """Create an account that can log in and keep score."""
    try:
        user = services.create_user(username, password)
    except services.AccountError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"Created the account {user.username}.")


@click.command("setup-code")
@with_appcontext
def setup_code() -> None:
    """Make a fresh one-time code for creating the first account on the web, and print
    it (only its hash is kept, in the instance folder). Once the install has an account,
    there is nothing to set up and no code."""
    from .services import accounts

    code = accounts.new_setup_code()
    if code is None:
        click.echo("This install has its accounts: no setup code is needed.")
        return
    click.echo(f"Setup code for the first account: {code}")


@click.command("reset-password")
@click.argument("username")
@with_appcontext
def reset_password(username: str) -> None:
    """Set a new password for USERNAME, on this machine: every login and API token of
    that account ends. At a terminal it asks twice; otherwise it reads one line from
    standard input (``printf '%s\\n' "$PASSWORD" | flask reset-password ana``)."""
    import sys

    from .services import accounts

    if sys.stdin.isatty():
        password = click.prompt("New password", hide_input=True, confirmation_prompt=True)
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    try:
        user = accounts.reset_password(username, password)
    except services.AccountError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"New password set for {user.username}; every login and API token of it ended.")


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
@with_appcontext
def backup(path: str) -> None:
    """Copy the SQLite database to PATH, consistently, while the app keeps running.

    It uses SQLite's online backup, never a plain file copy: in write-ahead-log mode a
    plain copy of the file can miss what the log holds.
    """
    import sqlite3

    from .extensions import db

    engine = db.engine
    if engine.dialect.name != "sqlite" or not engine.url.database:
        raise click.ClickException("backup copies a SQLite database; for PostgreSQL use pg_dump")
    target = Path(path)
    if target.exists():
        raise click.ClickException(f"{target} exists already: choose a new file")
    # The copy holds every account's games and password hashes: its owner's alone.
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    source = sqlite3.connect(engine.url.database)
    copy = sqlite3.connect(target)
    try:
        with copy:
            source.backup(copy)
        check = copy.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        copy.close()
        source.close()
    if check != "ok":
        raise click.ClickException(f"The copy failed its integrity check: {check}")
    click.echo(f"Backed up to {target}.")
