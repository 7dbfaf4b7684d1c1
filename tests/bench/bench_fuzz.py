"""The fuzzer at full size: 10,000 drawn requests to every route, on SQLite and on PostgreSQL, restored files with
half a character among them, while a second phone saves on the same games and deletes some (`make bench`); none
may give a 5xx (tests/web/test_fuzz.py says what else a run must show).

Prints "sent N, accepted N, 5xx N, ..." for each phone and the time taken (run with -s to see it): the figures
the security note quotes.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.pg import fresh_database
from tests.web.test_fuzz import BATCH, check_fuzz, close_app, fuzz_app, run_fuzz

REQUESTS = int(os.environ.get("REFEREE_FUZZ_REQUESTS", "10000"))


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_ten_thousand_fuzzed_requests_never_give_a_5xx(database: str, request: pytest.FixtureRequest,
                                                       tmp_path: Path) -> None:
    url = None
    if database == "postgresql":
        url = fresh_database(request.getfixturevalue("postgres_url"), "referee_bench_fuzz")
    app = fuzz_app(tmp_path, url)
    started = time.monotonic()
    try:
        fuzzer, racer = run_fuzz(app, -(-REQUESTS // BATCH))
    finally:
        close_app(app)
    print(f"\n{database}: {time.monotonic() - started:.0f} s\nfuzzer: {fuzzer.tally.summary()}\n"
          f"second phone: {racer.summary()}")
    check_fuzz(app, fuzzer, racer, REQUESTS)
