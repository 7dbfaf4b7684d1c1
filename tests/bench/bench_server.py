"""The production server's worker class, measured: many open scoreboards on one server (loopback, bounded).

For each worker class (gunicorn's ``gthread`` with 1,000 threads, what ``referee serve`` used before, and
``referee.worker.Worker``, gevent's worker bounded per address, what it uses now; viewers come 40 to an address)
and each number of viewers: the server is started with ``referee/gunicorn_conf.py`` (2 workers), then
- baseline: a plain page's latency (``GET /``, p50 of 20) with nobody watching, and the workers' memory;
- N viewers open the live stream of one game; once they all have it: memory per viewer, the workers' CPU over
  5 s while nobody saves, and the plain page's latency meanwhile;
- one save (through the ledger, on the same SQLite file): the time until each viewer's stream carries it;
- the streams closed, 300 connections from 127.0.0.1 that send nothing, then the plain page's latency from
  another address (one address's 300 connections are over referee.worker's cap: it answers that one 503).
Prints one JSON document per (class, viewers), as every benchmark does (``make bench`` shows it without ``-s``).
``gevent`` is a dependency (pinned), so both classes are measured wherever ``make bench`` runs. Every loop
is bounded; all traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from referee import create_app, db
from referee.games.rummy.ledger.events import GameCreated, PlayerRenamed
from referee.ledger import store

from .harness import ROOT, VIEWERS_PER_ADDRESS, free_port, loopback_sources, report

VIEWERS = [int(n) for n in os.environ.get("BENCH_VIEWERS", "100,500").split(",")]
CLASSES = ["gthread", "referee.worker.Worker"]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def _workers(master: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in found]


def _rss_kb(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def _cpu_seconds(pids: list[int]) -> float:
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


async def _get(port: int, path: str, timeout: float = 60.0, source: str = "127.0.0.1") -> float:
    began = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    data = await asyncio.wait_for(reader.read(), timeout)
    writer.close()
    assert data.startswith(b"HTTP/1.1 200"), data[:100]
    return time.monotonic() - began


async def _p50_get(port: int, count: int = 20) -> float:
    return statistics.median([await _get(port, "/") for _ in range(count)])


class _Viewer:
    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.updated_at: float | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def watch(self, port: int, path: str, source: str) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        await self.writer.drain()
        while True:
            chunk = await reader.readuntil(b"\n\n")
            if b"retry:" in chunk:
                self.ready.set()
            elif b"data:" in chunk and self.ready.is_set():
                self.updated_at = time.monotonic()
                return

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def _measure(port: int, master: int, view_path: str, viewers: int, save: Any) -> dict[str, Any]:
    await _p50_get(port, 5)  # warm both workers
    baseline_get = await _p50_get(port)
    workers = _workers(master)
    rss_before = _rss_kb(workers)
    crowd = [_Viewer() for _ in range(viewers)]
    sources = loopback_sources(-(-viewers // VIEWERS_PER_ADDRESS))
    tasks = [asyncio.create_task(viewer.watch(port, view_path, sources[n % len(sources)]))
             for n, viewer in enumerate(crowd)]
    await asyncio.wait_for(asyncio.gather(*(viewer.ready.wait() for viewer in crowd)), 120)
    await asyncio.sleep(2)
    rss_after = _rss_kb(workers)
    cpu_before = _cpu_seconds(workers)
    await asyncio.sleep(5)
    idle_cpu = (_cpu_seconds(workers) - cpu_before) / 5
    busy_get = await _p50_get(port)
    saved_at = save()
    await asyncio.wait(tasks, timeout=60)
    delays = sorted(v.updated_at - saved_at for v in crowd if v.updated_at is not None)
    for viewer in crowd:
        viewer.close()
    for task in tasks:
        task.cancel()
    await asyncio.sleep(1)
    silent = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(300)]
    try:
        await asyncio.sleep(0.5)
        after_silent = await _get(port, "/", source="127.0.0.2")  # another address than the silent ones
    finally:
        for sock in silent:
            sock.close()
    return {
        "viewers": viewers,
        "get_p50_ms_nobody_watching": round(baseline_get * 1000, 1),
        "get_p50_ms_while_watching": round(busy_get * 1000, 1),
        "memory_kb_per_viewer": round((rss_after - rss_before) / viewers, 1),
        "idle_cpu_share_of_a_core": round(idle_cpu, 3),
        "updated_viewers": len(delays),
        "save_to_viewer_p50_ms": round(statistics.median(delays) * 1000) if delays else None,
        "save_to_viewer_p95_ms": round(delays[max(0, int(len(delays) * 0.95) - 1)] * 1000) if delays else None,
        "get_ms_after_300_silent_connections": round(after_silent * 1000, 1),
    }


@pytest.mark.parametrize("worker_class", CLASSES)
@pytest.mark.parametrize("viewers", VIEWERS)
def test_worker_class_under_many_viewers(worker_class: str, viewers: int, tmp_path: Path, capsys: Any) -> None:
    if worker_class != "gthread" and importlib.util.find_spec("gevent") is None:
        pytest.fail(f"{worker_class} is missing: it is in the test extra (pip install -e '.[test]')")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * viewers + 1000)), hard))
    database = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    app = create_app({"DATABASE_URL": database}, instance_path=tmp_path / "instance")
    with app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Cora"), first_dealer="Ana")
        )
        game_id, view_token = game.id, game.view_token
    assert game_id is not None

    def save() -> float:
        with app.app_context(), db.session() as session:
            store.append(session, game_id=game_id, event=PlayerRenamed(old="Ana", new="Ana María"), expected_seq=1)
        return time.monotonic()

    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE_URL": database, "REFEREE_SECRET_KEY": "bench-only",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}  # this checkout
    command = [str(GUNICORN), "-c", "python:referee.gunicorn_conf", "-k", worker_class, "-b", f"127.0.0.1:{port}",
               "--access-logfile", "/dev/null", "referee:create_app()"]
    if worker_class == "gthread":
        command[-1:-1] = ["--threads", "1000"]
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.2)
        result = asyncio.run(_measure(port, server.pid, f"/v/{view_token}/live?seq=1", viewers, save))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        app.extensions["referee.db"].dispose()
    report(f"server-worker-class-{worker_class}-{viewers}-viewers", {"worker_class": worker_class, **result}, capsys)
    assert result["updated_viewers"] == viewers
