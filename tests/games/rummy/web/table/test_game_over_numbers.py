"""The whole game of tests/games/rummy/web/table/test_table.py, its winner and its CSV export checked against sums done
by hand."""

from __future__ import annotations

import csv
import io

from tests.games.rummy.web.table.test_table import Table, play_whole_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it

#: The score sheet as the CSV gives it, worked out by hand from play_whole_game: Ana deals first and the deal
#: passes left; the one out scores 0, the others what was typed (K, Q and J in deal 3 count 10 each).
EXPECTED_CSV = [
    ["row", "deal", "dealer", "went_out", "multiplier", "note", "Ana", "Beto", "Caro", "Dani"],
    ["deal", "1", "Ana", "Beto", "1", "", "10", "0", "20", "30"],
    ["deal", "2", "Beto", "Caro", "1", "", "5", "5", "0", "0"],
    ["deal", "3", "Caro", "Dani", "1", "", "10", "10", "10", "0"],
    ["deal", "4", "Dani", "Ana", "1", "", "0", "1", "2", "3"],
    ["deal", "5", "Ana", "Beto", "1", "", "4", "0", "4", "4"],
    ["deal", "6", "Beto", "Caro", "1", "", "8", "8", "0", "8"],
    ["deal", "7", "Caro", "Dani", "1", "", "2", "2", "2", "0"],
    # Ana 10+5+10+0+4+8+2 = 39, Beto 0+5+10+1+0+8+2 = 26, Caro 20+0+10+2+4+0+2 = 38, Dani 30+0+0+3+4+8+0 = 45.
    ["total", "", "", "", "", "", "39", "26", "38", "45"],
    ["chips_left", "", "", "", "", "", "7", "7", "7", "7"],  # Telefunken's 7 chips each, nobody bought
    ["rank", "", "", "", "", "", "3", "1", "2", "4"],  # lowest first: Beto 26, Caro 38, Ana 39, Dani 45
]


def test_the_csv_holds_the_sums_done_by_hand(table: Table) -> None:
    play_whole_game(table)
    text = table.client.get(table.base + "/export.csv").get_data(as_text=True)
    assert list(csv.reader(io.StringIO(text))) == EXPECTED_CSV


def test_the_lowest_total_wins_and_the_standings_follow(table: Table) -> None:
    play_whole_game(table)
    html = text_of(table.client.get(table.base, follow_redirects=True))
    assert "Beto wins!" in html
    assert table.state().sheet.standings == ("Beto", "Caro", "Ana", "Dani")
