"""The scorekeeper's screens through the Flask test client: every action, refusals, overrides, conflicts,
retries, ending deals (typed and on the keypad without JavaScript), corrections, undo, game over, exports,
sharing and revoking."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.state import GameState, replay
from referee.games.rummy.web.forms import NOBODY
from referee.games.rummy.web.table import common, end, over, sheet
from referee.games.rummy.web.table import deal as deal_screen
from referee.games.rummy.web.table import players as players_screen
from referee.ledger import store
from tests.html_forms import Forms

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.web.table.common",
    "referee.games.rummy.web.table.deal",
    "referee.games.rummy.web.table.end",
    "referee.games.rummy.web.table.over",
    "referee.games.rummy.web.table.players",
    "referee.games.rummy.web.table.sheet",
)

PLAYERS = ["Ana", "Beto", "Caro", "Dani"]


class Table:
    """One game driven as the scorekeeper's phone drives it."""

    def __init__(self, client: FlaskClient, app: Flask, token: str) -> None:
        self.client, self.app, self.token = client, app, token

    @property
    def base(self) -> str:
        return f"/g/{self.token}"

    def get(self, path: str = "") -> str:
        response = self.client.get(self.base + path)
        assert response.status_code == 200, (path, response.status_code)
        return response.get_data(as_text=True)

    def form(self, page: str, action: str) -> dict[str, str]:
        return Forms(self.get(page)).form(action)

    def post(self, action: str, data: dict[str, Any], *, follow: bool = False) -> Any:
        return self.client.post(self.base + action, data=data, follow_redirects=follow)

    def act(self, action: str, page: str = "", **fields: Any) -> Any:
        """Post a form of ``page`` to ``action`` with ``fields`` changed."""
        data: dict[str, Any] = self.form(page, action)
        data.update(fields)
        return self.post(action, data)

    def state(self) -> GameState:
        with Session(self.app.extensions["referee.db"]) as session:
            game = session.exec(select(store.Game).where(store.Game.view_token != "")).all()
            for g in game:
                if g.edit_token == self.token:
                    assert g.id is not None
                    return store.load_state(session, g.id)
        raise AssertionError("no such game")

    def end_deal(self, went_out: str | None, hands: dict[str, str], **extra: str) -> Any:
        """End the deal with typed hands: preview, then confirm."""
        data = self.form("/end", "/end")
        data["went_out"] = went_out if went_out is not None else NOBODY
        for seat, name in enumerate(self.state().players):
            value = hands.get(name, "")
            data[f"points-{seat}" if value.isdigit() else f"hands-{seat}"] = value
        data.update(extra)
        preview = self.post("/end", {**data, "preview": "1"})
        assert preview.status_code == 200, preview.get_data(as_text=True)[-2000:]
        confirm = Forms(preview.get_data(as_text=True)).form("/end")
        return self.post("/end", {**confirm, "confirm": "1"})


def new_game(client: FlaskClient, app: Flask, players: list[str] = PLAYERS, **fields: str) -> Table:
    html = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert token
    data = {"csrf_token": token.group(1), "variant": "telefunken", "first_dealer": "0", "create": "1"}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update(fields)
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[-3000:]
    match = re.match(r"/g/([^/]+)/share", response.headers["Location"])
    assert match
    return Table(client, app, match.group(1))


@pytest.fixture
def table(client: FlaskClient, app: Flask) -> Table:
    return new_game(client, app)


def text_of(response: Any) -> str:
    return str(response.get_data(as_text=True))


# ---- the deal screen ---------------------------------------------------------------------------------------


def test_the_deal_screen_says_the_deal_contract_roles_and_cut(table: Table) -> None:
    html = table.get()
    assert "Deal 1 of 7" in html
    assert "1 pure trío" in html
    assert "mini-card" in html
    assert 'data-testid="dealer">Ana<' in html
    assert 'data-testid="cutter">Dani<' in html
    assert 'data-testid="first-player">Beto<' in html
    assert 'data-testid="cut-count">\n      45 cards' in html
    assert 'data-testid="chips-Beto">7<' in html
    for link in ("/sheet", "/share", "/rules/telefunken", "/end"):
        assert link in html


def test_a_buy_is_recorded_and_says_how_many_cards_to_draw(table: Table) -> None:
    response = table.act("/buy", player="Beto")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#buy-card")
    assert deal_screen.ACTION_CARDS["buy"] == "buy-card"
    html = table.get()
    assert "Beto bought the discard: take it and 1 from the stock." in html
    assert "On their own turn: 2 from the stock in all" in html
    assert 'data-testid="chips-Beto">6<' in html


