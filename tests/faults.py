"""SIGKILL the real server while a client records deals over HTTP, then check that nothing was lost or doubled.

Used by ``tests/test_faults.py`` (make test: SQLite) and ``tests/bench/bench_faults.py`` (make bench: longer, SQLite
and PostgreSQL). The server is ``referee serve`` exactly as deployed, in its own process group, so a kill takes
gunicorn's master and every worker at once, mid-request. Only 127.0.0.1; every loop is bounded.

The client is a scorekeeper's phone: it opens the end-of-deal screen, previews, confirms; when the connection
drops it resends the very same confirmation (same CSRF token, expected seq and idempotency key) until the server
answers. A deal is *acknowledged* when a confirmation is answered 303 (saved). Afterwards: every acknowledged deal
is in its game's log exactly once, ``PRAGMA integrity_check`` says ok (SQLite), and every game's log replays.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import importlib.util
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlmodel import Session, select

from referee import create_app, db
from referee.games.rummy.ledger.events import DealEnded, GameCreated
from referee.ledger import store
from tests.pg import free_port

_spec = importlib.util.spec_from_file_location("html_forms", Path(__file__).parent / "html_forms.py")
assert _spec
assert _spec.loader
_html_forms = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_html_forms)
Forms = _html_forms.Forms

REFEREE = Path(sys.executable).with_name("referee")
PLAYERS = ("Ana", "Beto", "Caro")
#: Generous: a loaded 2-core machine may take a while to start gunicorn's workers.
START_TIMEOUT = 90.0


@dataclass
class Outcome:
    """What a run of kills saw."""

    kills: int = 0
    acknowledged: list[tuple[str, int]] = field(default_factory=list)  # (game's edit token, deal number)
    resent: int = 0  # requests sent again after a dropped connection
    already: int = 0  # resent saves the server answered "already recorded"
    lost: list[tuple[str, int]] = field(default_factory=list)
    doubled: list[tuple[str, int]] = field(default_factory=list)
    integrity: str = ""
    replayed: int = 0
    games: int = 0


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


class Server:
    """``referee serve`` in its own process group, restartable."""

    def __init__(self, root: Path, env: dict[str, str], port: int, workers: int) -> None:
        self.root, self.env, self.port, self.workers = root, env, port, workers
        self.process: subprocess.Popen[bytes] | None = None
        self.log = root / "server.log"

    def start(self) -> None:
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(
                [str(REFEREE), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--workers", str(self.workers)],
                env=self.env, stdout=sink, stderr=subprocess.STDOUT, cwd=self.root, start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped at start:\n{self.log.read_text(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5) as response:
                    if response.status == 200:
                        return
            except (OSError, http.client.HTTPException):
                time.sleep(0.1)
        raise AssertionError(f"the server did not answer in {START_TIMEOUT} s")

    def kill(self) -> None:
        """SIGKILL the whole process group: gunicorn's master and its workers, wherever they are."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)


