"""The README's Deploy section for real: ``referee serve`` with the step-3 settings, Debian's nginx in front of it
with the README's own ``server`` block, a certificate made here, and pages fetched over HTTPS.

The nginx configuration is read from README.md and changed only where a test must: the ports, the certificate's
and the log's paths and the upstream's port. nginx runs in the foreground, unprivileged (as ``nobody`` when the
tests run as root), with its prefix, pid file and temporary folders in a folder of its own.

Checked through the proxy: the security headers (HSTS among them), the cookies' flags, the share screen's
address (``https://`` and the public host; a request naming another host is refused), plain HTTP sent on to
HTTPS, the live scoreboard's events arriving as they happen (not held in a buffer) and nginx's log with the link
secrets masked. Checked on the same
server reached directly over plain HTTP: no HSTS, no ``Secure`` cookie. And on a server without the proxy
settings, a forged ``X-Forwarded-Proto`` from loopback changes nothing (gunicorn believes no forwarded header).
Also here, because they need a real server: a chunked body over the size limit is refused with 413.
"""

from __future__ import annotations

import http.client
import os
import pwd
import re
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.serving import (
    SECRET_KEY,
    SITE,
    RunningServer,
    Scorekeeper,
    deploy_settings,
    free_port,
    new_game,
    running,
    upgrade,
)
from tests.tiers import full_only

#: A server started and attacked, proxied, scaled out or installed from its wheel: the full run only (``make test
#: FULL=1``, tests/tiers.py, what CI runs); the quick run starts the server in tests/test_server.py and kills it in
#: tests/test_faults.py.
pytestmark = full_only

README = Path(__file__).resolve().parents[1] / "README.md"
PROXY_START_TIMEOUT = 30.0


def _nginx() -> str:
    """nginx's path; without it, a skip saying why — a failure as root (``make test`` installs it) or in CI."""
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
    if found and shutil.which("openssl"):
        return found
    why = "the TLS proxy tests need Debian's nginx and openssl (sudo apt-get install nginx-light openssl)"
    if os.environ.get("CI", "").lower() == "true" or os.geteuid() == 0:
        pytest.fail(f"{why}: as root (or in CI) make test installs them, so their absence is a failure")
    pytest.skip(why)


def readme_nginx_block() -> str:
    """The ```nginx block of the README's Deploy section, as written there."""
    found = re.search(r"```nginx\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert found, "README.md has no nginx block"
    return found.group(1)


def adapted(block: str, *, http_port: int, https_port: int, upstream: int, folder: Path) -> str:
    """The README's block with only the ports, the certificate's and the log's paths changed (each must be found)."""
    changes = [
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl"),
        (f"/etc/letsencrypt/live/{SITE}/fullchain.pem", str(folder / "cert.pem")),
        (f"/etc/letsencrypt/live/{SITE}/privkey.pem", str(folder / "key.pem")),
        ("/var/log/nginx/referee.log", str(folder / "referee.log")),
        ("http://127.0.0.1:8000", f"http://127.0.0.1:{upstream}"),
    ]
    for old, new in changes:
        assert old in block, f"the README's nginx block no longer has {old!r}: update this test with it"
        block = block.replace(old, new)
    return block


def nginx_conf(block: str, folder: Path) -> str:
    """A whole nginx.conf around ``block``: everything nginx writes goes into ``folder``."""
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                             "scgi"))
    return (f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} info;\nworker_processes 1;\n"
            f"events {{ worker_connections 256; }}\n"
            f"http {{\n{temp}\n    access_log {folder / 'access.log'};\n{block}}}\n")


@dataclass
class Proxy:
    """nginx in front of a server: its HTTPS and HTTP ports, its folder, and the certificate to trust."""

    process: subprocess.Popen[bytes]
    https_port: int
    http_port: int
    folder: Path

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.folder / "cert.pem"))

    def connection(self, timeout: float = 20.0) -> PublicHost:
        return PublicHost(self.https_port, self.tls(), timeout=timeout)

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> Fetched:
        connection = self.connection()
        try:
            connection.request("GET", path, headers=dict(headers or {}))
            return Fetched.of(connection.getresponse())
        finally:
            connection.close()

    def log_text(self) -> str:
        return (self.folder / "referee.log").read_text(encoding="utf-8", errors="replace")


