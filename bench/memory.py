"""How much memory a server process holds: the kernel's own count, from /proc.

VmHWM is the peak resident set size of the process since it started, VmRSS what it
holds now (Linux only; no dependency). A worker's figures count the processes it started
too (its render processes, which lay its sheets out): what the worker costs the machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


def status_kib(pid: int, field: str) -> int | None:
    """A ``kB`` line of /proc/<pid>/status (VmHWM, VmRSS), or None off Linux."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return None


def family(pid: int) -> list[int]:
    """The process and every process it started, and theirs (Linux: /proc's children)."""
    found = [pid]
    for process in found:
        for task in Path(f"/proc/{process}/task").glob("*"):
            try:
                found.extend(int(child) for child in (task / "children").read_text().split())
            except OSError:
                continue
    return found


def family_sum(pid: int, reading: Callable[[int], float | None]) -> float | None:
    """A figure of the process added up over its family (None off Linux)."""
    values = [reading(member) for member in family(pid)]
    known = [value for value in values if value is not None]
    return sum(known) if known else None


def pss_mb(pid: int) -> float | None:
    """The process's proportional set size: its own pages, and each page it shares with
    other processes (a library mapped by the worker and its render process alike) divided
    among them, so that a family's sum counts each page once (Linux 4.14 and later)."""
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1024 / 1e6
    return None


def peak_rss_mb(pid: int) -> float | None:
    kib = status_kib(pid, "VmHWM")
    return None if kib is None else kib * 1024 / 1e6


def rss_mb(pid: int) -> float | None:
    kib = status_kib(pid, "VmRSS")
    return None if kib is None else kib * 1024 / 1e6


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU time the process has used so far."""
    import os

    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


@dataclass(frozen=True)
class Reading:
    """What a process holds now and the most it has held, in MB (None off Linux)."""

    now: float | None
    peak: float | None
    proportional: float | None = None
    """The family's proportional set size now: what it holds, each shared page once."""

    @classmethod
    def of(cls, pid: int) -> Reading:
        """The process with the processes it started (a worker's render processes); the
        peak is the sum of each one's peak, so at most what they held together."""
        return cls(family_sum(pid, rss_mb), family_sum(pid, peak_rss_mb), family_sum(pid, pss_mb))

    def __str__(self) -> str:
        if self.now is None or self.peak is None:
            return "not measurable"
        return f"{self.now:.0f} MB (peak {self.peak:.0f})"
