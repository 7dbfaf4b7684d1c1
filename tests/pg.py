"""A throwaway PostgreSQL server for the tests and benchmarks: one per test run, started on first use.

It runs from a temporary folder on a free loopback port (``initdb`` and ``pg_ctl`` as the ``postgres`` user when
the tests run as root, as the current user otherwise) and is stopped when the run ends. When it cannot be
started the PostgreSQL tests are skipped and the summary says why, in one plain line — except in CI
(``CI=true``), where ``make test`` has installed PostgreSQL, so a server that cannot start is a failure.
``REFEREE_TEST_POSTGRES_URL`` names a database to use instead.

Every folder's conftest (and a test module) that offers the ``postgres_url`` fixture imports it from here; all
of them share the one server.
"""

from __future__ import annotations

import glob
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

import pytest

__all__ = ["postgres_url", "pytest_terminal_summary", "free_port", "fresh_database"]

#: Why the server could not start (said once in the run's summary).
_SKIPPED: list[str] = []
#: The running server's URL, once started, or the reason it could not start.
_STARTED: dict[str, str] = {}


#: Where :func:`free_port` looks when the system's range for outgoing connections cannot be read.
_EPHEMERAL_FROM = 32768
_PORTS_FROM = 10000


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now, below the ports the system gives outgoing connections
    (``ip_local_port_range``). A server is started on it a moment later, or again after a kill: a port of that range
    may be taken meanwhile by any connection another test run makes (a kill test beside another ``make test`` once
    found its port taken at start), a port below it only by a server that chose it."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = _EPHEMERAL_FROM
    chance = random.SystemRandom()
    for _ in range(100 if low > _PORTS_FROM + 1000 else 0):
        port = chance.randrange(_PORTS_FROM, low)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:  # no room below the range: any free port
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _pg_bin() -> Path | None:
    candidates = [os.environ.get("REFEREE_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    which = shutil.which("pg_ctl")
    if which:
        candidates.append(str(Path(which).resolve().parent))
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


class _PostgresUnavailable(Exception):
    pass


def _run(command: list[str]) -> None:
    subprocess.run(command, check=True, capture_output=True, timeout=60)


def _start_postgres(root: Path) -> tuple[str, list[str]]:
    """Start a server under ``root``; return its URL and the command that stops it."""
    binaries = _pg_bin()
    if binaries is None:
        raise _PostgresUnavailable("no initdb/pg_ctl found (on Debian: apt-get install -y postgresql)")
    as_owner: list[str] = []
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise _PostgresUnavailable("running as root and there is no postgres user") from None
        if shutil.which("runuser") is None:
            raise _PostgresUnavailable("running as root and runuser is missing")
        os.chown(root, owner.pw_uid, owner.pw_gid)
        as_owner = ["runuser", "-u", "postgres", "--"]
    data, sockets, log = root / "data", root / "sockets", root / "server.log"
    _run([*as_owner, "mkdir", "-p", str(sockets)])
    _run([*as_owner, str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
          "--no-sync"])
    port = free_port()
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    _run([*as_owner, str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "start"])
    stop = [*as_owner, str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]
    try:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={port} user=postgres dbname=postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE referee_test")
    except BaseException:
        subprocess.run(stop, capture_output=True, timeout=60)
        raise
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/referee_test", stop


def _throwaway_url(config: pytest.Config) -> str:
    """The one server's URL, started now if it is not yet; raises the reason when it cannot start."""
    if "url" in _STARTED:
        return _STARTED["url"]
    if "reason" in _STARTED:
        raise _PostgresUnavailable(_STARTED["reason"])
    root = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    try:
        url, stop = _start_postgres(root)
    except (_PostgresUnavailable, subprocess.SubprocessError, OSError, ImportError) as error:
        shutil.rmtree(root, ignore_errors=True)
        detail = getattr(error, "stderr", b"") or b""
        reason = str(error) + (": " + detail.decode(errors="replace").strip()[-300:] if detail else "")
        _STARTED["reason"] = reason
        raise _PostgresUnavailable(reason) from error

    def stop_it() -> None:
        subprocess.run(stop, capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)
        _STARTED.clear()

    config.add_cleanup(stop_it)
    _STARTED["url"] = url
    return url


def url_or_skip(config: pytest.Config, environ: Mapping[str, str] = os.environ) -> str:
    """The database URL the PostgreSQL tests use; when the server cannot start, a skip — or in CI, a failure.

    ``REFEREE_TEST_POSTGRES_URL`` wins; otherwise the throwaway server, started on first use.
    """
    if environ.get("REFEREE_TEST_POSTGRES_URL"):
        return environ["REFEREE_TEST_POSTGRES_URL"]
    try:
        return _throwaway_url(config)
    except _PostgresUnavailable as error:
        if environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL could not start, and CI=true requires it: {error}")
        _SKIPPED.append(str(error))
        pytest.skip(f"PostgreSQL tests skipped: {error}")


@pytest.fixture(scope="session")
def postgres_url(pytestconfig: pytest.Config) -> str:
    """The URL of a throwaway PostgreSQL database, or a skip saying plainly why there is none (in CI, a failure)."""
    return url_or_skip(pytestconfig)


def fresh_database(url: str, name: str) -> str:
    """A new, empty database called ``name`` on the server of ``url`` (dropped first if it is there): its URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    where = make_url(url)
    server = where.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return where.set(database=name).render_as_string(hide_password=False)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say plainly when the PostgreSQL tests could not run."""
    for reason in dict.fromkeys(_SKIPPED):
        terminalreporter.write_line(f"PostgreSQL tests skipped: {reason}", yellow=True, bold=True)