class PublicHost(http.client.HTTPSConnection):
    """HTTPS to nginx on 127.0.0.1 as a browser of the public site: SNI and ``Host`` name the public host, and its
    certificate must match that name."""

    def __init__(self, port: int, context: ssl.SSLContext, timeout: float) -> None:
        super().__init__(SITE, port, context=context, timeout=timeout)
        self.tls = context

    def connect(self) -> None:
        raw = socket.create_connection(("127.0.0.1", self.port), self.timeout)
        self.sock = self.tls.wrap_socket(raw, server_hostname=self.host)


@dataclass
class Fetched:
    """A response, read: status, headers (every ``Set-Cookie`` kept) and body."""

    status: int
    headers: http.client.HTTPMessage
    body: str

    @classmethod
    def of(cls, response: http.client.HTTPResponse) -> Fetched:
        return cls(response.status, response.headers, response.read().decode("utf-8", errors="replace"))

    @property
    def cookies(self) -> list[str]:
        return self.headers.get_all("Set-Cookie") or []


def _make_certificate(folder: Path) -> None:
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-keyout", str(folder / "key.pem"),
         "-out", str(folder / "cert.pem"), "-subj", f"/CN={SITE}", "-addext",
         f"subjectAltName=DNS:{SITE}"],
        check=True, capture_output=True, timeout=60,
    )