def test_a_refused_buy_changes_nothing_and_the_table_can_allow_it(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, hr__telefunken__chips="0")
    before = table.state().seq
    response = table.act("/buy", player="Caro")
    assert response.status_code == 422
    html = text_of(response)
    assert "Caro has no chips left" in html
    assert table.state().seq == before
    # "The table allows it": the same buy, recorded with the reason as an override.
    override = Forms(html).form("/buy")
    assert override["player"] == "Caro"
    assert "no chips left" in override["override"]
    assert table.post("/buy", override).status_code == 303
    state = table.state()
    assert state.seq == before + 1
    assert state.history.entries[-1].override is not None
    assert "no chips left" in state.history.entries[-1].override
    assert state.chips.buys_this_deal["Caro"] == 1


def test_an_exact_cut_gives_the_cutter_a_chip(table: Table) -> None:
    assert table.act("/cut", cutter_jokers="1").status_code == 303
    state = table.state()
    assert state.cut_this_deal
    assert state.chips.chips_left["Dani"] == 8
    assert '/cut"' not in table.get()  # the cut form is gone once recorded


def test_the_referee_checks_a_contract_before_marking_it_laid_down(table: Table) -> None:
    response = table.act("/laid-down", player="Beto", melds="7H 7S JK")
    assert response.status_code == 422
    assert "Beto" not in table.state().melded
    assert table.act("/laid-down", player="Beto", melds="7H 7S 7D").status_code == 303
    html = table.get()
    assert "The referee checked Beto’s contract: valid." in html
    assert table.state().melded == ("Beto",)


def test_extra_melds_go_down_with_the_contract(table: Table) -> None:
    # docs/rules.md D71: Venezuela's deal 1 is a pure trío; a trío with a joker and a run may go down beside it.
    assert table.act("/laid-down", player="Beto", melds="7H 7S JK\nKH KS KD\n3C 4C 5C").status_code == 303
    assert table.state().current.laid_down == ((1, ("7H 7S JK", "KH KS KD", "3C 4C 5C")),)
    response = table.act("/laid-down", player="Caro", melds="7D 7C JK\nQH QS JK")  # no pure trío among them
    assert response.status_code == 422
    assert "Caro" not in table.state().melded


OUT_OF_DATE = "This page is out of date: reload it."
WHOLE_NUMBER = "Type a whole number from 0 to 1000000"


@pytest.mark.parametrize(
    ("action", "fields", "status", "says"),
    [
        # A form the page could not have sent goes back to the page, with the field's message.
        ("/buy", {"player": "Zed"}, 303, "Not a valid choice."),
        ("/buy", {"player": ""}, 303, "This field is required."),
        ("/laid-down", {"player": "Nobody"}, 303, "Not a valid choice."),
        ("/cut", {"cutter_jokers": "-2"}, 303, WHOLE_NUMBER),
        ("/cut", {"cutter_jokers": "lots"}, 303, WHOLE_NUMBER),
        ("/cut", {"cutter_jokers": "9" * 40}, 303, WHOLE_NUMBER),
        ("/buy", {"expected_seq": "abc"}, 303, OUT_OF_DATE),
        ("/buy", {"expected_seq": "-1"}, 303, OUT_OF_DATE),
        ("/buy", {"idempotency_key": "<script>"}, 303, OUT_OF_DATE),
        ("/buy", {"override": "x" * 5000}, 303, "Field cannot be longer than 2000 characters."),
        # A well-formed request the rules refuse is answered on the page itself, saying why.
        ("/laid-down", {"player": "Ana", "melds": "7X 8Y ??"}, 422, "“7X” is not a card: write it like 7H"),
        ("/cut", {"cutter_jokers": "7"}, 422, "there are 4 jokers in play: 7 jokers cannot be taken"),
        ("/contract", {"contract_index": "3"}, 422, "is played without dealer&#39;s choice of contract"),
    ],
)
def test_weird_input_is_never_a_500_and_changes_nothing(
    table: Table, action: str, fields: dict[str, str], status: int, says: str
) -> None:
    before = table.state().seq
    data = {**table.form("", "/buy"), "player": "Beto", **fields}
    response = table.post(action, data)
    assert response.status_code == status, text_of(response)[-1500:]
    page = table.get() if status == 303 else text_of(response)
    assert says in page
    assert table.state().seq == before


def test_a_page_rendered_before_someone_elses_change_gets_a_conflict(table: Table) -> None:
    stale = table.form("", "/buy")
    assert table.act("/buy", player="Beto").status_code == 303
    response = table.post("/buy", {**stale, "player": "Caro"}, follow=True)
    assert "Someone else changed the game" in text_of(response)
    with table.app.test_request_context():
        assert common.stale_message() in text_of(response)  # the whole message, as every screen says it
    assert table.state().chips.buys_this_deal == {"Ana": 0, "Beto": 1, "Caro": 0, "Dani": 0}


