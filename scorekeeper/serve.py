"""Serving the app so that slow clients cannot starve it: ``python -m scorekeeper.serve``,
what ``./scripts/start`` runs (docs/serving.md says why and what was measured).

A phone on a weak Wi-Fi, or a stranger on purpose, can send a request a byte at a time.
A server that gives each connection a thread while its request arrives is stopped by a
few dozen such connections. Here every connection is read by one event loop per process
(waitress's channels), which keeps whole requests, headers and body, before a thread of
the app sees them; the app's threads only ever run complete requests. What is still
being received is bounded in time:

* a new connection has ``HEADER_TIMEOUT`` seconds (10) to send its request's headers,
  and so has every request from its first byte; a keep-alive connection may sit idle
  ``KEEPALIVE_TIMEOUT`` seconds (15) between requests;
* a body has ``BODY_TIMEOUT`` seconds (60) to arrive once the headers have;
* a body bigger than anything the app accepts is refused when its headers arrive, before
  it is read: the app answers its own 413, which says what fits;
* each process keeps at most ``MAX_CONNECTIONS`` connections (1000); the file limit is
  raised to fit them.

A request cut short is answered 408 (Request Timeout) where it had begun, and closed.

On Linux, gunicorn's master keeps ``WORKERS`` processes (one per core as memory allows),
each running that event loop and ``THREADS`` threads (8) for the app; elsewhere one such
process serves alone. ``HOST`` and ``PORT`` say where it listens.

Forwarded headers (X-Forwarded-Proto, -For, -Host, Forwarded) are removed before the app
sees them unless the app's ``TRUST_PROXY`` is set, when the app's own ProxyFix reads them.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher
from waitress.utilities import RequestEntityTooLarge

APP = "scorekeeper:create_app()"

# A body the app accepts at most (IMPORT_MAX_CONTENT_LENGTH), and room for a form's
# envelope around it: anything bigger is refused before it is read.
ENVELOPE_BYTES = 64 * 1024
HEADER_BYTES = 64 * 1024
ACCEPT_AT_ONCE = 64

TIMED_OUT = (
    b"HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain\r\nContent-Length: 15\r\n"
    b"Connection: close\r\n\r\nRequest Timeout"
)


class SettingError(ValueError):
    """A setting in the environment that is not a number of the right kind."""


@dataclass(frozen=True)
class Bounds:
    """How long a request may take to arrive, and how many connections a process keeps."""

    header_seconds: float = 10
    body_seconds: float = 60
    keepalive_seconds: float = 15
    connections: int = 1000
    threads: int = 8

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> Bounds:
        """From HEADER_TIMEOUT, BODY_TIMEOUT, KEEPALIVE_TIMEOUT, MAX_CONNECTIONS, THREADS.

        >>> Bounds.from_environ({"HEADER_TIMEOUT": "2.5"}).header_seconds
        2.5
        >>> Bounds.from_environ({"THREADS": "0"})
        Traceback (most recent call last):
        ...
        scorekeeper.serve.SettingError: THREADS=0: give a whole number of at least 1.
        """
        default = cls()

        def seconds(name: str, value: float) -> float:
            text = environ.get(name, "").strip()
            if not text:
                return value
            try:
                number = float(text)
            except ValueError:
                number = 0
            if not 0 < number <= 3600:
                raise SettingError(f"{name}={text}: give a number of seconds from 0.1 to 3600.")
            return number

        def count(name: str, value: int) -> int:
            text = environ.get(name, "").strip()
            if not text:
                return value
            if not text.isdigit() or int(text) < 1:
                raise SettingError(f"{name}={text}: give a whole number of at least 1.")
            return int(text)

        return cls(
            header_seconds=seconds("HEADER_TIMEOUT", default.header_seconds),
            body_seconds=seconds("BODY_TIMEOUT", default.body_seconds),
            keepalive_seconds=seconds("KEEPALIVE_TIMEOUT", default.keepalive_seconds),
            connections=count("MAX_CONNECTIONS", default.connections),
            threads=count("THREADS", default.threads),
        )


# -- a request, kept whole before the app sees it --------------------------------------


class BoundedParser(HTTPRequestParser):  # type: ignore[misc]
    """One request as it arrives: when its first byte came and when its headers ended."""

    # waitress's own, named here for the type checker
    error: Any
    body_rcv: Any
    chunked: bool
    expect_continue: bool
    headers: dict[str, str]
    headers_finished: bool

    def __init__(self, adj: Any) -> None:
        super().__init__(adj)
        self.started = time.time()
        self.headers_at: float | None = None

    def received(self, data: bytes) -> int:
        consumed: int = super().received(data)
        if self.headers_finished and self.headers_at is None:
            self.headers_at = time.time()
            if isinstance(self.error, RequestEntityTooLarge) and not self.chunked:
                # Its Content-Length is more than the app takes anywhere. Rather than
                # waitress's bare 413, hand the app the headers with no body: the app
                # refuses it in the reader's language, saying what fits, and the
                # connection closes without the body ever being read.
                self.error = None
                self.body_rcv = None
                self.expect_continue = False
                self.headers["CONNECTION"] = "close"
        return consumed


class BoundedChannel(HTTPChannel):  # type: ignore[misc]
    """A connection whose requests must arrive within the bounds, or it is closed."""

    parser_class = BoundedParser
    # waitress's own, named here for the type checker
    request: BoundedParser | None
    requests: list[BoundedParser]
    will_close: bool
    close_when_flushed: bool
    total_outbufs_len: int
    last_activity: float
    outbufs: list[Any]
    outbuf_lock: Any

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map=map)
        self.answered = False  # a request came in whole: idle time is keep-alive now

    def received(self, data: bytes) -> bool:
        handled: bool = super().received(data)
        if self.requests:
            self.answered = True
        return handled

    def overdue(self, now: float, bounds: Bounds) -> bool:
        """Past its bound: a request arriving too slowly, or a connection idle too long.
        A request the app is working on, or its answer being sent, is not this one's
        business (gunicorn's worker timeout and the send's own progress are)."""
        if self.requests or self.will_close:
            return False
        request = self.request
        if request is None:
            if self.total_outbufs_len or self.close_when_flushed:
                # An answer going out: cut only a reader that stopped reading.
                return now - self.last_activity > bounds.keepalive_seconds
            idle = bounds.keepalive_seconds if self.answered else bounds.header_seconds
            return now - self.last_activity > idle
        if request.headers_at is None:
            return now - request.started > bounds.header_seconds
        return now - request.headers_at > bounds.body_seconds

    def time_out(self) -> None:
        """408 for a request that had begun, then close; a silent connection just closes."""
        request, self.request = self.request, None
        if request is None or self.close_when_flushed or self.total_outbufs_len:
            self.will_close = True
            return
        request.close()
        with self.outbuf_lock:
            self.outbufs[-1].append(TIMED_OUT)
            self.total_outbufs_len += len(TIMED_OUT)
        self.close_when_flushed = True


class BoundedServer(TcpWSGIServer):  # type: ignore[misc]
    """waitress's listening socket, its connections held to ``bounds``."""

    channel_class = BoundedChannel

    def __init__(self, application: Any, bounds: Bounds, **kwargs: Any) -> None:
        self.bounds = bounds
        super().__init__(application, **kwargs)

    def handle_accept(self) -> None:
        # Every waiting connection at once, not one per turn of the loop: each turn looks
        # at every connection, so 500 arriving together (an attacker's, opened again
        # as soon as they are cut) would otherwise cost 500 turns.
        for _ in range(ACCEPT_AT_ONCE):
            before = len(self._map)
            if before >= self.adj.connection_limit:
                return
            super().handle_accept()
            if len(self._map) == before:
                return

    def maintenance(self, now: float) -> None:
        for channel in list(self.active_channels.values()):
            if channel.overdue(now, self.bounds):
                channel.time_out()


