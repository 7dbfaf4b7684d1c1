"""QR codes for the table: the inline SVG, and the address the other phones must open.

Where that address comes from, first match wins:

1. ``REFEREE_PUBLIC_URL`` (config ``PUBLIC_URL``) when it is set: what a club behind a proxy or a name uses.
2. The address the scorekeeper's request came to, but only when it is *trusted*: a host listed in Flask's
   ``TRUSTED_HOSTS`` (Flask refuses any other host before a view runs), or one of this machine's own addresses
   (its LAN address, the address the connection arrived at, or loopback). A ``Host`` header is sent by the
   browser — or by anyone — so an arbitrary one (``Host: evil.example``) never reaches a QR code.
3. Otherwise this machine's LAN address, with the port the request came to.

A loopback address (``127.0.0.1``, ``localhost``) only opens on this machine, so the LAN address is used
instead — if the server accepts connections there. When it listens on loopback only (``make run``'s default),
no address would work for the other phones: the page says so plainly and how to fix it (``HOST=0.0.0.0 make
run``) rather than showing a code that cannot work. Finding out sends nothing off this machine: a UDP
"connect" only asks the routing table, and the listening check is a TCP connect to this machine's own address.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request, url_for
from markupsafe import Markup, escape

from referee.web.core.translate import gettext

__all__ = ["PublicAddress", "accepts_connections", "is_loopback", "lan_address", "own_addresses", "public_url_for",
           "qr_svg"]

#: Any private-range address: a UDP "connect" to it only picks the outgoing interface, it sends nothing.
_PROBE_ADDRESS = ("10.255.255.255", 1)

#: The quiet zone the QR standard asks for, in modules.
_QUIET_ZONE = 4

#: Whether this machine accepts connections at (address, port), and when that was asked.
_LISTENING: dict[tuple[str, int], tuple[float, bool]] = {}
_LISTENING_TTL = 30.0


def qr_svg(url: str, *, label: str | None = None, colour: str = "#000000") -> Markup:
    """Return ``url`` as a QR code: an inline SVG that scales to its box, dark on white in either color scheme.

    ``colour`` is the modules' colour: keep it dark (a scanner needs strong contrast with the white).
    """
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        box_size=10,  # 10 px = 1 unit: one module is one unit of the viewBox
        border=_QUIET_ZONE,
        image_factory=qrcode.image.svg.SvgPathFillImage,
    )
    code.add_data(url)
    code.make(fit=True)
    image = code.make_image()
    svg = image.get_image()
    # Scale with the page (the CSS sizes it), keep the modules sharp, and name it for screen readers.
    for attribute in ("width", "height", "version"):
        svg.attrib.pop(attribute, None)
    svg.set("class", "qr")
    svg.set("role", "img")
    svg.set("aria-label", label if label is not None else url)
    svg.set("shape-rendering", "crispEdges")
    svg.set("preserveAspectRatio", "xMidYMid meet")
    text = image.to_string(encoding="unicode")
    # The path needs no id (two codes on one page must not share one).
    text = text.replace(' id="qr-path"', "")
    if colour != "#000000":
        text = text.replace('fill="#000000"', f'fill="{escape(colour)}"')
    return Markup(text)


@dataclass(frozen=True)
class PublicAddress:
    """The address for the other phones, whether they can open it, and a note for people when it matters."""

    url: str
    #: False when no other phone can open ``url`` (the server listens on this machine only).
    reachable: bool = True
    #: Why the address differs from the one this phone used, or why it cannot work; None when all is plain.
    note: str | None = None


def public_url_for(endpoint: str, **values: Any) -> PublicAddress:
    """Return the address other phones must open for ``endpoint`` (see the module's docstring for which)."""
    path = url_for(endpoint, **values)
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        root = request.script_root
        if root and path.startswith(root):
            path = path[len(root) :]
        return PublicAddress(str(configured).rstrip("/") + path)

    host, port = _split_host(request.host)
    if not is_loopback(host) and (_is_trusted_name(host) or host in own_addresses()):
        return PublicAddress(request.host_url.rstrip("/") + path)

    # The port: the connection's own, else the one typed to reach this machine, else the server's word.
    local_port = _local_port() or (port if is_loopback(host) else None) or _server_port() or port
    lan = lan_address()
    if lan is None or local_port is None or not accepts_connections(lan, local_port):
        if is_loopback(host):
            url = request.host_url.rstrip("/") + path
        else:
            # An untrusted name, and nothing better to offer: never the name itself.
            url = f"{request.scheme}://{_netloc(lan or '127.0.0.1', local_port)}{path}"
        note = (
            gettext(
                "The other phones cannot connect: referee is only listening on this machine. Stop it and start it "
                "with HOST=0.0.0.0 make run (or set REFEREE_PUBLIC_URL), then reload this page."
            )
            if lan is not None
            else gettext(
                "The other phones cannot connect: this machine has no address on a local network. Connect it to "
                "the table’s Wi-Fi, start referee with HOST=0.0.0.0 make run (or set REFEREE_PUBLIC_URL), then "
                "reload this page."
            )
        )
        return PublicAddress(url, reachable=False, note=note)

    url = f"{request.scheme}://{_netloc(lan, local_port)}{path}"
    if is_loopback(host):
        note = gettext(
            "This phone reached referee at %(host)s, which other phones cannot open; the code uses %(lan)s instead.",
            host=host,
            lan=lan,
        )
    else:
        note = gettext(
            "This page was opened as %(host)s, a name referee does not trust for its codes; the code uses %(lan)s "
            "instead. To use the name, set REFEREE_PUBLIC_URL.",
            host=host,
            lan=lan,
        )
    return PublicAddress(url, note=note)


def _split_host(netloc: str) -> tuple[str, int | None]:
    """``host[:port]`` (IPv6 in brackets) as the lower-case host without brackets, and the port or None."""
    parts = urlsplit("//" + netloc)
    try:
        port = parts.port
    except ValueError:
        port = None
    return (parts.hostname or "").lower(), port


def _is_trusted_name(host: str) -> bool:
    """Whether Flask's ``TRUSTED_HOSTS`` lists ``host`` (when it is set, Flask refused any other already)."""
    trusted = current_app.config.get("TRUSTED_HOSTS")
    if not trusted:
        return False
    from werkzeug.sansio.utils import host_is_trusted

    return host_is_trusted(host, list(trusted))


def _connection_socket() -> socket.socket | None:
    for key in ("werkzeug.socket", "gunicorn.socket"):
        candidate = request.environ.get(key)
        if isinstance(candidate, socket.socket):
            return candidate
    return None


def _local_address() -> str | None:
    """The address this request's connection arrived at, when the server tells (Werkzeug and gunicorn do)."""
    sock = _connection_socket()
    if sock is None:
        return None
    try:
        return str(sock.getsockname()[0]).lower()
    except OSError:
        return None


def _local_port() -> int | None:
    """The port this request's connection arrived at (never taken from a header), when the server tells."""
    sock = _connection_socket()
    if sock is not None:
        with contextlib.suppress(OSError, IndexError, TypeError, ValueError):
            return int(sock.getsockname()[1])
    return None


def _server_port() -> int | None:
    """The port the WSGI server says it serves (Werkzeug: the bound port; never None when it says nothing)."""
    raw = request.environ.get("SERVER_PORT", "")
    return int(raw) if isinstance(raw, str) and raw.isdigit() and raw.isascii() else None


def own_addresses() -> set[str]:
    """This machine's addresses that a phone may have used: its LAN address(es) and this connection's."""
    found = set(_lan_candidates())
    local = _local_address()
    if local is not None:
        found.add(local.removeprefix("::ffff:"))
    return {a.lower() for a in found if _usable(a)}


def accepts_connections(address: str, port: int, *, timeout: float = 0.3) -> bool:
    """Whether something on this machine accepts TCP connections at ``address:port`` (asked once per 30 s)."""
    now = time.monotonic()
    cached = _LISTENING.get((address, port))
    if cached is not None and now - cached[0] < _LISTENING_TTL:
        return cached[1]
    try:
        with socket.create_connection((address, port), timeout=timeout):
            result = True
    except OSError:
        result = False
    _LISTENING[(address, port)] = (now, result)
    return result


def _netloc(address: str, port: int | None) -> str:
    default = {"http": 80, "https": 443}.get(request.scheme)
    return _bracketed(address) + (f":{port}" if port is not None and port != default else "")


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this machine only."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """Return this machine's address on the local network, or None when it has none (no packet is sent)."""
    for candidate in _lan_candidates():
        if _usable(candidate):
            return candidate
    return None


def _lan_candidates() -> list[str]:
    """This machine's addresses: the routing table's choice first, then those of its host name."""
    candidates: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # A UDP connect only asks the routing table which interface would be used: nothing goes out.
        probe.connect(_PROBE_ADDRESS)
        candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    with contextlib.suppress(OSError):
        candidates.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    return candidates


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address else address
