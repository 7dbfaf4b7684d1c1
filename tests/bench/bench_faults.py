"""Faults stay survived, the long run: 100 SIGKILLs of ``referee serve`` on SQLite, then on PostgreSQL.

The phone records deals over HTTP and resends after each crash (see tests/faults.py); every acknowledged deal must
be in its log exactly once, SQLite's integrity check must say ok, and every game's log must replay.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

_spec = importlib.util.spec_from_file_location("faults", Path(__file__).parents[1] / "faults.py")
assert _spec
assert _spec.loader
faults = importlib.util.module_from_spec(_spec)
sys.modules["faults"] = faults  # its dataclasses look their module up by name
_spec.loader.exec_module(faults)

KILLS = 100


def _report(name: str, outcome: Any, capsys: Any) -> None:
    with capsys.disabled():
        print(f"\nfaults {name}: kills survived {outcome.kills}, acknowledged deals {len(outcome.acknowledged)}, "
              f"lost {len(outcome.lost)}, doubled {len(outcome.doubled)}, resent {outcome.resent} "
              f"(answered 'already recorded' {outcome.already}), integrity {outcome.integrity}, "
              f"logs replayed {outcome.replayed}/{outcome.games}")


def _assert_survived(outcome: Any) -> None:
    assert outcome.kills == KILLS
    assert len(outcome.acknowledged) >= KILLS
    assert outcome.lost == []
    assert outcome.doubled == []
    assert outcome.replayed == outcome.games


def test_a_hundred_sigkills_on_sqlite(tmp_path: Path, capsys: Any) -> None:
    outcome = faults.run_kills(tmp_path, f"sqlite:///{tmp_path / 'referee.sqlite3'}", kills=KILLS, workers=2)
    _report("sqlite", outcome, capsys)
    _assert_survived(outcome)
    assert outcome.integrity == "ok"


def test_a_hundred_sigkills_on_postgresql(tmp_path: Path, capsys: Any, postgres_url: str) -> None:
    outcome = faults.run_kills(tmp_path, postgres_url, kills=KILLS, workers=2)
    _report("postgresql", outcome, capsys)
    _assert_survived(outcome)
