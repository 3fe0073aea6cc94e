"""The set-up scripts on systems unlike this one: no apt, a broken venv, a port in use.

Each case runs the real ``scripts/lib.sh`` or ``scripts/start`` in a shell, with the
system's pieces taken away where the case needs it, and reads what the user is told.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.served import get, installed_project, served

ROOT = Path(__file__).resolve().parents[1]
LIB = ROOT / "scripts" / "lib.sh"


def bash(script: str, env: dict[str, str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", script], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
    )


def bin_without_apt(tmp_path: Path) -> Path:
    """A PATH with a shell's usual tools and Python, but no apt-get or dpkg."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in ("bash", "cat", "head", "awk", "sha256sum", "cut", "rm", "fc-list", "id"):
        found = shutil.which(tool)
        if found:
            (folder / tool).symlink_to(found)
    (folder / "python3").symlink_to(sys.executable)
    return folder


def test_without_apt_the_missing_libraries_are_named_with_how_to_install_them(
    tmp_path: Path,
) -> None:
    env = {"PATH": str(bin_without_apt(tmp_path)), "HOME": str(tmp_path)}
    # This machine has every library: pretend Pango is missing, as on a bare system.
    script = (
        f"source {LIB}\n"
        'has_library() { [ "$1" != pango-1.0 ]; }\n'
        "ensure_sheet_libraries\n"
        "echo reached"
    )
    result = bash(script, env)
    assert result.returncode == 1
    assert "reached" not in result.stdout
    assert "libpango-1.0" in result.stderr
    assert "dnf install" in result.stderr and "apk add" in result.stderr
    assert "Traceback" not in result.stderr


def test_with_every_library_present_nothing_is_installed(tmp_path: Path) -> None:
    env = {"PATH": str(bin_without_apt(tmp_path)), "HOME": str(tmp_path)}
    script = f"source {LIB}\nhas_library() {{ true; }}\nhas_family() {{ true; }}\n"
    result = bash(script + "ensure_sheet_libraries\necho reached", env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "reached"


def test_a_venv_without_pip_is_removed_and_the_missing_module_named(tmp_path: Path) -> None:
    # A copy of the scripts in a project of its own, whose .venv has no pip in it
    # (what `python3 -m venv` leaves on a Debian without python3-venv).
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(LIB, project / "scripts" / "lib.sh")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", project / ".venv"], check=True)
    # ...and a Python that cannot make a venv with pip either.
    broken_python = tmp_path / "python-without-venv"
    broken_python.write_text('#!/bin/sh\n[ "$1" = -m ] && [ "$2" = venv ] && exit 1\nexit 0\n')
    broken_python.chmod(0o755)
    env = {**os.environ, "PYTHON": str(broken_python)}
    result = bash(f"source {project}/scripts/lib.sh\nensure_venv\necho reached", env)
    assert result.returncode == 1
    assert "reached" not in result.stdout
    assert "The .venv folder is broken" in result.stdout
    assert "install its venv module" in result.stderr
    assert "python3-venv" in result.stderr
    assert not (project / ".venv").exists()


def test_a_port_in_use_is_one_sentence_before_anything_is_installed(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "PYTHON": sys.executable,
            "PORT_WAIT": "1",  # it waits for a server that is stopping: not this one
        }
        result = subprocess.run(
            [str(ROOT / "scripts" / "start")], env=env, capture_output=True, text=True, timeout=60
        )
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines == [
        f"Port {port} is already in use on this machine (another Scorekeeper, or another"
        f" program): stop it, or start on another port with PORT=5001 ./scripts/start"
    ]
    assert result.stdout.strip() == (
        f"Port {port} is in use, perhaps by a server that is stopping: waiting up to 1 s for"
        " it to be free."
    )
    assert "Traceback" not in result.stdout + result.stderr


def test_a_start_right_after_the_server_was_killed_waits_for_the_port(tmp_path: Path) -> None:
    # kill -9 of the master leaves its workers holding the port until they notice, a
    # second or so: a start at once waits for them to go instead of refusing.
    script = installed_project(tmp_path) / "scripts" / "start"
    with served(tmp_path, script=script, name="first", WORKERS="2") as first:
        assert f"Scorekeeper is at http://127.0.0.1:{first.port}/ " in first.output
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=10)
        with served(tmp_path, script=script, name="again", PORT=str(first.port)) as again:
            status, _headers, _body = get(again.url + "/login")
            assert status in (200, 302)
            assert "already in use" not in again.output


