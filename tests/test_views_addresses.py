"""The address of a link for the other phones at the table: PUBLIC_URL, else the page's
own address with a loopback host replaced by the machine's network address."""

from __future__ import annotations

import html
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import segno
from flask import Flask

from scorekeeper import create_app, services
from scorekeeper.views import addresses
from scorekeeper.views.addresses import shared_url
from tests.conftest import Table

LAN = "192.168.1.20"
TOKEN = "AbCdEf0123456789AbCdEf0123456789"
MACHINE_ADDRESS, ANSWERS = addresses.machine_address, addresses.answers


@dataclass
class Network:
    """The machine's network as the tests make it: its address (None: no network),
    whether the app answers there, and how often the address was looked up."""

    address: str | None = LAN
    answers: bool = True
    looked_up: int = 0

    def machine_address(self) -> str | None:
        self.looked_up += 1
        return self.address


@pytest.fixture(autouse=True)
def network(monkeypatch: pytest.MonkeyPatch) -> Iterator[Network]:
    machine = Network()
    monkeypatch.setattr(addresses, "machine_address", machine.machine_address)
    monkeypatch.setattr(addresses, "answers", lambda address, port: machine.answers)
    addresses.forget_lan_address()
    yield machine
    addresses.forget_lan_address()


def link(app: Flask, base_url: str, public_url: str = "", script_root: str = "") -> str:
    app.config["PUBLIC_URL"] = public_url
    with app.test_request_context("/", base_url=base_url + script_root):
        return shared_url("watch.board", token=TOKEN)


@pytest.mark.parametrize(
    ("public_url", "script_root", "expected"),
    [
        ("https://cards.example.org", "", "https://cards.example.org/watch/"),
        ("https://cards.example.org/", "", "https://cards.example.org/watch/"),
        ("http://192.168.1.30:5000/", "", "http://192.168.1.30:5000/watch/"),
        ("https://example.org/cards", "", "https://example.org/cards/watch/"),
        ("https://example.org/cards/", "", "https://example.org/cards/watch/"),
        # Served under a path of its own: kept, unless the public address names another.
        ("https://cards.example.org", "/sk", "https://cards.example.org/sk/watch/"),
        ("https://example.org/cards/", "/sk", "https://example.org/cards/watch/"),
    ],
    ids=[
        "host",
        "trailing slash",
        "address and port",
        "path",
        "path and slash",
        "script root kept",
        "path replaces script root",
    ],
)
def test_a_public_url_is_the_base_of_every_shared_link(
    app: Flask, public_url: str, script_root: str, expected: str
) -> None:
    for opened_as in ("http://localhost:5000", "http://10.0.0.5:5000", "https://evil.example"):
        assert link(app, opened_as, public_url, script_root) == expected + TOKEN


@pytest.mark.parametrize(
    ("opened_as", "expected"),
    [
        ("http://localhost:5000", f"http://{LAN}:5000"),
        ("http://127.0.0.1:5000", f"http://{LAN}:5000"),
        ("http://127.0.1.1:8080", f"http://{LAN}:8080"),
        ("http://[::1]:5000", f"http://{LAN}:5000"),
        ("http://LocalHost.:5000", f"http://{LAN}:5000"),
        ("http://scorekeeper.localhost:5000", f"http://{LAN}:5000"),
        ("http://localhost", f"http://{LAN}"),
        ("https://localhost", f"https://{LAN}"),
    ],
    ids=["localhost", "127.0.0.1", "127.0.1.1", "IPv6", "capitals", "*.localhost", "80", "443"],
)
def test_a_loopback_host_is_replaced_by_the_network_address(
    app: Flask, opened_as: str, expected: str
) -> None:
    assert link(app, opened_as) == f"{expected}/watch/{TOKEN}"


def test_the_script_root_is_kept_with_the_network_address(app: Flask) -> None:
    assert link(app, "http://localhost:5000", script_root="/sk") == (
        f"http://{LAN}:5000/sk/watch/{TOKEN}"
    )


def test_an_ipv6_network_address_is_written_in_brackets(app: Flask, network: Network) -> None:
    network.address = "2001:db8::20"
    assert link(app, "http://[::1]:5000") == f"http://[2001:db8::20]:5000/watch/{TOKEN}"


@pytest.mark.parametrize(
    "opened_as",
    ["http://192.168.1.77:5000", "https://cards.example.org", "http://[2001:db8::7]:5000"],
    ids=["LAN address", "name", "IPv6"],
)
def test_an_address_the_others_can_open_is_kept(
    app: Flask, opened_as: str, network: Network
) -> None:
    assert link(app, opened_as) == f"{opened_as}/watch/{TOKEN}"
    assert network.looked_up == 0


@pytest.mark.parametrize("trouble", ["no network", "not listening there"])
def test_without_a_network_address_the_loopback_one_is_kept(
    app: Flask, network: Network, trouble: str
) -> None:
    if trouble == "no network":
        network.address = None
    else:  # started with HOST=127.0.0.1: the network address would lead nowhere
        network.answers = False
    assert link(app, "http://localhost:5000") == f"http://localhost:5000/watch/{TOKEN}"
    assert link(app, "http://[::1]:5000") == f"http://[::1]:5000/watch/{TOKEN}"


