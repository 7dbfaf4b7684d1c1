"""Deb Kolsov's ext joker caps in the ledger and ``referee tally`` (docs/rules.md D69): a recorded lay-down with two
jokers in deal 6's run of 5 is the contract with ``kolsov_ext`` and is refused without it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main

P3 = ["Ana", "Beto", "Caro"]
# Deals 1 to 5 end with Ana out and nothing left in the others' hands; deal 6 is being played.
ENDED = {"went_out": "Ana", "hands": {"Beto": 0, "Caro": 0}}


def _file(tmp_path: Path, ext: bool) -> Path:
    data = {
        "format": "referee-game/1", "variant": "shanghai-deb-kolsov", "players": P3, "first_dealer": "Ana",
        "house_rules": {"kolsov_ext": ext},
        "deals": [*(dict(ENDED) for _ in range(5)),
                  {"laid_down": {"Beto": ["4H 4S 4D", "7D 7S 7H", "5C 6C JK JK 9C"]}, "ended": False}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_two_jokers_in_the_run_of_5_with_the_ext_preset(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["tally", str(_file(tmp_path, ext=True))])
    assert result.exit_code == 0, result.stderr


def test_two_jokers_in_the_run_of_5_without_it(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["tally", str(_file(tmp_path, ext=False))])
    assert result.exit_code == 1
    assert ("deal 6: meld 3: two jokers in one run: Shanghai (Deb Kolsov) allows one per set or run"
            in result.stderr)
