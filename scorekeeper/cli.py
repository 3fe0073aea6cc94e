"""Flask commands: ``flask --app scorekeeper init-db``, ``create-user``, ``translations``…"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext

from . import catalogs, database, services


def register(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(create_user)
    app.cli.add_command(backup)
    app.cli.add_command(setup_code)
    app.cli.add_command(phone_address)
    app.cli.add_command(reset_password)
    app.cli.add_command(translations)
    app.cli.add_command(MigrationCommands("db", help="Flask-Migrate's database migrations."))


class MigrationCommands(click.Group):
    """``flask db …``: Flask-Migrate's commands, with Alembic loaded only when one runs.

    Until then the group has neither options nor commands; asked for either, it takes
    Flask-Migrate's own and binds the migrations to the app."""

    def _load(self, ctx: click.Context) -> None:
        if self.commands:
            return
        from flask.cli import ScriptInfo
        from flask_migrate.cli import db as commands

        database.migrations(ctx.ensure_object(ScriptInfo).load_app())
        self.params, self.callback = list(commands.params), commands.callback
        self.commands = dict(commands.commands)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        self._load(ctx)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._load(ctx)
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self._load(ctx)
        return super().get_command(ctx, cmd_name)


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Create the database schema, or bring it up to date (safe to run again)."""
    database.upgrade()
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


@click.command("phone-address")
@click.option("--host", default="0.0.0.0", show_default=True, help="Where the server listens.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@with_appcontext
def phone_address(host: str, port: int) -> None:
    """Print the address the other phones open: PUBLIC_URL when it is set; for a server
    listening on every address, this machine's network address, found as the watch
    link's page finds it for an app opened as localhost."""
    from flask import current_app

    from .views.addresses import served_address

    click.echo(served_address(current_app.config.get("PUBLIC_URL"), host, port))


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


@click.group("translations")
def translations() -> None:
    """Keep the message catalogs in step with the code: extract, translate, compile, check.

    The same as ``python -m scorekeeper.catalogs``; neither needs the app's database.
    """


@translations.command("update")
def translations_update() -> None:
    """Extract every message into messages.pot and merge it into each language's catalog."""
    catalogs.update()
    click.echo("The catalogs are up to date with the code.")


@translations.command("todo")
@click.argument("language", type=click.Choice(catalogs.LANGUAGES))
def translations_todo(language: str) -> None:
    """Print, as JSON, what LANGUAGE still lacks (fill each entry's "string" and apply)."""
    click.echo(json.dumps(catalogs.todo(language), ensure_ascii=False, indent=1))


@translations.command("apply")
@click.argument("language", type=click.Choice(catalogs.LANGUAGES))
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
def translations_apply(language: str, file: str) -> None:
    """Put the translations of FILE (todo's JSON with each "string" filled) into LANGUAGE."""
    try:
        entries = json.loads(Path(file).read_text(encoding="utf-8"))
        taken = catalogs.apply(language, entries)
    except (ValueError, KeyError, TypeError) as error:
        raise click.ClickException(f"{file}: {error}") from None
    click.echo(f"{taken} translations taken")


@translations.command("compile")
@click.argument("languages", nargs=-1, type=click.Choice(catalogs.LANGUAGES))
def translations_compile(languages: tuple[str, ...]) -> None:
    """Write the .mo files the app reads, for LANGUAGES (every language when none given)."""
    catalogs.compile_all(languages or catalogs.LANGUAGES)
    click.echo("Compiled.")


@translations.command("check")
def translations_check() -> None:
    """List what is stale, untranslated or broken; fail if anything is (the tests run it)."""
    found = catalogs.problems()
    for line in found:
        click.echo(line)
    if found:
        raise click.exceptions.Exit(1)
    click.echo("The catalogs are complete and compiled.")
