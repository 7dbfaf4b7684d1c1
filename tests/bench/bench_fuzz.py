"""The fuzzer at full size: 10,000 drawn requests to every route, none may give a 5xx (`make bench`).

Prints "sent N, accepted N, 5xx N, ..." (run with -s to see it): the figures the security note quotes.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.web.test_fuzz import BATCH, fuzz_app, run_fuzz

REQUESTS = int(os.environ.get("REFEREE_FUZZ_REQUESTS", "10000"))


def test_ten_thousand_fuzzed_requests_never_give_a_5xx(tmp_path: Path) -> None:
    app = fuzz_app(tmp_path)
    try:
        fuzzer = run_fuzz(app, -(-REQUESTS // BATCH))
    finally:
        app.extensions["referee.db"].dispose()
    tally = fuzzer.tally
    print("\n" + tally.summary())
    assert tally.failures == [], "\n\n".join(tally.failures[:5])
    assert tally.sent >= REQUESTS
    assert tally.accepted >= tally.sent // 20
    assert set(tally.endpoints) == {rule.endpoint for rule in app.url_map.iter_rules()}