def test_a_retried_request_is_recorded_once(table: Table) -> None:
    data = {**table.form("", "/buy"), "player": "Beto"}
    assert table.post("/buy", data).status_code == 303
    assert table.post("/buy", data).status_code == 303  # the same key: the original result, not a second buy
    assert table.state().chips.buys_this_deal["Beto"] == 1


def test_without_a_csrf_token_nothing_is_recorded(table: Table) -> None:
    data = {k: v for k, v in table.form("", "/buy").items() if k != "csrf_token"}
    response = table.post("/buy", {**data, "player": "Beto"}, follow=True)
    assert table.state().seq == 1
    assert response.status_code == 400


# ---- ending a deal ----------------------------------------------------------------------------------------


def test_ending_a_deal_previews_the_arithmetic_then_records_it(table: Table) -> None:
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "hands-0": "K 7 JK", "points-2": "25", "hands-3": "A A"})
    preview = text_of(table.post("/end", {**data, "preview": "1"}))
    assert "Result of deal 1" in preview
    assert "10 + 7 + 15 = 32" in preview
    assert 'data-testid="preview-points-Caro">25<' in preview
    assert 'data-testid="preview-total-Dani">22<' in preview
    assert table.state().seq == 1  # a preview records nothing
    confirm = Forms(preview).form("/end")
    response = table.post("/end", {**confirm, "confirm": "1"}, follow=True)
    html = text_of(response)
    assert "Deal 1 recorded: Beto went out." in html
    assert "Deal 2 of 7" in html
    state = table.state()
    assert state.sheet.totals == {"Ana": 32, "Beto": 0, "Caro": 25, "Dani": 22}
    with table.app.test_request_context():
        summary = end.deal_summary(state, state.sheet.deals[0])
    assert summary == "Deal 1 recorded: Beto went out. Ana 32, Beto 0, Caro 25, Dani 22."
    assert summary in html


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({"Ana": "7X", "Caro": "3", "Dani": "4"}, "not cards"),
        ({"Ana": "-5", "Caro": "3", "Dani": "4"}, "not cards"),
        ({"Ana": "K K K K K K K K K", "Caro": "3", "Dani": "4"}, "the hands hold"),
    ],
    ids=["garbage", "negative", "too-many-copies"],
)
def test_a_bad_result_is_shown_and_changes_nothing(table: Table, hands: dict[str, str], message: str) -> None:
    data = table.form("/end", "/end")
    data["went_out"] = "Beto"
    for seat, name in enumerate(PLAYERS):
        value = hands.get(name, "")
        data[f"points-{seat}" if value.isdigit() else f"hands-{seat}"] = value
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 422
    assert message in text_of(response)
    assert table.state().deals_played == 0


@pytest.mark.parametrize("points", ["9" * 30, "-5", "12a", "३", "٣a"])  # Devanagari: no language of ours
def test_bad_points_are_refused_plainly(table: Table, points: str) -> None:
    data = {**table.form("/end", "/end"), "went_out": "Beto", "points-0": points, "points-2": "3", "points-3": "4"}
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 422
    assert "Points are a whole number" in text_of(response)
    assert table.state().deals_played == 0


def test_huge_but_whole_points_are_recorded(table: Table) -> None:
    assert table.end_deal("Beto", {"Ana": "9999999", "Caro": "3", "Dani": "4"}).status_code == 303
    assert table.state().sheet.totals["Ana"] == 9999999
    assert table.get("/sheet")


def test_a_player_named_like_a_dash_can_go_out(client: FlaskClient, app: Flask) -> None:
    """The "nobody went out" choice is a value no player can be called, so no name is taken for it."""
    peru = new_game(client, app, players=["-", "Beto", "Caro", "Dani"], variant="telefunken-peru")
    assert peru.end_deal("-", {"Beto": "6", "Caro": "7", "Dani": "8"}).status_code == 303
    assert peru.state().sheet.deals[0].went_out == "-"


def test_nobody_out_is_offered_only_where_the_variant_allows_it(client: FlaskClient, app: Flask) -> None:
    telefunken = new_game(client, app)
    assert 'data-testid="out-nobody"' not in telefunken.get("/end")
    response = telefunken.post(
        "/end",
        {
            **telefunken.form("/end", "/end"),
            "went_out": NOBODY,
            "hands-0": "1",
            "hands-1": "2",
            "hands-2": "3",
            "hands-3": "4",
            "confirm": "1",
        },
    )
    assert response.status_code == 422
    assert telefunken.state().deals_played == 0
    peru = new_game(client, app, variant="telefunken-peru")
    assert 'data-testid="out-nobody"' in peru.get("/end")
    assert peru.end_deal(None, {"Ana": "5", "Beto": "6", "Caro": "7", "Dani": "8"}).status_code == 303
    assert peru.state().sheet.deals[0].went_out is None


