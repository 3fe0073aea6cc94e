"""How much memory a server process holds: the kernel's own count, from /proc.

VmHWM is the peak resident set size of the process since it started, VmRSS what it
holds now (Linux only; no dependency).
"""

from __future__ import annotations

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

    @classmethod
    def of(cls, pid: int) -> Reading:
        return cls(rss_mb(pid), peak_rss_mb(pid))

    def __str__(self) -> str:
        if self.now is None or self.peak is None:
            return "not measurable"
        return f"{self.now:.0f} MB (peak {self.peak:.0f})"