def _unprivileged(folder: Path) -> dict[str, object]:
    """Popen's arguments that run nginx as ``nobody`` when the tests run as root (the folder becomes nobody's)."""
    if os.geteuid() != 0:
        return {}
    nobody = pwd.getpwnam("nobody")
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, nobody.pw_uid, nobody.pw_gid)
    return {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningServer, Proxy, str, str]]:
    """The Deploy section's server (SQLite here) behind the README's nginx: (server, proxy, edit, view tokens)."""
    nginx = _nginx()
    root = tmp_path_factory.mktemp("proxied")
    settings = deploy_settings(f"sqlite:///{root / 'referee.sqlite3'}", SITE)
    upgrade(settings, root)
    edit_token, view_token = new_game(settings["REFEREE_DATABASE_URL"])
    # Not under pytest's temporary folders: those are the test user's alone, and nginx may run as someone else.
    folder = Path(tempfile.mkdtemp(prefix="referee-nginx-"))
    try:
        with running(root, settings, workers=2, host=SITE) as server:
            _make_certificate(folder)
            http_port, https_port = free_port(), free_port()
            block = adapted(readme_nginx_block(), http_port=http_port, https_port=https_port, upstream=server.port,
                            folder=folder)
            (folder / "nginx.conf").write_text(nginx_conf(block, folder), encoding="utf-8")
            command = [nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log"),
                       "-g", "daemon off;"]
            with (root / "nginx.out").open("wb") as out:
                process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                           **_unprivileged(folder))  # type: ignore[call-overload]
            proxy = Proxy(process, https_port, http_port, folder)
            try:
                _wait_for_proxy(proxy, root / "nginx.out")
                yield server, proxy, edit_token, view_token
            finally:
                process.terminate()
                process.wait(timeout=30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _wait_for_proxy(proxy: Proxy, out: Path) -> None:
    deadline = time.monotonic() + PROXY_START_TIMEOUT
    while time.monotonic() < deadline:
        if proxy.process.poll() is not None:
            errors = (proxy.folder / "error.log")
            pytest.fail(f"nginx stopped at start:\n{out.read_text()}\n"
                        f"{errors.read_text() if errors.exists() else ''}")
        try:
            proxy.get("/")
            return
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    pytest.fail(f"nginx did not answer within {PROXY_START_TIMEOUT} s")


def _flags(cookie: str) -> set[str]:
    """A Set-Cookie header's attributes, by name (lower case), with SameSite's value: {"secure", "samesite=lax"}."""
    return {part.strip().lower() for part in cookie.split(";")[1:] if not part.strip().lower().startswith(
        ("expires", "max-age", "path", "domain"))}


def _csrf_token(html: str) -> str:
    found = re.search(r'<input[^>]*name="csrf_token"[^>]*value="([^"]+)"', html)
    assert found, "no CSRF token on the page"
    return found.group(1)


def test_headers_and_cookies_through_the_tls_proxy(proxied: tuple[RunningServer, Proxy, str, str]) -> None:
    server, proxy, edit_token, _ = proxied
    sheet = proxy.get(f"/g/{edit_token}/sheet")
    assert sheet.status == 200
    session = [cookie for cookie in sheet.cookies if cookie.startswith("session=")]
    assert session, sheet.cookies
    # The session (which holds the CSRF secret) comes back on a post through the proxy: this phone gets a name.
    connection = proxy.connection()
    connection.request("POST", f"/g/{edit_token}/device",
                       body=urlencode({"csrf_token": _csrf_token(sheet.body), "label": "Proxy phone"}),
                       headers={"Cookie": session[0].split(";", 1)[0],
                                "Content-Type": "application/x-www-form-urlencoded"})
    named = Fetched.of(connection.getresponse())
    connection.close()
    assert named.status == 303, named.body
    assert any(cookie.startswith("referee_device=") for cookie in named.cookies), named.cookies

    print("\nThrough nginx over HTTPS (values of the cookies left out):")
    for name in ("Strict-Transport-Security", "Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                 "X-Frame-Options"):
        print(f"  GET /g/…/sheet  {name}: {sheet.headers.get(name)}")
    for request, response in (("GET /g/…/sheet", sheet), ("POST /g/…/device", named)):
        for cookie in response.cookies:
            print(f"  {request}  Set-Cookie: {re.sub(r'=[^;]+', '=…', cookie, count=1)}")

    for response in (sheet, named):
        assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000")
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        for cookie in response.cookies:
            assert {"secure", "httponly", "samesite=lax"} <= _flags(cookie), cookie


def test_the_share_address_is_the_public_https_one(proxied: tuple[RunningServer, Proxy, str, str]) -> None:
    _, proxy, edit_token, view_token = proxied
    share = proxy.get(f"/g/{edit_token}/share")
    assert share.status == 200
    assert f"https://{SITE}/v/{view_token}" in share.body
    assert "http://" not in share.body.replace("http://www.w3.org", "")
    # A Host the site does not answer for is refused, never written into an address.
    assert proxy.get(f"/g/{edit_token}/share", headers={"Host": "evil.example"}).status == 400


def test_plain_http_to_the_proxy_is_sent_to_https(proxied: tuple[RunningServer, Proxy, str, str]) -> None:
    _, proxy, _, view_token = proxied
    connection = http.client.HTTPConnection("127.0.0.1", proxy.http_port, timeout=20)
    connection.request("GET", f"/v/{view_token}", headers={"Host": SITE})
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.status == 301
    assert response.headers["Location"] == f"https://{SITE}/v/{view_token}"


def test_the_live_scoreboard_streams_through_the_proxy(proxied: tuple[RunningServer, Proxy, str, str]) -> None:
    server, proxy, edit_token, view_token = proxied
    connection = proxy.connection(timeout=30)
    connection.request("GET", f"/v/{view_token}/live?seq=0", headers={"Accept": "text/event-stream"})
    response = connection.getresponse()
    try:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        first = _next_board(response)  # the board as it is (the page said it shows seq 0)
        # A save made now reaches this open stream at once: nginx passes each event on, holding none back.
        started = time.monotonic()
        Scorekeeper(server.url, edit_token, headers={"Host": SITE}).save()
        second = _next_board(response)
        assert int(second["id"]) > int(first["id"])
        assert time.monotonic() - started < 15
    finally:
        connection.close()


def _next_board(response: http.client.HTTPResponse) -> dict[str, str]:
    """The next ``board`` event of a server-sent event stream (heartbeats and other events skipped)."""
    event: dict[str, str] = {}
    while True:
        line = response.readline()
        assert line, "the live stream ended"
        text = line.decode().rstrip("\r\n")
        if text:
            name, _, value = text.partition(":")
            event[name] = value.removeprefix(" ")
        elif event.get("event") == "board":
            return event
        else:
            event = {}


#: The README's mask "…" as nginx writes it: the log format escapes every byte outside printable ASCII.
LOGGED_MASK = r"\xE2\x80\xA6"


def test_the_proxy_log_masks_the_link_secrets(proxied: tuple[RunningServer, Proxy, str, str]) -> None:
    _, proxy, edit_token, view_token = proxied
    assert proxy.get(f"/v/{view_token}?from=qr").status == 200
    assert proxy.get(f"/g/{edit_token}/share").status == 200
    deadline = time.monotonic() + 10
    while f'"GET /g/{LOGGED_MASK}/share" 200' not in proxy.log_text():
        assert time.monotonic() < deadline, proxy.log_text()
        time.sleep(0.1)
    text = proxy.log_text()
    assert f'"GET /v/{LOGGED_MASK}" 200' in text
    assert edit_token not in text
    assert view_token not in text
    assert "from=qr" not in text


def test_the_same_server_over_plain_http_sends_no_hsts_and_no_secure_cookie(
    proxied: tuple[RunningServer, Proxy, str, str],
) -> None:
    server, _, edit_token, _ = proxied
    response = server.request("GET", f"/g/{edit_token}/sheet")
    assert response.status == 200
    assert response.getheader("Strict-Transport-Security") is None
    assert "frame-ancestors 'none'" in response.getheader("Content-Security-Policy", "")
    cookies = response.headers.get_all("Set-Cookie") or []
    assert any(cookie.startswith("session=") for cookie in cookies)
    for cookie in cookies:
        assert "secure" not in _flags(cookie), cookie
        assert {"httponly", "samesite=lax"} <= _flags(cookie), cookie


# ---- a server with no proxy settings ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """``referee serve`` with none of the proxy settings, as ``make run`` starts it."""
    root = tmp_path_factory.mktemp("bare")
    settings = {"REFEREE_DATABASE_URL": f"sqlite:///{root / 'referee.sqlite3'}", "REFEREE_SECRET_KEY": SECRET_KEY}
    with running(root, settings, workers=1) as server:
        yield server


def test_a_forged_forwarded_proto_from_loopback_changes_nothing(bare: RunningServer) -> None:
    """Without ``REFEREE_PROXY_FIX_X_PROTO`` the header is anyone's to forge: neither the app nor gunicorn
    believes it, from any address (loopback included)."""
    for forged in ({"X-Forwarded-Proto": "https"}, {"X-Forwarded-Ssl": "on"}, {"X-Forwarded-Protocol": "ssl"}):
        response = bare.request("GET", "/games/new", headers=forged)
        assert response.status == 200
        assert response.getheader("Strict-Transport-Security") is None, forged
        cookies = response.headers.get_all("Set-Cookie") or []
        assert cookies
        assert not any("secure" in _flags(cookie) for cookie in cookies), (forged, cookies)


def test_a_chunked_body_over_the_limit_is_refused_with_413(bare: RunningServer) -> None:
    """A body sent without Content-Length (chunked) over 1 MiB gets the 413 page, not a form cut at 1 MiB."""
    status, page = _post_chunked(bare, "/games/new", b"players-0=Ana&notes=" + b"x" * 3_300_000)
    assert status == 413, status
    assert "That was too much to send" in page


def test_a_small_chunked_body_is_read_as_usual(bare: RunningServer) -> None:
    # No CSRF token: the new-game form comes back with what was sent, which shows that it was read.
    status, page = _post_chunked(bare, "/games/new", b"players-0=Zelda&players-1=Quentin")
    assert status != 413
    assert 'value="Zelda"' in page
    assert 'value="Quentin"' in page


def _post_chunked(server: RunningServer, path: str, body: bytes) -> tuple[int, str]:
    """POST ``body`` in 64 KiB chunks over a plain socket; the status and page the server answers.

    The server may answer (413) and close before the whole body is sent, as it should: the client then stops
    sending (a broken pipe or a reset) and reads the answer that is already on its way.
    """
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nTransfer-Encoding: chunked\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n")
        try:
            sock.sendall(head.encode("ascii"))
            for start in range(0, len(body), 65536):
                piece = body[start:start + 65536]
                sock.sendall(f"{len(piece):X}\r\n".encode("ascii") + piece + b"\r\n")
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server has stopped reading: its answer follows
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line.startswith(b"HTTP/1."), answer[:200]
    headers, _, payload = rest.partition(b"\r\n\r\n")
    if b"transfer-encoding: chunked" in headers.lower():
        payload = _dechunk(payload)
    return int(status_line.split()[1]), payload.decode("utf-8", "replace")


def _dechunk(payload: bytes) -> bytes:
    """The body of a chunked answer."""
    out = b""
    while payload:
        size_line, _, payload = payload.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out, payload = out + payload[:size], payload[size + 2:]
    return out