def test_the_keypad_works_without_javascript(table: Table) -> None:
    data = table.form("/end", "/end")
    data["went_out"] = "Ana"
    data["points-1"] = "40"  # typed points, then the keypad: the cards count instead
    html = text_of(table.post("/end", {**data, "key": "K"}))  # the first player after Ana gets the card
    fields = Forms(html).form("/end")
    assert fields["hands-1"] == "K"
    assert fields["points-1"] == ""
    assert fields["active"] == "1"
    assert 'data-testid="points-Beto">10<' in html
    html = text_of(table.post("/end", {**fields, "key": "JK"}))
    fields = Forms(html).form("/end")
    assert fields["hands-1"] == "K JK"
    html = text_of(table.post("/end", {**fields, "back": "1"}))
    fields = Forms(html).form("/end")
    assert fields["hands-1"] == "K"
    html = text_of(table.post("/end", {**fields, "select": "3"}))
    fields = Forms(html).form("/end")
    html = text_of(table.post("/end", {**fields, "key": "T"}))
    fields = Forms(html).form("/end")
    assert fields["hands-3"] == "T"
    assert 'data-testid="points-Dani">10<' in html
    assert table.state().seq == 1


# ---- the sheet, corrections, undo --------------------------------------------------------------------------


def test_a_past_deal_is_corrected_and_the_correction_undone(table: Table) -> None:
    table.end_deal("Beto", {"Ana": "10", "Caro": "20", "Dani": "30"})
    sheet = table.get("/sheet")
    assert re.search(r'data-testid="cell-1-Ana">\s*10\s*<', sheet)  # Ana's 10 in deal 1's row
    data = table.form("/deals/1/correct", "/deals/1/correct")
    assert data["points-0"] == "10"
    assert data["hands-0"] == ""
    assert data["went_out"] == "Beto"
    data["points-0"] = "15"
    preview = text_of(table.post("/deals/1/correct", {**data, "preview": "1"}))
    assert 'data-testid="preview-total-Ana">15<' in preview
    response = table.post("/deals/1/correct", {**Forms(preview).form("/deals/1/correct"), "confirm": "1"}, follow=True)
    html = text_of(response)
    assert "Deal 1 corrected" in html
    assert 'data-testid="corrected-1"' in html
    assert table.state().sheet.totals["Ana"] == 15
    assert table.state().sheet.deals[0].corrected
    # Undo the correction from the sheet.
    forms = Forms(html)
    undo = next(fields for action, fields in forms.forms if action.endswith("/undo") and "target" in fields)
    assert table.post("/undo", undo).status_code == 303
    state = table.state()
    assert state.sheet.totals["Ana"] == 10
    assert not state.sheet.deals[0].corrected


def test_correcting_a_deal_not_played_is_refused_plainly(table: Table) -> None:
    response = table.client.get(table.base + "/deals/3/correct", follow_redirects=True)
    assert "has not been played yet" in text_of(response)


def test_undo_the_last_action_asks_first(table: Table) -> None:
    table.act("/buy", player="Beto")
    page = table.get("/undo")
    assert "Deal 1: Beto bought" in page
    assert table.state().chips.buys_this_deal["Beto"] == 1
    assert table.act("/undo", "/undo").status_code == 303
    state = table.state()
    assert state.chips.buys_this_deal["Beto"] == 0
    buy, undone = state.history.entries[-2:]
    with table.app.test_request_context():  # the history's words: an undo names the action it took back
        bought = sheet.event_words(state, buy)
        assert bought.startswith("Deal 1: Beto bought")
        assert sheet.event_words(state, undone) == f"Undo of: {bought}"
    assert "Undone: Deal 1: Beto bought." in table.get("/sheet")
    # An undo is taken back by Redo, which says what it brings back; Undo has nothing left to take back.
    assert "There is nothing to undo" in table.get("/undo")
    assert "Redo: Deal 1: Beto bought" in table.get("/sheet")
    assert table.act("/redo", "/sheet").status_code == 303
    state = table.state()
    assert state.chips.buys_this_deal["Beto"] == 1
    with table.app.test_request_context():  # an undo of the undo is a redo, named after the buy itself
        assert sheet.event_words(state, state.history.entries[-1]) == f"Redo of: {bought}"


def test_undo_of_garbage_targets_changes_nothing(table: Table) -> None:
    assert "There is nothing to undo" in table.get("/undo")
    for target in ("1", "99", "abc", "-3", ""):
        data = {**table.form("", "/buy"), "target": target}
        assert table.post("/undo", data).status_code == 303
    assert table.state().seq == 1


# ---- game over, exports -------------------------------------------------------------------------------------


