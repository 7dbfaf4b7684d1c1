"""What the server benchmarks share: the production server started for real, games made, load, figures.

The server is the production one — gunicorn with ``referee.gunicorn_conf``, as ``referee serve`` runs it — on
127.0.0.1 only, serving ``benchapp:app``: the referee app plus one minimal JSON endpoint, ``/_bench/json``, the
baseline every figure is compared with in the same run (so a ratio holds on a busy shared machine).

The scorekeeper that saves over HTTP is the server tests' own (:class:`tests.serving.Scorekeeper`). Load comes
from Debian's ``wrk`` (``make bench`` installs it) or from a bounded asyncio client; every loop
stops by itself (a count and a deadline).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlmodel import Session

from referee.db import init_db, make_engine
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from tests.serving import Scorekeeper, free_port

__all__ = ["BASELINE", "PLAYERS", "Scorekeeper", "free_port", "Server", "server", "GameLinks", "make_games",
           "wrk_path", "wrk", "summary", "report", "loopback_sources", "VIEWERS_PER_ADDRESS"]

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
BASELINE = "/_bench/json"
EXTRA = os.environ.get("BENCH_GUNICORN_EXTRA", "").split()
PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


@dataclass
class Server:
    """A running production server: its address, its process, its database URL and, when kept, its access log."""

    url: str
    port: int
    process: subprocess.Popen[bytes]
    database_url: str
    access_log: Path | None = None

    def requests_logged(self) -> list[str]:
        """The request lines of the access log so far (the link secrets masked), oldest first; a request is
        logged when its response has gone out."""
        if self.access_log is None or not self.access_log.exists():
            return []
        return re.findall(r'"([A-Z]+ \S+) HTTP/[\d.]+"', self.access_log.read_text(errors="replace"))

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
def server(database_url: str, tmp: Path, *, workers: int = 2, access_log: bool = False,
           cpus: str | None = None) -> Iterator[Server]:
    """Start the production server on a free loopback port; stop it (SIGTERM to its own pid) afterwards. Its
    access log goes to /dev/null, or with ``access_log`` to a file (:meth:`Server.requests_logged`). With ``cpus``
    (``"0"``), the server and its workers run on those cores only (``taskset``), so that wrk can have the others."""
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "REFEREE_DATABASE_URL": database_url,
        "REFEREE_SECRET_KEY": "bench-" + "x" * 40,
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
    }
    requests = tmp / f"access-{port}.log" if access_log else None
    pinned = ["taskset", "-c", cpus] if cpus is not None else []
    command = [*pinned, sys.executable, "-m", "gunicorn", "-c", "python:referee.gunicorn_conf",
               "--workers", str(workers), "--access-logfile", str(requests or os.devnull), *EXTRA, "benchapp:app"]
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
        yield Server(url=url, port=port, process=process, database_url=database_url, access_log=requests)
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


def make_games(database_url: str, count: int, *, events: Sequence[Any] = (),
               created: Any | None = None) -> list[GameLinks]:
    """Create ``count`` games (each with ``events`` after its creation) straight through the store: contract
    rummy's Telefunken unless ``created`` is another game's creation (a family's own events then)."""
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


def wrk(url: str, *, connections: int, seconds: int = 4, headers: Sequence[str] = (),
        cpus: str | None = None) -> dict[str, float]:
    """Requests per second and latency percentiles (ms) of ``url`` under wrk, on one thread per connection
    up to two (the machine has two cores); with ``cpus`` (``"1"``), on those cores only, one thread."""
    threads = 1 if cpus is not None else min(connections, 2)
    pinned = ["taskset", "-c", cpus] if cpus is not None else []
    command = [*pinned, wrk_path(), "--latency", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s"]
    for header in headers:
        command += ["-H", header]
    output = subprocess.run([*command, url], capture_output=True, text=True, timeout=seconds + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    latency = {int(p): _ms(v) for p, v in re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", output, re.M)}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": rps, "p50_ms": latency[50], "p99_ms": latency[99],
            "non_2xx": float(errors.group(1)) if errors else 0.0}


def loopback_sources(count: int) -> list[str]:
    """``count`` loopback addresses to connect from, 127.0.0.2 upwards (the server caps what one address holds:
    many viewers come from many addresses, as phones do)."""
    return [f"127.0.{(n + 1) // 254}.{(n + 1) % 254 + 1}" for n in range(count)]


#: Viewers per source address in the benchmarks: well under the server's cap on one address's live streams.
VIEWERS_PER_ADDRESS = 40


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
