"""The documents a newcomer reads: README.md, a front page, and docs/*.md, the rest.

Every command a document shows in a ```sh block is run here, in the document's order, in a
fresh copy of the project, the way its reader would type it: ``./scripts/start`` serves the
copy (with a ready ``.venv``, as on a second start) and the API examples talk to it. A
command that fails fails its document's test. The few that cannot run inside a test (the
whole suite, an install into the shared environment, a benchmark of minutes) are listed
in COVERED with what covers them instead, and a review of that list is a review of the
documents' promises. Every relative link resolves, the README stays a front page, and the
code map names the files that are there.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 150

# The password the API's example gives create-user: what the prompts of the documents'
# commands are answered with.
PASSWORD = "plum kettle harbour 42"


@dataclass(frozen=True)
class Command:
    """One command of a ```sh block: its lines as shown (a line ending in a backslash
    goes on), where it is, and its trailing comment."""

    document: str
    line: int
    text: str

    @property
    def shown(self) -> str:
        """The command without its trailing comment: what COVERED names."""
        return self._split()[0]

    @property
    def comment(self) -> str:
        return self._split()[1]

    def _split(self) -> tuple[str, str]:
        """The text and its trailing comment: a ``#`` after a space, outside quotes."""
        head, _, last = self.text.rpartition("\n")
        for found in re.finditer(r"\s#\s", last):
            before = last[: found.start()]
            if before.count("'") % 2 == 0 and before.count('"') % 2 == 0:
                code = (head + "\n" if head else "") + before
                return code.strip(), last[found.end() :].strip()
        return self.text.strip(), ""

    def __str__(self) -> str:
        return f"{self.document}:{self.line}: {self.shown}"


FENCE = re.compile(r"^```(\S*)\s*$")


def blocks(path: Path) -> list[tuple[str, int, list[str]]]:
    """Every fenced block of a document: its language, its first line's number, its lines."""
    found: list[tuple[str, int, list[str]]] = []
    language: str | None = None
    start, lines = 0, []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line)
        if fence and language is None:
            language, start, lines = fence.group(1), number + 1, []
        elif line.strip() == "```" and language is not None:
            found.append((language, start, lines))
            language = None
        elif language is not None:
            lines.append(line)
    assert language is None, f"{path.name}: a block opened at line {start - 1} never closes"
    return found


def commands(path: Path) -> list[Command]:
    name = str(path.relative_to(ROOT)) if ROOT in path.parents else path.name
    found: list[Command] = []
    for language, start, lines in blocks(path):
        if language != "sh":
            continue
        pending: list[str] = []
        first = 0
        for offset, line in enumerate(lines):
            if not pending and (not line.strip() or line.lstrip().startswith("#")):
                continue
            if not pending:
                first = start + offset
            pending.append(line)
            if not line.endswith("\\"):
                found.append(Command(name, first, "\n".join(pending)))
                pending = []
        assert not pending, f"{name}:{first}: a command ends in a backslash"
    return found


def every_command() -> list[Command]:
    return [command for path in DOCUMENTS for command in commands(path)]


# -- the commands that are not run here, and what covers each ------------------------------

LONG = "a benchmark of minutes, a report rather than a test (speed targets are never timed"
LONG += " assertions); here its script answers --help"


@dataclass(frozen=True)
class Covered:
    by: str  # a file of the project, or file::test_function
    why: str
    smoke: str = ""  # a quick command run here instead, in a copy of the project