def play_whole_game(table: Table) -> None:
    hands = [
        ("Beto", {"Ana": "10", "Caro": "20", "Dani": "30"}),
        ("Caro", {"Ana": "5", "Beto": "5", "Dani": "0"}),
        ("Dani", {"Ana": "K", "Beto": "Q", "Caro": "J"}),
        ("Ana", {"Beto": "1", "Caro": "2", "Dani": "3"}),
        ("Beto", {"Ana": "4", "Caro": "4", "Dani": "4"}),
        ("Caro", {"Ana": "8", "Beto": "8", "Dani": "8"}),
        ("Dani", {"Ana": "2", "Beto": "2", "Caro": "2"}),
    ]
    for out, deal in hands:
        assert table.end_deal(out, deal).status_code == 303


def test_game_over_shows_the_final_standings_exports_and_rematch(table: Table) -> None:
    play_whole_game(table)
    response = table.client.get(table.base, follow_redirects=True)
    html = text_of(response)
    assert "Game over" in html
    state = table.state()
    assert state.finished
    leader = state.sheet.standings[0]
    # By hand, deal by deal (the one out scores 0; K, Q, J count 10): Ana 10+5+10+0+4+8+2 = 39,
    # Beto 0+5+10+1+0+8+2 = 26, Caro 20+0+10+2+4+0+2 = 38, Dani 30+0+0+3+4+8+0 = 45: Beto, the lowest, wins.
    assert state.sheet.totals == {"Ana": 39, "Beto": 26, "Caro": 38, "Dani": 45}
    assert leader == "Beto"
    assert "Beto wins!" in html
    assert f"/games/new?rematch={table.token}" in html
    # JSON export reads back to the same game.
    export = table.client.get(table.base + "/export.json")
    assert export.headers["Content-Disposition"].startswith("attachment;")
    data = json.loads(export.get_data(as_text=True))
    assert data["format"] == "referee-game/1"
    assert replay(exchange.import_game(data)).sheet.totals == state.sheet.totals
    # CSV: a header and one row per deal at least.
    sent = table.client.get(table.base + "/export.csv")
    rows = list(csv.reader(io.StringIO(sent.get_data(as_text=True))))
    assert len(rows) >= 8
    assert any("Ana" in cell for cell in rows[0])
    # The export view itself: the sheet as a CSV download named after the variant.
    with table.app.test_request_context():
        download = over.export_csv(table.token)
    assert download.mimetype == "text/csv"
    assert re.fullmatch(r'attachment; filename="referee-telefunken-[^"./]{8}\.csv"',
                        download.headers["Content-Disposition"])
    assert download.get_data(as_text=True) == sent.get_data(as_text=True)


def test_a_tie_is_shown_as_a_tie(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, players=["Ana", "Beto", "Caro"])
    for deal in range(7):
        out = ["Ana", "Beto"][deal % 2]
        assert table.end_deal(out, {"Ana": "0", "Beto": "0", "Caro": "9"} | {out: ""}).status_code == 303
    html = table.get("/over")
    assert "A tie: Ana, Beto" in html
    assert html.count("(tie)") == 2


def test_progressive_rummy_shows_payouts(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="progressive-rummy")
    for _ in range(15):
        assert table.end_deal("Ana", {"Beto": "5", "Caro": "10", "Dani": "15"}).status_code == 303
    html = table.get("/over")
    assert 'data-testid="payout-Ana">+12.00<' in html
    assert 'data-testid="payout-Dani">-6.00<' in html


def test_stakes_are_shown_when_set(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, small_stake="1", large_stake="10")
    play_whole_game(table)
    html = table.get("/over")
    assert 'data-testid="money-' in html
    assert "Deals won:" in html


def test_ending_the_game_early_can_be_undone(table: Table) -> None:
    table.end_deal("Beto", {"Ana": "10", "Caro": "20", "Dani": "30"})
    assert table.act("/abandon", "/sheet", reason="rain").status_code == 303
    html = table.client.get(table.base, follow_redirects=True).get_data(as_text=True)
    assert "The game was ended early" in html
    assert table.state().abandoned == "rain"
    table.act("/undo", "/undo")
    assert table.state().abandoned is None
    assert "Deal 2 of 7" in table.get()


# ---- access ---------------------------------------------------------------------------------------------------


def view_token(table: Table) -> str:
    match = re.search(r"/v/([A-Za-z0-9_-]+)", table.get("/share"))
    assert match
    return match.group(1)


def test_the_view_token_opens_no_scorekeeper_page(table: Table) -> None:
    token = view_token(table)
    for path in ("", "/end", "/sheet", "/share", "/undo", "/over", "/export.json", "/deals/1/correct"):
        response = table.client.get(f"/g/{token}{path}")
        assert response.status_code == 404, path
    data = {**table.form("", "/buy"), "player": "Beto"}
    for action in ("/buy", "/cut", "/laid-down", "/end", "/undo", "/abandon", "/share/revoke", "/contract"):
        response = table.client.post(f"/g/{token}{action}", data=data)
        assert response.status_code == 404, action
    assert table.state().seq == 1


