"""The smaller things a family trips over, through the Flask test client: a redo is worded as a redo; cards and
typed points for one player, or anything entered for the player who went out, are pointed out (nothing saved)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_replays import recorded
from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of Ana, Beto, Caro and Dani
from tests.html_forms import Forms

# ---- undo and redo in words -------------------------------------------------------------------------------------


def test_a_redo_is_worded_as_a_redo_and_its_undo_as_an_undo(table: Table) -> None:
    assert table.act("/buy", player="Beto").status_code == 303  # seq 2
    assert table.act("/undo", "/undo").status_code == 303  # seq 3 undoes 2
    assert table.act("/redo", "/undo").status_code == 303  # seq 4 undoes 3: the buy is back
    assert table.act("/undo", "/undo").status_code == 303  # seq 5 undoes 4: the buy is gone again
    words = recorded(table.get("/sheet"))
    assert words[2] == "Deal 1: Beto bought"
    assert words[3] == "Undo of: Deal 1: Beto bought"
    assert words[4] == "Redo of: Deal 1: Beto bought"
    assert words[5] == "Undo of: Deal 1: Beto bought"
    table.client.set_cookie("lang", "es")
    assert recorded(table.get("/sheet"))[4] == "Rehacer: Mano 1: Beto compró"


# ---- the end of a deal: what cannot both count is pointed out ---------------------------------------------------


def end_form(table: Table, went_out: str, hands: dict[str, str], points: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = table.form("/end", "/end")
    data["went_out"] = went_out
    for seat, name in enumerate(table.state().players):
        data[f"hands-{seat}"] = hands.get(name, "")
        data[f"points-{seat}"] = points.get(name, "")
    return data


CONFLICTS = [
    # (who went out, cards entered, points typed, the sentence on the page)
    pytest.param("Ana", {"Beto": "K 7", "Caro": "5H", "Dani": "2C"}, {"Beto": "40"},
                 "Both cards and points for Beto: clear the one that is wrong.", id="cards-and-points"),
    pytest.param("Ana", {"Beto": "K", "Caro": "5H", "Dani": "2C"}, {"Ana": "12"},
                 "Ana went out and holds no cards: clear what is entered for them, or tap who really went out.",
                 id="points-for-who-went-out"),
    pytest.param("Ana", {"Ana": "7H", "Beto": "K", "Caro": "5H", "Dani": "2C"}, {},
                 "Ana went out and holds no cards: clear what is entered for them, or tap who really went out.",
                 id="cards-for-who-went-out"),
]


@pytest.mark.parametrize(("went_out", "hands", "points", "sentence"), CONFLICTS)
@pytest.mark.parametrize("step", ["preview", "confirm"])
def test_entries_that_cannot_both_count_are_pointed_out_and_nothing_is_saved(
    table: Table, went_out: str, hands: dict[str, str], points: dict[str, str], sentence: str, step: str
) -> None:
    before = table.state().seq
    response = table.post("/end", {**end_form(table, went_out, hands, points), step: "1"})
    assert response.status_code == 422
    assert sentence in html.unescape(text_of(response))
    assert table.state().seq == before


def test_cards_alone_or_points_alone_still_preview(table: Table) -> None:
    response = table.post("/end", {**end_form(table, "Ana", {"Beto": "K 7", "Caro": "5H"}, {"Dani": "9"}),
                                   "preview": "1"})
    assert response.status_code == 200
    assert "Both cards and points" not in text_of(response)


# ---- the referee screen speaks the game's own words -------------------------------------------------------------


@pytest.mark.parametrize(("variant", "asks"), [("telefunken", True), ("shanghai", False), ("telefunken-bolivia", True)])
def test_the_referee_screen_asks_of_a_pure_trio_only_where_the_game_has_one(
    client: FlaskClient, variant: str, asks: bool
) -> None:
    page = client.get("/referee", query_string={"variant": variant, "deal": "1"}).get_data(as_text=True)
    assert ('data-testid="ctx-pure_trio"' in page) is asks
    assert ("trío" in page) is (variant != "shanghai")  # Shanghai speaks of books and runs only


# ---- the new game: a table of three keeps the form's fourth row -------------------------------------------------


@pytest.mark.parametrize(("names", "players"), [
    pytest.param(["Ana", "Beto", "Carla", ""], ("Ana", "Beto", "Carla"), id="three-of-four-rows"),
    pytest.param(["Ana", "Beto", "Carla", "", ""], ("Ana", "Beto", "Carla"), id="two-blank-rows-at-the-end"),
])
def test_blank_rows_after_the_last_name_are_seats_nobody_sat_in(
    client: FlaskClient, names: list[str], players: tuple[str, ...]
) -> None:
    data = Forms(client.get("/games/new").get_data(as_text=True)).form("/games/new")
    data.update({f"players-{i}": name for i, name in enumerate(names)})
    data.update({"first_dealer": "0", "create": "1"})
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, text_of(response)[-2000:]
    edit = response.headers["Location"].split("/")[2]
    deal = client.get(f"/g/{edit}").get_data(as_text=True)
    assert tuple(re.findall(r'<tr data-player="([^"]+)"', deal)) == players


# ---- a buy the table allowed with no chips left ----------------------------------------------------------------


@pytest.mark.parametrize(("chips", "buys", "shown"), [(0, 1, 0), (0, 2, 0), (1, 1, 0), (1, 2, 0), (2, 1, 1)])
def test_a_buy_the_table_allows_with_no_chips_left_never_shows_fewer_than_0(
    client: FlaskClient, app: Flask, chips: int, buys: int, shown: int
) -> None:
    table = new_game(client, app, hr__telefunken__chips=str(chips))
    for _ in range(buys):
        response = table.act("/buy", player="Caro")
        if response.status_code == 422:  # no chips left: the table allows it
            response = table.post("/buy", Forms(text_of(response)).form("/buy"))
        assert response.status_code == 303
    assert table.state().chips.buys_this_deal["Caro"] == buys
    assert f'data-testid="chips-Caro">{shown}<' in table.get()
    view = re.search(r"/v/([A-Za-z0-9_-]+)", table.get("/share"))
    assert view is not None
    board = client.get(f"/v/{view.group(1)}").get_data(as_text=True)
    assert re.search(rf'data-testid="chips-Caro">{shown}<', board)
    assert "−1" not in board
    assert ">-1<" not in board


# ---- what an exact cut earns, said where it is offered ----------------------------------------------------------


def cut_earns(page: str) -> str:
    found = re.search(r'data-testid="cut-earns">([^<]*)<', page)
    assert found is not None
    return html.unescape(found.group(1))


@pytest.mark.parametrize(("fields", "sentence"), [
    pytest.param({}, "An exact cut earns Dani one more chip.", id="telefunken-a-chip"),
    pytest.param({"hr__telefunken__exact_cut_reward": "minus-25"}, "An exact cut takes 25 points off Dani's total.",
                 id="telefunken-25-off"),
    pytest.param({"variant": "telefunken-peru-carrillo"},
                 "In deal 1 an exact cut earns nothing: there is no deal before whose points it erases.",
                 id="carrillo-deal-1"),
])
def test_the_cut_card_and_its_message_say_what_the_exact_cut_earns_in_deal_1(
    client: FlaskClient, app: Flask, fields: dict[str, str], sentence: str
) -> None:
    table = new_game(client, app, **fields)
    assert cut_earns(table.get()) == sentence
    response = table.act("/cut")
    assert response.status_code == 303
    page = html.unescape(client.get(response.headers["Location"]).get_data(as_text=True))
    assert f"Exact cut by Dani recorded. {sentence}" in page


def test_a_carrillo_exact_cut_in_deal_2_says_whose_points_it_erases(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="telefunken-peru-carrillo")
    assert table.end_deal("Beto", {"Ana": "25", "Caro": "10", "Dani": "5"}).status_code == 303
    # Deal 2: Beto deals, Ana cuts; Ana scored 25 in deal 1.
    assert cut_earns(table.get()) == "An exact cut erases the 25 points Ana scored in deal 1."
    assert table.act("/cut").status_code == 303
    assert table.state().sheet.totals["Ana"] == 0


@pytest.mark.parametrize(("variant", "says"), [("telefunken-peru-carrillo", True), ("telefunken", False)])
def test_the_rules_card_says_an_exact_cut_earns_nothing_in_deal_1_where_so(
    client: FlaskClient, variant: str, says: bool
) -> None:
    page = html.unescape(client.get(f"/rules/{variant}").get_data(as_text=True))
    assert ("In deal 1 an exact cut earns nothing" in page) is says
    assert "An exact cut " in page  # what it earns is always said


# ---- the viewer: who won, and the last deal ---------------------------------------------------------------------


def viewer_page(client: FlaskClient, table: Table) -> str:
    view = re.search(r"/v/([A-Za-z0-9_-]+)", table.get("/share"))
    assert view is not None
    return html.unescape(client.get(f"/v/{view.group(1)}").get_data(as_text=True))


def test_the_viewer_says_the_last_deal_and_who_won(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    assert 'data-testid="last-deal"' not in viewer_page(client, table)  # no deal ended yet
    assert table.end_deal("Beto", {"Ana": "25", "Caro": "10", "Dani": "5"}).status_code == 303
    assert "Last deal (1): Beto went out; Ana 25, Caro 10, Dani 5" in viewer_page(client, table)
    # Six more deals, Beto out in each: Beto has the lowest total when the seventh ends.
    for _ in range(6):
        assert table.end_deal("Beto", {"Ana": "25", "Caro": "10", "Dani": "5"}).status_code == 303
    page = viewer_page(client, table)
    assert re.search(r'data-testid="winner">\s*Beto wins!', page.replace("<bdi>", "").replace("</bdi>", ""))
    assert "Last deal (7): Beto went out; Ana 25, Caro 10, Dani 5" in page


# ---- a phone is asked for its name once -------------------------------------------------------------------------


def answer_name(table: Table, **fields: str) -> Any:
    data = {**Forms(table.get()).form(f"{table.base}/device"), **fields}
    return table.client.post(f"{table.base}/device", data=data)


@pytest.mark.parametrize(("answer", "label"), [
    pytest.param({"label": "Kitchen phone"}, "Kitchen phone", id="named"),
    pytest.param({"label": "", "not_now": "1"}, None, id="not-now"),
])
def test_the_deal_screen_asks_a_phone_its_name_once(table: Table, answer: dict[str, str], label: str | None) -> None:
    assert 'data-testid="name-phone"' in table.get()
    response = answer_name(table, **answer)
    assert response.status_code == 303  # back to the deal
    assert response.headers["Location"].endswith("#deal-head")
    assert 'data-testid="name-phone"' not in table.get()  # asked once: never again
    assert table.act("/buy", player="Beto").status_code == 303
    words = html.unescape(table.get("/sheet"))
    recorded_by = re.search(r'data-testid="recorded-2">[^<]*<span class="muted">(?:<bdi>)?([^<]+)', words)
    assert recorded_by is not None
    assert recorded_by.group(1) == (label or "a phone without a name")


# ---- undo from the deal screen ----------------------------------------------------------------------------------


def test_a_wrong_buy_is_undone_from_its_message_and_the_page_stays_on_the_deal(table: Table) -> None:
    response = table.act("/buy", player="Beto")
    assert response.status_code == 303
    page = html.unescape(table.client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Undo: Deal 1: Beto bought" in page  # beside the buy's own message
    undo = Forms(page).form(f"{table.base}/undo")
    assert undo["from"] == "deal"
    response = table.client.post(f"{table.base}/undo", data=undo)
    assert response.status_code == 303  # the deal screen
    assert response.headers["Location"].endswith(table.base)
    page = html.unescape(table.client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Undone: Deal 1: Beto bought." in page
    assert 'data-testid="undo-here"' not in page  # an undo is not offered to be undone again from here
    assert table.state().chips.buys_this_deal["Beto"] == 0
    # A second tap on the same form (a double tap) undoes nothing more.
    assert table.client.post(f"{table.base}/undo", data=undo).status_code == 303
    assert [e.event.type for e in table.state().history.entries].count("undone") == 1
