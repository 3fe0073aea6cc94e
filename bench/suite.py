"""Every benchmark, one table: what bench/run runs.

    bench/run                 # the whole thing: about ten minutes on 2 cores
    bench/run --quick         # shorter nights of load (10 s) and fewer rounds, for development
    bench/run --markdown      # the table as Markdown too, for the README
    bench/run --postgresql URL   # the load on two servers sharing that PostgreSQL too
                                 # (bench/run passes the local one when it answers)

A report, not a test: it exits 0 whether the targets hold or not, and says at the end
which ones failed. Each figure is a ratio to a baseline measured in the same run.

The benchmarks: requests in-process and SQL per request (bench/pages.py), the pages a
table asks for most over HTTP against a bare Flask page served the same way
(bench/served.py), the score sheets over HTTP in every language against a one-line PDF
served the same way (bench/served_sheets.py), and laid out in-process (bench/pdf.py, run
as its own script), the history (bench/history.py, likewise),
Save → the next round ready in Chromium (bench/save_to_ready.py, likewise), and a game
night on a real server with its memory (bench/load.py): as scripts/start serves the app,
against one worker, against an empty app, and on PostgreSQL; and 500 slow connections
against the served app's /login and its memory (bench/slow_clients.py); 1, 8 and 32 tables
saving rounds at once on one SQLite file (bench/writers.py); faults injected under phones
saving rounds, on SQLite and (with ``--postgresql``) PostgreSQL (bench/faults.py). A
benchmark script
of its own joins the table when it prints its rows the way bench/pdf.py does:
``name  ratio×  ≤target×  yes|NO`` after a ``baseline…: N ms`` line, and SQL counts as
``SQL per request: page  7 (big)  7 (small)  the same  yes``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from . import faults, load, pages, served, served_sheets, slow_clients, writers
from .common import ROOT, Figure, markdown_table, print_table


@dataclass(frozen=True)
class Script:
    """A benchmark that is a script of its own, printing its own table."""

    title: str
    path: str
    quick: tuple[str, ...] = ()


SCRIPTS = [
    Script("PDF sheets", "bench/pdf.py", quick=("--repeat", "3")),
    Script("history", "bench/history.py", quick=("--quick",)),
    Script("Chromium", "bench/save_to_ready.py", quick=("--repeat", "1")),
    Script("printing rush", "bench/print_rush.py", quick=("--watchers", "50", "--seconds", "8")),
]

ROW = re.compile(r"^(?P<name>\S.*?)\s+(?P<ratio>\d+(?:\.\d+)?)×(?:\s+(?P<rest>.*))?$")
BASELINE = re.compile(r"^baseline[^:]*:\s*(?P<ms>\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)
MARK = re.compile(r"\s(?P<mark>yes|NO)(?:\s|$)")
COUNT = re.compile(
    r"^(?P<name>SQL per request: .*?)\s+(?P<figure>\d+ \([^)]*\))\s+(?P<baseline>\d+ \([^)]*\))"
    r"\s+(?P<target>the same)\s+(?P<mark>yes|NO)$"
)
"""A row of SQL counts: ``SQL per request: page  7 (10,000 games)  7 (10 games)  the same  yes``."""


def script_figures(script: Script, quick: bool) -> tuple[list[Figure], str]:
    """The script's rows in the common table, and its own output to show underneath."""
    path = ROOT / script.path
    if not path.exists():
        return [Figure(f"{script.title}: {script.path}", "not written yet")], ""
    args = [sys.executable, str(path), *(script.quick if quick else ())]
    try:
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    except subprocess.TimeoutExpired:
        return [Figure(f"{script.title}: {script.path}", "did not finish in 30 min")], ""
    output = done.stdout + done.stderr
    baseline = ""
    figures = []
    for line in done.stdout.splitlines():
        if match := BASELINE.match(line.strip()):
            baseline = f"{float(match['ms']):g} ms"
        if match := COUNT.match(line.strip()):
            figures.append(
                Figure(
                    f"{script.title}: {match['name']}",
                    match["figure"],
                    baseline=match["baseline"],
                    target=match["target"],
                    holds=match["mark"] == "yes",
                )
            )
            continue
        match = ROW.match(line.strip())
        if not match:
            continue
        rest = match["rest"] or ""
        mark = MARK.search(" " + rest)
        target = rest[: mark.start()].strip() if mark else ""
        holds = None if not mark else mark["mark"] == "yes"
        if not target:
            holds = None
        ratio = float(match["ratio"])
        figure = f"{ratio * float(baseline.split()[0]):.1f} ms" if baseline else ""
        figures.append(
            Figure(
                f"{script.title}: {match['name']}",
                figure,
                baseline=baseline,
                ratio=ratio,
                target=target,
                holds=holds,
            )
        )
    if not figures:
        figures.append(
            Figure(
                f"{script.title}: {script.path}",
                f"no rows read (exit {done.returncode})",
                note="its own output is shown above the table",
            )
        )
    return figures, output