def test_revoking_shared_scorekeeping_makes_the_old_link_say_it_no_longer_works(table: Table) -> None:
    share = table.get("/share/scorekeeper")
    assert f"/g/{table.token}" in share
    assert 'data-testid="edit-qr"' in share
    old = table.token
    response = table.act("/share/revoke", "/share/scorekeeper")
    assert response.status_code == 303
    new = re.match(r"/g/([^/]+)/share/scorekeeper", response.headers["Location"])
    assert new
    assert new.group(1) != old
    dead = table.client.get(f"/g/{old}")
    assert dead.status_code == 404
    assert "no longer does" in text_of(dead)
    # This phone keeps the new link (and no longer the old one).
    cookie = table.client.get_cookie("referee_games")
    assert cookie is not None
    assert new.group(1) in cookie.value
    assert old not in cookie.value
    table.token = new.group(1)
    assert "Deal 1 of 7" in table.get()


def iter_routes(app: Flask) -> Iterator[str]:
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("table."):
            yield rule.rule


def test_every_scorekeeper_route_is_under_the_edit_token(app: Flask) -> None:
    routes = list(iter_routes(app))
    assert routes
    assert all(route.startswith("/g/<edit_token>") for route in routes)


def test_each_seat_keeps_its_own_field_even_in_a_sparse_post(table: Table) -> None:
    data = {k: v for k, v in table.form("/end", "/end").items() if not k.startswith(("hands-", "points-"))}
    data.update({"went_out": "Beto", "points-2": "25", "hands-3": "A", "preview": "1"})
    html = text_of(table.post("/end", data))
    # Ana's seat was left out of the post: she is named as missing, not scored 0.
    assert 'data-testid="missing-Ana"' in html
    assert 'data-testid="confirm"' not in html
    html = text_of(table.post("/end", {**data, "points-0": "0"}))
    assert "data-testid=\"preview-points-Caro\">25<" in html
    assert 'data-testid="preview-points-Ana">0<' in html
    assert 'data-testid="preview-points-Dani">11<' in html


def test_dealers_choice_asks_for_the_contract_first(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="telefunken-ecuador", hr__telefunken_ecuador__dealer_chooses_contract="y")
    html = table.get()
    assert "The dealer announces the contract" in html
    refused = table.act("/laid-down", player="Beto")
    assert refused.status_code == 422
    assert "must announce" in text_of(refused)
    fields = Forms(html).form("/contract")
    assert table.post("/contract", {**fields, "contract_index": "2"}).status_code == 303
    state = table.state()
    assert state.current.contract_index == 2
    assert "Contract announced" in table.get()


def test_the_preview_shows_the_streak_multiplier(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="telefunken-bolivia", hr__telefunken_bolivia__streak_multiplier="y")
    table.end_deal("Ana", {"Beto": "10", "Caro": "10", "Dani": "10"})
    data = {**table.form("/end", "/end"), "went_out": "Ana", "points-1": "10", "points-2": "5", "points-3": "1"}
    html = text_of(table.post("/end", {**data, "preview": "1"}))
    assert "× 2" in html
    assert 'data-testid="preview-points-Beto">20<' in html


def test_a_stale_end_of_deal_keeps_what_was_entered(table: Table) -> None:
    data = {**table.form("/end", "/end"), "went_out": "Beto", "points-0": "10", "points-2": "20", "points-3": "30"}
    table.act("/buy", player="Caro")  # another phone records a buy meanwhile
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 409
    html = text_of(response)
    assert "Someone else changed the game" in html
    fields = Forms(html).form("/end")
    assert fields["points-2"] == "20"
    assert fields["expected_seq"] == "2"
    assert table.state().deals_played == 0
    preview = Forms(text_of(table.post("/end", {**fields, "preview": "1"}))).form("/end")
    assert table.post("/end", {**preview, "confirm": "1"}).status_code == 303
    assert table.state().sheet.totals["Caro"] == 20


@pytest.mark.parametrize("path", ["", "/end", "/sheet", "/share", "/undo"])
def test_the_pages_render_in_spanish(table: Table, path: str) -> None:
    table.client.set_cookie("lang", "es")
    html = table.get(path)
    assert '<html lang="es" dir="ltr">' in html


def test_a_phone_that_opens_a_shared_link_keeps_the_game(table: Table) -> None:
    other = table.client.application.test_client()
    assert other.get(f"/g/{table.token}").status_code == 200
    cookie = other.get_cookie("referee_games")
    assert cookie is not None
    assert table.token in cookie.value
    assert "Deal 1 of 7" in other.get("/games").get_data(as_text=True)


def test_a_deal_without_buying_refuses_a_buy_and_the_table_may_allow_it(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="telefunken-ecuador")
    html = table.get()
    assert 'data-testid="no-buying"' in html
    refused = table.act("/buy", player="Beto")
    assert refused.status_code == 422
    assert "Beto cannot buy:" in text_of(refused)
    assert table.post("/buy", Forms(text_of(refused)).form("/buy")).status_code == 303
    assert table.state().chips.buys_this_deal["Beto"] == 1