def test_the_network_address_is_looked_up_once_a_minute(
    app: Flask, network: Network, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(addresses.time, "monotonic", lambda: now[0])
    assert link(app, "http://localhost:5000").startswith(f"http://{LAN}:5000/")
    network.address = "10.1.2.3"  # the laptop joined another Wi-Fi
    now[0] += 30
    assert link(app, "http://localhost:5000").startswith(f"http://{LAN}:5000/")
    assert network.looked_up == 1
    now[0] += 31
    assert link(app, "http://localhost:5000").startswith("http://10.1.2.3:5000/")
    assert network.looked_up == 2


def test_a_host_that_is_no_address_is_left_as_it_came() -> None:
    assert addresses.phone_host("localhost:99999", "http") == "localhost:99999"
    assert addresses.phone_host("", "http") == ""


def test_a_public_url_that_is_no_address_stops_the_app_saying_why(app: Flask) -> None:
    config = {key: app.config[key] for key in ("SECRET_KEY", "SQLALCHEMY_DATABASE_URI")}
    for wrong in ("cards.example.org", "ftp://cards.example.org", "https://", 5000):
        with pytest.raises(ValueError, match="PUBLIC_URL is the address the other phones open"):
            create_app({**config, "PUBLIC_URL": wrong})


# -- the machine's network address, for real ----------------------------------------


def test_the_machine_address_is_one_the_others_can_open() -> None:
    address = MACHINE_ADDRESS()  # the real lookup, not the fixture's
    if address is not None:  # a machine without a network finds none
        assert not addresses.is_loopback(address)
        socket.inet_pton(socket.AF_INET6 if ":" in address else socket.AF_INET, address)


def test_nothing_answers_where_nothing_listens() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # bound, not listening
        assert not ANSWERS("127.0.0.1", port)
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        assert ANSWERS("127.0.0.1", listening.getsockname()[1])


# -- the share page -------------------------------------------------------------------


def share_page(table: Table, host: str) -> str:
    """The share page of a new shared game, the app opened at ``host`` (the login taken
    along, as a browser would have it there)."""
    game_id = table.new_game(["Ana", "Ben", "Cai"])
    session = table.client.get_cookie("session")
    assert session is not None
    table.client.set_cookie("session", session.value, domain=host.rsplit(":", 1)[0])
    base_url = f"http://{host}"
    table.post(f"/games/{game_id}/share", base_url=base_url)
    return table.client.get(f"/games/{game_id}/share", base_url=base_url).get_data(as_text=True)


def shown_link(page: str) -> str:
    found = re.search(r'<p class="watch-link"><a href="([^"]+)">([^<]+)</a>', page)
    assert found
    assert found.group(1) == found.group(2)  # the address as text, to copy
    return html.unescape(found.group(1))


def qr_of(page: str) -> str:
    found = re.search(r'<div class="qr"[^>]*>(<svg.*?</svg>)</div>', page, re.S)
    assert found
    return found.group(1)


def test_opened_as_localhost_the_link_and_its_qr_code_use_the_network_address(
    table: Table,
) -> None:
    page = share_page(table, "localhost:5000")
    link = shown_link(page)
    assert re.fullmatch(rf"http://{re.escape(LAN)}:5000/watch/[A-Za-z0-9_-]{{20,64}}", link)
    assert qr_of(page) == segno.make(link, error="m").svg_inline(scale=5)
    assert "localhost" not in page.split("<main", 1)[1]
    assert "Other phones cannot open a localhost address" not in page


def test_opened_by_its_network_address_the_page_keeps_it(table: Table) -> None:
    page = share_page(table, "192.168.1.77:5000")
    link = shown_link(page)
    assert link.startswith("http://192.168.1.77:5000/watch/")
    assert qr_of(page) == segno.make(link, error="m").svg_inline(scale=5)
    assert "Other phones cannot open a localhost address" not in page


def test_without_a_network_address_the_page_says_how_to_reach_the_app(
    table: Table, network: Network
) -> None:
    network.address = None
    page = share_page(table, "127.0.0.1:5000")
    link = shown_link(page)
    assert link.startswith("http://127.0.0.1:5000/watch/")
    assert qr_of(page) == segno.make(link, error="m").svg_inline(scale=5)
    note = re.search(r'<p class="[^"]*loopback-note">(.*?)</p>', page, re.S)
    assert note
    said = " ".join(note.group(1).split())
    assert said.startswith("Other phones cannot open a localhost address.")
    assert "./scripts/start" in said and "PUBLIC_URL" in said


def test_with_a_public_url_the_page_shows_it(app: Flask, table: Table) -> None:
    app.config["PUBLIC_URL"] = "https://cards.example.org/"
    page = share_page(table, "localhost:5000")
    link = shown_link(page)
    assert link.startswith("https://cards.example.org/watch/")
    assert qr_of(page) == segno.make(link, error="m").svg_inline(scale=5)
    assert "Other phones cannot open" not in page


def test_a_watch_link_opened_from_a_shared_address_shows_the_game(table: Table) -> None:
    # The token in the network address's link is the game's: the board opens with it.
    page = share_page(table, "localhost:5000")
    token = shown_link(page).rsplit("/", 1)[-1]
    watcher = table.app.test_client()
    board = watcher.get(f"/watch/{token}", base_url=f"http://{LAN}:5000")
    assert board.status_code == 200 and "Ana" in board.get_data(as_text=True)


def test_each_seats_bidding_link_uses_the_network_address_too(app: Flask, table: Table) -> None:
    with app.app_context():
        owner = services.user_named("ana")
        assert owner is not None
        game = services.create_game(
            owner, "wizard", ["Ana", "Ben", "Cai"], 0, {"hidden_bids": True}
        )
        tokens = services.seat_links(game)
    screen = table.client.get(f"/games/{game.id}/rounds/new", base_url="http://localhost:5000")
    page = screen.get_data(as_text=True)
    shown = re.findall(r'<a href="([^"]+)" class="seat-link">', page)
    assert shown == [f"http://{LAN}:5000/bid/{tokens[seat]}" for seat in sorted(tokens)]
    for link in shown:
        assert segno.make(link, error="m").svg_inline(scale=4) in page
