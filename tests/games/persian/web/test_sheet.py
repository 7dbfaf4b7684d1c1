"""The score sheet (referee/games/persian/web/sheet.py): its columns and rows as each game's table draws them, the
text a phone shares, the sheet page and the game's file, with sums worked out by hand (docs/table-games.md §1, §4)."""

from __future__ import annotations

import html as html_text
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee.games.persian.ledger import GameCreated, HandPlayed, TableState, apply, start
from referee.games.persian.web.sheet import share_text, sheet_of

from .helpers import create, play

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.sheet",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def game(variant: str, players: tuple[str, ...], *hands: dict[str, Any], **options: Any) -> TableState:
    state = start(GameCreated(variant=variant, players=players, first=players[0], options=options))
    for hand in hands:
        state = apply(state, HandPlayed(hand_number=state.hand_number, hand=hand))
    return state


def cells(state: TableState) -> list[list[str]]:
    return [[cell.text for cell in row.cells] for row in sheet_of(state).rows]


def test_hokms_sheet_marks_the_winning_teams_points_and_the_rounds(app: Flask) -> None:
    # Ana rules: A wins 7–3 (1); then B takes all seven from the ruler's team: a ruler's kot (3), Bahram rules.
    state = game("hokm", FOUR, {"winner": "A", "losers_tricks": 3}, {"winner": "B", "losers_tricks": 0})
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        sheet = sheet_of(state)
        assert [column.label for column in sheet.columns] == ["Hand", "Ruler", "A", "B"]
        assert cells(state) == [["1", "Ana", "+1", ""], ["2", "Ana", "", "+3 ruler’s kot"]]
        assert [cell.text for cell in sheet.foot] == ["Rounds", "", "0", "0"]
        assert share_text(state).splitlines() == [
            "Hokm", "Hand | Ruler | A | B", "1 | Ana | +1 | ", "2 | Ana |  | +3 ruler’s kot", "",
            "Ana & Cyrus: 1", "Bahram & Dara: 3"]


def test_bi_dels_sheet_has_a_column_a_player_and_the_pass(app: Flask) -> None:
    # Hearts 9, 1, 3 and Q♠ to Ana: 22, 1, 3; then Cyrus shoots the moon: 26 to each other player.
    state = game("bi-del", FOUR[:3], {"hearts": [9, 1, 3], "queen": 0}, {"hearts": [0, 0, 13], "queen": 2},
                 limit=100)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert [column.label for column in sheet_of(state).columns] == ["Hand", "Pass", "Ana", "Bahram", "Cyrus"]
        assert cells(state) == [["1", "→", "22", "1", "3"], ["2", "←", "48", "27", "3"]]


def test_a_won_game_shares_its_winners(app: Flask) -> None:
    state = game("hokm", FOUR, {"winner": "B", "losers_tricks": 0, "bam": True})
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert share_text(state).splitlines()[-1] == "Bahram & Dara won the game."


def test_the_sheet_page_and_the_games_file(client: FlaskClient) -> None:
    _, token = create(client, "shaytan", ["Ana", "Bahram", "Cyrus"], first="0")
    for name in ("Bahram", "Cyrus", "Bahram"):
        assert play(client, token, {"player": name}).status_code == 303
    page = client.get(f"/g/{token}/scores")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('data-testid="sheet-row-') == 3
    shared = re.search(r'data-testid="share-text"[^>]*>([^<]*)<', html)
    assert shared
    # Bahram was left with the joker twice, Cyrus once, Ana never.
    assert html_text.unescape(shared.group(1)).splitlines()[-3:] == ["Ana: 0", "Bahram: 2", "Cyrus: 1"]
    exported = client.get(f"/g/{token}/scores.json")
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"].startswith('attachment; filename="shaytan-')
    data = json.loads(exported.get_data(as_text=True))
    assert (data["format"], data["players"], data["hands"]) == (
        "referee-table-game/1", ["Ana", "Bahram", "Cyrus"], [{"player": 1}, {"player": 2}, {"player": 1}])
    assert client.get("/g/" + "x" * 43 + "/scores").status_code == 404