def test_no_buy_form_where_the_variant_has_no_buying(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="telefunken-peru-carrillo")
    assert 'data-testid="buy-form"' not in table.get()


# ---- WTForms: no deprecated choices -----------------------------------------------------------------------


def test_the_scorekeeper_forms_give_wtforms_no_deprecated_choices(client: FlaskClient, app: Flask) -> None:
    """WTForms 3.3 deprecates choices given as tuples: every select and radio of ours uses SelectChoice."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = new_game(client, app)
        for page in ("", "/end", "/sheet"):
            table.get(page)
        table.act("/buy", player="Beto")
        client.get("/games/new")
    deprecated = [str(w.message) for w in caught if "SelectField" in str(w.message) or "SelectChoice" in str(w.message)]
    assert deprecated == []


# ---- renaming a player ------------------------------------------------------------------------------------


def rename_form(table: Table, seat: int) -> dict[str, str]:
    """The players page's form of the player in ``seat``."""
    forms = [fields for action, fields in Forms(table.get("/players")).forms
             if action.endswith("/players") and "row" in fields]  # not the seats form
    assert len(forms) == len(table.state().players)
    return forms[seat]


def rename(table: Table, seat: int, new: str) -> Any:
    data = rename_form(table, seat)
    data[f"{players_screen.rename_row(seat)}-new_name"] = new
    return table.post("/players", data)


def test_a_player_is_renamed_mid_game_and_keeps_their_scores(table: Table) -> None:
    assert 'data-testid="players-link"' in table.get()
    assert 'data-testid="players-link"' in table.get("/sheet")
    table.act("/buy", player="Beto")
    table.end_deal("Ana", {"Beto": "25", "Caro": "10", "Dani": "5"})
    response = rename(table, 1, "  Roberto   Díaz ")
    assert response.status_code == 303
    page = table.client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Beto is now called Roberto Díaz." in page
    state = table.state()
    assert state.players == ("Ana", "Roberto Díaz", "Caro", "Dani")
    assert state.sheet.totals["Roberto Díaz"] == 25
    assert state.chips.total_buys["Roberto Díaz"] == 1
    deal = table.get()
    assert 'data-testid="total-Roberto Díaz">25<' in deal
    assert "Beto" not in deal
    # The viewers see the new name; the old one is gone from their scoreboard.
    board = table.client.get(f"/v/{view_token(table)}").get_data(as_text=True)
    assert "Roberto Díaz" in board
    assert "Beto" not in board
    # The new name is offered on the next new game; the rename can be undone like any action.
    assert "Roberto Díaz" in table.client.get("/games/new").get_data(as_text=True)
    assert "Beto renamed Roberto Díaz" in table.get("/undo")
    undo = Forms(table.get("/undo")).form("/undo")
    table.post("/undo", undo)
    assert table.state().players == tuple(PLAYERS)


@pytest.mark.parametrize(
    ("seat", "new", "says"),
    [
        pytest.param(1, "   ", "a player needs a name", id="empty"),
        pytest.param(1, "caro", "Caro is already playing in this game", id="duplicate"),
        pytest.param(1, "B" * 41, "A name has at most 40 characters.", id="too-long"),
    ],
)
def test_a_rename_the_ledger_refuses_says_why_and_changes_nothing(table: Table, seat: int, new: str, says: str) -> None:
    response = rename(table, seat, new)
    assert response.status_code == 422
    html = text_of(response)
    assert "<bdi>Beto</bdi> cannot be renamed:" in html  # the name isolated
    assert says in html
    assert 'data-testid="override"' not in html
    assert table.state().players == tuple(PLAYERS)
    # The refused row keeps what was typed, with a fresh idempotency key.
    row = Forms(html).forms[[a for a, _ in Forms(html).forms].index(f"{table.base}/players") + seat]
    assert row[1]["p1-player"] == "Beto"


def test_renaming_someone_not_playing_is_refused_in_words(table: Table) -> None:
    data = rename_form(table, 0)
    data["p0-player"] = "Zoe"
    data["p0-new_name"] = "Zoë"
    response = table.post("/players", data)
    assert response.status_code == 422
    assert "Zoe is not playing in this game (the players are Ana, Beto, Caro and Dani)" in text_of(response)
    assert table.state().players == tuple(PLAYERS)


