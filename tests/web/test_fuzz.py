"""Never a 500: Hypothesis draws requests to every route of the URL map (see tests/web/fuzz.py).

``make test`` sends about 1,500; ``make bench`` sends 10,000 (tests/bench/bench_fuzz.py). CSRF is off here so
that the requests reach the views and the ledger (CSRF's own refusals are tested elsewhere).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.conftest import make_test_app

from .fuzz import Fuzzer, unbuilt_endpoints

#: Requests per Hypothesis example, and examples: about 1,500 requests in all.
BATCH = 10
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "150"))


def fuzz_app(root: Path) -> Flask:
    """An app that lets the fuzzer's requests through to the views: no CSRF, no rate limit, no long poll."""
    return make_test_app(root, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False, BOARD_LIVE_TIMEOUT=0)


def run_fuzz(app: Flask, examples: int) -> Fuzzer:
    """Send ``examples`` × BATCH drawn requests to ``app``; return the fuzzer with its tally."""
    fuzzer = Fuzzer(app, app.test_client())

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def send(data: st.DataObject) -> None:
        fuzzer.run(data, BATCH)

    send()
    return fuzzer


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = fuzz_app(tmp_path)
    yield app
    app.extensions["referee.db"].dispose()


def test_every_route_has_a_request_builder(app: Flask) -> None:
    assert unbuilt_endpoints(app, Fuzzer(app, app.test_client())) == set()


def test_fuzzed_requests_never_give_a_5xx_and_some_change_the_game(app: Flask) -> None:
    fuzzer = run_fuzz(app, EXAMPLES)
    tally = fuzzer.tally
    print(tally.summary())
    assert tally.failures == [], "\n\n".join(tally.failures[:5])
    assert tally.sent >= EXAMPLES * BATCH
    # Most requests are built to be right for the game as it is: a good share must be recorded.
    assert tally.accepted >= tally.sent // 20, tally.summary()
    assert set(tally.endpoints) == {rule.endpoint for rule in app.url_map.iter_rules()}
