"""The app served for real, for the tests of serving: ``./scripts/start`` itself in a
checkout whose .venv is installed already, or the command it ends with
(``python -m scorekeeper.serve``), on a free port of 127.0.0.1."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import site
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from tests.live import PASSWORD, ServerExited, free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[1]
FAST_HASH = "pbkdf2:sha256:1000"


def installed_project(tmp_path: Path) -> Path:
    """A checkout as a club has it after a first ``./scripts/start``: this project's code
    and files (linked), its scripts (copied), and a .venv already installed, with the
    packages of the Python running the tests (so that nothing is installed here)."""
    project = tmp_path / "project"
    project.mkdir()
    shutil.copytree(ROOT / "scripts", project / "scripts")
    for name in ("scorekeeper", "templates", "static", "migrations", "bench"):
        (project / name).symlink_to(ROOT / name)
    for name in ("pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, project / name)
    venv = project / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    packages = next(venv.glob("lib/python3*/site-packages"))
    (packages / "tests-packages.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    flask = venv / "bin" / "flask"
    flask.write_text(
        f"#!{venv / 'bin' / 'python'}\nimport sys\nfrom flask.cli import main\nsys.exit(main())\n"
    )
    flask.chmod(0o755)
    # The stamp ensure_venv leaves once it has installed these very files.
    stamp = hashlib.sha256(
        (project / "pyproject.toml").read_bytes() + (project / "constraints.txt").read_bytes()
    ).hexdigest()
    (venv / ".installed-app").write_text(stamp + "\n")
    return project


def app_env(tmp_path: Path, **settings: str) -> dict[str, str]:
    """The environment of a server on a database of its own in ``tmp_path``."""
    return {
        **{k: v for k, v in os.environ.items() if k not in {"FLASK_PUBLIC_URL", "WORKERS"}},
        "FLASK_SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'served.sqlite3'}",
        "FLASK_SECRET_KEY": "served-test",
        "FLASK_SETUP_CODE_FILE": str(tmp_path / "setup_code"),
        "FLASK_PASSWORD_HASH_METHOD": FAST_HASH,
        "PYTHON": sys.executable,
        "HOST": "127.0.0.1",
        **settings,
    }


def create_account(env: dict[str, str], cwd: Path = ROOT) -> None:
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper"]
    for command in (["init-db"], ["create-user", "ana", "--password", PASSWORD]):
        subprocess.run([*flask, *command], env=env, cwd=cwd, check=True, capture_output=True)


class Served:
    """One server process (and its workers, in a session of their own)."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: Path, log: Path) -> None:
        self.env, self.port = env, int(env["PORT"])
        self.log = log
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                command, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_serving(self, seconds: float = 90) -> None:
        """Until this server answers: it says it listens (another server going away on
        the same port may still answer before then), then it answers."""
        wait_for(
            lambda: "Listening at: " in self.output or self.process.poll() is not None,
            seconds,
            f"the server listening; it said:\n{self.output}",
        )
        try:
            wait_until_serving(self.url, seconds, self.process)  # type: ignore[arg-type]
        except (AssertionError, ServerExited) as error:
            raise AssertionError(f"{error}; it said:\n{self.output}") from None

    def stop(self) -> None:
        """SIGTERM to the whole session (master and workers), SIGKILL if it lingers."""
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=20)
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@contextmanager
def served(
    tmp_path: Path, *, script: Path | None = None, name: str = "server", **env: str
) -> Iterator[Served]:
    """The app served on a free port: by ``script`` (a checkout's scripts/start) or by
    ``python -m scorekeeper.serve``, the command scripts/start ends with."""
    settings = {"PORT": str(free_port()), **env}
    environ = app_env(tmp_path, **settings)
    if script is None:
        create_account(environ)
        command, cwd = [sys.executable, "-m", "scorekeeper.serve"], ROOT
    else:
        command, cwd = [str(script)], script.parents[1]
    server = Served(command, environ, cwd, tmp_path / f"{name}.log")
    try:
        server.wait_until_serving()
        yield server
    finally:
        server.stop()


def get(
    url: str, headers: dict[str, str] | None = None, timeout: float = 30
) -> tuple[int, dict[str, str], bytes]:
    """One GET on a connection of its own: status, headers, body."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def wait_for(predicate: object, seconds: float, what: str) -> None:
    """Until ``predicate()`` holds (a hang guard, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {seconds:g} s")