def test_a_rename_in_spanish_and_a_retry_change_nothing_twice(table: Table) -> None:
    data = rename_form(table, 2)
    data["p2-new_name"] = "Carolina"
    assert table.post("/players", data).status_code == 303
    assert table.post("/players", data).status_code == 303  # the same request again (a double tap)
    assert table.state().players == ("Ana", "Beto", "Carolina", "Dani")
    assert len(table.state().events) == 2
    refused = rename(table, 0, "Dani")
    assert refused.status_code == 422
    table.client.set_cookie("lang", "es")
    spanish = text_of(table.post("/players", {**rename_form(table, 0), "p0-new_name": "dani"}))
    assert "Dani ya está jugando en esta partida" in spanish, spanish[-3000:]


# ---- several want the discard (¡Compro!) ------------------------------------------------------------------


def claim(table: Table, discarder: str | None, claimants: list[str]) -> str:
    query: dict[str, Any] = {"claimant": claimants}
    if discarder is not None:
        query["discarder"] = discarder
    response = table.client.get(table.base, query_string=query)
    assert response.status_code == 200
    return text_of(response)


@pytest.mark.parametrize(
    ("discarder", "claimants", "order"),
    [
        # docs/rules.md, D20: the player next after the discarder first, then onward in turn order.
        pytest.param("Ana", ["Caro", "Beto"], ["Beto", "Caro"], id="Ana-discards"),
        pytest.param("Caro", ["Ana", "Beto"], ["Ana", "Beto"], id="Caro-discards-round-the-table"),
        pytest.param("Dani", ["Caro", "Beto", "Ana"], ["Ana", "Beto", "Caro"], id="Dani-discards"),
        pytest.param("Beto", ["Beto", "Ana"], ["Ana"], id="the-discarder-never-claims"),
    ],
)
def test_several_claims_are_settled_by_turn_order_and_one_tap_buys(
    table: Table, discarder: str, claimants: list[str], order: list[str]
) -> None:
    html = claim(table, discarder, claimants)
    winner = order[0]
    who, after = f"<bdi>{winner}</bdi>", f"<bdi>{discarder}</bdi>"  # the names isolated (templates/_bidi.html)
    assert f"{who} gets the discard: after {after}, {who}’s turn comes first." in html
    if len(order) > 1:
        assert f"Then, in turn order: {', '.join(f'<bdi>{name}</bdi>' for name in order[1:])}." in html
    else:
        assert 'data-testid="claim-order"' not in html
    # The choices stay ticked; the one-tap Buy is for the winner.
    asked = next(fields for action, fields in Forms(html).forms if action.endswith("#compro"))
    assert asked["discarder"] == discarder
    assert asked["claimant"] == min(claimants, key=PLAYERS.index)
    buy = Forms(html).forms[[a for a, _ in Forms(html).forms].index(f"{table.base}/buy#buy-card", 1)]
    assert buy[1]["player"] == winner
    response = table.post("/buy", buy[1])
    assert response.status_code == 303
    assert table.state().chips.buys_this_deal == {name: int(name == winner) for name in PLAYERS}


def test_a_claim_without_a_discarder_or_claimant_asks_for_them(table: Table) -> None:
    assert "Tap who discarded, and who wants the discard." in claim(table, None, ["Ana"])
    assert "Tap who wants the discard (not the one who discarded it)." in claim(table, "Ana", ["Ana"])
    assert "Tap who discarded" in claim(table, "Zoe", ["Ana"])
    assert 'data-testid="claim-buy"' not in claim(table, "Ana", [])
    assert 'data-testid="claim-verdict"' not in table.get()


def test_the_claim_winner_who_may_not_buy_is_shown_with_the_reason(table: Table) -> None:
    assert table.act("/laid-down", player="Beto").status_code == 303
    html = claim(table, "Ana", ["Beto", "Caro"])
    assert "<bdi>Beto</bdi> gets the discard" in html  # turn order decides; whether Beto may buy is the ledger's word
    assert "<bdi>Beto</bdi> cannot buy:" in html
    buy = Forms(html).forms[[a for a, _ in Forms(html).forms].index(f"{table.base}/buy#buy-card", 1)]
    refused = table.post("/buy", buy[1])
    assert refused.status_code == 422
    assert 'data-testid="override"' in text_of(refused)
    assert table.state().chips.buys_this_deal["Beto"] == 0


def test_the_claim_is_worded_in_spanish(table: Table) -> None:
    table.client.set_cookie("lang", "es")
    html = claim(table, "Caro", ["Ana", "Beto"])
    assert "El descarte es para <bdi>Ana</bdi>: después de <bdi>Caro</bdi>" in html
    assert "¡Compro!" in html
    assert "Compra <bdi>Ana</bdi>" in html


def test_a_rename_from_a_stale_page_changes_nothing_and_says_so(table: Table) -> None:
    data = rename_form(table, 3)
    data["p3-new_name"] = "Daniela"
    table.act("/buy", player="Beto")  # someone else's change since the page was shown
    response = table.post("/players", data, follow=True)
    assert "Someone else changed the game" in text_of(response)
    assert table.state().players == tuple(PLAYERS)
