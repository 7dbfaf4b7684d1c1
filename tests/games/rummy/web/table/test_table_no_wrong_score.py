"""No silent wrong score, through the Flask test client: a stale End-deal form never lands in another deal, a
form sent twice records once, nobody scores 0 by omission. Totals are worked out by hand in each test."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.html_forms import Forms

PLAYERS = ["Ana", "Beto", "Carla", "Dani"]


def table_of(client: FlaskClient, app: Flask) -> Table:
    return new_game(client, app, PLAYERS)


def filled_end_form(table: Table, went_out: str, points: dict[str, str]) -> dict[str, str]:
    """The End-deal form as a phone has it filled in, not sent yet."""
    data = table.form("/end", "/end")
    data["went_out"] = went_out
    for seat, name in enumerate(PLAYERS):
        if name in points:
            data[f"points-{seat}"] = points[name]
    return data


def preview_then_confirm(table: Table, data: dict[str, str]) -> tuple[dict[str, str], dict[str, str], object]:
    """Preview, then confirm: returns the preview post, the confirm post and the confirm's response."""
    preview_post = {**data, "preview": "1"}
    preview = table.post("/end", preview_post)
    assert preview.status_code == 200, text_of(preview)[-1500:]
    confirm_post = {**Forms(text_of(preview)).form("/end"), "confirm": "1"}
    return preview_post, confirm_post, table.post("/end", confirm_post)


# ---- 1.3: nobody scores 0 by omission ------------------------------------------------------------------------