COVERED: dict[str, Covered] = {
    "./scripts/test": Covered(
        ".ci/run", "the whole suite, this test among it: CI runs exactly this on every change"
    ),
    "./scripts/test tests/rules -x": Covered(
        ".ci/run", "scripts/test with pytest's arguments: CI runs scripts/test"
    ),
    "TEST_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test ./scripts/test": Covered(
        ".ci/run", "CI runs scripts/test with CI=true, which sets this very URL"
    ),
    "SCOREKEEPER_SCREENSHOTS=1 ./scripts/test tests/browser": Covered(
        "tests/browser/conftest.py",
        "the browser tests, which write the screenshots when SCOREKEEPER_SCREENSHOTS=1",
    ),
    "createdb -h 127.0.0.1 -U postgres test": Covered(
        "tests/conftest.py::postgresql_schema",
        "CI's PostgreSQL server has the database; the PostgreSQL cases make their schemas in it",
    ),
    ".venv/bin/flask --app scorekeeper translations apply cy cy.json": Covered(
        "tests/test_cli.py::test_translations_todo_apply_compile_check",
        "needs the translator's work in cy.json first; the CLI test fills one and applies it",
    ),
    ".venv/bin/flask --app scorekeeper translations check": Covered(
        "tests/test_cli.py::test_translations_check_passes_on_the_repositorys_catalogs",
        "the same command on the repository's catalogs (tests/test_i18n.py checks them too)",
    ),
    ".venv/bin/pip install -c constraints.txt -e '.[postgresql]'": Covered(
        "tests/test_docs.py::test_the_postgresql_extra_is_the_one_the_documents_install",
        "an install into the environment the tests run in; the extra it names is checked",
    ),
    "FLASK_SQLALCHEMY_DATABASE_URI=postgresql+psycopg://user@dbhost/scorekeeper"
    " .venv/bin/flask --app scorekeeper init-db": Covered(
        "tests/test_migrations.py",
        "needs the reader's own PostgreSQL server; the migrations are run on PostgreSQL there",
    ),
    "bench/run": Covered("bench/README.md", LONG, "bench/run --help"),
    "bench/run --quick": Covered("bench/README.md", LONG, "bench/run --help"),
    "bench/run --markdown": Covered("bench/README.md", LONG, "bench/run --help"),
    "bench/run --server-option=--backlog=2048": Covered(
        "bench/README.md", LONG, "bench/run --help"
    ),
    "BENCH_POSTGRESQL= bench/run": Covered("bench/README.md", LONG, "bench/run --help"),
    ".venv/bin/python -m bench.load --seconds 20": Covered(
        "bench/README.md", LONG, ".venv/bin/python -m bench.load --help"
    ),
    ".venv/bin/python -m bench.served --quick": Covered(
        "bench/README.md", LONG, ".venv/bin/python -m bench.served --help"
    ),
    ".venv/bin/python bench/pdf.py": Covered(
        "bench/README.md", LONG, ".venv/bin/python bench/pdf.py --help"
    ),
    ".venv/bin/python bench/sheet_memory.py": Covered(
        "bench/README.md", LONG, ".venv/bin/python bench/sheet_memory.py --help"
    ),
    ".venv/bin/python bench/import_load.py": Covered(
        "bench/README.md", LONG, ".venv/bin/python bench/import_load.py --help"
    ),
}


