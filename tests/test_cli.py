"""flask --app scorekeeper init-db / create-user / setup-code / translations …"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import inspect, select, text

from scorekeeper import catalogs, create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import User

ROOT = Path(__file__).resolve().parents[1]


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


def test_flask_db_is_flask_migrates_own_group(tmp_path: Path) -> None:
    """``flask db`` keeps Flask-Migrate's options and commands, though Alembic is only
    loaded when it runs."""
    app = fresh_app(tmp_path)
    runner = app.test_cli_runner()
    helped = runner.invoke(args=["db", "--help"])
    assert helped.exit_code == 0, helped.output
    assert "--directory" in helped.output and "upgrade" in helped.output
    for args in (["db", "upgrade"], ["db", "downgrade", "0007"], ["db", "upgrade", "head"]):
        result = runner.invoke(args=args)
        assert result.exit_code == 0, (args, result.output, result.exception)
    with app.app_context():
        version = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == max(p.name[:4] for p in (ROOT / "migrations" / "versions").glob("0*.py"))


def test_a_served_app_loads_neither_alembic_nor_the_password_judge() -> None:
    """A worker that never migrates nor judges a new password keeps Alembic (~11 MB) and
    zxcvbn's word lists (~12 MB) out of its memory."""
    code = (
        "import sys; from scorekeeper import create_app; "
        "create_app({'SECRET_KEY': 'x', 'SQLALCHEMY_DATABASE_URI': 'sqlite://'}); "
        "print(sorted(m for m in ('alembic', 'flask_migrate', 'zxcvbn') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "[]", done.stderr


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


# -- flask translations: the catalogs, as python -m scorekeeper.catalogs keeps them -------


@pytest.fixture
def own_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the catalogs for a test to change; the repository's are left alone."""
    copy = tmp_path / "translations"
    shutil.copytree(catalogs.TRANSLATIONS, copy, ignore=shutil.ignore_patterns(".lock"))
    monkeypatch.setattr(catalogs, "TRANSLATIONS", copy)
    monkeypatch.setattr(catalogs, "TEMPLATE_FILE", copy / "messages.pot")
    return copy


def forget(language: str, message_id: str) -> None:
    """Blank one translation of a copied catalog, as a new message would stand."""
    catalog = catalogs.read_catalog(language)
    catalog[message_id].string = ""
    catalogs._write(catalog, catalogs.po_path(language), no_location=True)


def test_translations_is_a_group_of_the_catalogs_commands(tmp_path: Path) -> None:
    result = fresh_app(tmp_path).test_cli_runner().invoke(args=["translations", "--help"])
    assert result.exit_code == 0, result.output
    for command in ("update", "todo", "apply", "compile", "check"):
        assert command in result.output


def test_translations_check_passes_on_the_repositorys_catalogs(tmp_path: Path) -> None:
    result = fresh_app(tmp_path).test_cli_runner().invoke(args=["translations", "check"])
    assert result.exit_code == 0, result.output
    assert "complete" in result.output


def test_translations_todo_apply_compile_check(own_catalogs: Path, tmp_path: Path) -> None:
    """A message Welsh lacks: todo lists it, apply takes its translation, compile writes
    the .mo, and check is content again."""
    runner = fresh_app(tmp_path).test_cli_runner()
    kept = catalogs.read_catalog("cy")["Saving…"].string
    forget("cy", "Saving…")

    broken = runner.invoke(args=["translations", "check"])
    assert broken.exit_code == 1
    assert "cy: untranslated 'Saving…'" in broken.output

    todo = runner.invoke(args=["translations", "todo", "cy"])
    assert todo.exit_code == 0, todo.output
    entries = json.loads(todo.output)
    assert [entry["id"] for entry in entries] == ["Saving…"]

    answer = tmp_path / "cy.json"
    answer.write_text(json.dumps([{**entries[0], "string": kept}]), encoding="utf-8")
    applied = runner.invoke(args=["translations", "apply", "cy", str(answer)])
    assert applied.exit_code == 0, applied.output
    assert "1 translations taken" in applied.output
    assert catalogs.read_catalog("cy")["Saving…"].string == kept

    assert runner.invoke(args=["translations", "compile", "cy"]).exit_code == 0
    assert catalogs.problems() == []


def test_a_message_in_a_context_is_its_own(own_catalogs: Path, tmp_path: Path) -> None:
    """The card "Wizard" (context "card") and the game "Wizard" are two messages: Greek's
    card blanked is listed with its context and taken back by it; the game's is untouched."""
    runner = fresh_app(tmp_path).test_cli_runner()
    catalog = catalogs.read_catalog("el")
    assert (catalog.get("Wizard", context="card").string, catalog["Wizard"].string) == (
        "Μάγος",
        "Wizard",
    )
    catalog.get("Wizard", context="card").string = ""
    catalogs._write(catalog, catalogs.po_path("el"), no_location=True)
    assert "el: untranslated 'Wizard'" in runner.invoke(args=["translations", "check"]).output

    entries = json.loads(runner.invoke(args=["translations", "todo", "el"]).output)
    assert [(entry["id"], entry["context"]) for entry in entries] == [("Wizard", "card")]
    answer = tmp_path / "el.json"
    answer.write_text(json.dumps([{**entries[0], "string": "Μάγος"}]), encoding="utf-8")
    assert runner.invoke(args=["translations", "apply", "el", str(answer)]).exit_code == 0
    catalog = catalogs.read_catalog("el")
    assert catalog.get("Wizard", context="card").string == "Μάγος"
    assert catalog["Wizard"].string == "Wizard"
    assert runner.invoke(args=["translations", "compile", "el"]).exit_code == 0
    assert catalogs.problems() == []


def test_translations_update_brings_back_a_lost_message(own_catalogs: Path, tmp_path: Path) -> None:
    catalog = catalogs.read_catalog("nl")
    catalog.delete("Saving…")
    catalogs._write(catalog, catalogs.po_path("nl"), no_location=True)

    result = fresh_app(tmp_path).test_cli_runner().invoke(args=["translations", "update"])
    assert result.exit_code == 0, result.output
    assert catalogs.read_catalog("nl")["Saving…"].string == ""  # back, to be translated
    assert "Saving…" in (own_catalogs / "messages.pot").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["todo", "fr"], "Invalid value"),
        (["apply", "cy", "missing.json"], "does not exist"),
    ],
    ids=["a language without a catalog", "a file that is not there"],
)
def test_translations_refuses_plainly(tmp_path: Path, args: list[str], says: str) -> None:
    result = fresh_app(tmp_path).test_cli_runner().invoke(args=["translations", *args])
    assert result.exit_code == 2
    assert says in result.output


def test_translations_apply_refuses_an_unknown_message(own_catalogs: Path, tmp_path: Path) -> None:
    answer = tmp_path / "cy.json"
    answer.write_text(json.dumps([{"id": "No such sentence", "string": "Dim"}]), encoding="utf-8")
    result = (
        fresh_app(tmp_path)
        .test_cli_runner()
        .invoke(args=["translations", "apply", "cy", str(answer)])
    )
    assert result.exit_code == 1
    assert "no message 'No such sentence'" in result.output
    assert "Traceback" not in result.output


def test_python_m_scorekeeper_catalogs_still_answers() -> None:
    assert catalogs.main(["catalogs"]) == 2
