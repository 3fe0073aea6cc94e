"""HTML to PDF: the one module that imports WeasyPrint.

WeasyPrint is imported on first use, not with the app: most requests never
print, and the import takes half a second. It needs Pango at run time and,
to subset fonts quickly, HarfBuzz's subsetter (Debian: ``libpango-1.0-0``,
``libpangoft2-1.0-0``, ``libharfbuzz-subset0``; scripts/start installs them).
Without the subsetter WeasyPrint silently falls back to fontTools, about five
times slower: :func:`harfbuzz_subset_available` says which one it found.

Documents may load nothing from outside: only ``data:`` URLs are fetched, so
no sheet can read a file or reach the network, whatever ends up in its HTML.

Memory: WeasyPrint makes a new font configuration (Fontconfig and a Pango font map) for
each document unless given one, and what each leaves in native memory is never given
back (about 0.3 MB a sheet, for good). Here a few are made and reused, each by one render
at a time (a Pango font map is not to be used by two threads at once): a thousand sheets
cost what one does, and at most :data:`RENDERS_AT_ONCE` sheets are laid out at once, so a
crowd asking for sheets cannot take every core either.

Time: a render has a time limit; past it the render is stopped where it is and
:class:`RenderTooSlow` raised, so no document, however large, holds a worker for long.
"""

from __future__ import annotations

import ctypes
import functools
import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any


class RenderTooSlow(Exception):
    """A render stopped at its time limit; nothing was made."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the render took more than {seconds} s")
        self.seconds = seconds


class _Stop(BaseException):
    """Raised inside the rendering thread at its time limit. A BaseException, so that no
    ``except Exception`` in WeasyPrint (which logs and carries on) can swallow it."""


@functools.cache
def _weasyprint() -> ModuleType:
    import weasyprint

    return weasyprint


@functools.lru_cache(maxsize=8)
def _stylesheet(path: str, mtime_ns: int) -> Any:
    """A parsed stylesheet, kept while its file is unchanged: parsing it is not free."""
    weasyprint = _weasyprint()
    return weasyprint.CSS(filename=path, url_fetcher=_fetcher())


def _fetcher() -> Any:
    from weasyprint.urls import URLFetcher

    return URLFetcher(allowed_protocols=("data",))


RENDERS_AT_ONCE = 2


class FontConfigurations:
    """At most ``size`` font configurations, each lent to one render at a time."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.made = 0
        self._free: queue.LifoQueue[Any] = queue.LifoQueue()
        self._lock = threading.Lock()

    @contextmanager
    def lend(self, wait: float | None) -> Iterator[Any]:
        """A configuration for one render; waits at most ``wait`` seconds for one to be
        free (else :class:`RenderTooSlow`). One a render failed in is not lent again."""
        config = self._take(wait)
        try:
            yield config
        except BaseException:
            with self._lock:
                self.made -= 1
            raise
        self._free.put(config)

    def _take(self, wait: float | None) -> Any:
        try:
            return self._free.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            make = self.made < self.size
            if make:
                self.made += 1
        if make:
            try:
                from weasyprint.text.fonts import FontConfiguration

                return FontConfiguration()
            except BaseException:
                with self._lock:
                    self.made -= 1
                raise
        try:
            return self._free.get(timeout=wait)
        except queue.Empty:
            raise RenderTooSlow(wait or 0) from None


font_configurations = FontConfigurations(RENDERS_AT_ONCE)


def render_pdf(
    html: str, stylesheets: tuple[Path, ...] = (), time_limit: float | None = None
) -> bytes:
    """The PDF of an HTML document, with these stylesheets applied after its own.

    Raises :class:`RenderTooSlow` when it takes more than ``time_limit`` seconds, or
    waits that long for its turn."""
    weasyprint = _weasyprint()
    css = [_stylesheet(str(path), path.stat().st_mtime_ns) for path in stylesheets]
    with font_configurations.lend(time_limit) as font_config, _time_limit(time_limit):
        document = weasyprint.HTML(string=html, url_fetcher=_fetcher())
        pdf: bytes = document.write_pdf(stylesheets=css, font_config=font_config)
    return pdf


# How often the stop is raised again once the time is up: it may land in a finalizer that
# happens to run in the rendering thread, where Python reports it as ignored.
_STOP_AGAIN_SECONDS = 0.05


@contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Stop the block at ``seconds``: a watcher raises :class:`_Stop` in this thread (at its
    next Python instruction; WeasyPrint lays out in Python), and it leaves as
    :class:`RenderTooSlow`.

    An exception raised in a thread from outside lands wherever that thread is: now and
    then in a finalizer (a weak reference's callback run by the garbage collector), which
    swallows it. So the watcher raises it again every few hundredths of a second until
    the block is left, and the block ends as RenderTooSlow however it ended. The lock
    makes sure nothing is raised once the block is done, and takes back a stop still
    pending then."""
    if not seconds:
        yield
        return
    thread_id = ctypes.c_ulong(threading.get_ident())
    lock = threading.Lock()
    done = threading.Event()
    state = {"running": True, "stopped": False}

    def watch() -> None:
        wait = float(seconds)
        while not done.wait(wait):
            with lock:
                if not state["running"]:
                    return
                state["stopped"] = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(thread_id, ctypes.py_object(_Stop))
            wait = _STOP_AGAIN_SECONDS

    watcher = threading.Thread(target=watch, daemon=True)
    try:
        watcher.start()
        try:
            yield
        finally:
            done.set()
            with lock:
                state["running"] = False
                if state["stopped"]:
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(thread_id, None)
    except _Stop:
        raise RenderTooSlow(seconds) from None
    if state["stopped"]:
        raise RenderTooSlow(seconds)


def harfbuzz_subset_available() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz (the fast way) rather than fontTools."""
    _weasyprint()
    from weasyprint.text.ffi import harfbuzz, harfbuzz_subset

    return harfbuzz_subset is not None and bool(harfbuzz.hb_version_atleast(4, 1, 0))


def weasyprint_version() -> str:
    version: str = _weasyprint().__version__
    return version
