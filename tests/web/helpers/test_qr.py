"""The QR code and the address it carries: configured, a trusted host, this machine's LAN address; never an
arbitrary Host header; and a plain warning when no other phone can connect."""

from __future__ import annotations

import re
import socket

import pytest
import qrcode
from flask import Flask

from referee.web.helpers import qr


@pytest.fixture
def no_lan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(qr, "lan_address", lambda: None)


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(qr, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(qr, "_lan_candidates", lambda: ["192.168.1.20", "127.0.1.1"])
    return "192.168.1.20"


@pytest.fixture
def listening(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The server accepts connections on the LAN address too (as with HOST=0.0.0.0); records what was asked."""
    asked: list[tuple[str, int]] = []

    def accepts(address: str, port: int) -> bool:
        asked.append((address, port))
        return True

    monkeypatch.setattr(qr, "accepts_connections", accepts)
    return asked


def modules_of(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG path of unit squares draws, as (column, row)."""
    path = re.search(r' d="([^"]*)"', svg)
    assert path is not None
    return {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", path.group(1))}


def test_qr_svg_draws_exactly_the_code_of_the_url() -> None:
    url = "http://192.168.1.20:5000/v/" + "x" * 43
    svg = str(qr.qr_svg(url))
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(url)
    code.make(fit=True)
    matrix = code.get_matrix()  # the quiet zone included
    expected = {(x, y) for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark}
    assert modules_of(svg) == expected
    size = len(matrix)
    assert f'viewBox="0 0 {size} {size}"' in svg


def test_qr_svg_is_inline_scalable_crisp_and_labelled() -> None:
    svg = str(qr.qr_svg("http://example.test/v/abc", label="Scan to watch the scores"))
    assert svg.startswith("<svg ")
    assert "<?xml" not in svg
    assert ' width="' not in svg.split(">", 1)[0]  # the page's CSS sizes it
    assert 'shape-rendering="crispEdges"' in svg
    assert 'aria-label="Scan to watch the scores"' in svg
    assert 'role="img"' in svg
    # A white background: it scans in dark mode too.
    assert 'fill="white"' in svg
    assert "qr-path" not in svg


def test_qr_svg_escapes_the_label() -> None:
    svg = str(qr.qr_svg("http://example.test/", label='Ana "&" <Bo>'))
    assert "<Bo>" not in svg
    assert "&lt;Bo&gt;" in svg


@pytest.mark.usefixtures("lan")
def test_configured_public_url_wins(app: Flask) -> None:
    app.config["PUBLIC_URL"] = "https://referee.example.org/"
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
        address = qr.public_url_for("home.index", x="1")
    assert address == qr.PublicAddress("https://referee.example.org/?x=1")


@pytest.mark.usefixtures("lan")
def test_configured_public_url_wins_over_any_host_header(app: Flask) -> None:
    app.config["PUBLIC_URL"] = "http://192.168.1.9:8000"
    with app.test_request_context("/", base_url="http://evil.example"):
        assert qr.public_url_for("home.index").url == "http://192.168.1.9:8000/"


def test_configured_public_url_replaces_the_script_root(app: Flask) -> None:
    app.config["PUBLIC_URL"] = "http://192.168.1.9:8000/referee"
    with app.test_request_context("/", base_url="http://127.0.0.1:5000/app"):
        address = qr.public_url_for("home.index")
    assert address.url == "http://192.168.1.9:8000/referee/"
    assert address.note is None
    assert address.reachable


@pytest.mark.usefixtures("lan")
def test_this_machines_lan_address_is_used_as_it_came(app: Flask) -> None:
    with app.test_request_context("/", base_url="http://192.168.1.20:5000"):
        assert qr.public_url_for("home.index") == qr.PublicAddress("http://192.168.1.20:5000/")


@pytest.mark.usefixtures("lan")
def test_a_trusted_host_is_used_as_it_came(app: Flask) -> None:
    app.config["TRUSTED_HOSTS"] = ["cards.example.org", ".club.example"]
    with app.test_request_context("/", base_url="https://cards.example.org"):
        assert qr.public_url_for("home.index") == qr.PublicAddress("https://cards.example.org/")
    with app.test_request_context("/", base_url="https://table.club.example:8443"):
        assert qr.public_url_for("home.index").url == "https://table.club.example:8443/"


@pytest.mark.usefixtures("lan", "listening")
@pytest.mark.parametrize("host", ["evil.example", "evil.example:5000", "cards.example.org", "192.168.1.33:5000"])
def test_an_untrusted_host_header_never_reaches_the_code(
    app: Flask, host: str
) -> None:
    """The Host header is whatever the sender wrote: only a trusted host or this machine's own address is used."""
    with app.test_request_context("/", base_url="http://127.0.0.1:5000", headers={"Host": host}):
        address = qr.public_url_for("board.view", view_token="t" * 43)
    assert host.split(":")[0] not in address.url
    assert address.url.startswith("http://192.168.1.20")
    assert address.note is not None
    assert host.split(":")[0] in address.note
    assert "REFEREE_PUBLIC_URL" in address.note


def test_an_untrusted_name_with_trusted_hosts_set_is_refused_before_any_page(app: Flask) -> None:
    app.config["TRUSTED_HOSTS"] = ["cards.example.org"]
    response = app.test_client().get("/", headers={"Host": "evil.example"})
    assert response.status_code == 400


@pytest.mark.usefixtures("lan")
@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "localhost", "[::1]", "app.localhost"])
def test_loopback_becomes_the_lan_address_and_says_so(
    app: Flask, listening: list[tuple[str, int]], host: str
) -> None:
    with app.test_request_context("/", base_url=f"http://{host}:5000"):
        address = qr.public_url_for("home.index", lang="es")
    assert address.url == "http://192.168.1.20:5000/?lang=es"
    assert address.reachable
    assert address.note is not None
    assert host.strip("[]") in address.note
    assert "192.168.1.20" in address.note
    assert "other phones cannot open" in address.note
    assert ("192.168.1.20", 5000) in listening


@pytest.mark.usefixtures("lan")
def test_loopback_when_the_server_listens_on_loopback_only_says_the_others_cannot_connect(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(qr, "accepts_connections", lambda _address, _port: False)
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
        address = qr.public_url_for("home.index")
    assert not address.reachable
    assert address.url == "http://127.0.0.1:5000/"
    assert address.note is not None
    assert "cannot connect" in address.note
    assert "HOST=0.0.0.0 make run" in address.note
    assert "REFEREE_PUBLIC_URL" in address.note


@pytest.mark.usefixtures("listening")
def test_an_ipv6_lan_address_is_bracketed(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(qr, "lan_address", lambda: "fd00::20")
    with app.test_request_context("/", base_url="http://[::1]:5000"):
        assert qr.public_url_for("home.index").url == "http://[fd00::20]:5000/"


@pytest.mark.usefixtures("no_lan")
def test_loopback_without_a_lan_address_stays_and_says_why(app: Flask) -> None:
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
        address = qr.public_url_for("home.index")
    assert address.url == "http://127.0.0.1:5000/"
    assert not address.reachable
    assert address.note is not None
    assert "no address on a local network" in address.note
    assert "HOST=0.0.0.0 make run" in address.note


def test_accepts_connections_tells_a_listening_port_from_a_closed_one() -> None:
    """The real check, on loopback: a listening socket is found; once closed, it is not (nothing leaves)."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    try:
        assert qr.accepts_connections("127.0.0.1", port)
    finally:
        server.close()
    qr._LISTENING.clear()
    assert not qr.accepts_connections("127.0.0.1", port)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.255.0.1", True),
        ("::1", True),
        ("[::1]", True),
        ("LOCALHOST", True),
        ("192.168.1.20", False),
        ("10.0.0.5", False),
        ("example.org", False),
        ("", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert qr.is_loopback(host) is loopback


class FakeSocket:
    """A UDP socket that records what is asked of it; it never sends."""

    instances: list[FakeSocket] = []

    def __init__(self, name: str | Exception) -> None:
        self.name = name
        self.connected_to: tuple[str, int] | None = None
        self.closed = False
        FakeSocket.instances.append(self)

    def connect(self, address: tuple[str, int]) -> None:
        if isinstance(self.name, Exception):
            raise self.name
        self.connected_to = address

    def getsockname(self) -> tuple[str, int]:
        assert isinstance(self.name, str)
        return (self.name, 40000)

    def close(self) -> None:
        self.closed = True

    def send(self, *_: object) -> None:  # pragma: no cover - must never be called
        raise AssertionError("the LAN lookup must not send anything")

    sendto = send


def fake_network(
    monkeypatch: pytest.MonkeyPatch, *, probe: str | Exception, hostname_addresses: list[str] | Exception
) -> None:
    FakeSocket.instances = []
    monkeypatch.setattr(socket, "socket", lambda *_args, **_kwargs: FakeSocket(probe))
    monkeypatch.setattr(socket, "gethostname", lambda: "table-laptop")

    def by_name(name: str) -> tuple[str, list[str], list[str]]:
        assert name == "table-laptop"
        if isinstance(hostname_addresses, Exception):
            raise hostname_addresses
        return (name, [], hostname_addresses)

    monkeypatch.setattr(socket, "gethostbyname_ex", by_name)


def test_lan_address_from_the_routing_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, probe="192.168.1.20", hostname_addresses=["127.0.1.1"])
    assert qr.lan_address() == "192.168.1.20"
    (probe,) = FakeSocket.instances
    assert probe.connected_to is not None
    assert probe.connected_to[0].startswith("10.")  # a private range: nothing would leave the network anyway
    assert probe.closed


def test_lan_address_falls_back_to_the_hostname(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, probe=OSError("Network is unreachable"), hostname_addresses=["127.0.1.1", "10.0.0.7"])
    assert qr.lan_address() == "10.0.0.7"
    assert FakeSocket.instances[0].closed


def test_lan_address_skips_a_loopback_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, probe="127.0.0.1", hostname_addresses=["172.16.4.2"])
    assert qr.lan_address() == "172.16.4.2"


def test_no_lan_address_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, probe=OSError("unreachable"), hostname_addresses=OSError("no such host"))
    assert qr.lan_address() is None


def test_only_loopback_and_link_local_is_no_lan_address(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, probe="0.0.0.0", hostname_addresses=["127.0.1.1", "169.254.3.3"])
    assert qr.lan_address() is None