def adjustments(app: Any, bounds: Bounds) -> dict[str, Any]:
    """waitress's settings for ``app`` held to ``bounds``."""
    config = getattr(app, "config", {})
    largest = max(
        int(config.get("MAX_CONTENT_LENGTH") or 0),
        int(config.get("IMPORT_MAX_CONTENT_LENGTH") or 0),
    )
    return {
        "threads": bounds.threads,
        "connection_limit": bounds.connections,
        "channel_timeout": bounds.keepalive_seconds,
        "cleanup_interval": 1,  # how often the bounds are checked
        "asyncore_use_poll": True,  # select() stops at 1024 descriptors
        "asyncore_loop_timeout": 1,
        "backlog": 2048,
        "max_request_header_size": HEADER_BYTES,
        "max_request_body_size": (largest + ENVELOPE_BYTES) if largest else 1024**3,
        # Forwarded headers reach the app only when it trusts a proxy (TRUST_PROXY), and
        # then its ProxyFix reads as many hops as it was told; otherwise they are removed.
        "clear_untrusted_proxy_headers": not config.get("TRUST_PROXY"),
        "ident": "",  # no Server header
    }


def raise_file_limit(connections: int) -> int:
    """Room for ``connections`` sockets and the app's own files: the soft limit raised
    as far as the hard one allows. Returns the connections that fit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return connections
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 128
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return connections
    return max(16, min(connections, soft - 128))


class Loop:
    """The event loop of one process: its listening sockets, their connections and the
    thread pool that runs the app."""

    def __init__(self, app: Any, bounds: Bounds, sockets: Iterable[Any] = (), **listen: Any):
        bounds = Bounds(
            bounds.header_seconds,
            bounds.body_seconds,
            bounds.keepalive_seconds,
            raise_file_limit(bounds.connections),
            bounds.threads,
        )
        self.map: dict[int, Any] = {}
        self.dispatcher = ThreadedTaskDispatcher()
        self.dispatcher.set_thread_count(bounds.threads)
        from waitress.adjustments import Adjustments

        settings = adjustments(app, bounds)
        self.servers: list[BoundedServer] = []
        for sock in sockets:
            adj = Adjustments(sockets=[sock], **settings)
            self.servers.append(
                BoundedServer(
                    app,
                    bounds,
                    map=self.map,
                    _sock=sock,
                    dispatcher=self.dispatcher,
                    adj=adj,
                    bind_socket=False,
                    sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()),
                )
            )
        if listen:
            adj = Adjustments(**listen, **settings)
            for sockinfo in adj.listen:
                self.servers.append(
                    BoundedServer(
                        app,
                        bounds,
                        map=self.map,
                        dispatcher=self.dispatcher,
                        adj=adj,
                        sockinfo=sockinfo,
                    )
                )

    def turn(self, timeout: float = 1.0) -> None:
        """Wait up to ``timeout`` for something to do, and do it."""
        wasyncore.loop(timeout=timeout, map=self.map, use_poll=True, count=1)

    def busy(self) -> bool:
        """A request being worked on, or an answer still going out."""
        return any(
            channel.requests or channel.total_outbufs_len
            for server in self.servers
            for channel in list(server.active_channels.values())
        )

    def stop_listening(self) -> None:
        for server in self.servers:
            server.accepting = False
            server.del_channel()

    def close(self, alive: Callable[[], None] = lambda: None, grace: float = 10) -> None:
        """Stop taking connections, finish what the app is doing (``grace`` seconds at
        most, calling ``alive`` as it waits), then close everything."""
        self.stop_listening()
        deadline = time.monotonic() + grace
        while self.busy() and time.monotonic() < deadline:
            alive()
            self.turn(0.2)
        self.dispatcher.shutdown(cancel_pending=True, timeout=1)
        wasyncore.close_all(self.map)


# -- gunicorn: several processes on Linux ----------------------------------------------


def gunicorn_worker_class() -> type:
    from gunicorn.workers.base import Worker

    class BufferingWorker(Worker):  # type: ignore[misc]
        """A gunicorn worker that reads every connection in one event loop and hands the
        app's threads whole requests only."""

        def run(self) -> None:
            settle_heap()
            bounds = Bounds.from_environ(os.environ)
            for listener in self.sockets:
                listener.setblocking(False)
            loop = Loop(self.wsgi, bounds, [listener.sock for listener in self.sockets])
            while self.alive:
                self.notify()
                if self.ppid != os.getppid():
                    self.log.info("Parent changed, shutting down: %s", self)
                    break
                loop.turn(1.0)
            loop.close(self.notify, self.cfg.graceful_timeout)

    return BufferingWorker


