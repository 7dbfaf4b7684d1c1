"""Which phone recorded each event: a label the scorekeeper chooses, kept in a cookie, shown on the score sheet."""

from __future__ import annotations

import json

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from referee.games.rummy.ledger import exchange
from referee.ledger import store
from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.web.screens.test_backup import exported, upload


def payloads(app: Flask) -> list[dict[str, object]]:
    with Session(app.extensions["referee.db"]) as session:
        return [json.loads(row.payload) for row in session.exec(select(store.GameEvent).order_by(store.GameEvent.seq))]


def test_each_event_says_which_phone_recorded_it(table: Table, app: Flask) -> None:
    assert table.act("/buy", player="Beto").status_code == 303  # before the phone has a name
    assert table.act("/device", "/sheet", label="Kitchen\x00 phone").status_code == 303
    assert table.act("/buy", player="Caro").status_code == 303
    events = payloads(app)
    assert "device" not in events[1]
    assert events[2]["device"] == "Kitchen phone"
    sheet = table.get("/sheet")
    assert "Deal 1: Caro bought · <span class=\"muted\"><bdi>Kitchen phone</bdi></span>" in sheet
    assert "Deal 1: Beto bought · <span class=\"muted\">a phone without a name</span>" in sheet
    assert 'value="Kitchen phone"' in sheet
    # The label is the ledger's record only: the game's file is what it was, and comes back the same.
    data = exchange.export_game(table.state())
    assert "Kitchen" not in json.dumps(data)
    assert exchange.export_game(exchange.replay_file(data)) == data


def test_a_phone_name_too_long_is_refused_and_a_blank_one_clears_it(table: Table, app: Flask) -> None:
    response = table.act("/device", "/sheet", label="x" * 31)
    assert response.status_code == 303
    assert "at most 30 characters" in text_of(table.client.get(table.base + "/sheet"))
    assert table.act("/device", "/sheet", label="Ana's phone").status_code == 303
    assert table.act("/device", "/sheet", label="  ").status_code == 303
    assert table.act("/buy", player="Beto").status_code == 303
    assert "device" not in payloads(app)[-1]



def games_events(app: Flask) -> list[list[dict[str, object]]]:
    """Every game's events (payloads), game by game in the order they were made."""
    games: dict[int, list[dict[str, object]]] = {}
    with Session(app.extensions["referee.db"]) as session:
        query = select(store.GameEvent).order_by(store.GameEvent.game_id, store.GameEvent.seq)
        for row in session.exec(query):
            games.setdefault(row.game_id, []).append(json.loads(row.payload))
    return list(games.values())


def test_the_phone_that_creates_a_game_is_on_its_first_event(client: FlaskClient, app: Flask) -> None:
    client.set_cookie("referee_device", "Kitchen\x00 phone")
    table = new_game(client, app)
    assert table.act("/buy", player="Beto").status_code == 303
    (created, bought), = games_events(app)
    assert created["type"] == "game-created"
    assert created["device"] == "Kitchen phone"
    assert bought["device"] == "Kitchen phone"
    client.delete_cookie("referee_device")
    new_game(client, app)
    assert "device" not in games_events(app)[-1][0]  # a phone without a name records none


def test_the_phone_that_restores_a_game_is_on_its_first_event_only(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    assert table.act("/buy", player="Beto").status_code == 303
    client.set_cookie("referee_device", "Hall tablet")
    assert upload(client, json.dumps(exported(table)).encode()).status_code == 303
    original, restored = games_events(app)
    assert [event["type"] for event in restored] == ["game-created", "buy"]
    assert restored[0]["device"] == "Hall tablet"
    assert "device" not in restored[1]  # the file names no phone for what was recorded before
    assert "device" not in original[0]
