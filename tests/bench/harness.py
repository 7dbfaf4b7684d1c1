"""What the server benchmarks share: the production server started for real, games made, load, figures.

The server is the production one — gunicorn with ``referee.gunicorn_conf``, as ``referee serve`` runs it — on
127.0.0.1 only, serving ``benchapp:app``: the referee app plus one minimal JSON endpoint, ``/_bench/json``, the
baseline every figure is compared with in the same run (so a ratio holds on a busy shared machine).

Load comes from Debian's ``wrk`` (``make bench`` installs it) or from a bounded asyncio client; every loop
stops by itself (a count and a deadline).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from http.client import HTTPConnection
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sqlmodel import Session

from referee.db import init_db, make_engine
from referee.ledger import store
from referee.ledger.events import Event, GameCreated

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
BASELINE = "/_bench/json"
PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running production server: its address, its process, and its database URL."""

    url: str
    port: int
    process: subprocess.Popen[bytes]
    database_url: str

    def pids(self) -> list[int]:
        """The master's and the workers' process ids."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        kids = [int(p) for p in children.read_text().split()] if children.exists() else []
        return [self.process.pid, *kids]

    def workers(self) -> list[int]:
        return self.pids()[1:]

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the master and its workers."""
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except FileNotFoundError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")

    def memory_kb(self) -> int:
        """The workers' proportional set size (shared pages split between processes), in KB."""
        total = 0
        for pid in self.workers():
            try:
                text = Path(f"/proc/{pid}/smaps_rollup").read_text()
            except FileNotFoundError:
                continue
            match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
            total += int(match.group(1)) if match else 0
        return total


@contextmanager
def server(database_url: str, tmp: Path, *, workers: int = 2, threads: int | None = None) -> Iterator[Server]:
    """Start the production server on a free loopback port; stop it (SIGTERM to its own pid) afterwards."""
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "REFEREE_DATABASE_URL": database_url,
        "REFEREE_SECRET_KEY": "bench-" + "x" * 40,
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
    }
    if threads is not None:
        env["REFEREE_THREADS"] = str(threads)
    command = [sys.executable, "-m", "gunicorn", "-c", "python:referee.gunicorn_conf", "--workers", str(workers),
               "--access-logfile", "/dev/null", "benchapp:app"]
    log = open(tmp / f"server-{port}.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(command, env=env, cwd=str(ROOT), stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + BASELINE, timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((tmp / f"server-{port}.log").read_text()[-3000:])
            time.sleep(0.2)
        # Every worker has answered once before anything is measured.
        for _ in range(20):
            urllib.request.urlopen(url + BASELINE, timeout=5).read()
        yield Server(url=url, port=port, process=process, database_url=database_url)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        log.close()


# ---- games --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameLinks:
    game_id: int
    public_id: str
    edit_token: str
    view_token: str


def make_games(database_url: str, count: int, *, events: Sequence[Event] = (),
               created: GameCreated | None = None) -> list[GameLinks]:
    """Create ``count`` games (each with ``events`` after its creation) straight through the store."""
    engine = make_engine(database_url)
    init_db(engine)
    made: list[GameLinks] = []
    try:
        with Session(engine) as session:
            for _ in range(count):
                game = store.create_game(session, created=created or GameCreated(
                    variant="telefunken", players=PLAYERS, first_dealer="Ana"))
                assert game.id is not None
                seq = 1
                for event in events:
                    seq = store.append(session, game_id=game.id, event=event, expected_seq=seq).seq
                made.append(GameLinks(game.id, game.public_id, game.edit_token, game.view_token))
    finally:
        engine.dispose()
    return made


# ---- a scorekeeper over HTTP ---------------------------------------------------------------------------------


class _Forms(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), {}))
        elif tag == "input" and self.forms and "name" in a and a.get("type") not in ("radio", "checkbox", "submit"):
            self.forms[-1][1].setdefault(a["name"], a.get("value", ""))


class Scorekeeper:
    """One scorekeeper's phone: renames the first player back and forth (an event that is always allowed)."""

    def __init__(self, base: str, edit_token: str) -> None:
        self.host, self.port = base.removeprefix("http://").split(":")
        self.token = edit_token
        self.cookie = ""

    def _request(self, method: str, path: str, body: str | None = None) -> tuple[int, bytes, dict[str, str]]:
        connection = HTTPConnection(self.host, int(self.port), timeout=60)
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("session="):
                self.cookie = value.split(";", 1)[0]
        connection.close()
        return response.status, data, dict(response.getheaders())

    def page(self, path: str = "") -> bytes:
        status, data, _ = self._request("GET", f"/g/{self.token}{path}")
        assert status == 200, status
        return data

    def save(self) -> float:
        """One save (a rename) through the players screen; returns the POST's own latency in seconds."""
        html = self.page("/players").decode()
        for action, fields in _Forms(html).forms:
            player = [k for k in fields if k.endswith("player")]
            if action.endswith("/players") and player:
                old = fields[player[0]]
                new = old.removesuffix(" B") if old.endswith(" B") else old + " B"
                fields[player[0].removesuffix("player") + "new_name"] = new
                break
        else:
            raise AssertionError("no rename form")
        started = time.perf_counter()
        status, _, headers = self._request("POST", action, urlencode(fields))
        elapsed = time.perf_counter() - started
        assert status == 303, (status, headers)
        return elapsed


    def undo(self) -> float:
        """Undo the last action through the Undo screen; returns the POST's own latency in seconds."""
        html = self.page("/undo").decode()
        found = [(action, fields) for action, fields in _Forms(html).forms if action.endswith("/undo")]
        assert found, "no undo form"
        action, fields = found[0]
        started = time.perf_counter()
        status, _, headers = self._request("POST", action, urlencode(fields))
        elapsed = time.perf_counter() - started
        assert status == 303, (status, headers)
        return elapsed


# ---- load and figures -----------------------------------------------------------------------------------------


def wrk_path() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise RuntimeError("wrk is missing: `make bench` installs Debian's wrk (apt-get install wrk)")
    return found


def _ms(text: str) -> float:
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    assert match, text
    value, unit = float(match.group(1)), match.group(2)
    return value * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def wrk(url: str, *, connections: int, seconds: int = 4, headers: Sequence[str] = ()) -> dict[str, float]:
    """Requests per second and latency percentiles (ms) of ``url`` under wrk, on one thread per connection
    up to two (the machine has two cores)."""
    threads = min(connections, 2)
    command = [wrk_path(), "--latency", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s"]
    for header in headers:
        command += ["-H", header]
    output = subprocess.run([*command, url], capture_output=True, text=True, timeout=seconds + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    latency = {int(p): _ms(v) for p, v in re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", output, re.M)}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": rps, "p50_ms": latency[50], "p99_ms": latency[99],
            "non_2xx": float(errors.group(1)) if errors else 0.0}


def summary(values: Sequence[float]) -> dict[str, float]:
    """Median, spread (min, max) and tail of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return {"n": 0}
    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
    return {"n": len(ordered), "median": round(statistics.median(ordered), 3), "min": round(ordered[0], 3),
            "max": round(ordered[-1], 3), "p95": round(pick(0.95), 3), "p99": round(pick(0.99), 3)}


def report(name: str, figures: dict[str, Any], capsys: Any) -> None:
    """Print the figures as one JSON document (whatever pytest's capture setting), and keep them in a file."""
    text = json.dumps({"bench": name, **figures}, indent=1, sort_keys=False)
    with capsys.disabled():
        print()
        print(text)
    out = ROOT / "tests" / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / f"{name}.json").write_text(text + "\n")
