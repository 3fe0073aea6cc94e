"""Flask commands: ``flask --app scorekeeper init-db``, ``create-user``."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_migrate import upgrade

from . import services


def register(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(create_user)


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