def server_versions() -> str:
    known = []
    for name in ("gunicorn", "waitress"):
        with contextlib.suppress(PackageNotFoundError):
            known.append(f"{name} {version(name)}")
    return ", ".join(known)


def machine() -> str:
    load1, load5, _ = os.getloadavg()
    return (
        f"{platform.node() or 'this machine'}: {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {server_versions()}, "
        f"SQLAlchemy {version('sqlalchemy')}; load average {load1:.2f} (1 min), {load5:.2f} (5)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10 s of load, fewer rounds")
    parser.add_argument("--seconds", type=float, help="how long the load lasts (60 s)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        help="one more gunicorn (or waitress-serve) option for the load, e.g. --backlog=2048",
    )
    parser.add_argument(
        "--postgresql",
        default="",
        metavar="URL",
        help="the load also on two servers sharing this PostgreSQL database, in a schema "
        "made for the run and dropped after it",
    )
    args = parser.parse_args()
    seconds = args.seconds or (10 if args.quick else 60)
    started = time.monotonic()
    print(f"Before: {machine()}", flush=True)

    figures: list[Figure] = []
    print("requests in-process and SQL per request (bench/pages.py) …", flush=True)
    figures += pages.run(args.quick)
    print("pages over HTTP against a bare Flask page (bench/served.py) …", flush=True)
    try:
        figures += served.run(args.quick)
    except Exception as error:  # a report: say what broke, go on
        figures.append(Figure("served: could not run", type(error).__name__, note=str(error)[:500]))
    print("sheets over HTTP against a one-line PDF (bench/served_sheets.py) …", flush=True)
    try:
        figures += served_sheets.run(args.quick)
    except Exception as error:  # a report: say what broke, go on
        figures.append(
            Figure("served sheets: could not run", type(error).__name__, note=str(error)[:500])
        )
    outputs = []
    for script in SCRIPTS:
        print(f"{script.title} ({script.path}) …", flush=True)
        rows, output = script_figures(script, args.quick)
        figures += rows
        if output:
            outputs.append((script, output))
    nights = "served, one worker" + (", PostgreSQL" if args.postgresql else "")
    print(
        f"game nights on a real server, {seconds:g} s each: {nights} (bench/load.py) …", flush=True
    )
    try:
        figures += load.run(
            seconds, server_options=tuple(args.server_option), postgresql=args.postgresql
        )
    except Exception as error:  # a report: say what broke, go on
        figures.append(Figure("load: could not run", type(error).__name__, note=str(error)[:500]))
    print(
        f"{slow_clients.SLOW} slow connections on a real server (bench/slow_clients.py) …",
        flush=True,
    )
    try:
        figures += slow_clients.run(args.quick)
    except Exception as error:
        figures.append(
            Figure("slow clients: could not run", type(error).__name__, note=str(error)[:500])
        )

    print("tables saving at the same moment on SQLite (bench/writers.py) …", flush=True)
    try:
        figures += writers.run(args.quick)
    except Exception as error:
        figures.append(
            Figure("writers: could not run", type(error).__name__, note=str(error)[:500])
        )

    print("faults under phones saving rounds (bench/faults.py) …", flush=True)
    try:
        figures += faults.run(args.quick, args.postgresql)
    except Exception as error:
        figures.append(Figure("faults: could not run", type(error).__name__, note=str(error)[:500]))

    for script, output in outputs:
        print(f"\n-- {script.path}, as it printed it --\n{output.rstrip()}")
    print(f"\nAfter: {machine()}; {time.monotonic() - started:.0f} s in all\n")
    print_table(figures)
    if args.markdown:
        print("\n" + markdown_table(figures))
    failed = [f.name for f in figures if f.holds is False]
    print()
    if failed:
        print(f"{len(failed)} target(s) NOT met:")
        for name in failed:
            print(f"  - {name}")
    else:
        print("Every target holds.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
