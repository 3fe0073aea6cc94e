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

Processes: a served worker lays its sheets out in render processes of its own
(:class:`Renderers`), at a lower priority than its pages, and lets only a few more wait
their turn (:class:`RenderBusy` past them): a rush of sheets neither holds the worker's
interpreter lock nor every one of its threads.

Orders: a document may be sent as an :class:`Order`, the plain facts it is made from and
the function that makes its HTML from them, rather than as HTML: the function then runs
where the document is laid out, in the render process, so the worker spends on it no
more than the writing of its facts.
"""

from __future__ import annotations

import atexit
import codecs
import ctypes
import functools
import gc
import importlib
import json
import os
import queue
import select
import struct
import subprocess
import sys
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Order:
    """A document to be made where it is laid out: ``builder`` (``module:function``, a
    function of ours given ``facts`` and returning the document's HTML) and ``facts``
    (plain data: what JSON holds). An exception the builder raises that is one of
    ``refusals`` reaches the caller as itself, made again from its message, wherever the
    document was made; any other is a :class:`RenderFailed` from a render process."""

    builder: str
    facts: Mapping[str, Any]
    refusals: tuple[type[Exception], ...] = field(default=())

    def html(self) -> str:
        """The document, made here."""
        html: str = _builder(self.builder)(self.facts)
        return html

    def message(self) -> dict[str, Any]:
        """What a render process is sent to make it."""
        return {
            "builder": self.builder,
            "facts": self.facts,
            "refusals": [_name(refusal) for refusal in self.refusals],
        }


def _builder(name: str) -> Callable[[Mapping[str, Any]], str]:
    module, _, function = name.partition(":")
    if not module.startswith("scorekeeper.") or not function:
        raise ValueError(f"not a builder of ours: {name!r}")
    built: Callable[[Mapping[str, Any]], str] = getattr(importlib.import_module(module), function)
    return built


def _name(kind: type[BaseException]) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


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


class RenderBusy(Exception):
    """As many sheets as may wait are waiting for their turn already: nothing was made."""


class _Turns:
    """The sheets of this process being laid out or waiting for their turn: at most a few,
    so that a rush of sheets never takes every thread a worker has for its pages."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.inside = 0

    @contextmanager
    def enter(self, limit: int) -> Iterator[None]:
        with self._lock:
            if self.inside >= limit:
                raise RenderBusy()
            self.inside += 1
        try:
            yield
        finally:
            with self._lock:
                self.inside -= 1


turns = _Turns()


def render_pdf(
    html: str | Order,
    stylesheets: tuple[Path, ...] = (),
    time_limit: float | None = None,
    processes: int = 0,
    niceness: int = 0,
    waiting: int | None = None,
) -> bytes:
    """The PDF of an HTML document (or of the one an :class:`Order` makes), with these
    stylesheets applied after its own.

    With ``processes``, in one of at most that many render processes of this process
    (:class:`Renderers`), at ``niceness``; else in a thread of this one. With
    ``waiting``, at most that many sheets wait for their turn besides those being laid
    out: one more is refused at once (:class:`RenderBusy`).

    Raises :class:`RenderTooSlow` when it takes more than ``time_limit`` seconds, or
    waits that long for its turn; :class:`RenderFailed` when its process ended without
    a PDF."""
    if waiting is None:
        return _render(html, stylesheets, time_limit, processes, niceness)
    with turns.enter((processes or RENDERS_AT_ONCE) + waiting):
        return _render(html, stylesheets, time_limit, processes, niceness)


def _render(
    html: str | Order,
    stylesheets: tuple[Path, ...],
    time_limit: float | None,
    processes: int,
    niceness: int,
) -> bytes:
    if processes > 0:
        return renderers.render(html, stylesheets, time_limit, processes, niceness)
    if isinstance(html, Order):
        html = html.html()
    return _render_here(html, stylesheets, time_limit)


def _render_here(
    html: str, stylesheets: tuple[Path, ...] | tuple[str, ...], time_limit: float | None
) -> bytes:
    """The render in this process, in a thread of its own when it has a time limit."""
    weasyprint = _weasyprint()
    css = [_stylesheet(str(path), Path(path).stat().st_mtime_ns) for path in stylesheets]
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


# -- renders in processes of their own ---------------------------------------------------


class RenderFailed(Exception):
    """A render process ended without a PDF (killed, out of memory): nothing was made."""


class _Renderer:
    """One render process (``python -m scorekeeper.renderer``) and the pipes to it: a
    document in, its PDF out, one at a time. Each message is its length (8 bytes, big
    endian) and then itself: the document (its HTML, or an :class:`Order`'s message) as
    JSON; the answer ``P`` and the PDF, ``R`` and a refusal of the order's (its class's
    name, a line, its message), or ``E`` and what went wrong."""

    def __init__(self, niceness: int) -> None:
        self.niceness = niceness
        root = str(Path(__file__).resolve().parent.parent)
        paths = [root, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.renderer", str(niceness)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(paths)},
            close_fds=True,
        )

    def alive(self) -> bool:
        return self.process.poll() is None

    def render(
        self, html: str | Order, stylesheets: tuple[str, ...], time_limit: float | None
    ) -> bytes:
        deadline = None if time_limit is None else time.monotonic() + time_limit
        made = {"order": html.message()} if isinstance(html, Order) else {"html": html}
        document = json.dumps({**made, "stylesheets": stylesheets}).encode()
        try:
            assert self.process.stdin is not None and self.process.stdout is not None
            self.process.stdin.write(_FRAME.pack(len(document)) + document)
            self.process.stdin.flush()
            reading = self.process.stdout.fileno()
            size = _FRAME.unpack(_read(reading, _FRAME.size, deadline, time_limit))[0]
            answer = _read(reading, size, deadline, time_limit)
        except (OSError, EOFError) as lost:
            raise RenderFailed(f"the render process ended: {lost!r}") from None
        if answer[:1] == b"P":
            return answer[1:]
        if answer[:1] == b"R" and isinstance(html, Order):
            name, _, message = answer[1:].decode().partition("\n")
            for refusal in html.refusals:
                if _name(refusal) == name:
                    raise refusal(message)
        raise RenderFailed(answer[1:].decode(errors="replace"))

    def end(self) -> None:
        """Ended at once: a render past its time stops with its process."""
        if self.process.poll() is None:
            self.process.kill()
        with suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                with suppress(OSError):
                    pipe.close()


_FRAME = struct.Struct(">Q")


def _read(descriptor: int, size: int, deadline: float | None, time_limit: float | None) -> bytes:
    """``size`` bytes from a pipe by ``deadline`` (else :class:`RenderTooSlow`); EOFError
    when the other end has ended first."""
    parts: list[bytes] = []
    wanted = size
    while wanted:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([descriptor], [], [], left)[0]:
                raise RenderTooSlow(time_limit or 0)
        part = os.read(descriptor, min(wanted, 1 << 20))
        if not part:
            raise EOFError("the render process closed its pipe")
        parts.append(part)
        wanted -= len(part)
    return b"".join(parts)


class Renderers:
    """The render processes of this process (a served worker): at most ``processes`` at
    once, each made on first need and kept, each laying out one sheet at a time.

    A sheet laid out in a thread of the worker holds the worker's interpreter lock for most
    of its 50 to 100 ms, and every page the worker's other threads are drawing waits behind
    it; a rush of sheets at the end of a night would slow every phone following a game. In
    a process of its own, at a lower priority (``niceness``), a render takes a core only
    when the pages leave one, and a render past its time is ended by ending its process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: queue.LifoQueue[_Renderer] = queue.LifoQueue()
        self._made = 0
        self._owner = os.getpid()

    @property
    def made(self) -> int:
        """Render processes alive or being lent (for tests and benchmarks)."""
        return self._made

    def _here(self) -> None:
        """A forked child starts with none of its parent's processes (their pipes are the
        parent's)."""
        if self._owner != os.getpid():
            with self._lock:
                if self._owner != os.getpid():
                    self._idle = queue.LifoQueue()
                    self._made = 0
                    self._owner = os.getpid()

    def render(
        self,
        html: str | Order,
        stylesheets: tuple[Path, ...],
        time_limit: float | None,
        processes: int,
        niceness: int,
    ) -> bytes:
        self._here()
        paths = tuple(str(path) for path in stylesheets)
        renderer = self._lend(processes, niceness, time_limit)
        refusals = html.refusals if isinstance(html, Order) else ()
        try:
            pdf = renderer.render(html, paths, time_limit)
        except refusals:
            # Answered in full: the process is as good as before, kept for the next.
            self._idle.put(renderer)
            raise
        except BaseException:
            self._end(renderer)
            raise
        self._idle.put(renderer)
        return pdf

    def _lend(self, processes: int, niceness: int, wait: float | None) -> _Renderer:
        while True:
            try:
                renderer = self._idle.get_nowait()
            except queue.Empty:
                break
            if renderer.alive() and renderer.niceness == niceness:
                return renderer
            self._end(renderer)
        with self._lock:
            make = self._made < processes
            if make:
                self._made += 1
        if make:
            try:
                return _Renderer(niceness)
            except BaseException:
                with self._lock:
                    self._made -= 1
                raise
        try:
            return self._idle.get(timeout=wait)
        except queue.Empty:
            raise RenderTooSlow(wait or 0) from None

    def _end(self, renderer: _Renderer) -> None:
        with self._lock:
            self._made -= 1
        renderer.end()

    def end_all(self) -> None:
        """Every idle render process of this process ended (a worker ends its own on exit;
        a forked child's inherited ones are its parent's, left alone)."""
        self._here()
        while True:
            try:
                renderer = self._idle.get_nowait()
            except queue.Empty:
                return
            self._end(renderer)


renderers = Renderers()
# A worker that ends on its own ends its render processes with it (one killed leaves
# them to end on their own: their standard input closes).
atexit.register(renderers.end_all)


def serve_renders(niceness: int, prepare: Callable[[], object] | None = None) -> None:
    """A render process's life (``python -m scorekeeper.renderer``): documents from its
    standard input, PDFs to its standard output, until the worker's end closes.
    ``prepare()`` first (what the orders' builders need made once), then WeasyPrint,
    both at the worker's priority: the first sheet is not kept waiting for them."""
    answers = os.dup(1)
    os.dup2(2, 1)  # whatever a library prints goes to the log, never into an answer
    reading = sys.stdin.buffer.fileno()
    if prepare is not None:
        prepare()
    _weasyprint()
    if niceness:
        os.nice(niceness)
    while True:
        try:
            size = _FRAME.unpack(_read(reading, _FRAME.size, None, None))[0]
            document = json.loads(_read(reading, size, None, None))
        except (EOFError, OSError):
            return
        try:
            answer = b"P" + _render_here(_html(document), tuple(document["stylesheets"]), None)
        except Exception as error:
            answer = _failure(document, error)
        try:
            os.write(answers, _FRAME.pack(len(answer)))
            view = memoryview(answer)
            while view:
                view = view[os.write(answers, view) :]
        except OSError:
            return


def _html(document: Mapping[str, Any]) -> str:
    """A document's HTML as sent, or made here from an order's facts."""
    order = document.get("order")
    if order is None:
        html: str = document["html"]
        return html
    return _builder(order["builder"])(order["facts"])


def _failure(document: Mapping[str, Any], error: Exception) -> bytes:
    """The answer for a document that made no PDF: a refusal its order expects (``R``),
    made again on the other side; anything else (``E``), a failure."""
    name = _name(type(error))
    order = document.get("order") or {}
    if name in order.get("refusals", ()):
        return b"R" + f"{name}\n{error}".encode()
    return b"E" + f"{type(error).__name__}: {error}".encode()
