"""Never a 500: Hypothesis draws requests to every route of the URL map (see tests/web/fuzz.py), restored files
with half a character among them, while a second phone saves on the same games and now and then deletes one
(tests/web/race.py).

``make test`` sends about 1,500 on SQLite; the full run (``make test FULL=1``, tests/tiers.py) as many again on
PostgreSQL (the throwaway server of tests/pg.py, skipped with its reason when it cannot start); ``make bench``
sends 10,000 on each (tests/bench/bench_fuzz.py). CSRF is
off here so that the requests reach the views and the ledger (CSRF's own refusals are tested elsewhere).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.ledger import changes
from tests.conftest import make_test_app
from tests.pg import fresh_database, postgres_url
from tests.tiers import count, full_only

from .fuzz import HALF_CHARACTER_PLACES, Fuzzer, Tally, unbuilt_endpoints
from .race import Racer

__all__ = ["postgres_url"]  # the throwaway PostgreSQL server, as a fixture

#: Requests per Hypothesis example, and examples: about 1,500 requests in all (500 in the quick run).
BATCH = 10
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", str(count(full=150, quick=50))))


def fuzz_app(root: Path, database_url: str | None = None) -> Flask:
    """An app that lets the fuzzer's requests through to the views: no CSRF, no rate limit, no long poll.
    Its database is a SQLite file under ``root``, or ``database_url``."""
    config: dict[str, object] = {"DATABASE_URL": database_url} if database_url else {}
    return make_test_app(root, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False, BOARD_LIVE_TIMEOUT=0, **config)


def close_app(app: Flask) -> None:
    """Stop the app's watcher of saves (on PostgreSQL it listens on a connection of its own) and its engine."""
    changes.watcher_for(app.extensions["referee.db"]).stop()
    app.extensions["referee.db"].dispose()


def run_fuzz(app: Flask, examples: int, *, derandomize: bool = False) -> tuple[Fuzzer, Racer]:
    """Send ``examples`` × BATCH drawn requests to ``app`` while a second phone saves and deletes beside them;
    return the fuzzer and the second phone, with their tallies. ``derandomize``: the same draws at every run
    (``make test``'s small run: its shares of recorded requests and of routes reached must never come out short
    by chance; ``make bench``'s 10,000 draw anew each time)."""
    fuzzer = Fuzzer(app, app.test_client())

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=derandomize)
    @given(st.data())
    def send(data: st.DataObject) -> None:
        fuzzer.run(data, BATCH)

    with Racer(fuzzer) as racer:
        send()
    return fuzzer, racer


def check_fuzz(app: Flask, fuzzer: Fuzzer, racer: Racer, requests: int) -> None:
    """What a fuzz run must show: no 5xx and nothing raised on either phone, every route reached, a good share of
    requests recorded, every half character refused, and the second phone's saves and deletes made."""
    tally: Tally = fuzzer.tally
    failures = tally.failures + racer.tally.failures
    assert failures == [], "\n\n".join(failures[:5])
    assert tally.sent >= requests
    # Most requests are built to be right for the game as it is: a good share must be recorded.
    assert tally.accepted >= tally.sent // 20, tally.summary()
    assert set(tally.endpoints) == {rule.endpoint for rule in app.url_map.iter_rules()}
    assert set(tally.half_characters) == set(HALF_CHARACTER_PLACES), tally.half_characters
    # The second phone acted at some of the fuzzer's requests: saves recorded, games deleted; and each delete that
    # lay in wait for a save of the fuzzer's was said to it as "this game was deleted" (410).
    assert 0 < racer.tally.sent <= tally.sent, racer.tally.summary()
    assert racer.tally.accepted > 0, racer.tally.summary()
    assert racer.deleted > 0, racer.tally.summary()
    assert racer.ambushes > 0, (racer.ambushes, tally.summary())
    assert tally.overtaken[410] > 0, (racer.ambushes, tally.summary())


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=full_only)])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    url = None
    if request.param == "postgresql":
        # A database of its own: the server is shared by the whole run, and other tests leave games in theirs.
        url = fresh_database(request.getfixturevalue("postgres_url"), "referee_fuzz")
    app = fuzz_app(tmp_path, url)
    yield app
    close_app(app)


def test_every_route_has_a_request_builder(tmp_path: Path) -> None:
    app = fuzz_app(tmp_path)
    try:
        assert unbuilt_endpoints(app, Fuzzer(app, app.test_client())) == set()
    finally:
        close_app(app)


def test_fuzzed_requests_never_give_a_5xx_and_some_change_the_game(app: Flask) -> None:
    fuzzer, racer = run_fuzz(app, EXAMPLES, derandomize=True)
    print(f"\nfuzzer: {fuzzer.tally.summary()}\nsecond phone: {racer.summary()}")
    check_fuzz(app, fuzzer, racer, EXAMPLES * BATCH)
