"""Live updates at scale: the time from a save's response to every viewer's update, with 10, 200 and 1,000 viewers
on one game and spread over 30 games; the save's own latency meanwhile (against saves with nobody watching,
measured on the same server in the same run); the server's CPU while every viewer waits idle; memory per
waiting viewer.

Goals: 1,000 viewers — save → every viewer p95 ≤ 500 ms, the save's own p99 ≤ 200 ms, idle viewers ≤ 5% of a
core in all, ≤ 100 KB per waiting viewer.

The viewers are a bounded asyncio client (server-sent events over plain sockets, HTTP/1.0 so the stream is not
chunked), on 127.0.0.1, on the same two cores as the server: its own work is in the figures. Every wait has a
deadline; each scenario makes ROUNDS rounds of IDLE seconds of idle measuring and SAVES saves — more where
there are more games than that in all, so that every game gets saves and every viewer is timed.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee.games.persian.ledger import GameCreated as TableGameCreated
from tests.serving import TableScorekeeper

from .harness import (
    PLAYERS,
    VIEWERS_PER_ADDRESS,
    GameLinks,
    Scorekeeper,
    Server,
    loopback_sources,
    make_games,
    report,
    server,
    summary,
)

ROUNDS = 3
SAVES = 8
IDLE = 5.0
CONNECT_DEADLINE = 120.0
#: Viewers that open their stream each second: phones arrive over time, not 5,000 in one instant (a burst
#: beyond what the workers can answer within their 5 s deadline for a request's head is shed, and retried).
ARRIVALS_PER_SECOND = 250
UPDATE_DEADLINE = 20.0
#: Rummy and Shelem runs, interleaved, for the Shelem-beside-rummy figures.
PAIRS = 3
SCENARIOS = [(10, 1), (200, 1), (1000, 1), (200, 30), (1000, 30)]


class _Stream(asyncio.Protocol):
    """One viewer's stream, read as it arrives: each ``board`` event's seq and the moment its bytes came in.

    A plain protocol, not asyncio's stream reader: 5,000 streams share one event loop on the server's own two
    cores, and the reader's buffers, waiters and wake-ups per event cost the client more than its sockets do."""

    def __init__(self, crowd: Viewers, index: int, game: str) -> None:
        self.crowd, self.index, self.game = crowd, index, game
        self.buffer = bytearray()
        self.head = False
        self.counted = False

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.buffer += data
        if not self.head:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[:end].split(b"\r\n", 1)[0])
            if b" 200 " not in status:
                self.crowd.failed.append(status[:100].decode(errors="replace"))
                self.buffer.clear()
                return
            self.head = True
            del self.buffer[:end + 4]
        while (end := self.buffer.find(b"\n\n")) >= 0:
            block = bytes(self.buffer[:end])
            del self.buffer[:end + 2]
            if not self.counted:
                self.crowd.connected += 1
                self.counted = True
            if block.startswith(b"event: board"):
                seq = int(block.split(b"\nid: ", 1)[1].split(b"\n", 1)[0])
                self.crowd.arrivals[(self.index, seq)] = now
                self.crowd.counts[(self.game, seq)] += 1

    def connection_lost(self, error: Exception | None) -> None:
        self.crowd.end(self.index, self.game, error)


class Viewers:
    """Many viewers' streams, each on one game; when each got each seq."""

    def __init__(self, host: str, port: int | str, first: int = 0, step: int = 1,
                 sources: list[str] | None = None) -> None:
        self.host, self.port = host, int(port)
        #: Loopback source addresses the viewers connect from, in turn (None: the system's choice, 127.0.0.1).
        self.sources = sources
        self.first, self.step = first, step
        self.arrivals: dict[tuple[int, int], float] = {}  # (viewer, seq) -> perf_counter
        #: How many viewers of a game (its view token) got each seq, and how many of its streams ended.
        self.counts: Counter[tuple[str, int]] = Counter()
        self.ended_of: Counter[str] = Counter()
        self.connected = 0
        self.failed: list[str] = []
        #: The viewers whose stream ended or never opened: no update is waited for them.
        self.ended: set[int] = set()
        self.tasks: list[asyncio.Task[None]] = []
        self.transports: list[asyncio.BaseTransport] = []

    def end(self, index: int, game: str, error: BaseException | None) -> None:
        if index not in self.ended:
            self.ended.add(index)
            self.ended_of[game] += 1
            if error is not None:
                self.failed.append(repr(error))

    async def _one(self, index: int, token: str, delay: float = 0.0) -> None:
        try:
            await asyncio.sleep(delay)
            source = (self.sources[index % len(self.sources)], 0) if self.sources else None
            transport, _ = await asyncio.get_running_loop().create_connection(
                lambda: _Stream(self, index, token), self.host, self.port, local_addr=source)
            self.transports.append(transport)
            transport.write(f"GET /v/{token}/live?seq=1 HTTP/1.0\r\nHost: bench\r\n"  # type: ignore[attr-defined]
                            f"Accept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n".encode())
        except OSError as error:
            self.end(index, token, error)

    def open(self, tokens: list[str]) -> None:
        for n, token in enumerate(tokens):
            index = self.first + n * self.step
            self.tasks.append(asyncio.ensure_future(self._one(index, token, index / ARRIVALS_PER_SECOND)))

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for transport in self.transports:
            transport.close()
        await asyncio.sleep(0)

    @staticmethod
    def merged(crowds: list[Viewers]) -> _Merged:
        for n, crowd in enumerate(crowds):
            crowd.first, crowd.step = n, len(crowds)
        return _Merged(crowds)


