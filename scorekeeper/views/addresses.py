"""The address of a page for the other phones at the table (the watch link, a seat's
bidding link).

The scorekeeper may have opened the app as ``localhost``, ``127.0.0.1`` or ``[::1]``: an
address that, on any other phone, names that phone. Links for the others are built on
``PUBLIC_URL`` when it is set, else on the machine's network address in place of such a
host. Only the link shown is chosen this way: nothing is decided on the Host header.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

LAN_ADDRESS_KEPT_SECONDS = 60.0
"""How long a found network address is used: the laptop may join another Wi-Fi."""
LAN_PORTS_KEPT = 8  # the ports the app was opened on, each with its address

# Documentation addresses (RFC 5737, RFC 3849): connecting a UDP socket to one picks the
# route, and with it the machine's own address, without sending a packet.
ROUTE_PROBES = ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9)))
ANSWER_TIMEOUT_SECONDS = 0.5
WILDCARD_HOSTS = ("", "0.0.0.0", "::", "[::]")


def shared_url(endpoint: str, **values: Any) -> str:
    """The full address of ``endpoint`` for another phone at the table: on ``PUBLIC_URL``
    when set; else on the address this page was opened with, a loopback host replaced
    by the machine's network address (same scheme and port) when the app answers there."""
    path = url_for(endpoint, **values)  # after the app's script root
    setting = current_app.config.get("PUBLIC_URL")
    if setting:
        scheme, netloc, root = public_root(setting)
        if root:  # the public address names the app's place itself
            path = root + path.removeprefix(request.script_root)
        return f"{scheme}://{netloc}{path}"
    return f"{request.scheme}://{phone_host(request.host, request.scheme)}{path}"


def public_root(setting: object) -> tuple[str, str, str]:
    """The scheme, host and path (no trailing slash) of a ``PUBLIC_URL`` setting.

    >>> public_root("https://cards.example.org")
    ('https', 'cards.example.org', '')
    >>> public_root("http://192.168.1.20:5000/")
    ('http', '192.168.1.20:5000', '')
    >>> public_root("https://example.org/cards/")
    ('https', 'example.org', '/cards')
    >>> public_root("cards.example.org")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: PUBLIC_URL is the address the other phones open, ... not 'cards.example.org'
    """
    parts = urlsplit(setting) if isinstance(setting, str) else None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
    ):
        raise ValueError(
            "PUBLIC_URL is the address the other phones open, starting with http:// or"
            " https:// (https://cards.example.org, http://192.168.1.20:5000/),"
            f" not {setting!r}"
        )
    return parts.scheme, parts.netloc, parts.path.rstrip("/")


def check_public_url(setting: object) -> None:
    """A ``PUBLIC_URL`` that is no address stops the app at its start, saying why."""
    if setting:
        public_root(setting)


def phone_host(host: str, scheme: str) -> str:
    """``host`` (with its port), or, when it names this machine alone, the machine's
    network address with the same port: when the app answers there."""
    try:
        parts = urlsplit(f"//{host}")
        name, port = parts.hostname or "", parts.port
    except ValueError:  # no port a browser sends: the address as it was asked for
        return host
    if not is_loopback(name):
        return host
    address = lan_address(port or (443 if scheme == "https" else 80))
    return host if address is None else netloc(address, port)


def loopback_url(url: str) -> bool:
    """The address names the phone that opens it (``localhost``, ``127.0.0.1``, ``[::1]``)."""
    try:
        return is_loopback(urlsplit(url).hostname or "")
    except ValueError:
        return False


def is_loopback(name: str) -> bool:
    """``name`` (a host, without brackets or port) is this machine's alone.

    >>> [is_loopback(name) for name in ("localhost", "127.0.0.1", "::1", "0.0.0.0")]
    [True, True, True, True]
    >>> [is_loopback(name) for name in ("192.168.1.20", "cards.example.org", "fe80::1")]
    [False, False, False]
    """
    name = name.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):  # RFC 6761
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified


def netloc(address: str, port: int | None) -> str:
    """An address and port as a URL writes them (``[…]`` around an IPv6 address).

    >>> netloc("192.168.1.20", 5000), netloc("2001:db8::20", None)
    ('192.168.1.20:5000', '[2001:db8::20]')
    """
    host = f"[{address}]" if ":" in address else address
    return host if port is None else f"{host}:{port}"


# -- the machine's network address -------------------------------------------------

_found: dict[int, tuple[float, str | None]] = {}
_found_lock = threading.Lock()


def lan_address(port: int) -> str | None:
    """The machine's network address, if the app answers on ``port`` there (not when it
    listens on 127.0.0.1 alone); found at most once a minute for each port."""
    now = time.monotonic()
    with _found_lock:
        kept = _found.get(port)
    if kept is not None and now - kept[0] < LAN_ADDRESS_KEPT_SECONDS:
        return kept[1]
    address = machine_address()
    if address is not None and not answers(address, port):
        address = None
    with _found_lock:
        if port not in _found and len(_found) >= LAN_PORTS_KEPT:
            _found.clear()
        _found[port] = (now, address)
    return address


def forget_lan_address() -> None:
    """Find the address afresh next time (the tests use it)."""
    with _found_lock:
        _found.clear()


def machine_address() -> str | None:
    """The address this machine reaches the network with, IPv4 first; nothing when it has
    no network (a loopback or link-local address is no address for the others)."""
    for family, probe in ROUTE_PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect(probe)
                address = str(udp.getsockname()[0])
        except OSError:
            continue
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            return address
    return None


def answers(address: str, port: int) -> bool:
    """Something listens on ``address``, ``port`` (this app, listening on every address)."""
    try:
        with socket.create_connection((address, port), timeout=ANSWER_TIMEOUT_SECONDS):
            return True
    except OSError:
        return False


def served_address(setting: object, host: str, port: int) -> str:
    """The address ``./scripts/start`` prints, for a server listening on ``host``,
    ``port``: ``PUBLIC_URL`` when set; listening on every address, the machine's network
    address (what the share page puts in place of ``localhost``), or ``localhost`` when
    there is none; else ``host`` itself."""
    if setting:
        scheme, location, root = public_root(setting)
        return f"{scheme}://{location}{root}/"
    if host in WILDCARD_HOSTS:
        host = machine_address() or "localhost"
    return f"http://{netloc(host.strip('[]'), port)}/"
