"""QR codes for the table: the inline SVG, and the address the other phones must open.

The address is ``REFEREE_PUBLIC_URL`` (config ``PUBLIC_URL``) when set; otherwise the address the
scorekeeper's request came to — unless that is a loopback address, which only this machine can open:
then this machine's address on the local network is used instead, and the page says so.
Nothing here sends a packet anywhere.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request, url_for
from flask_babel import gettext
from markupsafe import Markup

__all__ = ["qr_svg", "public_url_for", "lan_address", "is_loopback"]

#: Any private-range address: a UDP "connect" to it only picks the outgoing interface, it sends nothing.
_PROBE_ADDRESS = ("10.255.255.255", 1)

#: The quiet zone the QR standard asks for, in modules.
_QUIET_ZONE = 4


def qr_svg(url: str, *, label: str | None = None) -> Markup:
    """Return ``url`` as a QR code: an inline SVG that scales to its box, dark on white in either color scheme."""
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
    return Markup(text)


def public_url_for(endpoint: str, **values: Any) -> tuple[str, str | None]:
    """Return the address other phones must open for ``endpoint``, and a note for people when it was changed.

    The note is None when the address is used as it came (or as configured).
    """
    path = url_for(endpoint, **values)
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        root = request.script_root
        if root and path.startswith(root):
            path = path[len(root) :]
        return str(configured).rstrip("/") + path, None

    address = url_for(endpoint, _external=True, **values)
    parts = urlsplit(address)
    host = parts.hostname or ""
    if not is_loopback(host):
        return address, None
    lan = lan_address()
    if lan is None:
        note = gettext(
            "This phone reached referee at %(host)s, which other phones cannot open, and this machine has no "
            "address on a local network. Connect it to the table's Wi-Fi and serve it with HOST=0.0.0.0, "
            "or set REFEREE_PUBLIC_URL.",
            host=host,
        )
        return address, note
    netloc = _bracketed(lan) + (f":{parts.port}" if parts.port is not None else "")
    note = gettext(
        "This phone reached referee at %(host)s, which other phones cannot open; the code uses %(lan)s instead.",
        host=host,
        lan=lan,
    )
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment)), note


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
    for candidate in candidates:
        if _usable(candidate):
            return candidate
    return None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address else address
