"""Database fixtures for the ledger: SQLite files, and a throwaway PostgreSQL server when one can be started.

The PostgreSQL server runs from a temporary folder on a free loopback port (``initdb`` and ``pg_ctl`` as the
``postgres`` user when the tests run as root, as the current user otherwise). When it cannot be started the
PostgreSQL tests are skipped and the summary says why, in one plain line.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from referee.db import init_db, make_engine

_PG_SKIPPED: list[str] = []


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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class _PostgresUnavailable(Exception):
    pass


def _run(command: list[str]) -> None:
    subprocess.run(command, check=True, capture_output=True, timeout=60)


def _start_postgres(root: Path) -> tuple[str, list[str], Path]:
    """Start a server under ``root``; return its URL, the command prefix to run as its owner, and pg_ctl."""
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
    port = _free_port()
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    _run([*as_owner, str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "start"])
    import psycopg

    with psycopg.connect(f"host=127.0.0.1 port={port} user=postgres dbname=postgres", autocommit=True) as conn:
        conn.execute("CREATE DATABASE referee_test")
    stop = [*as_owner, str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/referee_test", stop, data


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a throwaway PostgreSQL database, or a skip saying plainly why there is none."""
    if os.environ.get("REFEREE_TEST_POSTGRES_URL"):
        yield os.environ["REFEREE_TEST_POSTGRES_URL"]
        return
    root = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    stop: list[str] = []
    try:
        try:
            url, stop, _ = _start_postgres(root)
        except (_PostgresUnavailable, subprocess.SubprocessError, OSError, ImportError) as error:
            detail = getattr(error, "stderr", b"") or b""
            reason = str(error) + (": " + detail.decode(errors="replace").strip()[-300:] if detail else "")
            _PG_SKIPPED.append(reason)
            pytest.skip(f"PostgreSQL tests skipped: {reason}")
        yield url
    finally:
        if stop:
            subprocess.run(stop, capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An engine with the tables created: a SQLite file, then the throwaway PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ledger.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    made = make_engine(url)
    init_db(made)
    yield made
    made.dispose()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say plainly when the PostgreSQL tests could not run."""
    for reason in dict.fromkeys(_PG_SKIPPED):
        terminalreporter.write_line(f"PostgreSQL tests skipped: {reason}", yellow=True, bold=True)
