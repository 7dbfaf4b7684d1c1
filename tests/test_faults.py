"""Faults stay survived: SIGKILLs of ``referee serve`` on SQLite while a phone records deals over HTTP, 20 in the
full run (``make test FULL=1``, tests/tiers.py) and 5 in ``make test``.

The longer run (100 kills, SQLite and PostgreSQL) is ``tests/bench/bench_faults.py`` (make bench).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tests.tiers import count

_spec = importlib.util.spec_from_file_location("faults", Path(__file__).with_name("faults.py"))
assert _spec
assert _spec.loader
faults = importlib.util.module_from_spec(_spec)
sys.modules["faults"] = faults  # its dataclasses look their module up by name
_spec.loader.exec_module(faults)

KILLS = count(full=20, quick=5)


def test_sigkills_lose_and_double_nothing(tmp_path: Path) -> None:
    outcome = faults.run_kills(tmp_path, f"sqlite:///{tmp_path / 'referee.sqlite3'}", kills=KILLS)
    print(f"kills survived {outcome.kills}, acknowledged deals {len(outcome.acknowledged)}, "
          f"lost {len(outcome.lost)}, doubled {len(outcome.doubled)}, resent {outcome.resent} "
          f"(answered 'already recorded' {outcome.already}), "
          f"integrity {outcome.integrity}, logs replayed {outcome.replayed}/{outcome.games}")
    assert outcome.kills == KILLS
    assert len(outcome.acknowledged) >= KILLS  # the phone kept recording between kills
    assert outcome.lost == []
    assert outcome.doubled == []
    assert outcome.integrity == "ok"
    assert outcome.replayed == outcome.games
