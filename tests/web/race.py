"""A second phone beside the fuzzer (tests/web/fuzz.py): it saves on the fuzzer's current game and now and then
deletes it, so that deletes land between another request's read of the game and its write.

It has its own test client and its own random source (seeded), and runs in a thread of its own. It takes a turn
(one in :data:`TURN_ONE_IN`) each time the fuzzer sends a request (the fuzzer's ``on_send``), so the two phones'
requests overlap and the second phone's are bounded by the fuzzer's. Half of its deletes are sent at once, racing
whatever the fuzzer sends; the other half lie in wait for the fuzzer's next write: the fuzzer's thread, about to
begin its write transaction (its request has read the game already), waits while the second phone deletes the
game, then writes, so that save must be answered 410 ("This game was deleted"), every time, whatever the timing.

Its answers are tallied as the fuzzer's are: a 5xx, or a request that raises, is a failure. Every wait is on an
event and has a bound; the thread is joined at the end.
"""

from __future__ import annotations

import random
import threading
import traceback
import uuid
from types import TracebackType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlmodel import Session

from referee.games.rummy.ledger.state import GameState
from referee.ledger import store

from .fuzz import Fuzzer, Tally

#: The second phone acts at one of the fuzzer's requests in this many (``make test``'s time stays small).
TURN_ONE_IN = 3
#: One of its acts in this many deletes the game instead of saving on it.
DELETE_ONE_IN = 12
#: How long a phone waits for the other's request, in seconds: a bound, never a pause.
JOIN_TIMEOUT = 120.0


class Racer:
    """The second phone: ``with Racer(fuzzer): ...`` runs it while the fuzzer sends; its tally is ``tally``."""

    def __init__(self, fuzzer: Fuzzer, seed: int = 1, delete_one_in: int = DELETE_ONE_IN) -> None:
        self.fuzzer, self.delete_one_in = fuzzer, delete_one_in
        self.client = fuzzer.app.test_client()
        self.rng = random.Random(seed)
        self._turn_rng = random.Random(f"{seed}/turns")  # drawn in the fuzzer's thread, at each of its requests
        self.tally = Tally()
        #: Games deleted, and deletes that lay in wait for one of the fuzzer's writes.
        self.deleted = self.ambushes = 0
        self._engine = fuzzer.app.extensions["referee.db"]
        self._turns = threading.Semaphore(0)
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="fuzz-racer", daemon=True)
        # The ambush: armed by the second phone; the fuzzer's thread, beginning a write, says "now" and waits
        # for "done" (the game deleted).
        self._writer = threading.get_ident()
        self._armed = False
        self._now, self._done = threading.Semaphore(0), threading.Semaphore(0)

    def __enter__(self) -> Racer:
        self._writer = threading.get_ident()
        # A write transaction's option is set on its connection before it begins (on SQLite: before BEGIN IMMEDIATE
        # takes the write lock, which the delete needs).
        event.listen(self._engine, "set_connection_execution_options", self._before_write)
        self.fuzzer.on_send = self._turn
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.fuzzer.on_send = None
        self._stopping = True
        self._turns.release()
        self._now.release()  # an ambush still waiting: the fuzzer will write no more
        self._thread.join(JOIN_TIMEOUT)
        event.remove(self._engine, "set_connection_execution_options", self._before_write)
        if self._thread.is_alive():
            self.tally.failures.append(f"the second phone's request did not end within {JOIN_TIMEOUT:.0f} s")

    def _turn(self) -> None:
        if self._turn_rng.randrange(TURN_ONE_IN) == 0:
            self._turns.release()

    def _before_write(self, _connection: Connection, options: dict[str, Any]) -> None:
        """In the fuzzer's thread, a write transaction about to begin: when an ambush is armed, the game goes first."""
        if not self._armed or threading.get_ident() != self._writer or not options.get(store.WRITE_TRANSACTION):
            return
        self._armed = False
        self.fuzzer.overtaken = True
        self._now.release()
        if not self._done.acquire(timeout=JOIN_TIMEOUT):
            self.tally.failures.append(f"the second phone's delete did not end within {JOIN_TIMEOUT:.0f} s")

    def _run(self) -> None:
        while True:
            self._turns.acquire()
            if self._stopping:
                return
            try:
                self.step()
            except Exception:  # noqa: BLE001 — a request that raises is what this looks for; said by the test
                self.tally.failures.append(f"second phone:\n{traceback.format_exc()}")

    def step(self) -> None:
        """One turn: a save on the fuzzer's current game (a rename or a deal's end), or now and then its delete."""
        if self.rng.randrange(self.delete_one_in) == 0:
            if self.rng.randrange(2) == 0:
                self._delete()
            else:
                self._ambush()
            return
        current = self._current()
        if current is None:
            return
        token, seq, state = current
        players = state.players
        seat = self.rng.randrange(len(players))
        if self.rng.randrange(3) > 0:
            prefix = f"p{seat}-"
            old = players[seat]
            new = old[:-2] if old.endswith(" B") else old[:30] + " B"
            fields = {"row": str(seat), prefix + "player": old, prefix + "new_name": new,
                      prefix + "expected_seq": str(seq), prefix + "idempotency_key": uuid.uuid4().hex}
            self._send(f"/g/{token}/players", fields, "table.players")
        else:
            fields = {"expected_seq": str(seq), "idempotency_key": uuid.uuid4().hex, "went_out": players[seat],
                      "deal": str(state.deal_number), "confirm": "1"}
            fields.update({f"points-{other}": str(self.rng.randrange(0, 60)) for other in range(len(players))
                           if other != seat})
            self._send(f"/g/{token}/end", fields, "table.end_deal")

    def _current(self) -> tuple[str, int, GameState] | None:
        """The fuzzer's current game (its edit link, seq and state), or None when it is gone or over."""
        game_id = self.fuzzer.game_id
        if game_id is None:
            return None
        with Session(self._engine) as session:
            row = session.get(store.Game, game_id)
            if row is None:
                return None  # deleted already: the fuzzer aims at another game next
            try:
                state = store.state_of(session, row)
            except store.GameNotFound:
                return None
            return (row.edit_token, row.seq, state) if not state.over else None

    def _delete(self) -> None:
        current = self._current()
        if current is not None:
            self.deleted += self._send(f"/g/{current[0]}/delete", {}, "backup.delete") == 303

    def _ambush(self) -> None:
        """Wait for the fuzzer's next write to begin, delete its game meanwhile, then let the write go on."""
        self._armed = True
        self._now.acquire()
        try:
            if not self._stopping:
                self.ambushes += 1
                self._delete()
        finally:
            self._armed = False
            self._done.release()

    def _send(self, path: str, fields: dict[str, Any], endpoint: str) -> int:
        self.tally.sent += 1
        self.tally.endpoints[endpoint] += 1
        response = self.client.post(path, data=fields)
        self.tally.statuses[response.status_code] += 1
        if response.status_code >= 500:
            self.tally.failures.append(f"second phone: {response.status_code} POST {path} {fields!r:.600}")
        elif response.status_code == 303:
            self.tally.accepted += 1
        return int(response.status_code)

    def summary(self) -> str:
        """One line for the report."""
        return f"{self.tally.summary()}, deleted {self.deleted} (lying in wait for a save: {self.ambushes})"