class Scorekeeper:
    """One phone recording deals over HTTP, resending after every dropped connection."""

    def __init__(self, port: int, tokens: list[str], outcome: Outcome, stop: threading.Event) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.tokens, self.outcome, self.stop = tokens, outcome, stop
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect)
        self.error: BaseException | None = None

    def _send(self, path: str, data: dict[str, str] | None = None) -> tuple[int, str]:
        """The answer to one request, retried (the same request) while the server is down; bounded."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        deadline = time.monotonic() + 4 * START_TIMEOUT
        first = True
        while True:
            try:
                try:
                    with self.opener.open(urllib.request.Request(self.base + path, data=body), timeout=30) as answer:
                        return answer.status, answer.read().decode("utf-8", "replace")
                except urllib.error.HTTPError as error:
                    # An error page is read inside the retry too: a kill can cut it off mid-body (IncompleteRead).
                    return error.code, error.read().decode("utf-8", "replace")
            except (OSError, http.client.HTTPException):  # refused, reset, or cut off mid-answer
                if time.monotonic() > deadline:
                    raise
                if data is not None and first:
                    self.outcome.resent += 1
                first = False
                time.sleep(0.05)

    def record_deal(self, token: str, deal: int) -> None:
        status, html = self._send(f"/g/{token}/end")
        assert status == 200, (status, html[-1000:])
        fields = Forms(html).form("/end")
        fields["went_out"] = "Ana"
        fields.update({"points-1": str(deal), "points-2": "5"})  # Beto's points name the deal they were for
        status, html = self._send(f"/g/{token}/end", {**fields, "preview": "1"})
        assert status == 200, (status, html[-1000:])
        confirm = {**Forms(html).form("/end"), "confirm": "1"}
        status, html = self._send(f"/g/{token}/end", confirm)
        # Saved now (303), or a resend whose first sending was saved before the kill: the app says so.
        already = status == 200 and 'data-testid="recorded-title"' in html and f"Deal {deal} already" in html
        assert status == 303 or already, (token, deal, status, html[-2000:])
        self.outcome.already += already
        self.outcome.acknowledged.append((token, deal))

    def run(self, deals_per_game: int) -> None:
        try:
            for token in self.tokens:
                for deal in range(1, deals_per_game + 1):
                    if self.stop.is_set():
                        return
                    self.record_deal(token, deal)
        except BaseException as error:  # reported by the test, with the server's log
            self.error = error


def run_kills(root: Path, database_url: str, *, kills: int, workers: int = 1, seed: int = 13) -> Outcome:
    """Record deals through ``referee serve`` on ``database_url`` while killing it ``kills`` times."""
    port = free_port()
    env = {**os.environ, "REFEREE_DATABASE_URL": database_url, "REFEREE_SECRET_KEY": "test-only-faults-secret",
           "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    upgraded = subprocess.run([str(REFEREE), "db", "upgrade"], env=env, cwd=root, capture_output=True, text=True,
                              timeout=180)
    assert upgraded.returncode == 0, upgraded.stderr
    deals_per_game = 7  # Telefunken's
    games = 3 * kills + 3  # more deals to record than the kills can interrupt: the phone stops with the last kill
    app = create_app({"DATABASE_URL": database_url}, instance_path=root / "instance")
    with app.app_context(), db.session() as session:
        tokens = [store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                                 first_dealer="Ana")).edit_token
                  for _ in range(games)]
    app.extensions["referee.db"].dispose()

    outcome = Outcome(games=games)
    server = Server(root, env, port, workers)
    server.start()
    stop = threading.Event()
    phone = Scorekeeper(port, tokens, outcome, stop)
    client = threading.Thread(target=phone.run, args=(deals_per_game,), daemon=True)
    client.start()
    chance = random.Random(seed)
    try:
        for _ in range(kills):
            # Each server first saves a deal (so the phone makes progress), then dies a moment later, with
            # the next deal's GET, preview or save in flight.
            saved = len(outcome.acknowledged)
            deadline = time.monotonic() + START_TIMEOUT
            while len(outcome.acknowledged) == saved and client.is_alive() and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(chance.uniform(0.0, 0.4))
            if not client.is_alive():
                break
            server.kill()
            outcome.kills += 1
            server.start()
        time.sleep(1.0)  # let the phone finish a deal on the last server
        stop.set()
        client.join(timeout=4 * START_TIMEOUT)
        assert not client.is_alive(), "the phone never finished"
        if phone.error is not None:
            raise AssertionError(f"the phone failed: {phone.error!r}\n{server.log.read_text(errors='replace')[-3000:]}")
    finally:
        stop.set()
        server.stop()
    _check(outcome, tokens, database_url)
    return outcome


def _check(outcome: Outcome, tokens: list[str], database_url: str) -> None:
    engine = db.make_engine(database_url)
    try:
        with Session(engine) as session:
            if database_url.startswith("sqlite"):
                outcome.integrity = str(session.exec(text("PRAGMA integrity_check")).one()[0])  # type: ignore[call-overload]
            else:
                outcome.integrity = "n/a (PostgreSQL: the check is that every log replays)"
            recorded: dict[tuple[str, int], int] = {}
            misplaced: list[tuple[str, int]] = []
            for token in tokens:
                game = session.exec(select(store.Game).where(store.Game.edit_token == token)).one()
                assert game.id is not None
                state = store.load_state(session, game.id)  # replays the whole log
                outcome.replayed += 1
                for entry in state.history.entries:
                    if isinstance(entry.event, DealEnded) and not entry.undone:
                        deal = entry.event.deal
                        recorded[(token, deal)] = recorded.get((token, deal), 0) + 1
                        if entry.event.hands.get("Beto") != deal:  # deal k's save landed in another deal
                            misplaced.append((token, deal))
        outcome.lost = [deal for deal in outcome.acknowledged if recorded.get(deal, 0) == 0]
        outcome.doubled = [deal for deal, count in recorded.items() if count > 1] + misplaced
        outcome.doubled += [deal for deal in recorded if deal not in set(outcome.acknowledged)]
    finally:
        engine.dispose()