def serve_processes(app_spec: str, host: str, port: int, workers: int) -> None:
    """gunicorn's master with ``workers`` buffering workers; returns when it stops."""
    from gunicorn.app.base import BaseApplication

    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    class Master(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings = {
                "bind": [bind],
                "workers": workers,
                "worker_class": "scorekeeper.serve.BufferingWorker",
                "timeout": 60,
                "graceful_timeout": 10,
                # The workers parse HTTP themselves (waitress): gunicorn's own reading of
                # forwarded headers is never used; it trusts no address all the same.
                "forwarded_allow_ips": "",
            }
            for name, value in settings.items():
                self.cfg.set(name, value)
            # GUNICORN_CMD_ARGS: any other gunicorn setting, as gunicorn itself reads it.
            parsed = self.cfg.parser().parse_args(self.cfg.get_cmd_args_from_env())
            for name, value in vars(parsed).items():
                if value is not None and name != "args":
                    self.cfg.set(name.lower(), value)

        def load(self) -> Any:
            return load_app(app_spec)

    Master().run()


def __getattr__(name: str) -> Any:
    # gunicorn finds the worker class by name; gunicorn is imported only when used.
    if name == "BufferingWorker":
        return gunicorn_worker_class()
    raise AttributeError(name)


# -- one process, where gunicorn does not run ------------------------------------------


def serve_one_process(app_spec: str, host: str, port: int) -> None:
    """One process of the same event loop and threads (Windows, macOS)."""
    import signal

    app = load_app(app_spec)
    settle_heap()
    loop = Loop(app, Bounds.from_environ(os.environ), host=host, port=port)
    for server in loop.servers:  # as gunicorn's master says it
        address = (
            f"[{server.effective_host}]" if ":" in server.effective_host else server.effective_host
        )
        print(
            f"Listening at: http://{address}:{server.effective_port}", file=sys.stderr, flush=True
        )
    stopping = False

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            loop.turn(1.0)
    except KeyboardInterrupt:
        pass
    loop.close()


# -- the command -------------------------------------------------------------------------


def settle_heap() -> None:
    """What the app made as it started (its modules, mappers, catalogs: over a hundred
    thousand objects, some of them large tables) kept out of the garbage collector's
    view from now on: they live as long as the process, and a full collection, which
    holds every thread of the worker, walks all of them each time (about 80 ms here,
    every few hundred requests, for the requests it lands on)."""
    gc.collect()
    gc.freeze()


def load_app(spec: str) -> Any:
    """``module:name`` (a WSGI app) or ``module:factory()`` (called for one)."""
    from importlib import import_module

    module, _, name = spec.partition(":")
    target = getattr(import_module(module), name.removesuffix("()"))
    return target() if name.endswith("()") else target


def default_workers() -> int:
    """One worker per core, as memory allows (a worker needs about 150 MB at its busiest,
    drawing sheets; 100 MB kept for the system)."""
    cores = os.cpu_count() or 1
    try:
        with open("/proc/meminfo") as meminfo:
            available = next(
                (
                    int(line.split()[1]) // 1024
                    for line in meminfo
                    if line.startswith("MemAvailable:")
                ),
                None,
            )
    except OSError:
        available = None
    if available is None:
        return cores
    return max(1, min(cores, (available - 100) // 150))


def can_fork_workers() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default=APP, help=f"the WSGI app ({APP})")
    args = parser.parse_args(argv)
    environ = os.environ
    host = environ.get("HOST", "").strip() or "0.0.0.0"
    try:
        Bounds.from_environ(environ)
        port_text = environ.get("PORT", "").strip() or "5000"
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise SettingError(f"PORT={port_text}: give a port number from 1 to 65535.")
        workers_text = environ.get("WORKERS", "").strip()
        if workers_text and (not workers_text.isdigit() or int(workers_text) < 1):
            raise SettingError(f"WORKERS={workers_text}: give a whole number of at least 1.")
    except SettingError as error:
        print(error, file=sys.stderr)
        return 2
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "queue depth" at busy times
    if can_fork_workers():
        serve_processes(args.app, host, int(port_text), int(workers_text or default_workers()))
    else:
        serve_one_process(args.app, host, int(port_text))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