def serves(command: str) -> bool:
    """A command that serves until stopped: ./scripts/start, with or without settings
    before it. Each is started, must answer over HTTP on its port (8000 in the text, or
    PORT for ./scripts/start, both a free port here), then is stopped. Told by its shape,
    never by a list: a server run as a plain command would hold the test until its end."""
    words = shlex.split(command)
    settings = [word for word in words[:-1] if re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", word)]
    return bool(words) and words[-1] == "./scripts/start" and len(settings) == len(words) - 1


# What the examples call the app a reader started with ./scripts/start.
APP_ADDRESS = "localhost:5000"


# -- a copy of the project, as its reader has it -------------------------------------------


def project_copy(tmp_path: Path) -> Path:
    """The project as a fresh clone has it (no database, no caches), with a ``.venv`` that
    ``scripts/lib.sh`` finds ready: its programs run this test's Python, and its stamps say
    the pinned packages are installed (they are: this test runs with them). pip is never
    let to install into that shared environment."""
    copy = tmp_path / "project"

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache"}
        skipped |= {".pytest_cache", ".hypothesis", "build", "dist", "screenshots"}
        if Path(folder) == ROOT / "instance":
            skipped |= {name for name in names if name != ".gitkeep"}
        if Path(folder) == ROOT / "docs":
            skipped.discard("screenshots")
        return {name for name in names if name in skipped}

    shutil.copytree(ROOT, copy, ignore=ignore)
    bin_ = copy / ".venv" / "bin"
    bin_.mkdir(parents=True)
    python = sys.executable
    refuse = (
        'case "$*" in *"pip install"*)'
        ' echo "pip install is not run in the documents\' test" >&2; exit 1;; esac\n'
    )
    programs = {
        "python": f'{refuse}exec {python} "$@"\n',
        "python3": f'{refuse}exec {python} "$@"\n',
        "pip": f'{refuse}exec {python} -m pip "$@"\n',
        "flask": f'exec {python} -m flask "$@"\n',
        "gunicorn": f'exec {python} -m gunicorn "$@"\n',
        "waitress-serve": f'exec {python} -m waitress "$@"\n',
    }
    for name, body in programs.items():
        program = bin_ / name
        program.write_text("#!/bin/sh\n" + body)
        program.chmod(0o755)
    pinned = (copy / "pyproject.toml").read_bytes() + (copy / "constraints.txt").read_bytes()
    stamp = hashlib.sha256(pinned).hexdigest() + "\n"
    for extras in ("app", "test"):
        (copy / ".venv" / f".installed-{extras}").write_text(stamp)
    return copy


def reader_environment(tmp_path: Path) -> dict[str, str]:
    """A shell as a newcomer's: the system's programs, a home of its own, no FLASK_*
    settings of this test run's."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "HOST": "127.0.0.1",  # ./scripts/start: this machine only, in a test
        "WORKERS": "1",
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


HELPERS = r"""
set -euo pipefail
set -m  # each server in a process group of its own, stopped whole
answered() { curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$1/"; }
serve() {  # serve PORT FILE: start the command, wait until it answers, keep it running
  local port="$1" file="$2" waited=0
  PORT="$port" bash "$file" > "$file.out" 2>&1 &
  local pid=$!
  echo "$pid" >> "$SERVERS"
  until answered "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "it stopped before answering on port $port:" >&2; cat "$file.out" >&2; exit 1
    fi
    waited=$((waited + 1))
    if [ "$waited" -gt 600 ]; then
      echo "no answer on port $port in 60 s:" >&2; cat "$file.out" >&2; exit 1
    fi
    sleep 0.1
  done
  LAST_SERVER=$pid
}
stop() { kill -TERM -- "-$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
"""


def script_for(path: Path, workdir: Path, app_port: int) -> str:
    """The document's commands as one shell session: run in order (a variable one sets
    is there for the next), the servers started and stopped, the rest skipped as COVERED
    says. Each command is a file of its own, so that it runs exactly as shown."""
    lines = [HELPERS]
    shown = commands(path)
    if any(APP_ADDRESS in command.text for command in shown):
        # The examples talk to the app as ./scripts/start serves it, on a free port.
        start = workdir / "app.sh"
        start.write_text("exec ./scripts/start\n")
        lines += [
            'echo "::: ./scripts/start, for the examples" >&2',
            f"serve {app_port} {start}",
            "APP_SERVER=$LAST_SERVER; trap 'stop $APP_SERVER' EXIT",
        ]
    for number, command in enumerate(shown):
        if command.shown in COVERED:
            continue
        text = command.text.replace(APP_ADDRESS, f"127.0.0.1:{app_port}")
        file = workdir / f"command-{number}.sh"
        lines.append(f"printf '%s\\n' {shlex.quote('::: ' + str(command))} >&2")
        if serves(command.shown):
            port = free_port()
            file.write_text(text.replace("8000", str(port)) + "\n")
            lines += [f"serve {port} {file}", "stop $LAST_SERVER"]
            continue
        file.write_text(text + "\n")
        prints = re.fullmatch(r"prints (.+)", command.comment)
        if prints:
            expected = prints.group(1)
            lines += [
                f"out=$(source {file} < {workdir / 'answers'})",
                f'[ "$out" = {json.dumps(expected)} ] || '
                f'{{ echo "printed $out, not {expected}" >&2; exit 1; }}',
            ]
        else:
            lines.append(f"source {file} < {workdir / 'answers'}")
    return "\n".join(lines) + "\n"


def run_document(path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    project = project_copy(tmp_path)
    workdir = tmp_path / "commands"
    workdir.mkdir()
    (workdir / "answers").write_text(f"{PASSWORD}\n{PASSWORD}\n")
    script = script_for(path, workdir, free_port())
    env = reader_environment(tmp_path)
    env["SERVERS"] = str(workdir / "servers")
    # The output goes to files, never pipes: a server a command left running would hold
    # a pipe open, and reading it to its end would wait for that server for ever.
    out, err = workdir / "stdout", workdir / "stderr"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            ["bash", "-c", script],
            cwd=project,
            env=env,
            stdout=stdout,
            stderr=stderr,
            text=True,
            start_new_session=True,
        )
    try:
        process.wait(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    finally:
        servers = workdir / "servers"
        for pid in servers.read_text().split() if servers.exists() else []:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(int(pid), signal.SIGKILL)
        stop_everything_in(project)
    return subprocess.CompletedProcess(
        process.args, process.returncode, out.read_text(), err.read_text()
    )


def stop_everything_in(project: Path) -> None:
    """Kill every process still working in the project's copy, however it was started
    (a server that made a session of its own included): none outlives its document."""
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            if Path(os.readlink(entry / "cwd")).is_relative_to(project):
                os.kill(int(entry.name), signal.SIGKILL)


def last_command(stderr: str) -> str:
    said = [line for line in stderr.splitlines() if line.startswith("::: ")]
    return said[-1].removeprefix("::: ") if said else "(before the first command)"


# -- the tests -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [p for p in DOCUMENTS if commands(p)], ids=lambda p: str(p.relative_to(ROOT))
)
def test_every_command_a_document_shows_runs(path: Path, tmp_path: Path) -> None:
    done = run_document(path, tmp_path)
    assert done.returncode == 0, (
        f"this command failed (exit {done.returncode}): {last_command(done.stderr)}\n"
        f"{done.stderr[-3000:]}\n{done.stdout[-1500:]}"
    )


def test_a_failing_command_fails_its_document(tmp_path: Path) -> None:
    document = tmp_path / "broken.md"
    document.write_text(
        "```sh\n.venv/bin/flask --app scorekeeper no-such-command\necho after\n```\n"
    )
    done = run_document(document, tmp_path)
    assert done.returncode != 0
    assert "no-such-command" in last_command(done.stderr)
    assert "after" not in done.stdout


def test_an_api_example_that_answers_an_error_fails(tmp_path: Path) -> None:
    """The API examples run against the app served by ./scripts/start; an example whose
    call is refused fails its document."""
    document = tmp_path / "wrong-token.md"
    document.write_text(
        "```sh\ncurl -sS --fail-with-body localhost:5000/api/v1/games"
        ' -H "Authorization: Bearer not-a-token"\n```\n'
    )
    done = run_document(document, tmp_path)
    assert done.returncode == 22  # curl's own: the server answered 4xx
    assert "/api/v1/games" in last_command(done.stderr)
    assert "Send a valid token" in done.stdout


def test_an_example_using_a_variable_it_never_set_fails(tmp_path: Path) -> None:
    document = tmp_path / "unset-token.md"
    document.write_text('```sh\necho "Authorization: Bearer $TOKEN"\n```\n')
    done = run_document(document, tmp_path)
    assert done.returncode != 0
    assert "TOKEN: unbound variable" in done.stderr


def test_an_answer_other_than_the_one_shown_fails(tmp_path: Path) -> None:
    document = tmp_path / "status.md"
    document.write_text("```sh\necho 401   # prints 200\necho 200   # prints 200\n```\n")
    done = run_document(document, tmp_path)
    assert done.returncode != 0
    assert "printed 401, not 200" in done.stderr


def test_every_command_not_run_here_says_what_covers_it() -> None:
    shown = {command.shown for command in every_command()}
    assert sorted(set(COVERED) - shown) == [], "COVERED names a command no document shows"
    for command, covered in COVERED.items():
        file, _, test = covered.by.partition("::")
        assert (ROOT / file).is_file(), f"{command}: {file} does not exist"
        if test:
            source = (ROOT / file).read_text(encoding="utf-8")
            assert re.search(rf"^def {test}\(", source, re.MULTILINE), f"{command}: no {test}"


@pytest.mark.parametrize(
    "smoke",
    sorted({covered.smoke for covered in COVERED.values() if covered.smoke}),
)
def test_a_benchmark_the_documents_name_is_there_and_starts(smoke: str, tmp_path: Path) -> None:
    project = project_copy(tmp_path)
    done = subprocess.run(
        ["bash", "-c", smoke],
        cwd=project,
        env=reader_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_the_postgresql_extra_is_the_one_the_documents_install() -> None:
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert any(requirement.startswith("psycopg") for requirement in extras["postgresql"])


def test_the_readme_is_a_front_page_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines"
    readme_commands = [command.text for command in commands(README)]
    assert readme_commands == [
        "./scripts/start    # install what the app needs, create or upgrade the SQLite database"
        " in instance/, serve on port 5000",
        "./scripts/test     # install what the tests need and run the whole suite (lint, types,"
        " pytest, browser)",
    ]
    text = "\n".join(lines)
    for document in ("games", "operations", "api", "performance", "development", "threats"):
        assert f"(docs/{document}.md)" in text, f"the README does not lead to docs/{document}.md"


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.+)$", text, re.MULTILINE)}


def links() -> list[tuple[str, str]]:
    found = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
        found += [(str(path.relative_to(ROOT)), m.group(1)) for m in LINK.finditer(text)]
    return found


def test_every_relative_link_resolves() -> None:
    checked = 0
    for document, target in links():
        if re.match(r"[a-z]+:", target):
            continue  # an address on the web
        file, _, anchor = target.partition("#")
        resolved = ((ROOT / document).parent / file).resolve() if file else ROOT / document
        assert resolved.exists(), f"{document}: {target} does not exist"
        assert ROOT in resolved.parents or resolved == ROOT, f"{document}: {target} is outside"
        if anchor:
            assert anchor in anchors(resolved), f"{document}: {target}: no such heading"
        checked += 1
    assert checked > 40  # the screenshots and the links between the documents


def test_the_link_check_catches_a_missing_file_and_heading() -> None:
    assert "the-calls" in anchors(ROOT / "docs" / "api.md")
    assert "no-such-heading" not in anchors(ROOT / "docs" / "api.md")
    assert slug("When the database is busy: 503") == "when-the-database-is-busy-503"
    assert slug("`load.py`: a game night on a real server") == (
        "loadpy-a-game-night-on-a-real-server"
    )


def test_blocks_are_labelled_and_examples_of_answers_are_json() -> None:
    for path in DOCUMENTS:
        for language, start, lines in blocks(path):
            where = f"{path.relative_to(ROOT)}:{start}"
            # sh is run, json parsed; text and a proxy's configuration are shown only.
            known = {"sh", "json", "text", "nginx", "caddy"}
            assert language in known, f"{where}: a block of '{language}'"
            if language == "json":
                for line in filter(str.strip, lines):
                    json.loads(line)


COMMAND_LIKE = re.compile(r"`((?:\./scripts/|\.venv/bin/|bench/run|curl )[^`]*)`")


def test_a_command_named_in_the_text_is_one_the_blocks_run() -> None:
    """A command written inline in a sentence is one of the blocks' commands (or its
    start), so it is run too."""
    shown = [command.shown for command in every_command()]
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
        for inline in COMMAND_LIKE.findall(text):
            assert any(command.startswith(inline) for command in shown), (
                f"{path.relative_to(ROOT)}: `{inline}` is in no ```sh block"
            )


def code_map() -> list[str]:
    """The code map's lines: the ```text block under "## The code" in development.md."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("\n## The code\n", 1)[1]
    return section.split("```text\n", 1)[1].split("\n```", 1)[0].splitlines()


def map_entries() -> dict[str, str]:
    """Each entry of the code map under scorekeeper/ and its description."""
    entries: dict[str, str] = {}
    name = ""
    for line in code_map()[1:]:
        entry = re.match(r"^  (\S+)\s+(.*)$", line)
        if entry:
            name = entry.group(1)
            entries[name] = entry.group(2)
        elif line.startswith("    ") and name:
            entries[name] += " " + line.strip()
    return entries


def test_the_code_map_names_files_where_they_are() -> None:
    lines = code_map()
    assert lines[0] == "scorekeeper/"
    package = ROOT / "scorekeeper"
    for name, description in map_entries().items():
        assert (package / name).exists(), f"the code map names scorekeeper/{name}"
        if name.endswith("/"):
            for inner in re.findall(r"\b([\w]+\.py|[\w]+/)(?=[\s,:;)]|$)", description):
                assert (package / name / inner).exists(), (
                    f"the code map puts {inner} in scorekeeper/{name}"
                )
    for top in lines[-1].split():
        assert (ROOT / top).is_dir(), f"the code map names {top}"


def test_the_code_map_names_every_module() -> None:
    named = set(map_entries())
    for found in sorted((ROOT / "scorekeeper").iterdir()):
        if found.name in {"__pycache__", "py.typed"}:
            continue
        name = found.name + ("/" if found.is_dir() else "")
        assert name in named, f"scorekeeper/{name} is not in the code map (docs/development.md)"