def test_a_blank_hand_is_named_and_confirm_waits(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    data = filled_end_form(table, "Beto", {"Ana": "5", "Dani": "7"})  # Carla left blank
    html = text_of(table.post("/end", {**data, "preview": "1"}))
    assert "Still to enter: <bdi>Carla</bdi>." in html
    assert 'data-testid="missing-Carla"' in html
    assert 'data-testid="confirm"' not in html
    # Confirm sent anyway (the button was there before the entry was cleared): refused, nothing recorded.
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 422
    assert "Still to enter: <bdi>Carla</bdi>." in text_of(response)
    assert table.state().deals_played == 0


def test_a_typed_zero_and_the_no_cards_key_are_entries(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    data = filled_end_form(table, "Beto", {"Ana": "0"})
    # Without JavaScript: Carla's row, then "No cards" gives her 0 on purpose and moves on to Dani.
    html = text_of(table.post("/end", {**data, "select": "2"}))
    html = text_of(table.post("/end", {**Forms(html).form("/end"), "key": "none"}))
    fields = Forms(html).form("/end")
    assert fields["points-2"] == "0"
    assert fields["hands-2"] == ""
    assert fields["active"] == "3"
    html = text_of(table.post("/end", {**fields, "key": "K"}))  # Dani holds a king
    _, _, response = preview_then_confirm(table, Forms(html).form("/end"))
    assert response.status_code == 303  # type: ignore[attr-defined]
    # By hand: Ana 0 (typed), Beto out, Carla 0 (no cards), Dani K = 10.
    assert table.state().sheet.totals == {"Ana": 0, "Beto": 0, "Carla": 0, "Dani": 10}


def test_a_correction_cannot_blank_a_hand_either(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    preview_then_confirm(table, filled_end_form(table, "Beto", {"Ana": "5", "Carla": "6", "Dani": "7"}))
    data = table.form("/deals/1/correct", "/deals/1/correct")
    data["points-2"] = ""
    html = text_of(table.post("/deals/1/correct", {**data, "preview": "1"}))
    assert "Still to enter: <bdi>Carla</bdi>." in html
    assert 'data-testid="confirm"' not in html
    assert table.state().sheet.totals == {"Ana": 5, "Beto": 0, "Carla": 6, "Dani": 7}


# ---- 1.1: a stale End-deal form never lands in another deal ------------------------------------------------


def test_a_second_phones_end_of_the_same_deal_is_shown_not_recorded(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    phone_a = filled_end_form(table, "Ana", {"Beto": "9", "Carla": "9", "Dani": "9"})
    phone_a_preview = text_of(table.post("/end", {**phone_a, "preview": "1"}))  # A sees its preview of deal 1
    # Phone B ends deal 1 first.
    preview_then_confirm(table, filled_end_form(table, "Beto", {"Ana": "5", "Carla": "6", "Dani": "7"}))
    # A confirms: nothing recorded, and A is told in words what B recorded.
    response = table.post("/end", {**Forms(phone_a_preview).form("/end"), "confirm": "1"})
    html = text_of(response)
    assert response.status_code == 409
    assert "Deal 1 was already recorded by another phone: Beto went out; Ana 5, Carla 6, Dani 7." in html
    assert "This phone had entered: Ana went out; Beto 9, Carla 9, Dani 9." in html
    assert "End deal 2" not in html
    assert not [a for a, _ in Forms(html).forms if a.endswith("/end")]
    assert 'href="/g/' + table.token + '/deals/1/correct"' in html
    state = table.state()
    assert state.deals_played == 1
    assert state.deal_number == 2
    assert state.sheet.totals == {"Ana": 5, "Beto": 0, "Carla": 6, "Dani": 7}
    # A's Preview, a keypad key or Back + reload of its form: the same answer, still nothing recorded.
    for extra in ({"preview": "1"}, {"key": "K"}):
        again = table.post("/end", {**phone_a, **extra})
        assert "already recorded by another phone" in text_of(again)
    assert table.state().seq == 2


def test_a_form_for_a_deal_that_was_undone_meanwhile_records_nothing(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    preview_then_confirm(table, filled_end_form(table, "Beto", {"Ana": "5", "Carla": "6", "Dani": "7"}))
    phone_a = filled_end_form(table, "Ana", {"Beto": "1", "Carla": "2", "Dani": "3"})  # End deal 2
    assert table.act("/undo", "/undo").status_code == 303  # phone B undoes the end of deal 1
    response = table.post("/end", {**phone_a, "confirm": "1"}, follow=True)
    assert "Deal 2 is not being played now" in text_of(response)
    state = table.state()
    assert state.deals_played == 0
    assert state.sheet.totals == dict.fromkeys(PLAYERS, 0)


def test_a_form_that_does_not_say_its_deal_records_nothing(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    data = {k: v for k, v in filled_end_form(table, "Beto", {"Ana": "1", "Carla": "2", "Dani": "3"}).items()
            if k != "deal"}
    response = table.post("/end", {**data, "confirm": "1"}, follow=True)
    assert "out of date" in text_of(response)
    assert table.state().seq == 1
    for bad in ("abc", "-1", "99999999", "٣"):
        response = table.post("/end", {**data, "deal": bad, "confirm": "1"}, follow=True)
        assert response.status_code == 200
        assert table.state().seq == 1


# ---- 1.2: Back + reload after Confirm records nothing twice -------------------------------------------------


def test_back_and_reload_after_confirm_records_nothing_twice(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    hands = [("Beto", {"Ana": "5", "Carla": "6", "Dani": "7"}), ("Ana", {"Beto": "10", "Carla": "0", "Dani": "4"}),
             ("Carla", {"Ana": "3", "Beto": "2", "Dani": "1"})]
    last: tuple[dict[str, str], dict[str, str]] | None = None
    for went_out, points in hands:
        preview_post, confirm_post, response = preview_then_confirm(table, filled_end_form(table, went_out, points))
        assert response.status_code == 303  # type: ignore[attr-defined]
        last = (preview_post, confirm_post)
    assert last is not None
    # By hand after three deals: Ana 5+0+3, Beto 0+10+2, Carla 6+0+0, Dani 7+4+1.
    totals = {"Ana": 8, "Beto": 12, "Carla": 6, "Dani": 12}
    assert table.state().sheet.totals == totals
    # Back to deal 3's preview page and "resubmit": the preview post, then its Confirm, arrive again.
    for post in last:
        response = table.post("/end", post)
        html = text_of(response)
        assert response.status_code == 200
        assert ("Deal 3 was already recorded (this form had been sent before): Carla went out; "
                "Ana 3, Beto 2, Dani 1.") in html
        assert "End deal 4" not in html
        assert not [a for a, _ in Forms(html).forms if a.endswith("/end")]
    state = table.state()
    assert state.deals_played == 3
    assert state.deal_number == 4
    assert state.sheet.totals == totals


def test_a_form_sent_again_after_its_deal_was_undone_asks_for_the_deal_again(
    client: FlaskClient, app: Flask
) -> None:
    table = table_of(client, app)
    _, confirm_post, _ = preview_then_confirm(table, filled_end_form(table, "Beto", {"Ana": "5", "Carla": "6",
                                                                                      "Dani": "7"}))
    assert table.act("/undo", "/undo").status_code == 303
    response = table.post("/end", confirm_post, follow=True)
    assert "what it recorded was undone since" in text_of(response)
    assert table.state().deals_played == 0


def test_the_already_recorded_page_is_in_spanish(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    _, confirm_post, _ = preview_then_confirm(table, filled_end_form(table, "Beto", {"Ana": "5", "Carla": "6",
                                                                                      "Dani": "7"}))
    client.set_cookie("lang", "es")
    html = text_of(table.post("/end", confirm_post))
    assert "La mano 1 ya estaba anotada" in html
    assert "Beto salió; Ana 5, Carla 6, Dani 7" in html


# ---- 1.4: Undo goes back step by step; Redo is separate --------------------------------------------------------


def test_undo_twice_takes_back_two_actions_and_redo_brings_them_back(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    assert table.act("/buy", player="Beto").status_code == 303
    assert table.act("/buy", player="Carla").status_code == 303
    assert "Undo: Deal 1: Carla bought" in table.get("/undo")
    assert table.act("/undo", "/undo").status_code == 303
    assert "Undo: Deal 1: Beto bought" in table.get("/undo")
    assert table.act("/undo", "/undo").status_code == 303
    assert table.state().chips.buys_this_deal == dict.fromkeys(PLAYERS, 0)
    assert "There is nothing to undo" in table.get("/undo")
    sheet = table.get("/sheet")
    assert "Redo: Deal 1: Beto bought" in sheet
    assert table.act("/redo", "/sheet").status_code == 303
    assert table.state().chips.buys_this_deal == {"Ana": 0, "Beto": 1, "Carla": 0, "Dani": 0}
    assert "Redone: Deal 1: Beto bought." in table.get("/sheet")


def test_an_undo_is_never_taken_back_by_undo_and_a_stale_redo_does_nothing(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    table.act("/buy", player="Beto")
    table.act("/undo", "/undo")  # seq 3 undoes seq 2
    stale_redo = table.form("/sheet", "/redo")
    undo_form = table.form("", "/buy")
    response = table.post("/undo", {**undo_form, "target": "3"}, follow=True)
    assert "bring the action back with Redo" in text_of(response)
    assert table.state().chips.buys_this_deal["Beto"] == 0
    table.act("/buy", player="Dani")  # a new action: nothing left to redo
    response = table.post("/redo", stale_redo, follow=True)
    assert "Someone else changed the game" in text_of(response)
    for target in ("2", "abc", "99", ""):
        table.post("/redo", {**table.form("", "/buy"), "target": target})
    state = table.state()
    assert state.chips.buys_this_deal == {"Ana": 0, "Beto": 0, "Carla": 0, "Dani": 1}


# ---- 1.6: Rematch keeps today's names ---------------------------------------------------------------------------


def test_rematch_offers_the_names_as_they_are_now(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    rename = table.form("/players", "/players")  # the first row: Ana
    assert table.post("/players", {**rename, "p0-new_name": "Anita"}).status_code == 303
    assert table.act("/abandon", "/sheet", reason="late").status_code == 303
    over = table.get("/over")
    assert f"/games/new?rematch={table.token}" in over
    fields = Forms(text_of(client.get(f"/games/new?rematch={table.token}"))).form(f"/games/new?rematch={table.token}")
    assert [fields[f"players-{i}"] for i in range(4)] == ["Anita", "Beto", "Carla", "Dani"]


# ---- 1.5: seats before play; a blank row in the new game is pointed out -------------------------------------


def seats_form(table: Table) -> dict[str, str]:
    """The seats form of the players page (the last form on the page)."""
    forms = [f for a, f in Forms(table.get("/players")).forms if a.endswith("/players") and "new_player" in f]
    assert forms, "no seats form"
    return forms[0]


def test_seats_move_add_remove_and_choose_the_first_dealer_until_deal_1_ends(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    press = lambda action, **f: table.post("/players", {**seats_form(table), "seat_action": action, **f})  # noqa: E731
    assert press("down:0").status_code == 303  # Ana and Beto swap
    assert table.state().players == ("Beto", "Ana", "Carla", "Dani")
    assert press("add", new_player="  Eva  ").status_code == 303
    assert press("remove:3").status_code == 303  # Dani leaves before play
    assert press("dealer:2").status_code == 303  # Carla deals first
    state = table.state()
    # Turn order Beto → Ana → Carla → Eva: Carla deals, Ana (before her) cuts, Eva plays first.
    assert (state.players, state.seating.dealer, state.seating.cutter, state.seating.first_player) == (
        ("Beto", "Ana", "Carla", "Eva"), "Carla", "Ana", "Eva")
    assert "Turn order: Beto, Ana, Carla, Eva. Carla deals first." in table.get("/players")
    stale = seats_form(table)
    # The deal screen and the sheet follow; deal 1 ends with the new players.
    preview_then_confirm(table, {**table.form("/end", "/end"), "went_out": "Eva", "points-0": "4",
                                 "points-1": "5", "points-2": "6"})
    assert table.state().sheet.totals == {"Beto": 4, "Ana": 5, "Carla": 6, "Eva": 0}
    # After deal 1: no seats form, and a stale one changes nothing, in words.
    assert 'data-testid="seats"' not in table.get("/players")
    response = table.post("/players", {**stale, "seat_action": "down:0"}, follow=True)
    assert "Someone else changed the game" in text_of(response)
    # Sent as if the page were current: the ledger says why.
    current = {**stale, "expected_seq": str(table.state().seq), "idempotency_key": "f" * 32}
    response = table.post("/players", {**current, "seat_action": "down:0"})
    assert response.status_code == 422
    assert "the seats can no longer change" in text_of(response)
    assert table.state().players == ("Beto", "Ana", "Carla", "Eva")


def test_seats_the_ledger_refuses_say_why(client: FlaskClient, app: Flask) -> None:
    table = table_of(client, app)
    assert table.act("/buy", player="Beto").status_code == 303
    response = table.post("/players", {**seats_form(table), "seat_action": "remove:1"})
    assert response.status_code == 422
    assert "Beto has already bought or laid down in deal 1" in text_of(response)
    response = table.post("/players", {**seats_form(table), "seat_action": "add", "new_player": "carla"})
    assert response.status_code == 422
    assert "two players are called carla" in text_of(response)
    # A seat action the page never sends names no seat: the page comes back unchanged (a form the page could
    # not have made has nothing to explain); one too long for the field is refused by the form.
    for action, status in (("up:99", 303), ("sideways:1", 303), ("remove:-1", 303), ("add:3", 303),
                           ("x" * 30, 422), ("dealer:٣", 303)):
        assert table.post("/players", {**seats_form(table), "seat_action": action}).status_code == status, action
    assert table.state().players == tuple(PLAYERS)


@pytest.mark.usefixtures("app")
def test_a_blank_row_in_the_new_game_is_pointed_out(client: FlaskClient) -> None:
    data = Forms(client.get("/games/new").get_data(as_text=True)).form("/games/new")
    data.update({"players-0": "Ana", "players-1": "", "players-2": "Carla", "players-3": "Dani",
                 "first_dealer": "0", "create": "1"})
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    assert "Player 2 has no name: type it, or remove that row." in text_of(response)
    fields = Forms(text_of(response)).form("/games/new")
    assert [fields[f"players-{i}"] for i in range(4)] == ["Ana", "", "Carla", "Dani"]  # nothing dropped
