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

import codecs
import ctypes
import functools
import gc
import queue
import threading
import unicodedata
from collections.abc import Callable, Iterator
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

    _mark_actual_text()
    # WeasyPrint and its libraries leave a few hundred thousand long-lived objects
    # (modules, tables, caches) that every full collection during a render would walk
    # again: kept out of the collector's view, a full collection takes a fifth as long.
    gc.collect()
    gc.freeze()
    module: ModuleType = weasyprint
    return module


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):
        return None
    return trim


def _give_back_memory() -> None:
    """Return the memory a render freed to the system: a render's layout takes tens of
    megabytes that glibc would otherwise keep in the worker for good."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def needs_actual_text(text: str) -> bool:
    """Whether ``text`` may not copy out of a PDF as written from its glyphs alone: it has
    marks drawn with a letter (a Devanagari vowel sign or virama, a combining accent).

    A PDF maps each glyph of a font to one text, the first it was drawn for (WeasyPrint's
    ToUnicode map), while Devanagari draws a letter's glyph in many clusters and some
    before the letter they follow: "डिलर" copies as "डलर". Such text is drawn inside a
    marked span that says what it reads (/ActualText), which text extraction and copying
    use instead of the glyphs where they honour it.

    >>> needs_actual_text("डिलर"), needs_actual_text("Sio\u0302n"), needs_actual_text("Siôn 20")
    (True, True, False)
    """
    return any(unicodedata.category(char) in ("Mn", "Mc") for char in text)


def actual_text(text: str) -> bytes:
    """A marked span's properties saying that it reads ``text`` (a PDF text string:
    UTF-16BE with its byte order mark, in hexadecimal).

    >>> actual_text("डि")
    b'<</ActualText <feff0921093f>>>'
    """
    encoded = codecs.BOM_UTF16_BE + text.encode("utf-16-be")
    return b"<</ActualText <" + encoded.hex().encode() + b">>>"


def _mark_actual_text() -> None:
    """Have WeasyPrint draw every line of text that :func:`needs_actual_text` in a span
    with its /ActualText (its own drawing of a line, wrapped; WeasyPrint has no option)."""
    from weasyprint.draw import text as drawing

    draw_first_line = drawing.draw_first_line
    if getattr(draw_first_line, "marks_actual_text", False):
        return

    def draw_marked_line(stream: Any, textbox: Any, *args: Any, **kwargs: Any) -> Any:
        text = textbox.text
        if not needs_actual_text(text):
            return draw_first_line(stream, textbox, *args, **kwargs)
        stream.begin_marked_content("Span", actual_text(text))
        try:
            return draw_first_line(stream, textbox, *args, **kwargs)
        finally:
            stream.end_marked_content()

    draw_marked_line.marks_actual_text = True  # type: ignore[attr-defined]
    drawing.draw_first_line = draw_marked_line


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
    with font_configurations.lend(time_limit) as font_config:
        document = weasyprint.HTML(string=html, url_fetcher=_fetcher())
        try:
            pdf: bytes = _within(
                time_limit, lambda: document.write_pdf(stylesheets=css, font_config=font_config)
            )
        finally:
            _give_back_memory()
    return pdf


# How often the stop is raised again in a render past its time: it may land in a finalizer
# that happens to run in the rendering thread, where Python reports it as ignored.
_STOP_AGAIN_SECONDS = 0.05


def _within(seconds: float | None, work: Callable[[], bytes]) -> bytes:
    """``work()`` done in a thread of its own, stopped at ``seconds`` (then
    :class:`RenderTooSlow`).

    The stop is an exception raised in that thread from outside (at its next Python
    instruction; WeasyPrint lays out in Python), raised again until the thread has ended,
    since one may land in a finalizer that swallows it. Being the render's own thread, a
    stop can never reach the request's thread, whatever the timing; the request waits for
    the render thread to end, so the font configuration is never shared."""
    if not seconds:
        return work()
    outcome: dict[str, Any] = {}
    lock = threading.Lock()
    state = {"running": True}

    def run() -> None:
        # Every stop is caught here, even one landing after the work: the thread always
        # ends quietly, and once it says it is done under the lock no stop is raised.
        while True:
            try:
                if "done" not in outcome:
                    try:
                        outcome["pdf"] = work()
                    except BaseException as error:
                        outcome["error"] = error
                    outcome["done"] = True
                with lock:
                    state["running"] = False
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(
                        ctypes.c_ulong(threading.get_ident()), None
                    )
                return
            except _Stop:
                outcome.setdefault("error", _Stop())
                outcome["done"] = True

    renderer = threading.Thread(target=run, name="sheet-render", daemon=True)
    renderer.start()
    renderer.join(seconds)
    if renderer.is_alive():
        thread_id = ctypes.c_ulong(renderer.ident or 0)
        while renderer.is_alive():
            with lock:
                if state["running"]:
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(thread_id, ctypes.py_object(_Stop))
            renderer.join(_STOP_AGAIN_SECONDS)
        raise RenderTooSlow(seconds)
    error = outcome.get("error")
    if isinstance(error, _Stop):
        raise RenderTooSlow(seconds)
    if error is not None:
        raise error
    pdf: bytes = outcome["pdf"]
    return pdf


def harfbuzz_subset_available() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz (the fast way) rather than fontTools."""
    _weasyprint()
    from weasyprint.text.ffi import harfbuzz, harfbuzz_subset

    return harfbuzz_subset is not None and bool(harfbuzz.hb_version_atleast(4, 1, 0))


def weasyprint_version() -> str:
    version: str = _weasyprint().__version__
    return version