def phone_address(tmp_path: Path, host: str, port: str, **settings: str) -> str:
    """What ``./scripts/start`` prints for a server on ``host``, ``port``: the app's
    own answer (``flask phone-address``), through the real ``lib.sh`` of a checkout whose
    .venv is installed (this one may have none: a worktree's, say)."""
    project = tmp_path / "project"
    if not project.exists():
        installed_project(tmp_path)
    env = {
        **{name: value for name, value in os.environ.items() if name != "FLASK_PUBLIC_URL"},
        "PYTHON": sys.executable,
        "FLASK_SECRET_KEY": "test",
        "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'app.sqlite3'}",
        **settings,
    }
    result = bash(f"source {project / 'scripts' / 'lib.sh'}\nphone_address {host} {port}", env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout.strip()


def test_the_address_for_phones_is_an_address_not_localhost(tmp_path: Path) -> None:
    address = phone_address(tmp_path, "0.0.0.0", "5000")
    host = address.removeprefix("http://").removesuffix(":5000/")
    parts = host.split(".")
    assert len(parts) == 4 and all(part.isdigit() for part in parts), address
    assert host != "127.0.0.1"
    # Listening on IPv6's every address serves IPv4 too: the same address.
    assert phone_address(tmp_path, "::", "5000") == address


def test_a_server_kept_to_this_machine_is_at_its_own_address(tmp_path: Path) -> None:
    assert phone_address(tmp_path, "127.0.0.1", "5001") == "http://127.0.0.1:5001/"
    assert phone_address(tmp_path, "::1", "5001") == "http://[::1]:5001/"


def test_a_public_url_is_the_address_printed(tmp_path: Path) -> None:
    public = {"FLASK_PUBLIC_URL": "https://cards.example.org/night"}
    for host in ("0.0.0.0", "127.0.0.1"):
        assert phone_address(tmp_path, host, "5000", **public) == "https://cards.example.org/night/"


SERVING = ROOT / "docs" / "serving.md"
SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
SETTING = re.compile(r"^([A-Z][A-Z0-9_]*)=(\S+)$")


def serving_commands() -> list[str]:
    """Every shell command docs/serving.md shows: the lines of its ``sh`` blocks."""
    text = SERVING.read_text()
    return [
        line.strip()
        for block in SHELL_BLOCK.findall(text)
        for line in block.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


def test_docs_serving_shows_commands_only_in_blocks_this_test_runs() -> None:
    # A command written inline would escape the test below: names of files and
    # settings only, outside the sh blocks.
    text = SHELL_BLOCK.sub("", SERVING.read_text())
    for span in INLINE_CODE.findall(text):
        assert not span.startswith(("./", ".venv/", "curl ", "sudo ")), span
        assert not re.match(r"[A-Z_]+=\S+ ", span), span
    assert len(serving_commands()) >= 2


@pytest.mark.parametrize(
    "command",
    serving_commands(),
    ids=lambda command: "+".join(word.split("=")[0] for word in command.split()[:-1]) or "plain",
)
def test_each_command_of_docs_serving_starts_the_app_as_it_says(
    tmp_path: Path, command: str
) -> None:
    # Run as written, but on a free port of 127.0.0.1 (the test's, not a club's).
    *assignments, program = command.split()
    assert program == "./scripts/start", command
    settings = dict(SETTING.fullmatch(word).groups() for word in assignments)  # type: ignore[union-attr]
    settings.pop("PORT", None)
    settings["HOST"] = "127.0.0.1"
    script = installed_project(tmp_path) / "scripts" / "start"
    with served(tmp_path, script=script, WORKERS="1", **settings) as server:
        assert f"Scorekeeper is at http://127.0.0.1:{server.port}/ " in server.output
        forwarded = {"X-Forwarded-Proto": "https"}
        status, headers, _body = get(server.url + "/login", forwarded)
        assert status in (200, 302)
        trusted = "FLASK_TRUST_PROXY" in settings
        assert ("Strict-Transport-Security" in headers) == trusted
        if "FLASK_SESSION_COOKIE_SECURE" in settings:
            assert "; Secure" in headers["Set-Cookie"]  # the login form's session