class _Merged:
    """Several servers' viewers seen as one crowd (viewer i is on server i % len(crowds))."""

    def __init__(self, crowds: list[Viewers]) -> None:
        self.crowds = crowds
        self.arrivals: dict[tuple[int, int], float] = {}
        self.counts: Counter[tuple[str, int]] = Counter()
        for crowd in crowds:
            crowd.arrivals = self.arrivals
            crowd.counts = self.counts

    @property
    def connected(self) -> int:
        return sum(c.connected for c in self.crowds)

    @property
    def failed(self) -> list[str]:
        return [f for c in self.crowds for f in c.failed]

    @property
    def ended(self) -> set[int]:
        return set().union(*(c.ended for c in self.crowds))

    def ended_of(self, game: str) -> int:
        return sum(c.ended_of[game] for c in self.crowds)

    async def close(self) -> None:
        for crowd in self.crowds:
            await crowd.close()


async def scenario(running: Server, games: list[GameLinks], viewers: int,
                   watching: list[Server] | None = None, sources: list[str] | None = None,
                   keeper: type[Scorekeeper] = Scorekeeper) -> dict[str, Any]:
    """Saves through ``running`` by ``keeper``s; the viewers on ``watching`` (the same server by default), spread
    evenly, from the loopback addresses ``sources`` in turn (default: :data:`VIEWERS_PER_ADDRESS` from each of
    127.0.0.2 on)."""
    servers = watching or [running]
    keepers = [keeper(running.url, game.edit_token) for game in games]
    seqs = [1] * len(games)

    async def save(k: int) -> tuple[float, float]:
        """One save on game k; returns (its own latency, the moment its response arrived)."""
        latency = await asyncio.to_thread(keepers[k].save)
        seqs[k] += 1
        return latency, time.perf_counter()

    # Saves with nobody watching: the baseline for the save's own latency.
    alone = []
    for n in range(SAVES):
        alone.append((await save(n % len(games)))[0] * 1000)
    memory_before = sum(s.memory_kb() for s in servers)

    sources = sources or loopback_sources(-(-viewers // VIEWERS_PER_ADDRESS))
    crowds = [Viewers(*s.url.removeprefix("http://").split(":"), sources=sources) for s in servers]
    crowd = Viewers.merged(crowds)  # viewer i is on server i % len(servers)
    of_game = [i % len(games) for i in range(viewers)]
    for n, one in enumerate(crowds):
        one.open([games[g].view_token for g in of_game[n::len(crowds)]])
    deadline = time.monotonic() + CONNECT_DEADLINE
    while crowd.connected + len(crowd.failed) < viewers and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    connected = crowd.connected
    connect_s = CONNECT_DEADLINE - max(0.0, deadline - time.monotonic())
    await asyncio.sleep(1.0)
    memory_after = sum(s.memory_kb() for s in servers)

    # Every game gets saves (so every viewer is timed): 30 games take 10 saves a round, one each in all.
    per_round = max(SAVES, -(-len(games) // ROUNDS))
    idle, updates, own, missed = [], [], [], 0
    fanout: list[float] = []
    reading: list[float] = []
    timed: set[int] = set()
    saved: set[int] = set()
    for r in range(ROUNDS):
        cpu = sum(s.cpu_seconds() for s in servers)
        started = time.monotonic()
        await asyncio.sleep(IDLE)
        idle.append(100 * (sum(s.cpu_seconds() for s in servers) - cpu) / (time.monotonic() - started))
        cpu = sum(s.cpu_seconds() for s in servers)
        client_cpu = time.process_time()
        delivered = len(updates)
        for n in range(per_round):
            k = (r * per_round + n) % len(games)
            saved.add(k)
            latency, answered = await save(k)
            own.append(latency * 1000)
            watchers = [i for i in range(viewers) if of_game[i] == k]
            token = games[k].view_token
            until = time.monotonic() + UPDATE_DEADLINE
            # Counted as they arrive (a scan of every viewer each few ms would take the client's core from them);
            # the scan runs once the count says all are in (a stream that got the seq and then ended counts twice).
            while time.monotonic() < until and not (
                    crowd.counts[(token, seqs[k])] + crowd.ended_of(token) >= len(watchers)
                    and all((i, seqs[k]) in crowd.arrivals or i in crowd.ended for i in watchers)):
                await asyncio.sleep(0.005)
            for i in watchers:
                arrived = crowd.arrivals.get((i, seqs[k]))
                if arrived is None:
                    missed += 1
                else:
                    updates.append((arrived - answered) * 1000)
                    timed.add(i)
            await asyncio.sleep(0.3)
        # The server's CPU for the round's saves and their updates, per update delivered (the saves' own cost
        # and the round's pauses included: an upper bound on what waking and writing to one viewer costs).
        if len(updates) > delivered:
            fanout.append(1e6 * (sum(s.cpu_seconds() for s in servers) - cpu) / (len(updates) - delivered))
            # The measuring client's own (it shares the server's two cores): what it took to read them.
            reading.append(1e6 * (time.process_time() - client_cpu) / (len(updates) - delivered))
    ended = len(crowd.ended)
    await crowd.close()
    return {
        "viewers": viewers,
        "games": len(games),
        "connected": connected,
        "all_answered_within_s": round(connect_s, 1),
        "ended_before_the_end": ended,
        "failed": len(crowd.failed),
        "failures": sorted(set(crowd.failed))[:3],
        "games_saved": len(saved),
        "viewers_timed": len(timed),
        "update_after_save_response_ms": summary(updates),
        "updates_missed": missed,
        "save_ms_with_viewers": summary(own),
        "save_ms_nobody_watching": summary(alone),
        "idle_cpu_percent_of_one_core": summary(idle),
        "server_cpu_us_per_update": summary(fanout),
        "client_cpu_us_per_update": summary(reading),
        "memory_kb_per_waiting_viewer": round((memory_after - memory_before) / max(connected, 1), 1),
    }


@pytest.mark.parametrize(("viewers", "spread"), SCENARIOS, ids=[f"{v}-viewers-{g}-games" for v, g in SCENARIOS])
def test_save_to_every_viewer(tmp_path: Path, capsys: Any, viewers: int, spread: int) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    games = make_games(url, spread)
    with server(url, tmp_path) as running:
        figures = asyncio.run(scenario(running, games, viewers))
    figures["server"] = "gunicorn, 2 gevent workers (referee.gunicorn_conf: referee.worker.Worker), SQLite"
    report(f"live-{viewers}-viewers-{spread}-games", figures, capsys)
    assert figures["connected"] == viewers, figures
    assert figures["games_saved"] == spread, figures


def test_two_servers_on_postgresql(tmp_path: Path, capsys: Any, postgres_url: str) -> None:
    """1,000 viewers split over two server instances on one PostgreSQL database; saves through the first."""
    games = make_games(postgres_url, 1)
    with server(postgres_url, tmp_path) as first, server(postgres_url, tmp_path) as second:
        figures = asyncio.run(scenario(first, games, 1000, watching=[first, second]))
    figures["server"] = "two gunicorn servers (2 referee.worker.Worker each) on one PostgreSQL database"
    report("live-1000-viewers-two-servers-postgresql", figures, capsys)
    assert figures["connected"] == 1000, figures


def test_a_shelem_game_beside_a_rummy_game(tmp_path: Path, capsys: Any) -> None:
    """200 viewers on a Shelem game and on a rummy game, one after the other on the same server, PAIRS times
    interleaved (so a busy moment of the shared machine hits both alike): the Shelem game's figures against the
    rummy game's (goal: no worse), as medians of the runs with their spread, and the ratio within each pair."""
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    # A new game for each run: a scenario counts the game's seqs from its creation.
    rummy = make_games(url, PAIRS)
    shelem = make_games(url, PAIRS, created=TableGameCreated(variant="shelem", players=PLAYERS, first=PLAYERS[0]))
    runs: dict[str, list[dict[str, Any]]] = {"rummy": [], "shelem": []}
    with server(url, tmp_path) as running:
        for n in range(PAIRS):
            runs["rummy"].append(asyncio.run(scenario(running, [rummy[n]], 200)))
            runs["shelem"].append(asyncio.run(scenario(running, [shelem[n]], 200, keeper=TableScorekeeper)))
    figures: dict[str, Any] = {"server": "gunicorn, 2 referee.worker.Worker (referee.gunicorn_conf), SQLite",
                               "pairs": PAIRS}
    for game, results in runs.items():
        assert all(r["connected"] == 200 and r["updates_missed"] == 0 for r in results), (game, results)
        figures[game] = {
            "update_p95_ms": summary([r["update_after_save_response_ms"]["p95"] for r in results]),
            "update_median_ms": summary([r["update_after_save_response_ms"]["median"] for r in results]),
            "save_p99_ms": summary([r["save_ms_with_viewers"]["p99"] for r in results]),
            "idle_cpu_percent_of_one_core": summary([r["idle_cpu_percent_of_one_core"]["median"] for r in results]),
            "memory_kb_per_waiting_viewer": summary([r["memory_kb_per_waiting_viewer"] for r in results]),
        }
    figures["shelem_over_rummy"] = {
        figure: summary([s[key][part] / r[key][part] for s, r in zip(runs["shelem"], runs["rummy"], strict=True)])
        for figure, key, part in (("update_p95", "update_after_save_response_ms", "p95"),
                                  ("update_median", "update_after_save_response_ms", "median"),
                                  ("save_p99", "save_ms_with_viewers", "p99"))}
    report("live-200-viewers-shelem-beside-rummy", figures, capsys)
